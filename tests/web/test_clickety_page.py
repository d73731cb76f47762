"""Clickety Clack in the browser: the drawing (static/games/clickety.js) is played by
clicking and by keyboard, shows every legal move, and draws what the view says."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ..server.live import running_server
from . import pages

GAME = "clickety-clack"

# Clicks every die of the pool that can be picked (each face once, as the die to take, then as
# the die it clicks onto), collecting the data-action of every spot the drawing offers on the way
# (on the board and the move's buttons in the status bar); puts the dice back at the end.
# Returns the actions and whether the picks were all cleared.
EXPLORE = """() => {
  const board = document.getElementById("board");
  const found = new Set();
  const collect = () => document
    .querySelectorAll("#board [data-action], #bar-buttons [data-action]")
    .forEach((node) => found.add(node.dataset.action));
  const pickable = (role) => [...board.querySelectorAll(`.cc-pool-die[data-pick="${role}"]`)];
  const byKey = (key) => board.querySelector(`[data-key="${key}"]`);
  const onePerFace = (dice) =>
    [...new Map(dice.map((die) => [die.dataset.face, die.dataset.key])).values()];
  collect();
  for (const take of onePerFace(pickable("take"))) {
    byKey(take).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    collect();
    for (const onto of onePerFace(pickable("onto"))) {
      byKey(onto).dispatchEvent(new MouseEvent("click", { bubbles: true }));
      collect();
      byKey(onto).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
    byKey(take).dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
  return { actions: [...found], cleared: !board.querySelector(".selected") };
}"""

# Every board drawn in #board as data: its written numbers per row, crossed penalties and score.
DRAWN_BOARDS = """() => [...document.querySelectorAll("#board svg.cc-board")].map((board) => {
  const rows = [[], [], [], [], []];
  for (const node of board.querySelectorAll(".cc-written")) {
    rows[+node.dataset.row][+node.dataset.space] = +node.textContent;
  }
  return {
    seat: +board.dataset.seat,
    rows,
    penalties: board.querySelectorAll(".cc-penalty.crossed").length,
    score: +board.querySelector("[data-score]").textContent,
  };
})"""


def die_selector(face: int | str, role: str = "take") -> str:
    """A pool die showing ``face`` that can be picked now as the die to take or (``role``
    "onto") as the die the taken one clicks onto."""
    return f"#board .cc-pool-die.selectable[data-pick='{role}'][data-face='{face}']"


def spot(action: str) -> str:
    """The spot that makes ``action``: a row's space on the drawing, or a button of the move in
    the status bar (a failed roll, a die taken without writing)."""
    return f":is(#board, #bar-buttons) .legal[data-action='{action}']"


def pick_move(page: Any, rng: random.Random) -> str:
    """A random legal move, mostly one that writes a number (so that rows fill up)."""
    actions = pages.legal_actions(page)
    assert actions, "the seat must act but lists no move"
    writes = [a for a in actions if "+" in a]
    return rng.choice(writes) if writes and rng.random() < 0.9 else rng.choice(actions)


def click_move(
    page: Any,
    action: str,
    before_last: Callable[[], object] | None = None,
    check: Callable[[], object] | None = None,
) -> None:
    """Make ``action`` by clicking the drawing: the die to take, the die it clicks onto, the row
    (``6+5>3``); the die to take and its button (``x6``); the failed-roll button (``x``).
    ``before_last`` runs before the last click, ``check`` before every click."""

    def click(selector: str) -> None:
        if check is not None:
            check()
        page.locator(selector).first.click()

    if action == "x":
        could_write = any("+" in a for a in pages.legal_actions(page))
        click(spot(action))
        confirm_failed_roll(page, could_write, lambda: page.click("#confirm-yes"))
    elif action.startswith("x"):
        click(die_selector(action[1]))
        click(spot(action))
    else:
        take, rest = action.split("+")
        onto = rest.split(">")[0]
        click(die_selector(take))
        click(die_selector(onto, "onto"))
        if before_last is not None:
            before_last()
        click(spot(action))


def confirm_failed_roll(page: Any, could_write: bool, confirm: Callable[[], object]) -> None:
    """A failed roll while a sum could be written is asked about first (issue 21: the costly
    button is not hit by accident); confirm it. Otherwise it is sent at once."""
    if could_write:
        page.wait_for_selector("#confirm:not([hidden])")
        assert "You can still write a sum" in page.inner_text("#confirm-text")
        assert page.evaluate("document.activeElement.id") == "confirm-yes"
        confirm()
    else:
        assert page.locator("#confirm").is_hidden()


def key_move(page: Any, action: str) -> None:
    """Make ``action`` with the keyboard only: Tab to each spot, Enter or Space to choose it."""
    if action == "x":
        could_write = any("+" in a for a in pages.legal_actions(page))
        pages.tab_to(page, spot(action))
        page.keyboard.press("Enter")
        confirm_failed_roll(page, could_write, lambda: page.keyboard.press("Enter"))
        return
    dice = [action[1]] if action.startswith("x") else [action[0], action[2]]
    for number, face in enumerate(dice):
        pages.tab_to(page, die_selector(face, "onto" if number else "take"))
        page.keyboard.press("Enter" if number == 0 else "Space")
        assert page.locator("#board .cc-pool-die.selected").count() == number + 1
    pages.tab_to(page, spot(action))
    page.keyboard.press("Space")


def assert_drawn_as_view(page: Any) -> None:
    """Every board in #board shows the view's written numbers, crossed penalties and score; the
    pool shows the view's dice."""
    view = pages.shown_view(page)
    drawn = page.evaluate(DRAWN_BOARDS)
    assert sorted(b["seat"] for b in drawn) == list(range(view["players"]))
    for board in drawn:
        expected = view["boards"][board["seat"]]
        assert board["rows"] == expected["rows"]
        assert board["penalties"] == expected["penalties"]
        assert board["score"] == expected["score"]
    faces = page.eval_on_selector_all("#board .cc-pool-die", "ds => ds.map(d => +d.dataset.face)")
    assert faces == view["pool"]


@pytest.mark.slow
def test_a_full_game_by_clicking_on_a_phone_and_a_desktop(browser: Any, tmp_path: Path) -> None:
    """Ann (desktop), Bob (phone) and an easy bot play a whole game; every move is made by
    clicking the drawing, which offers exactly the legal moves before each one. Before every
    click the prompt and every spot to tap are in sight at the top of the page, uncovered, and
    on the phone big enough for a finger (issue 37)."""
    errors: list[str] = []
    rng = random.Random(8)
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        ann, bob, invite = pages.two_people_and_a_bot(browser, server.base, GAME, errors)
        ann.evaluate("window.scrollTo(0, 0)")  # back from the start button
        ann.wait_for_selector("#board svg.cc-board")
        shots: set[str] = set()
        made: list[str] = []

        def on_move(number: int, page: Any) -> None:
            offered = page.evaluate(EXPLORE)
            assert offered["cleared"], "exploring the dice left a die picked"
            assert set(offered["actions"]) == set(pages.legal_actions(page))
            assert_drawn_as_view(page)
            # The top of the page: no click so far had to scroll to reach its spot.
            assert page.evaluate("window.scrollY") == 0, "the page was scrolled"

        def choose(page: Any, rng: random.Random) -> None:
            action = pick_move(page, rng)
            if len(made) >= 6 and "x" not in made:
                action = "x"  # a failed roll once (always legal before a first failure) ...
            elif made and made[-1] == "x":  # ... then a second failure: take a die, write nothing
                action = rng.choice([a for a in pages.legal_actions(page) if a.startswith("x")])
            made.append(action)
            name = "clickety-clack-table" if page is ann else "clickety-clack-table-phone"
            fits = functools.partial(pages.assert_fits, page, phone=page is bob)
            if "+" in action and name not in shots and pages.shown_view(page)["round"] >= 3:
                # mid-game, with two dice picked and the rows they fit highlighted
                shot = functools.partial(pages.screenshot, page, name)
                click_move(page, action, before_last=shot, check=fits)
                shots.add(name)
            else:
                click_move(page, action, check=fits)

        moves = pages.play_until_over([ann, bob], rng, choose=choose, on_move=on_move)
        assert moves > 10
        assert "clickety-clack-table" in shots
        assert any(a.startswith("x") and a != "x" for a in made)
        for page in (ann, bob):
            page.wait_for_selector("#outcome", state="visible")
            assert page.locator("#scores tbody tr").count() == 3
            assert page.locator("#board .legal, #board .selectable").count() == 0
            assert_drawn_as_view(page)
        view = pages.shown_view(ann)
        assert view["outcome"] is not None
        for page in (ann, bob):  # the end table's breakdown: each row's points, the penalties
            heads, rows = pages.end_table(page)
            assert [h.lower() for h in heads[1:-1]] == [f"row {r}" for r in range(1, 6)] + [
                "penalties"
            ], heads
            for seat, board in enumerate(view["boards"]):
                points = [int(cell.replace("−", "-")) for cell in rows[seat][1:-1]]
                filled = [len(row) for row in board["rows"]]
                tables = view["board"]["points"]
                rows_points = [(tables[r][n - 1] or 0) if n else 0 for r, n in enumerate(filled)]
                assert points[:5] == rows_points
                assert points[5] == sum(view["board"]["penalties"][: board["penalties"]])
                assert sum(points) == int(rows[seat][-1]) == board["score"], (rows[seat], board)
        pages.screenshot(ann, "clickety-clack-end")
        pages.screenshot(bob, "clickety-clack-end-phone")

        # The replay viewer draws the same boards read-only, from the start to the final position.
        bob.goto(f"{server.base}/t/{invite}/replay")
        bob.wait_for_selector("body[data-ready]")
        for _ in range(3):
            bob.click("#next")
        bob.wait_for_selector("body[data-step='3']")
        assert bob.text_content("#board .cc-status").startswith("Round 1 ·")
        bob.click("#last")
        assert bob.locator("#board svg.cc-board").count() == 3
        assert bob.locator("#board .legal, #board .selectable").count() == 0
        final = {b["seat"]: b for b in bob.evaluate(DRAWN_BOARDS)}
        for seat, board in enumerate(view["boards"]):
            assert final[seat]["rows"] == board["rows"]
            assert final[seat]["penalties"] == board["penalties"]
    assert errors == []


@pytest.mark.slow
def test_the_b_side_by_keyboard_and_a_spectator(browser: Any, tmp_path: Path) -> None:
    """On the B side Ann plays moves with Tab, Enter and Space only; a spectator on a phone sees
    every board, can switch between them, and is offered no move."""
    errors: list[str] = []
    rng = random.Random(3)
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        ann = pages.open_page(browser, pages.DESKTOP, errors)
        invite = pages.create_table(ann, server.base, GAME, 2, bots="easy", options={"side": "B"})
        # Ann and a bot fill the table: the game starts at once
        ann.wait_for_selector("#board svg.cc-board")
        for number in range(4):
            ann.wait_for_function("() => document.body.classList.contains('my-turn')")
            actions = pages.legal_actions(ann)
            if number == 1:
                action = "x"  # a failed roll: the button
            elif number == 2:  # the second failure: a die, then its button
                action = rng.choice([a for a in actions if a.startswith("x")])
            else:  # row 1 of the B side takes any number while it holds fewer than two
                action = rng.choice([a for a in actions if "+" in a])
            pages.act_and_wait(ann, functools.partial(key_move, ann, action))
        view = pages.shown_view(ann)
        assert view["board"]["side"] == "B"
        mine = ann.locator("#board .cc-mine svg.cc-board")
        assert mine.get_attribute("data-seat") == "0"
        rules = [rule.get_attribute("data-rule") for rule in mine.locator(".cc-rule").all()]
        assert rules == view["board"]["rules"]
        assert mine.locator(".cc-printed").count() == 0  # no pre-printed row on the B side
        assert sum(len(row) for row in view["boards"][0]["rows"]) == 2
        assert view["boards"][0]["penalties"] == 1
        assert_drawn_as_view(ann)

        watcher = pages.open_page(browser, pages.PHONE, errors)
        watcher.goto(f"{server.base}/t/{invite}")
        watcher.wait_for_selector("#board .cc-other.shown svg.cc-board")
        assert watcher.locator("#board svg.cc-board").count() == 2
        assert watcher.locator("#board .legal, #board .selectable").count() == 0
        assert_drawn_as_view(watcher)
        for seat in (0, 1):  # the tabs show one board at a time on a phone
            watcher.click(f"#board [data-key='tab-{seat}']")
            assert watcher.locator(f"#board svg.cc-board[data-seat='{seat}']").is_visible()
            assert not watcher.locator(f"#board svg.cc-board[data-seat='{1 - seat}']").is_visible()
        pages.screenshot(watcher, "clickety-clack-spectator-phone")
    assert errors == []
