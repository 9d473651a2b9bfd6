"""A seeded, legal Nain Jaune deal (Lindor rules) as the list of visible actions a camera would film.

Lindor play: the player left of the dealer leads any card and continues up the ranks, suits ignored, while
able; a king ends the run and its player leads again; otherwise the next player (clockwise) holding the wanted
rank continues; if nobody can, the last player to lay leads again. The first player out of cards wins. An
honour's player sweeps its box when they call it; with probability `1 - call_rate` they forget (a missed call).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
HONOURS = ("10D", "JC", "QS", "KH", "7D")
DEAL_SIZES = {3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}
"""Cards per player in Lindor, by number of players (the rest is the talon)."""


def rank_of(card: str) -> int:
    return RANKS.index(card[:-1]) + 1


def card_points(card: str) -> int:
    return min(rank_of(card), 10)


@dataclass(frozen=True)
class Action:
    kind: str
    """"play", "sweep" or "showdown"."""
    player: str
    card: str | None = None
    box: str | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class DealScript:
    players: tuple[str, ...]
    dealer: str
    hands: dict[str, tuple[str, ...]]
    talon: tuple[str, ...]
    actions: tuple[Action, ...]
    winner: str
    opera: bool

    @property
    def plays(self) -> list[Action]:
        return [a for a in self.actions if a.kind == "play"]


def _lead_choice(hand: list[str], rng: random.Random) -> str:
    """Lead a low card most of the time (the longest runs start low), sometimes anything."""
    ordered = sorted(hand, key=rank_of)
    return ordered[0] if rng.random() < 0.7 else rng.choice(ordered)


def deal_script(players: list[str] | tuple[str, ...], dealer: str, seed: int = 0, call_rate: float = 0.85,
                max_cards: int | None = None) -> DealScript:
    """A whole deal. `max_cards` shortens every hand (quick test clips keep the same rules)."""
    players = tuple(players)
    if len(players) not in DEAL_SIZES:
        raise ValueError("Nain Jaune is played by 3 to 8 players")
    rng = random.Random(seed)
    deck = [r + s for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    size = DEAL_SIZES[len(players)] if max_cards is None else min(max_cards, DEAL_SIZES[len(players)])
    first = (players.index(dealer) + 1) % len(players)
    order = [players[(first + i) % len(players)] for i in range(len(players))]
    hands = {p: deck[i * size:(i + 1) * size] for i, p in enumerate(order)}
    talon = tuple(deck[len(players) * size:])
    held = {p: list(h) for p, h in hands.items()}
    actions: list[Action] = []
    leader = order[0]
    others_played = False

    def lay(player: str, card: str) -> None:
        held[player].remove(card)
        actions.append(Action("play", player, card=card))
        if card in HONOURS and rng.random() < call_rate:
            actions.append(Action("sweep", player, box=card))

    while True:
        card = _lead_choice(held[leader], rng)
        player = leader
        lay(player, card)
        while held[player]:
            wanted = rank_of(card) + 1
            if rank_of(card) == 13:
                break
            mine = [c for c in held[player] if rank_of(c) == wanted]
            if mine:
                card = rng.choice(mine)
                lay(player, card)
                continue
            i = players.index(player)
            nxt = None
            for k in range(1, len(players)):
                q = players[(i + k) % len(players)]
                if any(rank_of(c) == wanted for c in held[q]):
                    nxt = q
                    break
            if nxt is None:
                break
            player = nxt
            others_played = others_played or player != leader
            card = rng.choice([c for c in held[player] if rank_of(c) == wanted])
            lay(player, card)
        if not held[player]:
            winner = player
            break
        leader = player
    opera = not others_played and winner == order[0]
    losers = [p for p in players if p != winner and held[p]]
    for p in losers:
        actions.append(Action("showdown", p, cards=tuple(sorted(held[p], key=lambda c: (rank_of(c), c[-1])))))
    return DealScript(players, dealer, {p: tuple(h) for p, h in hands.items()}, talon, tuple(actions), winner, opera)
