"""A game of Nap as an event log and the state folded from it.

:class:`Game` subclasses :class:`engine.core.log.EventLog` (undo, redo, corrections) and folds the
events of :mod:`engine.nap.events` into a :class:`engine.nap.state.State`, asking its
:class:`engine.nap.rules.NapRules` everything a variant may change. Two modes:

* **strict** (``live=False``; transcripts): a rule broken raises
  :class:`engine.core.errors.IllegalAction` and leaves the game unchanged;
* **live** (``live=True``; a camera and the phone): hands may be unknown and events come one by
  one; a rule broken becomes a notice and the game follows the table (a card played out of turn
  is on the trick, and with the pool it pays the out-of-turn penalty).

A revoke is a notice in both modes, never an error: nobody can stop it at the table. When the
player's hand is known it is recorded at the play itself; when it is not (live), it is recorded
only when the withheld suit shows up later from the same hand, which proves it. Either way the
record names the play that proved it (:class:`engine.nap.tricks.Revoke`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Sequence

from engine.core.cards import SUIT_NAMES
from engine.core.errors import IllegalAction
from engine.core.ledger import Payment
from engine.core.log import EventLog
from engine.core.notices import Notice
from engine.core.seats import PlayerRef, check_players, left_of
from engine.core.seats import stacks as starting_stacks
from engine.nap import notices as nt
from engine.nap.bids import PASS, Contract, bid_name
from engine.nap.cards import RANK, SUIT, SUITS, Card, parse_card, sort_cards
from engine.nap.events import (
    Bid,
    Deal,
    DeclareTrumps,
    Event,
    NewHand,
    Peek,
    Play,
    Purchase,
    Settle,
    TakeFloater,
    TakeWidow,
    TricksWon,
)
from engine.nap.rules import get_rules
from engine.nap.rules.base import POOL, NapRules
from engine.nap.settlement import settle_hand
from engine.nap.state import BIDDING, DEALING, IDLE, OVER, PLAYING, PREPARING, SETTLED, HandResult, State
from engine.nap.tricks import Revoke, Trick, legal_cards, trick_winner

@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything a game starts from; with the event log it determines the whole game."""

    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    chips: tuple[int, ...] = ()
    pool: int = 0
    live: bool = False


