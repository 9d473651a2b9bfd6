"""`identify_image` and `identify_crop` on committed scenes from held-out deck designs.

The scenes in tests/data/identify/ (images/ + labels/, the generator's own output, see
its README.md for the command) come from designs the shipped model never saw; the
answers are the generator's geometric labels: a card is expected when one of its
corner indices shows.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.recognise.classifier import DEFAULT_MODEL

DATA = Path(__file__).resolve().parent / "data" / "identify"
pytestmark = pytest.mark.skipif(not DEFAULT_MODEL.is_file() or not (DATA / "labels").is_dir(),
                                reason="shipped model or committed test scenes missing")


def _scenes() -> list[tuple[np.ndarray, dict]]:
    scenes = []
    for label_file in sorted((DATA / "labels").glob("*.json")):
        image = cv2.imread(str(DATA / "images" / f"{label_file.stem}.jpg"))
        assert image is not None, label_file
        scenes.append((image, json.loads(label_file.read_text())))
    return scenes


def _on_card(box: tuple[float, float, float, float], quad: list[list[float]]) -> bool:
    """The detection's box overlaps the card's outline box (intersection over union above 0.2)."""
    (x1, y1), (x2, y2) = np.min(quad, axis=0), np.max(quad, axis=0)
    ix = max(0.0, min(box[2], x2) - max(box[0], x1))
    iy = max(0.0, min(box[3], y2) - max(box[1], y1))
    union = (box[2] - box[0]) * (box[3] - box[1]) + (x2 - x1) * (y2 - y1) - ix * iy
    return ix * iy / union > 0.2


def test_identify_image_names_the_cards_of_held_out_designs() -> None:
    from vision.recognise.identify import identify_image

    expected_total = found_total = reported_total = right_total = 0
    for image, scene in _scenes():
        detections = identify_image(image)
        codes = [d.card for d in detections]
        assert len(codes) == len(set(codes)), f"{scene['image']}: a card reported twice: {codes}"
        quads = {c["card"]: c["quad"] for c in scene["cards"]}
        right = {d.card for d in detections if d.card in quads and _on_card(d.box, quads[d.card])}
        expected = {c["card"] for c in scene["cards"] if any(ix["visible"] for ix in c["indices"])}
        expected_total += len(expected)
        found_total += len(expected & right)
        reported_total += len(detections)
        right_total += len(right)
    assert expected_total >= 10
    assert found_total / expected_total >= 0.6
    assert right_total / reported_total >= 0.85


def test_identify_crop_names_a_settled_card() -> None:
    from vision.recognise.identify import identify_crop, read_crop

    total = right = 0
    for image, scene in _scenes():
        for card in scene["cards"]:
            if not card["fully_visible"]:
                continue
            quad = np.float32(card["quad"])
            centre = quad.mean(axis=0)
            grown = centre + (quad - centre) * 1.06
            crop = cv2.warpPerspective(image, cv2.getPerspectiveTransform(
                grown, np.float32([[0, 0], [128, 0], [128, 180], [0, 180]])), (128, 180))
            code, confidence = identify_crop(crop)
            total += 1
            right += code == card["card"]
            assert 0.0 <= confidence <= 1.0
            read = read_crop(crop)
            assert (read.card, read.confidence) == (code, confidence)
            assert (read.corner is None) == (code is None)
            if code is not None:
                # The scores rank the cards the corners saw: the named card is among them, as sure as it was read.
                assert read.scores[code] >= confidence - 1e-6
                assert all(0.0 < p <= 1.0 for p in read.scores.values())
            if code == card["card"]:
                # It was read at one of its index corners (top left, bottom right), where the pile measures its ink.
                corners = np.array([64.0, 90.0]) + np.array([[-64.0, -90.0], [64.0, 90.0]]) / 1.06
                off = np.linalg.norm(corners - np.array(read.corner.origin), axis=1).min()
                assert off < 0.1 * 128 / 1.06, (card["card"], read.corner)
    assert total >= 5
    assert right / total >= 0.8


def test_identify_crop_of_bare_table_reads_nothing() -> None:
    from vision.recognise.identify import identify_crop

    rng = np.random.default_rng(1)
    table = np.clip(rng.normal((60, 100, 40), 12, (180, 128, 3)), 0, 255).astype(np.uint8)
    assert identify_crop(table) == (None, 0.0)


@pytest.mark.skipif(not DEFAULT_MODEL.with_name("card-index-gate.onnx").is_file(), reason="gate model missing")
def test_the_gate_turns_down_most_corners_and_hardly_a_card_the_classifier_reads() -> None:
    """The gate exists for speed: it must drop most located corners, and at most one card in twenty
    (at least one allowed per scene) of those the classifier names without it."""
    from vision.recognise import identify
    from vision.recognise.classifier import load_classifier
    from vision.recognise.locate import locate

    classifier, gate = load_classifier(DEFAULT_MODEL), identify.load_gate(DEFAULT_MODEL)
    assert gate is not None and gate.imgsz < classifier.imgsz
    kept_total = located_total = 0
    for image, _ in _scenes():
        location = locate(image)
        scales = identify.scale_ladder(location.card_widths)
        ungated, gated = ({r.card for r in identify._readings(
            *identify._corner_probabilities(image, location.frames, scales, classifier, g), scales, classifier,
            identify.MIN_CONFIDENCE)} for g in (None, gate))
        assert len(ungated - gated) <= max(1, len(ungated) // 20), f"gate lost {ungated - gated}"
        firsts = [scales[k] for k in identify.first_pass(len(scales))]
        kept_total += len(identify._gated(image, location.frames, firsts, gate))
        located_total += len(location.frames)
    assert kept_total < 0.5 * located_total


def test_identify_hand_reads_a_shown_hand_of_a_held_out_design_in_the_seat_zone_pixels() -> None:
    """A loser's row of overlapping cards, filmed by the table simulator in a deck the model never saw."""
    from vision.calibration import calibrate_from_markers
    from vision.recognise.identify import hand_scores, identify_hand
    from vision.showdown import FILL_FLOOR, seat_crop
    from vision.tablesim.scene import SceneConfig, TableScene
    from vision.tablesim.script import deal_script

    decks = pytest.importorskip("vision.synth.decks")
    design = "aisleriot-dondorf"  # held out of training; named, so that only its art is screened (not all decks)
    if design not in {s.name for s in decks.discover_sources()}:
        pytest.skip("deck art packages not installed")
    players = ("Anne", "Bruno", "Chloé")
    table = TableScene(deal_script(players, "Anne", seed=3, max_cards=3), SceneConfig(seed=3, design=design))
    hand = ("2C", "5H", "9S", "JD", "KH", "7C")
    table.shown.extend(table.showdown_poses("Bruno", hand))
    image = table.render([])
    calib = calibrate_from_markers(image, players)
    crop = seat_crop(calib.warp(image), calib.zones.seats["Bruno"])
    detections = identify_hand(crop)
    # The showdown keeps as many of the surest readings as the player holds cards: those must be the hand.
    surest = {d.card for d in sorted(detections, key=lambda d: -d.confidence)[:len(hand)]}
    assert len(surest & set(hand)) >= len(hand) - 1, [(d.card, d.confidence) for d in detections]
    height, width = crop.shape[:2]
    for d in detections:  # boxes are in the zone's own pixels, not the enlarged ones
        x1, y1, x2, y2 = d.box
        assert 0 <= x1 < x2 <= width and 0 <= y1 < y2 <= height
    # The zone's scores, which complete a hand read short: every reading scores at least its confidence,
    # and what could complete this hand above the floor is mostly the hand itself.
    scores = hand_scores(crop)
    assert all(scores.get(d.card, 0.0) >= d.confidence - 1e-6 for d in detections)
    likely = [c for c in sorted(scores, key=lambda c: -scores[c]) if scores[c] >= FILL_FLOOR][:len(hand)]
    assert len(set(likely) & set(hand)) >= len(hand) - 1, sorted(scores.items(), key=lambda kv: -kv[1])[:10]


