"""The Click Clack page in a real browser: a whole game played by clicking the drawing, moves
made with the keyboard only, and the drawing checked against the view it was drawn from."""

from __future__ import annotations

import random
import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from ..server.live import running_server
from . import pages

GAME = "click-clack"


def _board_actions(page: Any) -> set[str]:
    """The moves reachable on the drawing (every legal spot in #board) and the move's buttons in
    the status bar ("no turn")."""
    found = page.eval_on_selector_all(
        "#board .legal, #bar-buttons .legal", "nodes => nodes.map(n => n.dataset.action)"
    )
    return set(found)


def _drawn(page: Any) -> dict[str, Any]:
    """What the drawing shows: the squirrel in every hole, the squirrels on the trunk and at
    home, Freddy, the board's rotation and angle, the discs shown in holes, each corner's total;
    and the view it was drawn from (read at the same moment)."""
    return dict(
        page.evaluate(
            """() => {
              const board = document.querySelector('#board svg.cc-board');
              const holes = {};
              for (const hole of board.querySelectorAll('.cc-hole')) {
                const disc = hole.querySelector('.cc-disc');
                holes[hole.dataset.hole] = {
                  squirrel: hole.dataset.squirrel === undefined
                    ? null : Number(hole.dataset.squirrel),
                  hollow: Number(hole.dataset.hollow), state: hole.dataset.state,
                  kind: disc ? disc.dataset.kind : null,
                };
              }
              const seats = (selector) =>
                [...board.querySelectorAll(selector)].map((n) => Number(n.dataset.seat)).sort();
              const turning = board.querySelector('.cc-turning');
              return {
                view: JSON.parse(document.querySelector('#view').textContent), holes,
                trunk: seats('.cc-on-trunk'), home: seats('.cc-home'),
                freddy: [...board.querySelectorAll('.cc-freddy')].map((n) => n.dataset.freddy),
                rotation: Number(turning.dataset.rotation), angle: Number(turning.dataset.angle),
                style: turning.style.transform,
                totals: [...board.querySelectorAll('.cc-corner')].sort(
                  (a, b) => a.dataset.seat - b.dataset.seat).map((n) => Number(n.dataset.discs)),
                roll: board.querySelector('.cc-die').dataset.roll,
              };
            }"""
        )
    )


def _check_drawing(page: Any) -> dict[str, Any]:
    """Assert that the drawing shows exactly what the page's view says; return the view."""
    drawn = _drawn(page)
    view: dict[str, Any] = drawn["view"]
    seen = {s["hollow"]: s["kind"] for s in view["seen"]}
    empty = set(view["known_empty"])
    for hole in view["holes"]:
        shown = drawn["holes"][hole["hole"]]
        assert shown["squirrel"] == hole["squirrel"], hole
        assert shown["hollow"] == hole["hollow"], hole
        vacant = hole["squirrel"] is None
        expected = (
            "squirrel"
            if not vacant
            else "seen"
            if hole["hollow"] in seen
            else "empty"
            if hole["hollow"] in empty
            else "unknown"
        )
        assert shown["state"] == expected, (hole, shown)
        assert shown["kind"] == (seen.get(hole["hollow"]) if vacant else None), (hole, shown)
    squirrels = view["squirrels"]
    assert drawn["trunk"] == [s for s, where in enumerate(squirrels) if where == "trunk"]
    assert drawn["home"] == [s for s, where in enumerate(squirrels) if where == "home"]
    assert drawn["freddy"] == [view["freddy"]]
    assert drawn["rotation"] == view["rotation"]
    # The board is drawn turned by its rotation: 16 clicks of 22.5 degrees.
    assert drawn["angle"] % 360 == pytest.approx(view["rotation"] * 22.5)
    assert drawn["style"] == f"rotate({drawn['angle']:g}deg)"
    assert drawn["totals"] == [d["total"] for d in view["discs"]]
    assert drawn["roll"] == (view["roll"] or "")
    return view


