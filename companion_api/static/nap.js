// The Nap screens: bidding, the hand by cards or by the bidder's tricks, the settlement read aloud, the stacks
// and the pool across hands. Registered in GAME_SCREENS (app.js); uses app.js's helpers (el, act, speak ...).
"use strict";

const NAP_WORDS = {
  fr: {
    chips: (n) => `${n} jeton${Math.abs(n) > 1 ? "s" : ""}`,
    hand: (n) => `Main ${n}`, dealer_is: (p) => `donneur ${p}`, pool: (n) => `cagnotte ${n}`,
    to_bid: (p) => `À ${p} d'annoncer`, to_play: (p) => `À ${p} de jouer`, to_lead: (p) => `À ${p} d'entamer`,
    to_prepare: (p) => `${p} choisit l'atout`, bids_so_far: "Annonces :", trumps: "atout",
    contract: (p, b) => `${p} annonce ${b}`, tricks_n: (n) => `${n} pli${n > 1 ? "s" : ""}`,
    quick: "Table rapide : plis du preneur", quick_hint: "Au lieu des cartes, touchez le nombre de plis faits.",
    cards_title: "Carte posée", plays_as: "Joue :", trick: "Pli en cours", revoke: (p, c, l) => `Renonce de ${p} : ${c} sur ${l}`,
    penalty: { forfeit: "le camp fautif perd la main", pool: (n) => `${n} jetons à la cagnotte`, none: "sans pénalité" },
    made: (p, b) => `${p} fait ${b} !`, failed: (p, b) => `${p} chute à ${b} :`, all_passed: "Tout le monde passe : pas de jeu",
    each_from: (n) => `${n} jetons de chacun`, each_to: (n) => `${n} jetons à chacun`,
    pool_won: (n) => `et la cagnotte (${n})`, pool_doubled: (n) => `la cagnotte double (+${n})`,
    next_hand: "Main suivante", undo: "Annuler le dernier", by_tricks: (n) => `${n} plis déclarés`,
    hand_title: (n) => `Main ${n}`, to: "à", pool_name: "la cagnotte",
    reason: { ante: "mise", won: "annonce gagnée", lost: "annonce perdue", pool_won: "cagnotte gagnée",
      pool_doubled: "cagnotte doublée", revoke: "renonce", out_of_turn: "carte hors tour",
      purchase: "achat de cartes", peek: "coup d'œil à la flottante" },
    bid_word: { pass: "Passe", two: "Deux", three: "Trois", misere: "Misère", four: "Quatre", nap: "Nap",
      bonaparte: "Bonaparte", wellington: "Wellington", blucher: "Blücher", six: "Six", seven: "Sept" },
    with_floater: "avec la flottante", buys: "Achète des cartes :", peek: (p) => `${p} regarde la flottante`,
    widow: (p) => `${p} prend la veuve`, declare: "Atout :", take_floater: "Prendre la flottante",
    fix_delete: "Effacer", fix_change: "Changer", after_hand: "Après la main", stacks_pool: "cagnotte",
    speak_bid: (p, b) => `${p} annonce ${b}`,
  },
  en: {
    chips: (n) => `${n} chip${Math.abs(n) === 1 ? "" : "s"}`,
    hand: (n) => `Hand ${n}`, dealer_is: (p) => `${p} deals`, pool: (n) => `pool ${n}`,
    to_bid: (p) => `${p} to bid`, to_play: (p) => `${p} to play`, to_lead: (p) => `${p} to lead`,
    to_prepare: (p) => `${p} names trumps`, bids_so_far: "Bids:", trumps: "trumps",
    contract: (p, b) => `${p} bids ${b}`, tricks_n: (n) => `${n} trick${n === 1 ? "" : "s"}`,
    quick: "Quick table: the bidder's tricks", quick_hint: "Instead of the cards, tap how many tricks were taken.",
    cards_title: "Card laid", plays_as: "Playing:", trick: "This trick", revoke: (p, c, l) => `${p} revoked: ${c} on ${l}`,
    penalty: { forfeit: "the revoking side loses the hand", pool: (n) => `${n} chips into the pool`, none: "no penalty" },
    made: (p, b) => `${p} makes ${b}!`, failed: (p, b) => `${p} fails at ${b}:`, all_passed: "Everyone passed: no game",
    each_from: (n) => `${n} chips from each`, each_to: (n) => `${n} chips to each`,
    pool_won: (n) => `and the pool (${n})`, pool_doubled: (n) => `the pool doubles (+${n})`,
    next_hand: "Next hand", undo: "Undo the last", by_tricks: (n) => `${n} tricks entered`,
    hand_title: (n) => `Hand ${n}`, to: "to", pool_name: "the pool",
    reason: { ante: "ante", won: "bid made", lost: "bid lost", pool_won: "pool won", pool_doubled: "pool doubled",
      revoke: "revoke", out_of_turn: "card out of turn", purchase: "cards bought", peek: "look at the floater" },
    bid_word: { pass: "Pass", two: "Two", three: "Three", misere: "Misère", four: "Four", nap: "Nap",
      bonaparte: "Bonaparte", wellington: "Wellington", blucher: "Blücher", six: "Six", seven: "Seven" },
    with_floater: "with the floater", buys: "Buys cards:", peek: (p) => `${p} looks at the floater`,
    widow: (p) => `${p} takes the widow`, declare: "Trumps:", take_floater: "Take the floater",
    fix_delete: "Delete", fix_change: "Change", after_hand: "After the hand", stacks_pool: "pool",
    speak_bid: (p, b) => `${p} bids ${b}`,
  },
};

