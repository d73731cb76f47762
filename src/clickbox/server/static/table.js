import { api, joinTable, keepToken, showError, tokenFor } from "./api.js";
import { keepFocus } from "./board.js";
import { loadRenderer, outcomeRows, seatNames } from "./games.js";

const invite = location.pathname.split("/").pop().toUpperCase();
const el = (id) => document.getElementById(id);
let token = tokenFor(invite);
let socket = null;
let seq = null;
let state = null;
let requests = 0;
let renderer = null;

el("invite").textContent = invite;
el("replay-link").href = `/t/${invite}/replay`;
el("replay-now").href = `/t/${invite}/replay`;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else showError("Not connected to the server just now; reconnecting, try again in a moment.");
}

let waitingFor = null; // the id of the move sent and not yet answered: one move at a time

function act(action) {
  if (waitingFor) return; // a double click, or a key held down: the first move is on its way
  showError(null);
  requests += 1;
  waitingFor = `m${Date.now()}-${requests}`;
  document.body.dataset.waiting = waitingFor; // tests and scripts wait for the answer on this
  send({ type: "act", id: waitingFor, version: state.table.version, action });
}

/** A refusal in plain words (the server's own message where it already is). */
function plainError(error) {
  const words = {
    stale: "The game moved on before your move arrived. Here is the table as it is now: choose again.",
    not_your_turn: "It is not your turn just now.",
    game_over: "The game is over.",
    not_started: "The game has not started yet.",
    already_committed: "Your choice is already in.",
    rate_limited: "Too many moves at once: wait a moment and try again.",
    not_seated: "This browser has no seat at this table (you are watching).",
  };
  return words[error.code] || error.message || String(error);
}

function text(tag, value, className) {
  const node = document.createElement(tag);
  node.textContent = value;
  if (className) node.className = className;
  return node;
}

function drawTable(table, mySeat) {
  el("title").textContent = table.title;
  document.title = `${table.title} · clickbox`;
  el("rules-link").href = `/rules/${table.name}`;
  const names = seatNames(table);
  const waiting = table.status === "playing" ? ` · waiting for ${table.awaiting.map((s) => names[s]).join(", ")}` : "";
  el("status").textContent = `${table.status}${waiting}`;
  el("seat-list").replaceChildren(...table.seats.map((s) => {
    const who = s.taken ? names[s.seat] : "(free)";
    const presence = s.kind === "human" && s.taken ? (s.connected ? " · here" : " · away") : "";
    const bot = s.away_bot ? ` · a bot (${s.away_bot}) plays for now` : "";
    const turn = table.status === "playing" && table.awaiting.includes(s.seat) ? " · to move" : "";
    return text("li", `Seat ${s.seat + 1}: ${who}${presence}${bot}${turn}${s.seat === mySeat ? " (you)" : ""}`,
      s.seat === mySeat ? "me" : "");
  }));
  const free = table.seats.some((s) => !s.taken);
  el("join").hidden = !(table.status === "open" && free && mySeat === null);
  el("start").hidden = !(table.status === "open" && !free && mySeat !== null);
  el("again").hidden = !(table.status === "finished" && mySeat !== null);
  el("replay-now").hidden = table.status !== "playing";
}

function drawOutcome(frame) {
  const outcome = frame.view && frame.view.outcome;
  el("outcome").hidden = !outcome;
  if (!outcome) return;
  const names = seatNames(frame.table);
  const winners = outcome.winners.map((seat) => names[seat]).join(" and ");
  el("result").textContent = outcome.winners.length ? `${winners} won.` : "Nobody won.";
  el("scores").tBodies[0].replaceChildren(...outcomeRows(frame).map((row) => {
    const tr = document.createElement("tr");
    if (row.winner) tr.className = "winner";
    tr.append(text("td", row.name), text("td", String(row.score)));
    return tr;
  }));
  const rating = frame.view.rating;
  el("rating").hidden = !rating;
  if (rating) el("rating").textContent = `Solo rating: ${rating.label}${rating.stars ? ` (${"★".repeat(Math.round(rating.stars))})` : ""}`;
  el("record").href = `/api/tables/${invite}/record`;
}

