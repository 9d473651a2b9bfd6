"""Card corners where two straight edges meet: L- and T-junctions of line segments.

The bright-blob outlines of `locate` miss the corners that matter most in piles, rows
and fans: a card's corner lying on another white card, or a card on a pale table,
has no outline in a brightness mask, but its edges are still straight lines in the
image (printed border, shadow, the step in shading). A line segment detector finds
them; wherever one segment ends at another (its end, or its middle) at roughly a
right angle, a card corner may be there. Most such junctions are not card corners:
the classifier's "none" rejects them, so this stage favours recall over precision.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.recognise.crops import REGION_X, CornerFrame, frame_from_points

MIN_SEGMENT_PX = 9.0
MIN_TURN_DEG, MAX_TURN_DEG = 50.0, 130.0
GAP_PX = 14.0  # an end this close to another segment's line (beyond its end or inside it) meets it
MAX_FRAMES = 1000  # bounds the work on a cluttered photo, longest edges first (trade-off in the model card)
EDGE_SHARE = 0.5
"""A segment at least this share of the card's short side long is a card's edge (or a picture's frame): no stroke of
an index or a pip, which span a quarter of the short side at most, is."""
CORNER_ROUND_SHARE = 0.1
"""A card's rounded corner spans up to this share of its short side along each edge."""
EDGE_GAP_SHARE = REGION_X[1] - REGION_X[0] + CORNER_ROUND_SHARE
"""How far short of their corner, in card short sides, two card edges may stop and still meet: the corner is rounded,
and the index printed right there (as wide as the corner crop's region) or a pip of the card lying above it breaks
the edge. In a column of strips, a card's index shows only at such a corner."""

_DETECTOR = cv2.createLineSegmentDetector(cv2.LSD_REFINE_STD)


def segments(gray: np.ndarray) -> np.ndarray:
    """Line segments (x1, y1, x2, y2) of a grey image, shorter ones dropped."""
    found = _DETECTOR.detect(gray)[0]
    if found is None:
        return np.zeros((0, 4), np.float32)
    lines = found.reshape(-1, 4)
    length = np.hypot(lines[:, 2] - lines[:, 0], lines[:, 3] - lines[:, 1])
    return lines[length >= MIN_SEGMENT_PX]


def junction_frames(gray: np.ndarray, card_short: float | None = None) -> list[CornerFrame]:
    """Corner frames at the junctions of the segments of `gray`.

    A junction is a segment end that meets another segment's line within `GAP_PX`, at a turn of
    50–130°, either near that segment's own end (an L: one frame) or along its length (a T: the
    two frames on either side). Each frame's axes run along the two edges away from the corner.
    With the cards' short side in `gray` (`card_short`, px), card edges (`EDGE_SHARE`) also meet
    within `EDGE_GAP_SHARE` of it.
    """
    lines = segments(gray).astype(np.float64)
    frames = _junctions(lines, GAP_PX)
    if card_short is not None and len(frames) < MAX_FRAMES:
        edges = lines[np.hypot(lines[:, 2] - lines[:, 0], lines[:, 3] - lines[:, 1]) >= EDGE_SHARE * card_short]
        frames += _junctions(edges, max(GAP_PX, EDGE_GAP_SHARE * card_short))
    return frames


def _junctions(lines: np.ndarray, gap: float) -> list[CornerFrame]:
    """`junction_frames` of `lines` (x1, y1, x2, y2), an end meeting a line within `gap` px."""
    if len(lines) < 2:
        return []
    a, b = lines[:, :2], lines[:, 2:]
    vec = b - a
    length = np.hypot(vec[:, 0], vec[:, 1])
    unit = vec / length[:, None]
    order = np.argsort(-length)
    # Every segment end, with the direction pointing out of the segment through that end.
    ends = np.concatenate([a, b])
    out_dirs = np.concatenate([-unit, unit])
    owner = np.concatenate([np.arange(len(lines)), np.arange(len(lines))])
    cos_lo, cos_hi = np.cos(np.radians(MAX_TURN_DEG)), np.cos(np.radians(MIN_TURN_DEG))
    frames: list[CornerFrame] = []
    for j in order:
        if len(frames) >= MAX_FRAMES:
            break
        cosine = out_dirs @ unit[j]
        candidates = np.nonzero((np.abs(cosine) <= cos_hi) & (owner != j))[0]
        if len(candidates) == 0:
            continue
        near = _near_line(ends[candidates], a[j], unit[j], length[j], gap)
        candidates = candidates[near]
        if len(candidates) == 0:
            continue
        for k in candidates:
            sk = _along(ends[k], out_dirs[k], a[j], unit[j])
            corner = a[j] + sk * unit[j]
            inward = -out_dirs[k]  # along segment k, away from the corner
            far_k = corner + inward
            if sk <= gap:  # at j's start: an L, j runs away from the corner forward
                rays = [unit[j]]
            elif sk >= length[j] - gap:  # at j's end: an L the other way
                rays = [-unit[j]]
            else:  # on j's length: a T, the card may lie on either side
                rays = [unit[j], -unit[j]]
            for ray in rays:
                if np.dot(ray, inward) < cos_lo or np.dot(ray, inward) > cos_hi:
                    continue
                frames.append(frame_from_points(corner, far_k, corner + ray, 1.0))
    return frames


def _along(end: np.ndarray, direction: np.ndarray, start: np.ndarray, unit: np.ndarray) -> float:
    """Where the line through `end` along `direction` crosses the line (start, unit), as a distance
    along the latter from `start` (the turn is at least 50°, so the lines are far from parallel)."""
    det = direction[0] * (-unit[1]) + direction[1] * unit[0]
    rel = start - end
    return float((direction[0] * rel[1] - direction[1] * rel[0]) / det)


def _near_line(points: np.ndarray, start: np.ndarray, unit: np.ndarray, length: float, gap: float) -> np.ndarray:
    """Points within `gap` of the segment (start, unit, length), its ends extended by `gap`."""
    rel = points - start
    along = rel @ unit
    across = np.abs(rel[:, 0] * unit[1] - rel[:, 1] * unit[0])
    return (across <= gap) & (along >= -gap) & (along <= length + gap)
