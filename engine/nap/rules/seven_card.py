"""Seven-card Nap [Nap, "Sieben Karten"], after Dave Barker: seven cards each.

"Bids and their values are 3 (3), 4 (4), 5 (10), Mis (10), 6 (18) and 7 (24). The bid 5 is called
Nap; there is no Wellington or Blücher. Losses on bids of 5 or more are only half." The text then
proposes its own table (won/lost 3/3, 4/4, 10/5, 14/7, 18/9, 28/14): the scale ``mcleod``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Mapping

from engine.core.options import option
from engine.nap.bids import Ladder, ladder
from engine.nap.rules.base import NapOptions, NapRules, ScaleName
from engine.nap.rules.scales import SEVEN_CARD_SCALES, Scale


@dataclass(frozen=True)
class SevenCardOptions(NapOptions):
    misere: bool = option(True, "Seven-card Nap has Mis between 5 (Nap) and 6; false leaves it out.",
                          label="Bid Mis")
    scale: ScaleName = option("barker", "'barker': the values the text reports (3, 4, 10, Mis 10, 18, 24; lost "
                              "at 5 or more: half); 'mcleod': the text's own proposal (won 3, 4, 10, 14, 18, 28; "
                              "lost 3, 4, 5, 7, 9, 14).", label="Scoring scale")


class SevenCardNap(NapRules):
    name: ClassVar[str] = "seven_card"
    title: ClassVar[str] = "Seven-card Nap"
    Options: ClassVar[type[NapOptions]] = SevenCardOptions
    hand_size: ClassVar[int] = 7
    scales: ClassVar[Mapping[str, Scale]] = SEVEN_CARD_SCALES
    optional_bids: ClassVar[frozenset[str]] = frozenset({"misere"})
    packets_by_pattern: ClassVar[Mapping[str, tuple[int, int]]] = {"3-2": (4, 3), "2-3": (3, 4)}

    def bid_names(self) -> tuple[str, ...]:
        return ("three", "four", "nap") + ("misere",) * self.options.misere + ("six", "seven")

    def make_ladder(self) -> Ladder:
        return ladder(self.bid_names())
