"""Stages on tables the simulator was not made for: an arm whose skin matches the table, one that enters the
picture between two tapped seats, a hand paused over a large picture, footage from another simulator."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.attribute import ArmTracker, outward
from vision.boxes import polygon_mask
from vision.gate import MotionGate
from vision.locate import CardLocation, locate_new_card
from vision.pile import PileWatcher
from vision.tablesim.footage import FootageError, read_folder
from vision.tablesim.truth import expected_missed_calls, false_alarms

SHAPE = (180, 320)


def _zones() -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    seats = {name: np.zeros(SHAPE, np.uint8) for name in ("Ines", "Pierre", "Chloe")}
    seats["Ines"][5:30, 100:220] = 255      # top
    seats["Pierre"][40:140, 5:40] = 255     # left
    seats["Chloe"][40:140, 280:315] = 255   # right
    pile = np.zeros(SHAPE, np.uint8)
    pile[70:120, 130:190] = 255
    return seats, {"pile": pile}


def test_an_arm_seen_only_in_pieces_is_followed_along_the_corridor_it_swept() -> None:
    """Skin the colour of the table shows only the sleeve and the fingertips: the fingertips on the pile point
    anywhere (here to the right), but the pieces seen over the motion sweep one corridor from the top seat."""
    seats, targets = _zones()
    tracker = ArmTracker(seats, targets, seats)
    pieces = [((160, 0), (160, 14)), ((160, 0), (160, 28)), ((160, 0), (160, 40)),   # the sleeve coming down
              ((160, 44), (170, 60)), ((166, 58), (180, 72)), ((172, 74), (200, 80))]  # then only fingertips
    for start, end in pieces:
        frame = np.zeros(SHAPE, np.uint8)
        cv2.line(frame, start, end, 255, 7)
        tracker.feed(frame)
    assert tracker.attribute("pile", ["Ines", "Pierre", "Chloe"]).player == "Ines"


@pytest.mark.parametrize("card_length", [None, 20.0])
def test_motion_wholly_inside_the_pile_zone_points_to_no_seat(card_length: float | None) -> None:
    """As deal 61007 of the widened benchmark: an arm the colour of the wooden table shows only as a thin piece coming
    down from Ines's place; then it holds still while her hand and card move within the pile zone, their far end on
    the side of Bruno, who sits opposite. That motion says nothing of where the arm comes from: the piece of arm
    crossing the zone's edge does."""
    seats, targets = _zones()
    seats["Bruno"] = np.zeros(SHAPE, np.uint8)
    seats["Bruno"][150:175, 100:220] = 255   # bottom, opposite Ines
    tracker = ArmTracker(seats, targets, seats)
    tracker.card_length = card_length
    sleeve = np.zeros(SHAPE, np.uint8)
    cv2.line(sleeve, (160, 0), (160, 72), 255, 3)
    tracker.feed(sleeve)
    for shift in range(4):                        # hand and card settling, lower in the zone each frame
        frame = np.zeros(SHAPE, np.uint8)
        frame[86 + shift:116 + shift, 148:172] = 255
        tracker.feed(frame)
    assert tracker.attribute("pile", ["Ines", "Pierre", "Chloe", "Bruno"]).player == "Ines"


def test_an_arm_entering_the_picture_between_two_seats_belongs_to_the_nearer() -> None:
    seats = {name: np.zeros(SHAPE, np.uint8) for name in ("Rose", "Pierre")}
    seats["Rose"][5:30, 10:120] = 255
    seats["Pierre"][5:30, 200:310] = 255
    pile = np.zeros(SHAPE, np.uint8)
    pile[100:150, 60:120] = 255
    tracker = ArmTracker(seats, {"pile": pile}, seats)
    arm = np.zeros(SHAPE, np.uint8)
    cv2.line(arm, (90, 125), (180, 0), 255, 9)   # leaves the top edge at x=180: 20 px from Pierre, 60 from Rose
    tracker.feed(arm)
    assert tracker.attribute("pile", ["Rose", "Pierre"]).player == "Pierre"


