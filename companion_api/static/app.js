// The phone page: renders the state the server pushes over the WebSocket (it never polls) and sends taps to
// the REST API with the table's join code. No build step, no external files.
"use strict";

const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const BOXES = ["10D", "JC", "QS", "KH", "7D"];
const $ = (id) => document.getElementById(id);

const ui = {
  lang: localStorage.getItem("nj-lang") || "fr",
  code: null,
  canEdit: false,
  state: null,
  tab: "live",
  padRank: null,
  padPlayer: null,
  openEvent: null,
  announced: new Set(),
  firstState: true,
  reveal: {},
  editing: null,
  rules: [],
  calib: { zone: "pile", zones: { pile: [], board: [], boxes: {}, seats: {} }, size: null, view: null },
  online: false,
  reshow: false,
  lastTap: 0,
  confirmDelete: null,
  games: [],
  wrongCode: false,
};

// Games with screens of their own (nap.js registers "nap"); a game not listed here is Nain Jaune's page.
const GAME_SCREENS = {};
// Fields other modules add to a new game's set-up (enrol.js: the deck); each returns an object merged into it.
const SETUP_EXTRAS = [];

const TAP_GUARD_MS = 400; // a second tap this soon after a card is a double tap, not a second card
const NAME_MAX = 24;

function t(key, ...args) {
  const w = WORDS[ui.lang][key];
  return typeof w === "function" ? w(...args) : (w ?? key);
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "on") for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function cardNode(card, extra = "") {
  const red = card && (card.endsWith("H") || card.endsWith("D"));
  return el("span", { class: `cardface ${red ? "red" : ""} ${extra}` }, cardLabel(card));
}

// Text with its cards (Q♥, 10♦…) in their colours: hearts and diamonds red wherever a card is named.
function withSuits(text) {
  const parts = [];
  let last = 0;
  for (const m of String(text).matchAll(/(10|[A2-9JQKVDR])([♠♥♦♣])/g)) {
    parts.push(text.slice(last, m.index), el("span", { class: m[2] === "♥" || m[2] === "♦" ? "red" : "" }, m[0]));
    last = m.index + m[0].length;
  }
  parts.push(String(text).slice(last));
  return parts.filter((p) => p !== "");
}

// ---- server access ---------------------------------------------------------------------------------------

function showError(message) {
  const box = $("error");
  box.replaceChildren(...withSuits(message));
  box.classList.remove("hidden");
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => box.classList.add("hidden"), 8000);
}

// What a refusal means for the family, in their language; the server's own words only in English.
function refusalText(status, detail, body, path) {
  if (status === 403) return t("err_readonly");
  if (path === "/api/undo" && status === 409) return t("err_undo");
  const game = ui.state && ui.state.game;
  if (body && body.card && game) {
    const why = game.played.includes(body.card) ? t("why_played")
      : game.wanted && body.card.slice(0, -1) !== game.wanted ? t("why_wanted", game.wanted) : t("why_rules");
    return t("err_play", cardLabel(body.card), why) + (ui.lang === "en" && detail ? ` (${detail})` : "");
  }
  if (ui.lang === "en" && detail) return detail;
  if (path === "/api/calibration" && /^board(_size)?:/.test(detail)) return t(detail.startsWith("board_size") ? "err_board_size" : "err_board");
  return status === 409 || status === 422 ? t("err_refused") : t("err_other");
}

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (ui.code) headers["X-Join-Code"] = ui.code;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    if (method !== "GET") showError(t("offline_refused"));
    throw e;
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail : "";
    const message = refusalText(response.status, detail, body, path);
    showError(message);
    throw new Error(message);
  }
  return data;
}

async function checkAccess() {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get("code");
  if (fromUrl) localStorage.setItem("nj-code", fromUrl.toUpperCase());
  ui.code = localStorage.getItem("nj-code");
  const access = await api("GET", "/api/access" + (ui.code ? `?code=${encodeURIComponent(ui.code)}` : ""));
  ui.canEdit = access.can_edit;
  ui.wrongCode = !ui.canEdit && !!ui.code;
  document.body.classList.toggle("readonly", !ui.canEdit);
  $("setup-fields").disabled = !ui.canEdit;
  renderAccess();
}

function renderAccess() {
  const badge = $("access");
  badge.textContent = ui.canEdit ? t("edit") : t("readonly");
  badge.className = "badge " + (ui.canEdit ? "ok" : "ro");
  const banner = $("ro-banner");
  banner.textContent = ui.wrongCode ? t("ro_wrong", ui.code) : t("ro_banner");
  banner.classList.toggle("hidden", ui.canEdit);
}

