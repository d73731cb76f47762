// The score pad (/pad): for people playing the boxed games. Choose the game and the players,
// then for each player tap the boxes of the sheet as drawn (the game's own drawing, in its pad
// mode) or give a quick count; every mark is checked at once with the rules of the engine's pad
// (static/pad/KEY.js, a port tested against it), and the totals, the ranking and the tie-break
// follow live. The pad lives in localStorage and a service worker keeps the page, so it works
// without a network once opened. A result can be shared as a link or saved as an image.

import { html } from "./board.js";
import { lang, languageMenu, t, tn, translateDocument } from "./i18n.js";
import * as boomRules from "./pad/boom.js";
import * as cleverRules from "./pad/clever.js";
import * as clicketyRules from "./pad/clickety.js";

const STORE = "clickbox-pad";
const PADS_STORE = "clickbox-pads";
const $ = (id) => document.getElementById(id);

translateDocument();
document.querySelector("header").prepend(languageMenu());

/** The pads' names as the page shows them (the server sends them in English: data here). */
const PAD_LABELS = {
  "That's Pretty Clever": t("That's Pretty Clever"),
  "Clickety Clack (A side)": t("Clickety Clack (A side)"),
  "Clickety Clack (B side)": t("Clickety Clack (B side)"),
  "Click Click Boom (coin count)": t("Click Click Boom (coin count)"),
};
/** The areas a problem names (the engine pad's names: data), as the page shows them. */
const AREA_NAMES = {
  yellow: t("yellow"), blue: t("blue"), green: t("green"), orange: t("orange"), purple: t("purple"),
  foxes: t("foxes"), "fox points": t("fox points"), sheet: t("sheet"), penalties: t("penalties"), booms: t("booms"), steals: t("steals"),
  draw: t("draw"),
};

const REFUSED = t("refused");
const IMPOSSIBLE = t("not possible as it stands");

function padLabel(label) {
  return PAD_LABELS[label] || label;
}

/** An area or box of a problem ("yellow", "shootout 2", "box 3", "player 1") in words. */
function placeName(where) {
  if (where in AREA_NAMES) return AREA_NAMES[where];
  const numbered = /^(shootout|box|player) (\d+)$/.exec(where);
  if (!numbered) return where;
  const number = numbered[2];
  if (numbered[1] === "shootout") return t("shootout {number}", { number });
  if (numbered[1] === "box") return t("box {number}", { number });
  return t("player {number}", { number });
}

function joinAnd(names) {
  return names.reduce((first, second) => t("{first} and {second}", { first, second }));
}

let pads = []; // the pads the server offers, with their facts (GET /api/pad)
let pad = null; // the pad in progress: {spec, multiplied, players: [...], current}
let shared = false; // showing a result opened from a link
let keys = null; // the open keypad: {title, choices: [{label, value, why}], pick(value)}
const drawings = {};

// -- the pads and their facts -------------------------------------------------------------------

async function loadPads() {
  try {
    const response = await fetch("/api/pad");
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    pads = (await response.json()).pads;
    localStorage.setItem(PADS_STORE, JSON.stringify(pads));
  } catch (error) {
    const kept = localStorage.getItem(PADS_STORE);
    if (!kept) throw new Error(t("The pad must be opened once with the server running before it works offline."));
    pads = JSON.parse(kept);
  }
}

function info(spec) {
  return pads.find((p) => p.spec === spec);
}

function isClever(spec) {
  return info(spec).key === "clever";
}

function isBoom(spec) {
  return info(spec).key === "boom";
}

function rulesGame(spec) {
  const facts = info(spec).facts;
  return { multiplied: pad.multiplied, players: pad.players.length, rounds: facts.rounds[String(pad.players.length)] };
}

async function drawingOf(key) {
  if (!drawings[key]) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: `/static/games/${key}.css` }));
    drawings[key] = await import(`/static/games/${key}.js`);
  }
  return drawings[key];
}

// -- the pad, kept in localStorage ----------------------------------------------------------------

function blankPlayer(spec, name) {
  const facts = info(spec).facts;
  if (isBoom(spec)) return { name, mode: "count", sheet: null, quick: {}, history: [] };
  const sheet = isClever(spec) ? cleverRules.emptySheet(facts.layout) : { rows: [[], [], [], [], []], penalties: 0 };
  return { name, mode: "sheet", sheet, quick: {}, history: [] };
}

