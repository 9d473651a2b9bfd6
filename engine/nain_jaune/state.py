"""The state of a game: what the fold over the events has built so far.

:class:`State` is mutable and updated in place by :class:`engine.nain_jaune.game.Game` (one small step per
event, no copies), which is what keeps the fold fast. Read it freely; change it only through
events. :meth:`State.snapshot` gives a plain, comparable picture of it (used to check that a
replay or an undo/redo gives the same state).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from engine.core.ledger import Ledger, Payment
from engine.core.seats import seat_of
from engine.nain_jaune.cards import BOXES, Card, sort_cards

if TYPE_CHECKING:
    from engine.nain_jaune.rules.base import RuleSet, Wanted

# Phases of the current deal.
IDLE: Final = "idle"          # no deal started yet
ANTE: Final = "ante"          # NewDeal seen, stakes being put on the board
PLAY: Final = "play"          # cards dealt, runs being played
OVER: Final = "over"          # somebody has no card left; calls, showdown and settlement may follow
SETTLED: Final = "settled"    # the deal is settled; the next event may be a NewDeal


@dataclass(frozen=True, slots=True)
class CallRecord:
    """An honour (hoc) played: by whom, at which event, and what became of its announcement."""

    seat: int
    card: Card
    index: int          # event index of the play
    called: bool        # announced in time
    called_at: int | None = None   # event index of the announcement (the play itself when called with it)


@dataclass(frozen=True, slots=True)
class DealResult:
    """What one settled deal came to."""

    number: int
    dealer: int
    winner: int
    opera: bool
    payments: tuple[Payment, ...]          # every chip moved in this deal, in order (antes … bêtes)
    remaining: tuple[tuple[Card, ...], ...]  # cards left in each hand (the winner's is empty)
    calls: tuple[CallRecord, ...]
    missed_calls: tuple[tuple[int, Card], ...]
    false_sweeps: tuple[tuple[int, Card], ...]
    chips: tuple[int, ...]                 # stacks after settlement
    board: tuple[int, ...]                 # boxes after settlement, BOXES order


class State:
    """Everything known about the game after the events folded so far."""

    __slots__ = (
        "rules", "players", "n_players", "ledger", "deals_played", "dealer", "results",
        "phase", "hand_size", "talon_size", "antes_due", "dealt", "talon", "hands", "counts",
        "pile", "played_by", "last_card", "last_seat", "wanted", "run_unknown", "to_move", "can_stop",
        "turn_seat", "first_turn_over", "cards_by", "honours_by", "pending", "calls", "stuck_on",
        "passes", "missed_calls", "false_sweeps", "shown", "winner", "opera", "payments",
    )

    def __init__(self, rules: RuleSet, players: tuple[str, ...], ledger: Ledger) -> None:
        self.rules = rules
        self.players = players
        self.n_players = len(players)
        self.ledger = ledger
        self.deals_played = 0
        self.dealer: int | None = None
        self.results: list[DealResult] = []
        self.phase: str = IDLE
        self._reset_deal()

    def _reset_deal(self) -> None:
        n = self.n_players
        self.hand_size = 0
        self.talon_size = 0
        self.antes_due: dict[int, tuple[int, ...]] = {}
        self.dealt: list[tuple[Card, ...] | None] = [None] * n
        self.talon: tuple[Card, ...] | None = None
        self.hands: list[set[Card] | None] = [None] * n
        self.counts: list[int] = [0] * n
        self.pile: list[Card] = []
        self.played_by: dict[Card, int] = {}
        self.last_card: Card | None = None
        self.last_seat: int | None = None
        self.wanted: Wanted | None = None
        # live: the last card laid was misread (as a card already on the pile), so which run it continued, and
        # who may follow it, is unknown until the next card is read
        self.run_unknown = False
        self.to_move: int | None = None
        self.can_stop = False
        self.turn_seat: int | None = None
        self.first_turn_over: list[bool] = [False] * n
        self.cards_by: list[int] = [0] * n
        self.honours_by: list[int] = [0] * n
        self.pending: list[tuple[int, Card, int]] = []      # (seat, card, play index) awaiting their call
        self.calls: list[CallRecord] = []
        self.missed_calls: list[tuple[int, Card, int]] = []  # (seat, card, play index)
        self.false_sweeps: list[tuple[int, Card, int]] = []  # (seat, box, sweep index)
        self.shown: list[tuple[Card, ...] | None] = [None] * n
        # the cards of the runs everybody passed on (a player passes only when unable), which lie in the talon, each
        # with the log index of the pass that came back round to the run's last player
        self.stuck_on: dict[Card, int] = {}
        # (seat, wanted, log index) of each pass by a player other than the last card's: the others lay the wanted
        # card when they hold it ([EN] "or say 'pass' if unable"), so that seat holds none of the cards `wanted`
        # matches; the last card's player may stop at will ([EN] "may keep on adding cards"), and their stops are
        # recorded too only under the option `stop_at_will` false (one stops only when unable)
        self.passes: list[tuple[int, Wanted, int]] = []
        self.winner: int | None = None
        self.opera = False
        self.payments: list[Payment] = []

    # ---- queries --------------------------------------------------------------------------------

    @property
    def chips(self) -> list[int]:
        return self.ledger.chips

    @property
    def board(self) -> dict[Card, int]:
        return self.ledger.pots

    def name(self, seat: int) -> str:
        return self.players[seat]

    def seat_of(self, player: str | int) -> int:
        """The seat of a player given by name or seat number."""
        return seat_of(self.players, player)

    def actors(self) -> tuple[int, ...]:
        """Seats that may act now: the player to move and, right after a play, the next player
        (whose action means the previous player stopped)."""
        if self.phase != PLAY or self.to_move is None:
            return ()
        if self.run_unknown:
            return tuple(range(self.n_players))
        if self.can_stop:
            return (self.to_move, self.rules.next_seat(self.to_move, self.n_players))
        return (self.to_move,)

    @property
    def leading(self) -> bool:
        """Whether the player to move must start a new run (any card)."""
        return self.phase == PLAY and self.wanted is None

    def may_play(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` may lay ``card`` now by the rules (ignoring whether they hold it)."""
        if self.phase != PLAY or card in self.played_by or seat not in self.actors():
            return False
        if self.run_unknown:
            return True
        rules = self.rules
        if self.wanted is None:
            return seat == self.to_move and rules.may_lead(card)
        return card in rules.playable(self.wanted)

    def pending_honour(self, seat: int, box: Card) -> int | None:
        """Where in ``pending`` is the honour of ``seat`` whose box is ``box`` (its call still awaited), if any."""
        box_for = self.rules.box_for
        return next((i for i, (s, c, _) in enumerate(self.pending) if s == seat and box_for(c) == box), None)

    def legal_plays(self, seat: int) -> list[Card]:
        """The cards of ``seat``'s (known) hand it may play now, in deck order."""
        hand = self.hands[seat]
        if hand is None or self.phase != PLAY:
            return []
        if self.run_unknown:
            return sort_cards(hand)
        to_move = self.to_move
        if seat != to_move and not (self.can_stop and seat == self.rules.next_seat(to_move, self.n_players)):  # type: ignore[arg-type]
            return []
        wanted = self.wanted
        if wanted is None:
            if seat != to_move:
                return []
            leadable = self.rules.tables().leadable
            return [c for c in sort_cards(hand) if c in leadable]
        return [c for c in self.rules.playable(wanted) if c in hand]

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, as far as known: the shown hand, else the tracked hand.
        Raises ``LookupError`` when unknown (live mode before the showdown)."""
        shown = self.shown[seat]
        if shown is not None:
            return shown
        hand = self.hands[seat]
        if hand is not None:
            return tuple(sort_cards(hand))
        if self.counts[seat] == 0 and self.phase in (OVER, SETTLED):
            return ()
        raise LookupError(f"{self.players[seat]}'s hand is not known")

    def hand_known(self, seat: int) -> bool:
        return self.shown[seat] is not None or self.hands[seat] is not None or (
            self.counts[seat] == 0 and self.phase in (OVER, SETTLED))

    @property
    def game_over(self) -> bool:
        """No further deal: the rule set's end condition holds after a settled deal."""
        return self.phase in (IDLE, SETTLED) and self.deals_played > 0 and self.rules.game_over(self)

    def snapshot(self) -> dict[str, Any]:
        """A plain dict of the whole state, for comparisons and debugging."""
        return {
            "players": list(self.players),
            "ledger": self.ledger.snapshot(),
            "deals_played": self.deals_played,
            "dealer": self.dealer,
            "results": [repr(r) for r in self.results],
            "phase": self.phase,
            "hand_size": self.hand_size,
            "antes_due": sorted(self.antes_due.items()),
            "dealt": list(self.dealt),
            "talon": self.talon,
            "hands": [None if h is None else sort_cards(h) for h in self.hands],
            "counts": list(self.counts),
            "pile": list(self.pile),
            "last_card": self.last_card,
            "last_seat": self.last_seat,
            "wanted": None if self.wanted is None else tuple(self.wanted),
            "run_unknown": self.run_unknown,
            "to_move": self.to_move,
            "can_stop": self.can_stop,
            "turn_seat": self.turn_seat,
            "first_turn_over": list(self.first_turn_over),
            "cards_by": list(self.cards_by),
            "honours_by": list(self.honours_by),
            "pending": list(self.pending),
            "calls": list(self.calls),
            "missed_calls": list(self.missed_calls),
            "false_sweeps": list(self.false_sweeps),
            "shown": list(self.shown),
            "stuck_on": sort_cards(self.stuck_on),
            "passes": [(seat, tuple(wanted), index) for seat, wanted, index in self.passes],
            "winner": self.winner,
            "opera": self.opera,
            "payments": list(self.payments),
        }

    def board_tuple(self) -> tuple[int, ...]:
        """The boxes' chips in :data:`engine.nain_jaune.cards.BOXES` order."""
        return _in_box_order(self.ledger.pots)


_in_box_order = operator.itemgetter(*BOXES)
