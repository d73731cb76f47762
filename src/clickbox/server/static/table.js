import { api, joinTable, keepName, keepToken, savedName, showError, tokenFor } from "./api.js";
import { keepFocus } from "./board.js";
import { fillNames, gameTitle, levelName, loadRenderer, outcomeRows, seatNames } from "./games.js";
import { languageMenu, t, tn, translateDocument } from "./i18n.js";
import { accountBar, signedIn } from "./nav.js";
import { measure, play } from "./motion.js";
import { forgetToken } from "./api.js";

translateDocument();
document.querySelector("header").prepend(languageMenu());
accountBar();

const invite = location.pathname.split("/").pop().toUpperCase();
const el = (id) => document.getElementById(id);
const SPEEDS = { slow: 2000, normal: 1000, fast: 400, instant: 0 }; // ms each move of another seat stays in sight
let token = tokenFor(invite);
let socket = null;
let seq = null;
let requests = 0;
let renderer = null;
const RECONNECT_MS = 1000; // the server restarted or the network dropped: resume soon
const REFUSED_WATCHING_MS = 15000; // refused as a spectator (a cap): try again less often
let reconnectMs = RECONNECT_MS;

// Frames arrive as fast as the bots move; the page shows them one at a time (the speed setting),
// each held in sight, the newest move said in words and what it changed on the drawing lit up.
let latest = null; // the newest state frame received
let shown = null; // the state frame on screen
const queue = []; // state frames received and not shown yet, oldest first
let holdUntil = 0;
let pumpTimer = null;
let lines = []; // the narrated log as of the newest frame ({text, seat, heading})
let table = null; // the newest public table information
let wasMyTurn = false;

// The status bar stays at the top; drawings size themselves to what the window has left.
const fitted = new ResizeObserver(() => {
  const style = document.body.style;
  style.setProperty("--bar-h", `${Math.ceil(el("bar").getBoundingClientRect().height)}px`);
  style.setProperty("--top-h", `${Math.ceil(el("bar").getBoundingClientRect().bottom + window.scrollY)}px`);
});
fitted.observe(el("bar"));
fitted.observe(document.querySelector("header"));

// On a phone the seats, log and chat are a drawer, one tap away.
function openPanel(open) {
  document.body.classList.toggle("panel-open", open);
  el("panel-toggle").setAttribute("aria-expanded", String(open));
  if (open) el("panel-close").focus();
}
el("panel-toggle").addEventListener("click", () => openPanel(!document.body.classList.contains("panel-open")));
el("panel-close").addEventListener("click", () => { openPanel(false); el("panel-toggle").focus(); });
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && document.body.classList.contains("panel-open")) openPanel(false);
});

el("invite").textContent = invite;
el("replay-link").href = `/t/${invite}/replay`;
el("replay-now").href = `/t/${invite}/replay`;

// -- settings (this browser's, in localStorage) ---------------------------------------------------

function setting(name, fallback) {
  const value = localStorage.getItem(`clickbox-${name}`);
  return value === null ? fallback : value;
}

/** How long each move of another seat stays in sight (ms). "auto", the default: fast when only
 * bots move between your turns (a table of one person and bots), normal when people play too. */
function speed() {
  const chosen = setting("speed", "auto");
  if (chosen !== "auto") return SPEEDS[chosen] ?? SPEEDS.normal;
  const me = mySeat();
  const people = table ? table.seats.filter((s) => s.kind === "human" && s.seat !== me).length : 0;
  return people ? SPEEDS.normal : SPEEDS.fast;
}

el("speed").value = setting("speed", "auto");
el("confirm-moves").checked = setting("confirm", "off") === "on";
el("hint-level").value = setting("hint-level", "hard");
el("hint-level").addEventListener("change", () => localStorage.setItem("clickbox-hint-level", el("hint-level").value));
el("sound").checked = setting("sound", "off") === "on";
el("developer").checked = setting("developer", "off") === "on";
el("view-panel").hidden = !el("developer").checked;
el("speed").addEventListener("change", () => localStorage.setItem("clickbox-speed", el("speed").value));
el("confirm-moves").addEventListener("change", () => localStorage.setItem("clickbox-confirm", el("confirm-moves").checked ? "on" : "off"));
el("sound").addEventListener("change", () => localStorage.setItem("clickbox-sound", el("sound").checked ? "on" : "off"));
el("developer").addEventListener("change", () => {
  localStorage.setItem("clickbox-developer", el("developer").checked ? "on" : "off");
  el("view-panel").hidden = !el("developer").checked;
});

// -- talking to the server -----------------------------------------------------------------------

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else showError(t("Not connected to the server just now; reconnecting, try again in a moment."));
}

let waitingFor = null; // the id of the move sent and not yet answered: one move at a time

function requestId(prefix) {
  requests += 1;
  return `${prefix}${Date.now()}-${requests}`;
}

