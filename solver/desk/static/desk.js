// The director's desk: the page's state, card entry, and the calls to the server.
// Everything from a case is put on the page with textContent, never as HTML.
"use strict";

const SEATS = ["N", "E", "S", "W"];
const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
const SUITS = ["S", "H", "D", "C"];
const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
const WHEN = ["before-agreement", "after-dispute", "after-agreement"];
const MARKS = ["+", "-", ""]; // a click on a card of a row goes round these
const EDITED = ["title", "board", "vulnerable", "deal", "contract", "declarer", "edition",
  "statements", "play", "claim"];
// What the irregularity form offers, from the server's reader (solver.desk.server)
const VOCABULARY = JSON.parse(document.getElementById("vocabulary").textContent);

const state = {
  base: {},        // the loaded case dict: fields the form does not edit are kept as they are
  hands: null,     // {N: Set of cards} once a deal is set
  rows: {},        // {N: {cards: [{card, mark}], mixed: bool, when}}
  statements: [],  // as in the case file
  irregularities: [], // play.irregularities as in the case file (the agreed ones)
  claim: null,     // the claim's fields (claimFrom), or null when there is none
  claimAside: null, // the claim's fields while "a claim was made" is unticked
  picked: null,    // the card picked on the deal grid, waiting for its hand
  document: null,  // the last ruling's printable report
  job: null,       // the id of the ruling under way on the server
  generation: 0,   // counts the sets of facts put in the form: a ruling shows only on its own
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else if (value !== false && value != null) node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child == null) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

function cardLabel(card) {
  const rank = card[1] === "T" ? "10" : card[1];
  return SUIT_SYMBOLS[card[0]] + rank;
}

function suitClass(card) {
  return card[0] === "H" || card[0] === "D" ? "red" : "black";
}

// ---- parsing what a director types ---------------------------------------------------------

function parseCard(token) {
  const match = /^([SHDC])(10|[AKQJT2-9])([+?-]?)$/i.exec(token.trim());
  if (!match) return null;
  const rank = match[2] === "10" ? "T" : match[2].toUpperCase();
  // As in the case file: + won, - lost, no sign (or ?) not pointed.
  return { card: match[1].toUpperCase() + rank, mark: match[3] === "?" ? "" : match[3] };
}

function parseDeal(text) {
  const match = /^\s*([NESW])\s*:\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/i.exec(text);
  if (!match) {
    throw new Error("deal: expected a PBN deal, the first seat then four hands, e.g. " +
      "N:T95.QJT7.AQJ54.K 74.K93.982.AJT74 AQJ63.A62.T76.86 K82.854.K3.Q9532");
  }
  const first = SEATS.indexOf(match[1].toUpperCase());
  const hands = {};
  for (let i = 0; i < 4; i++) {
    const seat = SEATS[(first + i) % 4];
    const suits = match[2 + i].split(".");
    if (suits.length !== 4) {
      throw new Error(`deal: ${SEAT_NAMES[seat]}'s hand ${match[2 + i]}: expected four suits ` +
        "separated by dots (spades.hearts.diamonds.clubs)");
    }
    hands[seat] = new Set();
    suits.forEach((ranks, index) => {
      for (const rank of ranks.toUpperCase()) {
        if (!RANKS.includes(rank)) {
          throw new Error(`deal: ${SEAT_NAMES[seat]}'s hand: ${rank} is not a rank ` +
            "(A K Q J T 9 ... 2)");
        }
        hands[seat].add(SUITS[index] + rank);
      }
    });
  }
  return hands;
}

// ---- the state as a case dict, and back --------------------------------------------------

function rowValue(row) {
  const cards = row.cards.map((entry) => entry.card);
  if (row.mixed) return { mixed: cards.join(" "), when: row.when };
  return row.cards.map((entry) => entry.card + entry.mark).join(" ");
}

function caseDict() {
  const facts = JSON.parse(JSON.stringify(state.base));
  for (const key of EDITED) delete facts[key];
  const out = { title: $("title").value.trim() };
  const board = $("board").value.trim();
  if (board !== "") out.board = /^\d+$/.test(board) ? Number(board) : board;
  const edition = Number($("edition").value);
  if (edition !== 2017 || "edition" in state.base) out.edition = edition;
  out.vulnerable = $("vulnerable").value;
  const deal = $("deal").value.trim();
  if (deal !== "") out.deal = deal;
  out.contract = $("contract").value.trim();
  out.declarer = $("declarer").value;
  const play = JSON.parse(JSON.stringify(state.base.play || {}));
  const rows = {};
  for (const seat of SEATS) {
    const row = state.rows[seat];
    if (row.cards.length > 0 || row.mixed || row.given) rows[seat] = rowValue(row);
  }
  if (Object.keys(rows).length > 0 || "rows" in play) play.rows = rows;
  const loaded = (state.base.play || {}).irregularities;
  if (loaded === undefined || Array.isArray(loaded)) { // another shape is kept as loaded
    delete play.irregularities;
    if (state.irregularities.length > 0 || Array.isArray(loaded)) {
      play.irregularities = JSON.parse(JSON.stringify(state.irregularities));
    }
  }
  if (Object.keys(play).length > 0) out.play = play;
  if (state.statements.length > 0 || "statements" in state.base) {
    out.statements = JSON.parse(JSON.stringify(state.statements));
  }
  const claim = claimDict();
  if (claim) out.claim = claim;
  // the other fields of a loaded case (claim, notes, expect, ...) after the edited ones
  return Object.assign(out, facts);
}

function emptyRows() {
  const rows = {};
  for (const seat of SEATS) rows[seat] = { cards: [], mixed: false, when: WHEN[0] };
  return rows;
}

function rowFrom(seat, value) {
  // ``given``: the case file gave this row, even empty ("" for every seat: play stopped
  // before trick 1, at an opening lead out of turn), and Save writes it back.
  const row = { cards: [], mixed: false, when: WHEN[0], given: true };
  let text = value;
  if (value && typeof value === "object" && !Array.isArray(value)) {
    row.mixed = true;
    row.when = value.when || WHEN[0];
    text = value.mixed;
  }
  const tokens = Array.isArray(text) ? text : String(text || "").split(/[\s,]+/);
  for (const token of tokens.filter((t) => String(t).trim() !== "")) {
    const parsed = parseCard(String(token));
    if (!parsed) throw new Error(`play.rows.${seat}: ${token} is not a card`);
    row.cards.push(parsed);
  }
  return row;
}

function setCase(facts) {
  forgetRuling();
  state.base = JSON.parse(JSON.stringify(facts));
  $("title").value = facts.title || "";
  $("board").value = facts.board != null ? facts.board : "";
  $("edition").value = String(facts.edition || 2017);
  $("vulnerable").value = ["None", "NS", "EW", "All"].includes(facts.vulnerable)
    ? facts.vulnerable : "None";
  $("deal").value = facts.deal || "";
  $("contract").value = facts.contract || "";
  $("declarer").value = SEATS.includes(facts.declarer) ? facts.declarer : "S";
  state.hands = null;
  if (facts.deal) {
    try { state.hands = parseDeal(facts.deal); } catch (error) { showError(error.message); }
  }
  state.rows = emptyRows();
  const rows = (facts.play && facts.play.rows) || {};
  for (const seat of SEATS) {
    if (rows[seat] != null) {
      try { state.rows[seat] = rowFrom(seat, rows[seat]); } catch (error) { showError(error.message); }
    }
  }
  state.statements = JSON.parse(JSON.stringify(facts.statements || []));
  const irregularities = facts.play && facts.play.irregularities;
  state.irregularities = Array.isArray(irregularities) ? JSON.parse(JSON.stringify(irregularities)) : [];
  state.claim = claimFrom(facts.claim);
  state.claimAside = null;
  renderAll();
}

// ---- rendering the form -------------------------------------------------------------------

function usedCards() {
  const used = new Map();
  for (const seat of SEATS) for (const entry of state.rows[seat].cards) used.set(entry.card, seat);
  return used;
}

function addCard(seat, card, mark) {
  const where = usedCards().get(card);
  if (where) {
    showError(`${SEAT_NAMES[seat]}'s row: ${card} is already in ${SEAT_NAMES[where]}'s row`);
    return false;
  }
  if (state.hands && !state.hands[seat].has(card)) {
    showError(`${SEAT_NAMES[seat]}'s row: ${card} is not in ${SEAT_NAMES[seat]}'s hand`);
    return false;
  }
  state.rows[seat].cards.push({ card, mark: mark == null ? "+" : mark });
  return true;
}

