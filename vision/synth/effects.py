"""What a webcam does to a table: uneven light, colour casts, shadows, glare, blur, noise, JPEG.

Everything is drawn from the scene's generator, so a seed gives the same picture. The
per-pixel noise comes from a fixed tile made once per process and read at a random
offset; smooth effects are computed at low resolution. A 1280×720 frame costs a few ms.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.synth.surfaces import fractal_noise

_TILE_MARGIN = 256


@lru_cache(maxsize=2)
def _noise_tile(height: int, width: int) -> np.ndarray:
    """Fixed Gaussian noise, a little larger than the frame (so random crops differ)."""
    rng = np.random.default_rng(20261122)
    tile = rng.standard_normal((height + _TILE_MARGIN, width + _TILE_MARGIN, 3), dtype=np.float32)
    tile.setflags(write=False)
    return tile


def _noise(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    oy, ox = int(rng.integers(_TILE_MARGIN)), int(rng.integers(_TILE_MARGIN))
    return _noise_tile(height, width)[oy:oy + height, ox:ox + width]


def light_field(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """Smooth light level: a gradient from a lamp, blotches, vignetting (low resolution, float32)."""
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    ys, xs = ys / height - 0.5, xs / width - 0.5
    direction = rng.uniform(0, 2 * np.pi)
    field = 1.0 + rng.uniform(0.0, 0.5) * (np.cos(direction) * xs + np.sin(direction) * ys)
    field += rng.uniform(0.0, 0.25) * (fractal_noise(rng, height, width, octaves=2, base_cells=2) - 0.5)
    field -= rng.uniform(0.0, 0.6) * (xs ** 2 + ys ** 2)
    return (field * rng.uniform(0.7, 1.15)).astype(np.float32)


def _blob(rng: np.random.Generator, height: int, width: int, size: tuple[float, float], soft: float) -> np.ndarray:
    small = np.zeros((height, width), np.float32)
    centre = (int(rng.uniform(0, width)), int(rng.uniform(0, height)))
    axes = (max(1, int(rng.uniform(*size) * width)), max(1, int(rng.uniform(*size) * height)))
    cv2.ellipse(small, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, cv2.FILLED)
    return cv2.GaussianBlur(small, (0, 0), max(axes) * soft + 0.5)


def occluder_shade(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """Light kept under the soft shadow of a head, arm or lamp shade (1 = no shadow)."""
    return 1.0 - rng.uniform(0.15, 0.45) * _blob(rng, height, width, (0.1, 0.45), 0.6)


def glare(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """Added light of a lamp's specular highlight on glossy cards: a soft, colourless blob."""
    return rng.uniform(30, 110) * _blob(rng, height, width, (0.02, 0.12), 0.6)


def white_balance(rng: np.random.Generator) -> np.ndarray:
    """Per-channel gains: warm lamp light (more red, less blue) to cool daylight, plus jitter."""
    warmth = rng.uniform(-0.12, 0.25)
    gains = np.array([1.0 - warmth, 1.0, 1.0 + warmth * 0.8]) * rng.uniform(0.92, 1.08, 3)
    return gains.astype(np.float32)


def blur(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """Defocus (Gaussian) or, now and then, a little motion blur."""
    if rng.random() < 0.15:
        length = int(rng.integers(3, 8))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1.0 / length
        rotation = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), float(rng.uniform(0, 180)), 1.0)
        kernel = cv2.warpAffine(kernel, rotation, (length, length))
        return cv2.filter2D(image, -1, kernel / max(1e-6, kernel.sum()))
    return cv2.GaussianBlur(image, (0, 0), rng.uniform(0.3, 1.3))


def jpeg(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """Round-trip through JPEG at a webcam-stream quality (uint8 in and out)."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
    return cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else image


def camera_effects(rng: np.random.Generator, canvas: np.ndarray) -> np.ndarray:
    """All photometric effects on a float32 BGR render (modified in place); returns BGR uint8.

    Light, shadow, white balance and glare are smooth, so they are combined at 1/8
    resolution and applied to the frame in one multiply and one add.
    """
    h, w = canvas.shape[:2]
    gh, gw = max(2, h // 8), max(2, w // 8)
    level = light_field(rng, gh, gw)
    if rng.random() < 0.35:
        level *= occluder_shade(rng, gh, gw)
    gain = level[:, :, None] * white_balance(rng)[None, None, :]
    cv2.multiply(canvas, cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR), dst=canvas)
    if rng.random() < 0.3:
        added = cv2.resize(glare(rng, gh, gw), (w, h), interpolation=cv2.INTER_LINEAR)
        canvas += added[:, :, None]
    if rng.random() < 0.7:
        canvas = blur(rng, canvas)
    if rng.random() < 0.25:
        factor = rng.uniform(0.5, 0.85)
        small = cv2.resize(canvas, (int(w * factor), int(h * factor)), interpolation=cv2.INTER_AREA)
        canvas = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    cv2.scaleAdd(_noise(rng, h, w), float(rng.uniform(1.0, 7.0)), canvas, dst=canvas)
    out = np.clip(canvas, 0, 255, out=canvas).astype(np.uint8)
    if rng.random() < 0.8:
        out = jpeg(rng, out)
    return out
