"""Repaint a design's corner indices in another type style: new rank glyphs and suit pips.

The recogniser reads corner indices, and a family's deck differs from the training designs
mostly there: the rank's typeface, the suit pip's shape, their weight and spacing. Thirty-odd
training designs are few such styles. A restyled face keeps the design's art, paper and ink
colours but blanks its index box and draws a new index in it: the rank in one of the system's
TrueType faces (or an OpenCV Hershey font when none is installed) and a suit pip from a font
that has ♠♣♥♦ or drawn from circles and polygons with random proportions. Labels stay right,
because the new index fills the same box. Styles are numbered and made from a fixed seed, so
a scene names its style by number and is reproducible on a machine with the same fonts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.synth.indices import FRENCH_LETTERS, INDEX_LETTERS, IndexLayout, ink_colour, to_corner

if TYPE_CHECKING:
    from vision.synth.decks import DeckDesign

STYLE_COUNT = 48
FONT_DIRS = (Path("/usr/share/fonts/truetype"), Path("/usr/share/fonts/opentype"))
SUIT_CHARS = {"S": "\u2660", "C": "\u2663", "H": "\u2665", "D": "\u2666"}
_HERSHEY = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
            cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN)
_SKIP_FONTS = ("math",)  # symbol faces whose digits and letters are not a deck's
_SUPERSAMPLE = 4


@dataclass(frozen=True)
class IndexStyle:
    """How a restyled index looks. Fonts are file paths; None means the built-in fallback."""

    rank_font: str | None
    hershey: int
    suit_font: str | None
    rank_share: float  # the rank's share of the index box height (the suit takes the rest, less the gap)
    gap: float  # space between rank and suit, as a share of the box height
    rank_width: float  # rank glyph width over its natural width
    suit_width: float  # suit pip width over its height
    weight: float  # stroke growth (+) or thinning (-) in px per 40 px of glyph height
    concave_diamond: bool  # drawn diamonds: sides curve inwards


def _font_files() -> list[str]:
    files = sorted(str(p) for d in FONT_DIRS if d.is_dir() for p in d.rglob("*")
                   if p.suffix.lower() in (".ttf", ".otf"))
    return [f for f in files if not any(s in Path(f).name.lower() for s in _SKIP_FONTS)]


@lru_cache(maxsize=64)
def _font(path: str, size: int):  # noqa: ANN202 - PIL's font type
    from PIL import ImageFont

    return ImageFont.truetype(path, size)


def _has_suits(path: str) -> bool:
    """The font draws ♠♣♥♦ as four different glyphs (a missing glyph draws the same box for each)."""
    font = _font(path, 48)
    masks = [np.asarray(font.getmask(ch), np.uint8).tobytes() for ch in SUIT_CHARS.values()]
    return all(masks) and len(set(masks)) == 4


@lru_cache(maxsize=1)
def index_styles() -> tuple[IndexStyle, ...]:
    """The numbered styles (the same list on machines with the same fonts installed)."""
    fonts = _font_files()
    suit_fonts = [f for f in fonts if _has_suits(f)]
    rng = np.random.default_rng(20261122)
    styles = []
    for k in range(STYLE_COUNT):
        rank_font = fonts[int(rng.integers(len(fonts)))] if fonts else None
        drawn = not suit_fonts or rng.random() < 0.5
        suit_font = None if drawn else suit_fonts[int(rng.integers(len(suit_fonts)))]
        styles.append(IndexStyle(rank_font, _HERSHEY[k % len(_HERSHEY)], suit_font,
                                 rank_share=float(rng.uniform(0.42, 0.6)), gap=float(rng.uniform(0.02, 0.1)),
                                 rank_width=float(rng.uniform(0.75, 1.15)), suit_width=float(rng.uniform(0.7, 1.05)),
                                 weight=float(rng.uniform(-0.8, 2.0)), concave_diamond=bool(rng.random() < 0.4)))
    return tuple(styles)


@lru_cache(maxsize=512)
def _draws(font_path: str | None, text: str) -> bool:
    """Whether the rank font has a glyph of its own for each character of `text` (Hershey fonts: ASCII only; a
    TrueType face without the glyph draws its "missing" box, the same as for a private-use character)."""
    if font_path is None:
        return text.isascii()
    font = _font(font_path, 48)
    missing = np.asarray(font.getmask("\ue000"), np.uint8).tobytes()
    return all(np.asarray(font.getmask(ch), np.uint8).tobytes() != missing for ch in text)


def _trim(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask > 16)
    if not len(ys):
        return mask
    return mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def _text_mask(text: str, height: int, style: IndexStyle, font_path: str | None) -> np.ndarray:
    """A tight anti-aliased mask of `text` at its natural width, drawn about `height` px tall (supersampled)."""
    big = height * _SUPERSAMPLE
    if font_path is not None:
        from PIL import Image, ImageDraw

        font = _font(font_path, max(8, int(big * 1.3)))
        left, top, right, bottom = font.getbbox(text)
        canvas = Image.new("L", (right - left + 8, bottom - top + 8), 0)
        ImageDraw.Draw(canvas).text((4 - left, 4 - top), text, font=font, fill=255)
        mask = np.asarray(canvas, np.uint8)
    else:
        thickness = max(1, int(round(big * 0.11)))
        (tw, th), base = cv2.getTextSize(text, style.hershey, big / 22.0, thickness)
        mask = np.zeros((th + base + 2 * thickness, tw + 2 * thickness), np.uint8)
        cv2.putText(mask, text, (thickness, th + thickness), style.hershey, big / 22.0, 255, thickness, cv2.LINE_AA)
    mask = _trim(mask)
    return _weighted(mask, style.weight * big / 40.0)


def _weighted(mask: np.ndarray, grow_px: float) -> np.ndarray:
    """Thicken (grow_px > 0) or thin the strokes of a supersampled mask."""
    radius = int(round(abs(grow_px)))
    if radius < 1:
        return mask
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
    padded = cv2.copyMakeBorder(mask, radius, radius, radius, radius, cv2.BORDER_CONSTANT, value=0)
    changed = cv2.dilate(padded, kernel) if grow_px > 0 else cv2.erode(padded, kernel)
    return _trim(changed) if changed.any() else mask


def _diamond(cx: float, top: float, w: float, h: float, concave: bool) -> list[tuple[float, float]]:
    """A diamond's outline; concave sides bend a quarter of the way toward the centre."""
    apexes = [(cx, top), (cx + w / 2, top + h / 2), (cx, top + h), (cx - w / 2, top + h / 2)]
    if not concave:
        return apexes
    centre = np.array([cx, top + h / 2])
    outline = []
    for a, b in zip(apexes, apexes[1:] + apexes[:1]):
        a_, b_ = np.array(a), np.array(b)
        control = (a_ + b_) / 2 + 0.25 * (centre - (a_ + b_) / 2)
        for t in np.linspace(0.0, 1.0, 8, endpoint=False):
            point = (1 - t) ** 2 * a_ + 2 * (1 - t) * t * control + t * t * b_
            outline.append((float(point[0]), float(point[1])))
    return outline


