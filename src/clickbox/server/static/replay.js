// The replay viewer: step through a game with the same drawing as the table page. While the game
// is played a seat sees its own views (a spectator what every seat may see); once it is over,
// everything.
import { api, showError, tokenFor } from "./api.js";
import { gameTitle, loadRenderer, seatNames } from "./games.js";
import { languageMenu, t, translateDocument } from "./i18n.js";
import { accountBar } from "./nav.js";
import { measure, play } from "./motion.js";

translateDocument();
document.querySelector("header").prepend(languageMenu());
accountBar();

const invite = location.pathname.split("/")[2].toUpperCase();
const el = (id) => document.getElementById(id);
let replay = null;
let renderer = null;
let step = 0;

function show(number) {
  const before = step;
  step = Math.max(0, Math.min(replay.steps.length - 1, number));
  const { seat, move, view } = replay.steps[step];
  const names = seatNames(replay.table);
  const said = seat === null || seat === undefined ? move : t("{name}: {move}", { name: names[seat], move });
  const where = t("Step {step} of {steps}", { step, steps: replay.steps.length - 1 });
  el("where").textContent = `${where} · ${said}`;
  el("step").value = step;
  for (const item of el("replay-log").children) {
    const current = Number(item.dataset.step) === step;
    item.classList.toggle("current", current);
    if (current) item.setAttribute("aria-current", "step"); else item.removeAttribute("aria-current");
  }
  const current = el("replay-log").querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
  const viewer = replay.full ? null : replay.seat;
  // The table as it was then is not known step by step: nobody is shown as waiting or chosen.
  const table = { ...replay.table, awaiting: [], committed: [] };
  const frame = { view, legal: [], seat: viewer, choice: null, table, replay: true };
  const ui = { act: () => {}, names, me: viewer, replay: true };
  const board = el("board");
  // One step forward: what it moved travels there, as at the table.
  const places = renderer && step === before + 1 ? measure(board) : null;
  if (renderer) renderer.draw(board, frame, ui);
  else board.textContent = JSON.stringify(view, null, 1);
  if (places) board.dataset.moved = play(board, places, 400).join(" ");
  document.body.dataset.step = String(step);
}

/** The moves in words beside the board, each a link to its step. */
function drawLog() {
  const names = seatNames(replay.table);
  el("replay-log").replaceChildren(...replay.steps.map(({ seat, move }, number) => {
    const item = document.createElement("li");
    item.dataset.step = String(number);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "link";
    button.textContent = seat === null || seat === undefined ? move : t("{name}: {move}", { name: names[seat], move });
    button.addEventListener("click", () => { pause(); show(number); });
    item.append(button);
    return item;
  }));
}

// Autoplay: a step every so often until the end (or a pause).
let timer = null;

function pause() {
  if (timer === null) return;
  clearInterval(timer);
  timer = null;
  el("autoplay").textContent = t("Play");
  el("autoplay").setAttribute("aria-pressed", "false");
  delete document.body.dataset.playing;
}

function autoplay() {
  if (timer !== null) { pause(); return; }
  if (step >= replay.steps.length - 1) show(0);
  el("autoplay").textContent = t("Pause");
  el("autoplay").setAttribute("aria-pressed", "true");
  document.body.dataset.playing = "true";
  timer = setInterval(() => {
    show(step + 1);
    if (step >= replay.steps.length - 1) pause();
  }, Number(el("autoplay-speed").value));
}

async function main() {
  el("table-link").href = `/t/${invite}`;
  const number = new URLSearchParams(location.search).get("game"); // an earlier game of the table
  const query = number ? `?game=${encodeURIComponent(number)}` : "";
  replay = await api("GET", `/api/tables/${invite}/replay${query}`, undefined, tokenFor(invite) || undefined);
  renderer = await loadRenderer(replay.table.key);
  const names = seatNames(replay.table);
  const title = gameTitle(replay.table.title);
  el("title").textContent = t("Replay · {title}", { title });
  document.title = t("Replay · {title} · clickbox", { title });
  el("rules-link").href = `/rules/${replay.table.name}`;
  el("whose").textContent = number ? t("game {number} of this table, the whole game: every hidden card and die shown", { number })
    : replay.full ? t("the whole game: every hidden card and die shown")
    : replay.seat === null ? t("what every player could see (the game is still on)")
    : t("as {name} saw it (the game is still on)", { name: names[replay.seat] });
  el("step").max = replay.steps.length - 1;
  el("step").addEventListener("input", () => { pause(); show(Number(el("step").value)); });
  el("first").addEventListener("click", () => { pause(); show(0); });
  el("prev").addEventListener("click", () => { pause(); show(step - 1); });
  el("next").addEventListener("click", () => { pause(); show(step + 1); });
  el("last").addEventListener("click", () => { pause(); show(replay.steps.length - 1); });
  el("autoplay").addEventListener("click", autoplay);
  el("autoplay-speed").addEventListener("change", () => { if (timer !== null) { pause(); autoplay(); } });
  drawLog();
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return; // their own keys
    if (event.key === " " && event.target.tagName !== "BUTTON") {
      event.preventDefault();
      autoplay();
      return;
    }
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: replay.steps.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    pause();
    show(to);
  });
  show(0);
  document.body.dataset.ready = "true";
}

main().catch(showError);
