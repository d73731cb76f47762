"""The table around the board, as a new player meets it (issue 21): a waiting room and an invite,
the host's start, the clock and absence chosen in the lobby, whose turn in the tab's title,
spectators, others' moves shown one at a time and told in words, a refused tap explained, a
confirmation and an undo, and a rematch that keeps the finished game."""

from __future__ import annotations

import functools
import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from ..server.live import running_server
from . import pages
from .test_clickety_page import click_move, die_selector

CLICKETY = "clickety-clack"
NOTATION = re.compile(r"\b\d\+\d>\d\b|\bchance:|\br[1-6]\b|\by>Y\d\d\b")
"""Engine notation a player should never have to read in the log."""

# Records what the page shows after each state it draws: the version, when, the newest move in
# words, and how many spots of the drawing are lit as changed by it.
WATCH_SHOWN = """
window.__shown = [];
new MutationObserver(() => {
  const version = document.body.dataset.version;
  const last = window.__shown[window.__shown.length - 1];
  if (version === undefined || (last && last.count === document.body.dataset.shown)) return;
  window.__shown.push({
    version: Number(version), at: performance.now(), count: document.body.dataset.shown,
    said: document.getElementById("last-move").textContent,
    lit: document.querySelectorAll("#board .changed").length,
    queued: !document.getElementById("catch-up").hidden,
  });
}).observe(document,
  { attributes: true, subtree: true, attributeFilter: ["data-shown"] });
"""


def _mover(people: list[Any]) -> Any:
    for _ in range(400):
        movers = [p for p in people if pages.must_act(p)]
        if movers:
            return movers[0]
        people[0].wait_for_timeout(50)
    raise AssertionError("nobody came to move")


