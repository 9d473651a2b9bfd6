"""Exceptions raised by the engine. Every message is one clear line meant for a person."""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every engine error."""


class RulesError(EngineError):
    """An unknown rule set, an unknown option or an option value out of range."""


class IllegalAction(EngineError):
    """An event that the rules forbid, raised in strict mode (live mode records a Notice instead).

    ``index`` is the position of the offending event in the game's event log, ``kind`` a
    short machine-readable reason (the same words as :class:`engine.notices.Notice` kinds).
    """

    def __init__(self, message: str, *, kind: str = "illegal", index: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.index = index


class ConservationError(EngineError):
    """Chips were created or lost: the sum of stacks and boxes changed."""


class TranscriptError(EngineError):
    """A deal transcript that cannot be read or replayed.

    ``action`` is the 0-based index into the transcript's ``actions`` list when the problem is
    an action; ``None`` when it is in the set-up (players, hands, chips …).
    """

    def __init__(self, message: str, *, action: int | None = None) -> None:
        super().__init__(message if action is None else f"action {action}: {message}")
        self.message = message
        self.action = action
