// That's Pretty Clever (Ganz schön clever): the score sheets as printed (every bonus where the
// real sheet has it) with what each player wrote on them, the six dice (roll, die spaces, silver
// platter), the round and whose turn it is. A move is made by clicking a die and then the glowing
// space of the sheet it goes on (one click where only one die can go there), or a button for
// reroll / done. Reads only the view (view.layout carries the printed sheet).

import { actionable, explainable, html, keepFocus, selectable, svg, tip } from "../board.js";
import { lang, t, tn } from "../i18n.js";

const LETTERS = "ybgopw";
const COLOURS = ["yellow", "blue", "green", "orange", "purple", "white"];
const AREAS = COLOURS.slice(0, 5);
const COLOUR_NAMES = {
  yellow: t("yellow"), blue: t("blue"), green: t("green"), orange: t("orange"), purple: t("purple"), white: t("white"),
};
const DIE_NAMES = {
  yellow: t("yellow die"), blue: t("blue die"), green: t("green die"), orange: t("orange die"), purple: t("purple die"),
  white: t("white die"),
};
const PAL = {
  yellow: { area: "#f4cc22", cell: "#fffbe0", num: "#8a6400", head: "#4a3700" },
  blue: { area: "#3a84d3", cell: "#eef5fd", num: "#1b559c", head: "#ffffff" },
  green: { area: "#45a64b", cell: "#eef8ec", num: "#226c29", head: "#ffffff" },
  orange: { area: "#ef8a28", cell: "#fff3e6", num: "#a14f0b", head: "#ffffff" },
  purple: { area: "#9150c4", cell: "#f6eefc", num: "#5b2888", head: "#ffffff" },
};
const DIE = {
  yellow: ["#f4cc22", "#3b2c00"], blue: ["#2f72c4", "#ffffff"], green: ["#399c40", "#ffffff"],
  orange: ["#ec8320", "#ffffff"], purple: ["#8746ba", "#ffffff"], white: ["#ffffff", "#222222"],
};
const BONUS_WORDS = {
  reroll: t("reroll: circle the next reroll"), plus1: t("+1: circle the next extra die"),
  fox: t("fox: scores your weakest area at the end"), cross_yellow: t("yellow X: cross any yellow cell"),
  cross_blue: t("blue X: cross any blue cell"), cross_green: t("green X: cross the next green box"),
  write_orange_4: t("orange 4: write 4 in the next orange box"),
  write_orange_5: t("orange 5: write 5 in the next orange box"),
  write_orange_6: t("orange 6: write 6 in the next orange box"),
  write_purple_6: t("purple 6: write 6 in the next purple box"),
  black_x_or_6: t("round 4: a black X (yellow, blue or green) or a black 6 (orange or purple)"),
};
/** Each bonus in short (what BONUS_WORDS says before its colon). */
const BONUS_NAMES = {
  reroll: t("reroll"), plus1: "+1", fox: t("fox"), cross_yellow: t("yellow X"), cross_blue: t("blue X"),
  cross_green: t("green X"), write_orange_4: t("orange 4"), write_orange_5: t("orange 5"), write_orange_6: t("orange 6"),
  write_purple_6: t("purple 6"), black_x_or_6: t("round 4"),
};
const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};
const NARROW = 600; // below this board width the sheet is drawn one area under the other

// What the viewer chose locally: a die (the first click of a two-click move) and which other
// player's sheet the tabs show. Both survive redraws; the die is forgotten with a new version.
let selected = null;
let selectedVersion = null;
let selectedMoves = null;
let tabSeat = null;
let last = null;
let listening = false;
let shownDecision = null; // the decision last brought in sight (bringIntoView)

// -- small drawing pieces ----------------------------------------------------------------------

function label(x, y, text, attrs = {}) {
  return svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs,
    text: String(text) });
}

/** Text attributes: ``size``, bold unless ``weight`` says otherwise, ``fill``, and more. */
function font(size, fill, more = {}) {
  return { "font-size": size, "font-weight": 700, fill, ...more };
}

function penX(cx, cy, r, cls = "pen") {
  return svg("path", { class: cls,
    d: `M${cx - r} ${cy - r * 0.9} L${cx + r} ${cy + r * 0.95} M${cx + r * 0.95} ${cy - r} L${cx - r} ${cy + r}` });
}

function rerollArrow(r, colour = "#fff") {
  const a0 = -Math.PI * 0.3;
  const a1 = Math.PI * 1.2;
  const p = (a) => [r * Math.cos(a), r * Math.sin(a)];
  const [x0, y0] = p(a0);
  const [x1, y1] = p(a1);
  const [tx, ty] = [-Math.sin(a1), Math.cos(a1)]; // direction of travel at the end
  const [nx, ny] = [Math.cos(a1), Math.sin(a1)];
  const k = r * 0.55;
  const head = `M${x1 + tx * k} ${y1 + ty * k} L${x1 + nx * k} ${y1 + ny * k} L${x1 - nx * k} ${y1 - ny * k} Z`;
  return [
    svg("path", { d: `M${x0} ${y0} A${r} ${r} 0 1 1 ${x1} ${y1}`, fill: "none", stroke: colour,
      "stroke-width": r * 0.38 }),
    svg("path", { d: head, fill: colour }),
  ];
}

function foxShape(h) {
  const s = (pts) => pts.map(([x, y]) => `${x * h} ${y * h}`).join(" L");
  return [
    svg("path", { d: `M${s([[-0.85, -0.35], [-0.7, -0.95], [-0.2, -0.4]])}Z`, fill: "#c9500f" }),
    svg("path", { d: `M${s([[0.85, -0.35], [0.7, -0.95], [0.2, -0.4]])}Z`, fill: "#c9500f" }),
    svg("path", { d: `M${s([[-0.9, -0.4], [0.9, -0.4], [0, 0.95]])}Z`, fill: "#e8691c" }),
    svg("path", { d: `M${s([[-0.42, 0.2], [0.42, 0.2], [0, 0.95]])}Z`, fill: "#fff" }),
    svg("circle", { cx: 0, cy: 0.82 * h, r: 0.13 * h, fill: "#1a1a1a" }),
    svg("circle", { cx: -0.34 * h, cy: -0.08 * h, r: 0.1 * h, fill: "#1a1a1a" }),
    svg("circle", { cx: 0.34 * h, cy: -0.08 * h, r: 0.1 * h, fill: "#1a1a1a" }),
  ];
}

/** A printed bonus symbol of size ``s`` centred on (cx, cy); ``earned`` rings it in pen. */
function icon(key, cx, cy, s, earned = false) {
  const h = s / 2;
  const g = svg("g", { class: `bonus bonus-${key}`, transform: `translate(${cx} ${cy})` });
  const square = (fill, text, ink, size) => [
    svg("rect", { x: -h, y: -h, width: s, height: s, rx: s * 0.2, fill, stroke: "rgba(0,0,0,0.35)" }),
    label(0, s * 0.03, text, { "font-size": s * size, "font-weight": 700, fill: ink }),
  ];
  if (key === "reroll") g.append(svg("circle", { r: h, fill: "#333" }), ...rerollArrow(h * 0.5));
  else if (key === "plus1") g.append(...square("#333", "+1", "#fff", 0.52));
  else if (key === "fox") g.append(...foxShape(h));
  else if (key === "black_x_or_6") g.append(...square("#111", "X/6", "#fff", 0.36));
  else if (key.startsWith("cross_")) {
    const colour = key.slice(6);
    g.append(...square(PAL[colour].area, "X", DIE[colour][1], 0.62));
  } else if (key.startsWith("write_")) {
    const [, colour, value] = key.split("_");
    g.append(...square(PAL[colour].area, value, DIE[colour][1], 0.62));
  }
  if (earned) g.append(svg("circle", { r: h + 3, class: "pen ring" }));
  g.append(tip(earned ? t("{bonus} (earned)", { bonus: BONUS_WORDS[key] }) : BONUS_WORDS[key]));
  return g;
}

