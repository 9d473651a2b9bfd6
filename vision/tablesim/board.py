"""Drawing a widened table on the canvas: the table top, a traditional board tray, chips (loose and stacked).

The board is a raised tray with five recessed boxes; each box floor shows its honour card from the deal's own
deck art, and the chips lie on those pictures (white chips on a white card included).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth.surfaces import make_surface
from vision.tablesim.camera import PlaneView
from vision.tablesim.faces import face
from vision.tablesim.layout import Box, tray_outline
from vision.tablesim.look import BGR, Look, TrayStyle


@dataclass(frozen=True)
class Chip:
    x: float
    y: float
    colour: BGR
    d: float
    level: int
    """0 on the floor, n on top of n chips."""


def _px(view: PlaneView, poly: np.ndarray) -> np.ndarray:
    return np.round(view.to_view(poly)).astype(np.int32)


def blit(canvas: np.ndarray, bgra: np.ndarray, quad: np.ndarray, clip: np.ndarray | None = None) -> None:
    """Warp a BGRA picture onto `quad` (canvas pixels, TL TR BR BL), alpha-blended, only where `clip` is set."""
    h, w = bgra.shape[:2]
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int) - 1, 0)
    x1, y1 = np.minimum(np.ceil(quad.max(axis=0)).astype(int) + 2, (canvas.shape[1], canvas.shape[0]))
    if x1 <= x0 or y1 <= y0:
        return
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(src, (quad - (x0, y0)).astype(np.float32))
    warped = cv2.warpPerspective(bgra, m, (int(x1 - x0), int(y1 - y0)), flags=cv2.INTER_AREA,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    a = warped[:, :, 3].astype(np.float32) / 255.0
    if clip is not None:
        a *= clip[y0:y1, x0:x1].astype(np.float32) / 255.0
    region = canvas[y0:y1, x0:x1].astype(np.float32)
    region = region * (1 - a[:, :, None]) + warped[:, :, :3].astype(np.float32) * a[:, :, None]
    canvas[y0:y1, x0:x1] = np.clip(region, 0, 255).astype(np.uint8)


def soft_shadow(canvas: np.ndarray, polys: list[np.ndarray], offset: tuple[int, int], blur: float,
                strength: float) -> None:
    """Darken the canvas under polygons (canvas pixels) shifted by `offset`, with a blurred edge."""
    pts = np.vstack(polys)
    pad = int(3 * blur) + 2
    x0, y0 = np.maximum(pts.min(axis=0) + np.minimum(offset, 0) - pad, 0)
    x1, y1 = np.minimum(pts.max(axis=0) + np.maximum(offset, 0) + pad, (canvas.shape[1], canvas.shape[0]))
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((int(y1 - y0), int(x1 - x0)), np.float32)
    for p in polys:
        cv2.fillPoly(mask, [(p + np.array(offset) - (x0, y0)).astype(np.int32)], 1.0, cv2.LINE_AA)
    mask = cv2.GaussianBlur(mask, (0, 0), blur)
    region = canvas[y0:y1, x0:x1].astype(np.float32) * (1 - strength * mask[:, :, None])
    canvas[y0:y1, x0:x1] = np.clip(region, 0, 255).astype(np.uint8)


def table_top(look: Look, size: tuple[int, int]) -> np.ndarray:
    """The table texture over the whole canvas."""
    w, h = size
    rng = np.random.default_rng(look.seed + 5)
    if look.table == "plain":
        grain = cv2.resize(rng.normal(0, 3, (h // 8 + 1, w // 8 + 1)).astype(np.float32), (w, h))
        return np.clip(np.array(look.table_colour, np.float32) + grain[:, :, None], 0, 255).astype(np.uint8)
    kind = look.table if look.table != "cloth" else ("cloth", "checked")[int(rng.integers(2))]
    return make_surface(rng, h, w, kind)


def _wood_tint(canvas: np.ndarray, mask: np.ndarray, colour: BGR, rng: np.random.Generator) -> None:
    """Fine grain over a painted board (lacquer over wood)."""
    h, w = mask.shape
    grain = cv2.resize(rng.random((3, max(8, w // 3)), dtype=np.float32), (w, h)) * 0.25 + 0.85
    painted = np.array(colour, np.float32)[None, None, :] * grain[:, :, None]
    sel = mask > 0
    canvas[sel] = np.clip(painted[sel], 0, 255).astype(np.uint8)


def draw_tray(canvas: np.ndarray, view: PlaneView, boxes: dict[str, Box], style: TrayStyle, design: str,
              margin: float, seed: int) -> None:
    """The board (`margin` wider than its boxes): a shadow, the body and rim, then each box with its honour."""
    s = view.scale
    body = _px(view, tray_outline(boxes, margin))
    soft_shadow(canvas, [body], (int(0.012 * s), int(0.016 * s)), 0.008 * s, 0.45)
    mask = np.zeros(canvas.shape[:2], np.uint8)
    cv2.fillPoly(mask, [body], 255, cv2.LINE_AA)
    if style.wood:
        _wood_tint(canvas, mask, style.body, np.random.default_rng(seed))
    else:
        cv2.fillPoly(canvas, [body], style.body, cv2.LINE_AA)
    cv2.polylines(canvas, [body], True, style.rim, max(2, int(0.012 * s)), cv2.LINE_AA)
    highlight = tuple(min(255, int(c * 1.25) + 20) for c in style.body)
    inner = _px(view, tray_outline(boxes, margin * 0.6))
    cv2.polylines(canvas, [inner], True, highlight, max(1, int(0.003 * s)), cv2.LINE_AA)
    for box in boxes.values():
        draw_box(canvas, view, box, style, design)


def picture_quad(box: Box) -> np.ndarray:
    """Corners (TL TR BR BL, mat units) of the honour's picture on a box floor."""
    card_h = box.size * (1.0 if box.shape == "card" else 0.92)
    card_w = card_h * 63.0 / 88.0
    return np.array([box.to_plane(u * card_w / 2, v * card_h / 2) for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1))])