function sendMove(action) {
  showError(null);
  waitingFor = requestId("m");
  document.body.dataset.waiting = waitingFor; // tests and scripts wait for the answer on this
  send({ type: "act", id: waitingFor, version: shown.table.version, action });
}

/** A move chosen on the drawing or the list: sent at once, or after a confirmation. */
function act(action) {
  if (waitingFor) return; // a double click, or a key held down: the first move is on its way
  if (queue.length || pumpTimer) { // the page is still showing earlier moves: catch up first
    catchUp();
    showError(t("The table had moved on: here it is now. Choose again."));
    return;
  }
  const move = (shown.legal || []).find((m) => m.action === action);
  const words = move ? move.text : action;
  const costly = renderer && renderer.confirmText ? renderer.confirmText(action, shown) : null;
  if (costly || el("confirm-moves").checked) askFirst(costly || t("Play: {move}?", { move: words }), () => sendMove(action));
  else sendMove(action);
}

let confirmed = null;

function askFirst(question, then) {
  el("confirm-text").textContent = question;
  el("confirm").hidden = false;
  confirmed = then;
  el("confirm-yes").focus();
}

function closeConfirm() {
  el("confirm").hidden = true;
  confirmed = null;
}

el("confirm-yes").addEventListener("click", () => {
  const then = confirmed;
  closeConfirm();
  if (then) then();
});
el("confirm-no").addEventListener("click", closeConfirm);

/** Ask the server why a spot that does not glow is not a move (the engine's reason, in words). */
function why(action) {
  if (!shown || shown.table.status !== "playing") return;
  send({ type: "why", id: requestId("w"), action });
}

el("undo").addEventListener("click", () => {
  if (el("undo").getAttribute("aria-disabled") === "true") {
    showError(shown && shown.undo_why);
    return;
  }
  if (waitingFor) return;
  waitingFor = requestId("u");
  document.body.dataset.waiting = waitingFor;
  send({ type: "undo", id: waitingFor });
});

// -- hints: the chosen bot's best moves from this seat's view, on request --------------------------

let hintFor = null; // the id of the hint asked and not yet answered

el("hint").addEventListener("click", () => {
  if (hintFor || !myTurn()) return;
  hintFor = requestId("h");
  el("hint").setAttribute("aria-busy", "true");
  showHint(t("Thinking…"));
  send({ type: "hint", id: hintFor, level: el("hint-level").value });
});

function showHint(words) {
  el("hint-text").textContent = words || "";
  el("hint-text").hidden = !words;
}

/** The hint said in words (the move as the legal list says it, with the bot's estimate as the
 * why) and its spot lit on the drawing where the move is one spot. */
function drawHint(frame) {
  hintFor = null;
  el("hint").removeAttribute("aria-busy");
  if (!shown || !frame.hints.length) { showHint(t("No hint this time: the bot could not rank the moves in time.")); return; }
  const words = (action) => ((shown.legal || []).find((m) => m.action === action) || { text: action }).text;
  const value = (v) => (v === null || v === undefined ? "" : ` (${t("estimate {value}", { value: Number(v).toFixed(1) })})`);
  const [best, ...others] = frame.hints;
  const level = levelName(el("hint-level").value);
  let said = t("Hint from the {level} bot: {move}", { level, move: words(best[0]) }) + value(best[1]);
  if (others.length) said += ". " + t("Next best: {moves}", { moves: others.map(([a, v]) => words(a) + value(v)).join("; ") });
  showHint(said);
  for (const node of el("board").querySelectorAll(".hinted")) node.classList.remove("hinted");
  const spot = [...el("board").querySelectorAll("[data-action]")].find((node) => node.dataset.action === best[0]);
  if (spot) spot.classList.add("hinted");
}

/** A refusal in plain words (the server's own message where it already is). */
function plainError(error) {
  const words = {
    stale: t("The game moved on before your move arrived. Here is the table as it is now: choose again."),
    not_your_turn: t("It is not your turn just now."),
    game_over: t("The game is over."),
    not_started: t("The game has not started yet."),
    already_committed: t("Your choice is already in."),
    rate_limited: t("Too many moves at once: wait a moment and try again."),
    not_seated: t("This browser has no seat at this table (you are watching)."),
  };
  return words[error.code] || sentence(error.message) || String(error);
}

function sentence(message) {
  return message ? message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? "" : ".") : "";
}

/** "A and B" (and "A and B and C"): names joined as a sentence says them. */
function joinAnd(names) {
  return names.reduce((first, second) => t("{first} and {second}", { first, second }));
}

function text(tag, value, className) {
  const node = document.createElement(tag);
  node.textContent = value;
  if (className) node.className = className;
  return node;
}

// -- the table around the board ------------------------------------------------------------------

