// The leaderboards: every rated player of a game and player count class, best first.
import { api, showError } from "./api.js";
import { gameTitle } from "./games.js";
import { lang, t, translateDocument } from "./i18n.js";
import { accountBar } from "./nav.js";

translateDocument();
accountBar();

const gameSelect = document.getElementById("board-game");
const playersSelect = document.getElementById("board-players");
const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 0, useGrouping: false }); // 1000, as ratings are written

async function draw() {
  const query = new URLSearchParams({ game: gameSelect.value, players: playersSelect.value });
  history.replaceState(null, "", `/leaderboard?${query}`);
  const body = document.querySelector("#board tbody");
  try {
    const board = await api("GET", `/api/leaderboard/${gameSelect.value}?players=${encodeURIComponent(playersSelect.value)}`);
    body.replaceChildren();
    for (const entry of board.entries) {
      const tr = document.createElement("tr");
      const who = Object.assign(document.createElement("a"), { href: `/u/${encodeURIComponent(entry.name)}`, textContent: entry.name });
      for (const value of [entry.place, who, number.format(entry.rating), entry.games]) {
        const td = document.createElement("td");
        td.append(value instanceof Node ? value : String(value));
        tr.append(td);
      }
      body.append(tr);
    }
    if (!board.entries.length) {
      const tr = document.createElement("tr");
      tr.append(Object.assign(document.createElement("td"), { colSpan: 4, textContent: t("Nobody is rated here yet.") }));
      body.append(tr);
    }
  } catch (error) {
    showError(error);
  }
}

const { games } = await api("GET", "/api/games");
for (const game of games) gameSelect.add(new Option(gameTitle(game.title), game.name));
const asked = new URLSearchParams(location.search);
if (asked.get("game")) gameSelect.value = asked.get("game");
if (asked.get("players")) playersSelect.value = asked.get("players");
gameSelect.addEventListener("change", draw);
playersSelect.addEventListener("change", draw);
draw();
