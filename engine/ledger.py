"""Chip accounting: player stacks, the five boxes, payments and the conservation check.

A :class:`Payment` moves chips from one *party* to another. A party is a seat (``int``) or a box
(its card code, ``str``). The ledger never lets a party go below zero: a payment is cut to what
the payer has (every text: nobody pays more than they own), and the cut is recorded in ``due``.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, NamedTuple

from engine.cards import BOXES, Card
from engine.errors import ConservationError

Party = int | str
"""A seat index or a box (card code)."""

REASONS = ("ante", "sweep", "hoc", "cards", "opera", "bete")


class Payment(NamedTuple):
    """``amount`` chips from ``source`` to ``target`` for ``reason``.

    ``due`` is what the rules asked for; ``amount`` what was actually paid (less when the payer
    ran short). ``card`` names the honour/box or card the payment is about, when there is one.
    Reasons: ``ante``, ``sweep`` (an announced honour takes its box), ``hoc`` (1760: a chip from
    each player per announced hoc), ``cards`` (end of deal, loser to winner), ``opera``, ``bete``.
    """

    reason: str
    source: Party
    target: Party
    amount: int
    due: int
    card: Card | None = None

    @staticmethod
    def request(reason: str, source: Party, target: Party, amount: int, card: Card | None = None) -> "Payment":
        """A payment the rules ask for (``due == amount``); the ledger may cut it.

        Built with ``tuple.__new__`` (what the named tuple's own ``__new__`` does) to skip one Python
        call: settlement and announcements make several of these per deal."""
        return _new_tuple(Payment, (reason, source, target, amount, amount, card))

    def to_dict(self, players: tuple[str, ...]) -> dict[str, Any]:
        out: dict[str, Any] = {
            "reason": self.reason,
            "from": party_name(self.source, players),
            "to": party_name(self.target, players),
            "amount": self.amount,
        }
        if self.due != self.amount:
            out["due"] = self.due
        if self.card is not None:
            out["card"] = self.card
        return out


_new_tuple = tuple.__new__


def party_name(party: Party, players: tuple[str, ...]) -> str:
    """A seat's name, or ``"board:QS"`` for a box."""
    return players[party] if isinstance(party, int) else f"board:{party}"


class Ledger:
    """Chip stacks by seat and chips per box, with the starting total they must always add up to."""

    __slots__ = ("chips", "board", "total")

    def __init__(self, chips: Iterable[int], board: Mapping[Card, int] | None = None) -> None:
        self.chips: list[int] = list(chips)
        self.board: dict[Card, int] = {b: 0 for b in BOXES}
        if board:
            for box, value in board.items():
                if box not in self.board:
                    raise ValueError(f"{box} is not a board box ({', '.join(BOXES)})")
                self.board[box] = value
        for value in (*self.chips, *self.board.values()):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"chip counts must be whole numbers ≥ 0, got {value!r}")
        self.total: int = sum(self.chips) + sum(self.board.values())

    def copy(self) -> "Ledger":
        new = Ledger.__new__(Ledger)
        new.chips = self.chips.copy()
        new.board = self.board.copy()
        new.total = self.total
        return new

    def balance(self, party: Party) -> int:
        return self.chips[party] if isinstance(party, int) else self.board[party]

    def pay(self, payment: Payment) -> Payment:
        """Apply ``payment``, cut to what the source holds; return the payment as made."""
        src = payment.source
        store = self.board if type(src) is str else self.chips
        have = store[src]  # type: ignore[index]
        amount = payment.amount
        if amount > have:
            amount = have
        if amount < 0:
            amount = 0
        store[src] -= amount  # type: ignore[index]
        dst = payment.target
        if type(dst) is str:
            self.board[dst] += amount
        else:
            self.chips[dst] += amount
        if amount == payment.amount:
            return payment
        return payment._replace(amount=amount)

    def in_play(self) -> int:
        return sum(self.chips) + sum(self.board.values())

    def check(self) -> None:
        """Raise :class:`ConservationError` unless stacks and boxes still add up to the starting total."""
        chips, boxes = self.chips, self.board.values()
        now = sum(chips) + sum(boxes)
        if now != self.total:
            raise ConservationError(f"chips not conserved: {now} in play, {self.total} at the start")
        if min(chips, default=0) < 0 or min(boxes, default=0) < 0:
            raise ConservationError("a stack or a box went below zero")

    def snapshot(self) -> dict[str, Any]:
        return {"chips": list(self.chips), "board": dict(self.board), "total": self.total}
