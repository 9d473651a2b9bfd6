"""Notices: what a game tells the table without stopping it.

Shared by every game: a rule broken in live play (the camera saw it happen), a missed
announcement in Nain Jaune, a revoke in Nap. Each game names its own ``kind`` words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the table should hear about.

    ``index`` is the position in the game's event log of the event that produced it.
    """

    kind: str
    index: int
    message: str
    seat: int | None = None
    card: str | None = None

    def to_dict(self, players: tuple[str, ...] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "index": self.index, "message": self.message}
        if self.seat is not None:
            out["player"] = players[self.seat] if players else self.seat
        if self.card is not None:
            out["card"] = self.card
        return out