def _drawn_suit(suit: str, height: int, style: IndexStyle) -> np.ndarray:
    """A suit pip made of circles and polygons, `height` px tall at supersampled resolution."""
    h = height * _SUPERSAMPLE
    w = max(4, int(round(h * style.suit_width)))
    mask = np.zeros((h + 4, w + 4), np.uint8)
    cx = (w + 4) / 2.0

    shift = 4  # OpenCV draws at 1/16 px: coordinates in fixed point
    one = 1 << shift

    def pts(points: list[tuple[float, float]]) -> np.ndarray:
        return np.round(np.array(points) * one).astype(np.int32)

    def disc(x: float, y: float, radius: float) -> None:
        cv2.circle(mask, (int(x * one), int(y * one)), int(radius * one), 255, -1, cv2.LINE_AA, shift)

    if suit == "D":
        poly = _diamond(cx, 2.0, w, h, style.concave_diamond)
        cv2.fillPoly(mask, [pts(poly)], 255, cv2.LINE_AA, shift)
        return _trim(mask)
    body = h * (0.78 if suit in "SC" else 1.0)  # spades and clubs keep room for the stem
    r = w * 0.27
    if suit in "HS":
        lobe_y = r + 2
        lobes = [(cx - w / 2 + r, lobe_y), (cx + w / 2 - r, lobe_y)]
        for x, y in lobes:
            disc(x, y, r)
        poly = [(cx - w / 2 + 0.3, lobe_y + r * 0.15), (cx, 2 + body), (cx + w / 2 - 0.3, lobe_y + r * 0.15),
                (cx, lobe_y)]
        cv2.fillPoly(mask, [pts(poly)], 255, cv2.LINE_AA, shift)
        if suit == "S":
            mask = cv2.flip(mask[: int(2 + body) + 2], 0)
            mask = np.vstack([mask, np.zeros((h + 4 - mask.shape[0], mask.shape[1]), np.uint8)])
    else:
        rc = w * 0.24
        for x, y in ((cx, 2 + rc), (cx - w / 2 + rc, 2 + body - rc * 1.4), (cx + w / 2 - rc, 2 + body - rc * 1.4)):
            disc(x, y, rc)
        disc(cx, 2 + body - rc * 1.4, rc * 0.8)
    if suit in "SC":
        stem_top = 2 + body * 0.6
        stem = [(cx - w * 0.05, stem_top), (cx + w * 0.05, stem_top), (cx + w * 0.2, 2 + h), (cx - w * 0.2, 2 + h)]
        cv2.fillPoly(mask, [pts(stem)], 255, cv2.LINE_AA, shift)
    return _trim(mask)