/** A die of ``colour`` showing ``face`` (0: not rolled), side ``d``, top left at (x, y). */
function dieShape(colour, face, x, y, d) {
  const [fill, pip] = DIE[colour];
  const g = svg("g", { class: `die die-${colour}`, transform: `translate(${x} ${y})` });
  g.append(svg("rect", { class: "die-body", width: d, height: d, rx: d * 0.18, fill,
    stroke: colour === "white" ? "#8a8a8a" : "rgba(0,0,0,0.35)", "stroke-width": 1.5 }));
  if (face === 0) g.append(label(d / 2, d / 2, "?", { "font-size": d * 0.5, fill: pip, "font-weight": 700 }));
  for (const [px, py] of PIPS[face] || []) {
    g.append(svg("circle", { cx: d / 2 + px * d * 0.26, cy: d / 2 + py * d * 0.26, r: d * 0.085, fill: pip }));
  }
  return g;
}

// -- moves -------------------------------------------------------------------------------------

/** A move's notation as parts: {kind: pick|extra|waste|bonus|reroll|forfeit|done, die, target}. */
function parseMove(action) {
  let m = /^(\+)?([ybgopw])>(Y\d\d|B\d+|G|O|P|-)$/.exec(action);
  if (m) {
    if (m[3] === "-") return { kind: "waste", die: m[2], target: "space" };
    return { kind: m[1] ? "extra" : "pick", die: m[2], target: m[3] };
  }
  m = /^([X6]):(Y\d\d|B\d+|G|O|P)$/.exec(action);
  if (m) return { kind: "bonus", die: null, target: m[2] };
  return { kind: action, die: null, target: null };
}

function targetWords(view, target) {
  if (target === "space") return t("a die space, nothing written");
  if (target[0] === "Y") {
    const row = Number(target[1]);
    const col = Number(target[2]);
    return t("yellow {value} (row {row}, column {column})", { value: view.layout.yellow.grid[row - 1][col - 1], row, column: col });
  }
  if (target[0] === "B") return t("blue {value}", { value: target.slice(1) });
  return COLOUR_NAMES[{ G: "green", O: "orange", P: "purple" }[target]];
}

/** A move in words from its notation (for a committed choice, whose text the frame lacks). */
function moveWords(view, action) {
  const move = parseMove(action);
  if (move.kind === "done") return t("no die");
  if (move.kind === "reroll") return t("reroll");
  if (move.kind === "forfeit") return t("forfeit the roll");
  if (!move.target) return action;
  const target = targetWords(view, move.target);
  const words = move.die ? t("{die} → {target}", { die: DIE_NAMES[COLOURS[LETTERS.indexOf(move.die)]], target })
    : t("bonus → {target}", { target });
  return move.kind === "extra" ? t("extra die: {move}", { move: words }) : words;
}

/** The legal moves grouped: by die, by sheet target, and the rest (reroll, done). */
function groupMoves(legal) {
  const byDie = new Map();
  const byTarget = new Map();
  const bonus = new Map();
  const other = [];
  for (const move of legal) {
    const parts = parseMove(move.action);
    if (parts.kind === "bonus") bonus.set(parts.target, move);
    else if (parts.die) {
      if (!byDie.has(parts.die)) byDie.set(parts.die, []);
      byDie.get(parts.die).push({ move, ...parts });
      if (!byTarget.has(parts.target)) byTarget.set(parts.target, []);
      byTarget.get(parts.target).push({ move, ...parts });
    } else other.push({ move, ...parts });
  }
  return { byDie, byTarget, bonus, other };
}

// -- words -------------------------------------------------------------------------------------

function nameOf(ui, seat) {
  if (ui.marked) return `\uE000${seat}\uE001`; // drawn as a .player-name by withNames
  return (ui.names && ui.names[seat]) || t("Seat {number}", { number: seat + 1 });
}

/** ``ui`` whose names are markers in words (nameOf), for withNames to draw them. */
function marking(ui) {
  return { ...ui, marked: true };
}

/** Words made with marking(ui) as nodes: each player's name a span.player-name, never cut. */
function withNames(words, ui) {
  const plain = { ...ui, marked: false };
  return String(words).split(/\uE000(\d+)\uE001/).map((part, i) => (i % 2
    ? html("span", { class: "player-name", text: nameOf(plain, Number(part)) }) : part)).filter((part) => part !== "");
}

function left(track) {
  return track.circled - track.used;
}

function stageWords(view, ui) {
  const to = view.to_move;
  if (to === "end") return t("Every sheet is scored: its total is at the top right, the sum at the bottom.");
  const pending = view.pending;
  if (pending.length && pending[0].seat === to) {
    const who = nameOf(ui, to);
    const bonus = pending[0].bonus;
    if (bonus === "cross_yellow") return t("{name}: bonus yellow X, cross any yellow cell", { name: who });
    if (bonus === "cross_blue") return t("{name}: bonus blue X, cross any blue cell", { name: who });
    return t("{name}: round-4 bonus, a black X (yellow, blue or the next green) or a black 6 (orange or purple)", { name: who });
  }
  const active = nameOf(ui, view.active);
  const seat = nameOf(ui, view.extra_seat);
  const plus = left(view.sheets[view.extra_seat].plus_ones);
  switch (view.stage) {
    case "rolling": return t("{name} is active: rolling the dice", { name: active });
    case "choose": {
      const pick = view.spaces.length + view.forfeited + 1;
      return view.forfeited
        ? t("{name} is active: pick {pick} of 3, {forfeited} forfeited, choose a die of the roll", { name: active, pick, forfeited: view.forfeited })
        : t("{name} is active: pick {pick} of 3, choose a die of the roll", { name: active, pick });
    }
    case "active-extra":
      return t("{name}, end of the active turn: use +1 (extra die) on any die, or done ({left} left)", { name: seat, left: plus });
    case "passive-take": return t("{name}'s turn is over: the passive players each take a die from the silver platter", { name: active });
    case "passive-extra": return t("{name}: use +1 (extra die) on any die, or done ({left} left)", { name: seat, left: plus });
    case "solo-rolling":
    case "solo-nearest": return t("Solo passive turn: all six dice are rolled, the three lowest go to the platter");
    case "solo-take": return t("Solo passive turn: take one die from the silver platter");
    case "solo-extra": return t("Solo passive turn: use +1 (extra die) on any die, or done ({left} left)", { left: plus });
    case "final-extra":
      return t("The last round is over: {name}'s last extra dice, use +1 on any die (each once), or done ({left} left)",
        { name: seat, left: plus });
    default: return view.phase;
  }
}