def draw_box(canvas: np.ndarray, view: PlaneView, box: Box, style: TrayStyle, design: str) -> None:
    """A recessed box: a dark wall band around the floor, the floor, and the honour's picture on it."""
    s = view.scale
    wall = _px(view, box.outline(0.012))
    cv2.fillPoly(canvas, [wall], tuple(int(c * 0.45) for c in style.rim), cv2.LINE_AA)
    floor = _px(view, box.outline())
    cv2.fillPoly(canvas, [floor], style.floor, cv2.LINE_AA)
    clip = np.zeros(canvas.shape[:2], np.uint8)
    cv2.fillPoly(clip, [floor], 255, cv2.LINE_AA)
    quad = picture_quad(box)
    picture = face(design, box.name, max(16, int(round(np.linalg.norm(quad[3] - quad[0]) * s))))
    blit(canvas, picture, view.to_view(quad), clip)
    # The wall's shadow on the floor, on the side away from the light (top left).
    shade = np.zeros(canvas.shape[:2], np.uint8)
    off = int(0.008 * s)
    cv2.fillPoly(shade, [floor], 255)
    cv2.fillPoly(shade, [floor + off], 0)
    ys, xs = np.nonzero(shade)
    if len(ys):
        canvas[ys, xs] = (canvas[ys, xs].astype(np.float32) * 0.7).astype(np.uint8)


def scatter_chips(box: Box, n: int, look: Look, rng: random.Random) -> list[Chip]:
    """`n` chips on a box floor: loose, overlapping, and some stacked on others."""
    sizes = {c: look.chip_d * rng.uniform(0.8, 1.2) for c in look.chip_colours}
    chips: list[Chip] = []
    for _ in range(n):
        colour = rng.choice(look.chip_colours)
        d = sizes[colour]
        under = [c for c in chips if c.level < 4 and abs(c.d - d) < 0.3 * d]
        if under and rng.random() < look.stack_rate:
            base = rng.choice(under)
            dx, dy = rng.uniform(-0.12, 0.12) * d, rng.uniform(-0.12, 0.12) * d
            if box.contains((base.x + dx, base.y + dy), d / 2):
                chips.append(Chip(base.x + dx, base.y + dy, colour, d, base.level + 1))
                continue
        for _try in range(60):
            x, y = box.to_plane(rng.uniform(-1, 1) * box.half[0], rng.uniform(-1, 1) * box.half[1])
            if box.contains((x, y), d / 2) and all(math.hypot(x - c.x, y - c.y) >= 0.55 * d for c in chips):
                break
        else:
            x, y = box.centre
        chips.append(Chip(x, y, colour, d, 0))
    return chips


def loose_chips(centre: tuple[float, float], n: int, look: Look, rng: random.Random) -> list[Chip]:
    """A player's own chips in front of them: a small heap, some stacked."""
    chips: list[Chip] = []
    for _ in range(n):
        colour = rng.choice(look.chip_colours)
        d = look.chip_d
        if chips and rng.random() < 0.5:
            base = rng.choice(chips)
            chips.append(Chip(base.x + rng.uniform(-0.1, 0.1) * d, base.y + rng.uniform(-0.1, 0.1) * d, colour, d,
                              base.level + 1))
        else:
            chips.append(Chip(centre[0] + rng.uniform(-2, 2) * d, centre[1] + rng.uniform(-2, 2) * d, colour, d, 0))
    return chips


def draw_chips(canvas: np.ndarray, view: PlaneView, chips: list[Chip]) -> None:
    """Chips from the floor up: a shadow, the edge, the face and its inlaid ring."""
    for chip in sorted(chips, key=lambda c: c.level):
        lift = chip.level * 0.0035
        cx, cy = view.to_view(np.array([[chip.x - lift, chip.y - lift]]))[0]
        c = (int(round(cx)), int(round(cy)))
        r = max(2, int(round(chip.d / 2 * view.scale)))
        dark = tuple(int(v * 0.6) for v in chip.colour)
        cv2.circle(canvas, (c[0] + max(1, r // 6), c[1] + max(1, r // 5)), r, (60, 60, 60), -1, cv2.LINE_AA)
        cv2.circle(canvas, c, r, dark, -1, cv2.LINE_AA)
        cv2.circle(canvas, c, int(r * 0.86), chip.colour, -1, cv2.LINE_AA)
        ring = tuple(int(v * 0.8) for v in chip.colour) if sum(chip.colour) > 500 else \
            tuple(min(255, int(v * 1.2) + 40) for v in chip.colour)
        cv2.circle(canvas, c, int(r * 0.55), ring, max(1, r // 8), cv2.LINE_AA)
