"""CIELAB of float BGR pixels in numpy, for code that otherwise never converts to CIELAB.

OpenCV's first CIELAB conversion in a process builds its lookup tables for every depth: about 70 ms and 12 MB,
paid by `nainjaune identify --deck` for a few thousand index pixels per image. These are the same formulas (sRGB
primaries, D65 white, as OpenCV), the sRGB curve read from a table of `LEVELS` steps.
"""

from __future__ import annotations

import numpy as np

LEVELS = 4096
"""Steps of the sRGB curve's table: the curve's slope is at most 2.4, so a step moves a linear value by under 0.001,
a tenth of a CIELAB unit (camera pixels carry 256 levels)."""
RGB_TO_XYZ = np.array([[0.412453, 0.357580, 0.180423],
                       [0.212671, 0.715160, 0.072169],
                       [0.019334, 0.119193, 0.950227]])
WHITE = np.array([0.950456, 1.0, 1.088754])
"""D65's X, Y, Z: each row of `RGB_TO_XYZ` is divided by its white, so white reads L* 100, a* = b* = 0."""
_EPSILON = 216 / 24389
_KAPPA = 24389 / 27

_levels = np.arange(LEVELS + 1, dtype=np.float64) / LEVELS
_LINEAR = np.where(_levels <= 0.04045, _levels / 12.92, ((_levels + 0.055) / 1.055) ** 2.4).astype(np.float32)
_TO_XYZ = (RGB_TO_XYZ / WHITE[:, None]).astype(np.float32)


def bgr_to_lab(bgr: np.ndarray) -> np.ndarray:
    """(L*, a*, b*) of BGR pixels (float, 0-1, any leading shape; values outside are clipped), as float32."""
    index = (np.clip(bgr, 0.0, 1.0) * LEVELS + 0.5).astype(np.int16)
    blue, green, red = (_LINEAR[index[..., k]] for k in range(3))
    xyz = [m[0] * red + m[1] * green + m[2] * blue for m in _TO_XYZ]
    f = [np.where(t > _EPSILON, np.cbrt(t), (_KAPPA * t + 16) / 116) for t in xyz]
    lightness = 116 * f[1] - 16
    return np.stack([lightness, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])], axis=-1).astype(np.float32)
