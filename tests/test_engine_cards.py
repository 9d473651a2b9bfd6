"""Cards, points and the board, as every rules text describes them."""

from __future__ import annotations

import pytest

from engine.nain_jaune.cards import BOXES, DECK, POINTS, RANK, CardError, card_name, parse_card, points, sort_cards
from engine.nain_jaune.rules.base import STAKES


def test_a_full_french_pack_of_52():
    """[DE] 'ein gewöhnliches, französisches Kartenspiel mit 52 Karten'."""
    assert len(DECK) == 52 and len(set(DECK)) == 52


def test_points_ace_one_pips_face_value_courts_ten():
    """[EN] 'courts are worth 10 points each and Aces score 1 point each'; [1792] 10.2.1."""
    assert [POINTS[c] for c in ("AS", "2H", "9D", "10C", "JS", "QH", "KD")] == [1, 2, 9, 10, 10, 10, 10]
    assert points(["AS", "KD", "7H"]) == 18
    assert RANK["AS"] == 1 and RANK["KH"] == 13


def test_the_five_boxes_and_their_stakes():
    """[EN]/[DE]: one chip on the 10, two on the J, three on the Q, four on the K, five on the 7; [FR] the
    K♥, Q♠, 10♦, J♣ and the dwarf's 7♦."""
    assert dict(zip(BOXES, STAKES)) == {"10D": 1, "JC": 2, "QS": 3, "KH": 4, "7D": 5}


@pytest.mark.parametrize("text,card", [("10d", "10D"), ("TD", "10D"), ("1S", "AS"), (" qs ", "QS"),
                                       ("K♥", "KH"), ("7♦", "7D"), ("a♣", "AC")])
def test_parse_card_accepts_common_spellings(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "1X", "11S", "QQ", "10", None, 7, "DS"])
def test_parse_card_refuses_the_rest(text):
    with pytest.raises(CardError):
        parse_card(text)


def test_names_and_order():
    assert card_name("QS") == "queen of spades"
    assert sort_cards(["KC", "AS", "10H"]) == ["AS", "10H", "KC"]
