"""What Nap adds to the shared pack: the ace-high order and the short decks by number of players.

[Nap] ranks the cards A K Q J 10 9 … 2 in every suit, and says tables often strip the low ranks:
"4 or 5 players could use a Skat pack (ranks below 7 removed), 3 players only 24 cards (8s and
lower removed)"; floater Nap always plays with the short pack of its own table (3–7 players).
"""

from __future__ import annotations

from typing import Final, Iterable, Mapping

from engine.core.cards import DECK, RANK, SUIT, SUITS, Card, CardError, card_name, parse_card, sort_cards

ORDER: Final[Mapping[Card, int]] = {c: (14 if RANK[c] == 1 else RANK[c]) for c in DECK}
"""Trick-taking strength within a suit: two 2 … ten 10, jack 11, queen 12, king 13, ace 14 [Nap]."""

SHORT_DECKS: Final[Mapping[str, Mapping[int, int]]] = {
    "full": {},
    "examples": {3: 9, 4: 7, 5: 7},
    "floater_table": {3: 10, 4: 9, 5: 8, 6: 7, 7: 6},
}
"""Deck name → {players: lowest rank kept (ace-high order)}; a player count not listed plays with all
52 cards. ``examples`` are the general section's two examples [Nap] (3 players: 24 cards, 9 lowest;
4–5 players: the 32-card Skat pack, 7 lowest); ``floater_table`` is the floater section's table
(3: 20 cards, 10 lowest; 4: 24, 9; 5: 28, 8; 6: 32, 7; 7: 36, 6)."""


def lowest_rank(deck: str, n_players: int) -> int:
    """The lowest rank (ace-high order, 2 … 14) in play with ``deck`` and ``n_players`` players."""
    return SHORT_DECKS[deck].get(n_players, 2)


def deck_for(deck: str, n_players: int) -> tuple[Card, ...]:
    """The cards in play, in the shared deck order (suit by suit)."""
    low = lowest_rank(deck, n_players)
    return tuple(c for c in DECK if ORDER[c] >= low)


def lowest(cards: Iterable[Card]) -> list[Card]:
    """The cards of lowest rank among ``cards`` (several when suits tie); empty for no cards."""
    cards = list(cards)
    if not cards:
        return []
    low = min(ORDER[c] for c in cards)
    return [c for c in cards if ORDER[c] == low]


def of_suit(cards: Iterable[Card], suit: str) -> list[Card]:
    return [c for c in cards if SUIT[c] == suit]


__all__ = [
    "DECK", "ORDER", "RANK", "SHORT_DECKS", "SUIT", "SUITS", "Card", "CardError", "card_name", "deck_for", "lowest",
    "lowest_rank", "of_suit", "parse_card", "sort_cards",
]
