"""The deck's suit inks: measured on a card crop, learnt from sure reads, and weighing the pile's verdict."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from pile_support import image_of, reading
from vision.deck.readers import deck_readers
from vision.inks import GREY_CHROMA, INDEX_REGION, DeckInks, corner_ink, index_ink, same_colour
from vision.locate import CROP_SIZE, crop_card
from vision.pile import PileWatcher
from vision.recognise import identify
from vision.recognise.crops import CornerFrame, corner_crop
from vision.recognise.identify import weighed_by_suit
from vision.sightings import ink_swaps
from vision.sources import SourceError
from vision.tablesim.faces import plain_face
from vision.watch import _load_recogniser, ink_renames

RED_INK = (35.0, 18.0)      # the inks of a four-colour deck: spades red, diamonds teal
TEAL_INK = (-13.0, -6.0)


def _face(card: str, ink_bgr: tuple[int, int, int] | None = None) -> np.ndarray:
    """The simulator's plain face as an upright pile crop; `ink_bgr` repaints its ink (a four-colour deck)."""
    face = cv2.resize(plain_face(card, 360)[..., :3], CROP_SIZE, interpolation=cv2.INTER_AREA)
    if ink_bgr is not None:
        ink = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY) < 200
        face[ink] = ink_bgr
    return face


def test_index_ink_tells_red_from_black_under_a_colour_cast() -> None:
    red, black = index_ink(_face("QH")), index_ink(_face("QS"))
    assert red is not None and black is not None
    assert red[0] > 20 and np.hypot(*black) < 5
    cast = np.array([1.0, 0.85, 0.7])                  # a warm white balance: the paper turns orange
    warm_black = index_ink(np.clip(_face("QS") * cast, 0, 255).astype(np.uint8))
    warm_red = index_ink(np.clip(_face("QH") * cast, 0, 255).astype(np.uint8))
    assert warm_black is not None and warm_red is not None
    assert np.hypot(*warm_black) < 5 and np.hypot(warm_red[0] - red[0], warm_red[1] - red[1]) < 12
    assert np.hypot(*warm_red) > 40


def test_index_ink_is_none_without_an_index() -> None:
    assert index_ink(np.full((180, 128, 3), 240, np.uint8)) is None
    assert index_ink(np.full((4, 4, 3), 240, np.uint8)) is None


def test_index_ink_is_none_when_the_two_corners_show_inks_of_two_colours() -> None:
    """As in deal 155009 of the widened benchmark: a sure 7♣ whose one corner showed the 6♥ below it read red as a
    whole, and the deal's end renamed it 7♥. A card prints both indices in one ink: corners of two colours, as far
    apart as two suits' inks, tell none; one corner printed paler keeps its ink."""
    black, red = _face("7C"), _face("6H")
    height, width = black.shape[:2]
    (x0, x1), (y0, y1) = ((int(a * width), int(b * width)) for a, b in INDEX_REGION)
    peeking = black.copy()
    peeking[height - y1:height - y0, width - x1:width - x0] = red[y0:y1, x0:x1]
    grey, seven, six = (0.0, 0.0), index_ink(black), index_ink(red)
    assert seven is not None and six is not None and same_colour(seven, grey) and not same_colour(six, grey)
    assert index_ink(peeking) is None
    paler = red.copy()
    paler[height - y1:height - y0, width - x1:width - x0] = 255 - (255 - red[y0:y1, x0:x1]) * 2 // 3
    ink = index_ink(paler)                          # one corner printed paler keeps its colour
    assert ink is not None and same_colour(ink, six)
    teal, pale = _face("4D", (170, 160, 110)), _face("4D", (150, 150, 130))   # a four-colour deck's diamonds
    pale_ink = index_ink(pale)
    assert pale_ink is not None and np.hypot(*pale_ink) < GREY_CHROMA          # paler: grey by its chroma alone
    teal[height - y1:height - y0, width - x1:width - x0] = pale[y0:y1, x0:x1]
    assert index_ink(teal) is not None              # one corner printed paler, still near the other's teal


