// What every game's drawing shares: SVG and HTML element builders, and how a legal move becomes
// something on the board that can be clicked, tapped or chosen with the keyboard.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.setAttribute("class", value);
    // Through the CSSOM: the Content-Security-Policy refuses style attributes.
    else if (key === "style") node.style.cssText = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

/** An SVG element: svg("circle", {cx: 5, cy: 5, r: 3, class: "die"}, ...children). */
export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** An HTML element: html("div", {class: "hand"}, ...children). */
export function html(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG <title> child: a tooltip, and the accessible name of its parent. */
export function tip(text) {
  return svg("title", { text });
}

/**
 * Make ``node`` (SVG or HTML) the place where ``move`` ({action, text}) is chosen: highlighted
 * (class ``legal``), focusable with Tab, and chosen by a click, a tap, Enter or Space. ``onChoose``
 * defaults to sending the move; a renderer that needs two clicks (a die, then where it goes)
 * passes its own.
 */
export function actionable(node, move, ui, onChoose) {
  node.classList.add("legal");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", move.text);
  node.dataset.action = move.action;
  const choose = (event) => {
    event.preventDefault();
    event.stopPropagation();
    if (onChoose) onChoose(move);
    else ui.act(move.action);
  };
  node.addEventListener("click", choose);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") choose(event);
  });
  return node;
}

/**
 * Make ``node`` (a spot that is not a move now) answer a click with the reason: ``action`` is the
 * move the click would mean (the server says why the engine refuses it, in words), or null and
 * ``fallback`` is said instead (choose a die first, say). Not focusable: Tab visits moves only.
 */
export function explainable(node, action, ui, fallback) {
  if (!ui || (!ui.why && !ui.say)) return node;
  node.classList.add("tryable");
  if (action) node.dataset.try = action;
  node.addEventListener("click", (event) => {
    event.preventDefault();
    event.stopPropagation();
    if (action && ui.why) ui.why(action);
    else if (fallback && ui.say) ui.say(fallback);
  });
  return node;
}

/**
 * Make ``node`` a local choice that is not a move yet (the first of two clicks): focusable,
 * chosen by click, Enter or Space; ``selected`` marks the current choice.
 */
export function selectable(node, label, selected, onSelect) {
  node.classList.add("selectable");
  if (selected) node.classList.add("selected");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-pressed", selected ? "true" : "false");
  node.setAttribute("aria-label", label);
  const choose = (event) => {
    event.preventDefault();
    event.stopPropagation();
    onSelect();
  };
  node.addEventListener("click", choose);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") choose(event);
  });
  return node;
}

/** A row of plain buttons for moves that have no place on the drawing (pass, done, fail). */
export function moveButtons(moves, ui, className = "board-buttons") {
  return html("div", { class: className },
    moves.map((move) => actionable(html("button", { type: "button", text: move.text }), move, ui)));
}

/** After a redraw, put the keyboard focus back on the element with the same action, if any. */
export function keepFocus(root, render) {
  const active = document.activeElement;
  const key = active && root.contains(active) ? active.dataset.action || active.dataset.key : null;
  render();
  if (!key) return;
  const again = [...root.querySelectorAll("[data-action], [data-key]")]
    .find((node) => (node.dataset.action || node.dataset.key) === key);
  if (again) again.focus();
}

/** Squeeze every SVG text of ``root`` marked ``data-fit`` (a width) that is wider than that. */
export function fitNames(root) {
  for (const node of root.querySelectorAll("text[data-fit]")) {
    const room = Number(node.dataset.fit);
    if (node.getComputedTextLength() > room) {
      node.setAttribute("textLength", room);
      node.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}
