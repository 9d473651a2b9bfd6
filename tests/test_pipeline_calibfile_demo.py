"""The bundled demo deal read with its tapped zones (calib.json, no mat markers): every card and every player.

A calib.json view is the camera picture itself, not rectified: cards on the pile are slanted quadrilaterals and
the players' arms reach the picture edge beyond the tapped seats. Both once cost plays and names on this video.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.attribute import ArmTracker
from vision.locate import locate_new_card
from vision.tablesim.demo import demo_recording
from vision.watch import observe, recogniser_model


@pytest.mark.skipif(recogniser_model() is None, reason="the recogniser's model is not installed")
def test_demo_deal_from_its_calib_json_names_every_card_and_player() -> None:
    rec = demo_recording()
    truth = [json.loads(line) for line in Path(rec.truth).read_text(encoding="utf-8").splitlines() if line.strip()]
    events = list(observe(rec.video, rec.calibration, players=rec.players, dealer=rec.dealer, chips=rec.chips))
    played = [(e["card"], e["player"]) for e in events if e["type"] == "card_played"]
    expected = [(e["card"], e["player"]) for e in truth if e["type"] == "card_played"]
    assert played == expected
    assert not [e for e in events if e["type"] == "card_played" and e.get("flags")]
    swept = [(e["box"], e["player"]) for e in events if e["type"] == "box_swept"]
    assert swept == [(e["box"], e["player"]) for e in truth if e["type"] == "box_swept"]
    over = [e for e in events if e["type"] == "deal_over"]
    assert [(e["winner"], e["opera"]) for e in over] == [(e["winner"], e["opera"]) for e in truth
                                                          if e["type"] == "deal_over"]


def test_a_slanted_card_is_cut_along_its_own_sides() -> None:
    """In an unrectified view a card is a trapezoid; its crop corners follow it, not a best-fit rectangle."""
    before = np.full((400, 400), 150, np.uint8)
    upright = cv2.boxPoints(((200, 190), (84, 117), 15.0)).astype(np.float64)
    card = (upright - [200, 190]) @ np.array([[1.0, 0.12], [0.02, 1.0]]).T + [200, 190]  # seen at a slant
    after = before.copy()
    cv2.fillConvexPoly(after, np.round(card * 16).astype(np.int32), 235, cv2.LINE_AA, 4)
    pile = np.array([[100, 60], [320, 60], [320, 320], [100, 320]], np.float64)
    loc = locate_new_card(before, after, pile)
    assert loc is not None
    centre = card.mean(axis=0)
    grown = centre + (card - centre) * 1.03
    errors = [np.linalg.norm(loc.corners - c, axis=1).min() for c in grown]
    assert max(errors) < 3.0  # a rectangle fit misses two corners by 11 px


def test_an_arm_reaching_past_a_tapped_seat_is_followed_back_to_it() -> None:
    """The arm's far end lies beyond the seat zone, at the picture edge: the seat its line crossed counts."""
    shape = (100, 160)
    zone = np.zeros(shape, np.uint8)
    zone[:, 20:40] = 255  # Bruno's tapped seat stops 20 px short of the picture edge
    other = np.zeros(shape, np.uint8)
    other[:, 140:] = 255
    edge = np.zeros(shape, np.uint8)
    edge[:10, 20:25] = 255  # the outer part where evidence is counted, which this arm does not cross
    target = np.zeros(shape, np.uint8)
    target[40:60, 100:120] = 255
    tracker = ArmTracker({"Bruno": edge, "Chloé": other}, {"pile": target}, {"Bruno": zone, "Chloé": other})
    arm = np.zeros(shape, np.uint8)
    arm[47:53, 0:110] = 255
    tracker.feed(arm)
    assert tracker.attribute("pile", ["Bruno", "Chloé"]).player == "Bruno"