function connect(delay = 500) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws`);
  ws.onopen = () => { setOnline(true); delay = 500; };
  ws.onmessage = (msg) => render(JSON.parse(msg.data));
  ws.onclose = () => {
    setOnline(false);
    setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
  };
}

function setOnline(online) {
  ui.online = online;
  $("link").classList.toggle("on", online);
  $("offline").textContent = t("offline");
  $("offline").classList.toggle("hidden", online);
}

// ---- rendering ---------------------------------------------------------------------------------------------

function render(state) {
  const before = ui.state && ui.state.game ? ui.state.game.id : null;
  ui.state = state;
  const game = state.game;
  if (game && before !== null && before !== game.id) loadGames();
  document.body.dataset.revision = state.revision;
  $("no-game").classList.toggle("hidden", !!game);
  $("live").classList.toggle("hidden", !game);
  renderSource(state.source);
  document.body.dataset.game = game ? game.game || "nain_jaune" : "";
  if (!game) { ui.firstState = false; return; }
  const screen = GAME_SCREENS[game.game];
  document.querySelector(".topbar h1").textContent = screen ? screen.title : "Nain Jaune";
  if (screen) { screen.render(game); ui.firstState = false; return; }
  if (!game.players.some((p) => p.name === ui.padPlayer)) ui.padPlayer = null;
  renderBoxes(game);
  renderStatus(game);
  renderPlayers(game);
  renderQuestions(game);
  renderNotices(game);
  renderPad(game);
  renderShowdown(game);
  renderSettled(game);
  renderEvents(game);
  renderScore(game);
  announce(game);
  ui.firstState = false;
}

function renderSource(source) {
  const where = source.label.includes(":") ? source.label.slice(source.label.indexOf(":")) : "";
  const trouble = source.error ? " — " + (ui.lang === "en" ? source.error : t("source_error")) : "";
  $("source").textContent = source.kind === "idle" ? t("no_source") : `${t("source_kinds")[source.kind] || source.kind}${where}${trouble}`;
  const cam = $("camera");
  if (source.camera_view && cam.classList.contains("hidden")) { cam.src = "/api/camera.mjpg"; cam.classList.remove("hidden"); }
  if (!source.camera_view && !cam.classList.contains("hidden")) { cam.removeAttribute("src"); cam.classList.add("hidden"); }
}

function boxStake(game, box) { return game.board[box] ?? 0; }

function renderBoxes(game) {
  const boxes = $("boxes");
  boxes.replaceChildren(...BOXES.map((box) => el("div", { class: `box box-${box}`, dataset: { box } },
    el("div", { class: "box-card" }, cardNode(box)),
    el("div", { class: "box-stake" }, String(boxStake(game, box))))));
}

function renderStatus(game) {
  const ranks = game.sequence.map((c) => c.slice(0, -1));
  const seq = $("sequence");
  if (game.phase !== "play") seq.textContent = "";
  else if (!ranks.length) seq.textContent = t("free_lead");
  else seq.textContent = ranks.join(" ") + " " + (game.wanted ? (game.stopped ? t("sans", game.wanted) : t("wanted", game.wanted)) : "");
  $("turn").textContent = game.turn ? t("turn", game.turn) : (game.winner ? t("settled_title", game.winner) : "");
  const last = $("lastcard");
  last.replaceChildren();
  if (game.last_play) {
    const conf = game.last_play.confidence;
    last.append(el("span", { class: "label" }, t("last_seen")), cardNode(game.last_play.card, "big"),
      el("span", {}, game.last_play.player),
      conf === null || conf === undefined ? "" : el("span", { class: "conf" }, `${t("confidence")} ${Math.round(conf * 100)} %`));
  }
  const reminder = $("reminder");
  const pending = game.pending_call;
  const friendly = $("pref-friendly").checked;
  // with the pad open the call sits at its top, right where the card was just tapped
  const padOpen = ui.canEdit && game.phase === "play" && !game.game_over;
  (padOpen ? $("pad") : $("live")).prepend(reminder);
  if (pending && (friendly || ui.canEdit)) {
    const h = HONOURS[ui.lang][pending.box];
    reminder.replaceChildren(
      friendly ? el("div", {}, t("remind", pending.player, h, pending.stake)) : "",
      ui.canEdit ? el("button", { type: "button", class: "primary call", "data-testid": "call",
        on: { click: () => act("POST", "/api/call", { box: pending.box, player: pending.player }) } },
      t("call_btn", h, pending.stake)) : "");
    reminder.classList.remove("hidden");
    const key = `remind-${game.id}-${pending.box}-${game.last_play && game.last_play.index}`;
    if (friendly && !ui.announced.has(key)) { ui.announced.add(key); speak(t("remind", pending.player, h, pending.stake)); }
  } else reminder.classList.add("hidden");
}

function renderPlayers(game) {
  const actor = ui.canEdit && game.phase === "play" ? (ui.padPlayer || game.turn) : null;
  $("players").replaceChildren(...game.players.map((p) => el("li", {
    class: `player ${p.is_turn ? "turn" : ""} ${ui.canEdit ? "tappable" : ""} ${p.name === actor ? "actor" : ""}`, dataset: { player: p.name },
    on: { click: () => { if (ui.canEdit) { ui.padPlayer = p.name; renderPlayers(game); renderPad(game); } } },
  }, el("span", { class: "name" }, p.name, p.is_dealer ? el("span", { class: "dealer", title: t("dealer") }, "D") : ""),
  el("span", { class: "left" }, p.cards_left === null ? "" : t("cards_n", p.cards_left)),
  el("span", { class: "stack" }, `${p.chips} ${t("chips_short")}`))));
}

function questionNode(q) {
  return el("div", { class: "question card", "data-testid": "question" },
    el("p", {}, t("who_played", cardLabel(q.card))),
    el("div", { class: "choices" }, ...q.candidates.map((name) => el("button", {
      type: "button", class: "primary", disabled: !ui.canEdit,
      on: { click: () => act("POST", `/api/questions/${q.id}`, { player: name }) },
    }, name)), el("button", { type: "button", disabled: !ui.canEdit,
      on: { click: () => act("POST", `/api/questions/${q.id}`, { player: null }) } }, t("dismiss"))));
}

function renderQuestions(game) {
  $("questions").replaceChildren(...game.questions.map(questionNode));
  $("fix-questions").replaceChildren(...game.questions.map(questionNode));
  $("fix-count").textContent = game.questions.length ? String(game.questions.length) : "";
}

const QUIET_NOTICES = ["deal_over"]; // shown by the phase itself

function noticeText(n) {
  const words = t("notice");
  return (words[n.kind] || words.other)(n.player || "?", n.card ? cardLabel(n.card) : "?");
}

function renderNotices(game) {
  const shown = game.notices.filter((n) => !QUIET_NOTICES.includes(n.kind)).slice(-3).reverse();
  $("notices").replaceChildren(...shown.map((n) => el("li", { class: "notice", dataset: { kind: n.kind } },
    ...withSuits(noticeText(n)))));
}

// The plays of this deal whose honour was not called in time (a missed call leaves its mark in Corriger).
function missedPlays(game) {
  const missed = game.notices.filter((n) => n.kind === "call_missed").map((n) => `${n.player}|${n.card}`);
  return new Set(game.events.filter((e) => e.kind === "play" && !e.corrected && missed.includes(`${e.player}|${e.card}`))
    .map((e) => e.index));
}

function playedSet(game) { return new Set(game.played); }

function renderPadLast(game) {
  const last = game.last_play;
  const box = $("pad-last");
  if (!last) { box.replaceChildren(t("nothing_laid")); return; }
  const [words, card] = t("laid", cardNode(last.card), last.player);
  const seq = $("sequence").textContent;
  box.replaceChildren(words, card, seq ? el("span", { class: "pad-seq" }, seq) : "");
  if (box.dataset.index !== String(last.index)) {
    box.dataset.index = String(last.index);
    box.classList.remove("flash");
    void box.offsetWidth; // restart the flash for the new card
    box.classList.add("flash");
  }
}

// A suit or pass tap: refused while offline; ignored within TAP_GUARD_MS of the last one (a double tap lands on
// the next rank's suit once the pad has moved on) unless a rank was chosen in between.
async function padTap(path, body) {
  const now = Date.now();
  if (now - ui.lastTap < TAP_GUARD_MS) return;
  ui.lastTap = now;
  if (!ui.online) { showError(t("offline_refused")); return; }
  await act("POST", path, body);
}

function renderPad(game) {
  const pad = $("pad");
  const open = ui.canEdit && game.phase === "play" && !game.game_over;
  pad.classList.toggle("hidden", !open);
  if (!open) return;
  renderPadLast(game);
  const actor = ui.padPlayer || game.turn || game.players[0].name;
  $("pad-who").replaceChildren(el("span", {}, t("playing_as")), ...game.players.map((p) => el("button", {
    type: "button", class: `chip ${p.name === actor ? "selected" : ""}`, dataset: { player: p.name },
    on: { click: () => { ui.padPlayer = p.name; renderPlayers(game); renderPad(game); } },
  }, p.name)));
  const played = playedSet(game);
  const rank = ui.padRank || game.wanted || null;
  $("pad-ranks").replaceChildren(...RANK_ORDER.map((r) => el("button", {
    type: "button", class: `rank ${r === rank ? "selected" : ""} ${r === game.wanted ? "wanted" : ""}`,
    dataset: { rank: r }, disabled: ["S", "H", "D", "C"].every((s) => played.has(r + s)),
    on: { click: () => { ui.padRank = r; ui.lastTap = 0; renderPad(game); } },
  }, r)));
  $("pad-suits").replaceChildren(...(rank ? ["S", "H", "D", "C"].map((s) => {
    const card = rank + s;
    return el("button", {
      type: "button", class: `suit ${s === "H" || s === "D" ? "red" : ""}`, dataset: { card },
      disabled: played.has(card), "aria-label": card,
      on: { click: () => {
        if (Date.now() - ui.lastTap < TAP_GUARD_MS) return;
        ui.padRank = null; ui.padPlayer = null; padTap("/api/play", { card, player: actor });
      } },
    }, cardLabel(card));
  }) : []));
}

function cardPicker(selected, exclude, onToggle) {
  return el("div", { class: "picker" }, ...["S", "H", "D", "C"].map((s) => el("div", { class: "picker-row" },
    ...RANK_ORDER.map((r) => {
      const card = r + s;
      return el("button", {
        type: "button", class: `pick ${s === "H" || s === "D" ? "red" : ""} ${selected.has(card) ? "selected" : ""}`,
        dataset: { card }, disabled: exclude.has(card), on: { click: () => onToggle(card) },
      }, cardLabel(card));
    }))));
}

// The losers' hands to pick (`sizes`: how many cards each should show); `path` receives them.
function handsEditor(game, sizes, path) {
  const played = playedSet(game);
  const taken = new Set(Object.values(ui.reveal).flatMap((s) => [...s]));
  const parts = [el("h2", {}, t("showdown_title"))];
  for (const [name, size] of Object.entries(sizes)) {
    const mine = ui.reveal[name] || (ui.reveal[name] = new Set());
    const exclude = new Set([...played, ...[...taken].filter((c) => !mine.has(c))]);
    parts.push(el("h3", {}, t("reveal_for", name, size), ` (${mine.size})`));
    if (ui.canEdit) parts.push(cardPicker(mine, exclude, (card) => {
      if (mine.has(card)) mine.delete(card); else mine.add(card);
      renderShowdown(game);
    }));
  }
  if (ui.canEdit) parts.push(el("button", { type: "button", class: "primary", "data-testid": "reveal-ok", on: { click: async () => {
    const hands = Object.fromEntries(Object.keys(sizes).map((n) => [n, [...(ui.reveal[n] || [])]]));
    try { await api("POST", path, { hands }); ui.reveal = {}; ui.reshow = false; render(ui.state); } catch (e) { /* shown */ }
  } } }, t("reveal_ok")));
  if (ui.reshow) parts.push(el("button", { type: "button", on: { click: () => { ui.reshow = false; ui.reveal = {}; render(ui.state); } } }, t("cancel")));
  return parts;
}

function renderShowdown(game) {
  const box = $("showdown");
  const last = game.settlements[game.settlements.length - 1];
  const reshow = ui.reshow && game.phase === "settled" && last;
  const open = (game.phase === "showdown" && game.losers_to_reveal.length > 0) || reshow;
  box.classList.toggle("hidden", !open);
  if (!open) { ui.reshow = false; return; }
  const sizes = reshow ? Object.fromEntries(Object.entries(last.remaining).map(([n, h]) => [n, h.length]))
    : Object.fromEntries(game.losers_to_reveal.map((n) => [n, game.players.find((p) => p.name === n).cards_left]));
  box.replaceChildren(...handsEditor(game, sizes, reshow ? "/api/showdown/correct" : "/api/showdown"));
}

function startReshow(game) {
  const last = game.settlements[game.settlements.length - 1];
  ui.reveal = Object.fromEntries(Object.entries(last.remaining).map(([n, h]) => [n, new Set(h)]));
  ui.reshow = true;
  render(ui.state);
  $("showdown").scrollIntoView({ block: "start" });
}

const POINTS = { A: 1, J: 10, Q: 10, K: 10 };
const cardPoints = (card) => POINTS[card.slice(0, -1)] ?? Number(card.slice(0, -1));

// One line saying why a payment was asked for (and why less was paid), from the hand left and the options.
function paymentWhy(s, p, options, missed) {
  const hand = s.remaining[p.payer] || [];
  const card = p.card ? cardLabel(p.card) : "";
  let why;
  if (p.reason === "cards") {
    const pts = hand.reduce((sum, c) => sum + cardPoints(c), 0);
    why = options.payment === "cards" ? t("why_cards_each", hand.length, options.chips_per_card ?? 1)
      : pts === p.due ? t("why_cards_points", hand.length, pts) : t("why_cards_n", hand.length);
  } else if (p.reason === "bete") {
    why = missed.has(`${p.payer}|${p.card}`) && !hand.includes(p.card) ? t("why_bete_missed", card) : t("why_bete", card);
  } else if (p.reason === "opera") why = t("why_opera", card);
  else if (p.reason === "hoc") why = t("why_hoc", card);
  else if (p.reason === "sweep") why = t("why_sweep", card);
  else why = t("reason")[p.reason] || p.reason;
  if (p.due !== null && p.due !== undefined && p.amount < p.due) {
    why += " — " + (BOXES.includes(p.payer) ? t("why_short_plain") : t("why_short", p.payer, p.amount));
  }
  return why;
}

function paymentRows(s, options) {
  const party = (name) => BOXES.includes(name) ? t("box_name", cardLabel(name)) : name;
  const missed = new Set((s.missed_calls || []).map((m) => `${m.player}|${m.card}`));
  return s.payments.map((p) => {
    const short = p.due !== null && p.due !== undefined && p.due !== p.amount;
    return el("li", { class: `payment ${short ? "short" : ""}`, dataset: { reason: p.reason, payer: p.payer } },
      el("div", { class: "pay-line" }, el("span", { class: "pay-who" }, party(p.payer), ` ${t("to")} `, ...withSuits(party(p.payee))),
        el("span", { class: "num" }, t("chips_of", p.amount))),
      short ? el("div", { class: "owed" }, t("owed_paid", p.amount, p.due)) : "",
      el("div", { class: "reason" }, ...withSuits(paymentWhy(s, p, options, missed))));
  });
}

// Lines about what moved no chips: calls forgotten, bêtes with an empty box.
function settlementNotes(s, options) {
  const notes = (s.missed_calls || []).map((m) => t("missed_line", m.player, cardLabel(m.card)));
  if (options.bete !== false && options.bete !== "off") {
    const paid = new Set(s.payments.filter((p) => p.reason === "bete").map((p) => `${p.payer}|${p.card}`));
    for (const [player, hand] of Object.entries(s.remaining || {})) {
      for (const card of hand) if (BOXES.includes(card) && !paid.has(`${player}|${card}`)) notes.push(t("bete_empty", player, cardLabel(card)));
    }
  }
  return notes;
}

function settlementNode(s, options = {}) {
  const antes = Object.entries(s.antes || {}).map(([p, n]) => `${p} ${n}`).join(", ");
  return el("div", { class: "card settlement", dataset: { deal: s.deal_no } },
    el("h3", {}, t("deal", s.deal_no), " — ", t("settled_title", s.winner || "?"), s.opera ? " " + t("opera") : ""),
    antes ? el("p", { class: "antes" }, t("antes_line", antes)) : "",
    el("ul", { class: "payments" }, ...paymentRows(s, options)),
    ...settlementNotes(s, options).map((n) => el("p", { class: "note", "data-testid": "settlement-note" }, ...withSuits(n))),
    el("p", { class: "after" }, t("box_after"), ": ", ...BOXES.map((b) => el("span", { class: "boxafter" }, cardNode(b), " ", String(s.board[b] ?? 0)))));
}

function renderSettled(game) {
  const box = $("settled");
  const last = game.settlements[game.settlements.length - 1];
  const open = game.phase === "settled" && last;
  box.classList.toggle("hidden", !open);
  if (!open) return;
  box.replaceChildren(settlementNode(last, game.options),
    game.game_over ? el("div", { class: "gameover", "data-testid": "game-over-live" }, gameOverText(game),
      el("button", { type: "button", on: { click: () => showTab("score") } }, t("see_scores"))) : "",
    game.notices.some((n) => n.kind === "hand_mismatch") ? el("p", { class: "note" }, t("hands_stale")) : "",
    ui.canEdit && !ui.reshow ? el("button", { type: "button", "data-action": "reshow", on: { click: () => startReshow(game) } }, t("reshow")) : "",
    ui.canEdit && !game.game_over
      ? el("button", { type: "button", class: "primary", "data-testid": "next-deal", on: { click: () => act("POST", "/api/deals") } }, t("next_deal"))
      : "");
}

const CORRECTABLE = ["play", "pass", "call", "sweep"];

function playerName(game, seat) { return game.players[seat] ? game.players[seat].name : "?"; }

function eventText(game, d) {
  const who = d.seat !== undefined ? playerName(game, d.seat) : "";
  switch (d.type) {
    case "play": return `${who} ${cardLabel(d.card)}${d.call ? " — " + t("called") : ""}`;
    case "pass": return t("ev_pass", who);
    case "call": return `${who} — ${HONOURS[ui.lang][d.card] || cardLabel(d.card)} ${t("takes")}`;
    case "sweep": return t("ev_sweep", who, cardLabel(d.box));
    case "new_deal": return t("ev_new_deal", playerName(game, d.dealer));
    case "ante": return t("ev_ante", who, Object.values(d.stakes || {}).reduce((a, b) => a + b, 0));
    case "deal": return t("ev_deal");
    case "showdown": return t("ev_showdown");
    case "settlement": return t("ev_settlement");
    case "correction": return `${t("corrected")} #${d.index}: ` + (d.replacement ? eventText(game, d.replacement) : t("ev_removed"));
    default: return d.type;
  }
}

