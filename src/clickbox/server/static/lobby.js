import { api, guestSeats, joinTable, keepName, keepToken, savedName, showError } from "./api.js";
import { gameTitle, levelName } from "./games.js";
import { languageMenu, t, tn, translateDocument } from "./i18n.js";
import { accountBar } from "./nav.js";

translateDocument();
document.querySelector("header").prepend(languageMenu());
const account = await accountBar();

const gameSelect = document.getElementById("game");
const playersInput = document.getElementById("players");
const seatsBox = document.getElementById("seats");
const optionsBox = document.getElementById("options");
const presetSelect = document.getElementById("preset");
let games = [];
let levels = [];
let details = null; // the chosen game's options, presets and rules (GET /api/games/NAME)
const STATUS = { open: t("open"), playing: t("playing"), finished: t("finished"), expired: t("expired"), abandoned: t("abandoned") };

function drawSeats() {
  const game = games.find((g) => g.name === gameSelect.value);
  if (!game) return;
  playersInput.min = game.min_players;
  playersInput.max = game.max_players;
  const count = Math.min(game.max_players, Math.max(game.min_players, Number(playersInput.value)));
  playersInput.value = count;
  const chosen = Object.fromEntries([...seatsBox.querySelectorAll("select")].map((s) => [s.name, s.value]));
  seatsBox.replaceChildren(Object.assign(document.createElement("legend"), { textContent: t("Seats") }));
  for (let seat = 0; seat < count; seat += 1) {
    const label = document.createElement("label");
    const seatName = seat === 0 ? t("Seat 1 (you)") : t("Seat {number}", { number: seat + 1 });
    label.textContent = `${seatName} `;
    const select = document.createElement("select");
    select.name = `seat${seat}`;
    for (const choice of ["human", ...levels.map((l) => `bot:${l}`)]) {
      const option = new Option(choice === "human" ? t("a person") : t("bot ({level})", { level: levelName(choice.slice(4)) }), choice);
      select.add(option);
    }
    select.value = seat === 0 ? "human" : chosen[select.name] || "bot:medium";
    if (seat === 0) select.disabled = true;
    label.append(select);
    seatsBox.append(label);
  }
}

function optionField(option) {
  const name = `option-${option.name}`;
  let field;
  if (option.choices || option.kind === "bool") {
    field = document.createElement("select");
    const words = option.words || {};
    for (const choice of option.choices || [true, false]) field.add(new Option(words[String(choice)] ?? String(choice), String(choice)));
  } else {
    field = document.createElement("input");
    field.type = option.kind === "int" ? "number" : "text";
    if (option.minimum !== null) field.min = option.minimum;
    if (option.maximum !== null) field.max = option.maximum;
  }
  field.name = name;
  field.value = String(option.default);
  field.dataset.default = String(option.default);
  const label = document.createElement("label");
  label.append(`${option.label ?? option.name} `, field);
  label.dataset.option = option.name; // the option's name as the command line takes it
  label.title = field.tagName === "SELECT" ? option.help : `${option.help} (${option.allowed})`;
  const help = Object.assign(document.createElement("small"), { textContent: ` ${option.help}` });
  label.append(help);
  return label;
}

async function drawOptions() {
  details = await api("GET", `/api/games/${gameSelect.value}`);
  document.getElementById("rules-link").href = `/rules/${details.name}`;
  presetSelect.replaceChildren(new Option(t("none (the rulebook's game)"), ""));
  const presetWords = details.preset_words || {};
  for (const name of Object.keys(details.presets)) presetSelect.add(new Option(presetWords[name]?.label ?? name, name));
  // the readings of the rulebook first; its numbers (what a designer changes) folded apart
  const readings = details.options.filter((option) => option.group !== "number").map(optionField);
  const numbers = details.options.filter((option) => option.group === "number").map(optionField);
  if (numbers.length) {
    const box = Object.assign(document.createElement("details"), { className: "rule-numbers" });
    box.append(Object.assign(document.createElement("summary"), { textContent: t("The rulebook's numbers") }), ...numbers);
    readings.push(box);
  }
  optionsBox.replaceChildren(...readings);
  presetHelp();
}

