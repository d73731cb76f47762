"""What the browser tests share: how a person uses the pages (create a table in the lobby, join
it from another browser, play by clicking the drawing), and where screenshots go."""

from __future__ import annotations

import functools
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

SCREENSHOTS = Path(os.environ.get("CLICKBOX_SCREENSHOTS", "build/screenshots"))
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

Chooser = Callable[[Any, random.Random], None]
"""Plays one move on a page whose seat must act, by clicking the drawing (``#board``)."""


def open_page(browser: Any, viewport: dict[str, int], errors: list[str]) -> Any:
    """A page in a fresh browser context (a separate person) that collects its console errors."""
    page = browser.new_context(viewport=viewport).new_page()
    watch_errors(page, errors)
    return page


def legal_actions(page: Any) -> list[str]:
    """The page's legal moves as its generic list (``#moves``) names them (tests read the list;
    moves go through the drawing)."""
    return list(
        page.eval_on_selector_all(
            "#moves button[data-action]", "buttons => buttons.map(b => b.dataset.action)"
        )
    )


def shown_view(page: Any) -> dict[str, Any]:
    """The view the page drew last (the page shows it as data under ``#view``)."""
    return dict(json.loads(page.text_content("#view")))


def tab_to(page: Any, selector: str, limit: int = 200) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def open_side(page: Any) -> None:
    """Open the drawer of seats, log, chat and settings where it is one (a phone); on a wide
    screen they are beside the board already."""
    if page.is_visible("#panel-toggle") and not page.evaluate(
        "document.body.classList.contains('panel-open')"
    ):
        page.click("#panel-toggle")
        page.wait_for_selector("body.panel-open #side", state="visible")


def close_side(page: Any) -> None:
    """Close the drawer (a phone) so that the board is free to click again."""
    if page.evaluate("document.body.classList.contains('panel-open')"):
        page.click("#panel-close")


def watch_errors(page: Any, errors: list[str]) -> None:
    """Collect the page's console errors and uncaught exceptions into ``errors``."""
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))


def create_table(
    page: Any,
    base: str,
    game: str,
    players: int,
    humans: tuple[int, ...] = (),
    bots: str = "medium",
    options: dict[str, str] | None = None,
    settings: dict[str, str] | None = None,
) -> str:
    """Create a table on the lobby page as Ann: the seats in ``humans`` for people, the others
    bots of level ``bots``; ``options`` set on the form by name, ``settings`` by selector (the
    clock and absence fields). Return the invite code once the table page is open."""
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready]")
    page.fill("#create input[name=name]", "Ann")
    page.select_option("#game", game)
    page.wait_for_selector(f"#rules-link[href='/rules/{game}']", state="attached")
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    for seat in range(1, players):
        choice = "human" if seat in humans else f"bot:{bots}"
        page.select_option(f"#seats select[name=seat{seat}]", choice)
    if options and not page.eval_on_selector("#options-box", "box => box.open"):
        page.click("#options-box summary")
    open_rule_numbers(page)
    for name, value in (options or {}).items():
        field = page.locator(f"#options [name='option-{name}']")
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    for selector, value in (settings or {}).items():  # the clock and absence choices
        page.select_option(selector, value)
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("body[data-version]")
    return str(page.inner_text("#invite"))


def open_rule_numbers(page: Any) -> None:
    """Unfold the lobby's fold of the rulebook's numbers (the open options form's), if shown."""
    numbers = page.locator("#options details.rule-numbers")
    if numbers.count() and page.is_visible("#options") and not numbers.evaluate("d => d.open"):
        numbers.locator("summary").click()


def join_table(page: Any, base: str, invite: str, name: str) -> None:
    """Join the table ``invite`` as ``name`` from the lobby's invite form."""
    page.goto(base + "/")
    page.fill("#join input[name=invite]", invite.lower())
    page.fill("#join input[name=name]", name)
    page.click("#join button[type=submit]")
    page.wait_for_url(f"**/t/{invite}")
    page.wait_for_selector("#seat-list .me", state="attached")  # in the drawer on a phone


def two_people_and_a_bot(
    browser: Any, base: str, game: str, errors: list[str], second: str = "Bob"
) -> tuple[Any, Any, str]:
    """Ann on a desktop creates a table of ``game`` for three (an easy bot in the third seat),
    ``second`` joins it on a phone from another browser, Ann starts it: (ann, other, invite)."""
    ann = open_page(browser, DESKTOP, errors)
    other = open_page(browser, PHONE, errors)
    invite = create_table(ann, base, game, 3, humans=(1,), bots="easy")
    join_table(other, base, invite, second)
    ann.wait_for_selector("#start:not([hidden])")
    ann.click("#start")
    return ann, other, invite


def must_act(page: Any) -> bool:
    """True when the page's seat has a move to make (its drawing shows legal moves)."""
    return bool(page.evaluate("document.body.classList.contains('my-turn')"))


def act_and_wait(page: Any, act: Callable[[], None]) -> None:
    """Do ``act`` (one move's clicks) and wait until the page shows the state that follows it
    (or that its simultaneous choice is in).

    The server's answer to the move comes after the state that follows it, so the page waits
    for the answer too: another seat's move in a simultaneous step also changes the version,
    and a page that stopped waiting on it could try the same move again."""
    version = page.get_attribute("body", "data-version")
    act()
    page.wait_for_function(
        "() => !document.body.dataset.waiting"
        f" && (document.body.dataset.version !== '{version}'"
        " || document.querySelector('#turn').textContent.includes('is in'))",
        timeout=30_000,
    )


