// That's Pretty Clever's score pad in the browser: the checks and the score of
// games/clever/scorepad.py, so that the pad page needs no server once it is open. A sheet has the
// shape of the view's sheets ({yellow: 16 marks (0 open, 1 crossed, 2 printed X), blue: [sums],
// green: boxes crossed, orange: [numbers], purple: [numbers]}); ``layout`` is the view's printed
// sheet. tests/web/test_pad_page.py checks this port against the engine's pad, sheet by sheet.

const AREAS = ["yellow", "blue", "green", "orange", "purple"];
const BOXES = 11;
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
    if (sheet.yellow[cell] === 2) return `yellow row ${row}, column ${col} is a printed X`;
    if (sheet.yellow[cell]) return `yellow row ${row}: ${yellowValue(layout, cell)} is crossed twice`;
    return null;
  }
  if (target[0] === "B") {
    const total = Number(target.slice(1));
    return sheet.blue.includes(total) ? `blue: ${total} is crossed twice` : null;
  }
  const area = { G: "green", O: "orange", P: "purple" }[target];
  const filled = area === "green" ? sheet.green : sheet[area].length;
  if (filled >= BOXES) return `${area}: the area has only ${BOXES} boxes`;
  const where = `${area}, box ${filled + 1}`;
  if (area === "orange") {
    const times = layout.orange.multipliers[filled];
    if (value < 1) return `${where}: ${value} is below 1`;
    if (value > 6 * times) return `${where}: ${value} is more than ${times === 1 ? "6" : `${6 * times} (6 × ${times})`}`;
    if (value % times) {
      if (multiplied) return `${where}: ${value} is not a multiple of ${times}: this box is x${times}`;
      if (![4, 5, 6].includes(value)) {
        return `${where}: ${value} is neither ${times} × a die nor a bare bonus number 4, 5 or 6 (this box is x${times})`;
      }
    }
  }
  if (area === "purple") {
    if (!(value >= 1 && value <= 6)) return `${where}: ${value} is not a die value (1-6)`;
    const previous = sheet.purple[sheet.purple.length - 1];
    if (previous !== undefined && previous !== 6 && value <= previous) {
      return `${where}: ${value} is not higher than ${previous} (after a 6 anything may follow)`;
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
  const rows = grid.map((row) => `blue row ${span(row.filter((s) => s !== null))}`);
  const columns = [0, 1, 2, 3].map((c) => `blue column ${span(grid.map((row) => row[c]).filter((s) => s !== null))}`);
  return { rows, columns };
}

/** Every bonus the sheet's marks fire, as [source, bonus key], in the engine pad's order. */
export function fired(sheet, layout) {
  const found = [];
  const y = sheet.yellow;
  for (let r = 0; r < 4; r += 1) {
    if ([0, 1, 2, 3].every((c) => y[r * 4 + c])) found.push([`yellow row ${r + 1}`, layout.yellow.row_bonus[r]]);
  }
  if ([0, 5, 10, 15].every((cell) => y[cell])) found.push(["the yellow diagonal", layout.yellow.diagonal_bonus]);
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
    if (layout.green.bonus[box]) found.push([`green box ${box + 1}`, layout.green.bonus[box]]);
  }
  for (const area of ["orange", "purple"]) {
    sheet[area].forEach((_, box) => {
      if (layout[area].bonus[box]) found.push([`${area} box ${box + 1}`, layout[area].bonus[box]]);
    });
  }
  return found;
}

function gives(sources) {
  const listed = sources.length === 1 ? sources[0] : `${sources.slice(0, -1).join(", ")} and ${sources[sources.length - 1]}`;
  return `${listed} ${sources.length === 1 ? "gives" : "give"}`;
}

function a(count, one, many) {
  return count === 1 ? `${"aeiou".includes(one[0]) ? "an" : "a"} ${one}` : `${count} ${many}`;
}