function save() {
  if (!shared) localStorage.setItem(STORE, JSON.stringify(pad));
}

function restore() {
  const kept = localStorage.getItem(STORE);
  if (!kept) return null;
  try {
    const found = JSON.parse(kept);
    return found && info(found.spec) ? found : null;
  } catch {
    return null;
  }
}

/** A pad in a link: the JSON, base64url (no history). */
function encodePad(value) {
  const plain = { ...value, players: value.players.map(({ history, ...rest }) => rest) };
  const bytes = new TextEncoder().encode(JSON.stringify(plain));
  let text = "";
  bytes.forEach((b) => { text += String.fromCharCode(b); });
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodePad(text) {
  const base = text.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(base), (c) => c.charCodeAt(0));
  const value = JSON.parse(new TextDecoder().decode(bytes));
  if (!value || !info(value.spec) || !Array.isArray(value.players)) throw new Error("not a pad");
  value.players.forEach((p) => { p.history = []; });
  return value;
}

// -- what a sheet scores and what it cannot be --------------------------------------------------

/** A player's total, best area (Clever's tie-break), breakdown and problems, from the rules. */
function evaluate(player) {
  const facts = info(pad.spec).facts;
  if (isClever(pad.spec)) {
    if (player.mode === "quick") {
      const result = cleverRules.quick(player.quick, facts.layout, pad.multiplied);
      if (result.problem) return { total: null, best: 0, problems: [result.problem] };
      return { total: result.total, best: cleverRules.bestArea(result.areas), problems: [] };
    }
    const score = cleverRules.score(player.sheet, facts.layout);
    return { total: score.total, best: cleverRules.bestArea(score), score,
      problems: cleverRules.problems(player.sheet, facts.layout, rulesGame(pad.spec)) };
  }
  const lengths = player.mode === "quick"
    ? [1, 2, 3, 4, 5].map((row) => Number(player.quick[row] || 0))
    : player.sheet.rows.map((row) => row.length);
  const penalties = player.mode === "quick" ? Number(player.quick.penalties || 0) : player.sheet.penalties;
  const bad = lengths.find((n) => !(n >= 0 && n <= facts.board.spaces));
  if (bad !== undefined) {
    return { total: null, best: 0, problems: [{ area: "sheet", box: null, message: t("a row holds 0-{most} numbers", { most: facts.board.spaces }) }] };
  }
  if (!(penalties >= 0 && penalties <= facts.board.penalties.length)) {
    return { total: null, best: 0,
      problems: [{ area: "penalties", box: null, message: t("must be a whole number 0-{most}", { most: facts.board.penalties.length }) }] };
  }
  const score = clicketyRules.score({ ...facts.board }, lengths, penalties);
  const early = clicketyRules.endedEarlier({ ...facts.board, ...facts }, lengths);
  return { total: score.total, best: 0, score, problems: early ? [early] : [] };
}

function problemText(problem) {
  const area = placeName(problem.area);
  return problem.box ? t("{area}, {box}: {message}", { area, box: placeName(problem.box), message: problem.message })
    : t("{area}: {message}", { area, message: problem.message });
}

/** Click Click Boom's count as the rules read it: complete shootouts, tie-breakers given. */
function coinEntry() {
  const names = pad.players.map((p) => p.name);
  const whole = (v) => (v === "" || v === null || v === undefined ? null : Number(v));
  const shootouts = [];
  for (const row of pad.count.cells) {
    const coins = names.map((_, seat) => whole(row[seat]));
    if (coins.some((c) => c === null)) break;
    shootouts.push(coins);
  }
  const read = (key) => names.map((_, seat) => whole(pad.count[key][seat]));
  return { names, entry: { shootouts, booms: read("booms"), steals: read("steals"), draw: pad.count.draw } };
}

function boomRanking() {
  const { names, entry } = coinEntry();
  const result = boomRules.count(info(pad.spec).facts, names, entry);
  const finals = result.finals || [];
  const rows = names.map((name, seat) => ({ seat, name, total: finals.length ? finals[seat] : null, best: 0,
    winner: result.winner === seat, problems: [] }));
  rows.sort((a, b) => (b.winner - a.winner) || (b.total ?? -1) - (a.total ?? -1) || a.seat - b.seat);
  return { rows, winners: rows.filter((r) => r.winner), brokenBy: null, result, names };
}