def _side_by_side() -> tuple[ArmTracker, np.ndarray]:
    """Bruno and Chloé sit side by side at the top edge; Bruno reaches for the pile at the right, his arm slanting
    in through the gap next to Chloé's place (it leaves the picture 2 px from her place, 12 px from his)."""
    seats = {name: np.zeros(SHAPE, np.uint8) for name in ("Bruno", "Chloé", "Anne")}
    seats["Bruno"][0:30, 40:140] = 255
    seats["Chloé"][0:30, 154:254] = 255
    seats["Anne"][150:180, 100:200] = 255
    pile = np.zeros(SHAPE, np.uint8)
    pile[100:150, 250:300] = 255
    tracker = ArmTracker(seats, {"pile": pile}, seats)
    arm = np.zeros(SHAPE, np.uint8)
    cv2.line(arm, (270, 125), (152, 0), 255, 9)   # from the pile, up and to the left
    return tracker, arm


def test_a_slanting_arm_is_followed_to_the_shoulder_it_comes_from_once_cards_give_the_scale() -> None:
    """Extended five card lengths beyond the places, the arm's line passes Bruno's shoulder, not Chloé's."""
    tracker, arm = _side_by_side()
    tracker.feed(arm)
    assert tracker.attribute("pile", ["Bruno", "Chloé", "Anne"]).player == "Chloé"   # where it leaves the picture
    tracker.card_length = 20.0
    verdict = tracker.attribute("pile", ["Bruno", "Chloé", "Anne"])
    assert verdict.player == "Bruno"
    assert verdict.nearby[:2] == ("Bruno", "Chloé") and verdict.margin > 20


def test_a_place_drawn_square_points_away_from_the_play() -> None:
    """A square place gives no table edge: its player sits beyond it on the line from the play's middle."""
    zone = np.zeros(SHAPE, np.uint8)
    zone[10:50, 10:50] = 255
    middle, away = outward(zone, np.array([130.0, 130.0]))
    assert np.allclose(middle, [29.5, 29.5])
    assert np.allclose(away, [-np.sqrt(0.5), -np.sqrt(0.5)], atol=0.02)
    long_place = np.zeros(SHAPE, np.uint8)
    long_place[10:40, 10:110] = 255   # drawn along the top edge: its player sits above it, whatever the play's side
    assert np.allclose(outward(long_place, np.array([200.0, 130.0]))[1], [0.0, -1.0], atol=0.02)


def test_a_paused_arm_keeps_the_table_unsettled_once_the_card_size_is_known() -> None:
    """On a camera picture a short piece of arm is a tiny share of everything outside the zones; measured in
    cards, it is a hand still there."""
    play = np.full(SHAPE, 255, np.uint8)
    gate = MotionGate(play)
    empty = np.full(SHAPE, 90, np.uint8)
    for _ in range(6):
        gate.feed(empty)
    with_arm = empty.copy()
    cv2.rectangle(with_arm, (150, 120), (162, 150), 200, -1)   # 13 x 31 px: 0.7 % of the picture
    assert not gate.hand_present(with_arm)
    gate.card_px = 20 * 28
    assert gate.hand_present(with_arm)


def _footage(folder: Path) -> None:
    writer = cv2.VideoWriter(str(folder / "deal_01.mp4"), cv2.VideoWriter_fourcc(*"mp4v"), 15, (64, 48))
    for _ in range(3):
        writer.write(np.zeros((48, 64, 3), np.uint8))
    writer.release()
    square = [[1, 1], [10, 1], [10, 10], [1, 10]]
    doc = {"players": ["Ana", "Ben", "Cy"], "dealer": "Cy", "fps": 15, "chips_start": {"Ana": 100},
           "calibration": {"pile": square, "boxes": {b: square for b in ("10D", "JC", "QS", "KH", "7D")},
                           "seats": {p: square for p in ("Ana", "Ben", "Cy")}},
           "plays": [{"t": 1.0, "player": "Ana", "card": "QS", "call": True},
                     {"t": 2.0, "player": "Ben", "card": "KH", "call": False}],
           "sweeps": [{"box": "QS", "player": "Ana", "t_start": 1.2, "t_end": 1.6}],
           "remaining": {"Ben": ["2C"], "Cy": ["3D", "4D"]}, "winner": "Ana"}
    (folder / "deal_01.json").write_text(json.dumps(doc), encoding="utf-8")


