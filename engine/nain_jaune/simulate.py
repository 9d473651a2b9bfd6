"""Simulated players for whole deals and whole games, driven through the real engine.

Every move goes through :meth:`engine.nain_jaune.game.Game.apply` as an event, so a simulation exercises the
rules exactly as a table would (the strict mode: an illegal move would raise). The simulator only
chooses among the moves the rule set allows (:meth:`RuleSet.playable`, its leadable cards) and
never decides legality itself. It is pure: all chance comes
from one seeded :class:`random.Random`, there is no I/O and no clock, so a seed always gives the
same games (the CLI times the run).

Two strategies:

* ``random`` — any legal move, uniformly: lead any card; after one's own card go on or stop (stop only when
  unable under the house rule ``stop_at_will`` false); when asked for the wanted card play it (or a wild card) or
  pass. Announces an honour 9 times in 10, so missed calls happen too.
* ``simple`` — a greedy player: leads the card that starts its longest run in hand (lowest first),
  always goes on when it can, keeps wild cards for when nothing else fits, always announces.
"""

from __future__ import annotations

import functools
import gc
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, TypeVar

from engine.nain_jaune.cards import DECK, RANK, Card
from engine.nain_jaune.events import Ante, Deal, NewDeal, Pass, Play, Settlement
from engine.nain_jaune.game import Game
from engine.nain_jaune.rules import get_rules, rules_class
from engine.nain_jaune.rules.base import RuleSet
from engine.nain_jaune.state import PLAY, State

E = TypeVar("E")

STRATEGIES: tuple[str, ...] = ("random", "simple")

CALL_RATE_RANDOM = 0.9
"""How often the random player announces an honour it plays."""

MAX_DEALS_PER_GAME = 2_000
"""A game still running after this many deals is stopped (and counted as cut short)."""

PLAYER_NAMES: tuple[str, ...] = ("Anne", "Bruno", "Chloé", "Denis", "Emma", "Félix", "Gaëlle", "Hugo")


@dataclass(frozen=True)
class DealOutcome:
    """One simulated deal."""

    game: int            # 0-based game number
    deal: int            # 1-based deal number within its game
    winner: int
    opera: bool
    actions: int         # plays and passes in the deal
    plays: int
    missed_calls: int
    ended_game: bool     # no further deal in this game (someone cannot ante, or the round limit)
    cut_short: bool      # the game was stopped at MAX_DEALS_PER_GAME


@dataclass(frozen=True)
class SimulationRequest:
    """What to simulate. Build it with :meth:`build`, which validates everything up front."""

    rules: RuleSet
    players: int
    strategy: str
    seed: int
    deals: int | None = None     # stop after this many deals (games are played back to back)
    games: int | None = None     # or after this many whole games
    chips: int = 100

    @classmethod
    def build(cls, *, rules: str = "lindor", options: Mapping[str, Any] | None = None, players: int = 4,
              strategy: str = "random", seed: int = 0, deals: int | None = None, games: int | None = None,
              chips: int = 100) -> "SimulationRequest":
        """Raises :class:`engine.core.errors.RulesError` for a bad rule set, option or player count and
        ``ValueError`` for the rest."""
        rule_set = get_rules(rules, rules_class(rules).Options.coerce(options or {}))
        rule_set.check_players(players)
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r} (known: {', '.join(STRATEGIES)})")
        if (deals is None) == (games is None):
            raise ValueError("give either a number of deals or a number of games")
        if (deals is not None and deals < 1) or (games is not None and games < 1):
            raise ValueError("the number of deals or games must be at least 1")
        if chips < 1:
            raise ValueError("players need at least 1 chip")
        return cls(rule_set, players, strategy, seed, deals, games, chips)


# ---- strategies -----------------------------------------------------------------------------------
#
# The random player is inlined in :func:`play_deal` (it is the benchmark's hot path). Other
# strategies are choosers: they get the state, the seat to decide for, the legal cards and whether
# passing (or stopping) is allowed, and return a card or None (pass / stop).

Chooser = Callable[[State, int, list[Card], bool, random.Random], "Card | None"]


@functools.lru_cache(maxsize=None)
def _successors(rules: RuleSet) -> dict[Card, tuple[Card, ...]]:
    """For each card, the tame (not wild) cards that continue a run after it; none after a hoc."""
    wild = rules.tables().wild
    out: dict[Card, tuple[Card, ...]] = {}
    for card in DECK:
        wanted = rules.wanted(card)
        out[card] = () if wanted is None or rules.ends_sequence(card) else tuple(
            c for c in rules.playable(wanted) if c not in wild)
    return out


def _run_lengths(successors: dict[Card, tuple[Card, ...]], hand: set[Card]) -> dict[Card, int]:
    """For each card of ``hand``, how many cards a run led with it would shed (without wild cards).
    Worked out from the highest rank down, so every successor's length is known when needed."""
    lengths: dict[Card, int] = {}
    get = lengths.get
    for card in sorted(hand, key=RANK.__getitem__, reverse=True):
        best = 0
        for nxt in successors[card]:
            length = get(nxt, 0)
            if length > best:
                best = length
        lengths[card] = best + 1
    return lengths