function mySeat() {
  return latest ? latest.seat : null;
}

const LOW_SECONDS = 10; // the clock turns red, and warns its own seat, this close to the end
let warnedAt = null; // the deadline whose warning this page gave

/** The seconds ``seat`` has now: until the running deadline when its clock runs, else its time
 * bank; null where the table has no clock for it. */
function timeLeft(seat, info) {
  if (info.status !== "playing") return null;
  const banked = Array.isArray(info.banks) && info.banks.length > 0;
  const running = banked ? info.clock_seat === seat : info.awaiting.includes(seat);
  if (running && info.deadline) return Math.max(0, info.deadline - Date.now() / 1000);
  return banked ? info.banks[seat] : null;
}

function clockText(seconds) {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function clock(seat, info) {
  const left = timeLeft(seat, info);
  return left === null ? "" : ` · ${t("{clock} left", { clock: clockText(left) })}`;
}

/** The large clock of the status bar: the time of the seat the game waits on, red in its last
 * seconds; a spoken warning (and a sound, where chosen) when it is this page's seat. */
function drawClock(info, me, names) {
  const node = el("clock");
  const banked = Array.isArray(info.banks) && info.banks.length > 0;
  const seat = banked ? info.clock_seat : info.awaiting.includes(me) ? me : info.awaiting[0];
  const left = info.deadline && seat !== null && seat !== undefined ? timeLeft(seat, info) : null;
  node.hidden = left === null;
  if (left === null) return;
  node.textContent = clockText(left);
  const whose = seat === me ? t("your time") : t("{name}'s time", { name: names[seat] });
  node.title = whose;
  node.setAttribute("aria-label", `${whose}: ${clockText(left)}`);
  const low = left <= LOW_SECONDS;
  node.classList.toggle("low", low);
  if (low && seat === me && warnedAt !== info.deadline) {
    warnedAt = info.deadline;
    el("clock-warning").textContent = tn("{n} second left to move", "{n} seconds left to move", Math.ceil(left));
    if (el("sound").checked) beep();
  }
}

function drawTable(info) {
  table = info;
  const me = mySeat();
  el("title").textContent = gameTitle(info.title);
  el("rules-link").href = `/rules/${info.name}`;
  const names = seatNames(info);
  const awaited = t("waiting for {names}", { names: info.awaiting.map((s) => names[s]).join(", ") });
  const waiting = info.status === "playing" ? ` · ${awaited}` : "";
  const statusWords = { open: t("waiting for players"), playing: t("playing"), finished: "", expired: t("expired"), abandoned: t("abandoned") };
  // Finished: the status bar says so (overText); the header does not say it again.
  const said = `${statusWords[info.status] ?? info.status}${waiting}`;
  el("status").textContent = said ? `· ${said}` : "";
  const watching = info.spectators || 0;
  const watchers = me === null
    ? (watching > 1 ? tn("you are watching with {n} other(s)", "you are watching with {n} other(s)", watching - 1) : t("you are watching"))
    : watching ? tn("{n} watching", "{n} watching", watching) : "";
  el("watching").textContent = watchers ? `· ${watchers}` : "";
  el("seat-list").replaceChildren(...info.seats.map((s) => {
    const who = s.taken ? names[s.seat] : t("(free)");
    const facts = [t("Seat {number}: {name}", { number: s.seat + 1, name: who })];
    if (info.host === s.seat) facts.push(t("host"));
    if (s.kind === "human" && s.taken) facts.push(s.connected ? t("here") : t("away"));
    if ((info.conceded || []).includes(s.seat)) facts.push(t("conceded: a bot ({level}) plays on", { level: levelName(s.away_bot) }));
    else if (s.away_bot) facts.push(t("a bot ({level}) plays for now", { level: levelName(s.away_bot) }));
    if (info.status === "playing" && info.awaiting.includes(s.seat)) facts.push(t("to move"));
    const you = s.seat === me ? " " + t("(you)") : "";
    const item = text("li", `${facts.join(" · ")}${clock(s.seat, info)}${you}`, s.seat === me ? "me" : "");
    item.dataset.seat = String(s.seat);
    if (s.signed_in && s.name) {
      const profile = Object.assign(document.createElement("a"), {
        href: `/u/${encodeURIComponent(s.name)}`, textContent: t("profile"), className: "profile-link",
      });
      item.append(" · ", profile);
    }
    if (s.kind === "human" && s.taken && !s.connected) item.classList.add("away");
    return item;
  }));
  drawClock(info, me, names);
  drawWaitingRoom(info, me, names);
  el("again").hidden = !(info.status === "finished" && me !== null && !(info.rematch || []).includes(me));
  const asked = (info.rematch || []).map((s) => names[s]);
  const humans = info.seats.filter((s) => s.kind === "human").length;
  el("rematch").textContent = info.status === "finished" && asked.length
    ? tn("Another game? {names} has asked ({n} of {humans}); it starts when everyone has.",
      "Another game? {names} have asked ({n} of {humans}); it starts when everyone has.", asked.length,
      { names: asked.join(", "), humans })
    : "";
  el("replay-now").hidden = info.status !== "playing";
  drawLeaving(info, me, names);
  drawPast(info, names);
  drawTitle();
}

let gameOptions = null; // the game's options in words, by name (GET /api/games/NAME), once asked

/** The options a waiting table changed, in words ("Board side: B side"), from its spec. */
function drawWaitingOptions(info) {
  const spec = info.game.includes("(") ? info.game.slice(info.game.indexOf("(") + 1, -1) : "";
  const options = spec.split(",").map((part) => part.trim()).filter((part) => part && !part.startsWith("players="));
  if (options.length && gameOptions === null) {
    gameOptions = {};
    const name = info.game.split("(")[0];
    api("GET", `/api/games/${encodeURIComponent(name)}`).then((details) => {
      gameOptions = Object.fromEntries(details.options.map((option) => [option.name, option]));
      drawWaitingOptions(info);
    }).catch(() => {}); // the options stay as the spec writes them
  }
  const words = (part) => {
    const [key, value] = [part.slice(0, part.indexOf("=")), part.slice(part.indexOf("=") + 1)];
    const option = gameOptions?.[key];
    return option ? t("{option}: {value}", { option: option.label ?? key, value: option.words?.[value] ?? value }) : part.replace("=", ": ");
  };
  el("waiting-options").replaceChildren(...(options.length ? options.map(words) : [t("the rulebook's game, no options changed")])
    .map((option) => text("li", option)));
}

function drawWaitingRoom(info, me, names) {
  const open = info.status === "open";
  el("waiting-room").hidden = !open;
  el("turn").hidden = open;
  if (!open) return;
  el("waiting-game").textContent = tn("{title} for {n} player", "{title} for {n} players", info.players, { title: gameTitle(info.title) });
  drawWaitingOptions(info);
  const seats = info.seats.map((s) => {
    const who = s.kind === "bot" ? names[s.seat] : s.taken ? names[s.seat] : t("free");
    const parts = [t("Seat {number}: {name}", { number: s.seat + 1, name: who })];
    if (info.host === s.seat) parts.push(" " + t("(host)"));
    if (s.seat === me) parts.push(" — " + t("you"));
    const item = text("li", parts.join(""));
    if (!s.taken && me === null) {
      const take = text("button", t("Take this seat"));
      take.type = "button";
      take.dataset.seat = String(s.seat);
      take.addEventListener("click", () => takeSeat(s.seat));
      item.append(" ", take);
    }
    return item;
  });
  el("waiting-seats").replaceChildren(...seats);
  const free = info.seats.filter((s) => !s.taken).length;
  el("join").hidden = !(free && me === null);
  if (!el("join").elements.name.value) el("join").elements.name.value = savedName();
  signedIn().then((account) => { // signed in: the account's name, not one to type
    const field = el("join").elements.name;
    field.readOnly = !!account;
    if (account) field.value = account.name;
    if (account && me === null && free) el("waiting-next").textContent = t("Take a seat to play as {name}.", { name: account.name });
  });
  const host = info.host === null || info.host === undefined ? t("the host") : names[info.host];
  el("start").hidden = !(me !== null && me === info.host);
  el("start").disabled = free > 0;
  el("waiting-next").textContent = me === null
    ? (free ? t("Type your name and take a seat to play.") : t("Every seat is taken: you can watch."))
    : me === info.host
      ? (free ? tn("Waiting for {n} more player: send them the invite link.", "Waiting for {n} more players: send them the invite link.", free)
        : t("Everyone is here: start the game."))
      : (free ? tn("You have a seat. Waiting for {n} more player.", "You have a seat. Waiting for {n} more players.", free)
        : t("Everyone is here: waiting for {host} to start.", { host }));
}

function drawPast(info, names) {
  const past = info.past || [];
  el("past-section").hidden = !past.length;
  el("past").replaceChildren(...past.map((game) => {
    const item = document.createElement("li");
    const winners = game.winners.length ? joinAnd(game.winners.map((s) => names[s])) : t("nobody");
    const replay = Object.assign(document.createElement("a"), { href: `/t/${invite}/replay?game=${game.game_number}`, textContent: t("replay") });
    const record = Object.assign(document.createElement("a"), { href: `/api/tables/${invite}/record?game=${game.game_number}`, textContent: t("record") });
    const said = t("Game {number}: {winners} won ({scores})", { number: game.game_number, winners, scores: game.scores.join(" / ") });
    item.append(`${said} · `, replay, " · ", record);
    return item;
  }));
}

function myTurn() {
  return !!(shown && (shown.legal || []).length && !queue.length);
}

function drawTitle() {
  const base = table ? `${gameTitle(table.title)} · clickbox` : t("clickbox table");
  const mine = myTurn();
  document.title = mine ? t("(Your turn) {title}", { title: base }) : base;
  el("favicon").href = mine ? FAVICON_TURN : "data:,";
  if (mine && !wasMyTurn && el("sound").checked) beep();
  wasMyTurn = mine;
}

const FAVICON_TURN = "data:image/svg+xml," + encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='#d33'/></svg>");

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.3);
    document.body.dataset.beeped = String(Number(document.body.dataset.beeped || 0) + 1);
  } catch { /* no audio here: the title and icon still say it */ }
}

