"""A top-down view of the table plane from zones given on the camera picture.

A camera off vertical sees the table in perspective: cards far away look shorter than near ones, and no card has
a card's shape. One rectangle on the table is enough to undo that: the board's four corners when the user gives
them, or else the four corner boxes of the board, whose middle holds the 7♦ box in every Nain Jaune layout. Its
true shape (the ratio of its sides) follows from the perspective itself, through the camera's focal length, which
the rectangle's two vanishing points give (pixels square, the optical centre in the middle of the picture).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

CORNER_BOXES = ("10D", "JC", "QS", "KH")
CENTRE_BOX = "7D"
CENTRE_TOLERANCE = 0.06
"""The 7♦ box's centre lies where the corner boxes' diagonals cross, within this share of a diagonal (the
crossing of the diagonals is the picture of a rectangle's centre under any perspective)."""
FOCAL_RANGE = (0.42, 1.4)
"""Focal lengths, in picture widths, of the cameras a family uses (webcams and phones: fields of view of about 40
to 100°); a rectangle small in the picture or seen squarely gives vanishing points too noisy to tell more."""
TYPICAL_FOCAL = 0.9
"""A webcam's focal length in picture widths (a 58° field of view), used when the rectangle is seen so squarely
that its vanishing points do not tell it."""
MAX_VIEW_AREA = 4.0
"""The top-down view holds at most this many times the picture's pixels (far seats are stretched, not lost)."""


def ordered(quad: np.ndarray) -> np.ndarray:
    """Four points in turn around their centre, clockwise on the picture, from the one nearest its top left."""
    pts = np.asarray(quad, np.float64).reshape(4, 2)
    centre = pts.mean(axis=0)
    pts = pts[np.argsort(np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0]))]
    return np.roll(pts, -int(np.argmin(pts.sum(axis=1))), axis=0)


def turns(quad: np.ndarray) -> np.ndarray:
    """The sign of the turn at each corner of a closed polygon, walked in the given order (0 where straight)."""
    pts = np.asarray(quad, np.float64).reshape(-1, 2)
    edges = np.roll(pts, -1, axis=0) - pts
    nxt = np.roll(edges, -1, axis=0)
    return np.sign(edges[:, 0] * nxt[:, 1] - edges[:, 1] * nxt[:, 0])


def board_from_boxes(boxes: dict[str, np.ndarray]) -> np.ndarray | None:
    """The rectangle of the four corner boxes' centres, when the 7♦ box sits at its middle; else None."""
    if not all(b in boxes for b in (*CORNER_BOXES, CENTRE_BOX)):
        return None
    quad = ordered(np.array([np.asarray(boxes[b], np.float64).mean(axis=0) for b in CORNER_BOXES]))
    crossing = np.cross(np.cross([*quad[0], 1.0], [*quad[2], 1.0]), np.cross([*quad[1], 1.0], [*quad[3], 1.0]))
    if abs(crossing[2]) < 1e-9:
        return None
    middle = crossing[:2] / crossing[2]
    diagonal = min(np.linalg.norm(quad[2] - quad[0]), np.linalg.norm(quad[3] - quad[1]))
    centre = np.asarray(boxes[CENTRE_BOX], np.float64).mean(axis=0)
    return quad if np.linalg.norm(centre - middle) <= CENTRE_TOLERANCE * diagonal else None


def _vanishing_columns(quad: np.ndarray, image_size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The homography unit square -> `quad`, its first two columns, with the optical centre at the origin."""
    w, h = image_size
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    hs = cv2.getPerspectiveTransform(unit, quad.astype(np.float32)).astype(np.float64)
    shifted = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]]) @ hs
    return shifted[:, 0], shifted[:, 1]


def _ratio_at(m1: np.ndarray, m2: np.ndarray, focal: float) -> float:
    k_inv = np.diag([1 / focal, 1 / focal, 1.0])
    return float(np.linalg.norm(k_inv @ m1) / np.linalg.norm(k_inv @ m2))


def side_ratio(quad: np.ndarray, image_size: tuple[int, int]) -> float:
    """The true ratio of the first side to the second of the rectangle seen as `quad` (ordered)."""
    w = image_size[0]
    m1, m2 = _vanishing_columns(quad, image_size)
    f2 = -(m1[0] * m2[0] + m1[1] * m2[1]) / (m1[2] * m2[2]) if abs(m1[2] * m2[2]) > 1e-12 else -1.0
    lo, hi = (FOCAL_RANGE[0] * w) ** 2, (FOCAL_RANGE[1] * w) ** 2
    return _ratio_at(m1, m2, math.sqrt(f2) if lo <= f2 <= hi else TYPICAL_FOCAL * w)


def side_ratio_span(quad: np.ndarray, image_size: tuple[int, int]) -> tuple[float, float]:
    """The least and greatest true side ratio `quad` (ordered) can have with a focal length in `FOCAL_RANGE`: how
    far the ratio `side_ratio` infers may be off when the vanishing points are noisy."""
    m1, m2 = _vanishing_columns(quad, image_size)
    ratios = [_ratio_at(m1, m2, f * image_size[0]) for f in np.geomspace(*FOCAL_RANGE, 17)]
    return min(ratios), max(ratios)


def plane_homography(quad: np.ndarray, image_size: tuple[int, int], every: np.ndarray,
                     ratio: float | None = None) -> tuple[np.ndarray, tuple[int, int]] | None:
    """Picture -> top-down view, and the view's size holding every point of `every` (picture pixels).

    The board keeps about the area it has on the picture, so nothing is read at a lower resolution than the camera
    gives; None when the zones would not fit a view of sensible size (a zone beyond the horizon).
    """
    quad = ordered(quad)
    ratio = ratio if ratio is not None else side_ratio(quad, image_size)
    area = abs(cv2.contourArea(quad.astype(np.float32)))
    s = math.sqrt(area / ratio)
    rect = np.array([[0, 0], [ratio * s, 0], [ratio * s, s], [0, s]], np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), rect).astype(np.float64)
    pts = np.c_[every, np.ones(len(every))] @ m.T
    if (pts[:, 2] <= 1e-9).any():
        return None
    pts = pts[:, :2] / pts[:, 2:]
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    margin = 0.02 * float(np.max(hi - lo))
    size = hi - lo + 2 * margin
    budget = MAX_VIEW_AREA * image_size[0] * image_size[1]
    k = min(1.0, math.sqrt(budget / float(size[0] * size[1])))
    m = np.diag([k, k, 1.0]) @ np.array([[1, 0, margin - lo[0]], [0, 1, margin - lo[1]], [0, 0, 1]]) @ m
    return m, (int(math.ceil(size[0] * k)), int(math.ceil(size[1] * k)))