_LEAD_ORDER: dict[Card, int] = {c: i for i, c in enumerate(sorted(DECK, key=lambda c: (-RANK[c], c)))}
"""Tie-break between simple leads that shed as many cards: the lower rank, then the higher code; a
number below 64, so that a whole preference is one int (a ``max`` keyed by a dict lookup instead
of a Python function per card: leads are most of the simple player's thinking)."""


def _simple_choice(state: State, seat: int, legal: list[Card], may_pass: bool, rng: random.Random) -> Card | None:
    rules = state.rules
    wild = rules.tables().wild
    if state.wanted is None:
        lengths = _run_lengths(_successors(rules), state.hands[seat] or set())
        candidates = [c for c in legal if c not in wild] or legal
        order = _LEAD_ORDER
        preference = {c: lengths.get(c, 1) * 64 + order[c] for c in candidates}
        return max(candidates, key=preference.__getitem__)
    for card in legal:          # the first tame card, else a wild one, else pass
        if card not in wild:
            return card
    return legal[0] if legal else None


CHOOSERS: dict[str, Chooser] = {"simple": _simple_choice}
"""Strategies other than ``random``."""


# ---- deals and games ------------------------------------------------------------------------------


def new_game(request: SimulationRequest) -> Game:
    names = PLAYER_NAMES[: request.players]
    return Game(names, rules=request.rules, chips=request.chips)


_EVENTS: dict[tuple[Any, ...], Any] = {}
"""Events by (type, fields). Events are immutable values, so equal ones can be shared: building a
frozen dataclass costs about as much as the engine's fold step for it."""


def _shared(event_type: type[E], *fields: Any) -> E:
    key = (event_type, *fields)
    event = _EVENTS.get(key)
    if event is None:
        event = _EVENTS[key] = event_type(*fields)
    return event


@dataclass(frozen=True)
class _Moves:
    """What :func:`play_deal` looks up that depends only on the rule set and the number of players,
    built once per pair (:func:`_moves`) instead of at every deal: a simulation plays thousands."""

    following: tuple[int, ...]                  # the next seat, by seat
    passes: tuple[Pass, ...]                    # by seat
    plays: tuple[dict[Card, Play], ...]         # by seat, then card: the play without a call
    calls: tuple[dict[Card, Play], ...]         # the same, announced


@functools.lru_cache(maxsize=64)
def _moves(rules: RuleSet, n_players: int) -> _Moves:
    seats = range(n_players)
    return _Moves(
        following=rules.next_seats(n_players),
        passes=tuple(_shared(Pass, seat) for seat in seats),
        plays=tuple({card: _shared(Play, seat, card, False) for card in DECK} for seat in seats),
        calls=tuple({card: _shared(Play, seat, card, True) for card in DECK} for seat in seats),
    )