function renderRow(seat) {
  const row = state.rows[seat];
  const used = usedCards();
  const box = el("div", { class: "seat-row", id: `row-${seat}` });
  const head = el("div", { class: "row-head" },
    el("h3", {}, SEAT_NAMES[seat]),
    el("label", {}, el("input", {
      type: "checkbox", id: `mixed-${seat}`, checked: row.mixed,
      onchange: (event) => { row.mixed = event.target.checked; renderRows(); },
    }), " mixed"));
  if (row.mixed) {
    const when = el("select", {
      id: `when-${seat}`, "aria-label": `when ${SEAT_NAMES[seat]}'s row was mixed`,
      onchange: (event) => { row.when = event.target.value; },
    }, ...WHEN.map((w) => el("option", { value: w, selected: w === row.when }, w)));
    head.append(when);
  }
  box.append(head);
  const grid = el("div", { class: "grid", role: "group", "aria-label": `${SEAT_NAMES[seat]}'s cards` });
  for (const suit of SUITS) {
    for (const rank of RANKS) {
      const card = suit + rank;
      const held = !state.hands || state.hands[seat].has(card);
      grid.append(el("button", {
        type: "button", class: `card ${suitClass(card)}`, "data-card": card,
        "data-seat": seat, disabled: !held || used.has(card), title: card,
        onclick: () => { if (addCard(seat, card)) { clearError(); renderRows(); } },
      }, held ? cardLabel(card) : ""));
    }
  }
  box.append(grid);
  const chips = el("ol", { class: "row-cards", "aria-label": `${SEAT_NAMES[seat]}'s row` });
  row.cards.forEach((entry, index) => {
    const mark = row.mixed ? "" : entry.mark;
    chips.append(el("li", {}, el("button", {
      type: "button", class: `chip ${suitClass(entry.card)} mark${mark === "-" ? "-lost" : mark === "+" ? "-won" : "-none"}`,
      "data-card": entry.card, "data-index": index, disabled: row.mixed,
      title: row.mixed ? entry.card : "click to turn the card",
      onclick: () => {
        entry.mark = MARKS[(MARKS.indexOf(entry.mark) + 1) % MARKS.length];
        renderRows();
      },
    }, cardLabel(entry.card), el("span", { class: "mark" }, row.mixed ? "" : mark || "?"))));
  });
  box.append(chips);
  const typed = el("input", {
    type: "text", class: "type-cards", id: `type-${seat}`, spellcheck: "false",
    placeholder: "type: SA+ H10- CK (no sign: not pointed)", "aria-label": `type ${SEAT_NAMES[seat]}'s cards`,
    onkeydown: (event) => {
      if (event.key === "Enter") { event.preventDefault(); typeCards(seat, event.target); }
    },
  });
  box.append(el("div", { class: "row-tools" }, typed,
    el("button", { type: "button", onclick: () => { row.cards.pop(); renderRows(); } }, "undo"),
    el("button", { type: "button", onclick: () => { row.cards = []; row.given = false; renderRows(); } }, "clear"),
    el("button", { type: "button", id: `rest-${seat}`, onclick: () => addRest(seat) }, "the rest")));
  return box;
}

function typeCards(seat, input) {
  const tokens = input.value.split(/[\s,]+/).filter((t) => t !== "");
  for (let i = 0; i < tokens.length; i++) {
    const parsed = parseCard(tokens[i]);
    if (!parsed) {
      showError(`${SEAT_NAMES[seat]}'s row: ${tokens[i]} is not a card (a suit S H D C and ` +
        "a rank A K Q J 10 9 ... 2, e.g. SA or H10; after it + pointed won, - pointed lost, " +
        "nothing or ? not pointed, as in the case file)");
      input.value = tokens.slice(i).join(" ");
      renderRows(seat);
      return;
    }
    if (!addCard(seat, parsed.card, parsed.mark)) {
      input.value = tokens.slice(i).join(" ");
      renderRows(seat);
      return;
    }
  }
  input.value = "";
  clearError();
  renderRows(seat);
}

function addRest(seat) {
  if (!state.hands) { showError("the rest of a hand: set the deal first"); return; }
  const used = usedCards();
  for (const suit of SUITS) {
    for (const rank of RANKS) {
      const card = suit + rank;
      if (state.hands[seat].has(card) && !used.has(card)) state.rows[seat].cards.push({ card, mark: "+" });
    }
  }
  renderRows();
}

function renderRows(focusSeat) {
  const holder = $("rows");
  $("no-play").checked = SEATS.every((seat) => state.rows[seat].given && state.rows[seat].cards.length === 0);
  const pending = {};
  for (const seat of SEATS) {
    const input = $(`type-${seat}`);
    if (input) pending[seat] = input.value;
  }
  holder.replaceChildren(...SEATS.map(renderRow));
  for (const seat of SEATS) if (pending[seat]) $(`type-${seat}`).value = pending[seat];
  if (focusSeat) $(`type-${focusSeat}`).focus();
}

const BY = ["NS", "EW", "N", "E", "S", "W", "agreed"]; // agreed: a fact both sides accept
const WINNERS = [...SEATS, "NS", "EW"]; // a seat, or a side ("our side won it")
const NOTICED = ["during-play", "after-play", "after-boarding", "after-next-board", "after-round"];

function selectOf(options, value, onchange, label) {
  return el("select", { onchange: (event) => onchange(event.target.value), "aria-label": label },
    ...options.map((o) => el("option", { value: o, selected: String(o) === String(value) }, o)));
}

function numberInput(value, onchange, label, min, max) {
  return el("input", {
    type: "number", min, max, value: value == null ? "" : value, "aria-label": label,
    class: "small", oninput: (event) => onchange(event.target.value === "" ? null : Number(event.target.value)),
  });
}

function renderStatement(statement, index) {
  const line = el("div", { class: "statement", "data-index": index });
  line.append(el("span", { class: "number" }, `${index + 1}. `),
    selectOf(BY, statement.by, (v) => { statement.by = v; }, "who says it"), " says ");
  if ("declarer_tricks" in statement) {
    line.append("declarer's side won ",
      numberInput(statement.declarer_tricks, (v) => { statement.declarer_tricks = v; },
        "declarer's tricks", 0, 13), " tricks");
  } else if ("winner" in statement) {
    line.append("trick ", numberInput(statement.trick, (v) => { statement.trick = v; }, "trick", 1, 13),
      " was won by ", selectOf(WINNERS, statement.winner, (v) => { statement.winner = v; }, "winner"));
  } else if ("played" in statement) {
    const text = Object.entries(statement.played || {}).map(([s, c]) => `${s}:${c}`).join(" ");
    line.append("at trick ", numberInput(statement.trick, (v) => { statement.trick = v; }, "trick", 1, 13),
      " ", el("input", {
        type: "text", value: text, placeholder: "W:SK N:S5", "aria-label": "who played what",
        oninput: (event) => {
          const played = {};
          for (const part of event.target.value.split(/\s+/).filter((p) => p)) {
            const [seat, card] = part.split(":");
            played[(seat || "").toUpperCase()] = (card || "").toUpperCase();
          }
          statement.played = played;
        },
      }));
  } else if (statement.revoke && typeof statement.revoke === "object") {
    const revoke = statement.revoke;
    const optional = (key) => (value) => {
      if (value == null || value === "") delete revoke[key]; else revoke[key] = value;
    };
    line.append("a revoke by ", selectOf(SEATS, revoke.seat, (v) => { revoke.seat = v; }, "revoker"),
      " at trick ", numberInput(revoke.trick, optional("trick"), "revoke trick (optional)", 1, 13),
      " in ", selectOf(["", ...SUITS], revoke.suit || "", optional("suit"), "suit led (optional)"),
      " noticed ", selectOf(["", ...NOTICED], statement.noticed || "", (v) => {
        if (v === "") delete statement.noticed; else statement.noticed = v;
      }, "when it was noticed (default after-play)"));
  } else if ("irregularity" in statement && Object.keys(statement).length === 2) {
    line.append("that ", ...irregularityFields(statement, "irregularity", renderStatements));
  } else {
    const rest = Object.assign({}, statement);
    delete rest.by;
    line.append(el("code", {}, JSON.stringify(rest)));
  }
  line.append(" ", el("button", {
    type: "button", "aria-label": "remove this statement",
    onclick: () => { state.statements.splice(index, 1); renderStatements(); },
  }, "remove"));
  return line;
}

function renderStatements() {
  $("statements").replaceChildren(...state.statements.map(renderStatement));
}

function renderOther() {
  const other = {};
  for (const [key, value] of Object.entries(state.base)) {
    if (!EDITED.includes(key)) other[key] = value;
  }
  const play = Object.assign({}, state.base.play || {});
  delete play.rows;
  if (Array.isArray(play.irregularities)) delete play.irregularities;
  if (Object.keys(play).length > 0) other.play = play;
  // The claim's facts the form has no field for (its switches, an agreed claim, ...) and a
  // claimed amount that depends on a split: kept as loaded and ruled on, so shown here.
  const claim = state.base.claim;
  if (state.claim && claim && typeof claim === "object") {
    const kept = {};
    for (const [key, value] of Object.entries(claim)) {
      if (!CLAIM_EDITED.includes(key)) kept[key] = value;
    }
    if (claim.tricks != null && typeof claim.tricks === "object" && typeof state.claim.tricks === "object") {
      kept.tricks = claim.tricks;
    }
    if (Object.keys(kept).length > 0) other.claim = kept;
  }
  const shown = Object.keys(other).length > 0;
  $("other-section").hidden = !shown;
  $("other").textContent = shown ? JSON.stringify(other, null, 2) : "";
}

function renderAll() {
  setClaimFields();
  renderDealGrid();
  renderRows();
  renderStatements();
  renderIrregularities();
  renderOther();
}

// ---- the deal card by card on a 4 x 13 grid ----------------------------------------------------

function holderOf(card) {
  if (!state.hands) return null;
  return SEATS.find((seat) => state.hands[seat].has(card)) || null;
}

function pbnOf(hands) {
  return "N:" + SEATS.map((seat) => SUITS.map((suit) => RANKS.filter((rank) =>
    hands[seat].has(suit + rank)).join("")).join(".")).join(" ");
}

function dealCard(card, seat) {
  // Give ``card`` to ``seat`` (null: take it back); a message when refused, else null.
  if (!state.hands) state.hands = { N: new Set(), E: new Set(), S: new Set(), W: new Set() };
  const holder = holderOf(card);
  if (seat == null) {
    if (holder) state.hands[holder].delete(card);
    return null;
  }
  if (holder === seat) return `${cardLabel(card)} is already in ${SEAT_NAMES[seat]}'s hand`;
  if (holder) {
    return `${cardLabel(card)} is already in ${SEAT_NAMES[holder]}'s hand (take it back first: ` +
      "click it, then \"take back\")";
  }
  if (state.hands[seat].size >= 13) return `${SEAT_NAMES[seat]} already holds 13 cards`;
  state.hands[seat].add(card);
  return null;
}

