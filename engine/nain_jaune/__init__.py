"""Nain Jaune: the game, its rule sets (:mod:`engine.nain_jaune.rules`), live play and settlement.

A game is a list of events (:mod:`engine.nain_jaune.events`); its state
(:mod:`engine.nain_jaune.state`) is a fold over them, computed by
:class:`engine.nain_jaune.game.Game`. See ``docs/rules.md``.
"""

from __future__ import annotations

from engine.nain_jaune.rules import RULESETS

RULE_NAMES: tuple[str, ...] = tuple(RULESETS)
"""The ``"rules"`` values of Nain Jaune transcripts."""
