"""Find card corners in a photo with classical OpenCV, no learning.

Cards are bright, unsaturated regions; the outline of each bright blob (one card or
several overlapping ones) turns by roughly a right angle at every visible card corner,
also under up to 45° of perspective. Each convex corner becomes a right-handed
`CornerFrame` whose scale (the card's short side) is still unknown: the identifier tries
a few scales and lets the classifier pick.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.recognise.crops import CornerFrame, frame_from_points

MIN_CARD_SIDE_PX = 40
MIN_TURN_DEG, MAX_TURN_DEG = 50.0, 130.0
PAD = 2


def card_mask(image: np.ndarray) -> np.ndarray:
    """Bright-and-unsaturated pixels (card stock), as a 0/255 mask with small ink gaps closed.

    The brightness threshold adapts to the photo (Otsu on the darkest channel), so a
    dim or colour-cast photo still separates white card stock from the table.
    """
    lo = image.min(axis=2)
    spread = image.max(axis=2).astype(np.int16) - lo
    level, _ = cv2.threshold(lo, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    level = max(level, 90.0)
    mask = ((lo >= level) & (spread <= 70)).astype(np.uint8) * 255
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)


def _fit_edge(contour: np.ndarray, start: int, stop: int) -> tuple[np.ndarray, np.ndarray] | None:
    """A line (point, unit direction) through the middle part of the contour between two vertices."""
    n = len(contour)
    length = (stop - start) % n
    if length < 4:
        return None
    trim = length // 5
    idx = [(start + trim + k) % n for k in range(length - 2 * trim + 1)]
    pts = contour[idx].astype(np.float32)
    vx, vy, x0, y0 = cv2.fitLine(pts, cv2.DIST_L2, 0, 0.01, 0.01).ravel()
    return np.array([x0, y0], float), np.array([vx, vy], float)


def _intersect(p: np.ndarray, d: np.ndarray, q: np.ndarray, e: np.ndarray) -> np.ndarray | None:
    det = d[0] * (-e[1]) - d[1] * (-e[0])
    if abs(det) < 1e-6:
        return None
    t = ((q[0] - p[0]) * (-e[1]) - (q[1] - p[1]) * (-e[0])) / det
    return p + t * d


def _contour_corners(contour: np.ndarray) -> list[CornerFrame]:
    """Convex, roughly right-angled vertices of one outline, refined to the sharp corner point."""
    pts = contour.reshape(-1, 2)
    area = cv2.contourArea(contour)
    epsilon = float(np.clip(0.012 * np.sqrt(area), 1.5, 6.0))
    approx = cv2.approxPolyDP(contour, epsilon, True).reshape(-1, 2)
    if len(approx) < 3:
        return []
    index_of = {(int(x), int(y)): i for i, (x, y) in enumerate(pts)}
    vertex_idx = [index_of[(int(x), int(y))] for x, y in approx]
    orientation = np.sign(cv2.contourArea(contour, oriented=True))
    frames: list[CornerFrame] = []
    m = len(approx)
    for k in range(m):
        prev_v, v, next_v = approx[k - 1].astype(float), approx[k].astype(float), approx[(k + 1) % m].astype(float)
        a, b = v - prev_v, next_v - v
        la, lb = np.linalg.norm(a), np.linalg.norm(b)
        if min(la, lb) < MIN_CARD_SIDE_PX * 0.3:
            continue
        cross = a[0] * b[1] - a[1] * b[0]
        if np.sign(cross) != orientation:
            continue
        turn = np.degrees(np.arccos(np.clip(np.dot(a, b) / (la * lb), -1, 1)))
        if not MIN_TURN_DEG <= turn <= MAX_TURN_DEG:
            continue
        incoming = _fit_edge(pts, vertex_idx[k - 1], vertex_idx[k])
        outgoing = _fit_edge(pts, vertex_idx[k], vertex_idx[(k + 1) % m])
        corner = v
        if incoming and outgoing:
            sharp = _intersect(incoming[0], incoming[1], outgoing[0], outgoing[1])
            if sharp is not None and np.linalg.norm(sharp - v) < 0.5 * min(la, lb):
                corner = sharp
            dir_in = incoming[1] * np.sign(np.dot(incoming[1], -a))
            dir_out = outgoing[1] * np.sign(np.dot(outgoing[1], b))
        else:
            dir_in, dir_out = -a / la, b / lb
        frames.append(frame_from_points(corner - PAD, corner - PAD + dir_in, corner - PAD + dir_out, 1.0))
    return frames


def locate_corners(image: np.ndarray) -> list[CornerFrame]:
    """Every convex card-like corner on the outlines of the bright blobs of a BGR image.

    Frames come back with scale 1.0: the caller sets the card's short side.
    """
    mask = cv2.copyMakeBorder(card_mask(image), PAD, PAD, PAD, PAD, cv2.BORDER_CONSTANT, value=0)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    min_area = MIN_CARD_SIDE_PX * MIN_CARD_SIDE_PX
    frames: list[CornerFrame] = []
    for contour in contours:
        if cv2.contourArea(contour) >= min_area:
            frames.extend(_contour_corners(contour))
    return frames
