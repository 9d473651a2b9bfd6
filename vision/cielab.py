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
    linear = _LINEAR[(np.clip(bgr, 0.0, 1.0) * LEVELS + 0.5).astype(np.int16)]
    lightness, fy = lightness_of(linear)
    return np.concatenate([lightness[..., None], chroma_of(linear, fy)], axis=-1)


def gained_linear(bgr: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """Linear (B, G, R) of uint8 pixels (n, p, 3), each row's channels times its `gain` (n, 3) and clipped to 1:
    what `bgr_to_lab` reads for the products, from one 256-entry table per row and channel (a gather per pixel
    instead of a product, a clip and a table index)."""
    rows = len(bgr)
    values = np.arange(256, dtype=np.float32)
    gained = np.clip(values * gain[:, :, None].astype(np.float32), 0.0, 1.0)
    tables = _LINEAR[(gained * LEVELS + 0.5).astype(np.int16)]
    offsets = (np.arange(rows * 3, dtype=np.intp) * 256).reshape(rows, 1, 3)
    return tables.ravel()[offsets + bgr]


def lightness_of(linear: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """L* (float32) of linear BGR pixels (any leading shape), and the cube-root term `chroma_of` reuses: L*
    needs only Y, so a caller that wants a* and b* of a few pixels alone converts those alone."""
    m = _TO_XYZ[1]
    fy = _f(m[0] * linear[..., 2] + m[1] * linear[..., 1] + m[2] * linear[..., 0])
    return (116 * fy - 16).astype(np.float32), fy


def chroma_of(linear: np.ndarray, fy: np.ndarray) -> np.ndarray:
    """(a*, b*) (float32, shape (..., 2)) of linear BGR pixels whose `lightness_of` term is `fy`."""
    red, green, blue = linear[..., 2], linear[..., 1], linear[..., 0]
    fx, fz = (_f(m[0] * red + m[1] * green + m[2] * blue) for m in (_TO_XYZ[0], _TO_XYZ[2]))
    return np.stack([500 * (fx - fy), 200 * (fy - fz)], axis=-1).astype(np.float32)


def _f(t: np.ndarray) -> np.ndarray:
    return np.where(t > _EPSILON, np.cbrt(t), (_KAPPA * t + 16) / 116)
