"""Widow Nap [Nap]: an extra hand, the widow, that one bidder may take.

"An extra hand of 5 cards was dealt, the widow. A player could, when the bidding came to him, take
it up, discard 5 of his now 10 cards, and then had to bid at least Nap." (Foster)
"""

from __future__ import annotations

from typing import ClassVar

from engine.nap.bids import KINDS, Contract
from engine.nap.rules.base import NapRules


class WidowNap(NapRules):
    name: ClassVar[str] = "widow"
    title: ClassVar[str] = "Widow Nap"
    widow_cards: ClassVar[int] = 5
    widow_min_bid: ClassVar[str] = "nap"

    def widow_problem(self, bid: Contract) -> str | None:
        least = self.ladder.position(Contract(self.widow_min_bid))
        position = self.ladder.position(bid)
        if least is not None and position is not None and position < least:
            return f"who takes the widow must bid at least {KINDS[self.widow_min_bid].label}, not {bid}"
        return None