function dealChanged() {
  $("deal").value = pbnOf(state.hands);
  renderDealGrid();
  renderRows();
}

function renderDealGrid() {
  const picked = state.picked;
  $("deal-seats").replaceChildren(...SEATS.map((seat) => el("button", {
    type: "button", class: "deal-seat", "data-seat": seat, disabled: !picked,
    onclick: () => placePicked(seat),
  }, `${SEAT_NAMES[seat]} `, el("span", { class: "count", id: `count-${seat}` },
    String(state.hands ? state.hands[seat].size : 0)))),
  el("button", { type: "button", id: "deal-take-back", disabled: !picked || !holderOf(picked),
    onclick: () => placePicked(null) }, "take back"));
  const cards = [];
  for (const suit of SUITS) {
    for (const rank of RANKS) {
      const card = suit + rank;
      const holder = holderOf(card);
      cards.push(el("button", {
        type: "button", class: `card ${suitClass(card)}${card === picked ? " picked" : ""}${holder ? " dealt" : ""}`,
        "data-card": card, "data-holder": holder || "", "aria-pressed": card === picked ? "true" : "false",
        title: holder ? `${card}: ${SEAT_NAMES[holder]}` : card,
        onclick: () => { state.picked = state.picked === card ? null : card; renderDealGrid(); },
      }, cardLabel(card), el("span", { class: "holder" }, holder || "")));
    }
  }
  $("deal-grid").replaceChildren(...cards);
}

function placePicked(seat) {
  const card = state.picked;
  if (!card) return;
  const refused = dealCard(card, seat);
  state.picked = null;
  if (refused) { showError(`the deal: ${refused}`); renderDealGrid(); return; }
  clearError();
  state.picked = null;
  dealChanged();
}

function typeDeal(input) {
  // "N SA SK H10 E S2": a seat, then the cards it holds; stops at the first refused token.
  const tokens = input.value.split(/[\s,]+/).filter((t) => t !== "");
  let seat = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i].toUpperCase();
    if (SEATS.includes(token)) { seat = token; continue; }
    const parsed = parseCard(token);
    let refused = null;
    if (!parsed || parsed.mark) {
      refused = `${tokens[i]} is not a card (a suit S H D C and a rank A K Q J 10 9 ... 2, e.g. SA or H10)`;
    } else if (!seat) {
      refused = `${tokens[i]}: say first whose card it is (N, E, S or W, e.g. "N SA")`;
    } else {
      refused = dealCard(parsed.card, seat);
    }
    if (refused) {
      showError(`the deal: ${refused}`);
      input.value = (seat && !SEATS.includes(tokens[i].toUpperCase()) ? `${seat} ` : "") +
        tokens.slice(i).join(" ");
      if (state.hands) dealChanged();
      return;
    }
  }
  input.value = "";
  clearError();
  if (state.hands) dealChanged();
}

// ---- the claim: claimer, tricks, position, and the statement built step by step ----------------

const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const STEP_KINDS = [
  ["draw_trumps", "draw trumps"],
  ["draw_round", "draw one round of trumps"],
  ["cash", "cash <suit> (from <seat>)"],
  ["cash_any", "cash <suits> in any order"],
  ["ruff", "ruff <suit> in <seat>"],
  ["crossruff", "crossruff"],
  ["finesse", "finesse <card>"],
  ["ruffing_finesse", "ruffing finesse <card>"],
  ["concede", "concede <n>"],
  ["play", "play <cards> (as leads)"],
  ["play_all", "play <cards> (all)"],
  ["raw", "as written (any form)"],
];
const CLAIM_EDITED = ["by", "tricks", "position", "statement", "said", "trumps_mentioned",
  "policy", "player_class", "overlooked"];

function stepText(step) {
  let text;
  switch (step.kind) {
    case "draw_trumps": text = "draw trumps"; break;
    case "draw_round": text = "draw one round of trumps"; break;
    case "cash": text = `cash ${step.suit}` + (step.seat ? ` from ${step.seat}` : ""); break;
    case "cash_any": text = `cash ${step.suits.trim()} in any order`; break;
    case "ruff": text = `ruff ${step.suit} in ${step.seat}`; break;
    case "crossruff": text = "crossruff"; break;
    case "finesse": text = `finesse ${step.card.trim()}`; break;
    case "ruffing_finesse": text = `ruffing finesse ${step.card.trim()}`; break;
    case "concede": text = `concede ${step.n == null ? "" : step.n}`; break;
    case "play": text = `play ${step.cards.trim()}`; break;
    case "play_all": text = `play ${step.cards.trim()} (all)`; break;
    default: return step.text;
  }
  return step.cond ? `if ${SUIT_NAMES[step.cond.suit]} ${step.cond.split.trim()}: ${text}` : text;
}

// A step with a field left blank would reach the reader as "finesse " and be refused as an
// unknown step, with the list of every form: say which field of which step is empty instead.
const STEP_FIELDS = {
  finesse: ["card", "the card to finesse"],
  ruffing_finesse: ["card", "the card led for the ruffing finesse"],
  cash_any: ["suits", "the suits"],
  play: ["cards", "the cards"],
  play_all: ["cards", "the cards"],
  concede: ["n", "the number of tricks"],
};

function blankStatement() {
  for (let i = 0; i < state.statements.length; i++) {
    const statement = state.statements[i];
    if ("declarer_tricks" in statement && statement.declarer_tricks == null) {
      return `statement ${i + 1}: the number of tricks declarer's side won is missing`;
    }
    if (("winner" in statement || "played" in statement) && statement.trick == null) {
      return `statement ${i + 1}: the trick is missing`;
    }
  }
  return null;
}

function blankStep() {
  const statement = blankStatement();
  if (statement) return statement;
  const steps = state.claim ? state.claim.steps : [];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const [field, name] = STEP_FIELDS[step.kind] || [];
    const value = field ? step[field] : null;
    if (field && (value == null || String(value).trim() === "")) {
      return `the claim's statement, step ${i + 1}: ${name} is missing`;
    }
    if (step.kind === "raw" && String(step.text || "").trim() === "") {
      return `the claim's statement, step ${i + 1}: the step is empty (write it, or remove it)`;
    }
  }
  return null;
}

function newStep(kind) {
  return { kind, suit: "S", seat: kind === "ruff" ? "N" : "", suits: "", card: "", n: 1,
    cards: "", text: "", cond: null };
}

function parseStep(written) {
  // A step of the case file as the form's fields; a form the fields cannot write back exactly
  // (another spelling, a YAML mapping) is kept "as written".
  if (typeof written !== "string") return { kind: "kept", value: written };
  const raw = Object.assign(newStep("raw"), { text: written });
  let rest = written;
  let cond = null;
  const conditional = /^if\s+(spades|hearts|diamonds|clubs)\s+(\d+-\d+):\s*(.*)$/.exec(written);
  if (conditional) {
    const suit = Object.keys(SUIT_NAMES).find((s) => SUIT_NAMES[s] === conditional[1]);
    cond = { suit, split: conditional[2] };
    rest = conditional[3];
  }
  const forms = [
    [/^draw trumps$/, () => newStep("draw_trumps")],
    [/^draw one round of trumps$/, () => newStep("draw_round")],
    [/^cash ([SHDC])(?: from ([NESW]))?$/, (m) => Object.assign(newStep("cash"), { suit: m[1], seat: m[2] || "" })],
    [/^cash (.+) in any order$/, (m) => Object.assign(newStep("cash_any"), { suits: m[1] })],
    [/^ruff ([SHDC]) in ([NESW])$/, (m) => Object.assign(newStep("ruff"), { suit: m[1], seat: m[2] })],
    [/^crossruff$/, () => newStep("crossruff")],
    [/^ruffing finesse (\S+)$/, (m) => Object.assign(newStep("ruffing_finesse"), { card: m[1] })],
    [/^finesse (\S+)$/, (m) => Object.assign(newStep("finesse"), { card: m[1] })],
    [/^concede (\d+)$/, (m) => Object.assign(newStep("concede"), { n: Number(m[1]) })],
    [/^play (.+) \(all\)$/, (m) => Object.assign(newStep("play_all"), { cards: m[1] })],
    [/^play (.+)$/, (m) => Object.assign(newStep("play"), { cards: m[1] })],
  ];
  for (const [pattern, make] of forms) {
    const match = pattern.exec(rest);
    if (match) {
      const step = Object.assign(make(match), { cond });
      return stepText(step) === written ? step : raw;
    }
  }
  return raw;
}

function claimFrom(claim) {
  if (!claim || typeof claim !== "object") return null;
  const position = claim.position && typeof claim.position === "object" ? claim.position : null;
  const won = (position && position.won) || {};
  const current = position ? position.current_trick : null;
  return {
    by: SEATS.includes(claim.by) ? claim.by : "S",
    tricks: claim.tricks == null ? null : claim.tricks,
    position: position ? {
      hands: position.hands || "", leader: position.leader || "",
      current: Array.isArray(current) ? current.join(", ") : current || "",
      ns: won.NS == null ? null : won.NS, ew: won.EW == null ? null : won.EW,
    } : null,
    steps: (claim.statement || []).map(parseStep),
    hadStatement: "statement" in claim,
    said: claim.said || "",
    // The director's finding of the opponents' cards the claimer did not know of.
    overlooked: Array.isArray(claim.overlooked) ? claim.overlooked.join(" ")
      : claim.overlooked == null ? "" : String(claim.overlooked),
    trumps: claim.trumps_mentioned == null ? "" : String(claim.trumps_mentioned),
    // The rules the claim is judged by (claim.policy, the default WBF2017) and the claimer's
    // class of player; a claim's switches are kept as loaded.
    policy: claim.policy == null ? "" : String(claim.policy),
    playerClass: claim.player_class == null ? "" : String(claim.player_class),
  };
}

