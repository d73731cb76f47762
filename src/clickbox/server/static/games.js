// The per-game drawings (static/games/KEY.js, KEY the game's one short name: table.key) and
// what the table and replay pages share.
//
// A drawing module exports draw(root, frame, ui):
//   root  - the board element it owns; draw replaces its children every time.
//   frame - {view, legal: [{action, text}], seat, choice, table}: what the server sent the viewer
//           (in the replay viewer: one step's view, legal empty).
//   ui    - {act(action), names: [seat names], me: seat or null, replay: bool}.
// Every legal move must be reachable on the drawing (board.js's actionable), highlighted.

import { t } from "./i18n.js";

const cache = new Map();

/** The games' titles as the pages show them (the server sends the English title). */
const TITLES = {
  "That's Pretty Clever": t("That's Pretty Clever"),
  "Clickety Clack": t("Clickety Clack"),
  "Click Click Boom": t("Click Click Boom"),
  "Click Clack": t("Click Clack"),
};

/** The bots' levels as the pages show them (the level itself is data: "easy", "medium"...). */
const LEVELS = { easy: t("easy"), medium: t("medium"), hard: t("hard") };

/** A game's title in the page's language. */
export function gameTitle(title) {
  return TITLES[title] || t(title);
}

/** A bot level's name in the page's language. */
export function levelName(level) {
  return LEVELS[level] || level;
}

/** The drawing module of the game whose ``key`` is given (null if there is none), with its stylesheet. */
export async function loadRenderer(key) {
  if (!cache.has(key)) {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: `/static/games/${key}.css` });
    document.head.append(link);
    cache.set(key, import(`/static/games/${key}.js`).catch(() => null));
  }
  return cache.get(key);
}

/**
 * Seat names as every part of a page shows them: a bot is "Bot (easy)", and two seats of one
 * name are told apart by their seat number ("Bot 3 (easy)", "Ann · seat 2").
 */
export function seatNames(table) {
  const base = table.seats.map((s) => (s.kind === "bot" ? t("Bot ({level})", { level: levelName(s.bot) })
    : s.taken ? s.name : t("Seat {number}", { number: s.seat + 1 })));
  return base.map((name, seat) => {
    if (base.filter((other) => other === name).length === 1) return name;
    const { kind, bot } = table.seats[seat];
    return kind === "bot" ? t("Bot {number} ({level})", { number: seat + 1, level: levelName(bot) })
      : t("{name} · seat {number}", { name, number: seat + 1 });
  });
}

/**
 * The end screen's rows: every seat's name and score, best first, winners marked. ``scoreText``
 * is what the Score column shows: the score, or what the game's drawing says of it (a drawing
 * may export ``scoreText(frame, seat)``: Click Clack's disc counts, for one).
 */
export function outcomeRows(frame, renderer) {
  const outcome = frame.view.outcome;
  const names = seatNames(frame.table);
  const say = renderer && renderer.scoreText ? (seat) => renderer.scoreText(frame, seat) : (seat) => String(outcome.scores[seat]);
  return outcome.scores
    .map((score, seat) => ({ seat, name: names[seat], score, scoreText: say(seat), winner: outcome.winners.includes(seat) }))
    // Winners first (a Click Clack winner with 4 discs of a kind above a loser with 6), then by
    // score, as ratings rank a game (server/ratings.py ranks).
    .sort((a, b) => Number(b.winner) - Number(a.winner) || b.score - a.score || a.seat - b.seat);
}

/** A narrated line's text with each seat token ({s0} ... {s5}) replaced by that seat's name. */
export function fillNames(text, names) {
  return text.replace(/\{s(\d)\}/g, (token, seat) => names[Number(seat)] ?? token);
}
