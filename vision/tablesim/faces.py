"""Card faces for the simulator: the installed Debian deck art through `vision.synth.decks`.

A design name may carry the variants `vision.synth` draws for the recogniser: "NAME:french" (J/Q/K read V/D/R),
"NAME:styleN" (indices repainted in restyle's style N) and "NAME:styleN:LETTERS" (with another country's rank
letters, e.g. german or russian), so a deck whose indices differ from the installed art can be filmed.

`plain_face` draws a simple face with OpenCV (rank and suit in two corners); it is used only when the deck
art cannot be rendered on this machine (no `vision.synth`), so the pipeline can still be exercised.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

CARD_ASPECT = 88.0 / 63.0
RED = (40, 40, 200)
BLACK = (30, 30, 30)


def _suit_shape(img: np.ndarray, suit: str, cx: float, cy: float, size: float, colour: tuple[int, int, int]) -> None:
    s = size / 2
    if suit == "D":
        pts = np.array([[cx, cy - s], [cx + s * 0.7, cy], [cx, cy + s], [cx - s * 0.7, cy]])
        cv2.fillPoly(img, [np.round(pts).astype(np.int32)], colour, cv2.LINE_AA)
        return
    r = s * 0.5
    if suit == "H":
        cv2.circle(img, (int(cx - r * 0.9), int(cy - r * 0.4)), int(r), colour, -1, cv2.LINE_AA)
        cv2.circle(img, (int(cx + r * 0.9), int(cy - r * 0.4)), int(r), colour, -1, cv2.LINE_AA)
        pts = np.array([[cx - s * 0.95, cy - r * 0.1], [cx + s * 0.95, cy - r * 0.1], [cx, cy + s]])
        cv2.fillPoly(img, [np.round(pts).astype(np.int32)], colour, cv2.LINE_AA)
        return
    if suit == "S":
        # An arrowhead with a stem: unmistakable from the trefoil even when small and soft.
        pts = np.array([[cx, cy - s], [cx + s * 0.85, cy + s * 0.45], [cx, cy + s * 0.15],
                        [cx - s * 0.85, cy + s * 0.45]])
        cv2.fillPoly(img, [np.round(pts).astype(np.int32)], colour, cv2.LINE_AA)
        stem = np.array([[cx - s * 0.12, cy], [cx + s * 0.12, cy], [cx + s * 0.12, cy + s], [cx - s * 0.12, cy + s]])
        cv2.fillPoly(img, [np.round(stem).astype(np.int32)], colour, cv2.LINE_AA)
        return
    for dx, dy in ((0, -0.5), (-0.55, 0.3), (0.55, 0.3)):
        cv2.circle(img, (int(cx + dx * s), int(cy + dy * s)), int(r * 0.85), colour, -1, cv2.LINE_AA)


def plain_face(card: str, height_px: int) -> np.ndarray:
    """A BGRA face, the same both ways up: rank and suit in two corners, and large in the middle."""
    h = int(height_px)
    w = int(round(h / CARD_ASPECT))
    img = np.full((h, w, 3), 250, np.uint8)
    rank, suit = card[:-1], card[-1]
    colour = RED if suit in "HD" else BLACK
    scale = h / 260.0
    for flip in (False, True):
        layer = np.full_like(img, 250)
        cv2.putText(layer, rank, (int(w * 0.04), int(h * 0.15)), cv2.FONT_HERSHEY_DUPLEX,
                    scale * (1.0 if len(rank) > 1 else 1.3), colour, max(1, int(round(2.5 * scale))), cv2.LINE_AA)
        _suit_shape(layer, suit, w * 0.15, h * 0.245, h * 0.11, colour)
        # The middle repeats the rank large, with the suit beside it (a plain stand-in for pips and court art).
        cv2.putText(layer, rank, (int(w * (0.2 if len(rank) > 1 else 0.3)), int(h * 0.42)), cv2.FONT_HERSHEY_TRIPLEX,
                    scale * 1.9, colour, max(1, int(round(3 * scale))), cv2.LINE_AA)
        _suit_shape(layer, suit, w * 0.76, h * 0.33, h * 0.13, colour)
        if flip:
            layer = cv2.rotate(layer, cv2.ROTATE_180)
        img = np.minimum(img, layer)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (140, 140, 140), max(1, int(scale)), cv2.LINE_AA)
    alpha = np.full((h, w, 1), 255, np.uint8)
    return np.concatenate([img, alpha], axis=2)


def synth_available() -> bool:
    try:
        from vision.synth import decks  # noqa: F401
    except ImportError:
        return False
    return True


@dataclass(frozen=True)
class DeckVariant:
    """A design name parsed: the installed art, and how its corner indices are redrawn."""

    design: str
    french: bool = False
    style: int | None = None
    letters: str | None = None


def deck_variant(name: str) -> DeckVariant:
    """Parse "NAME[:french][:styleN[:LETTERS]]"; ValueError names what is wrong."""
    design, *parts = name.split(":")
    french, style, letters = False, None, None
    for part in parts:
        if part == "french":
            french = True
        elif part.startswith("style") and part[5:].isdigit():
            style = int(part[5:])
        elif style is not None and letters is None:
            from vision.synth.indices import INDEX_LETTERS

            if part not in INDEX_LETTERS:
                raise ValueError(f"{name}: unknown index letters {part!r} (known: {', '.join(INDEX_LETTERS)})")
            letters = part
        else:
            raise ValueError(f"{name}: {part!r} is not a variant (french, styleN, styleN:LETTERS)")
    variant = DeckVariant(design, french, style, letters)
    if design == "plain" and variant != DeckVariant("plain"):
        raise ValueError(f"{name}: the plain face has no variants")
    return variant


def _at_height(picture: np.ndarray, height_px: int) -> np.ndarray:
    """`picture` resized to `height_px` tall, as `vision.synth.decks.render_face` sizes the faces it renders."""
    width = max(1, round(picture.shape[1] * height_px / picture.shape[0]))
    return cv2.resize(picture, (width, height_px),
                      interpolation=cv2.INTER_AREA if height_px < picture.shape[0] else cv2.INTER_CUBIC)


@lru_cache(maxsize=512)
def face(design: str, card: str, height_px: int) -> np.ndarray:
    """BGRA face of `card` in `design` ("plain" for the OpenCV drawing; variants as `deck_variant` parses)."""
    variant = deck_variant(design)
    if variant.design == "plain":
        return plain_face(card, height_px)
    from vision.synth import decks

    art = decks.get_design(variant.design)
    if variant.style is None:
        return decks.render_face(art, card, height_px, french_indices=variant.french)
    from vision.synth.restyle import restyled_face

    return _at_height(restyled_face(art, card, variant.style, variant.french, variant.letters), height_px)


def default_designs(held_out: bool = False) -> list[str]:
    """Designs to film: the recogniser's held-out designs for benchmarks, training ones for the demo."""
    if not synth_available():
        return ["plain"]
    from vision.synth import decks

    names = decks.held_out_designs() if held_out else decks.train_designs()
    return names or ["plain"]