class Game(EventLog[State]):
    """A game of Nap: hand after hand, each dealt, bid, played and settled."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        options: Mapping[str, Any] | None = None,
        rules: NapRules | None = None,
        chips: int | Sequence[int] | Mapping[str, int] = 100,
        pool: int = 0,
        live: bool = False,
    ) -> None:
        super().__init__(live=live)
        names = check_players(players)
        self.rules: NapRules = rules if rules is not None else get_rules(options)
        self.rules.check_players(len(names))
        stacks = starting_stacks(names, chips)
        self.setup = GameSetup(names, self.rules.option_values(), stacks, pool, live)
        self.state = self._fresh_state()

    def _fresh_state(self) -> State:
        return State(self.rules, self.setup.players, self.rules.ledger(self.setup.chips, self.setup.pool))

    def replay(self) -> "Game":
        """A new game folded from this one's setup and log."""
        game = Game(self.setup.players, rules=self.rules, chips=self.setup.chips, pool=self.setup.pool,
                    live=self.setup.live)
        for event in self.events:
            game.apply(event)
        return game

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    def seat(self, player: PlayerRef) -> int:
        return self.state.seat_of(player)

    # ---- commands -------------------------------------------------------------------------------

    def new_hand(self, dealer: PlayerRef | None = None,
                 hands: Sequence[Sequence[str] | None] | Mapping[str, Sequence[str]] | None = None, *,
                 floater: str | None = None, widow: Sequence[str] | None = None,
                 stock: Sequence[str] | None = None) -> list[Notice]:
        """Start a hand (:class:`NewHand`, its antes) and deal it (:class:`Deal`). ``dealer`` defaults
        to the next dealer (first hand: seat 0); unknown cards are ``None``."""
        st = self.state
        if dealer is None:
            seat = 0 if st.dealer is None else self.rules.next_dealer(st.dealer, st.n_players)
        else:
            seat = self.seat(dealer)
        if isinstance(hands, Mapping):
            by_name = hands
            hands = [by_name.get(p) for p in self.players]
        out = list(self.apply(NewHand(seat)))
        out += self.apply(Deal(
            None if hands is None else tuple(None if h is None else _cards(h) for h in hands),
            None if floater is None else parse_card(floater),
            None if widow is None else _cards(widow), None if stock is None else _cards(stock)))
        return out

    def purchase(self, player: PlayerRef, discard: Sequence[str] | int,
                 draw: Sequence[str] | None = None) -> Sequence[Notice]:
        if isinstance(discard, int):
            return self.apply(Purchase(self.seat(player), discard, None, None if draw is None else _cards(draw)))
        return self.apply(Purchase(self.seat(player), len(discard), _cards(discard),
                                   None if draw is None else _cards(draw)))

    def peek(self, player: PlayerRef) -> Sequence[Notice]:
        return self.apply(Peek(self.seat(player)))

    def take_widow(self, player: PlayerRef, discard: Sequence[str] | None = None) -> Sequence[Notice]:
        return self.apply(TakeWidow(self.seat(player), None if discard is None else _cards(discard)))

    def bid(self, player: PlayerRef, bid: str, with_floater: bool = False) -> Sequence[Notice]:
        return self.apply(Bid(self.seat(player), bid, with_floater))

    def take_floater(self, discard: str | None = None) -> Sequence[Notice]:
        return self.apply(TakeFloater(None if discard is None else parse_card(discard)))

    def declare(self, suit: str) -> Sequence[Notice]:
        return self.apply(DeclareTrumps(suit.strip().upper()))

    def play(self, player: PlayerRef, card: str) -> Sequence[Notice]:
        return self.apply(Play(self.seat(player), parse_card(card)))

    def tricks_won(self, count: int) -> Sequence[Notice]:
        """A quick table: the bidder took ``count`` tricks (no cards entered)."""
        return self.apply(TricksWon(count))

    def settle(self) -> HandResult:
        self.apply(Settle())
        return self.state.results[-1]

    @property
    def result(self) -> HandResult | None:
        return self.state.results[-1] if self.state.results else None

    # ---- questions ------------------------------------------------------------------------------

    def whose_turn(self) -> str:
        """Who may act now, in words."""
        st = self.state
        if st.phase == BIDDING:
            return f"{st.players[st.to_bid]} is to bid"  # type: ignore[index]
        if st.phase == PREPARING:
            name = st.players[st.bidder]  # type: ignore[index]
            if st.contract is not None and st.contract.with_floater and not st.floater_taken:
                return f"{name} is to take the floater and discard"
            return f"{name} is to declare trumps"
        if st.phase == PLAYING:
            name = st.players[st.to_move]  # type: ignore[index]
            return f"{name} is to lead" if not st.current else f"{name} is to play"
        return self._phase_text()

    def _phase_text(self) -> str:
        st = self.state
        if st.phase == OVER:
            return "the hand was passed out" if st.bidder is None else "the hand is over"
        return {IDLE: "no hand has started", DEALING: "the cards are not dealt yet",
                SETTLED: "the hand is settled"}.get(st.phase, st.phase)

    def legal_plays(self, player: PlayerRef | None = None) -> list[Card]:
        """The cards ``player`` (default: whoever is to move) may play without breaking a rule, in deck
        order; empty when their hand is unknown or it is not their turn."""
        st = self.state
        seat = st.to_move if player is None else self.seat(player)
        if st.phase != PLAYING or seat != st.to_move or seat is None or st.hands[seat] is None:
            return []
        hand = st.hands[seat]
        cards = legal_cards(hand, st.led)  # type: ignore[arg-type]
        if not st.tricks and not st.current and st.contract is not None:
            held = sort_cards(hand)  # type: ignore[arg-type]
            cards = [c for c in cards if self.rules.first_lead_problem(
                st.contract, held, self._trumps_for(c), c) is None]
        return sort_cards(cards)

    def legal_bids(self) -> list[Contract]:
        """The bids the player to bid may make now (besides passing)."""
        st = self.state
        if st.phase != BIDDING:
            return []
        bids = self.rules.ladder.above(st.high)
        if st.widow_taker is not None and st.widow_taker == st.to_bid:
            bids = tuple(b for b in bids if self.rules.widow_problem(b) is None)
        return list(bids)

    def _trumps_for(self, lead: Card) -> str | None:
        st = self.state
        if self.rules.declares_trumps:
            return st.trumps
        return self.rules.trumps_at_lead(st.contract, lead)  # type: ignore[arg-type]

    # ---- fold helpers ---------------------------------------------------------------------------

    def _holder(self, card: Card) -> str:
        for seat, hand in enumerate(self.state.hands):
            if hand is not None and card in hand:
                return f" ({self.state.players[seat]} does)"
        return ""

    def _pay(self, request: Payment | None) -> None:
        if request is not None and request.amount > 0:
            self.state.payments.append(self.state.ledger.pay(request))

    def _check_can_pay(self, seat: int, amount: int, what: str, index: int) -> None:
        """Buying and looking must be paid for (unless stacks may go below zero): strict refuses what a
        player cannot pay; live play goes on and the payment is cut to what they hold."""
        st = self.state
        if not st.ledger.can_pay(seat, amount):
            have = st.ledger.chips[seat]
            self._violation(nt.CANNOT_PAY, f"{st.players[seat]} cannot pay {amount} for {what} (has {have})",
                            index, seat)

    def _not_now(self, what: str, index: int, seat: int | None = None) -> None:
        self._violation(nt.NOT_NOW, f"{what} but {self.whose_turn()}", index, seat)

    # ---- the fold: set-up -----------------------------------------------------------------------

    def _on_new_hand(self, ev: NewHand, index: int) -> None:
        st = self.state
        if st.phase not in (IDLE, SETTLED):
            raise IllegalAction(f"a hand is in progress ({st.phase}); settle it first", kind="hand_in_progress",
                                index=index)
        dealer = self._check_seat(ev.dealer, index)
        st.reset_hand()
        st.dealer = dealer
        st.phase = DEALING
        for seat, units in self.rules.antes(st.n_players, dealer, st.pool):
            self._pay(Payment.request("ante", seat, POOL, units))

    def _on_deal(self, ev: Deal, index: int) -> None:
        st = self.state
        rules = self.rules
        n = st.n_players
        if st.phase != DEALING:
            raise IllegalAction(f"cards are dealt but {self._phase_text()}", kind="not_dealing", index=index)
        deck = rules.deck(n)
        pack = frozenset(deck)
        groups: list[tuple[str, tuple[Card, ...]]] = []
        if ev.hands is not None:
            if len(ev.hands) != n:
                raise IllegalAction(f"{len(ev.hands)} hands dealt to {n} players", kind="malformed", index=index)
            for seat, hand in enumerate(ev.hands):
                if hand is None:
                    continue
                if len(hand) != rules.hand_size:
                    raise IllegalAction(f"{st.players[seat]} is dealt {len(hand)} cards; each player gets "
                                        f"{rules.hand_size}", kind="hand_size", index=index)
                groups.append((f"{st.players[seat]}'s hand", hand))
        for what, cards, size in (("floater", None if ev.floater is None else (ev.floater,), rules.floater_cards),
                                  ("widow", ev.widow, rules.widow_cards)):
            if cards is None:
                continue
            if not size:
                raise IllegalAction(f"{rules.title} has no {what}", kind="malformed", index=index)
            if len(cards) != size:
                raise IllegalAction(f"the {what} has {len(cards)} cards, not {size}", kind="hand_size", index=index)
            groups.append((f"the {what}", cards))
        if ev.stock is not None:
            groups.append(("the stock", ev.stock))
        seen: dict[Card, str] = {}
        for where, cards in groups:
            for card in cards:
                if card not in RANK:
                    raise IllegalAction(f"unknown card {card!r} in {where}", kind="malformed", index=index)
                if card not in pack:
                    raise IllegalAction(f"{card} in {where} is not in the pack: {n} players play with "
                                        f"{len(deck)} cards ({self.rules.options.deck})", kind="not_in_pack",
                                        index=index)
                if card in seen:
                    raise IllegalAction(f"{card} is dealt twice ({seen[card]} and {where})", kind="duplicate_card",
                                        index=index)
                seen[card] = where
        dealt = rules.cards_dealt(n)
        if ev.stock is not None and len(ev.stock) != len(deck) - dealt:
            raise IllegalAction(f"the stock has {len(ev.stock)} cards; {len(deck)} - {dealt} dealt leaves "
                                f"{len(deck) - dealt}", kind="hand_size", index=index)
        st.deck = pack
        st.hands = [None] * n if ev.hands is None else [None if h is None else set(h) for h in ev.hands]
        st.counts = [rules.hand_size] * n
        st.floater = ev.floater
        st.widow = ev.widow
        st.stock = None if ev.stock is None else list(ev.stock)
        st.stock_left = len(deck) - dealt
        st.used = set(seen) - set(ev.stock or ())
        st.phase = BIDDING
        st.to_bid = rules.first_bidder(st.dealer, n)  # type: ignore[arg-type]

    # ---- the fold: before and during the bidding ------------------------------------------------

    def _on_purchase(self, ev: Purchase, index: int) -> None:
        st = self.state
        rules = self.rules
        seat = self._check_seat(ev.seat, index)
        name = st.players[seat]
        if rules.purchase_price(1) is None:
            raise IllegalAction(f"{rules.title} has no buying of cards", kind="malformed", index=index)
        if st.phase != BIDDING or st.bids or st.peeked or st.widow_taker is not None:
            self._violation(nt.NOT_NOW, f"{name} buys cards but purchases come before the first bid", index, seat)
            return
        position = (seat - rules.first_bidder(st.dealer, st.n_players)) % st.n_players  # type: ignore[arg-type]
        if position < st.purchase_pos:
            self._violation(nt.OUT_OF_TURN, f"{name} buys out of turn: purchases go round once from the "
                            "dealer's left", index, seat)
            if any(s == seat for s, _ in st.discards):
                return   # live: a second purchase by the same player is ignored
        count = ev.count
        if type(count) is not int or not 1 <= count <= rules.hand_size:
            raise IllegalAction(f"{name} must exchange 1 to {rules.hand_size} cards, not {count!r}",
                                kind="malformed", index=index)
        for what, cards in (("discards", ev.discard), ("draws", ev.draw)):
            if cards is not None and len(cards) != count:
                raise IllegalAction(f"{name} {what} {len(cards)} cards in a purchase of {count}", kind="malformed",
                                    index=index)
        if count > st.stock_left:
            raise IllegalAction(f"{name} wants {count} cards but the stock has {st.stock_left}", kind="stock",
                                index=index)
        hand = st.hands[seat]
        if ev.discard is not None:
            if len(set(ev.discard)) != count:
                raise IllegalAction(f"{name} discards a card twice", kind="malformed", index=index)
            for card in ev.discard:
                self._check_card(card, index)
                if hand is not None and card not in hand:
                    raise IllegalAction(f"{name} discards {card} but does not hold it{self._holder(card)}",
                                        kind="not_in_hand", index=index)
        if ev.draw is not None:
            for card in ev.draw:
                self._check_card(card, index)
                if card not in st.deck or card in st.used or (ev.discard and card in ev.discard):
                    raise IllegalAction(f"{name} draws {card}, which is not in the stock{self._holder(card)}",
                                        kind="not_in_stock", index=index)
            if st.stock is not None and list(ev.draw) != st.stock[:count]:
                raise IllegalAction(f"{name} must draw the top of the stock, {' '.join(st.stock[:count])}, not "
                                    f"{' '.join(ev.draw)}", kind="not_in_stock", index=index)
        price = rules.purchase_price(count) or 0
        self._check_can_pay(seat, price, f"{count} card{'s' if count > 1 else ''}", index)
        # accepted
        self._pay(Payment.request("purchase", seat, POOL, price))
        if hand is not None and ev.discard is not None and ev.draw is not None:
            hand.difference_update(ev.discard)
            hand.update(ev.draw)
        else:
            st.hands[seat] = None
        if st.stock is not None:
            del st.stock[:count]
        st.stock_left -= count
        st.used.update(ev.discard or ())
        st.used.update(ev.draw or ())
        st.discards.append((seat, ev.discard))
        st.purchase_pos = max(st.purchase_pos, position + 1)

    def _on_peek(self, ev: Peek, index: int) -> None:
        st = self.state
        seat = self._check_seat(ev.seat, index)
        name = st.players[seat]
        cost = self.rules.peek_cost()
        if cost is None:
            raise IllegalAction(f"{self.rules.title} has no floater to look at", kind="malformed", index=index)
        if st.phase != BIDDING:
            self._not_now(f"{name} looks at the floater", index, seat)
            return
        if seat in st.peeked:
            self._violation(nt.ALREADY_DONE, f"{name} has already looked at the floater", index, seat)
            return
        if seat != st.to_bid:
            self._violation(nt.OUT_OF_TURN, f"{name} looks at the floater out of turn: {self.whose_turn()}",
                            index, seat)
        self._check_can_pay(seat, cost, "a look at the floater", index)
        self._pay(Payment.request("peek", seat, POOL, cost))
        st.peeked.add(seat)

    def _on_take_widow(self, ev: TakeWidow, index: int) -> None:
        st = self.state
        rules = self.rules
        seat = self._check_seat(ev.seat, index)
        name = st.players[seat]
        if not rules.widow_cards:
            raise IllegalAction(f"{rules.title} has no widow", kind="malformed", index=index)
        if st.phase != BIDDING:
            self._not_now(f"{name} takes the widow", index, seat)
            return
        if st.widow_taker is not None:
            self._violation(nt.ALREADY_DONE, f"{name} takes the widow but {st.players[st.widow_taker]} has it",
                            index, seat)
            return
        if seat != st.to_bid:
            self._violation(nt.OUT_OF_TURN, f"{name} takes the widow out of turn: {self.whose_turn()}", index, seat)
            if st.spoken[seat]:
                return
        if not any(rules.widow_problem(b) is None for b in rules.ladder.above(st.high)):
            self._violation(nt.ILLEGAL_BID, f"{name} cannot take the widow: no bid it allows beats {st.high}",
                            index, seat)
            return
        hand = st.hands[seat]
        pool = None if hand is None or st.widow is None else hand | set(st.widow)
        if ev.discard is not None:
            if len(ev.discard) != rules.widow_cards or len(set(ev.discard)) != len(ev.discard):
                raise IllegalAction(f"{name} must discard {rules.widow_cards} different cards after taking the "
                                    f"widow, not {len(ev.discard)}", kind="malformed", index=index)
            for card in ev.discard:
                self._check_card(card, index)
                if pool is not None and card not in pool:
                    raise IllegalAction(f"{name} discards {card}, which is neither in their hand nor in the widow"
                                        f"{self._holder(card)}", kind="not_in_hand", index=index)
        st.widow_taker = seat
        st.hands[seat] = None if pool is None or ev.discard is None else pool - set(ev.discard)
        st.discards.append((seat, ev.discard))
        st.used.update(ev.discard or ())

    def _on_bid(self, ev: Bid, index: int) -> None:
        st = self.state
        rules = self.rules
        seat = self._check_seat(ev.seat, index)
        name = st.players[seat]
        if st.phase in (IDLE, DEALING, SETTLED):
            self._not_now(f"{name} bids", index, seat)
            return
        if st.spoken[seat]:
            self._violation(nt.ALREADY_BID, f"{name} has already bid: everyone speaks once", index, seat)
            return
        if st.phase != BIDDING:
            self._violation(nt.NOT_NOW, f"{name} bids but the bidding is over: {self.whose_turn()}", index, seat)
            return
        if not isinstance(ev.bid, str):
            raise IllegalAction(f"a bid is a word like 'nap' or 'pass', not {ev.bid!r}", kind="malformed",
                                index=index)
        word = bid_name(ev.bid)
        if ev.with_floater and not rules.ladder.floater:
            raise IllegalAction(f"{name} bids with the floater but {rules.title} has none", kind="malformed",
                                index=index)
        contract: Contract | None = None
        if word == PASS:
            if ev.with_floater:
                raise IllegalAction(f"{name} passes 'with the floater'", kind="malformed", index=index)
            if st.widow_taker == seat:
                self._violation(nt.ILLEGAL_BID, f"{name} took the widow and must bid, not pass", index, seat)
                return
        else:
            contract = Contract(word, bool(ev.with_floater))
            if rules.ladder.position(contract) is None:
                raise IllegalAction(rules.unavailable_bid(word), kind="unknown_bid", index=index)
            problem = rules.ladder.problem(contract, st.high)
            if problem is None and st.widow_taker == seat:
                problem = rules.widow_problem(contract)
            if problem is not None:
                self._violation(nt.ILLEGAL_BID, f"{name} bids {contract}: {problem}", index, seat)
                return
        if seat != st.to_bid:
            self._violation(nt.OUT_OF_TURN, f"{name} bids out of turn: {self.whose_turn()}", index, seat)
        # accepted
        st.spoken[seat] = True
        st.bids.append((seat, contract))
        if contract is not None:
            st.high, st.high_seat = contract, seat
        # the first player from the dealer's left who has not spoken (the next one, unless a bid came
        # out of turn in live play)
        nxt = rules.first_bidder(st.dealer, st.n_players)  # type: ignore[arg-type]
        for _ in range(st.n_players):
            if not st.spoken[nxt]:
                st.to_bid = nxt
                return
            nxt = left_of(nxt, st.n_players)
        self._close_bidding()

    def _close_bidding(self) -> None:
        st = self.state
        st.to_bid = None
        if st.high is None:
            st.phase = OVER   # "if everyone passes there is no game" [Nap]
            return
        st.bidder, st.contract = st.high_seat, st.high
        st.phase = PREPARING
        self._maybe_start_play()

    def _maybe_start_play(self) -> None:
        st = self.state
        if st.contract is not None and st.contract.with_floater and not st.floater_taken:
            return
        if self.rules.declares_trumps and not st.trumps_declared:
            return
        st.phase = PLAYING
        st.leader = st.to_move = st.bidder   # "the highest bidder leads" [Nap]

    # ---- the fold: floater ----------------------------------------------------------------------

    def _on_take_floater(self, ev: TakeFloater, index: int) -> None:
        st = self.state
        if st.phase != PREPARING or st.contract is None:
            self._not_now("the floater is taken", index)
            return
        bidder = st.bidder
        name = st.players[bidder]  # type: ignore[index]
        if not st.contract.with_floater:
            raise IllegalAction(f"{name} bid {st.contract} without the floater and may not take it",
                                kind="floater", index=index)
        if st.floater_taken:
            self._violation(nt.ALREADY_DONE, f"{name} has already taken the floater", index, bidder)
            return
        hand = st.hands[bidder]  # type: ignore[index]
        pool = None if hand is None or st.floater is None else hand | {st.floater}
        if ev.discard is not None:
            self._check_card(ev.discard, index)
            if pool is not None and ev.discard not in pool:
                raise IllegalAction(f"{name} discards {ev.discard}, which is neither in their hand nor the floater"
                                    f"{self._holder(ev.discard)}", kind="not_in_hand", index=index)
        st.floater_taken = True
        st.hands[bidder] = None if pool is None or ev.discard is None else pool - {ev.discard}  # type: ignore[index]
        st.discards.append((bidder, None if ev.discard is None else (ev.discard,)))  # type: ignore[arg-type]
        self._maybe_start_play()

    def _on_declare(self, ev: DeclareTrumps, index: int) -> None:
        st = self.state
        rules = self.rules
        if not rules.declares_trumps:
            raise IllegalAction(f"trumps are not declared in {rules.title}: the first card led makes them",
                                kind="malformed", index=index)
        if st.phase != PREPARING or st.contract is None:
            self._not_now("trumps are declared", index)
            return
        if ev.suit not in SUITS:
            raise IllegalAction(f"trumps must be a suit (S, H, D, C), not {ev.suit!r}", kind="malformed",
                                index=index)
        name = st.players[st.bidder]  # type: ignore[index]
        if st.contract.with_floater and not st.floater_taken:
            raise IllegalAction(f"{name} must take the floater and discard before declaring trumps",
                                kind="floater", index=index)
        hand = st.hands[st.bidder]  # type: ignore[index]
        problem = rules.declaration_problem(st.contract, None if hand is None else sort_cards(hand), ev.suit)
        if problem is not None:
            self._violation(nt.LEAD_RULE, f"{name} cannot declare {SUIT_NAMES[ev.suit]}: {problem}", index,
                            st.bidder)
        st.trumps = ev.suit
        st.trumps_declared = True
        self._maybe_start_play()

    # ---- the fold: tricks -----------------------------------------------------------------------

    def _on_play(self, ev: Play, index: int) -> None:
        st = self.state
        seat = ev.seat
        card = ev.card
        if type(seat) is not int or not 0 <= seat < st.n_players:
            self._check_seat(seat, index)
        if card not in RANK:
            self._check_card(card, index)
        # the usual case — in play, a new card of the pack, the player's turn, held — costs four tests
        if st.phase != PLAYING or card in st.played or card not in st.deck or st.trick_mask >> seat & 1:
            self._play_ignored(seat, card, index)
            return
        current = st.current
        out_of_turn = seat != st.to_move
        hand = st.hands[seat]
        if out_of_turn or (hand is not None and card not in hand):
            hand = self._play_irregular(seat, card, index, out_of_turn)
        first_lead = not st.tricks and not current
        trumps = st.trumps
        # "the suit led is trumps": the bidder's first card (a card seen before it, out of turn in live
        # play, leads the trick but does not make trumps)
        bidder_first = not st.tricks and seat == st.bidder and not self.rules.declares_trumps
        if bidder_first:
            trumps = self.rules.trumps_at_lead(st.contract, card)  # type: ignore[arg-type]
        if first_lead and seat == st.bidder:
            held = None if hand is None else sort_cards(hand)
            problem = self.rules.first_lead_problem(st.contract, held, trumps, card)  # type: ignore[arg-type]
            if problem is not None:
                self._violation(nt.LEAD_RULE, f"{st.players[seat]} leads {card}: {problem}", index, seat, card)
        # ---- the play is accepted
        trick_no = len(st.tricks)
        if out_of_turn:
            st.out_of_turn.append((seat, trick_no, card, index))
            self._pay(self.rules.out_of_turn_payment(seat, card))
        suit = SUIT[card]
        led = st.led
        if bidder_first:
            st.trumps = trumps
        if led is None:
            st.led = led = suit
        elif suit != led:
            if hand is not None:
                for held in hand:
                    if SUIT[held] == led:
                        self._revoke(Revoke(seat, trick_no, card, led, index, True))
                        break
            else:
                st.showouts.setdefault((seat, led), []).append((trick_no, card, index))
        if st.showouts or st.unproven:
            self._prove(seat, suit, trick_no, card, index)
        if hand is not None:
            hand.discard(card)
        st.counts[seat] -= 1
        st.played[card] = seat
        current.append((seat, card))
        mask = st.trick_mask = st.trick_mask | 1 << seat
        n = st.n_players
        if len(current) < n:
            # the first seat clockwise from the leader that has not played (the next one, unless a
            # card came out of turn in live play)
            nxt = st.leader if out_of_turn else seat
            while mask >> nxt & 1:  # type: ignore[operator]
                nxt = nxt + 1 if nxt + 1 < n else 0  # type: ignore[operator]
            st.to_move = nxt
            return
        self._close_trick()

    def _play_ignored(self, seat: int, card: Card, index: int) -> None:
        """A play that cannot join the trick: refused in strict mode, noted and ignored in live play."""
        st = self.state
        name = st.players[seat]
        if st.phase != PLAYING:
            self._play_not_now(name, card, index, seat)
        elif card in st.played:
            self._violation(nt.SEEN_TWICE, f"{name} plays {card}, which {st.players[st.played[card]]} already "
                            "played", index, seat, card)
        elif card not in st.deck:
            self._violation(nt.NOT_IN_PACK, f"{name} plays {card}, which is not in the pack", index, seat, card)
        else:
            self._violation(nt.ALREADY_PLAYED, f"{name} has already played to this trick", index, seat, card)

    def _play_irregular(self, seat: int, card: Card, index: int, out_of_turn: bool) -> set[Card] | None:
        """A play out of turn, or of a card the player's known hand lacks: refused in strict mode; in
        live play noted and followed. Returns the player's hand as now known."""
        st = self.state
        name = st.players[seat]
        if out_of_turn:
            self._violation(nt.OUT_OF_TURN, f"{name} plays {card} out of turn: {self.whose_turn()}", index, seat,
                            card)
        hand = st.hands[seat]
        if hand is not None and card not in hand:
            self._violation(nt.NOT_IN_HAND, f"{name} does not hold {card}{self._holder(card)}", index, seat, card)
            st.hands[seat] = hand = None   # live: what we thought we knew of this hand was wrong
        return hand

    def _play_not_now(self, name: str, card: Card, index: int, seat: int) -> None:
        st = self.state
        if st.phase == PREPARING:
            self._violation(nt.NOT_NOW, f"{name} plays {card} before the bidder is ready: {self.whose_turn()}",
                            index, seat, card)
        elif st.phase == OVER and st.bidder is not None:
            done = len(st.tricks)
            why = ("the bidder's tricks were entered" if st.claimed is not None
                   else "every trick is played" if done == self.rules.hand_size
                   else f"its result was decided at trick {done}")
            self._violation(nt.NOT_NOW, f"{name} plays {card} but the hand is over: {why}", index, seat, card)
        else:
            self._not_now(f"{name} plays {card}", index, seat)

    def _close_trick(self) -> None:
        st = self.state
        plays = tuple(st.current)
        winner = plays[trick_winner([c for _, c in plays], st.trumps)][0]
        st.tricks.append(Trick(len(st.tricks), st.leader, plays, winner))  # type: ignore[arg-type]
        st.tricks_won[winner] += 1
        st.current = []
        st.trick_mask = 0
        st.led = None
        st.leader = st.to_move = winner   # "who took a trick leads to the next" [Nap]
        played = len(st.tricks)
        rules = self.rules
        if played == rules.hand_size or (not rules.options.play_out and rules.decided(
                st.contract, st.tricks_won[st.bidder], played) is not None):  # type: ignore[arg-type,index]
            st.phase = OVER
            st.to_move = None

    def _revoke(self, revoke: Revoke) -> None:
        """Record a revoke established now (known hand), wait for its proof, pay its penalty."""
        st = self.state
        st.unproven.setdefault((revoke.seat, revoke.led), []).append(len(st.revokes))
        st.revokes.append(revoke)
        self._notice(nt.REVOKE, f"{st.players[revoke.seat]} revokes: plays {revoke.card} to a "
                     f"{SUIT_NAMES[revoke.led]} lead while holding {SUIT_NAMES[revoke.led]} "
                     f"(trick {revoke.trick + 1})", revoke.index, revoke.seat, revoke.card)
        self._pay(self.rules.revoke_payment(revoke.seat, revoke.card))

    def _prove(self, seat: int, suit: str, trick_no: int, card: Card, index: int) -> None:
        """``seat`` plays ``card`` of ``suit``: every earlier failure to follow ``suit`` was a revoke."""
        st = self.state
        key = (seat, suit)
        for position in st.unproven.pop(key, ()):
            st.revokes[position] = replace(st.revokes[position], proven_trick=trick_no, proven_card=card,
                                           proven_index=index)
        for shown_trick, shown_card, shown_index in st.showouts.pop(key, ()):
            st.revokes.append(Revoke(seat, shown_trick, shown_card, suit, shown_index, False, trick_no, card, index))
            self._notice(nt.REVOKE, f"{st.players[seat]} revoked at trick {shown_trick + 1}: played {shown_card} to "
                         f"a {SUIT_NAMES[suit]} lead, and now plays {card}", index, seat, shown_card)
            self._pay(self.rules.revoke_payment(seat, shown_card))

    def _on_tricks_won(self, ev: TricksWon, index: int) -> None:
        st = self.state
        if st.phase != PLAYING or st.tricks or st.current:
            raise IllegalAction("the bidder's tricks are entered instead of the cards: after the bidding, before "
                                f"any card is played ({self.whose_turn()})", kind=nt.NOT_NOW, index=index)
        size = self.rules.hand_size
        if type(ev.count) is not int or not 0 <= ev.count <= size:
            raise IllegalAction(f"the bidder takes 0 to {size} tricks, not {ev.count!r}", kind="malformed",
                                index=index)
        st.tricks_won[st.bidder] = ev.count  # type: ignore[index]
        st.claimed = ev.count
        st.phase = OVER
        st.to_move = None

    # ---- the fold: settlement -------------------------------------------------------------------

    def _on_settle(self, ev: Settle, index: int) -> None:
        st = self.state
        rules = self.rules
        if st.phase != OVER:
            raise IllegalAction(self._unfinished(), kind="not_finished", index=index)
        n = st.n_players
        outcome = None
        if st.bidder is not None:
            outcome = settle_hand(rules, st)
        st.hands_played += 1
        st.phase = SETTLED
        made = None if outcome is None else outcome.made
        st.shuffle_next = rules.shuffles_after(st.contract, made)
        st.results.append(HandResult(
            number=st.hands_played, dealer=st.dealer, shuffled=st.shuffled,  # type: ignore[arg-type]
            bidder=st.bidder, contract=st.contract, trumps=st.trumps, tricks=tuple(st.tricks),
            tricks_won=tuple(st.tricks_won), made=made, by_tricks=None if outcome is None else outcome.by_tricks,
            forfeit=None if outcome is None else outcome.forfeit,
            revokes=tuple(r for r in st.revokes if r.established), payments=tuple(st.payments),
            chips=tuple(st.ledger.chips), pool=st.pool,
            next_dealer=rules.next_dealer(st.dealer, n),  # type: ignore[arg-type]
            shuffle_next=st.shuffle_next))
        st.ledger.check()

    def _unfinished(self) -> str:
        st = self.state
        if st.phase == PLAYING:
            return (f"the hand is not finished: {len(st.tricks)} of {self.rules.hand_size} tricks played"
                    + (f", trick {len(st.tricks) + 1} has {len(st.current)} of {st.n_players} cards"
                       if st.current else ""))
        if st.phase == BIDDING:
            return f"the bidding is not over: {self.whose_turn()}"
        if st.phase == PREPARING:
            return f"the play has not started: {self.whose_turn()}"
        return f"nothing to settle: {self._phase_text()}"


def _cards(cards: Iterable[str]) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in cards)


Game.HANDLERS = {
    **EventLog.HANDLERS, NewHand: Game._on_new_hand, Deal: Game._on_deal, Purchase: Game._on_purchase,
    Peek: Game._on_peek, TakeWidow: Game._on_take_widow, Bid: Game._on_bid, TakeFloater: Game._on_take_floater,
    DeclareTrumps: Game._on_declare, Play: Game._on_play, TricksWon: Game._on_tricks_won,
    Settle: Game._on_settle,
}

__all__ = ["Event", "Game", "GameSetup"]
