"""The packs a family enrols: 52 cards, or the 32-card piquet pack."""

from __future__ import annotations

from engine.core.cards import DECK, RANK

PIQUET_RANKS = frozenset({1, 7, 8, 9, 10, 11, 12, 13})


def pack(size: int = 52) -> list[str]:
    """The codes of a 52-card or 32-card pack, suit by suit."""
    if size not in (32, 52):
        raise ValueError(f"a pack has 32 or 52 cards, not {size}")
    return [c for c in DECK if size == 52 or RANK[c] in PIQUET_RANKS]
