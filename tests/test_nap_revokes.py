"""Revokes, Nap's "missed announcement": a player who does not follow suit while holding it.

Strict (hands known): recorded at the play where it happened, then proven by the later play of the
withheld suit. Live (hands unknown): nothing is known at the play; the revoke is recorded only when
the withheld suit shows up from the same player, and never before."""

from __future__ import annotations

from nap_support import THREE, plays

from engine.nap.game import Game
from engine.nap.live import observe, proven_revokes, start_live_hand, view
from engine.nap.transcript import revoke_dict

# Anne bids Nap and leads diamonds (trumps); Bruno keeps his 2D back twice, then plays it.
HANDS = {"Anne": ["AD", "KD", "QD", "JD", "10D"], "Bruno": ["2H", "3H", "4H", "5H", "2D"],
         "Chloé": ["2C", "3C", "4C", "5C", "6C"]}
TRICKS = ["Anne:AD Bruno:2H Chloé:2C", "Anne:KD Bruno:3H Chloé:3C", "Anne:QD Bruno:2D Chloé:4C",
          "Anne:JD Bruno:4H Chloé:5C", "Anne:10D Bruno:5H Chloé:6C"]


def bid_nap(game):
    for player, bid in (("Anne", "nap"), ("Bruno", "pass"), ("Chloé", "pass")):
        game.bid(player, bid)


def test_strict_revoke_recorded_at_the_play_and_proven_later():
    game = Game(THREE, chips=50)
    game.new_hand("Chloé", HANDS)
    bid_nap(game)
    notices = [*game.play("Anne", "AD"), *game.play("Bruno", "2H")]
    assert [n.kind for n in notices] == ["revoke"] and notices[0].seat == 1 and notices[0].card == "2H"
    assert [(r.seat, r.trick, r.card, r.led, r.proven_card) for r in game.state.revokes] == [(1, 0, "2H", "D", None)]
    plays(game, "Chloé:2C", TRICKS[1])
    assert len(game.state.revokes) == 2 and all(r.proven_card is None for r in game.state.revokes)
    notices = plays(game, TRICKS[2])
    assert not notices   # the proof adds no notice: the revokes were known
    assert [(r.trick, r.card, r.proven_trick, r.proven_card) for r in game.state.revokes] == [
        (0, "2H", 2, "2D"), (1, "3H", 2, "2D")]
    plays(game, *TRICKS[3:])
    result = game.settle()
    assert [revoke_dict(r, THREE) for r in result.revokes] == [
        {"player": "Bruno", "trick": 1, "card": "2H", "led": "D", "proven_at": {"trick": 3, "card": "2D"}},
        {"player": "Bruno", "trick": 2, "card": "3H", "led": "D", "proven_at": {"trick": 3, "card": "2D"}}]
    assert result.made is True and result.forfeit == 1


def test_strict_revoke_stands_even_when_the_hand_stops_before_its_proof():
    game = Game(THREE, options={"play_out": False}, chips=50)
    game.new_hand("Chloé", {"Anne": ["AS", "KS", "QS", "5H", "2D"], "Bruno": ["AH", "2H", "3H", "4D", "5D"],
                            "Chloé": ["2C", "3C", "4C", "5C", "6C"]})
    for player, bid in (("Anne", "three"), ("Bruno", "pass"), ("Chloé", "pass")):
        game.bid(player, bid)
    plays(game, "Anne:AS Bruno:4D Chloé:2C", "Anne:2D Bruno:5D Chloé:3C", "Bruno:AH Chloé:4C Anne:KS",
          "Anne:QS Bruno:2H Chloé:5C")
    result = game.settle()   # three tricks after four: decided, the 5H never shows
    assert len(result.tricks) == 4
    assert [(r.seat, r.card, r.proven_card) for r in result.revokes] == [(0, "KS", None)]
    assert result.made is False and result.by_tricks is True   # forfeit: the bidder revoked


def test_following_suit_or_discarding_when_void_is_never_a_revoke():
    game = Game(THREE, chips=50)
    game.new_hand("Chloé", HANDS)
    bid_nap(game)
    notices = plays(game, "Anne:AD Bruno:2D Chloé:2C", "Anne:KD Bruno:2H Chloé:3C", "Anne:QD Bruno:3H Chloé:4C",
                    "Anne:JD Bruno:4H Chloé:5C", "Anne:10D Bruno:5H Chloé:6C")
    assert not notices and game.settle().revokes == ()


def test_live_revoke_is_unknown_until_the_withheld_card_shows():
    game = start_live_hand(THREE, options={"pool": True}, chips=50, dealer="Chloé")
    bid_nap(game)
    pool = game.state.pool
    seen = []
    for line in TRICKS[:2]:
        for play in line.split():
            seen += observe(game, *play.split(":"))
    assert not seen and proven_revokes(game) == [] and view(game)["revokes"] == []
    assert game.state.pool == pool                    # no penalty before the proof
    notices = [*observe(game, "Anne", "QD"), *observe(game, "Bruno", "2D")]
    assert [n.kind for n in notices] == ["revoke", "revoke"]
    assert [(r.trick, r.card, r.known, r.proven_trick, r.proven_card) for r in proven_revokes(game)] == [
        (0, "2H", False, 2, "2D"), (1, "3H", False, 2, "2D")]
    assert view(game)["revokes"][0] == {"player": "Bruno", "trick": 1, "card": "2H", "led": "D"}
    assert game.state.pool == pool + 10               # Foster: 5 into the pool for each, paid at the proof


def test_live_show_out_never_proven_is_no_revoke():
    game = start_live_hand(THREE, chips=50, dealer="Chloé")
    bid_nap(game)
    for line in ("Anne:AD Bruno:2D Chloé:2C", "Anne:KD Bruno:2H Chloé:3C", "Anne:QD Bruno:3H Chloé:4C",
                 "Anne:JD Bruno:4H Chloé:5C", "Anne:10D Bruno:5H Chloé:6C"):
        for play in line.split():
            assert not observe(game, *play.split(":"))
    result = game.settle()
    assert result.revokes == () and result.made is True


def test_live_play_out_of_turn_and_seen_twice_are_notices():
    game = start_live_hand(THREE, chips=50, dealer="Chloé")
    bid_nap(game)
    assert [n.kind for n in observe(game, "Bruno", "2H")] == ["out_of_turn"]
    assert [n.kind for n in observe(game, "Bruno", "3H")] == ["already_played"]
    assert [n.kind for n in observe(game, "Anne", "2H")] == ["seen_twice"]
    observe(game, "Anne", "AD")
    observe(game, "Chloé", "2C")
    assert game.state.tricks[0].plays == ((1, "2H"), (0, "AD"), (2, "2C"))   # as seen
    # the first card seen leads the trick; the bidder's first card makes trumps
    assert game.state.trumps == "D" and game.state.tricks[0].winner == 0
