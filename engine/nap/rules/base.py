"""The rule interface of Nap: one class, :class:`NapRules`, whose methods (*hooks*) answer every
question the game asks, and its options.

The game (:mod:`engine.nap.game`) owns what every variant shares — a deal, one round of bidding, the
bidder leads, tricks are played and followed, the hand is settled — and asks the rules the rest:

========================  ==================================================================
set-up                    :meth:`~NapRules.check_players`, :meth:`~NapRules.deck`,
                          :attr:`~NapRules.hand_size`, :attr:`~NapRules.floater_cards`,
                          :attr:`~NapRules.widow_cards`, :meth:`~NapRules.cards_dealt`,
                          :attr:`~NapRules.min_stock`, :meth:`~NapRules.packets`,
                          :meth:`~NapRules.antes`, :meth:`~NapRules.first_bidder`,
                          :meth:`~NapRules.next_dealer`, :meth:`~NapRules.shuffles_after`
before the bids           :meth:`~NapRules.purchase_price`, :meth:`~NapRules.peek_cost`
bids                      :meth:`~NapRules.bid_names`, :meth:`~NapRules.make_ladder`,
                          :meth:`~NapRules.unavailable_bid`, :meth:`~NapRules.widow_problem`
the play                  :attr:`~NapRules.declares_trumps`, :meth:`~NapRules.trumps_at_lead`,
                          :meth:`~NapRules.declaration_problem`, :meth:`~NapRules.first_lead_problem`,
                          :meth:`~NapRules.decided`
penalties                 :meth:`~NapRules.revoke_payment`, :meth:`~NapRules.out_of_turn_payment`,
                          :attr:`~NapRules.revoke_forfeits`
settlement                :attr:`~NapRules.scale`, :meth:`~NapRules.made_payments`,
                          :meth:`~NapRules.lost_payments`, :meth:`~NapRules.ledger`
========================  ==================================================================

:class:`NapRules` itself is the classic game; each variant (:mod:`engine.nap.rules`) is a small
subclass that overrides a few hooks and, when it has options of its own or other defaults, a
subclass of :class:`NapOptions`. Hooks that move chips yield :class:`engine.core.ledger.Payment`
requests; the game pays them one by one (option ``debts`` = ``cap``: each cut to what the payer
holds), so a hook that asks for "the pool" reads it after the payments before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterator, Literal, Mapping, Sequence

from engine.core.errors import RulesError
from engine.core.ledger import Ledger, OpenLedger, Payment
from engine.core.options import Options, option
from engine.core.seats import left_of
from engine.nap.bids import KINDS, Contract, Ladder, ladder
from engine.nap.cards import SUIT, Card, deck_for
from engine.nap.rules.scales import CLASSIC_SCALES, Scale
from engine.nap.rules.words import words

POOL = "pool"
"""The ledger's pot for the pool (floater Nap's pot, or "kitty", is the same pot)."""

GameName = Literal["classic", "purchase", "widow", "floater", "seven_card"]
ScaleName = Literal["standard", "doubled_wins", "american", "floater", "barker", "mcleod"]
DeckName = Literal["full", "examples", "floater_table"]

LEDGERS: Mapping[str, type[Ledger]] = {"allow": OpenLedger, "cap": Ledger}
"""option ``debts`` → the ledger that keeps the chips: stacks may go below zero, or payments are cut."""

MIN_PLAYERS = 3
MAX_PLAYERS = 10
"""[Nap]: "a trick-taking game for 3 to 10 players"."""


@dataclass(frozen=True)
class NapOptions(Options):
    """The options of every Nap variant; variants with more derive from it (and may change defaults)."""

    game: GameName = option(
        "classic",
        "Which Nap: 'classic' (the main rules), 'purchase' (Purchase Nap: buy cards before the bidding), "
        "'widow' (Widow Nap: an extra hand one bidder may take), 'floater' (Nap with a floater, Hastings "
        "rules), 'seven_card' (seven cards each, Dave Barker's bids).",
        label="Variant", **words("game"))
    two: bool = option(False, "Allow the bid Two (two tricks, worth 2, ranks below Three).", label="Bid Two",
                       **words("two"))
    misere: bool = option(
        False, "Allow Misère (take no trick, no trumps, the bidder still leads; ranks between Three and Four, "
        "worth 3).", label="Bid Misère", **words("misere"))
    blucher: bool = option(
        False, "Allow Blücher (all five tricks, worth 20; may only be bid over Wellington).", label="Bid Blücher",
        **words("blucher"))
    scale: ScaleName = option(
        "standard",
        "How much a bid wins or loses per opponent: 'standard' (2/3/3/4/5/10/20), 'doubled_wins' (five-trick "
        "bids won count double: 10/20/40, lost 5/10/20), 'american' (five-trick bids won 10, lost 5/10/20). "
        "Floater Nap has only 'floater'; seven-card Nap 'barker' or 'mcleod'.",
        label="Scoring scale", **words("scale"))
    deck: DeckName = option(
        "full",
        "The pack: 'full' (52 cards), 'examples' (the text's short packs: 3 players 24 cards from the 9 up, "
        "4-5 players 32 cards from the 7 up, more players 52), 'floater_table' (the floater table: 3 players "
        "20 cards, 4: 24, 5: 28, 6: 32, 7: 36; more players 52).",
        label="Pack", **words("deck"))
    deal: Literal["3-2", "2-3"] = option(
        "3-2", "How the dealer deals: three cards to each then two, or two then three (seven cards: 4-3 or 3-4). "
        "Only the simulator and the phone use it; the hands are the same either way.", label="Deal in packets of",
        **words("deal"))
    shuffle: Literal["every_hand", "habit"] = option(
        "every_hand",
        "'habit': as most circles do, the cards are shuffled only at the start of the session and after a "
        "five-trick bid (Nap or better) was won; otherwise the played cards are only gathered and cut. "
        "The result says whether the next hand is shuffled.", label="Shuffling", **words("shuffle"))
    pool: bool = option(
        False, "Play with a pool: everyone antes before the deal, the next five-trick bid won takes it, a "
        "five-trick bid lost doubles it (the bidder pays in as much as it holds).", label="Pool (kitty)",
        **words("pool"))
    pool_ante: int = option(1, "Units each player puts into the pool before the deal (the text: 1 or 2).",
                            minimum=0, maximum=1000, label="Ante into the pool", **words("pool_ante"))
    pool_dealer_extra: int = option(0, "Units the dealer adds to the pool on top of the ante (Foster's example: 2).",
                                    minimum=0, maximum=1000, label="Dealer's extra ante", **words("pool_dealer_extra"))
    pool_refill: Literal["every_hand", "when_empty"] = option(
        "every_hand", "When the antes are paid: before every deal (the text), or only when the pool is empty.",
        label="Ante into the pool", **words("pool_refill"))
    revoke_penalty: Literal["auto", "pool", "forfeit", "none"] = option(
        "auto",
        "What a revoke costs: 'pool' (Foster: the revoking player puts revoke_units into the pool; needs the "
        "pool), 'forfeit' (the common house rule: the revoking side loses the hand — the bid fails if the "
        "bidder revoked, counts as made if an opponent did), 'none', or 'auto' ('pool' when the pool is on, "
        "else 'forfeit').", label="What a revoke costs", **words("revoke_penalty"))
    revoke_units: int = option(5, "Units a revoke puts into the pool (Foster: 5).", minimum=0, maximum=1000,
                               label="Revoke penalty units", **words("revoke_units"))
    out_of_turn_penalty: Literal["auto", "pool", "none"] = option(
        "auto",
        "What playing out of turn costs in live play (a transcript refuses it): 'pool' (Foster: "
        "out_of_turn_units into the pool; needs the pool), 'none', or 'auto' ('pool' when the pool is on).",
        label="Out-of-turn penalty", **words("out_of_turn_penalty"))
    out_of_turn_units: int = option(2, "Units a play out of turn puts into the pool (Foster: 2).", minimum=0,
                                    maximum=1000, label="Out-of-turn penalty units", **words("out_of_turn_units"))
    debts: Literal["allow", "cap"] = option(
        "allow",
        "A player who owes more than they hold: 'allow' (every payment is made in full and stacks may go "
        "below zero, as when scoring on paper or with counters bought back), or 'cap' (nobody pays more than "
        "they hold: each payment is cut to the payer's stack, so the shortfall falls on the last to be paid — "
        "opponents in turn from the bidder's left, then the pool — and shows as 'due' beside 'amount'; "
        "purchases and looks at the floater must then be affordable).", label="Owing more than one holds",
        **words("debts"))
    play_out: bool = option(
        True, "Play every trick (the default); false: the hand stops as soon as its result is decided "
        "(a misère bidder who takes a trick, a bid made or out of reach).", label="Play every trick",
        **words("play_out"))


class NapRules:
    """Classic Nap [Nap] with its options; variants subclass it and override a few hooks.

    Instances are immutable after construction."""

    name: ClassVar[str] = "classic"
    title: ClassVar[str] = "Nap"
    Options: ClassVar[type[NapOptions]] = NapOptions
    hand_size: ClassVar[int] = 5
    floater_cards: ClassVar[int] = 0
    min_stock: ClassVar[int] = 0
    """Cards that must be left over after the deal (Purchase Nap: at least one to buy)."""
    widow_cards: ClassVar[int] = 0
    declares_trumps: ClassVar[bool] = False
    """Whether the bidder declares trumps before the first lead (floater Nap) instead of the first
    card led making them [Nap]."""
    scales: ClassVar[Mapping[str, Scale]] = CLASSIC_SCALES
    optional_bids: ClassVar[frozenset[str]] = frozenset({"two", "misere", "blucher"})
    packets_by_pattern: ClassVar[Mapping[str, tuple[int, int]]] = {"3-2": (3, 2), "2-3": (2, 3)}

    def __init__(self, options: NapOptions | Mapping[str, Any] | None = None) -> None:
        self.options: NapOptions = self.Options.from_mapping(options)
        if self.options.game != self.name:
            raise RulesError(f"these options are for {self.options.game!r} Nap, not {self.name!r}")
        self.check_options()
        self.scale: Scale = self.scales[self.options.scale]
        self.ladder: Ladder = self.make_ladder()
        self.pool: bool = self.options.pool
        penalty = self.options.revoke_penalty
        self.revoke_penalty: str = ("pool" if self.pool else "forfeit") if penalty == "auto" else penalty
        self.revoke_forfeits: bool = self.revoke_penalty == "forfeit"
        late = self.options.out_of_turn_penalty
        self.out_of_turn_penalty: str = ("pool" if self.pool else "none") if late == "auto" else late
        self._decks: dict[int, tuple[Card, ...]] = {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"

    # ---- options --------------------------------------------------------------------------------

    def check_options(self) -> None:
        """Raise :class:`RulesError` for options that do not go together in this variant."""
        o = self.options
        if o.scale not in self.scales:
            raise RulesError(f"option 'scale' of {self.title} must be one of {', '.join(map(repr, self.scales))}, "
                             f"not {o.scale!r}")
        for bid in ("two", "misere", "blucher"):
            if getattr(o, bid) and bid not in self.optional_bids:
                raise RulesError(f"{self.title} has no {KINDS[bid].label} bid (option {bid})")
        for name, value in (("revoke_penalty", o.revoke_penalty), ("out_of_turn_penalty", o.out_of_turn_penalty)):
            if value == "pool" and not o.pool:
                raise RulesError(f"option {name!r} = 'pool' needs the pool (option pool = true)")

    def option_values(self) -> dict[str, Any]:
        return self.options.to_dict()

    # ---- set-up ---------------------------------------------------------------------------------

    def ledger(self, chips: Sequence[int], pool: int) -> Ledger:
        """The chips of a new game (option ``debts``: may a stack go below zero?)."""
        return LEDGERS[self.options.debts](chips, {POOL: pool})

    def deck(self, n_players: int) -> tuple[Card, ...]:
        """The cards in play with ``n_players`` (option ``deck``), in deck order."""
        cards = self._decks.get(n_players)
        if cards is None:
            cards = self._decks[n_players] = deck_for(self.options.deck, n_players)
        return cards

    def cards_dealt(self, n_players: int) -> int:
        """Cards dealt: the hands, the floater, the widow; the rest of the pack is the stock."""
        return n_players * self.hand_size + self.floater_cards + self.widow_cards

    def check_players(self, n_players: int) -> None:
        """Raise :class:`RulesError` unless ``n_players`` can play: 3 to 10 [Nap], and enough cards."""
        if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
            raise RulesError(f"Nap is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n_players}")
        need, have = self.cards_dealt(n_players) + self.min_stock, len(self.deck(n_players))
        if need > have:
            raise RulesError(f"{self.title} with {n_players} players needs {need} cards; the pack "
                             f"({self.options.deck}) has {have}")

    def packets(self) -> tuple[int, int]:
        """Cards per player in the first and second round of the deal (option ``deal``) [Nap]."""
        return self.packets_by_pattern[self.options.deal]

    def antes(self, n_players: int, dealer: int, pool: int) -> tuple[tuple[int, int], ...]:
        """``(seat, units)`` paid into the pool before the deal, ``pool`` being what it holds now."""
        o = self.options
        if not self.pool or (o.pool_refill == "when_empty" and pool > 0):
            return ()
        dues = ((seat, o.pool_ante + (o.pool_dealer_extra if seat == dealer else 0)) for seat in range(n_players))
        return tuple((seat, units) for seat, units in dues if units)

    def first_bidder(self, dealer: int, n_players: int) -> int:
        """"The player on the dealer's left begins" [Nap]."""
        return left_of(dealer, n_players)

    def next_dealer(self, dealer: int, n_players: int) -> int:
        """"After each hand the player on the dealer's left deals" [Nap]."""
        return left_of(dealer, n_players)

    def shuffles_after(self, bid: Contract | None, made: bool | None) -> bool:
        """Whether the next hand is shuffled (option ``shuffle``): always, or by the habit only after a
        five-trick bid was won [Nap]."""
        if self.options.shuffle == "every_hand":
            return True
        return bool(made) and bid is not None and KINDS[bid.name].nap_or_better

    # ---- before the bids ------------------------------------------------------------------------

    def purchase_price(self, cards: int) -> int | None:
        """Units a player pays into the pool to exchange ``cards`` cards; ``None``: no buying here."""
        return None

    def peek_cost(self) -> int | None:
        """Units a player pays into the pot to look at the floater; ``None``: no floater to look at."""
        return None

    # ---- bids -----------------------------------------------------------------------------------

    def bid_names(self) -> tuple[str, ...]:
        """The bid kinds of this table, lowest first: Three, Four, Nap, Wellington, with the optional
        Two (below Three), Misère (between Three and Four) and Blücher (above Wellington) [Nap]."""
        o = self.options
        names = ("two",) * o.two + ("three",) + ("misere",) * o.misere + ("four", "nap", "wellington")
        return names + ("blucher",) * o.blucher

    def make_ladder(self) -> Ladder:
        """"Wellington may only be bid after Nap", "Blücher only after Wellington" [Nap]."""
        return ladder(self.bid_names(), requires={"wellington": "nap", "blucher": "wellington"})

    def unavailable_bid(self, name: str) -> str:
        """Why the bid kind ``name`` is not on this table's ladder, in words."""
        if name not in KINDS:
            return f"unknown bid {name!r} (bids here: pass, {', '.join(self.ladder.names())})"
        if name in self.optional_bids:
            return f"{KINDS[name].label} is not played at this table (option {name})"
        return f"{self.title} has no {KINDS[name].label} bid (bids here: pass, {', '.join(self.ladder.names())})"

    def widow_problem(self, bid: Contract) -> str | None:
        """Why a player who took the widow may not bid ``bid`` (``None``: they may). No widow here."""
        return None

    # ---- the play -------------------------------------------------------------------------------

    def trumps_at_lead(self, bid: Contract, card: Card) -> str | None:
        """Trumps once the bidder leads ``card``: "the suit led is trumps"; misère has none [Nap]."""
        return None if KINDS[bid.name].misere else SUIT[card]

    def declaration_problem(self, bid: Contract, hand: Sequence[Card] | None, suit: str) -> str | None:
        """Why the bidder may not declare ``suit`` trumps (games with :attr:`declares_trumps`)."""
        return None

    def first_lead_problem(self, bid: Contract, hand: Sequence[Card] | None, trumps: str | None,
                           card: Card) -> str | None:
        """Why the bidder may not lead ``card`` to the first trick (``None``: any card may be led)."""
        return None

    def decided(self, bid: Contract, won: int, played: int) -> bool | None:
        """The result once ``played`` tricks are over and the bidder took ``won``: made (``True``),
        failed (``False``) or still open (``None``). Misère fails at the first trick taken [Nap]."""
        kind = KINDS[bid.name]
        left = self.hand_size - played
        if kind.misere:
            return False if won else (True if left == 0 else None)
        if won >= kind.tricks:
            return True
        return False if won + left < kind.tricks else None

    # ---- penalties ------------------------------------------------------------------------------

    def revoke_payment(self, seat: int, card: Card) -> Payment | None:
        """What the revoke of ``seat`` (who played ``card``) pays when it is established (Foster: 5
        units into the pool)."""
        if self.revoke_penalty != "pool" or not self.options.revoke_units:
            return None
        return Payment.request("revoke", seat, POOL, self.options.revoke_units, card)

    def out_of_turn_payment(self, seat: int, card: Card) -> Payment | None:
        """What ``card`` played out of turn pays (live play; Foster: 2 units into the pool)."""
        if self.out_of_turn_penalty != "pool" or not self.options.out_of_turn_units:
            return None
        return Payment.request("out_of_turn", seat, POOL, self.options.out_of_turn_units, card)

    # ---- settlement -----------------------------------------------------------------------------

    def won_value(self, bid: Contract) -> int:
        return self.scale.won[bid.name]

    def lost_value(self, bid: Contract) -> int:
        return self.scale.lost[bid.name]

    def made_payments(self, bidder: int, bid: Contract, opponents: Sequence[int],
                      pool: Callable[[], int]) -> Iterator[Payment]:
        """A bid made: "he receives the value of the game from each other player" [Nap]; with the pool,
        a five-trick bid also takes the pool."""
        value = self.won_value(bid)
        for seat in opponents:
            yield Payment.request("won", seat, bidder, value)
        if self.pool and KINDS[bid.name].nap_or_better:
            yield Payment.request("pool_won", POOL, bidder, pool())

    def lost_payments(self, bidder: int, bid: Contract, opponents: Sequence[int],
                      pool: Callable[[], int]) -> Iterator[Payment]:
        """A bid failed: "he pays the value to each player" [Nap]; with the pool, a five-trick bid lost
        doubles it (Foster)."""
        value = self.lost_value(bid)
        for seat in opponents:
            yield Payment.request("lost", bidder, seat, value)
        if self.pool and KINDS[bid.name].nap_or_better:
            yield Payment.request("pool_doubled", bidder, POOL, pool())


__all__ = ["DeckName", "GameName", "MAX_PLAYERS", "MIN_PLAYERS", "NapOptions", "NapRules", "POOL"]