def _suit_mask(suit: str, height: int, style: IndexStyle) -> np.ndarray:
    if style.suit_font is None:
        mask = _drawn_suit(suit, height, style)
    else:
        mask = _text_mask(SUIT_CHARS[suit], height, style, style.suit_font)
        width = max(1, int(round(mask.shape[1] * style.suit_width)))
        mask = cv2.resize(mask, (width, mask.shape[0]), interpolation=cv2.INTER_AREA)
    return mask


def _fit(mask: np.ndarray, height: int, max_width: int, stretch: float = 1.0) -> np.ndarray:
    """Resize a supersampled mask to `height` px, keeping its aspect times `stretch`, no wider than `max_width`."""
    width = int(round(mask.shape[1] * height / max(1, mask.shape[0]) * stretch))
    width = max(1, min(max_width, width))
    return cv2.resize(mask, (width, max(1, height)), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0


def _paint(region: np.ndarray, mask: np.ndarray, x: int, y: int, ink: np.ndarray) -> None:
    h, w = mask.shape
    target = region[y:y + h, x:x + w]
    mask = mask[: target.shape[0], : target.shape[1], None]
    target[:] = (target * (1 - mask) + ink * mask).astype(np.uint8)


def _paper_and_ink(turned: np.ndarray, box_px: tuple[int, int, int, int],
                   rank_px: tuple[int, int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The paper colour around the index box and the ink colour of the original rank glyph."""
    x0, y0, x1, y1 = box_px
    ring = np.concatenate([turned[max(0, y0 - 3):y0, x0:x1, :3].reshape(-1, 3),
                           turned[y1:y1 + 3, x0:x1, :3].reshape(-1, 3),
                           turned[y0:y1, x1:x1 + 3, :3].reshape(-1, 3)])
    paper = np.median(ring, axis=0) if len(ring) else np.full(3, 255.0)
    rx0, ry0, rx1, ry1 = rank_px
    return paper, ink_colour(turned[ry0:ry1, rx0:rx1, :3], paper)


def restyle(face: np.ndarray, card: str, layout: IndexLayout, style: IndexStyle, french: bool = False,
            letters: str | None = None) -> np.ndarray:
    """Copy of a face whose corner indices are drawn anew in `style` (J/Q/K as V/D/R when `french`; the rank
    letters of `letters`, a name in `INDEX_LETTERS`, when given and the style's font has them)."""
    rank, suit = card[:-1], card[-1]
    alphabet = INDEX_LETTERS[letters] if letters else FRENCH_LETTERS if french else {}
    text = alphabet.get(rank, rank)
    if not _draws(style.rank_font, text):
        text = rank
    out = face.copy()
    h, w = face.shape[:2]
    bx0, by0, bx1, by1 = layout.box
    box_px = (max(0, int(bx0 * w)), max(0, int(by0 * h)), min(w, int(np.ceil(bx1 * w))), min(h, int(np.ceil(by1 * h))))
    rb = layout.rank_boxes.get(card, layout.box)
    rank_px = (int(rb[0] * w), int(rb[1] * h), int(np.ceil(rb[2] * w)), int(np.ceil(rb[3] * h)))
    x0, y0, x1, y1 = box_px
    box_w, box_h = x1 - x0, y1 - y0
    if box_w < 4 or box_h < 6:
        return out
    inner_w = max(2, int(box_w * 0.92))
    rank_h = max(3, int(box_h * style.rank_share))
    suit_h = max(3, int(box_h * (1.0 - style.rank_share - style.gap) * 0.92))
    rank_mask = _fit(_text_mask(text, rank_h, style, style.rank_font), rank_h, inner_w, style.rank_width)
    suit_mask = _fit(_suit_mask(suit, suit_h, style), suit_h, inner_w)
    for corner in layout.corners:
        turned = to_corner(out, corner).copy()
        paper, ink = _paper_and_ink(turned, box_px, rank_px)
        region = turned[y0:y1, x0:x1, :3]
        region[:] = paper.astype(np.uint8)
        centre = box_w // 2
        _paint(region, rank_mask, max(0, centre - rank_mask.shape[1] // 2), max(0, int(box_h * 0.02)), ink)
        suit_y = min(box_h - suit_mask.shape[0], int(box_h * 0.02) + rank_h + int(box_h * style.gap))
        _paint(region, suit_mask, max(0, centre - suit_mask.shape[1] // 2), max(0, suit_y), ink)
        out = to_corner(turned, corner)
    return out


@lru_cache(maxsize=256)
def restyled_face(design: "DeckDesign", card: str, style: int, french: bool = False,
                  letters: str | None = None) -> np.ndarray:
    """The cached face of `card` with its indices in style number `style` (read-only)."""
    from vision.synth.decks import load_face

    styles = index_styles()
    face = restyle(load_face(design, card), card, design.layout, styles[style % len(styles)], french, letters)
    face.setflags(write=False)
    return face
