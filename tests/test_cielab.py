"""The numpy CIELAB conversion reads as OpenCV's, so the deck's ink needs no OpenCV colour tables."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.cielab import bgr_to_lab, chroma_of, gained_linear, lightness_of
from vision.deck.classifier import index_inks


def test_it_agrees_with_opencv_within_a_unit() -> None:
    rng = np.random.default_rng(3)
    pixels = np.concatenate([rng.random((5000, 3)), rng.random((500, 3)) * 0.02]).astype(np.float32)
    ours = bgr_to_lab(pixels)
    theirs = cv2.cvtColor(pixels[:, None, :], cv2.COLOR_BGR2LAB)[:, 0, :]
    assert ours.shape == pixels.shape and ours.dtype == np.float32
    assert np.abs(ours - theirs).max() < 1.0


def test_known_colours() -> None:
    white, black, red = bgr_to_lab(np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]]))
    assert white == pytest.approx([100.0, 0.0, 0.0], abs=0.05)
    assert black == pytest.approx([0.0, 0.0, 0.0], abs=0.05)
    assert red == pytest.approx([53.24, 80.09, 67.20], abs=0.3)


def test_values_outside_zero_to_one_are_clipped() -> None:
    assert bgr_to_lab(np.array([[1.5, 2.0, 1.2], [-0.3, -1.0, 0.0]])) == pytest.approx(
        bgr_to_lab(np.array([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])))


def test_a_gain_through_tables_reads_as_the_products_themselves() -> None:
    """Each row's channels scaled by its gain through 256-entry tables (some past 1, so clipped) give exactly the
    CIELAB of the products, and L* alone is the L* of the whole conversion."""
    rng = np.random.default_rng(5)
    pixels = rng.integers(0, 256, (4, 300, 3), dtype=np.uint8)
    gain = rng.uniform(0.8 / 255, 1.4 / 255, (4, 3)).astype(np.float32)
    linear = gained_linear(pixels, gain)
    lightness, fy = lightness_of(linear)
    expected = bgr_to_lab(pixels.astype(np.float32) * gain[:, None, :])
    assert np.array_equal(lightness, expected[..., 0])
    assert np.array_equal(chroma_of(linear, fy), expected[..., 1:])
    assert (pixels * gain[:, None, :] > 1.0).any()   # some products were clipped


def test_the_deck_ink_does_not_build_opencvs_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """`identify --deck` converts no pixel with OpenCV: its first CIELAB conversion costs a start-up and memory."""
    monkeypatch.setattr(cv2, "cvtColor", lambda *a, **k: pytest.fail("OpenCV converted colours"))
    crop = np.full((1, 64, 64, 3), 235, np.uint8)
    crop[0, 10:30, 16:30] = (30, 30, 200)
    assert index_inks(crop)[0, 0] > 10
