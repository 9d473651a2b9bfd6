"""Live play: following a real table, where the hands are unknown and events come one by one.

:class:`engine.nap.game.Game` does the work (``Game(..., live=True)``); this module gives a camera
feed and the phone their words. What the camera sees is a card landing on the table (a
:class:`~engine.nap.events.Play`); what the phone enters are the bids, the floater and the trumps.
A rule broken at the table comes back as notices and the game follows the table. A revoke is known
only when the withheld suit shows up later from the same player: :func:`view` lists the revokes
proven so far, never one that is not.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine.core.notices import Notice
from engine.core.seats import PlayerRef
from engine.nap.game import Game
from engine.nap.tricks import Revoke


def start_live_hand(players: Sequence[str], *, options: Mapping[str, Any] | None = None,
                    chips: int | Sequence[int] | Mapping[str, int] = 100, pool: int = 0,
                    dealer: PlayerRef | None = None) -> Game:
    """A live game with its first hand dealt, every card unknown."""
    game = Game(players, options=options, chips=chips, pool=pool, live=True)
    game.new_hand(dealer)
    return game


def observe(game: Game, player: PlayerRef, card: str) -> Sequence[Notice]:
    """One card seen landing on the table. Never raises for a rule the table broke."""
    return game.play(player, card)


def proven_revokes(game: Game) -> list[Revoke]:
    """The revokes established so far in the current hand."""
    return [r for r in game.state.revokes if r.established]


def view(game: Game) -> dict[str, Any]:
    """What the phone shows: whose turn, the bid, trumps, the trick on the table, tricks won, cards
    left in each hand, the revokes proven so far, chips and pool."""
    st = game.state
    players = st.players
    return {
        "phase": st.phase,
        "turn": game.whose_turn(),
        "dealer": None if st.dealer is None else players[st.dealer],
        "bidder": None if st.bidder is None else players[st.bidder],
        "bid": None if st.contract is None else str(st.contract),
        "trumps": st.trumps,
        "trick": [{"player": players[s], "card": c} for s, c in st.current],
        "tricks_won": dict(zip(players, st.tricks_won)),
        "cards_left": dict(zip(players, st.counts)),
        "revokes": [{"player": players[r.seat], "trick": r.trick + 1, "card": r.card, "led": r.led}
                    for r in proven_revokes(game)],
        "chips": dict(zip(players, st.ledger.chips)),
        "pool": st.pool,
    }


__all__ = ["observe", "proven_revokes", "start_live_hand", "view"]
