"""The French-suited pack every game here is played with: codes, parsing, names, deck order.

A card is its short code, a plain ``str``: rank then suit, ``"AS"``, ``"10D"``, ``"QH"``.
Ranks are ``A 2 3 4 5 6 7 8 9 10 J Q K``; :data:`RANK` is the number printed on the card (ace 1,
jack 11, queen 12, king 13). How ranks *order* in play is a game's rule (Nain Jaune: ace low, so
the number; Nap: ace high), so it lives in the game's package. Codes are interned so folds compare
and hash them cheaply.
"""

from __future__ import annotations

from typing import Final, Iterable, Mapping

Card = str
"""A card code such as ``"10D"`` (rank + suit). Always produce one with :func:`parse_card`."""

RANKS: Final[tuple[str, ...]] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: Final[tuple[str, ...]] = ("S", "H", "D", "C")
SUIT_NAMES: Final[Mapping[str, str]] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES: Final[Mapping[int, str]] = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}
ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13

DECK: Final[tuple[Card, ...]] = tuple(r + s for s in SUITS for r in RANKS)
"""The 52 cards, suit by suit, ace to king."""

RANK: Final[Mapping[Card, int]] = {r + s: i + 1 for s in SUITS for i, r in enumerate(RANKS)}
"""Rank number of a card: ace 1, two 2 … ten 10, jack 11, queen 12, king 13."""

SUIT: Final[Mapping[Card, str]] = {r + s: s for s in SUITS for r in RANKS}

_SUIT_ALIASES: Final[Mapping[str, str]] = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}
_RANK_ALIASES: Final[Mapping[str, str]] = {
    **{r: r for r in RANKS}, "1": "A", "T": "10",
}


class CardError(ValueError):
    """Raised by :func:`parse_card` for text that names no card."""


def parse_card(text: object) -> Card:
    """Return the canonical code of ``text`` (``"10d"``, ``"td"``, ``"1S"``, ``"Q♠"`` …).

    Accepted: rank ``A 1 2 … 10 T J Q K`` (``1`` and ``T`` are aliases of ``A`` and ``10``),
    suit ``S H D C`` or ``♠ ♥ ♦ ♣``, any case, surrounding spaces ignored.
    """
    if not isinstance(text, str):
        raise CardError(f"a card must be a string like \"10D\", not {text!r}")
    code = text.strip().upper()
    if code in RANK:
        return _INTERN[code]
    if len(code) >= 2 and code[-1] in _SUIT_ALIASES:
        rank = _RANK_ALIASES.get(code[:-1])
        if rank is not None:
            return _INTERN[rank + _SUIT_ALIASES[code[-1]]]
    raise CardError(f"unknown card {text!r} (cards are rank+suit, ranks A 2-10 J Q K, suits S H D C)")


def parse_cards(items: Iterable[object]) -> list[Card]:
    return [parse_card(x) for x in items]


def rank_name(rank: int) -> str:
    return RANKS[rank - 1]


def card_name(card: Card) -> str:
    """Human name, e.g. ``"queen of spades"``."""
    return f"{RANK_NAMES[RANK[card]]} of {SUIT_NAMES[SUIT[card]]}"


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in deck order (by suit S H D C, then rank)."""
    return sorted(cards, key=_ORDER.__getitem__)


_INTERN: Final[dict[str, Card]] = {c: c for c in DECK}
_ORDER: Final[Mapping[Card, int]] = {c: i for i, c in enumerate(DECK)}
