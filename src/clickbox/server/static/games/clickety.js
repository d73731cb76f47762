// Clickety Clack: the dice pool in the middle and every player's board with its five rows.
// A move takes three clicks: the die to take, the die it clicks onto, then the row to write the
// sum in (the row's next space). A failed roll, and taking a die without writing after a second
// failure, are buttons under the pool.

import { actionable, explainable, fitNames, html, keepFocus, selectable, svg, tip } from "../board.js";
import { t, tn } from "../i18n.js";
import { ruleName } from "../pad/clickety.js";

const MARKERS = ["#1f5fbf", "#c62828", "#2e7d32", "#7b1fa2"]; // one dry-erase marker per seat
const CELL = 40; // a space of a row
const STEP = 42; // from one space to the next
const FINISH_GAP = 10; // the finish line sits between spaces 6 and 7 (a variant's: finish_line)
const ROWS_X = 58;
const ROWS_Y = 40;
const ROW_H = 70; // tall enough that a row's target is 44 px high on a phone
const WIDTH = 560;
const HEIGHT = ROWS_Y + 5 * ROW_H + 50;
const CLICK = /^([1-6])\+([1-6])>([1-5])$/;
const TAKE_ONLY = /^x([1-6])$/;

// What this viewer has picked so far (a take die, then an onto die), per state version.
let picked = { version: null, take: null, onto: null };
let shownOther = null; // the other board shown on a narrow screen (tabs); null: follow the turn

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/** A die showing ``face`` (null: not rolled yet) with its top left corner at x, y. */
function die(face, x, y, size, attrs = {}) {
  const half = size / 2;
  const spread = size * 0.27;
  const body = [
    svg("rect", { x: 0, y: 0, width: size, height: size, rx: size * 0.18, class: "cc-die-body" }),
  ];
  if (face) {
    for (const [dx, dy] of PIPS[face]) {
      const [cx, cy] = [half + dx * spread, half + dy * spread];
      body.push(svg("circle", { cx, cy, r: size * 0.09, class: "cc-pip" }));
    }
  } else {
    body.push(svg("text", { x: half, y: half, class: "cc-die-unknown", "font-size": size * 0.6, text: "?" }));
  }
  const cls = ["cc-die", attrs.class].filter(Boolean).join(" ");
  return svg("g", { ...attrs, class: cls, transform: `translate(${x} ${y})` }, ...body);
}

/** The moves of ``legal`` sorted by kind: clicks {take, onto, row, move}, a fail, takes. */
function readMoves(legal) {
  const clicks = [];
  const takeOnly = new Map();
  const other = [];
  let fail = null;
  for (const move of legal) {
    const click = CLICK.exec(move.action);
    const take = TAKE_ONLY.exec(move.action);
    if (click) clicks.push({ take: +click[1], onto: +click[2], row: +click[3], move });
    else if (take) takeOnly.set(+take[1], move);
    else if (move.action === "x") fail = move;
    else other.push(move);
  }
  return { clicks, takeOnly, fail, other };
}

/** The dice taken from the pool this round, in order, with who took them (read from the log). */
function takenThisRound(view) {
  const takes = [];
  for (const entry of view.log || []) {
    const text = typeof entry === "string" ? entry : entry.move;
    const click = CLICK.exec(text);
    const take = TAKE_ONLY.exec(text);
    if (click) takes.push({ face: +click[1], sum: +click[1] + +click[2], row: +click[3] });
    else if (take) takes.push({ face: +take[1], sum: null, row: null });
  }
  const count = view.dice_taken || 0;
  const round = count ? takes.slice(-count) : [];
  const seats = round.map((_, i) => (view.starter + i) % view.players);
  // The last number written: its seat took the latest die (the starter, when a round is new).
  const last = takes.length ? takes[takes.length - 1] : null;
  const lastSeat = count ? seats[count - 1] : view.round > 1 ? view.starter : null;
  const lastWrite = last && last.row && lastSeat !== null ? { seat: lastSeat, row: last.row - 1 } : null;
  return { dice: round.map((take, i) => ({ ...take, seat: seats[i] })), lastWrite };
}