function eventActions(game, e) {
  if (ui.confirmDelete === e.index) {
    return el("div", { class: "ev-actions confirm" }, el("span", { class: "ask" }, t("delete_ask")),
      el("button", { type: "button", class: "danger", "data-action": "confirm-delete", on: { click: () => {
        ui.confirmDelete = null; ui.openEvent = null;
        act("POST", "/api/corrections", { index: e.index, action: "delete" });
      } } }, t("yes_delete")),
      el("button", { type: "button", "data-action": "keep", on: { click: () => { ui.confirmDelete = null; renderEvents(game); } } }, t("no")));
  }
  return el("div", { class: "ev-actions" },
    e.kind === "play" ? el("button", { type: "button", "data-action": "card", on: { click: () => openEditor(e, "card") } }, t("change_card")) : "",
    el("button", { type: "button", "data-action": "player", on: { click: () => openEditor(e, "player") } }, t("change_player")),
    e.kind === "play" && BOXES.includes(e.card) && !e.data.call ? el("button", { type: "button", "data-action": "called",
      on: { click: () => act("POST", "/api/corrections", { index: e.index, action: "replace", call: true }) } }, t("was_called")) : "",
    el("button", { type: "button", class: "danger", "data-action": "delete", on: { click: () => { ui.confirmDelete = e.index; renderEvents(game); } } }, t("delete")));
}

