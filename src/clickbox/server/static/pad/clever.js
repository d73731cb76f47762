// That's Pretty Clever's score pad in the browser: the checks and the score of
// games/clever/scorepad.py, so that the pad page needs no server once it is open. A sheet has the
// shape of the view's sheets ({yellow: 16 marks (0 open, 1 crossed, 2 printed X), blue: [sums],
// green: boxes crossed, orange: [numbers], purple: [numbers]}); ``layout`` is the view's printed
// sheet. tests/web/test_pad_page.py checks this port against the engine's pad, sheet by sheet.
// Its words are the engine pad's (in English) and are translated here (static/i18n.js); the
// areas and boxes it names in a problem ({area, box}) stay the engine's, translated where shown.

import { t, tn } from "../i18n.js";

const AREAS = ["yellow", "blue", "green", "orange", "purple"];
const BOXES = 11;
const COLOUR_NAMES = { yellow: t("yellow"), blue: t("blue"), green: t("green"), orange: t("orange"), purple: t("purple") };
const MARK_BONUSES = ["cross_yellow", "cross_blue", "cross_green", "write_orange_4", "write_orange_5",
  "write_orange_6", "write_purple_6"];

/** A sheet with nothing written (the printed yellow X's only). */
export function emptySheet(layout) {
  return {
    yellow: layout.yellow.grid.flat().map((v) => (v === null ? 2 : 0)),
    blue: [], green: 0, orange: [], purple: [],
  };
}

/** The number printed on a yellow cell (0-15). */
function yellowValue(layout, cell) {
  return layout.yellow.grid[Math.floor(cell / 4)][cell % 4];
}

/** The values the next orange box may take, each with why not (null: allowed). */
export function orangeChoices(sheet, layout, multiplied) {
  const box = sheet.orange.length;
  if (box >= BOXES) return [];
  const times = layout.orange.multipliers[box];
  const choices = [1, 2, 3, 4, 5, 6].map((face) => ({ value: face * times, face }));
  if (!multiplied && times > 1) {
    for (const bare of [4, 5, 6]) {
      if (!choices.some((c) => c.value === bare)) choices.push({ value: bare, face: bare, bare: true });
    }
  }
  return choices.sort((a, b) => a.value - b.value);
}

/**
 * Why ``target`` ("Y23", "B7", "G", "O", "P") cannot take a mark (``value``: the number written
 * in orange or purple), in the pad's words; null if it can.
 */
export function refusal(sheet, layout, target, value, multiplied) {
  if (target[0] === "Y") {
    const row = Number(target[1]);
    const col = Number(target[2]);
    const cell = (row - 1) * 4 + (col - 1);
    if (sheet.yellow[cell] === 2) return t("yellow row {row}, column {column} is a printed X", { row, column: col });
    if (sheet.yellow[cell]) return t("yellow row {row}: {value} is crossed twice", { row, value: yellowValue(layout, cell) });
    return null;
  }
  if (target[0] === "B") {
    const total = Number(target.slice(1));
    return sheet.blue.includes(total) ? t("blue: {value} is crossed twice", { value: total }) : null;
  }
  const area = { G: "green", O: "orange", P: "purple" }[target];
  const filled = area === "green" ? sheet.green : sheet[area].length;
  if (filled >= BOXES) return t("{area}: the area has only {boxes} boxes", { area: COLOUR_NAMES[area], boxes: BOXES });
  const where = t("{area}, box {box}", { area: COLOUR_NAMES[area], box: filled + 1 });
  if (area === "orange") {
    const times = layout.orange.multipliers[filled];
    if (value < 1) return t("{where}: {value} is below 1", { where, value });
    if (value > 6 * times) {
      return times === 1 ? t("{where}: {value} is more than 6", { where, value })
        : t("{where}: {value} is more than {most} (6 × {times})", { where, value, most: 6 * times, times });
    }
    if (value % times) {
      if (multiplied) return t("{where}: {value} is not a multiple of {times}: this box is x{times}", { where, value, times });
      if (![4, 5, 6].includes(value)) {
        return t("{where}: {value} is neither {times} × a die nor a bare bonus number 4, 5 or 6 (this box is x{times})",
          { where, value, times });
      }
    }
  }
  if (area === "purple") {
    if (!(value >= 1 && value <= 6)) return t("{where}: {value} is not a die value (1-6)", { where, value });
    const previous = sheet.purple[sheet.purple.length - 1];
    if (previous !== undefined && previous !== 6 && value <= previous) {
      return t("{where}: {value} is not higher than {previous} (after a 6 anything may follow)", { where, value, previous });
    }
  }
  return null;
}