/** The chosen preset's one line on what it changes. */
function presetHelp() {
  const words = details?.preset_words?.[presetSelect.value];
  document.getElementById("preset-help").textContent = words ? ` ${words.help}` : "";
}

/** A preset fills the option fields with its values; the others go back to their defaults. */
function applyPreset() {
  const values = presetSelect.value ? details.presets[presetSelect.value] : {};
  for (const option of details.options) {
    const field = optionsBox.querySelector(`[name='option-${option.name}']`);
    const value = option.name in values ? String(values[option.name]) : String(option.default);
    field.value = value;
    field.dataset.default = value; // what the server takes without this field
  }
  presetHelp();
}

/** Only the options changed from the preset's (or the rulebook's) values travel. */
function chosenOptions() {
  const options = {};
  for (const field of optionsBox.querySelectorAll("[name^=option-]")) {
    if (field.value !== field.dataset.default) options[field.name.slice(7)] = field.value;
  }
  return options;
}

const YOUR_GAMES_SENT = 200; // the most seats the server looks at in one request
let myInvites = new Set(); // the tables this browser (or account) holds a seat at

function titleOf(spec) {
  const name = spec.split("(")[0]; // the spec: clever(players=3)
  const known = games.find((g) => g.name === name);
  return known ? gameTitle(known.title) : spec;
}

/** Your games: the tables this browser's seat tokens (and the account) hold a seat at, your turn
 * first, then games in play, games waiting for players, and games just finished. */
async function listMine() {
  const { tables } = await api("POST", "/api/my-tables", { seats: guestSeats().slice(0, YOUR_GAMES_SENT) });
  myInvites = new Set(tables.map((mine) => mine.table.invite));
  const groups = [
    { key: "your-turn", title: t("Your turn"), test: (m) => m.table.status === "playing" && m.table.awaiting.includes(m.seat) },
    { key: "playing", title: t("In play: others to move"), test: (m) => m.table.status === "playing" },
    { key: "open", title: t("Waiting for players"), test: (m) => m.table.status === "open" },
    { key: "finished", title: t("Recently finished"), test: (m) => m.table.status === "finished" },
  ];
  const box = document.getElementById("your-games");
  box.replaceChildren();
  const placed = new Set();
  for (const group of groups) {
    const members = tables.filter((m) => !placed.has(m.table.invite) && group.test(m));
    if (!members.length) continue;
    const list = document.createElement("ul");
    list.className = "your-games";
    list.dataset.group = group.key;
    for (const mine of members) {
      placed.add(mine.table.invite);
      const info = mine.table;
      const names = Object.fromEntries(info.seats.map((s) => [s.seat, s.seat === mine.seat ? t("you") : s.taken ? s.name : t("free")]));
      const parts = [titleOf(info.game), info.seats.map((s) => names[s.seat]).join(", ")];
      if (info.status === "playing") {
        parts.push(t("{names} to move", { names: info.awaiting.map((s) => names[s]).join(", ") }));
      }
      const item = document.createElement("li");
      item.dataset.invite = info.invite;
      const link = Object.assign(document.createElement("a"), {
        href: `/t/${info.invite}`,
        textContent: info.status === "playing" ? t("Play") : t("Open"),
      });
      item.append(`${parts.join(" · ")} · `, link);
      if (info.status === "finished") {
        const replay = Object.assign(document.createElement("a"), { href: `/t/${info.invite}/replay`, textContent: t("replay") });
        item.append(" · ", replay);
      }
      list.append(item);
    }
    box.append(Object.assign(document.createElement("h3"), { textContent: group.title }), list);
  }
  document.getElementById("your-games-section").hidden = !tables.length;
}

