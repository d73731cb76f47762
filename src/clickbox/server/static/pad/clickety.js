// Clickety Clack's score pad in the browser: the row rules, the end check and the score of
// games/clickety/rules.py and scorepad.py, so that the pad page needs no server once it is open.
// ``board`` is the view's board ({side, rules: [names], points, row5, spaces, finish_line,
// penalties}) with the pad's facts (rows_past_finish_to_end, full_rows_to_end).
// tests/web/test_pad_page.py checks this port against the engine, row by row and board by board.
// Its words are the engine's (in English), translated here (static/i18n.js).

import { t } from "../i18n.js";

const NO_PAIRS = [6, 7, 8];
const RULE_NAMES = {
  "all different": t("all different"), ascending: t("ascending"), descending: t("descending"),
  "even/odd alternating": t("even/odd alternating"), "pre-printed numbers": t("pre-printed numbers"),
  "ascending or descending": t("ascending or descending"), "outside the range so far": t("outside the range so far"),
  pairs: t("pairs"), zigzag: t("zigzag"), "2-6 / 8-12": t("2-6 / 8-12"),
};

/** A row rule's name (the board's, as data) in words. */
export function ruleName(rule) {
  return RULE_NAMES[rule] || rule;
}

/** Why row ``rule`` (its name on the board) does not take ``total`` after ``row``; null if it does. */
export function refusal(rule, row, total, row5, spaces = 10) {
  const n = row.length;
  if (n >= spaces) return t("the row is full");
  if (rule === "pairs") {
    if (n % 2) return total === row[n - 1] ? null : t("{value} must be repeated to make a pair", { value: row[n - 1] });
    if (NO_PAIRS.includes(total)) return t("pairs of 6, 7 or 8 are not allowed");
    return row.includes(total) ? t("the pair {value}-{value} is already used", { value: total }) : null;
  }
  if (row.includes(total)) return t("the row already holds {value}", { value: total });
  if (rule === "pre-printed numbers") return total === row5[n] ? null : t("the next pre-printed number is {value}", { value: row5[n] });
  if (rule === "2-6 / 8-12" && total === 7) return t("7 is never allowed in this row");
  if (n === 0) return null;
  const last = row[n - 1];
  const oneWay = rule === "ascending or descending" && n >= 2;
  if (rule === "ascending" || (oneWay && row[1] > row[0])) {
    return total > last ? null : t("the row is ascending: the next number must be above {last}", { last });
  }
  if (rule === "descending" || (oneWay && row[1] < row[0])) {
    return total < last ? null : t("the row is descending: the next number must be below {last}", { last });
  }
  if (rule === "even/odd alternating" && total % 2 === last % 2) {
    return last % 2 === 0 ? t("the row alternates even and odd: after {last} comes an odd number", { last })
      : t("the row alternates even and odd: after {last} comes an even number", { last });
  }
  if (rule === "outside the range so far") {
    const low = Math.min(...row);
    const high = Math.max(...row);
    if (low < total && total < high) return t("the next number must be below {low} or above {high}", { low, high });
  }
  if (rule === "zigzag" && n >= 2) {
    const before = row[n - 2];
    if (last > before && total > last) return t("the row zigzags: it went up to {last}, so the next number must be below it", { last });
    if (last < before && total < last) return t("the row zigzags: it went down to {last}, so the next number must be above it", { last });
  }
  if (rule === "2-6 / 8-12") {
    const switched = row.some((v) => v < 7) && row.some((v) => v > 7);
    if (switched && (total < 7) !== (last < 7)) {
      return t("the row has switched ranges once already and stays in {range}", { range: last < 7 ? "2-6" : "8-12" });
    }
  }
  return null;
}

/** The sums 2-12 each with its refusal (null: the row takes it). */
export function choices(board, rows, r) {
  const sums = [];
  for (let total = 2; total <= 12; total += 1) sums.push({ total, why: refusal(board.rules[r], rows[r], total, board.row5 || [], board.spaces) });
  return sums;
}

function rowsWords(rows) {
  return t("rows {rows} and {last}", { rows: rows.slice(0, -1).join(", "), last: rows[rows.length - 1] });
}

function endConditions(board, lengths) {
  const met = [];
  const past = lengths.map((n, i) => [n, i + 1]).filter(([n]) => n > board.finish_line).map(([, i]) => i);
  if (past.length >= board.rows_past_finish_to_end) met.push(t("{rows} are past the finish line", { rows: rowsWords(past) }));
  const full = lengths.map((n, i) => [n, i + 1]).filter(([n]) => n === board.spaces).map(([, i]) => i);
  if (full.length >= board.full_rows_to_end) met.push(t("{rows} are full", { rows: rowsWords(full) }));
  return met;
}

/**
 * The engine pad's refusal of a board that would have ended the game a round earlier (rows of
 * these lengths), as {area, box, message}; null if its last round could have ended it.
 */
export function endedEarlier(board, lengths) {
  const options = [[]];
  for (let r = 0; r < 5; r += 1) {
    options.push([r], [r, r]);
    for (let other = r + 1; other < 5; other += 1) options.push([r, other]);
  }
  for (const option of options) {
    const before = [...lengths];
    for (const r of option) before[r] -= 1;
    if (Math.min(...before) >= 0 && !endConditions(board, before).length) return null;
  }
  const reasons = endConditions(board, lengths).reduce((first, second) => t("{first} and {second}", { first, second }));
  return {
    area: "sheet", box: null,
    message: t("{reasons}: a player writes at most two numbers a round and the game ends at the end of the round in which a board has {past} rows past the finish line or {full} full rows, so this board would have ended the game a round earlier", {
      reasons, past: board.rows_past_finish_to_end, full: board.full_rows_to_end,
    }),
  };
}

/** Each row's points (the value under its rightmost number), the penalties and the total. */
export function score(board, lengths, penalties) {
  const rows = lengths.map((n, r) => (n ? board.points[r][n - 1] || 0 : 0));
  const minus = board.penalties.slice(0, penalties).reduce((s, p) => s + p, 0);
  return { rows, penalties: minus, total: rows.reduce((s, p) => s + p, 0) + minus };
}