function hintFor(view, frame, legal, groups) {
  if (frame.choice) {
    return t("Your choice is in: {move}. It stays hidden until every passive player has chosen.", { move: moveWords(view, frame.choice) });
  }
  if (!legal.length) return null;
  if (groups.bonus.size) return t("Your bonus: click a glowing space on your sheet.");
  if (groups.byDie.size) {
    const extra = [...groups.byDie.values()].some((list) => list[0].kind === "extra");
    return extra ? t("Extra die (+1): click any die, then the glowing space on your sheet where it goes.")
      : t("Click a die, then the glowing space on your sheet where it goes.");
  }
  return t("Choose with the buttons at the top.");
}

// -- the sheet ---------------------------------------------------------------------------------

/** Hook a sheet space to the moves: actionable (glows) or a hint that a die must be chosen. */
function hook(ctx, node, target) {
  if (!ctx.spot) return;
  const found = ctx.spot(target);
  if (!found) {
    // Not a move now: a click asks the engine why (a die chosen), or says to choose one.
    const die = ctx.selected || ctx.onlyDie;
    const action = die ? `${ctx.extraStage ? "+" : ""}${die}>${target}` : null;
    explainable(node, action, ctx.ui, t("Choose a die first (click it), then one of the spaces that glow."));
    return;
  }
  if (found.move) actionable(node, found.move, ctx.ui);
  else {
    node.classList.add("maybe");
    const dice = found.dice.map((colour) => COLOUR_NAMES[colour]).reduce((first, second) => t("{first} or {second}", { first, second }));
    node.append(tip(t("choose a die first: {dice}", { dice })));
  }
}

/** An area's name, its note and its points along its top; ``y`` and ``size`` fit a compact sheet. */
function areaTitle(colour, score, w, note, y = 12, size = 13) {
  const ink = PAL[colour].head;
  const name = COLOUR_NAMES[colour];
  return [
    label(10, y, name.toLocaleUpperCase(lang), { "text-anchor": "start", "font-size": size, "font-weight": 800,
      fill: ink, "letter-spacing": 1 }),
    note ? label(10 + name.length * size * 0.85 + 8, y, note, { "text-anchor": "start", "font-size": 10, fill: ink }) : null,
    label(w - 8, y, t("{score} pts", { score }), font(size - 1, ink, { "text-anchor": "end", class: "area-score" })),
  ];
}

/**
 * On a compact sheet (a phone's table), a space that is a move gets a transparent square of
 * ``HIT`` units around its centre (drawn 1:1 on a phone: at least 44 CSS px to tap); spaces that
 * do nothing let taps through to it (clever.css), so that the square takes them. The box itself
 * stays small enough for the whole sheet to fit the screen.
 */
const HIT = 48;

function hitArea(ctx, node, cx, cy) {
  if (!ctx.compact || !node.classList.contains("legal")) return;
  node.prepend(svg("rect", { class: "hit", x: cx - HIT / 2, y: cy - HIT / 2, width: HIT, height: HIT, fill: "transparent" }));
}

function cellBox(x, y, w, h, colour) {
  return svg("rect", { class: "cell-bg", x, y, width: w, height: h, rx: 5, fill: PAL[colour].cell,
    stroke: PAL[colour].num, "stroke-opacity": 0.35 });
}

/**
 * How big the yellow and blue grids are drawn: a desktop's sheet (``wide``), a score pad's on a
 * phone (``tall``: the areas one under the other, big cells) and a phone's table (``compact``:
 * yellow beside blue, the whole sheet on one screen, the spaces to tap with hit areas).
 */
const GRIDS = {
  wide: { step: 50, gap: 6, x0: 8, top: 26, side: 40, iconX: 16, icon: 26, foot: 34, footY: 12, r: 13, footIcon: 24,
    titleY: 12, titleSize: 13, ladderY: 22, ladderH: 28, blueTop: 56 },
  compact: { step: 38, gap: 3, x0: 4, top: 18, side: 20, iconX: 9, icon: 17, foot: 20, footY: 9, r: 8.5, footIcon: 15,
    titleY: 9, titleSize: 12, ladderY: 17, ladderH: 21, blueTop: 41 },
};
GRIDS.tall = { ...GRIDS.wide, step: 54 };

function yellowPanel(ctx, geo) {
  const { view, sheet } = ctx;
  const layout = view.layout.yellow;
  const step = geo.step;
  const cell = step - geo.gap;
  const x0 = geo.x0;
  const y0 = geo.top;
  const w = x0 + 4 * step + geo.side;
  const h = y0 + 4 * step + geo.foot;
  const g = svg("g", { class: "area area-yellow" });
  g.append(svg("rect", { width: w, height: h, rx: 10, fill: PAL.yellow.area }),
    ...areaTitle("yellow", sheet.score.yellow, w, null, geo.titleY, geo.titleSize));
  const marks = sheet.yellow;
  const crossed = (r, c) => marks[r * 4 + c] > 0;
  for (let r = 0; r < 4; r += 1) {
    for (let c = 0; c < 4; c += 1) {
      const x = x0 + c * step;
      const y = y0 + r * step;
      const mark = marks[r * 4 + c];
      const target = `Y${r + 1}${c + 1}`;
      const node = svg("g", { class: "space", "data-space": target, "data-mark": mark });
      node.append(cellBox(x, y, cell, cell, "yellow"));
      if (mark === 2) node.append(penX(x + cell / 2, y + cell / 2, cell * 0.28, "printed-x"));
      else node.append(label(x + cell / 2, y + cell / 2, layout.grid[r][c], { class: "num",
        "font-size": cell * 0.5, "font-weight": 700, fill: PAL.yellow.num }));
      if (mark === 1) node.append(penX(x + cell / 2, y + cell / 2, cell * 0.3));
      if (mark === 0) {
        hook(ctx, node, target);
        hitArea(ctx, node, x + cell / 2, y + cell / 2);
      }
      g.append(node);
    }
    const done = [0, 1, 2, 3].every((c) => crossed(r, c));
    g.append(icon(layout.row_bonus[r], x0 + 4 * step + geo.iconX, y0 + r * step + cell / 2, geo.icon, done));
  }
  const by = y0 + 4 * step + geo.footY;
  const r = geo.r;
  for (let c = 0; c < 4; c += 1) {
    const done = [0, 1, 2, 3].every((row) => crossed(row, c));
    const cx = x0 + c * step + cell / 2;
    g.append(svg("g", { class: "column-points" },
      svg("circle", { cx, cy: by, r, fill: "#fff", stroke: PAL.yellow.num, "stroke-width": 1.5 }),
      label(cx, by, layout.column_points[c], { "font-size": r * 0.92, "font-weight": 700, fill: PAL.yellow.num }),
      done ? svg("circle", { cx, cy: by, r: r + 3, class: "pen ring" }) : null,
      tip(t("column {column} complete: {points} points", { column: c + 1, points: layout.column_points[c] }))));
  }
  const diagonal = [0, 1, 2, 3].every((i) => crossed(i, i));
  const corner = x0 + 4 * step - geo.gap;
  const k = geo.icon / 26;
  g.append(svg("path", { d: `M${corner - 8 * k} ${corner - x0 + y0 - 8 * k} L${corner + 6 * k} ${by - 6 * k}`,
    stroke: PAL.yellow.head, "stroke-width": 2, "marker-end": "" }));
  g.append(icon(layout.diagonal_bonus, x0 + 4 * step + geo.iconX, by, geo.footIcon, diagonal));
  return { node: g, w, h };
}