/** The players ranked: [{seat, name, total, best, winner, problems}], best first. */
function ranking() {
  if (isBoom(pad.spec)) return boomRanking();
  const clever = isClever(pad.spec);
  const rows = pad.players.map((player, seat) => ({ seat, name: player.name, ...evaluate(player) }));
  const scored = rows.filter((r) => r.total !== null);
  const top = Math.max(...scored.map((r) => r.total));
  let winners = scored.filter((r) => r.total === top);
  let brokenBy = null;
  if (clever && winners.length > 1) {
    const best = Math.max(...winners.map((r) => r.best));
    const left = winners.filter((r) => r.best === best);
    if (left.length < winners.length) brokenBy = best;
    winners = left;
  }
  rows.forEach((r) => { r.winner = winners.includes(r); });
  rows.sort((a, b) => (b.total ?? -Infinity) - (a.total ?? -Infinity) || (clever ? b.best - a.best : 0) || a.seat - b.seat);
  return { rows, winners, brokenBy };
}

// -- taps ---------------------------------------------------------------------------------------

function say(text, refused = false) {
  const line = $("pad-message");
  line.textContent = text;
  line.classList.toggle("refused", refused);
}

function player() {
  return pad.players[pad.current];
}

function change(update, words) {
  const current = player();
  current.history.push(JSON.stringify(current.sheet));
  current.sheet = update(current.sheet);
  keys = null;
  save();
  say(words);
  render();
}

function cleverTap(target) {
  const facts = info(pad.spec).facts;
  const sheet = player().sheet;
  const area = { Y: "yellow", B: "blue", G: "green", O: "orange", P: "purple" }[target[0]];
  if (area === "orange" || area === "purple") {
    const box = sheet[area].length + 1;
    const choices = area === "orange"
      ? cleverRules.orangeChoices(sheet, facts.layout, pad.multiplied).map((c) => ({ label: String(c.value), value: c.value, why: null,
        hint: c.bare ? t("the bonus number, bare") : c.face !== c.value ? t("a {face} × {times}", { face: c.face, times: c.value / c.face }) : null }))
      : [1, 2, 3, 4, 5, 6].map((v) => ({ label: String(v), value: v, why: cleverRules.refusal(sheet, facts.layout, "P", v, pad.multiplied) }));
    keys = {
      title: t("{area}, box {box}: the number written", { area: AREA_NAMES[area], box }),
      choices,
      pick: (value) => change((s) => cleverRules.mark(s, target, value), t("{area} box {box}: {value} written.", { area: AREA_NAMES[area], box, value })),
    };
    render();
    return;
  }
  const why = cleverRules.refusal(sheet, facts.layout, target, null, pad.multiplied);
  if (why) {
    say(t("Refused: {reason}", { reason: why }), true);
    return;
  }
  const words = area === "yellow" ? t("yellow row {row}, column {column} crossed.", { row: target[1], column: target[2] })
    : area === "blue" ? t("blue {value} crossed.", { value: target.slice(1) }) : t("green box {box} crossed.", { box: sheet.green + 1 });
  change((s) => cleverRules.mark(s, target, null), words);
}

function clicketyTap(action) {
  const facts = info(pad.spec).facts;
  const r = Number(action.split(":")[1]);
  const sheet = player().sheet;
  const space = sheet.rows[r].length + 1;
  keys = {
    title: t("row {row} ({rule}), space {space}: the number written",
      { row: r + 1, rule: clicketyRules.ruleName(facts.board.rules[r]), space }),
    choices: clicketyRules.choices(facts.board, sheet.rows, r).map((c) => ({ label: String(c.total), value: c.total, why: c.why })),
    pick: (value) => change((s) => ({ ...s, rows: s.rows.map((row, i) => (i === r ? [...row, value] : row)) }),
      t("row {row}: {value} written in space {space}.", { row: r + 1, value, space })),
  };
  render();
}

