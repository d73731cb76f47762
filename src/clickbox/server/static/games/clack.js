// Click Clack drawn as the game looks: the square box with each player's tree trunk in a corner,
// the round board with its four sections and sixteen feeding holes at the board's rotation (one
// click = 22.5 degrees, animated), the squirrels, Freddy the Piglet, the central tree trunk, the
// die, the turn arrows (and "no turn" when a roll left no move), and what everyone knows of the
// hollows under the board. Only the view is drawn: during play the layout is in no view, so a
// hole shows a disc only where the view says it was seen; a finished game's replay gets the
// whole layout (the view's under_board).

import { actionable, explainable, fitNames, html, moveButtons, svg, tip } from "../board.js";
import { t, tn } from "../i18n.js";

const SIZE = 440;
const C = SIZE / 2;
const BOARD_R = 172;
const TRUNK_R = 40;
const RING_R = [60, 87, 114, 141];
const HOLE_R = 11.5;
// A tap area's radius around a hole, a squirrel or a turn arrow to choose: 44 px or more across on
// a phone (the board is drawn about 366 px wide there), not reaching the next hole's centre.
const REACH_R = 27.5;
// The bands above and below the box where the players' names are written, in full.
const BAND = 24;
const SLOTS = 16;
const STEP = 360 / SLOTS;
const SECTIONS = ["frog", "butterfly", "snail", "beetle"];
const SECTION_FILL = { frog: "#c4e6a4", butterfly: "#dccbf2", snail: "#f8dfae", beetle: "#f6bfae" };
const KINDS = ["hazelnut", "blueberry", "chestnut", "fir-cone"];
const PLAYER_COLOURS = ["#d7263d", "#1b6fd1", "#f2b200", "#2e9e4f"];
const SQUIRRELS = [t("red squirrel"), t("blue squirrel"), t("yellow squirrel"), t("green squirrel")];
// What the die shows and the sections are called (the names in the view are data).
const SECTION_NAMES = { frog: t("frog"), butterfly: t("butterfly"), snail: t("snail"), beetle: t("beetle"), freddy: t("freddy") };
const KIND_NAMES = { hazelnut: t("hazelnut"), blueberry: t("blueberry"), chestnut: t("chestnut"), "fir-cone": t("fir-cone") };
const KIND_COUNTS = {
  hazelnut: (n) => tn("{n} hazelnut", "{n} hazelnut", n), blueberry: (n) => tn("{n} blueberry", "{n} blueberry", n),
  chestnut: (n) => tn("{n} chestnut", "{n} chestnut", n), "fir-cone": (n) => tn("{n} fir-cone", "{n} fir-cone", n),
};
const SEEN = {
  hazelnut: t("a hazelnut disc can be seen"), blueberry: t("a blueberry disc can be seen"),
  chestnut: t("a chestnut disc can be seen"), "fir-cone": t("a fir-cone disc can be seen"),
};
const YOU = " " + t("(you)");
const NONE = t("none");
const DIE = t("Die:");
const LEGEND = {
  title: t("The hollows in the box:"), unknown: t("not known"), empty: t("known empty"),
  seen: t("disc seen, faint disc: taken from there"), under: t("under a hole now."),
};
const FOUND = {
  hazelnut: t("a hazelnut disc"), blueberry: t("a blueberry disc"), chestnut: t("a chestnut disc"), "fir-cone": t("a fir cone disc"),
};
const WIN_TOTAL = 7; // the rulebook's; a variant's is view.win_total
const STORE_R = 126;
const KIND_TINT = { hazelnut: "#f5dfb0", blueberry: "#cfd8f7", chestnut: "#f6c6b4", "fir-cone": "#d3e6b8" };

// The angle the board was last drawn at (degrees, unbounded) and its rotation, so that a new
// frame turns the board from there by the shortest way instead of jumping.
const shown = { angle: null, rotation: null };

// The view drawn last (to see what changed: a disc found), and the moment on show now: its
// words, and when it started (a redraw within its ~2 s keeps it, its animation not restarted).
const MOMENT_MS = 2200;
const last = { view: null, moment: null };

const round = (n) => Math.round(n * 10) / 10;

/** The point at radius ``r`` and ``slot`` (0 = top, clockwise) around the centre. */
function at(r, slot, cx = C, cy = C) {
  const a = (slot * STEP * Math.PI) / 180;
  return [round(cx + r * Math.sin(a)), round(cy - r * Math.cos(a))];
}

function place(x, y, scale, ...children) {
  return svg("g", { transform: `translate(${x} ${y}) scale(${scale})` }, ...children);
}

/** ``node`` (a placed picture) moves in a hop from where ``key`` was drawn last (motion.js). */
function hopping(node, key) {
  node.dataset.motion = key;
  node.dataset.motionStyle = "hop";
  return node;
}

const cap = (word) => word.charAt(0).toUpperCase() + word.slice(1).replace("-", " ");

// ---- pictures, drawn in a 20 x 20 box around (0, 0) ----------------------------------------