def _start_with_bots(
    browser: Any, base: str, players: int, options: dict[str, str] | None = None
) -> Any:
    """Ann (desktop) creates a table with bots in the other seats (the lobby starts it)."""
    page = browser.new_context(viewport=pages.DESKTOP).new_page()
    pages.create_table(page, base, GAME, players, bots="easy", options=options)
    page.wait_for_selector("body[data-status=playing]")
    return page


def _wait_my_turn(page: Any) -> None:
    page.wait_for_function("() => document.body.classList.contains('my-turn')", timeout=30_000)


@pytest.mark.slow
def test_two_people_and_two_bots_play_a_whole_game_by_clicking_the_board(
    browser: Any, tmp_path: Path
) -> None:
    """Ann (desktop), Bo (phone) and two easy bots play a whole game by clicking the board.
    At each of Ann's and Bo's moves the prompt and every spot to click are in sight at the top of
    the page and uncovered, on the phone big enough for a finger; no name is cut (issue 37)."""
    errors: list[str] = []
    rng = random.Random(8)
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        ann = pages.open_page(browser, pages.DESKTOP, errors)
        bo = pages.open_page(browser, pages.PHONE, errors)
        invite = pages.create_table(ann, server.base, GAME, 4, humans=(1,), bots="easy")
        pages.join_table(bo, server.base, invite, "Bo")
        ann.wait_for_selector("#start:not([hidden])")
        ann.click("#start")
        ann.evaluate("window.scrollTo(0, 0)")  # back from the start button at the foot
        shots: list[str] = []

        def on_move(number: int, page: Any) -> None:
            listed = set(pages.legal_actions(page))
            assert listed, "the page must act but lists no legal move"
            assert _board_actions(page) >= listed
            # The top of the page, as a player who never scrolls sees it (Playwright scrolls
            # on its own to retry a click that a passing "found a disc" banner intercepted).
            page.evaluate("window.scrollTo(0, 0)")
            pages.assert_fits(page, phone=page is bo)
            name = "click-clack-table" if page is ann else "click-clack-phone"
            if number >= 12 and name not in shots:
                shots.append(name)  # mid-game: the board, squirrels and highlighted moves
                pages.screenshot(page, name)

        moves = pages.play_until_over([ann, bo], rng, on_move=on_move)
        for page in (ann, bo):
            page.wait_for_selector("#outcome:not([hidden])")
            assert page.locator("#scores tbody tr").count() == 4
        _check_drawing(bo)  # the phone shows the final position as the view says
        for page in (ann, bo):  # the Score column: each seat's discs, in number and kind
            _check_end_scores(page, {"Ann": 0, "Bo": 1, "Bot 3 (easy)": 2, "Bot 4 (easy)": 3})
        pages.screenshot(ann, "click-clack-end")
    assert moves > 10 and len(shots) == 2
    assert errors == []


@pytest.mark.slow
def test_moves_can_be_made_with_the_keyboard_alone(browser: Any, tmp_path: Path) -> None:
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        page = _start_with_bots(browser, server.base, 2)
        pages.watch_errors(page, errors)
        for number in range(6):
            _wait_my_turn(page)
            version = page.get_attribute("body", "data-version")
            legal = set(pages.legal_actions(page))
            page.evaluate("document.activeElement && document.activeElement.blur()")
            action = None
            for _ in range(80):  # Tab through the page to the first legal spot on the board
                page.keyboard.press("Tab")
                action = page.evaluate(
                    "(() => { const a = document.activeElement;"
                    " return a && a.closest('#board') && a.classList.contains('legal')"
                    " ? a.dataset.action : null; })()"
                )
                if action:
                    break
            assert action in legal
            page.keyboard.press("Enter" if number % 2 == 0 else " ")
            page.wait_for_function(f"() => document.body.dataset.version !== '{version}'")
            made = [e["move"] for e in pages.shown_view(page)["log"] if e["seat"] == 0]
            assert action in made
            if page.get_attribute("body", "data-status") == "finished":
                break
    assert errors == []


RECORD_DRAWINGS = """() => {
  window.ccDrawn = [];
  new MutationObserver(() => {
    const turning = document.querySelector('#board .cc-turning');
    if (turning) window.ccDrawn.push(
      [Number(turning.dataset.rotation), Number(turning.dataset.angle)]);
  }).observe(document.querySelector('#board'), { childList: true });
}"""