// The stored results of the game on screen (its rated seats' rating changes), asked once per game.
let endResults = { game: null, asked: null, tries: 0, seats: [] };

async function askResults(game) {
  endResults = { ...endResults, asked: game, tries: endResults.asked === game ? endResults.tries + 1 : 1 };
  try {
    const found = await api("GET", `/api/tables/${invite}/results?game=${game}`);
    if (!found.seats.length && endResults.tries < 3) { // not stored yet: ask again soon
      setTimeout(() => askResults(game), 1000);
      return;
    }
    endResults = { ...endResults, game, seats: found.seats };
    if (shown) drawOutcome(shown);
  } catch { /* the scores stand without the rating changes */ }
}

/** The status bar's words once the game is over: the only place the end screen says so. */
function overText(frame) {
  const outcome = frame.view && frame.view.outcome;
  if (!outcome || !outcome.winners.length) return t("Game over");
  const names = seatNames(frame.table);
  return t("Game over: {winners} won", { winners: joinAnd(outcome.winners.map((seat) => names[seat])) });
}

function ratingText(seat) {
  const change = seat.rating_change > 0 ? `+${seat.rating_change}` : seat.rating_change < 0 ? `−${-seat.rating_change}` : "±0";
  return t("{rating} ({change})", { rating: seat.rating_after, change });
}