function sectionPicture(name) {
  const line = { fill: "none", "stroke-linecap": "round" };
  if (name === "frog") {
    return [
      svg("ellipse", { cx: 0, cy: 2, rx: 9, ry: 6.5, fill: "#4caf50", stroke: "#2e7d32" }),
      svg("circle", { cx: -4.5, cy: -4, r: 3.2, fill: "#4caf50", stroke: "#2e7d32" }),
      svg("circle", { cx: 4.5, cy: -4, r: 3.2, fill: "#4caf50", stroke: "#2e7d32" }),
      svg("circle", { cx: -4.5, cy: -4.3, r: 1.4, fill: "#111" }),
      svg("circle", { cx: 4.5, cy: -4.3, r: 1.4, fill: "#111" }),
      svg("path", { d: "M-5 3 Q0 7 5 3", stroke: "#1b5e20", "stroke-width": 1.3, ...line }),
    ];
  }
  if (name === "butterfly") {
    return [
      svg("ellipse", { cx: -5, cy: -3, rx: 5, ry: 6.5, fill: "#8e4fd0", stroke: "#4a1f7a", transform: "rotate(-30 -5 -3)" }),
      svg("ellipse", { cx: 5, cy: -3, rx: 5, ry: 6.5, fill: "#8e4fd0", stroke: "#4a1f7a", transform: "rotate(30 5 -3)" }),
      svg("ellipse", { cx: -4, cy: 5, rx: 3.6, ry: 4.2, fill: "#c38cf0", stroke: "#4a1f7a" }),
      svg("ellipse", { cx: 4, cy: 5, rx: 3.6, ry: 4.2, fill: "#c38cf0", stroke: "#4a1f7a" }),
      svg("ellipse", { cx: 0, cy: 1, rx: 1.4, ry: 8, fill: "#2b2b2b" }),
      svg("path", { d: "M-0.5 -6 Q-3 -10 -4.5 -10 M0.5 -6 Q3 -10 4.5 -10", stroke: "#2b2b2b", ...line }),
    ];
  }
  if (name === "snail") {
    return [
      svg("path", { d: "M-10 8 L7 8 Q10 8 10 5 L10 1 Q8 -1 7 2 L6 5 Z", fill: "#cfa57a", stroke: "#8a6240" }),
      svg("path", { d: "M8.5 1 L10.5 -5 M7 2 L6.5 -4.5", stroke: "#8a6240", "stroke-width": 1.1, ...line }),
      svg("circle", { cx: -1.5, cy: 0, r: 7.5, fill: "#e8923a", stroke: "#94531a" }),
      svg("path", { d: "M-1.5 0 a1.8 1.8 0 1 1 1.8 1.8 a3.6 3.6 0 1 1 -3.6 -3.6 a5.4 5.4 0 1 1 5.4 5.4", stroke: "#94531a", "stroke-width": 1.1, ...line }),
    ];
  }
  if (name === "beetle") {
    return [
      svg("path", { d: "M-7 -2 L-10 -5 M-7 3 L-10 3 M-7 7 L-10 10 M7 -2 L10 -5 M7 3 L10 3 M7 7 L10 10", stroke: "#222", "stroke-width": 1.2, ...line }),
      svg("ellipse", { cx: 0, cy: 2, rx: 7, ry: 8.3, fill: "#d32f2f", stroke: "#7f0000" }),
      svg("path", { d: "M0 -5.5 L0 10", stroke: "#222", "stroke-width": 1.1 }),
      svg("circle", { cx: 0, cy: -7, r: 3.6, fill: "#222" }),
      ...[[-3.5, 0], [3.5, 0], [-3, 5.5], [3, 5.5]].map(([cx, cy]) => svg("circle", { cx, cy, r: 1.5, fill: "#222" })),
    ];
  }
  return freddyPicture();
}

function freddyPicture() {
  const skin = { fill: "#f8bbd0", stroke: "#c2185b", "stroke-width": 1 };
  return [
    svg("path", { d: "M-8 -4 L-7 -11 L-2 -7.5 Z", ...skin, fill: "#f48fb1" }),
    svg("path", { d: "M8 -4 L7 -11 L2 -7.5 Z", ...skin, fill: "#f48fb1" }),
    svg("circle", { cx: 0, cy: 0, r: 8.8, ...skin }),
    svg("circle", { cx: -3.2, cy: -2.5, r: 1.2, fill: "#222" }),
    svg("circle", { cx: 3.2, cy: -2.5, r: 1.2, fill: "#222" }),
    svg("ellipse", { cx: 0, cy: 3, rx: 4.3, ry: 3.1, fill: "#f48fb1", stroke: "#c2185b" }),
    svg("ellipse", { cx: -1.5, cy: 3, rx: 0.8, ry: 1.2, fill: "#880e4f" }),
    svg("ellipse", { cx: 1.5, cy: 3, rx: 0.8, ry: 1.2, fill: "#880e4f" }),
  ];
}