/** ``sheet`` with one more mark (the caller checked :func:`refusal`). */
export function mark(sheet, target, value) {
  const next = { ...sheet, yellow: [...sheet.yellow], blue: [...sheet.blue], orange: [...sheet.orange], purple: [...sheet.purple] };
  if (target[0] === "Y") next.yellow[(Number(target[1]) - 1) * 4 + Number(target[2]) - 1] = 1;
  else if (target[0] === "B") next.blue.push(Number(target.slice(1)));
  else if (target === "G") next.green += 1;
  else if (target === "O") next.orange.push(value);
  else next.purple.push(value);
  return next;
}

function blueNames(layout) {
  const grid = layout.blue.grid;
  const span = (sums) => `${Math.min(...sums)}-${Math.max(...sums)}`;
  const rows = grid.map((row) => t("blue row {span}", { span: span(row.filter((s) => s !== null)) }));
  const columns = [0, 1, 2, 3].map((c) => t("blue column {span}", { span: span(grid.map((row) => row[c]).filter((s) => s !== null)) }));
  return { rows, columns };
}

/** Every bonus the sheet's marks fire, as [source, bonus key], in the engine pad's order. */
export function fired(sheet, layout) {
  const found = [];
  const y = sheet.yellow;
  for (let r = 0; r < 4; r += 1) {
    if ([0, 1, 2, 3].every((c) => y[r * 4 + c])) found.push([t("yellow row {row}", { row: r + 1 }), layout.yellow.row_bonus[r]]);
  }
  if ([0, 5, 10, 15].every((cell) => y[cell])) found.push([t("the yellow diagonal"), layout.yellow.diagonal_bonus]);
  const names = blueNames(layout);
  const grid = layout.blue.grid;
  const crossed = (s) => s === null || sheet.blue.includes(s);
  grid.forEach((row, r) => {
    if (row.every(crossed)) found.push([names.rows[r], layout.blue.row_bonus[r]]);
  });
  for (let c = 0; c < 4; c += 1) {
    if (grid.every((row) => crossed(row[c]))) found.push([names.columns[c], layout.blue.column_bonus[c]]);
  }
  for (let box = 0; box < sheet.green; box += 1) {
    if (layout.green.bonus[box]) found.push([boxName("green", box + 1), layout.green.bonus[box]]);
  }
  for (const area of ["orange", "purple"]) {
    sheet[area].forEach((_, box) => {
      if (layout[area].bonus[box]) found.push([boxName(area, box + 1), layout[area].bonus[box]]);
    });
  }
  return found;
}

/** "green box 7", "orange box 8", "purple box 7": a box of a row area, as the pad names it. */
function boxName(area, box) {
  if (area === "green") return t("green box {box}", { box });
  if (area === "orange") return t("orange box {box}", { box });
  return t("purple box {box}", { box });
}

/** "A", "A and B", "A, B and C". */
function listed(sources) {
  if (sources.length === 1) return sources[0];
  return t("{list} and {last}", { list: sources.slice(0, -1).join(", "), last: sources[sources.length - 1] });
}

