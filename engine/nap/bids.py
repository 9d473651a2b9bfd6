"""The bids and the ladder they climb.

[Nap]: one round of bidding from the dealer's left, everyone speaks once, each bid must beat the
last. A :class:`BidKind` is what a bid promises (so many tricks, or none at misère); a :class:`Contract`
is a kind as spoken at the table (in floater Nap "with" or "without" the floater); a
:class:`Ladder` orders the bids a variant allows, from lowest to highest, and knows which bids may
only follow another (Wellington only over Nap, Blücher only over Wellington).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final, Mapping

PASS: Final = "pass"


@dataclass(frozen=True, slots=True)
class BidKind:
    """What a bid promises. ``tricks``: the least the bidder must take (misère: none at all).

    ``nap_or_better`` marks the bids of every trick in a five-card hand (and, in the seven-card game,
    Nap and above): they win the pool, double it when lost, and after one is won the cards are
    shuffled [Nap]."""

    name: str
    tricks: int
    label: str
    misere: bool = False
    nap_or_better: bool = False


KINDS: Final[Mapping[str, BidKind]] = {k.name: k for k in (
    BidKind("two", 2, "Two"),
    BidKind("three", 3, "Three"),
    BidKind("misere", 0, "Misère", misere=True),
    BidKind("four", 4, "Four"),
    BidKind("nap", 5, "Nap", nap_or_better=True),
    BidKind("bonaparte", 5, "Bonaparte", nap_or_better=True),
    BidKind("wellington", 5, "Wellington", nap_or_better=True),
    BidKind("blucher", 5, "Blücher", nap_or_better=True),
    BidKind("six", 6, "Six", nap_or_better=True),
    BidKind("seven", 7, "Seven", nap_or_better=True),
)}
"""Every bid of every variant, by the name transcripts use."""

ALIASES: Final[Mapping[str, str]] = {"misère": "misere", "mis": "misere", "blücher": "blucher"}


def bid_name(text: str) -> str:
    """The canonical name of a spoken bid (``"Misère"`` → ``"misere"``); unknown words come back lower-cased."""
    low = text.strip().lower()
    return ALIASES.get(low, low)


@dataclass(frozen=True, slots=True)
class Contract:
    """A bid as spoken, the contract it would make: its kind's name and, in floater Nap, whether it is
    made with the floater."""

    name: str
    with_floater: bool = False

    @property
    def kind(self) -> BidKind:
        return KINDS[self.name]

    def __str__(self) -> str:
        label = KINDS[self.name].label if self.name in KINDS else self.name
        return label if not self.with_floater else f"{label} with the floater"


@dataclass(frozen=True, slots=True)
class Ladder:
    """The bids of a variant from lowest to highest, and the bids that may only follow another."""

    steps: tuple[Contract, ...]
    requires: tuple[tuple[str, str], ...] = ()
    floater: bool = False

    def position(self, bid: Contract) -> int | None:
        try:
            return self.steps.index(bid)
        except ValueError:
            return None

    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(b.name for b in self.steps))

    def problem(self, bid: Contract, high: Contract | None) -> str | None:
        """Why ``bid`` may not follow the standing bid ``high`` (``None``: nobody has bid yet), or
        ``None`` when it may. ``bid`` must be on the ladder."""
        position = self.position(bid)
        assert position is not None, bid
        needed = dict(self.requires).get(bid.name)
        if needed is not None and (high is None or high.name != needed):
            now = "nobody has bid yet" if high is None else f"the bid so far is {high}"
            return f"{bid} may only be bid over {KINDS[needed].label} ({now})"
        if high is not None and position <= self.steps.index(high):
            return f"{bid} does not beat {high}: each bid must be higher than the last"
        return None

    def above(self, high: Contract | None) -> tuple[Contract, ...]:
        """Every bid that may follow ``high``, lowest first (cached: a simulation asks at every bid)."""
        return _above(self, high)


@functools.lru_cache(maxsize=1024)
def _above(ladder: Ladder, high: Contract | None) -> tuple[Contract, ...]:
    return tuple(b for b in ladder.steps if ladder.problem(b, high) is None)


def ladder(names: tuple[str, ...], *, requires: Mapping[str, str] | None = None,
           floater: bool = False) -> Ladder:
    """A ladder of the kinds ``names`` (lowest first); with ``floater`` each kind comes "with" then
    "without" the floater, since "a bid without beats the same bid with" [Nap]."""
    steps = tuple(Contract(n, w) for n in names for w in ((True, False) if floater else (False,)))
    return Ladder(steps, tuple((requires or {}).items()), floater)


__all__ = ["ALIASES", "BidKind", "Contract", "KINDS", "Ladder", "PASS", "bid_name", "ladder"]