function claimDict() {
  const claim = state.claim;
  if (!claim) return null;
  const base = (state.base.claim && typeof state.base.claim === "object") ? state.base.claim : {};
  const out = { by: claim.by };
  if (claim.tricks != null) out.tricks = claim.tricks;
  if (claim.position) {
    const position = {};
    const p = claim.position;
    if (p.hands.trim() !== "") position.hands = p.hands.trim();
    if (p.leader) position.leader = p.leader;
    if (p.current.trim() !== "") position.current_trick = p.current.trim();
    if (p.ns != null || p.ew != null) position.won = { NS: p.ns, EW: p.ew };
    out.position = position;
  }
  if (claim.steps.length || claim.hadStatement) {
    out.statement = claim.steps.map((step) => (step.kind === "kept" ? step.value : stepText(step)));
  }
  if (claim.said.trim() !== "") out.said = claim.said.trim();
  if (claim.overlooked.trim() !== "") {
    out.overlooked = claim.overlooked.trim().split(/[\s,]+/);
  }
  if (claim.trumps !== "") out.trumps_mentioned = claim.trumps === "true";
  if (claim.policy !== "") out.policy = claim.policy;
  if (claim.playerClass !== "") out.player_class = claim.playerClass;
  for (const [key, value] of Object.entries(base)) {
    if (!CLAIM_EDITED.includes(key)) out[key] = JSON.parse(JSON.stringify(value));
  }
  return out;
}

function setClaimFields() {
  const claim = state.claim;
  $("has-claim").checked = claim != null;
  $("claim").hidden = claim == null;
  if (!claim) return;
  $("claim-by").value = claim.by;
  const byLayout = claim.tricks != null && typeof claim.tricks === "object";
  $("claim-tricks").value = claim.tricks == null || byLayout ? "" : claim.tricks;
  // A number typed here replaces an amount that depends on the split (shown in Other facts).
  $("claim-tricks").placeholder = byLayout ? "by the split: see Other facts" : "";
  $("claim-said").value = claim.said;
  $("claim-overlooked").value = claim.overlooked;
  $("claim-trumps").value = claim.trumps;
  selectValue("claim-policy", claim.policy);
  selectValue("claim-class", claim.playerClass);
  $("has-position").checked = claim.position != null;
  $("position").hidden = claim.position == null;
  const p = claim.position || { hands: "", leader: "", current: "", ns: null, ew: null };
  $("claim-hands").value = p.hands;
  $("claim-leader").value = p.leader;
  $("claim-current").value = p.current;
  $("claim-won-ns").value = p.ns == null ? "" : p.ns;
  $("claim-won-ew").value = p.ew == null ? "" : p.ew;
  renderSteps();
}

function selectValue(id, value) {
  // A value the select does not offer (a loaded case's own spelling) is added as written, so
  // that it is shown, saved back unchanged and left to the loader to judge when ruled on.
  const select = $(id);
  if (![...select.options].some((option) => option.value === value)) {
    select.append(el("option", { value }, `${value} (as written)`));
  }
  select.value = value;
}

function textInput(value, onchange, label, placeholder) {
  return el("input", { type: "text", value, "aria-label": label, placeholder, spellcheck: "false",
    oninput: (event) => onchange(event.target.value) });
}

function renderStep(step, index) {
  const line = el("li", { class: "step", "data-index": index });
  if (step.kind === "kept") {
    line.append(el("code", {}, JSON.stringify(step.value)));
  } else {
    const shown = el("code", { class: "step-text" }, stepText(step));
    const update = () => { shown.textContent = stepText(step); };
    const set = (key) => (value) => { step[key] = value; update(); };
    const iff = el("label", { class: "inline" }, el("input", {
      type: "checkbox", class: "step-if", checked: step.cond != null, "aria-label": "only if a suit splits",
      onchange: (event) => { step.cond = event.target.checked ? { suit: "S", split: "" } : null; renderSteps(); },
    }), "if");
    line.append(iff);
    if (step.cond) {
      line.append(selectOf(SUITS, step.cond.suit, (v) => { step.cond.suit = v; update(); }, "suit of the condition"),
        textInput(step.cond.split, (v) => { step.cond.split = v; update(); }, "split, like 3-2", "3-2"));
    }
    line.append(selectOf(STEP_KINDS.map(([kind]) => kind), step.kind, (kind) => {
      const fresh = newStep(kind);
      fresh.cond = step.cond;
      fresh.text = stepText(step);
      state.claim.steps[index] = fresh;
      renderSteps();
    }, "kind of step"));
    line.lastChild.classList.add("step-kind");
    for (const option of line.lastChild.options) {
      option.textContent = STEP_KINDS.find(([kind]) => kind === option.value)[1];
    }
    if (step.kind === "cash" || step.kind === "ruff") {
      line.append(selectOf(SUITS, step.suit, set("suit"), "suit"));
    }
    if (step.kind === "cash") {
      line.append(" from ", selectOf(["", ...SEATS], step.seat, set("seat"), "from which hand (optional)"));
    }
    if (step.kind === "ruff") line.append(" in ", selectOf(SEATS, step.seat, set("seat"), "ruffer"));
    if (step.kind === "cash_any") line.append(textInput(step.suits, set("suits"), "suits", "S H D"));
    if (step.kind === "finesse" || step.kind === "ruffing_finesse") {
      line.append(textInput(step.card, set("card"), "card", "DQ"));
    }
    if (step.kind === "concede") line.append(numberInput(step.n, set("n"), "tricks conceded", 1, 13));
    if (step.kind === "play" || step.kind === "play_all") {
      line.append(textInput(step.cards, set("cards"), "cards", "SA HK"));
    }
    if (step.kind === "raw") line.append(textInput(step.text, set("text"), "the step as said", "cash D from N"));
    line.append(" ", shown);
  }
  line.append(" ", el("button", { type: "button", "aria-label": "remove this step",
    onclick: () => { state.claim.steps.splice(index, 1); renderSteps(); } }, "remove"));
  return line;
}

function renderSteps() {
  $("steps").replaceChildren(...(state.claim ? state.claim.steps.map(renderStep) : []));
}

function wireClaim() {
  $("step-kind").replaceChildren(...STEP_KINDS.map(([kind, label]) => el("option", { value: kind }, label)));
  // Unticked, the claim (or its position) is put aside, not thrown away: ticked again, what
  // the director had entered comes back (a slip of the mouse costs nothing).
  $("has-claim").addEventListener("change", (event) => {
    if (event.target.checked) {
      state.claim = state.claimAside
        || claimFrom(state.base.claim) || claimFrom({ by: $("declarer").value });
    } else {
      state.claimAside = state.claim;
      state.claim = null;
    }
    setClaimFields();
  });
  $("has-position").addEventListener("change", (event) => {
    if (event.target.checked) {
      state.claim.position = state.claim.positionAside
        || { hands: "", leader: "", current: "", ns: null, ew: null };
    } else {
      state.claim.positionAside = state.claim.position;
      state.claim.position = null;
    }
    setClaimFields();
  });
  const fields = {
    "claim-by": (v) => { state.claim.by = v; },
    "claim-tricks": (v) => { state.claim.tricks = v === "" ? null : Number(v); },
    "claim-said": (v) => { state.claim.said = v; },
    "claim-overlooked": (v) => { state.claim.overlooked = v; },
    "claim-trumps": (v) => { state.claim.trumps = v; },
    "claim-policy": (v) => { state.claim.policy = v; },
    "claim-class": (v) => { state.claim.playerClass = v; },
    "claim-hands": (v) => { state.claim.position.hands = v; },
    "claim-leader": (v) => { state.claim.position.leader = v; },
    "claim-current": (v) => { state.claim.position.current = v; },
    "claim-won-ns": (v) => { state.claim.position.ns = v === "" ? null : Number(v); },
    "claim-won-ew": (v) => { state.claim.position.ew = v === "" ? null : Number(v); },
  };
  for (const [id, set] of Object.entries(fields)) {
    $(id).addEventListener($(id).tagName === "SELECT" ? "change" : "input",
      (event) => set(event.target.value));
  }
  $("add-step").addEventListener("click", () => {
    state.claim.steps.push(newStep($("step-kind").value));
    renderSteps();
    const fields = $("steps").lastChild.querySelectorAll("input, select");
    const last = fields[fields.length - 1];
    if (last && last.tagName === "INPUT") last.focus();
  });
}

// ---- irregularities during play: penalty cards, leads out of turn, premature plays, choices ----

const KIND_LABELS = {
  penalty_card: "a penalty card",
  lead_out_of_turn: "a lead out of turn",
  premature: "a premature lead or play (Law 57)",
  played_at_rho_turn: "a play at the right-hand opponent's turn (Law 57D)",
  declarer_played_early: "declarer's early play (Law 57C3)",
  dummy_designation: "declarer's incomplete call for dummy's card (Law 46B)",
  failure_to_play: "a lead instead of a penalty card (Law 52)",
  fifth_card: "a fifth card played to a trick (Law 45E)",
  choice: "a choice made",
};
const EXPOSURE_LABELS = {
  inadvertent: "inadvertent (dropped)", deliberate: "deliberate", "lead-out-of-turn":
  "a lead out of turn", premature: "a premature play", "second-card": "a second card played",
  exposed: "exposed (seen or named)",
};

