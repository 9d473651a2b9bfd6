"""``avantcoureur``: Nain Jaune as *L'Avantcoureur* printed it in 1760 (n° 41 and 42).

A *hoc* game like la Comète: runs are built in one suit, certain cards stop a run and are paid
for on the spot, only the dealer stakes the board, and a game is a fixed number of rounds. The
texts, the choices made where they are unclear, and the option for every other reading are in
``docs/avantcoureur.md``; in short:

* 3 or 5 players, 15 or 9 cards each, 7 in the talon; dealing and play anticlockwise (``direction``).
* Only the dealer antes 1, 2, 3, 4, 5 chips on 10♦, J♣, Q♠, K♥, 7♦.
* Runs rise by rank in the suit of their first card; Q♠, J♣, 10♦ (permanent hocs) and kings end a
  run; the 7♦ (chief hoc) is wild and ends the run too (``dwarf``); when nobody can follow (the
  card is in the talon: an accidental hoc) the last player leads again.
* An announced King or honour earns 1 chip from every other player (``hoc_payment``; optionally
  the accidental hoc too); an announced honour also takes its box.
* Losers pay the winner their card points, double with the 7♦ in hand (``dwarf_double``), double
  again for an opéra — the winner went out before any opponent laid a card (``opera``); no opéra
  sweep of the board. Then bêtes for honours left in hand (``bete``).
* The game lasts a fixed number of complete rounds (``rounds``, ``round_unit``), or stops when the
  dealer cannot stake.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Sequence

from engine.core.ledger import Payment
from engine.nain_jaune.cards import BOXES, DECK, HONOURS, KING, POINTS, RANK, RANKS, SUIT, Card
from engine.nain_jaune.rules.base import STAKES, BaseOptions, RuleSet, Wanted, Words, option

if TYPE_CHECKING:
    from engine.nain_jaune.state import State

DWARF: Card = "7D"
"""The chief hoc (*hoc principal*), the yellow dwarf: wild."""

PERMANENT_HOCS: frozenset[Card] = frozenset({"QS", "JC", "10D"})
"""Cards that always end a run ([1760] "cette carte fait toujours hoc")."""

KINGS: frozenset[Card] = frozenset(c for c in DECK if RANK[c] == KING)
"""End-of-run hocs (*hocs de fin de suite*)."""

HOCS: frozenset[Card] = KINGS | PERMANENT_HOCS | {DWARF}
"""Every card that stops a run by its nature, and is paid for when announced."""

NO_STAKE: tuple[int, ...] = (0,) * len(BOXES)

USUAL_ROUNDS: dict[int, int] = {3: 12, 5: 10}
"""Rounds in a game when the ``rounds`` option is 0 (English text: 12 with three, 10 with five)."""


@dataclass(frozen=True)
class AvantcoureurOptions(BaseOptions):
    rounds: int = option(
        0,
        "How many complete rounds a game lasts (1760: 'ten or twelve rounds, at will'); 0 = the usual "
        "length: 12 rounds with 3 players, 10 with 5.",
        minimum=0, maximum=50, label="Rounds in a game",
        fr=Words("Nombre de tours dans une partie",
                 "0 : la durée habituelle, 12 tours à 3 joueurs, 10 tours à 5."),
        en=Words("Rounds in a game", "0: the usual length, 12 rounds with 3 players, 10 with 5."),
    )
    round_unit: Literal["table", "deal"] = option(
        "table",
        "What one round is: 'table' = every player deals once (complete rounds, so everybody stakes "
        "equally often); 'deal' = one deal.",
        label="One round is",
        fr=Words("Un tour, c'est",
                 "Un tour complet de table (chacun donne une fois, donc mise autant) ou une seule donne.",
                 {"table": "chaque joueur donne une fois", "deal": "une donne"}),
        en=Words("One round is",
                 "A full round of the table (everybody deals once, so stakes as often) or a single deal.",
                 {"table": "every player deals once", "deal": "one deal"}),
    )
    direction: Literal["anticlockwise", "clockwise"] = option(
        "anticlockwise",
        "Direction of dealing and play: 'anticlockwise' (the 1760 dealer deals to the right) or 'clockwise'.",
        label="Direction of play",
        fr=Words("Sens du jeu", "Sens de la donne et du jeu ; en 1760, le donneur sert d'abord sa droite.",
                 {"anticlockwise": "sens inverse des aiguilles", "clockwise": "sens des aiguilles"}),
        en=Words("Direction of play", "Direction of dealing and play; in 1760 the dealer serves the right first.",
                 {"anticlockwise": "anticlockwise", "clockwise": "clockwise"}),
    )
    dwarf: Literal["hoc", "stand_in"] = option(
        "hoc",
        "What the wild seven of diamonds does when played: 'hoc' = it ends the run and its player leads "
        "again; 'stand_in' = it takes the place of the wanted card and the run goes on after that card.",
        label="The yellow dwarf (7 of diamonds)",
        fr=Words("Le nain jaune (7♦)",
                 "Le 7♦ remplace n'importe quelle carte. Soit il arrête la suite et son joueur repart, soit il "
                 "prend la place de la carte attendue et la suite continue.",
                 {"hoc": "il arrête la suite", "stand_in": "il remplace la carte attendue"}),
        en=Words("The yellow dwarf (7♦)",
                 "The 7♦ stands for any card. Either it ends the run and its player starts again, or it takes "
                 "the place of the wanted card and the run goes on.",
                 {"hoc": "it ends the run", "stand_in": "it stands for the wanted card"}),
    )
    hoc_payment: Literal["kings_and_honours", "every_hoc", "off"] = option(
        "kings_and_honours",
        "Who gets 1 chip from every other player during play: 'kings_and_honours' = whoever lays a King "
        "or one of the five board cards and announces it; 'every_hoc' = also the player whose card nobody "
        "could follow (an accidental hoc, counted as announced); 'off' = nobody.",
        label="Paying for hocs",
        fr=Words("Paiement des hocs",
                 "Qui reçoit 1 jeton de chacun des autres pendant le jeu : qui pose et annonce un roi ou une "
                 "carte du tableau ; en plus, qui pose une carte que personne ne peut suivre ; ou personne.",
                 {"kings_and_honours": "rois et cartes qui prennent", "every_hoc": "aussi les cartes non suivies",
                  "off": "personne"}),
        en=Words("Paying for hocs",
                 "Who gets 1 chip from every other player during play: whoever lays and calls a king or a "
                 "board card; also whoever lays a card nobody can follow; or nobody.",
                 {"kings_and_honours": "called kings and board cards",
                  "every_hoc": "also cards nobody can follow", "off": "nobody"}),
    )
    dwarf_double: bool = option(
        True,
        "A loser still holding the seven of diamonds pays the winner double.",
        label="Dwarf in hand pays double",
        fr=Words("Le nain jaune en main fait payer double",
                 "Un perdant qui garde le 7♦ paie le double au gagnant."),
        en=Words("The dwarf in hand pays double", "A loser still holding the 7♦ pays the winner double."),
    )
    opera: Literal["none_played", "first_turn", "off"] = option(
        "none_played",
        "When the losers pay double (opéra): 'none_played' = the winner went out before any other player "
        "laid a card (1760); 'first_turn' = the winner laid all their cards in their first turn; 'off' = never.",
        label="Opéra",
        fr=Words("Opéra",
                 "Quand les perdants paient double parce que le gagnant a fini d'un coup.",
                 {"none_played": "aucune carte adverse posée", "first_turn": "tout posé dès son premier tour",
                  "off": "jamais"}),
        en=Words("Opéra",
                 "When the losers pay double because the winner went out at once.",
                 {"none_played": "no other player laid a card", "first_turn": "all laid in the first turn",
                  "off": "never"}),
    )
    bete: Literal["not_dwarf", "all", "off"] = option(
        "not_dwarf",
        "Which board cards left in a loser's hand make them put as many chips into that box as it holds: "
        "'not_dwarf' = the four other than the seven of diamonds (whose holder already pays double; "
        "1760 newspaper); 'all' = all five; 'off' = none.",
        label="Bête",
        fr=Words("Bête",
                 "Quelles cartes du tableau restées en main obligent un perdant à mettre dans leur case autant "
                 "de jetons qu'elle en contient.",
                 {"not_dwarf": "les quatre autres que le 7♦", "all": "les cinq", "off": "aucune"}),
        en=Words("Bête",
                 "Which board cards left in a loser's hand make them put into that box as many chips as it holds.",
                 {"not_dwarf": "the four other than the 7♦", "all": "all five", "off": "none"}),
    )


def _hoc_payments(state: State, seat: int, card: Card) -> list[Payment]:
    """1 chip from every other player to the player of a hoc ([FR] 10.1.1)."""
    return [Payment.request("hoc", other, seat, 1, card) for other in range(state.n_players) if other != seat]


class AvantcoureurRules(RuleSet):
    """The 1760 rules: suit runs, hocs paid on the spot, dealer-only stakes, fixed rounds."""

    name = "avantcoureur"
    title = "Nain Jaune as printed in L'Avantcoureur (1760)"
    titles = {"fr": "L'Avantcoureur (1760)", "en": "L'Avantcoureur (1760)"}
    Options = AvantcoureurOptions
    options: AvantcoureurOptions
    player_counts = (3, 5)
    deal_table = {3: (15, 7), 5: (9, 7)}
    callable_cards = HOCS | HONOURS

    def __init__(self, options: object = None) -> None:
        super().__init__(options)  # type: ignore[arg-type]
        o = self.options
        self._step = -1 if o.direction == "anticlockwise" else 1
        self._paid_hocs = HONOURS if o.hoc_payment == "off" else HOCS
        # with dwarf="stand_in" the 7♦ does not stop the run by itself: it takes the wanted card's place
        self._ends = HOCS if o.dwarf == "hoc" else HOCS - {DWARF}
        self._bete_boxes = {"not_dwarf": tuple(b for b in BOXES if b != DWARF), "all": BOXES, "off": ()}[o.bete]

    # ---- set-up ---------------------------------------------------------------------------------

    def ante(self, n_players: int, dealer: int, seat: int) -> tuple[int, ...]:
        """Only the dealer stakes (1760: 'Celui qui fait, met sur le tableau quinze fiches')."""
        return STAKES if seat == dealer else NO_STAKE

    def next_seat(self, seat: int, n_players: int) -> int:
        return (seat + self._step) % n_players

    def next_dealer(self, dealer: int, n_players: int) -> int:
        """The deal passes on in the direction of play."""
        return self.next_seat(dealer, n_players)

    def deals_in_game(self, n_players: int) -> int:
        """How many deals a whole game has (before any early end for want of chips)."""
        rounds = self.options.rounds or USUAL_ROUNDS.get(n_players, 10)
        return rounds * n_players if self.options.round_unit == "table" else rounds

    def game_over(self, state: State) -> bool:
        if state.deals_played >= self.deals_in_game(state.n_players):
            return True
        return super().game_over(state)

    # ---- runs -----------------------------------------------------------------------------------

    def _compute_wanted(self, card: Card) -> Wanted | None:
        """Runs stay in the suit of their first card; nothing follows a king."""
        rank = RANK[card]
        return None if rank >= KING else Wanted(rank + 1, SUIT[card])

    def is_wild(self, card: Card) -> bool:
        return card == DWARF

    def ends_sequence(self, card: Card) -> bool:
        """Kings, the permanent hocs Q♠ J♣ 10♦ and (option ``dwarf="hoc"``) the dwarf stop the run."""
        return card in self._ends

    def after_wild(self, wanted: Wanted | None, card: Card) -> Wanted | None:
        """``dwarf="stand_in"``: the run goes on after the card the dwarf stands for; a dwarf led, or
        standing for a hoc, ends the run."""
        if wanted is None or wanted.suit is None:
            return None
        replaced = RANKS[wanted.rank - 1] + wanted.suit
        return None if replaced in self._ends else self.wanted(replaced)

    # ---- announcements --------------------------------------------------------------------------

    def callable(self, state: State, seat: int, card: Card) -> bool:
        """Every hoc is announced ('Hoc!'); the honours also name their box."""
        return card in self._paid_hocs

    def on_call(self, state: State, seat: int, card: Card) -> list[Payment]:
        """The box (for an honour), then 1 chip from every other player for the hoc."""
        out = super().on_call(state, seat, card)
        if card in HOCS and self.options.hoc_payment != "off":
            out.extend(_hoc_payments(state, seat, card))
        return out

    def on_stuck(self, state: State, seat: int, wanted: Wanted) -> list[Payment]:
        """Nobody could follow ``seat``'s card: an accidental hoc. With ``hoc_payment="every_hoc"``
        it is paid like an announced hoc (no event says "Hoc!", so it counts as announced)."""
        card = state.last_card
        if self.options.hoc_payment != "every_hoc" or card is None:
            return []
        return _hoc_payments(state, seat, card)

    # ---- end of the deal ------------------------------------------------------------------------

    def opera(self, state: State, winner: int) -> bool:
        kind = self.options.opera
        if kind == "none_played":
            return not any(state.cards_by[s] for s in range(state.n_players) if s != winner)
        if kind == "first_turn":
            return not state.first_turn_over[winner]
        return False

    def hand_payment(self, state: State, seat: int, hand: Sequence[Card], opera: bool) -> int:
        """Card points, doubled for the dwarf in hand, doubled again for an opéra."""
        due = sum(POINTS[c] for c in hand)
        if self.options.dwarf_double and DWARF in hand:
            due *= 2
        return due * 2 if opera else due

    def opera_payments(self, state: State, winner: int) -> list[Payment]:
        """1760: an opéra doubles the payments (in :meth:`hand_payment`); the board is not swept."""
        return []

    def bete_cards(self, state: State, winner: int) -> list[tuple[int, Card]]:
        boxes = self._bete_boxes
        return [(seat, card) for seat, card in super().bete_cards(state, winner) if card in boxes]


__all__ = ["AvantcoureurOptions", "AvantcoureurRules", "DWARF", "HOCS", "KINGS", "PERMANENT_HOCS"]