def test_footage_is_read_as_a_script_and_timed_truth(tmp_path: Path) -> None:
    _footage(tmp_path)
    [deal] = read_folder(tmp_path)
    kinds = [(a.kind, a.player, a.card or a.box) for a in deal.script.actions]
    assert kinds[:3] == [("play", "Ana", "QS"), ("sweep", "Ana", "QS"), ("play", "Ben", "KH")]
    assert [(t.frame, t.event["type"]) for t in deal.truth] == [(15, "card_played"), (24, "box_swept"),
                                                              (30, "card_played")]
    events = [{"t": 1.2, "type": "card_played", "card": "QS", "player": "Ana"},
              {"t": 1.6, "type": "box_swept", "box": "QS", "player": "Ana"},
              {"t": 2.2, "type": "card_played", "card": "KH", "player": "Ben"},
              {"t": 2.4, "type": "call_missed", "card": "QS", "player": "Ana"}]
    assert expected_missed_calls(deal.script) == [("KH", "Ben")]
    assert false_alarms(deal.script, events) == [("QS", "Ana")]   # the Q♠ was swept: reporting it missed accuses Ana


@pytest.mark.parametrize("damage", ["no video", "bad json", "empty"])
def test_a_broken_footage_folder_is_one_clear_error(tmp_path: Path, damage: str) -> None:
    _footage(tmp_path)
    if damage == "no video":
        (tmp_path / "deal_01.mp4").unlink()
        (tmp_path / "deal_02.json").write_text("{}", encoding="utf-8")
        (tmp_path / "deal_02.mp4").write_bytes(b"")
    elif damage == "bad json":
        (tmp_path / "deal_01.json").write_text("{\"players\": ", encoding="utf-8")
    else:
        for f in tmp_path.iterdir():
            f.unlink()
    with pytest.raises(FootageError, match="deal_0|holds no"):
        read_folder(tmp_path)


def test_a_hand_as_bright_as_the_table_is_seen_in_colour() -> None:
    """Skin and a grey cloth can be equally bright: the hand test compares colours when it has them."""
    play = np.full(SHAPE, 255, np.uint8)
    table = np.full((*SHAPE, 3), (120, 120, 120), np.uint8)
    with_arm = table.copy()
    cv2.rectangle(with_arm, (100, 60), (220, 110), (70, 105, 165), -1)  # BGR skin, grey level about 120
    grey = cv2.cvtColor(with_arm, cv2.COLOR_BGR2GRAY)
    assert abs(int(grey[80, 150]) - 120) < 10
    for colour in (False, True):
        gate = MotionGate(play)
        for _ in range(6):
            gate.feed(cv2.cvtColor(table, cv2.COLOR_BGR2GRAY), table if colour else None)
        seen = with_arm if colour else grey
        assert gate.hand_present(seen) is colour


def test_a_card_found_only_once_the_hand_resting_on_it_has_gone() -> None:
    """The first card with a hand still on it is no card-shaped change; the view before it is kept, so the next
    settled view, the card alone, is compared with the empty pile and the card is found."""
    polygon = np.array([[10, 10], [250, 10], [250, 250], [10, 250]], np.float64)
    watcher = PileWatcher(polygon, lambda crop: ("AS", 0.99))
    empty = np.full((260, 260), 90, np.uint8)
    watcher.baseline(empty)
    card = empty.copy()
    cv2.rectangle(card, (80, 60), (150, 160), 230, -1)
    with_hand = card.copy()
    cv2.circle(with_hand, (150, 160), 40, 200, -1)
    assert not watcher.settled(with_hand)
    assert watcher.settled(card)
    assert watcher.card_px == pytest.approx(71 * 101, rel=0.1)