function squirrelPicture(seat) {
  const colour = PLAYER_COLOURS[seat % PLAYER_COLOURS.length];
  const edge = { stroke: "#2a1a10", "stroke-width": 0.9, "stroke-opacity": 0.7 };
  return [
    svg("path", { d: "M2 9 C13 7 13 -9 5 -10.5 C9.5 -4 7 2 1.5 4 Z", fill: colour, ...edge }),
    svg("ellipse", { cx: -1.5, cy: 3, rx: 5.2, ry: 6.6, fill: colour, ...edge }),
    svg("ellipse", { cx: -2.6, cy: 4, rx: 2.3, ry: 4, fill: "#fff", "fill-opacity": 0.5 }),
    svg("circle", { cx: -3.2, cy: -5, r: 4.2, fill: colour, ...edge }),
    svg("path", { d: "M-4.6 -8.2 L-3.6 -12 L-1.6 -8.4 Z", fill: colour, ...edge }),
    svg("circle", { cx: -4.6, cy: -5.6, r: 1, fill: "#111" }),
    svg("circle", { cx: -7.2, cy: -4.2, r: 0.8, fill: "#111" }),
  ];
}

function discPicture(kind) {
  const parts = [svg("circle", { r: 10, fill: KIND_TINT[kind], stroke: "#6d767c", "stroke-width": 1.4 })];
  if (kind === "hazelnut") {
    parts.push(
      svg("circle", { cx: 0, cy: 1.8, r: 6.3, fill: "#c08a45", stroke: "#6b4420" }),
      svg("path", { d: "M-6.8 0 Q0 -9.5 6.8 0 Z", fill: "#6b4420" }),
      svg("path", { d: "M0 -4.5 L0 -8", stroke: "#6b4420", "stroke-width": 1.3 }));
  } else if (kind === "blueberry") {
    parts.push(
      svg("circle", { r: 7, fill: "#3d4ea6", stroke: "#1d2560" }),
      svg("path", { d: "M-2.4 -5.4 L0 -3 L2.4 -5.4 L1.5 -2.2 L-1.5 -2.2 Z", fill: "#1d2560" }),
      svg("circle", { cx: -2.6, cy: 1.2, r: 1.6, fill: "#fff", "fill-opacity": 0.45 }));
  } else if (kind === "chestnut") {
    parts.push(
      svg("path", { d: "M0 -7.5 C7 -3.5 8 5 0 7 C-8 5 -7 -3.5 0 -7.5 Z", fill: "#7b2d14", stroke: "#3e1408" }),
      svg("ellipse", { cx: 0, cy: 4.6, rx: 5, ry: 2, fill: "#e0c08e" }),
      svg("circle", { cx: -2.4, cy: -2, r: 1.3, fill: "#fff", "fill-opacity": 0.35 }));
  } else {
    parts.push(
      svg("ellipse", { rx: 4.9, ry: 7.8, fill: "#93703b", stroke: "#4e3a1c" }),
      svg("path", { d: "M-4.3 -3.5 L0 -1.3 L4.3 -3.5 M-4.8 0.8 L0 3 L4.8 0.8 M-3.6 5 L0 6.8 L3.6 5", stroke: "#4e3a1c", fill: "none" }));
  }
  return parts;
}

/** A turn arrow (clockwise; mirrored for anticlockwise) in a 20 x 20 box. */
function arrowPicture() {
  const r = 6;
  const end = (2 * Math.PI) / 3; // the arc runs clockwise from -120 to +120 degrees
  const [ex, ey] = [r * Math.sin(end), -r * Math.cos(end)];
  const [tx, ty] = [Math.cos(end), Math.sin(end)]; // the direction of travel at the end
  const [nx, ny] = [-ty, tx];
  const head = [[ex + 4 * tx, ey + 4 * ty], [ex + 3.4 * nx - tx, ey + 3.4 * ny - ty], [ex - 3.4 * nx - tx, ey - 3.4 * ny - ty]];
  return [
    svg("path", { d: `M${round(-ex)} ${round(ey)} A${r} ${r} 0 1 1 ${round(ex)} ${round(ey)}`, fill: "none", stroke: "#3b2a1a", "stroke-width": 2.2, "stroke-linecap": "round" }),
    svg("path", { d: `M${head.map(([x, y]) => `${round(x)} ${round(y)}`).join(" L")} Z`, fill: "#3b2a1a" }),
  ];
}

// ---- what the view says ----------------------------------------------------------------------

function nameOf(ui, seat) {
  return (ui.names && ui.names[seat]) || t("Seat {number}", { number: seat + 1 });
}

function holeSpot(name) {
  const match = /^([a-z]+)(\d)$/.exec(name);
  const section = SECTIONS.indexOf(match[1]);
  const ring = Number(match[2]);
  return { section, ring, slot: 4 * section + ring };
}

