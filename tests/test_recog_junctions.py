"""Edge-junction corners on drawn still images: the corners a brightness mask cannot separate."""

from __future__ import annotations

import cv2
import numpy as np

from vision.recognise.junctions import junction_frames
from vision.recognise.locate import card_mask, locate, locate_corners

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


def _column_of_two(index_px: int) -> np.ndarray:
    """Two landscape cards (short side 90 px) laid as a column, the lower one on top showing its top strip: its index
    (a dark block `index_px` wide) is printed right at its top-right corner, where it breaks the card's top edge."""
    image = np.full((300, 500, 3), (40, 90, 60), np.uint8)
    _draw_card(image, (250, 100), 0.0, size=(128, 90))
    _draw_card(image, (250, 130), 0.0, size=(128, 90))
    cv2.rectangle(image, (312 - index_px, 80), (308, 100), (40, 40, 190), -1)
    return image


def test_a_strip_s_corner_whose_edge_its_index_breaks_is_found_once_the_card_size_is_known() -> None:
    """Deal 220021: the 7♥ laid in a column between the 5♦ and the Q♥ showed its index only at its strip's corner,
    where the index and a pip of the card above broke its top edge 0.27 of a short side short of the corner."""
    image = _column_of_two(index_px=24)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    corner, down = np.array([313.0, 85.0]), np.array([0.0, 1.0])
    assert not _found(junction_frames(gray), corner, down)
    assert _found(junction_frames(gray, card_short=90.0), corner, down)
    assert not _found(locate_corners(image), corner, down)
    assert _found(locate(image, card_short=90.0).frames, corner, down)


def test_strokes_shorter_than_a_card_edge_meet_only_within_the_usual_gap() -> None:
    """An index's or a pip's strokes are no card edges: their ends far from another line meet nothing, whatever the
    card size."""
    image = np.full((300, 400, 3), (40, 90, 60), np.uint8)
    cv2.line(image, (100, 150), (130, 150), (235, 238, 240), 2)     # a third of a short side, far below the next
    cv2.line(image, (160, 100), (160, 200), (235, 238, 240), 2)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    assert junction_frames(gray) == []
    assert junction_frames(gray, card_short=90.0) == []
