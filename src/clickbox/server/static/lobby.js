import { api, keepToken, showError } from "./api.js";

const gameSelect = document.getElementById("game");
const playersInput = document.getElementById("players");
const seatsBox = document.getElementById("seats");
let games = [];
let levels = [];

function drawSeats() {
  const game = games.find((g) => g.name === gameSelect.value);
  if (!game) return;
  playersInput.min = game.min_players;
  playersInput.max = game.max_players;
  const count = Math.min(game.max_players, Math.max(game.min_players, Number(playersInput.value)));
  playersInput.value = count;
  const chosen = Object.fromEntries([...seatsBox.querySelectorAll("select")].map((s) => [s.name, s.value]));
  seatsBox.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Seats" }));
  for (let seat = 0; seat < count; seat += 1) {
    const label = document.createElement("label");
    label.textContent = seat === 0 ? "Seat 1 (you) " : `Seat ${seat + 1} `;
    const select = document.createElement("select");
    select.name = `seat${seat}`;
    for (const choice of ["human", ...levels.map((l) => `bot:${l}`)]) {
      const option = new Option(choice === "human" ? "a person" : `bot (${choice.slice(4)})`, choice);
      select.add(option);
    }
    select.value = seat === 0 ? "human" : chosen[select.name] || "bot:medium";
    if (seat === 0) select.disabled = true;
    label.append(select);
    seatsBox.append(label);
  }
}

async function listTables() {
  const list = document.getElementById("tables");
  const { tables } = await api("GET", "/api/tables");
  list.replaceChildren();
  if (!tables.length) list.append(Object.assign(document.createElement("li"), { textContent: "None yet." }));
  for (const table of tables) {
    const item = document.createElement("li");
    const link = Object.assign(document.createElement("a"), { href: `/t/${table.invite}` });
    const free = table.seats.filter((s) => !s.taken).length;
    link.textContent = `${table.game} · ${table.status} · ${free} free seat(s) · ${table.invite}`;
    item.append(link);
    list.append(item);
  }
}

document.getElementById("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  showError(null);
  const form = new FormData(event.target);
  const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
  try {
    const created = await api("POST", "/api/tables", {
      game: form.get("game"), players: Number(form.get("players")), seats, name: form.get("name"),
    });
    keepToken(created.invite, created.token);
    if (created.table.seats.every((s) => s.taken)) {
      await api("POST", `/api/tables/${created.invite}/start`, {}, created.token);
    }
    location.assign(`/t/${created.invite}`);
  } catch (error) {
    showError(error);
  }
});

document.getElementById("join").addEventListener("submit", async (event) => {
  event.preventDefault();
  showError(null);
  const form = new FormData(event.target);
  const invite = String(form.get("invite")).trim().toUpperCase();
  try {
    const joined = await api("POST", `/api/tables/${invite}/join`, { name: form.get("name") });
    keepToken(invite, joined.token);
    location.assign(`/t/${invite}`);
  } catch (error) {
    showError(error);
  }
});

async function main() {
  const catalog = await api("GET", "/api/games");
  games = catalog.games;
  levels = catalog.levels;
  for (const game of games) gameSelect.add(new Option(game.title, game.name));
  gameSelect.value = "click-clack";
  playersInput.value = 2;
  gameSelect.addEventListener("change", () => {
    const game = games.find((g) => g.name === gameSelect.value);
    playersInput.value = game.default_players;
    seatsBox.replaceChildren(); // another game: seats start afresh
    drawSeats();
  });
  playersInput.addEventListener("change", drawSeats);
  drawSeats();
  await listTables();
}

main().catch(showError);
