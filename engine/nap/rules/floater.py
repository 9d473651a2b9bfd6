"""Nap with a floater [Nap, "Nap mit Floater"], as played in Hastings and Reading (Darren Holmes).

An extra card, the floater, lies face down. Everyone antes 1 into the pot (the "kitty") before the
deal; before bidding a player may pay 1 more to look at the floater. Every bid is made *with* or
*without* the floater ("a bid without beats the same bid with"): with it, the bidder takes the
floater and discards a card before leading. The bidder declares trumps before the first lead.

=========== ====================================== ================================
bid         promise                                won / lost
=========== ====================================== ================================
Four        4 tricks                               2 from each / 2 × players to the pot
Nap         5 tricks                               pot + 5 from each / 5 × players
Bonaparte   5 tricks, leading the lowest trump     pot + 10 from each / 10 × players
Wellington  5 tricks, leading the lowest non-trump pot + 20 from each / 20 × players
=========== ====================================== ================================

The short pack of the floater table and the shuffle habit are this variant's defaults.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, ClassVar, Iterator, Literal, Mapping, Sequence

from engine.core.errors import RulesError
from engine.core.ledger import Payment
from engine.core.cards import SUIT_NAMES
from engine.core.options import option
from engine.nap.bids import Contract, Ladder, ladder
from engine.nap.cards import SUIT, Card, lowest
from engine.nap.rules.base import POOL, DeckName, NapOptions, NapRules, ScaleName
from engine.nap.rules.scales import FLOATER_SCALES, Scale

@dataclass(frozen=True)
class FloaterOptions(NapOptions):
    scale: ScaleName = option("floater", "Floater Nap has its own values: Four 2, Nap 5, Bonaparte 10, "
                              "Wellington 20.", label="Scoring scale")
    deck: DeckName = option("floater_table", "The pack; floater Nap is 'always played with a short pack' "
                            "(the floater table).", label="Pack")
    shuffle: Literal["every_hand", "habit"] = option(
        "habit", "Floater Nap shuffles only at the start and after a five-trick bid was won.", label="Shuffle")
    pool: bool = option(True, "Floater Nap is played with a pot (it cannot be turned off).", label="Pot")
    peek_cost: int = option(1, "Units paid into the pot to look at the floater before bidding.",
                            minimum=0, maximum=1000, label="Price of a look at the floater")
    floater_loss: Literal["players", "opponents"] = option(
        "players", "A lost bid pays its value times 'players' (the text: 'the number of players', the bidder "
        "included) or times 'opponents' (the others only) into the pot.", label="A lost bid pays its value times")
    floater_leads: Literal["lowest", "any"] = option(
        "lowest", "At Bonaparte the first lead must be the bidder's lowest trump and at Wellington the lowest "
        "non-trump ('lowest', the text); 'any': any trump, any non-trump.", label="Bonaparte and Wellington lead")
    floater_wellington: bool = option(
        True, "Bid Wellington (false: the Aylesbury variant, without Wellington).", label="Bid Wellington")


class FloaterNap(NapRules):
    name: ClassVar[str] = "floater"
    title: ClassVar[str] = "Floater Nap"
    Options: ClassVar[type[NapOptions]] = FloaterOptions
    floater_cards: ClassVar[int] = 1
    declares_trumps: ClassVar[bool] = True
    scales: ClassVar[Mapping[str, Scale]] = FLOATER_SCALES
    optional_bids: ClassVar[frozenset[str]] = frozenset()

    @property
    def _o(self) -> FloaterOptions:
        return self.options  # type: ignore[return-value]

    def check_options(self) -> None:
        super().check_options()
        if not self.options.pool:
            raise RulesError("Floater Nap is played with a pot (option pool must stay true)")

    def peek_cost(self) -> int | None:
        return self._o.peek_cost

    def bid_names(self) -> tuple[str, ...]:
        return ("four", "nap", "bonaparte") + ("wellington",) * self._o.floater_wellington

    def make_ladder(self) -> Ladder:
        return ladder(self.bid_names(), floater=True)

    def declaration_problem(self, bid: Contract, hand: Sequence[Card] | None, suit: str) -> str | None:
        """A declaration that leaves no legal first lead: Bonaparte needs a trump in hand, Wellington a
        non-trump ("Wellington without cannot be bid with five trumps") [Nap]."""
        if hand is None:
            return None
        if bid.name == "bonaparte" and not any(SUIT[c] == suit for c in hand):
            return f"Bonaparte leads a trump and the bidder holds no {SUIT_NAMES[suit]}"
        if bid.name == "wellington" and all(SUIT[c] == suit for c in hand):
            return f"Wellington leads a non-trump and the bidder holds only {SUIT_NAMES[suit]}"
        return None

    def first_lead_problem(self, bid: Contract, hand: Sequence[Card] | None, trumps: str | None,
                           card: Card) -> str | None:
        """Bonaparte leads the lowest trump, Wellington the lowest non-trump [Nap]."""
        if bid.name == "bonaparte":
            wanted, what = [c for c in hand or () if SUIT[c] == trumps], "trump"
            if SUIT[card] != trumps:
                return f"Bonaparte must lead a trump, not {card}"
        elif bid.name == "wellington":
            wanted, what = [c for c in hand or () if SUIT[c] != trumps], "non-trump"
            if SUIT[card] == trumps:
                return f"Wellington must lead a non-trump, not {card}"
        else:
            return None
        if self._o.floater_leads == "lowest" and hand is not None:
            least = lowest(wanted)
            if card not in least:
                return f"{bid.kind.label} must lead the lowest {what} ({' or '.join(least)}), not {card}"
        return None

    def lost_payments(self, bidder: int, bid: Contract, opponents: Sequence[int],
                      pool: Callable[[], int]) -> Iterator[Payment]:
        """"To pay when lost: value × number of players into the pot" [Nap]."""
        count = len(opponents) + (1 if self._o.floater_loss == "players" else 0)
        yield Payment.request("lost", bidder, POOL, self.lost_value(bid) * count)
