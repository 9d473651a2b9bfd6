"""Calibration: the mat's markers (some covered, camera bumped) and calib.json validation."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from vision import mat
from vision.calibration import (
    Calibration, CalibrationError, MarkerCalibrator, calibrate_from_markers, fit_to_frame, load_calibration_file,
    parse_calibration,
)
from vision.tablesim.scene import SceneConfig, TableScene
from vision.tablesim.script import deal_script
from vision.watch import WatchConfig, _Pipeline

PLAYERS = ("Anne", "Bruno", "Chloé")


@pytest.fixture(scope="module")
def scene() -> TableScene:
    return TableScene(deal_script(PLAYERS, "Anne", seed=3, max_cards=3), SceneConfig(seed=3))


def _mat_points_in_view(calib, scene: TableScene) -> float:
    """Largest error (view px) of the calibration on the pile and box corners, against the scene's truth."""
    pts = np.vstack([mat.pile_polygon(), *mat.box_polygons().values()])
    truth_view = mat.ViewGeometry(calib.view_size[0] / (mat.MAT_W + 2 * mat.SEAT_BAND)).to_view(pts)
    geometry = mat.ViewGeometry(scene.config.render_scale)
    image_pts = scene.view_to_image(geometry.to_view(pts))
    seen = cv2.perspectiveTransform(image_pts.reshape(-1, 1, 2), calib.homography).reshape(-1, 2)
    return float(np.abs(seen - truth_view).max())


def test_markers_give_a_true_top_down_view(scene: TableScene) -> None:
    calib = calibrate_from_markers(scene.render([]), PLAYERS)
    assert calib.source == "markers"
    assert _mat_points_in_view(calib, scene) < 3.0
    assert set(calib.zones.boxes) == {"10D", "JC", "QS", "KH", "7D"}
    assert set(calib.zones.seats) == set(PLAYERS)


def test_markers_work_with_most_of_them_covered(scene: TableScene) -> None:
    frame = scene.render([]).copy()
    geometry = mat.ViewGeometry(scene.config.render_scale)
    for marker in (0, 1, 2, 3, 5, 7):  # six of eight hidden under hands and cups
        corners = scene.view_to_image(geometry.to_view(mat.marker_corners(marker)))
        x, y, w, h = cv2.boundingRect(corners.astype(np.float32))
        cv2.rectangle(frame, (x - 4, y - 4), (x + w + 4, y + h + 4), (120, 160, 215), -1)
    calibrator = MarkerCalibrator(PLAYERS)
    calib, moved = calibrator.update(frame)
    assert calib is not None and not moved
    assert len(calibrator.detect(frame)[0]) == 8  # two markers, four corners each
    assert _mat_points_in_view(calib, scene) < 4.0


def test_keeps_last_good_view_when_markers_vanish_and_notices_a_bumped_camera(scene: TableScene) -> None:
    frame = scene.render([])
    calibrator = MarkerCalibrator(PLAYERS)
    first, _ = calibrator.update(frame)
    blank = np.full_like(frame, 90)
    kept, moved = calibrator.update(blank)
    assert kept is first and not moved
    bumped = cv2.warpAffine(frame, np.float32([[1, 0, 25], [0, 1, -12]]), (frame.shape[1], frame.shape[0]),
                            borderMode=cv2.BORDER_REPLICATE)
    again, moved = calibrator.update(bumped)
    assert moved and again is not first
    # A table point at (400, 300) before the bump is at (425, 288) after it: both views put it in one place.
    before = cv2.perspectiveTransform(np.float64([[[400.0, 300.0]]]), first.homography)
    after = cv2.perspectiveTransform(np.float64([[[425.0, 288.0]]]), again.homography)
    assert np.abs(before - after).max() < 2.0


def test_no_markers_is_a_clear_error() -> None:
    with pytest.raises(CalibrationError, match="markers are not visible"):
        calibrate_from_markers(np.full((480, 640, 3), 128, np.uint8), PLAYERS)


def _good() -> dict:
    square = lambda x, y: [[x, y], [x + 50, y], [x + 50, y + 50], [x, y + 50]]  # noqa: E731
    return {"pile": square(600, 200),
            "boxes": {b: square(100 + 90 * i, 100) for i, b in enumerate(["10D", "JC", "QS", "KH", "7D"])},
            "seats": {p: square(100 + 200 * i, 600) for i, p in enumerate(PLAYERS)}}


def test_calib_json_accepted_and_fitted_to_the_frame() -> None:
    calib = parse_calibration(_good(), PLAYERS)
    assert calib.source == "file" and calib.zones.pile.shape == (4, 2)
    fitted = fit_to_frame(calib, (720, 1280, 3))
    assert fitted.view_size == (1280, 720)
    with pytest.raises(CalibrationError, match="camera image is only 320x240"):
        fit_to_frame(calib, (240, 320, 3))


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.pop("boxes"), "missing key"),
    (lambda d: d["boxes"].pop("QS"), "missing box"),
    (lambda d: d["boxes"].__setitem__("9H", d["boxes"]["QS"]), "unknown box"),
    (lambda d: d.__setitem__("pile", [[0, 0], [1, 1]]), "at least 3"),
    (lambda d: d.__setitem__("pile", [[0, 0], [10, "a"], [5, 5]]), "point 2"),
    (lambda d: d.__setitem__("pile", [[0, 0], [10, 10], [20, 20]]), "no area"),
    (lambda d: d.__setitem__("pile", [[0, 0], [-10, 10], [20, 20]]), "negative"),
    (lambda d: d["seats"].pop("Chloé"), "no seat zone for player"),
])
def test_calib_json_errors_name_the_problem(mutate, message: str) -> None:
    data = _good()
    mutate(data)
    with pytest.raises(CalibrationError, match=message):
        parse_calibration(data, PLAYERS)