function blueDiceIcon(x, y, s) {
  const d = s * 0.42;
  return svg("g", { class: "blue-white" },
    dieShape("blue", 5, x, y + s * 0.08, d), label(x + s / 2, y + s / 2, "+", { "font-size": s * 0.34,
      "font-weight": 700, fill: "#fff" }), dieShape("white", 2, x + s - d, y + s - d - s * 0.08, d),
    tip(t("blue + white: a blue cell is the sum of the blue and the white die")));
}

function bluePanel(ctx, geo) {
  const { view, sheet } = ctx;
  const layout = view.layout.blue;
  const step = geo.step;
  const cell = step - geo.gap;
  const x0 = geo.x0;
  const y0 = geo.blueTop;
  const w = x0 + 4 * step + geo.side;
  const h = y0 + 3 * step + geo.foot;
  const crossed = new Set(sheet.blue);
  const g = svg("g", { class: "area area-blue" });
  g.append(svg("rect", { width: w, height: h, rx: 10, fill: PAL.blue.area }),
    ...areaTitle("blue", sheet.score.blue, w, null, geo.titleY, geo.titleSize));
  // the points by number of crosses, printed across the top of the area
  const count = crossed.size;
  const ew = (w - 16) / 11;
  for (let n = 1; n <= 11; n += 1) {
    const x = 8 + (n - 1) * ew;
    const now = n === count;
    g.append(svg("g", { class: now ? "ladder now" : "ladder" },
      svg("rect", { x: x + 1, y: geo.ladderY, width: ew - 2, height: geo.ladderH, rx: 4, fill: now ? "#fff" : "rgba(255,255,255,0.18)" }),
      label(x + ew / 2, geo.ladderY + geo.ladderH * 0.25, n, { "font-size": geo.ladderH * 0.29, fill: now ? PAL.blue.num : "#dbe9fa" }),
      label(x + ew / 2, geo.ladderY + geo.ladderH * 0.71, layout.points[n], font(Math.min(10.5, ew * 0.66), now ? PAL.blue.num : "#fff")),
      tip(tn("{n} cross: {points} points", "{n} crosses: {points} points", n, { points: layout.points[n] }))));
  }
  layout.grid.forEach((sums, r) => {
    sums.forEach((total, c) => {
      const x = x0 + c * step;
      const y = y0 + r * step;
      if (total === null) {
        g.append(blueDiceIcon(x + 2, y + 2, cell - 4));
        return;
      }
      const target = `B${total}`;
      const node = svg("g", { class: "space", "data-space": target, "data-mark": crossed.has(total) ? 1 : 0 });
      node.append(cellBox(x, y, cell, cell, "blue"),
        label(x + cell / 2, y + cell / 2, total, font(cell * 0.44, PAL.blue.num, { class: "num" })));
      if (crossed.has(total)) node.append(penX(x + cell / 2, y + cell / 2, cell * 0.3));
      else {
        hook(ctx, node, target);
        hitArea(ctx, node, x + cell / 2, y + cell / 2);
      }
      g.append(node);
    });
    const done = sums.every((s) => s === null || crossed.has(s));
    g.append(icon(layout.row_bonus[r], x0 + 4 * step + geo.iconX, y0 + r * step + cell / 2, geo.icon, done));
  });
  layout.column_bonus.forEach((key, c) => {
    const done = layout.grid.every((row) => row[c] === null || crossed.has(row[c]));
    g.append(icon(key, x0 + c * step + cell / 2, y0 + 3 * step + geo.footY, geo.footIcon, done));
  });
  return { node: g, w, h };
}

/** Green, orange or purple: a row of 11 boxes filled left to right, bonuses beneath. */
function rowPanel(ctx, colour, w) {
  const { view, sheet, compact } = ctx;
  const n = 11;
  const margin = compact ? 4 : 6;
  const step = (w - 2 * margin) / n;
  const box = step - (compact ? 3 : 4);
  const bh = compact ? 34 : Math.min(44, box * 1.25);
  const y0 = compact ? 16 : 22;
  const iconSize = compact ? 13 : Math.min(24, step - 5);
  const h = y0 + bh + iconSize + (compact ? 4 : 10);
  const g = svg("g", { class: `area area-${colour}` });
  const notes = { green: t("each box: die ≥ its number"), orange: t("write the die (× the box)"),
    purple: t("each higher than the last; after a 6, any") };
  g.append(svg("rect", { width: w, height: h, rx: 10, fill: PAL[colour].area }),
    ...areaTitle(colour, sheet.score[colour], w, notes[colour], compact ? 8.5 : 12, compact ? 11.5 : 13));
  const filled = colour === "green" ? sheet.green : sheet[colour].length;
  const bonuses = view.layout[colour].bonus;
  const target = colour[0].toUpperCase();
  for (let i = 0; i < n; i += 1) {
    const x = margin + i * step + (step - box) / 2;
    const value = colour === "green" || i >= filled ? null : sheet[colour][i];
    const node = svg("g", { class: "space", "data-space": `${target}${i + 1}`, "data-mark": i < filled ? 1 : 0,
      "data-value": value });
    node.append(cellBox(x, y0, box, bh, colour));
    const cx = x + box / 2;
    const cy = y0 + bh / 2;
    if (colour === "green") {
      const points = view.layout.green.points[i + 1];
      node.append(label(cx, y0 + 8, points, { "font-size": Math.min(10, box * 0.34), fill: PAL.green.num,
        opacity: 0.75 }),
        label(cx, cy + 5, `≥${view.layout.green.thresholds[i]}`, { class: "num", "font-size": Math.min(15, box * 0.5),
          "font-weight": 700, fill: PAL.green.num }),
        tip(t("green box {box}: a die of at least {least}; {points} points if it is the last crossed",
          { box: i + 1, least: view.layout.green.thresholds[i], points })));
      if (i < filled) node.append(penX(cx, cy + 3, Math.min(box, bh) * 0.3));
    } else {
      const multiplier = colour === "orange" ? view.layout.orange.multipliers[i] : 1;
      if (multiplier > 1) {
        node.append(label(cx, y0 + 8, `×${multiplier}`, font(Math.min(11, box * 0.4), PAL.orange.num)));
      }
      if (i < filled) {
        const written = sheet[colour][i];
        const size = Math.min(20, box * 0.72) * (written >= 10 ? 0.82 : 1);
        node.append(label(cx, cy + 5, written, { class: "pen-text", "font-size": size }));
      } else if (i === filled && ctx.preview) {
        const face = ctx.preview(target);
        const size = Math.min(18, box * 0.62);
        if (face) node.append(label(cx, cy + 3, face * multiplier, { class: "preview", "font-size": size }));
      }
      if (colour === "purple" && i > 0) {
        g.append(label(x - 2, cy, "<", { "font-size": 9, "font-weight": 700, fill: "#fff" }));
      }
    }
    if (i === filled) {
      hook(ctx, node, target);
      hitArea(ctx, node, cx, cy);
    }
    g.append(node);
    if (bonuses[i]) g.append(icon(bonuses[i], cx, y0 + bh + (compact ? 2 : 4) + iconSize / 2, iconSize, i < filled));
  }
  return { node: g, w, h };
}