function phaseText(view, ui) {
  const seat = view.turn;
  const you = seat === ui.me;
  const name = nameOf(ui, seat);
  const roll = view.roll;
  const section = SECTION_NAMES[roll] || roll;
  switch (view.phase) {
    case "setup": return t("The food discs are being hidden under the board.");
    case "roll": return you ? t("You roll the die.") : t("{name} rolls the die.", { name });
    case "move":
      if (roll === "freddy") return you ? t("You rolled Freddy: put Freddy the Piglet in another section.")
        : t("{name} rolled Freddy: put Freddy the Piglet in another section.", { name });
      return you ? t("You rolled the {section}: the squirrel goes to a vacant {section} hole.", { section })
        : t("{name} rolled the {section}: the squirrel goes to a vacant {section} hole.", { name, section });
    case "turn": {
      const either = you ? t("You turn the board one click, either way.") : t("{name} turns the board one click, either way.", { name });
      if (roll && roll === view.freddy) {
        const stuck = you ? t("You rolled the {section}, where Freddy is: your squirrel cannot move.", { section })
          : t("{name} rolled the {section}, where Freddy is: the squirrel cannot move.", { name, section });
        let then = you ? t("Turn the board one click, either way.") : either;
        if (view.no_move_turn === "optional") {
          then = you ? t("Turn the board one click, or leave it as it is.")
            : t("{name} turns the board one click or leaves it as it is.", { name });
        }
        return `${stuck} ${then}`;
      }
      return either;
    }
    default: {
      const outcome = view.outcome;
      if (!outcome) return t("The game is over.");
      const winners = outcome.winners.map((s) => nameOf(ui, s)).reduce((first, second) => t("{first} and {second}", { first, second }));
      const reason = outcome.reason.split("; ").map((part) => t(part)).join("; ");
      return t("{winners} won ({reason}).", { winners, reason }); // the bar says "Game over"
    }
  }
}

/** The board's angle to draw now, continuing from the last drawing by the shortest way. */
function boardAngle(rotation) {
  const from = shown.angle;
  let angle = rotation * STEP;
  if (shown.rotation !== null) {
    let delta = (((rotation - shown.rotation) % SLOTS) + SLOTS) % SLOTS;
    if (delta > SLOTS / 2) delta -= SLOTS;
    angle = shown.angle + delta * STEP;
  }
  shown.angle = angle;
  shown.rotation = rotation;
  return { from: from === null ? angle : from, to: angle };
}

// ---- the drawing --------------------------------------------------------------------------------

function drawHole(hole, view, known, ui, moves, stay) {
  const { ring, slot } = holeSpot(hole.hole);
  const [x, y] = at(RING_R[ring], slot);
  const seen = known.seen.get(hole.hollow);
  const state = hole.squirrel !== null ? "squirrel" : seen ? "seen" : known.empty.has(hole.hollow) ? "empty" : "unknown";
  const words = {
    squirrel: () => t("{name}'s squirrel", { name: nameOf(ui, hole.squirrel) }),
    seen: () => SEEN[seen] || seen,
    empty: () => t("known to be empty"),
    unknown: () => t("nobody knows what lies under it"),
  }[state]();
  const section = SECTION_NAMES[hole.hole.replace(/\d$/, "")];
  const node = svg("g", {
    class: `cc-hole cc-${state}`, "data-hole": hole.hole, "data-hollow": hole.hollow, "data-state": state,
    "data-squirrel": hole.squirrel === null ? undefined : hole.squirrel,
  },
  tip(t("{section} hole {ring}: {state}", { section: cap(section), ring: ring + 1, state: words })),
  svg("circle", { class: "cc-rim", cx: x, cy: y, r: HOLE_R + 2.5 }),
  svg("circle", { class: "cc-pit", cx: x, cy: y, r: HOLE_R }));
  if (state === "seen") node.append(place(x, y, 0.95, svg("g", { class: "cc-disc", "data-kind": seen }, discPicture(seen))));
  if (state === "empty") node.append(svg("circle", { class: "cc-empty-mark", cx: x, cy: y, r: 3 }));
  if (state === "squirrel") {
    const squirrel = hopping(place(x, y, 1.2, svg("g", { class: "cc-squirrel", "data-seat": hole.squirrel }, squirrelPicture(hole.squirrel))), `squirrel-${hole.squirrel}`);
    if (stay && hole.squirrel === ui.me) {
      squirrel.prepend(svg("circle", { class: "cc-reach", cx: 0, cy: 0, r: REACH_R / 1.2 }));
      actionable(squirrel, stay, ui);
    }
    node.append(squirrel);
  }
  const move = moves.get(hole.hole);
  if (move) node.append(svg("circle", { class: "cc-reach", cx: x, cy: y, r: REACH_R }));
  if (move) actionable(node, move, ui);
  else if (moves.size && !ui.replay) explainable(node, hole.hole, ui); // a click: the engine says why not
  return node;
}