/** A row's rule symbol centred on x, y (drawn where a font may lack the glyph). */
function ruleSymbol(rule, symbol, x, y) {
  if (rule === "zigzag") {
    const points = [[-12, 7], [-4, -7], [4, 7], [12, -7]].map(([dx, dy]) => `${x + dx},${y + dy}`);
    return svg("polyline", { points: points.join(" "), class: "cc-rule-line" });
  }
  if (rule === "2-6 / 8-12") {
    return svg("text", { x, y, "font-size": 12 },
      svg("tspan", { x, dy: "-0.55em", text: "2–6" }),
      svg("tspan", { x, dy: "1.15em", text: "8–12" }));
  }
  return svg("text", { x, y, "font-size": symbol.length > 1 ? 16 : 22, text: symbol });
}

/** The x of a space; the finish line (after space ``finish``, the board's) leaves a gap. */
function spaceX(space, finish = 6) {
  return ROWS_X + space * STEP + (space >= finish ? FINISH_GAP : 0);
}

/** Points of a row holding ``filled`` numbers: the value under its rightmost number. */
function rowPoints(points, filled) {
  return filled ? points[filled - 1] || 0 : 0;
}

/**
 * One player's board: rule symbols, the five rows (written numbers, pre-printed ones, the finish
 * line, the points under the spaces and of each row), the failed-roll spaces and the total.
 * ``targets`` maps a row (0-4) to the move writing the picked sum there, with ``sum`` shown.
 */