function renderEvents(game) {
  const missed = missedPlays(game);
  const items = game.events.filter((e) => e.kind !== "ante").reverse().map((e) => {
    const fixable = ui.canEdit && !e.corrected && CORRECTABLE.includes(e.kind);
    const minor = !CORRECTABLE.includes(e.kind) && e.kind !== "correction";
    const open = fixable && ui.openEvent === e.index;
    return el("li", {
      class: `event ${e.corrected ? "corrected" : ""} ${minor ? "minor" : ""} ${fixable ? "tappable" : ""} ${open ? "open" : ""}`,
      dataset: { index: e.index, kind: e.kind },
      on: { click: (ev) => { if (fixable && !ev.target.closest("button")) { ui.openEvent = open ? null : e.index; renderEvents(game); } } },
    },
    el("div", { class: "ev-line" },
      el("span", { class: "ev-index" }, `#${e.index}`),
      el("span", { class: "ev-text" }, ...withSuits(eventText(game, e.data)),
        missed.has(e.index) ? el("span", { class: "ev-missed", "data-testid": "missed-mark" }, t("missed_mark")) : ""),
      e.confidence !== null && e.confidence !== undefined ? el("span", { class: "ev-conf" }, `${Math.round(e.confidence * 100)} %`) : "",
      e.source !== "tap" ? el("span", { class: "ev-source" }, t("source_kinds")[e.source] || e.source) : "",
      fixable ? el("span", { class: "ev-more" }, open ? "▲" : "▼") : "",
      ui.canEdit && e.kind === "correction" ? el("button", { type: "button", class: "small", "data-action": "revert",
        on: { click: () => act("POST", `/api/corrections/${e.index}/revert`) } }, t("revert")) : ""),
    open ? eventActions(game, e) : "");
  });
  $("events").replaceChildren(...items);
}