@pytest.mark.slow
def test_the_drawing_follows_the_view_and_a_spectator_gets_no_moves(
    browser: Any, tmp_path: Path
) -> None:
    errors: list[str] = []
    rng = random.Random(3)
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        ann = _start_with_bots(browser, server.base, 3, options={"see_through": "true"})
        invite = ann.inner_text("#invite")
        watcher = browser.new_context(viewport=pages.PHONE).new_page()
        for page in (ann, watcher):
            pages.watch_errors(page, errors)
        watcher.goto(f"{server.base}/t/{invite}")
        watcher.wait_for_selector("#board svg.cc-board")
        ann.evaluate(RECORD_DRAWINGS)
        turns = seen = 0
        for _ in range(12):
            _wait_my_turn_or_end(ann)  # a bot's move may end the game
            if ann.get_attribute("body", "data-status") == "finished":
                break
            view = _check_drawing(ann)
            seen += sum(
                1
                for h in view["holes"]
                if h["squirrel"] is None and h["hollow"] in {s["hollow"] for s in view["seen"]}
            )
            legal = set(pages.legal_actions(ann))
            if legal in ({"cw", "ccw"}, {"cw", "ccw", "noturn"}):
                # Turning the board: the next drawing shows it one click further the chosen way
                # (read from a record of every drawing: the bots move on at once).
                direction = rng.choice(["ccw", "cw"])
                rotation, angle = ann.evaluate("window.ccDrawn[window.ccDrawn.length - 1]")
                count = ann.evaluate("window.ccDrawn.length")
                arrow = ann.locator(f"#board .cc-arrow[data-action={direction}]")
                pages.act_and_wait(ann, arrow.click)
                after = ann.evaluate(f"window.ccDrawn[{count}]")
                step = 1 if direction == "cw" else -1
                assert after == [(rotation + step) % 16, pytest.approx(angle + 22.5 * step)]
                turns += 1
            else:
                pages.act_and_wait(ann, lambda: pages.click_random_board_move(ann, rng))
            if ann.get_attribute("body", "data-status") == "finished":
                break
            # The spectator sees the position as its view says and has nothing to choose.
            version = int(ann.get_attribute("body", "data-version"))
            watcher.wait_for_function(f"() => Number(document.body.dataset.version) >= {version}")
            _check_drawing(watcher)
            assert watcher.locator("#board .legal, #board [data-action]").count() == 0
        assert turns > 0
        assert seen > 0  # with see_through, discs seen through vacant holes are drawn
    assert errors == []


def _leave_the_board(page: Any, how: str) -> None:
    """On a turn without a move: check what the page says, leave the board as it is by clicking
    "no turn" (``how="click"``) or by Tab and Enter, and check the position that follows."""
    view = _check_drawing(page)
    assert view["phase"] == "turn" and view["roll"] == view["freddy"]
    phase = page.inner_text("#board .cc-phase")
    assert "where Freddy is: your squirrel cannot move." in phase, phase
    assert "Turn the board one click, or leave it as it is." in phase, phase
    assert _board_actions(page) == {"cw", "ccw", "noturn"}
    if how == "click":
        pages.screenshot(page, "click-clack-no-turn")  # the arrows and "no turn" to choose from
    still = page.locator("#bar-buttons .cc-still.legal[data-action=noturn]")  # a bar button
    assert still.get_attribute("aria-label") == "leave the board as it is (no turn)"
    version = page.get_attribute("body", "data-version")
    count = page.evaluate("window.ccDrawn.length")
    if how == "click":
        still.click()
    else:
        page.evaluate("document.activeElement && document.activeElement.blur()")
        pages.tab_to(page, "#bar-buttons .cc-still.legal")
        page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.body.dataset.version !== '{version}'")
    # The move made is noturn, Ann's, and the next drawing shows the board where it was (read
    # from the record of every drawing: the bot moves on at once).
    assert pages.shown_view(page)["log"][len(view["log"])] == {"seat": 0, "move": "noturn"}
    page.wait_for_function(f"() => window.ccDrawn.length > {count}")
    assert page.evaluate(f"window.ccDrawn[{count}]") == [
        view["rotation"],
        pytest.approx(page.evaluate(f"window.ccDrawn[{count - 1}]")[1]),
    ]


