"""Turn a raw card render into a clean card face: opaque paper, card-shaped alpha.

Deck art comes with transparent or translucent card bodies (oxygen), drop shadows
and square corners; a printed card is opaque with rounded corners. So the card's
silhouette is filled, translucent paper is flattened onto white, and the alpha is
cut to a rounded rectangle (radius ≈ 5 % of the width, like a poker card).
"""

from __future__ import annotations

import cv2
import numpy as np

CORNER_RADIUS = 0.05  # of the card width


def silhouette(alpha: np.ndarray) -> np.ndarray:
    """Filled mask (uint8 0/255) of the largest opaque region: the card's outline."""
    solid = (alpha > 128).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(solid, connectivity=8)
    if count <= 1:
        return np.zeros_like(solid)
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    mask = (labels == biggest).astype(np.uint8) * 255
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 255, thickness=cv2.FILLED)
    return filled


def rounded_rect_mask(height: int, width: int, radius: float) -> np.ndarray:
    """Anti-aliased rounded rectangle mask, uint8."""
    scale = 4
    big = np.zeros((height * scale, width * scale), np.uint8)
    r = max(1, int(round(radius * scale)))
    w, h = width * scale - 1, height * scale - 1
    cv2.rectangle(big, (r, 0), (w - r, h), 255, cv2.FILLED)
    cv2.rectangle(big, (0, r), (w, h - r), 255, cv2.FILLED)
    for cx, cy in ((r, r), (w - r, r), (r, h - r), (w - r, h - r)):
        cv2.circle(big, (cx, cy), r, 255, cv2.FILLED, lineType=cv2.LINE_AA)
    return cv2.resize(big, (width, height), interpolation=cv2.INTER_AREA)


def clean_face(raw: np.ndarray, height_px: int) -> np.ndarray:
    """Crop to the card, flatten translucency onto white, round the corners, resize to height_px."""
    shape = silhouette(raw[:, :, 3])
    ys, xs = np.nonzero(shape)
    if xs.size == 0:
        raise ValueError("card render is empty")
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    face = raw[y0:y1, x0:x1].astype(np.float32)
    shape = shape[y0:y1, x0:x1]
    alpha = face[:, :, 3:4] / 255.0
    paper = face[:, :, :3] * alpha + 255.0 * (1.0 - alpha)
    width = max(1, int(round((x1 - x0) * height_px / (y1 - y0))))
    paper = cv2.resize(paper, (width, height_px), interpolation=cv2.INTER_AREA)
    shape = cv2.resize(shape, (width, height_px), interpolation=cv2.INTER_AREA)
    corners = rounded_rect_mask(height_px, width, CORNER_RADIUS * width)
    out = np.empty((height_px, width, 4), np.uint8)
    out[:, :, :3] = np.clip(paper + 0.5, 0, 255).astype(np.uint8)
    out[:, :, 3] = np.minimum(shape, corners)
    return out
