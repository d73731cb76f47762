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

/** Plain text with the little markup the decisions use (**bold**, `code`), built safely; a
 * mention of another decision by its name (boom-carla) becomes a link that says its title. */
function rich(text, decisions = {}) {
  const paragraph = document.createElement("p");
  for (const part of text.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
    if (part.startsWith("**") && part.endsWith("**")) paragraph.append(Object.assign(document.createElement("strong"), { textContent: part.slice(2, -2) }));
    else if (part.startsWith("`") && part.endsWith("`")) paragraph.append(Object.assign(document.createElement("code"), { textContent: part.slice(1, -1) }));
    else {
      for (const piece of part.split(/([a-z]+(?:-[a-z0-9]+)+)/)) {
        const title = Object.hasOwn(decisions, piece) ? decisions[piece] : null;
        paragraph.append(title === null ? piece : Object.assign(document.createElement("a"), { href: `#${piece}`, textContent: title }));
      }
    }
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
    ? tn("{n} player", "{n} players", game.min_players)
    : t("{least} to {most} players", { least: game.min_players, most: game.max_players });
  el("summary").replaceChildren(...game.summary.split(/\n\s*\n/).map((text) => rich(text.replace(/\s*\n\s*/g, " "))));
  const options = Object.fromEntries(game.options.map((option) => [option.name, option]));
  /** A value of an option in words (a choice's words, yes or no), else as it is. */
  const valueWords = (option, value) => option?.words?.[String(value)] ?? String(value);
  el("options").tBodies[0].replaceChildren(...game.options.map((option) => {
    const row = document.createElement("tr");
    const name = cell(option.label ?? option.name);
    // the option's name as the command line and a table's spec take it: notation, in code
    name.append(document.createElement("br"), Object.assign(document.createElement("code"), { className: "option-name", textContent: option.name }));
    const allowed = option.words ? Object.values(option.words).join(", ") : option.allowed;
    row.append(name, cell(valueWords(option, option.default)), cell(allowed), cell(option.help));
    // On a phone the rows stack: each cell says which column it is (style.css).
    const headings = [...el("options").tHead.rows[0].cells].map((th) => th.textContent);
    [...row.cells].slice(1).forEach((td, i) => { td.dataset.label = headings[i + 1]; });
    return row;
  }));
  const presetWords = game.preset_words || {};
  const presets = Object.entries(game.presets).map(([preset, values]) => {
    const item = document.createElement("li");
    const words = presetWords[preset];
    const changes = Object.entries(values).map(([key, value]) =>
      t("{option}: {value}", { option: options[key]?.label ?? key, value: valueWords(options[key], value) }));
    item.append(Object.assign(document.createElement("strong"), { textContent: words?.label ?? preset }),
      words ? ` — ${words.help} ` : " ", `(${changes.join("; ")})`);
    return item;
  });
  const list = document.createElement("ul");
  list.append(...presets);
  el("presets").replaceChildren(...(presets.length ? [Object.assign(document.createElement("p"), { textContent: t("Presets:") }), list] : []));
  const titles = Object.fromEntries(game.decisions.map((decision) => [decision.key, decision.title]));
  el("decisions").replaceChildren(...game.decisions.map((decision) => {
    const box = Object.assign(document.createElement("section"), { className: "decision", id: decision.key });
    const heading = Object.assign(document.createElement("h3"), { textContent: decision.title });
    // a link to the decision itself; its address keeps the decision's name, the text does not
    heading.append(" ", Object.assign(document.createElement("a"), { href: `#${decision.key}`, className: "anchor", textContent: "#", ariaLabel: t("link to this decision") }));
    box.append(heading, rich(decision.text, titles));
    return box;
  }));
  document.body.dataset.ready = "true";
}

main().catch(showError);
