"""Reading a game's event log as corrections left it: the same for every game, since `Correction` is the core's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.events import Correction

from companion_api.games.base import TableError


def effective(events: Sequence[Any], index: int) -> Any | None:
    """The event at `index` as it stands after corrections (None: deleted)."""
    if not 0 <= index < len(events):
        raise TableError(404, f"no event {index} (the log has {len(events)})")
    current: Any | None = events[index]
    for event in events[index + 1:]:
        if isinstance(event, Correction) and event.index == index:
            current = event.replacement
    return current


def corrected(events: Sequence[Any]) -> set[int]:
    """Indices of the events a later correction changed or removed."""
    targets = {e.index for e in events if isinstance(e, Correction)}
    return {i for i in targets if effective(events, i) != events[i]}


def revert(events: Sequence[Any], index: int) -> tuple[Correction, Any | None, Any | None]:
    """The Correction undoing the correction at `index`, with its target as it stands now and as it will stand.

    Kept as a new correction (the log only grows), so a revert can itself be reverted."""
    if not 0 <= index < len(events):
        raise TableError(404, f"no event {index} (the log has {len(events)})")
    fix = events[index]
    if not isinstance(fix, Correction):
        raise TableError(409, f"event {index} is not a correction")
    before: Any | None = events[fix.index]
    for event in events[fix.index + 1:index]:
        if isinstance(event, Correction) and event.index == fix.index:
            before = event.replacement
    return Correction(fix.index, before), effective(events, fix.index), before


__all__ = ["corrected", "effective", "revert"]
