// A game's rules page: the rules in short, its options and the project's rules decisions, as
// the engine states them (the same text `clickbox rules GAME` prints).
import { api, showError } from "./api.js";
import { gameTitle } from "./games.js";
import { languageMenu, t, tn, translateDocument } from "./i18n.js";
import { accountBar } from "./nav.js";

translateDocument();
document.querySelector("header").prepend(languageMenu());
accountBar();

const el = (id) => document.getElementById(id);

/** Plain text with the little markup the decisions use (**bold**, `code`), built safely. */
function rich(text) {
  const paragraph = document.createElement("p");
  for (const part of text.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
    if (part.startsWith("**") && part.endsWith("**")) paragraph.append(Object.assign(document.createElement("strong"), { textContent: part.slice(2, -2) }));
    else if (part.startsWith("`") && part.endsWith("`")) paragraph.append(Object.assign(document.createElement("code"), { textContent: part.slice(1, -1) }));
    else paragraph.append(part);
  }
  return paragraph;
}

function cell(value) {
  return Object.assign(document.createElement("td"), { textContent: String(value) });
}

async function main() {
  const name = location.pathname.split("/").pop();
  const game = await api("GET", `/api/games/${encodeURIComponent(name)}`);
  const title = gameTitle(game.title);
  document.title = t("{title}: rules · clickbox", { title });
  el("title").textContent = t("{title}: rules", { title });
  el("play").href = `/?game=${game.name}`;
  el("players").textContent = game.min_players === game.max_players
    ? tn("{n} players", "{n} players", game.min_players)
    : t("{least} to {most} players", { least: game.min_players, most: game.max_players });
  el("summary").replaceChildren(...game.summary.split(/\n\s*\n/).map((text) => rich(text.replace(/\s*\n\s*/g, " "))));
  el("options").tBodies[0].replaceChildren(...game.options.map((option) => {
    const row = document.createElement("tr");
    row.append(cell(option.name), cell(option.default), cell(option.allowed), cell(option.help));
    return row;
  }));
  const presets = Object.entries(game.presets).map(([preset, values]) =>
    `${preset} (${Object.entries(values).map(([k, v]) => `${k}=${v}`).join(", ")})`);
  el("presets").textContent = presets.length ? t("Presets: {presets}.", { presets: presets.join("; ") }) : "";
  el("decisions").replaceChildren(...game.decisions.map((decision) => {
    const box = Object.assign(document.createElement("section"), { className: "decision", id: decision.key });
    box.append(Object.assign(document.createElement("h3"), { textContent: `${decision.title} (${decision.key})` }), rich(decision.text));
    return box;
  }));
  document.body.dataset.ready = "true";
}

main().catch(showError);
