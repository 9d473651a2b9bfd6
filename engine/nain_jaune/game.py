"""The game: an event log and the state folded from it.

:class:`Game` keeps every event it was given (``events``) and the :class:`engine.nain_jaune.state.State`
they fold to. Apply events with :meth:`Game.apply` or the command helpers (:meth:`new_deal`,
:meth:`play`, :meth:`pass_`, :meth:`call`, :meth:`sweep`, :meth:`showdown`, :meth:`settle`).
From the shared log (:class:`engine.core.log.EventLog`): :meth:`undo` drops the last event and
refolds; :meth:`redo` puts it back; :meth:`correct` appends a :class:`engine.core.events.Correction`
that replaces or removes an earlier event.

Two modes:

* **strict** (``live=False``, the default; used for transcripts): an event the rules forbid
  raises :class:`engine.core.errors.IllegalAction` and leaves the game unchanged.
* **live** (``live=True``; fed by the camera): hands may be unknown, and an observation that
  breaks the rules becomes a :class:`engine.nain_jaune.notices.Notice` instead. The game follows the table:
  a card played out of turn or out of sequence is applied (it is on the pile), a card already
  played is ignored (seen twice). Missed calls are notices in both modes.

The fold is incremental: each event updates the state in place, in O(1) for plays and passes.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from engine.core.errors import EngineError, IllegalAction
from engine.core.ledger import Ledger, Payment
from engine.core.log import EventLog
from engine.core.seats import PlayerRef, check_players
from engine.core.seats import stacks as starting_stacks
from engine.nain_jaune import notices as nt
from engine.nain_jaune.cards import BOXES, DECK, HONOURS, RANK, Card, parse_card, sort_cards
from engine.nain_jaune.events import Ante, Call, Deal, Event, NewDeal, Pass, Play, Settlement, Showdown, Sweep
from engine.nain_jaune.notices import Notice
from engine.nain_jaune.rules import DEFAULT_RULES, get_rules
from engine.nain_jaune.rules.base import RuleSet
from engine.nain_jaune.settlement import settle as _settle
from engine.nain_jaune.state import ANTE, IDLE, OVER, PLAY, SETTLED, CallRecord, DealResult, State

# per-card flags the fold reads with one lookup
_HONOUR, _CALLABLE, _ENDS, _WILD = 1, 2, 4, 8
_DECK_SET = frozenset(DECK)

@functools.lru_cache(maxsize=64)
def _card_flags(rules: RuleSet) -> dict[Card, int]:
    """The fold's per-card flags for ``rules`` (honour, callable, ends the run, wild): one lookup
    per play. Cached per rule-set instance (they are immutable): simulations start many games."""
    tables = rules.tables()
    return {c: (_HONOUR if c in HONOURS else 0) | (_CALLABLE if c in tables.callable_cards else 0)
            | (_ENDS if c in tables.ends else 0) | (_WILD if c in tables.wild else 0) for c in DECK}


_Ante = tuple[int, tuple[Payment, ...], tuple[tuple[Card, int], ...]]
_ANTE_PAYMENTS: dict[tuple[int, tuple[int, ...]], _Ante] = {}


def _ante_payments(seat: int, stakes: tuple[int, ...]) -> _Ante:
    """The chips ``seat`` antes, the payments that put ``stakes`` on the boxes and the same as
    ``(box, chips)`` pairs. Payments are immutable values, so every game shares them: every deal
    starts with one ante per player."""
    key = (seat, stakes)
    entry = _ANTE_PAYMENTS.get(key)
    if entry is None:
        moves = tuple((box, amount) for box, amount in zip(BOXES, stakes) if amount)
        entry = _ANTE_PAYMENTS[key] = (
            sum(stakes), tuple(Payment("ante", seat, box, amount, amount, box) for box, amount in moves), moves)
    return entry


@dataclass(frozen=True)
class GameSetup:
    """Everything a game starts from; with the event log it determines the whole game."""

    players: tuple[str, ...]
    rules: str = DEFAULT_RULES
    options: Mapping[str, Any] = field(default_factory=dict)
    chips: tuple[int, ...] = ()
    board: tuple[int, ...] = (0, 0, 0, 0, 0)
    live: bool = False


class Game(EventLog[State]):
    """A game of Nain Jaune as an event-sourced state machine."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        rules: str | RuleSet = DEFAULT_RULES,
        options: Mapping[str, Any] | None = None,
        chips: int | Sequence[int] | Mapping[str, int] = 100,
        board: Mapping[Card, int] | Sequence[int] | None = None,
        live: bool = False,
    ) -> None:
        super().__init__(live=live)
        players = check_players(players)
        if isinstance(rules, RuleSet):
            self.rules = rules
            options = rules.option_values()
            rules_name = rules.name
        else:
            self.rules = get_rules(rules, options)
            rules_name = rules
        self.rules.check_players(len(players))
        stacks = starting_stacks(players, chips)
        if board is None:
            boxes: tuple[int, ...] = (0,) * len(BOXES)
        elif isinstance(board, Mapping):
            unknown = [b for b in board if b not in BOXES]
            if unknown:
                raise EngineError(f"{unknown[0]} is not a board box ({', '.join(BOXES)})")
            boxes = tuple(board.get(b, 0) for b in BOXES)
        else:
            boxes = tuple(board)
        self.setup = GameSetup(players, rules_name, dict(options or {}), stacks, boxes, live)
        tables = self.rules.tables()
        self._ends = tables.ends
        self._wild = tables.wild
        self._leadable = tables.leadable
        self._wanted_after = tables.wanted
        self._callable_cards = tables.callable_cards
        self._playable_sets = self.rules.playable_sets
        self._flags = _card_flags(self.rules)
        # the default hook pays nothing: not asking it saves a call at every run nobody can follow
        self._pays_when_stuck = type(self.rules).on_stuck is not RuleSet.on_stuck
        # a stop tells what the stopping hand lacks only where one stops only when unable
        self._stops_tell = not self.rules.options.stop_at_will
        n = len(players)
        self._next = self.rules.next_seats(n)
        self._deal_sizes = self.rules.deal_sizes(n)
        self._deal_starts: dict[int, tuple[dict[int, tuple[int, ...]], int]] = {}
        self.state = self._fresh_state()

    @classmethod
    def from_setup(cls, setup: GameSetup, events: Iterable[Event] = (), rules: RuleSet | None = None) -> "Game":
        """A game started from ``setup`` with ``events`` applied (a replay). ``rules`` overrides the
        rule set named in ``setup`` (for a custom :class:`RuleSet` instance)."""
        game = cls(setup.players, rules=rules if rules is not None else setup.rules,
                   options=None if rules is not None else setup.options, chips=setup.chips,
                   board=setup.board, live=setup.live)
        for event in events:
            game.apply(event)
        return game

    def replay(self) -> "Game":
        """A new game folded from this one's setup and log (same rule set instance)."""
        return Game.from_setup(self.setup, self.events, rules=self.rules)

    def _fresh_state(self) -> State:
        return State(self.rules, self.setup.players, Ledger(self.setup.chips, dict(zip(BOXES, self.setup.board))))

    # ---- seats ------------------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    def seat(self, player: PlayerRef) -> int:
        """Seat of a player given by name or seat number (``KeyError`` if unknown)."""
        return self.state.seat_of(player)

    # ---- commands -------------------------------------------------------------------------------

    def new_deal(
        self,
        dealer: PlayerRef | None = None,
        hands: Sequence[Sequence[Card] | None] | Mapping[str, Sequence[Card]] | None = None,
        talon: Sequence[Card] | None = None,
    ) -> list[Notice]:
        """Start a deal: :class:`NewDeal`, every ante the rules ask for, then :class:`Deal`.

        ``dealer`` defaults to the rules' next dealer (first deal: seat 0). ``hands`` (by seat or
        by name) are the dealt hands, ``None`` when unknown (live mode).
        """
        st = self.state
        n = st.n_players
        if dealer is None:
            dealer_seat = 0 if st.dealer is None else self.rules.next_dealer(st.dealer, n)
        else:
            dealer_seat = self.seat(dealer)
        out = list(self.apply(NewDeal(dealer_seat)))
        for seat, stakes in sorted(self.state.antes_due.items()):
            out += self.apply(Ante(seat, stakes))
        if isinstance(hands, Mapping):
            by_name = hands
            hands = [by_name.get(p) for p in self.players]
        deal_hands = None if hands is None else tuple(
            None if h is None else tuple(parse_card(c) for c in h) for h in hands)
        out += self.apply(Deal(deal_hands, None if talon is None else tuple(parse_card(c) for c in talon)))
        return out

    def play(self, player: PlayerRef, card: str, call: bool = False,
             confidence: float | None = None) -> Sequence[Notice]:
        return self.apply(Play(self.seat(player), parse_card(card), call, confidence))

    def pass_(self, player: PlayerRef) -> Sequence[Notice]:
        return self.apply(Pass(self.seat(player)))

    pass_turn = pass_

    def call(self, player: PlayerRef, card: str) -> Sequence[Notice]:
        return self.apply(Call(self.seat(player), parse_card(card)))

    def sweep(self, player: PlayerRef, box: str) -> Sequence[Notice]:
        return self.apply(Sweep(self.seat(player), parse_card(box)))

    def showdown(self, hands: Sequence[Sequence[Card] | None] | Mapping[str, Sequence[Card]]) -> Sequence[Notice]:
        """Show the remaining hands (by seat, or by name; missing/``None`` = not shown)."""
        if isinstance(hands, Mapping):
            seq: list[Sequence[Card] | None] = [hands.get(p) for p in self.players]
        else:
            seq = list(hands)
        return self.apply(Showdown(tuple(None if h is None else tuple(parse_card(c) for c in h) for h in seq)))

    def settle(self) -> DealResult:
        """Settle the finished deal; return its result."""
        self.apply(Settlement())
        return self.state.results[-1]

    @property
    def result(self) -> DealResult | None:
        """The last settled deal's result."""
        return self.state.results[-1] if self.state.results else None

    # ---- the fold -------------------------------------------------------------------------------

    def _phase_text(self) -> str:
        st = self.state
        if st.phase == OVER and st.winner is not None:
            return f"the deal is over ({st.players[st.winner]} has no card left)"
        return {IDLE: "no deal has started", ANTE: "the cards are not dealt yet",
                SETTLED: "the deal is settled"}.get(st.phase, "no play is possible now")

    def whose_turn(self) -> str:
        """Who may act now, in words."""
        st = self.state
        if st.phase != PLAY or st.to_move is None:
            return self._phase_text()
        name = st.players[st.to_move]
        if st.run_unknown:
            return f"the card {name} laid last was misread: anyone may play next"
        if st.wanted is None:
            return f"{name} is to lead"
        if st.can_stop:
            nxt = st.players[self.rules.next_seat(st.to_move, st.n_players)]
            return f"{name} may go on with {st.wanted}, or {nxt} continues with {st.wanted} or passes"
        return f"{name} is to play {st.wanted} or pass"

    def _on_play(self, ev: Play, index: int) -> None:
        st = self.state
        seat = ev.seat
        card = ev.card
        if type(seat) is not int or not 0 <= seat < st.n_players:
            self._check_seat(seat, index)
        hand = st.hands[seat]
        wanted = st.wanted
        # the common, legal case first: it is this player's turn, they hold the card, it fits (which
        # no unknown card does: those are reported by the slow path)
        if (st.phase is PLAY
                and (seat == st.to_move or (st.can_stop and seat == self._next[st.to_move]))  # type: ignore[index]
                and (hand is None or card in hand) and card not in st.played_by
                and (card in self._leadable if wanted is None
                     else card in (self._playable_sets.get(wanted) or self.rules.playable_set(wanted)))
                and ev.confidence is None):
            pass
        elif not self._play_exceptions(ev, index):
            return
        hand = st.hands[seat]
        # -- the play is accepted: update the state
        if (self._stops_tell and st.can_stop and seat != st.to_move
                and seat == self._next[st.to_move]):  # type: ignore[index]
            # the last card's player stopped: the next one acts
            st.passes.append((st.to_move, wanted, index))  # type: ignore[arg-type]
        self._acts(seat, index, "card")
        st.run_unknown = False
        if hand is not None:
            hand.discard(card)
        if card in st.stuck_on:
            # a card of the talon laid after all: the passes that put it there were not what they seemed (passes
            # inferred for a player's card, kept in the log once the card is given to another, say)
            told = st.stuck_on[card]
            st.stuck_on = {c: i for c, i in st.stuck_on.items() if i != told}
        st.pile.append(card)
        st.played_by[card] = seat
        st.cards_by[seat] += 1
        flags = self._flags[card]
        if flags:
            if flags & _HONOUR:
                st.honours_by[seat] += 1
            if flags & _CALLABLE:
                self._played_callable(ev, seat, card, index)
            elif ev.call:
                self._call_takes_nothing(seat, card, index)
            if flags & _ENDS:
                nxt = None
            elif flags & _WILD:
                nxt = self.rules.after_wild(wanted, card)
            else:
                nxt = self._wanted_after[card]
        else:
            if ev.call:
                self._call_takes_nothing(seat, card, index)
            nxt = self._wanted_after[card]
        st.wanted = nxt
        st.can_stop = nxt is not None
        st.last_card = card
        self._one_card_less(seat, index)

    def _acts(self, seat: int, index: int, trigger: str) -> None:
        """What ``seat`` laying a card (``trigger`` "card") or passing ("action") ends: the call windows it closes,
        and the previous player's turn."""
        st = self.state
        if st.pending:
            self._close_windows(trigger, seat, index)
        turn_seat = st.turn_seat
        if turn_seat != seat:
            if turn_seat is not None:
                st.first_turn_over[turn_seat] = True
            st.turn_seat = seat

    def _one_card_less(self, seat: int, index: int) -> None:
        """``seat`` laid a card: they move next, and with no card left they have gone out."""
        st = self.state
        st.to_move = seat
        st.last_seat = seat
        counts = st.counts
        counts[seat] -= 1
        if counts[seat] <= 0:
            st.winner = seat
            st.phase = OVER
            st.to_move = None
            st.can_stop = False
            st.opera = bool(self.rules.opera(st, seat))
            self._notice(nt.DEAL_OVER, f"{st.players[seat]} has no card left" + (": opéra!" if st.opera else ""),
                         index, seat)

    def _call_takes_nothing(self, seat: int, card: Card, index: int) -> None:
        self._notice(nt.CALL_WITHOUT_HONOUR, f"{self.state.players[seat]} announces {card}, which takes nothing",
                     index, seat, card)

    def _played_callable(self, ev: Play, seat: int, card: Card, index: int) -> None:
        st = self.state
        rules = self.rules
        if rules.callable(st, seat, card):
            if ev.call:
                self._make_call(seat, card, index, index)
            elif rules.options.call_window == "play":
                self._miss(seat, card, index, index)
            else:
                st.pending.append((seat, card, index))
        elif ev.call:
            self._notice(nt.CALL_WITHOUT_HONOUR, f"{st.players[seat]} announces {card}, which takes nothing",
                         index, seat, card)

    def _play_exceptions(self, ev: Play, index: int) -> bool:
        """The slow path of a play: find what is wrong and report it (strict: raise). Return whether
        the play is still applied (live mode)."""
        st = self.state
        seat = ev.seat
        card = self._check_card(ev.card, index)
        players = st.players
        if st.phase != PLAY:
            self._violation(nt.NOT_PLAYING, f"{players[seat]} plays {card} but {self._phase_text()}",
                            index, seat, card)
            return False
        played_by = st.played_by
        if card in played_by:
            self._violation(nt.SEEN_TWICE, f"{players[seat]} plays {card}, which "
                            f"{players[played_by[card]]} already played", index, seat, card)
            if ev.confidence is not None:
                self._misread_card(seat, index)
            return False
        lost = st.run_unknown
        if not lost and seat != st.to_move and not (st.can_stop and seat == self._next[st.to_move]):  # type: ignore[index]
            self._violation(nt.OUT_OF_TURN, f"{players[seat]} plays {card} out of turn: {self.whose_turn()}",
                            index, seat, card)
        hand = st.hands[seat]
        if hand is not None and card not in hand:
            holder = next((s for s, h in enumerate(st.hands) if h is not None and card in h), None)
            where = f" ({players[holder]} does)" if holder is not None else (
                " (it is in the talon)" if st.talon is not None and card in st.talon else "")
            self._violation(nt.NOT_IN_HAND, f"{players[seat]} does not hold {card}{where}", index, seat, card)
            st.hands[seat] = None  # live: this hand is no longer known
        wanted = st.wanted
        if wanted is None:
            if not lost and card not in self._leadable:
                self._violation(nt.OUT_OF_SEQUENCE, f"{players[seat]} cannot lead with {card}", index, seat, card)
        elif card not in self.rules.playable_set(wanted):
            self._violation(nt.OUT_OF_SEQUENCE,
                            f"{players[seat]} plays {card} out of sequence: {wanted} is wanted", index, seat, card)
        if ev.confidence is not None and ev.confidence < self.rules.options.min_confidence:
            self._notice(nt.LOW_CONFIDENCE, f"{card} by {players[seat]} seen with confidence "
                         f"{ev.confidence:.2f}", index, seat, card)
        return True

    def _misread_card(self, seat: int, index: int) -> None:
        """Live: the camera read ``seat``'s card as one already on the pile. A deck holds each card once, so a
        card did land, misread: ``seat`` has one card less (so the engine still sees them go out), and the run
        it continued is unknown until the next card is read. A correction naming the card replays it as a play.
        """
        st = self.state
        self._acts(seat, index, "card")
        st.cards_by[seat] += 1
        st.wanted = None
        st.run_unknown = True
        st.can_stop = False
        st.last_card = None
        self._one_card_less(seat, index)

    def _on_pass(self, ev: Pass, index: int) -> None:
        st = self.state
        seat = ev.seat
        if type(seat) is not int or not 0 <= seat < st.n_players:
            self._check_seat(seat, index)
        if not (st.phase is PLAY and st.wanted is not None
                and (seat == st.to_move or (st.can_stop and seat == self._next[st.to_move]))):  # type: ignore[index]
            if not self._pass_exceptions(seat, index):
                return
        else:
            if self._stops_tell and st.can_stop and seat != st.to_move:
                st.passes.append((st.to_move, st.wanted, index))  # type: ignore[arg-type]
            if seat != st.last_seat or self._stops_tell:
                st.passes.append((seat, st.wanted, index))
        self._acts(seat, index, "action")
        st.can_stop = False
        nxt = self._next[seat]
        st.to_move = nxt
        if nxt == st.last_seat:
            # everybody after the last player passed: the rules say what the last player does now
            rules = self.rules
            for card in rules.passed_on(st, st.wanted):  # type: ignore[arg-type]
                st.stuck_on.setdefault(card, index)
            if self._pays_when_stuck:
                for request in rules.on_stuck(st, nxt, st.wanted):  # type: ignore[arg-type]
                    if request.amount > 0:
                        st.payments.append(st.ledger.pay(request))
            st.wanted = rules.stuck(st, st.wanted)  # type: ignore[arg-type]
            st.can_stop = st.wanted is not None

    def _pass_exceptions(self, seat: int, index: int) -> bool:
        """The slow path of a pass; return whether it is still applied (live mode)."""
        st = self.state
        players = st.players
        if st.phase != PLAY:
            self._violation(nt.NOT_PLAYING, f"{players[seat]} passes but {self._phase_text()}", index, seat)
            return False
        if st.run_unknown:
            return False  # the run the pass declines is unknown: it tells nothing
        if st.wanted is None:
            if seat == st.to_move:
                self._violation(nt.MUST_LEAD, f"{players[seat]} passes but must lead a card", index, seat)
            else:
                self._violation(nt.OUT_OF_TURN, f"{players[seat]} passes out of turn: {self.whose_turn()}", index, seat)
            return False  # live: a pass while somebody must lead changes nothing
        self._violation(nt.OUT_OF_TURN, f"{players[seat]} passes out of turn: {self.whose_turn()}", index, seat)
        return True

    def _make_call(self, seat: int, card: Card, play_index: int, call_index: int) -> None:
        st = self.state
        ledger = st.ledger
        for request in self.rules.on_call(st, seat, card):
            if request.amount > 0:
                st.payments.append(ledger.pay(request))
        st.calls.append(CallRecord(seat, card, play_index, True, call_index))

    def _miss(self, seat: int, card: Card, play_index: int, index: int) -> None:
        st = self.state
        st.missed_calls.append((seat, card, play_index))
        st.calls.append(CallRecord(seat, card, play_index, False))
        self._notice(nt.CALL_MISSED, f"{st.players[seat]} played {card} without announcing it: the stake stays",
                     index, seat, card)

    def _close_windows(self, trigger: str, actor: int | None, index: int) -> None:
        """Close the call windows that ``trigger`` ends: 'card' (a play), 'action' (a pass), 'end'."""
        st = self.state
        window = self.rules.options.call_window
        keep = []
        for seat, card, play_index in st.pending:
            if (trigger == "end" or window in ("play", "next_action")
                    or (window == "next_card" and trigger == "card")
                    or (window == "turn" and actor != seat)):
                self._miss(seat, card, play_index, index)
            else:
                keep.append((seat, card, play_index))
        st.pending = keep

    def _on_call(self, ev: Call, index: int) -> None:
        st = self.state
        seat = self._check_seat(ev.seat, index)
        card = self._check_card(ev.card, index)
        if st.phase not in (PLAY, OVER):
            self._violation(nt.NOT_PLAYING, f"{st.players[seat]} announces {card} but {self._phase_text()}",
                            index, seat, card)
            return
        for i, (s, c, play_index) in enumerate(st.pending):
            if s == seat and c == card:
                del st.pending[i]
                self._make_call(seat, card, play_index, index)
                return
        self._stray_claim(seat, card, index, "announces")

    def _stray_claim(self, seat: int, card: Card, index: int, verb: str) -> None:
        st = self.state
        name = st.players[seat]
        if any(r.seat == seat and r.card == card and r.called for r in st.calls):
            return  # announced already: saying it again changes nothing
        if any(s == seat and c == card for s, c, _ in st.missed_calls):
            self._notice(nt.LATE_CALL, f"{name} {verb} {card} too late: the stake stays", index, seat, card)
        elif verb == "sweeps":
            st.false_sweeps.append((seat, card, index))
            self._notice(nt.SWEEP_WITHOUT_HONOUR,
                         f"{name} sweeps the {card} box but did not play {card}: the chips go back", index, seat, card)
        else:
            self._notice(nt.CALL_WITHOUT_HONOUR, f"{name} announces {card} without having just played it",
                         index, seat, card)

    def _on_sweep(self, ev: Sweep, index: int) -> None:
        st = self.state
        seat = self._check_seat(ev.seat, index)
        box = ev.box
        if box not in BOXES:
            raise IllegalAction(f"{box!r} is not a board box ({', '.join(BOXES)})", kind="malformed", index=index)
        if st.phase not in (PLAY, OVER):
            self._violation(nt.NOT_PLAYING, f"{st.players[seat]} sweeps {box} but {self._phase_text()}",
                            index, seat, box)
            return
        i = st.pending_honour(seat, box)
        if i is not None:
            _, card, play_index = st.pending.pop(i)
            self._make_call(seat, card, play_index, index)
            return
        box_for = self.rules.box_for
        if any(r.seat == seat and r.called and box_for(r.card) == box for r in st.calls):
            return  # the chips moved when the honour was announced
        self._stray_claim(seat, box, index, "sweeps")

    def _on_new_deal(self, ev: NewDeal, index: int) -> None:
        st = self.state
        if st.phase not in (IDLE, SETTLED):
            raise IllegalAction(f"a deal is in progress ({st.phase}); settle it first", kind="deal_in_progress",
                                index=index)
        dealer = ev.dealer
        if type(dealer) is not int or not 0 <= dealer < st.n_players:
            self._check_seat(dealer, index)
        if st.game_over:
            raise IllegalAction("the game is over: " + self._why_over(), kind="game_over", index=index)
        st._reset_deal()
        st.dealer = dealer
        st.phase = ANTE
        st.hand_size, st.talon_size = self._deal_sizes
        due, _ = self._deal_start(dealer)
        st.antes_due = dict(due)

    def _deal_start(self, dealer: int) -> tuple[dict[int, tuple[int, ...]], int]:
        """The antes due (by seat, nothing for a seat that stakes nothing) and the first leader of a
        deal dealt by ``dealer``. Both come from state-free hooks, so they are asked once per dealer."""
        start = self._deal_starts.get(dealer)
        if start is None:
            rules = self.rules
            n = self.state.n_players
            due = {}
            for seat in range(n):
                stakes = tuple(rules.ante(n, dealer, seat))
                if sum(stakes):
                    due[seat] = stakes
            start = self._deal_starts[dealer] = (due, rules.first_leader(dealer, n))
        return start

    def _why_over(self) -> str:
        st = self.state
        n = st.n_players
        dealer = self.rules.next_dealer(st.dealer, n) if st.dealer is not None else 0
        short = [f"{st.players[s]} cannot ante {due} chips (has {st.chips[s]})"
                 for s, due in enumerate(self.rules.ante_totals(n, dealer)) if st.chips[s] < due]
        played = st.deals_played
        return "; ".join(short) if short else f"{played} deal{'' if played == 1 else 's'} played, the agreed length"

    def _on_ante(self, ev: Ante, index: int) -> None:
        st = self.state
        seat = ev.seat
        if type(seat) is not int or not 0 <= seat < st.n_players:
            self._check_seat(seat, index)
        if st.phase != ANTE:
            raise IllegalAction(f"{st.players[seat]} antes but {self._phase_text()}", kind="not_ante", index=index)
        due = st.antes_due.get(seat)
        if due is None:
            raise IllegalAction(f"{st.players[seat]} has no ante to pay in this deal", kind="ante", index=index)
        stakes = ev.stakes
        if stakes is not due and tuple(stakes) != due:
            raise IllegalAction(f"{st.players[seat]} must ante {dict(zip(BOXES, due))}, "
                                f"not {dict(zip(BOXES, stakes))}", kind="ante", index=index)
        total, payments, moves = _ante_payments(seat, due)
        ledger = st.ledger
        if ledger.chips[seat] < total:
            raise IllegalAction(f"{st.players[seat]} cannot ante {total} chips (has {ledger.chips[seat]})",
                                kind="cannot_ante", index=index)
        # enough chips: no payment can be cut, so move them directly (payments are immutable: reuse them)
        ledger.chips[seat] -= total
        board = ledger.pots
        for box, amount in moves:
            board[box] += amount
        st.payments.extend(payments)
        del st.antes_due[seat]

    def _on_deal(self, ev: Deal, index: int) -> None:
        st = self.state
        n = st.n_players
        players = st.players
        if st.phase != ANTE:
            raise IllegalAction(f"cards are dealt but {self._phase_text()}", kind="not_ante", index=index)
        if st.antes_due:
            missing = ", ".join(players[s] for s in sorted(st.antes_due))
            raise IllegalAction(f"cards are dealt before {missing} anted", kind="ante", index=index)
        size = st.hand_size
        hands = ev.hands
        talon = ev.talon
        known: list[tuple[Card, ...]] = []   # the hands and talon given, checked together below
        if hands is not None:
            if len(hands) != n:
                raise IllegalAction(f"{len(hands)} hands dealt to {n} players", kind="malformed", index=index)
            for seat, hand in enumerate(hands):
                if hand is None:
                    continue
                if len(hand) != size:
                    raise IllegalAction(
                        f"{players[seat]} is dealt {len(hand)} cards; with {n} players each gets {size}",
                        kind="hand_size", index=index)
                known.append(hand)
        if talon is not None:
            if len(talon) != st.talon_size:
                raise IllegalAction(f"the talon has {len(talon)} cards; with {n} players it has {st.talon_size}",
                                    kind="hand_size", index=index)
            known.append(talon)
        distinct = set().union(*known)
        if len(distinct) != sum(map(len, known)) or not distinct <= _DECK_SET:
            self._bad_deal(hands, talon, index)
        if talon is None and hands is not None and all(h is not None for h in hands):
            talon = tuple(c for c in DECK if c not in distinct)
        st.dealt = [None] * n if hands is None else list(hands)
        st.hands = [None] * n if hands is None else [None if h is None else set(h) for h in hands]
        st.talon = talon
        st.counts = [size] * n
        st.phase = PLAY
        st.to_move = self._deal_start(st.dealer)[1]  # type: ignore[arg-type]
        st.wanted = None
        st.can_stop = False

    def _bad_deal(self, hands: Sequence[Sequence[Card] | None] | None, talon: Sequence[Card] | None,
                  index: int) -> None:
        """Name the unknown or twice-dealt card of a deal (the slow path of :meth:`_on_deal`)."""
        groups = [] if hands is None else [
            (f"{self.state.players[seat]}'s hand", hand) for seat, hand in enumerate(hands) if hand is not None]
        if talon is not None:
            groups.append(("the talon", talon))
        seen: dict[Card, str] = {}
        for where, cards in groups:
            for card in cards:
                if card not in RANK:
                    raise IllegalAction(f"unknown card {card!r} in {where}", kind="malformed", index=index)
                if card in seen:
                    raise IllegalAction(f"{card} is dealt twice ({seen[card]} and {where})",
                                        kind="duplicate_card", index=index)
                seen[card] = where

    def _on_showdown(self, ev: Showdown, index: int) -> None:
        st = self.state
        n = st.n_players
        players = st.players
        if len(ev.hands) != n:
            raise IllegalAction(f"{len(ev.hands)} hands shown for {n} players", kind="malformed", index=index)
        if st.phase != OVER:
            self._violation(nt.NOT_PLAYING, f"hands are shown but {self._phase_text()}", index)
            if st.phase != PLAY:
                return
        seen: dict[Card, int] = {}
        for seat, cards in enumerate(ev.hands):
            for card in cards or ():
                self._check_card(card, index)
                if card in seen:
                    raise IllegalAction(f"{card} is shown by both {players[seen[card]]} and {players[seat]}",
                                        kind="duplicate_card", index=index)
                seen[card] = seat
        shown = list(st.shown)
        for seat, cards in enumerate(ev.hands):
            if cards is None:
                continue
            for card in cards:
                if card in st.played_by:
                    self._violation(nt.HAND_MISMATCH, f"{players[seat]} shows {card}, which was played",
                                    index, seat, card)
            if len(cards) != st.counts[seat]:
                self._violation(nt.HAND_MISMATCH,
                                f"{players[seat]} shows {len(cards)} cards but should hold {st.counts[seat]}",
                                index, seat)
            known = st.hands[seat]
            if known is not None and set(cards) != known:
                self._violation(nt.HAND_MISMATCH, f"{players[seat]} shows {' '.join(sort_cards(cards))}, "
                                f"not the cards left: {' '.join(sort_cards(known))}", index, seat)
            shown[seat] = tuple(sort_cards(cards))
        st.shown = shown

    def _on_settlement(self, ev: Settlement, index: int) -> None:
        st = self.state
        players = st.players
        if st.phase != OVER or st.winner is None:
            if st.phase == PLAY:
                raise IllegalAction("the deal is not finished: nobody has gone out", kind="not_finished", index=index)
            raise IllegalAction(f"nothing to settle: {self._phase_text()}", kind="not_finished", index=index)
        # the cards left are laid down to be counted: from now on they are the shown hands
        shown = list(st.shown)
        unknown = []
        for seat in range(st.n_players):
            if shown[seat] is None:
                hand = st.hands[seat]
                if hand:
                    shown[seat] = tuple(sort_cards(hand))
                elif hand is not None or st.counts[seat] == 0:
                    shown[seat] = ()
                else:
                    unknown.append(players[seat])
        if unknown:
            raise IllegalAction(f"the remaining hands of {', '.join(unknown)} are not shown", kind="hand_unknown",
                                index=index)
        st.shown = shown
        if st.pending:
            self._close_windows("end", None, index)
        made = _settle(st)
        st.payments.extend(made)
        st.deals_played += 1
        st.phase = SETTLED
        ledger = st.ledger
        st.results.append(DealResult(
            number=st.deals_played,
            dealer=st.dealer,  # type: ignore[arg-type]
            winner=st.winner,
            opera=st.opera,
            payments=tuple(st.payments),
            remaining=tuple(shown),  # type: ignore[arg-type]
            calls=tuple(st.calls),
            missed_calls=tuple([(s, c) for s, c, _ in st.missed_calls]),
            false_sweeps=tuple([(s, c) for s, c, _ in st.false_sweeps]),
            chips=tuple(ledger.chips),
            board=st.board_tuple(),
        ))
        ledger.check()


Game.HANDLERS = {
    **EventLog.HANDLERS, Play: Game._on_play, Pass: Game._on_pass, Call: Game._on_call,
    Sweep: Game._on_sweep, NewDeal: Game._on_new_deal, Ante: Game._on_ante, Deal: Game._on_deal,
    Showdown: Game._on_showdown, Settlement: Game._on_settlement,
}