function roundPanel(ctx, w) {
  const { view, sheet } = ctx;
  const step = w < 400 ? 38 : 44;
  const box = step - 4;
  const over = view.to_move === "end";
  const g = svg("g", { class: "round-track" });
  g.append(label(4, 9, t("ROUND"), font(9, "#555", { "text-anchor": "start", "letter-spacing": 1 })));
  for (let i = 0; i < 6; i += 1) {
    const number = i + 1;
    const x = 4 + i * step;
    const played = number <= view.rounds;
    const current = number === view.round && !over;
    const classes = `round${current ? " current" : ""}${played ? "" : " unplayed"}`;
    const node = svg("g", { class: classes, "data-round": number });
    node.append(svg("rect", { class: "round-box", x, y: 16, width: box, height: box, rx: 5,
      fill: played ? "#fff" : "#ddd", stroke: current ? "#e08a00" : "#888", "stroke-width": current ? 3 : 1 }));
    node.append(label(x + 7, 23, number, { "font-size": 9, "font-weight": 700, fill: "#444" }));
    const key = view.layout.round_bonus[i];
    if (key) node.append(icon(key, x + box / 2 + 2, 16 + box / 2 + 3, box * 0.55));
    else {
      const players = number === 5 ? t("1–3 pl.") : t("1–2 pl."); // the sheet's player-count icons
      node.append(label(x + box / 2, 16 + box / 2 + 3, players, { "font-size": 8, fill: "#666" }));
    }
    if (played && (number < view.round || over)) node.append(penX(x + box / 2, 16 + box / 2, box * 0.32, "pen light"));
    const round = played ? t("round {number}", { number }) : t("round {number} (not played with this many players)", { number });
    node.append(tip(key ? t("{round}: {bonus}", { round, bonus: BONUS_WORDS[key] }) : round));
    g.append(node);
  }
  const tw = w < 400 ? 86 : 120;
  const tx = w - tw - 4;
  g.append(svg("g", { class: "total" },
    svg("rect", { x: tx, y: 16, width: tw, height: box, rx: 6, fill: "#333" }),
    label(tx + tw / 2, 16 + box * 0.3, t("TOTAL"), { "font-size": 8, fill: "#ddd", "letter-spacing": 1 }),
    label(tx + tw / 2, 16 + box * 0.66, sheet.score.total, font(17, "#fff", { class: "total-score" }))));
  return { node: g, w, h: 16 + box + 4 };
}

function trackRow(ctx, key, track, x, y) {
  const spaces = ctx.view.layout.track_spaces;
  const g = svg("g", { class: `action-track track-${key}`, transform: `translate(${x} ${y})`,
    "data-circled": track.circled, "data-used": track.used });
  g.append(icon(key, 12, 12, 22));
  for (let i = 0; i < spaces; i += 1) {
    const cx = 40 + i * 25;
    const state = i < track.used ? "used" : i < track.circled ? "circled" : "open";
    const node = svg("g", { class: "track-space", "data-state": state });
    node.append(svg("circle", { cx, cy: 12, r: 10, fill: "#fff", stroke: "#999" }));
    if (key === "plus1") node.append(label(cx, 12, "+1", { "font-size": 9, fill: "#aaa", "font-weight": 700 }));
    else node.append(svg("g", { transform: `translate(${cx} 12)` }, ...rerollArrow(4.5, "#b0b0b0")));
    if (i < track.circled) node.append(svg("circle", { cx, cy: 12, r: 10.5, class: "pen ring" }));
    if (i < track.used) node.append(penX(cx, 12, 7));
    g.append(node);
  }
  const words = key === "reroll" ? t("rerolls") : t("+1 (extra die)");
  g.append(label(40 + spaces * 25 - 6, 12, tn("{n} left", "{n} left", left(track)), { "text-anchor": "start", "font-size": 10,
    fill: "#444" }),
    tip(t("{track}: {circled} circled, {used} used, {left} left", { track: words, circled: track.circled, used: track.used, left: left(track) })));
  return g;
}

function tracksPanel(ctx, w) {
  const { sheet } = ctx;
  const g = svg("g", { class: "tracks" });
  const fox = (x, y) => svg("g", { class: "foxes", transform: `translate(${x} ${y})`, "data-foxes": sheet.foxes },
    icon("fox", 12, 12, 22),
    label(28, 12, `× ${sheet.foxes}`, { "text-anchor": "start", class: "pen-text", "font-size": 16 }),
    tip(tn("{n} fox: each scores the weakest area", "{n} foxes: each scores the weakest area", sheet.foxes)));
  g.append(trackRow(ctx, "reroll", sheet.rerolls, 4, 2), trackRow(ctx, "plus1", sheet.plus_ones, 4, 30),
    fox(w - 64, 2));
  return { node: g, w, h: 56 };
}

function scorePanel(ctx, w) {
  const { sheet } = ctx;
  const score = sheet.score;
  const weakest = Math.min(...AREAS.map((a) => score[a]));
  const step = w < 400 ? 38 : 50;
  const g = svg("g", { class: "score-line" });
  let x = 4;
  AREAS.forEach((area, i) => {
    g.append(svg("rect", { x, y: 2, width: step - 12, height: 24, rx: 4, fill: PAL[area].area }),
      label(x + (step - 12) / 2, 14, score[area], { "font-size": 12, "font-weight": 700, fill: PAL[area].head }),
      label(x + step - 6, 14, i < 4 ? "+" : "+", { "font-size": 12, fill: "#555" }));
    x += step;
  });
  g.append(icon("fox", x + 10, 14, 20),
    label(x + 24, 14, `${sheet.foxes}×${weakest}`, font(12, "#222", { "text-anchor": "start" })));
  x += 70;
  const areas = AREAS.reduce((sum, area) => sum + score[area], 0);
  g.append(label(x, 14, `= ${score.total}`, font(15, "#222", { "text-anchor": "start", class: "sheet-total" })),
    tip(t("areas {areas} + {foxes} foxes × {weakest} (the weakest area) = {total}", { areas, foxes: sheet.foxes, weakest, total: score.total })));
  return { node: g, w, h: 30 };
}

/**
 * One player's whole sheet as an SVG; ``ctx.spot`` (own sheet, moves to make) hooks the spaces.
 * ``narrow``: one area under the other (a score pad on a phone), unless ``ctx.compact`` (a
 * phone's table): yellow beside blue and the round track at the bottom, so that everything a
 * move may touch fits the screen. The SVG carries its shape (``--aspect``, width / height) for
 * the style sheet to size it to the window's height.
 */