const SUIT_NAMES = { fr: { S: "pique", H: "cœur", D: "carreau", C: "trèfle" },
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" } };

function nt(key, ...args) {
  const w = NAP_WORDS[ui.lang][key];
  return typeof w === "function" ? w(...args) : w;
}

function bidWord(bid, withFloater = false) {
  const word = nt("bid_word")[bid] || bid;
  return withFloater ? `${word} ${nt("with_floater")}` : word;
}

const nap = { player: null };

function napPlayers(game) {
  return el("ul", { class: "players", "data-testid": "nap-players" }, ...game.players.map((p) => el("li", {
    class: `player ${p.is_turn ? "turn" : ""}`, dataset: { player: p.name },
  }, el("span", { class: "name" }, p.name, p.is_dealer ? el("span", { class: "dealer" }, "D") : "",
    p.is_bidder ? el("span", { class: "bidder" }, "★") : ""),
  el("span", { class: "left" }, game.phase === "playing" || game.phase === "settled" ? nt("tricks_n", p.tricks) : ""),
  el("span", { class: `stack ${p.chips < 0 ? "neg" : ""}` }, nt("chips", p.chips)))));
}

function napStatus(game) {
  const who = game.turn;
  const line = game.phase === "bidding" ? nt("to_bid", who)
    : game.phase === "preparing" ? nt("to_prepare", who)
      : game.phase === "playing" ? (game.trick.length ? nt("to_play", who) : nt("to_lead", who)) : "";
  const contract = game.bidder ? nt("contract", game.bidder, bidWord(game.bid)) +
    (game.trumps ? ` — ${nt("trumps")} ${SUIT_SYMBOL[game.trumps]}` : "") : "";
  return el("div", { class: "status card" },
    el("div", { class: "nap-head", "data-testid": "nap-status" },
      [nt("hand", game.deal_no), nt("dealer_is", game.dealer), game.pool_on || game.pool ? nt("pool", game.pool) : ""]
        .filter(Boolean).join(" · ")),
    el("div", { class: "turn", "data-testid": "turn" }, line),
    contract ? el("div", { class: "contract", "data-testid": "contract" }, ...withSuits(contract)) : "",
    game.bids.length ? el("div", { class: "hint" }, nt("bids_so_far"), " ",
      game.bids.map((b) => `${b.player} ${bidWord(b.bid)}`).join(", ")) : "");
}

// The players to choose from for a tap that is not necessarily the turn's (a card, a purchase).
function whoChips(game, actor) {
  return el("div", { class: "who" }, el("span", {}, nt("plays_as")), ...game.players.map((p) => el("button", {
    type: "button", class: `chip ${p.name === actor ? "selected" : ""}`, dataset: { player: p.name },
    on: { click: () => { nap.player = p.name; render(ui.state); } } }, p.name)));
}

function napActor(game) {
  return nap.player && game.players.some((p) => p.name === nap.player) ? nap.player : game.turn;
}

// Variants: buying cards (before the first bid), a look at the floater, the widow taken, for the player to bid.
function napBeforeBids(game) {
  const steps = game.before_bids || [];
  if (!steps.length) return "";
  const actor = napActor(game);
  const parts = [];
  if (steps.includes("purchase")) {
    parts.push(whoChips(game, actor), el("div", { class: "choices", "data-testid": "nap-purchase" }, el("span", {}, nt("buys")),
      ...Array.from({ length: game.hand_size }, (_, i) => el("button", { type: "button", dataset: { count: i + 1 },
        on: { click: () => { nap.player = null; act("POST", "/api/taps/purchase", { player: actor, count: i + 1 }); } } }, String(i + 1)))));
  }
  for (const step of ["peek", "widow"].filter((s) => steps.includes(s))) {
    parts.push(el("button", { type: "button", dataset: { step },
      on: { click: () => act("POST", `/api/taps/${step}`, { player: game.turn }) } }, nt(step, game.turn)));
  }
  return el("div", { class: "card", "data-testid": "nap-before-bids" }, ...parts);
}

function napBidding(game) {
  if (!ui.canEdit || game.phase !== "bidding") return "";
  return el("div", { class: "card bids", "data-testid": "nap-bids" }, napBeforeBids(game),
    el("div", { class: "choices" }, ...game.bid_choices.map((c) => el("button", {
      type: "button", class: c.bid === "pass" ? "" : "primary", dataset: { bid: c.bid + (c.with_floater ? "+" : "") },
      on: { click: () => act("POST", "/api/taps/bid", { bid: c.bid, with_floater: c.with_floater, player: game.turn }) },
    }, bidWord(c.bid, c.with_floater)))));
}

function napPreparing(game) {
  if (!ui.canEdit || game.phase !== "preparing") return "";
  if (game.needs_floater) {
    return el("div", { class: "card" }, el("button", { type: "button", class: "primary",
      on: { click: () => act("POST", "/api/taps/floater", {}) } }, nt("take_floater")));
  }
  return el("div", { class: "card" }, el("span", {}, nt("declare"), " "), ...["S", "H", "D", "C"].map((s) => el("button", {
    type: "button", class: `suit ${s === "H" || s === "D" ? "red" : ""}`, dataset: { suit: s },
    on: { click: () => act("POST", "/api/taps/trumps", { suit: s }) } }, SUIT_SYMBOL[s])));
}

function napTrick(game) {
  if (!game.trick.length) return "";
  return el("div", { class: "card trick", "data-testid": "nap-trick" }, el("span", { class: "label" }, nt("trick"), " "),
    ...game.trick.map((c) => el("span", { class: "laid" }, c.player, " ", cardNode(c.card))));
}

function napPlay(game) {
  if (!ui.canEdit || game.phase !== "playing") return "";
  const played = new Set(game.played);
  const actor = napActor(game);
  const parts = [whoChips(game, actor)];
  parts.push(el("div", { class: "picker", "data-testid": "nap-cards" }, ...["S", "H", "D", "C"].map((s) => el("div", { class: "picker-row" },
    ...game.deck.filter((c) => c.endsWith(s)).map((card) => el("button", {
      type: "button", class: `pick ${s === "H" || s === "D" ? "red" : ""}`, dataset: { card }, disabled: played.has(card),
      on: { click: () => { nap.player = null; act("POST", "/api/play", { card, player: actor }); } },
    }, cardLabel(card)))))));
  if (!game.played.length) {
    parts.push(el("h3", {}, nt("quick")), el("p", { class: "hint" }, nt("quick_hint")),
      el("div", { class: "choices", "data-testid": "nap-quick" }, ...Array.from({ length: game.hand_size + 1 }, (_, n) => el("button", {
        type: "button", dataset: { tricks: n }, on: { click: () => act("POST", "/api/taps/tricks", { count: n }) } }, String(n)))));
  }
  return el("div", { class: "card pad" }, ...parts);
}

function revokeLine(r) {
  const penalty = nt("penalty")[r.penalty];
  return `${nt("revoke", r.player, cardLabel(r.card), SUIT_NAMES[ui.lang][r.led])} — ${typeof penalty === "function" ? penalty(r.units) : penalty}`;
}

function napRevokes(game) {
  if (!game.revokes.length) return "";
  return el("ul", { class: "notices", "data-testid": "nap-revokes" }, ...game.revokes.map((r) => el("li", {
    class: "notice", dataset: { kind: "revoke" } }, ...withSuits(revokeLine(r)))));
}

// The hand's result in one sentence, the one spoken aloud: "Bruno fait Nap ! 5 jetons de chacun".
function resultLine(s) {
  if (!s.bidder) return nt("all_passed");
  const bid = bidWord(s.bid, s.with_floater);
  const main = s.payments.find((p) => p.reason === (s.made ? "won" : "lost") && p.payer !== "pool" && p.payee !== "pool");
  const each = main ? " " + (s.made ? nt("each_from", main.amount) : nt("each_to", main.amount)) : "";
  const pool = s.payments.find((p) => p.reason === "pool_won" || p.reason === "pool_doubled");
  const extra = pool ? ", " + (pool.reason === "pool_won" ? nt("pool_won", pool.amount) : nt("pool_doubled", pool.amount)) : "";
  return (s.made ? nt("made", s.bidder, bid) : nt("failed", s.bidder, bid)) + each + extra;
}

function napParty(name) { return name === "pool" ? nt("pool_name") : name; }

function napSettlementNode(s) {
  return el("div", { class: "card settlement", dataset: { deal: s.deal_no }, "data-testid": "nap-settlement" },
    el("h3", {}, nt("hand_title", s.deal_no), " — ", resultLine(s)),
    s.bidder && !s.by_cards ? el("p", { class: "hint" }, nt("by_tricks", s.tricks_won)) : "",
    ...s.revokes.map((r) => el("p", { class: "note" }, ...withSuits(revokeLine(r)))),
    el("ul", { class: "payments" }, ...s.payments.map((p) => el("li", { class: "payment", dataset: { reason: p.reason, payer: p.payer } },
      el("div", { class: "pay-line" }, el("span", { class: "pay-who" }, napParty(p.payer), ` ${nt("to")} `, napParty(p.payee)),
        el("span", { class: "num" }, nt("chips", p.amount))),
      el("div", { class: "reason" }, nt("reason")[p.reason] || p.reason)))),
    el("p", { class: "after" }, nt("after_hand"), ": ", Object.entries(s.chips).map(([n, c]) => `${n} ${c}`).join(", "),
      `, ${nt("stacks_pool")} ${s.pool}`));
}

function napSettled(game) {
  if (game.phase !== "settled" || !game.settlements.length) return "";
  const last = game.settlements[game.settlements.length - 1];
  return el("div", { "data-testid": "nap-settled" }, napSettlementNode(last),
    ui.canEdit ? el("button", { type: "button", class: "primary", "data-testid": "nap-next",
      on: { click: () => act("POST", "/api/deals") } }, nt("next_hand")) : "");
}

function napUndo(game) {
  if (!ui.canEdit || !["bidding", "preparing", "playing", "settled"].includes(game.phase)) return "";
  return el("div", { class: "actions" }, el("button", { type: "button", "data-testid": "nap-undo",
    on: { click: () => act("POST", "/api/undo") } }, nt("undo")));
}

// Corrections: any bid, card or tricks count of the hand, changed or deleted.
function napFixRow(game, e) {
  const fix = (body) => act("POST", "/api/corrections", { index: e.index, ...body });
  let change = "";
  if (e.kind === "bid") {
    change = el("select", { "aria-label": nt("fix_change"), on: { change: (ev) => fix({ bid: ev.target.value }) } },
      ...Object.keys(nt("bid_word")).map((b) => el("option", { value: b, selected: b === e.data.bid }, bidWord(b))));
  } else if (e.kind === "tricks_won") {
    change = el("select", { "aria-label": nt("fix_change"), on: { change: (ev) => fix({ tricks: Number(ev.target.value) }) } },
      ...Array.from({ length: game.hand_size + 1 }, (_, n) => el("option", { value: n, selected: n === e.data.count }, String(n))));
  } else if (e.kind === "play") {
    const played = new Set(game.played);
    change = el("select", { "aria-label": nt("fix_change"), on: { change: (ev) => fix({ card: ev.target.value }) } },
      ...game.deck.filter((c) => c === e.card || !played.has(c)).map((c) => el("option", { value: c, selected: c === e.card }, cardLabel(c))));
  }
  const text = e.kind === "bid" ? `${e.player} ${bidWord(e.data.bid)}` : e.kind === "play" ? `${e.player} ${cardLabel(e.card)}`
    : e.kind === "tricks_won" ? nt("by_tricks", e.data.count) : e.text;
  return el("li", { class: `event ${e.corrected ? "corrected" : ""}`, dataset: { index: e.index, kind: e.kind } },
    el("span", {}, ...withSuits(text)),
    ui.canEdit && !e.corrected && change ? change : "",
    ui.canEdit && !e.corrected && change ? el("button", { type: "button", class: "small", on: { click: () => fix({ action: "delete" }) } },
      nt("fix_delete")) : "");
}

function renderNapFix(game) {
  $("events").replaceChildren(...game.events.filter((e) => ["bid", "play", "tricks_won", "declare_trumps"].includes(e.kind))
    .slice().reverse().map((e) => napFixRow(game, e)));
}

function renderNapScore(game) {
  const names = game.players.map((p) => p.name);
  const pool = nt("stacks_pool");
  $("totals").replaceChildren(
    el("tr", {}, el("th", {}, ""), ...names.map((n) => el("th", {}, n)), el("th", {}, pool)),
    ...game.stacks.map((s) => el("tr", { dataset: { deal: s.deal_no } }, el("td", {}, s.deal_no ? String(s.deal_no) : "—"),
      ...names.map((n) => el("td", { class: `num ${s.chips[n] < 0 ? "neg" : ""}` }, String(s.chips[n]))),
      el("td", { class: "num" }, String(s.pool)))));
  const points = game.stacks.map((s) => ({ deal_no: s.deal_no, chips: { ...s.chips, [pool]: s.pool } }));
  $("chart").innerHTML = stackChart(points, [...names, pool]);
  $("settlements").replaceChildren(...game.settlements.slice().reverse().map(napSettlementNode));
  $("export-json").href = `/api/games/${game.id}/export.json`;
  $("export-csv").href = `/api/games/${game.id}/ledger.csv`;
}

// Speech: the bid won once the bidding closes, and each hand's result, in the page's language (never history).
function napAnnounce(game) {
  const say = (key, text) => {
    if (ui.announced.has(key)) return;
    ui.announced.add(key);
    if (!ui.firstState) { speak(text); napBanner(text); }
  };
  if (game.bidder && (game.phase === "preparing" || game.phase === "playing")) {
    say(`nap-bid-${game.id}-${game.deal_no}-${game.bidder}-${game.bid}`, nt("speak_bid", game.bidder, bidWord(game.bid)));
  }
  const last = game.settlements[game.settlements.length - 1];
  if (last && game.phase === "settled") say(`nap-result-${game.id}-${last.deal_no}-${resultLine(last)}`, resultLine(last));
}

function napBanner(text) {
  const banner = $("announce");
  banner.textContent = text;
  banner.classList.remove("hidden");
  clearTimeout(napBanner.timer);
  napBanner.timer = setTimeout(() => banner.classList.add("hidden"), 8000);
}

function renderNap(game) {
  $("nap").replaceChildren(napStatus(game), napRevokes(game), napBidding(game), napPreparing(game), napTrick(game),
    napPlay(game), napSettled(game), napPlayers(game), napUndo(game));
  renderNapFix(game);
  renderNapScore(game);
  napAnnounce(game);
}

GAME_SCREENS.nap = { title: "Nap", render: renderNap };