function boardSvg(view, seat, ui, options) {
  const { targets = new Map(), sum = null, lastWrite = null, pair = null, acting = false } = options;
  const b = view.board;
  const player = view.boards[seat];
  const marker = MARKERS[seat % MARKERS.length];
  const toMove = view.to_move === seat || (view.to_move === "chance" && view.turn === seat);
  const name = ui.names[seat] || t("Seat {number}", { number: seat + 1 });
  const finishX = spaceX(b.finish_line, b.finish_line) - FINISH_GAP / 2 - 1;
  const nodes = [];

  const title = name + (seat === ui.me ? " " + t("(you)") : "") + (toMove ? " · " + t("to move") : "");
  nodes.push(svg("rect", { x: 1, y: 1, width: WIDTH - 2, height: HEIGHT - 2, rx: 12, class: "cc-sheet" }));
  nodes.push(svg("rect", {
    x: 1, y: 1, width: WIDTH - 2, height: 30, rx: 12, class: toMove ? "cc-head cc-head-turn" : "cc-head",
  }));
  nodes.push(svg("circle", { cx: 18, cy: 16, r: 7, fill: marker }));
  // The whole name, never cut: a very long one is squeezed to the room it has (fitNames).
  nodes.push(svg("text", { x: 32, y: 21, class: "cc-name player-name", "data-fit": WIDTH - 32 - 80, text: title }));
  nodes.push(svg("text", { x: WIDTH - 12, y: 21, class: "cc-side", text: t("{side} side", { side: b.side }) }));
  const finishEnd = ROWS_Y + 5 * ROW_H - 8;
  nodes.push(svg("line", { x1: finishX, y1: ROWS_Y - 6, x2: finishX, y2: finishEnd, class: "cc-finish" },
    tip(t("the finish line"))));
  nodes.push(svg("text", { x: finishX, y: ROWS_Y - 1, class: "cc-finish-label", text: t("finish") }));

  for (let r = 0; r < 5; r += 1) {
    const y = ROWS_Y + r * ROW_H;
    const row = player.rows[r];
    const open = player.open[r];
    let target = null;
    nodes.push(svg("g", { class: "cc-rule", "data-rule": b.rules[r] },
      svg("rect", { x: 8, y, width: 44, height: CELL, rx: 6 }),
      ruleSymbol(b.rules[r], b.symbols[r], 30, y + CELL / 2),
      tip(t("row {row}: {rule}", { row: r + 1, rule: ruleName(b.rules[r]) }))));
    for (let s = 0; s < b.spaces; s += 1) {
      const x = spaceX(s, b.finish_line);
      const value = b.points[r][s];
      const written = row[s];
      const printed = b.row5 && r === 4 ? b.row5[s] : null;
      const spaceClass = value === null ? "cc-space cc-novalue" : "cc-space";
      const cell = [svg("rect", { x, y, width: CELL, height: CELL, rx: 4, class: spaceClass })];
      if (printed !== null) {
        const printedClass = written === undefined ? "cc-printed cc-printed-open" : "cc-printed";
        cell.push(svg("text", { x: x + 4, y: y + 9, class: printedClass, text: printed }));
      }
      cell.push(svg("text", {
        x: x + CELL / 2, y: y + CELL + 10, class: "cc-points", text: value === null ? "–" : value,
      }));
      const label = [t("row {row}, space {space}", { row: r + 1, space: s + 1 })];
      if (written !== undefined) {
        const last = lastWrite?.seat === seat && lastWrite.row === r && s === row.length - 1;
        cell.push(svg("text", {
          x: x + CELL / 2, y: y + CELL / 2 + 1, fill: marker, "data-row": r, "data-space": s,
          class: last ? "cc-written cc-last" : "cc-written", text: written,
        }));
        if (last) {
          cell.push(svg("circle", {
            cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - 3, class: "cc-last-ring", stroke: marker,
          }));
        }
        label.push(last ? t("holds {value} (the latest number written)", { value: written }) : t("holds {value}", { value: written }));
      } else if (s === row.length) {
        label.push(open.length ? t("next; fits {sums}", { sums: open.join(", ") }) : t("next; no number fits any more"));
      }
      if (value === null) label.push(t("no points"));
      else label.push(tn("{n} points", "{n} points", value));
      cell.push(tip(label.join(": ")));
      const group = svg("g", { class: "cc-cell" }, ...cell);
      if (s === row.length && targets.has(r)) {
        // The rest of the row (its points box too) and the gaps above and below it take the
        // tap as well: a target of at least 44 x 44 px on a phone.
        const gap = (ROW_H - CELL) / 2;
        group.append(svg("rect", { x, y: y - gap, width: WIDTH - 10 - x, height: ROW_H, class: "cc-hit" }));
        group.append(svg("text", {
          x: x + CELL / 2, y: y + CELL / 2 + 1, class: "cc-preview", text: sum,
        }));
        group.classList.add("cc-target");
        actionable(group, targets.get(r), ui);
        target = group;
        continue;
      }
      if (s === row.length && !open.length) {
        group.classList.add("cc-blocked");
      }
      if (s === row.length && acting) {
        // Not a target now: a tap says why (the engine's reason for this sum in this row).
        explainable(group, pair ? `${pair.take}+${pair.onto}>${r + 1}` : null, ui,
          t("Tap the die to take in the pool first, then the die it clicks onto: the rows its sum may go to light up."));
      }
      nodes.push(group);
    }
    const points = rowPoints(b.points[r], row.length);
    nodes.push(svg("g", { class: "cc-rowpoints" },
      svg("rect", { x: WIDTH - 58, y, width: 48, height: CELL, rx: 6 }),
      svg("text", { x: WIDTH - 34, y: y + CELL / 2 + 1, class: points ? "" : "cc-zero", text: points }),
      tip(b.points_provisional ? t("row {row} scores {points} (provisional values)", { row: r + 1, points })
        : t("row {row} scores {points}", { row: r + 1, points }))));
    if (target) nodes.push(target); // above the spaces and the points box its tap area covers
  }

  const footY = ROWS_Y + 5 * ROW_H + 4;
  nodes.push(svg("text", { x: 12, y: footY + 20, class: "cc-foot-label", text: t("failed rolls") }));
  b.penalties.forEach((minus, i) => {
    const x = 96 + i * 48;
    const crossed = i < player.penalties;
    nodes.push(svg("g", { class: crossed ? "cc-penalty crossed" : "cc-penalty" },
      svg("rect", { x, y: footY, width: 40, height: 32, rx: 4 }),
      svg("text", { x: x + 20, y: footY + 17, text: `${minus}` }),
      crossed ? svg("path", {
        d: `M${x + 5} ${footY + 5}L${x + 35} ${footY + 27}M${x + 35} ${footY + 5}L${x + 5} ${footY + 27}`,
        stroke: marker, class: "cc-cross",
      }) : null,
      tip(crossed ? t("failed roll space {points}, crossed", { points: minus }) : t("failed roll space {points}", { points: minus }))));
  });
  if (b.points_provisional) {
    nodes.push(svg("text", { x: 300, y: footY + 20, class: "cc-foot-label", text: t("points provisional") },
      tip(t("the B side's point values are not published: the project uses the A side's"))));
  }
  nodes.push(svg("g", { class: "cc-total" },
    svg("text", { x: WIDTH - 70, y: footY + 20, class: "cc-foot-label", text: t("total") }),
    svg("rect", { x: WIDTH - 58, y: footY - 2, width: 48, height: 36, rx: 6 }),
    svg("text", { x: WIDTH - 34, y: footY + 17, "data-score": player.score, text: player.score }),
    tip(t("{name}: {score} points so far", { name, score: player.score }))));

  return svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "cc-board", "data-seat": seat,
    role: "img", "aria-label": t("{name}'s board", { name }),
  }, ...nodes);
}