def test_identify_hand_reads_a_row_whose_cards_merge_into_one_outline_of_card_proportions() -> None:
    """Five cards overlapping in a row make one outline about as wide as a card is tall: the scale ladder
    must still reach the cards' own width (deal 3011 of the pipeline benchmark, where it did not)."""
    from vision.calibration import VIEW_SCALE, calibrate_from_markers
    from vision.recognise.identify import HAND_ENLARGE, _enlarged, identify_hand, scale_ladder
    from vision.recognise.locate import locate
    from vision.showdown import seat_crop
    from vision.tablesim.scene import CARD_W, SceneConfig, TableScene
    from vision.tablesim.script import deal_script

    decks = pytest.importorskip("vision.synth.decks")
    design = "kde-tigullio-international"  # held out of training
    if design not in {s.name for s in decks.discover_sources()}:
        pytest.skip("deck art packages not installed")
    players = ("Anne", "Bruno", "Chloé", "Denis", "Emma")
    hand = ("AD", "4C", "4H", "10H", "KS")
    found = 0
    for seed in (5, 7):
        table = TableScene(deal_script(players, "Anne", seed=seed, max_cards=3), SceneConfig(seed=seed, design=design))
        table.shown.extend(table.showdown_poses("Anne", hand))
        image = table.render([])
        calib = calibrate_from_markers(image, players)
        crop = seat_crop(calib.warp(image), calib.zones.seats["Anne"])
        widths = locate(_enlarged(crop)).card_widths
        assert widths and min(scale_ladder(widths)) > 1.15 * CARD_W * VIEW_SCALE * HAND_ENLARGE  # the trap is set
        read = {d.card for d in identify_hand(crop)}
        assert read <= set(hand), read
        found += len(read)
    assert found >= 9