def play_deal(game: Game, strategy: str, rng: random.Random) -> tuple[int, int]:
    """Deal shuffled cards and play the deal to its settlement; return (actions, plays).

    The legal moves are the rule set's: any leadable card of the hand on a lead, else the cards
    :meth:`RuleSet.playable` allows for the wanted card. Right after their own card a player may
    stop, and then the next player plays or passes (their action is the stop, as at the table).
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r} (known: {', '.join(STRATEGIES)})")
    state = game.state
    rules = game.rules
    n = state.n_players
    apply = game.apply
    dealer = 0 if state.dealer is None else rules.next_dealer(state.dealer, n)
    apply(_shared(NewDeal, dealer))
    for seat, stakes in sorted(state.antes_due.items()):
        apply(_shared(Ante, seat, stakes))
    rand = rng.random
    deck = sorted(DECK, key=lambda _: rand())  # a uniform shuffle, cheaper than rng.shuffle
    size = state.hand_size
    apply(Deal(tuple(tuple(deck[i * size:(i + 1) * size]) for i in range(n)), tuple(deck[n * size:])))

    random_play = strategy == "random"
    may_stop = rules.options.stop_at_will   # whether the last card's player may stop while able
    choose = CHOOSERS.get(strategy, _simple_choice)
    call_rate = CALL_RATE_RANDOM if random_play else 1.0
    tables = rules.tables()
    leadable, callable_cards = tables.leadable, tables.callable_cards
    playable, playable_set, playable_sets = rules.playable, rules.playable_set, rules.playable_sets
    moves = _moves(rules, n)
    following, passes, plays_by, calls_by = moves.following, moves.passes, moves.plays, moves.calls
    hands = state.hands
    dealt = state.dealt
    actions = plays = 0
    while state.phase == PLAY:
        seat = state.to_move
        wanted = state.wanted
        if wanted is None:                      # a lead: any leadable card in hand
            hand = hands[seat]
            if random_play:
                # draw from the hand as dealt until the card is still held: cheaper than listing
                # the hand, and a set's order changes between processes where the deal's does not
                dealt_hand = dealt[seat]
                card = dealt_hand[int(rand() * size)]
                while card not in hand or card not in leadable:
                    card = dealt_hand[int(rand() * size)]
            else:
                card = choose(state, seat, sorted([c for c in hand if c in leadable]), False, rng)
        else:                                   # the wanted card (or a wild one), or pass
            option_set = playable_sets.get(wanted) or playable_set(wanted)
            stoppable = state.can_stop
            while True:
                hand = hands[seat]
                if option_set.isdisjoint(hand):  # nothing to play: the cheapest test first
                    card = None
                else:
                    legal = []                  # a plain loop: a few cards, cheaper than a comprehension
                    for c in playable(wanted):
                        if c in hand:
                            legal.append(c)
                    if random_play:             # inlined: this loop is the simulator's whole cost
                        i = int(rand() * (len(legal) + (may_stop or not stoppable)))
                        card = legal[i] if i < len(legal) else None
                    else:
                        card = choose(state, seat, legal, True, rng)
                if card is not None or not stoppable:
                    break
                stoppable = False               # the player who just played stops: the next one decides
                seat = following[seat]
        actions += 1
        if card is None:
            apply(passes[seat])
        else:
            plays += 1
            if (card in callable_cards and rules.callable(state, seat, card)
                    and (call_rate >= 1.0 or rand() < call_rate)):
                apply(calls_by[seat][card])
            else:
                apply(plays_by[seat][card])
    apply(_shared(Settlement))
    return actions, plays


def simulate(request: SimulationRequest) -> Iterator[DealOutcome]:
    """Yield one :class:`DealOutcome` per deal until the requested deals or games are played.

    The cyclic garbage collector is paused while the simulation runs, between its deals too, and
    put back as it was when the simulation ends or is closed. Every deal leaves a few dozen objects
    (events, results) in the game's log, and the collections they trigger cost 5-10 % of the run
    while finding nothing to free: games and events make no reference cycles, so plain reference
    counting frees a finished game.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield from _simulate(request)
    finally:
        if collecting:
            gc.enable()


def _simulate(request: SimulationRequest) -> Iterator[DealOutcome]:
    rng = random.Random(request.seed)
    deals_done = games_done = 0
    game_no = 0
    game = new_game(request)
    while True:
        actions, plays = play_deal(game, request.strategy, rng)
        state = game.state
        result = state.results[-1]
        deals_done += 1
        cut_short = result.number >= MAX_DEALS_PER_GAME
        ended = cut_short or state.game_over
        yield DealOutcome(game_no, result.number, result.winner, result.opera, actions, plays,
                          len(result.missed_calls), ended, cut_short)
        if ended:
            games_done += 1
        if request.deals is not None and deals_done >= request.deals:
            return
        if request.games is not None and games_done >= request.games:
            return
        if ended:
            game_no += 1
            game = new_game(request)


@dataclass
class Tally:
    """Running totals over simulated deals, turned into a summary at the end."""

    deals: int = 0
    games: int = 0
    cut_short: int = 0
    actions: int = 0
    plays: int = 0
    operas: int = 0
    missed_calls: int = 0
    deals_in_finished_games: int = 0
    wins: dict[int, int] = field(default_factory=dict)

    def add(self, outcome: DealOutcome) -> None:
        self.deals += 1
        self.actions += outcome.actions
        self.plays += outcome.plays
        self.operas += outcome.opera
        self.missed_calls += outcome.missed_calls
        self.wins[outcome.winner] = self.wins.get(outcome.winner, 0) + 1
        if outcome.ended_game:
            self.games += 1
            self.cut_short += outcome.cut_short
            self.deals_in_finished_games += outcome.deal

    def summary(self, request: SimulationRequest) -> dict[str, Any]:
        deals = self.deals or 1
        return {
            "rules": request.rules.name,
            "options": _changed_options(request.rules),
            "players": request.players,
            "strategy": request.strategy,
            "seed": request.seed,
            "deals": self.deals,
            "games": self.games,
            "games_cut_short": self.cut_short,
            "average_deal_length": round(self.actions / deals, 2),
            "average_cards_played": round(self.plays / deals, 2),
            "average_deals_per_game": round(self.deals_in_finished_games / self.games, 2) if self.games else None,
            "opera_rate": round(self.operas / deals, 4),
            "missed_calls_per_deal": round(self.missed_calls / deals, 3),
            "wins_by_seat": [self.wins.get(s, 0) for s in range(request.players)],
        }


def _changed_options(rules: RuleSet) -> dict[str, Any]:
    """The options that differ from the rule set's defaults."""
    defaults = type(rules.options)().to_dict()
    return {k: v for k, v in rules.options.to_dict().items() if defaults[k] != v}


__all__ = [
    "CHOOSERS", "DealOutcome", "MAX_DEALS_PER_GAME", "STRATEGIES", "SimulationRequest", "Tally",
    "new_game", "play_deal", "simulate",
]