function drawSection(k, view, moves, ui) {
  const name = SECTIONS[k];
  const ri = TRUNK_R + 2;
  const ro = BOARD_R - 7;
  const a0 = 4 * k - 0.5;
  const a1 = 4 * k + 3.5;
  const [x0, y0] = at(ri, a0);
  const [x1, y1] = at(ro, a0);
  const [x2, y2] = at(ro, a1);
  const [x3, y3] = at(ri, a1);
  const [ix, iy] = at(128, 4 * k + 0.9);
  const node = svg("g", { class: "cc-section", "data-section": name },
    tip(view.freddy === name ? t("The {section} section (Freddy is here)", { section: SECTION_NAMES[name] })
      : t("The {section} section", { section: SECTION_NAMES[name] })),
    svg("path", {
      class: "cc-wedge", fill: SECTION_FILL[name],
      d: `M${x0} ${y0} L${x1} ${y1} A${ro} ${ro} 0 0 1 ${x2} ${y2} L${x3} ${y3} A${ri} ${ri} 0 0 0 ${x0} ${y0} Z`,
    }),
    place(ix, iy, 1.5, svg("g", { class: "cc-section-icon" }, sectionPicture(name))));
  if (view.freddy === name) {
    const [fx, fy] = at(67, 4 * k + 2.5);
    node.append(hopping(place(fx, fy, 1.45, svg("g", { class: "cc-freddy", "data-freddy": name }, freddyPicture())), "freddy"));
  }
  const move = moves.get(`freddy:${name}`);
  if (move) actionable(node, move, ui);
  return node;
}

function drawCorner(seat, corner, view, ui) {
  const left = corner === 0 || corner === 1;
  const bottom = corner === 0 || corner === 3;
  const ox = left ? 0 : SIZE;
  const oy = bottom ? SIZE : 0;
  const dx = left ? 1 : -1;
  const dy = bottom ? -1 : 1;
  const discs = view.discs[seat];
  const name = nameOf(ui, seat);
  const turn = view.phase !== "over" && view.phase !== "setup" && view.turn === seat;
  const won = view.outcome && view.outcome.winners.includes(seat);
  const node = svg("g", {
    class: `cc-corner${turn ? " cc-to-move" : ""}${won ? " cc-winner" : ""}`, "data-seat": seat, "data-discs": discs.total,
  },
  tip(t("{name}, {squirrel}: {total} of {win} discs ({kinds})", {
    name: seat === ui.me ? name + YOU : name, squirrel: SQUIRRELS[seat], total: discs.total, win: view.win_total ?? WIN_TOTAL,
    kinds: KINDS.map((kind) => KIND_COUNTS[kind](discs[kind])).join(", "),
  })),
  svg("path", {
    class: "cc-store", stroke: PLAYER_COLOURS[seat],
    d: `M${ox} ${oy} L${ox + dx * STORE_R} ${oy} A${STORE_R} ${STORE_R} 0 0 ${left === bottom ? 0 : 1} ${ox} ${oy + dy * STORE_R} Z`,
  }));
  const [sx, sy] = [ox + dx * 28, oy + dy * 58];
  node.append(svg("circle", { class: "cc-stump", cx: sx, cy: sy, r: 19 }),
    svg("circle", { class: "cc-stump-ring", cx: sx, cy: sy, r: 12 }));
  if (view.squirrels[seat] === "home") {
    node.append(hopping(place(sx, sy - 1, 1.35, svg("g", { class: "cc-squirrel cc-home", "data-seat": seat }, squirrelPicture(seat))), `squirrel-${seat}`));
  } else {
    node.append(place(sx, sy, 0.75, svg("g", { class: "cc-sticker", opacity: 0.55 }, squirrelPicture(seat))));
  }
  const anchor = left ? "start" : "end";
  // The name in full in the band outside the box by its corner (half the width: room for a
  // 12-letter name and "(you)"; a longer one is squeezed, never cut: fitNames).
  const bandY = bottom ? SIZE + BAND / 2 : -BAND / 2;
  node.append(
    svg("circle", { class: "cc-band-dot", cx: left ? 10 : SIZE - 10, cy: bandY, r: 6, fill: PLAYER_COLOURS[seat] }),
    svg("text", {
      class: "cc-band-name player-name", x: left ? 22 : SIZE - 22, y: bandY + 5, "text-anchor": anchor,
      "data-fit": SIZE / 2 - 34, text: name + (seat === ui.me ? YOU : ""),
    }),
    svg("text", { class: "cc-count", x: ox + dx * 54, y: oy + dy * 54 + (bottom ? 4 : 12), "text-anchor": anchor, text: `${discs.total} / ${view.win_total ?? WIN_TOTAL}` }));
  const row = KINDS.flatMap((kind) => Array(discs[kind]).fill(kind));
  row.forEach((kind, i) => {
    node.append(place(ox + dx * (15 + 21 * i), oy + dy * 15, 1, svg("g", { class: "cc-disc", "data-kind": kind }, discPicture(kind))));
  });
  return node;
}