function irregularityKind(entry) {
  // The kind of an entry the form can edit, or null (kept as written).
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return null;
  const keys = Object.keys(entry);
  if (keys.length !== 1 || !VOCABULARY.kinds.includes(keys[0])) return null;
  const fact = entry[keys[0]];
  return fact && typeof fact === "object" && !Array.isArray(fact) ? keys[0] : null;
}

function stoppedTrick() {
  // The trick play stopped at, as the rows say (the longest row plus one), for a new entry.
  const longest = Math.max(0, ...SEATS.map((seat) => state.rows[seat].cards.length));
  return Math.min(longest + 1, 13);
}

function defenders() {
  const declarer = SEATS.indexOf($("declarer").value);
  return [SEATS[(declarer + 1) % 4], SEATS[(declarer + 3) % 4]];
}

function newIrregularity(kind) {
  const trick = stoppedTrick();
  const seat = defenders()[0];
  if (kind === "penalty_card") return { penalty_card: { seat, card: "", trick, how: VOCABULARY.exposures[0] } };
  if (kind === "lead_out_of_turn") {
    // At trick 1 the first defender is the proper leader, the one seat that cannot lead out
    // of turn: his partner is the likelier offender.
    const leader = trick === 1 ? defenders()[1] : seat;
    return { lead_out_of_turn: { seat: leader, card: "", trick } };
  }
  if (kind === "premature") return { premature: { seat, card: "", trick } };
  if (kind === "played_at_rho_turn") {
    return { played_at_rho_turn: { seat, card: "", trick: Math.max(1, trick - 1) } };
  }
  if (kind === "declarer_played_early") {
    return { declarer_played_early: { seat: $("declarer").value, card: "", trick: Math.max(1, trick - 1) } };
  }
  if (kind === "dummy_designation") {
    return { dummy_designation: { trick: Math.max(1, trick - 1), said: "high" } };
  }
  if (kind === "failure_to_play") return { failure_to_play: { seat, card: "", trick } };
  if (kind === "fifth_card") return { fifth_card: { seat, card: "", trick: Math.max(1, trick - 1) } };
  const law = Object.keys(VOCABULARY.laws).includes("50D2") ? "50D2" : Object.keys(VOCABULARY.laws)[0];
  return { choice: withNamed({ trick, by: $("declarer").value, law, option: VOCABULARY.laws[law][0].option }) };
}

function lawOption(fact) {
  return (VOCABULARY.laws[String(fact.law)] || []).find((o) => o.option === fact.option) || null;
}

function withNamed(fact) {
  // Keep only the field the option names (suit, suits or card), with a first value.
  const named = (lawOption(fact) || {}).names || null;
  for (const key of ["suit", "suits", "card"]) if (key !== named) delete fact[key];
  if (named === "suit" && !SUITS.includes(fact.suit)) fact.suit = "S";
  if (named === "suits" && fact.suits == null) fact.suits = "";
  if (named === "card" && fact.card == null) fact.card = "";
  return fact;
}

function pick(options, value, onchange, label, labels) {
  // A select of ``options`` (a loaded value not among them is kept, shown as it is).
  let shown = options;
  if (value == null && !options.includes("")) shown = ["", ...options]; // not given yet
  else if (value != null && !options.map(String).includes(String(value))) shown = [value, ...options];
  const select = selectOf(shown, value == null ? "" : value, onchange, label);
  if (value == null && !options.includes("")) select.options[0].textContent = "(not given)";
  for (const option of select.options) {
    if (labels && labels[option.value] != null) option.textContent = labels[option.value];
  }
  return select;
}

function cardField(value, onchange, label) {
  // A card typed as on the rows (SQ, sq, H10, HT): written as the case file writes it.
  return el("input", {
    type: "text", class: "card-field", value: value == null ? "" : value, "aria-label": label,
    placeholder: "SQ", spellcheck: "false",
    oninput: (event) => {
      const parsed = parseCard(event.target.value);
      onchange(parsed && !parsed.mark ? parsed.card : event.target.value.trim());
    },
  });
}

function irregularityFields(holder, key, rerender) {
  // The fields of the entry holder[key] ({penalty_card: {...}} and the like).
  const entry = holder[key];
  const kind = irregularityKind(entry);
  const kindSelect = pick(VOCABULARY.kinds, kind, (value) => {
    holder[key] = newIrregularity(value);
    rerender();
  }, "kind of irregularity", KIND_LABELS);
  kindSelect.classList.add("irregularity-kind");
  if (!kind) {
    return [el("code", {}, JSON.stringify(entry)), " (kept as written)"];
  }
  const fact = entry[kind];
  const set = (name) => (value) => {
    if (value == null || value === "") delete fact[name]; else fact[name] = value;
  };
  const parts = [kindSelect, " "];
  if (kind === "dummy_designation") {
    const said = (value) => { set("said")(value); rerender(); };
    parts.push("at trick ", numberInput(fact.trick, set("trick"), "trick", 1, 13), " declarer said ",
      pick(["high", "low", "win", "suit", "rank", "anything", "card"], fact.said, said, "what declarer said",
        { card: "a card dummy did not hold (46B4)" }), " suit ",
      pick(["", ...SUITS], fact.suit, set("suit"), "suit named", { "": "none named", ...SUIT_SYMBOLS }), " rank ",
      pick(["", ...RANKS], fact.rank, set("rank"), "rank named (said: rank)", { "": "none named" }));
    if (fact.said === "card" || "card" in fact) {
      parts.push(" card ", cardField(fact.card, set("card"), "card named (said: card)"));
    }
    return parts;
  }
  if (kind === "choice") {
    const options = lawOption(fact) ? VOCABULARY.laws[String(fact.law)] : [];
    const cites = Object.fromEntries(options.map((o) => [o.option, `${o.option} (Law ${o.cites})`]));
    parts.push("at trick ", numberInput(fact.trick, set("trick"), "trick", 1, 13), " ",
      pick(SEATS, fact.by, set("by"), "chooser", SEAT_NAMES), " chose under Law ",
      pick(Object.keys(VOCABULARY.laws), fact.law, (value) => {
        fact.law = /^\d+$/.test(value) ? Number(value) : value; // law: 52, as a case file writes it
        fact.option = VOCABULARY.laws[value][0].option;
        withNamed(fact);
        rerender();
      }, "law"), " ",
      pick(options.map((o) => o.option), fact.option, (value) => {
        fact.option = value;
        withNamed(fact);
        rerender();
      }, "option", cites));
    const named = (lawOption(fact) || {}).names;
    if (named === "suit" || "suit" in fact) {
      parts.push(" suit ", pick(SUITS, fact.suit, set("suit"), "suit named", SUIT_SYMBOLS));
    }
    if (named === "suits" || "suits" in fact) {
      const suits = Array.isArray(fact.suits) ? fact.suits.join("") : fact.suits;
      parts.push(" suits ", textInput(suits == null ? "" : suits, set("suits"), "suits named", "SH"));
    }
    if (named === "card" || "card" in fact) parts.push(" card ", cardField(fact.card, set("card"), "card named"));
    return parts;
  }
  parts.push(pick(SEATS, fact.seat, set("seat"), "seat", SEAT_NAMES), " ",
    cardField(fact.card, set("card"), "card"), " at trick ",
    numberInput(fact.trick, set("trick"), "trick", 1, 13));
  if (kind === "penalty_card") {
    parts.push(" exposed ", pick(VOCABULARY.exposures, fact.how, set("how"), "how it was exposed", EXPOSURE_LABELS),
      " ", pick(["", ...VOCABULARY.classes], fact.class, set("class"), "class",
        { "": "class by Law 50B", major: "major (the director's ruling)", minor: "minor (the director's ruling)" }));
  }
  if (kind === "lead_out_of_turn") {
    parts.push(" ", pick(["", ...VOCABULARY.responses], fact.response, set("response"), "response",
      { "": "choice pending", accepted: "accepted", refused: "refused",
        "retracted-misinformed": "taken back: an opponent said it was his lead (Law 47E1)" }));
  }
  if (kind === "lead_out_of_turn" || kind === "premature") {
    parts.push(" ", pick(["", "true"], fact.played_after ? "true" : "", (value) => {
      if (value === "true") fact.played_after = true; else delete fact.played_after;
    }, "played to before rectification", { "": "not played to", true: "played to by the next hand (Law 60A1)" }));
  }
  return parts;
}

function renderIrregularities() {
  const lines = state.irregularities.map((entry, index) => {
    const line = el("div", { class: "irregularity", "data-index": index });
    line.append(el("span", { class: "number" }, `${index + 1}. `),
      ...irregularityFields(state.irregularities, index, renderIrregularities), " ",
      el("button", { type: "button", "aria-label": "remove this irregularity",
        onclick: () => { state.irregularities.splice(index, 1); renderIrregularities(); } }, "remove"));
    return line;
  });
  $("irregularities").replaceChildren(...lines);
}

function wireIrregularities() {
  $("irregularity-kind").replaceChildren(...VOCABULARY.kinds.map((kind) =>
    el("option", { value: kind }, KIND_LABELS[kind] || kind)));
  $("add-irregularity").addEventListener("click", () => {
    state.irregularities.push(newIrregularity($("irregularity-kind").value));
    renderIrregularities();
    const card = $("irregularities").lastChild.querySelector("input.card-field");
    if (card) card.focus();
  });
}

// ---- messages -------------------------------------------------------------------------------

