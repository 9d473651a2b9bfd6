"""Whether a pile card's face shows a figure: the picture of a court card or an ace's ornament, never pips.

Every standard pack prints a number card's rank as that many small pips, and a court card (and many aces) as one
large picture. The corner index of an unseen design can fool the recogniser (a Cyrillic Т ace read as a 7), the
face seldom does: a mark far larger than a pip can be rules the number cards out.

Sizes are in the card's own units: the crop is cut to the card's outline and resized to one size
(`vision.locate.CROP_SIZE`), so a card near or far, on any table, shows the same face.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import cv2
import numpy as np

from vision.inks import INDEX_REGION, INK_CONTRAST

FIGURE = 0.12
"""A mark of more ink than this, in squared card widths, is a figure: a number card's pips must leave room for ten
on its face (each at most about 0.06), so this is more than two pips blurred into one."""
CENTRED = 0.1
"""A figure is centred on the face within this many card widths: packs draw the court picture and the ace point-
symmetric about the card's centre, while the pips of a tight ten that touch each other lie in its top or bottom half."""
EDGE = 0.06
"""The crop's band this wide (in card widths) is not the face: the outline is cut a little beyond the card, and its
edge, its shadow and a hand reaching over it lie there. A mark reaching into it is no print of the card."""
PAPER = ((0.1, 0.9), 80.0)
"""The face's paper: this percentile of lightness over the crop's middle (as fractions of its width and height),
clear of the table around the card."""
PENALTY = 0.05
"""Weight of a number card whose face showed a figure (a factor on its score, like the inks' and the rules')."""
NUMBER_RANKS = frozenset(str(n) for n in range(2, 11))


def face_ink(crop: np.ndarray) -> np.ndarray:
    """The ink printed on an upright card crop's face (a 0/1 mask): darker than its paper by `INK_CONTRAST`, the
    `EDGE` band and the four index corners (which some packs print large) left out."""
    height, width = crop.shape[:2]
    light = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)[..., 0].astype(np.float32) * (100.0 / 255.0)
    (lo, hi), percentile = PAPER
    paper = np.percentile(light[int(lo * height):int(hi * height), int(lo * width):int(hi * width)], percentile)
    ink = (light < paper - INK_CONTRAST).astype(np.uint8)
    edge = edge_px(width)
    ink[:edge], ink[height - edge:], ink[:, :edge], ink[:, width - edge:] = 0, 0, 0, 0
    corner_x, corner_y = int(INDEX_REGION[0][1] * width), int(INDEX_REGION[1][1] * width)
    for rows in (slice(0, corner_y), slice(height - corner_y, height)):
        for cols in (slice(0, corner_x), slice(width - corner_x, width)):
            ink[rows, cols] = 0
    return ink


def edge_px(width: int) -> int:
    """The `EDGE` band's width in pixels of a crop `width` wide."""
    return int(round(EDGE * width))


def shows_figure(crop: np.ndarray, ink: np.ndarray | None = None) -> bool:
    """Whether an upright card crop shows a mark of ink larger than `FIGURE`, centred on its face and lying wholly on
    it (`face_ink`; `ink`: that mask, when the caller made it already)."""
    height, width = crop.shape[:2]
    edge = edge_px(width)
    count, _, stats, _ = cv2.connectedComponentsWithStats(face_ink(crop) if ink is None else ink, connectivity=8)
    if count < 2:
        return False
    x, y, w, h, area = stats[1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))]
    inside = x > edge and y > edge and x + w < width - edge and y + h < height - edge
    off_centre = np.hypot(x + w / 2 - width / 2, y + h / 2 - height / 2) / width
    return bool(inside and off_centre <= CENTRED and area >= FIGURE * width * width)


def figure_weights(figures: Sequence[bool], cards: Iterable[str]) -> dict[str, float]:
    """`PENALTY` for each number card among `cards` when most frames read showed a figure (`shows_figure`), else
    nothing: one frame can catch a shadow or a sleeve, the same card in most frames is the card."""
    if 2 * sum(figures) <= len(figures):
        return {}
    return {card: PENALTY for card in cards if card[:-1] in NUMBER_RANKS}
