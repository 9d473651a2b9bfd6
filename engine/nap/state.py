"""The state of a game of Nap: what the fold over its events has built so far.

:class:`State` is mutable and changed in place by :class:`engine.nap.game.Game`, one small step per
event; read it freely, change it only through events. :meth:`State.snapshot` is a plain,
comparable picture of it (a replay, an undo/redo must give the same one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from engine.core.ledger import Ledger, Payment
from engine.core.seats import PlayerRef, seat_of
from engine.nap.bids import Contract
from engine.nap.cards import Card, sort_cards
from engine.nap.rules.base import POOL
from engine.nap.tricks import Revoke, Trick

if TYPE_CHECKING:
    from engine.nap.rules.base import NapRules

# Phases of the current hand.
IDLE: Final = "idle"            # no hand started yet
DEALING: Final = "dealing"      # NewHand seen (antes paid), the cards not dealt yet
BIDDING: Final = "bidding"      # purchases (Purchase Nap), then the round of bids
PREPARING: Final = "preparing"  # floater Nap: the bidder takes the floater, declares trumps
PLAYING: Final = "playing"      # tricks
OVER: Final = "over"            # every trick played, the result decided, or everyone passed
SETTLED: Final = "settled"      # paid; the next event may be a NewHand


@dataclass(frozen=True, slots=True)
class HandResult:
    """What one settled hand came to. ``bidder``/``contract``/``made`` are ``None`` when all passed."""

    number: int
    dealer: int
    shuffled: bool                    # whether this hand's cards were shuffled (option shuffle)
    bidder: int | None
    contract: Contract | None
    trumps: str | None
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    made: bool | None
    by_tricks: bool | None            # what the tricks alone said (a forfeit may overrule it)
    forfeit: int | None               # the seat whose revoke decided the hand (revoke_penalty forfeit)
    revokes: tuple[Revoke, ...]
    payments: tuple[Payment, ...]     # every chip moved in the hand, in order: antes … settlement
    chips: tuple[int, ...]
    pool: int
    next_dealer: int
    shuffle_next: bool


class State:
    """Everything known about the game after the events folded so far."""

    __slots__ = (
        "rules", "players", "n_players", "ledger", "hands_played", "dealer", "results", "phase", "shuffle_next",
        "shuffled", "deck", "hands", "counts", "floater", "widow", "stock", "stock_left", "used", "discards",
        "purchase_pos", "peeked", "spoken", "bids", "to_bid", "high", "high_seat", "widow_taker", "bidder",
        "contract", "floater_taken", "trumps", "trumps_declared", "tricks", "current", "led", "leader",
        "to_move", "trick_mask", "played", "tricks_won", "revokes", "showouts", "unproven", "out_of_turn", "payments",
        "claimed",
    )

    def __init__(self, rules: NapRules, players: tuple[str, ...], ledger: Ledger) -> None:
        self.rules = rules
        self.players = players
        self.n_players = len(players)
        self.ledger = ledger
        self.hands_played = 0
        self.dealer: int | None = None
        self.results: list[HandResult] = []
        self.phase: str = IDLE
        self.shuffle_next = True   # "shuffled at the start of a session" [Nap]
        self.reset_hand()

    def reset_hand(self) -> None:
        n = self.n_players
        self.shuffled = self.shuffle_next
        self.deck: frozenset[Card] = frozenset()
        self.hands: list[set[Card] | None] = [None] * n
        self.counts: list[int] = [0] * n
        self.floater: Card | None = None
        self.widow: tuple[Card, ...] | None = None
        self.stock: list[Card] | None = None      # known stock, top first
        self.stock_left = 0
        self.used: set[Card] = set()              # every card known to be dealt, drawn or discarded
        self.discards: list[tuple[int, tuple[Card, ...] | None]] = []
        self.purchase_pos = 0                     # purchases go round once from the dealer's left
        self.peeked: set[int] = set()
        self.spoken: list[bool] = [False] * n
        self.bids: list[tuple[int, Contract | None]] = []
        self.to_bid: int | None = None
        self.high: Contract | None = None
        self.high_seat: int | None = None
        self.widow_taker: int | None = None
        self.bidder: int | None = None
        self.contract: Contract | None = None
        self.floater_taken = False
        self.trumps: str | None = None
        self.trumps_declared = False
        self.tricks: list[Trick] = []
        self.current: list[tuple[int, Card]] = []
        self.led: str | None = None
        self.leader: int | None = None
        self.to_move: int | None = None
        self.trick_mask = 0                       # bit ``seat`` set: that seat has played to the current trick
        self.played: dict[Card, int] = {}
        self.tricks_won: list[int] = [0] * n
        self.revokes: list[Revoke] = []
        self.showouts: dict[tuple[int, str], list[tuple[int, Card, int]]] = {}
        """(seat, suit) → the plays where a player whose hand is unknown did not follow that suit:
        (trick, card, log index). A later card of the suit from that player proves each a revoke."""
        self.unproven: dict[tuple[int, str], list[int]] = {}
        """(seat, suit) → positions in :attr:`revokes` of known revokes still waiting for their proof."""
        self.out_of_turn: list[tuple[int, int, Card, int]] = []   # (seat, trick, card, log index)
        self.payments: list[Payment] = []
        self.claimed: int | None = None           # a quick table: the bidder's tricks, entered without the cards

    @property
    def pool(self) -> int:
        return self.ledger.pots[POOL]

    @property
    def chips(self) -> tuple[int, ...]:
        return tuple(self.ledger.chips)

    def seat_of(self, ref: PlayerRef) -> int:
        return seat_of(self.players, ref)

    def snapshot(self) -> dict[str, Any]:
        """A plain picture of the state, equal for equal states."""
        return {
            "phase": self.phase, "dealer": self.dealer, "hands_played": self.hands_played,
            "hands": [None if h is None else sort_cards(h) for h in self.hands], "counts": list(self.counts),
            "bids": list(self.bids), "bidder": self.bidder, "contract": self.contract, "trumps": self.trumps,
            "tricks": list(self.tricks), "current": list(self.current), "to_move": self.to_move,
            "tricks_won": list(self.tricks_won), "revokes": list(self.revokes), "ledger": self.ledger.snapshot(),
            "results": list(self.results), "shuffle_next": self.shuffle_next, "claimed": self.claimed,
        }


__all__ = ["BIDDING", "DEALING", "HandResult", "IDLE", "OVER", "PLAYING", "PREPARING", "SETTLED", "State"]
