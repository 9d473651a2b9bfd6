"""The one event every game shares: a correction of the log.

Everything else a game is made of (a play, a bid, a sweep …) is the game's own event type, in its
package. A correction is different: it is about the log, not the table, so :class:`engine.core.log.EventLog`
folds it the same way for every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Correction:
    """Replace the event at ``index`` of the log by ``replacement`` (``None``: remove it)."""

    index: int
    replacement: Any = None
    kind: ClassVar[str] = "correction"
