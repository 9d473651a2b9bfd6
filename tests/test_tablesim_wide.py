"""The widened simulator: its zones hold what it draws, and the default simulator films exactly as before."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import cv2
import numpy as np

from vision.calibration import parse_calibration
from vision.tablesim.board import picture_quad
from vision.tablesim.look import CHIP_PALETTE, draw_look
from vision.tablesim.record import filmed_truth, record_deal
from vision.tablesim.scene import CARD_H, CARD_W, SceneConfig, TableScene
from vision.tablesim.layout import BODY_SPACING, rotated_rect, seats
from vision.tablesim.script import deal_script
from vision.tablesim.wide import WideScene

PLAYERS = ("Anne", "Bruno", "Chloé", "Denis")
QUICK = dict(size=(320, 180), mat_px=140.0, render_scale=150.0, frames_in=3, frames_hold=1, frames_out=3,
             frames_still=4)
DEFAULT_FILM_SHA256 = "1e1a69490d8c51df36311966cb01a754e2a9c6d1eb3a1bcf6e5965515e24c997"
"""Frames, truth and calib.json of the QUICK seed-5 film, as the simulator made them before it was widened."""


def _inside(poly: list, pts: np.ndarray) -> bool:
    contour = np.array(poly, np.float32)
    return all(cv2.pointPolygonTest(contour, (float(x), float(y)), False) >= 0 for x, y in pts)


def _seed(want) -> int:
    return next(s for s in range(500) if want(draw_look(s)))


def test_the_default_config_films_exactly_as_before() -> None:
    assert SceneConfig().look is None
    script = deal_script(("Anne", "Bruno", "Chloé"), "Anne", seed=5, max_cards=2)
    scene = TableScene(script, SceneConfig(seed=5, **QUICK))
    digest = hashlib.sha256()
    for frame in scene.frames():
        digest.update(frame.tobytes())
    digest.update(repr([(t.frame, t.event) for t in scene.truth]).encode())
    digest.update(repr(scene.calibration_json()).encode())
    assert digest.hexdigest() == DEFAULT_FILM_SHA256


def test_every_dimension_is_drawn_from_the_seed() -> None:
    looks = [draw_look(s) for s in range(80)]
    assert draw_look(7) == looks[7] and looks[7] != looks[8]
    assert {lk.mat for lk in looks} == {True, False}
    assert {lk.tray.shape for lk in looks if lk.tray} == {"card", "square", "round"}
    assert {lk.table for lk in looks} == {"felt", "wood", "cloth", "plain"}
    assert min(lk.tilt for lk in looks) < 8 and max(lk.tilt for lk in looks) > 38
    assert all(0 <= lk.tilt <= 45 and 2 <= len(lk.chip_colours) <= 4 for lk in looks)
    assert any(CHIP_PALETTE[0] in lk.chip_colours for lk in looks)
    assert all(2 <= lk.pile_cards <= 8 for lk in looks)


def test_neighbours_on_one_edge_sit_a_body_apart_however_close_their_places() -> None:
    import random

    crowded = 0
    for seed in range(40):
        placed = seats(("Anne", "Bruno", "Chloé", "Denis", "Emma"), random.Random(seed))
        ring = list(placed.values())
        for a, b in zip(ring, ring[1:] + ring[:1]):
            if a.normal != b.normal:
                continue
            t = np.array(a.tangent)
            places = abs(float(np.dot(b.edge, t) - np.dot(a.edge, t)))
            bodies = abs(float(np.dot(b.edge, t) + b.shift - np.dot(a.edge, t) - a.shift))
            assert bodies >= BODY_SPACING - 1e-6
            crowded += places < BODY_SPACING
    assert crowded > 5


def test_board_pictures_and_chips_lie_inside_the_drawn_box_zones() -> None:
    seed = _seed(lambda lk: not lk.mat and lk.tray.shape != "round" and CHIP_PALETTE[0] in lk.chip_colours)
    script = deal_script(PLAYERS, "Anne", seed=seed, max_cards=2)
    scene = WideScene(script, SceneConfig.widened(seed, "plain", (640, 360)))
    calib = scene.calibration_json()
    parse_calibration(calib, PLAYERS)
    stacked = 0
    for name, box in scene.boxes.items():
        assert _inside(calib["boxes"][name], scene.plane_to_image(picture_quad(box)))
        chips = scene.chips[name]
        centres = scene.plane_to_image(np.array([(c.x, c.y) for c in chips]))
        assert len(chips) >= 4 and _inside(calib["boxes"][name], centres)
        stacked += sum(c.level > 0 for c in chips)
        others = [b for b in scene.boxes if b != name]
        assert not any(_inside(calib["boxes"][o], scene.plane_to_image(np.array([box.centre]))) for o in others)
    assert stacked > 0


def test_a_tilted_camera_zones_contain_every_card_laid() -> None:
    seed = _seed(lambda lk: not lk.mat and lk.tilt > 30)
    script = deal_script(PLAYERS, "Anne", seed=seed, max_cards=2)
    scene = WideScene(script, SceneConfig.widened(seed, "plain", (640, 360)))
    calib = scene.calibration_json()
    mat_edges = scene.plane_to_image(np.array([[0, 0], [1, 0], [1, 0.7], [0, 0.7]]))
    top, bottom = np.linalg.norm(mat_edges[1] - mat_edges[0]), np.linalg.norm(mat_edges[2] - mat_edges[3])
    left, right = np.linalg.norm(mat_edges[3] - mat_edges[0]), np.linalg.norm(mat_edges[2] - mat_edges[1])
    assert max(top / bottom, bottom / top, left / right, right / left) > 1.1  # perspective, not a flat view
    for _ in scene.frames():
        pass
    assert len(scene.pile) == len(script.plays)
    for placed in scene.pile:
        corners = rotated_rect(placed.centre, CARD_W, CARD_H, -placed.angle)
        assert _inside(calib["pile"], scene.plane_to_image(corners))
    for placed_player, cards in ((a.player, a.cards) for a in script.actions if a.kind == "showdown"):
        shown = [p for p in scene.shown if p.card in cards]
        assert _inside(calib["seats"][placed_player], scene.plane_to_image(np.array([p.centre for p in shown])))


def test_a_widened_deal_on_disk_carries_its_calibration(tmp_path: Path) -> None:
    seed = _seed(lambda lk: not lk.mat)
    players = PLAYERS + ("Emma",)
    script = deal_script(players, "Anne", seed=seed)
    config = SceneConfig.widened(seed, "plain", (320, 180), fps=10.0)
    stem = tmp_path / "wide"
    scene = record_deal(stem, script, config, progress=False)
    doc = json.loads(stem.with_suffix(".script.json").read_text(encoding="utf-8"))
    assert doc["widened"] is True and doc["mat"] is False
    calib = parse_calibration(json.loads(stem.with_suffix(".calib.json").read_text(encoding="utf-8")), players)
    assert calib.view_size[0] <= 321 and calib.view_size[1] <= 181
    assert filmed_truth(stem, script, config) == scene.truth
    assert filmed_truth(stem, script, SceneConfig(seed=seed, design="plain", size=(320, 180))) is None


def test_the_light_shifts_during_the_deal_on_a_still_table() -> None:
    seed = _seed(lambda lk: lk.light_swing > 0.08)
    script = deal_script(PLAYERS, "Anne", seed=seed, max_cards=2)
    scene = WideScene(script, SceneConfig.widened(seed, "plain", (320, 180)))
    levels = []
    for second in range(0, 120, 4):
        scene.frame_index = int(second * scene.config.fps)
        levels.append(float(scene.render([]).mean()))
    assert (max(levels) - min(levels)) / max(levels) > 0.05
