"""The game as an event log: dealer rotation, the shuffle habit, deals refused, undo/redo/corrections,
and a replay of the log giving the same state."""

from __future__ import annotations

import re

import pytest
from nap_support import FOUR_ONLY, FOUR_ONLY_TRICKS, SOLID, SOLID_TRICKS, THREE, plays

from engine.core.errors import IllegalAction
from engine.nap.events import Play
from engine.nap.game import Game


def hand(game, hands, bid, trick_lines, dealer=None):
    game.new_hand(dealer, hands)
    first = game.state.to_bid
    for i in range(len(THREE)):
        seat = (first + i) % 3
        game.bid(seat, bid if THREE[seat] == "Anne" else "pass")
    plays(game, *trick_lines)
    return game.settle()


def test_dealer_moves_left_and_the_player_on_their_left_bids_first():
    game = Game(THREE)
    game.new_hand()
    assert game.state.dealer == 0 and game.whose_turn() == "Bruno is to bid"
    for player in ("Bruno", "Chloé", "Anne"):
        game.bid(player, "pass")
    assert game.settle().next_dealer == 1
    game.new_hand()
    assert game.state.dealer == 1 and game.whose_turn() == "Chloé is to bid"


@pytest.mark.parametrize(("shuffle", "expected"), [
    ("every_hand", [True, True, True, True]),
    ("habit", [True, False, False, True]),   # shuffled at the start and after a five-trick bid won only
])
def test_shuffle_habit(shuffle, expected):
    game = Game(THREE, options={"shuffle": shuffle}, chips=100)
    seen = []
    r = hand(game, FOUR_ONLY, "four", FOUR_ONLY_TRICKS, dealer="Chloé")   # a Four made: no shuffle after
    seen.append(r.shuffled)
    game.new_hand("Chloé", FOUR_ONLY)
    seen.append(game.state.shuffled)
    for player in ("Anne", "Bruno", "Chloé"):
        game.bid(player, "pass")                                          # passed out: no shuffle either
    assert game.settle().shuffle_next is (shuffle == "every_hand")
    r = hand(game, SOLID, "nap", SOLID_TRICKS, dealer="Chloé")            # Nap made: shuffle
    seen.append(r.shuffled)
    assert r.shuffle_next is True
    game.new_hand("Chloé", SOLID)
    seen.append(game.state.shuffled)
    assert seen == expected


@pytest.mark.parametrize(("hands", "message"), [
    ({**SOLID, "Anne": ["AS", "KS", "QS", "JS"]}, "Anne is dealt 4 cards; each player gets 5"),
    ({**SOLID, "Bruno": ["AS", "3H", "4H", "5H", "6H"]}, "AS is dealt twice (Anne's hand and Bruno's hand)"),
])
def test_bad_deals(hands, message):
    game = Game(THREE)
    with pytest.raises(IllegalAction, match=re.escape(message)):
        game.new_hand("Chloé", hands)
    assert game.state.phase == "dealing"   # the NewHand stands; the Deal was refused


def test_floater_and_widow_only_where_they_exist():
    game = Game(THREE)
    with pytest.raises(IllegalAction, match="Nap has no floater"):
        game.new_hand("Chloé", SOLID, floater="2D")


def test_a_new_hand_waits_for_the_settlement():
    game = Game(THREE)
    game.new_hand("Chloé", SOLID)
    with pytest.raises(IllegalAction, match="a hand is in progress"):
        game.new_hand("Anne")


def test_undo_redo_and_correction():
    game = Game(THREE, chips=50)
    game.new_hand("Chloé", FOUR_ONLY)
    for player, bid in (("Anne", "four"), ("Bruno", "pass"), ("Chloé", "pass")):
        game.bid(player, bid)
    plays(game, FOUR_ONLY_TRICKS[0])
    before = game.state.snapshot()
    plays(game, "Anne:KS")
    game.undo()
    assert game.state.snapshot() == before
    game.redo()
    assert game.state.current == [(0, "KS")]
    # the camera read QS as KS: correct it
    game.correct(len(game.events) - 1, Play(0, "QS"))
    assert game.state.current == [(0, "QS")]
    plays(game, "Bruno:3H Chloé:3C", "Anne:KS Bruno:4H Chloé:4C", *FOUR_ONLY_TRICKS[3:])
    result = game.settle()
    assert result.made is True
    replay = game.replay()
    assert replay.state.snapshot() == game.state.snapshot()
