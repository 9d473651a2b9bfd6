"""What Nain Jaune adds to the pack: card points and the five board boxes.

The pack itself (codes, parsing, deck order) is shared by every game (:mod:`engine.core.cards`);
its names are re-exported here so the game's modules read all card facts from one place.
"""

from __future__ import annotations

from typing import Final, Iterable, Mapping

from engine.core.cards import (
    ACE, DECK, JACK, KING, QUEEN, RANK, RANK_NAMES, RANKS, SUIT, SUIT_NAMES, SUITS, Card, CardError, card_name,
    parse_card, parse_cards, rank_name, sort_cards,
)

POINTS: Final[Mapping[Card, int]] = {c: min(RANK[c], 10) for c in DECK}
"""Card points at the end of a deal: ace 1, two to ten face value, jack/queen/king 10 (every text agrees)."""

BOXES: Final[tuple[Card, ...]] = ("10D", "JC", "QS", "KH", "7D")
"""The five board boxes (the honours, *belles cartes*), in ante order: 1, 2, 3, 4, 5 chips."""

HONOURS: Final[frozenset[Card]] = frozenset(BOXES)


def points(cards: Iterable[Card]) -> int:
    """Sum of card points (ace 1, pips face value, courts 10)."""
    return sum(POINTS[c] for c in cards)


__all__ = [
    "ACE", "BOXES", "Card", "CardError", "DECK", "HONOURS", "JACK", "KING", "POINTS", "QUEEN", "RANK",
    "RANK_NAMES", "RANKS", "SUIT", "SUITS", "SUIT_NAMES", "card_name", "parse_card", "parse_cards", "points",
    "rank_name", "sort_cards",
]