def test_along_hand_axis_leaves_out_corners_a_quarter_turn_off_the_shown_hand() -> None:
    from vision.recognise.crops import CornerFrame
    from vision.recognise.identify import _Reading, along_hand_axis

    def frame(x: float, y: float) -> CornerFrame:
        return CornerFrame((0.0, 0.0), (x, y), (-y, x), 60.0)

    frames = [frame(1, 0), frame(-1, 0), frame(0.97, 0.26), frame(0, 1), frame(0.26, 0.97), frame(0.6, 0.8)]
    # Two cards' index corners point along x (their bottom-right ones half a turn round), one corner a little off.
    readings = [_Reading("KS", 1.0, frames[0]), _Reading("KS", 0.99, frames[1]), _Reading("4C", 0.98, frames[2]),
                _Reading("JD", 0.999, frames[3])]
    # A quarter turn off (the J♦) and 75° off are left out; 53° off (a fan's spread) is kept.
    assert along_hand_axis(frames, readings) == [0, 1, 2, 5]
    assert along_hand_axis(frames, []) == list(range(len(frames)))


def test_conditioned_gives_a_card_elsewhere_its_share_to_the_cards_that_can_be_there() -> None:
    from vision.recognise.identify import conditioned

    names = ["AC", "AS", "2C", "none"]
    probs = np.array([[0.954, 0.040, 0.000, 0.006],  # Deal 7001's "T♠" ace, A♣ in another hand
                      [0.001, 0.000, 0.999, 0.000],  # the hand's own 2♣
                      [0.050, 0.001, 0.000, 0.949],  # a corner that shows no index
                      [0.9995, 0.0004, 0.0, 0.0001]])  # all but rounding noise on the card elsewhere
    out = conditioned(probs, names, {"AC", "3S"})
    assert out[0, 1] == pytest.approx(0.040 / 0.046) and out[0, 0] == 0.0
    assert out[1].argmax() == 2 and out[1, 2] == pytest.approx(1.0)
    assert out[2].argmax() == 3
    assert not out[3].any()  # less than MIN_LEFT left: the corner says nothing more
    np.testing.assert_array_equal(conditioned(probs, names, set()), probs)