function openEditor(event, what) {
  const box = $("fix-editor");
  const game = ui.state.game;
  const close = () => { box.classList.add("hidden"); box.replaceChildren(); };
  const send = async (fields) => { await act("POST", "/api/corrections", { index: event.index, action: "replace", ...fields }); close(); };
  const body = what === "card"
    ? cardPicker(new Set([event.card]), new Set(game.played.filter((c) => c !== event.card)), (card) => send({ card }))
    : el("div", { class: "choices" }, ...game.players.map((p) => el("button", { type: "button", class: "primary", on: { click: () => send({ player: p.name }) } }, p.name)));
  box.replaceChildren(el("h3", {}, `#${event.index} ${eventText(game, event.data)} — `, t(what === "card" ? "choose_card" : "choose_player")), body,
    el("button", { type: "button", on: { click: close } }, t("cancel")));
  box.classList.remove("hidden");
  box.scrollIntoView({ block: "start" });
}

function gameOverText(game) {
  const ruined = game.players.filter((p) => p.chips < 15).map((p) => p.name);
  return t("game_over", ruined.join(", ") || "?", ruined.length);
}

// One row per player (names wrap in the first column), one column per deal: the table grows to the right
// inside its own scroller, never the page.
function renderScore(game) {
  const points = game.stacks;
  const head = el("tr", {}, el("th", { class: "who" }, t("player_col")),
    ...points.map((p) => el("th", { class: "num" }, p.deal_no === 0 ? t("start_row") : t("deal", p.deal_no))));
  const rows = game.players.map((p) => el("tr", { dataset: { player: p.name } }, el("th", { class: "who" }, p.name),
    ...points.map((pt) => el("td", { class: "num" }, String(pt.chips[p.name] ?? "")))));
  $("totals").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  $("chart").innerHTML = stackChart(points, game.players.map((p) => p.name));
  $("settlements").replaceChildren(...game.settlements.slice().reverse().map((s) => settlementNode(s, game.options)));
  const over = $("gameover");
  over.classList.toggle("hidden", !game.game_over);
  if (game.game_over) over.textContent = gameOverText(game);
  renderGames();
  $("export-json").href = `/api/games/${game.id}/export.json`;
  $("export-csv").href = `/api/games/${game.id}/ledger.csv`;
}