function keypad() {
  const box = $("pad-keys");
  if (!keys || shared) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const buttons = keys.choices.map((choice) => {
    const label = choice.why ? t("{label}: not allowed", { label: choice.label })
      : choice.hint ? t("write {label} ({hint})", { label: choice.label, hint: choice.hint }) : t("write {label}", { label: choice.label });
    const button = html("button", { type: "button", text: choice.label, "data-value": choice.value,
      class: choice.why ? "refused" : "", "aria-label": label });
    button.addEventListener("click", () => {
      if (choice.why) say(t("Refused: {reason}", { reason: choice.why }), true);
      else keys.pick(choice.value);
    });
    return button;
  });
  const cancel = html("button", { type: "button", class: "cancel", text: t("Cancel") });
  cancel.addEventListener("click", () => { keys = null; say(""); render(); });
  box.replaceChildren(html("p", { text: keys.title }), ...buttons, cancel);
}

// -- drawing --------------------------------------------------------------------------------------

async function drawBoard() {
  const root = $("pad-board");
  const current = player();
  const facts = info(pad.spec).facts;
  const drawing = await drawingOf(info(pad.spec).key);
  const tap = shared ? () => say(t("This is a shared result: keep it as your pad to change it."), true)
    : isClever(pad.spec) ? cleverTap : clicketyTap;
  if (isClever(pad.spec)) {
    const score = cleverRules.score(current.sheet, facts.layout);
    const sheet = {
      ...current.sheet, foxes: score.foxCount, rerolls: { circled: 0, used: 0 }, plus_ones: { circled: 0, used: 0 },
      score: { yellow: score.yellow, blue: score.blue, green: score.green, orange: score.orange, purple: score.purple, foxes: score.foxes, total: score.total },
    };
    drawing.drawPad(root, { layout: facts.layout, rounds: rulesGame(pad.spec).rounds, sheet, name: current.name }, tap);
  } else {
    const { rows, penalties } = current.sheet;
    const open = rows.map((_, r) => clicketyRules.choices(facts.board, rows, r).filter((c) => !c.why).map((c) => c.total));
    const score = clicketyRules.score(facts.board, rows.map((row) => row.length), penalties).total;
    drawing.drawPad(root, { board: facts.board, rows, open, penalties, score, name: current.name }, tap);
  }
}

function quickForm() {
  const form = $("pad-quick");
  const current = player();
  const fields = isClever(pad.spec)
    ? [["yellow", t("Yellow: points (complete columns)")], ["blue", t("Blue: crosses")], ["green", t("Green: crosses")],
      ["orange", t("Orange: points")], ["purple", t("Purple: points")], ["foxes", t("Foxes")],
      ["fox_points", t("or the foxes' points")]]
    : [...[1, 2, 3, 4, 5].map((row) => [String(row), t("Row {row}: numbers written", { row })]), ["penalties", t("Failed rolls crossed")]];
  form.replaceChildren(...fields.map(([key, words]) => {
    const input = html("input", { type: "number", inputmode: "numeric", min: 0, name: key, value: current.quick[key] ?? "", "data-key": `quick-${key}` });
    input.disabled = shared;
    input.addEventListener("input", () => {
      const value = Number(input.value);
      if (input.value === "") delete current.quick[key];  // not given (the foxes: a count or points)
      else current.quick[key] = Number.isInteger(value) && value >= 0 ? value : 0;
      save();
      const problems = evaluate(current).problems;
      say(problems.length ? t("Refused: {reason}", { reason: problemText(problems[0]) }) : "", problems.length > 0);
      results();
      tabs();
    });
    return html("label", {}, html("span", { text: words }), input);
  }));
}

function tabs() {
  const box = $("pad-tabs");
  box.replaceChildren(...pad.players.map((p, seat) => {
    const { total } = evaluate(p);
    const button = html("button", { type: "button", role: "tab", "aria-selected": seat === pad.current ? "true" : "false",
      "data-key": `player-${seat}`, text: `${p.name} · ${total === null ? "?" : total}` });
    button.addEventListener("click", () => {
      pad.current = seat;
      keys = null;
      save();
      say("");
      render();
    });
    return button;
  }));
}

function owed() {
  const current = player();
  const problems = evaluate(current).problems;
  const box = $("pad-owed");
  if (!problems.length || current.mode === "quick") {
    box.replaceChildren();
    return;
  }
  box.replaceChildren(html("p", { text: t("Not a finished game's sheet yet — still to write, or impossible:") }),
    html("ul", {}, problems.map((p) => html("li", { text: problemText(p) }))));
}

