// Words of the page in French (default) and English. The announcements are built here so the language can
// change on the phone without asking the server.
"use strict";

const HONOURS = {
  fr: { "10D": "Dix", "JC": "Valet", "QS": "Dame", "KH": "Roi", "7D": "Nain jaune" },
  en: { "10D": "Ten", "JC": "Jack", "QS": "Queen", "KH": "King", "7D": "Yellow Dwarf" },
};

const WORDS = {
  fr: {
    tab_live: "Partie", tab_setup: "Réglages", tab_fix: "Corriger", tab_score: "Comptes",
    no_game: "Aucune partie en cours.", new_game: "Nouvelle partie", pass: "Passe", undo: "Annuler le dernier",
    players: "Joueurs", seating_hint: "Dans l'ordre des aiguilles d'une montre autour de la table.",
    add_player: "+ joueur", dealer: "Donneur", chips: "Jetons de départ", rules: "Règles",
    start: "Commencer la partie", prefs: "Préférences", voice: "Annonces à voix haute",
    friendly: "Mode amical : rappeler l'annonce avant qu'il soit trop tard", camera: "Caméra",
    calib_hint: "Choisissez une zone puis touchez ses coins sur l'image.", clear_zone: "Effacer la zone",
    save: "Enregistrer", stacks: "Tas de jetons", export_json: "Exporter les événements (JSON)",
    export_csv: "Exporter les comptes (CSV)",
    edit: "modification", readonly: "lecture seule", turn: (p) => `À ${p} de jouer`,
    free_lead: "entame libre", wanted: (r) => `→ ${r} ?`, sans: (r) => `… sans ${r}`,
    cards_n: (n) => `${n} carte${n > 1 ? "s" : ""}`, chips_short: "jetons", last_seen: "Dernière carte",
    who_played: (c) => `Qui a joué le ${c} ?`, dismiss: "ignorer",
    missed: (h, n) => `${h} qui prend — oubliée ! Les ${n} jetons restent.`,
    remind: (p, h, n) => `${p}, annoncez « ${h} qui prend » : ${n} jetons !`,
    call_btn: (h, n) => `${h} qui prend ! (${n})`,
    playing_as: "Joue :", showdown_title: "Fin de la donne : cartes restantes", reveal_for: (p, n) => `${p} montre ses ${n} cartes`,
    reveal_ok: "Valider", settled_title: (w) => `${w} a gagné la donne`, opera: "Opéra !", next_deal: "Donne suivante",
    pays: "paie", reason: { cards: "cartes", opera: "opéra", bete: "bête", sweep: "annonce" },
    deal: (n) => `Donne ${n}`, winner: "gagnant", game_over: (p) => `Partie terminée : ${p} ne peut plus miser.`,
    delete: "Annuler", change_card: "Autre carte", change_player: "Autre joueur", corrected: "corrigé",
    choose_card: "Choisissez la bonne carte", choose_player: "Choisissez le bon joueur", cancel: "Fermer",
    no_source: "Jeu au doigt (pas de caméra)", box_after: "Cases après la donne", total: "Total",
    need_players: "Il faut de 3 à 8 joueurs.", saved: "Enregistré.", no_camera: "Pas d'image caméra : lancez « nainjaune serve --camera 0 ».",
    zone_pile: "Talon central", confidence: "sûr à", rule_options: "Options des règles", was_called: "Annoncée", start_row: "Départ",
    called: "annoncée", takes: "qui prend !", ev_pass: (p) => `${p} passe`, ev_sweep: (p, b) => `${p} ramasse la case ${b}`,
    ev_new_deal: (p) => `Nouvelle donne (donneur : ${p})`, ev_ante: (p, n) => `${p} mise ${n}`, ev_deal: "Distribution",
    ev_showdown: "Cartes montrées", ev_settlement: "Règlement de la donne", ev_removed: "supprimé", box_name: (b) => `case ${b}`,
  },
  en: {
    tab_live: "Game", tab_setup: "Setup", tab_fix: "Fix", tab_score: "Scores",
    no_game: "No game yet.", new_game: "New game", pass: "Pass", undo: "Undo last",
    players: "Players", seating_hint: "Clockwise around the table.",
    add_player: "+ player", dealer: "Dealer", chips: "Starting chips", rules: "Rules",
    start: "Start the game", prefs: "Preferences", voice: "Speak announcements",
    friendly: "Friendly mode: remind the call before it is too late", camera: "Camera",
    calib_hint: "Pick a zone, then tap its corners on the picture.", clear_zone: "Clear zone",
    save: "Save", stacks: "Chip stacks", export_json: "Export events (JSON)", export_csv: "Export ledger (CSV)",
    edit: "editing", readonly: "read-only", turn: (p) => `${p} to play`,
    free_lead: "free lead", wanted: (r) => `→ ${r}?`, sans: (r) => `… without ${r}`,
    cards_n: (n) => `${n} card${n === 1 ? "" : "s"}`, chips_short: "chips", last_seen: "Last card",
    who_played: (c) => `Who played the ${c}?`, dismiss: "dismiss",
    missed: (h, n) => `${h} takes — forgotten! The ${n} chips stay.`,
    remind: (p, h, n) => `${p}, call "${h} takes": ${n} chips!`,
    call_btn: (h, n) => `${h} takes! (${n})`,
    playing_as: "Playing:", showdown_title: "Deal over: cards left", reveal_for: (p, n) => `${p} shows ${n} cards`,
    reveal_ok: "Confirm", settled_title: (w) => `${w} won the deal`, opera: "Opéra!", next_deal: "Next deal",
    pays: "pays", reason: { cards: "cards", opera: "opéra", bete: "bête", sweep: "call" },
    deal: (n) => `Deal ${n}`, winner: "winner", game_over: (p) => `Game over: ${p} cannot ante any more.`,
    delete: "Undo", change_card: "Other card", change_player: "Other player", corrected: "corrected",
    choose_card: "Pick the right card", choose_player: "Pick the right player", cancel: "Close",
    no_source: "Played by taps (no camera)", box_after: "Boxes after the deal", total: "Total",
    need_players: "3 to 8 players are needed.", saved: "Saved.", no_camera: "No camera picture: start \"nainjaune serve --camera 0\".",
    zone_pile: "Central pile", confidence: "sure at", rule_options: "Rule options", was_called: "It was called", start_row: "Start",
    called: "called", takes: "takes!", ev_pass: (p) => `${p} passes`, ev_sweep: (p, b) => `${p} sweeps the ${b} box`,
    ev_new_deal: (p) => `New deal (dealer: ${p})`, ev_ante: (p, n) => `${p} antes ${n}`, ev_deal: "Cards dealt",
    ev_showdown: "Hands shown", ev_settlement: "Deal settled", ev_removed: "removed", box_name: (b) => `${b} box`,
  },
};

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

function cardLabel(card) {
  if (!card) return "";
  return card.slice(0, -1) + SUIT_SYMBOL[card.slice(-1)];
}
