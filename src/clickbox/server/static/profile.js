// A player's profile: ratings per game and player count, per-game figures, That's Pretty
// Clever's solo figures, and every finished game with its opponents, scores, rating change,
// replay and record.
import { api, showError } from "./api.js";
import { lang, t, tn, translateDocument } from "./i18n.js";
import { accountBar } from "./nav.js";

translateDocument();
accountBar();

const name = decodeURIComponent(location.pathname.split("/").pop());
const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
const rating = new Intl.NumberFormat(lang, { maximumFractionDigits: 0, useGrouping: false }); // 1000, as ratings are written
const date = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });

function playersText(players) {
  if (players === "2") return t("two players");
  if (players === "3+") return t("three or more");
  if (players === 1) return t("solo");
  return tn("{n} player", "{n} players", Number(players)); // a number of players, in words
}

function row(body, cells) {
  const tr = document.createElement("tr");
  for (const value of cells) {
    const td = document.createElement("td");
    td.append(value instanceof Node ? value : String(value));
    tr.append(td);
  }
  body.append(tr);
}

function playerLink(seat) {
  if (!seat.account) {
    const span = document.createElement("span");
    span.textContent = seat.kind === "bot" ? t("{name} (bot)", { name: seat.name.replace(/^bot:/, "") }) : seat.name;
    return span;
  }
  return Object.assign(document.createElement("a"), { href: `/u/${encodeURIComponent(seat.account)}`, textContent: seat.account });
}

function change(value) {
  const sign = value > 0 ? "+" : value < 0 ? "−" : "±";
  return `${sign}${number.format(Math.abs(value))}`;
}

function historyItem(game) {
  const li = document.createElement("li");
  li.className = "played";
  const head = document.createElement("p");
  const me = game.me;
  const place = me ? t("place {rank} of {players}", { rank: me.rank, players: game.players }) : "";
  head.append(
    Object.assign(document.createElement("strong"), { textContent: game.title }),
    ` · ${date.format(new Date(game.finished_at * 1000))}`,
    place ? ` · ${place}` : "",
  );
  if (me && me.rated) {
    const rated = Object.assign(document.createElement("span"), {
      className: "rating-change",
      textContent: t("rating {before} → {after} ({change})", {
        before: rating.format(me.rating_before),
        after: rating.format(me.rating_after),
        change: change(me.rating_change),
      }),
    });
    head.append(" · ", rated);
  } else if (me) {
    head.append(" · ", t("unrated"));
  }
  const seats = document.createElement("ul");
  seats.className = "seats";
  for (const seat of game.seats) {
    const item = document.createElement("li");
    const score = game.game === "click-clack" // Click Clack counts discs, not points
      ? tn("{n} disc", "{n} discs", seat.score)
      : t("{score} points", { score: number.format(seat.score) });
    item.append(playerLink(seat), ": ", score);
    if (seat.won) item.append(" · ", t("won"));
    seats.append(item);
  }
  const links = document.createElement("p");
  links.append(
    Object.assign(document.createElement("a"), { href: game.replay, textContent: t("replay"), className: "replay-link" }),
    " · ",
    Object.assign(document.createElement("a"), { href: game.record, textContent: t("record"), className: "record-link" }),
  );
  li.append(head, seats, links);
  return li;
}

let oldest = null;

function addGames(games) {
  const list = document.getElementById("history");
  for (const game of games) list.append(historyItem(game));
  if (games.length) oldest = games[games.length - 1].finished_at;
  document.getElementById("more").hidden = games.length < 20;
  if (!list.children.length) list.append(Object.assign(document.createElement("li"), { textContent: t("No finished games yet.") }));
}

async function load() {
  let profile;
  try {
    profile = await api("GET", `/api/players/${encodeURIComponent(name)}`);
  } catch (error) {
    showError(error);
    return;
  }
  document.title = `${profile.name} · clickbox`;
  document.getElementById("player-name").textContent = profile.name;
  document.getElementById("since").textContent = t("Playing here since {date}.", {
    date: new Intl.DateTimeFormat(lang, { dateStyle: "long" }).format(new Date(profile.since * 1000)),
  });
  const ratings = document.querySelector("#ratings tbody");
  for (const r of profile.ratings) {
    row(ratings, [r.title, playersText(r.players), rating.format(r.rating), r.games]);
    // The model's figures for those who want them, in the rating's tooltip only.
    ratings.lastElementChild.cells[2].title = t("OpenSkill: μ {mu}, σ {sigma}", { mu: number.format(r.mu), sigma: number.format(r.sigma) });
  }
  if (!profile.ratings.length) row(ratings, [t("No rated games yet."), "", "", ""]);
  const stats = document.querySelector("#stats tbody");
  for (const s of profile.stats) {
    row(stats, [s.title, playersText(s.players), s.games, s.wins, number.format(s.mean_score), number.format(s.best_score)]);
  }
  if (!profile.stats.length) row(stats, [t("No finished games yet."), "", "", "", "", ""]);
  const solo = profile.clever_solo;
  if (solo) {
    document.getElementById("solo").hidden = false;
    const figures = document.getElementById("solo-figures");
    figures.textContent = t("{games} solo games, mean {mean}, best {best}: “{rating}”.", {
      games: solo.games, mean: number.format(solo.mean_score), best: number.format(solo.best_score), rating: solo.best_rating,
    });
    if (solo.best_replay) {
      figures.append(" ", Object.assign(document.createElement("a"), { href: solo.best_replay, textContent: t("The best sheet") }));
    }
  }
  addGames(profile.games);
}

document.getElementById("more").addEventListener("click", async () => {
  try {
    const answer = await api("GET", `/api/players/${encodeURIComponent(name)}/games?before=${oldest}`);
    addGames(answer.games);
  } catch (error) {
    showError(error);
  }
});

load();
