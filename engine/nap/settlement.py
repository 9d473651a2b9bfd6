"""Settling a hand that was played [Nap].

"It only matters whether the bidder takes the tricks bid or not. If so, each other player pays him
the value of the game; if not, he pays the value to each player." What the value is, and what the
pool or the pot adds, are the rules' (:meth:`NapRules.made_payments`, :meth:`NapRules.lost_payments`).
With the ``forfeit`` revoke penalty, the first established revoke of the hand decides it instead:
the bidder's revoke fails the bid, an opponent's makes it.

Opponents pay and are paid in turn from the bidder's left, then the pool. Option ``debts`` says what
happens to a payer who runs short: ``allow`` pays in full and the stack goes below zero (Nap is
scored on paper; its text has no cap); ``cap`` cuts each payment to what the payer holds at that
moment, so the shortfall falls on the last in that order (``due`` keeps what was owed). Payments
due 0 are left out. Antes, purchases, looks at the floater and penalties were paid when they happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.ledger import Payment
from engine.core.seats import left_of
from engine.nap.rules.base import POOL

if TYPE_CHECKING:
    from engine.nap.rules.base import NapRules
    from engine.nap.state import State


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a hand: ``made``, what the tricks said, and whose revoke decided it (if any)."""

    made: bool
    by_tricks: bool
    forfeit: int | None
    payments: tuple[Payment, ...]


def opponents(bidder: int, n_players: int) -> tuple[int, ...]:
    """The other seats, clockwise from the bidder's left."""
    seats, seat = [], left_of(bidder, n_players)
    while seat != bidder:
        seats.append(seat)
        seat = left_of(seat, n_players)
    return tuple(seats)


def result_of(rules: NapRules, state: State) -> tuple[bool, bool, int | None]:
    """``(made, by_tricks, forfeit seat)`` for the finished hand in ``state``."""
    bidder, contract = state.bidder, state.contract
    assert bidder is not None and contract is not None
    played = len(state.tricks) if state.claimed is None else rules.hand_size
    by_tricks = bool(rules.decided(contract, state.tricks_won[bidder], played))
    if rules.revoke_forfeits:
        established = [r for r in state.revokes if r.established]
        if established:
            first = min(established, key=lambda r: r.index)
            return first.seat != bidder, by_tricks, first.seat
    return by_tricks, by_tricks, None


def settle_hand(rules: NapRules, state: State) -> Outcome:
    """Pay the finished hand in ``state`` into its ledger; return the outcome and payments made."""
    made, by_tricks, forfeit = result_of(rules, state)
    bidder, contract = state.bidder, state.contract
    assert bidder is not None and contract is not None
    ledger = state.ledger
    others = opponents(bidder, state.n_players)
    hook = rules.made_payments if made else rules.lost_payments
    paid: list[Payment] = []
    # a generator: each request is made after the one before is paid, so "the pool" is read as it is then
    for request in hook(bidder, contract, others, lambda: ledger.pots[POOL]):
        if request.amount > 0:
            paid.append(ledger.pay(request))
    state.payments.extend(paid)
    return Outcome(made, by_tricks, forfeit, tuple(paid))


__all__ = ["Outcome", "opponents", "result_of", "settle_hand"]
