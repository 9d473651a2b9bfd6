"""Edge-junction corners on drawn still images: the corners a brightness mask cannot separate."""

from __future__ import annotations

import cv2
import numpy as np

from vision.recognise.junctions import junction_frames
from vision.recognise.locate import card_mask, locate_corners

CARD = (235, 238, 240)
EDGE = (150, 150, 155)  # a printed border / soft shadow line, as cards on cards show it


def _draw_card(image: np.ndarray, centre: tuple[float, float], angle: float, size=(90, 128)) -> np.ndarray:
    quad = cv2.boxPoints((centre, size, angle))
    pts = np.round(quad).astype(np.int32)
    cv2.fillPoly(image, [pts], CARD, cv2.LINE_AA)
    cv2.polylines(image, [pts], True, EDGE, 2, cv2.LINE_AA)
    return quad


def _found(frames, corner: np.ndarray, along: np.ndarray, tolerance_px: float = 4.0) -> bool:
    along = along / np.linalg.norm(along)
    return any(np.linalg.norm(np.array(f.origin) - corner) < tolerance_px and np.dot(f.x_dir, along) > 0.95
               for f in frames)


def _top_left(quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The corner of a boxPoints quad nearest the image's top-left, and the edge running clockwise from it."""
    k = int(np.argmin(quad.sum(axis=1)))
    return quad[k], quad[(k + 1) % 4] - quad[k]


def test_a_card_lying_on_a_card_has_its_corner_found_on_the_white_below() -> None:
    image = np.full((400, 500, 3), (40, 90, 60), np.uint8)
    _draw_card(image, (200, 200), 8.0)
    top = _draw_card(image, (245, 215), 8.0)
    corner, edge = _top_left(top)
    # The corner sits on the lower card's white: the brightness mask has no outline there.
    assert card_mask(image)[int(corner[1]) + 3, int(corner[0]) + 3] > 0
    assert card_mask(image)[int(corner[1]) - 3, int(corner[0]) - 3] > 0
    frames = junction_frames(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    assert _found(frames, corner, edge)
    assert _found(locate_corners(image), corner, edge)


def test_a_card_on_a_pale_table_is_found_by_its_edges() -> None:
    image = np.full((400, 500, 3), (215, 220, 228), np.uint8)  # a table nearly as pale as the cards
    quad = _draw_card(image, (250, 200), -23.0)
    assert card_mask(image)[10, 10] > 0  # the brightness mask takes the table for card stock
    corner, edge = _top_left(quad)
    assert _found(locate_corners(image), corner, edge)


def test_a_blank_table_has_no_junctions() -> None:
    rng = np.random.default_rng(3)
    image = np.clip(rng.normal(100, 12, (300, 400)), 0, 255).astype(np.uint8)
    assert junction_frames(cv2.GaussianBlur(image, (5, 5), 0)) == []