def test_a_card_laid_as_the_light_changed_over_the_whole_pile_is_found_alone() -> None:
    """96017 of the widened benchmark: the light rose by a third as a 6♠ landed, so the whole zone changed and the
    card was read from a crop of all of it (Q♦, 0.278). Compared under the same light, the change is the card."""
    zone = np.array([[10, 10], [250, 10], [250, 250], [10, 250]], np.float64)
    watcher = PileWatcher(zone, lambda crop: ("6S", 0.3), confirm_frames=1)
    empty = np.full((260, 260), 120, np.uint8)
    watcher.baseline(empty)
    first = empty.copy()
    cv2.rectangle(first, (40, 40), (110, 140), 190, -1)
    assert watcher.settled(first)
    watcher.read(cv2.cvtColor(first, cv2.COLOR_GRAY2BGR), np.eye(3))
    assert watcher.card_px == pytest.approx(71 * 101, rel=0.1)
    brighter = np.clip(first.astype(np.float32) * 1.3, 0, 255).astype(np.uint8)
    assert np.all(cv2.absdiff(brighter, first)[polygon_mask(first.shape, zone) > 0] > 30)
    cv2.rectangle(brighter, (150, 120), (220, 220), 250, -1)
    assert watcher.settled(brighter)
    assert watcher._location is not None and watcher._location.outline_px == pytest.approx(71 * 101, rel=0.1)
    assert watcher.card_px == pytest.approx(71 * 101, rel=0.1)
    assert np.allclose(watcher._location.corners.mean(axis=0), (185, 170), atol=3)


def _gate_with_a_seat_zone_from(x: int) -> MotionGate:
    """A gate over a pile (x 130-196) with a seat zone from `x` to the right edge of the view, one card 20 x 28 px."""
    play = np.full(SHAPE, 255, np.uint8)
    play[40:120, x:320] = 0
    pile = np.zeros(SHAPE, np.uint8)
    pile[60:110, 130:196] = 255
    play[pile > 0] = 0
    edge = np.zeros(SHAPE, np.uint8)
    edge[0, :] = edge[-1, :] = edge[:, 0] = edge[:, -1] = 255
    gate = MotionGate(play, reach_mask=pile, edge_mask=edge)
    gate.card_px = 20 * 28
    return gate


def test_a_hand_resting_on_the_pile_keeps_the_table_unsettled_though_its_arm_lies_mostly_in_a_seat_zone() -> None:
    """Seat zones drawn up to the pile leave a few pixels of forearm outside the zones, under any area threshold;
    but the changed region still joins the pile to the edge of the view. A card laid alone joins nothing."""
    gate = _gate_with_a_seat_zone_from(200)
    play = gate.play_mask
    empty = np.full(SHAPE, 90, np.uint8)
    for _ in range(6):
        gate.feed(empty)
    card = empty.copy()
    cv2.rectangle(card, (150, 70), (170, 98), 230, -1)
    assert not gate.hand_present(card)
    with_arm = card.copy()
    cv2.rectangle(with_arm, (165, 80), (319, 90), 200, -1)   # 4 px of it between the pile and the seat zone
    assert np.count_nonzero((with_arm != empty) & (play > 0)) < gate.config.hand_cards * gate.card_px
    assert gate.hand_present(with_arm)


def test_an_arm_close_to_the_table_s_colour_still_joins_the_pile_to_the_edge() -> None:
    """Skin a little brighter than the table (above noise, under the "hand outside the zones" contrast) between a
    hand and a sleeve that both stand out: one region all the same."""
    play = np.full(SHAPE, 255, np.uint8)
    pile = np.zeros(SHAPE, np.uint8)
    pile[60:110, 130:196] = 255
    play[pile > 0] = 0
    edge = np.zeros(SHAPE, np.uint8)
    edge[:, -1] = 255
    gate = MotionGate(play, reach_mask=pile, edge_mask=edge)
    empty = np.full(SHAPE, 90, np.uint8)
    for _ in range(6):
        gate.feed(empty)
    arm = empty.copy()
    cv2.rectangle(arm, (165, 80), (200, 86), 200, -1)    # the hand on the pile
    cv2.rectangle(arm, (201, 80), (299, 86), 115, -1)    # forearm: 25 grey levels over the table
    cv2.rectangle(arm, (300, 78), (319, 88), 200, -1)    # the sleeve at the edge
    assert gate.hand_present(arm)