def test_a_suit_is_ruled_out_only_by_an_ink_much_nearer_another_suit_of_another_colour() -> None:
    inks = DeckInks()
    inks.learn("4S", RED_INK)
    assert inks.weights(TEAL_INK) == {}                # one read does not make a suit's ink known
    inks.learn("6S", (36.0, 19.0))
    inks.learn("2D", TEAL_INK)
    inks.learn("9D", (-12.0, -8.0))
    assert inks.weights((34.0, 21.0)) == {"D": inks.penalty}
    assert inks.weights((-14.0, -5.0)) == {"S": inks.penalty}
    assert inks.weights((80.0, 80.0)) == {}            # far from every known suit: nothing is ruled out
    assert inks.weights(None) == {}
    assert inks.card_weights((34.0, 21.0), ["AD", "AS", "3C"]) == {"AD": inks.penalty}
    assert inks.rules_out((34.0, 21.0), "AD") and not inks.rules_out((34.0, 21.0), "AS")
    assert not inks.rules_out(None, "AD")


def test_suits_of_one_colour_do_not_rule_each_other_out() -> None:
    """Hearts printed deeper than diamonds (one held-out deck): an ink between the two rules neither out."""
    inks = DeckInks()
    for card, ink in [("2H", (40.0, 23.0)), ("3H", (40.0, 24.0)), ("2D", (29.0, 15.0)), ("3D", (30.0, 15.0)),
                      ("2S", (0.0, 1.0)), ("3S", (0.0, 0.5))]:
        inks.learn(card, ink)
    assert inks.weights((23.0, 12.0)) == {"S": inks.penalty}   # far from the hearts' ink, near the diamonds'
    assert inks.weights((1.0, 1.0)) == {"H": inks.penalty, "D": inks.penalty}


def test_a_black_index_is_told_from_a_pale_red_by_its_hue_where_distance_alone_keeps_both() -> None:
    """Deal 198022 (a Slavic deck printing its reds pale): a sure black 8♣ showed an ink within `far` of the learnt
    diamonds' ink, so `weights` rules out no red suit, yet the ink is grey and far nearer the clubs' ink."""
    inks = DeckInks()
    for card, ink in [("2H", (19.4, 12.6)), ("3H", (19.3, 12.7)), ("2D", (17.6, 10.6)), ("3D", (17.7, 10.5)),
                      ("2S", (1.2, 1.5)), ("3S", (1.1, 1.5)), ("2C", (0.1, 0.8)), ("3C", (0.2, 0.8))]:
        inks.learn(card, ink)
    black = (3.3, 2.6)
    assert not inks.rules_out(black, "8D")
    assert inks.tells_apart(black, "C", "D") and inks.tells_apart(black, "C", "H")
    assert not inks.tells_apart(black, "C", "S")                  # one colour: the sign tells those apart
    assert not inks.tells_apart(black, "D", "C")                  # the ink is not of the diamonds' colour
    assert not inks.tells_apart((8.0, 4.0), "C", "D")             # grey, yet not twice as near the clubs' ink
    assert not inks.tells_apart(None, "C", "D") and not DeckInks().tells_apart(black, "C", "D")


def test_one_misread_does_not_set_a_suits_colour() -> None:
    """Deal 19016: the first spade read was red, the second a teal diamond read as a spade. The spades' colour stays
    unknown until most of their reads agree."""
    inks = DeckInks()
    inks.learn("JS", RED_INK)
    inks.learn("AS", TEAL_INK)
    assert inks.colour("S") is None
    inks.learn("6S", (36.0, 19.0))
    colour = inks.colour("S")
    assert colour is not None and np.hypot(colour[0] - RED_INK[0], colour[1] - RED_INK[1]) < 2
    inks.learn("6S", None)
    assert len(inks.samples["S"]) == 3