@pytest.mark.slow
def test_a_roll_that_leaves_no_move_lets_the_board_stay_by_click_and_by_keyboard(
    browser: Any, tmp_path: Path
) -> None:
    """clack-turn-without-move: "You are allowed to turn the board even if you cannot move your
    piece." When the die shows Freddy's section the page says so and offers the two turns and
    "no turn"; a person leaves the board by clicking it, and by Tab and Enter."""
    errors: list[str] = []
    rng = random.Random(5)
    ways = ["click", "keyboard"]
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        for _ in range(6):  # a new table whenever a game ends before both ways were tried
            page = _start_with_bots(browser, server.base, 2)
            pages.watch_errors(page, errors)
            page.evaluate(RECORD_DRAWINGS)
            while ways and page.get_attribute("body", "data-status") != "finished":
                _wait_my_turn_or_end(page)
                if page.get_attribute("body", "data-status") == "finished":
                    break
                if "noturn" in pages.legal_actions(page):
                    _leave_the_board(page, ways.pop(0))
                    continue
                legal = set(pages.legal_actions(page))
                if legal == {"cw", "ccw"}:
                    arrow = page.locator(
                        f"#board .cc-arrow[data-action={rng.choice(['cw', 'ccw'])}]"
                    )
                    pages.act_and_wait(page, arrow.click)
                else:
                    pages.act_and_wait(page, partial(pages.click_random_board_move, page, rng))
            page.context.close()
            if not ways:
                break
    assert ways == []
    assert errors == []


def _wait_my_turn_or_end(page: Any) -> None:
    page.wait_for_function(
        "() => document.body.classList.contains('my-turn')"
        " || document.body.dataset.status === 'finished'",
        timeout=30_000,
    )


KINDS = ("hazelnut", "blueberry", "chestnut", "fir-cone")


