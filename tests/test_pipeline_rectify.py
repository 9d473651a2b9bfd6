"""The table plane seen top-down from zones given on a tilted camera's picture (`vision.rectify`)."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision.calibration import CalibrationError, fit_to_frame, parse_calibration
from vision.rectify import board_from_boxes, plane_homography, side_ratio, side_ratio_span

W, H = 1280, 720
BOX = 8.0
"""cm: a box floor's side; the board is 40 x 30 cm with a box in each corner and the 7♦ in the middle."""


def camera(tilt_deg: float, distance: float = 150.0, focal: float = 0.9, yaw_deg: float = 0.0) -> np.ndarray:
    """Table plane (cm) -> picture homography of a camera `tilt_deg` off vertical looking at the origin."""
    t, y = math.radians(tilt_deg), math.radians(yaw_deg)
    k = np.array([[focal * W, 0, W / 2], [0, focal * W, H / 2], [0, 0, 1]])
    down = np.array([[1, 0, 0], [0, 1, 0], [0, 0, -1]], float)
    rx = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    rz = np.array([[math.cos(y), -math.sin(y), 0], [math.sin(y), math.cos(y), 0], [0, 0, 1]])
    r = rx @ rz @ down
    return k @ np.c_[r[:, 0], r[:, 1], [0, 0, distance]]


def project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = np.c_[pts, np.ones(len(pts))] @ h.T
    return p[:, :2] / p[:, 2:]


def square(cx: float, cy: float, side: float) -> np.ndarray:
    s = side / 2
    return np.array([[cx - s, cy - s], [cx + s, cy - s], [cx + s, cy + s], [cx - s, cy + s]])


def board_zones(h: np.ndarray) -> dict:
    centres = {"KH": (-15, -10), "10D": (15, -10), "QS": (-15, 10), "JC": (15, 10), "7D": (0, 0)}
    boxes = {b: project(h, square(x, y, BOX)).round(1).tolist() for b, (x, y) in centres.items()}
    pile = project(h, square(-40, 0, 30)).round(1).tolist()
    seats = {"Anne": project(h, np.array([[-30, 28], [30, 28], [30, 22], [-30, 22]])).round(1).tolist(),
             "Bruno": project(h, np.array([[-55, -20], [-55, 20], [-48, 20], [-48, -20]])).round(1).tolist(),
             "Chloé": project(h, np.array([[30, -26], [-30, -26], [-30, -20], [30, -20]])).round(1).tolist()}
    return {"pile": pile, "boxes": boxes, "seats": seats}


def sides(poly: np.ndarray) -> np.ndarray:
    return np.linalg.norm(np.roll(poly, -1, axis=0) - poly, axis=1)


@pytest.mark.parametrize("tilt,yaw", [(0.0, 0.0), (25.0, 8.0), (45.0, -5.0)])
def test_a_tilted_board_is_seen_top_down(tilt: float, yaw: float) -> None:
    """Up to 45° off vertical the boxes are squares again and a card has a card's shape, from the zones alone."""
    h = camera(tilt, yaw_deg=yaw)
    calib = fit_to_frame(parse_calibration(board_zones(h)), (H, W, 3))
    assert calib.source == "plane"
    for box in calib.zones.boxes.values():
        s = sides(box)
        assert s.max() / s.min() < 1.04
    card = project(calib.homography @ h, square(-40, 0, 1)[:, :] * [6.3, 8.8] + [-40 * 5.3, 0])  # a card in the pile
    ratio = sides(card)
    assert abs(max(ratio) / min(ratio) - 88 / 63) < 0.05
    assert calib.view_size[0] * calib.view_size[1] <= 4 * W * H


def test_the_board_shape_follows_from_the_perspective() -> None:
    h = camera(40.0)
    quad = project(h, np.array([[-15, -10], [15, -10], [15, 10], [-15, 10]]))
    assert side_ratio(quad, (W, H)) == pytest.approx(1.5, rel=0.03)
    # Another camera's focal length, told by the board's two vanishing points; seen squarely (one vanishing point
    # at infinity) it is not told and a webcam's is taken, as above.
    squint = project(camera(40.0, focal=1.3, yaw_deg=12.0), np.array([[-15, -10], [15, -10], [15, 10], [-15, 10]]))
    assert side_ratio(squint, (W, H)) == pytest.approx(1.5, rel=0.03)


def test_boxes_not_in_the_nain_jaune_layout_give_no_board() -> None:
    zones = board_zones(camera(30.0))
    assert board_from_boxes({b: np.array(p) for b, p in zones["boxes"].items()}) is not None
    zones["boxes"]["7D"] = (np.array(zones["boxes"]["7D"]) + [60, 0]).tolist()   # the 7♦ box off the middle
    assert board_from_boxes({b: np.array(p) for b, p in zones["boxes"].items()}) is None
    calib = fit_to_frame(parse_calibration(zones), (H, W, 3))
    assert calib.source == "file" and calib.view_size == (W, H)