def test_a_suits_reads_split_by_another_suits_ink_keep_the_rest() -> None:
    """Deal 58023 (a four-colour deck): three red spades read surely as diamonds split the diamonds' reads, so their
    colour stayed unknown and a red spade read as a diamond was never weighed down. Each suit prints one ink: the
    reads showing the spades' known ink are set aside and the rest agree on the diamonds' teal."""
    inks = DeckInks()
    for card, ink in [("4S", RED_INK), ("5S", (28.0, 14.0)), ("8S", (34.0, 17.0)), ("QD", (27.0, 14.0)),
                      ("2D", TEAL_INK), ("3D", (17.5, 8.0)), ("7D", (-7.5, -1.5)), ("9D", (25.0, 13.0)),
                      ("10D", (-8.0, -5.0))]:
        inks.learn(card, ink)
    assert inks._agreed(inks.samples["D"]) is None
    colour = inks.colour("D")
    assert colour is not None and np.hypot(colour[0] - TEAL_INK[0], colour[1] - TEAL_INK[1]) < 6
    assert inks.weights((26.0, 13.0)) == {"D": inks.penalty}


def test_a_split_is_set_aside_only_when_one_known_ink_of_another_colour_explains_it() -> None:
    """Hearts read half black, half red beside red diamonds and black spades: setting aside either ink leaves reads
    that agree, and nothing tells which were the misreads. Were the spades green, only the red would explain it."""
    inks = DeckInks()
    for card, ink in [("2D", (40.0, 25.0)), ("3D", (38.0, 24.0)), ("2S", (0.0, 1.0)), ("3S", (0.5, 0.5)),
                      ("2H", (40.0, 24.0)), ("3H", (38.0, 25.0)), ("4H", (0.0, 0.0)), ("5H", (1.0, 0.5))]:
        inks.learn(card, ink)
    assert inks.colour("H") is None
    inks.samples["S"] = [(-30.0, 20.0), (-29.0, 21.0)]
    colour = inks.colour("H")                        # spades green: only the diamonds' red explains a split
    assert colour is not None and np.hypot(*colour) < GREY_CHROMA


def _reading(inks: DeckInks | None) -> PileWatcher:
    """A watcher that saw a card land and reads it as a four-colour deck misleads the recogniser."""
    return reading({"AD": 0.996, "AS": 0.995}, inks)


def test_the_pile_verdict_weighs_the_suit_by_the_decks_inks() -> None:
    """A red spade of a four-colour deck, read A♦ 0.996, A♠ 0.995 (deal 17010 of the benchmark): once the sure
    reads showed spades red and diamonds teal, the verdict is A♠."""
    red_spade, teal_diamond = _face("AS", (40, 30, 200)), _face("2D", (150, 140, 20))
    inks = DeckInks()
    for face, cards in ((red_spade, ("2S", "3S")), (teal_diamond, ("2D", "3D"))):
        watcher = _reading(None)
        assert watcher._location is not None
        seen = index_ink(crop_card(image_of(watcher, face), watcher._location, np.eye(3)))
        for card in cards:
            inks.learn(card, seen)
    for learnt, expected in ((inks, "AS"), (None, "AD")):
        watcher = _reading(learnt)
        image = image_of(watcher, red_spade)
        assert watcher.read(image, np.eye(3)) is None
        verdict = watcher.read(image, np.eye(3))
        assert verdict is not None and verdict.card == expected
        assert verdict.ink is not None and inks.colour("S") is not None
        assert np.hypot(*np.subtract(verdict.ink, inks.colour("S"))) < 1
    assert verdict.evidence["AD"] > verdict.evidence["AS"]


def test_a_card_not_located_by_its_own_outline_is_not_weighed_by_the_ink_at_its_crop_s_corners() -> None:
    """Laid squarely on the card below, a card is located by the ink that changed, and its crop may put the edge or
    art of a card beneath at a corner (footage deal_04: a 3♦ read 0.997, its corner ink blackish, became the 3♠):
    the ink there weighs nothing, and a recogniser that does not say where it read the card leaves its verdict."""
    red_spade = _face("AS", (40, 30, 200))
    inks = DeckInks()
    for card in ("2S", "3S"):
        inks.learn(card, (60.0, 40.0))
    for card in ("2D", "3D"):
        inks.learn(card, (-20.0, -30.0))
    watcher = _reading(inks)
    assert watcher._location is not None
    watcher._location = dataclasses.replace(watcher._location, outline_px=None)
    image = image_of(watcher, red_spade)
    assert watcher.read(image, np.eye(3)) is None
    verdict = watcher.read(image, np.eye(3))
    assert verdict is not None and verdict.card == "AD" and verdict.ink is None


