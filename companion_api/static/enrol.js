// Decks: the set-up's choice of deck, and enrolling a deck by laying its cards on the pile while the camera reads
// them (each card as read with its confidence; the unsure ones and those read twice are tapped to fix). Uses
// app.js's helpers (el, api, t, cardPicker) and hooks into its set-up form through SETUP_EXTRAS.
"use strict";

const ENROL_POLL_MS = 700; // the pass is read on the server's thread: its progress is fetched while it goes
const PIQUET = new Set(["A", "7", "8", "9", "10", "J", "Q", "K"]);

const enrol = { decks: [], view: null, picking: null, timer: null, saved: null };

async function loadDecks() {
  try { enrol.decks = await api("GET", "/api/decks"); } catch (e) { enrol.decks = []; }
  renderDecks();
}

function renderDecks() {
  const select = $("deck");
  const chosen = select.dataset.touched ? select.value : (enrol.decks.find((d) => d.default) || { name: "" }).name;
  select.replaceChildren(el("option", { value: "" }, t("shipped_deck")),
    ...enrol.decks.map((d) => el("option", { value: d.name, selected: d.name === chosen }, d.name)));
  $("deck-list").replaceChildren(...(enrol.decks.length ? enrol.decks.map((d) => el("li", { class: "game-row",
    dataset: { deck: d.name } }, t("deck_row", d))) : [el("li", { class: "hint" }, t("no_decks"))]));
}

async function loadEnrolment() {
  try {
    const response = await fetch("/api/enrolment");
    enrol.view = response.ok ? await response.json() : null;
  } catch (e) { /* offline: the dot says so */ }
  renderEnrolment();
}

function pollEnrolment() {
  clearTimeout(enrol.timer);
  if (enrol.view && enrol.view.state === "reading") enrol.timer = setTimeout(async () => { await loadEnrolment(); pollEnrolment(); }, ENROL_POLL_MS);
}

function inPack(card, pack) { return pack === 52 || PIQUET.has(card.slice(0, -1)); }

function sightingNode(s) {
  const marks = [s.unsure ? t("enrol_unsure") : "", s.twice ? t("enrol_twice") : ""].filter(Boolean);
  return el("button", { type: "button", class: `sighting ${s.unsure ? "unsure" : ""} ${s.twice ? "twice" : ""} ${s.fixed ? "fixed" : ""}`,
    dataset: { index: s.index, card: s.card || "" }, disabled: !ui.canEdit,
    on: { click: () => { enrol.picking = s.index; renderEnrolment(); } } },
  el("img", { src: `/api/enrolment/pictures/${s.index}.jpg`, alt: "", loading: "lazy" }),
  el("span", { class: "sighting-card" }, s.card ? cardNode(s.card) : "?"),
  el("small", {}, s.fixed ? "✓" : `${Math.round(s.confidence * 100)} %`, marks.length ? ` · ${marks.join(", ")}` : ""));
}

function renderEnrolment() {
  const box = $("enrolment");
  const v = enrol.view;
  $("enrol-fields").disabled = !ui.canEdit || !!(v && v.state === "reading");
  box.classList.toggle("hidden", !v);
  if (!v) return;
  const seen = v.sightings.length;
  const parts = [el("p", { class: "enrol-state", dataset: { state: v.state } }, `${v.name} — `,
    t("enrol_state")[v.state](seen), v.error ? ` (${v.error})` : "")];
  if (v.to_check) parts.push(el("p", { class: "hint", "data-testid": "enrol-check" }, t("enrol_check", v.to_check)));
  parts.push(el("div", { class: "sightings", "data-testid": "sightings" }, ...v.sightings.map(sightingNode)));
  if (enrol.picking !== null && v.sightings[enrol.picking]) {
    const current = v.sightings[enrol.picking].card;
    const outside = new Set(RANK_ORDER.flatMap((r) => ["S", "H", "D", "C"].map((s) => r + s)).filter((c) => !inPack(c, v.pack)));
    parts.push(el("div", { class: "enrol-picker", "data-testid": "enrol-picker" }, el("p", {}, t("enrol_which")),
      cardPicker(new Set(current ? [current] : []), outside, (card) => fixSighting(enrol.picking, card)),
      el("button", { type: "button", on: { click: () => { enrol.picking = null; renderEnrolment(); } } }, t("cancel"))));
  }
  if (v.missing.length && v.state !== "saved") {
    parts.push(el("p", { class: "hint", "data-testid": "enrol-missing" }, ...withSuits(t("enrol_missing", v.missing.map(cardLabel).join(" ")))));
  }
  if (enrol.saved) parts.push(el("p", { class: "ok", "data-testid": "enrol-saved" }, enrol.saved));
  const actions = [];
  if (v.state === "reading") actions.push(el("button", { type: "button", "data-action": "enrol-stop", on: { click: () => enrolAction("POST", "/api/enrolment/stop") } }, t("enrol_stop")));
  if (v.state !== "saved" && v.state !== "failed") actions.push(el("button", { type: "button", class: "primary", "data-action": "enrol-save", on: { click: saveEnrolment } }, t("enrol_save")));
  if (v.state !== "saved") actions.push(el("button", { type: "button", "data-action": "enrol-cancel", on: { click: cancelEnrolment } }, t("enrol_cancel")));
  if (ui.canEdit) parts.push(el("div", { class: "actions" }, ...actions));
  box.replaceChildren(...parts);
}

async function enrolAction(method, path, body) {
  try { enrol.view = await api(method, path, body); } catch (e) { return false; }
  renderEnrolment();
  pollEnrolment();
  return true;
}

async function startEnrolment(ev) {
  ev.preventDefault();
  enrol.picking = null;
  enrol.saved = null;
  await enrolAction("POST", "/api/enrolment", { name: $("enrol-name").value.trim(), pack: Number($("enrol-pack").value) });
}

async function fixSighting(index, card) {
  enrol.picking = null;
  await enrolAction("PUT", `/api/enrolment/sightings/${index}`, { card });
}

async function saveEnrolment() {
  if (!await enrolAction("POST", "/api/enrolment/save")) return;
  await loadDecks();  // the deck is listed (and offered at set-up) by the time the page says it is saved
  const v = enrol.view;
  enrol.saved = t("enrol_saved", v.name, v.stored_crops, (v.left_out || []).length);
  renderEnrolment();
}

async function cancelEnrolment() {
  try { await api("DELETE", "/api/enrolment"); } catch (e) { return; }
  enrol.view = null;
  enrol.saved = null;
  renderEnrolment();
}

function wireDecks() {
  SETUP_EXTRAS.push(() => ($("deck").value ? { deck: $("deck").value } : {}));
  $("deck").addEventListener("change", () => { $("deck").dataset.touched = "1"; });
  $("enrol-form").addEventListener("submit", startEnrolment);
  for (const b of document.querySelectorAll("[data-tab=setup], [data-goto=setup]")) {
    b.addEventListener("click", async () => { await loadDecks(); await loadEnrolment(); pollEnrolment(); });
  }
  $("lang").addEventListener("click", () => { renderDecks(); renderEnrolment(); });
  loadDecks();
}

wireDecks();