def _gate_settled_on(table: np.ndarray, card_px: float | None) -> MotionGate:
    """A gate whose play is a pile in the middle of the view and whose arms come in at any edge, settled on
    `table`."""
    play = np.full(SHAPE, 255, np.uint8)
    pile = np.zeros(SHAPE, np.uint8)
    pile[60:110, 130:196] = 255
    play[pile > 0] = 0
    edge = np.zeros(SHAPE, np.uint8)
    edge[0, :] = edge[-1, :] = edge[:, 0] = edge[:, -1] = 255
    gate = MotionGate(play, reach_mask=pile, edge_mask=edge)
    for _ in range(6):
        gate.feed(table)
    gate.card_px = card_px
    return gate


@pytest.mark.parametrize("card_px", [None, 20.0 * 28.0])
def test_light_that_dims_the_whole_table_is_no_arm_but_an_arm_under_it_still_is(card_px: float | None) -> None:
    """A cloud darkens every pixel by more than noise: taken off as the light's change, it joins nothing to
    anything; an arm resting on the pile under that light still joins the pile to the edge."""
    empty = np.full(SHAPE, 120, np.uint8)
    gate = _gate_settled_on(empty, card_px)
    ramp = np.linspace(0, 10, SHAPE[1], dtype=np.float32)[None, :]       # the cloud's edge: uneven dimming
    dim = np.clip(empty.astype(np.float32) - 25 - ramp, 0, 255).astype(np.uint8)
    assert not gate.hand_present(dim)
    arm = dim.copy()
    cv2.rectangle(arm, (165, 80), (319, 88), 200, -1)
    assert gate.hand_present(arm)


@pytest.mark.parametrize("card_px", [None, 20.0 * 28.0])
def test_light_that_dims_a_white_mat_on_dark_cloth_is_no_hand_but_an_arm_under_it_still_is(
        card_px: float | None) -> None:
    """Light multiplies: dimmed by a fifth, a white mat loses 50 grey levels where the dark cloth around it loses
    10. Neither the view's nor a neighbourhood's difference explains both; their ratio, the same, does."""
    table = np.full(SHAPE, 50, np.uint8)
    table[30:150, 60:260] = 250                                          # the mat
    gate = _gate_settled_on(table, card_px)
    dim = (table.astype(np.float32) * 0.8).astype(np.uint8)
    assert not gate.hand_present(dim)
    arm = dim.copy()
    cv2.rectangle(arm, (165, 84), (319, 92), 130, -1)                   # skin, from the pile to the edge
    assert gate.hand_present(arm)