def test_a_card_not_located_by_its_own_outline_is_weighed_by_the_ink_of_the_corner_it_was_read_at() -> None:
    """Laid squarely on the card below, a four-colour deck's red K♠ read K♦ 0.996, K♠ 0.995 (deal 114017) is located
    by what changed: the recogniser read it at its own index, wherever the crop's corners lie, and that corner's ink,
    cut at the card's measured size (read at 1.3 times it, it takes in the teal picture), rules the teal diamond out.
    A recogniser that gives no corner, or names the card there less surely than it names a card (a corner read so
    may show no index: deal 113005's Q♦ read 9♥ at 0.57 there, its ink the hearts' green), leaves the verdict as read."""
    red_spade = _face("KS", (40, 30, 200))
    width = red_spade.shape[1]
    red_spade[round(0.06 * width):, round(0.3 * width):round(0.94 * width)] = (150, 140, 20)   # its teal picture
    inks = DeckInks()                                   # as sure reads of the painted faces' corners teach them
    for card, paint in [("2S", (40, 30, 200)), ("3S", (40, 30, 200)), ("2D", (150, 140, 20)), ("3D", (150, 140, 20))]:
        face = _face(card, paint)
        inks.learn(card, corner_ink(corner_crop(face, CornerFrame((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), 128.0))))
    verdicts = []
    card_short = CROP_SIZE[0] / 1.25
    index = CornerFrame((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), 1.3 * card_short)
    for read in (identify.CropRead("KD", 0.996, {"KD": 0.996, "KS": 0.995}, index),
                 identify.CropRead("KD", 0.996, {"KD": 0.996, "KS": 0.995}, None),
                 identify.CropRead("KD", 0.6, {"KD": 0.6, "KS": 0.59}, index)):
        watcher = reading({}, inks)
        watcher.identify = lambda crop, read=read: read
        assert watcher._location is not None and watcher.card_px is not None
        watcher._location = dataclasses.replace(watcher._location, outline_px=None)
        # Placed around what changed, the location's box is larger than the card, which lies in its top left.
        box = watcher._location.corners
        watcher._location.corners[:] = box[0] + (box - box[0]) * 1.25
        scene = np.full((CROP_SIZE[1], CROP_SIZE[0], 3), 200, np.uint8)
        small = cv2.resize(red_spade, (round(card_short), round(CROP_SIZE[1] / 1.25)), interpolation=cv2.INTER_AREA)
        scene[:small.shape[0], :small.shape[1]] = small
        image = image_of(watcher, scene)
        assert watcher.read(image, np.eye(3)) is None
        verdicts.append(watcher.read(image, np.eye(3)))
    with_corner, without, unsure = verdicts
    assert with_corner is not None and with_corner.card == "KS"
    assert with_corner.ink is not None and inks.colour("S") is not None
    assert np.hypot(*np.subtract(with_corner.ink, inks.colour("S"))) < inks.far
    assert without is not None and without.card == "KD" and without.ink is None
    assert unsure is not None and unsure.card == "KD" and unsure.ink is None


def _four_colour_inks() -> DeckInks:
    """Spades red and diamonds teal, as the sure pile reads of the painted faces teach them."""
    inks = DeckInks()
    for card, ink in [("2S", (40, 30, 200)), ("3S", (40, 30, 200)), ("2D", (150, 140, 20)), ("3D", (150, 140, 20))]:
        inks.learn(card, index_ink(_face(card, ink)))
    return inks


def test_corner_ink_reads_the_index_of_a_recogniser_corner_crop() -> None:
    face = _face("QS", (40, 30, 200))                  # a red spade
    corner = corner_crop(face, CornerFrame((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), float(face.shape[1])))
    ink = corner_ink(corner)
    assert ink is not None and ink[0] > 20
    assert np.hypot(*np.subtract(ink, index_ink(face))) < 10
    assert _four_colour_inks().corner_weights(corner) == {"D": 0.05}
    assert corner_ink(np.full_like(corner, 230)) is None


