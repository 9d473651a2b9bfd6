"""Procedural table surfaces: wood, felt, tablecloth, stone and plain noise textures.

A family plays on whatever table it has: varnished wood, a green card mat, a checked or
white tablecloth (white cards on white cloth is the hard case), laminate. Textures are
made from a seeded generator only (no image files), at the resolution asked for, with
cheap operations (a few upsampled noise grids), so a 1280×720 surface costs milliseconds.
"""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

SURFACE_KINDS = ("wood", "felt", "cloth", "checked", "stone", "noise")


def fractal_noise(rng: np.random.Generator, height: int, width: int, octaves: int = 5,
                  base_cells: int = 4, persistence: float = 0.5) -> np.ndarray:
    """Smooth noise in [0, 1] (float32): random grids at doubling frequencies, upsampled and summed."""
    total = np.zeros((height, width), np.float32)
    amplitude, norm = 1.0, 0.0
    for octave in range(octaves):
        cells = base_cells * 2 ** octave
        grid = rng.random((max(2, cells * height // max(height, width)) + 1, cells + 1), dtype=np.float32)
        total += amplitude * cv2.resize(grid, (width, height), interpolation=cv2.INTER_CUBIC)
        norm += amplitude
        amplitude *= persistence
    total /= norm
    low, high = float(total.min()), float(total.max())
    return (total - low) / max(1e-6, high - low)


def _colourise(value: np.ndarray, dark: np.ndarray, light: np.ndarray) -> np.ndarray:
    v = value[:, :, None]
    return dark[None, None, :] * (1.0 - v) + light[None, None, :] * v


def _jitter(rng: np.random.Generator, colour: tuple[float, float, float], amount: float) -> np.ndarray:
    return np.clip(np.array(colour, np.float32) * rng.uniform(1 - amount, 1 + amount, 3), 0, 255)


def _streaks(rng: np.random.Generator, height: int, width: int, along_x: bool, cells: int) -> np.ndarray:
    """Noise stretched along one axis: wood fibres."""
    shape = (cells, 3) if along_x else (3, cells)
    grid = rng.random(shape, dtype=np.float32)
    return cv2.resize(grid, (width, height), interpolation=cv2.INTER_LINEAR)


def wood(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """Planks of grained wood, light oak to dark walnut, with fibres and plank seams."""
    tones = [((40, 70, 120), (90, 140, 200)), ((20, 40, 75), (55, 95, 150)), ((70, 110, 160), (140, 185, 225)),
             ((25, 30, 45), (60, 75, 100))]
    dark, light = tones[rng.integers(len(tones))]
    dark, light = _jitter(rng, dark, 0.15), _jitter(rng, light, 0.12)
    along_x = bool(rng.random() < 0.5)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    across = ys if along_x else xs
    plank = rng.uniform(0.12, 0.35) * max(height, width)
    warp = fractal_noise(rng, height, width, octaves=4, base_cells=2) * rng.uniform(4, 14)
    frequency = rng.uniform(0.3, 1.0)
    grain = np.abs(np.sin((across + warp) * frequency * (0.8 + 0.4 * fractal_noise(rng, height, width, 2, 2))))
    fibres = _streaks(rng, height, width, along_x, max(8, int((height if along_x else width) / 1.5)))
    value = np.clip(0.45 * grain ** 2 + 0.3 * fibres + 0.25 * fractal_noise(rng, height, width, 3, 2), 0, 1)
    out = _colourise(value, dark, light)
    offset = rng.uniform(0, plank)
    plank_id = np.floor((across + offset) / plank)
    shade = 0.88 + 0.24 * np.mod(plank_id * 0.618, 1.0)
    out *= shade[:, :, None].astype(np.float32)
    seams = np.mod(across + offset, plank) < max(1.0, plank * 0.01)
    out[seams] *= 0.5
    return out


def felt(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """A card-mat felt: saturated green, blue, red or grey with fine fuzz and soft mottling."""
    colours = [(40, 110, 30), (110, 60, 20), (40, 40, 130), (70, 70, 70), (30, 80, 60)]
    base = _jitter(rng, colours[rng.integers(len(colours))], 0.25)
    fuzz = fractal_noise(rng, height, width, octaves=2, base_cells=max(8, width // 6))
    mottle = fractal_noise(rng, height, width, octaves=3, base_cells=3)
    value = 0.85 + 0.15 * fuzz + 0.15 * (mottle - 0.5)
    return base[None, None, :] * value[:, :, None]


def cloth(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """A plain tablecloth (often white or cream) with a fine weave and a few folds."""
    palette = [(235, 238, 240), (200, 225, 235), (90, 60, 150), (150, 120, 60), (60, 60, 170), (180, 180, 180)]
    base = _jitter(rng, palette[rng.integers(len(palette))], 0.1)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    period = rng.uniform(2.5, 5.0)
    weave = 0.5 + 0.25 * (np.sin(xs * 2 * np.pi / period) + np.sin(ys * 2 * np.pi / period))
    folds = fractal_noise(rng, height, width, octaves=2, base_cells=2)
    value = 0.9 + 0.06 * weave + 0.12 * (folds - 0.5)
    return base[None, None, :] * value[:, :, None]


def checked(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """Gingham or striped oilcloth: two colours in bands, a third where they cross."""
    first = _jitter(rng, [(40, 40, 200), (200, 90, 30), (40, 140, 40), (30, 30, 30)][rng.integers(4)], 0.15)
    second = _jitter(rng, (235, 235, 235), 0.05)
    period = rng.uniform(0.03, 0.12) * max(height, width)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    band_x = (np.mod(xs, period) < period / 2).astype(np.float32)
    band_y = (np.mod(ys, period) < period / 2).astype(np.float32) if rng.random() < 0.75 else np.zeros_like(band_x)
    mix = (band_x + band_y) / 2
    out = _colourise(mix, second, first)
    return out * (0.92 + 0.1 * fractal_noise(rng, height, width, 3, 3))[:, :, None]


def stone(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """Marble or laminate: pale base with dark veins from warped noise."""
    base = _jitter(rng, [(220, 220, 215), (180, 190, 200), (60, 60, 60), (200, 210, 225)][rng.integers(4)], 0.08)
    veins = np.abs(np.sin(10 * fractal_noise(rng, height, width, octaves=5, base_cells=2)))
    value = 0.8 + 0.2 * veins
    return base[None, None, :] * value[:, :, None]


def noise(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """Any colourful blotchy texture: keeps the recogniser from relying on a familiar table."""
    a, b = rng.uniform(20, 235, 3).astype(np.float32), rng.uniform(20, 235, 3).astype(np.float32)
    value = fractal_noise(rng, height, width, octaves=int(rng.integers(2, 6)), base_cells=int(rng.integers(2, 12)))
    return _colourise(value, a, b)


_MAKERS: dict[str, Callable[[np.random.Generator, int, int], np.ndarray]] = {
    "wood": wood, "felt": felt, "cloth": cloth, "checked": checked, "stone": stone, "noise": noise,
}


def make_surface(rng: np.random.Generator, height: int, width: int, kind: str | None = None) -> np.ndarray:
    """A BGR uint8 table texture of the given size (kind drawn at random when None)."""
    kind = kind or SURFACE_KINDS[rng.choice(len(SURFACE_KINDS), p=[0.3, 0.15, 0.2, 0.1, 0.1, 0.15])]
    return np.clip(_MAKERS[kind](rng, height, width), 0, 255).astype(np.uint8)