// What a bonus owed and not written says, per kind: who gives it (``n`` sources), what holds it
// (``count`` boxes), and the whole sentence.
const OWED = {
  cross_yellow: {
    gives: (n, sources) => tn("{sources} gives a yellow cross", "{sources} give {n} yellow crosses", n, { sources }),
    held: (count) => (count ? tn("only {n} yellow box is crossed", "only {n} yellow boxes are crossed", count) : t("no yellow box is crossed")),
    say: (gives, held) => t("{gives}, but {held} (a bonus is lost only when every yellow box is crossed)", { gives, held }),
  },
  cross_blue: {
    gives: (n, sources) => tn("{sources} gives a blue cross", "{sources} give {n} blue crosses", n, { sources }),
    held: (count) => (count ? tn("only {n} blue box is crossed", "only {n} blue boxes are crossed", count) : t("no blue box is crossed")),
    say: (gives, held) => t("{gives}, but {held} (a bonus is lost only when every blue box is crossed)", { gives, held }),
  },
  cross_green: {
    gives: (n, sources) => tn("{sources} gives a green cross", "{sources} give {n} green crosses", n, { sources }),
    held: (count) => (count ? tn("only {n} green box is crossed", "only {n} green boxes are crossed", count) : t("no green box is crossed")),
    say: (gives, held) => t("{gives}, but {held} (a bonus is lost only when every green box is crossed)", { gives, held }),
  },
  write_orange: {
    gives: (n, sources, value) => tn("{sources} gives an orange {value}", "{sources} give {n} orange {value}s", n, { sources, value }),
    held: (count) => (count ? tn("only {n} orange box holds one", "only {n} orange boxes hold one", count) : t("no orange box holds one")),
    say: (gives, held, forms) => t("{gives}, but {held} ({forms}; a bonus is lost only when every orange box is filled)", { gives, held, forms }),
  },
  write_purple_6: {
    gives: (n, sources) => tn("{sources} gives a purple 6", "{sources} give {n} purple 6s", n, { sources }),
    held: (count) => (count ? tn("only {n} purple box holds a 6", "only {n} purple boxes hold a 6", count) : t("no purple box holds a 6")),
    say: (gives, held) => t("{gives}, but {held} (a bonus is lost only when every purple box is filled)", { gives, held }),
  },
};

function yellowCrosses(sheet) {
  return sheet.yellow.filter((m) => m === 1).length;
}

/**
 * What the sheet still owes or can never be, each {area, box, message} as the engine's pad says
 * it, in its order (the first is the pad's refusal of the sheet as it stands): bonus marks fired
 * and not written (unless the area is full), bare orange numbers no bonus explains, and more
 * marks than the game gives. ``game`` is {multiplied, players, rounds}.
 */
export function problems(sheet, layout, game) {
  const found = [];
  const bonuses = fired(sheet, layout);
  const sourcesOf = (key) => bonuses.filter(([, bonus]) => bonus === key).map(([source]) => source);
  const crosses = [
    ["cross_yellow", "yellow", yellowCrosses(sheet), 12],
    ["cross_blue", "blue", sheet.blue.length, 11],
    ["cross_green", "green", sheet.green, BOXES],
  ];
  for (const [key, area, count, full] of crosses) {
    const sources = sourcesOf(key);
    if (sources.length > count && count < full) {
      const owed = OWED[key];
      found.push({ area, box: null, message: owed.say(owed.gives(sources.length, listed(sources)), owed.held(count)) });
    }
  }
  const orange = sheet.orange;
  const times = layout.orange.multipliers;
  for (const value of [4, 5, 6]) {
    const sources = sourcesOf(`write_orange_${value}`);
    const holding = orange.filter((written, box) => written === value * (game.multiplied ? times[box] : 1));
    if (sources.length > holding.length && orange.length < BOXES) {
      const forms = game.multiplied
        ? t("a {value}, {double} on a ×2 box or {triple} on the ×3 box", { value, double: 2 * value, triple: 3 * value })
        : t("a bare {value}, not multiplied", { value });
      const owed = OWED.write_orange;
      found.push({ area: "orange", box: null, message: owed.say(owed.gives(sources.length, listed(sources), value), owed.held(holding.length), forms) });
    }
    const bare = orange.map((written, box) => box).filter((box) => orange[box] === value && orange[box] % times[box]);
    if (bare.length > sources.length) {
      const box = bare[sources.length];
      const marks = sources.length ? tn("only {n} mark gives", "only {n} marks give", sources.length) : t("no mark gives");
      found.push({ area: "orange", box: `box ${box + 1}`, message: t("a {value} on a ×{times} box can only be the bonus {value} written bare, and {held} an orange {value}", { value, times: times[box], held: marks }) });
    }
  }
  const sources = sourcesOf("write_purple_6");
  const sixes = sheet.purple.filter((v) => v === 6).length;
  if (sources.length > sixes && sheet.purple.length < BOXES) {
    const owed = OWED.write_purple_6;
    found.push({ area: "purple", box: null, message: owed.say(owed.gives(sources.length, listed(sources)), owed.held(sixes)) });
  }
  const marks = yellowCrosses(sheet) + sheet.blue.length + sheet.green + orange.length + sheet.purple.length;
  const { players, rounds } = game;
  const picks = (3 + Math.max(players - 1, 1)) * rounds;
  const roundBonuses = layout.round_bonus.slice(0, rounds);
  const earned = roundBonuses.filter((b) => b === "plus1").length + bonuses.filter(([, b]) => b === "plus1").length;
  const plusOnes = Math.min(layout.track_spaces, earned);
  const black = roundBonuses.filter((b) => b === "black_x_or_6").length;
  const bonusMarks = bonuses.filter(([, b]) => MARK_BONUSES.includes(b)).length;
  const most = picks + plusOnes + black + bonusMarks;
  if (marks > most) {
    const who = players === 1 ? t("a solo game") : t("a {players}-player game", { players });
    const extra = tn("an extra die", "{n} extra dice", plusOnes);
    const blacks = tn("a black bonus", "{n} black bonuses", black);
    const bonus = tn("a bonus mark", "{n} bonus marks", bonusMarks);
    found.push({ area: "sheet", box: null, message: t("{marks} marks, but {game} makes at most {most}: {picks} die picks in {rounds} rounds, {extra} (+1), {black} and {bonus} fired by these marks", {
      marks, game: who, most, picks, rounds, extra, black: blacks, bonus,
    }) });
  }
  return found;
}