function drawOutcome(frame) {
  const outcome = frame.view && frame.view.outcome;
  el("outcome").hidden = !outcome;
  if (!outcome) return;
  const names = seatNames(frame.table);
  el("result").textContent = outcome.winners.length
    ? t("{winners} won.", { winners: joinAnd(outcome.winners.map((seat) => names[seat])) }) : t("Nobody won.");
  // Each game's own breakdown (a drawing may export ``breakdown(view)``: columns and a row of
  // cells per seat), then the score, then each rated seat's new rating and its change.
  const game = frame.table.game_number;
  const rated = frame.table.status === "finished" && frame.table.settings && frame.table.settings.rated
    && frame.table.seats.filter((s) => s.signed_in).length > 1;
  if (rated && endResults.asked !== game) askResults(game);
  const ratings = new Map(endResults.game === game ? endResults.seats.filter((s) => s.rated).map((s) => [s.seat, s]) : []);
  const parts = renderer && renderer.breakdown ? renderer.breakdown(frame.view) : null;
  const head = [t("Player"), ...(parts ? parts.columns : []), t("Score"), ...(ratings.size ? [t("Rating")] : [])];
  el("scores").tHead.replaceChildren(document.createElement("tr"));
  el("scores").tHead.rows[0].append(...head.map((label) => Object.assign(text("th", label), { scope: "col" })));
  el("scores").classList.toggle("breakdown", !!parts);
  el("scores").tBodies[0].replaceChildren(...outcomeRows(frame, renderer).map((row) => {
    const tr = document.createElement("tr");
    if (row.winner) tr.className = "winner";
    tr.dataset.seat = String(row.seat);
    tr.append(text("td", row.name, "who"));
    if (parts) tr.append(...(parts.rows[row.seat] || []).map((cell) => text("td", String(cell), "part")));
    tr.append(text("td", row.scoreText, "score"));
    if (ratings.size) {
      const mine = ratings.get(row.seat);
      const cell = text("td", mine ? ratingText(mine) : "—", "rating-change");
      if (mine) cell.dataset.change = String(mine.rating_change);
      tr.append(cell);
    }
    return tr;
  }));
  const rating = frame.view.rating;
  el("rating").hidden = !rating;
  if (rating) {
    const said = t("Solo rating: {label}", { label: t(rating.label) });
    el("rating").textContent = `${said}${rating.stars ? ` (${"★".repeat(Math.round(rating.stars))})` : ""}`;
  }
  el("record").href = `/api/tables/${invite}/record`;
}

// -- the log in words ------------------------------------------------------------------------------