def test_a_corner_of_a_card_named_surely_at_its_other_index_scores_no_other_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal 66021: a Tigullio J♥ read at 1.0 at one index and as the Q♥ at 0.94 at its other; the hand, read short
    of its 7♦, was completed with that Q♥. A corner of another card, or one hesitating by itself, still scores."""
    from types import SimpleNamespace

    from vision.recognise import identify
    from vision.recognise.crops import CornerFrame

    card = 60.0
    top_left = CornerFrame((100.0, 100.0), (1.0, 0.0), (0.0, 1.0), card)
    bottom_right = CornerFrame((100.0 + card, 100.0 + card * identify.CARD_ASPECT), (-1.0, 0.0), (0.0, -1.0), card)
    neighbour = CornerFrame((100.0 + 0.6 * card, 100.0), (1.0, 0.0), (0.0, 1.0), card)
    frames = [top_left, bottom_right, neighbour]
    names = ["JH", "QH", "7D", "none"]
    classifier = SimpleNamespace(names=names, none_index=3)
    probs = np.array([[[1.0, 0.0, 0.0, 0.0]],           # the J♥'s top-left index
                      [[0.03, 0.94, 0.0, 0.03]],        # its bottom-right index, read as the Q♥
                      [[0.0, 0.2, 0.7, 0.1]]], np.float32)  # the next card of the row, a 7♦ read unsurely
    assert identify.named_elsewhere_on_card(frames, probs, (card,), classifier) == {1: {"JH"}}
    assert identify.named_elsewhere_on_card(frames, probs, (card,), classifier, elsewhere={"JH"}) == {}
    monkeypatch.setattr(identify, "_hand_probabilities", lambda *a, **k: (frames, probs, (card,), classifier))
    scores = identify.hand_scores(np.zeros((8, 8, 3), np.uint8))
    assert scores["JH"] == 1.0 and scores["7D"] == pytest.approx(0.7) and scores["QH"] == pytest.approx(0.2)
    alone = probs.copy()
    alone[0] = [[0.9, 0.05, 0.0, 0.05]]                  # the other index unsure: the Q♥ read stands
    monkeypatch.setattr(identify, "_hand_probabilities", lambda *a, **k: (frames, alone, (card,), classifier))
    assert identify.hand_scores(np.zeros((8, 8, 3), np.uint8))["QH"] == pytest.approx(0.94)


def test_a_zone_scored_for_the_corners_reading_one_card_leaves_its_other_corners_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal 197009: a shown hand's 8♦ read at 1.0 at one corner; another corner of the zone hesitated between a 10♦
    (0.62, its likeliest) and the 8♦. Told the 8♦ lies elsewhere, the zone scores the 10♦ surely, but the corner
    that read the 8♦ names nothing else: the corners reading the 8♦ are asked alone. A corner whose likeliest card
    is under even odds vouches for nothing."""
    from types import SimpleNamespace

    from vision.recognise import identify
    from vision.recognise.crops import CornerFrame

    card = 60.0
    frames = [CornerFrame((100.0 + 40 * k, 100.0), (1.0, 0.0), (0.0, 1.0), card) for k in range(4)]
    names = ["8D", "10D", "6D", "QH", "none"]
    classifier = SimpleNamespace(names=names, none_index=4)
    probs = np.array([[[1.0, 0.0, 0.0, 0.0, 0.0], [0.99, 0.004, 0.0, 0.0, 0.006]],   # the 8♦, at two sizes
                      [[0.38, 0.62, 0.0, 0.0, 0.0], [0.1, 0.3, 0.0, 0.0, 0.6]],      # a corner hesitating
                      [[0.0, 0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.9, 0.0, 0.1]],        # the 6♦
                      [[0.4, 0.0, 0.0, 0.35, 0.25], [0.3, 0.0, 0.0, 0.2, 0.5]]],     # an 8♦ under even odds
                     np.float32)
    monkeypatch.setattr(identify, "_hand_probabilities", lambda *a, **k: (frames, probs, (card, card), classifier))
    assert identify.reading_as(probs, classifier, "8D").tolist() == [True, False, False, False]
    zone = identify.hand_scores(np.zeros((8, 8, 3), np.uint8), elsewhere={"8D"})
    assert zone["10D"] == pytest.approx(1.0)
    read = identify.hand_scores(np.zeros((8, 8, 3), np.uint8), elsewhere={"8D"}, read_as="8D")
    assert set(read) == {"10D"} and read["10D"] == pytest.approx(0.4)
    assert identify.hand_scores(np.zeros((8, 8, 3), np.uint8), read_as="JC") == {}


def test_one_corner_read_at_two_sizes_is_one_card() -> None:
    """Deal 77004: the top card of a fan, a 6♥, was read 6♥ at its size and 4♥ at a size a third larger, from a
    corner found 10 px away along a slanted second edge; the 4♥ was counted as a fifth card in a hand of four.
    Two cards' corners side by side in a fan, or a corner facing another way, stay two cards."""
    from vision.recognise.crops import CornerFrame
    from vision.recognise.identify import _merge, _Reading

    six = _Reading("6H", 0.998, CornerFrame((319.5, 89.5), (1.0, -0.06), (0.07, 1.0), 128.3))
    four = _Reading("4H", 0.992, CornerFrame((330.0, 88.9), (1.0, -0.06), (0.39, 0.92), 173.2))
    assert [d.card for d in _merge([six, four], 900, 600)] == ["6H"]
    neighbour = _Reading("4H", 0.992, CornerFrame((345.0, 89.0), (1.0, -0.06), (0.07, 1.0), 128.3))  # 0.2 cards on
    assert sorted(d.card for d in _merge([six, neighbour], 900, 600)) == ["4H", "6H"]
    turned = _Reading("4H", 0.992, CornerFrame((325.0, 89.0), (0.06, 1.0), (-1.0, 0.07), 128.3))   # a quarter turn
    assert sorted(d.card for d in _merge([six, turned], 900, 600)) == ["4H", "6H"]