// The reader counts list entries from 0 (statements.0, claim.statement.1, as in the case
// file); the page numbers them from 1. Messages about the facts on the form use its numbers.
function formWords(message) {
  return message
    .replace(/\bclaim\.statement\.(\d+)/g, (_, n) => `the claim's statement, step ${Number(n) + 1}`)
    .replace(/\bstatements\.(\d+)/g, (_, n) => `statement ${Number(n) + 1}`)
    // play.irregularities.1.choice.trick: the line's kind is on the page; its field is named.
    .replace(/\bplay\.irregularities\.(\d+)(?:\.[a-z_]+)?(?:\.([a-z_]+))?/g,
      (_, n, field) => `irregularity ${Number(n) + 1}${field ? `, its ${field.replace(/_/g, " ")}` : ""}`)
    .replace(/\bplay\.rows\.([NESW])\b/g, (_, seat) => `${SEAT_NAMES[seat]}'s row`)
    // Agreed tricks come only from a loaded file: the page shows them under Other facts.
    .replace(/\bplay\.tricks\.(\d+)/g, (_, n) => `agreed trick ${n} (under Other facts)`);
}

// The command line's advice names its option; on the page the time limit is the desk's own,
// set when it was started.
function deskAdvice(text) {
  return text.replace(/raise --time-limit/g,
    "raise the desk's time limit (it is set when the desk is started: ruling serve --time-limit S)");
}

function showError(message) {
  const box = $("errors");
  box.textContent = message;
  box.hidden = false;
}

function clearError() {
  $("errors").hidden = true;
  $("errors").textContent = "";
  showNotice("");
}

// ---- the server --------------------------------------------------------------------------------

async function post(path, body) {
  return (await postFor(path, body)).data;
}

// The answer's body (JSON or text) and its headers; a refusal is thrown with its message.
async function postFor(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    throw new Error(typeof data === "object" && data.error ? data.error : `the server answered ${response.status}`);
  }
  return { data, headers: response.headers };
}

function renderRuling(result, holder, extra, values) {
  const ruling = result.ruling || {};
  const parts = [el("h2", { id: "ruling-status" }, `Ruling: ${String(result.status).toUpperCase()}`)];
  if (ruling.result) parts.push(el("p", { class: "big", id: "ruling-result" }, ruling.result));
  if (ruling.declarer_tricks != null) {
    parts.push(el("p", { id: "ruling-tricks" },
      `declarer's side credited with ${ruling.declarer_tricks} tricks (the ruled figure)`));
  }
  if (ruling.score) {
    parts.push(el("p", {}, `score NS ${signed(ruling.score.NS)}, EW ${signed(ruling.score.EW)}`));
  }
  parts.push(el("ul", { id: "ruling-reasons" },
    ...(ruling.reasons || []).map((r) => el("li", {}, deskAdvice(r)))));
  const { shown, quiet } = assumptionGroups(result);
  for (const a of shown) parts.push(el("p", { class: "assumption" }, assumptionText(a)));
  if (quiet.length) {
    const laws = [...new Set(quiet.map((a) => a.citation))].sort();
    const names = quiet.map((a) => a.name.slice(a.name.indexOf(":") + 1)).join(", ");
    parts.push(el("details", { class: "assumption", id: "quiet-assumptions" },
      el("summary", {}, `assumptions (${result.claim.policy}, Law${laws.length > 1 ? "s" : ""} ` +
        `${laws.join(", ")}): ${quiet.length} more judgements of normal play in force, none of ` +
        `which, turned the other way alone, changes the worst normal line: ${names}`),
      ...quiet.map((a) => el("p", { class: "assumption" }, assumptionText(a)))));
  }
  if ((ruling.citations || []).length) {
    parts.push(el("p", { id: "ruling-citations" }, `Laws cited: ${ruling.citations.join(", ")}`));
  }
  if ((result.irregularities || []).length) parts.push(...irregularityParts(result.irregularities));
  const outcomes = result.outcomes || [];
  if (outcomes.length) {
    const withChoices = outcomes.some((o) => "choices" in o);
    const body = outcomes.map((o) => el("tr", {},
      el("td", {}, o.declarer_tricks), el("td", {}, o.histories == null ? "not counted" : o.histories.toLocaleString("en")),
      el("td", {}, (o.revokes || []).length ? `${o.revokes.length}` : "none"),
      el("td", {}, o.final_declarer_tricks),
      withChoices ? el("td", { class: "choices" }, (o.choices || []).map(choiceText).join("; ") || "none") : null));
    parts.push(el("h3", {}, "Outcome groups"), el("table", { id: "outcomes" },
      el("thead", {}, el("tr", {}, el("th", {}, "tricks won in play"), el("th", {}, "histories"),
        el("th", {}, "revokes"), el("th", {}, "after adjustment"),
        withChoices ? el("th", {}, "choices assumed") : null)), el("tbody", {}, ...body)));
  }
  if ("options" in result) parts.push(...optionParts(result, values));
  if (result.claim) parts.push(...claimParts(result.claim));
  const histories = result.histories || {};
  if (histories.count != null || histories.count_at_least != null) {
    const count = histories.count != null ? histories.count.toLocaleString("en")
      : `at least ${histories.count_at_least.toLocaleString("en")}`;
    parts.push(el("p", {}, `Consistent histories: ${count} (engine: ${result.engine})`));
  }
  const listed = histories.listed || [];
  if (listed.length) parts.push(el("h3", {}, "One consistent history"), historyTable(listed[0]));
  if (extra && extra.text) {
    parts.push(el("details", { open: result.claim != null || undefined },
      el("summary", {}, "The full report"), el("pre", { id: "report-text" }, extra.text)));
  }
  holder.replaceChildren(...parts);
  holder.hidden = false;
}

function assumptionText(a) {
  return `assumption (${a.name}, Law ${a.citation}): ${a.text}`;
}

// The ruling's assumptions in two groups, as the text report has them: the claim policy's
// judgements which, each turned the other way alone, leave the worst normal line as it is are
// only named (a committee reads first what the ruling turns on); the others are given in full.
function assumptionGroups(result) {
  const all = (result.ruling || {}).assumptions || [];
  const claim = result.claim;
  if (!claim || !Array.isArray(claim.judgements)) return { shown: all, quiet: [] };
  const prefix = `${claim.policy}:`;
  const turning = new Set(claim.judgements.map((j) => prefix + j.switch));
  const isQuiet = (a) => a.name.startsWith(prefix) && !turning.has(a.name);
  return { shown: all.filter((a) => !isQuiet(a)), quiet: all.filter(isQuiet) };
}

function namedSuits(item) {
  return item.suit || item.suits || "";
}

function choiceText(choice) {
  // As the text report gives a choice an outcome group assumes.
  const named = namedSuits(choice);
  return `trick ${choice.trick}: ${SEAT_NAMES[choice.by] || choice.by || "?"} chose ${choice.option}` +
    `${named ? " " + named : ""} (Law ${choice.law})`;
}

function irregularityText(item) {
  const who = SEAT_NAMES[item.seat] || item.seat;
  if (item.kind === "penalty_card") {
    return `${who}'s ${item.card}: a penalty card from trick ${item.trick} (${item.how})`;
  }
  if (item.kind === "lead_out_of_turn") {
    return `${who} led ${item.card} out of turn to trick ${item.trick} (${item.response || "choice pending"})`;
  }
  if (item.kind === "premature") return `${who} played ${item.card} prematurely to trick ${item.trick}`;
  if (item.kind === "dummy_designation") {
    const named = (item.suits || []).join("") || item.rank || "";
    return `declarer called ${item.said}${named ? " " + named : ""} for dummy at trick ${item.trick} (Law ${item.citation})`;
  }
  if (item.kind === "declarer_played_early") {
    return `${who} played ${item.card} to trick ${item.trick} before his turn (Law 57C3)`;
  }
  if (item.kind === "failure_to_play") {
    return `${who} led ${item.card} to trick ${item.trick} while a penalty card of his was due (Law 52, choice pending)`;
  }
  if (item.kind === "fifth_card") {
    return `${who}'s ${item.card}: a fifth card to trick ${item.trick} (Law ${item.citation})`;
  }
  if (item.kind === "played_at_rho_turn") {
    return `${who} played ${item.card} to trick ${item.trick} before his right-hand opponent (Law 57D)`;
  }
  if (item.kind === "choice") {
    const named = namedSuits(item) || item.card || "";
    return `${who} chose ${item.option}${named ? " " + named : ""} at trick ${item.trick}`;
  }
  return `${item.kind} at trick ${item.trick}`;
}

function irregularityParts(items) {
  const rows = items.map((item) => {
    const what = el("td", {}, irregularityText(item));
    if (item.reason) what.append(el("br"), el("span", { class: "hint" }, item.reason));
    if (item.major_from_trick != null) {
      what.append(el("br"), el("span", { class: "hint" }, `major from trick ${item.major_from_trick}`));
    }
    if (item.assumption) {
      what.append(el("br"), el("span", { class: "assumption" },
        `assumption (${item.assumption.name}, Law ${item.assumption.citation}): ${item.assumption.text}`));
    }
    return el("tr", { "data-kind": item.kind }, el("td", {}, item.trick), what,
      el("td", { class: "class" }, item.class || ""), el("td", { class: "citation" }, `Law ${item.citation}`),
      el("td", { class: "account" }, item.by ? `${item.by}'s account` : "agreed"));
  });
  return [el("h3", {}, "Irregularities"), el("table", { id: "irregularities-ruled" },
    el("thead", {}, el("tr", {}, ...["trick", "what happened", "class", "law", "account"].map((h) => el("th", {}, h)))),
    el("tbody", {}, ...rows))];
}