def _check_end_scores(page: Any, seats: dict[str, int]) -> None:
    """The end screen's Score column names each seat's discs as the view counts them: the total
    and every kind collected (and no kind it has none of)."""
    page.wait_for_selector("#outcome:not([hidden])")
    discs = pages.shown_view(page)["discs"]
    rows = page.eval_on_selector_all(
        "#scores tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    assert sorted(seats[row[0]] for row in rows) == list(range(len(discs))), rows
    # The order: the winners, then everyone else by their discs (issue 37: Ann with 3 discs was
    # listed above the bot with 4).
    winners = pages.shown_view(page)["outcome"]["winners"]
    order = [(seats[row[0]] in winners, discs[seats[row[0]]]["total"]) for row in rows]
    assert order == sorted(order, reverse=True), rows
    # The breakdown: a column for each kind of disc, its header the kind's name.
    heads = page.eval_on_selector_all("#scores thead th", "cells => cells.map(c => c.textContent)")
    assert [h.lower() for h in heads[1:-1]] == list(KINDS), heads
    for name, *kinds, score in rows:
        counts = discs[seats[name]]
        assert kinds == [str(counts[kind]) for kind in KINDS], (name, kinds, counts)
        total = re.match(r"^(\d+) discs?\b", score)
        assert total is not None and int(total[1]) == counts["total"], (name, score, counts)
        for kind in KINDS:
            if counts[kind]:
                assert f"{counts[kind]} {kind}" in score, (name, score, counts)
            else:
                assert kind not in score, (name, score, counts)


# Every found-a-disc moment the page shows: its words, seats and kinds, whether it is on the
# screen, its animation, and how many discs the view it came with had collected.
RECORD_MOMENTS = """() => {
  window.ccMoments = [];
  const seen = new Set();
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      const moment = node.nodeType === 1 && (node.matches('.cc-moment') ? node
        : node.querySelector && node.querySelector('.cc-moment'));
      if (!moment) continue;
      const view = document.querySelector('#view');  // the replay page has none
      const count = view ? JSON.parse(view.textContent).collections.length : null;
      const key = `${count}|${moment.textContent}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const box = moment.getBoundingClientRect();
      const style = getComputedStyle(moment);
      window.ccMoments.push({
        count, text: moment.textContent, seats: moment.dataset.seats, kinds: moment.dataset.kinds,
        width: box.width, height: box.height, animation: style.animationName,
        duration: style.animationDuration,
      });
    }
  }).observe(document.querySelector('#board'), { childList: true, subtree: true });
}"""


@pytest.mark.slow
def test_a_found_disc_has_its_moment_and_the_end_screen_counts_the_discs(
    browser: Any, tmp_path: Path
) -> None:
    """A new player's game against a bot: whenever a squirrel finds a disc (Ann's or the bot's)
    the board shows who found what for about two seconds, then the moment goes; the end screen's
    Score column gives each seat's discs as the view counts them; the replay has no moments."""
    errors: list[str] = []
    rng = random.Random(11)
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        page = _start_with_bots(browser, server.base, 2)
        pages.watch_errors(page, errors)
        page.wait_for_selector("#board svg.cc-board")
        page.evaluate(RECORD_MOMENTS)
        names = {0: "You", 1: "Bot (easy)"}
        known = len(pages.shown_view(page)["collections"])
        checked = gone = 0
        for _ in range(400):
            _wait_my_turn_or_end(page)
            view = pages.shown_view(page)
            finds = view["collections"][known:]
            if finds:
                # Every disc found since Ann last looked had its moment, naming who and what.
                moments = page.evaluate("window.ccMoments")
                for number, find in enumerate(finds, start=known + 1):
                    shown = [m for m in moments if m["count"] >= number]
                    assert shown, (find, moments)
                    words = find["kind"].replace("-", " ")
                    assert any(
                        f"{names[find['seat']]} found" in m["text"] and words in m["text"]
                        for m in shown
                    ), (find, shown)
                    checked += 1
                latest = moments[-1]
                assert latest["width"] > 100 and latest["height"] > 20, latest
                assert latest["animation"] == "cc-moment", latest
                assert latest["duration"] == "2.2s", latest
                known = len(view["collections"])
                if page.get_attribute("body", "data-status") != "finished" and gone < 3:
                    # Nothing moves while Ann thinks: the moment goes after its two seconds
                    # (seen three times; the later finds are checked for their words only).
                    page.wait_for_selector("#board .cc-moment", state="detached", timeout=4_000)
                    gone += 1
            if page.get_attribute("body", "data-status") == "finished":
                break
            moments_before = len(page.evaluate("window.ccMoments"))
            pages.act_and_wait(page, partial(pages.click_random_board_move, page, rng))
            # Read at one moment (a bot may move and find between two reads).
            collections, moments = page.evaluate(
                "() => [JSON.parse(document.querySelector('#view').textContent)"
                ".collections.length, window.ccMoments.length]"
            )
            if collections == known:
                assert moments == moments_before  # no disc found: no moment either
        assert page.get_attribute("body", "data-status") == "finished"
        assert checked == len(pages.shown_view(page)["collections"]) and gone > 0, (checked, gone)
        _check_end_scores(page, {"Ann": 0, "Bot (easy)": 1})
        # "Game over" once: in the status bar (not again in the header, the end screen's title,
        # the drawing's prompt or the latest move); the log keeps its own words.
        shown = page.evaluate(
            "() => [...document.querySelectorAll('header, #bar, #last-move, #play')]"
            ".map((node) => node.innerText).join(' ')"
        )
        assert shown.lower().count("game over") == 1, shown
        assert page.inner_text("#turn").startswith("Game over")

        # The replay viewer steps through the same game: no moment shown there.
        invite = page.inner_text("#invite")
        page.goto(f"{server.base}/t/{invite}/replay")
        page.wait_for_selector("body[data-ready] #board svg.cc-board")
        page.evaluate(RECORD_MOMENTS)
        steps = page.evaluate(
            "() => { const n = Number(document.getElementById('step').max);"
            " for (let i = 0; i < n; i += 1) document.getElementById('next').click(); return n; }"
        )
        assert steps > 20
        assert page.evaluate("window.ccMoments") == []
        assert page.locator("#board .cc-moment").count() == 0
    assert errors == []