@pytest.mark.slow
def test_a_waiting_room_an_invite_the_hosts_start_and_who_is_watching(
    browser: Any, tmp_path: Path
) -> None:
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        ann = pages.open_page(browser, pages.DESKTOP, errors)
        ann.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
        clock = {"#turn-seconds": "300", "#absence": "bot:30"}
        invite = pages.create_table(ann, server.base, CLICKETY, 2, humans=(1,), settings=clock)
        # The host's waiting room: the game, its options, the seats, what comes next.
        ann.wait_for_selector("#waiting-room:not([hidden])")
        assert "Clickety Clack for 2 players" in ann.inner_text("#waiting-game")
        assert "Waiting for 1 more player" in ann.inner_text("#waiting-next")
        assert ann.is_visible("#start") and ann.is_disabled("#start")
        assert "(host)" in ann.inner_text("#waiting-seats")
        ann.click("#copy-link")
        ann.wait_for_function("() => document.getElementById('copy-link').textContent === 'Copied'")
        ann.wait_for_function(
            "() => document.getElementById('copy-link').textContent === 'Copy invite link'"
        )
        assert ann.evaluate("navigator.clipboard.readText()") == f"{server.base}/t/{invite}"
        settings = ann.evaluate(f"fetch('/api/tables/{invite}').then(r => r.json())")
        chosen = settings["table"]["settings"]
        assert (chosen["turn_seconds"], chosen["grace_policy"], chosen["grace_seconds"]) == (
            300,
            "bot",
            30,
        )

        # A friend opens the link: the same room, a clear call to take the free seat.
        bob = pages.open_page(browser, pages.PHONE, errors)
        bob.goto(f"{server.base}/t/{invite}")
        bob.wait_for_selector("#waiting-room:not([hidden])")
        assert "take a seat" in bob.inner_text("#waiting-next")
        assert bob.is_hidden("#start")
        take = bob.locator("#waiting-seats button[data-seat='1']")
        take.click()
        assert "Type your name first" in bob.inner_text("#error")
        bob.fill("#join input[name=name]", "Bob")
        take.click()
        bob.wait_for_selector("#seat-list .me", state="attached")  # in the drawer
        bob.wait_for_function(
            "() => document.getElementById('waiting-next').textContent.includes('waiting for Ann')"
        )
        assert bob.is_hidden("#start"), "only the host starts"
        ann.wait_for_selector("#start:not([disabled])")
        assert "Everyone is here" in ann.inner_text("#waiting-next")
        status = bob.evaluate(
            """async (invite) => (await fetch(`/api/tables/${invite}/start`, {method: "POST",
              headers: {Authorization: `Bearer ${localStorage.getItem("clickbox-token-" + invite)}`}
            })).status""",
            invite,
        )
        assert status == 400
        # The refused request is the console's one error line (the browser logs any 400).
        assert len([e for e in errors if "status of 400" in e]) == 1
        errors[:] = [e for e in errors if "status of 400" not in e]
        ann.click("#start")
        for page in (ann, bob):
            page.wait_for_selector("body[data-status='playing']")
            assert page.is_hidden("#waiting-room")

        # Whose turn, away from the tab; the clock of the seat to move.
        mover = _mover([ann, bob])
        other = bob if mover is ann else ann
        mover.wait_for_function("() => document.title.startsWith('(Your turn)')")
        assert not other.title().startswith("(Your turn)")
        assert mover.get_attribute("#favicon", "href") != "data:,"
        seat = 0 if mover is ann else 1
        clock_text = other.text_content(f"#seat-list li[data-seat='{seat}']") or ""
        assert re.search(r"\d:\d\d left", clock_text), clock_text
        assert re.fullmatch(r"\d+:\d\d", mover.inner_text("#clock")), "a large clock ticks"

        # A spectator is told so, and the players see them counted.
        carl = pages.open_page(browser, pages.DESKTOP, errors)
        carl.goto(f"{server.base}/t/{invite}")
        carl.wait_for_selector("body[data-version]")
        assert "you are watching" in carl.inner_text("#watching")
        assert carl.inner_text("#turn").startswith("Watching")
        ann.wait_for_function(
            "() => document.getElementById('watching').textContent.includes('1 watching')"
        )

        # The spectator chats in the spectators' channel; a player sees it in a list of its own,
        # with its time, and may hide that list (remembered); the spectator sees both channels.
        carl.fill("#say input[name=text]", "Nice move!")
        carl.click("#say button[type=submit]")
        ann.wait_for_selector("#spectator-chat li:has-text('Nice move!')")
        line = ann.inner_text("#spectator-chat li")
        assert re.fullmatch(r"\d\d:\d\d .+: Nice move!", line), line
        assert "Nice move!" not in ann.inner_text("#chat")
        assert carl.is_visible("#spectator-chat li:has-text('Nice move!')")
        ann.fill("#say input[name=text]", "Thanks!")
        ann.click("#say button[type=submit]")
        carl.wait_for_selector("#chat li:has-text('Thanks!')")
        ann.uncheck("#show-spectators")
        assert ann.is_hidden("#spectator-chat")
        ann.reload()
        ann.wait_for_selector("body[data-version]")
        assert not ann.is_checked("#show-spectators") and ann.is_hidden("#spectator-chat")

        # The view as data is a developer's setting.
        assert ann.is_hidden("#view-panel")
        ann.click("#settings summary")
        ann.check("#developer")
        assert ann.is_visible("#view-panel")

        # The lobby remembers the name Bob played under.
        bob.goto(server.base + "/")
        bob.wait_for_selector("body[data-ready]")
        assert bob.input_value("#join input[name=name]") == "Bob"
        assert bob.input_value("#create input[name=name]") == "Bob"
    assert errors == []