function held(count, one, many) {
  if (!count) return `no ${one}`;
  return count === 1 ? `only 1 ${one}` : `only ${count} ${many}`;
}

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
      found.push({ area, box: null, message: `${gives(sources)} ${a(sources.length, `${area} cross`, `${area} crosses`)}, but ${held(count, `${area} box is crossed`, `${area} boxes are crossed`)} (a bonus is lost only when every ${area} box is crossed)` });
    }
  }
  const orange = sheet.orange;
  const times = layout.orange.multipliers;
  for (const value of [4, 5, 6]) {
    const sources = sourcesOf(`write_orange_${value}`);
    const holding = orange.filter((written, box) => written === value * (game.multiplied ? times[box] : 1));
    if (sources.length > holding.length && orange.length < BOXES) {
      const forms = game.multiplied ? `a ${value}, ${2 * value} on a ×2 box or ${3 * value} on the ×3 box` : `a bare ${value}, not multiplied`;
      found.push({ area: "orange", box: null, message: `${gives(sources)} ${a(sources.length, `orange ${value}`, `orange ${value}s`)}, but ${held(holding.length, "orange box holds one", "orange boxes hold one")} (${forms}; a bonus is lost only when every orange box is filled)` });
    }
    const bare = orange.map((written, box) => box).filter((box) => orange[box] === value && orange[box] % times[box]);
    if (bare.length > sources.length) {
      const box = bare[sources.length];
      found.push({ area: "orange", box: `box ${box + 1}`, message: `a ${value} on a ×${times[box]} box can only be the bonus ${value} written bare, and ${held(sources.length, "mark gives", "marks give")} an orange ${value}` });
    }
  }
  const sources = sourcesOf("write_purple_6");
  const sixes = sheet.purple.filter((v) => v === 6).length;
  if (sources.length > sixes && sheet.purple.length < BOXES) {
    found.push({ area: "purple", box: null, message: `${gives(sources)} ${a(sources.length, "purple 6", "purple 6s")}, but ${held(sixes, "purple box holds a 6", "purple boxes hold a 6")} (a bonus is lost only when every purple box is filled)` });
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
    const who = players === 1 ? "a solo game" : `a ${players}-player game`;
    found.push({ area: "sheet", box: null, message: `${marks} marks, but ${who} makes at most ${most}: ${picks} die picks in ${rounds} rounds, ${a(plusOnes, "extra die", "extra dice")} (+1), ${a(black, "black bonus", "black bonuses")} and ${a(bonusMarks, "bonus mark", "bonus marks")} fired by these marks` });
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

function purpleLeast(boxes) {
  let least = new Map([[0, 0]]);
  for (let i = 0; i < boxes; i += 1) {
    const step = new Map();
    for (const [last, total] of least) {
      for (let value = 1; value <= 6; value += 1) {
        if (last === 0 || last === 6 || value > last) step.set(value, Math.min(step.get(value) ?? Infinity, total + value));
      }
    }
    least = step;
  }
  return Math.min(...least.values());
}

/**
 * A quick count ({yellow, orange, purple: points; blue, green: crosses; foxes: count}) checked and
 * scored: {areas, total} or {problem: {area, message}}.
 */
export function quick(counts, layout) {
  const get = (key) => counts[key] || 0;
  const [yellow, blue, green, orange, purple, foxes] = ["yellow", "blue", "green", "orange", "purple", "foxes"].map(get);
  const fail = (area, message) => ({ problem: { area, box: null, message } });
  const sums = yellowSums(layout.yellow.column_points);
  if (!sums.includes(yellow)) return fail("yellow", `${yellow} points is no sum of complete columns (${layout.yellow.column_points.join(", ")}): ${sums.join(", ")}`);
  for (const [area, count] of [["blue", blue], ["green", green]]) {
    if (count > BOXES) return fail(area, `${count} crosses; the area has ${BOXES} boxes`);
  }
  const orangeMost = 6 * layout.orange.multipliers.reduce((s, m) => s + m, 0);
  for (const [area, points, most] of [["orange", orange, orangeMost], ["purple", purple, 6 * BOXES]]) {
    if (points > most) return fail(area, `${points} points is more than the area's most, ${most}`);
  }
  const greenBonus = layout.green.bonus;
  if (green >= greenBonus.indexOf("cross_blue") + 1 && !blue) return fail("blue", "green box 6 gives a blue cross, but no blue box is crossed");
  if (green >= greenBonus.indexOf("write_purple_6") + 1 && purple < 6) return fail("purple", `green box 9 gives a purple 6, but purple scores ${purple}`);
  const orangeFox = layout.orange.multipliers.slice(0, layout.orange.bonus.indexOf("fox") + 1).reduce((s, m) => s + m, 0);
  const possible = [
    ["yellow row 4", true], ["blue row 9-12", blue >= 4], ["green box 7", green >= greenBonus.indexOf("fox") + 1],
    ["orange box 8", orange >= orangeFox], ["purple box 7", purple >= purpleLeast(layout.purple.bonus.indexOf("fox") + 1)],
  ].filter(([, can]) => can).map(([source]) => source);
  if (foxes > possible.length) return fail("foxes", `${foxes} foxes, but these counts allow at most ${possible.length} (${possible.join(", ")})`);
  const areas = { yellow, blue: layout.blue.points[blue], green: layout.green.points[green], orange, purple };
  const weakest = Math.min(...AREAS.map((area) => areas[area]));
  const total = AREAS.reduce((s, area) => s + areas[area], 0) + foxes * weakest;
  return { areas: { ...areas, foxes: foxes * weakest }, foxCount: foxes, weakest, total };
}

/** The best single area, the rulebook's tie-break ("the best score in a single area decides"). */
export function bestArea(points) {
  return Math.max(...AREAS.map((area) => points[area] || 0));
}
