"""Whose sleeve: one person wears one sleeve all deal, so an arm of another colour is not theirs.

Where two players sit side by side, an arm reaching across at an angle can enter the picture in front of the
neighbour; the geometry then names the neighbour. The colour where the arm enters (sleeve, or bare arm),
relative to the table under the same light, is learnt per player from the plays credited to them, and an arm
that does not match what a player is known to wear is not credited to that player.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

SLEEVE_LOG_RATIO = 0.4
"""Distance, in natural-log colour ratios to the table, beyond which two arms wear different things: a third or
more of the light of one colour channel more or less, relative to the table under the same light. Being relative
to the table, it holds when the light over the table dims or changes colour; overall brightness counts half (a
shadow dims an arm more than the table as a whole)."""
UNKNOWN_MARGIN = 2.0
"""An arm is given to a player not yet seen only when it is this many times further from what the named player
wears: one arm shows bare skin or sleeve at its root depending on how far it reaches in, never both at twice the
distance that tells two garments apart."""
MIN_SLEEVE_PIXELS = 12
"""Fewer pixels than this at an arm's root are too few to say what it wears."""


def sleeve_colour(colour_bgr: np.ndarray, arm: np.ndarray, root: np.ndarray) -> np.ndarray | None:
    """The log colour ratio of an arm's root (`root`, (x, y) rows) to the whole table seen around the arm (outside
    the `arm` mask, a patterned cloth averaged out): what the arm wears, whatever the light. None when too few."""
    if len(root) < MIN_SLEEVE_PIXELS:
        return None
    xs, ys = root[:, 0].astype(np.intp), root[:, 1].astype(np.intp)
    table = colour_bgr[::4, ::4][arm[::4, ::4] == 0].reshape(-1, 3)
    table = table[table.max(axis=1) > 0]
    if len(table) < MIN_SLEEVE_PIXELS:
        return None
    worn = np.median(colour_bgr[ys, xs].astype(np.float64), axis=0)
    return np.log((worn + 1.0) / (np.median(table.astype(np.float64), axis=0) + 1.0))


def sleeve_distance(a: np.ndarray, b: np.ndarray) -> float:
    """Distance between two log colour ratios, their common part (brightness) at half weight."""
    d = np.asarray(a, np.float64) - np.asarray(b, np.float64)
    common = float(d.mean())
    return float(np.sqrt(np.sum((d - common) ** 2) + d.size * (common / 2) ** 2))


@dataclass
class SleeveBook:
    """The colours each player's arm has shown at its root in plays credited to them."""

    seen: dict[str, list[np.ndarray]] = field(default_factory=dict)

    def remember(self, player: str, colour: np.ndarray | None) -> None:
        if colour is not None:
            self.seen.setdefault(player, []).append(np.asarray(colour, np.float64))

    def worn(self, player: str) -> np.ndarray | None:
        """What `player` wears: the colour most of their plays agree on (at least two, more than half), else
        None. A play credited to them by mistake is outvoted by their own."""
        known = self.seen.get(player, [])
        if len(known) < 2:
            return None
        near = [[k for k in known if sleeve_distance(c, k) <= SLEEVE_LOG_RATIO] for c in known]
        agreeing = max(near, key=len)
        if len(agreeing) < 2 or 2 * len(agreeing) <= len(known):
            return None
        return np.median(np.stack(agreeing), axis=0)

    def contradicts(self, player: str, colour: np.ndarray | None, margin: float = 1.0) -> bool:
        """True when what `player` wears is known and this colour is not it (by `margin` times the distance)."""
        worn = self.worn(player)
        return colour is not None and worn is not None and \
            sleeve_distance(colour, worn) > margin * SLEEVE_LOG_RATIO
