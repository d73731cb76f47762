import { api, keepToken, showError, tokenFor } from "./api.js";

const invite = location.pathname.split("/").pop().toUpperCase();
const el = (id) => document.getElementById(id);
let token = tokenFor(invite);
let socket = null;
let seq = null;
let state = null;
let requests = 0;

el("invite").textContent = invite;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(action) {
  showError(null);
  requests += 1;
  send({ type: "act", id: `m${Date.now()}-${requests}`, version: state.table.version, action });
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
  const waiting = table.status === "playing" ? `waiting for ${table.awaiting.map((s) => table.seats[s].name).join(", ")}` : "";
  el("status").textContent = `${table.status} ${waiting}`;
  el("seat-list").replaceChildren(...table.seats.map((s) => {
    const who = s.taken ? s.name : "(free)";
    const presence = s.kind === "human" && s.taken ? (s.connected ? " · here" : " · away") : "";
    const bot = s.away_bot ? ` · a bot (${s.away_bot}) plays for now` : "";
    return text("li", `Seat ${s.seat + 1}: ${who}${presence}${bot}${s.seat === mySeat ? " (you)" : ""}`,
      s.seat === mySeat ? "me" : "");
  }));
  const free = table.seats.some((s) => !s.taken);
  el("join").hidden = !(table.status === "open" && free && mySeat === null);
  el("start").hidden = !(table.status === "open" && !free && mySeat !== null);
  el("again").hidden = !(table.status === "finished" && mySeat !== null);
}

function drawState(frame) {
  state = frame;
  document.body.dataset.version = frame.table.version; // pages and tests see the state's version
  document.body.dataset.status = frame.table.status;
  drawTable(frame.table, frame.seat);
  if (frame.chat) el("chat").replaceChildren(...frame.chat.map((line) => text("li", `${line.name}: ${line.text}`)));
  const view = frame.view;
  el("view").textContent = view ? JSON.stringify(view, null, 1) : "";
  el("log").replaceChildren(...(view && view.log ? view.log : []).map((entry) =>
    text("li", `${frame.table.seats[entry.seat] ? frame.table.seats[entry.seat].name : "dice"}: ${entry.move}`)));
  const legal = frame.legal || [];
  el("turn").textContent = frame.table.status === "finished" ? "The game is over"
    : frame.choice ? `Your choice (${frame.choice}) is in; waiting for the others`
    : legal.length ? "Your move" : frame.table.status === "playing" ? "Waiting for the others" : "Not started";
  el("moves").replaceChildren(...legal.map((move) => {
    const button = text("button", move.text);
    button.title = move.action;
    button.dataset.action = move.action;
    button.addEventListener("click", () => act(move.action));
    return button;
  }));
  const outcome = view && view.outcome;
  el("outcome").hidden = !outcome;
  if (outcome) {
    const names = frame.table.seats.map((s) => s.name);
    const scores = outcome.scores.map((score, seat) => `${names[seat]} ${score}`).join(", ");
    const winners = outcome.winners.map((seat) => names[seat]).join(" and ");
    el("result").textContent = `${winners} won. Scores: ${scores}.`;
    el("record").href = `/api/tables/${invite}/record`;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${invite}`);
  socket.addEventListener("open", () => {
    const hello = { type: "hello", protocol: "clickbox-ws/1", token };
    if (seq !== null) hello.since = seq;
    socket.send(JSON.stringify(hello));
  });
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data);
    if (frame.seq !== undefined) seq = frame.seq;
    if (frame.type === "state") drawState(frame);
    else if (frame.type === "table" && state) drawTable(frame.table, state.seat);
    else if (frame.type === "chat") el("chat").append(text("li", `${frame.name}: ${frame.text}`));
    else if (frame.type === "reply" && !frame.ok) showError(frame.error);
    else if (frame.type === "error") showError(frame.error);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) { showError("There is no table with this invite code."); return; }
    setTimeout(connect, 1000); // the server restarted or the network dropped: resume
  });
}

el("join").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const joined = await api("POST", `/api/tables/${invite}/join`, { name: new FormData(event.target).get("name") });
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

el("say").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = event.target.elements.text;
  if (input.value.trim()) send({ type: "chat", id: `c${Date.now()}`, text: input.value });
  input.value = "";
});

connect();