function drawLog(frame) {
  const names = seatNames(frame.table);
  const groups = [];
  for (const line of frame.lines) {
    if (line.heading || !groups.length) groups.push({ heading: line.heading ? line.text : null, lines: [] });
    if (!line.heading) groups[groups.length - 1].lines.push(line);
  }
  const log = el("log");
  log.replaceChildren(...groups.map((group, i) => {
    const item = document.createElement("li");
    item.className = "turn";
    if (group.heading) item.append(text("h3", fillNames(group.heading, names)));
    const list = document.createElement("ul");
    list.append(...group.lines.map((line) => {
      const li = text("li", fillNames(line.text, names));
      if (typeof line.seat === "number") li.dataset.seat = String(line.seat);
      return li;
    }));
    item.append(list);
    if (i === groups.length - 1) item.classList.add("current");
    return item;
  }));
  log.scrollTop = log.scrollHeight; // the latest move in sight
}

/** The lines ``frame`` adds to the ones ``before`` showed: what just happened, in words. */
function newLines(before, frame) {
  if (!before || before.table.game_number !== frame.table.game_number) return [];
  const old = before.lines;
  let from = 0;
  while (from < old.length && from < frame.lines.length && old[from].text === frame.lines[from].text) from += 1;
  return frame.lines.slice(from).filter((line) => !line.heading);
}

// -- showing frames one at a time ------------------------------------------------------------------

function receive(frame) {
  const words = frame.words || { from: 0, lines: [] };
  if (words.from > lines.length) { // a frame was missed: ask for the whole state again
    send({ type: "resync" });
    return;
  }
  lines = lines.slice(0, words.from).concat(words.lines);
  frame.lines = lines;
  latest = frame;
  queue.push(frame);
  pump();
}

function pump() {
  if (pumpTimer || !queue.length) return;
  const next = queue[0];
  const moved = shown && next.table.version !== shown.table.version;
  const wait = moved ? holdUntil - Date.now() : 0;
  if (wait > 0) {
    pumpTimer = setTimeout(() => { pumpTimer = null; pump(); }, wait);
    el("catch-up").hidden = false;
    return;
  }
  queue.shift();
  const first = !shown;
  show(next, moved);
  if (moved || first) holdUntil = Date.now() + speed(); // the position stays in sight a while
  pump();
}

function catchUp() {
  clearTimeout(pumpTimer);
  pumpTimer = null;
  holdUntil = 0;
  pump();
}

el("catch-up").addEventListener("click", catchUp);

/** Every leaf element of the board (no element children), keyed by its place in the tree. */
function leaves(board) {
  const found = [];
  const walk = (node, path) => {
    let i = 0;
    for (const child of node.children) {
      const key = `${path}/${child.tagName}${i}`;
      i += 1;
      if (child.children.length) walk(child, key);
      else found.push([key, child]);
    }
  };
  walk(board, "");
  return found;
}

/** What each leaf of the board shows (its text and classes), by its place. */
function boardMarks(board) {
  return new Map(leaves(board).map(([key, node]) => [key, `${node.textContent}|${node.getAttribute("class") || ""}`]));
}

/** Light the leaves that show something else than ``before`` (what a move changed). */
function lightChanges(board, before) {
  const changed = leaves(board).filter(([key, node]) =>
    before.has(key) && before.get(key) !== `${node.textContent}|${node.getAttribute("class") || ""}`);
  if (changed.length > 40) return; // the whole drawing changed (another sheet, a new round): no glow
  for (const [, node] of changed) node.classList.add("changed");
}

