"""The events a game of Nap is made of; its state is a fold over them (:mod:`engine.nap.game`).

Seats are 0-based indices into the players, listed clockwise. One hand is::

    NewHand(dealer) → Deal(hands, floater, widow, stock) → Purchase … (Purchase Nap)
    → [Peek] [TakeWidow] Bid … (everyone once, from the dealer's left)
    → [TakeFloater] [DeclareTrumps] (floater Nap) → Play … (every trick) → Settle()

where a quick table enters ``TricksWon(count)`` (the bidder's tricks) instead of the plays,

or, when everyone passes, ``… Bid … → Settle()`` (no game). A card that is not known (live play:
a face-down floater, a discard the camera did not see, hands nobody knows) is ``None``.
:class:`engine.core.events.Correction` replaces or removes an earlier event of the log.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Mapping, Union

from engine.core.events import Correction
from engine.nap.cards import Card


@dataclass(frozen=True, slots=True)
class NewHand:
    """A hand starts, dealt by ``dealer``; the antes the rules ask for are paid with it."""

    dealer: int
    kind: ClassVar[str] = "new_hand"


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards are dealt. ``hands[seat]`` (``None``: unknown; ``hands=None``: none known), the
    ``floater`` (floater Nap), the ``widow`` (Widow Nap) and the ``stock`` left over, top card first
    (Purchase Nap draws from it; ``None``: not known)."""

    hands: tuple[tuple[Card, ...] | None, ...] | None = None
    floater: Card | None = None
    widow: tuple[Card, ...] | None = None
    stock: tuple[Card, ...] | None = None
    kind: ClassVar[str] = "deal"


@dataclass(frozen=True, slots=True)
class Purchase:
    """Purchase Nap: ``seat`` pays into the pool, discards ``count`` cards and draws as many from the
    stock. ``discard`` and ``draw`` are the cards when known."""

    seat: int
    count: int
    discard: tuple[Card, ...] | None = None
    draw: tuple[Card, ...] | None = None
    kind: ClassVar[str] = "purchase"


@dataclass(frozen=True, slots=True)
class Peek:
    """Floater Nap: ``seat`` pays to look at the floater before bidding."""

    seat: int
    kind: ClassVar[str] = "peek"


@dataclass(frozen=True, slots=True)
class TakeWidow:
    """Widow Nap: ``seat`` takes the widow and discards five cards (``None``: not seen), then bids."""

    seat: int
    discard: tuple[Card, ...] | None = None
    kind: ClassVar[str] = "take_widow"


@dataclass(frozen=True, slots=True)
class Bid:
    """``seat`` bids ``bid`` (a name of :data:`engine.nap.bids.KINDS`, or ``"pass"``); in floater Nap
    ``with_floater`` says the bid is made with the floater."""

    seat: int
    bid: str
    with_floater: bool = False
    kind: ClassVar[str] = "bid"


@dataclass(frozen=True, slots=True)
class TakeFloater:
    """Floater Nap, a bid with the floater: the bidder takes it and discards ``discard``."""

    discard: Card | None = None
    kind: ClassVar[str] = "take_floater"


@dataclass(frozen=True, slots=True)
class DeclareTrumps:
    """Floater Nap: the bidder names the trump suit (``"S"``, ``"H"``, ``"D"``, ``"C"``) before leading."""

    suit: str
    kind: ClassVar[str] = "declare_trumps"


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` plays ``card`` to the current trick."""

    seat: int
    card: Card
    kind: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class TricksWon:
    """A quick table enters only the tricks the bidder took, instead of the cards: the hand is then over
    (no card of the hand may have been played)."""

    count: int
    kind: ClassVar[str] = "tricks_won"


@dataclass(frozen=True, slots=True)
class Settle:
    """The hand is over (or passed out): settle it."""

    kind: ClassVar[str] = "settle"


Event = Union[NewHand, Deal, Purchase, Peek, TakeWidow, Bid, TakeFloater, DeclareTrumps, Play, TricksWon, Settle,
              Correction]

EVENT_TYPES: dict[str, type] = {cls.kind: cls for cls in (
    NewHand, Deal, Purchase, Peek, TakeWidow, Bid, TakeFloater, DeclareTrumps, Play, TricksWon, Settle, Correction)}
"""``kind`` → event class, for :func:`event_from_dict`."""


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": kind, ...fields}`` (seats stay indices), the stored form of the log."""
    out: dict[str, Any] = {"type": event.kind}
    for f in fields(event):  # type: ignore[arg-type]
        value = getattr(event, f.name)
        if f.name == "replacement":
            out[f.name] = None if value is None else event_to_dict(value)
        else:
            out[f.name] = _plain(value)
    return out


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Inverse of :func:`event_to_dict`; raises ``ValueError`` with one clear line."""
    if not isinstance(data, Mapping) or data.get("type") not in EVENT_TYPES:
        raise ValueError(f"not a Nap event: {data!r}")
    cls = EVENT_TYPES[data["type"]]
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name == "replacement":
            values[f.name] = None if value is None else event_from_dict(value)
        else:
            values[f.name] = _frozen(value)
    try:
        return cls(**values)  # type: ignore[no-any-return]
    except TypeError as exc:
        raise ValueError(f"a {data['type']} event: {exc}") from None

__all__ = ["Bid", "Correction", "Deal", "DeclareTrumps", "EVENT_TYPES", "Event", "NewHand", "Peek", "Play", "Purchase",
           "Settle", "TakeFloater", "TakeWidow", "TricksWon", "event_from_dict", "event_to_dict"]
