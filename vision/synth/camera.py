"""A webcam above the table: the homography from table plane to image.

Table coordinates are pixels as seen at the image centre by a camera looking straight
down. Tilting the camera by θ about the image x-axis (the far edge of the table goes up
the image and shrinks) and a small roll give the plane→image homography; θ up to 45°
covers a laptop webcam on a stand at the side of the table.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Camera:
    homography: np.ndarray  # 3×3, table plane → image px
    tilt_deg: float
    size: tuple[int, int]  # width, height

    @property
    def inverse(self) -> np.ndarray:
        return np.linalg.inv(self.homography)

    def to_image(self, points: np.ndarray) -> np.ndarray:
        return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), self.homography).reshape(-1, 2)

    def to_table(self, points: np.ndarray) -> np.ndarray:
        return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), self.inverse).reshape(-1, 2)

    def scale_at(self, point: np.ndarray) -> float:
        """Image px per table unit around a table point (geometric mean of the two axes)."""
        p = np.array([point, point + (1.0, 0.0), point + (0.0, 1.0)], np.float64)
        q = self.to_image(p)
        return float(np.sqrt(np.linalg.norm(q[1] - q[0]) * np.linalg.norm(q[2] - q[0])))


def make_camera(rng: np.random.Generator, size: tuple[int, int], max_tilt_deg: float = 45.0) -> Camera:
    """A random camera: tilt 0–max_tilt (a third of scenes nearly overhead), focal 0.8–1.3 × width, roll ±8°."""
    width, height = size
    if rng.random() < 0.3:
        tilt = rng.uniform(0.0, min(8.0, max_tilt_deg))
    else:
        tilt = rng.uniform(0.0, max_tilt_deg)
    theta = np.radians(tilt)
    focal = rng.uniform(0.8, 1.3) * width
    distance = focal
    table = np.array([[-100.0, -100.0], [100.0, -100.0], [100.0, 100.0], [-100.0, 100.0]])
    depth = distance - table[:, 1] * np.sin(theta)
    image = np.stack([focal * table[:, 0] / depth, focal * table[:, 1] * np.cos(theta) / depth], axis=1)
    homography = cv2.getPerspectiveTransform(table.astype(np.float32), image.astype(np.float32)).astype(np.float64)
    roll = np.radians(rng.uniform(-8.0, 8.0))
    c, s = np.cos(roll), np.sin(roll)
    centre = np.array([[c, -s, width / 2 + rng.uniform(-0.05, 0.05) * width],
                       [s, c, height / 2 + rng.uniform(-0.05, 0.05) * height],
                       [0.0, 0.0, 1.0]])
    return Camera(centre @ homography, float(tilt), size)