function sheetSvg(ctx, narrow) {
  const shape = ctx.compact ? "compact" : narrow ? "tall" : "wide";
  const W = { wide: 548, tall: 340, compact: 360 }[shape];
  const gap = shape === "compact" ? 5 : 8;
  const root = svg("svg", { class: `clever-sheet ${narrow ? "narrow" : "wide"}${ctx.compact ? " compact" : ""}`, role: "img",
    "data-seat": ctx.seat, "aria-label": t("{name}'s score sheet: {total} points", { name: ctx.name, total: ctx.sheet.score.total }) });
  let y = 4;
  const place = (panel, x) => {
    panel.node.setAttribute("transform", `translate(${x} ${y})`);
    root.append(panel.node);
  };
  const round = roundPanel(ctx, W);
  if (shape !== "compact") {
    place(round, 0);
    y += round.h + gap;
  }
  const yellow = yellowPanel(ctx, GRIDS[shape]);
  const blue = bluePanel(ctx, GRIDS[shape]);
  if (shape === "tall") {
    place(yellow, (W - yellow.w) / 2);
    y += yellow.h + gap;
    place(blue, (W - blue.w) / 2);
    y += blue.h + gap;
  } else {
    place(yellow, 0);
    place(blue, W - blue.w);
    y += Math.max(yellow.h, blue.h) + gap;
  }
  for (const colour of ["green", "orange", "purple"]) {
    const row = rowPanel(ctx, colour, W);
    place(row, 0);
    y += row.h + gap;
  }
  const tracks = tracksPanel(ctx, W);
  place(tracks, 0);
  y += tracks.h + 6;
  if (shape === "compact") {
    place(round, 0);
    y += round.h + 4;
  }
  const score = scorePanel(ctx, W);
  place(score, 0);
  y += score.h + 2;
  root.setAttribute("viewBox", `0 0 ${W} ${y}`);
  root.style.setProperty("--aspect", String(W / y));
  return root;
}

// -- the dice ----------------------------------------------------------------------------------

function diceGroup(title, count, caption = null, gap = 8) {
  const d = 44;
  const width = Math.max(count, 1) * (d + gap) + gap;
  const height = d + 2 * gap;
  const node = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height,
    class: "dice-svg", role: "group", "aria-label": title });
  const fig = html("figure", { class: "dice-group" }, html("figcaption", {}, caption || title), node);
  return { fig, node, d, gap, width, height };
}

function drawDie(view, ctx, group, die, slot, where) {
  const letter = LETTERS[die];
  const colour = COLOURS[die];
  const face = view.faces[die];
  const x = group.gap + slot * (group.d + group.gap);
  const node = dieShape(colour, face, x, group.gap, group.d);
  node.dataset.die = letter;
  node.dataset.face = face;
  node.dataset.motion = `die-${letter}`; // it slides from the roll to a die space or the platter
  const used = ctx.extraUsed.has(die);
  if (used) {
    node.classList.add("used");
    node.append(penX(x + group.d / 2, group.gap + group.d / 2, group.d * 0.3, "pen light"));
  }
  if (ctx.choiceDie === letter) node.classList.add("chosen");
  const moves = ctx.groups.byDie.get(letter);
  const rolled = face || t("not rolled");
  const shown = t("{die}, {face}, {where}", { die: DIE_NAMES[colour], face: rolled, where });
  const words = used ? t("{die}, used by +1 this turn", { die: shown }) : shown;
  if (moves) {
    node.dataset.key = `die-${letter}`;
    selectable(node, t("{die}: choose where it goes", { die: words }), selected === letter, () => {
      selected = selected === letter ? null : letter;
      redraw(true); // the spaces the die may go to light up: in sight
    });
    node.classList.add("legal"); // a die to choose is one of the seat's targets (it glows)
  }
  node.append(tip(words));
  group.node.append(node);
}

function diceArea(view, ctx) {
  const wrap = html("div", { class: "clever-dice" });
  const stage = view.stage;
  const solo = view.players === 1;
  const rolledTitle = stage.startsWith("solo") ? t("Rolled (solo passive turn)") : t("Roll");
  const gap = ctx.compact ? 5 : 8; // the dice closer together on a phone: two rows take less height
  const sum = view.faces[1] && view.faces[5] && view.to_move !== "end"
    ? html("span", { class: "blue-sum", text: t("blue + white = {sum}", { sum: view.faces[1] + view.faces[5] }) }) : null;
  if (view.rolled.length) {
    // the blue + white sum on the roll's caption line where it has room (a line less on a phone)
    const caption = sum && view.rolled.length >= 3 ? [rolledTitle, " · ", sum] : null;
    const group = diceGroup(rolledTitle, view.rolled.length, caption, gap);
    view.rolled.forEach((die, i) => drawDie(view, ctx, group, die, i, t("in the roll")));
    wrap.append(group.fig);
  }
  const spacesOf = (ui) => (solo ? t("Die spaces") : t("Die spaces of {name}", { name: nameOf(ui, view.active) }));
  const spaces = diceGroup(spacesOf(ctx.ui), 3, withNames(spacesOf(marking(ctx.ui)), ctx.ui), gap);
  for (let i = 0; i < 3; i += 1) {
    const x = spaces.gap + i * (spaces.d + spaces.gap);
    const slot = svg("g", { class: "die-space", "data-slot": i + 1 },
      svg("rect", { x, y: spaces.gap, width: spaces.d, height: spaces.d, rx: 8, fill: "#f3f1ea", stroke: "#9a968a",
        "stroke-dasharray": "4 3", "stroke-width": 1.5 }),
      label(x + spaces.d / 2, spaces.gap + spaces.d / 2, i + 1, font(16, "#b5b1a5")));
    if (i === view.spaces.length) {
      const found = ctx.spot ? ctx.spot("space") : null;
      if (found && found.move) actionable(slot, found.move, ctx.ui);
      else if (found) slot.classList.add("maybe");
    }
    spaces.node.append(slot);
  }
  view.spaces.forEach((die, i) => drawDie(view, ctx, spaces, die, i, t("on die space {number}", { number: i + 1 })));
  wrap.append(spaces.fig);
  const platter = diceGroup(t("Silver platter"), Math.max(view.platter.length, 3), null, gap);
  platter.node.prepend(svg("ellipse", { class: "platter", cx: platter.width / 2, cy: platter.height / 2,
    rx: platter.width / 2 - 1, ry: platter.height / 2 - 1, fill: "url(#clever-silver)", stroke: "#8d939c" }));
  platter.node.prepend(svg("defs", {}, svg("linearGradient", { id: "clever-silver", x1: 0, y1: 0, x2: 0, y2: 1 },
    svg("stop", { offset: "0", "stop-color": "#f4f5f7" }), svg("stop", { offset: "1", "stop-color": "#b9bdc4" }))));
  view.platter.forEach((die, i) => drawDie(view, ctx, platter, die, i, t("on the silver platter")));
  wrap.append(platter.fig);
  if (sum && !sum.parentNode) wrap.append(html("p", { class: "blue-sum-line" }, sum));
  return wrap;
}

/**
 * The move's own buttons (reroll, forfeit, done): in the status bar's slot (``ui.buttons``), where
 * they stay in sight above the sheet, else (a page without one) under the dice.
 */