@pytest.mark.slow
def test_a_refused_tap_says_why_a_move_is_confirmed_and_undone(
    browser: Any, tmp_path: Path
) -> None:
    errors: list[str] = []
    rng = random.Random(4)
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        ann = pages.open_page(browser, pages.DESKTOP, errors)
        bob = pages.open_page(browser, pages.PHONE, errors)
        invite = pages.create_table(ann, server.base, CLICKETY, 2, humans=(1,))
        pages.join_table(bob, server.base, invite, "Bob")
        ann.wait_for_selector("#start:not([disabled])")
        ann.click("#start")
        mover = _mover([ann, bob])
        other = bob if mover is ann else ann

        # A tap on a row before any die is chosen says what to do.
        mover.locator("#board .cc-mine .tryable").first.click()
        assert "Tap the die to take" in mover.inner_text("#error")
        # Two dice chosen, a row that does not glow: the engine's reason for that row.
        clicks = [a for a in pages.legal_actions(mover) if "+" in a]
        action = rng.choice(clicks)
        take, rest = action.split("+")
        onto = rest.split(">")[0]
        mover.locator(die_selector(take)).first.click()
        mover.locator(die_selector(onto, "onto")).first.click()
        refused = [
            f"{take}+{onto}>{r}"
            for r in range(1, 6)
            if f"{take}+{onto}>{r}" not in pages.legal_actions(mover)
        ]
        if refused:
            mover.click(f"#board .cc-mine .tryable[data-try='{refused[0]}']")
            # The server's answer replaces the hint still shown from the first tap.
            mover.wait_for_function(
                "() => !document.getElementById('error').textContent.startsWith('Tap the die')"
            )
            reason = mover.inner_text("#error")
            assert "Tap the die" not in reason and "row" in reason, reason
        before = mover.get_attribute("body", "data-version")
        legal_before = sorted(pages.legal_actions(mover))

        # With "confirm each move" on, the move waits for a yes; a no sends nothing.
        pages.open_side(mover)
        mover.click("#settings summary")
        mover.check("#confirm-moves")
        pages.close_side(mover)
        mover.click(f"#board .legal[data-action='{action}']")  # the two dice are still chosen
        mover.wait_for_selector("#confirm:not([hidden])")
        assert mover.inner_text("#confirm-text").startswith("Play: ")
        mover.click("#confirm-no")
        assert mover.is_hidden("#confirm")
        assert mover.get_attribute("body", "data-waiting") is None, "nothing was sent"
        assert mover.get_attribute("body", "data-version") == before
        mover.click(f"#board .legal[data-action='{action}']")
        mover.wait_for_selector("#confirm:not([hidden])")
        pages.act_and_wait(mover, lambda: mover.click("#confirm-yes"))
        pages.open_side(mover)
        mover.uncheck("#confirm-moves")
        pages.close_side(mover)

        # Nothing was revealed since (the next player has not moved): the move can be undone.
        mover.wait_for_selector("#undo:not([hidden])")
        assert other.is_hidden("#undo")
        mover.click("#undo")
        for page in (mover, other):
            page.wait_for_selector(f"body[data-version='{before}']")
        assert pages.must_act(mover)
        assert sorted(pages.legal_actions(mover)) == legal_before
        assert "Undo" not in mover.inner_text("#error")

        # Once another player has moved, it is final.
        pages.act_and_wait(mover, lambda: click_move(mover, action))
        assert mover.is_visible("#undo")
        reply = _mover([other])
        pages.act_and_wait(
            reply,
            lambda: click_move(
                reply,
                rng.choice(
                    [a for a in pages.legal_actions(reply) if "+" in a]
                    or pages.legal_actions(reply)
                ),
            ),
        )
        # The button stays, dimmed, and says why the move can no longer be taken back.
        mover.wait_for_selector("#undo[aria-disabled='true']")
        mover.click("#undo", force=True)  # aria-disabled: a click still answers, with the why
        assert "another player has moved" in mover.inner_text("#error")
    assert errors == []


@pytest.mark.slow
def test_others_moves_come_one_at_a_time_said_in_words_and_lit_on_the_board(
    browser: Any, tmp_path: Path
) -> None:
    """Against two bots at the "fast" speed: every state the server sent is drawn, in order,
    each other seat's move held in sight; the newest move is said in words with its player's
    name and lit on the drawing; the log reads as turns in words, never engine notation."""
    errors: list[str] = []
    rng = random.Random(8)
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        context = browser.paced_context("fast", viewport=pages.DESKTOP)
        context.add_init_script(WATCH_SHOWN)
        page = context.new_page()
        pages.watch_errors(page, errors)
        received: list[int] = []

        def on_socket(socket: Any) -> None:
            def on_frame(payload: Any) -> None:
                frame = json.loads(payload)
                if frame.get("type") == "state":
                    received.append(frame["table"]["version"])

            socket.on("framereceived", on_frame)

        page.on("websocket", on_socket)
        pages.create_table(page, server.base, CLICKETY, 3, bots="easy")
        for _ in range(4):
            page.wait_for_function(
                "() => document.body.classList.contains('my-turn')", timeout=60_000
            )
            page.wait_for_selector("#catch-up", state="hidden")
            actions = pages.legal_actions(page)
            action = rng.choice([a for a in actions if "+" in a] or actions)
            pages.act_and_wait(page, functools.partial(click_move, page, action))
        page.wait_for_function("() => document.body.classList.contains('my-turn')", timeout=60_000)
        page.wait_for_selector("#catch-up", state="hidden")
        shown = page.evaluate("window.__shown")
        log = page.inner_text("#log")
        headings = page.locator("#log h3").all_inner_texts()
    versions = [entry["version"] for entry in shown]
    distinct = [v for i, v in enumerate(received) if i == 0 or v != received[i - 1]]
    assert [v for i, v in enumerate(versions) if i == 0 or v != versions[i - 1]] == distinct
    gaps = [b["at"] - a["at"] for a, b in itertools.pairwise(shown) if a["version"] != b["version"]]
    assert len(gaps) >= 8 and min(gaps) >= 350, gaps  # "fast": 0.4 s a move
    assert any(entry["queued"] for entry in shown), "moves waited their turn to be shown"
    bot_moves = [e for e in shown if e["said"].startswith("Bot")]
    assert len(bot_moves) >= 4, [e["said"] for e in shown]
    assert any(e["lit"] for e in bot_moves), "a bot's move lit what it changed"
    assert any(h.startswith("Round 1 · Ann") for h in headings), headings
    assert any("Bot" in h for h in headings), headings
    assert "Ann" in log and not NOTATION.search(log), log
    assert errors == []


