"""The rule-set interface: every rule the engine consults is a method (a *hook*) of :class:`RuleSet`.

The engine (:mod:`engine.nain_jaune.game`) owns the turn structure that every Nain Jaune variant shares —
somebody leads, a run is built card by card, a player may continue or stop, the others continue
or pass in turn, somebody goes out, the deal is settled — and asks the rule set everything else:

========================  ==================================================================
set-up                    :meth:`~RuleSet.check_players`, :meth:`~RuleSet.deal_sizes`,
                          :meth:`~RuleSet.ante`, :meth:`~RuleSet.first_leader`,
                          :meth:`~RuleSet.next_seat`, :meth:`~RuleSet.next_dealer`,
                          :meth:`~RuleSet.game_over`
runs                      :meth:`~RuleSet.wanted`, :meth:`~RuleSet.after_wild`, :meth:`~RuleSet.matches`,
                          :meth:`~RuleSet.follows`, :meth:`~RuleSet.is_wild`,
                          :meth:`~RuleSet.may_lead`, :meth:`~RuleSet.ends_sequence`,
                          :meth:`~RuleSet.on_stuck`, :meth:`~RuleSet.stuck`
announcements (calls)     :meth:`~RuleSet.box_for`, :meth:`~RuleSet.callable`,
                          :meth:`~RuleSet.on_call`
end of the deal           :meth:`~RuleSet.opera`, :meth:`~RuleSet.hand_payment`,
                          :meth:`~RuleSet.card_payments`, :meth:`~RuleSet.opera_payments`,
                          :meth:`~RuleSet.bete_cards`, :meth:`~RuleSet.bete`
========================  ==================================================================

Hooks that need to look at the game get the live :class:`engine.nain_jaune.state.State` (read it, never
write it). Hooks that move chips return :class:`engine.core.ledger.Payment` *requests*; the engine
applies them in order and cuts each one to what the payer holds.

The defaults here are the modern (Lindor, 1789/1792) behaviour, so a rule set overrides only what
differs. Options are a frozen dataclass (:class:`BaseOptions` or a subclass) whose fields carry
their documentation; :meth:`BaseOptions.from_mapping` validates a user's JSON against it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Mapping, NamedTuple, Sequence

from engine.core.errors import RulesError
from engine.core.ledger import Payment
from engine.core.options import Options as OptionsBase
from engine.core.options import Words, option
from engine.nain_jaune.cards import BOXES, DECK, HONOURS, KING, POINTS, RANK, SUIT, Card, rank_name

if TYPE_CHECKING:
    from engine.nain_jaune.state import State

STAKES: tuple[int, ...] = (1, 2, 3, 4, 5)
"""Chips per box in an ante, in :data:`engine.nain_jaune.cards.BOXES` order (10♦ 1, J♣ 2, Q♠ 3, K♥ 4, 7♦ 5)."""

CallWindow = Literal["play", "next_action", "next_card", "turn", "deal"]


class Wanted(NamedTuple):
    """The card that continues the current run: a rank, and a suit when suits matter (1760)."""

    rank: int
    suit: str | None = None

    def __str__(self) -> str:
        return rank_name(self.rank) + (self.suit or "")


class RuleTables(NamedTuple):
    """State-free hook answers per card (see :meth:`RuleSet.tables`)."""

    ends: frozenset[Card]                  # ends_sequence(card)
    wild: frozenset[Card]                  # is_wild(card)
    leadable: frozenset[Card]              # may_lead(card)
    wanted: Mapping[Card, Wanted | None]   # wanted(card)
    callable_cards: frozenset[Card]
    boxes: Mapping[Card, Card]             # box_for(card), cards with a box only


@dataclass(frozen=True)
class BaseOptions(OptionsBase):
    """Options every rule set has. Subclasses add theirs (and may change these defaults)."""

    call_window: CallWindow = option(
        "next_card",
        "How long after an honour (hoc) is played its announcement — or the sweep of its box — may come: "
        "'play' with the card itself; 'next_action' before anyone's next play or pass; 'next_card' before the "
        "next card lands on the pile; 'turn' before another player acts; 'deal' any time before settlement. "
        "Later, the call is missed and the stake stays.",
        label="Time allowed to announce an honour",
        fr=Words("Délai pour annoncer une carte qui prend",
                 "Après avoir posé une carte qui prend (10♦, V♣, D♠, R♥, 7♦), combien de temps on a pour dire "
                 "« … qui prend ! » et ramasser sa case. Passé ce délai, l'annonce est oubliée et les jetons "
                 "restent dans la case.",
                 {"play": "en posant la carte", "next_action": "avant le coup suivant",
                  "next_card": "avant la carte suivante", "turn": "avant qu'un autre joueur joue",
                  "deal": "jusqu'à la fin de la donne"}),
        en=Words("Time allowed to announce an honour",
                 "After laying a card that takes (10♦, J♣, Q♠, K♥, 7♦), how long one has to say \"… takes!\" "
                 "and pick up its box. Later, the call is forgotten and the chips stay in the box.",
                 {"play": "while laying the card", "next_action": "before anyone's next move",
                  "next_card": "before the next card", "turn": "before another player plays",
                  "deal": "until the end of the deal"}),
    )
    stop_at_will: bool = option(
        True,
        "Whether the player who laid the last card may stop while holding the next rank ([EN] \"may keep on "
        "adding cards\"). False: one stops only when unable ([FR] \"la suite est interrompue pour absence de carte "
        "transitoire\", [DE] \"so viele Karten wie möglich\"), so in live mode a stop tells what that hand lacks.",
        label="Stop at will after one's own card",
        fr=Words("On peut s'arrêter quand on veut",
                 "Après avoir posé une carte, on peut s'arrêter même en ayant la suivante. Décochez si chez vous on "
                 "continue tant qu'on peut : la caméra saura alors qu'un joueur qui s'arrête n'a pas la suivante."),
        en=Words("Stopping at will",
                 "After laying a card, one may stop even while holding the next one. Untick if at your table one "
                 "goes on while able: the camera then knows that a player who stops lacks the next card."),
    )
    min_confidence: float = option(
        0.0,
        "Live mode: an observed play whose recogniser confidence is below this is applied but flagged "
        "with a 'low_confidence' notice.",
        minimum=0.0,
        maximum=1.0,
        label="Camera: flag cards read with a confidence below",
        fr=Words("Caméra : signaler les cartes lues avec une certitude sous",
                 "Entre 0 et 1. Une carte que la caméra lit avec moins de certitude est quand même jouée, mais "
                 "la page le signale pour qu'on vérifie. 0 : ne jamais signaler."),
        en=Words("Camera: flag cards read with a certainty below",
                 "Between 0 and 1. A card the camera reads with less certainty is still played, but the page "
                 "points it out so you can check it. 0: never."),
    )


class RuleSet:
    """A named rule set with its options. Subclass, set the class attributes, override hooks.

    Instances are immutable after construction and cheap to query: hooks on the hot path
    (:meth:`wanted`, :meth:`matches`, :meth:`ends_sequence`, :meth:`is_wild`, :meth:`box_for`)
    must stay O(1).
    """

    name: ClassVar[str] = "base"
    title: ClassVar[str] = "base rules"
    titles: ClassVar[Mapping[str, str]] = {}
    """Short names for a player's screen, by language ("fr", "en")."""
    Options: ClassVar[type[BaseOptions]] = BaseOptions
    player_counts: ClassVar[tuple[int, ...]] = (3, 4, 5, 6, 7, 8)
    deal_table: ClassVar[Mapping[int, tuple[int, int]]] = {
        3: (15, 7), 4: (12, 4), 5: (9, 7), 6: (8, 4), 7: (7, 3), 8: (6, 4),
    }
    """Cards per player and talon size by number of players (Lindor table)."""

    def __init__(self, options: BaseOptions | Mapping[str, Any] | None = None) -> None:
        self.options = self.Options.from_mapping(options)
        # card -> what continues a run after it (None: nothing, the run ends)
        self._wanted: dict[Card, Wanted | None] = {c: self._compute_wanted(c) for c in DECK}
        self._boxes: dict[Card, Card] = {c: c for c in BOXES}
        self._playable: dict[Wanted, tuple[Card, ...]] = {}
        self.playable_sets: dict[Wanted, frozenset[Card]] = {}
        """The cache behind :meth:`playable_set`; a hot loop reads it first:
        ``rules.playable_sets.get(wanted) or rules.playable_set(wanted)``."""
        self._next_seats: dict[int, tuple[int, ...]] = {}
        self._others: dict[tuple[int, int], tuple[int, ...]] = {}
        self._ante_totals: dict[tuple[int, int], tuple[int, ...]] = {}
        self._tables: RuleTables | None = None
        self._option_values: dict[str, Any] | None = None

    def tables(self) -> "RuleTables":
        """Per-card answers of the state-free hooks, computed once; the engine's fold reads these."""
        tables = self._tables
        if tables is None:
            tables = self._tables = RuleTables(
                ends=frozenset(c for c in DECK if self.ends_sequence(c)),
                wild=frozenset(c for c in DECK if self.is_wild(c)),
                leadable=frozenset(c for c in DECK if self.may_lead(c)),
                wanted={c: self.wanted(c) for c in DECK},
                callable_cards=frozenset(self.callable_cards),
                boxes={c: b for c in DECK if (b := self.box_for(c)) is not None},
            )
        return tables

    def option_values(self) -> dict[str, Any]:
        """The options as a plain dict (a copy; computed once)."""
        if self._option_values is None:
            self._option_values = self.options.to_dict()
        return dict(self._option_values)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"

    # ---- set-up ---------------------------------------------------------------------------------

    def check_players(self, n_players: int) -> None:
        """Raise :class:`RulesError` unless this many players may play."""
        if n_players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise RulesError(f"{self.name} is played by {counts} players, not {n_players}")

    def deal_sizes(self, n_players: int) -> tuple[int, int]:
        """``(cards per player, talon size)``."""
        self.check_players(n_players)
        return self.deal_table[n_players]

    def ante(self, n_players: int, dealer: int, seat: int) -> tuple[int, ...]:
        """Chips ``seat`` puts on each box (BOXES order) before the deal. Default: everybody 1,2,3,4,5."""
        return STAKES

    def first_leader(self, dealer: int, n_players: int) -> int:
        """Who leads the first run: the next player after the dealer in the direction of play."""
        return self.next_seat(dealer, n_players)

    def next_seat(self, seat: int, n_players: int) -> int:
        """The next player in the direction of play. Default clockwise (seats are listed clockwise)."""
        return seat + 1 if seat + 1 < n_players else 0

    def next_dealer(self, dealer: int, n_players: int) -> int:
        """The dealer of the next deal. Default: the player to the right of the last dealer."""
        return (dealer - 1) % n_players

    def next_seats(self, n_players: int) -> tuple[int, ...]:
        """:meth:`next_seat` of every seat, by seat; computed once per player count (every new game
        of a simulation asks for it)."""
        seats = self._next_seats.get(n_players)
        if seats is None:
            seats = self._next_seats[n_players] = tuple(self.next_seat(s, n_players) for s in range(n_players))
        return seats

    def others_in_turn(self, seat: int, n_players: int) -> tuple[int, ...]:
        """The other seats in the direction of play, starting after ``seat``: the order losers pay
        in. Derived from :meth:`next_seat` once per ``(seat, n_players)``: settlement walks it twice
        a deal."""
        key = (seat, n_players)
        order = self._others.get(key)
        if order is None:
            seats = []
            other = self.next_seat(seat, n_players)
            while other != seat:
                seats.append(other)
                other = self.next_seat(other, n_players)
            order = self._others[key] = tuple(seats)
        return order

    def ante_totals(self, n_players: int, dealer: int) -> tuple[int, ...]:
        """Chips each seat antes in a deal dealt by ``dealer`` (the sums of :meth:`ante`), computed
        once per ``(n_players, dealer)``: the end-of-game test runs after every deal."""
        key = (n_players, dealer)
        totals = self._ante_totals.get(key)
        if totals is None:
            totals = self._ante_totals[key] = tuple(sum(self.ante(n_players, dealer, s)) for s in range(n_players))
        return totals

    def game_over(self, state: State) -> bool:
        """Whether no further deal is played. Default: some player cannot pay their ante."""
        n = state.n_players
        dealer = self.next_dealer(state.dealer, n) if state.dealer is not None else 0
        for have, due in zip(state.ledger.chips, self.ante_totals(n, dealer)):
            if have < due:
                return True
        return False

    # ---- runs -----------------------------------------------------------------------------------

    def _compute_wanted(self, card: Card) -> Wanted | None:
        """Precomputed once per card: the next rank regardless of suit; nothing after a king."""
        rank = RANK[card]
        return None if rank >= KING else Wanted(rank + 1)

    def wanted(self, card: Card) -> Wanted | None:
        """What continues the run after ``card`` (``None``: the run is over, the player leads again)."""
        return self._wanted[card]

    def after_wild(self, wanted: Wanted | None, card: Card) -> Wanted | None:
        """What continues the run after the wild ``card`` was played when ``wanted`` was wanted
        (``None``: it was a lead). Asked only for wild cards that do not end the run; for every
        other card the engine uses :meth:`wanted`. Default: ``wanted(card)``."""
        return self._wanted[card]

    def matches(self, wanted: Wanted, card: Card) -> bool:
        """Whether ``card`` is the wanted card."""
        return RANK[card] == wanted.rank and (wanted.suit is None or SUIT[card] == wanted.suit)

    def follows(self, prev: Card, card: Card) -> bool:
        """Whether ``card`` continues a run that ended with ``prev``."""
        w = self._wanted[prev]
        return w is not None and self.matches(w, card)

    def playable(self, wanted: Wanted) -> tuple[Card, ...]:
        """Every card that may be played when ``wanted`` is wanted — those :meth:`matches` accepts, and
        the wild cards — in deck order. Cached; the engine and :meth:`State.legal_plays` use it on the
        hot path, so a subclass overrides :meth:`matches` / :meth:`is_wild`, not this."""
        cards = self._playable.get(wanted)
        if cards is None:
            cards = tuple(c for c in DECK if self.matches(wanted, c) or self.is_wild(c))
            self._playable[wanted] = cards
        return cards

    def playable_set(self, wanted: Wanted) -> frozenset[Card]:
        """:meth:`playable` as a set, for the membership tests of the fold and the simulator (cached)."""
        cards = self.playable_sets.get(wanted)
        if cards is None:
            cards = self.playable_sets[wanted] = frozenset(self.playable(wanted))
        return cards

    def is_wild(self, card: Card) -> bool:
        """A card that may be played whenever its holder may act, whatever is wanted (1760: the 7♦)."""
        return False

    def may_lead(self, card: Card) -> bool:
        """Whether ``card`` may start a run. Default: any card."""
        return True

    def ends_sequence(self, card: Card) -> bool:
        """Whether playing ``card`` ends the run, so its player leads again (a *hoc*). Default: kings
        (every card after which nothing is :meth:`wanted`)."""
        return self._wanted[card] is None

    def on_stuck(self, state: State, seat: int, wanted: Wanted) -> list[Payment]:
        """Payments when everybody after ``seat`` (the player of the last card) passed on ``wanted``,
        asked just before :meth:`stuck` (1760: the accidental hoc may be paid here). Default: none."""
        return []

    def passed_on(self, state: State, wanted: Wanted) -> frozenset[Card]:
        """The cards no hand holds once everybody passed on ``wanted``: every card it matches that is not on the
        pile, for the others pass only when unable ([EN] "or say 'pass' if unable", "the wanted card is in the
        talon"; [DE] "wenn dies nicht möglich ist") and so does the last card's player stop under `stop_at_will`
        false. Where one stops at will, that player may hold them: none."""
        if self.options.stop_at_will:
            return frozenset()
        return frozenset(c for c in self.playable(wanted) if self.matches(wanted, c) and c not in state.played_by)

    def stuck(self, state: State, wanted: Wanted) -> Wanted | None:
        """Everybody after the last player passed on ``wanted``. Return what the last player may now
        continue with, or ``None`` for "they lead a new run with any card" (the default)."""
        return None

    # ---- announcements --------------------------------------------------------------------------

    def box_for(self, card: Card) -> Card | None:
        """The board box ``card`` sweeps when announced, if any."""
        return self._boxes.get(card)

    callable_cards: ClassVar[frozenset[Card]] = HONOURS
    """Cards whose play may call for an announcement; :meth:`callable` is asked only for these."""

    def callable(self, state: State, seat: int, card: Card) -> bool:
        """Whether playing ``card`` (one of :attr:`callable_cards`) calls for an announcement, so that
        forgetting it is a *missed call*. Default: always."""
        return True

    def on_call(self, state: State, seat: int, card: Card) -> list[Payment]:
        """Payments when ``seat`` announces ``card`` in time. Default: sweep its box."""
        box = self.box_for(card)
        if box is None:
            return []
        return [Payment.request("sweep", box, seat, state.ledger.pots[box], box)]

    # ---- end of the deal ------------------------------------------------------------------------

    def opera(self, state: State, winner: int) -> bool:
        """Whether ``winner`` made an opéra. Default: they went out in their first turn."""
        return not state.first_turn_over[winner]

    def hand_payment(self, state: State, seat: int, hand: Sequence[Card], opera: bool) -> int:
        """What a loser holding ``hand`` owes the winner. Default: the card points."""
        return sum(POINTS[c] for c in hand)

    def card_payments(self, state: State, winner: int, opera: bool) -> list[Payment]:
        """Step 1 of settlement: every loser pays the winner (starting after the winner, in turn order)."""
        out = []
        hand_payment, hand_of = self.hand_payment, state.hand_of
        for seat in self.others_in_turn(winner, state.n_players):
            due = hand_payment(state, seat, hand_of(seat), opera)
            if due:
                out.append(Payment.request("cards", seat, winner, due))
        return out

    def opera_payments(self, state: State, winner: int) -> list[Payment]:
        """Step 2: what an opéra brings on top of the card payments. Default: the winner sweeps every box."""
        board = state.ledger.pots
        return [Payment.request("opera", box, winner, board[box], box) for box in BOXES if board[box]]

    def bete(self, state: State, seat: int, card: Card) -> list[Payment]:
        """Step 3, one honour ``card`` still in loser ``seat``'s hand (or a missed call, when an option
        says so): default, they pay into its box as much as the box holds *now*."""
        box = self.box_for(card)
        if box is None:
            return []
        return [Payment.request("bete", seat, box, state.ledger.pots[box], box)]

    def bete_cards(self, state: State, winner: int) -> list[tuple[int, Card]]:
        """``(seat, honour)`` pairs that pay a bête, in turn order after the winner."""
        out: list[tuple[int, Card]] = []
        for seat in self.others_in_turn(winner, state.n_players):
            hand = state.hand_of(seat)
            if not HONOURS.isdisjoint(hand):
                out.extend([(seat, card) for card in BOXES if card in hand])
        return out
