"""``lindor``: the modern rules (d'Alembert 1789, Lacombe 1792), the default rule set.

What each rules text says, and where the texts disagree, the option that picks a reading:

* 3–8 players; 15/12/9/8/7/6 cards each for 3–8 players, talon 7/4/7/4/3/4 (German, English,
  French 1792 tables).
* Every player antes 1, 2, 3, 4, 5 chips on 10♦, J♣, Q♠, K♥, 7♦; stakes left on the board stay
  (English, German "Vorbereitungen").
* The player left of the dealer leads any card; runs rise by rank whatever the suit, ace low; a
  player may go on or stop; the next player clockwise continues with the wanted rank or passes
  (English "Gameplay"). When everybody else passes, the player who stopped leads again with any
  card (English, German "Ablaufvarianten", French "reprendre une nouvelle série") — or, with
  ``stuck="skip"``, continues with the next rank up (German main text: "darf der Spieler, der die
  5 legte, mit einer 7 weitermachen").
* A king ends the run and its player leads again (English, German, French "Back cross").
* An honour played and announced sweeps its box; unannounced, the stake stays (all texts); the
  German text adds that overlooking the honour costs a bête like holding it
  (``bete_on_missed_call``).
* The first player out wins; each other pays the points left in hand (A=1, 2–10 face, J/Q/K=10),
  or so many chips per card (``payment="cards"``, ``chips_per_card``: German variant, French
  "une carte … vaut trois jetons").
* Bête: a loser still holding an honour pays into its box as much as the box holds (``bete``).
* Opéra: going out in one's first turn sweeps all five boxes too (German, English), or going out
  while no opponent laid an honour (French "Grand opéra / Main pleine") (``opera``).
* The game ends when a player cannot ante 15 chips (English "Ending"), or after ``max_deals``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Sequence

from engine.nain_jaune.cards import BOXES, HONOURS, KING, POINTS, Card
from engine.nain_jaune.rules.base import BaseOptions, RuleSet, Wanted, Words, option

if TYPE_CHECKING:
    from engine.nain_jaune.state import State


@dataclass(frozen=True)
class LindorOptions(BaseOptions):
    payment: Literal["points", "cards"] = option(
        "points",
        "What a loser pays the winner: 'points' = the card points left in hand (A=1, 2-10 face value, "
        "J/Q/K=10; English, German, 1792); 'cards' = chips_per_card chips for every card left in hand "
        "(German variant; the French text says usually 3 chips a card).",
        label="What a loser pays the winner",
        fr=Words("Ce que les perdants paient au gagnant",
                 "Les points des cartes restées en main (As 1, 2 à 10 leur valeur, figures 10), ou un nombre "
                 "fixe de jetons par carte restée.",
                 {"points": "les points des cartes", "cards": "tant de jetons par carte"}),
        en=Words("What a loser pays the winner",
                 "The points of the cards left in hand (ace 1, 2 to 10 face value, court cards 10), or a fixed "
                 "number of chips per card left.",
                 {"points": "the cards' points", "cards": "so many chips a card"}),
    )
    chips_per_card: int = option(
        1, "Chips per card left in hand when payment is 'cards'.", minimum=1,
        label="Chips per card left (when paying by cards)",
        fr=Words("Jetons par carte restée",
                 "Seulement si les perdants paient « tant de jetons par carte » (souvent 3)."),
        en=Words("Chips per card left",
                 "Only when losers pay \"so many chips a card\" (often 3)."),
    )
    stuck: Literal["lead", "skip"] = option(
        "lead",
        "When everybody after the last player passes: 'lead' = that player leads a new run with any card "
        "(English, French, German variant); 'skip' = the wanted rank is skipped and that player may go on "
        "with the next rank up (German main text: nobody has a 6 after the 5, so the player of the 5 goes "
        "on with a 7); if they pass, the others are asked for that rank in turn, and so on; past the king, "
        "they lead anew.",
        label="When nobody can follow",
        fr=Words("Quand personne ne peut suivre",
                 "Tout le monde a passé après une carte : soit celui qui l'a posée repart avec la carte de son "
                 "choix, soit la hauteur manquante est sautée (personne n'a de 6 après le 5 : on continue au 7).",
                 {"lead": "le dernier joueur repart", "skip": "on saute la hauteur manquante"}),
        en=Words("When nobody can follow",
                 "Everybody passed after a card: either its player starts again with any card, or the missing "
                 "rank is skipped (nobody has a 6 after the 5: play goes on with a 7).",
                 {"lead": "the last player starts again", "skip": "the missing rank is skipped"}),
    )
    opera: Literal["first_turn", "no_opponent_honour", "no_opponent_card", "off"] = option(
        "first_turn",
        "When going out is an opéra that also sweeps all five boxes: 'first_turn' = all one's cards laid in "
        "one's first turn (German, English); 'no_opponent_honour' = no opponent laid an honour before (French "
        "'Grand opéra / Main pleine'); 'no_opponent_card' = no opponent laid any card (1760 wording); "
        "'off' = no opéra.",
        label="Opéra: going out sweeps all five boxes",
        fr=Words("Opéra : finir d'un coup ramasse les cinq cases",
                 "Quand finir sa main est un opéra, qui ramasse en plus tout le tableau.",
                 {"first_turn": "tout posé dès son premier tour",
                  "no_opponent_honour": "pas de carte qui prend adverse",
                  "no_opponent_card": "aucune carte adverse posée", "off": "jamais"}),
        en=Words("Opéra: going out sweeps all five boxes",
                 "When going out is an opéra, which also takes the whole board.",
                 {"first_turn": "all laid in the first turn",
                  "no_opponent_honour": "no opponent's card that takes",
                  "no_opponent_card": "no opponent laid any card", "off": "never"}),
    )
    bete: bool = option(
        True,
        "A loser still holding an honour pays into its box as much as the box holds (after the opéra sweep).",
        label="Bête: an honour left in hand pays its box",
        fr=Words("Bête : une carte qui prend restée en main paie sa case",
                 "Un perdant qui garde le 10♦, le V♣, la D♠, le R♥ ou le 7♦ met dans sa case autant de jetons "
                 "qu'elle en contient."),
        en=Words("Bête: a card that takes left in hand pays its box",
                 "A loser still holding the 10♦, J♣, Q♠, K♥ or 7♦ puts into its box as many chips as it holds."),
    )
    bete_on_missed_call: bool = option(
        False,
        "German text ('Gleiches gilt für ein Übersehen dieser Karte'): a player who played an honour without "
        "announcing it in time also pays its bête.",
        label="A forgotten announcement also pays the bête",
        fr=Words("Une annonce oubliée paie aussi la bête",
                 "Qui pose une carte qui prend sans l'annoncer à temps paie sa case comme s'il l'avait gardée."),
        en=Words("A forgotten call also pays the bête",
                 "Whoever lays a card that takes without calling it in time pays its box as if they had kept it."),
    )
    next_dealer: Literal["right", "left"] = option(
        "right",
        "Who deals next: the player to the right of the last dealer (English, French 'sens contraire des "
        "aiguilles d'une montre') or to the left.",
        label="Who deals next",
        fr=Words("Qui donne ensuite",
                 "Le joueur à droite du dernier donneur (sens inverse des aiguilles d'une montre) ou à sa gauche.",
                 {"right": "le joueur à droite", "left": "le joueur à gauche"}),
        en=Words("Who deals next",
                 "The player to the right of the last dealer (anticlockwise) or to the left.",
                 {"right": "the player on the right", "left": "the player on the left"}),
    )
    max_deals: int | None = option(
        None,
        "End the game after this many deals (English: 'you can also choose a number of game turns'); "
        "null = play until a player cannot ante.",
        minimum=1,
        label="Number of deals (empty: until someone is ruined)",
        fr=Words("Nombre de donnes",
                 "La partie s'arrête après ce nombre de donnes. Vide : on joue jusqu'à ce qu'un joueur ne "
                 "puisse plus miser."),
        en=Words("Number of deals",
                 "The game stops after this many deals. Empty: play until a player cannot ante any more."),
    )


class LindorRules(RuleSet):
    """The modern Nain Jaune (Lindor) rules; every difference between texts is an option."""

    name = "lindor"
    title = "Lindor / Nain Jaune, modern rules (1789/1792)"
    titles = {"fr": "Règles modernes (Lindor)", "en": "Modern rules (Lindor)"}
    Options = LindorOptions
    options: LindorOptions

    def __init__(self, options: object = None) -> None:
        super().__init__(options)  # type: ignore[arg-type]
        o = self.options
        if o.payment == "cards":
            per = o.chips_per_card
            self._due = {c: per for c in POINTS}
        else:
            self._due = dict(POINTS)

    def next_dealer(self, dealer: int, n_players: int) -> int:
        step = -1 if self.options.next_dealer == "right" else 1
        return (dealer + step) % n_players

    def game_over(self, state: State) -> bool:
        limit = self.options.max_deals
        if limit is not None and state.deals_played >= limit:
            return True
        return super().game_over(state)

    def stuck(self, state: State, wanted: Wanted) -> Wanted | None:
        if self.options.stuck == "skip" and wanted.rank < KING:
            return Wanted(wanted.rank + 1, wanted.suit)
        return None

    def opera(self, state: State, winner: int) -> bool:
        kind = self.options.opera
        if kind == "first_turn":
            return not state.first_turn_over[winner]
        if kind == "no_opponent_honour":
            return not any(state.honours_by[s] for s in range(state.n_players) if s != winner)
        if kind == "no_opponent_card":
            return not any(state.cards_by[s] for s in range(state.n_players) if s != winner)
        return False

    def hand_payment(self, state: State, seat: int, hand: Sequence[Card], opera: bool) -> int:
        return sum(map(self._due.__getitem__, hand))

    def bete_cards(self, state: State, winner: int) -> list[tuple[int, Card]]:
        out = super().bete_cards(state, winner) if self.options.bete else []
        if self.options.bete_on_missed_call:
            out.extend((seat, card) for seat, card, _ in state.missed_calls if card in HONOURS)
        return out


__all__ = ["LindorOptions", "LindorRules", "BOXES"]
