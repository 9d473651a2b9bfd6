"""The words a family reads for each Nap option, in French and English (``docs/nap.md`` keeps the sources)."""

from __future__ import annotations

from typing import Any, Mapping

from engine.core.options import Words

_WORDS: Mapping[str, tuple[Words, Words]] = {
    "game": (
        Words("Variante", "Quel Nap : classique, avec achat de cartes avant les annonces, avec la veuve (une main de "
              "plus qu'un joueur peut prendre), avec la carte flottante (règles de Hastings), ou à sept cartes.",
              {"classic": "classique", "purchase": "achat de cartes", "widow": "la veuve",
               "floater": "carte flottante", "seven_card": "sept cartes"}),
        Words("Variant", "Which Nap: the classic game, buying cards before the bidding, the widow (an extra hand one "
              "bidder may take), the floater (Hastings rules), or seven cards each.",
              {"classic": "classic", "purchase": "buying cards", "widow": "the widow", "floater": "the floater",
               "seven_card": "seven cards"})),
    "two": (Words("Annonce « Deux »", "Permet d'annoncer deux plis (vaut 2, sous « Trois »)."),
            Words("Bid « Two »", "Allows bidding two tricks (worth 2, below Three).")),
    "misere": (Words("Annonce « Misère »",
                     "Ne faire aucun pli, sans atout ; se place entre Trois et Quatre, vaut 3."),
               Words("Bid « Misère »", "Take no trick, no trumps; ranks between Three and Four, worth 3.")),
    "blucher": (Words("Annonce « Blücher »", "Les cinq plis pour 20, seulement par-dessus un Wellington."),
                Words("Bid « Blücher »", "All five tricks for 20, only over a Wellington.")),
    "scale": (
        Words("Barème", "Ce qu'une annonce gagne ou perd avec chaque adversaire.",
              {"standard": "standard (2/3/3/4/5/10/20)", "doubled_wins": "cinq plis gagnés doublés",
               "american": "américain", "floater": "carte flottante", "barker": "Barker (sept cartes)",
               "mcleod": "McLeod (sept cartes)"}),
        Words("Scoring scale", "What a bid wins or loses with each opponent.",
              {"standard": "standard (2/3/3/4/5/10/20)", "doubled_wins": "five-trick wins doubled",
               "american": "American", "floater": "floater", "barker": "Barker (seven cards)",
               "mcleod": "McLeod (seven cards)"})),
    "deck": (
        Words("Jeu de cartes", "Le jeu complet de 52 cartes, ou un jeu réduit selon le nombre de joueurs.",
              {"full": "52 cartes", "examples": "jeu réduit (exemples du texte)",
               "floater_table": "jeu réduit (table de la carte flottante)"}),
        Words("Pack of cards", "The full 52-card pack, or a short pack for the number of players.",
              {"full": "52 cards", "examples": "short pack (the text's examples)",
               "floater_table": "short pack (the floater table)"})),
    "deal": (Words("Distribution par paquets de", "Trois cartes puis deux, ou deux puis trois ; les mains sont les "
                   "mêmes."),
             Words("Dealt in packets of", "Three cards then two, or two then three; the hands are the same.")),
    "shuffle": (
        Words("Battre les cartes", "À chaque main, ou par habitude seulement en début de séance et après une "
              "annonce de cinq plis gagnée.", {"every_hand": "à chaque main", "habit": "par habitude"}),
        Words("Shuffling", "Every hand, or by habit only at the start and after a five-trick bid was won.",
              {"every_hand": "every hand", "habit": "by habit"})),
    "pool": (Words("Cagnotte", "Chacun mise avant la donne ; le prochain Nap gagné rafle la cagnotte, un Nap perdu "
                   "la double."),
             Words("Pool (kitty)", "Everyone antes before the deal; the next Nap won takes the pool, a Nap lost "
                   "doubles it.")),
    "pool_ante": (Words("Mise à la cagnotte", "Jetons que chacun met dans la cagnotte avant la donne."),
                  Words("Ante into the pool", "Chips each player puts into the pool before the deal.")),
    "pool_dealer_extra": (Words("Mise en plus du donneur", "Jetons que le donneur ajoute à sa mise."),
                          Words("Dealer's extra ante", "Chips the dealer adds on top of the ante.")),
    "pool_refill": (
        Words("Quand miser", "Avant chaque donne, ou seulement quand la cagnotte est vide.",
              {"every_hand": "à chaque donne", "when_empty": "cagnotte vide"}),
        Words("When to ante", "Before every deal, or only when the pool is empty.",
              {"every_hand": "every deal", "when_empty": "pool empty"})),
    "revoke_penalty": (
        Words("Pénalité de renonce", "Ce que coûte de ne pas fournir à la couleur demandée quand on l'a.",
              {"auto": "automatique", "pool": "jetons à la cagnotte", "forfeit": "le camp fautif perd la main",
               "none": "aucune"}),
        Words("Revoke penalty", "What failing to follow suit while holding it costs.",
              {"auto": "automatic", "pool": "chips into the pool", "forfeit": "the revoking side loses the hand",
               "none": "none"})),
    "revoke_units": (Words("Jetons par renonce", "Jetons qu'une renonce met dans la cagnotte."),
                     Words("Chips per revoke", "Chips a revoke puts into the pool.")),
    "out_of_turn_penalty": (
        Words("Pénalité pour jouer hors tour", "Ce que coûte une carte jouée avant son tour.",
              {"auto": "automatique", "pool": "jetons à la cagnotte", "none": "aucune"}),
        Words("Playing out of turn", "What a card played before one's turn costs.",
              {"auto": "automatic", "pool": "chips into the pool", "none": "none"})),
    "out_of_turn_units": (Words("Jetons par carte hors tour", "Jetons qu'une carte jouée hors tour met dans la "
                                "cagnotte."),
                          Words("Chips per card out of turn", "Chips a card played out of turn puts into the pool.")),
    "debts": (
        Words("Dettes", "Un joueur qui doit plus qu'il n'a : il paie tout et passe sous zéro, ou chaque paiement "
              "est réduit à ce qu'il a.", {"allow": "passer sous zéro", "cap": "payer ce qu'on a"}),
        Words("Debts", "A player who owes more than they hold: pays in full and goes below zero, or each payment "
              "is cut to what they hold.", {"allow": "go below zero", "cap": "pay what one has"})),
    "play_out": (Words("Jouer tous les plis", "Sinon la main s'arrête dès que son résultat est connu."),
                 Words("Play every trick", "Otherwise the hand stops as soon as its result is known.")),
}


def words(name: str) -> dict[str, Any]:
    """The ``fr=`` and ``en=`` metadata of the option ``name``, for :func:`engine.core.options.option`."""
    fr, en = _WORDS[name]
    return {"fr": fr, "en": en}


__all__ = ["words"]
