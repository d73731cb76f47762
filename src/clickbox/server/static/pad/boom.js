// Click Click Boom's coin count in the browser: the checks and the winner of
// games/boom/scorepad.py (the most coins after the last shootout; a tie broken by the fewest
// BOOM cards left, then the fewest steals, then the draw). ``facts`` is the pad's
// ({shootouts, start_coins, booms_each, steals_each, showdowns}); tests/web/test_pad_page.py
// checks this port against the engine.
// Its words are the engine pad's (in English), translated here (static/i18n.js).

import { t } from "../i18n.js";

// Each tie-breaker: its key, how it breaks a tie (``how``: the engine's words, kept as data and
// translated by ``verdict``), and what to give for it.
const BREAKS = [
  ["booms", "the fewest BOOM cards left", () => t("each player's BOOM cards left unplayed ('booms:')")],
  ["steals", "the fewest steals", () => t("the steals in each player's played pile ('steals:')")],
];
const HOW = {
  "the fewest BOOM cards left": t("the fewest BOOM cards left"),
  "the fewest steals": t("the fewest steals"),
  "the draw for the Click card": t("the draw for the Click card"),
};

function listed(names) {
  return names.length === 1 ? names[0] : t("{list} and {last}", { list: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

/**
 * What the cards allow of the tie-break counts (the engine pad's _check_cards), or null: the
 * facts' BOOM and Steal cards a player, and a shootout's showdowns at most (one fewer than a
 * hand's cards).
 */
function cardProblem(facts, key, counts, names) {
  if (!counts || counts.length !== names.length || !counts.every(Number.isInteger)) return null;
  const total = counts.reduce((s, n) => s + n, 0);
  if (key === "booms") {
    const cards = facts.booms_each * names.length;
    const holding = counts.flatMap((n, seat) => (n > 1 ? [seat] : []));
    if (total <= cards - holding.length) return null;
    const message = total > cards
      ? t("{total} BOOM cards left unplayed; the game has {cards} ({each} a player)", { total, cards, each: facts.booms_each })
      : t("{total} BOOM cards left unplayed, but {names} kept more than one, so blew up playing one (a shootout played to its end leaves each survivor 1 card): at most {most} of the {cards} BOOM cards are left",
        { total, names: listed(holding.map((s) => names[s])), most: cards - holding.length, cards });
    return { area: "booms", box: null, message };
  }
  const seat = counts.findIndex((n) => n > facts.showdowns);
  if (seat >= 0) {
    return { area: "steals", box: `player ${seat + 1}`,
      message: t("{steals} steals played, but a shootout has at most {showdowns} showdowns, one card played in each", { steals: counts[seat], showdowns: facts.showdowns }) };
  }
  const cards = facts.steals_each * names.length;
  if (total > cards) return { area: "steals", box: null, message: t("{total} steals played; the game has {cards} Steal cards ({each} a player)", { total, cards, each: facts.steals_each }) };
  return null;
}

/**
 * The count so far: {shootouts: [[coins per player]] (complete ones, in order), booms, steals:
 * [per player], draw: seat or null} for ``names``. Answers {finals, winner, how, played} or
 * {problem: {area, message}} (a refusal or a tie-breaker to give), in the engine pad's words.
 */
export function count(facts, names, entry) {
  const players = names.length;
  const held = facts.start_coins * players;
  const shootouts = entry.shootouts;
  if (!shootouts.length) return { problem: { area: "sheet", message: t("no shootout: write each player's coins after it") } };
  for (const [i, coins] of shootouts.entries()) {
    const area = `shootout ${i + 1}`;
    const bad = coins.findIndex((c) => !(Number.isInteger(c) && c >= 0 && c <= held));
    if (bad >= 0) return { problem: { area, box: `player ${bad + 1}`, message: t("'{value}' is not a whole number 0-{most}", { value: coins[bad], most: held }) } };
    const sum = coins.reduce((s, c) => s + c, 0);
    if (sum > held) {
      return { problem: { area, message: t("{sum} coins together; the table holds {held} ({each} each)", { sum, held, each: facts.start_coins }) } };
    }
  }
  for (const key of ["booms", "steals"]) {
    const problem = cardProblem(facts, key, entry[key], names);
    if (problem) return { problem };
  }
  const finals = shootouts[shootouts.length - 1];
  const most = Math.max(...finals);
  let tied = finals.map((c, seat) => seat).filter((seat) => finals[seat] === most);
  let how = "the most coins";
  const ask = (area, give) => ({ problem: { area, ask: true,
    message: t("{names} are tied with {most} coins: give {give} to break the tie", { names: listed(tied.map((s) => names[s])), most, give }) } });
  for (const [key, words, give] of BREAKS) {
    if (tied.length < 2) break;
    const values = entry[key] || [];
    if (tied.some((seat) => !Number.isInteger(values[seat]))) return { finals, ...ask(key, give()) };
    const least = Math.min(...tied.map((seat) => values[seat]));
    tied = tied.filter((seat) => values[seat] === least);
    how = words;
  }
  if (tied.length > 1) {
    if (entry.draw === null || entry.draw === undefined) {
      return { finals, ...ask("draw", t("who drew the Click card ('draw: N', N counted from the first player)")) };
    }
    if (!tied.includes(entry.draw)) {
      return { finals, problem: { area: "draw", message: t("only {names} draw for the Click card", { names: listed(tied.map((s) => names[s])) }) } };
    }
    tied = [entry.draw];
    how = "the draw for the Click card";
  }
  return { finals, winner: tied[0], how, played: shootouts.length };
}

/** The engine pad's note on the winner ("Winner (after 2 of 3): Bo with 16 coins; ..."). */
export function verdict(facts, names, result) {
  const fields = { name: names[result.winner], coins: result.finals[result.winner], played: result.played, shootouts: facts.shootouts };
  const winner = result.played === facts.shootouts ? t("Winner: {name} with {coins} coins", fields)
    : t("Winner (after {played} of {shootouts}): {name} with {coins} coins", fields);
  if (result.how === "the most coins") return winner;
  return t("{winner}; the tie is broken by {how}", { winner, how: HOW[result.how] || result.how });
}
