"""End-of-deal settlement, always in this order:

1. **card payments** — every loser pays the winner for the cards left in hand
   (:meth:`RuleSet.card_payments`; ``lindor``: the points, or so many chips a card);
2. **opéra** — when the winner made an opéra, what it brings (:meth:`RuleSet.opera_payments`;
   ``lindor``: the winner sweeps all five boxes);
3. **bêtes** — every loser still holding an honour pays into its box as much as the box holds
   at that moment (:meth:`RuleSet.bete_cards`, :meth:`RuleSet.bete`), losers in turn order after
   the winner, honours in box order 10♦ J♣ Q♠ K♥ 7♦.

Each payment is cut to what the payer holds at that moment: nobody pays more than they have.
Payments due 0 are left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.ledger import Payment

if TYPE_CHECKING:
    from engine.nain_jaune.state import State


def settle(state: State) -> list[Payment]:
    """Apply the settlement of the finished deal in ``state`` to its ledger; return the payments made."""
    rules = state.rules
    winner = state.winner
    if winner is None:
        raise ValueError("nobody has gone out: the deal cannot be settled")
    ledger = state.ledger
    made: list[Payment] = []
    for request in rules.card_payments(state, winner, state.opera):
        if request.amount > 0:
            made.append(ledger.pay(request))
    if state.opera:
        for request in rules.opera_payments(state, winner):
            if request.amount > 0:
                made.append(ledger.pay(request))
    for seat, card in rules.bete_cards(state, winner):
        # computed one at a time: "as much as the box holds" means what it holds now
        for request in rules.bete(state, seat, card):
            if request.amount > 0:
                made.append(ledger.pay(request))
    return made