async function listTables() {
  const list = document.getElementById("tables");
  const { tables } = await api("GET", "/api/tables");
  list.replaceChildren();
  if (!tables.length) list.append(Object.assign(document.createElement("li"), { textContent: t("None yet.") }));
  for (const table of tables) {
    const item = document.createElement("li");
    const free = table.seats.filter((s) => !s.taken).length;
    const name = table.game.split("(")[0]; // the spec: clever(players=3)
    const known = games.find((g) => g.name === name);
    const title = known ? gameTitle(known.title) : table.game;
    const link = Object.assign(document.createElement("a"), {
      href: `/t/${table.invite}`,
      textContent: myInvites.has(table.invite) ? (table.status === "playing" ? t("Play") : t("Open"))
        : table.status === "open" && free ? t("Join or watch") : t("Watch"),
    });
    const people = table.seats.filter((s) => s.kind === "human" && s.taken).map((s) => s.name);
    const parts = [title, tn("{n} player", "{n} players", table.seats.length)];
    if (people.length) parts.push(t("with {names}", { names: people.join(", ") }));
    parts.push(STATUS[table.status] || table.status);
    if (free) parts.push(tn("{n} free seat(s)", "{n} free seat(s)", free));
    item.append(`${parts.join(" · ")} · `, link);
    list.append(item);
  }
}

/** The table's settings from the form: listed or not, the turn clock, what absence brings. */
function tableSettings(form) {
  const settings = {
    public: form.get("public") === "on",
    rated: form.get("rated") === "on",
    accounts_only: form.get("accounts_only") === "on",
  };
  // "bank:300:10": a time bank of 5 minutes a player and 10 s more after each move; a number:
  // seconds for each move.
  const clock = String(form.get("turn_seconds"));
  if (clock.startsWith("bank:")) {
    const [, bank, increment] = clock.split(":");
    settings.bank_seconds = Number(bank);
    settings.increment_seconds = Number(increment);
  } else settings.turn_seconds = Number(clock);
  const absence = String(form.get("absence"));
  if (absence.startsWith("bot:")) {
    settings.grace_policy = "bot";
    settings.grace_seconds = Number(absence.slice(4));
  } else settings.grace_policy = "wait";
  settings.takeover = String(form.get("takeover"));
  return settings;
}

document.getElementById("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  showError(null);
  const form = new FormData(event.target);
  const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
  try {
    const created = await api("POST", "/api/tables", {
      game: form.get("game"), players: Number(form.get("players")), seats, name: form.get("name"),
      preset: presetSelect.value || null, options: chosenOptions(),
      settings: tableSettings(form),
    });
    keepName(form.get("name"));
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
    keepName(form.get("name"));
    const joined = await joinTable(invite, form.get("name"));
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
  for (const game of games) gameSelect.add(new Option(gameTitle(game.title), game.name));
  // A signed-in player sits under the account's name (the server takes it from the session);
  // a guest's name is filled in only where they have not typed one while the page loaded.
  for (const field of document.querySelectorAll("input[name=name]")) {
    if (account) field.value = account.name;
    else if (!field.value) field.value = savedName() || t("Player");
  }
  const takeover = document.getElementById("takeover");
  for (const level of levels) takeover.add(new Option(levelName(level), level));
  takeover.value = levels.includes("medium") ? "medium" : levels[0];
  const wanted = new URLSearchParams(location.search).get("game");
  gameSelect.value = games.some((g) => g.name === wanted) ? wanted : "clever";
  playersInput.value = games.find((g) => g.name === gameSelect.value).default_players;
  gameSelect.addEventListener("change", async () => {
    const game = games.find((g) => g.name === gameSelect.value);
    playersInput.value = game.default_players;
    seatsBox.replaceChildren(); // another game: seats start afresh
    drawSeats();
    await drawOptions().catch(showError);
  });
  playersInput.addEventListener("change", drawSeats);
  presetSelect.addEventListener("change", applyPreset);
  drawSeats();
  await drawOptions();
  await listMine().catch(showError);
  await listTables();
  document.body.dataset.ready = "true";
}

main().catch(showError);