@pytest.mark.slow
def test_a_refused_spot_on_the_clever_sheet_says_why(browser: Any, tmp_path: Path) -> None:
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        page = pages.open_page(browser, pages.DESKTOP, errors)
        pages.create_table(page, server.base, "clever", 1)
        page.wait_for_function("() => document.body.classList.contains('my-turn')")
        mine = "#board .clever-sheet-figure[data-seat='0']"
        page.locator(f"{mine} .tryable[data-space^='Y']").first.click()
        assert "Choose a die first" in page.inner_text("#error")
        page.click("#board [data-key='die-y']")
        space = page.locator(f"{mine} .tryable[data-try^='y>Y']").first
        space.click()
        page.wait_for_function(
            "() => !document.getElementById('error').textContent.startsWith('Choose')"
        )
        reason = page.inner_text("#error")
        assert "yellow" in reason, reason
        assert pages.must_act(page), "the refusal changed nothing"
    assert errors == []


# Records every key the table played as travelling on the drawing (static/motion.js).
WATCH_MOVED = """
window.__moved = [];
new MutationObserver((records) => {
  for (const record of records) {
    const moved = record.target.dataset.moved;
    if (record.target.id === "board" && moved) window.__moved.push(...moved.split(" "));
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-moved"] });
"""

PLAY_FROM_THE_LIST = """(seed) => {
  const buttons = [...document.querySelectorAll('#moves button')];
  buttons[seed % buttons.length].click();
}"""


def _moved_while_playing(
    browser: Any,
    base: str,
    game: str,
    players: int,
    wanted: str,
    moves: int = 25,
    **context: Any,
) -> list[str]:
    """Play ``game`` against easy bots at the "fast" speed (moves chosen from the move list)
    until a key starting with ``wanted`` travelled on the drawing (or ``moves`` of our moves);
    return every key that travelled."""
    errors: list[str] = []
    browser_context = browser.paced_context("fast", viewport=pages.DESKTOP, **context)
    browser_context.add_init_script(WATCH_MOVED)
    page = browser_context.new_page()
    pages.watch_errors(page, errors)
    pages.create_table(page, base, game, players, bots="easy")
    rng = random.Random(4)
    for _ in range(moves):
        if any(key.startswith(wanted) for key in page.evaluate("window.__moved")):
            break
        page.wait_for_function(
            "() => document.body.classList.contains('my-turn')"
            " || document.body.dataset.status === 'finished'",
            timeout=60_000,
        )
        if page.get_attribute("body", "data-status") == "finished":
            break
        pages.act_and_wait(
            page, functools.partial(page.evaluate, PLAY_FROM_THE_LIST, rng.randrange(1000))
        )
    page.wait_for_selector("#catch-up", state="hidden", timeout=30_000)
    moved: list[str] = page.evaluate("window.__moved")
    browser_context.close()
    assert errors == []
    return moved


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "players", "wanted"),
    [
        ("click-clack", 2, "squirrel-"),  # a squirrel hops to its hole
        ("clever", 2, "write-"),  # a die flies to the space it was written on
        ("click-click-boom", 3, "table:"),  # a card slides from its hand to the table
    ],
)
def test_what_a_move_moved_travels_on_the_drawing(
    browser: Any, tmp_path: Path, game: str, players: int, wanted: str
) -> None:
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        moved = _moved_while_playing(browser, server.base, game, players, wanted)
        assert any(key.startswith(wanted) for key in moved), moved
        if game == "clever":
            assert any(key.startswith("die-") for key in moved), moved  # to a die space
        if game == "click-clack":
            # Asked for less motion, the page moves nothing (the glow becomes an outline).
            still = _moved_while_playing(
                browser, server.base, game, players, wanted, moves=8, reduced_motion="reduce"
            )
            assert still == []