def test_a_card_an_eighth_of_a_card_above_the_last_of_a_column_is_not_that_cards_far_index() -> None:
    """Deal 81003: a hand laid as a column of cards lying sideways, each a strip above the next; the last card, an
    8♠, read at both its indices, and the 4♠ a fifth of a card above it predicted the spot the 8♠'s far index does,
    so the 4♠ was dropped as a rival name of the 8♠. The 8♠'s own near index is read at a corner of its own: the
    4♠ is another card. Without that reading, or read at the 8♠'s own corner, the rival still goes."""
    from vision.recognise import identify
    from vision.recognise.crops import CornerFrame

    card = 100.0
    long_side = card * identify.CARD_ASPECT

    def corner(x: float, y: float, down: bool) -> CornerFrame:
        return CornerFrame((x, y), (0.0, 1.0) if down else (0.0, -1.0), (-1.0, 0.0) if down else (1.0, 0.0), card)

    near = identify._Reading("8S", 1.0, corner(300.0, 200.0, True))
    far = identify._Reading("8S", 0.99, corner(300.0 - long_side, 200.0 + card, False))
    above = identify._Reading("4S", 0.98, corner(300.0, 182.0, True))
    assert identify._same_card(above, far)                              # the trap
    assert sorted(d.card for d in identify._merge([near, far, above], 900, 600)) == ["4S", "8S"]
    assert [d.card for d in identify._merge([far, above], 900, 600)] == ["8S"]
    at_its_corner = identify._Reading("8C", 0.98, corner(301.0, 201.0, True))
    assert [d.card for d in identify._merge([near, far, at_its_corner], 900, 600)] == ["8S"]
    names = ["8S", "4S", "none"]
    classifier = SimpleNamespace(names=names, none_index=2)
    probs = np.array([[[1.0, 0.0, 0.0]], [[0.99, 0.0, 0.01]], [[0.01, 0.98, 0.01]]], np.float32)
    frames = [near.frame, far.frame, above.frame]
    assert identify.named_elsewhere_on_card(frames, probs, (card,), classifier) == {1: {"8S"}}   # the far index
    assert identify.named_elsewhere_on_card(frames[1:], probs[1:], (card,), classifier) == {1: {"8S"}}


def test_a_covered_cards_index_is_kept_when_the_cover_cards_near_index_was_found_along_a_slanted_edge() -> None:
    """Deal 218008: a shown hand of three laid as a column on a side edge, read a ladder step larger than the cards.
    The 6♦'s index, a strip above the 6♠ that covers it, predicted the spot the 6♠'s far index does, and the 6♠'s
    own near index, its second edge found along the card above, predicted a spot 0.3 card off: the 6♦ went unread
    and the hand was completed with a guess. A 6♠ read a whole card away from the far index does not save it."""
    from vision.recognise import identify
    from vision.recognise.crops import CornerFrame

    far = identify._Reading("6S", 0.9999, CornerFrame((75.0, 392.0), (0.01, -1.0), (1.0, 0.0), 140.0))
    near = identify._Reading("6S", 0.9947, CornerFrame((261.0, 274.0), (-0.02, 1.0), (-0.76, -0.65), 140.0))
    covered = identify._Reading("6D", 0.9996, CornerFrame((267.0, 221.0), (-0.03, 1.0), (-1.0, 0.04), 140.0))
    assert identify._same_card(covered, far) and not identify._same_card(near, far)     # the trap
    assert sorted(d.card for d in identify._merge([far, near, covered], 900, 600)) == ["6D", "6S"]
    assert [d.card for d in identify._merge([far, covered], 900, 600)] == ["6S"]
    elsewhere = identify._Reading("6S", 0.9947, CornerFrame((261.0, 100.0), (-0.02, 1.0), (-1.0, 0.0), 140.0))
    assert np.linalg.norm(elsewhere.centre() - far.centre()) > identify.MERGE_DISTANCE * 140.0
    assert [d.card for d in identify._merge([far, elsewhere, covered], 900, 600)] == ["6S"]
    names = ["6S", "6D", "none"]
    classifier = SimpleNamespace(names=names, none_index=2)
    probs = np.array([[[0.9999, 0.0, 0.0001]], [[0.9947, 0.0, 0.0053]], [[0.0, 0.9996, 0.0004]]], np.float32)
    frames = [far.frame, near.frame, covered.frame]
    assert 2 not in identify.named_elsewhere_on_card(frames, probs, (140.0,), classifier)