function optionText(option, values) {
  // As PendingOption.describe words it: the value only when asked (Law 10C).
  const named = namedSuits(option) || option.card || "";
  let text = `${SEAT_NAMES[option.by] || option.by} may choose ${option.option}${named ? " " + named : ""} ` +
    `(Law ${option.law})`;
  if (values && option.double_dummy != null) {
    text += `: declarer's side then takes ${option.double_dummy} tricks double dummy`;
    if (option.best) text += ` (best for ${SEAT_NAMES[option.by] || option.by})`;
  }
  return text;
}

function optionParts(result, values) {
  const options = result.options || [];
  if (!options.length) return [];
  const parts = [el("h3", {}, "Choice pending where play stopped"),
    el("ul", { id: "options" }, ...options.map((o) => el("li", {}, optionText(o, values))))];
  if (result.options_remark) {
    parts.push(el("p", { id: "options-remark", class: "hint" }, `(${result.options_remark})`));
  }
  if (values && result.options_note) {
    parts.push(el("p", { id: "options-note", class: "hint" }, `(no values: ${result.options_note})`));
  }
  if (!values) {
    parts.push(el("p", { class: "hint" }, "Law 10C: the director explains the options and does " +
      "not advise; tick \"values of the options\" and rule again for the analyst's figures."));
  }
  return parts;
}

function claimParts(claim) {
  const upheld = claim.upheld ? "upheld" : "not upheld";
  const parts = [el("h3", {}, "The claim"), el("p", { id: "claim-summary" },
    `${SEAT_NAMES[claim.by] || claim.by} claimed ${claim.tricks} of the tricks left: ${upheld}. ` +
    `Worst normal line (${claim.policy} policy): ${claim.claimer_tricks} tricks for the ` +
    `claimer's side; double dummy: ${claim.double_dummy}.`)];
  if (claim.overlooked) {
    // The director's finding, shown with the ruling it was part of (claim.overlooked).
    parts.push(el("p", { id: "claim-overlooked-note" }, `On your finding that the claimer ` +
      `overlooked ${claim.overlooked.join(" ")}: his cards only these beat are taken as cards ` +
      "he thinks good, led among his winners (lead_believed_winner)."));
  }
  const tricks = [];
  for (const play of claim.worst_normal_line || []) {
    if (!tricks.length || tricks[tricks.length - 1].done) tricks.push({ trick: play.trick, plays: [], done: false });
    const current = tricks[tricks.length - 1];
    current.plays.push(play);
    if (play.winner) { current.winner = play.winner; current.done = true; }
  }
  if (tricks.length) {
    const rows = tricks.map((t) => el("tr", {}, el("td", {}, t.trick),
      el("td", {}, ...t.plays.flatMap((p, i) => [i ? ", " : "", `${p.seat} `,
        el("span", { class: suitClass(p.card) }, cardLabel(p.card))])),
      el("td", {}, t.winner || "")));
    parts.push(el("p", {}, "The worst normal line, trick by trick after the claim:"),
      el("table", { id: "claim-line" }, el("thead", {}, el("tr", {}, el("th", {}, "trick"),
        el("th", {}, "cards in order"), el("th", {}, "won by"))), el("tbody", {}, ...rows)));
  }
  if (Array.isArray(claim.judgements)) parts.push(...turnParts(claim.judgements));
  return parts;
}

// Where the ruling turns: each judgement that, turned the other way alone, changes the worst
// normal line, and the claimer's side's tricks then (claim.judgements).
function turnParts(judgements) {
  const items = judgements.map((j) => el("li", {}, j.claimer_tricks == null
    ? `with ${j.switch} ${j.turned} (Law ${j.citation}): not settled in time`
    : `with ${j.switch} ${j.turned} (Law ${j.citation}), the worst normal line gives the ` +
      `claimer's side ${j.claimer_tricks}: declarer ${j.declarer_tricks} tricks`));
  if (!items.length) {
    items.push(el("li", {}, "no judgement turned alone changes the line, of those settled in time"));
  }
  return [el("p", {}, "Where the ruling turns (each judgement turned the other way alone):"),
    el("ul", { id: "claim-turns" }, ...items)];
}

function signed(value) {
  return value > 0 ? `+${value}` : String(value);
}

function historyTable(tricks) {
  const rows = tricks.map((trick) => {
    const bySeat = {};
    const leader = SEATS.indexOf(trick.leader);
    trick.cards.forEach((card, i) => { bySeat[SEATS[(leader + i) % 4]] = card; });
    return el("tr", {}, el("td", {}, trick.trick), el("td", {}, trick.leader),
      ...SEATS.map((seat) => {
        const card = bySeat[seat];
        const cell = el("td", { class: card ? suitClass(card) : "" }, card ? cardLabel(card) : "--");
        if (seat === trick.leader) cell.classList.add("lead");
        if (seat === trick.winner) cell.classList.add("won");
        return cell;
      }), el("td", {}, trick.winner));
  });
  return el("table", { class: "history" }, el("thead", {}, el("tr", {},
    ...["trick", "lead", "N", "E", "S", "W", "won by"].map((h) => el("th", {}, h)))),
    el("tbody", {}, ...rows));
}

const FINISHED = ["done", "failed", "timeout", "stopped"];
const POLL_WAIT = 0.25; // seconds the server may hold a poll while the job runs

async function getJson(path) {
  const response = await fetch(path);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

// A time limit as a director reads it: seconds, minutes or hours, and no number at all past a
// day (a limit of 10^12 s is no limit in practice).
const PRACTICAL_LIMIT_SECONDS = 86400;

function limitText(seconds) {
  if (seconds > PRACTICAL_LIMIT_SECONDS) return "no practical limit";
  if (seconds >= 7200) return `${+(seconds / 3600).toFixed(1)} h`;
  if (seconds >= 120) return `${+(seconds / 60).toFixed(1)} min`;
  return `${seconds} s`;
}

function jobText(job) {
  const limit = limitText(job.time_limit);
  if (job.state === "queued") return "waiting for a free worker (another ruling is running)";
  if (job.state === "running") {
    const bound = job.time_limit > PRACTICAL_LIMIT_SECONDS ? ` (${limit})` : ` of at most ${limit}`;
    let text = `${job.phase}: ${job.elapsed.toFixed(1)} s${bound}`;
    if (job.positions != null) text += `, ${job.positions.toLocaleString("en")} positions searched`;
    return text;
  }
  if (job.state === "done") return `ruled in ${job.elapsed.toFixed(2)} s`;
  if (job.state === "stopped") return "stopped on request: no ruling was made";
  if (job.state === "timeout") return `stopped at the time limit (${limit}): no ruling was made`;
  if (job.kind === "input") return "no ruling: the facts cannot be ruled on as entered (the message above says why)";
  return "failed: no ruling was made";
}

function showJob(job) {
  $("job").hidden = false;
  $("job").dataset.state = job.state;
  $("job-status").textContent = jobText(job);
  const bar = $("job-progress");
  if (job.state === "running" && job.time_limit > 0) {
    bar.value = Math.min(job.elapsed / job.time_limit, 1);
  } else if (job.state === "done") {
    bar.value = 1;
  } else if (job.state === "queued") {
    bar.removeAttribute("value"); // an indeterminate bar
  }
  $("stop").hidden = FINISHED.includes(job.state);
}

// A ruling belongs to the facts it was made on: other facts put in the form (a file loaded,
// New, a board picked) take it off the page and stop a ruling still running for the old ones;
// a change made in the form marks it as out of date, and Print, which would print it, is off.
function forgetRuling() {
  state.generation += 1;
  if (state.job) stopJob();
  state.document = null;
  $("print").disabled = true;
  $("ruling").hidden = true;
  $("ruling").replaceChildren();
  $("job").hidden = true;
}

function markRulingStale() {
  const ruling = $("ruling");
  if (ruling.hidden || $("ruling-stale")) return;
  state.document = null;
  $("print").disabled = true;
  ruling.prepend(el("p", { id: "ruling-stale", class: "stale", role: "status" },
    "The facts were changed after this ruling: it is not a ruling on what the form now holds. " +
    "Rule again."));
}

const NOT_FACTS = ["rule", "print", "stop", "save", "values", "load-file"];

function watchForChanges() {
  const form = $("case-form");
  const changed = (event) => {
    if (NOT_FACTS.includes(event.target.id)) return;
    markRulingStale();
  };
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button && !NOT_FACTS.includes(button.id) && button.id !== "new") markRulingStale();
  });
}

async function ruleCase() {
  clearError();
  const blank = blankStep();
  if (blank) { showError(blank); return; }
  forgetRuling();
  const generation = state.generation;
  $("rule").disabled = true;
  try {
    const values = $("values").checked;
    let job = await post("api/jobs", { case: caseDict(), values });
    state.job = job.job;
    while (!FINISHED.includes(job.state) || (job.result == null && job.error == null)) {
      // (a finished job is always answered with its ruling or its error; asked again if not)
      if (state.generation === generation) showJob(job);
      job = await getJson(`api/jobs/${encodeURIComponent(job.job)}?wait=${POLL_WAIT}`);
    }
    if (state.generation !== generation) return; // other facts are in the form by now
    showJob(job);
    if (job.state === "done" && job.result) {
      state.document = job.document;
      $("print").disabled = false;
      renderRuling(job.result, $("ruling"), job, values);
      if (job.log_error) showError(job.log_error);
      refreshLog(job.log_id);
    } else if (job.state !== "stopped") {
      showError(formWords(job.error || "the server finished the ruling without giving it"));
    }
  } catch (error) {
    if (state.generation !== generation) return;
    $("job").hidden = true;
    showError(formWords(error.message));
  } finally {
    state.job = null;
    $("stop").hidden = true;
    $("rule").disabled = false;
  }
}

