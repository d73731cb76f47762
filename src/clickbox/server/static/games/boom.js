// Click Click Boom drawn as it looks: the seats at the table, every hand (the other
// players' faces, your own hand as backs), the two table cards with what the pickers said, the
// played piles, coins, the pot, the characters, the First Player token and the showdown.
//
// A pick takes two clicks: a card of the current player's hand (or their left card, for the
// Advanced "same card"), then what you say about it. Every other move is one click on its spot
// (your table card to reveal it, a hand to swap with, the pot to loot...); moves with no spot
// (skip) are buttons in the status bar (under the drawing in the replay viewer).
//
// Your own seat is at the top, right under the status bar, the other seats compact under it, so
// that what a decision needs is on the screen without scrolling.

import { actionable, explainable, html, moveButtons, selectable, svg, tip } from "../board.js";
import { t } from "../i18n.js";

const CARD_W = 38;
const CARD_H = 54;
const MINI = 0.6; // played cards are drawn small
const KIND_LABEL = { pay: t("Pay 1"), steal: t("2 Stolen"), click: t("Click"), boom: t("BOOM") };
// A variant's Pay and Steal amounts (pay_amount, steal_amount in the table's spec), read at
// each drawing: a card says what it does at this table.
const amounts = { pay: 1, steal: 2 };

/** A kind of card in words, with this table's Pay and Steal amounts. */
function cardWords(kind) {
  if (kind === "pay" && amounts.pay !== 1) return t("Pay {amount}", { amount: amounts.pay });
  if (kind === "steal" && amounts.steal !== 2) return t("{amount} Stolen", { amount: amounts.steal });
  return KIND_LABEL[kind];
}

/** A number of the rules from a spec ("click-click-boom(players=4,pay_amount=2)"). */
function specNumber(spec, name, rulebook) {
  const found = new RegExp(`[(,]${name}=(\\d+)`).exec(spec || "");
  return found ? Number(found[1]) : rulebook;
}
const CLAIM_ORDER = ["", "pay", "steal", "click", "boom"];
const CLAIM_BUTTON = { "": t("nothing"), pay: t("Pay"), steal: t("Steal"), click: t("Click"), boom: t("BOOM!") };
const CHARACTERS = {
  carla: { name: "Carla Coyote", short: t("survives a BOOM"), color: "#a0522d",
    text: t("Card Shark: if her revealed card is a BOOM it goes back into her hand; a random card is played instead and she stays alive.") },
  brandon: { name: "Brandon Bull", short: t("forces a card"), color: "#6d4c41",
    text: t("Deputy: at the start of the showdown he makes any player reveal the card he names; a Steal revealed that way pays him.") },
  heather: { name: "Heather Horse", short: t("asks a picker"), color: "#7b1fa2",
    text: t("Sheriff: at the start of the showdown a neighbour must tell her truthfully which card they picked for her.") },
  felix: { name: "Felix Fox", short: t("swaps hands"), color: "#d84315",
    text: t("Grifter: at the start of his turn he may swap hands with another player who has not had a turn.") },
  rory: { name: "Rory Raccoon", short: t("loots the pot"), color: "#455a64",
    text: t("Outlaw: at the end of a showdown he takes coins from the pot, one per card in his played pile.") },
  jill: { name: "Jill Jackrabbit", short: t("peeks at a card"), color: "#2e7d32",
    text: t("Quickdraw: at the start of her turn she may look at one card of her own hand.") },
};
const ABILITY = { ready: t("ready"), used: t("used") };

/** "A and B" (and "A and B and C"). */
function joinAnd(names) {
  return names.reduce((first, second) => t("{first} and {second}", { first, second }));
}

/** A seat's left or right table card in words: "your left card", "Ann's right card". */
function sideCard(mine, name, side) {
  if (mine) return side === "left" ? t("your left card") : t("your right card");
  return side === "left" ? t("{name}'s left card", { name }) : t("{name}'s right card", { name });
}
const PICK = /^([LR])(\d|=)(?::([a-z]+))?$/;

// Your seat is drawn first, at the top: on a desktop beside the middle of the table, the other
// seats in a row (or two) of panels under them; on a phone over the middle and a narrow row per
// other seat, the one whose hand you pick from opened up to full-size cards. (The drawing units
// are about CSS px: 1000 wide on a desktop, 390 on a phone.)
const DESK_W = 1000;
const OWN_DESK = { w: 610, h: 162 };
const TALL = { w: 326, h: 236 };
const ROW_W = 380;
const OWN_ROW_H = 150;
const ROW_H = 80;
const OPEN_H = 146;
const GAP = 5;
const PILE = 0.4; // the played pile in a phone's row of another seat
// On a phone every spot to tap is at least TAP drawing units (the drawing is scaled to the
// screen: 44 CSS px or more at a 390 px wide screen).
const TAP = 50;

const memo = { version: null, selected: null, last: null, narrow: null, listening: false, keyboard: false };

/** Draw the game into ``root`` (the table page and the replay viewer call this on every frame). */
export function draw(root, frame, ui) {
  const version = frame.view ? frame.view.version : null;
  if (version !== memo.version) {
    memo.version = version;
    memo.selected = null;
  }
  memo.last = { root, frame, ui };
  amounts.pay = specNumber(frame.view?.spec, "pay_amount", 1);
  amounts.steal = specNumber(frame.view?.spec, "steal_amount", 2);
  if (!memo.listening) {
    memo.listening = true;
    // A card chosen with the keyboard moves the focus on to what can be said about it.
    document.addEventListener("keydown", () => { memo.keyboard = true; }, true);
    document.addEventListener("pointerdown", () => { memo.keyboard = false; }, true);
    window.addEventListener("resize", () => {
      const last = memo.last;
      if (last && isNarrow(last.root) !== memo.narrow) render(last.root, last.frame, last.ui);
    });
  }
  render(root, frame, ui);
}

function isNarrow(root) {
  const width = root.clientWidth || window.innerWidth;
  return width < 640;
}

function rerender() {
  const last = memo.last;
  if (last) render(last.root, last.frame, last.ui);
}

function render(root, frame, ui) {
  const view = frame.view;
  if (!view || !view.seats) {
    root.replaceChildren();
    return;
  }
  memo.narrow = isNarrow(root);
  const ctx = context(view, frame, ui);
  if (memo.selected && !ctx.picks.has(memo.selected)) memo.selected = null;
  const picture = drawTable(ctx, memo.narrow);
  const rest = [...ctx.spots.entries()].filter(([key]) => !ctx.placed.has(key)).map(([, move]) => move);
  for (const [key, moves] of ctx.picks) if (!ctx.placedPicks.has(key)) rest.push(...moves);
  const children = [html("p", { class: "ccb-prompt", text: prompt(ctx) }), picture];
  const buttons = [...ctx.buttons, ...rest];
  if (buttons.length) {
    // The status bar's slot keeps them in sight (skip, say...); the replay viewer has none.
    const row = moveButtons(buttons, ui, "board-buttons ccb-buttons");
    if (ui.buttons) ui.buttons.append(...row.children);
    else children.push(row);
  }
  children.push(showdownPanel(ctx), shootoutTable(ctx));
  root.replaceChildren(...children.filter(Boolean));
  fitTexts(root);
}

