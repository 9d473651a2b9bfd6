"""A quick table enters only the bidder's tricks: the hand is settled from that count, as from the cards."""

import pytest

from engine.core.errors import IllegalAction
from engine.nap.events import Bid, Correction, Play, TricksWon, event_from_dict, event_to_dict
from engine.nap.game import Game

PLAYERS = ["Anne", "Bruno", "Chloé", "Denis"]


def _bid_hand(game: Game, bid: str = "three") -> None:
    game.new_hand("Anne")
    game.bid("Bruno", "pass")
    game.bid("Chloé", bid)
    game.bid("Denis", "pass")
    game.bid("Anne", "pass")


@pytest.mark.parametrize(("bid", "count", "made", "chloe"), [
    ("three", 3, True, 100 + 3 * 3), ("three", 2, False, 100 - 3 * 3),
    ("nap", 5, True, 100 + 3 * 5), ("four", 4, True, 100 + 3 * 4),
])
def test_the_bidders_tricks_settle_the_hand(bid: str, count: int, made: bool, chloe: int) -> None:
    game = Game(PLAYERS, live=True)
    _bid_hand(game, bid)
    game.tricks_won(count)
    result = game.settle()
    assert result.made is made and result.tricks_won[2] == count and result.tricks == ()
    assert result.chips[2] == chloe and sum(result.chips) == 400


def test_misere_is_made_with_no_trick() -> None:
    game = Game(PLAYERS, options={"misere": True}, live=True)
    _bid_hand(game, "misere")
    game.tricks_won(0)
    assert game.settle().made is True


def test_tricks_cannot_be_entered_after_a_card_or_beyond_the_hand() -> None:
    game = Game(PLAYERS, live=True)
    _bid_hand(game)
    with pytest.raises(IllegalAction, match="0 to 5 tricks"):
        game.tricks_won(6)
    game.play("Chloé", "AS")
    with pytest.raises(IllegalAction, match="before any card"):
        game.tricks_won(3)


def test_events_round_trip_through_plain_dicts() -> None:
    for event in (Bid(1, "nap", True), Play(2, "10H"), TricksWon(4), Correction(3, Play(0, "AS")), Correction(2)):
        assert event_from_dict(event_to_dict(event)) == event
    with pytest.raises(ValueError, match="not a Nap event"):
        event_from_dict({"type": "sweep"})
