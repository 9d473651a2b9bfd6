"""What every game's transcript reader checks the same way: the JSON object, its keys, the players,
the dealer, the chips and the hands as dealt.

Each check raises :class:`TranscriptError` with one clear line naming the key (and the player) at
fault; the games add their own keys (Nain Jaune's board and actions, Nap's bids and tricks).
"""

from __future__ import annotations

from typing import Any, Collection, Mapping

from engine.core.cards import Card, CardError, parse_card
from engine.core.errors import TranscriptError

ANNOTATION_KEYS = frozenset({"title", "comment", "source", "expected"})
"""Keys a transcript may carry for people (like any key starting with ``_``); readers ignore them."""


def describe(value: Any) -> str:
    """A short ``repr`` of a user's value for an error line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def card(value: Any, where: str, action: int | None = None) -> Card:
    try:
        return parse_card(value)
    except CardError:
        raise TranscriptError(f"unknown card {describe(value)} in {where} "
                              "(cards are rank+suit: A 2-10 J Q K × S H D C)", action=action) from None


def chip_count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TranscriptError(f"{where} must be a whole number of chips ≥ 0, not {describe(value)}")
    return value


def check_object(data: Any, known: Collection[str]) -> Mapping[str, Any]:
    """``data`` as a mapping whose keys are all ``known`` or annotations."""
    if not isinstance(data, Mapping):
        raise TranscriptError("a transcript must be a JSON object")
    unknown = [k for k in data if k not in known and k not in ANNOTATION_KEYS and not str(k).startswith("_")]
    if unknown:
        raise TranscriptError(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(known))})")
    return data


def options(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The ``"options"`` object (absent or null: none)."""
    value = data.get("options")
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise TranscriptError("\"options\" must be an object")
    return value


def players(data: Mapping[str, Any]) -> tuple[str, ...]:
    """``"players"``: distinct non-empty names in clockwise seating order."""
    names = data.get("players")
    if not isinstance(names, list) or not names:
        raise TranscriptError("\"players\" must be a non-empty list of names in clockwise seating order")
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise TranscriptError(f"player names must be non-empty strings, not {describe(name)}")
    for i, name in enumerate(names):
        if name in names[:i]:
            raise TranscriptError(f"player {name!r} is listed twice")
    return tuple(names)


def dealer(data: Mapping[str, Any], names: tuple[str, ...]) -> str:
    value = data.get("dealer")
    if not isinstance(value, str) or value not in names:
        raise TranscriptError(f"the dealer {describe(value)} is not one of the players")
    return value


def _named(data: Mapping[str, Any], key: str, names: tuple[str, ...], what: str) -> Mapping[str, Any]:
    value = data.get(key)
    if not isinstance(value, Mapping):
        raise TranscriptError(f"\"{key}\" must map every player to {what}")
    strangers = [k for k in value if k not in names]
    if strangers:
        raise TranscriptError(f"\"{key}\" names {describe(strangers[0])}, who is not a player")
    return value


def chips(data: Mapping[str, Any], names: tuple[str, ...], when: str) -> dict[str, int]:
    """``"chips"``: one number for all, or every player's stack ``when`` (e.g. "before the ante")."""
    value = data.get("chips")
    if isinstance(value, int) and not isinstance(value, bool):
        return {p: chip_count(value, "\"chips\"") for p in names}
    stacks = _named(data, "chips", names, f"their chips {when} (or be one number for all)")
    missing = [p for p in names if p not in stacks]
    if missing:
        raise TranscriptError(f"\"chips\" gives no count for {missing[0]}")
    return {p: chip_count(stacks[p], f"{p}'s chips") for p in names}


def hands(data: Mapping[str, Any], names: tuple[str, ...]) -> tuple[dict[str, tuple[Card, ...]], dict[Card, str]]:
    """``"hands"`` as dealt, and where each card was dealt (``"Anne's hand"``): no card twice."""
    dealt = _named(data, "hands", names, "the cards dealt to them")
    out: dict[str, tuple[Card, ...]] = {}
    where_dealt: dict[Card, str] = {}
    for name in names:
        cards = dealt.get(name)
        if not isinstance(cards, list):
            raise TranscriptError(f"\"hands\" gives no list of cards for {name}")
        out[name] = tuple(cards_in(cards, f"{name}'s hand", where_dealt))
    return out, where_dealt


def cards_in(values: Any, where: str, where_dealt: dict[Card, str]) -> list[Card]:
    """The cards of one place of the deal (a hand, the talon, the widow …), each recorded in
    ``where_dealt``; a card already dealt elsewhere, or twice here, is refused."""
    if not isinstance(values, list):
        raise TranscriptError(f"{where} must be a list of cards, not {describe(values)}")
    parsed = []
    for value in values:
        c = card(value, where)
        if c in where_dealt:
            other = where_dealt[c]
            raise TranscriptError(f"duplicate card {c}: in {other} and {where}" if other != where
                                  else f"duplicate card {c} in {where}")
        where_dealt[c] = where
        parsed.append(c)
    return parsed
