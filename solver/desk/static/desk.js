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
  "statements", "play"];

const state = {
  base: {},        // the loaded case dict: fields the form does not edit are kept as they are
  hands: null,     // {N: Set of cards} once a deal is set
  rows: {},        // {N: {cards: [{card, mark}], mixed: bool, when}}
  statements: [],  // as in the case file
  document: null,  // the last ruling's printable report
  job: null,       // the id of the ruling under way on the server
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
  const match = /^([SHDC])(10|[AKQJT2-9])([+-]?)$/i.exec(token.trim());
  if (!match) return null;
  const rank = match[2] === "10" ? "T" : match[2].toUpperCase();
  return { card: match[1].toUpperCase() + rank, mark: match[3] };
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
    if (row.cards.length > 0 || row.mixed) rows[seat] = rowValue(row);
  }
  play.rows = rows;
  out.play = play;
  out.statements = JSON.parse(JSON.stringify(state.statements));
  // the other fields of a loaded case (claim, notes, expect, ...) after the edited ones
  return Object.assign(out, facts);
}

function emptyRows() {
  const rows = {};
  for (const seat of SEATS) rows[seat] = { cards: [], mixed: false, when: WHEN[0] };
  return rows;
}

function rowFrom(seat, value) {
  const row = { cards: [], mixed: false, when: WHEN[0] };
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
    placeholder: "type: SA H10 CK-", "aria-label": `type ${SEAT_NAMES[seat]}'s cards`,
    onkeydown: (event) => {
      if (event.key === "Enter") { event.preventDefault(); typeCards(seat, event.target); }
    },
  });
  box.append(el("div", { class: "row-tools" }, typed,
    el("button", { type: "button", onclick: () => { row.cards.pop(); renderRows(); } }, "undo"),
    el("button", { type: "button", onclick: () => { row.cards = []; renderRows(); } }, "clear"),
    el("button", { type: "button", id: `rest-${seat}`, onclick: () => addRest(seat) }, "the rest")));
  return box;
}

function typeCards(seat, input) {
  const tokens = input.value.split(/[\s,]+/).filter((t) => t !== "");
  for (let i = 0; i < tokens.length; i++) {
    const parsed = parseCard(tokens[i]);
    if (!parsed) {
      showError(`${SEAT_NAMES[seat]}'s row: ${tokens[i]} is not a card (a suit S H D C and ` +
        "a rank A K Q J 10 9 ... 2, e.g. SA or H10; + or - after it for its orientation)");
      input.value = tokens.slice(i).join(" ");
      renderRows(seat);
      return;
    }
    if (!addCard(seat, parsed.card, parsed.mark || "+")) {
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
  const pending = {};
  for (const seat of SEATS) {
    const input = $(`type-${seat}`);
    if (input) pending[seat] = input.value;
  }
  holder.replaceChildren(...SEATS.map(renderRow));
  for (const seat of SEATS) if (pending[seat]) $(`type-${seat}`).value = pending[seat];
  if (focusSeat) $(`type-${focusSeat}`).focus();
}

const BY = ["NS", "EW", "N", "E", "S", "W"];

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
  line.append(selectOf(BY, statement.by, (v) => { statement.by = v; }, "who says it"), " says ");
  if ("declarer_tricks" in statement) {
    line.append("declarer's side won ",
      numberInput(statement.declarer_tricks, (v) => { statement.declarer_tricks = v; },
        "declarer's tricks", 0, 13), " tricks");
  } else if ("winner" in statement) {
    line.append("trick ", numberInput(statement.trick, (v) => { statement.trick = v; }, "trick", 1, 13),
      " was won by ", selectOf(SEATS, statement.winner, (v) => { statement.winner = v; }, "winner"));
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
  if (Object.keys(play).length > 0) other.play = play;
  const shown = Object.keys(other).length > 0;
  $("other-section").hidden = !shown;
  $("other").textContent = shown ? JSON.stringify(other, null, 2) : "";
}

function renderAll() {
  renderRows();
  renderStatements();
  renderOther();
}

// ---- messages -------------------------------------------------------------------------------

function showError(message) {
  const box = $("errors");
  box.textContent = message;
  box.hidden = false;
}

function clearError() {
  $("errors").hidden = true;
  $("errors").textContent = "";
}

// ---- the server --------------------------------------------------------------------------------

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    throw new Error(typeof data === "object" && data.error ? data.error : `the server answered ${response.status}`);
  }
  return data;
}