def test_a_card_in_a_top_down_view_stretched_by_a_fifth_is_still_card_shaped() -> None:
    """A view made from a loosely drawn board may stretch the table: a 63 x 88 card then shows 1.7 times as long as
    wide (or 1.15 across the stretch); two cards end to end (2.8) are no card."""
    from vision.locate import card_area

    def outline(w: int, h: int) -> np.ndarray:
        return np.array([[[10, 10]], [[10 + w // 2, 10]], [[10 + w, 10]], [[10 + w, 10 + h]], [[10, 10 + h]]],
                        np.int32)

    assert card_area(outline(44, 75)) is not None        # 1.70
    assert card_area(outline(66, 76)) is not None        # 1.15
    assert card_area(outline(44, 123)) is None           # 2.8
    assert card_area(outline(60, 60)) is None            # a square: chips, a box, no card


def test_a_card_s_sides_follow_from_its_measured_area_by_the_standard_card_shape() -> None:
    """The stages that count in card sides take them from the area the pile measured: a 63 x 88 mm card at any scale
    gives back its own sides, and the short side times the long is the area again."""
    from vision.locate import card_long_side, card_short_side

    for px_per_mm in (0.5, 1.0, 2.3):
        area = 63 * px_per_mm * 88 * px_per_mm
        assert card_short_side(area) == pytest.approx(63 * px_per_mm)
        assert card_long_side(area) == pytest.approx(88 * px_per_mm)
        assert card_short_side(area) * card_long_side(area) == pytest.approx(area)


def _stretched_card(stretch: float, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """An empty pile and the same pile with a 63 x 88 card (0.8 px/mm) laid at `angle`, in a view that shows the
    table's x axis `stretch` times too short."""
    before = np.full((240, 320), 60, np.uint8)
    corners = cv2.boxPoints(((200.0, 120.0), (50.4, 70.4), angle)) / [stretch, 1.0]
    after = before.copy()
    cv2.fillConvexPoly(after, np.round(corners).astype(np.int32), 210)
    return before, after


@pytest.mark.parametrize("angle", [0.0, 35.0])
def test_the_first_card_laid_tells_the_stretch_a_board_s_perspective_left_in_doubt(angle: float) -> None:
    """In a view stretched by 40 % across a card, the card is 1.9 times as long as wide (or a parallelogram when
    turned): no card shape, unless the view's doubt is allowed for; the card's own shape then tells the stretch."""
    from vision.locate import locate_new_card

    zone = np.array([[5, 5], [315, 5], [315, 235], [5, 235]], np.float64)
    before, after = _stretched_card(1.4, angle)
    assert locate_new_card(before, after, zone) is None
    loc = locate_new_card(before, after, zone, stretch=None, span=(0.8, 1.5))
    assert loc is not None and loc.stretch == pytest.approx(1.4, rel=0.04)
    assert loc.outline_px == pytest.approx(50.4 * 70.4 / 1.4, rel=0.1)        # a card's area in view pixels
    on_table = loc.corners * [loc.stretch, 1.0]
    sides = np.linalg.norm(np.roll(on_table, -1, axis=0) - on_table, axis=1)
    assert max(sides) / min(sides) == pytest.approx(88 / 63, rel=0.06)


def test_a_pile_watcher_in_a_doubtful_view_measures_the_card_and_the_stretch() -> None:
    zone = np.array([[5, 5], [315, 5], [315, 235], [5, 235]], np.float64)
    before, after = _stretched_card(1.3, 20.0)
    plain = PileWatcher(zone, lambda crop: ("QS", 0.9))
    plain.settled(before)
    assert not plain.settled(after) and plain.card_px is None
    watcher = PileWatcher(zone, lambda crop: ("QS", 0.9), stretch_span=(0.85, 1.4))
    watcher.settled(before)
    assert watcher.settled(after)
    assert watcher.card_px is not None and watcher.stretch == pytest.approx(1.3, rel=0.04)


def _frames_to_settle(gate: MotionGate, view: np.ndarray) -> int:
    """Motion, then `view` held still: how many still frames the gate takes to call it settled (the view then
    stays still a while, so the settle stands)."""
    gate.feed(np.zeros_like(view))
    gate.feed(view)                               # still moving: the frame before was another
    for n in range(1, gate.config.patience_frames + 2):
        if gate.feed(view).settled:
            for _ in range(gate.config.still_frames):
                gate.feed(view)
            return n
    raise AssertionError("never settled")


def test_an_arm_that_rested_across_a_place_leaves_no_ghost_once_gone() -> None:
    """A view settled with an arm resting on the pile across a player's place (accepted after the gate's patience)
    is outvoted by the views before it there, as over the play area: the table is settled as soon as it is still
    once the arm is gone, not only after the patience, at every card that follows."""
    gate = _gate_with_a_seat_zone_from(196)      # drawn up to the pile
    view = np.full(SHAPE, 90, np.uint8)
    still = gate.config.still_frames
    for x in (135, 150, 165):                     # three cards laid, each settled at once
        cv2.rectangle(view, (x, 65), (x + 20, 93), 230, -1)
        assert _frames_to_settle(gate, view.copy()) == still
    with_arm = view.copy()
    cv2.rectangle(with_arm, (170, 80), (319, 90), 200, -1)
    assert _frames_to_settle(gate, with_arm) == gate.config.patience_frames
    cv2.rectangle(view, (140, 75), (160, 103), 230, -1)
    assert _frames_to_settle(gate, view.copy()) == still


def _assert_card_found(location: CardLocation | None, box: tuple[int, int, int, int], rel: float = 0.1,
                       tol: int = 5) -> None:
    """A 60 x 84 px card was located, its outline measured within `rel` and its box within `tol` px of `box`."""
    assert location is not None and location.outline_px == pytest.approx(60 * 84, rel=rel)
    x0, y0 = location.corners.min(axis=0)
    x1, y1 = location.corners.max(axis=0)
    assert abs(x0 - box[0]) < tol and abs(y0 - box[1]) < tol and abs(x1 - box[2]) < tol and abs(y1 - box[3]) < tol


def _white_card_on_a_pale_cloth(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The zone, a pale cloth, and the cloth with a 60 x 84 px card 27 grey levels brighter at (120, 80), no ink."""
    rng = np.random.default_rng(seed)
    zone = np.array([[20, 20], [300, 20], [300, 220], [20, 220]], np.float64)
    before = np.clip(210 + rng.normal(0, 1.5, (240, 320)), 0, 255).astype(np.uint8)
    after = before.copy()
    after[80:164, 120:180] = np.clip(237 + rng.normal(0, 1.5, (84, 60)), 0, 255).astype(np.uint8)
    return zone, before, after


def test_a_first_card_of_nearly_the_table_s_shade_is_found_by_its_faint_outline() -> None:
    """Paper 27 grey levels brighter than a pale cloth: only the card's ink changes by `CHANGE_GREY`, and its hull
    is no card's outline; what changed above the zone's own noise is (deal 49005 of the widened benchmark: white
    cards on a pale cloth, whose first four plays went unread)."""
    zone, before, after = _white_card_on_a_pale_cloth(0)
    for x, y in ((124, 84), (168, 144)):                                        # the two corner indices
        after[y:y + 16, x:x + 8] = 40
    cv2.circle(after, (150, 122), 6, 40, -1)                                    # a pip
    _assert_card_found(locate_new_card(before, after, zone), (120, 80, 180, 164))


def test_a_first_ace_of_nearly_the_table_s_shade_is_found_by_its_faint_outline_whatever_little_ink_it_has() -> None:
    """Deal 70002: the first card, an ace, white on a pale cloth; its two small indices and one pip changed by
    `CHANGE_GREY` 3 % of the card the faint outline showed, under `MIN_CHANGED`: that outline changed all of it."""
    zone, before, after = _white_card_on_a_pale_cloth(3)
    for x, y in ((124, 84), (170, 144)):                                        # two small indices
        after[y:y + 10, x:x + 6] = 40
    cv2.circle(after, (150, 122), 4, 40, -1)                                    # one pip
    _assert_card_found(locate_new_card(before, after, zone), (120, 80, 180, 164))


def test_a_first_card_with_a_corner_on_a_check_of_its_paper_s_shade_is_found_by_its_faint_outline() -> None:
    """Deal 60004 of the widened benchmark: the first card landed with a corner on a white check of a gingham cloth,
    where its paper changed by less than `CHANGE_GREY`; the strong change's hull, that corner cut off, was no card's
    shape, and what changed faintly held fewer than twice its pixels. It reaches beyond that hull as a corner does."""
    rng = np.random.default_rng(2)
    zone = np.array([[20, 20], [300, 20], [300, 220], [20, 220]], np.float64)
    table = np.full((240, 320), 90.0)
    table[20:116, 130:220] = 222                                                # a pale check under its top right
    before = np.clip(table + rng.normal(0, 1.5, table.shape), 0, 255).astype(np.uint8)
    card = table.copy()
    card[60:144, 100:160] = 245                                                 # 60 x 84 px
    for x, y in ((104, 64), (148, 124)):
        card[y:y + 16, x:x + 8] = 40
    cv2.circle(card, (130, 102), 6, 40, -1)
    after = np.clip(card + rng.normal(0, 1.5, table.shape), 0, 255).astype(np.uint8)
    _assert_card_found(locate_new_card(before, after, zone), (100, 60, 160, 144))


def test_a_first_card_of_the_table_s_shade_is_found_by_the_edge_around_it() -> None:
    """Paper of the cloth's own shade once the light brightened: only the card's edge (its border, the shadow it
    casts) and its ink change, so what changed faintly is a ring around unchanged paper, filled to the card it
    closes (deal 56005 of the widened benchmark: a white card on a pale cloth, whose first three plays went
    unread)."""
    rng = np.random.default_rng(1)
    zone = np.array([[20, 20], [300, 20], [300, 220], [20, 220]], np.float64)
    before = np.clip(215 + rng.normal(0, 1.5, (240, 320)), 0, 255).astype(np.uint8)
    after = np.clip(before.astype(np.int16) + 8, 0, 255).astype(np.uint8)      # the light brightened
    cv2.rectangle(after, (120, 80), (179, 163), 195, 2)                          # the edge of a 60 x 84 px card
    for x, y in ((124, 84), (168, 144)):
        after[y:y + 16, x:x + 8] = 40
    cv2.circle(after, (150, 122), 6, 40, -1)
    _assert_card_found(locate_new_card(before, after, zone), (120, 80, 180, 164))


def test_a_first_card_of_the_table_s_shade_is_found_by_an_edge_that_shows_on_three_sides() -> None:
    """Deal 193009 of the widened benchmark: the first card, a white ace on the mat's white pile zone; the light fell
    square on its top edge, which showed no change, so its faint change, the three other sides, closed no outline and
    the play went unread. Three sides of a card's edge are most of its hull's edge."""
    rng = np.random.default_rng(5)
    zone = np.array([[20, 20], [300, 20], [300, 220], [20, 220]], np.float64)
    before = np.clip(249 + rng.normal(0, 1.5, (240, 320)), 0, 255).astype(np.uint8)
    after = before.copy()
    for start, end in (((120, 80), (120, 163)), ((120, 163), (179, 163)), ((179, 163), (179, 80))):
        cv2.line(after, start, end, 232, 2)                                     # left, bottom, right: no top
    for x, y in ((124, 86), (168, 144)):
        after[y:y + 12, x:x + 7] = 40
    cv2.circle(after, (150, 122), 6, 40, -1)
    _assert_card_found(locate_new_card(before, after, zone), (120, 80, 180, 164))


def test_a_first_card_of_the_table_s_shade_is_found_by_its_thin_edge_under_light_that_changed_by_patches() -> None:
    """Deal 71005 of the widened benchmark: a white card on a white cloth while the light changed unevenly (a lamp's
    fall-off, the patches compression brightens at once); its edge, a line a pixel or two wide, changed less than the
    zone's spread of light over it and was no closed outline, so the first three plays went unread. With the
    light taken off patch by patch, the edge closes around the card."""
    rng = np.random.default_rng(4)
    zone = np.array([[20, 20], [300, 20], [300, 220], [20, 220]], np.float64)
    before = np.clip(238 + rng.normal(0, 1.5, (240, 320)), 0, 255)
    patches = cv2.resize(rng.normal(0, 1, (6, 8)), (320, 240), interpolation=cv2.INTER_CUBIC)
    after = before + 6 + 6 * patches / patches.std()                           # the light changed, unevenly
    cv2.rectangle(after, (120, 80), (179, 163), 200, 1)                          # the edge of a 60 x 84 px card
    for x, y in ((124, 84), (168, 144)):
        after[y:y + 16, x:x + 8] = 40
    cv2.circle(after, (150, 122), 6, 40, -1)
    before, after = before.astype(np.uint8), np.clip(after, 0, 255).astype(np.uint8)
    _assert_card_found(locate_new_card(before, after, zone), (120, 80, 180, 164), rel=0.15, tol=6)
