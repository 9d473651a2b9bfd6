"""Random hands of Nap played through the real engine (``nainjaune simulate --game nap``).

Every action is an event applied to a strict :class:`engine.nap.game.Game`, so a simulation
exercises the rules exactly as a transcript would; the simulated players only choose among the
actions the game allows (:meth:`Game.legal_bids`, :meth:`Game.legal_plays`) — except that, now and
then, a player who could follow suit deliberately does not (a revoke), so that revokes, their
proofs and their penalties are exercised too. Pure and seeded: all chance comes from one
:class:`random.Random`; no I/O, no clock (the command times the run).

The pack is kept between hands: a shuffled hand is shuffled, otherwise (option ``shuffle`` =
``habit``) the played cards are gathered in playing order and cut, as the text describes [Nap].
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from engine.nap.bids import PASS, Contract
from engine.nap.cards import DECK, SUIT, SUITS, Card, sort_cards
from engine.nap.events import Bid, Deal, DeclareTrumps, NewHand, Peek, Play, Purchase, Settle, TakeFloater, TakeWidow
from engine.nap.game import Game
from engine.nap.rules import get_rules, variant_of
from engine.nap.rules.base import NapRules
from engine.nap.state import BIDDING, PLAYING, PREPARING

PLAYER_NAMES: tuple[str, ...] = ("Anne", "Bruno", "Chloé", "Denis", "Emma", "Félix", "Gaëlle", "Hugo", "Inès",
                                 "Jules")
REVOKE_RATE = 0.02
"""How often a player who must follow suit plays another suit instead (when they hold one)."""
PASS_RATE = 0.5
"""How often a player who may bid passes."""

_PLAYS: dict[tuple[int, Card], Play] = {(seat, card): Play(seat, card) for seat in range(10) for card in DECK}
"""Every play event, made once: events are immutable values, and building one costs about as much
as folding it."""


@dataclass(frozen=True, slots=True)
class SimulationRequest:
    """What to simulate. Build it with :meth:`build`, which validates everything up front."""

    rules: NapRules
    players: int
    seed: int
    hands: int
    chips: int = 100
    revoke_rate: float = REVOKE_RATE

    @classmethod
    def build(cls, *, options: Mapping[str, Any] | None = None, players: int = 4, seed: int = 0,
              hands: int = 1000, chips: int = 100, revoke_rate: float = REVOKE_RATE) -> "SimulationRequest":
        """Raises :class:`RulesError` for bad options or player counts and ``ValueError`` for the rest."""
        options = options or {}
        rules = get_rules(variant_of({"game": options.get("game", "classic")}).Options.coerce(options))
        rules.check_players(players)
        if hands < 1:
            raise ValueError("the number of hands must be at least 1")
        if chips < 0:
            raise ValueError("chips must be at least 0")
        if not 0.0 <= revoke_rate <= 1.0:
            raise ValueError("the revoke rate is a probability, from 0 to 1")
        return cls(rules, players, seed, hands, chips, revoke_rate)


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One simulated hand."""

    number: int
    bid: str | None          # the contract, e.g. "nap" or "nap with" (floater); None: passed out
    made: bool | None
    revokes: int
    shuffled: bool
    forfeit: bool
    chips: tuple[int, ...]
    cut: int                 # payments cut short because the payer ran out (option debts = cap)


