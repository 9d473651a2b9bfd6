"""Find card corners in a photo with classical OpenCV, no learning.

Two sources of corners. Cards are bright, unsaturated regions; the outline of each
bright blob (one card or several overlapping ones) turns by roughly a right angle at
every visible card corner, also under up to 45° of perspective; whole-card outlines
also tell the card size. And where that mask fails (a card on a white card, a pale
table), the junctions of straight edges (`junctions`) still mark the corners. Each
corner becomes a right-handed `CornerFrame` whose scale (the card's short side) is still
unknown: the identifier tries a few scales and lets the classifier pick.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.recognise.crops import CornerFrame, frame_from_points
from vision.recognise.junctions import junction_frames

MIN_CARD_SIDE_PX = 40
MIN_TURN_DEG, MAX_TURN_DEG = 50.0, 130.0
PAD = 2
CLOSE_KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
MIN_EDGE_PX = 6.0  # a straight stretch this long counts: in a tight fan a card shows only a few px of its top edge


def white_balanced(image: np.ndarray) -> np.ndarray:
    """Scale each channel so the brightest pixels (card stock, in a photo of cards) become grey-white:
    under warm or cold light white cards turn beige or bluish, and would fail the saturation test."""
    small = image[::4, ::4].reshape(-1, 3)
    bright = np.percentile(small, 99.0, axis=0).astype(np.float32)
    gain = bright.max() / np.maximum(bright, 1.0)
    if np.all(gain < 1.05):
        return image
    lut = np.clip(np.arange(256, dtype=np.float32)[:, None] * gain[None, :], 0, 255).astype(np.uint8)
    return cv2.merge([cv2.LUT(channel, lut[:, c].copy()) for c, channel in enumerate(cv2.split(image))])


def card_mask(image: np.ndarray) -> np.ndarray:
    """Bright-and-unsaturated pixels (card stock), as a 0/255 mask with specks removed.

    The brightness threshold adapts to the photo (Otsu on the darkest channel, after a
    white balance on the brightest pixels), so a dim or colour-cast photo still separates
    white card stock from the table.
    """
    b, g, r = cv2.split(white_balanced(image))
    lo = cv2.min(cv2.min(b, g), r)
    hi = cv2.max(cv2.max(b, g), r)
    level, _ = cv2.threshold(lo, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    level = max(level, 90.0)
    spread = cv2.subtract(hi, lo)
    mask = ((lo >= level) & (spread <= cv2.add(cv2.multiply(hi, 0.2, dtype=cv2.CV_8U), 20))).astype(np.uint8) * 255
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


def _corner_between(edge_a: tuple, edge_b: tuple, orientation: float) -> CornerFrame | None:
    """The card corner where straight stretch `edge_a` turns into `edge_b`, if it is one."""
    _, a_end, a_point, a_dir, a_len = edge_a
    b_start, _, b_point, b_dir, b_len = edge_b
    if a_dir is None or b_dir is None:
        return None
    reach = max(4.0, 0.3 * min(a_len, b_len))
    if np.linalg.norm(b_start - a_end) > reach:
        return None
    cross = a_dir[0] * b_dir[1] - a_dir[1] * b_dir[0]
    if np.sign(cross) != orientation:
        return None
    turn = np.degrees(np.arccos(np.clip(np.dot(a_dir, b_dir), -1, 1)))
    if not MIN_TURN_DEG <= turn <= MAX_TURN_DEG:
        return None
    corner = _intersect(a_point, a_dir, b_point, b_dir)
    if corner is None or np.linalg.norm(corner - (a_end + b_start) / 2) > reach:
        return None
    corner = corner - PAD
    return frame_from_points(corner, corner - a_dir, corner + b_dir, 1.0)


def _contour_corners(contour: np.ndarray) -> list[CornerFrame]:
    """Convex, roughly right-angled turns between consecutive straight stretches of one outline.

    A rounded (and anti-aliased) card corner becomes a few short polygon edges: they are
    skipped, and the corner point is where the two long edges' fitted lines meet.
    """
    pts = contour.reshape(-1, 2)
    area = cv2.contourArea(contour)
    epsilon = float(np.clip(0.012 * np.sqrt(area), 1.5, 6.0))
    approx = cv2.approxPolyDP(contour, epsilon, True).reshape(-1, 2)
    if len(approx) < 3:
        return []
    # Each polygon vertex is a contour point: its (last) position along the contour.
    keys = pts[:, 0].astype(np.int64) * 1_000_000 + pts[:, 1]
    vertex_keys = approx[:, 0].astype(np.int64) * 1_000_000 + approx[:, 1]
    hits = np.flatnonzero(np.isin(keys, vertex_keys))
    index_of = dict(zip(keys[hits].tolist(), hits.tolist()))
    vertex_idx = [index_of[k] for k in vertex_keys.tolist()]
    m = len(approx)
    edges = []
    for k in range(m):
        a, b = approx[k].astype(float), approx[(k + 1) % m].astype(float)
        length = float(np.linalg.norm(b - a))
        line = _fit_edge(pts, vertex_idx[k], vertex_idx[(k + 1) % m]) if length >= MIN_EDGE_PX else None
        direction = line[1] * np.sign(np.dot(line[1], b - a)) if line is not None else None
        edges.append((a, b, line[0] if line is not None else None, direction, length))
    orientation = np.sign(cv2.contourArea(contour, oriented=True))
    frames: list[CornerFrame] = []
    for k in range(m):
        pairs = [(k, (k + 1) % m)]
        if m > 3 and edges[(k + 1) % m][4] < 0.35 * min(edges[k][4], edges[(k + 2) % m][4]):
            pairs.append((k, (k + 2) % m))  # a rounded corner drawn as one short extra edge
        for i, j in pairs:
            frame = _corner_between(edges[i], edges[j], orientation)
            if frame is not None:
                frames.append(frame)
    return frames


def _single_card_width(contour: np.ndarray) -> float | None:
    """The short side of an outline that is one whole card (a filled rectangle of card proportions)."""
    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    short, long_ = min(w, h), max(w, h)
    if short < MIN_CARD_SIDE_PX or not 1.2 <= long_ / short <= 1.75:
        return None
    return float(short) if cv2.contourArea(contour) > 0.85 * short * long_ else None


def _outlines(mask: np.ndarray, location: "Location") -> None:
    padded = cv2.copyMakeBorder(mask, PAD, PAD, PAD, PAD, cv2.BORDER_CONSTANT, value=0)
    # Two levels: outer boundaries, and islands inside holes (a card cut out of a pale table
    # that passed the brightness test) come back as outer boundaries too.
    contours, hierarchy = cv2.findContours(padded, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    min_area = MIN_CARD_SIDE_PX * MIN_CARD_SIDE_PX * 0.5
    for contour, links in zip(contours, hierarchy[0] if hierarchy is not None else []):
        if links[3] < 0 and cv2.contourArea(contour) >= min_area:
            location.frames.extend(_contour_corners(contour))
            width = _single_card_width(contour)
            if width:
                location.card_widths.append(width)


def _edge_cut(image: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The card mask cut along strong edges, so a card lying on other cards gets its own outline
    (its printed border or its shadow separates it from the white of the cards below)."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    edges = cv2.Canny(gray, 40, 110)
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    return cv2.bitwise_and(mask, cv2.bitwise_not(edges))


def _dedupe(frames: list[CornerFrame], distance_px: float = 4.0, min_cos: float = 0.97) -> list[CornerFrame]:
    """Frames without near-copies (origin within `distance_px`, x axis within ~14°), first ones kept:
    the crop of a near-copy is nearly the same picture, so classifying it again is wasted work."""
    cells: dict[tuple[int, int], list[CornerFrame]] = {}
    kept: list[CornerFrame] = []
    for frame in frames:
        cx, cy = int(frame.origin[0] // distance_px), int(frame.origin[1] // distance_px)
        near = (k for dx in (-1, 0, 1) for dy in (-1, 0, 1) for k in cells.get((cx + dx, cy + dy), ()))
        if any((frame.origin[0] - k.origin[0]) ** 2 + (frame.origin[1] - k.origin[1]) ** 2 < distance_px ** 2
               and frame.x_dir[0] * k.x_dir[0] + frame.x_dir[1] * k.x_dir[1] > min_cos for k in near):
            continue
        kept.append(frame)
        cells.setdefault((cx, cy), []).append(frame)
    return kept


@dataclass
class Location:
    """Corner frames (scale 1.0: the caller sets the card's short side) and the short sides, in px,
    of the outlines that are one whole card (a hint at the card size in this photo; may be empty)."""

    frames: list[CornerFrame] = field(default_factory=list)
    card_widths: list[float] = field(default_factory=list)


def locate(image: np.ndarray, card_short: float | None = None) -> Location:
    """Every card-like corner of a BGR image: on the outlines of the bright blobs, on those blobs
    cut along strong edges (cards lying on cards), and at the junctions of straight edges (with the
    cards' short side in px when the caller measured it, also where card edges stop short of their
    corner: `junction_frames`)."""
    mask = card_mask(image)
    location = Location()
    _outlines(mask, location)
    _outlines(cv2.morphologyEx(mask, cv2.MORPH_CLOSE, CLOSE_KERNEL), location)
    _outlines(_edge_cut(image, mask), location)
    location.frames.extend(junction_frames(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), card_short))
    location.frames = _dedupe(location.frames)
    return location


def locate_corners(image: np.ndarray) -> list[CornerFrame]:
    """The corner frames of `locate`."""
    return locate(image).frames