const PALETTE = ["#c0392b", "#2471a3", "#239b56", "#b7950b", "#7d3c98", "#ca6f1e", "#17a589", "#566573"];

function stackChart(points, names) {
  if (points.length < 1) return "";
  const w = 340, h = 180, pad = 28;
  const values = points.flatMap((p) => names.map((n) => p.chips[n] ?? 0));
  const max = Math.max(1, ...values);
  const min = Math.min(0, ...values); // stacks may go below zero (Nap's debts): the zero line is drawn then
  const x = (i) => pad + (points.length === 1 ? 0 : (i * (w - 2 * pad)) / (points.length - 1));
  const y = (v) => h - pad - ((v - min) * (h - 2 * pad)) / (max - min);
  const lines = names.map((n, k) => {
    const d = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.chips[n] ?? 0).toFixed(1)}`).join(" ");
    const dots = points.map((p, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(p.chips[n] ?? 0).toFixed(1)}" r="4" fill="${PALETTE[k % 8]}"/>`).join("");
    return `<path d="${d}" fill="none" stroke="${PALETTE[k % 8]}" stroke-width="3"/>${dots}`;
  }).join("");
  const legend = names.map((n, k) => `<span style="color:${PALETTE[k % 8]}">● ${escapeHtml(n)}</span>`).join("");
  return `<div class="legend">${legend}</div><svg viewBox="0 0 ${w} ${h}" role="img" aria-label="chips per deal">` +
    `<line x1="${pad}" y1="${y(0)}" x2="${w - pad}" y2="${y(0)}" stroke="#999"/>` +
    `<line x1="${pad}" y1="${pad}" x2="${pad}" y2="${h - pad}" stroke="#999"/>` +
    `<text x="2" y="${pad}" font-size="11">${max}</text><text x="2" y="${y(0)}" font-size="11">0</text>` +
    (min < 0 ? `<text x="2" y="${h - pad}" font-size="11" class="neg">${min}</text>` : "") + `${lines}</svg>`;
}

function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

// ---- announcements -------------------------------------------------------------------------------------------

function speak(text) {
  if (!$("pref-voice").checked || !("speechSynthesis" in window)) return;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = ui.lang === "fr" ? "fr-FR" : "en-GB";
  window.speechSynthesis.speak(u);
}

function announce(game) {
  for (const n of game.notices) {
    if (n.kind !== "call_missed") continue;
    const key = `${game.id}-${n.event_index}-${n.box}`;
    if (ui.announced.has(key)) continue;
    ui.announced.add(key);
    if (ui.firstState) continue; // history is not re-announced when a phone joins
    const text = t("missed_who", n.player || "?", HONOURS[ui.lang][n.box] || n.box, n.stake ?? 0);
    const banner = $("announce");
    banner.textContent = text;
    banner.classList.remove("hidden");
    clearTimeout(announce.timer);
    announce.timer = setTimeout(() => banner.classList.add("hidden"), 8000);
    speak(text);
  }
}

// ---- actions ---------------------------------------------------------------------------------------------------

async function act(method, path, body) {
  try { await api(method, path, body); } catch (e) { /* shown by api() */ }
}

function showTab(name) {
  ui.tab = name;
  for (const b of document.querySelectorAll(".tabs button")) b.classList.toggle("active", b.dataset.tab === name);
  for (const s of document.querySelectorAll(".tab")) s.classList.toggle("hidden", s.id !== `tab-${name}`);
  if (name === "setup") loadCalibration();
  if (name === "score") loadGames();
  window.scrollTo(0, 0);
}

// ---- other games (resume one a new game replaced) ---------------------------------------------------------------

async function loadGames() {
  try { ui.games = await api("GET", "/api/games"); } catch (e) { ui.games = []; }
  renderGames();
}

function renderGames() {
  const current = ui.state && ui.state.game ? ui.state.game.id : null;
  const others = ui.games.filter((g) => g.id !== current && g.events > 0);
  $("games-card").classList.toggle("hidden", !others.length);
  $("games").replaceChildren(...others.map((g) => el("li", { class: "game-row", dataset: { game: g.id } },
    el("div", {}, el("strong", {}, t("game_label", g.id, new Date(g.created_at).toLocaleDateString(ui.lang === "fr" ? "fr-FR" : "en-GB"))),
      el("div", { class: "hint" }, g.players || "", " · ", t("status")[g.status] || g.status)),
    ui.canEdit ? el("button", { type: "button", class: "primary", "data-action": "resume", on: { click: async () => {
      try { await api("POST", `/api/games/${g.id}/resume`); ui.reveal = {}; await loadGames(); showTab("live"); } catch (e) { /* shown */ }
    } } }, t("resume")) : "")));
}

function applyLanguage() {
  const values = optionValues();
  document.documentElement.lang = ui.lang;
  $("lang").textContent = ui.lang === "fr" ? "EN" : "FR";
  for (const node of document.querySelectorAll("[data-i18n]")) {
    const span = node.querySelector(".count");
    node.textContent = t(node.dataset.i18n);
    if (span) node.append(" ", span);
  }
  renderAccess();
  $("offline").textContent = t("offline");
  renderRuleNames();
  renderOptions(values);
  renderGames();
  if (ui.state) render(ui.state);
}