function drawTrunk(view, ui) {
  const node = svg("g", { class: "cc-trunk" },
    tip(t("The tree trunk: the squirrels' sanctuary")),
    svg("circle", { class: "cc-bark", cx: C, cy: C, r: TRUNK_R }),
    svg("circle", { class: "cc-wood", cx: C, cy: C, r: TRUNK_R - 6 }),
    svg("circle", { class: "cc-wood-ring", cx: C, cy: C, r: TRUNK_R - 16 }));
  if (view.freddy === "trunk") node.append(hopping(place(C, C, 1.7, svg("g", { class: "cc-freddy", "data-freddy": "trunk" }, freddyPicture())), "freddy"));
  view.squirrels.forEach((where, seat) => {
    if (where !== "trunk") return;
    const [x, y] = at(18, 2 + 4 * seat);
    node.append(hopping(place(x, y, 1.05, svg("g", { class: "cc-squirrel cc-on-trunk", "data-seat": seat }, tip(t("{name}'s squirrel fled to the tree trunk", { name: nameOf(ui, seat) })), squirrelPicture(seat))), `squirrel-${seat}`));
  });
  return node;
}

function drawDie(view) {
  const roll = view.roll;
  return svg("g", { class: "cc-die", "data-roll": roll || "" },
    tip(roll ? t("The die: the last roll shows {roll}", { roll: SECTION_NAMES[roll] || roll }) : t("The die: not rolled this turn yet")),
    svg("rect", { x: C - 18, y: SIZE - 40, width: 36, height: 36, rx: 7 }),
    roll ? place(C, SIZE - 22, 1.3, sectionPicture(roll)) : svg("text", { class: "cc-die-blank", x: C, y: SIZE - 16, "text-anchor": "middle", text: "?" }));
}

function drawArrow(direction, move, ui, mustMove) {
  const [x, y] = at(BOARD_R + 13, direction === "cw" ? 0.75 : -0.75);
  const words = direction === "cw" ? t("Turn the board one click clockwise") : t("Turn the board one click anticlockwise");
  const node = svg("g", { class: `cc-arrow${move ? "" : " cc-idle"}`, "data-direction": direction },
    tip(words),
    svg("circle", { class: "cc-reach", cx: x, cy: y, r: REACH_R }),
    svg("circle", { class: "cc-hit", cx: x, cy: y, r: 16 }),
    place(x, y, 1.2, svg("g", { transform: direction === "cw" ? undefined : "scale(-1 1)" }, arrowPicture())));
  if (move) actionable(node, move, ui);
  else if (mustMove && !ui.replay) explainable(node, direction, ui); // not now: the engine says why
  return node;
}

/** Leave the board as it is (``noturn``): drawn between the turn arrows when it is a move. */
function drawStill(move, ui) {
  if (!move) return null;
  const node = svg("g", { class: "cc-still" },
    tip(t("Leave the board as it is: no turn (your squirrel could not move)")),
    svg("rect", { class: "cc-hit", x: C - 31, y: 21, width: 62, height: 17, rx: 8.5 }),
    svg("text", { class: "cc-still-label", x: C, y: 33.5, "text-anchor": "middle", text: t("no turn") }));
  return actionable(node, move, ui);
}

function drawBoard(view, frame, ui, moves) {
  const { from, to } = boardAngle(view.rotation);
  const stay = moves.get("stay");
  const turning = svg("g", { class: "cc-turning", "data-rotation": view.rotation, "data-angle": to, style: `transform: rotate(${from}deg)` },
    svg("circle", { class: "cc-disc-board", cx: C, cy: C, r: BOARD_R }),
    SECTIONS.map((_, k) => drawSection(k, view, moves, ui)),
    svg("path", { class: "cc-grip", d: (() => { const [gx, gy] = at(BOARD_R - 4, -0.5); return `M${gx - 5} ${gy} a5 5 0 1 0 10 0 a5 5 0 1 0 -10 0`; })() }),
    svg("g", { class: "cc-holes" }, view.holes.map((hole) => drawHole(hole, view, known(view), ui, moves, stay))));
  const ticks = Array.from({ length: SLOTS }, (_, s) => {
    const [ax, ay] = at(BOARD_R + 2, s);
    const [bx, by] = at(BOARD_R + 7, s);
    return svg("line", { class: "cc-tick", x1: ax, y1: ay, x2: bx, y2: by });
  });
  const me = ui.me === null || ui.me === undefined ? 0 : ui.me;
  const freddyMove = [...moves.keys()].some((action) => action.startsWith("freddy:"));
  const root = svg("svg", {
    class: `cc-board${freddyMove ? " cc-freddy-move" : ""}`, viewBox: `0 ${-BAND} ${SIZE} ${SIZE + 2 * BAND}`, role: "img",
    "aria-label": t("Click Clack: the board at rotation {rotation} of {slots}", { rotation: view.rotation, slots: SLOTS }),
  },
  svg("rect", { class: "cc-box", x: 1, y: 1, width: SIZE - 2, height: SIZE - 2, rx: 14 }),
  view.discs.map((_, seat) => drawCorner(seat, (seat - me + 4) % 4, view, ui)),
  svg("circle", { class: "cc-well", cx: C, cy: C, r: BOARD_R + 9 }),
  ticks,
  turning,
  drawTrunk(view, ui),
  svg("text", { class: "cc-turn-label", x: C, y: 17, "text-anchor": "middle", text: t("turn") }),
  drawArrow("ccw", moves.get("ccw"), ui, moves.size > 0),
  drawArrow("cw", moves.get("cw"), ui, moves.size > 0),
  ui.buttons ? null : drawStill(moves.get("noturn"), ui), // a page with a status bar: a button there
  drawDie(view));
  return { root, turning, to };
}