function results() {
  const { rows, winners, brokenBy } = ranking();
  const clever = isClever(pad.spec);
  $("tie-head").hidden = !clever;
  $("points-head").textContent = t("Points");
  let place = 0;
  let previous = null;
  const body = rows.map((row, index) => {
    const key = `${row.total}/${clever ? row.best : 0}`;
    if (key !== previous) place = index + 1;
    previous = key;
    const cells = [
      html("td", { text: row.total === null ? "–" : String(place) }),
      html("td", {}, row.name, row.problems.length
        ? html("span", { class: "impossible", text: ` (${row.total === null ? REFUSED : IMPOSSIBLE})` }) : null),
      html("td", { class: "points", text: row.total === null ? "–" : String(row.total) }),
    ];
    if (clever) cells.push(html("td", { text: String(row.best) }));
    return html("tr", { class: row.winner ? "winner" : "", "data-seat": row.seat }, ...cells);
  });
  $("pad-totals").querySelector("tbody").replaceChildren(...body);
  let verdict = "";
  if (winners.length) {
    const total = winners[0].total;
    if (pad.players.length === 1 && clever) {
      const rating = info(pad.spec).facts.solo_ratings.find((r) => total >= r.least);
      const stars = lang === "en" ? String(rating.stars) : rating.stars.toLocaleString(lang);
      verdict = tn("{total} points: {label} ({stars} star).", "{total} points: {label} ({stars} stars).", rating.stars,
        { total, label: t(rating.label), stars });
    } else if (winners.length === 1) {
      verdict = brokenBy !== null
        ? t("{name} wins with {total} points: the tie is broken by the best area ({best}).", { name: winners[0].name, total, best: brokenBy })
        : t("{name} wins with {total} points.", { name: winners[0].name, total });
    } else {
      verdict = t("{names} share the win with {total} points.", { names: joinAnd(winners.map((w) => w.name)), total });
    }
  }
  $("pad-verdict").textContent = verdict;
}

function render() {
  $("pad-setup").hidden = true;
  $("pad-play").hidden = false;
  $("pad-results").hidden = false;
  $("pad-shared").hidden = !shared;
  const boom = isBoom(pad.spec);
  for (const id of ["pad-tabs", "pad-modes", "pad-board", "pad-owed", "pad-undo", "pad-penalty", "pad-clear"]) $(id).hidden = boom;
  if (boom) {
    keys = null;
    keypad();
    $("pad-quick").hidden = false;
    coinForm();
    coinResults();
    return;
  }
  const current = player();
  const quick = current.mode === "quick";
  document.querySelectorAll("#pad-modes button").forEach((b) => {
    b.setAttribute("aria-pressed", b.dataset.mode === current.mode ? "true" : "false");
  });
  $("pad-board").hidden = quick;
  $("pad-quick").hidden = !quick;
  $("pad-undo").hidden = quick || shared;
  $("pad-clear").hidden = shared;
  const penalty = $("pad-penalty");
  penalty.hidden = quick || shared || isClever(pad.spec);
  if (!penalty.hidden) {
    const facts = info(pad.spec).facts;
    const crossed = current.sheet.penalties;
    penalty.disabled = crossed >= facts.board.penalties.length;
    penalty.textContent = penalty.disabled ? t("Every failed roll is crossed")
      : t("Cross a failed roll ({points})", { points: facts.board.penalties[crossed] });
  }
  tabs();
  keypad();
  if (quick) quickForm();
  else drawBoard();
  owed();
  results();
}