class _Table:
    """The simulated table: a game, the pack between hands, the random source."""

    def __init__(self, request: SimulationRequest) -> None:
        self.rules = request.rules
        self.game = Game(PLAYER_NAMES[:request.players], rules=request.rules, chips=request.chips)
        self.rng = random.Random(request.seed)
        self.revoke_rate = request.revoke_rate
        self.pack: list[Card] = list(self.rules.deck(request.players))

    def play_hand(self) -> HandOutcome:
        game, rules = self.game, self.rules
        st = game.state
        n = st.n_players
        apply = game.apply
        apply(NewHand(0 if st.dealer is None else rules.next_dealer(st.dealer, n)))
        self._deal(st.shuffled)
        if rules.purchase_price(1) is not None:
            self._purchases()
        self._bids()
        if st.phase == PREPARING:
            self._prepare()
        if st.phase == PLAYING:
            self._play()
        apply(Settle())
        result = st.results[-1]
        self._gather()
        contract = result.contract
        label = None if contract is None else contract.name + (
            (" with" if contract.with_floater else " without") if rules.ladder.floater else "")
        return HandOutcome(result.number, label, result.made, len(result.revokes), result.shuffled,
                           result.forfeit is not None, result.chips, sum(p.amount < p.due for p in result.payments))

    # ---- the deal -------------------------------------------------------------------------------

    def _deal(self, shuffled: bool) -> None:
        rules, rng, pack = self.rules, self.rng, self.pack
        if shuffled:
            rand = rng.random
            pack.sort(key=lambda _: rand())   # a uniform shuffle, cheaper than rng.shuffle
        else:   # gathered and cut
            cut = rng.randrange(1, len(pack))
            pack[:] = pack[cut:] + pack[:cut]
        st = self.game.state
        n = st.n_players
        first, second = rules.packets()
        order = [(st.dealer + 1 + i) % n for i in range(n)]  # type: ignore[operator]
        hands: list[list[Card]] = [[] for _ in range(n)]
        top = 0
        for size in (first, second):
            for seat in order:
                hands[seat].extend(pack[top:top + size])
                top += size
        floater = widow = None
        if rules.floater_cards:
            floater, top = pack[top], top + 1
        if rules.widow_cards:
            widow, top = tuple(pack[top:top + rules.widow_cards]), top + rules.widow_cards
        self.game.apply(Deal(tuple(tuple(h) for h in hands), floater, widow, tuple(pack[top:])))

    def _gather(self) -> None:
        """The played cards in playing order, then the rest as they lay: the next hand's pack."""
        played = [c for trick in self.game.state.tricks for _, c in trick.plays]
        seen = set(played)
        self.pack[:] = played + [c for c in self.pack if c not in seen]

    # ---- before and during the bids -------------------------------------------------------------

    def _purchases(self) -> None:
        game, rules, rng = self.game, self.rules, self.rng
        st = game.state
        seat = rules.first_bidder(st.dealer, st.n_players)  # type: ignore[arg-type]
        for _ in range(st.n_players):
            hand = sort_cards(st.hands[seat] or ())
            count = rng.randint(1, 3)
            price = rules.purchase_price(count) or 0
            if rng.random() < 0.3 and st.stock and count <= len(st.stock) and st.ledger.can_pay(seat, price):
                discard = tuple(rng.sample(hand, count))
                game.apply(Purchase(seat, count, discard, tuple(st.stock[:count])))
            seat = (seat + 1) % st.n_players

    def _bids(self) -> None:
        game, rules, rng = self.game, self.rules, self.rng
        st = game.state
        cost = rules.peek_cost()
        while st.phase == BIDDING:
            seat = st.to_bid
            if cost is not None and rng.random() < 0.25 and st.ledger.can_pay(seat, cost):  # type: ignore[arg-type]
                game.apply(Peek(seat))  # type: ignore[arg-type]
            legal = game.legal_bids()
            if rules.widow_cards and st.widow_taker is None and rng.random() < 0.15:
                allowed = [b for b in legal if rules.widow_problem(b) is None]
                if allowed:
                    pool = sort_cards((st.hands[seat] or set()) | set(st.widow or ()))  # type: ignore[index]
                    game.apply(TakeWidow(seat, tuple(rng.sample(pool, rules.widow_cards))))  # type: ignore[arg-type]
                    legal = allowed
            must_bid = st.widow_taker == seat
            if legal and (must_bid or rng.random() >= PASS_RATE):
                choice: Contract = legal[0] if rng.random() < 0.6 else rng.choice(legal)
                game.apply(Bid(seat, choice.name, choice.with_floater))  # type: ignore[arg-type]
            else:
                game.apply(Bid(seat, PASS))  # type: ignore[arg-type]

    def _prepare(self) -> None:
        game, rules, rng = self.game, self.rules, self.rng
        st = game.state
        bidder = st.bidder
        if st.contract is not None and st.contract.with_floater:
            pool = sort_cards((st.hands[bidder] or set()) | {st.floater})  # type: ignore[index,arg-type]
            game.apply(TakeFloater(rng.choice(pool)))
        if rules.declares_trumps:
            hand = sort_cards(st.hands[bidder] or ())  # type: ignore[index]
            contract: Contract = st.contract  # type: ignore[assignment]
            suits = [s for s in SUITS if rules.declaration_problem(contract, hand, s) is None]
            game.apply(DeclareTrumps(max(suits, key=lambda s: sum(SUIT[c] == s for c in hand))))

    # ---- the play -------------------------------------------------------------------------------

    def _play(self) -> None:
        """Every trick: a random legal card, or now and then a revoke. The hands are kept as lists in
        deck order (the game's are sets, whose order changes between processes: a seed must not)."""
        game = self.game
        st = game.state
        apply = game.apply
        rand = self.rng.random
        revoke_rate = self.revoke_rate
        hands = [sort_cards(h) for h in st.hands]  # type: ignore[arg-type]
        plays = _PLAYS
        first = game.legal_plays()
        card = first[int(rand() * len(first))]
        while True:
            seat = st.to_move
            hand = hands[seat]  # type: ignore[index]
            hand.remove(card)
            apply(plays[seat, card])  # type: ignore[index]
            if st.phase != PLAYING:
                return
            hand = hands[st.to_move]  # type: ignore[index]
            led = st.led
            if led is None:
                card = hand[int(rand() * len(hand))]
                continue
            following = [c for c in hand if SUIT[c] == led]
            if following and len(following) < len(hand) and rand() < revoke_rate:
                others = [c for c in hand if SUIT[c] != led]
                card = others[int(rand() * len(others))]
            else:
                choice = following or hand
                card = choice[int(rand() * len(choice))]


