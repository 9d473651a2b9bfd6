"""Scoring scales: how many units a bid wins from (or loses to) each opponent, looked up by name.

A scale is a table, not code: a variant lists the scales it allows (:attr:`NapRules.scales`) and
the option ``scale`` names one. [Nap] gives:

* ``standard`` — Two 2, Three 3, Misère 3, Four 4, Nap 5, Wellington 10, Blücher 20, won or lost;
* ``doubled_wins`` — "some circles double the five-trick bids when they are won (10, 20, 40) but
  not when they are lost";
* ``american`` — "in America around 1900 every five-trick bid won was worth 10, but lost 5, 10 and
  20" (Foster);
* ``floater`` — floater Nap: Four 2, Nap 5, Bonaparte 10, Wellington 20 (a lost bid pays that
  times the number of players into the pot, see :class:`engine.nap.rules.floater.FloaterNap`);
* ``barker`` — the seven-card game: 3 (3), 4 (4), 5 (10), Mis (10), 6 (18), 7 (24), "losses at 5
  or more only half";
* ``mcleod`` — the table the text proposes for it instead: won/lost 3/3, 4/4, 10/5, 14/7, 18/9, 28/14.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Mapping


@dataclass(frozen=True, slots=True)
class Scale:
    """Units per opponent by bid name: ``won`` when the bid is made, ``lost`` when it fails."""

    name: str
    won: Mapping[str, int]
    lost: Mapping[str, int]


def _scale(name: str, won: Mapping[str, int], lost: Mapping[str, int] | None = None) -> Scale:
    return Scale(name, MappingProxyType(dict(won)), MappingProxyType(dict(lost if lost is not None else won)))


_BASE: Final = {"two": 2, "three": 3, "misere": 3, "four": 4, "nap": 5, "wellington": 10, "blucher": 20}
_BARKER: Final = {"three": 3, "four": 4, "nap": 10, "misere": 10, "six": 18, "seven": 24}
_HALVED_FROM: Final = frozenset({"nap", "misere", "six", "seven"})
"""The seven-card bids "of 5 or more": Nap and above; Mis ranks between 5 and 6, so it counts too."""

STANDARD: Final = _scale("standard", _BASE)
DOUBLED_WINS: Final = _scale("doubled_wins", {**_BASE, "nap": 10, "wellington": 20, "blucher": 40}, _BASE)
AMERICAN: Final = _scale("american", {**_BASE, "nap": 10, "wellington": 10, "blucher": 10}, _BASE)
FLOATER: Final = _scale("floater", {"four": 2, "nap": 5, "bonaparte": 10, "wellington": 20})
BARKER: Final = _scale("barker", _BARKER,
                       {k: v // 2 if k in _HALVED_FROM else v for k, v in _BARKER.items()})
MCLEOD: Final = _scale("mcleod", {"three": 3, "four": 4, "nap": 10, "misere": 14, "six": 18, "seven": 28},
                       {"three": 3, "four": 4, "nap": 5, "misere": 7, "six": 9, "seven": 14})

CLASSIC_SCALES: Final[Mapping[str, Scale]] = MappingProxyType(
    {s.name: s for s in (STANDARD, DOUBLED_WINS, AMERICAN)})
FLOATER_SCALES: Final[Mapping[str, Scale]] = MappingProxyType({FLOATER.name: FLOATER})
SEVEN_CARD_SCALES: Final[Mapping[str, Scale]] = MappingProxyType({s.name: s for s in (BARKER, MCLEOD)})

__all__ = ["AMERICAN", "BARKER", "CLASSIC_SCALES", "DOUBLED_WINS", "FLOATER", "FLOATER_SCALES", "MCLEOD",
           "SEVEN_CARD_SCALES", "STANDARD", "Scale"]