/** The five areas' points, the foxes and the total, as the engine scores them. */
export function score(sheet, layout) {
  const y = sheet.yellow;
  const yellow = layout.yellow.column_points.reduce((sum, points, c) => sum + ([0, 1, 2, 3].every((r) => y[r * 4 + c]) ? points : 0), 0);
  const areas = {
    yellow,
    blue: layout.blue.points[sheet.blue.length],
    green: layout.green.points[sheet.green],
    orange: sheet.orange.reduce((s, v) => s + v, 0),
    purple: sheet.purple.reduce((s, v) => s + v, 0),
  };
  const foxCount = fired(sheet, layout).filter(([, b]) => b === "fox").length;
  const weakest = Math.min(...AREAS.map((area) => areas[area]));
  const foxes = foxCount * weakest;
  const total = AREAS.reduce((s, area) => s + areas[area], 0) + foxes;
  return { ...areas, foxes, foxCount, weakest, total };
}

// -- the quick count (games/clever/scorepad.py: score_quick) ---------------------------------------

function yellowSums(points) {
  const sums = new Set();
  for (let m = 0; m < 16; m += 1) sums.add(points.reduce((s, p, bit) => s + (m >> bit & 1 ? p : 0), 0));
  return [...sums].sort((x, y) => x - y);
}

// The bonuses a quick count can owe, in order, and the area each is owed to.
const QUICK_OWED = ["cross_yellow", "cross_blue", "cross_green", "write_orange_4", "write_orange_5",
  "write_orange_6", "write_purple_6", "fox"];
const QUICK_OWED_AREA = ["yellow", "blue", "green", "orange", "orange", "orange", "purple", "foxes"];
const QUICK_AREAS = ["yellow", "blue", "green", "orange", "purple"];

/** Every mark that fires a bonus a quick count can owe: {key, area, name, bonus}, in the order
 * refusals list them (the engine pad's _SOURCE_ORDER). */
function quickSources(layout) {
  const found = [];
  const add = (key, area, name, bonus) => { if (QUICK_OWED.includes(bonus)) found.push({ key, area, name, bonus }); };
  layout.yellow.row_bonus.forEach((bonus, r) => add(`yr${r}`, "yellow", t("yellow row {row}", { row: r + 1 }), bonus));
  const names = blueNames(layout);
  layout.blue.row_bonus.forEach((bonus, r) => add(`br${r}`, "blue", names.rows[r], bonus));
  layout.blue.column_bonus.forEach((bonus, c) => add(`bc${c}`, "blue", names.columns[c], bonus));
  for (const area of ["green", "orange", "purple"]) {
    layout[area].bonus.forEach((bonus, box) => add(`${area}${box + 1}`, area, boxName(area, box + 1), bonus));
  }
  return found;
}