def test_a_hand_corner_is_weighed_by_the_suit_inks_of_its_crop() -> None:
    """A corner read Q♠ 0.9, Q♦ 0.08 whose index is teal: with spades known red, the Q♦ is the likelier."""
    classifier = SimpleNamespace(names=["QS", "QD", "none"], none_index=2)
    face = _face("QD", (150, 140, 20))
    frame = CornerFrame((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), 1.0)
    probs = np.array([[[0.02, 0.01, 0.97], [0.9, 0.08, 0.02]]], np.float32)   # two scales, the second one sure
    crops: list[np.ndarray] = []

    def suit_weights(crop: np.ndarray) -> dict[str, float]:
        crops.append(crop)
        return _four_colour_inks().corner_weights(crop)

    weighed = weighed_by_suit(face, [frame], probs, (40.0, float(face.shape[1])), classifier, suit_weights)
    assert len(crops) == 1 and np.hypot(*np.subtract(corner_ink(crops[0]), index_ink(face))) < 10
    assert weighed[0, 1, 1] > weighed[0, 1, 0] and np.allclose(weighed.sum(axis=-1), 1.0)
    unweighed = weighed_by_suit(face, [frame], probs, (40.0, float(face.shape[1])), classifier, lambda crop: {})
    assert np.array_equal(unweighed, probs)


def test_a_corner_sure_of_a_suit_its_ink_rules_out_keeps_its_rank_in_the_suit_the_ink_shows() -> None:
    """67023: a four-colour deck's red Q♠ read Q♦ at 1.0, nothing else: weighing the Q♦ down alone leaves it the
    Q♦; the ink rules out the diamond, not the queen, so the corner reads Q♠. A rank of the ruled-out suit only keeps
    its weight when no other suit is left (here the 5♦, there is no 5♠ class)."""
    classifier = SimpleNamespace(names=["QS", "QD", "5D", "none"], none_index=3)
    face = _face("QS", (40, 30, 200))                  # a red spade
    frame = CornerFrame((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), 1.0)
    probs = np.array([[[0.0, 0.999, 0.0, 0.001]], [[0.0, 0.0, 0.98, 0.02]]], np.float32)
    weights = _four_colour_inks().corner_weights
    weighed = weighed_by_suit(face, [frame, frame], probs, (float(face.shape[1]),), classifier, weights)
    assert weights(corner_crop(face, frame.with_scale(float(face.shape[1])))) == {"D": 0.05}
    assert weighed[0, 0].argmax() == 0 and weighed[0, 0, 0] > 0.9
    assert weighed[1, 0].argmax() == 2 and np.allclose(weighed.sum(axis=-1), 1.0)