// ---- setup form ----------------------------------------------------------------------------------------------

function seatRow(name) {
  const row = el("li", { class: "seat" },
    el("input", { type: "text", value: name, placeholder: "…", "aria-label": "name", on: { input: refreshDealer } }),
    el("button", { type: "button", class: "small", "aria-label": "up", on: { click: () => { if (row.previousElementSibling) row.parentNode.insertBefore(row, row.previousElementSibling); refreshDealer(); } } }, "↑"),
    el("button", { type: "button", class: "small", "aria-label": "remove", on: { click: () => { row.remove(); refreshDealer(); } } }, "✕"));
  return row;
}

function seatNames() {
  return [...document.querySelectorAll("#seat-list input")].map((i) => i.value.trim()).filter(Boolean);
}

function refreshDealer() {
  const select = $("dealer");
  const previous = select.value;
  select.replaceChildren(...seatNames().map((n) => el("option", { value: n, selected: n === previous }, n)));
}

// The options as set on the form, so a change of language keeps them.
function optionValues() {
  const values = {};
  for (const input of document.querySelectorAll("#options [data-option]")) {
    values[input.name] = input.type === "checkbox" ? input.checked : input.value;
  }
  return values;
}

function renderOptions(values = {}) {
  const rules = ui.rules.find((r) => r.name === $("rules").value);
  const box = $("options");
  if (!rules) { box.replaceChildren(); return; }
  const wasOpen = !!box.querySelector("details[open]");
  box.replaceChildren(el("details", { class: "rules-options", open: wasOpen }, el("summary", {}, t("rule_options")), ...rules.options.map((o) => {
    const words = (o.words && o.words[ui.lang]) || { label: o.label, help: o.help, choices: {} };
    const value = o.name in values ? values[o.name] : o.default;
    let input;
    if (o.kind === "bool") input = el("input", { type: "checkbox", name: o.name, checked: !!value });
    else if (o.kind === "int" || o.kind === "number") input = el("input", { type: "number", name: o.name, value: value ?? "", step: o.kind === "int" ? "1" : "any", inputmode: o.kind === "int" ? "numeric" : "decimal", placeholder: o.nullable ? "—" : "" });
    else input = el("select", { name: o.name }, ...(o.choices || []).map((c) => el("option", { value: c, selected: String(c) === String(value) }, words.choices[c] || String(c))));
    input.dataset.option = o.kind;
    return el("label", { class: o.kind === "bool" ? "check option" : "option" }, o.kind === "bool" ? input : "",
      el("span", {}, ...withSuits(words.label)), o.kind === "bool" ? "" : input, el("small", { class: "hint" }, ...withSuits(words.help)));
  })));
}

function renderRuleNames() {
  const select = $("rules");
  const chosen = select.value;
  select.replaceChildren(...ui.rules.map((r) => el("option", { value: r.name, selected: r.name === chosen },
    (r.titles && r.titles[ui.lang]) || r.label)));
}

async function loadRules() {
  ui.rules = await api("GET", "/api/rules");
  renderRuleNames();
  renderOptions();
}

async function submitSetup(ev) {
  ev.preventDefault();
  const players = seatNames();
  if (players.length < 3 || players.length > 8) { showError(t("need_players")); return; }
  const long = players.find((n) => [...n].length > NAME_MAX);
  if (long) { showError(t("err_name", long)); return; }
  const game = ui.state && ui.state.game;
  if (game && !game.game_over && !ev.confirmed) { askNewGame(game); return; }
  $("confirm-new").classList.add("hidden");
  const options = {};
  const defaults = Object.fromEntries((ui.rules.find((r) => r.name === $("rules").value) || { options: [] }).options
    .map((o) => [o.name, o.default]));
  for (const input of document.querySelectorAll("#options [data-option]")) {
    const kind = input.dataset.option;
    // an option left at its default is not sent: a variant (Nap's `game`) may have defaults of its own
    if (String(input.type === "checkbox" ? input.checked : input.value) === String(defaults[input.name] ?? "")) continue;
    if (kind === "bool") options[input.name] = input.checked;
    else if (kind === "int" || kind === "number") { if (input.value !== "") options[input.name] = Number(input.value); }
    else options[input.name] = input.value;
  }
  try {
    await api("POST", "/api/games", Object.assign({ players, dealer: $("dealer").value || players[0], chips: Number($("chips").value), rules: $("rules").value, options }, ...SETUP_EXTRAS.map((f) => f())));
    ui.reveal = {};
    showTab("live");
  } catch (e) { /* shown */ }
}

// Starting a game over a running one asks first, and says how to get the old one back.
function askNewGame(game) {
  const box = $("confirm-new");
  box.replaceChildren(el("p", {}, t("confirm_new", game.deal_no)),
    el("div", { class: "actions" },
      el("button", { type: "button", class: "danger", "data-action": "confirm-new",
        on: { click: () => submitSetup({ preventDefault() {}, confirmed: true }) } }, t("yes_new")),
      el("button", { type: "button", "data-action": "keep", on: { click: () => box.classList.add("hidden") } }, t("no"))));
  box.classList.remove("hidden");
  box.scrollIntoView({ block: "center" });
}

// ---- camera calibration (tap to place) ------------------------------------------------------------------------

function zoneList() {
  const names = ui.state && ui.state.game ? ui.state.game.players.map((p) => p.name) : seatNames();
  return [["pile", t("zone_pile")], ["board", t("zone_board")], ...BOXES.map((b) => [`box:${b}`, cardLabel(b)]), ...names.map((n) => [`seat:${n}`, n])];
}

