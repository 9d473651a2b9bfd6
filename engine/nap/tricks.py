"""Who takes a trick, which cards a player may play, and what a revoke is [Nap].

"Suit must be followed; who cannot follow plays any card. The highest trump played takes the
trick; if none was played, the highest card of the suit led." A card of a third suit never wins.
At misère there are no trumps (``trumps=None``).

A *revoke* is a card of another suit played while holding the suit led. It is legal to do at the
table (nobody can stop it) but penalised: every card is played by the end of the hand, so the
withheld card shows up later and proves it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Iterable, Sequence

from engine.nap.cards import ORDER, SUIT, Card


def strength(card: Card, led: str, trumps: str | None) -> int:
    """How strongly ``card`` bids for a trick led in ``led``: trumps above the suit led, any other
    suit -1 (it cannot win)."""
    suit = SUIT[card]
    if suit == trumps:
        return 100 + ORDER[card]
    if suit == led:
        return ORDER[card]
    return -1


def trick_winner(cards: Sequence[Card], trumps: str | None) -> int:
    """The position in ``cards`` (in playing order, the lead first) of the card that takes the trick."""
    led = SUIT[cards[0]]
    best, best_strength = 0, strength(cards[0], led, trumps)
    for i in range(1, len(cards)):
        s = strength(cards[i], led, trumps)
        if s > best_strength:
            best, best_strength = i, s
    return best


def holds_suit(hand: Iterable[Card], suit: str) -> bool:
    return any(SUIT[c] == suit for c in hand)


def legal_cards(hand: Collection[Card], led: str | None) -> list[Card]:
    """The cards of ``hand`` that follow the rules: any card on a lead or when void in ``led``,
    else only cards of ``led``."""
    if led is None:
        return list(hand)
    following = [c for c in hand if SUIT[c] == led]
    return following or list(hand)


def is_revoke(hand: Iterable[Card], led: str | None, card: Card) -> bool:
    """Whether playing ``card`` from ``hand`` (which holds it) to a trick led in ``led`` is a revoke."""
    return led is not None and SUIT[card] != led and holds_suit(hand, led)


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: its number (0-based), who led, the plays in order, who took it."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    @property
    def led(self) -> str:
        return SUIT[self.plays[0][1]]


@dataclass(frozen=True, slots=True)
class Revoke:
    """A revoke: ``seat`` played ``card`` to trick ``trick`` (0-based), led in ``led``, while holding
    that suit.

    ``known`` when the hand was known at the play (the revoke is established at once); otherwise it
    is established only by its proof. ``proven_*`` name the later play of a ``led`` card by the same
    player, which proves it (``None`` until then). ``index``: the play's position in the event log."""

    seat: int
    trick: int
    card: Card
    led: str
    index: int
    known: bool
    proven_trick: int | None = None
    proven_card: Card | None = None
    proven_index: int | None = None

    @property
    def established(self) -> bool:
        return self.known or self.proven_index is not None


__all__ = ["Revoke", "Trick", "holds_suit", "is_revoke", "legal_cards", "strength", "trick_winner"]
