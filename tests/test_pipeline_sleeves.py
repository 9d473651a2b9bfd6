"""Whose sleeve: an arm that enters in front of a neighbour is credited by what it wears, when that is known."""

from __future__ import annotations

import cv2
import numpy as np

from vision.attribute import ArmTracker
from vision.sleeves import SleeveBook, sleeve_colour

SHAPE = (180, 320)
TABLE = (60, 110, 40)      # green felt (BGR)
TEAL, BROWN = (150, 140, 30), (40, 60, 120)


def _table() -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """Bruno and Chloé side by side on the right edge, Bruno's zone nearer the top where the arms come in."""
    seats = {name: np.zeros(SHAPE, np.uint8) for name in ("Anne", "Bruno", "Chloé")}
    seats["Anne"][5:30, 100:220] = 255
    seats["Bruno"][20:90, 270:315] = 255
    seats["Chloé"][95:170, 270:315] = 255
    pile = np.zeros(SHAPE, np.uint8)
    pile[70:120, 100:160] = 255
    return seats, {"pile": pile}


def _reach(tracker: ArmTracker, sleeve: tuple[int, int, int], light: float = 1.0) -> None:
    """An arm from the right edge at y=60 (in front of Bruno's zone) to the pile, in `sleeve`, under `light`."""
    frame = np.full((*SHAPE, 3), TABLE, np.uint8)
    mask = np.zeros(SHAPE, np.uint8)
    cv2.line(frame, (319, 60), (150, 95), sleeve, 15)
    cv2.line(mask, (319, 60), (150, 95), 255, 15)
    tracker.feed(mask, np.clip(frame.astype(np.float64) * light, 0, 255).astype(np.uint8))


def test_an_arm_in_front_of_a_neighbour_wearing_another_colour_is_the_other_neighbour_s() -> None:
    seats, targets = _table()
    tracker = ArmTracker(seats, targets, seats)
    for _ in range(2):   # Bruno's own plays: brown
        tracker.reset()
        _reach(tracker, BROWN)
        assert tracker.attribute("pile", list(seats)).player == "Bruno"
        tracker.remember("pile", "Bruno")
    tracker.reset()
    _reach(tracker, TEAL)
    assert tracker.attribute("pile", list(seats)).player == "Chloé"


def test_without_what_the_named_player_wears_the_geometry_stands() -> None:
    seats, targets = _table()
    tracker = ArmTracker(seats, targets, seats)
    tracker.remember("pile", "Bruno")   # nothing seen yet: remembers nothing
    _reach(tracker, TEAL)
    tracker.remember("pile", "Bruno")   # one play is not yet "what Bruno wears"
    tracker.reset()
    _reach(tracker, BROWN)
    assert tracker.attribute("pile", list(seats)).player == "Bruno"


def test_the_same_sleeve_under_dimmer_light_is_still_the_same_player_s() -> None:
    seats, targets = _table()
    tracker = ArmTracker(seats, targets, seats)
    for light in (1.0, 0.95):
        tracker.reset()
        _reach(tracker, BROWN, light)
        tracker.remember("pile", "Bruno")
    tracker.reset()
    _reach(tracker, BROWN, 0.55)   # a cloud: table and sleeve both darker
    assert tracker.attribute("pile", list(seats)).player == "Bruno"


def test_what_a_player_wears_is_what_most_of_their_plays_agree_on() -> None:
    book = SleeveBook()
    brown, teal = np.log(np.array([2.0, 0.5, 0.5])), np.log(np.array([0.5, 2.0, 2.0]))
    book.remember("Bruno", teal)             # a neighbour's play credited to Bruno by mistake
    assert book.worn("Bruno") is None
    book.remember("Bruno", brown)
    assert book.worn("Bruno") is None        # one against one: not known
    book.remember("Bruno", brown + 0.05)
    assert book.contradicts("Bruno", teal) and not book.contradicts("Bruno", brown)


def test_a_sleeve_colour_is_relative_to_the_table_under_the_same_light() -> None:
    frame = np.full((40, 60, 3), TABLE, np.uint8)
    frame[10:20, 40:60] = BROWN
    arm = np.zeros((40, 60), np.uint8)
    arm[10:20, 40:60] = 255
    root = np.argwhere(arm > 0)[:, ::-1].astype(np.float64)
    bright = sleeve_colour(frame, arm, root)
    dim = sleeve_colour((frame * 0.5).astype(np.uint8), arm, root)
    assert bright is not None and dim is not None
    assert np.abs(bright - dim).max() < 0.05
    assert sleeve_colour(frame, arm, root[:5]) is None   # too few pixels to tell