function coinForm() {
  const form = $("pad-quick");
  const facts = info(pad.spec).facts;
  const names = pad.players.map((p) => p.name);
  const { entry } = coinEntry();
  const rows = Math.min(facts.shootouts, entry.shootouts.length + 1);
  const input = (value, key, onChange) => {
    const field = html("input", { type: "number", inputmode: "numeric", min: 0, value: value ?? "", "data-key": key });
    field.disabled = shared;
    field.addEventListener("change", () => { onChange(field.value === "" ? "" : Number(field.value)); save(); render(); });
    return field;
  };
  const parts = [html("p", { text: t("Each player's coins after each shootout, in silver (a gold coin is {value}).", { value: facts.gold_value }) })];
  for (let i = 0; i < rows; i += 1) {
    const row = pad.count.cells[i] || [];
    parts.push(html("fieldset", {}, html("legend", { text: t("Shootout {number}", { number: i + 1 }) }), names.map((name, seat) =>
      html("label", {}, html("span", { text: name }), input(row[seat], `coins-${i}-${seat}`, (v) => {
        pad.count.cells[i] = pad.count.cells[i] || [];
        pad.count.cells[i][seat] = v;
      })))));
  }
  const result = boomRules.count(facts, names, entry);
  const asked = result.problem ? result.problem.area : null;
  for (const [key, words] of [["booms", t("BOOM cards left unplayed")], ["steals", t("Steals in the played pile")]]) {
    const given = pad.count[key].some((v) => v !== "" && v !== null && v !== undefined);
    if (asked !== key && !given) continue;
    parts.push(html("fieldset", {}, html("legend", { text: t("Tie-break: {what}", { what: words }) }), names.map((name, seat) =>
      html("label", {}, html("span", { text: name }), input(pad.count[key][seat], `${key}-${seat}`, (v) => { pad.count[key][seat] = v; })))));
  }
  if (asked === "draw" || pad.count.draw !== null) {
    const select = html("select", { "data-key": "draw" }, html("option", { value: "", text: "—" }),
      names.map((name, seat) => html("option", { value: seat, text: name })));
    select.value = pad.count.draw === null ? "" : String(pad.count.draw);
    select.disabled = shared;
    select.addEventListener("change", () => { pad.count.draw = select.value === "" ? null : Number(select.value); save(); render(); });
    parts.push(html("label", {}, html("span", { text: t("Tie-break: who drew the Click card") }), select));
  }
  form.replaceChildren(...parts);
  const problem = result.problem;
  if (!problem || problem.area === "sheet") say("");
  else if (problem.ask) say(`${problemText(problem)}.`);
  else say(t("Refused: {reason}", { reason: problemText(problem) }), true);
}

function coinResults() {
  const { rows, result, names } = boomRanking();
  $("tie-head").hidden = true;
  $("points-head").textContent = t("Coins");
  $("pad-totals").querySelector("tbody").replaceChildren(...rows.map((row, index) => html("tr",
    { class: row.winner ? "winner" : "", "data-seat": row.seat },
    html("td", { text: row.total === null ? "–" : String(index + 1) }),
    html("td", {}, row.name),
    html("td", { class: "points", text: row.total === null ? "–" : String(row.total) }))));
  $("pad-verdict").textContent = result.winner === undefined ? "" : `${boomRules.verdict(info(pad.spec).facts, names, result)}.`;
}

// -- setup ----------------------------------------------------------------------------------------

function setup() {
  shared = false;
  $("pad-setup").hidden = false;
  $("pad-play").hidden = true;
  $("pad-results").hidden = true;
  const select = $("pad-game");
  select.replaceChildren(...pads.map((p) => html("option", { value: p.spec, text: padLabel(p.label) })));
  const names = $("pad-names");
  const first = localStorage.getItem("clickbox-name") || "";
  const field = (index, value) => html("label", {}, html("span", { text: t("Player {number}", { number: index + 1 }) }),
    html("input", { type: "text", maxlength: 32, name: `player-${index}`, value, "data-key": `name-${index}`, autocomplete: "off" }));
  const inputs = () => [...names.querySelectorAll("input")];
  const limits = () => info(select.value);
  const fit = () => {
    const { min_players: least, max_players: most } = limits();
    while (inputs().length < least) names.append(field(inputs().length, ""));
    while (inputs().length > most) names.lastElementChild.remove();
    $("add-player").disabled = inputs().length >= most;
    $("remove-player").disabled = inputs().length <= least;
    $("orange-option").hidden = limits().key !== "clever";
  };
  names.replaceChildren(html("legend", { text: t("Players") }), field(0, first), field(1, ""));
  select.onchange = fit;
  $("add-player").onclick = () => { names.append(field(inputs().length, "")); fit(); };
  $("remove-player").onclick = () => { names.lastElementChild.remove(); fit(); };
  fit();
  $("setup-form").onsubmit = (event) => {
    event.preventDefault();
    const spec = select.value;
    const chosen = inputs().map((input, i) => input.value.trim().slice(0, 32) || t("Player {number}", { number: i + 1 }));
    pad = { spec, multiplied: $("pad-orange").checked, players: chosen.map((name) => blankPlayer(spec, name)), current: 0 };
    if (isBoom(spec)) pad.count = { cells: [], booms: [], steals: [], draw: null };
    if (chosen[0]) localStorage.setItem("clickbox-name", chosen[0]);
    save();
    say("");
    render();
  };
}