function renderRuling(result, holder, extra) {
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
  parts.push(el("ul", { id: "ruling-reasons" }, ...(ruling.reasons || []).map((r) => el("li", {}, r))));
  for (const a of ruling.assumptions || []) {
    parts.push(el("p", { class: "assumption" }, `assumption (${a.name}, Law ${a.citation}): ${a.text}`));
  }
  if ((ruling.citations || []).length) {
    parts.push(el("p", { id: "ruling-citations" }, `Laws cited: ${ruling.citations.join(", ")}`));
  }
  const outcomes = result.outcomes || [];
  if (outcomes.length) {
    const body = outcomes.map((o) => el("tr", {},
      el("td", {}, o.declarer_tricks), el("td", {}, o.histories == null ? "not counted" : o.histories.toLocaleString("en")),
      el("td", {}, (o.revokes || []).length ? `${o.revokes.length}` : "none"),
      el("td", {}, o.final_declarer_tricks)));
    parts.push(el("h3", {}, "Outcome groups"), el("table", { id: "outcomes" },
      el("thead", {}, el("tr", {}, el("th", {}, "tricks won in play"), el("th", {}, "histories"),
        el("th", {}, "revokes"), el("th", {}, "after adjustment"))), el("tbody", {}, ...body)));
  }
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

function claimParts(claim) {
  const upheld = claim.upheld ? "upheld" : "not upheld";
  const parts = [el("h3", {}, "The claim"), el("p", { id: "claim-summary" },
    `${SEAT_NAMES[claim.by] || claim.by} claimed ${claim.tricks} of the tricks left: ${upheld}. ` +
    `Worst normal line (${claim.policy} policy): ${claim.claimer_tricks} tricks for the ` +
    `claimer's side; double dummy: ${claim.double_dummy}.`)];
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
  return parts;
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

function jobText(job) {
  const limit = `${job.time_limit} s`;
  if (job.state === "queued") return "waiting for a free worker (another ruling is running)";
  if (job.state === "running") {
    let text = `${job.phase}: ${job.elapsed.toFixed(1)} s of at most ${limit}`;
    if (job.positions != null) text += `, ${job.positions.toLocaleString("en")} positions searched`;
    return text;
  }
  if (job.state === "done") return `ruled in ${job.elapsed.toFixed(2)} s`;
  if (job.state === "stopped") return "stopped on request: no ruling was made";
  if (job.state === "timeout") return `stopped at the time limit (${limit}): no ruling was made`;
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

async function ruleCase() {
  clearError();
  $("rule").disabled = true;
  $("print").disabled = true;
  state.document = null;
  $("ruling").hidden = true;
  $("ruling").replaceChildren();
  try {
    let job = await post("api/jobs", { case: caseDict() });
    state.job = job.job;
    while (!FINISHED.includes(job.state)) {
      showJob(job);
      job = await getJson(`api/jobs/${encodeURIComponent(job.job)}?wait=${POLL_WAIT}`);
    }
    showJob(job);
    if (job.state === "done" && job.result) {
      state.document = job.document;
      $("print").disabled = false;
      renderRuling(job.result, $("ruling"), job);
      if (job.log_error) showError(job.log_error);
      refreshLog();
    } else if (job.state !== "stopped") {
      showError(job.error || "the server finished the ruling without giving it");
    }
  } catch (error) {
    $("job").hidden = true;
    showError(error.message);
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
  try {
    const text = await post("api/save", { case: caseDict() });
    const link = el("a", {
      href: URL.createObjectURL(new Blob([text], { type: "application/yaml" })),
      download: `${slug($("title").value) || "case"}.yaml`,
    });
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    showError(error.message);
  }
}

function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60);
}

let loadedBoards = [];

async function loadFile(file) {
  clearError();
  const limit = 256 * 1024;
  if (file.size > limit) {
    showError(`${file.name}: the file is ${file.size.toLocaleString("en")} bytes; the limit is 256 KiB`);
    return;
  }
  try {
    const data = await post("api/load", { name: file.name, text: await file.text() });
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
    showError(error.message);
  }
}

async function refreshLog() {
  try {
    const response = await fetch("api/log");
    const data = await response.json();
    const rows = data.entries.map((entry) => el("tr", { class: "log-row", "data-id": entry.id,
      onclick: () => openEntry(entry.id), tabindex: "0",
      onkeydown: (event) => { if (event.key === "Enter") openEntry(entry.id); } },
      el("td", {}, entry.board == null ? "-" : entry.board), el("td", {}, entry.title),
      el("td", {}, entry.result || entry.status), el("td", {}, entry.ruled_at.replace("T", " ").slice(0, 19))));
    $("log").tBodies[0].replaceChildren(...rows);
  } catch (error) {
    showError(`the ruling log: ${error.message}`);
  }
}

async function openEntry(id) {
  const response = await fetch(`api/log/${id}`);
  const entry = await response.json();
  const holder = $("log-entry");
  const ruling = el("div");
  renderRuling(entry.ruling, ruling);
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
  if (text === "") { state.hands = null; renderRows(); return; }
  try {
    state.hands = parseDeal(text);
    clearError();
  } catch (error) {
    showError(error.message);
    state.hands = null;
  }
  renderRows();
}

function newStatement(kind) {
  const by = state.statements.length % 2 === 0 ? "NS" : "EW";
  if (kind === "tricks") state.statements.push({ by, declarer_tricks: null });
  if (kind === "winner") state.statements.push({ by, trick: null, winner: "N" });
  if (kind === "played") state.statements.push({ by, trick: null, played: {} });
  renderStatements();
}

document.addEventListener("DOMContentLoaded", () => {
  state.rows = emptyRows();
  renderAll();
  $("deal").addEventListener("change", setDealFromInput);
  $("rule").addEventListener("click", ruleCase);
  $("save").addEventListener("click", saveCase);
  $("new").addEventListener("click", () => { clearError(); setCase({}); $("ruling").hidden = true; });
  $("print").addEventListener("click", printReport);
  $("stop").addEventListener("click", stopJob);
  $("load-file").addEventListener("change", (event) => {
    if (event.target.files.length) loadFile(event.target.files[0]);
    event.target.value = "";
  });
  $("board-pick").addEventListener("change", (event) => {
    const board = loadedBoards[Number(event.target.value)];
    if (board && board.case) setCase(board.case);
  });
  $("add-tricks").addEventListener("click", () => newStatement("tricks"));
  $("add-winner").addEventListener("click", () => newStatement("winner"));
  $("add-played").addEventListener("click", () => newStatement("played"));
  $("log-refresh").addEventListener("click", refreshLog);
  refreshLog();
});