def test_calib_file_errors(tmp_path) -> None:
    with pytest.raises(CalibrationError, match="does not exist"):
        load_calibration_file(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(CalibrationError, match="not valid JSON"):
        load_calibration_file(bad)
    good = tmp_path / "calib.json"
    good.write_text(json.dumps(_good()), encoding="utf-8")
    assert load_calibration_file(good, PLAYERS).zones.seats.keys() == set(PLAYERS)


def test_simulator_calibration_file_matches_the_markers(scene: TableScene) -> None:
    """The calib.json a user would tap and the markers agree on where the pile is."""
    from_file = parse_calibration(scene.calibration_json(), PLAYERS)
    from_markers = calibrate_from_markers(scene.render([]), PLAYERS)
    pile_image = from_markers.to_image(from_markers.zones.pile)
    assert np.abs(pile_image - from_file.zones.pile).max() < 3.0


def test_zones_are_drawn_over_the_camera_picture(scene: TableScene) -> None:
    from vision.calibration import draw_zones

    frame = scene.render([])
    calib = calibrate_from_markers(frame, PLAYERS)
    drawn = draw_zones(frame, calib)
    x, y = np.round(calib.to_image(calib.zones.pile)[0]).astype(int)
    assert tuple(drawn[y, x]) == (0, 200, 255) and tuple(frame[y, x]) != (0, 200, 255)


def _pipeline_measuring_a_card(calib: Calibration) -> _Pipeline:
    """A pipeline on `calib` whose pile has measured one card laid alone."""
    pipeline = _Pipeline(calib, PLAYERS, None, lambda crop: ("AS", 0.99), lambda image: [], None, WatchConfig(),
                         (calib.view_size[1], calib.view_size[0], 3))
    empty = np.full(calib.view_size[::-1], 90, np.uint8)
    card = empty.copy()
    x0, y0 = np.round(calib.zones.pile.mean(axis=0)).astype(int)
    cv2.rectangle(card, (x0 - 45, y0 - 63), (x0 + 45, y0 + 63), 230, -1)     # a card's 90 x 126 px in the mat view
    pipeline.pile.baseline(empty)
    assert pipeline.pile.settled(card)
    return pipeline


@pytest.mark.parametrize("scale", [1.0, 0.5])
def test_a_new_calibration_keeps_the_card_size_measured(scale: float) -> None:
    """A bumped camera re-calibrates; the card measured on the pile keeps its size on the table, so its area in
    the new view is the old one times the ratio of the pile zone's areas (the same stretch of table in both)."""
    calibrator = MarkerCalibrator(PLAYERS)
    calib = Calibration(np.eye(3), calibrator.geometry.size, calibrator.zones, "markers")
    pipeline = _pipeline_measuring_a_card(calib)
    measured = pipeline.pile.card_px
    assert measured == pytest.approx(91 * 127, rel=0.05)
    w, h = calib.view_size
    moved = Calibration(np.diag([scale, scale, 1.0]), (round(w * scale), round(h * scale)),
                        calib.zones.scaled(scale), "markers")
    pipeline.configure(moved, (h, w, 3))
    assert pipeline.pile.card_px == pytest.approx(measured * scale ** 2)


@pytest.mark.parametrize("scale", [1.0, 0.5])
def test_the_gate_measures_a_hand_by_a_box_of_its_view_until_a_card_is_measured(scale: float) -> None:
    """Before the first card the gate counts a hand in a box's area (about a card's), in its own smaller view."""
    calibrator = MarkerCalibrator(PLAYERS)
    w, h = calibrator.geometry.size
    calib = Calibration(np.diag([scale, scale, 1.0]), (round(w * scale), round(h * scale)),
                        calibrator.zones.scaled(scale), "markers")
    pipeline = _Pipeline(calib, PLAYERS, None, lambda crop: ("AS", 0.99), lambda image: [], None, WatchConfig(),
                         (calib.view_size[1], calib.view_size[0], 3))
    box = cv2.contourArea(calibrator.zones.boxes["QS"].astype(np.float32))
    assert pipeline.gate.card_px is None
    assert pipeline.gate.box_px == pytest.approx(box * (scale * pipeline.config.gate_factor) ** 2, rel=0.02)


def test_a_card_size_the_pile_withdraws_is_withdrawn_from_the_gate_and_the_arms() -> None:
    """Deal 186010: the first card's size was measured on a settle its hand revoked, so the pile withdrew it, its
    outline perhaps taking in the hand; the gate and the arm tracker went on counting in it, as if the pile still held
    it. Every stage counts in the one size the pile holds."""
    calibrator = MarkerCalibrator(PLAYERS)
    calib = Calibration(np.eye(3), calibrator.geometry.size, calibrator.zones, "markers")
    pipeline = _pipeline_measuring_a_card(calib)
    view = np.full((*calib.view_size[::-1], 3), 90, np.uint8)
    verdict = None
    while verdict is None:
        verdict = pipeline.pile.read(view, calib.homography)
    pipeline._card_size_measured()
    f = pipeline.config.gate_factor
    assert pipeline.gate.card_px == pytest.approx(pipeline.pile.card_px * f ** 2)
    assert pipeline.arms.card_length is not None
    pipeline.pile.revoked()
    pipeline._card_size_measured()
    assert pipeline.pile.card_px is None
    assert pipeline.gate.card_px is None and pipeline.arms.card_length is None
