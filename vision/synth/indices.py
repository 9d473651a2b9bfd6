"""Where a design's corner indices are, found from its rendered faces; French R/D/V indices.

Labels come from geometry, so each design needs the box of its corner index (rank glyph
plus the small suit under it) in normalised card coordinates. It is measured on the art:
in each corner (turned so that it is the top-left one), the small ink blob nearest the
corner is the rank glyph and a blob just under (or beside) it the suit. A corner holds an
index when this is found on almost every card *and* the glyph changes with the rank
(decorative corner flourishes do not). The box over all cards, slightly padded, is the
design's index box. The French-index variant repaints the J/Q/K rank glyph as V/D/R.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from vision.synth.card_ids import RANKS, SUITS
from vision.synth.screen import paper_colour

if TYPE_CHECKING:
    from vision.synth.decks import DeckDesign

Box = tuple[float, float, float, float]  # x0, y0, x1, y1, normalised
Quad = list[list[float]]  # 4 × [x, y], clockwise from the top-left

CORNERS = ("tl", "tr", "br", "bl")
FRENCH_LETTERS = {"J": "V", "Q": "D", "K": "R"}  # valet, dame, roi
# Rank letters of other countries' decks, for restyled indices (vision.synth.restyle). Dutch decks are left out:
# their V is the queen (vrouw), the French V the jack.
INDEX_LETTERS: dict[str, dict[str, str]] = {
    "french": FRENCH_LETTERS,
    "german": {"J": "B", "Q": "D"},                               # Bube, Dame, König
    "russian": {"A": "\u0422", "J": "\u0412", "Q": "\u0414", "K": "\u041a"},  # Т туз, В валет, Д дама, К король
    "swedish": {"A": "E", "J": "Kn", "Q": "D"},                   # ess, knekt, dam, kung
}
FOREIGN_LETTERS = ("german", "russian", "swedish")
_FOUND_SHARE = 0.7  # a corner holds an index when found on this share of the cards (courts may hide it)
INK_DISTANCE = 60  # a pixel this far from the paper colour (max over channels) is ink
_MAX_GLYPH_SIMILARITY = 0.8  # mean IoU of rank glyphs across ranks above this: not an index


@dataclass(frozen=True)
class IndexLayout:
    """A design's corner indices, in the frame where each corner is turned to be the top-left one."""

    corners: tuple[str, ...]
    box: Box
    rank_boxes: dict[str, Box]  # per card, the rank glyph (for repainting J/Q/K)

    def to_dict(self) -> dict[str, Any]:
        return {"corners": list(self.corners), "box": list(self.box),
                "rank_boxes": {k: list(v) for k, v in self.rank_boxes.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "IndexLayout":
        return cls(tuple(data["corners"]), tuple(data["box"]),  # type: ignore[arg-type]
                   {k: tuple(v) for k, v in data["rank_boxes"].items()})  # type: ignore[misc]


def to_corner(image: np.ndarray, corner: str) -> np.ndarray:
    """Flip/rotate a face so that `corner` becomes its top-left corner (self-inverse)."""
    return {"tl": image, "tr": cv2.flip(image, 1), "br": cv2.flip(image, -1), "bl": cv2.flip(image, 0)}[corner]


def box_at_corner(box: Box, corner: str) -> Box:
    """A box given in the turned (top-left) frame, expressed in the face's own frame."""
    x0, y0, x1, y1 = box
    if corner in ("tr", "br"):
        x0, x1 = 1.0 - x1, 1.0 - x0
    if corner in ("br", "bl"):
        y0, y1 = 1.0 - y1, 1.0 - y0
    return x0, y0, x1, y1


def box_quad(box: Box) -> Quad:
    x0, y0, x1, y1 = box
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def index_regions(design: "DeckDesign") -> list[Quad]:
    """The design's corner index boxes (2, or 4 on designs indexed in every corner), normalised."""
    return [box_quad(box_at_corner(design.layout.box, corner)) for corner in design.layout.corners]


def _paper_distance(face: np.ndarray, paper: np.ndarray) -> np.ndarray:
    return np.abs(face[:, :, :3].astype(np.int16) - paper.astype(np.int16)).max(axis=2)


def printed_border(face: np.ndarray, paper: np.ndarray) -> int:
    """Width in px of a line printed along the card's edge (0 if none), measured mid-edge."""
    h, w = face.shape[:2]
    ink = (_paper_distance(face, paper) > 60) | (face[:, :, 3] < 250)
    middle_rows, middle_cols = ink[int(0.4 * h):int(0.6 * h)], ink[:, int(0.4 * w):int(0.6 * w)].T
    edges = (middle_rows[:, : w // 8], middle_rows[:, ::-1][:, : w // 8],
             middle_cols[:, : h // 8], middle_cols[:, ::-1][:, : h // 8])
    # A printed border runs along every edge; a court picture reaching one edge is not a border.
    return int(min(float(np.median(np.argmin(edge, axis=1))) for edge in edges))


def glyph_ink(face: np.ndarray, paper: np.ndarray | None = None, margin: int | None = None) -> np.ndarray:
    """Pixels that differ from the paper colour, inside the card and its printed border (uint8 0/1)."""
    w = face.shape[1]
    paper = paper_colour(face) if paper is None else paper
    margin = max(2, int(w * 0.01)) if margin is None else margin
    interior = cv2.erode((face[:, :, 3] > 250).astype(np.uint8), np.ones((3, 3), np.uint8),
                         iterations=margin, borderType=cv2.BORDER_CONSTANT, borderValue=0)
    return ((_paper_distance(face, paper) > 60) & (interior > 0)).astype(np.uint8)


def ink_settings(face: np.ndarray) -> tuple[np.ndarray, int]:
    """(paper colour, edge margin clear of any printed border) of one face."""
    paper = paper_colour(face)
    return paper, max(2, int(face.shape[1] * 0.01), printed_border(face, paper) + 2)


def corner_ink(face: np.ndarray, settings: tuple[np.ndarray, int]) -> np.ndarray:
    """glyph_ink of the top-left 40 % × 40 % window only (cheap)."""
    h, w = face.shape[:2]
    wy, wx = int(0.4 * h), int(0.4 * w)
    return glyph_ink(face[: wy + 20, : wx + 20], *settings)[:wy, :wx]


def _with_pieces(glyph: tuple[int, int, int, int], blobs: list[tuple[int, int, int, int]]
                 ) -> tuple[int, int, int, int]:
    """The glyph box grown over small detached pieces of the same glyph (a serif, a bar, a dot)
    that touch its box or lie just above or beside it (never below: that is the suit)."""
    gx, gy, gw, gh = glyph
    margin = 0.15 * gh
    for bx, by, bw, bh in blobs:
        if (bx, by, bw, bh) == glyph or bh > gh or by + bh > gy + gh + 0.05 * gh:
            continue
        if bx <= gx + gw + margin and bx + bw >= gx - margin and by <= gy + gh and by + bh >= gy - margin:
            x0, y0 = min(gx, bx), min(gy, by)
            gx, gy, gw, gh = x0, y0, max(gx + gw, bx + bw) - x0, max(gy + gh, by + bh) - y0
    return gx, gy, gw, gh


def _second_character(rank: tuple[int, int, int, int], blobs: list[tuple[int, int, int, int]]
                      ) -> tuple[int, int, int, int]:
    """The rank box grown over a second glyph just right of it and as tall (the "0" of a 10)."""
    rx, ry, rw, rh = rank
    for bx, by, bw, bh in blobs:
        overlap = min(ry + rh, by + bh) - max(ry, by)
        if (rw <= 0.6 * rh and bw <= 0.9 * bh  # a narrow "1", then a glyph taller than wide
                and 0 <= bx - (rx + rw) <= 0.2 * rh and overlap >= 0.6 * min(rh, bh) and 0.75 <= rh / bh <= 1.33):
            x0, y0 = min(rx, bx), min(ry, by)
            return x0, y0, max(rx + rw, bx + bw) - x0, max(ry + rh, by + bh) - y0
    return rank


def _touching_index(blobs: list[tuple[int, int, int, int]], h: int, w: int) -> tuple[Box, Box] | None:
    """Rank and suit printed touching each other (blurry bitmap decks): one tall narrow blob."""
    tall = [b for b in blobs if b[0] < 0.16 * w and b[1] < 0.14 * h and 0.2 * h < b[3] <= 0.36 * h
            and b[2] <= 0.6 * b[3]]
    if not tall:
        return None
    x, y, bw, bh = min(tall, key=lambda b: (b[0] / w) + (b[1] / h))
    return (x / w, y / h, (x + bw) / w, (y + 0.5 * bh) / h), (x / w, y / h, (x + bw) / w, (y + bh) / h)


def _corner_index(face: np.ndarray, settings: tuple[np.ndarray, int]) -> tuple[Box, Box] | None:
    """(rank glyph box, whole index box) in the top-left corner, normalised, or None."""
    h, w = face.shape[:2]
    ink = corner_ink(face, settings)
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    parts = [tuple(int(v) for v in stats[i][:4]) for i in range(1, count)
             if stats[i][4] >= 0.00004 * h * w and stats[i][0] > 0 and stats[i][1] > 0]
    blobs = [b for b in parts if b[2] <= 0.25 * w and b[3] <= 0.3 * h and b[2] * b[3] >= 0.0001 * h * w]
    near = [b for b in blobs if b[0] < 0.16 * w and b[1] < 0.14 * h and 0.03 * h <= b[3] <= 0.2 * h]
    if not near:
        return _touching_index(blobs, h, w)
    first = _with_pieces(min(near, key=lambda b: (b[0] / w) + (b[1] / h)), blobs)
    rank = _second_character(first, [b for b in blobs if b is not first])
    rx, ry, rw, rh = rank
    blobs = [b for b in blobs if b is not first and not (b[0] >= rx and b[0] + b[2] <= rx + rw
                                                        and b[1] >= ry and b[1] + b[3] <= ry + rh)]
    below = [b for b in blobs if ry + rh - 0.02 * h <= b[1] <= ry + rh + max(0.06 * h, 0.6 * rh)
             and b[0] < rx + rw + 0.03 * w and b[0] + b[2] > rx - 0.03 * w]
    beside = [b for b in blobs if rx + rw - 0.01 * w <= b[0] <= rx + rw + 0.05 * w
              and b[1] < ry + rh and b[1] + b[3] > ry and b[3] < 1.5 * rh + 0.02 * h]
    suits = below or beside
    if not suits:
        return None
    sx, sy, sw, sh = min(suits, key=lambda b: abs(b[1] - (ry + rh)) + abs(b[0] - rx))
    sh = min(sh, int(1.3 * rh))  # a suit with a long ornament attached (egyptians): keep its head
    x0, y0 = min(rx, sx), min(ry, sy)
    x1, y1 = max(rx + rw, sx + sw), max(ry + rh, sy + sh)
    return (rx / w, ry / h, (rx + rw) / w, (ry + rh) / h), (x0 / w, y0 / h, x1 / w, y1 / h)


def _glyph_similarity(faces: dict[str, np.ndarray], corner: str, found: dict[str, tuple[Box, Box]],
                      settings: dict[str, tuple[np.ndarray, int]]) -> float:
    """Mean IoU between rank glyphs of different ranks of one suit (≈1: a fixed flourish)."""
    scores = []
    for suit in SUITS:
        masks = []
        for rank in RANKS:
            card = rank + suit
            if card not in found:
                continue
            face = to_corner(faces[card], corner)
            h, w = face.shape[:2]
            x0, y0, x1, y1 = found[card][0]
            crop = corner_ink(face, settings[card])[int(y0 * h):int(np.ceil(y1 * h)), int(x0 * w):int(np.ceil(x1 * w))]
            if crop.size:
                masks.append(cv2.resize(crop * 255, (16, 24), interpolation=cv2.INTER_AREA) > 127)
        for i in range(len(masks)):
            for j in range(i + 1, len(masks)):
                union = np.count_nonzero(masks[i] | masks[j])
                scores.append(np.count_nonzero(masks[i] & masks[j]) / union if union else 1.0)
    return float(np.mean(scores)) if scores else 1.0


def _symmetric_index(face: np.ndarray, box: Box, corners: tuple[str, ...]) -> bool:
    """The index box holds the same thing in another corner (an index the blob search missed, e.g.
    touching a court picture), unlike a full-length court picture with no index. The other corner
    is compared turned (a point-symmetric card) and as it is (indices printed upright in all corners)."""
    grey = cv2.cvtColor(np.ascontiguousarray(face[:, :, :3]), cv2.COLOR_BGR2GRAY)
    h, w = grey.shape
    x0, y0, x1, y1 = int(box[0] * w), int(box[1] * h), int(np.ceil(box[2] * w)), int(np.ceil(box[3] * h))
    template = grey[y0:y1, x0:x1]
    if template.size == 0 or template.std() < 1:
        return False
    pad = max(3, w // 60)
    best = -1.0
    for other in ("br", "tr", "bl"):
        for turned in (True, False):
            image = to_corner(grey, other) if turned else grey
            bx0, by0, bx1, by1 = (x0, y0, x1, y1) if turned else (
                int(box_at_corner(box, other)[0] * w), int(box_at_corner(box, other)[1] * h),
                int(np.ceil(box_at_corner(box, other)[2] * w)), int(np.ceil(box_at_corner(box, other)[3] * h)))
            region = image[max(0, by0 - pad):by1 + pad, max(0, bx0 - pad):bx1 + pad]
            if region.shape[0] < template.shape[0] or region.shape[1] < template.shape[1]:
                continue
            best = max(best, float(cv2.matchTemplate(region, template, cv2.TM_CCOEFF_NORMED).max()))
    return best > 0.6


def find_index_layout(faces: dict[str, np.ndarray]) -> tuple[IndexLayout | None, str]:
    """The design's index layout from its 52 faces, or (None, why not)."""
    per_corner: dict[str, dict[str, tuple[Box, Box]]] = {}
    settings = {card: ink_settings(face) for card, face in faces.items()}
    # Court pictures can reach every edge: take the printed border the design's faces mostly show.
    margin = int(np.median([m for _, m in settings.values()]))
    settings = {card: (paper, margin) for card, (paper, _) in settings.items()}
    for corner in CORNERS:
        found = {}
        for card, face in faces.items():
            result = _corner_index(to_corner(face, corner), settings[card])
            if result is not None:
                found[card] = result
        if (len(found) >= _FOUND_SHARE * len(faces)
                and _glyph_similarity(faces, corner, found, settings) <= _MAX_GLYPH_SIMILARITY):
            per_corner[corner] = found
    corners = tuple(c for c in CORNERS if c in per_corner)
    if not corners:
        return None, "no corner indices: no rank glyph and suit found in the card corners"
    if not ({"tl", "br"} <= set(corners) or {"tr", "bl"} <= set(corners)):
        return None, f"corner index in only one corner of a diagonal ({', '.join(corners)})"
    if len(corners) == 3:
        corners = ("tl", "br") if {"tl", "br"} <= set(corners) else ("tr", "bl")
    # Court pictures touch their index on some designs; pip cards give a cleaner box when enough are found.
    pips = [v[1] for c in corners for card, v in per_corner[c].items() if card[:-1] not in FRENCH_LETTERS]
    boxes = np.array(pips if len(pips) >= 30 * len(corners) else
                     [v[1] for c in corners for v in per_corner[c].values()])
    x0, y0 = np.percentile(boxes[:, 0], 5), np.percentile(boxes[:, 1], 5)
    x1, y1 = np.percentile(boxes[:, 2], 95), np.percentile(boxes[:, 3], 95)
    pad_x, pad_y = 0.12 * (x1 - x0) + 0.006, 0.08 * (y1 - y0) + 0.004
    box = (max(0.0, x0 - pad_x), max(0.0, y0 - pad_y), x1 + pad_x, y1 + pad_y)
    lacking = [card for card in faces if not any(card in per_corner[c] for c in corners)
               and not _symmetric_index(faces[card], box, corners)]
    if lacking:
        return None, "faces without corner indices: " + ", ".join(lacking)
    primary = per_corner[corners[0]]
    digits = np.array([primary[c][0] for c in primary if c[:-1] in "23456789"])
    fallback = tuple(float(v) for v in np.median(digits, axis=0)) if len(digits) else None
    rank_boxes = {}
    for card in (rank + suit for rank in FRENCH_LETTERS for suit in SUITS):
        found = primary[card][0] if card in primary else None
        if found is not None and fallback is not None and (
                found[2] - found[0] > 1.6 * (fallback[2] - fallback[0]) + 0.02
                or found[3] - found[1] > 1.4 * (fallback[3] - fallback[1]) + 0.02):
            found = None  # the glyph merged with the court picture: do not paint over the picture
        if found is not None:
            rank_boxes[card] = found
        elif fallback is not None:  # use where the other ranks' glyphs sit
            rank_boxes[card] = fallback
    return IndexLayout(corners, tuple(float(v) for v in box), rank_boxes), "ok"  # type: ignore[arg-type]


def _letter_mask(letter: str, height: int, width: int, font: int) -> np.ndarray:
    """Anti-aliased mask of `letter` filling a height×width box (Hershey fonts: built into OpenCV)."""
    scale = 4
    thickness = max(1, int(round(height * scale * 0.11)))
    (tw, th), base = cv2.getTextSize(letter, font, 1.0, thickness)
    font_scale = (height * scale - thickness) / max(1, th)
    (tw, th), base = cv2.getTextSize(letter, font, font_scale, thickness)
    canvas = np.zeros((th + base + 2 * thickness, tw + 2 * thickness), np.uint8)
    cv2.putText(canvas, letter, (thickness, th + thickness), font, font_scale, 255, thickness, cv2.LINE_AA)
    ys, xs = np.nonzero(canvas)
    canvas = canvas[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    return cv2.resize(canvas, (max(1, width), max(1, height)), interpolation=cv2.INTER_AREA)


def ink_colour(pixels: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """The median colour of the pixels far from the paper colour (a glyph's ink); black when none is."""
    distance = np.abs(pixels.astype(np.int16) - paper.astype(np.int16)).max(axis=-1)
    inked = distance > INK_DISTANCE
    return np.median(pixels[inked], axis=0) if np.count_nonzero(inked) else np.zeros(3)


def frenchify(face: np.ndarray, card: str, layout: IndexLayout, font: int = cv2.FONT_HERSHEY_TRIPLEX) -> np.ndarray:
    """Copy of a J/Q/K face whose corner rank glyphs read V/D/R; other cards are returned as they are."""
    rank = card[:-1]
    if rank not in FRENCH_LETTERS or card not in layout.rank_boxes:
        return face.copy()
    out = face.copy()
    h, w = face.shape[:2]
    for corner in layout.corners:
        turned = to_corner(out, corner).copy()
        x0, y0, x1, y1 = layout.rank_boxes[card]
        grow_x, grow_y = 0.15 * (x1 - x0) * w + 1, 0.06 * (y1 - y0) * h + 1  # cover anti-aliased glyph edges
        px0, py0 = max(0, int(x0 * w - grow_x)), max(0, int(y0 * h - grow_y))
        px1, py1 = min(w, int(np.ceil(x1 * w + grow_x))), min(h, int(np.ceil(y1 * h + grow_y)))
        patch = turned[py0:py1, px0:px1, :3]
        ring = np.concatenate([turned[max(0, py0 - 2):py0, px0:px1, :3].reshape(-1, 3),
                               turned[py0:py1, max(0, px0 - 2):px0, :3].reshape(-1, 3),
                               turned[py0:py1, px1:px1 + 2, :3].reshape(-1, 3)])
        paper = np.median(ring, axis=0) if len(ring) else np.array([255, 255, 255])
        ink = ink_colour(patch, paper)
        height, width = py1 - py0 - 2, px1 - px0 - 2
        letter = FRENCH_LETTERS[rank]
        glyph_w = min(width + 2, max(1, int(round(height * (0.8 if letter != "D" else 0.78)))))
        mask = _letter_mask(letter, height, glyph_w, font).astype(np.float32)[:, :, None] / 255.0
        patch[:] = paper.astype(np.uint8)
        gx = 1 + max(0, (width - glyph_w) // 2)
        region = patch[1:1 + height, gx:gx + glyph_w]
        mask = mask[:, : region.shape[1]]
        region[:] = (region * (1 - mask) + ink * mask).astype(np.uint8)
        out = to_corner(turned, corner)
    return out


@lru_cache(maxsize=64)
def french_face(design: "DeckDesign", card: str) -> np.ndarray:
    """The cached face of `card` with French J/Q/K indices (read-only)."""
    from vision.synth.decks import load_face

    font = (cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX)[
        sum(map(ord, design.name)) % 3]
    face = frenchify(load_face(design, card), card, design.layout, font)
    face.setflags(write=False)
    return face