function show(frame, moved) {
  const previous = shown;
  if (previous && previous.table.version !== frame.table.version) showError(null); // a new position
  shown = frame;
  el("catch-up").hidden = !queue.length;
  drawTable(frame.table);
  if (frame.chat) el("chat").replaceChildren(...frame.chat.map(chatLine));
  if (frame.spectator_chat) el("spectator-chat").replaceChildren(...frame.spectator_chat.map(chatLine));
  const view = frame.view;
  el("view").textContent = view ? JSON.stringify(view, null, 1) : "";
  const names = seatNames(frame.table);
  drawLog(frame);
  const said = newLines(previous, frame);
  if (said.length) {
    el("last-move").textContent = said.slice(-3).map((line) => fillNames(line.text, names)).join(" · ");
    el("last-move").classList.remove("fresh");
    void el("last-move").offsetWidth; // restart the animation
    el("last-move").classList.add("fresh");
  } else if (!previous || frame.table.game_number !== previous.table.game_number) {
    el("last-move").textContent = "";
  }
  const legal = frame.legal || [];
  const awaited = frame.table.awaiting.map((s) => names[s]).join(", ");
  el("last-move").hidden = frame.table.status === "finished"; // the end screen says how it ended
  el("turn").textContent = frame.table.status === "finished" ? overText(frame) // the one "Game over"
    : frame.choice ? t("Your choice is in; waiting for the others")
    : legal.length ? t("Your move")
    : frame.table.status === "playing" ? (frame.seat === null ? t("Watching · {names} to move", { names: awaited }) : t("Waiting for {names}", { names: awaited }))
    : t("Waiting for players");
  if (endedWords(frame.table)) el("turn").textContent = endedWords(frame.table);
  document.body.classList.toggle("my-turn", legal.length > 0);
  // Undo where it is offered; where a move of this seat cannot be taken back, a dimmed button
  // that says why (in Clever nearly every pick reveals dice).
  el("undo").hidden = !(frame.undo || frame.undo_why);
  // Hints: for the seat to move, where no rated game could be decided by them.
  const info = frame.table;
  const rated = info.settings && info.settings.rated && info.seats.some((s) => s.signed_in);
  el("hint").hidden = !(legal.length && !frame.choice && !rated);
  if (!previous || previous.table.version !== info.version) showHint(null);
  el("undo").setAttribute("aria-disabled", String(!frame.undo));
  el("undo").title = frame.undo ? "" : frame.undo_why || "";
  el("moves").replaceChildren(...legal.map((move) => {
    const button = text("button", move.text);
    button.type = "button";
    button.title = move.action;
    button.dataset.action = move.action;
    button.addEventListener("click", () => act(move.action));
    return button;
  }));
  const board = el("board");
  const before = moved && previous && previous.view ? boardMarks(board) : null;
  const places = moved && previous && previous.view ? measure(board) : null;
  drawBoard(frame);
  if (before) lightChanges(board, before);
  // What moved travels there, in about half the time a move stays in sight (none: instant).
  if (places) board.dataset.moved = play(board, places, Math.min(speed() * 0.45, 800)).join(" ");
  drawOutcome(frame);
  drawTitle();
  // Set last: tests and scripts wait on these to know the page shows this state.
  document.body.dataset.version = frame.table.version;
  document.body.dataset.status = frame.table.status;
  document.body.dataset.shown = String(Number(document.body.dataset.shown || 0) + 1);
}

function drawBoard(frame) {
  const board = el("board");
  // ``buttons``: the status bar's slot for the move's own buttons (reroll, skip, pass...), emptied
  // before each drawing so that a drawing puts there what this position offers.
  el("bar-buttons").replaceChildren();
  const ui = {
    act, why, say: (words) => showError(words), names: seatNames(frame.table), me: frame.seat, replay: false,
    buttons: el("bar-buttons"),
  };
  if (!renderer || !frame.view) {
    board.replaceChildren();
    if (frame.view) el("move-list").open = true; // no drawing for this game: the list is the way
    return;
  }
  keepFocus(board, () => renderer.draw(board, frame, ui));
}

// -- the connection --------------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${invite}`);
  socket.addEventListener("open", () => {
    waitingFor = null; // a move lost with the old socket is resent by the player if needed
    delete document.body.dataset.waiting;
    const hello = { type: "hello", protocol: "clickbox-ws/1", token };
    if (seq !== null) hello.since = seq;
    socket.send(JSON.stringify(hello));
  });
  socket.addEventListener("message", async (event) => {
    const frame = JSON.parse(event.data);
    if (frame.seq !== undefined) seq = frame.seq;
    if (frame.type === "state") {
      if (!renderer && frame.table) renderer = await loadRenderer(frame.table.key);
      receive(frame);
    } else if (frame.type === "table" && latest) {
      latest.table = frame.table;
      if (shown) drawTable(frame.table);
    } else if (frame.type === "chat") el(frame.channel === "spectators" ? "spectator-chat" : "chat").append(chatLine(frame));
    else if (frame.type === "why") showError(sentence(frame.reason));
    else if (frame.type === "hint" && frame.re === hintFor) drawHint(frame);
    else if (frame.type === "reply") {
      if (frame.re === waitingFor) {
        waitingFor = null; // the state after the move (sent before this answer) is shown
        delete document.body.dataset.waiting;
      }
      if (frame.re === hintFor) {
        hintFor = null;
        el("hint").removeAttribute("aria-busy");
        showHint(null);
      }
      if (!frame.ok) showError(plainError(frame.error));
    } else if (frame.type === "error") {
      if (frame.error.code === "too_many_spectators") reconnectMs = REFUSED_WATCHING_MS;
      showError(plainError(frame.error));
    }
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) { showError(t("There is no table with this invite code.")); return; }
    setTimeout(connect, reconnectMs);
    reconnectMs = RECONNECT_MS;
  });
}

async function takeSeat(seat) {
  const form = el("join");
  const account = await signedIn(); // signed in: the server seats the account under its name
  const name = account ? account.name : String(new FormData(form).get("name") || "").trim();
  if (!name) {
    showError(t("Type your name first, then take a seat."));
    form.elements.name.focus();
    return;
  }
  try {
    if (!account) keepName(name);
    const joined = await joinTable(invite, name, seat);
    token = joined.token;
    keepToken(invite, token);
    lines = [];
    socket.close();
  } catch (error) { showError(error); }
}

