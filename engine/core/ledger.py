"""Chip accounting shared by every game: player stacks, named pots, payments, conservation.

A :class:`Payment` moves chips from one *party* to another. A party is a seat (``int``) or a pot
(its name, ``str``: Nain Jaune's five board boxes ``"10D"`` …, Nap's ``"pool"``). :class:`Ledger`
never lets a party go below zero: a payment is cut to what the payer has (no Nain Jaune text lets
anyone pay more than they own), and the cut is recorded in ``due``. :class:`OpenLedger` lets seats
go below zero, as when a game is scored on paper.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, NamedTuple

from engine.core.errors import ConservationError

Party = int | str
"""A seat index or a pot's name."""


class Payment(NamedTuple):
    """``amount`` chips from ``source`` to ``target`` for ``reason`` (a word the game defines).

    ``due`` is what the rules asked for; ``amount`` what was actually paid (less when the payer
    ran short). ``card`` names the card the payment is about, when there is one.
    """

    reason: str
    source: Party
    target: Party
    amount: int
    due: int
    card: str | None = None

    @staticmethod
    def request(reason: str, source: Party, target: Party, amount: int, card: str | None = None) -> "Payment":
        """A payment the rules ask for (``due == amount``); the ledger may cut it.

        Built with ``tuple.__new__`` (what the named tuple's own ``__new__`` does) to skip one Python
        call: a Nain Jaune deal makes several of these and simulations play millions of deals."""
        return _new_tuple(Payment, (reason, source, target, amount, amount, card))

    def to_dict(self, players: tuple[str, ...], pot_prefix: str = "") -> dict[str, Any]:
        """JSON-ready: seats by name, pots as ``pot_prefix + name`` (Nain Jaune writes ``board:QS``)."""
        out: dict[str, Any] = {
            "reason": self.reason,
            "from": party_name(self.source, players, pot_prefix),
            "to": party_name(self.target, players, pot_prefix),
            "amount": self.amount,
        }
        if self.due != self.amount:
            out["due"] = self.due
        if self.card is not None:
            out["card"] = self.card
        return out


_new_tuple = tuple.__new__


def party_name(party: Party, players: tuple[str, ...], pot_prefix: str = "") -> str:
    """A seat's name, or the pot's name after ``pot_prefix``."""
    return players[party] if isinstance(party, int) else f"{pot_prefix}{party}"


class Ledger:
    """Chip stacks by seat and chips per pot, with the starting total they must always add up to."""

    __slots__ = ("chips", "pots", "total")

    def __init__(self, chips: Iterable[int], pots: Mapping[str, int] | None = None) -> None:
        self.chips: list[int] = list(chips)
        self.pots: dict[str, int] = dict(pots or {})
        for value in (*self.chips, *self.pots.values()):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"chip counts must be whole numbers ≥ 0, got {value!r}")
        self.total: int = sum(self.chips) + sum(self.pots.values())

    def copy(self) -> "Ledger":
        new = type(self).__new__(type(self))
        new.chips = self.chips.copy()
        new.pots = self.pots.copy()
        new.total = self.total
        return new

    def balance(self, party: Party) -> int:
        return self.chips[party] if isinstance(party, int) else self.pots[party]

    def can_pay(self, party: Party, amount: int) -> bool:
        """Whether ``party`` holds ``amount`` (what a voluntary purchase must check before it is made)."""
        return self.balance(party) >= amount

    def pay(self, payment: Payment) -> Payment:
        """Apply ``payment``, cut to what the source holds; return the payment as made.

        A pot the ledger does not know raises ``KeyError``: chips must not vanish into a typo."""
        src = payment.source
        store = self.pots if type(src) is str else self.chips
        have = store[src]  # type: ignore[index]
        amount = payment.amount
        if amount > have:
            amount = have
        if amount < 0:
            amount = 0
        dst = payment.target
        if type(dst) is str:
            self.pots[dst] += amount  # type: ignore[index]
        else:
            self.chips[dst] += amount  # type: ignore[index]
        store[src] -= amount  # type: ignore[index]
        if amount == payment.amount:
            return payment
        return payment._replace(amount=amount)

    def in_play(self) -> int:
        return sum(self.chips) + sum(self.pots.values())

    def check(self) -> None:
        """Raise :class:`ConservationError` unless stacks and pots still add up to the starting total."""
        chips, pots = self.chips, self.pots.values()
        now = sum(chips) + sum(pots)
        if now != self.total:
            raise ConservationError(f"chips not conserved: {now} in play, {self.total} at the start")
        if min(chips, default=0) < 0 or min(pots, default=0) < 0:
            raise ConservationError("a stack or a pot went below zero")

    def snapshot(self) -> dict[str, Any]:
        return {"chips": list(self.chips), "pots": dict(self.pots), "total": self.total}


class OpenLedger(Ledger):
    """A ledger whose seats may go below zero: a seat pays every payment in full, as when scores are
    kept on paper or counters are bought back. Pots still pay only what they hold."""

    __slots__ = ()

    def can_pay(self, party: Party, amount: int) -> bool:
        return isinstance(party, int) or super().can_pay(party, amount)

    def pay(self, payment: Payment) -> Payment:
        if isinstance(payment.source, str) or payment.amount <= 0:
            return super().pay(payment)
        if isinstance(payment.target, str):
            self.pots[payment.target] += payment.amount   # first: an unknown pot raises before anything moves
        else:
            self.chips[payment.target] += payment.amount
        self.chips[payment.source] -= payment.amount
        return payment

    def check(self) -> None:
        """Raise :class:`ConservationError` unless everything adds up to the starting total and no pot
        went below zero (stacks may)."""
        now = self.in_play()
        if now != self.total:
            raise ConservationError(f"chips not conserved: {now} in play, {self.total} at the start")
        if min(self.pots.values(), default=0) < 0:
            raise ConservationError("a pot went below zero")