// -- sharing --------------------------------------------------------------------------------------

async function shareLink() {
  const link = `${location.origin}/pad#p=${encodePad(pad)}`;
  $("pad-share").dataset.link = link;
  say(t("The link to this result: {link}", { link }));
  try {
    await navigator.clipboard.writeText(link);
    say(t("The link to this result is copied."));
  } catch {
    // no clipboard here: the link stays in the message to copy by hand
  }
}

function resultImage() {
  const { rows } = ranking();
  const canvas = document.createElement("canvas");
  canvas.width = 720;
  canvas.height = 150 + rows.length * 44;
  const pen = canvas.getContext("2d");
  pen.fillStyle = "#fbfaf6";
  pen.fillRect(0, 0, canvas.width, canvas.height);
  pen.fillStyle = "#1d1d1f";
  pen.font = "bold 30px sans-serif";
  pen.fillText(padLabel(info(pad.spec).label), 30, 50);
  pen.font = "22px sans-serif";
  rows.forEach((row, i) => {
    const y = 100 + i * 44;
    pen.font = `${row.winner ? "bold " : ""}24px sans-serif`;
    pen.fillText(`${row.winner ? "★ " : ""}${row.name}`, 30, y);
    pen.fillText(row.total === null ? "–" : String(row.total), 560, y);
  });
  pen.font = "18px sans-serif";
  pen.fillText($("pad-verdict").textContent, 30, canvas.height - 30);
  return canvas;
}

function saveImage() {
  resultImage().toBlob(async (blob) => {
    const file = new File([blob], "clickbox-score.png", { type: "image/png" });
    if (navigator.canShare && navigator.canShare({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: padLabel(info(pad.spec).label) });
        return;
      } catch {
        // fall back to a download
      }
    }
    const link = html("a", { href: URL.createObjectURL(blob), download: "clickbox-score.png" });
    document.body.append(link);
    link.click();
    link.remove();
    say(t("The image is saved."));
  }, "image/png");
}

// -- start ----------------------------------------------------------------------------------------

function wire() {
  document.querySelectorAll("#pad-modes button").forEach((button) => {
    button.addEventListener("click", () => {
      player().mode = button.dataset.mode;
      keys = null;
      save();
      say("");
      render();
    });
  });
  $("pad-undo").addEventListener("click", () => {
    const current = player();
    if (!current.history.length) {
      say(t("Nothing to undo on this sheet."));
      return;
    }
    current.sheet = JSON.parse(current.history.pop());
    keys = null;
    save();
    say(t("The last mark is undone."));
    render();
  });
  $("pad-penalty").addEventListener("click", () => {
    change((s) => ({ ...s, penalties: s.penalties + 1 }), t("A failed roll is crossed."));
  });
  $("pad-clear").addEventListener("click", () => {
    if (!window.confirm(t("Clear {name}'s sheet?", { name: player().name }))) return;
    const fresh = blankPlayer(pad.spec, player().name);
    pad.players[pad.current] = fresh;
    keys = null;
    save();
    say(t("The sheet is cleared."));
    render();
  });
  $("pad-new").addEventListener("click", () => {
    if (!shared && !window.confirm(t("Start a new pad? This one is forgotten."))) return;
    localStorage.removeItem(STORE);
    history.replaceState(null, "", "/pad");
    pad = null;
    setup();
  });
  $("pad-keep").addEventListener("click", () => {
    shared = false;
    history.replaceState(null, "", "/pad");
    save();
    say(t("The shared result is now your pad."));
    render();
  });
  $("pad-share").addEventListener("click", shareLink);
  $("pad-image").addEventListener("click", saveImage);
}

async function start() {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/pad-sw.js", { scope: "/pad" }).catch(() => {});
  }
  try {
    await loadPads();
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  wire();
  const link = /^#p=(.+)$/.exec(location.hash);
  if (link) {
    try {
      pad = decodePad(link[1]);
      shared = true;
      render();
      return;
    } catch {
      $("error").textContent = t("That link does not hold a score pad.");
    }
  }
  pad = restore();
  if (pad) render();
  else setup();
}

start();
