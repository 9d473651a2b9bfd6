"""Is a design French-suited? Compare its centre pips with drawn spade/heart/diamond/club shapes.

German (hearts, bells, leaves, acorns) and Swiss (roses, bells, shields, acorns) decks
reuse the same element ids as French decks, so the ids cannot tell them apart; the
pips can. The centre pip of the 3, 5 and 9 of each suit is cut out, its silhouette
stretched to a square and compared (IoU) with reference French suit shapes drawn here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

SCREEN_CARDS: tuple[str, ...] = tuple(r + s for s in "SHDC" for r in ("3", "5", "9"))
MIN_IOU = 0.62  # hearts and diamonds
MIN_IOU_BLACK = 0.55  # spades and clubs (blobby, cross-like and thin designs exist)
_SIDE = 64


@dataclass(frozen=True)
class Verdict:
    ok: bool
    reason: str


def _disc(img: np.ndarray, cx: float, cy: float, r: float) -> None:
    cv2.circle(img, (int(cx * 8), int(cy * 8)), int(r * 8), 255, cv2.FILLED, lineType=cv2.LINE_8, shift=3)


def _poly(img: np.ndarray, points: list[tuple[float, float]]) -> None:
    cv2.fillPoly(img, [np.round(np.array(points) * 8).astype(np.int32)], 255, lineType=cv2.LINE_8, shift=3)


def _fit(img: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(img)
    crop = img[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    return (cv2.resize(crop, (_SIDE, _SIDE), interpolation=cv2.INTER_AREA) > 127).astype(np.uint8)


@lru_cache(maxsize=1)
def reference_shapes() -> dict[str, np.ndarray]:
    """Binary SIDE×SIDE silhouettes of the four French suit symbols (and "O", a disc), stretched to their box."""
    n = 200
    heart = np.zeros((n, n), np.uint8)
    _disc(heart, 56, 62, 46)
    _disc(heart, 144, 62, 46)
    _poly(heart, [(14, 82), (186, 82), (100, 196)])
    _poly(heart, [(56, 60), (144, 60), (100, 150)])
    spade = np.zeros((n, n), np.uint8)
    _disc(spade, 54, 112, 46)
    _disc(spade, 146, 112, 46)
    _poly(spade, [(10, 100), (190, 100), (100, 0)])
    _poly(spade, [(54, 116), (146, 116), (100, 70)])
    _poly(spade, [(100, 110), (78, 200), (122, 200)])
    diamond = np.zeros((n, n), np.uint8)
    _poly(diamond, [(100, 2), (172, 100), (100, 198), (28, 100)])
    club = np.zeros((n, n), np.uint8)
    _disc(club, 100, 44, 42)
    _disc(club, 46, 118, 42)
    _disc(club, 154, 118, 42)
    _poly(club, [(100, 100), (80, 200), (120, 200)])
    _poly(club, [(84, 70), (116, 70), (120, 130), (80, 130)])
    disc = np.zeros((n, n), np.uint8)
    _disc(disc, 100, 100, 99)
    return {"S": _fit(spade), "H": _fit(heart), "D": _fit(diamond), "C": _fit(club), "O": _fit(disc)}


def paper_colour(face: np.ndarray) -> np.ndarray:
    """The card's most common colour (paper, for nearly all designs; the dark ground of dark decks).

    A band along the edge would be fooled by thick printed borders, so the mode of coarsely
    quantised colours over the whole face is taken, then refined to the mean of that bin.
    """
    opaque = face[:, :, 3] > 250
    pixels = face[:, :, :3][opaque][::7].astype(np.int32)
    if pixels.size == 0:
        return np.array([255.0, 255.0, 255.0])
    bins = (pixels[:, 0] // 16) * 256 + (pixels[:, 1] // 16) * 16 + pixels[:, 2] // 16
    mode = np.bincount(bins).argmax()
    return pixels[bins == mode].mean(axis=0)


def ink_mask(face: np.ndarray, threshold: float = 60.0) -> np.ndarray:
    """Pixels far from the paper colour (uint8 0/1), inside the card."""
    paper = paper_colour(face).astype(np.float32)
    distance = np.abs(face[:, :, :3].astype(np.float32) - paper).max(axis=2)
    return ((distance > threshold) & (face[:, :, 3] > 250)).astype(np.uint8)


def centre_pip(face: np.ndarray) -> np.ndarray | None:
    """Filled silhouette of the ink blob nearest the card centre, or None."""
    h, w = face.shape[:2]
    ink = ink_mask(face)
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(ink, connectivity=8)
    best, best_distance = 0, np.inf
    for label in range(1, count):
        x, y, bw, bh, area = stats[label]
        if area < 0.002 * h * w or bw > 0.6 * w or bh > 0.45 * h:
            continue
        if not (x <= w / 2 <= x + bw and y <= h / 2 <= y + bh):
            continue
        distance = float(np.hypot(centroids[label][0] - w / 2, centroids[label][1] - h / 2))
        if distance < best_distance:
            best, best_distance = label, distance
    if best == 0:
        return None
    blob = (labels == best).astype(np.uint8) * 255
    contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    filled = np.zeros_like(blob)
    cv2.drawContours(filled, contours, -1, 255, cv2.FILLED)
    return filled


def suit_scores(face: np.ndarray) -> dict[str, float] | None:
    """IoU of the centre pip with each French suit shape (None when no pip is found)."""
    pip = centre_pip(face)
    if pip is None:
        return None
    shape = _fit(pip)
    scores = {}
    for suit, ref in reference_shapes().items():
        union = np.count_nonzero(shape | ref)
        scores[suit] = np.count_nonzero(shape & ref) / union if union else 0.0
    return scores


def _pip_matches(suit: str, scores: dict[str, float] | None) -> bool:
    """Hearts and diamonds must be recognised as such (a round German bell is not a diamond);
    spades and clubs, drawn in many styles, only need to look like a black French suit."""
    if scores is None:
        return False
    best = max(scores, key=scores.get)
    if suit in "HD":
        return best == suit and scores[suit] >= MIN_IOU and scores[suit] > scores["O"]
    return max(scores["S"], scores["C"]) >= MIN_IOU_BLACK and best != "H"


def check_french_suits(faces: dict[str, np.ndarray]) -> Verdict:
    """French-suited when, for each suit, most screened centre pips match a French suit shape."""
    names = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    failures = []
    for suit in "SHDC":
        cards = [c for c in SCREEN_CARDS if c.endswith(suit)]
        good = sum(_pip_matches(suit, suit_scores(faces[c])) for c in cards)
        if good * 2 <= len(cards):
            failures.append(names[suit])
    if failures:
        return Verdict(False, "no French suit pips: the centre pips of " + ", ".join(failures)
                       + " are missing or do not look like French suit symbols")
    return Verdict(True, "French suits")