/** Every distinct way an area reaches its count, as [source keys, hold] (see the engine pad's
 * _ways: yellow holds its crosses; orange: full, the 4s, 5s, 6s held, the bare 4s, 5s, 6s;
 * purple: full, its 6s). */
function quickWays(area, count, layout, multiplied) {
  const ways = new Map();
  const add = (keys, hold) => ways.set(`${keys.join(",")}|${hold.join(",")}`, [keys, hold]);
  const firing = (name, boxes) => layout[name].bonus.slice(0, boxes).flatMap((b, i) => (QUICK_OWED.includes(b) ? [`${name}${i + 1}`] : []));
  if (area === "yellow") {
    const grid = layout.yellow.grid.flat();
    for (let mask = 0; mask < 1 << 16; mask += 1) {
      if (grid.some((v, cell) => v === null && mask >> cell & 1)) continue;
      const on = (cell) => grid[cell] === null || (mask >> cell & 1);
      const points = layout.yellow.column_points.reduce((s, p, c) => s + ([0, 1, 2, 3].every((r) => on(r * 4 + c)) ? p : 0), 0);
      if (points !== count) continue;
      const rows = [0, 1, 2, 3].filter((r) => [0, 1, 2, 3].every((c) => on(r * 4 + c)) && QUICK_OWED.includes(layout.yellow.row_bonus[r]));
      let crosses = 0;
      for (let m = mask; m; m >>= 1) crosses += m & 1;
      add(rows.map((r) => `yr${r}`), [crosses]);
    }
  } else if (area === "blue") {
    const grid = layout.blue.grid;
    for (let mask = 0; mask < 1 << 11; mask += 1) {
      let crosses = 0;
      for (let m = mask; m; m >>= 1) crosses += m & 1;
      if (crosses !== count) continue;
      const on = (s) => s === null || (mask >> (s - 2) & 1);
      const keys = [];
      grid.forEach((row, r) => { if (row.every(on) && QUICK_OWED.includes(layout.blue.row_bonus[r])) keys.push(`br${r}`); });
      for (let c = 0; c < 4; c += 1) {
        if (grid.every((row) => on(row[c])) && QUICK_OWED.includes(layout.blue.column_bonus[c])) keys.push(`bc${c}`);
      }
      add(keys, []);
    }
  } else if (area === "green") {
    add(firing("green", count), []);
  } else if (area === "orange") {
    let states = new Map([["0|0,0,0,0,0,0", [0, [0, 0, 0, 0, 0, 0]]]]);
    if (!count) add([], [0, 0, 0, 0, 0, 0, 0]);
    layout.orange.multipliers.forEach((times, box) => {
      const step = new Map();
      const written = new Set([1, 2, 3, 4, 5, 6].map((die) => die * times));
      if (!multiplied && times > 1) [4, 5, 6].forEach((v) => written.add(v));
      for (const [total, held] of states.values()) {
        for (const value of written) {
          if (total + value > count) continue;
          const marks = [...held];
          [4, 5, 6].forEach((bonus, i) => {
            if (value === bonus * (multiplied ? times : 1)) marks[i] = 1;
            if (value === bonus && value % times) marks[3 + i] = Math.min(2, marks[3 + i] + 1);
          });
          step.set(`${total + value}|${marks.join(",")}`, [total + value, marks]);
        }
      }
      states = step;
      for (const [total, held] of states.values()) {
        if (total === count) add(firing("orange", box + 1), [box + 1 === BOXES ? 1 : 0, ...held]);
      }
    });
  } else {
    let states = new Map([["0|0|0", [0, 0, 0]]]);
    if (!count) add([], [0, 0]);
    for (let box = 0; box < BOXES; box += 1) {
      const step = new Map();
      for (const [last, total, sixes] of states.values()) {
        for (let value = 1; value <= 6; value += 1) {
          if (total + value <= count && (last === 0 || last === 6 || value > last)) {
            const next = [value, total + value, Math.min(3, sixes + (value === 6 ? 1 : 0))];
            step.set(next.join("|"), next);
          }
        }
      }
      states = step;
      for (const [, total, sixes] of states.values()) {
        if (total === count) add(firing("purple", box + 1), [box + 1 === BOXES ? 1 : 0, sixes]);
      }
    }
  }
  return [...ways.values()];
}

