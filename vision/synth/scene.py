"""Compose one synthetic table scene and its labels, in memory.

`scene(rng_seed, design, kind, size)` draws everything from one seeded generator:
camera, table surface, card layout, card faces warped through card→table→image
homographies (each card drawn only inside its own bounding box, with a soft drop
shadow), chips, then the webcam effects. Labels come from the same geometry.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from vision.synth.camera import Camera, make_camera
from vision.synth.card_ids import card_codes
from vision.synth.decks import DeckDesign, get_design, load_back, load_face
from vision.synth.effects import camera_effects
from vision.synth.indices import french_face, index_regions
from vision.synth.labels import Placed, scene_labels, visible_fraction
from vision.synth.layouts import KINDS, CardPlacement, ChipPlacement, Layout, make_layout
from vision.synth.restyle import restyled_face
from vision.synth.surfaces import make_surface

__all__ = ["KINDS", "scene", "render_scene"]

_LAYOUT_TRIES = 8


def _card_homography(camera: Camera, placement: CardPlacement, face_w: int, face_h: int) -> np.ndarray:
    """Face pixels → image pixels for a card lying at `placement`."""
    scale = placement.width / face_w
    c, s = np.cos(placement.angle), np.sin(placement.angle)
    to_table = np.array([[c * scale, -s * scale, 0.0], [s * scale, c * scale, 0.0], [0.0, 0.0, 1.0]])
    to_table[:2, 2] = np.array(placement.centre) - to_table[:2, :2] @ np.array([face_w / 2, face_h / 2])
    return camera.homography @ to_table


def _project(homography: np.ndarray, points: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), homography).reshape(-1, 2)


def _roi(points: np.ndarray, size: tuple[int, int], pad: int) -> tuple[int, int, int, int] | None:
    width, height = size
    x0, y0 = np.floor(points.min(axis=0)).astype(int) - pad
    x1, y1 = np.ceil(points.max(axis=0)).astype(int) + pad
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(width, x1), min(height, y1)
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


def _drop_shadow(canvas: np.ndarray, quad: np.ndarray, size_px: float, rng: np.random.Generator,
                 light: np.ndarray) -> None:
    """Darken what lies under a card, offset away from the light, softly (blurred at 1/4 scale)."""
    offset = light * size_px * rng.uniform(0.01, 0.04)
    sigma = max(0.8, size_px * rng.uniform(0.01, 0.03))
    strength = rng.uniform(0.25, 0.5)
    pad = int(3 * sigma + np.abs(offset).max() + 2)
    shifted = quad + offset
    box = _roi(np.vstack([quad, shifted]), (canvas.shape[1], canvas.shape[0]), pad)
    if box is None:
        return
    x0, y0, x1, y1 = box
    small = np.zeros((max(1, (y1 - y0) // 4), max(1, (x1 - x0) // 4)), np.float32)
    points = np.round((shifted - (x0, y0)) / 4 * 16).astype(np.int32)
    cv2.fillConvexPoly(small, points, 1.0, cv2.LINE_AA, 4)
    small = cv2.GaussianBlur(small, (0, 0), max(0.5, sigma / 4))
    mask = cv2.resize(small, (x1 - x0, y1 - y0), interpolation=cv2.INTER_LINEAR)
    canvas[y0:y1, x0:x1] *= (1.0 - strength * mask)[:, :, None]


def _paste(canvas: np.ndarray, face: np.ndarray, homography: np.ndarray) -> None:
    """Warp a BGRA face into the float canvas inside the card's bounding box only."""
    h, w = face.shape[:2]
    quad = _project(homography, np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64))
    box = _roi(quad, (canvas.shape[1], canvas.shape[0]), 2)
    if box is None:
        return
    x0, y0, x1, y1 = box
    shift = np.array([[1.0, 0.0, -x0], [0.0, 1.0, -y0], [0.0, 0.0, 1.0]])
    warped = cv2.warpPerspective(face, shift @ homography, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    alpha = warped[:, :, 3:4].astype(np.float32) / 255.0
    region = canvas[y0:y1, x0:x1]
    region *= 1.0 - alpha
    region += warped[:, :, :3].astype(np.float32) * alpha


def _chip_polygon(camera: Camera, chip: ChipPlacement, sides: int = 24) -> np.ndarray:
    angles = np.linspace(0, 2 * np.pi, sides, endpoint=False)
    ring = np.stack([np.cos(angles), np.sin(angles)], axis=1) * chip.radius + np.array(chip.centre)
    return camera.to_image(ring)


def _draw_chip(canvas: np.ndarray, polygon: np.ndarray, colour: tuple[int, int, int]) -> None:
    points = np.round(polygon * 16).astype(np.int32)
    cv2.fillConvexPoly(canvas, points, tuple(float(c) for c in colour), cv2.LINE_AA, 4)
    inner = polygon.mean(axis=0) + (polygon - polygon.mean(axis=0)) * 0.7
    rim = tuple(float(min(255, c * 0.8 + 40)) for c in colour)
    cv2.polylines(canvas, [np.round(inner * 16).astype(np.int32)], True, rim, 2, cv2.LINE_AA, 4)


@lru_cache(maxsize=8)
def _generic_back(variant: int, height: int, width: int) -> np.ndarray:
    """A plain patterned back (blue, red or green) for designs without one."""
    from vision.synth.faces import CORNER_RADIUS, rounded_rect_mask

    colour = np.array([(150, 40, 30), (40, 40, 160), (40, 110, 40)][variant], np.float32)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    pattern = 0.8 + 0.2 * (np.sin((xs + ys) * 0.3) * np.sin((xs - ys) * 0.3) > 0)
    back = np.full((height, width, 4), 255, np.uint8)
    margin = max(2, width // 16)
    back[margin:-margin, margin:-margin, :3] = (colour * pattern[margin:-margin, margin:-margin, None]).astype(np.uint8)
    back[:, :, 3] = rounded_rect_mask(height, width, CORNER_RADIUS * width)
    back.setflags(write=False)
    return back


_BUCKET = 16  # px: drawn heights are rounded up to this, so resized faces can be reused


@lru_cache(maxsize=512)
def _sized_face(design: DeckDesign, card: str, french: bool, height: int, style: int | None = None,
                letters: str | None = None) -> np.ndarray:
    """The face of `card` downsampled (area filter: no aliasing) to `height` px, cached."""
    if style is not None:
        face = restyled_face(design, card, style, french, letters)
    else:
        face = french_face(design, card) if french else load_face(design, card)
    if height >= face.shape[0]:
        return face
    width = max(1, round(face.shape[1] * height / face.shape[0]))
    small = cv2.resize(face, (width, height), interpolation=cv2.INTER_AREA)
    small.setflags(write=False)
    return small


def _face_at(design: DeckDesign, card: str | None, french: bool, back: np.ndarray, drawn_h: float,
             style: int | None = None, letters: str | None = None) -> np.ndarray:
    """A face (or the back) at about 1.3× the height it is drawn at."""
    height = int(np.ceil(drawn_h * 1.3 / _BUCKET) * _BUCKET)
    if card is not None:
        return _sized_face(design, card, french, max(_BUCKET, height), style, letters)
    if height >= back.shape[0]:
        return back
    return cv2.resize(back, (max(1, round(back.shape[1] * height / back.shape[0])), height),
                      interpolation=cv2.INTER_AREA)


def _layout_fits(layout: Layout, camera: Camera, aspect: float, size: tuple[int, int]) -> bool:
    """Cards that must be fully visible (a pile's top card) lie wholly inside the image."""
    width, height = size
    for i in layout.keep_clear:
        p = layout.cards[i]
        h = _card_homography(camera, p, 1000, int(1000 * aspect))
        quad = _project(h, np.array([[0, 0], [1000, 0], [1000, 1000 * aspect], [0, 1000 * aspect]]))
        if quad.min() < 1 or (quad[:, 0] > width - 1).any() or (quad[:, 1] > height - 1).any():
            return False
    return True


def render_scene(rng_seed: int, design: DeckDesign, kind: str, size: tuple[int, int] = (1280, 720),
                 french_indices: bool = False, index_style: int | None = None, index_letters: str | None = None
                 ) -> tuple[np.ndarray, list[dict[str, Any]]]:
    """(BGR uint8 image, card label dicts) for one scene; `index_style` repaints the corner indices
    (see vision.synth.restyle), with the rank letters `index_letters` (a name in `indices.INDEX_LETTERS`)."""
    if kind not in KINDS:
        raise ValueError(f"unknown scene kind {kind!r}; choose from {', '.join(KINDS)}")
    width, height = size
    rng = np.random.default_rng(rng_seed)
    camera = make_camera(rng, size)
    sample = load_face(design, "AS")
    aspect = sample.shape[0] / sample.shape[1]
    layout = make_layout(rng, camera, kind, card_codes(), aspect)
    for _ in range(_LAYOUT_TRIES):
        if _layout_fits(layout, camera, aspect, size):
            break
        layout = make_layout(rng, camera, kind, card_codes(), aspect)

    canvas = _table(rng, camera).astype(np.float32)
    back = load_back(design)
    if back is None or rng.random() < 0.3:
        back = _generic_back(int(rng.integers(3)), sample.shape[0], sample.shape[1])
    light = rng.normal(0.0, 1.0, 2)
    light /= max(1e-6, np.linalg.norm(light))
    regions = index_regions(design)
    placed: list[Placed] = []
    fh, fw = sample.shape[:2]
    for placement in layout.cards:
        homography_full = _card_homography(camera, placement, fw, fh)
        quad = _project(homography_full, np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float64))
        drawn_h = float(max(np.linalg.norm(quad[3] - quad[0]), np.linalg.norm(quad[2] - quad[1])))
        face = _face_at(design, placement.card, french_indices, back, drawn_h, index_style, index_letters)
        scale_back = np.diag([fw / face.shape[1], fh / face.shape[0], 1.0])
        _drop_shadow(canvas, quad, drawn_h, rng, light)
        _paste(canvas, face, homography_full @ scale_back)
        indices = tuple(_project(homography_full, np.array(region) * (fw, fh)) for region in regions)
        placed.append(Placed(quad, placement.card, quad if placement.card else None,
                             indices if placement.card else ()))
    keep_clear = [placed[i].polygon for i in layout.keep_clear]
    for chip in layout.chips:
        polygon = _chip_polygon(camera, chip)
        if any(visible_fraction(polygon, [k], size) < 1.0 for k in keep_clear):
            continue
        _drop_shadow(canvas, polygon, 2 * chip.radius * camera.scale_at(np.array(chip.centre)), rng, light)
        _draw_chip(canvas, polygon, chip.colour)
        placed.append(Placed(polygon))
    image = camera_effects(rng, canvas)
    return image, scene_labels(placed, size)


def _table(rng: np.random.Generator, camera: Camera) -> np.ndarray:
    """The table texture seen through the camera (made at about 1/3 resolution on the table plane)."""
    width, height = camera.size
    corners = camera.to_table(np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float64))
    x0, y0 = corners.min(axis=0)
    x1, y1 = corners.max(axis=0)
    scale = 0.35 * min(1.0, 2.5 * max(width, height) / max(x1 - x0, y1 - y0))
    tw, th = max(8, int((x1 - x0) * scale)), max(8, int((y1 - y0) * scale))
    texture = make_surface(rng, th, tw)
    to_table = np.array([[1 / scale, 0.0, x0], [0.0, 1 / scale, y0], [0.0, 0.0, 1.0]])
    return cv2.warpPerspective(texture, camera.homography @ to_table, (width, height), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REFLECT)


def scene(rng_seed: int, design: DeckDesign | str, kind: str = "mixed", size: tuple[int, int] = (1280, 720),
          french_indices: bool = False, index_style: int | None = None, index_letters: str | None = None
          ) -> tuple[np.ndarray, dict[str, Any]]:
    """One scene in memory: (BGR uint8 image, label dict as written to labels/<id>.json, "image" = None)."""
    deck = get_design(design) if isinstance(design, str) else design
    image, cards = render_scene(rng_seed, deck, kind, size, french_indices, index_style, index_letters)
    labels = {"image": None, "size": [size[0], size[1]], "design": deck.name, "french_indices": bool(french_indices),
              "kind": kind, "seed": int(rng_seed), "cards": cards}
    if index_style is not None:
        labels["index_style"] = int(index_style)
        if index_letters:
            labels["index_letters"] = index_letters
    return image, labels
