"""The suit sign of an index, learnt per deck from the number cards read surely, names the suit of an ace or a court
card the recogniser read in the other suit of its ink (a Slavic deck's solid spade read as its thin club)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.locate import CROP_SIZE
from vision.signs import SignShapes, index_sign, sign_renames, sign_swaps


def _card(rank: str, suit: str, shift: int = 0, blur: int = 1, baseline: int = 24, size: float = 0.6) -> np.ndarray:
    """An upright card crop with its top-left index: the rank (its foot at `baseline`, its font `size`), and under it a
    solid spade or a thin club."""
    width, height = CROP_SIZE
    crop = np.full((height, width, 3), 235, np.uint8)
    cv2.putText(crop, rank, (7 + shift, baseline), cv2.FONT_HERSHEY_SIMPLEX, size, (20, 20, 20), 2, cv2.LINE_AA)
    x, y = 16 + shift, 40
    if suit == "S":
        cv2.fillPoly(crop, [np.array([[x, y - 8], [x - 7, y + 1], [x + 7, y + 1]], np.int32)], (20, 20, 20))
        cv2.circle(crop, (x - 3, y + 2), 4, (20, 20, 20), -1)
        cv2.circle(crop, (x + 3, y + 2), 4, (20, 20, 20), -1)
        cv2.line(crop, (x, y + 2), (x, y + 8), (20, 20, 20), 2)
    else:
        for cx, cy in ((x, y - 4), (x - 5, y + 2), (x + 5, y + 2)):
            cv2.circle(crop, (cx, cy), 3, (20, 20, 20), 1)
        cv2.line(crop, (x, y - 1), (x, y + 8), (20, 20, 20), 1)
    return cv2.GaussianBlur(crop, (blur * 2 + 1, blur * 2 + 1), 0)


def _learnt() -> SignShapes:
    shapes = SignShapes()
    for rank, shift in (("2", 0), ("5", 1), ("9", -1)):
        for suit in "SC":
            shapes.learn(rank + suit, [index_sign(_card(rank, suit, shift))])
    return shapes


def test_the_sign_under_the_rank_is_found_and_a_spade_s_lies_far_from_a_club_s() -> None:
    spade, club = index_sign(_card("7", "S")), index_sign(_card("7", "C"))
    assert spade is not None and club is not None
    assert np.linalg.norm(spade - index_sign(_card("4", "S", shift=2))) < np.linalg.norm(spade - club) / 2
    assert index_sign(np.full((CROP_SIZE[1], CROP_SIZE[0], 3), 235, np.uint8)) is None   # a blank corner


def test_a_rank_printed_against_the_card_s_top_edge_is_still_the_rank_above_the_sign() -> None:
    """A Slavic index prints its rank tall and so near the card's top that the index region cuts it: the sign under
    it is found as on any deck; a corner whose only mark the region's edge cuts shows no sign."""
    spade, club = (index_sign(_card("7", suit, baseline=18, size=0.9)) for suit in "SC")
    assert spade is not None and club is not None
    assert np.linalg.norm(spade - index_sign(_card("7", "S"))) < np.linalg.norm(spade - club) / 2
    rank_only = np.full((CROP_SIZE[1], CROP_SIZE[0], 3), 235, np.uint8)
    cv2.putText(rank_only, "7", (7, 12), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (20, 20, 20), 2, cv2.LINE_AA)
    assert index_sign(rank_only) is None


def test_a_sliver_the_index_region_s_edge_cuts_is_no_rank_above_a_lone_mark() -> None:
    """A loosely cut outline shows a sliver of the card's border at the region's top, or the table at its left: the
    one whole mark under it is the rank, whose sign went unseen, so no sign is read."""
    border = np.full((CROP_SIZE[1], CROP_SIZE[0], 3), 235, np.uint8)
    cv2.putText(border, "7", (7, 24), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (20, 20, 20), 2, cv2.LINE_AA)
    table = border.copy()
    cv2.rectangle(border, (10, 0), (18, 4), (20, 20, 20), -1)
    cv2.rectangle(table, (0, 5), (4, 12), (20, 20, 20), -1)
    assert index_sign(border) is None and index_sign(table) is None


def test_an_ace_s_sign_looks_like_its_own_suit_s_once_the_number_cards_taught_both() -> None:
    """A spade sign under an ace looks like the spades learnt, not like the clubs; a court card teaches nothing, and
    a suit learnt from fewer than three cards is not compared."""
    shapes = _learnt()
    spade = [index_sign(_card("A", "S", blur=2))]
    assert shapes.looks_like(spade, "C", "S") and not shapes.looks_like(spade, "S", "C")
    assert not shapes.looks_like([None], "C", "S")                        # no sign found
    few = SignShapes()
    few.learn("2S", spade)
    few.learn("2C", [index_sign(_card("2", "C"))])
    few.learn("KS", spade)
    few.learn("QS", spade)
    assert not few.looks_like(spade, "C", "S")