el("join").addEventListener("submit", (event) => {
  event.preventDefault();
  takeSeat(undefined);
});

// -- leave, concede, abandon (each confirmed first), and how a table ended -----------------------

/** Why the table ended without a result, in words (abandoned or expired), or "". */
function endedWords(info) {
  if (info.status === "expired") return t("Nobody started this table in time: it has expired. Create another in the lobby.");
  if (info.status !== "abandoned") return "";
  const reason = (info.ended || {}).reason;
  if (reason === "host") return t("{name} ended this game: it is abandoned, and unrated.", { name: info.ended.by });
  if (reason === "left") return t("Everyone left this table before the game started: it is closed.");
  return t("Nobody played at this table for a long time: the game was abandoned, unrated.");
}

/** Leave (an open table), concede (a game in play), abandon (the host, a game in play); a rematch
 * that can no longer come. */
function drawLeaving(info, me, names) {
  const seated = me !== null;
  el("leave").hidden = !(seated && info.status === "open");
  el("concede").hidden = !(seated && info.status === "playing" && !(info.conceded || []).includes(me));
  el("abandon").hidden = !(seated && info.status === "playing" && info.host === me);
  el("game-actions").hidden = el("concede").hidden && el("abandon").hidden;
  const closed = info.rematch_closed;
  if (info.status === "finished" && closed) {
    el("again").hidden = true;
    const gone = (closed.seats || []).map((s) => names[s]);
    el("rematch").textContent = closed.reason === "left"
      ? tn("{names} has left: no rematch.", "{names} have left: no rematch.", gone.length, { names: joinAnd(gone) })
      : t("Too late for another game: create a new table in the lobby.");
  }
  const ended = endedWords(info);
  if (ended) el("turn").textContent = ended;
  el("turn").hidden = el("turn").hidden && !ended;
}

/** After a confirmation in the bar, send ``what`` (leave, concede, abandon) for this seat. */
function tableAction(what, question, then) {
  openPanel(false);
  askFirst(question, async () => {
    try {
      await api("POST", `/api/tables/${invite}/${what}`, {}, token);
      if (then) then();
    } catch (error) { showError(error); }
  });
}

el("leave").addEventListener("click", () => tableAction("leave", t("Leave this table? Your seat becomes free."), () => {
  forgetToken(invite);
  token = null;
  lines = [];
  socket.close(); // back as a spectator
}));
el("concede").addEventListener("click", () => tableAction("concede",
  t("Concede this game? A bot plays your seat to the end, and the game is unrated for you.")));
el("abandon").addEventListener("click", () => tableAction("abandon",
  t("Abandon this game for everyone? It ends now, unrated, with no winner.")));

el("start").addEventListener("click", async () => {
  try { await api("POST", `/api/tables/${invite}/start`, {}, token); } catch (error) { showError(error); }
});

el("again").addEventListener("click", async () => {
  try {
    await api("POST", `/api/tables/${invite}/again`, {}, token);
    el("again").hidden = true;
  } catch (error) { showError(error); }
});

for (const id of ["copy-link", "copy-link-2"]) {
  el(id).addEventListener("click", async () => {
    const link = `${location.origin}/t/${invite}`;
    const button = el(id);
    try {
      await navigator.clipboard.writeText(link);
      button.textContent = t("Copied");
      setTimeout(() => { button.textContent = t("Copy invite link"); }, 2000);
    } catch {
      showError(t("Share this link: {link}", { link })); // no clipboard (an insecure origin): show it instead
    }
  });
}

el("say").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = event.target.elements.text;
  const message = { type: "chat", id: `c${Date.now()}`, text: input.value };
  if (mySeat() === null && savedName()) message.name = savedName(); // a spectator's chat
  if (input.value.trim()) send(message);
  input.value = "";
});

/** A chat line: its time (HH:MM, this browser's time zone), who, and what. */
function chatLine(line) {
  const item = text("li", t("{name}: {text}", line));
  if (typeof line.at === "number") {
    const at = new Date(line.at * 1000);
    const stamp = document.createElement("time");
    stamp.dateTime = at.toISOString();
    stamp.textContent = `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
    item.prepend(stamp, " ");
  }
  return item;
}

// The spectators' chat: every viewer gets it; a checkbox (remembered) shows or hides it.
el("show-spectators").checked = setting("spectator-chat", "on") === "on";
el("spectator-box").hidden = !el("show-spectators").checked;
el("show-spectators").addEventListener("change", () => {
  localStorage.setItem("clickbox-spectator-chat", el("show-spectators").checked ? "on" : "off");
  el("spectator-box").hidden = !el("show-spectators").checked;
});

// The clocks tick between frames.
setInterval(() => { if (table && table.deadline && shown) drawTable(table); }, 1000);

connect();