async function stopJob() {
  if (!state.job) return;
  try {
    await post(`api/jobs/${encodeURIComponent(state.job)}/stop`, {});
  } catch (error) {
    showError(error.message);
  }
}

async function saveCase() {
  clearError();
  const blank = blankStep();
  if (blank) { showError(blank); return; }
  try {
    const { data: text, headers } = await postFor("api/save", { case: caseDict() });
    const link = el("a", {
      href: URL.createObjectURL(new Blob([text], { type: "application/yaml" })),
      download: `${slug($("title").value) || "case"}.yaml`,
    });
    document.body.append(link);
    link.click();
    link.remove();
    // Saved as entered; say so when the file is not yet one the command line would rule on.
    const unready = headers.get("X-Case-Not-Ready");
    if (unready) {
      showNotice(`Saved as entered; not ready for a ruling yet: ${formWords(decodeURIComponent(unready))}`);
    }
  } catch (error) {
    showError(formWords(error.message));
  }
}

function showNotice(message) {
  const box = $("notice");
  box.textContent = message;
  box.hidden = !message;
}

function slug(text) {
  // Letters of any script are kept (a title in Danish or Chinese still names its file).
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "").slice(0, 60);
}

let loadedBoards = [];

async function loadFile(file) {
  clearError();
  const limit = 256 * 1024;
  if (file.size > limit) {
    showError(`${file.name}: the file is ${file.size.toLocaleString("en")} bytes; the limit is 256 KiB`);
    return;
  }
  await loadText(file.name, await file.text());
}

// A BBO hand-viewer link pasted (an online TD's "movie" of the board): the server reads the
// LIN it carries, as it reads a .lin file of such links.
async function loadLink() {
  clearError();
  const link = $("load-link").value.trim();
  if (!link) return;
  if (!/[?&#]lin=/i.test(link)) {
    showError("BBO link: expected a hand-viewer link holding lin=... (www.bridgebase.com/tools/handviewer.html?lin=...)");
    return;
  }
  await loadText("BBO link", link);
}

async function loadText(name, text) {
  try {
    const data = await post("api/load", { name, text });
    const pick = $("board-pick");
    if (data.kind === "case") {
      pick.hidden = true;
      setCase(data.case);
      return;
    }
    loadedBoards = data.boards;
    pick.replaceChildren(...data.boards.map((board, i) =>
      el("option", { value: i, disabled: board.error != null }, board.error ? `${board.label}: ${board.error}` : board.label)));
    pick.hidden = false;
    const first = data.boards.findIndex((b) => !b.error);
    if (first >= 0) { pick.value = String(first); setCase(data.boards[first].case); }
  } catch (error) {
    // The reader's messages name the file; the server's own (an upload too large) do not.
    showError(error.message.startsWith(name) ? error.message : `${name}: ${error.message}`);
  }
}

// The log's listing can be asked for twice at once (at page load, and when a ruling ends):
// the answers may come back in either order, so a listing older than the one shown is dropped,
// and after a ruling the listing is asked for again until it holds the entry just written.
let logAsked = 0; // the number of the latest listing asked for
let logShown = 0; // the number of the listing shown
const LOG_TRIES = 20;
let lastLogged = null; // the entry of the ruling made last on this page, marked in the listing

function pause(ms) {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}

async function refreshLog(expected) {
  const asked = ++logAsked;
  for (let attempt = 1; ; attempt++) {
    let data;
    try {
      data = await getJson("api/log");
    } catch (error) {
      if (attempt < 3) { await pause(250 * attempt); continue; }
      if (asked >= logShown) showError(`the ruling log: ${error.message}`);
      return;
    }
    if (asked < logShown) return; // a newer listing is on the page already
    const found = expected == null || data.entries.some((entry) => entry.id === expected);
    if (!found && attempt < LOG_TRIES) { await pause(100 * attempt); continue; }
    logShown = asked;
    if (expected != null) lastLogged = expected;
    const entries = $("log-order").value === "latest"
      ? [...data.entries].sort((a, b) => b.id - a.id) : data.entries;
    const rows = entries.map((entry) => el("tr", {
      class: entry.id === lastLogged ? "log-row log-new" : "log-row", "data-id": entry.id,
      onclick: () => openEntry(entry.id), tabindex: "0",
      onkeydown: (event) => { if (event.key === "Enter") openEntry(entry.id); } },
      el("td", {}, entry.board == null ? "-" : entry.board), el("td", {}, entry.title),
      el("td", {}, entry.result || entry.status), el("td", {}, entry.ruled_at.replace("T", " ").slice(0, 19))));
    $("log").tBodies[0].replaceChildren(...rows);
    return;
  }
}

async function openEntry(id) {
  const values = $("values").checked;
  const response = await fetch(`api/log/${id}${values ? "?values=1" : ""}`);
  const entry = await response.json();
  const holder = $("log-entry");
  const ruling = el("div");
  renderRuling(entry.ruling, ruling, null, values);
  // The ruling on the page has these ids: the logged one's are its own (no id twice).
  for (const node of ruling.querySelectorAll("[id]")) node.id = `logged-${node.id}`;
  const others = entry.board_rulings.filter((e) => e.id !== entry.id);
  holder.replaceChildren(
    el("h3", {}, `Logged ruling ${entry.id}: ${entry.title}`),
    el("p", {}, `ruled ${entry.ruled_at} by ruling ${entry.tool_version}`),
    el("details", {}, el("summary", {}, "the facts as entered"), el("pre", { id: "log-facts" }, entry.facts_text)),
    ruling,
    others.length ? el("p", {}, "other rulings of this board: " +
      others.map((e) => `#${e.id} ${e.result || e.status} (${e.ruled_at})`).join("; ")) : null,
    el("button", { type: "button", onclick: () => setCase(entry.facts) }, "open these facts in the form"));
  holder.hidden = false;
}

function printReport() {
  if (!state.document) return;
  const url = URL.createObjectURL(new Blob([state.document], { type: "text/html" }));
  const view = window.open(url, "_blank");
  if (view) view.addEventListener("load", () => view.print());
}

// ---- wiring -------------------------------------------------------------------------------------

function setDealFromInput() {
  const text = $("deal").value.trim();
  if (text === "") { state.hands = null; renderRows(); renderDealGrid(); return; }
  try {
    state.hands = parseDeal(text);
    clearError();
    const misplaced = rowsAgainstDeal();
    if (misplaced) showError(misplaced);
  } catch (error) {
    showError(error.message);
    state.hands = null;
  }
  renderRows();
  renderDealGrid();
}

// Rows entered before the deal (or kept when it changed) are checked against it at once, not
// only when the case is ruled on.
function rowsAgainstDeal() {
  for (const seat of SEATS) {
    for (const entry of state.rows[seat].cards) {
      if (!state.hands[seat].has(entry.card)) {
        const holder = SEATS.find((other) => state.hands[other].has(entry.card));
        const where = holder ? `the deal gives it to ${SEAT_NAMES[holder]}` : "the deal does not hold it";
        return `${SEAT_NAMES[seat]}'s row holds ${entry.card}, but ${where}: take it out of the row, or correct the deal`;
      }
    }
  }
  return null;
}

function newStatement(kind) {
  const by = state.statements.length % 2 === 0 ? "NS" : "EW";
  if (kind === "tricks") state.statements.push({ by, declarer_tricks: null });
  if (kind === "winner") state.statements.push({ by, trick: null, winner: "N" });
  if (kind === "played") state.statements.push({ by, trick: null, played: {} });
  if (kind === "revoke") state.statements.push({ by, revoke: { seat: "N" } });
  if (kind === "account") {
    state.statements.push({ by, irregularity: newIrregularity($("irregularity-kind").value) });
  }
  renderStatements();
}

document.addEventListener("DOMContentLoaded", () => {
  $("edition").replaceChildren(...VOCABULARY.editions.map((year) => el("option", {}, String(year))));
  state.rows = emptyRows();
  renderAll();
  $("deal").addEventListener("change", setDealFromInput);
  $("rule").addEventListener("click", ruleCase);
  $("save").addEventListener("click", saveCase);
  $("new").addEventListener("click", () => { clearError(); setCase({}); });
  $("print").addEventListener("click", printReport);
  $("stop").addEventListener("click", stopJob);
  $("load-file").addEventListener("change", (event) => {
    if (event.target.files.length) loadFile(event.target.files[0]);
    event.target.value = "";
  });
  $("load-link-go").addEventListener("click", loadLink);
  $("load-link").addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); loadLink(); }
  });
  $("board-pick").addEventListener("change", (event) => {
    const board = loadedBoards[Number(event.target.value)];
    if (board && board.case) setCase(board.case);
  });
  $("add-tricks").addEventListener("click", () => newStatement("tricks"));
  $("add-winner").addEventListener("click", () => newStatement("winner"));
  $("add-played").addEventListener("click", () => newStatement("played"));
  $("add-revoke").addEventListener("click", () => newStatement("revoke"));
  $("add-account").addEventListener("click", () => newStatement("account"));
  $("no-play").addEventListener("change", (event) => {
    // every row given, empty ones included ({N: "", E: "", S: "", W: ""} in the case file)
    for (const seat of SEATS) state.rows[seat].given = event.target.checked;
    renderRows();
  });
  wireIrregularities();
  $("log-refresh").addEventListener("click", () => refreshLog()); // not the click as an entry id
  $("log-order").addEventListener("change", () => refreshLog());
  wireClaim();
  watchForChanges();
  $("deal-keys").addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); typeDeal(event.target); }
  });
  refreshLog();
});
