"""Corner location and crop rectification on drawn still images (no model needed)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.recognise.crops import REGION_X, REGION_Y, corner_crop, crop_transform, frame_from_points
from vision.recognise.locate import locate_corners


def _table_with_card(angle_deg: float, centre=(320, 240), size=(100, 142)) -> tuple[np.ndarray, np.ndarray]:
    image = np.zeros((480, 640, 3), np.uint8)
    image[:] = (40, 110, 50)
    quad = cv2.boxPoints((centre, size, angle_deg))
    cv2.fillPoly(image, [np.round(quad).astype(np.int32)], (235, 238, 240), cv2.LINE_AA)
    return image, quad


@pytest.mark.parametrize("angle", [0.0, 17.0, 45.0, 90.0, 133.0])
def test_every_corner_of_a_lone_card_is_found_with_a_right_handed_frame(angle: float) -> None:
    image, quad = _table_with_card(angle)
    frames = locate_corners(image)
    # Near-copies of a corner may come from both locators; nothing may come from anywhere else.
    assert all(min(np.linalg.norm(np.array(f.origin) - c) for c in quad) < 6.0 for f in frames)
    for corner in quad:
        nearest = min(frames, key=lambda f: np.linalg.norm(np.array(f.origin) - corner))
        assert np.linalg.norm(np.array(nearest.origin) - corner) < 2.0
        x, y = np.array(nearest.x_dir), np.array(nearest.y_dir)
        assert x[0] * y[1] - x[1] * y[0] > 0.9
        frame = nearest.with_scale(100.0)
        inside = np.array(frame.to_image(0.3, 0.3))
        assert cv2.pointPolygonTest(quad.astype(np.float32), tuple(map(float, inside)), False) > 0


def test_a_table_without_cards_gives_no_corner() -> None:
    rng = np.random.default_rng(0)
    image = np.clip(rng.normal(90, 25, (240, 320, 3)), 0, 255).astype(np.uint8)
    assert locate_corners(image) == []


def test_the_crop_puts_the_corner_where_the_region_says() -> None:
    frame = frame_from_points(np.array([50.0, 60.0]), np.array([50.0, 0.0]), np.array([110.0, 60.0]), 80.0)
    matrix = crop_transform(frame, 64)
    u = (0 - REGION_X[0]) / (REGION_X[1] - REGION_X[0]) * 64
    v = (0 - REGION_Y[0]) / (REGION_Y[1] - REGION_Y[0]) * 64
    assert np.allclose(matrix @ np.array([50.0, 60.0, 1.0]), [u, v], atol=1e-3)


def test_the_crop_of_a_turned_card_is_upright() -> None:
    """A glyph drawn at a card's top-left corner reads upright in the crop whatever the card's angle."""
    face = np.full((142, 100, 3), 240, np.uint8)
    face[10:40, 8:14] = 0  # a vertical bar near the top-left corner, in the index area
    reference = None
    for angle in (0, 70, 180, 250):
        rot = cv2.getRotationMatrix2D((50, 71), angle, 1.0)
        rot[:, 2] += (200 - 50, 200 - 71)
        image = cv2.warpAffine(face, rot, (400, 400), borderValue=(40, 110, 50))
        corners = (rot @ np.array([[0, 0, 1], [100, 0, 1], [0, 142, 1]], float).T).T
        frame = frame_from_points(corners[0], corners[1], corners[2], 100.0)
        crop = cv2.cvtColor(corner_crop(image, frame), cv2.COLOR_BGR2GRAY).astype(float)
        if reference is None:
            reference = crop
        assert np.abs(crop - reference).mean() < 12


def test_the_scale_ladder_follows_card_outlines_and_ignores_wider_ones() -> None:
    from vision.recognise.identify import SCALES_PX, scale_ladder

    assert scale_ladder([]) == SCALES_PX
    ladder = scale_ladder([100.0, 120.0])
    assert ladder[0] <= 0.85 * 100.0 + 1e-6 and ladder[-1] >= 1.15 * 120.0 - 1e-6
    assert len(ladder) <= 3
    # A printed box or the board's outline is card-shaped but far too big: it must not stretch the ladder.
    assert scale_ladder([100.0, 120.0, 402.0]) == ladder
    assert scale_ladder([402.0]) == SCALES_PX


def test_a_shown_hand_s_ladder_spans_the_card_size_measured_where_the_outlines_say_otherwise() -> None:
    """A fan on a pale table merges with the table into one outline (deal 56013 of the widened benchmark: 369 px,
    whose short side taken as a card's long side starts the ladder at 221 px, where the cards were 135 px)."""
    from vision.recognise.identify import SCALES_PX, hand_ladder

    assert min(hand_ladder([369.0])) > 1.6 * 135.0                     # the trap
    told = hand_ladder([369.0], 135.0)
    assert min(told) <= 0.85 * 135.0 + 1e-6 and max(told) >= max(hand_ladder([369.0])) - 1e-6
    assert hand_ladder([100.0, 120.0], 160.0) == hand_ladder([100.0, 120.0])  # within half a step: as before
    assert hand_ladder([], 135.0) == SCALES_PX                          # no outline: every size, as before


def test_merging_keeps_row_neighbours_and_drops_rival_names_for_one_card() -> None:
    from vision.recognise.identify import CARD_ASPECT, _merge, _Reading

    def reading(card: str, confidence: float, corner: tuple[float, float], x: tuple[float, float]) -> _Reading:
        origin = np.array(corner, float)
        return _Reading(card, confidence, frame_from_points(origin, origin + x, origin + (-x[1], x[0]), 100.0))

    first = reading("QS", 0.99, (100.0, 100.0), (1.0, 0.0))
    neighbour = reading("JS", 0.95, (118.0, 102.0), (1.0, 0.0))  # the next card of a tight row
    same_corner = reading("QC", 0.93, (103.0, 101.0), (1.0, 0.0))  # the same corner read otherwise
    opposite = reading("9S", 0.92, (200.0, 100.0 + 100.0 * CARD_ASPECT), (-1.0, 0.0))  # the card's other index
    cards = {d.card for d in _merge([first, neighbour, same_corner, opposite], 640, 480)}
    assert cards == {"QS", "JS"}