def simulate(request: SimulationRequest) -> Iterator[HandOutcome]:
    """Yield one :class:`HandOutcome` per hand, ``request.hands`` in all, in one game."""
    table = _Table(request)
    for _ in range(request.hands):
        yield table.play_hand()


def simulated_game(request: SimulationRequest) -> Game:
    """The game a simulation plays, after all its hands (for tests that look at the whole log)."""
    table = _Table(request)
    for _ in range(request.hands):
        table.play_hand()
    return table.game


@dataclass
class Tally:
    """Running totals over simulated hands, and their summary."""

    hands: int = 0
    passed_out: int = 0
    shuffled: int = 0
    revokes: int = 0
    forfeits: int = 0
    bids: dict[str, list[int]] = field(default_factory=dict)   # contract → [made, failed]
    chips: tuple[int, ...] = ()                                  # the stacks after the last hand
    lowest: int | None = None                                    # the lowest stack after any hand
    cut: int = 0

    def add(self, outcome: HandOutcome) -> None:
        self.hands += 1
        self.chips = outcome.chips
        low = min(outcome.chips)
        self.lowest = low if self.lowest is None else min(self.lowest, low)
        self.cut += outcome.cut
        self.shuffled += outcome.shuffled
        self.revokes += outcome.revokes
        self.forfeits += outcome.forfeit
        if outcome.bid is None:
            self.passed_out += 1
        else:
            counts = self.bids.setdefault(outcome.bid, [0, 0])
            counts[0 if outcome.made else 1] += 1

    def summary(self, request: SimulationRequest) -> dict[str, Any]:
        hands = self.hands or 1
        order = {str(b.name) + ((" with" if b.with_floater else " without") if request.rules.ladder.floater else ""): i
                 for i, b in enumerate(request.rules.ladder.steps)}
        return {
            "game": request.rules.name,
            "options": changed_options(request.rules),
            "players": request.players,
            "seed": request.seed,
            "hands": self.hands,
            "no_bid_share": round(self.passed_out / hands, 4),
            "bids": {name: {"made": made, "failed": failed}
                     for name, (made, failed) in sorted(self.bids.items(), key=lambda kv: order.get(kv[0], 99))},
            "revokes": self.revokes,
            "revokes_per_hand": round(self.revokes / hands, 4),
            "hands_decided_by_a_revoke": self.forfeits,
            "shuffled_share": round(self.shuffled / hands, 4),
            "chips": dict(zip(PLAYER_NAMES, self.chips)),
            "lowest_stack": self.lowest,
            "payments_cut": self.cut,
        }


def changed_options(rules: NapRules) -> dict[str, Any]:
    """The options that differ from the variant's defaults."""
    defaults = type(rules.options)().to_dict()
    return {k: v for k, v in rules.options.to_dict().items() if defaults[k] != v}


__all__ = ["HandOutcome", "PLAYER_NAMES", "SimulationRequest", "Tally", "changed_options",
           "simulate", "simulated_game"]