/** How many of a bonus (its index in QUICK_OWED) a way of an area takes: 99 if full. */
function quickRoom(area, hold, index, count) {
  if (area === "yellow") return hold[0] === 12 ? 99 : hold[0];
  if (area === "blue" || area === "green") return count === BOXES ? 99 : count;
  if (hold[0]) return 99;
  return area === "orange" ? hold[1 + index - 3] : hold[1];
}

/**
 * A quick count ({yellow, orange, purple: points; blue, green: crosses; foxes: count, or
 * fox_points: the foxes' points, as Marquoir's counter takes them}) checked and scored: {areas,
 * total} or {problem: {area, message}}. Some sheet must give all the counts at once (the engine
 * pad's score_quick and _check_quick_bonuses).
 */
export function quick(counts, layout, multiplied = true) {
  const get = (key) => counts[key] || 0;
  const [yellow, blue, green, orange, purple] = ["yellow", "blue", "green", "orange", "purple"].map(get);
  const fail = (area, message) => ({ problem: { area, box: null, message } });
  const given = (key) => counts[key] !== undefined && counts[key] !== null;
  const byPoints = given("fox_points");
  if (byPoints && given("foxes")) return fail("fox points", t("give the foxes as a count or as points, not both"));
  const sums = yellowSums(layout.yellow.column_points);
  if (!sums.includes(yellow)) {
    return fail("yellow", t("{points} points is no sum of complete columns ({columns}): {sums}",
      { points: yellow, columns: layout.yellow.column_points.join(", "), sums: sums.join(", ") }));
  }
  for (const [area, count] of [["blue", blue], ["green", green]]) {
    if (count > BOXES) return fail(area, t("{count} crosses; the area has {boxes} boxes", { count, boxes: BOXES }));
  }
  const orangeMost = 6 * layout.orange.multipliers.reduce((s, m) => s + m, 0);
  for (const [area, points, most] of [["orange", orange, orangeMost], ["purple", purple, 6 * BOXES]]) {
    if (points > most) return fail(area, t("{points} points is more than the area's most, {most}", { points, most }));
  }
  const values = [yellow, blue, green, orange, purple];
  const sources = quickSources(layout);
  const scores = [yellow, layout.blue.points[blue], layout.green.points[green], orange, purple];
  const weakest = Math.min(...scores);
  const mostFoxes = sources.filter((s) => s.bonus === "fox").length;
  let wanted = [get("foxes")];  // the fox counts the foxes given may be
  if (byPoints) {
    const points = get("fox_points");
    wanted = [...Array(mostFoxes + 1).keys()].filter((n) => n * weakest === points);
    if (!wanted.length) {
      return fail("fox points", t("{points} points is no number of foxes (0-{most}) × the weakest area's {weakest}",
        { points, most: mostFoxes, weakest }));
    }
  }
  const foxArea = byPoints ? "fox points" : "foxes";
  const heldFoxes = byPoints ? `${t("fox points")}: ${get("fox_points")}` : `${t("foxes")}: ${get("foxes")}`;
  const byKey = new Map(sources.map((s, order) => [s.key, { ...s, order }]));
  const every = QUICK_AREAS.map((area, i) => quickWays(area, values[i], layout, multiplied));
  const certain = every.flatMap((ways) => ways[0][0].filter((key) => ways.every(([keys]) => keys.includes(key))))
    .map((key) => byKey.get(key)).sort((a, b) => a.order - b.order);
  const countWords = (area) => {
    const n = values[QUICK_AREAS.indexOf(area)];
    return area === "blue" || area === "green"
      ? tn("{area}: {n} cross", "{area}: {n} crosses", n, { area: COLOUR_NAMES[area] })
      : tn("{area}: {n} point", "{area}: {n} points", n, { area: COLOUR_NAMES[area] });
  };
  const bonusWords = (bonus, n) => ({
    fox: () => tn("a fox", "{n} foxes", n),
    cross_yellow: () => tn("a yellow cross", "{n} yellow crosses", n),
    cross_blue: () => tn("a blue cross", "{n} blue crosses", n),
    cross_green: () => tn("a green cross", "{n} green crosses", n),
    write_purple_6: () => tn("a purple 6", "{n} purple 6s", n),
  }[bonus] || (() => tn("an orange {value}", "{n} orange {value}s", n, { value: Number(bonus.slice(-1)) })))();
  const fire = (fired) => t("{counts} fire {bonus} ({sources})", {
    counts: listed(QUICK_AREAS.filter((area) => fired.some((s) => s.area === area)).map(countWords)),
    bonus: bonusWords(fired[0].bonus, fired.length),
    sources: fired.map((s) => s.name).join(", "),
  });
  const sureFoxes = certain.filter((s) => s.bonus === "fox");
  if (sureFoxes.length > Math.max(...wanted)) {
    return fail(foxArea, t("{given}, but {held}", { given: fire(sureFoxes), held: heldFoxes }));
  }
  const possible = sources.filter((s) => s.bonus === "fox" && every.some((ways) => ways.some(([keys]) => keys.includes(s.key))));
  if (Math.min(...wanted) > possible.length) {
    return fail(foxArea, t("{foxes} foxes, but these counts allow at most {most} ({sources})",
      { foxes: Math.min(...wanted), most: possible.length, sources: possible.map((s) => s.name).join(", ") }));
  }
  const whys = {
    yellow: () => t("a bonus is lost only when every yellow box is crossed"),
    blue: () => t("a bonus is lost only when every blue box is crossed"),
    green: () => t("a bonus is lost only when every green box is crossed"),
    orange: () => t("a bonus is lost only when every orange box is filled"),
    purple: () => t("a bonus is lost only when every purple box is filled"),
  };
  for (let index = 0; index < QUICK_OWED.length - 1; index += 1) {
    const area = QUICK_OWED_AREA[index];
    const at = QUICK_AREAS.indexOf(area);
    const sure = certain.filter((s) => s.bonus === QUICK_OWED[index]);
    const room = Math.max(...every[at].map(([, hold]) => quickRoom(area, hold, index, values[at])));
    if (sure.length > room) {
      return fail(area, t("{given}, but {held} ({why})", { given: fire(sure), held: countWords(area), why: whys[area]() }));
    }
  }
  const owedOf = (keys) => QUICK_OWED.map((bonus) => keys.filter((key) => byKey.get(key).bonus === bonus).length);
  const pruned = every.map((ways) => {
    const seen = new Map();
    for (const [keys, hold] of ways) seen.set(`${owedOf(keys)}|${hold}`, [owedOf(keys), hold]);
    return [...seen.values()];
  });
  const fits = (chosen, foxes) => {
    const owed = QUICK_OWED.map((_, i) => chosen.reduce((s, [o]) => s + o[i], 0));
    if (owed[owed.length - 1] !== foxes) return false;
    for (let index = 0; index < QUICK_OWED.length - 1; index += 1) {
      const at = QUICK_AREAS.indexOf(QUICK_OWED_AREA[index]);
      if (owed[index] > quickRoom(QUICK_OWED_AREA[index], chosen[at][1], index, values[at])) return false;
    }
    return chosen[3][1].slice(4).every((n, i) => n <= owed[3 + i]);
  };
  const search = (chosen, foxCount) => (chosen.length === pruned.length
    ? fits(chosen, foxCount) : pruned[chosen.length].some((way) => search([...chosen, way], foxCount)));
  const foxes = wanted.find((foxCount) => search([], foxCount));
  if (foxes === undefined) {
    return fail("sheet", t("no sheet gives all these counts at once: a bonus they fire together would be missing, or the foxes would differ"));
  }
  const areas = { yellow, blue: scores[1], green: scores[2], orange, purple };
  const total = AREAS.reduce((s, area) => s + areas[area], 0) + foxes * weakest;
  return { areas: { ...areas, foxes: foxes * weakest }, foxCount: foxes, weakest, total };
}

/** The best single area, the rulebook's tie-break ("the best score in a single area decides"). */
export function bestArea(points) {
  return Math.max(...AREAS.map((area) => points[area] || 0));
}
