"""The events a game is made of. A game is a list of these; its state is a fold over them.

Events are immutable and small. Seats are 0-based indices into the players list, which is in
clockwise seating order. Cards are codes from :mod:`engine.nain_jaune.cards`.

One deal is::

    NewDeal(dealer) → Ante(seat, stakes) … → Deal(hands) → Play / Pass / Call / Sweep …
    → (someone has no card left) → [Showdown(hands)] → Settlement()

``Correction(index, replacement)`` replaces (or, with ``None``, removes) an earlier event of the
log; the state is then the fold of the corrected log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Union

from engine.core.events import Correction
from engine.nain_jaune.cards import BOXES, Card, CardError, parse_card


@dataclass(frozen=True, slots=True)
class NewDeal:
    """A deal starts; ``dealer`` is the dealer's seat."""

    dealer: int
    kind: ClassVar[str] = "new_deal"


@dataclass(frozen=True, slots=True)
class Ante:
    """``seat`` puts ``stakes`` chips on the boxes, one number per box in :data:`engine.nain_jaune.cards.BOXES` order."""

    seat: int
    stakes: tuple[int, ...]
    kind: ClassVar[str] = "ante"


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards are dealt. ``hands[seat]`` is that hand, or ``None`` when unknown (live mode);
    ``hands=None`` means no hand is known. ``talon`` likewise (``None``: unknown)."""

    hands: tuple[tuple[Card, ...] | None, ...] | None = None
    talon: tuple[Card, ...] | None = None
    kind: ClassVar[str] = "deal"


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` lays ``card`` on the pile; ``call`` when the honour (hoc) is announced with it.
    ``confidence`` is the recogniser's confidence in a live observation (``None``: certain)."""

    seat: int
    card: Card
    call: bool = False
    confidence: float | None = None
    kind: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` passes (cannot or will not continue). From the player who just played it means "I stop"."""

    seat: int
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Call:
    """``seat`` announces ``card`` ("la dame qui prend !"), after having played it."""

    seat: int
    card: Card
    kind: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True)
class Sweep:
    """``seat`` takes the chips of the box ``box`` (observed on the table)."""

    seat: int
    box: Card
    kind: ClassVar[str] = "sweep"


@dataclass(frozen=True, slots=True)
class Showdown:
    """The remaining hands are shown: ``hands[seat]`` (``None`` for a seat not shown)."""

    hands: tuple[tuple[Card, ...] | None, ...]
    kind: ClassVar[str] = "showdown"


@dataclass(frozen=True, slots=True)
class Settlement:
    """The deal is settled: card payments, opéra sweep, bêtes (the order of :mod:`engine.nain_jaune.settlement`)."""

    kind: ClassVar[str] = "settlement"


Event = Union[NewDeal, Ante, Deal, Play, Pass, Call, Sweep, Showdown, Settlement, Correction]
"""Any event."""

EVENT_TYPES: dict[str, type] = {
    t.kind: t for t in (NewDeal, Ante, Deal, Play, Pass, Call, Sweep, Showdown, Settlement, Correction)
}


def _hands_to_json(hands: tuple[tuple[Card, ...] | None, ...] | None) -> list[list[str] | None] | None:
    if hands is None:
        return None
    return [None if h is None else list(h) for h in hands]


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": kind, ...fields}`` (seats stay indices)."""
    out: dict[str, Any] = {"type": event.kind}
    if isinstance(event, NewDeal):
        out["dealer"] = event.dealer
    elif isinstance(event, Ante):
        out["seat"] = event.seat
        out["stakes"] = dict(zip(BOXES, event.stakes))
    elif isinstance(event, Deal):
        out["hands"] = _hands_to_json(event.hands)
        out["talon"] = None if event.talon is None else list(event.talon)
    elif isinstance(event, Play):
        out["seat"] = event.seat
        out["card"] = event.card
        if event.call:
            out["call"] = True
        if event.confidence is not None:
            out["confidence"] = event.confidence
    elif isinstance(event, Pass):
        out["seat"] = event.seat
    elif isinstance(event, Call):
        out["seat"] = event.seat
        out["card"] = event.card
    elif isinstance(event, Sweep):
        out["seat"] = event.seat
        out["box"] = event.box
    elif isinstance(event, Showdown):
        out["hands"] = _hands_to_json(event.hands)
    elif isinstance(event, Correction):
        out["index"] = event.index
        out["replacement"] = None if event.replacement is None else event_to_dict(event.replacement)
    return out


def _int(d: Mapping[str, Any], key: str) -> int:
    value = d.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{d.get('type')} event needs an integer {key!r}, got {value!r}")
    return value


def _cards(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"expected a list of cards, got {value!r}")
    return tuple(parse_card(c) for c in value)


def _hands(value: Any) -> tuple[tuple[Card, ...] | None, ...]:
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"expected a list of hands, got {value!r}")
    return tuple(None if h is None else _cards(h) for h in value)


def event_from_dict(d: Mapping[str, Any]) -> Event:
    """Inverse of :func:`event_to_dict`; raises ``ValueError`` with one clear line."""
    if not isinstance(d, Mapping):
        raise ValueError(f"an event must be an object, got {d!r}")
    kind = d.get("type")
    try:
        if kind == "new_deal":
            return NewDeal(_int(d, "dealer"))
        if kind == "ante":
            stakes = d.get("stakes")
            if isinstance(stakes, Mapping):
                values = tuple(stakes.get(b, 0) for b in BOXES)
            elif isinstance(stakes, (list, tuple)) and len(stakes) == len(BOXES):
                values = tuple(stakes)
            else:
                raise ValueError(f"ante stakes must map the boxes {', '.join(BOXES)} to chips")
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                raise ValueError("ante stakes must be integers")
            return Ante(_int(d, "seat"), values)
        if kind == "deal":
            hands = d.get("hands")
            talon = d.get("talon")
            return Deal(None if hands is None else _hands(hands), None if talon is None else _cards(talon))
        if kind == "play":
            conf = d.get("confidence")
            if conf is not None and not isinstance(conf, (int, float)):
                raise ValueError(f"confidence must be a number, got {conf!r}")
            return Play(_int(d, "seat"), parse_card(d.get("card")), bool(d.get("call", False)),
                        None if conf is None else float(conf))
        if kind == "pass":
            return Pass(_int(d, "seat"))
        if kind == "call":
            return Call(_int(d, "seat"), parse_card(d.get("card")))
        if kind == "sweep":
            return Sweep(_int(d, "seat"), parse_card(d.get("box")))
        if kind == "showdown":
            return Showdown(_hands(d.get("hands")))
        if kind == "settlement":
            return Settlement()
        if kind == "correction":
            rep = d.get("replacement")
            return Correction(_int(d, "index"), None if rep is None else event_from_dict(rep))
    except CardError as exc:
        raise ValueError(str(exc)) from None
    raise ValueError(f"unknown event type {kind!r} (known: {', '.join(EVENT_TYPES)})")
