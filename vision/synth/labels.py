"""Labels from geometry: which parts of which card the camera really sees.

Every object in a scene is a convex quad (or polygon) in image pixels with a stacking
order. A corner index is visible when the objects above it and the image border leave
(almost) all of it: the fraction is measured by rasterising the index quad at 4× and
erasing whatever lies above it, which is exact enough and costs a few small fills.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import cv2
import numpy as np

VISIBLE_FRACTION = 0.9  # an index is visible when wholly inside the image and this share of it is uncovered
FULLY_VISIBLE_FRACTION = 0.999
_SUPERSAMPLE = 4
_MAX_RASTER_SIDE = 256  # coarser rasters for big shapes (whole cards): a fraction, not a mask


@dataclass(frozen=True)
class Placed:
    """One drawn object, bottom to top: a card (face up or down) or any other occluder."""

    polygon: np.ndarray  # (N, 2) float, image px, convex
    card: str | None = None  # card code for face-up cards, None for backs and other objects
    card_quad: np.ndarray | None = None  # (4, 2) card corners clockwise from the face's top-left
    index_quads: tuple[np.ndarray, ...] = ()


def visible_fraction(shape: np.ndarray, above: Sequence[np.ndarray], size: tuple[int, int]) -> float:
    """Share of convex polygon `shape` inside the image (width, height) and under none of `above`."""
    x0, y0 = np.floor(shape.min(axis=0)).astype(int)
    x1, y1 = np.ceil(shape.max(axis=0)).astype(int)
    span = max(x1 - x0, y1 - y0, 1)
    scale = min(float(_SUPERSAMPLE), _MAX_RASTER_SIDE / span)
    w, h = max(1, int(np.ceil((x1 - x0) * scale))), max(1, int(np.ceil((y1 - y0) * scale)))
    shift = 4  # sub-pixel polygon coordinates

    def raster(points: np.ndarray) -> np.ndarray:
        local = np.round((points - (x0, y0)) * scale * (1 << shift)).astype(np.int32)
        return local.reshape(-1, 1, 2)

    mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(mask, raster(shape), 1, lineType=cv2.LINE_8, shift=shift)
    total = int(np.count_nonzero(mask))
    if total == 0:
        return 0.0
    width, height = size
    left, top = int(np.ceil((0 - x0) * scale)), int(np.ceil((0 - y0) * scale))
    right, bottom = int(np.floor((width - x0) * scale)), int(np.floor((height - y0) * scale))
    if left > 0:
        mask[:, :left] = 0
    if top > 0:
        mask[:top, :] = 0
    if right < w:
        mask[:, max(0, right):] = 0
    if bottom < h:
        mask[max(0, bottom):, :] = 0
    for polygon in above:
        if (polygon[:, 0].max() < x0 or polygon[:, 0].min() > x1 or polygon[:, 1].max() < y0
                or polygon[:, 1].min() > y1):
            continue
        cv2.fillConvexPoly(mask, raster(polygon), 0, lineType=cv2.LINE_8, shift=shift)
    return int(np.count_nonzero(mask)) / total


def _points(quad: np.ndarray) -> list[list[float]]:
    return [[round(float(x), 2), round(float(y), 2)] for x, y in quad]


def scene_labels(placed: Sequence[Placed], size: tuple[int, int]) -> list[dict[str, Any]]:
    """Label dicts for the face-up cards that reach into the image, in stacking order."""
    width, height = size
    cards = []
    for z, item in enumerate(placed):
        if item.card is None or item.card_quad is None:
            continue
        quad = item.card_quad
        if quad[:, 0].max() < 0 or quad[:, 1].max() < 0 or quad[:, 0].min() > width or quad[:, 1].min() > height:
            continue
        above = [other.polygon for other in placed[z + 1:]]
        indices = []
        for index_quad in item.index_quads:
            fraction = visible_fraction(index_quad, above, size)
            inside = bool((index_quad >= 0).all() and (index_quad[:, 0] <= width).all()
                          and (index_quad[:, 1] <= height).all())
            indices.append({"quad": _points(index_quad), "visible": inside and fraction >= VISIBLE_FRACTION,
                            "visible_fraction": round(fraction, 3)})
        card_fraction = visible_fraction(quad, above, size)
        if card_fraction == 0.0 and not any(i["visible_fraction"] > 0 for i in indices):
            continue
        cards.append({"card": item.card, "quad": _points(quad), "indices": indices,
                      "fully_visible": card_fraction >= FULLY_VISIBLE_FRACTION, "z": z})
    return cards