function known(view) {
  if (!known.cache || known.cache.view !== view) {
    known.cache = {
      view,
      empty: new Set(view.known_empty),
      // A finished game's replay shows the whole layout (under_board); play shows what was seen.
      seen: new Map([...(view.under_board || []), ...view.seen].map((s) => [s.hollow, s.kind])),
    };
  }
  return known.cache;
}

/** The box bottom's hollows (the default "rings" board: 4 rings of 16) and what is known of them. */
function drawMemory(view) {
  if (view.board !== "rings") return null;
  const size = 200;
  const mid = size / 2;
  const radii = [34, 50, 66, 82];
  const facts = known(view);
  const taken = new Map(view.collections.map((c) => [c.hollow, c.kind]));
  const under = new Set(view.holes.map((h) => h.hollow));
  const dots = [];
  for (let hollow = 0; hollow < 4 * SLOTS; hollow += 1) {
    const ring = Math.floor(hollow / SLOTS);
    const [x, y] = at(radii[ring], hollow % SLOTS, mid, mid);
    const seen = facts.seen.get(hollow);
    const state = seen ? "seen" : taken.has(hollow) ? "taken" : facts.empty.has(hollow) ? "empty" : "unknown";
    const dot = svg("g", { class: `cc-hollow cc-${state}${under.has(hollow) ? " cc-under" : ""}`, "data-hollow": hollow, "data-state": state },
      svg("circle", { cx: x, cy: y, r: 6 }));
    if (seen) dot.append(place(x, y, 0.55, discPicture(seen)));
    if (taken.has(hollow) && !seen) dot.append(place(x, y, 0.5, svg("g", { opacity: 0.45 }, discPicture(taken.get(hollow)))));
    dots.push(dot);
  }
  return html("figure", { class: "cc-memory" },
    svg("svg", { viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": t("What everyone knows of the hollows under the board") },
      svg("circle", { class: "cc-memory-box", cx: mid, cy: mid, r: 94 }), dots),
    html("figcaption", {},
      LEGEND.title + " ", html("span", { class: "cc-key cc-key-unknown" }), " " + LEGEND.unknown + ", ",
      html("span", { class: "cc-key cc-key-empty" }), " " + LEGEND.empty + ", ",
      html("span", { class: "cc-key cc-key-seen" }), " " + LEGEND.seen + "; ",
      html("span", { class: "cc-key cc-key-under" }), " " + LEGEND.under));
}

function drawSide(view, ui) {
  const faces = ["frog", "butterfly", "snail", "beetle", "freddy", "freddy"];
  const dieFaces = svg("svg", { class: "cc-faces", viewBox: "0 0 168 28", role: "img", "aria-label": t("The die's faces; the last roll: {roll}", { roll: view.roll ? SECTION_NAMES[view.roll] || view.roll : NONE }) },
    faces.map((face, i) => svg("g", { class: `cc-face${face === view.roll ? " cc-rolled" : ""}` },
      svg("rect", { x: 2 + 28 * i, y: 2, width: 24, height: 24, rx: 5 }),
      place(14 + 28 * i, 14, 0.95, sectionPicture(face)))));
  const players = html("ul", { class: "cc-players" }, view.discs.map((discs, seat) => html("li", {
    class: `${view.turn === seat && view.phase !== "over" ? "cc-to-move" : ""}`, "data-seat": seat,
  },
  svg("svg", { class: "cc-swatch", viewBox: "-11 -12 22 22", "aria-hidden": "true" }, squirrelPicture(seat)),
  html("span", { class: "cc-player-name player-name", text: nameOf(ui, seat) + (seat === ui.me ? YOU : "") }),
  html("span", { class: "cc-player-discs", text: `${discs.total}/${view.win_total ?? WIN_TOTAL}` }),
  html("span", { class: "cc-player-kinds" }, KINDS.filter((kind) => discs[kind] > 0).map((kind) => html("span", { class: "cc-kind", title: KIND_NAMES[kind] },
    svg("svg", { viewBox: "-11 -11 22 22", "aria-hidden": "true" }, discPicture(kind)), `×${discs[kind]}`))))));
  const facts = [
    t("Turn {turn}", { turn: view.turns }),
    t("board at click {rotation} of {slots}", { rotation: view.rotation, slots: SLOTS }),
    tn("{n} discs left under the board", "{n} discs left under the board", view.on_board),
    view.freddy === "trunk" ? t("Freddy on the tree trunk") : t("Freddy in the {section} section", { section: SECTION_NAMES[view.freddy] || view.freddy }),
  ].join(" · ");
  return html("div", { class: "cc-side" },
    html("p", { class: "cc-phase", "data-phase": view.phase, text: phaseText(view, ui) }),
    html("div", { class: "cc-die-row" }, html("span", { text: DIE + " " }), dieFaces),
    html("p", { class: "cc-facts", text: facts }),
    players,
    drawMemory(view));
}

/** What the end screen's Score column says of ``seat``: its discs, in number and kind. */
export function scoreText(frame, seat) {
  const discs = frame.view && frame.view.discs && frame.view.discs[seat];
  if (!discs) return "";
  const kinds = KINDS.filter((kind) => discs[kind] > 0).map((kind) => KIND_COUNTS[kind](discs[kind]));
  const total = tn("{n} disc", "{n} discs", discs.total);
  return kinds.length ? `${total} (${kinds.join(", ")})` : total;
}

/** The discs found between the view drawn last and ``view`` (none for another game). */
function newFinds(before, view) {
  const old = (before && before.collections) || null;
  const now = view.collections || [];
  if (!old || before.spec !== view.spec || old.length >= now.length) return [];
  const same = old.every((c, i) => c.turn === now[i].turn && c.hollow === now[i].hollow && c.seat === now[i].seat);
  return same ? now.slice(old.length) : [];
}

function findWords(find, ui) {
  const disc = FOUND[find.kind] || find.kind;
  const found = find.seat === ui.me ? t("You found {disc}!", { disc }) : t("{name} found {disc}!", { name: nameOf(ui, find.seat), disc });
  if (find.by === find.seat || typeof find.by !== "number") return found;
  const turned = find.by === ui.me ? t("(you turned the board)") : t("({name} turned the board)", { name: nameOf(ui, find.by) });
  return `${found} ${turned}`;
}

/** The found-a-disc moment: a banner over the board for ~2 s (kept across redraws). */
function drawMoment(view, ui) {
  const finds = ui.replay ? [] : newFinds(last.view, view);
  last.view = view;
  const now = Date.now();
  if (finds.length) {
    last.moment = {
      started: now, seats: finds.map((f) => f.seat), kinds: finds.map((f) => f.kind),
      lines: finds.map((f) => findWords(f, ui)),
    };
  }
  const moment = last.moment;
  if (ui.replay || !moment || now - moment.started >= MOMENT_MS) {
    if (!ui.replay && moment) last.moment = null;
    return null;
  }
  const node = html("div", {
    class: "cc-moment", role: "status", "aria-live": "polite",
    "data-seats": moment.seats.join(" "), "data-kinds": moment.kinds.join(" "),
  },
  moment.kinds.slice(-3).map((kind) => svg("svg", { class: "cc-moment-disc", viewBox: "-11 -11 22 22", "aria-hidden": "true" }, discPicture(kind))),
  html("span", { class: "cc-moment-text" }, moment.lines.map((line) => html("span", { text: line }))));
  // A redraw within the moment continues its animation where it was, not from the start.
  node.style.animationDelay = `${-(now - moment.started)}ms`;
  node.addEventListener("animationend", () => node.remove());
  setTimeout(() => node.remove(), MOMENT_MS - (now - moment.started) + 100);
  return node;
}

export function draw(root, frame, ui) {
  const view = frame.view;
  const legal = ui.replay ? [] : frame.legal || [];
  const moves = new Map(legal.map((move) => [move.action, move]));
  const board = drawBoard(view, frame, ui, moves);
  const placed = new Set(["cw", "ccw", "noturn", "stay", ...view.holes.map((h) => h.hole), ...SECTIONS.map((s) => `freddy:${s}`)]);
  const inHole = ui.me !== null && ui.me !== undefined && /\d$/.test(view.squirrels[ui.me] || "");
  if (!inHole) placed.delete("stay"); // the squirrel to click for "stay" is not on the board
  const others = legal.filter((move) => !placed.has(move.action));
  if (ui.buttons) {
    // The move's own buttons (leave the board as it is...) go to the status bar, always in sight.
    const still = moves.get("noturn");
    const buttons = others.map((move) => actionable(html("button", { type: "button", text: move.text }), move, ui));
    if (still) buttons.unshift(actionable(html("button", { type: "button", class: "cc-still", text: still.text }), still, ui));
    ui.buttons.replaceChildren(...buttons);
  }
  root.replaceChildren(html("div", { class: "cc-layout" },
    html("div", { class: "cc-main" }, board.root, drawMoment(view, ui), others.length && !ui.buttons ? moveButtons(others, ui) : null),
    drawSide(view, ui)));
  fitNames(root);
  // Turn the board from where it was drawn last to its rotation now (CSS transition).
  void board.turning.getBoundingClientRect();
  board.turning.style.transform = `rotate(${board.to}deg)`;
}

/** The end screen's breakdown: each seat's discs of every kind (the Score column: the total). */
export function breakdown(view) {
  return {
    columns: KINDS.map((kind) => KIND_NAMES[kind]),
    rows: (view.discs || []).map((discs) => KINDS.map((kind) => discs[kind])),
  };
}