function drawBoard(frame) {
  const board = el("board");
  const ui = { act, names: seatNames(frame.table), me: frame.seat, replay: false };
  if (!renderer || !frame.view) {
    board.replaceChildren();
    if (frame.view) el("move-list").open = true; // no drawing for this game: the list is the way
    return;
  }
  keepFocus(board, () => renderer.draw(board, frame, ui));
}

function drawState(frame) {
  if (state && state.table.version !== frame.table.version) showError(null); // a new position
  state = frame;
  drawTable(frame.table, frame.seat);
  if (frame.chat) el("chat").replaceChildren(...frame.chat.map((line) => text("li", `${line.name}: ${line.text}`)));
  const view = frame.view;
  el("view").textContent = view ? JSON.stringify(view, null, 1) : "";
  const names = seatNames(frame.table);
  const log = el("log");
  const words = frame.log_words || []; // the log in words, made by the server from this view
  log.replaceChildren(...(view && view.log ? view.log : []).map((entry, i) => {
    const who = typeof entry === "string" ? null : typeof entry.seat === "number" ? names[entry.seat] : "chance";
    const move = words[i] || (typeof entry === "string" ? entry : entry.move);
    return text("li", who ? `${who}: ${move}` : move);
  }));
  log.scrollTop = log.scrollHeight; // the latest move in sight
  const legal = frame.legal || [];
  el("turn").textContent = frame.table.status === "finished" ? "The game is over"
    : frame.choice ? "Your choice is in; waiting for the others"
    : legal.length ? "Your move" : frame.table.status === "playing" ? `Waiting for ${frame.table.awaiting.map((s) => names[s]).join(", ")}`
    : "Not started";
  document.body.classList.toggle("my-turn", legal.length > 0);
  el("moves").replaceChildren(...legal.map((move) => {
    const button = text("button", move.text);
    button.type = "button";
    button.title = move.action;
    button.dataset.action = move.action;
    button.addEventListener("click", () => act(move.action));
    return button;
  }));
  drawBoard(frame);
  drawOutcome(frame);
  // Set last: tests and scripts wait on these to know the page shows this state.
  document.body.dataset.version = frame.table.version;
  document.body.dataset.status = frame.table.status;
}

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
      drawState(frame);
    } else if (frame.type === "table" && state) drawTable(frame.table, state.seat);
    else if (frame.type === "chat") el("chat").append(text("li", `${frame.name}: ${frame.text}`));
    else if (frame.type === "reply") {
      if (frame.re === waitingFor) {
        waitingFor = null; // the state after the move (sent before this answer) is shown
        delete document.body.dataset.waiting;
      }
      if (!frame.ok) showError(plainError(frame.error));
    } else if (frame.type === "error") showError(plainError(frame.error));
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) { showError("There is no table with this invite code."); return; }
    setTimeout(connect, 1000); // the server restarted or the network dropped: resume
  });
}

el("join").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const joined = await joinTable(invite, new FormData(event.target).get("name"));
    token = joined.token;
    keepToken(invite, token);
    socket.close();
  } catch (error) { showError(error); }
});

for (const id of ["start", "again"]) {
  el(id).addEventListener("click", async () => {
    try { await api("POST", `/api/tables/${invite}/${id}`, {}, token); } catch (error) { showError(error); }
  });
}

el("copy-link").addEventListener("click", async () => {
  const link = `${location.origin}/t/${invite}`;
  try {
    await navigator.clipboard.writeText(link);
    el("copy-link").textContent = "Copied";
  } catch {
    showError(`Share this link: ${link}`); // no clipboard (an insecure origin): show it instead
  }
});

el("say").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = event.target.elements.text;
  if (input.value.trim()) send({ type: "chat", id: `c${Date.now()}`, text: input.value });
  input.value = "";
});

connect();
