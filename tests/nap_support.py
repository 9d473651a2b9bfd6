"""Helpers shared by the Nap tests (this module holds no test of its own).

Tricks are written compactly: ``"Anne:AS Bruno:2H Chloé:2C"`` is one trick, in playing order.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Sequence

from engine.nap.game import Game

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples" / "nap").glob("*.json"))
THREE = ("Anne", "Bruno", "Chloé")
FOUR = ("Anne", "Bruno", "Chloé", "Denis")

# Anne holds five top spades and takes every trick she leads; the others cannot follow.
SOLID = {"Anne": ["AS", "KS", "QS", "JS", "10S"], "Bruno": ["2H", "3H", "4H", "5H", "6H"],
         "Chloé": ["2C", "3C", "4C", "5C", "6C"]}
SOLID_TRICKS = ["Anne:AS Bruno:2H Chloé:2C", "Anne:KS Bruno:3H Chloé:3C", "Anne:QS Bruno:4H Chloé:4C",
                "Anne:JS Bruno:5H Chloé:5C", "Anne:10S Bruno:6H Chloé:6C"]
# Anne takes four spade tricks, then Bruno's ace of diamonds takes her two: Nap fails, Four is made.
FOUR_ONLY = {"Anne": ["AS", "KS", "QS", "JS", "2D"], "Bruno": ["2H", "3H", "4H", "5H", "AD"],
             "Chloé": ["2C", "3C", "4C", "5C", "6C"]}
FOUR_ONLY_TRICKS = ["Anne:AS Bruno:2H Chloé:2C", "Anne:KS Bruno:3H Chloé:3C", "Anne:QS Bruno:4H Chloé:4C",
                    "Anne:JS Bruno:5H Chloé:5C", "Anne:2D Bruno:AD Chloé:6C"]


def load_example(name: str) -> dict[str, Any]:
    return json.loads((ROOT / "examples" / "nap" / name).read_text(encoding="utf-8"))


def tricks(*lines: str) -> list[list[dict[str, str]]]:
    """Transcript tricks from compact lines."""
    return [[dict(zip(("player", "card"), play.split(":"))) for play in line.split()] for line in lines]


def plays(game: Game, *lines: str) -> list[Any]:
    """Play compact tricks into ``game``; return every notice."""
    out: list[Any] = []
    for line in lines:
        for play in line.split():
            player, card = play.split(":")
            out += game.play(player, card)
    return out


def transcript(hands: dict[str, list[str]], bids: Sequence[tuple[str, str]], trick_lines: Sequence[str], *,
               players: Sequence[str] = THREE, dealer: str = "Chloé", options: dict[str, Any] | None = None,
               chips: Any = 50, pool: int = 0, **extra: Any) -> dict[str, Any]:
    """A transcript dict; ``bids`` as (player, bid) pairs."""
    data = {"rules": "nap", "options": options or {}, "players": list(players), "dealer": dealer,
            "chips": chips, "pool": pool, "hands": copy.deepcopy(hands),
            "bids": [{"player": p, "bid": b} for p, b in bids], "tricks": tricks(*trick_lines)}
    data.update(extra)
    return data


def nap_by_anne(bid: str = "nap", **kwargs: Any) -> dict[str, Any]:
    """Anne bids ``bid`` on the solid hand (Chloé deals, Anne speaks first) and takes all five tricks."""
    return transcript(SOLID, [("Anne", bid), ("Bruno", "pass"), ("Chloé", "pass")], SOLID_TRICKS, **kwargs)


def failed_by_anne(bid: str = "nap", **kwargs: Any) -> dict[str, Any]:
    """Anne bids ``bid`` and takes four tricks."""
    return transcript(FOUR_ONLY, [("Anne", bid), ("Bruno", "pass"), ("Chloé", "pass")], FOUR_ONLY_TRICKS, **kwargs)