def confirm_if_asked(page: Any) -> None:
    """Confirm a costly move the page asks about first (Clickety Clack's failed roll while a
    sum could be written)."""
    if page.locator("#confirm:not([hidden])").count():
        page.click("#confirm-yes")


def click_random_board_move(page: Any, rng: random.Random) -> None:
    """A chooser for drawings where every move is one click: a random legal spot of the board."""
    spots = page.query_selector_all("#board .legal")
    assert spots, "the drawing shows no legal move although the seat must act"
    rng.choice(spots).click()
    confirm_if_asked(page)


def play_until_over(
    pages: list[Any],
    rng: random.Random,
    choose: Chooser = click_random_board_move,
    reload_at: int | None = None,
    on_move: Callable[[int, Any], None] | None = None,
) -> int:
    """Play moves with ``choose`` on whichever page must act until the game is over; reload the
    last page before move ``reload_at``; call ``on_move(number, page)`` before each move.
    Return the number of moves the pages made."""
    moves = 0
    for _ in range(5000):
        if moves == reload_at:
            pages[-1].reload()  # a seat reloads mid-game: its token brings it back
            pages[-1].wait_for_selector("body[data-version]")
            reload_at = None
        if pages[0].get_attribute("body", "data-status") == "finished":
            return moves
        movers = [p for p in pages if must_act(p)]
        if not movers:
            pages[0].wait_for_timeout(40)  # bots or another seat are moving
            continue
        page = rng.choice(movers)
        if on_move is not None:
            on_move(moves, page)
        act_and_wait(page, functools.partial(choose, page, rng))
        moves += 1
    raise AssertionError("the game did not end")


FIT_CHECK = """phone => {
  const problems = [];
  const width = window.innerWidth, height = window.innerHeight;
  const say = (node) => (node.id ? '#' + node.id : node.tagName.toLowerCase())
    + (node.dataset && node.dataset.action ? '[' + node.dataset.action + ']' : '')
    + ' "' + (node.textContent || node.getAttribute('aria-label') || '').trim().slice(0, 40) + '"';
  const inView = (node, what) => {
    const box = node.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) {
      problems.push(what + ' is not drawn: ' + say(node));
      return;
    }
    // A few pixels of a drawn edge (a stroke, a shadow) past the window still leave the
    // target in sight; its middle must be reachable (below).
    const slack = 4;
    if (box.top < -slack || box.left < -slack || box.bottom > height + slack
        || box.right > width + slack) {
      problems.push(what + ' is outside the ' + width + 'x' + height + ' viewport '
        + JSON.stringify([box.left, box.top, box.right, box.bottom].map(Math.round))
        + ': ' + say(node));
      return;
    }
    const x = Math.min(width - 1, Math.max(0, box.left + box.width / 2));
    const y = Math.min(height - 1, Math.max(0, box.top + box.height / 2));
    const top = document.elementFromPoint(x, y);
    if (top && top !== node && !node.contains(top) && !top.contains(node)) {
      problems.push(what + ' is covered by ' + say(top) + ': ' + say(node));
    }
    return box;
  };
  inView(document.getElementById('turn'), 'the prompt');
  const targets = [
    ...document.querySelectorAll('#board .legal, #bar-buttons button:not([disabled])')];
  if (!targets.length) problems.push('no legal target is drawn');
  for (const node of targets) {
    const box = inView(node, 'a legal target');
    if (box && phone && (box.width < 43.5 || box.height < 43.5)) {
      problems.push('a legal target is smaller than 44x44 px ('
        + Math.round(box.width) + 'x' + Math.round(box.height) + '): ' + say(node));
    }
  }
  for (const node of document.querySelectorAll('#board .player-name, #seat-list li')) {
    if (node.getClientRects().length && node.scrollWidth > node.clientWidth + 1) {
      problems.push('a name is cut: ' + say(node));
    }
  }
  return problems;
}"""


def assert_fits(page: Any, phone: bool) -> None:
    """At a decision of the page's seat: the prompt and every legal target (the drawing's
    ``.legal`` spots and the status bar's buttons) are inside the viewport as the page stands,
    without scrolling, and not covered by anything; on a phone each target is at least 44x44
    CSS px; no player's name (``.player-name`` in the drawing, the seat list) is cut."""
    problems = page.evaluate(FIT_CHECK, phone)
    assert not problems, "\n".join(problems)


def screenshot(page: Any, name: str, full_page: bool = False) -> Path:
    """Save what the page's screen shows (or the whole page) as ``SCREENSHOTS/name.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


END_TABLE = """() => {
  const table = document.querySelector('#scores');
  const heads = [...table.tHead.rows[0].cells].map((c) => c.textContent);
  const cells = (r) => [...r.cells].map((c) => c.textContent);
  const rows = [...table.tBodies[0].rows].map((r) => [Number(r.dataset.seat), cells(r)]);
  const names = [...table.querySelectorAll('td.who')];
  const box = table.getBoundingClientRect();
  return {
    heads, rows,
    inside: box.left >= 0 && box.right <= document.documentElement.clientWidth + 1,
    cut: names.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
  };
}"""


def end_table(page: Any) -> tuple[list[str], dict[int, list[str]]]:
    """The end screen's table as the page shows it: the column headers and each seat's cells
    (its name, the game's breakdown, its score); checked to lie within the page (a wide one
    scrolls sideways in its own box) with no name cut."""
    page.wait_for_selector("#outcome:not([hidden])")
    shown = page.evaluate(END_TABLE)
    assert shown["inside"] and not shown["cut"], shown
    return shown["heads"], {int(seat): list(cells) for seat, cells in shown["rows"]}
