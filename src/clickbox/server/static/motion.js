// Moves seen, not only read: what a move moved on the drawing travels from where it was.
//
// A renderer names what can move with ``data-motion``, the same key in every drawing ("die-y",
// "squirrel-2", "hand-card:1:3"). Something newly drawn may say where it comes from with
// ``data-motion-from`` (a card on the table from its hand); ``data-motion-style="hop"`` makes
// the way an arc (a squirrel's hop), ``"ghost"`` a copy that flies there and fades (class
// ``motion-ghost``: invisible at rest; a die flying to the space it was written on). The table measures the drawing before a redraw
// (:func:`measure`) and plays the difference after it (:func:`play`), with the Web Animations
// API: nothing is written into the page's styles, and the drawing itself is already the new
// position (tests and screen readers read it at once).

const SVG_DRAWN = (node) => node instanceof SVGGraphicsElement && !(node instanceof SVGSVGElement);

function centre(node) {
  const box = node.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2, seen: box.width > 0 || box.height > 0 };
}

/** Where every named thing of ``root`` is on the screen now: key -> centre. */
export function measure(root) {
  const found = new Map();
  for (const node of root.querySelectorAll("[data-motion]")) {
    const at = centre(node);
    if (at.seen) found.set(node.dataset.motion, at);
  }
  return found;
}

/** A screen point in the coordinates ``node``'s own transform is written in (its parent's). */
function local(node, point) {
  if (!SVG_DRAWN(node)) return point;
  const ctm = node.parentNode && node.parentNode.getScreenCTM && node.parentNode.getScreenCTM();
  if (!ctm) return point;
  const p = new DOMPoint(point.x, point.y).matrixTransform(ctm.inverse());
  return { x: p.x, y: p.y };
}

/** The node's transform as CSS (an SVG transform attribute as a matrix), to move it from. */
function baseTransform(node) {
  if (SVG_DRAWN(node)) {
    const t = node.transform.baseVal.consolidate();
    if (!t) return "";
    const m = t.matrix;
    return `matrix(${m.a}, ${m.b}, ${m.c}, ${m.d}, ${m.e}, ${m.f})`;
  }
  const computed = getComputedStyle(node).transform;
  return computed && computed !== "none" ? computed : "";
}

function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/**
 * Play what changed since ``before`` (from :func:`measure`) over ``duration`` ms: each named
 * thing that moved travels from its old place, each new thing with a ``data-motion-from`` that
 * was drawn before travels from there. Returns the keys played (none with reduced motion).
 */
export function play(root, before, duration) {
  const played = [];
  if (!before || duration <= 0 || reducedMotion()) return played;
  for (const node of root.querySelectorAll("[data-motion]")) {
    const key = node.dataset.motion;
    const from = before.get(key) || (node.dataset.motionFrom ? before.get(node.dataset.motionFrom) : null);
    if (!from) continue;
    const to = centre(node);
    if (!to.seen) continue;
    const a = local(node, from);
    const b = local(node, to);
    const dx = a.x - b.x;
    const dy = a.y - b.y;
    if (Math.hypot(dx, dy) < 1) continue;
    const base = baseTransform(node);
    const at = (x, y) => `translate(${x}px, ${y}px) ${base}`.trim();
    const style = node.dataset.motionStyle;
    const lift = Math.max(12, Math.hypot(dx, dy) / 3);
    const frames = style === "hop"
      ? [{ transform: at(dx, dy) }, { transform: at(dx / 2, dy / 2 - lift), offset: 0.5 }, { transform: at(0, 0) }]
      : style === "ghost" // a copy that flies and fades (invisible at rest: class motion-ghost)
        ? [{ transform: at(dx, dy), opacity: 1 }, { transform: at(0, 0), opacity: 1, offset: 0.75 }, { transform: at(0, 0), opacity: 0 }]
        : [{ transform: at(dx, dy) }, { transform: at(0, 0) }];
    node.animate(frames, { duration, easing: "ease-in-out" });
    played.push(key);
  }
  return played;
}
