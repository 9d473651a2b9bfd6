"""Nap's pack [Nap]: ace high; the short packs by number of players; who can play with how many cards."""

from __future__ import annotations

import re

import pytest

from engine.core.cards import DECK
from engine.core.errors import RulesError
from engine.nap.cards import ORDER, deck_for, lowest
from engine.nap.rules import get_rules


@pytest.mark.parametrize(("deck", "players", "size", "lowest_kept", "highest_gone"), [
    ("full", 3, 52, "2S", None),
    ("examples", 3, 24, "9S", "8S"),      # "3 players only 24 cards (8s and lower removed)"
    ("examples", 4, 32, "7S", "6S"),      # "4 or 5 players a Skat pack (ranks below 7 removed)"
    ("examples", 5, 32, "7S", "6S"),
    ("examples", 6, 52, "2S", None),
    ("floater_table", 3, 20, "10S", "9S"),
    ("floater_table", 4, 24, "9S", "8S"),
    ("floater_table", 5, 28, "8S", "7S"),
    ("floater_table", 6, 32, "7S", "6S"),
    ("floater_table", 7, 36, "6S", "5S"),
    ("floater_table", 8, 52, "2S", None),
])
def test_short_packs(deck, players, size, lowest_kept, highest_gone):
    cards = deck_for(deck, players)
    assert len(cards) == size and lowest_kept in cards and "AS" in cards
    assert highest_gone is None or highest_gone not in cards
    assert list(cards) == [c for c in DECK if c in cards]   # deck order


def test_ace_high_order_and_lowest():
    assert ORDER["AS"] == 14 and ORDER["KS"] == 13 and ORDER["2S"] == 2
    assert lowest(["AS", "9H", "9D", "KC"]) == ["9H", "9D"] and lowest([]) == []


def test_the_floater_variant_plays_its_short_pack_by_default():
    assert len(get_rules({"game": "floater"}).deck(4)) == 24
    assert len(get_rules({"game": "floater", "deck": "full"}).deck(4)) == 52
    assert len(get_rules().deck(4)) == 52


@pytest.mark.parametrize(("options", "players", "message"), [
    ({}, 2, "Nap is played by 3 to 10 players, not 2"),
    ({}, 11, "Nap is played by 3 to 10 players, not 11"),
    ({"game": "seven_card"}, 8, "Seven-card Nap with 8 players needs 56 cards; the pack (full) has 52"),
    ({"game": "seven_card", "deck": "examples"}, 5, "needs 35 cards; the pack (examples) has 32"),
    ({"game": "widow"}, 10, "Widow Nap with 10 players needs 55 cards"),
    ({"game": "purchase", "deck": "examples"}, 5, None),
    ({"game": "floater"}, 7, None),
    ({}, 10, None),
])
def test_who_can_play(options, players, message):
    rules = get_rules(options)
    if message is None:
        rules.check_players(players)
    else:
        with pytest.raises(RulesError, match=re.escape(message)):
            rules.check_players(players)