@pytest.mark.slow
def test_a_refused_spot_on_the_click_clack_board_and_the_boom_table_says_why(
    browser: Any, tmp_path: Path
) -> None:
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        page = pages.open_page(browser, pages.DESKTOP, errors)
        pages.create_table(page, server.base, "click-clack", 2, bots="easy")
        for _ in range(10):  # to a turn where the squirrel is to be placed (not Freddy's roll)
            page.wait_for_function("() => document.body.classList.contains('my-turn')")
            if page.locator("#board .cc-hole.legal").count():
                break
            pages.act_and_wait(page, lambda: pages.click_random_board_move(page, random.Random(1)))
        version = page.get_attribute("body", "data-version")
        roll = pages.shown_view(page)["roll"]
        page.locator(f"#board .cc-hole.tryable:not([data-hole^='{roll}'])").first.click(force=True)
        page.wait_for_function("() => document.getElementById('error').textContent !== ''")
        assert f"the die shows {roll}" in page.inner_text("#error")
        page.locator("#board .cc-arrow.tryable").first.click()
        page.wait_for_function(
            "() => document.getElementById('error').textContent.includes('first place')"
        )
        assert page.get_attribute("body", "data-version") == version, "nothing was moved"

        pages.create_table(page, server.base, "click-click-boom", 3, bots="easy")
        page.wait_for_function("() => document.body.classList.contains('my-turn')")
        version = page.get_attribute("body", "data-version")
        page.locator("#board .tryable").first.click(force=True)
        said = page.inner_text("#error")
        assert said.startswith("Not that one. "), said
        assert pages.must_act(page) and page.get_attribute("body", "data-version") == version
    assert errors == []


# Records every text the latest-move line shows.
WATCH_SAID = """
window.__said = [];
new MutationObserver(() => {
  const node = document.getElementById("last-move");
  const text = node ? node.textContent : "";
  if (text && window.__said[window.__said.length - 1] !== text) window.__said.push(text);
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


@pytest.mark.slow
def test_a_turn_that_runs_out_is_said_in_the_log_and_on_the_table(
    browser: Any, tmp_path: Path
) -> None:
    """Ann picks the shortest clock in the lobby and lets her turn run out: her clock ticks large
    in the status bar, turns red and warns her, and then the log and the latest-move line say
    that her time ran out and a bot played for her."""
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        context = browser.new_context(viewport=pages.DESKTOP)
        context.add_init_script(WATCH_SAID)
        ann = context.new_page()
        pages.watch_errors(ann, errors)
        ann.goto(server.base + "/")
        ann.wait_for_selector("body[data-ready]")
        per_move = "s => [...s.options].map(o => Number(o.value)).filter(v => v > 0)"
        shortest = min(ann.eval_on_selector("#turn-seconds", per_move))
        pages.create_table(
            ann, server.base, CLICKETY, 2, bots="easy", settings={"#turn-seconds": str(shortest)}
        )
        ann.wait_for_function("() => document.body.classList.contains('my-turn')")
        clock = ann.locator("#clock")
        assert clock.is_visible() and re.fullmatch(r"\d+:\d\d", clock.inner_text())
        assert re.search(r"\d+:\d\d left", ann.inner_text("#seat-list li[data-seat='0']"))
        ann.wait_for_selector("#clock.low")  # the last seconds: red, and said to her
        warning = "document.getElementById('clock-warning').textContent"
        ann.wait_for_function(f"() => /seconds? left to move/.test({warning})")
        said = "Ann's time ran out: a bot played for them"
        ann.wait_for_function(
            "(said) => document.getElementById('log').textContent.includes(said)", arg=said
        )
        assert any(said in text for text in ann.evaluate("window.__said"))
        assert "⏱" not in ann.inner_text("#side")
    assert errors == []