function zonePoints(zone, create = false) {
  const z = ui.calib.zones;
  if (zone === "pile") return z.pile;
  if (zone === "board") return z.board;
  const [kind, name] = zone.split(":");
  const group = kind === "box" ? z.boxes : z.seats;
  if (!group[name] && create) group[name] = [];
  return group[name] || [];
}

function drawCalibration() {
  $("calib-zones").replaceChildren(...zoneList().map(([id, label]) => el("button", {
    type: "button", class: `chip ${ui.calib.zone === id ? "selected" : ""}`, dataset: { zone: id }, on: { click: () => { ui.calib.zone = id; drawCalibration(); } },
  }, label, ` (${zonePoints(id).length})`)));
  const svg = $("calib-svg");
  const [w, h] = ui.calib.size || [640, 360];
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.innerHTML = zoneList().map(([id, label]) => {
    const pts = zonePoints(id);
    if (!pts.length) return "";
    const cls = `zone ${id === "board" ? "board" : ""} ${id === ui.calib.zone ? "active" : ""}`;
    const dots = id === ui.calib.zone ? pts.map((p) => `<circle class="zone-dot" cx="${p[0]}" cy="${p[1]}" r="6"/>`).join("") : "";
    return `<polygon class="${cls}" points="${pts.map((p) => p.join(",")).join(" ")}"/>${dots}` +
      `<text x="${pts[0][0]}" y="${pts[0][1] - 4}" class="zone-label">${escapeHtml(label)}</text>`;
  }).join("");
  const view = ui.calib.view;
  $("calib-view").textContent = !view ? "" : view.source === "plane"
    ? t("calib_top_down", view.from_board, view.size[0], view.size[1]) : t("calib_camera_view");
}

async function loadCalibration() {
  const img = $("calib-img");
  img.onload = () => { ui.calib.size = [img.naturalWidth, img.naturalHeight]; $("calib-hint").textContent = t("calib_hint"); drawCalibration(); };
  img.onerror = () => { $("calib-hint").textContent = t("no_camera"); drawCalibration(); };
  img.src = `/api/camera.jpg?ts=${Date.now()}`;
  try {
    const saved = await fetch("/api/calibration");
    if (saved.ok) {
      const c = await saved.json();
      ui.calib.zones = { pile: c.pile || [], board: c.board || [], boxes: c.boxes || {}, seats: c.seats || {} };
      if (c.image_size) ui.calib.size = c.image_size;
      [$("calib-board-w").value, $("calib-board-h").value] = c.board_size || ["", ""];
      ui.calib.view = c.view;
    }
  } catch (e) { /* no calibration yet */ }
  drawCalibration();
}

function tapCalibration(ev) {
  if (!ui.canEdit) return;
  const svg = $("calib-svg");
  const rect = svg.getBoundingClientRect();
  const [w, h] = ui.calib.size || [640, 360];
  const x = Math.round(((ev.clientX - rect.left) / rect.width) * w);
  const y = Math.round(((ev.clientY - rect.top) / rect.height) * h);
  zonePoints(ui.calib.zone, true).push([x, y]);
  drawCalibration();
}

async function saveCalibration() {
  const z = ui.calib.zones;
  const clean = (g) => Object.fromEntries(Object.entries(g).filter(([, pts]) => pts.length >= 3));
  const body = { pile: z.pile, boxes: clean(z.boxes), seats: clean(z.seats), image_size: ui.calib.size };
  if (z.board.length) body.board = z.board;
  const size = [$("calib-board-w").value, $("calib-board-h").value].filter((v) => v !== "").map(Number);
  if (size.length) body.board_size = size;
  try { ui.calib.view = (await api("PUT", "/api/calibration", body)).view; } catch (e) { return; /* shown by api() */ }
  drawCalibration();
}

// ---- start ------------------------------------------------------------------------------------------------------

function wire() {
  for (const b of document.querySelectorAll(".tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));
  for (const b of document.querySelectorAll("[data-goto]")) b.addEventListener("click", () => showTab(b.dataset.goto));
  $("announce").addEventListener("click", () => $("announce").classList.add("hidden"));
  $("lang").addEventListener("click", () => { ui.lang = ui.lang === "fr" ? "en" : "fr"; localStorage.setItem("nj-lang", ui.lang); applyLanguage(); });
  $("btn-pass").addEventListener("click", () => {
    const player = ui.padPlayer || (ui.state.game && ui.state.game.turn);
    ui.padPlayer = null;
    padTap("/api/pass", { player });
  });
  $("btn-undo").addEventListener("click", () => act("POST", "/api/undo"));
  $("add-player").addEventListener("click", () => { $("seat-list").append(seatRow("")); refreshDealer(); });
  $("rules").addEventListener("change", renderOptions);
  $("setup").addEventListener("submit", submitSetup);
  $("calib-svg").addEventListener("click", tapCalibration);
  $("calib-clear").addEventListener("click", () => { zonePoints(ui.calib.zone, true).length = 0; drawCalibration(); });
  $("calib-save").addEventListener("click", saveCalibration);
  for (const id of ["pref-voice", "pref-friendly"]) {
    const box = $(id);
    const stored = localStorage.getItem(`nj-${id}`);
    if (stored !== null) box.checked = stored === "1";
    box.addEventListener("change", () => { localStorage.setItem(`nj-${id}`, box.checked ? "1" : "0"); if (ui.state) render(ui.state); });
  }
  for (const name of ["Anne", "Bruno", "Chloé"]) $("seat-list").append(seatRow(name));
  refreshDealer();
}

async function start() {
  wire();
  applyLanguage();
  try { await checkAccess(); await loadRules(); } catch (e) { /* shown */ }
  connect();
}

start();
