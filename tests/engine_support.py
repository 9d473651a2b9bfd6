"""Helpers for the engine tests: build deals where a test fixes the cards that matter."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine.nain_jaune.cards import DECK, parse_card
from engine.nain_jaune.game import Game
from engine.nain_jaune.rules import get_rules

NAMES = ("Anne", "Bruno", "Chloé", "Denis", "Emma", "Félix", "Gaëlle", "Hugo")


def fill_hands(n: int, fixed: Mapping[int, Sequence[str]], rules: str = "lindor",
               avoid: Sequence[str] = ()) -> list[list[str]]:
    """Hands for ``n`` players: seat → the listed cards first, then filler cards in deck order
    (cards in ``avoid`` go to the talon, never to a hand)."""
    size, _talon = get_rules(rules).deal_sizes(n)
    used = {parse_card(c) for cards in fixed.values() for c in cards}
    avoided = {parse_card(c) for c in avoid}
    filler = [c for c in DECK if c not in used and c not in avoided]
    hands = []
    for seat in range(n):
        hand = [parse_card(c) for c in fixed.get(seat, ())]
        assert len(hand) <= size, f"seat {seat} given {len(hand)} cards, deal size {size}"
        while len(hand) < size:
            hand.append(filler.pop(0))
        hands.append(hand)
    return hands


def deal(n: int, fixed: Mapping[int, Sequence[str]], *, options: Mapping[str, Any] | None = None,
         chips: Any = 100, board: Any = None, dealer: int = 0, avoid: Sequence[str] = (),
         live: bool = False) -> Game:
    """A strict game with one deal started: ``fixed`` cards in the given seats."""
    game = Game(NAMES[:n], options=options, chips=chips, board=board, live=live)
    game.new_deal(dealer, fill_hands(n, fixed, avoid=avoid))
    return game


def play_all(game: Game, actions: Sequence[tuple[int, str | None]] | Sequence[Any]) -> None:
    """Apply ``(seat, card)`` plays (``card`` ending in ``!`` = with its call) and ``(seat, None)`` passes."""
    for seat, card in actions:
        if card is None:
            game.pass_(seat)
        elif card.endswith("!"):
            game.play(seat, card[:-1], call=True)
        else:
            game.play(seat, card)