/**
 * The pool: every die with its face; the picked ones lifted and labelled. ``room`` is the width
 * it has (px, 0: not known): dice that would be drawn smaller than 44 px (a finger) in one row
 * go in two.
 */
function poolSvg(view, pick, room) {
  const faces = view.pool.length ? view.pool : [];
  const unrolled = view.dice_to_roll || 0;
  const count = Math.max(faces.length + unrolled, 1);
  const step = 46;
  const size = 42;
  const perRow = room && (count * step + 2) * 1.06 > room ? Math.ceil(count / 2) : count;
  const spot = (i) => [5 + (i % perRow) * step, Math.floor(i / perRow) * 70];
  const nodes = [];
  faces.forEach((face, i) => {
    const role = i === pick.take ? "take" : i === pick.onto ? "onto" : null;
    const attrs = { "data-face": face, "data-key": `die-${i}`, class: "cc-pool-die" };
    const [x, y] = spot(i);
    const node = die(face, x, y + (role ? 6 : 12), size, attrs);
    node.append(tip(t("a die showing {face}", { face })));
    pick.decorate(node, i, face);
    nodes.push(node);
    if (role) {
      nodes.push(svg("text", { x: x + size / 2, y: y + 64, class: "cc-die-role", text: role === "take" ? t("take") : t("onto") }));
    }
  });
  for (let i = 0; i < unrolled; i += 1) {
    const [x, y] = spot(faces.length + i);
    nodes.push(die(null, x, y + 12, size, { class: "cc-rolling" }));
  }
  if (!faces.length && !unrolled) {
    nodes.push(svg("text", { x: 8, y: 38, class: "cc-empty", text: t("no dice in the pool") }));
  }
  const width = perRow * step + 2;
  const height = Math.ceil(count / perRow) * 70;
  return svg("svg", {
    viewBox: `0 0 ${width} ${height}`, class: "cc-pool",
    style: `width: min(100%, ${Math.round(width * 1.25)}px)`,
    role: "group", "aria-label": t("the dice pool"),
  }, ...nodes);
}

/** The dice taken from the pool this round: who took which, and what they wrote. */
function takenLine(view, taken, ui) {
  const chips = taken.dice.map((take) => html("span", { class: "cc-chip" },
    html("span", {
      class: "cc-chip-name player-name", style: `color: ${MARKERS[take.seat % MARKERS.length]}`,
      text: ui.names[take.seat] || t("Seat {number}", { number: take.seat + 1 }),
    }),
    svg("svg", {
      viewBox: "0 0 22 22", class: "cc-chip-die", "data-face": take.face, role: "img",
      "aria-label": t("took a {face}", { face: take.face }),
    }, die(take.face, 1, 1, 20)),
    html("span", {
      class: "cc-chip-sum", text: take.sum ? t("= {sum} in row {row}", { sum: take.sum, row: take.row }) : t("wrote nothing"),
    })));
  const count = t("Taken this round ({taken} of {dice}):", { taken: view.dice_taken || 0, dice: 2 * view.players });
  return html("div", { class: "cc-taken" },
    html("span", { class: "cc-taken-label", text: count }),
    chips.length ? chips : html("span", { class: "cc-chip-none", text: t("none yet") }));
}

/** The line above the pool: the round, whose turn, and what to pick next. */
function statusText(view, legal, ui, moves, pool) {
  const names = ui.names;
  const head = view.to_move === "end" ? t("Last round: {round}", { round: view.round }) : t("Round {round}", { round: view.round });
  if (view.to_move === "end") return `${head}.`;
  const mover = view.to_move === "chance" ? view.turn : view.to_move;
  if (!legal.length) {
    const who = mover === ui.me ? t("your turn") : t("{name}'s turn", { name: names[mover] || t("Seat {number}", { number: mover + 1 }) });
    const rolling = view.to_move === "chance" ? " " + t("(the dice are rolling)") : "";
    const failed = view.failed_this_turn ? " " + t("(failed once: the pool was rerolled)") : "";
    return `${head} · ${who}${rolling}${failed}.`;
  }
  const parts = [t("{round} · your turn.", { round: head })];
  if (view.failed_this_turn) {
    parts.push(t("You failed once and the pool was rerolled; if nothing fits again, take a die and write nothing."));
  }
  if (picked.take === null) {
    parts.push(moves.clicks.length ? t("Pick the die to take from the pool.")
      : moves.takeOnly.size ? t("No sum fits your rows: pick a die to take.") : t("No sum fits your rows."));
  } else {
    const take = pool[picked.take];
    if (picked.onto === null) parts.push(t("You take the {take}: now pick the die to click it onto.", { take }));
    else {
      const onto = pool[picked.onto];
      parts.push(t("{take} clicked onto {onto} makes {sum}: tap a highlighted row to write it.", { take, onto, sum: take + onto }));
    }
  }
  return parts.join(" ");
}

