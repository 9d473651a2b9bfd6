"""A pinhole camera over the table plane, and the drawing canvas that covers what it sees.

The table plane is in mat units (x right, y towards the bottom seat). A camera tilted off vertical sees the far
side of the table smaller than the near side; its plane-to-image homography is K [r1 r2 t].
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class PlaneView:
    """The drawing canvas: `scale` pixels per mat unit, its top-left corner at plane point `origin`."""

    scale: float
    origin: tuple[float, float]
    extent: tuple[float, float]

    @property
    def size(self) -> tuple[int, int]:
        return int(round(self.extent[0] * self.scale)), int(round(self.extent[1] * self.scale))

    def to_view(self, pts: np.ndarray) -> np.ndarray:
        return (np.asarray(pts, dtype=np.float64) - np.array(self.origin)) * self.scale

    def matrix(self) -> np.ndarray:
        """Homography plane -> canvas pixels."""
        s = self.scale
        return np.array([[s, 0, -self.origin[0] * s], [0, s, -self.origin[1] * s], [0, 0, 1]], dtype=np.float64)


def _rotation(tilt: float, yaw: float, roll: float) -> np.ndarray:
    """Rows: the camera's right, down and forward axes in table coordinates (z up)."""
    t, a = math.radians(tilt), math.radians(yaw)
    towards = np.array([math.sin(a), math.cos(a), 0.0])
    """Horizontal direction from the table centre to the camera; yaw 0 puts it over the bottom edge."""
    forward = -np.array([math.sin(t) * towards[0], math.sin(t) * towards[1], math.cos(t)])
    down = towards - forward * float(towards @ forward)
    down /= np.linalg.norm(down)
    right = np.cross(forward, down)
    r = math.radians(roll)
    right, down = math.cos(r) * right + math.sin(r) * down, -math.sin(r) * right + math.cos(r) * down
    return np.vstack([right, down, forward])


def _project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(np.asarray(pts, np.float64).reshape(-1, 1, 2), h).reshape(-1, 2)


def table_camera(tilt: float, yaw: float, roll: float, hfov: float, size: tuple[int, int],
                 region: np.ndarray, zoom: float = 1.0) -> np.ndarray:
    """Plane -> image homography of a camera that frames `region` (plane polygon) inside the picture.

    The distance is the smallest that fits the region; the principal point is then shifted to centre it (a
    crop of a wider sensor), and `zoom` < 1 leaves a margin around it.
    """
    w, h = size
    f = (w / 2) / math.tan(math.radians(hfov) / 2)
    rot = _rotation(tilt, yaw, roll)
    target = np.append(region.mean(axis=0), 0.0)

    def homography(distance: float, cx: float, cy: float) -> np.ndarray:
        centre = target - rot[2] * distance
        k = np.array([[f, 0, cx], [0, f, cy], [0, 0, 1]])
        return k @ np.column_stack([rot[:, 0], rot[:, 1], -rot @ centre])

    lo, hi = 0.1, 50.0
    for _ in range(60):
        d = (lo + hi) / 2
        p = _project(homography(d, 0, 0), region)
        span = p.max(axis=0) - p.min(axis=0)
        if span[0] <= w * 0.96 * zoom and span[1] <= h * 0.96 * zoom:
            hi = d
        else:
            lo = d
    p = _project(homography(hi, 0, 0), region)
    mid = (p.max(axis=0) + p.min(axis=0)) / 2
    return homography(hi, w / 2 - mid[0], h / 2 - mid[1])


def covering_view(image_from_plane: np.ndarray, size: tuple[int, int], region: np.ndarray,
                  max_pixels: float = 5e6) -> PlaneView:
    """A canvas that covers the camera's whole footprint on the table, about as sharp as the camera is."""
    w, h = size
    plane_from_image = np.linalg.inv(image_from_plane)
    corners = _project(plane_from_image, np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64))
    pts = np.vstack([corners, region])
    lo, hi = pts.min(axis=0) - 0.05, pts.max(axis=0) + 0.05
    step = np.array([[0.01, 0.0]])
    sharpest = max(float(np.linalg.norm(np.diff(_project(image_from_plane, np.vstack([p, p + step])), axis=0))) / 0.01
                   for p in region)
    extent = hi - lo
    scale = min(sharpest * 1.1, math.sqrt(max_pixels / float(extent[0] * extent[1])))
    return PlaneView(float(scale), (float(lo[0]), float(lo[1])), (float(extent[0]), float(extent[1])))
