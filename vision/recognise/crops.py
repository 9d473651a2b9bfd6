"""Cut a canonical corner crop out of an image, given a card corner's local frame.

A *corner frame* is a card corner point plus the unit directions of its two edges,
ordered so the frame is right-handed in image coordinates (x × y > 0, y pointing
"down" when x points right). At a card's top-left or bottom-right corner this frame
puts the corner index upright in the crop; at the other two corners the crop shows
no upright index, which the classifier learns as "none". Training crops (from
generated labels) and run-time crops (from located corners) go through this one
function, so they look alike.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

CROP_PX = 64
# The crop's extent in units of the card's short side W, from the corner: wide enough
# for the rank and the suit pip of every installed design, plus a margin outside the card.
REGION_X = (-0.03, 0.27)
REGION_Y = (-0.03, 0.47)


@dataclass(frozen=True)
class CornerFrame:
    """A card corner: its point, edge directions (right-handed) and the card's short side in px."""

    origin: tuple[float, float]
    x_dir: tuple[float, float]
    y_dir: tuple[float, float]
    scale: float

    def to_image(self, u: float, v: float) -> tuple[float, float]:
        """Image point of card-local coordinates (u, v), in units of the short side."""
        ox, oy = self.origin
        return (ox + self.scale * (u * self.x_dir[0] + v * self.y_dir[0]),
                oy + self.scale * (u * self.x_dir[1] + v * self.y_dir[1]))

    def with_scale(self, scale: float) -> "CornerFrame":
        return CornerFrame(self.origin, self.x_dir, self.y_dir, scale)


def frame_from_points(corner: np.ndarray, along_x: np.ndarray, along_y: np.ndarray, scale: float) -> CornerFrame:
    """A frame at `corner` with x toward `along_x` and y toward `along_y` (made right-handed)."""
    x = np.asarray(along_x, float) - corner
    y = np.asarray(along_y, float) - corner
    x /= max(np.linalg.norm(x), 1e-9)
    y /= max(np.linalg.norm(y), 1e-9)
    if x[0] * y[1] - x[1] * y[0] < 0:
        x, y = y, x
    return CornerFrame((float(corner[0]), float(corner[1])), (float(x[0]), float(x[1])),
                       (float(y[0]), float(y[1])), float(scale))


def crop_transform(frame: CornerFrame, size: int = CROP_PX) -> np.ndarray:
    """The 2×3 affine map from image pixels to crop pixels."""
    (x0, x1), (y0, y1) = REGION_X, REGION_Y
    src = np.float32([frame.to_image(x0, y0), frame.to_image(x1, y0), frame.to_image(x0, y1)])
    dst = np.float32([[0, 0], [size, 0], [0, size]])
    return cv2.getAffineTransform(src, dst)


def corner_crop(image: np.ndarray, frame: CornerFrame, size: int = CROP_PX) -> np.ndarray:
    """The canonical `size`×`size` BGR crop of the corner region (replicated border outside the image)."""
    return cv2.warpAffine(image, crop_transform(frame, size), (size, size), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