/** Draw the pool and the boards into ``root``; see static/games.js for the arguments. */
/**
 * The question to ask before ``action`` is sent, or null: a failed roll while the roll still
 * offers a sum to write costs penalty points for nothing, so the table asks first.
 */
export function confirmText(action, frame) {
  if (action !== "x") return null;
  const moves = readMoves(frame.legal || []);
  if (!moves.clicks.length) return null;
  return tn("You can still write a sum ({n} way). Declare a failed roll anyway: cross a penalty space and reroll?",
    "You can still write a sum ({n} ways). Declare a failed roll anyway: cross a penalty space and reroll?", moves.clicks.length);
}

export function draw(root, frame, ui) {
  const view = frame.view;
  if (picked.version !== view.version) picked = { version: view.version, take: null, onto: null };
  const legal = ui.replay ? [] : frame.legal || [];
  const moves = readMoves(legal);
  const pool = view.pool;
  const taken = takenThisRound(view);
  const redraw = () => keepFocus(root, () => draw(root, frame, ui));
  const takeFace = picked.take === null ? null : pool[picked.take];
  const ontoFace = picked.onto === null ? null : pool[picked.onto];
  const takeFaces = new Set([...moves.clicks.map((c) => c.take), ...moves.takeOnly.keys()]);
  const ontoFaces = new Set(moves.clicks.filter((c) => c.take === takeFace).map((c) => c.onto));

  const pick = {
    take: picked.take,
    onto: picked.onto,
    decorate(node, index, face) {
      if (!legal.length) return;
      let label = null;
      let onSelect = null;
      if (index === picked.take) {
        label = t("put the {face} back (choose again)", { face });
        onSelect = () => { picked.take = null; picked.onto = null; };
      } else if (index === picked.onto) {
        label = t("do not click onto this {face}", { face });
        onSelect = () => { picked.onto = null; };
      } else if (picked.take !== null && ontoFaces.has(face)) {
        label = t("click the {take} onto this {face}: {sum}", { take: takeFace, face, sum: takeFace + face });
        onSelect = () => { picked.onto = index; };
      } else if (takeFaces.has(face)) {
        label = t("take this {face}", { face });
        onSelect = () => { picked.take = index; picked.onto = null; };
      }
      if (!onSelect) return;
      const chosen = index === picked.take || index === picked.onto;
      node.dataset.pick = index === picked.take ? "taken" : index === picked.onto ? "onto-picked"
        : picked.take !== null && ontoFaces.has(face) ? "onto" : "take";
      selectable(node, label, chosen, () => { onSelect(); redraw(); });
      node.classList.add("legal"); // a spot to tap now, like the rows and buttons of a move
    },
  };

  const targets = new Map();
  if (takeFace !== null && ontoFace !== null) {
    for (const c of moves.clicks) {
      if (c.take === takeFace && c.onto === ontoFace) targets.set(c.row - 1, c.move);
    }
  }

  const me = frame.seat !== null && frame.seat !== undefined && view.boards[frame.seat] ? frame.seat : null;
  const button = (text, move) => actionable(html("button", { type: "button", text }), move, ui);
  const buttons = [];
  if (takeFace !== null && moves.takeOnly.has(takeFace)) {
    buttons.push(button(t("Take the {face} and write nothing", { face: takeFace }), moves.takeOnly.get(takeFace)));
  }
  for (const move of [...moves.other, ...(moves.fail && me === null ? [moves.fail] : [])]) {
    buttons.push(button(move.text, move));
  }
  if (moves.fail && me !== null) {
    // The costly button: last, small, and worded as what it costs (table.js asks to confirm it
    // while a sum could still be written: confirmText below).
    const next = view.board.penalties[Math.min(view.boards[me].penalties, view.board.penalties.length - 1)];
    const fail = button(t("Failed roll ({points} points)", { points: next }), moves.fail);
    fail.title = t("Failed roll (costs {points} points): cross a penalty space and reroll", { points: next });
    fail.classList.add("cc-fail", "secondary");
    buttons.push(fail);
  }

  const others = view.boards.map((_, seat) => seat).filter((seat) => seat !== me);
  const mover = view.to_move === "chance" ? view.turn : view.to_move;
  let shown = others.includes(shownOther) ? shownOther : others.includes(mover) ? mover : others[0];
  if (shown === undefined) shown = null;

  // The move's own buttons go to the status bar (always in sight) where the page has one.
  if (ui.buttons) ui.buttons.replaceChildren(...buttons);
  const children = [
    html("p", { class: "cc-status", "aria-live": "polite", text: statusText(view, legal, ui, moves, pool) }),
    html("div", { class: "cc-middle" }, poolSvg(view, pick, root.clientWidth - 20), takenLine(view, taken, ui)),
    buttons.length && !ui.buttons ? html("div", { class: "board-buttons cc-buttons" }, buttons) : null,
  ];
  if (me !== null) {
    const sum = takeFace !== null && ontoFace !== null ? takeFace + ontoFace : null;
    children.push(html("div", { class: "cc-mine" },
      boardSvg(view, me, ui, {
        targets, sum, lastWrite: taken.lastWrite, acting: legal.length > 0,
        pair: takeFace !== null && ontoFace !== null ? { take: takeFace, onto: ontoFace } : null,
      })));
  }
  if (others.length) {
    const tabs = others.length < 2 ? null : html("div",
      { class: "cc-tabs", role: "tablist", "aria-label": t("boards") },
      others.map((seat) => {
        const tab = html("button", {
          type: "button", role: "tab", class: seat === shown ? "cc-tab shown" : "cc-tab",
          "aria-selected": seat === shown ? "true" : "false", "data-key": `tab-${seat}`,
          text: t("{name} ({score} pts)", { name: ui.names[seat] || t("Seat {number}", { number: seat + 1 }), score: view.boards[seat].score }),
        });
        tab.style.borderColor = MARKERS[seat % MARKERS.length];
        tab.addEventListener("click", () => { shownOther = seat; redraw(); });
        return tab;
      }));
    children.push(html("div", { class: me === null ? "cc-others cc-all" : "cc-others" }, tabs,
      others.map((seat) => html("div", { class: seat === shown ? "cc-other shown" : "cc-other" },
        boardSvg(view, seat, ui, { lastWrite: taken.lastWrite })))));
  }
  root.replaceChildren(html("div", { class: "cc" }, children));
  fitNames(root);
  // Your board fills the height the window has left under what is drawn above it.
  const mine = root.querySelector(".cc-mine");
  if (mine) root.style.setProperty("--cc-above", `${Math.ceil(mine.getBoundingClientRect().top - root.getBoundingClientRect().top)}px`);
}

