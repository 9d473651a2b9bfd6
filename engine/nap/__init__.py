"""Nap (Napoleon): the British five-card trick-taking game, as pagat.com's Nap page describes it [Nap].

One player bids to take a number of tricks (or none, at misère) against all the others; each hand
is paid on its own. The package is one game on the shared core (:mod:`engine.core`): the card
order and short decks (:mod:`~engine.nap.cards`), the bid ladder (:mod:`~engine.nap.bids`), who takes
a trick and what a revoke is (:mod:`~engine.nap.tricks`), the variants (:mod:`~engine.nap.rules`),
the event-sourced hand (:mod:`~engine.nap.game`), settlement, transcripts and simulation.
See ``docs/nap.md``.

Kept light on purpose: :mod:`engine` imports this module to learn :data:`RULE_NAMES`.
"""

from __future__ import annotations

RULE_NAMES: tuple[str, ...] = ("nap",)
"""The ``"rules"`` values of Nap transcripts (the variant is the option ``game``)."""
