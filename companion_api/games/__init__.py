"""The games the companion hosts: one adapter per game, found by the rule set a game's set-up names.

An adapter is a module with a `Table` class (the game at the table: its state view, its taps, its corrections;
see `companion_api.games.base.GameTable`) and `rules_catalogue()` (its rule sets and options for the set-up form).
Nain Jaune's adapter is `companion_api.table`; a new game is a module and a line in `ADAPTERS`, like `engine.GAMES`.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Final

from engine import GAMES, game_of_rules, rule_names

from companion_api.games.base import GameTable, TableError

ADAPTERS: Final[dict[str, str]] = {"nain_jaune": "companion_api.table", "nap": "companion_api.games.nap"}
"""engine game name (a key of `engine.GAMES`) → its companion adapter module."""


def adapter(game: str) -> ModuleType:
    return importlib.import_module(ADAPTERS[game])


def table_class(rules: str) -> type[GameTable]:
    """The table class of the game that plays the rule set `rules`; 422 for a rule set no game knows."""
    game = game_of_rules(rules)
    if game is None or game not in ADAPTERS:
        raise TableError(422, f"unknown rule set {rules!r} (known: {', '.join(rule_names())})")
    cls: type[GameTable] = adapter(game).Table
    return cls


def rules_catalogue() -> list[dict[str, Any]]:
    """Every rule set of every hosted game, for the set-up form."""
    return [entry for game in GAMES if game in ADAPTERS for entry in adapter(game).rules_catalogue()]


__all__ = ["ADAPTERS", "GameTable", "TableError", "adapter", "rules_catalogue", "table_class"]