def test_reads_renamed_at_once_teach_their_signs_to_the_cards_they_were() -> None:
    """The 5♠ read surely as the 5♣ and the 5♣ as the 5♠, found swapped: each sign moves to its own card at once
    (one rename after the other, the second would take both signs back), and the clubs look like clubs again."""
    spade, club = index_sign(_card("5", "S")), index_sign(_card("6", "C"))
    shapes = SignShapes()
    for card, sign in (("2C", club), ("3C", club), ("5C", spade), ("2S", spade), ("3S", spade), ("5S", club)):
        shapes.learn(card, [sign])
    before = shapes.distances([club])
    shapes.renamed([("5C", "5S"), ("5S", "5C")])
    after = shapes.distances([club])
    assert after["C"] == pytest.approx(0.0, abs=1e-6) and after["C"] < before["C"]
    assert shapes.distances([spade])["S"] == pytest.approx(0.0, abs=1e-6)
    shapes.renamed([("5S", "QS")])                                         # a court card's sign teaches nothing
    assert "S" not in shapes.distances([spade])


def test_at_the_deal_s_end_the_sign_renames_a_pile_ace_to_the_other_suit_of_its_ink_only() -> None:
    """The A♣ whose sign is a spade's becomes the A♠ when its read scored the A♠ within `floor`: not when a sweep
    proved it, the A♠ lies on the pile, the A♠ scored too little, or the suit it would become is an honour's (a
    guess must not make a box accuse a player)."""
    shapes = _learnt()
    spade, club = [index_sign(_card("A", "S"))], [index_sign(_card("K", "C"))]
    sightings = {"AC": {"AC": 0.98, "AS": 0.5}, "KC": {"KC": 0.95, "KS": 0.9}, "3H": {"3H": 0.99}}
    signs = {"AC": spade, "KC": club, "3H": []}
    assert sign_renames(sightings, signs, shapes, (), 0.3) == {"AC": "AS"}
    assert sign_renames(sightings, signs, shapes, {"AC"}, 0.3) == {}
    assert sign_renames({**sightings, "AS": {"AS": 0.99}}, signs, shapes, (), 0.3) == {}
    assert sign_renames(sightings, signs, shapes, (), 0.6) == {}
    jack = {"JS": {"JS": 0.9, "JC": 0.8}}
    assert sign_renames(jack, {"JS": [index_sign(_card("J", "C"))]}, shapes, (), 0.3) == {}


def test_a_number_card_whose_pips_left_its_suit_in_doubt_is_renamed_by_its_sign_too() -> None:
    """A 9♠ read as the 9♣, the 9♠ close behind and its pips no help: its index sign is a spade's."""
    shapes = _learnt()
    nine = {"9C": {"9C": 0.99, "9S": 0.82}}
    assert sign_renames(nine, {"9C": [index_sign(_card("9", "S", shift=1))]}, shapes, (), 0.3) == {"9C": "9S"}
    assert sign_renames(nine, {"9C": [index_sign(_card("9", "C", shift=1))]}, shapes, (), 0.3) == {}


def test_two_aces_each_showing_the_other_s_sign_are_swapped_where_neither_can_be_renamed_alone() -> None:
    """An A♠ read as the A♣ and the A♣ read as the A♠: each names a card on the pile, so `sign_renames` leaves both;
    each sign is the other suit's, so they are swapped. Not when one sign is its own suit's, a sweep proved either,
    one read scored the other card under `floor`, or the pair is an honour's."""
    shapes = _learnt()
    spade, club = [index_sign(_card("A", "S"))], [index_sign(_card("A", "C", shift=1))]
    sightings = {"AC": {"AC": 0.98, "AS": 0.9}, "AS": {"AS": 0.5, "AC": 0.2, "JC": 0.6}, "3H": {"3H": 0.99}}
    signs = {"AC": spade, "AS": club, "3H": []}
    assert sign_renames(sightings, signs, shapes, (), 0.3) == {}
    assert sign_swaps(sightings, signs, shapes, (), 0.3) == [("AC", "AS")]
    assert sign_swaps(sightings, {**signs, "AS": spade}, shapes, (), 0.3) == []
    assert sign_swaps(sightings, signs, shapes, {"AS"}, 0.3) == []
    assert sign_swaps(sightings, signs, shapes, (), 0.5) == []
    queens = {"QC": {"QC": 0.98, "QS": 0.9}, "QS": {"QS": 0.9, "QC": 0.8}}
    assert sign_swaps(queens, {"QC": [index_sign(_card("Q", "S"))], "QS": [index_sign(_card("Q", "C"))]}, shapes,
                      (), 0.3) == []
