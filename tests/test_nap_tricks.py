"""Trick-taking [Nap]: the suit of the bidder's first card is trumps (none at misère); follow suit if
you can; the highest trump, else the highest card of the suit led, takes the trick; the winner leads."""

from __future__ import annotations

import pytest
from nap_support import SOLID, SOLID_TRICKS, THREE, load_example, plays, transcript

from engine.core.errors import IllegalAction, TranscriptError
from engine.nap.cards import ORDER
from engine.nap.game import Game
from engine.nap.transcript import settle_transcript
from engine.nap.tricks import is_revoke, legal_cards, trick_winner


def test_ace_is_high():
    order = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    assert sorted(order, key=ORDER.__getitem__) == order


@pytest.mark.parametrize(("cards", "trumps", "winner"), [
    (["KH", "AH", "2H"], "S", 1),          # highest of the suit led
    (["KH", "AH", "2S"], "S", 2),          # any trump beats the suit led
    (["KH", "3S", "2S"], "S", 1),          # the highest trump
    (["2S", "AH", "KH"], "S", 0),          # trumps led: the side suits cannot win
    (["5H", "AC", "AD"], "S", 0),          # off-suit discards never win, aces included
    (["5H", "AC", "AS"], None, 0),         # no trumps (misère): a spade is just a discard
    (["10D", "JD", "9D", "QD"], "D", 3),
])
def test_trick_winner(cards, trumps, winner):
    assert trick_winner(cards, trumps) == winner


def test_legal_cards_and_revokes():
    hand = ["2H", "KH", "AS"]
    assert sorted(legal_cards(hand, "H")) == ["2H", "KH"]
    assert sorted(legal_cards(hand, "D")) == sorted(hand)      # void: anything
    assert sorted(legal_cards(hand, None)) == sorted(hand)     # a lead: anything
    assert is_revoke(hand, "H", "AS") and not is_revoke(hand, "D", "AS") and not is_revoke(hand, "H", "2H")


def test_first_card_led_makes_trumps_and_winner_leads():
    game = Game(THREE, chips=20)
    game.new_hand("Chloé", {"Anne": ["2S", "AH", "KH", "QH", "JH"], "Bruno": ["AS", "3H", "4H", "5H", "6H"],
                            "Chloé": ["3S", "AC", "KC", "QC", "JC"]})
    game.bid("Anne", "three")
    game.bid("Bruno", "pass")
    game.bid("Chloé", "pass")
    plays(game, "Anne:2S Bruno:AS Chloé:3S")
    assert game.state.trumps == "S" and game.state.tricks[0].winner == 1
    assert game.whose_turn() == "Bruno is to lead"
    with pytest.raises(IllegalAction, match="Anne plays AH out of turn: Bruno is to lead"):
        game.play("Anne", "AH")
    plays(game, "Bruno:3H Chloé:AC Anne:AH")          # hearts led: Anne's ace of hearts wins
    assert game.state.tricks[1].winner == 0


def test_misere_has_no_trumps():
    data = load_example("misere_lost.json")
    result = settle_transcript(data)
    assert result["trumps"] is None
    # trick 1 was led in hearts; in trick 3 spades are led and nobody can trump with a heart
    assert [t["winner"] for t in result["tricks"]] == ["Anne", "Anne", "Chloé", "Bruno", "Bruno"]
    assert result["made"] is False and result["tricks_won"]["Chloé"] == 1


def test_misere_lost_on_the_first_trick_when_the_hand_stops_once_decided():
    hands = {"Anne": ["2H", "3C", "4D", "9S", "KS"], "Bruno": ["AH", "5C", "6D", "10S", "JS"],
             "Chloé": ["3H", "7C", "8D", "QS", "2S"]}
    base = dict(options={"misere": True, "play_out": False}, dealer="Chloé")
    data = transcript(hands, [("Anne", "misere"), ("Bruno", "pass"), ("Chloé", "pass")],
                      ["Anne:KS Bruno:10S Chloé:QS"], **base)
    result = settle_transcript(data)
    assert result["made"] is False and len(result["tricks"]) == 1
    assert result["chips"] == {"Anne": 44, "Bruno": 53, "Chloé": 53}
    data = transcript(hands, [("Anne", "misere"), ("Bruno", "pass"), ("Chloé", "pass")],
                      ["Anne:KS Bruno:10S Chloé:QS", "Anne:2H Bruno:AH Chloé:3H"], **base)
    with pytest.raises(TranscriptError, match="trick 2: Anne plays 2H but the hand is over: its result was "
                                              "decided at trick 1"):
        settle_transcript(data)


def test_play_out_false_stops_when_the_bid_is_made_or_out_of_reach():
    data = transcript(SOLID, [("Anne", "three"), ("Bruno", "pass"), ("Chloé", "pass")], SOLID_TRICKS[:3],
                      options={"play_out": False})
    result = settle_transcript(data)
    assert result["made"] is True and len(result["tricks"]) == 3
    with pytest.raises(TranscriptError, match="the hand stops early: 2 of 5 tricks"):
        settle_transcript(transcript(SOLID, [("Anne", "three"), ("Bruno", "pass"), ("Chloé", "pass")],
                                     SOLID_TRICKS[:2], options={"play_out": False}))


def test_a_card_not_held_or_played_twice_is_refused():
    game = Game(THREE, chips=20)
    game.new_hand("Chloé", SOLID)
    for bid in ("nap", "pass", "pass"):
        game.bid(game.state.to_bid, bid)
    with pytest.raises(IllegalAction, match=r"Anne does not hold 2H \(Bruno does\)"):
        game.play("Anne", "2H")
    plays(game, "Anne:AS")
    with pytest.raises(IllegalAction, match="Anne has already played to this trick"):
        game.play("Anne", "KS")
    plays(game, "Bruno:2H Chloé:2C")
    with pytest.raises(IllegalAction, match="Anne plays AS, which Anne already played"):
        game.play("Anne", "AS")


def test_legal_plays_follow_suit():
    game = Game(THREE, chips=20)
    game.new_hand("Chloé", {"Anne": ["AS", "KS", "QS", "JS", "2D"], "Bruno": ["2H", "3H", "4H", "5S", "AD"],
                            "Chloé": ["2C", "3C", "4C", "5C", "6C"]})
    for bid in ("four", "pass", "pass"):
        game.bid(game.state.to_bid, bid)
    plays(game, "Anne:AS")
    assert game.legal_plays() == ["5S"]
    plays(game, "Bruno:5S")
    assert game.legal_plays() == ["2C", "3C", "4C", "5C", "6C"]