/** Fit a drawn text with a room (a name, a badge) into it by a smaller font, never cutting it. */
function fitTexts(root) {
  for (const node of root.querySelectorAll("text[data-room]")) {
    const room = Number(node.dataset.room);
    const length = node.getComputedTextLength();
    if (room > 0 && length > room) {
      const size = parseFloat(getComputedStyle(node).fontSize);
      node.style.fontSize = `${Math.floor((size * room * 10) / length) / 10}px`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// What the viewer can do, and where on the drawing each move is made.

function context(view, frame, ui) {
  const me = ui.me ?? frame.seat ?? null;
  const n = view.players || view.seats.length;
  const names = view.seats.map((_, s) => (ui.names && ui.names[s]) || t("Seat {number}", { number: s + 1 }));
  const ctx = {
    view, frame, ui, me, n, names,
    bottom: me ?? 0,
    legal: frame.legal || [],
    picks: new Map(), // "L2" / "R=" -> the moves (one per claim)
    spots: new Map(), // "hand:3", "table:1:left", "pot", "char:jill" ... -> move
    buttons: [], // moves with no spot
    placed: new Set(),
    placedPicks: new Set(),
    committed: new Set((frame.table && frame.table.committed) || []),
    awaiting: new Set((frame.table && frame.table.awaiting) || []),
  };
  for (const move of ctx.legal) {
    const pick = PICK.exec(move.action);
    if (pick) {
      const key = pick[1] + pick[2];
      if (!ctx.picks.has(key)) ctx.picks.set(key, []);
      ctx.picks.get(key).push({ ...move, claim: pick[3] || "" });
      continue;
    }
    const spot = spotOf(move.action, ctx);
    if (spot && !ctx.spots.has(spot)) ctx.spots.set(spot, move);
    else ctx.buttons.push(move);
  }
  for (const moves of ctx.picks.values()) moves.sort((a, b) => CLAIM_ORDER.indexOf(a.claim) - CLAIM_ORDER.indexOf(b.claim));
  return ctx;
}

function spotOf(action, ctx) {
  const me = ctx.me;
  if (me === null) return null;
  if (action === "left" || action === "right") return `table:${me}:${action}`;
  if (action.startsWith("ask:")) return `table:${me}:${action.slice(4)}`;
  if (action === "pass:unrevealed") {
    const seat = ctx.view.seats[me];
    const side = seat.left ? "left" : seat.right ? "right" : null;
    return side && `table:${me}:${side}`;
  }
  if (action === "pass:random" || action === "peek") return `hand:${me}`;
  if (action === "save") return `played:${me}`;
  if (action === "loot") return "pot";
  let m = /^swap:(\d)$/.exec(action);
  if (m) return `hand:${m[1]}`;
  m = /^force:(\d):(left|right)$/.exec(action);
  if (m) return `table:${m[1]}:${m[2]}`;
  m = /^char:([a-z]+)$/.exec(action);
  if (m) return `char:${m[1]}`;
  return null;
}

/** A card or hand that is not a move while the viewer must move: a click says what to do. */
function explain(ctx, node) {
  if (ctx.legal.length && !ctx.ui.replay) explainable(node, null, ctx.ui, t("Not that one. {prompt}", { prompt: prompt(ctx) }));
  return node;
}

/** Make ``node`` the spot of the move at ``key``, if there is one; return whether it is. */
function place(ctx, key, node) {
  const move = ctx.spots.get(key);
  if (!move) return false;
  actionable(node, move, ctx.ui);
  ctx.placed.add(key);
  return true;
}

function prompt(ctx) {
  const { view, names, legal, frame } = ctx;
  if (view.outcome) return t("Every card is face up.");
  if (frame.choice && view.phase === "pass") return t("Your pass ({choice}) is in; waiting for the others to pass.", { choice: frame.choice });
  if (frame.choice) return t("Your choice ({choice}) is in; waiting for the others to choose.", { choice: frame.choice });
  if (!legal.length) {
    if (ctx.me === null) return ctx.ui.replay ? "" : t("You are watching: you see what every player may see.");
    const own = view.seats[ctx.me];
    if (view.phase === "pass" && own && own.pass) {
      return own.pass === "random" ? t("You have passed (a random card); waiting for the others to pass.")
        : t("You have passed (the unrevealed card); waiting for the others to pass.");
    }
    return t("Your own hand is face down: you never see it. Watch what the others say!");
  }
  if (ctx.picks.size) {
    const name = names[view.turn];
    if ([...ctx.picks.keys()][0][0] === "L") return t("Pick a card from {name}'s hand for their left side, then say what it is - truth or lie.", { name });
    return ctx.picks.has("R=")
      ? t("Pick a card from {name}'s hand for their right side (or their left card again: the same card), then say what it is - truth or lie.", { name })
      : t("Pick a card from {name}'s hand for their right side, then say what it is - truth or lie.", { name });
  }
  const actions = legal.map((m) => m.action);
  if (actions.includes("left")) return view.standoff
    ? t("Showdown: click your left card (trust the other player) or your right card (chance).")
    : t("Showdown: click your left or your right card to reveal it.");
  if (actions.includes("pass:unrevealed") || actions.includes("pass:random"))
    return t("Pass a card face down (everyone at once): click your unrevealed card, or your hand for a random one.");
  if (actions.includes("peek")) return t("Jill: click your hand to look at one of your cards, or skip.");
  if (actions.some((a) => a.startsWith("swap:"))) return t("Felix: click a hand to swap yours with it, or skip.");
  if (actions.some((a) => a.startsWith("force:"))) return t("Brandon: click the card a player must reveal, or skip.");
  if (actions.some((a) => a.startsWith("ask:"))) return t("Heather: click your left or right card to learn what it is, or skip.");
  if (actions.includes("save")) return t("Carla: click your BOOM to put it back into your hand and stay alive, or skip.");
  if (actions.includes("loot")) return t("Rory: click the pot to take your loot, or skip.");
  if (actions.some((a) => a.startsWith("char:"))) return t("Choose your character.");
  return t("Your move.");
}

// ---------------------------------------------------------------------------------------------
// The layout: where each seat's panel and the middle of the table go.

function layout(ctx, narrow) {
  const { n, bottom, view } = ctx;
  const others = [];
  for (let k = 1; k < n; k += 1) others.push((bottom + k) % n); // the seat on the left comes next
  const open = ctx.picks.size ? view.turn : null; // the hand the viewer picks from opens up
  const panels = [];
  if (narrow) {
    let y = GAP;
    panels.push({ seat: bottom, x: 5, y, w: ROW_W, h: OWN_ROW_H, style: "own" });
    y += OWN_ROW_H + GAP;
    const center = { x: 5, y, w: ROW_W, h: choosing(ctx) ? 166 : 54 };
    y += center.h + GAP;
    // The hand to pick from comes first, right under the middle; then the others in turn order.
    for (const seat of open === null ? others : [open, ...others.filter((other) => other !== open)]) {
      const h = seat === open ? OPEN_H : ROW_H;
      panels.push({ seat, x: 5, y, w: ROW_W, h, style: seat === open ? "open" : "row" });
      y += h + GAP;
    }
    return { panels, center, felt: { w: ROW_W + 10, h: y } };
  }
  const top = 8;
  const middleH = choosing(ctx) ? 196 : OWN_DESK.h;
  panels.push({ seat: bottom, x: 8, y: top, w: OWN_DESK.w, h: OWN_DESK.h, style: "own" });
  const center = { x: 18 + OWN_DESK.w, y: top, w: DESK_W - 26 - OWN_DESK.w, h: middleH };
  let y = top + Math.max(OWN_DESK.h, middleH) + 12;
  const perRow = others.length <= 3 ? others.length : Math.ceil(others.length / 2);
  for (let i = 0; i < others.length; i += perRow) {
    const row = others.slice(i, i + perRow);
    const w = Math.min(TALL.w, (DESK_W - 16 - 10 * (perRow - 1)) / perRow);
    const left = (DESK_W - row.length * w - 10 * (row.length - 1)) / 2;
    row.forEach((seat, j) => panels.push({ seat, x: left + j * (w + 10), y, w, h: TALL.h, style: "tall" }));
    y += TALL.h + 10;
  }
  if (open !== null) y += 64; // room under the panels for what is said about a chosen card
  return { panels, center, felt: { w: DESK_W, h: y } };
}

function drawTable(ctx, narrow) {
  const { panels, center, felt } = layout(ctx, narrow);
  const picture = svg("svg", {
    class: `ccb ${narrow ? "ccb-narrow" : "ccb-wide"}`,
    viewBox: `0 0 ${felt.w} ${felt.h}`, width: felt.w, height: Math.round(felt.h),
    role: "group", "aria-label": t("the table"),
  });
  picture.append(svg("rect", { class: "ccb-felt", x: 0, y: 0, width: felt.w, height: felt.h, rx: 18 }));
  picture.append(middle(ctx, center));
  for (const panel of panels) picture.append(seatPanel(ctx, panel));
  // The claims of a chosen card float beside the hand it comes from (under it; on a phone over
  // the row above when it is the last row).
  const picked = panels.find((panel) => panel.seat === ctx.view.turn);
  if (memo.selected && picked && ctx.picks.has(memo.selected)) {
    const above = narrow && picked === panels[panels.length - 1];
    picture.append(claimChooser(ctx, picked, !above));
  }
  return picture;
}

// ---------------------------------------------------------------------------------------------
// Cards and coins.

function card(kind, attrs = {}) {
  const known = kind !== null && kind !== undefined;
  const g = svg("g", { ...attrs, class: `ccb-card ${known ? `face kind-${kind}` : "back"} ${attrs.class || ""}`.trim() });
  if (known) g.dataset.kind = kind;
  g.append(svg("rect", { class: "card-base", x: 0, y: 0, width: CARD_W, height: CARD_H, rx: 4 }));
  if (!known) {
    g.append(
      svg("rect", { class: "back-frame", x: 3.5, y: 3.5, width: CARD_W - 7, height: CARD_H - 7, rx: 2 }),
      svg("circle", { class: "back-ring", cx: CARD_W / 2, cy: CARD_H / 2, r: 9 }),
      svg("circle", { class: "back-dot", cx: CARD_W / 2, cy: CARD_H / 2, r: 3 }),
    );
    return g;
  }
  if (kind === "boom") {
    g.append(
      svg("text", { class: "card-big", x: CARD_W / 2, y: 19, text: t("BOOM") }),
      svg("circle", { class: "bomb", cx: CARD_W / 2, cy: 37, r: 8 }),
      svg("path", { class: "fuse", d: `M${CARD_W / 2 + 5} 31 q4 -6 8 -4` }),
      svg("circle", { class: "spark", cx: CARD_W / 2 + 13, cy: 27, r: 2.2 }),
    );
  } else {
    const big = { pay: t("PAY"), steal: t("STEAL"), click: t("CLICK") }[kind] || kind.toUpperCase();
    if (kind !== "click") g.append(svg("text", { class: "card-small", x: CARD_W / 2, y: 11, text: t("CLICK") }));
    // a long word (German "BEZAHLEN") is written smaller and fitted to the card's width
    const fit = big.length > 5 ? { class: "card-big long", textLength: CARD_W - 6, lengthAdjust: "spacingAndGlyphs" } : {};
    g.append(svg("text", { class: "card-big", x: CARD_W / 2, y: kind === "click" ? 31 : 27, text: big, ...fit }));
    if (kind === "pay" || kind === "steal") {
      g.append(
        svg("circle", { class: "silver", cx: CARD_W / 2, cy: 40, r: 7 }),
        svg("text", { class: "coin-text", x: CARD_W / 2, y: 43.5, text: kind === "pay" ? "1" : "2" }),
      );
    }
  }
  return g;
}

function coin(cx, cy, metal, r = 6) {
  return svg("circle", { class: metal, cx, cy, r });
}

function badge(x, y, text, className, anchor = "start") {
  const width = badgeWidth(text);
  const left = anchor === "end" ? x - width : anchor === "middle" ? x - width / 2 : x;
  return svg("g", { class: `ccb-badge ${className}` },
    svg("rect", { x: left, y: y - 11, width, height: 15, rx: 7.5 }),
    svg("text", { x: left + width / 2, y: y, text, "data-room": width - 4 }));
}

function badgeWidth(text) {
  return text.length * 6.4 + 12;
}

function short(name, max) {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

// ---------------------------------------------------------------------------------------------
// A seat: name, token, coins, character, hand, table cards with claims, played pile.

function seatPanel(ctx, panel) {
  const { view } = ctx;
  const s = panel.seat;
  const seat = view.seats[s];
  const mine = s === ctx.me;
  const { w, h, style } = panel;
  const narrow = memo.narrow;
  const classes = ["ccb-seat", `ccb-${style}`];
  if (mine) classes.push("mine");
  if (!seat.alive) classes.push("out");
  if (view.turn === s) classes.push("turn");
  if (view.to_move === s) classes.push("acting");
  const g = svg("g", { class: classes.join(" "), transform: `translate(${panel.x} ${panel.y})`, "data-seat": s });
  g.append(svg("rect", { class: "seat-bg", x: 0, y: 0, width: w, height: h, rx: 12 }));
  if (style === "own") {
    // Your seat: the name, coins and character; your hand (backs: you never see it) beside your
    // table cards and what was said about them; your played pile.
    seatHeader(ctx, g, s, w);
    const end = seatCoins(g, seat, 10, 40);
    const chipW = narrow ? 104 : 130;
    if (seat.character) {
      g.append(characterChip(ctx, s, { x: end + 6, y: 40, chipW, full: true,
        ability: { x: end + chipW + 12, y: 40, anchor: "start", room: w - end - chipW - 20 } }));
    }
    const handW = narrow ? 118 : 196;
    g.append(...hand(ctx, s, { cx: 8 + handW / 2, y: narrow ? 60 : 52, maxWidth: handW - 10, tilt: narrow ? 0 : 2,
      pitch: narrow ? 16 : 26, scale: narrow ? MINI : 1, noteAt: { x: 10, y: narrow ? 110 : 120 } }));
    g.append(tableCards(ctx, s, 14 + handW, 52, w - handW - 22));
    g.append(played(ctx, s, 8, h - 34, w - 16));
  } else if (style === "tall") {
    // Another seat on a desktop: every card full size, side by side (none covers another).
    seatHeader(ctx, g, s, w);
    seatCoins(g, seat, 10, 40);
    if (seat.character) {
      g.append(characterChip(ctx, s, { x: w - 138, y: 40, chipW: 130, full: true,
        ability: { x: w - 8, y: 57, anchor: "end", room: w - 16 } }));
    }
    g.append(...hand(ctx, s, { cx: w / 2, y: 66, maxWidth: w - 20, tilt: 0, pitch: 46, noteAt: null }));
    g.append(tableCards(ctx, s, 8, 132, w - 16));
    g.append(played(ctx, s, 8, 204, w - 16));
  } else {
    // Another seat on a phone, one narrow row: the name and what the seat is doing; its hand
    // and its table cards small; coins, character and played pile. The hand the viewer picks
    // from ("open") gets a row of full-size cards of its own.
    const open = style === "open";
    seatHeader(ctx, g, s, w, 188);
    g.append(tableCards(ctx, s, 196, 22, w - 204, MINI));
    const infoY = open ? 43 : 72;
    const end = seatCoins(g, seat, 10, infoY);
    let after = end;
    if (seat.character) {
      g.append(characterChip(ctx, s, { x: end + 6, y: infoY, chipW: 64, full: false, ability: null }));
      after = end + 78;
    }
    if (open) {
      g.append(played(ctx, s, 8, 58, w - 16, { scale: PILE }));
      g.append(...hand(ctx, s, { cx: w / 2, y: 84, maxWidth: w - 16, tilt: 0, pitch: 58, noteAt: null }));
    } else {
      g.append(...hand(ctx, s, { left: 8, y: 22, maxWidth: 180, tilt: 0, pitch: 25, scale: MINI, noteAt: null }));
      g.append(played(ctx, s, after, 57, w - 8 - after, { scale: PILE, label: false }));
    }
  }
  return g;
}

/** A seat's first line: its name (never cut: squeezed to its room if need be), then what it is
 * doing and the First Player token on the right, clear of the name. */
function seatHeader(ctx, g, s, w, nameEnd = w) {
  const { view, names } = ctx;
  let right = w - 8;
  if (view.token && view.token.holder === s) {
    const left = view.token.direction === "left";
    g.append(svg("g", { class: "ccb-token", "data-part": "token" },
      tip(left ? t("First Player; the token shows Pass Left") : t("First Player; the token shows Pass Right")),
      svg("rect", { x: right - 76, y: 4, width: 76, height: 18, rx: 9 }),
      svg("text", { x: right - 38, y: 17, text: left ? t("1st · pass L") : t("1st · pass R"), "data-room": 70 })));
    right -= 82;
  }
  const status = seatStatus(ctx, s);
  if (status) {
    g.append(badge(right, 17, status.text, status.class, "end"));
    right -= badgeWidth(status.text) + 6;
  }
  const you = s === ctx.me ? " " + t("(you)") : "";
  g.append(svg("text", { class: "seat-name player-name", x: 10, y: 17, "data-room": Math.min(right, nameEnd) - 16, text: names[s] + you }, tip(names[s])));
}

/** A seat's coins at ``x`` (text baseline ``y``); returns where they end. */
function seatCoins(g, seat, x, y) {
  if (!seat.coins) return x;
  const { gold, silver, value } = seat.coins;
  const silverX = x + 16 + String(gold).length * 8 + 14;
  const totalX = silverX + 9 + String(silver).length * 8 + 8;
  g.append(svg("g", { class: "ccb-coins", "data-part": "coins" },
    tip(t("{gold} gold and {silver} silver: worth {value} silver", { gold, silver, value })),
    coin(x + 7, y - 4, "gold"), svg("text", { x: x + 16, y, text: `${gold}` }),
    coin(silverX, y - 4, "silver"), svg("text", { x: silverX + 9, y, text: `${silver}` }),
    svg("text", { class: "muted", x: totalX, y, text: `= ${value}` })));
  return totalX + 18 + String(value).length * 7.5;
}

function seatStatus(ctx, s) {
  const { view } = ctx;
  const seat = view.seats[s];
  if (!seat.alive && !view.outcome) return { text: t("BOOM · out"), class: "dead" };
  if (view.outcome) return view.outcome.winners.includes(s) ? { text: t("winner"), class: "won" } : null;
  if (view.phase === "choose") {
    if (ctx.committed.has(s) || seat.choice === "?" || (s === ctx.me && ctx.frame.choice)) return { text: t("✓ chosen"), class: "chosen" };
    if (ctx.awaiting.has(s)) return { text: t("choosing…"), class: "waiting" };
    if (seat.choice) return { text: t("forced"), class: "forced" };
    return null;
  }
  if (view.phase === "pass" && seat.alive) {
    if (ctx.committed.has(s) || seat.pass || (s === ctx.me && ctx.frame.choice)) return { text: t("✓ passed"), class: "chosen" };
    return { text: t("passing…"), class: "waiting" };
  }
  if (view.turn === s) return { text: s === ctx.me ? t("your turn") : t("their turn"), class: "turn" };
  if (view.to_move === s) return { text: t("to move"), class: "waiting" };
  return null;
}

function characterChip(ctx, s, { x, y, chipW, full, ability }) {
  const seat = ctx.view.seats[s];
  const info = CHARACTERS[seat.character] || { name: seat.character, short: "", text: "", color: "#555" };
  const ready = seat.ability === "ready";
  const chip = svg("g", { class: `ccb-character ${ready ? "ready" : "used"}`, "data-part": "character", "data-character": seat.character },
    tip(t("{name} (ability {ability}): {text}", { name: info.name, ability: ABILITY[seat.ability] || seat.ability, text: info.text })),
    svg("rect", { x, y: y - 13, width: chipW, height: 18, rx: 5, fill: info.color }),
    svg("text", { class: "char-name", x: x + chipW / 2, y, text: full ? info.name : info.name.split(" ")[0], "data-room": chipW - 6 }));
  if (ability && ability.room > 30) {
    // What the ability does, and whether it is spent; beside or under the chip, clear of the cards.
    const line = `${info.short} · ${ready ? ABILITY.ready : ABILITY.used}`;
    const text = line.length * 5.8 <= ability.room ? line : info.short;
    chip.append(svg("text", { class: "ability", x: ability.x, y: ability.y, "text-anchor": ability.anchor, text, "data-room": ability.room }));
  }
  // Carla's save has its spot on her played pile; without one, the chip is it.
  if (seat.character === "carla" && s === ctx.me && !seat.played.length && place(ctx, `played:${s}`, chip)) {
    chip.append(svg("rect", { class: "hit tap-ring", x, y: y - 4 - TAP / 2, width: chipW, height: TAP, rx: 8 }));
  }
  return chip;
}

/** A seat's hand fanned around ``cx`` (``tilt`` degrees between cards); Jill's note of the card
 * she saw in her own hand goes at ``noteAt`` (as words), or beside the fan (as a small card). */
function hand(ctx, s, { cx = 0, left = null, y, maxWidth, tilt, pitch, noteAt, scale = 1 }) {
  const { view, names } = ctx;
  const seat = view.seats[s];
  const mine = s === ctx.me;
  const kinds = seat.hand || Array(seat.hand_count).fill(null);
  const count = kinds.length;
  const cw = CARD_W * scale;
  const ch = CARD_H * scale;
  const g = svg("g", { class: `ccb-hand${mine ? " own" : ""}`, "data-part": "hand", "data-seat": s, "data-count": count, "data-motion": `hand:${s}` });
  const step = count > 1 ? Math.min(pitch, (maxWidth - cw) / (count - 1)) : 0;
  const span = step * (count - 1) + cw;
  const hitW = Math.max(span + 8, TAP);
  const hitH = Math.max(ch + 14, TAP);
  const mid = left === null ? cx : left + hitW / 2;
  g.append(svg("rect", { class: "hit", x: mid - hitW / 2, y: y + ch / 2 - hitH / 2, width: hitW, height: hitH, rx: 6 }));
  // Each card's own spot (a pick): as wide as the row allows without overlapping the next one.
  const cardHit = count > 1 ? Math.min(step, TAP + 2) : TAP + 2;
  if (!count) g.append(svg("text", { class: "muted empty", x: mid, y: y + ch / 2 + 4, text: t("no cards") }));
  const pickSide = ctx.picks.size && view.turn === s ? [...ctx.picks.keys()].find((k) => k[1] !== "=")?.[0] : null;
  const peek = view.peek && view.peek.seat === s && view.peek.where === "hand" ? view.peek.index : null;
  kinds.forEach((kind, i) => {
    const offset = i - (count - 1) / 2;
    const key = pickSide ? `${pickSide}${i}` : null;
    const chosen = key !== null && memo.selected === key;
    const x = mid + offset * step - cw / 2;
    const lift = chosen ? -6 : 0;
    const turn = tilt ? ` rotate(${offset * tilt} ${cw / 2} ${ch + 30})` : "";
    const node = card(kind, { transform: `translate(${x} ${y + lift})${turn}${scale !== 1 ? ` scale(${scale})` : ""}`, "data-index": i });
    node.dataset.motion = `hand-card:${s}:${i}`; // the fan closes up when a card leaves it
    // The card's number is the one the moves say ("pick hand card 1 ..." for the first card).
    node.append(tip(kind ? t("{name}'s hand card {number}: {card}", { name: names[s], number: i + 1, card: cardWords(kind) })
      : mine ? t("your hand card {number}: you cannot see it", { number: i + 1 })
      : t("{name}'s hand card {number}: face down", { name: names[s], number: i + 1 })));
    if (peek === i) node.append(svg("g", { class: "peek-mark" }, tip(t("Jill looked at this card")),
      svg("circle", { cx: CARD_W - 4, cy: 4, r: 6 }), svg("text", { x: CARD_W - 4, y: 7, text: "J" })));
    if (key && ctx.picks.has(key)) {
      ctx.placedPicks.add(key);
      const fields = { number: i + 1, name: names[s], card: cardWords(kind) || t("face down") };
      const label = pickSide === "L" ? t("pick hand card {number} of {name}'s hand as the left card ({card})", fields)
        : t("pick hand card {number} of {name}'s hand as the right card ({card})", fields);
      if (cardHit > CARD_W) node.prepend(svg("rect", { class: "hit", x: (CARD_W - cardHit) / 2, y: -4, width: cardHit, height: CARD_H + 8 }));
      selectable(node, label, chosen, () => choosePick(key));
      node.classList.add("legal"); // the first click of a move: it glows and counts as one
      node.dataset.key = key;
    }
    g.append(node);
  });
  let note = null;
  if (mine && view.peek && view.peek.seat === s && view.peek.where === "hand" && view.peek.index === null && !view.outcome) {
    // Jill knows one card of her hand, not where it is.
    note = svg("g", { class: "ccb-note", "data-part": "peeked" },
      tip(t("You looked at one of your cards: {card} (you do not know which one it is)", { card: cardWords(view.peek.card) })));
    if (noteAt) {
      note.append(svg("text", { class: "note-line", x: noteAt.x, y: noteAt.y, text: t("you saw one: {card}", { card: cardWords(view.peek.card) }) }));
    } else {
      note.append(svg("text", { x: 17.5, y: y + CARD_H - 36, text: t("seen") }),
        card(view.peek.card, { transform: `translate(6 ${y + CARD_H - 32}) scale(${MINI})` }));
    }
  }
  if (!place(ctx, `hand:${s}`, g)) {
    for (const node of g.querySelectorAll(".ccb-card")) if (!node.classList.contains("selectable")) explain(ctx, node);
    if (!g.querySelector(".selectable")) explain(ctx, g);
  }
  return note ? [g, note] : [g];
}

function choosePick(key) {
  memo.selected = memo.selected === key ? null : key;
  rerender();
  const root = memo.last && memo.last.root;
  const first = root && root.querySelector(".ccb-claims [data-action]");
  if (first && memo.keyboard) first.focus();
}

/** The hand card the last pick took for seat ``s`` (its place in the fan before the pick),
 * or the hand as a whole where the log does not say which (a pick from the viewer's hand). */
function pickedFrom(view, s) {
  const log = view.log || [];
  const entry = log[log.length - 1];
  const m = entry && typeof entry.seat === "number" ? /^[LR](\d+)/.exec(String(entry.move)) : null;
  return m ? `hand-card:${s}:${m[1]}` : `hand:${s}`;
}

function tableCards(ctx, s, x, y, w, scale = 1) {
  const { view, names, frame } = ctx;
  const seat = view.seats[s];
  const mine = s === ctx.me;
  const mini = scale !== 1; // a phone's row of another seat: small cards, finger-sized spots
  const cw = CARD_W * scale;
  const ch = CARD_H * scale;
  const g = svg("g", { class: "ccb-table-cards", "data-part": "table", "data-seat": s });
  const bubbleWidth = w - 2 * cw - 16;
  const bubbleH = mini ? 15 : 22;
  for (const side of ["left", "right"]) {
    const data = seat[side];
    const left = side === "left";
    const cardX = left ? x : x + w - cw;
    const bubbleX = x + cw + 8;
    const bubbleY = left ? y + (mini ? 0 : 2) : y + (mini ? ch - bubbleH : 28);
    const letter = left ? t("L") : seat.same ? t("R · same card") : t("R");
    // Advanced "same card": the right neighbour's words are about the left card (both picked it).
    const same = !left && seat.same_claim;
    const sameBubble = () => claimBubble(bubbleX, bubbleY, bubbleWidth, same.claim, true,
      t("{name} picked the left card again and said", { name: names[same.by] || "?" }), "same", bubbleH);
    if (!data) {
      if (seat.alive && !view.outcome && (view.turn === s || same)) {
        const slot = sideCard(false, names[s], side);
        g.append(svg("rect", { class: "slot", x: cardX, y, width: cw, height: ch, rx: 4 },
          tip(same ? t("{card}: drawn at random next", { card: slot }) : t("{card}: not picked yet", { card: slot }))));
        if (!mini) g.append(svg("text", { class: "slot-label", x: left ? cardX : cardX + cw, y: y + ch + 11, "text-anchor": left ? "start" : "end", text: letter }));
      }
      if (same) g.append(sameBubble());
      continue;
    }
    const by = data.by === "chance" ? t("chance") : names[data.by] || "?";
    const node = card(data.card, { transform: `translate(${cardX} ${y})${mini ? ` scale(${scale})` : ""}`, "data-side": side });
    // The card slides from the hand it was picked from (static/motion.js).
    node.dataset.motion = `table:${s}:${side}:${view.shootout}:${seat.played.length}`;
    node.dataset.motionFrom = pickedFrom(view, s);
    const hit = TAP / scale; // in the card's own units
    node.prepend(mini ? svg("rect", { class: "hit", x: (CARD_W - hit) / 2, y: (CARD_H - hit) / 2, width: hit, height: hit })
      : svg("rect", { class: "hit", x: (CARD_W - TAP) / 2, y: -4, width: TAP, height: CARD_H + 8 }));
    const known = data.card ? cardWords(data.card) : t("face down");
    const which = sideCard(mine, names[s], side);
    node.append(tip(data.by === "chance" ? t("{card} ({known}), drawn at random", { card: which, known })
      : t("{card} ({known}), picked by {name}", { card: which, known, name: by })));
    const marks = [];
    const forced = view.force && view.force.seat === s && view.force.side === side;
    if (forced) marks.push([t("forced"), "forced"]);
    else if (mine && frame.choice === side) marks.push([t("your choice"), "chosen"]);
    else if (view.phase === "choose" && seat.choice === side) marks.push([mine ? t("your choice") : t("chosen"), "chosen"]);
    if (view.told && view.told.seat === s && view.told.side === side) marks.push([t("asked"), "asked"]);
    if (view.peek && view.peek.seat === s && view.peek.where === side) marks.push([t("Jill saw"), "asked"]);
    // Over a full-size card; under a small one (its row's name line is above it).
    marks.forEach(([text, cls], i) => node.append(badge(left ? 0 : CARD_W, mini ? CARD_H + 18 + 16 * i : -4 - 16 * i, text, cls, left ? "start" : "end")));
    if (left && view.turn === s && ctx.picks.has("R=")) {
      ctx.placedPicks.add("R=");
      selectable(node, t("pick the same card as the left neighbour (the left card: {card})", { card: known }), memo.selected === "R=", () => choosePick("R="));
      node.classList.add("legal");
      node.dataset.key = "R=";
    } else if (!place(ctx, `table:${s}:${side}`, node)) {
      explain(ctx, node);
    }
    g.append(node);
    if (same) g.append(sameBubble());
    else if (data.by !== "chance") g.append(claimBubble(bubbleX, bubbleY, bubbleWidth, data.claim, left, t("{name} said", { name: by }), null, bubbleH));
    if (!mini) g.append(svg("text", { class: "slot-label", x: left ? cardX : cardX + cw, y: y + ch + 11, "text-anchor": left ? "start" : "end", text: seat.same && !left ? letter : `${letter} · ${short(by, 14)}` }));
  }
  return g;
}

function claimBubble(x, y, width, claim, pointsLeft, who, about = null, height = 22) {
  const said = claim ? t("“{claim}”", { claim: cardWords(claim) || claim }) : t("said nothing");
  const mid = y + height / 2;
  const tail = pointsLeft ? `M${x} ${mid - 3} l-5 3 l5 3 z` : `M${x + width} ${mid - 3} l5 3 l-5 3 z`;
  const attrs = { class: `ccb-claim${claim ? ` claim-${claim}` : " silent"}${height < 22 ? " mini" : ""}`, "data-claim": claim || "" };
  if (about) attrs["data-about"] = about; // "same": about the left card, picked again
  return svg("g", attrs,
    tip(t("{who}: {claim}", { who, claim: claim ? cardWords(claim) || claim : t("nothing") })),
    svg("rect", { x, y, width, height, rx: height / 2.75 }),
    svg("path", { d: tail }),
    svg("text", { x: x + width / 2, y: mid + (height < 22 ? 3.5 : 4), text: said }));
}

function played(ctx, s, x, y, w, { scale = MINI, label = true } = {}) {
  const { view, names } = ctx;
  const seat = view.seats[s];
  const g = svg("g", { class: "ccb-played", "data-part": "played", "data-seat": s });
  if (label) g.append(svg("text", { class: "muted small", x, y: y + 14, text: t("played") }));
  const size = scale / MINI;
  const step = Math.min(17 * size, (110 * size) / Math.max(1, seat.played.length));
  const saving = ctx.spots.has(`played:${s}`);
  seat.played.forEach((kind, i) => {
    const last = i === seat.played.length - 1;
    const cardX = x + (label ? 42 : 0) + i * step;
    const cardY = y - (last && seat.revealed ? 4 * size : 0);
    const node = card(kind, { transform: `translate(${cardX} ${cardY}) scale(${scale})`, class: last && seat.revealed ? "revealed" : "" });
    node.append(tip(kind ? t("{name} played {card}", { name: names[s], card: cardWords(kind) })
      : t("{name} played a card face down (Carla's save)", { name: names[s] })));
    if (last && saving) {
      // The card to click (Carla's BOOM), in a ring a finger wide.
      const [mx, my] = [cardX + (CARD_W * scale) / 2, cardY + (CARD_H * scale) / 2];
      const spot = svg("g", { class: "ccb-save-spot" },
        svg("rect", { class: "hit tap-ring", x: mx - TAP / 2, y: my - TAP / 2, width: TAP, height: TAP, rx: 8 }), node);
      place(ctx, `played:${s}`, spot);
      g.append(spot);
    } else g.append(node);
  });
  // What the seat passes on, on the right.
  const right = x + w;
  if (seat.pass) {
    const text = seat.pass === "?" ? t("has passed") : seat.pass === "random" ? t("passes a random card") : t("passes the unrevealed card");
    g.append(svg("text", { class: "muted small", x: right - (seat.outgoing ? 30 : 0), y: y + 14, "text-anchor": "end", text }));
    if (seat.outgoing) {
      const out = card(seat.outgoing.card, { class: "outgoing", transform: `translate(${right - 23} ${y - 2}) scale(${scale})` });
      out.append(tip(seat.outgoing.card ? t("passing {card}", { card: cardWords(seat.outgoing.card) }) : t("passing a face-down card")));
      g.append(out);
    }
  } else if (!seat.alive) {
    g.append(svg("text", { class: "dead-text", x: right, y: y + 14, "text-anchor": "end", text: t("blew up") }));
  }
  return g;
}

function claimChooser(ctx, panel, below) {
  const moves = ctx.picks.get(memo.selected);
  const { w } = panel;
  const buttonH = memo.narrow ? TAP : 28;
  const boxH = buttonH + 30;
  const y = below ? panel.y + panel.h + 2 : panel.y - boxH - 2;
  const g = svg("g", { class: "ccb-claims", transform: `translate(${panel.x + 6} ${y})` });
  g.append(svg("rect", { class: "claims-bg", x: 0, y: 0, width: w - 12, height: boxH, rx: 8 }));
  g.append(svg("text", { class: "claims-title", x: 10, y: 15, text: memo.selected === "R=" ? t("The same card. What do you say?") : t("What do you say about it?") }));
  const buttonW = Math.min(70, (w - 24 - 4 * (moves.length - 1)) / moves.length);
  moves.forEach((move, i) => {
    const bx = 6 + i * (buttonW + 4);
    const button = svg("g", { class: `claim-button claim-${move.claim || "none"}` },
      svg("rect", { x: bx, y: 22, width: buttonW, height: buttonH, rx: 6 }),
      svg("text", { x: bx + buttonW / 2, y: 22 + buttonH / 2 + 4.5, text: CLAIM_BUTTON[move.claim] || move.claim }));
    actionable(button, move, ctx.ui);
    g.append(button);
  });
  return g;
}

// ---------------------------------------------------------------------------------------------
// The middle of the table: shootout, pot, First Player, what happens now, the last showdown.

function middle(ctx, box) {
  const { view, names } = ctx;
  const { x, y, w, h } = box;
  const cx = x + w / 2;
  const g = svg("g", { class: "ccb-middle", "data-part": "middle" });
  g.append(svg("rect", { class: "middle-bg", x, y, width: w, height: h, rx: 14 }));
  const title = view.mode === "quick" ? t("Quick Play") : t("Shootout {number} of {shootouts}", { number: view.shootout, shootouts: view.shootouts });
  const modes = [title, view.standoff ? t("stand-off") : null, view.advanced ? t("advanced") : null].filter(Boolean);
  if (memo.narrow) {
    // A phone: one strip, what happens now on the left, the pot on the right (the First Player
    // token is on its seat's row).
    const room = w - 150;
    g.append(svg("text", { class: "middle-title left", x: x + 10, y: y + 18, text: modes.join(" · "), "data-room": room }));
    if (view.pot) g.append(pot(ctx, x + w - 70, y + 27));
    else g.append(svg("text", { class: "middle-text end", x: x + w - 10, y: y + 33, text: t("no coins: survive to win"), "data-room": 130 }));
    if (choosing(ctx)) {
      g.append(characterChooser(ctx, x + 6, y + 44, w - 12));
      return g;
    }
    wrap(phaseText(ctx), room, 12.5).slice(0, 2).forEach((text, i) => {
      g.append(svg("text", { class: "middle-phase left", x: x + 10, y: y + 34 + 14 * i, text, "data-room": room }));
    });
    return g;
  }
  g.append(svg("text", { class: "middle-title", x: cx, y: y + 22, text: modes.join(" · "), "data-room": w - 16 }));
  if (view.pot) g.append(pot(ctx, cx, y + 44));
  else g.append(svg("text", { class: "middle-text", x: cx, y: y + 48, text: t("no coins: survive to win") }));
  if (view.token) {
    const name = short(names[view.token.holder] || "?", 16);
    g.append(svg("text", { class: "middle-text", x: cx, y: y + 68, "data-room": w - 16,
      text: view.token.direction === "left" ? t("First Player: {name} · Pass Left", { name }) : t("First Player: {name} · Pass Right", { name }) }));
  }
  let line = y + 89;
  if (choosing(ctx)) {
    g.append(characterChooser(ctx, x + 6, line, w - 12));
    return g;
  }
  for (const text of wrap(phaseText(ctx), w - 16, 13).slice(0, 2)) {
    g.append(svg("text", { class: "middle-phase", x: cx, y: line, text, "data-room": w - 16 }));
    line += 17;
  }
  if (showdowns(ctx).length && line + 16 <= y + h) {
    g.append(svg("text", { class: "middle-events", x: cx, y: line + 4, text: t("The last showdown: under the table ↓"), "data-room": w - 16 }));
  }
  return g;
}

function pot(ctx, cx, y) {
  const { gold, silver, value } = ctx.view.pot;
  const g = svg("g", { class: "ccb-pot", "data-part": "pot" }, tip(t("The pot: {gold} gold and {silver} silver (worth {value})", { gold, silver, value })));
  const icons = [...Array(Math.min(gold, memo.narrow ? 3 : 4)).fill("gold"), ...Array(Math.min(silver, memo.narrow ? 5 : 10)).fill("silver")];
  const text = t("pot {value}", { value });
  const width = icons.length * 9 + 8 + text.length * 8;
  let left = cx - width / 2;
  const hitH = memo.narrow ? TAP : 22;
  const hitW = Math.max(width + 12, TAP);
  g.append(svg("rect", { class: "hit", x: cx - hitW / 2, y: y - hitH / 2, width: hitW, height: hitH, rx: 11 }));
  icons.forEach((metal, i) => g.append(coin(left + 6 + i * 9, y, metal, 6)));
  left += icons.length * 9 + 10;
  g.append(svg("text", { class: "pot-text", x: left, y: y + 5, text }));
  place(ctx, "pot", g);
  return g;
}

function choosing(ctx) {
  return ctx.view.phase === "choose-character" || [...ctx.spots.keys()].some((key) => key.startsWith("char:"));
}

function characterChooser(ctx, x, y, w) {
  const { view, names } = ctx;
  const taken = new Set(view.seats.map((seat) => seat.character).filter(Boolean));
  const keys = Object.keys(CHARACTERS);
  const columns = 3;
  const cellW = (w - 4 * (columns - 1)) / columns;
  const cellH = memo.narrow ? TAP : 36;
  const g = svg("g", { class: "ccb-chooser", "data-part": "characters" });
  g.append(svg("text", { class: "middle-phase", x: x + w / 2, y,
    text: typeof view.to_move === "number" ? t("{name} chooses a character", { name: names[view.to_move] }) : t("Dealing characters") }));
  keys.forEach((key, i) => {
    const info = CHARACTERS[key];
    const cx = x + (i % columns) * (cellW + 4);
    const cy = y + 9 + Math.floor(i / columns) * (cellH + 4);
    const node = svg("g", { class: `char-card${taken.has(key) ? " taken" : ""}`, "data-character": key },
      tip(t("{name}: {text}", info)),
      svg("rect", { x: cx, y: cy, width: cellW, height: cellH, rx: 6, fill: info.color }),
      svg("text", { class: "char-name", x: cx + cellW / 2, y: cy + cellH / 2 - 3, text: info.name.split(" ")[0] }),
      svg("text", { class: "char-short", x: cx + cellW / 2, y: cy + cellH / 2 + 11, text: info.short }));
    place(ctx, `char:${key}`, node);
    g.append(node);
  });
  return g;
}

function phaseText(ctx) {
  const { view, names, frame } = ctx;
  const who = (s) => (typeof s === "number" ? names[s] : "?");
  const mover = view.to_move;
  const mine = typeof mover === "number" && mover === ctx.me;
  const character = (s) => (CHARACTERS[view.seats[s]?.character] || {}).name || t("an ability");
  const pick = (left) => {
    const fields = { name: who(mover), owner: names[view.turn] };
    if (mine) {
      if (view.turn === ctx.me) return left ? t("you pick your left card") : t("you pick your right card");
      return left ? t("you pick {owner}'s left card", fields) : t("you pick {owner}'s right card", fields);
    }
    if (view.turn === ctx.me) return left ? t("{name} picks your left card", fields) : t("{name} picks your right card", fields);
    return left ? t("{name} picks {owner}'s left card", fields) : t("{name} picks {owner}'s right card", fields);
  };
  if (view.outcome) {
    const winners = view.outcome.winners.map((s) => names[s]);
    return winners.length ? t("{winners} won.", { winners: joinAnd(winners) }) : t("Nobody won."); // the bar says "Game over"
  }
  const yours = frame.choice ? " · " + t("yours is in") : "";
  switch (view.phase) {
    case "pick-left": return pick(true);
    case "pick-right": return pick(false);
    case "draw-right": return view.turn === ctx.me ? t("your right card is drawn at random")
      : t("{name}'s right card is drawn at random", { name: names[view.turn] });
    case "turn-ability":
    case "showdown-ability":
    case "carla-save":
    case "rory-loot": return mine ? t("you may use {character}'s ability", { character: character(mover) })
      : t("{name} may use {character}'s ability", { name: who(mover), character: character(mover) });
    case "choose": {
      const alive = view.seats.filter((seat) => seat.alive).length;
      const chosen = view.seats.filter((seat, s) => seat.alive && (ctx.committed.has(s) || seat.choice || (s === ctx.me && frame.choice))).length;
      return t("Showdown! Everyone picks left or right ({chosen} of {alive} in)", { chosen, alive }) + yours;
    }
    case "pass": {
      const alive = view.seats.filter((seat) => seat.alive).length;
      const passed = view.seats.filter((seat, s) => seat.alive && (ctx.committed.has(s) || seat.pass || (s === ctx.me && frame.choice))).length;
      const fields = { passed, alive };
      return (view.token.direction === "left" ? t("Everyone passes a card face down to the left ({passed} of {alive} in)", fields)
        : t("Everyone passes a card face down to the right ({passed} of {alive} in)", fields)) + yours;
    }
    case "pass-draw": return t("The cards passed at random are drawn, face down");
    case "tie": return t("Tie: the final draw decides");
    case "deal": return t("Dealing characters");
    case "choose-character": return mine ? t("you choose a character") : t("{name} chooses a character", { name: who(mover) });
    case "peek-draw": return t("Jill looks at a card");
    case "carla-draw": return t("Carla plays a random card instead");
    default: return view.phase;
  }
}

// ---------------------------------------------------------------------------------------------
// Under the table: the last showdown, player by player (what each revealed, what it did, the coins
// each won or lost), the earlier ones, and a table of the shootouts played.

// The events a revealed card makes, and the card that made it.
const REVEAL_KIND = { pay: "pay", steal: "steal", "steal-blocked": "steal", boom: "boom", click: "click" };

/** Every showdown so far from the view's events, oldest first: its shootout, its number in it,
 * and per seat the card revealed, what it did and the coins won or lost. */
function showdowns(ctx) {
  if (ctx.showdowns) return ctx.showdowns;
  const events = ctx.view.events || [];
  const ends = [...new Set(events.filter((e) => e.event === "loot" || e.event === "pot-carries-over").map((e) => e.after))];
  const groups = [];
  const byAfter = new Map();
  for (const e of events) {
    if (!REVEAL_KIND[e.event] || byAfter.has(e.after)) continue;
    const group = { after: e.after, shootout: 1 + ends.filter((a) => a < e.after).length, rows: new Map() };
    byAfter.set(e.after, group);
    groups.push(group);
  }
  const row = (group, seat) => {
    if (!group.rows.has(seat)) group.rows.set(seat, { seat, kind: null, what: [], coins: 0 });
    return group.rows.get(seat);
  };
  const next = (after) => groups.find((g) => g.after >= after);
  const previous = (after) => [...groups].reverse().find((g) => g.after <= after);
  const name = (s) => ctx.names[s] || "?";
  const me = (s) => s === ctx.me; // the other seat of what happened is the viewer's: said with "you"
  for (const e of events) {
    if (REVEAL_KIND[e.event]) {
      const r = row(byAfter.get(e.after), e.seat);
      if (e.event !== "boom" || !r.kind) r.kind = REVEAL_KIND[e.event];
      const { amount } = e;
      if (e.event === "pay") { r.what.push(t("paid {amount} into the pot", { amount })); r.coins -= e.amount; }
      else if (e.event === "steal") {
        const thief = { amount, name: name(e.to) };
        if (amount) r.what.push(me(e.to) ? t("lost {amount} to you", thief) : t("lost {amount} to {name}", thief));
        else r.what.push(me(e.to) ? t("had no coins for you to steal") : t("had no coins for {name} to steal", thief));
        r.coins -= e.amount;
        const taker = row(byAfter.get(e.after), e.to);
        const victim = { amount, name: name(e.seat) };
        if (amount) taker.what.push(me(e.seat) ? t("won {amount} from you", victim) : t("won {amount} from {name}", victim));
        else taker.what.push(me(e.seat) ? t("got nothing from you") : t("got nothing from {name}", victim));
        taker.coins += e.amount;
      } else if (e.event === "steal-blocked") r.what.push(t("the steal is blocked (the same card)"));
      else if (e.event === "boom") r.what.push(t("BOOM! out of the shootout"));
      else r.what.push(t("nothing happens"));
    } else if (e.event === "saved" || e.event === "forced-left" || e.event === "forced-right") {
      const group = next(e.after);
      if (!group) continue;
      const r = row(group, e.seat);
      r.what.unshift(e.event === "saved" ? t("Carla's BOOM went back into the hand: saved")
        : e.event === "forced-left"
          ? (me(e.to) ? t("had to reveal the left card (you)") : t("had to reveal the left card ({name})", { name: name(e.to) }))
          : (me(e.to) ? t("had to reveal the right card (you)") : t("had to reveal the right card ({name})", { name: name(e.to) })));
      if (e.event === "saved") r.saved = true;
    } else if (e.event === "rory" || e.event === "loot") {
      const group = previous(e.after);
      if (!group || e.seat === null || e.seat === undefined) continue;
      const r = row(group, e.seat);
      r.what.push(e.event === "rory" ? t("Rory looted {amount} from the pot", { amount: e.amount })
        : t("survived: {amount} from the pot", { amount: e.amount }));
      r.coins += e.amount;
    }
  }
  const counts = new Map();
  for (const group of groups) {
    counts.set(group.shootout, (counts.get(group.shootout) || 0) + 1);
    group.number = counts.get(group.shootout);
  }
  ctx.showdowns = groups;
  return groups;
}

function showdownRows(ctx, group) {
  const rows = [...group.rows.values()].sort((a, b) => ctx.view.order.indexOf(a.seat) - ctx.view.order.indexOf(b.seat) || a.seat - b.seat);
  return html("ul", { class: "ccb-reveals" }, rows.map((r) => {
    const who = r.seat === ctx.me ? t("{name} (you)", { name: ctx.names[r.seat] }) : ctx.names[r.seat];
    const card = r.kind ? cardWords(r.kind) : r.saved ? t("face down") : t("no card");
    const coins = r.coins > 0 ? `+${r.coins}` : r.coins < 0 ? `−${-r.coins}` : "±0";
    return html("li", {
      class: `ccb-reveal${r.kind ? ` kind-${r.kind}` : ""}${r.coins > 0 ? " won" : r.coins < 0 ? " lost" : ""}`,
      "data-seat": r.seat, "data-kind": r.kind || "", "data-coins": r.coins,
    },
    html("span", { class: "ccb-reveal-who", text: who }),
    html("span", { class: "ccb-reveal-said", text: t("revealed") }),
    html("span", { class: "ccb-reveal-card", text: card }),
    html("span", { class: "ccb-reveal-what", text: r.what.join(" · ") }),
    ctx.view.mode === "quick" ? null : html("span", { class: "ccb-reveal-coins", title: t("coins won or lost"), text: coins }));
  }));
}

function showdownTitle(ctx, group) {
  return ctx.view.mode === "quick" ? t("Showdown {number}", { number: group.number })
    : t("Shootout {shootout}, showdown {number}", { shootout: group.shootout, number: group.number });
}

/** The last showdown, big and player by player; the earlier ones folded under it. */
function showdownPanel(ctx) {
  const groups = showdowns(ctx);
  if (!groups.length) return null;
  const latest = groups[groups.length - 1];
  const earlier = groups.slice(0, -1).reverse();
  return html("section", { class: "ccb-showdown", "data-part": "showdown", "data-shootout": latest.shootout, "data-showdown": latest.number },
    html("h3", { class: "ccb-showdown-title", text: t("The last showdown · {title}", { title: showdownTitle(ctx, latest) }) }),
    showdownRows(ctx, latest),
    earlier.length ? html("details", { class: "ccb-earlier" },
      html("summary", { text: t("Earlier showdowns ({count})", { count: earlier.length }) }),
      earlier.map((group) => html("div", { class: "ccb-earlier-one", "data-shootout": group.shootout, "data-showdown": group.number },
        html("h4", { text: showdownTitle(ctx, group) }), showdownRows(ctx, group)))) : null);
}

/** Who survived each shootout played so far, and the coins each of them took from the pot. */
function shootoutTable(ctx) {
  const results = ctx.view.results || [];
  if (!results.length || ctx.view.mode === "quick") return null;
  const name = (s) => (s === ctx.me ? t("{name} (you)", { name: ctx.names[s] }) : ctx.names[s]);
  return html("table", { class: "ccb-shootouts", "data-part": "shootouts" },
    html("caption", { text: t("Shootouts ({played} of {shootouts} played)", { played: results.length, shootouts: ctx.view.shootouts }) }),
    html("thead", {}, html("tr", {}, html("th", { scope: "col", text: t("Shootout") }),
      html("th", { scope: "col", text: t("Survivors") }), html("th", { scope: "col", text: t("Coins each") }))),
    html("tbody", {}, results.map((result, i) => html("tr", {
      "data-shootout": i + 1, "data-survivors": result.survivors.join(" "), "data-share": result.share,
    },
    html("th", { scope: "row", text: String(i + 1) }),
    html("td", { text: result.survivors.length ? result.survivors.map(name).join(", ") : t("nobody (the pot carries over)") }),
    html("td", { text: result.survivors.length ? `+${result.share}` : "—" })))));
}

function wrap(text, width, fontSize) {
  if (!text) return [];
  const perLine = Math.max(8, Math.floor(width / (fontSize * 0.56)));
  const lines = [];
  let current = "";
  for (const word of text.split(" ")) {
    if (current && (current + " " + word).length > perLine) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

/** The end screen's breakdown: the coins each seat won in every shootout (a survivor's share of
 * the pot), then the gold and silver coins it ends with. */
export function breakdown(view) {
  const results = view.mode === "quick" ? [] : view.results || [];
  return {
    columns: [...results.map((_, i) => t("Shootout {number}", { number: i + 1 })), t("gold"), t("silver")],
    rows: view.seats.map((seat, s) => [
      ...results.map((result) => (result.survivors.includes(s) ? `+${result.share}` : "0")),
      seat.coins.gold, seat.coins.silver,
    ]),
  };
}