function actionButtons(view, ctx) {
  const buttons = ctx.groups.other.map(({ move, kind }) => {
    let text = move.text;
    if (kind === "reroll") text = t("Reroll the roll ({left} left)", { left: left(view.sheets[ctx.me].rerolls) });
    else if (kind === "forfeit") text = t("Forfeit this roll");
    else if (kind === "done") {
      if (view.stage === "passive-take" || view.stage === "solo-take") text = t("Take no die");
      else if (view.stage === "final-extra") text = t("Done: no more +1, my sheet is final");
      else text = t("Done: no more +1 this turn");
    }
    const title = kind === "forfeit" ? t("Forfeit this roll: no die of it can be used") : null;
    return actionable(html("button", { type: "button", class: `clever-${kind} clever-move`, text, title }), move, ctx.ui);
  });
  const slot = ctx.ui.buttons;
  if (slot) {
    // Redrawn with the drawing (a die chosen redraws it too): the focus stays on its button.
    const focused = slot.contains(document.activeElement) ? document.activeElement.dataset.action : null;
    slot.replaceChildren(...buttons);
    const again = focused && buttons.find((button) => button.dataset.action === focused);
    if (again) again.focus();
    return null;
  }
  return buttons.length ? html("div", { class: "board-buttons clever-buttons" }, buttons) : null;
}

// -- the whole board ---------------------------------------------------------------------------

function statusArea(view, frame, plainUi, legal, groups) {
  const ui = marking(plainUi); // the names in these lines are drawn as .player-name
  const text = (words) => withNames(words, plainUi);
  const over = view.to_move === "end";
  const roundText = over ? t("All {rounds} rounds played", { rounds: view.rounds })
    : t("Round {round} of {rounds}", { round: view.round, rounds: view.rounds });
  const who = view.players === 1 ? t("solo game") : over ? "" : t("{name} is the active player", { name: nameOf(ui, view.active) });
  const lines = [html("p", { class: "clever-round" }, html("strong", { text: roundText }), who ? html("span", { class: "clever-who" }, " · ", ...text(who)) : "")];
  lines.push(html("p", { class: "clever-stage" }, text(stageWords(view, ui))));
  const passive = view.passive;
  if (view.stage === "passive-take" && passive.seats.length) {
    const parts = passive.seats.map((seat) => {
      const key = String(seat);
      if (key in passive.chosen) {
        const move = passive.chosen[key];
        return move ? t("{name}: {move}", { name: nameOf(ui, seat), move: moveWords(view, move) })
          : t("{name}: has chosen", { name: nameOf(ui, seat) });
      }
      // A choice made before its turn is held by the server: chosen, though the view waits.
      if (seat === ui.me && frame.choice) {
        return t("{name}: {move} (yours, hidden from the others)", { name: nameOf(ui, seat), move: moveWords(view, frame.choice) });
      }
      if ((frame.table.committed || []).includes(seat)) return t("{name}: has chosen", { name: nameOf(ui, seat) });
      return t("{name}: choosing…", { name: nameOf(ui, seat) });
    });
    lines.push(html("p", { class: "clever-passive" }, text(t("Passive players · {choices}", { choices: parts.join(" · ") }))));
  }
  const waiting = view.pending.filter((p, i) => !(i === 0 && p.seat === view.to_move));
  if (waiting.length) {
    const words = waiting.map((p) => `${nameOf(ui, p.seat)} ${BONUS_NAMES[p.bonus]}`);
    lines.push(html("p", { class: "clever-pending" }, text(t("Bonuses waiting: {bonuses}", { bonuses: words.join(", ") }))));
  }
  const hint = hintFor(view, frame, legal, groups);
  if (hint) lines.push(html("p", { class: frame.choice ? "clever-hint clever-choice" : "clever-hint" }, text(hint)));
  return html("div", { class: "clever-status" }, lines);
}

/** A sheet with its heading (words made with marking(ui)); ``narrow``: drawn compact, for a phone. */
function sheetFigure(view, seat, ui, ctxExtra, narrow, heading) {
  const sheet = view.sheets[seat];
  const ctx = { view, sheet, seat, ui, name: nameOf(ui, seat), compact: narrow, ...ctxExtra };
  return html("figure", { class: seat === ui.me ? "clever-sheet-figure own" : "clever-sheet-figure", "data-seat": seat },
    html("figcaption", {}, withNames(heading, ui)), sheetSvg(ctx, narrow));
}

function sheetHeading(view, ui, seat) {
  return t("{name} · {total} points", { name: nameOf(marking(ui), seat), total: view.sheets[seat].score.total });
}

function tabsFor(view, seats, ui, shown) {
  return html("div", { class: "clever-tabs", role: "tablist" }, seats.map((seat) => {
    const active = seat === view.active && view.to_move !== "end";
    const button = html("button", { type: "button", role: "tab", "aria-selected": seat === shown ? "true" : "false",
      class: seat === shown ? "tab current" : "tab", "data-key": `tab-${seat}` }, withNames([nameOf(marking(ui), seat), view.sheets[seat].score.total, active ? t("active") : null]
      .filter((part) => part !== null).join(" · "), ui));
    button.addEventListener("click", () => {
      tabSeat = seat;
      redraw();
    });
    return button;
  }));
}

function render(root, frame, ui) {
  const view = frame.view;
  const legal = ui.replay ? [] : frame.legal || [];
  // A new version forgets the chosen die, unless only another seat's simultaneous choice came
  // in (the viewer's moves are the same): a die chosen then stays chosen.
  const movesKey = legal.map((move) => move.action).join(" ");
  if (selectedVersion !== view.version && selectedMoves !== movesKey) selected = null;
  selectedVersion = view.version;
  selectedMoves = movesKey;
  const groups = groupMoves(legal);
  if (selected && !groups.byDie.has(selected)) selected = null;
  const me = frame.seat === null || frame.seat === undefined ? null : frame.seat;
  const spot = (target) => {
    if (groups.bonus.has(target)) return { move: groups.bonus.get(target) };
    const options = groups.byTarget.get(target) || [];
    if (selected) {
      const mine = options.find((o) => o.die === selected);
      return mine ? { move: mine.move } : null;
    }
    if (options.length === 1) return { move: options[0].move };
    if (options.length > 1) return { dice: options.map((o) => COLOURS[LETTERS.indexOf(o.die)]) };
    return null;
  };
  const preview = (target) => {
    if (!selected) return null;
    const options = groups.byTarget.get(target) || [];
    return options.some((o) => o.die === selected) ? view.faces[LETTERS.indexOf(selected)] : null;
  };
  const extraStage = view.stage.endsWith("extra");
  const choiceDie = frame.choice ? parseMove(frame.choice).die : null;
  const extraUsed = new Set(extraStage ? view.extra_used : []);
  const dice = [...groups.byDie.keys()];
  const onlyDie = dice.length === 1 ? dice[0] : null;
  const narrow = root.clientWidth > 0 && root.clientWidth < NARROW;
  const ctx = { view, ui, me, groups, spot: legal.length ? spot : null, extraUsed, choiceDie, selected, onlyDie, extraStage,
    compact: narrow };
  const board = html("div", { class: `clever${narrow ? " is-narrow" : ""}` });
  const main = html("div", { class: "clever-main" });
  // The game's own lines, the dice and the buttons beside the sheet on a desktop (above it on a
  // phone): the whole table fits the window under the status bar.
  const table = html("div", { class: "clever-table" }, statusArea(view, frame, ui, legal, groups), diceArea(view, ctx),
    actionButtons(view, ctx));
  main.append(table);
  const seats = view.sheets.map((_, seat) => seat);
  if (me !== null) {
    const heading = t("Your sheet · {name} · {total} points", { name: nameOf(marking(ui), me), total: view.sheets[me].score.total });
    main.append(sheetFigure(view, me, ui, { spot: ctx.spot, preview: legal.length ? preview : null, selected, onlyDie, extraStage }, narrow, heading));
    board.append(main);
    const others = seats.filter((seat) => seat !== me);
    if (others.length) {
      if (!others.includes(tabSeat)) tabSeat = others.includes(view.active) ? view.active : others[0];
      board.append(html("section", { class: "clever-others" },
        html("h3", { text: t("The other sheets") }), tabsFor(view, others, ui, tabSeat),
        sheetFigure(view, tabSeat, ui, {}, narrow, sheetHeading(view, ui, tabSeat))));
    }
  } else {
    if (!seats.includes(tabSeat)) tabSeat = view.to_move === "end" || view.active === undefined ? 0 : view.active;
    const shown = html("div", { class: "clever-watch" }, seats.length > 1 ? tabsFor(view, seats, ui, tabSeat) : null,
      sheetFigure(view, tabSeat, ui, {}, narrow, sheetHeading(view, ui, tabSeat)));
    main.append(shown);
    board.append(main);
  }
  root.replaceChildren(board);
  ghostOfLastWrite(root, view);
}

