"""Seats around the table: players in clockwise order, seat numbers, starting stacks.

Every game seats players the same way: a list of distinct names in clockwise order, seat ``i`` is
``players[i]``, and the player on a seat's left is the next seat clockwise.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.core.errors import EngineError

PlayerRef = str | int
"""A player given by name or by seat number."""


def check_players(players: Sequence[object]) -> tuple[str, ...]:
    """The players as a tuple; raises :class:`EngineError` unless they are distinct non-empty names."""
    names = tuple(players)
    if len(set(names)) != len(names) or not all(isinstance(p, str) and p for p in names):
        raise EngineError("players must be distinct non-empty names")
    return names  # type: ignore[return-value]


def left_of(seat: int, n_players: int) -> int:
    """The seat on ``seat``'s left: the next one clockwise."""
    return (seat + 1) % n_players


def seat_of(players: tuple[str, ...], player: PlayerRef) -> int:
    """The seat of a player given by name or seat number (``KeyError`` with a clear line if unknown)."""
    if isinstance(player, int) and not isinstance(player, bool):
        if 0 <= player < len(players):
            return player
        raise KeyError(f"no seat {player} (seats 0-{len(players) - 1})")
    try:
        return players.index(player)  # type: ignore[arg-type]
    except ValueError:
        raise KeyError(f"unknown player {player!r} (players: {', '.join(players)})") from None


def stacks(players: tuple[str, ...], chips: int | Sequence[int] | Mapping[str, int]) -> tuple[int, ...]:
    """Each seat's starting stack from one number for all, a list by seat or a mapping by name."""
    if isinstance(chips, int):
        return tuple(chips for _ in players)
    if isinstance(chips, Mapping):
        missing = [p for p in players if p not in chips]
        if missing:
            raise EngineError(f"no chip count for {', '.join(missing)}")
        return tuple(chips[p] for p in players)
    out = tuple(chips)
    if len(out) != len(players):
        raise EngineError(f"{len(out)} chip counts for {len(players)} players")
    return out