def test_board_corners_and_size_can_be_given() -> None:
    h = camera(35.0)
    zones = board_zones(h)
    zones["boxes"]["7D"] = (np.array(zones["boxes"]["7D"]) + [60, 0]).tolist()   # no layout to rely on
    zones["board"] = project(h, np.array([[-20, -15], [20, -15], [20, 15], [-20, 15]])).round(1).tolist()
    zones["board_size"] = [30, 40]                                                 # either way round
    calib = fit_to_frame(parse_calibration(zones), (H, W, 3))
    assert calib.source == "plane"
    board = cv2.perspectiveTransform(np.array(zones["board"], np.float64).reshape(-1, 1, 2),
                                     calib.homography).reshape(-1, 2)
    s = sides(board)
    assert max(s) / min(s) == pytest.approx(40 / 30, rel=0.02)
    for bad in ([30], [30, -1], [30, float("nan")], "big"):
        with pytest.raises(CalibrationError, match="board_size"):
            parse_calibration({**zones, "board_size": bad})
    with pytest.raises(CalibrationError, match="board: expected its 4 corners"):
        parse_calibration({**zones, "board": zones["board"][:3]})


@pytest.mark.parametrize("order", [[0, 1, 2, 3], [2, 3, 0, 1], [3, 2, 1, 0]],
                         ids=["clockwise", "from another corner", "anticlockwise"])
def test_board_corners_in_turn_from_any_corner_either_way_give_one_view(order: list[int]) -> None:
    h = camera(30.0)
    zones = board_zones(h)
    quad = project(h, np.array([[-20, -15], [20, -15], [20, 15], [-20, 15]])).round(1)
    calib = fit_to_frame(parse_calibration({**zones, "board": quad[order].tolist()}), (H, W, 3))
    reference = fit_to_frame(parse_calibration({**zones, "board": quad.tolist()}), (H, W, 3))
    assert calib.source == "plane" and calib.view_size == reference.view_size


@pytest.mark.parametrize(("corners", "words"), [
    ([[100, 100], [500, 400], [500, 100], [100, 400]], "sides cross"),           # tapped out of turn
    ([[100, 100], [500, 100], [300, 150], [100, 400]], "inside or in line"),     # one corner bent inward
    ([[100, 100], [300, 100], [500, 100], [100, 400]], "inside or in line"),     # three corners in a line
])
def test_board_corners_that_are_no_board_are_refused(corners: list[list[int]], words: str) -> None:
    with pytest.raises(CalibrationError, match=f"board: .*{words}"):
        parse_calibration({**board_zones(camera(20.0)), "board": corners})


def test_zones_beyond_the_horizon_keep_the_camera_picture() -> None:
    quad = np.array([[500, 300], [700, 300], [720, 400], [480, 400]], np.float64)
    far = np.array([[600, -5000]], np.float64)      # a "seat" drawn past where the table's lines meet
    assert plane_homography(quad, (W, H), np.vstack([quad, far])) is None


def test_a_small_loosely_drawn_board_keeps_a_webcam_s_focal_length() -> None:
    """Box zones drawn loosely around a board 150 px wide (a widened simulator's deal, camera 55-75° wide): their
    vanishing points alone would make the lens a 3-picture-width telephoto and the board half as wide as it is."""
    boxes = {"10D": [[438, 406], [498, 393], [511, 472], [454, 483]],
             "JC": [[568, 382], [622, 367], [639, 445], [581, 458]],
             "QS": [[534, 230], [588, 220], [604, 290], [549, 301]],
             "KH": [[413, 254], [470, 242], [480, 314], [426, 328]],
             "7D": [[491, 319], [544, 305], [558, 378], [503, 390]]}
    quad = board_from_boxes({b: np.array(p, np.float64) for b, p in boxes.items()})
    assert quad is not None
    assert side_ratio(quad, (W, H)) == pytest.approx(0.28 / 0.36, rel=0.05)   # the mat layout's corner boxes


def test_a_board_s_inferred_proportions_leave_a_doubt_that_a_given_size_removes() -> None:
    """Seen from 40° the board's shape follows from its vanishing points, but only as surely as the focal length
    they give: the view keeps the doubt (how much longer the table may be along x) for the cards to settle."""
    h = camera(40.0, yaw_deg=10.0)
    zones = board_zones(h)
    quad = board_from_boxes({b: np.array(p, np.float64) for b, p in zones["boxes"].items()})
    assert quad is not None
    lo, hi = side_ratio_span(quad, (W, H))
    assert lo < side_ratio(quad, (W, H)) < hi
    assert lo < 30 / 20 < hi                                   # the corner boxes' centres: 30 x 20 cm
    inferred = fit_to_frame(parse_calibration(zones), (H, W, 3))
    assert inferred.stretch_span[0] < 1.0 < inferred.stretch_span[1]
    zones["board"] = project(h, np.array([[-20, -15], [20, -15], [20, 15], [-20, 15]])).round(1).tolist()
    zones["board_size"] = [40, 30]
    assert fit_to_frame(parse_calibration(zones), (H, W, 3)).stretch_span == (1.0, 1.0)