/**
 * The score pad's drawing (static/pad.js): one player's board as printed, every row with room
 * tappable (its next space). ``pad`` is {board, rows, open: [sums each row takes], penalties,
 * score, name}; ``tap(action)`` gets ``row:R`` (R 0-4) for a row.
 */
export function drawPad(root, pad, tap) {
  const view = {
    board: pad.board, to_move: "end", turn: 0,
    boards: [{ rows: pad.rows, open: pad.open, penalties: pad.penalties, score: pad.score }],
  };
  const targets = new Map();
  pad.rows.forEach((row, r) => {
    if (row.length < pad.board.spaces) targets.set(r, { action: `row:${r}`, text: t("write a number in row {row}", { row: r + 1 }) });
  });
  const ui = { act: tap, names: [pad.name], me: null };
  root.replaceChildren(html("div", { class: "cc cc-pad" }, boardSvg(view, 0, ui, { targets, sum: "+" })));
  fitNames(root);
}

/** The end screen's breakdown: each seat's points in every row and its failed rolls' minus points. */
export function breakdown(view) {
  const b = view.board;
  const minus = (crossed) => b.penalties.slice(0, crossed).reduce((sum, points) => sum + points, 0);
  return {
    columns: [...b.points.map((_, r) => t("row {row}", { row: r + 1 })), t("penalties")],
    rows: view.boards.map((player) => [...player.rows.map((row, r) => rowPoints(b.points[r], row.length)), minus(player.penalties)]),
  };
}
