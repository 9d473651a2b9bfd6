"""The rules engines: pure Python, no I/O, fully typed.

:mod:`engine.core` is what every game shares (the pack, seats, the chip ledger, the event log,
notices, errors); each game is a package of its own that imports the core and never another game:
:mod:`engine.nain_jaune` and :mod:`engine.nap`. A third game is a new package and a line in
:data:`GAMES`. Importing ``engine`` imports no game.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Final

GAMES: Final[dict[str, str]] = {"nain_jaune": "engine.nain_jaune", "nap": "engine.nap"}
"""game name → its package. Each package names the ``"rules"`` values of its transcripts in
``RULE_NAMES`` and reads them with ``transcript.settle_transcript``."""

DEFAULT_GAME: Final = "nain_jaune"
"""The game of a transcript that names no rules (the companion was a Nain Jaune companion first)."""


def game_package(name: str) -> ModuleType:
    """The package of the game ``name`` (a key of :data:`GAMES`)."""
    return importlib.import_module(GAMES[name])


def game_of_rules(rules: object) -> str | None:
    """The game whose transcripts use the rule set ``rules``; ``None`` when no game has it."""
    for name in GAMES:
        if rules in game_package(name).RULE_NAMES:
            return name
    return None


def rule_names() -> list[str]:
    """Every rule set of every game, for error messages."""
    return [rules for name in GAMES for rules in game_package(name).RULE_NAMES]
