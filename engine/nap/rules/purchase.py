"""Purchase Nap [Nap, "Kauf-Nap"]: before the bidding, players may buy cards into their hands.

"There is a pool, and players may improve their hand. After the deal, before the bidding, whoever
wants pays an agreed amount (typically 1 unit) into the pool, discards any number of cards and gets
as many new ones from the stock. (Foster: one unit into the pool for every card bought.)"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from engine.core.errors import RulesError
from engine.core.options import option
from engine.nap.rules.base import NapOptions, NapRules


@dataclass(frozen=True)
class PurchaseOptions(NapOptions):
    pool: bool = option(True, "Purchase Nap is played with a pool (it cannot be turned off).", label="Pool")
    purchase_price: int = option(1, "Units paid into the pool for a purchase (the text: typically 1).",
                                 minimum=0, maximum=1000, label="Price of a purchase")
    purchase_pricing: Literal["per_purchase", "per_card"] = option(
        "per_purchase", "'per_purchase': the price once, however many cards are exchanged (the text); "
        "'per_card': the price for every card bought (Foster).", label="Price counted")


class PurchaseNap(NapRules):
    name: ClassVar[str] = "purchase"
    title: ClassVar[str] = "Purchase Nap"
    Options: ClassVar[type[NapOptions]] = PurchaseOptions
    min_stock: ClassVar[int] = 1

    def check_options(self) -> None:
        super().check_options()
        if not self.options.pool:
            raise RulesError("Purchase Nap is played with a pool (option pool must stay true)")


    def purchase_price(self, cards: int) -> int | None:
        o: PurchaseOptions = self.options  # type: ignore[assignment]
        return o.purchase_price * (cards if o.purchase_pricing == "per_card" else 1)