/**
 * The die last written on a sheet flies there: a copy of it, drawn on the space it filled,
 * travels from where the die lay (static/motion.js plays it; at rest it is invisible).
 */
function ghostOfLastWrite(root, view) {
  const log = view.log || [];
  let index = log.length - 1;
  while (index >= 0 && log[index].seat === "chance") index -= 1;
  const entry = log[index];
  if (!entry || typeof entry.seat !== "number") return;
  const move = parseMove(String(entry.move));
  if (!move.die || move.target === "space") return;
  let space = move.target;
  const sheet = view.sheets[entry.seat];
  if (space === "G") space = `G${sheet.green}`;
  else if (space === "O") space = `O${sheet.orange.length}`;
  else if (space === "P") space = `P${sheet.purple.length}`;
  const figure = root.querySelector(`.clever-sheet-figure[data-seat="${entry.seat}"]`);
  const node = figure && figure.querySelector(`g.space[data-space="${space}"]`);
  if (!node || !node.getBBox) return;
  const box = node.getBBox();
  const d = Math.min(box.width, box.height);
  if (!d) return;
  const die = LETTERS.indexOf(move.die);
  const ghost = dieShape(COLOURS[die], view.faces[die], box.x + (box.width - d) / 2, box.y + (box.height - d) / 2, d);
  ghost.setAttribute("class", "motion-ghost"); // not one of the dice of the drawing
  ghost.setAttribute("aria-hidden", "true");
  ghost.dataset.motion = `write-${index}`;
  ghost.dataset.motionFrom = `die-${move.die}`;
  ghost.dataset.motionStyle = "ghost";
  node.parentNode.append(ghost);
}

/** Draw the last frame again (a local choice); ``bring``: then bring the targets in sight. */
function redraw(bring = false) {
  if (!last) return;
  const [root, frame, ui] = last;
  keepFocus(root, () => render(root, frame, ui));
  if (bring) bringIntoView(root);
}

/**
 * When a target of the seat's move (a die, a space, the die space) is out of sight, scroll the
 * page so that it is in sight under the status bar (sticky at the top once the header is
 * scrolled away): the whole table if the window has room for it, else the game's lines down to
 * the lowest target, else the targets alone. A desktop's table fits the window: nothing moves.
 */
function bringIntoView(root) {
  const boxes = (nodes) => nodes.map((node) => node.getBoundingClientRect()).filter((box) => box.width || box.height);
  const targets = boxes([...root.querySelectorAll(".legal")]);
  const main = root.querySelector(".clever-main");
  if (!targets.length || !main) return;
  const bar = document.getElementById("bar");
  const barBox = bar ? bar.getBoundingClientRect() : { height: 0, bottom: 0 };
  const height = window.innerHeight;
  const seen = (box) => box.top >= barBox.bottom - 1 && box.bottom <= height + 1;
  if (targets.every(seen)) return;
  const span = (list) => ({ top: Math.min(...list.map((box) => box.top)), bottom: Math.max(...list.map((box) => box.bottom)) });
  const whole = main.getBoundingClientRect();
  const lowest = span(targets).bottom;
  const regions = [whole, { top: whole.top, bottom: lowest }, span(targets)];
  const room = height - barBox.height;
  const region = regions.find((box) => box.bottom - box.top <= room) || regions[regions.length - 1];
  // In the page's coordinates: the region's top stays under the stuck bar, its bottom comes up
  // into the window; the least scrolling that does both (the top wins if it cannot).
  const most = region.top + window.scrollY - barBox.height;
  const least = region.bottom + window.scrollY - height;
  const to = Math.min(most, Math.max(least, window.scrollY));
  if (Math.abs(to - window.scrollY) > 1) window.scrollTo(0, Math.max(0, to));
}

/** Draw the game into ``root`` (see static/games.js for the arguments). */
export function draw(root, frame, ui) {
  last = [root, frame, ui];
  if (!frame.view) {
    root.replaceChildren();
    return;
  }
  render(root, frame, ui);
  // A new decision of the seat: once the table has drawn (motion measured), bring it in sight.
  const legal = ui.replay ? [] : frame.legal || [];
  const decision = legal.length ? `${frame.view.version} ${legal.map((move) => move.action).join(" ")}` : null;
  if (decision && decision !== shownDecision) queueMicrotask(() => bringIntoView(root));
  shownDecision = decision;
  if (!listening) {
    listening = true;
    let wasNarrow = root.clientWidth < NARROW;
    window.addEventListener("resize", () => {
      const narrow = last && last[0].clientWidth < NARROW;
      if (narrow !== wasNarrow) {
        wasNarrow = narrow;
        redraw();
      }
    });
  }
}

/**
 * The score pad's drawing (static/pad.js): one paper sheet as printed, no dice, every open space
 * tappable. ``pad`` is {layout, rounds, sheet (the view's sheet shape, with its score), name};
 * ``tap(target)`` gets the space tapped ("Y23", "B7", "G", "O", "P").
 */
export function drawPad(root, pad, tap) {
  const view = { layout: pad.layout, rounds: pad.rounds, round: pad.rounds, to_move: "end" };
  const ui = { act: tap, names: [pad.name], me: 0, replay: false };
  const spot = (target) => ({ move: { action: target, text: t("mark {target}", { target: targetWords(view, target) }) } });
  const ctx = { view, sheet: pad.sheet, seat: 0, ui, name: pad.name, spot };
  const narrow = root.clientWidth > 0 && root.clientWidth < NARROW;
  root.replaceChildren(html("div", { class: `clever clever-pad${narrow ? " is-narrow" : ""}` },
    html("figure", { class: "clever-sheet-figure", "data-seat": 0 }, sheetSvg(ctx, narrow))));
}

/** The end screen's breakdown: each seat's points in every area and for its foxes. */
export function breakdown(view) {
  const sheets = view.sheets || [];
  return {
    columns: [...AREAS.map((area) => COLOUR_NAMES[area]), t("foxes")],
    rows: sheets.map((sheet) => [...AREAS.map((area) => sheet.score[area]), sheet.score.foxes]),
  };
}