def test_the_default_recogniser_weighs_shown_hands_by_the_inks_the_pile_taught(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls: list[dict] = []
    monkeypatch.setattr(identify, "identify_hand", lambda image, **kw: calls.append(kw) or [])
    monkeypatch.setattr(identify, "hand_scores", lambda image, **kw: calls.append(kw) or {})
    model = tmp_path / "model.onnx"
    model.write_bytes(b"")
    inks = _four_colour_inks()
    _, read_hand, score_hand = _load_recogniser(model, inks)
    read_hand(np.zeros((8, 8, 3), np.uint8))
    score_hand(np.zeros((8, 8, 3), np.uint8), elsewhere={"QS"})
    assert [c["model_path"] for c in calls] == [model, model]
    assert all(c["suit_weights"] == inks.corner_weights for c in calls) and calls[1]["elsewhere"] == {"QS"}
    with pytest.raises(SourceError, match="missing.onnx is missing"):
        _load_recogniser(tmp_path / "missing.onnx", inks)


def test_an_enrolled_decks_shown_hands_are_weighed_by_the_inks_the_pile_taught_too(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A deck's head learnt its four inks under the enrolment's light; the pile's inks are this table's. With the
    head alone, Konqi-modern hands lost their suit (a 7♦ read 7♠, an A♦ read 4♥) in 4 of 12 deals."""
    calls: list[dict] = []
    monkeypatch.setattr(identify, "identify_hand", lambda image, **kw: calls.append(kw) or [])
    monkeypatch.setattr(identify, "hand_scores", lambda image, **kw: calls.append(kw) or {})
    model = tmp_path / "model.onnx"
    model.write_bytes(b"")
    deck = SimpleNamespace(names=["QS", "QD", "none"], none_index=2)
    readers = deck_readers(deck)  # type: ignore[arg-type]
    assert "identify_image" not in readers and "hand_scores" not in readers
    inks = _four_colour_inks()
    read_pile, read_hand, score_hand = _load_recogniser(model, inks, readers["classifier"])
    read_hand(np.zeros((8, 8, 3), np.uint8))
    score_hand(np.zeros((8, 8, 3), np.uint8))
    assert all(c["classifier"] is deck and c["suit_weights"] == inks.corner_weights for c in calls)
    assert read_pile.keywords["classifier"] is deck and readers["identify"].keywords["classifier"] is deck


def test_inks_tell_one_colour_from_another_by_hue_not_by_distance() -> None:
    assert same_colour((0.5, 1.0), (-0.3, 0.9))                 # black and black
    assert same_colour((31.0, 15.2), (40.1, 25.1))               # one deck's diamonds and its deeper hearts
    assert not same_colour((0.5, 1.0), (20.5, 4.9))              # black and a pale red
    assert not same_colour((-13.4, -5.0), (-32.3, 24.7))         # the four-colour deck's teal and green
    assert not same_colour((34.8, 18.8), (-13.4, -5.0))


def test_a_pile_read_made_before_its_suits_inks_were_known_is_renamed_once_they_are() -> None:
    """Deal 19022: the first card, a red A♠ of a four-colour deck, read A♦ 0.9995, A♠ 0.998. When the deal ends
    the inks are known: diamonds are teal, so the A♦ is renamed A♠. A card on the pile, one a sweep proved, one
    whose runner-up came too far behind, or one whose ink is its suit's, stays."""
    inks, red = _four_colour_inks(), index_ink(_face("AS", (40, 30, 200)))
    sightings = {"AD": {"AD": 0.9995, "AS": 0.998}, "QD": {"QD": 0.99, "QS": 0.5},
                 "2D": {"2D": 0.9, "2S": 0.1}, "KD": {"KD": 0.99, "KS": 0.9}, "4S": {"4S": 0.9, "4D": 0.8}}
    read_inks = {"AD": red, "QD": red, "2D": red, "KD": red, "4S": red}
    assert ink_renames(sightings, read_inks, inks, {"KD"}, 0.3, 0.9) == {"AD": "AS", "QD": "QS"}
    assert ink_renames({"AD": sightings["AD"], "AS": {"AS": 1.0}}, read_inks, inks, set(), 0.3, 0.9) == {}
    assert ink_renames(sightings, {}, inks, set(), 0.3, 0.9) == {}


def test_a_name_an_ink_rename_frees_is_taken_by_the_read_the_inks_rename_to_it() -> None:
    """Deal 79011, a four-colour deck: its Q♠ read Q♦ 4.98 (Q♠ 4.68) in the spades' red, its Q♦ read Q♥ 4.84 (Q♦
    0.20) in the diamonds' teal. The Q♦ read renamed Q♠ frees the name Q♦, which the inks then give the Q♥ read, in
    whichever order the two were laid, the first rename first."""
    inks = DeckInks()
    for suit, ink in [("S", (35.4, 17.6)), ("D", (-11.3, -3.3)), ("H", (-33.3, 24.1)), ("C", (15.5, -33.2))]:
        inks.learn("2" + suit, ink)
        inks.learn("3" + suit, ink)
    queen_of_spades = {"QD": 4.98, "QS": 4.68, "QC": 4.28, "QH": 0.06}
    queen_of_diamonds = {"QH": 4.84, "QD": 0.197, "QS": 0.047, "QC": 0.022}
    read_inks = {"QD": (32.6, 14.0), "QH": (-13.8, -5.3)}
    for sightings in ({"QD": queen_of_spades, "QH": queen_of_diamonds},
                      {"QH": queen_of_diamonds, "QD": queen_of_spades}):
        assert list(ink_renames(sightings, read_inks, inks, set(), 0.3, 0.9).items()) == [("QD", "QS"), ("QH", "QD")]


def test_a_sure_rank_takes_the_one_suit_the_inks_leave_unless_that_names_an_honour() -> None:
    """Deal 58023: a red Q♠ of a four-colour deck read Q♦ 4.94, Q♥ 0.27, Q♠ 0.19 (the model leans on two colours).
    Once all four inks are known only the spades' red is left for it: the rank read surely, the ink names the suit,
    here for a 9♠ read so. While one suit's ink is unknown, or the rank was in doubt, the read stays. So does a read
    whose rank would name an honour on the ink alone (91017: a Konqi-modern 7♥ read surely, renamed 7♦ by its ink,
    accused its player of a missed call); an honour the read scored within the floor is still named."""
    inks = _four_colour_inks()
    for card, ink in [("2H", (-30.0, 22.0)), ("3H", (-28.0, 19.0)), ("2C", (12.0, -24.0)), ("3C", (11.0, -27.0))]:
        inks.learn(card, ink)
    red = index_ink(_face("AS", (40, 30, 200)))
    sightings = {"9D": {"9D": 4.94, "9H": 0.27, "9S": 0.19}, "5D": {"5D": 3.0, "6D": 2.0}}
    read_inks = {"9D": red, "5D": red, "QD": red}
    assert ink_renames(sightings, read_inks, inks, set(), 0.3, 0.9) == {"9D": "9S"}
    assert ink_renames({**sightings, "9S": {"9S": 5.0}}, read_inks, inks, set(), 0.3, 0.9) == {}
    assert ink_renames({"QD": {"QD": 4.94, "QH": 0.27, "QS": 0.19}}, read_inks, inks, set(), 0.3, 0.9) == {}
    assert ink_renames({"QD": {"QD": 4.98, "QS": 4.68}}, read_inks, inks, set(), 0.3, 0.9) == {"QD": "QS"}
    del inks.samples["C"]
    assert ink_renames(sightings, read_inks, inks, set(), 0.3, 0.9) == {}


def test_an_ink_near_one_red_suit_s_learnt_ink_rules_neither_red_suit_out() -> None:
    """Deal 119016: a Slavic J♥ read surely showed an ink of chroma 9.9, 21 from the hearts' learnt ink, 6 from the
    spades', but 12 from the diamonds': it was renamed J♣ (scored at 0.32 of the J♥) and its player accused of a
    missed call. Hearts and diamonds print one colour: an ink near either is red. A black ink rules both out."""
    inks = DeckInks()
    for suit, ink in [("H", (24.5, 17.5)), ("D", (16.2, 13.9)), ("C", (0.7, 1.3)), ("S", (1.9, 3.6))]:
        inks.learn("2" + suit, ink)
        inks.learn("3" + suit, ink)
    pale = (5.3, 8.3)
    assert inks.weights(pale) == {}
    assert ink_renames({"JH": {"JH": 0.249, "JC": 0.079, "QC": 0.045}}, {"JH": pale}, inks, set(), 0.3, 0.9) == {}
    assert set(inks.weights((0.9, 2.0))) == {"H", "D"}


def test_two_reads_each_naming_the_other_s_suit_by_the_wrong_ink_are_swapped() -> None:
    """Deal 92023: a Konqi-modern (four-colour) 5♠ read as the 5♦ (5♠ a close runner-up), the 5♦ later read as the
    5♠ (5♦ close). Neither can be renamed alone, each naming a card on the pile: the inks swap them. Not when one
    ink is its own suit's, nor for a card a sweep proved."""
    inks = _four_colour_inks()
    red, teal = index_ink(_face("AS", (40, 30, 200))), index_ink(_face("AD", (150, 140, 20)))
    sightings = {"5D": {"5D": 4.9957, "5S": 4.9876}, "5S": {"5S": 0.2218, "5D": 0.1999}, "7C": {"7C": 1.0}}
    read_inks = {"5D": red, "5S": teal, "7C": None}
    assert ink_swaps(sightings, read_inks, inks, set(), 0.3, 0.9) == [("5D", "5S")]
    assert ink_renames(sightings, read_inks, inks, set(), 0.3, 0.9) == {}
    assert ink_swaps(sightings, {**read_inks, "5S": red}, inks, set(), 0.3, 0.9) == []
    assert ink_swaps(sightings, read_inks, inks, {"5S"}, 0.3, 0.9) == []


@pytest.mark.parametrize("rank_sure", [True, False])
def test_two_reads_of_one_rank_each_in_the_other_s_ink_are_swapped_however_little_they_scored_it(
        rank_sure: bool) -> None:
    """Deal 123023: a Konqi-modern 5♠ read 5♦ (its ink the spades' red), the 5♦ later read 5♠ (its ink the diamonds'
    teal), the 5♦ scored at 0.04 of the 5♠ there: the 5♦ lay on the pile, and the rules weigh such a card down. Two
    inks, each measured on its own read, swap two reads sure of their rank; not a read that hesitated with a 6."""
    inks = _four_colour_inks()
    red, teal = index_ink(_face("AS", (40, 30, 200))), index_ink(_face("AD", (150, 140, 20)))
    later = {"5S": 4.514, "5D": 0.2} if rank_sure else {"5S": 4.514, "5D": 0.2, "6S": 3.9}
    sightings = {"5D": {"5D": 4.998, "5S": 4.997}, "5S": later}
    assert ink_swaps(sightings, {"5D": red, "5S": teal}, inks, set(), 0.3, 0.9) == (
        [("5D", "5S")] if rank_sure else [])
    assert ink_swaps(sightings, {"5D": red, "5S": None}, inks, set(), 0.3, 0.9) == []


def test_a_read_whose_ink_was_not_measured_is_swapped_on_the_other_read_s_ink() -> None:
    """Deal 107017: a Konqi-modern 5♠ read 5♦ (5♠ 0.99 of it) with too little ink showing to measure, its 5♦ later
    read 5♠ with the diamonds' ink. One ink ruling and both reads scoring the other card closely swap them; not
    with no ink measured at all, nor when the read without one never came close to the other card."""
    inks = _four_colour_inks()
    teal = index_ink(_face("AD", (150, 140, 20)))
    sightings = {"5D": {"5D": 4.9948, "5S": 4.9564}, "5S": {"5S": 0.2471, "5D": 0.1999}}
    assert ink_swaps(sightings, {"5D": None, "5S": teal}, inks, set(), 0.3, 0.9) == [("5D", "5S")]
    assert ink_swaps(sightings, {"5D": None, "5S": None}, inks, set(), 0.3, 0.9) == []
    far = {**sightings, "5D": {"5D": 4.9948, "5S": 0.5}}
    assert ink_swaps(far, {"5D": None, "5S": teal}, inks, set(), 0.3, 0.9) == []


@pytest.mark.parametrize("short", [45, 180])
def test_a_card_near_or_far_shows_the_colour_it_shows_at_the_mat_s_scale(short: int) -> None:
    """The pile crop is cut to the card's outline and resized to one size, so a card half or twice as wide in the
    view as on the printed mat (90 px) gives the same pixels to count: its ink keeps its colour (paler when small,
    the strokes blurred into the paper, but red, not grey)."""
    from vision.locate import CardLocation

    def ink_at(width: int) -> tuple[float, float] | None:
        face = plain_face("QH", int(round(width * 88 / 63)))[..., :3]
        view = np.full((face.shape[0] + 40, face.shape[1] + 40, 3), (40, 90, 30), np.uint8)
        view[20:20 + face.shape[0], 20:20 + face.shape[1]] = face
        h, w = face.shape[:2]
        corners = np.array([[20, 20], [20 + w, 20], [20 + w, 20 + h], [20, 20 + h]], np.float64)
        return index_ink(crop_card(view, CardLocation(corners), np.eye(3)))

    at_mat, here = ink_at(90), ink_at(short)
    assert at_mat is not None and here is not None and at_mat[0] > 20
    assert same_colour(at_mat, here) and np.hypot(*here) > 2 * GREY_CHROMA
