"""The pages served by ``clickbox serve`` in a real browser, across the games: a newcomer's game
against bots, two people with a reload mid-game, a leak scan of every frame and page, the replay
viewer, the rules pages and the lobby's options. (Each game's drawing has its own test file.)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from clickbox.games import CATALOG
from clickbox.server.client import http

from ..server.live import running_server
from . import test_clever_page as clever_page
from .pages import (
    PHONE,
    click_random_board_move,
    confirm_if_asked,
    create_table,
    join_table,
    legal_actions,
    open_side,
    play_until_over,
    watch_errors,
)
from .pages import shown_view as pages_view
from .test_boom_page import click_move
from .test_clickety_page import click_move as click_clickety_spot
from .test_clickety_page import pick_move as pick_clickety_move

# Boom: each seat's panel text in the drawing (its status, played pile, what it passes).
PASS_TEXTS = """() => [...document.querySelectorAll("#board .ccb-seat")].map((panel) =>
  [+panel.dataset.seat, panel.textContent || ""])"""

GAMES = [("clever", 2), ("clickety-clack", 2), ("click-click-boom", 3), ("click-clack", 2)]


def click_random_listed_move(page: Any, rng: random.Random) -> None:
    """Choose from the page's list of legal moves (the keyboard user's fallback). The list is
    redrawn whenever another seat moves (a bot's showdown choice, say): the button is found by
    its action when clicked, and a move that has meanwhile gone is not made."""
    if not page.eval_on_selector("#move-list", "d => d.open"):
        page.click("#move-list summary")
    actions = legal_actions(page)
    if not actions:
        return  # another seat's move took this seat's choice away (Boom: a forced card)
    button = page.locator(f"#moves button[data-action='{rng.choice(actions)}']")
    try:
        button.click(timeout=5_000)
        confirm_if_asked(page)
    except PlaywrightTimeout:
        assert not legal_actions(page) or button.count() == 0, "a listed move could not be made"


def click_clickety_move(page: Any, rng: random.Random) -> None:
    """A random legal move of Clickety Clack, by clicking its dice and its row."""
    click_clickety_spot(page, pick_clickety_move(page, rng))


def click_random_boom_move(page: Any, rng: random.Random) -> None:
    """A random legal move of Click Click Boom, made on its drawing (a pick takes two clicks)."""
    click_move(page, rng.choice(legal_actions(page)))


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_a_newcomer_creates_a_table_with_bots_and_plays_it_to_the_end(
    browser: Any, tmp_path: Path, game: str, players: int
) -> None:
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        page = browser.new_page(viewport=PHONE)
        watch_errors(page, errors)
        create_table(page, server.base, game, players)

        def ask_a_hint(number: int, page: Any) -> None:
            if number == 1:  # the hard bot's advice, in words, on request
                page.click("#hint")
                page.wait_for_selector("#hint-text:has-text('Hint from the hard bot')")
                assert page.get_attribute("body", "data-waiting") is None, "a hint plays nothing"

        play_until_over([page], random.Random(5), click_random_listed_move, on_move=ask_a_hint)
        page.wait_for_selector("#outcome:not([hidden])")
        result = page.inner_text("#outcome")
        invite = page.inner_text("#invite")
        # A rematch (the bots accept at once): the finished game stays with its replay and
        # record, listed under the table's earlier games.
        page.click("#again")
        page.wait_for_selector("body[data-status='playing']")
        open_side(page)  # on a phone, the earlier games are in the drawer with the log
        page.wait_for_selector("#past-section:not([hidden])")
        assert page.inner_text("#past li").startswith("Game 1: ")
        record = page.evaluate(
            "href => fetch(href).then(r => r.json())",
            page.get_attribute("#past li a:text('record')", "href"),
        )
        assert record["outcome"] is not None and record["meta"]["game_number"] == "1"
        page.click("#past li a:text('replay')")
        page.wait_for_selector("body[data-ready]")
        assert page.url.endswith(f"/t/{invite}/replay?game=1")
        assert "game 1 of this table" in page.inner_text("#whose")
        page.close()
    assert "won" in result and "Ann" in result
    assert errors == []


@pytest.mark.slow
def test_two_people_in_separate_browsers_play_and_a_reload_resumes_the_seat(
    browser: Any, tmp_path: Path
) -> None:
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        ann = browser.new_context().new_page()
        bo = browser.new_context().new_page()  # another browser: no shared storage
        for page in (ann, bo):
            watch_errors(page, errors)
        # Clickety Clack: a short game of two people (any game would do; this one is quick).
        invite = create_table(ann, server.base, "clickety-clack", 2, humans=(1,))
        join_table(bo, server.base, invite, "Bo")
        ann.wait_for_selector("#start:not([hidden])")
        ann.click("#start")
        play_until_over([ann, bo], random.Random(9), click_clickety_move, reload_at=6)
        for page in (ann, bo):
            page.wait_for_selector("#outcome:not([hidden])")
        assert "(you)" in bo.inner_text("#seat-list"), "the reloaded page is still Bo's seat"
    assert errors == []


LEAK_SCANS = {
    # Hidden hands (a seat's own too), the simultaneous showdown choice and pass.
    "click-click-boom": click_random_boom_move,
    # The passive players' simultaneous choice, the dice to come.
    "clever": clever_page.choose_by_clicks,
    # The discs' layout under the board.
    "click-clack": click_random_board_move,
}


@pytest.mark.slow
@pytest.mark.parametrize("game", list(LEAK_SCANS))
def test_no_frame_or_page_shows_what_its_viewer_may_not_see(
    browser: Any, tmp_path: Path, game: str
) -> None:
    """Two people and a bot, with a spectator: every WebSocket frame each page received, and
    the words of the replays a seat and the spectator opened during play, are checked by the
    independent leak checker (built from the engine's state, not the views), and every page's
    DOM, before every move and at the end, for the secrets it knows of."""
    from clickbox.storage import Store

    from ..server.leakcheck import Received, Replayed, TableFold

    db_url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    pages: dict[int | None, Any] = {}
    sockets: list[Received] = []  # one per WebSocket: a page that takes a seat reconnects
    doms: list[tuple[int | None, int, str]] = []
    replays: list[Replayed] = []

    def watch(ws: Any) -> None:
        connection = Received(None, [])
        sockets.append(connection)
        ws.on("framereceived", lambda data: connection.texts.append(data))

    def open_page(viewer: int | None) -> Any:
        page = browser.new_context().new_page()
        page.on("websocket", watch)
        pages[viewer] = page
        return page

    open_passes: list[tuple[int | None, int, str]] = []  # Boom: a page during an open pass

    def keep_doms(number: int, _page: Any) -> None:
        for viewer, page in pages.items():
            version = int(page.get_attribute("body", "data-version") or 0)
            doms.append((viewer, version, page.inner_html("main")))
            if game == "click-click-boom" and pages_view(page)["phase"] == "pass":
                for seat, text in page.evaluate(PASS_TEXTS):
                    if seat != viewer:
                        open_passes.append((viewer, seat, text))
        if number % 9 == 4:  # now and then a seat and the spectator open the replay viewer
            for viewer in (0, None):
                replays.append(open_replay(viewer))

    def open_replay(viewer: int | None) -> Replayed:
        """The replay viewer of ``viewer``'s page (its token): what it fetched, and its DOM."""
        page = pages[viewer].context.new_page()
        api = f"/api/tables/{invite}/replay"
        with page.expect_response(lambda r: r.url.endswith(api)) as response:
            page.goto(f"{server.base}/t/{invite}/replay")
        body = response.value.json()
        page.wait_for_selector("body[data-ready]")
        page.keyboard.press("End")
        doms.append((viewer, -2, page.inner_html("main")))
        page.close()
        return Replayed(body["seat"], body["seq"], body["steps"])

    with running_server(db_url, tmp_path / "server.log") as server:
        ann = open_page(0)
        invite = create_table(ann, server.base, game, 3, humans=(1,), bots="easy")
        bo = open_page(1)
        join_table(bo, server.base, invite, "Bo")
        watcher = open_page(None)
        watcher.goto(f"{server.base}/t/{invite}")
        ann.wait_for_selector("#start:not([hidden])")
        ann.click("#start")
        play_until_over([ann, bo], random.Random(11), LEAK_SCANS[game], on_move=keep_doms)
        tokens = [p.evaluate(f"localStorage.getItem('clickbox-token-{invite}')") for p in (ann, bo)]
        doms.extend((viewer, -1, page.content()) for viewer, page in pages.items())
    store = Store(db_url)
    try:
        row = store.table_by_invite(invite)
        assert row is not None
        fold = TableFold(row, store.events(row.id), tokens)
        for connection in sockets:  # the seat each socket was bound to, from its welcome
            welcome = next(json.loads(t) for t in connection.texts if '"welcome"' in t)
            connection.viewer = welcome["seat"]
        leaks = fold.check(sockets, replays)
    finally:
        store.close()
    assert fold.frames_checked > 100
    assert fold.replays_checked == len(replays) >= 4
    assert leaks == []
    assert len(doms) > 30
    for viewer, version, dom in doms:
        found = [what for needle, what in fold.needles.items() if needle in dom]
        assert found == [], f"page of viewer {viewer} at version {version} shows {found}"
    if game == "click-click-boom":
        # During an open pass another seat's panel says that it has passed, never how (or
        # which card), and the frames of open pass steps were among those checked above.
        for viewer, seat, text in open_passes:
            assert "passes a random" not in text and "passes the unrevealed" not in text, (
                viewer,
                seat,
                text,
            )
        assert any("passed" in text for _, _, text in open_passes), "no open pass seen"
        framed = [
            frame
            for connection in sockets
            for frame in map(json.loads, connection.texts)
            if frame.get("type") == "state" and (frame.get("view") or {}).get("phase") == "pass"
        ]
        assert any(
            any(data["pass"] == "?" for data in frame["view"]["seats"]) for frame in framed
        ), "no frame of an open pass with a hidden pass was checked"


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_the_replay_viewer_steps_through_a_finished_game(
    browser: Any, tmp_path: Path, game: str, players: int
) -> None:
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        created = http(
            server.base,
            "POST",
            "/api/tables",
            {"game": game, "players": players, "seats": ["bot:random"] * players, "join": False},
        )
        invite = created["invite"]
        page = browser.new_page(viewport=PHONE)
        watch_errors(page, errors)
        page.goto(f"{server.base}/t/{invite}")
        page.wait_for_selector("#outcome:not([hidden])", timeout=60_000)
        page.click("#replay-link")
        page.wait_for_selector("body[data-ready]")
        steps = http(server.base, "GET", f"/api/tables/{invite}/replay")["steps"]
        assert page.get_attribute("body", "data-step") == "0"
        assert "the start" in page.inner_text("#where")
        boards = {page.inner_html("#board")}
        page.keyboard.press("End")
        assert page.get_attribute("body", "data-step") == str(len(steps) - 1)
        boards.add(page.inner_html("#board"))
        page.keyboard.press("ArrowLeft")
        assert page.get_attribute("body", "data-step") == str(len(steps) - 2)
        last = steps[-2]
        assert last["move"] in page.inner_text("#where")
        page.click("#first")
        assert page.get_attribute("body", "data-step") == "0"
        page.click("#next")
        assert page.get_attribute("body", "data-step") == "1"
        assert page.query_selector("#board svg") is not None, "the replay draws the game"
        assert page.query_selector_all("#board .legal") == [], "a replay offers no moves"
        # The moves in words beside the board: one a step, the shown one marked, each a way there.
        assert page.locator("#replay-log li").count() == len(steps)
        assert page.get_attribute("#replay-log li:nth-child(2)", "aria-current") == "step"
        page.click("#replay-log li:nth-child(4) button")
        assert page.get_attribute("body", "data-step") == "3"
        # Autoplay steps on by itself until paused.
        page.select_option("#autoplay-speed", "500")
        page.click("#autoplay")
        page.wait_for_function("() => Number(document.body.dataset.step) >= 5")
        page.click("#autoplay")
        paused = page.get_attribute("body", "data-step")
        page.wait_for_timeout(1200)
        assert page.get_attribute("body", "data-step") == paused, "a paused replay stays"
        assert len(boards) == 2, "the first and the last step look different"
        page.close()
    assert errors == []


@pytest.mark.slow
def test_each_rules_page_shows_the_summary_options_and_every_decision(
    browser: Any, tmp_path: Path
) -> None:
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        page = browser.new_page()
        watch_errors(page, errors)
        page.goto(server.base + "/")
        for cls in CATALOG.games:
            page.goto(server.base + "/")
            page.click(f"header a[href='/rules/{cls.name}']")
            page.wait_for_selector("body[data-ready]")
            assert cls.title in page.inner_text("h1")
            summary = page.inner_text("#summary")
            assert cls.rules_summary.split()[:6] == summary.split()[:6]
            for decision in cls.rules_decisions:
                text = page.inner_text(f"section.decision#{decision.key}")
                assert decision.title in text
            rows = page.query_selector_all("#options tbody tr")
            assert len(rows) == len(cls.Params.option_specs())
            page.click("#play")
            page.wait_for_selector("body[data-ready]")
            assert page.eval_on_selector("#game", "s => s.value") == cls.name
    assert errors == []


@pytest.mark.slow
def test_the_lobby_creates_a_table_with_options_and_lists_it_for_spectators(
    browser: Any, tmp_path: Path
) -> None:
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        ann = browser.new_context().new_page()
        watch_errors(ann, errors)
        invite = create_table(
            ann, server.base, "clickety-clack", 3, humans=(1,), options={"side": "B"}
        )
        spec = http(server.base, "GET", f"/api/tables/{invite}")["table"]["game"]
        assert "side=B" in spec
        # A private table is not listed; this public one is, with a link to join or watch.
        watcher = browser.new_context().new_page()
        watch_errors(watcher, errors)
        watcher.goto(server.base + "/")
        watcher.wait_for_selector("body[data-ready]")
        link = watcher.locator(f"#tables a[href='/t/{invite}']")
        assert link.inner_text() == "Join or watch"
        item = watcher.locator("#tables li", has=watcher.locator(f"a[href='/t/{invite}']"))
        row = item.inner_text()
        assert row.startswith("Clickety Clack · 3 players · with Ann · open · 1 free seat(s)"), row
        link.click()
        watcher.wait_for_selector("#join:not([hidden])")
        # A preset fills in its options; a field set back to the rulebook's value still counts.
        ann.goto(server.base + "/")
        ann.wait_for_selector("body[data-ready]")
        ann.select_option("#game", "click-click-boom")
        ann.wait_for_selector("#rules-link[href='/rules/click-click-boom']", state="attached")
        ann.click("#options-box summary")
        ann.select_option("#preset", "quick")
        assert ann.eval_on_selector("#options [name='option-mode']", "f => f.value") == "quick"
        ann.select_option("#options [name='option-mode']", "full")
        ann.click("#create button[type=submit]")
        ann.wait_for_url("**/t/*")
        boom = http(server.base, "GET", f"/api/tables/{ann.inner_text('#invite')}")["table"]
        assert "mode=quick" not in boom["game"], boom["game"]
        # A bad option value gets an error in plain words, and no table.
        ann.goto(server.base + "/")
        ann.wait_for_selector("body[data-ready]")
        ann.select_option("#game", "clickety-clack")
        ann.wait_for_selector("#rules-link[href='/rules/clickety-clack']", state="attached")
        ann.click("#options-box summary")
        ann.fill("#options [name='option-points']", "nonsense")
        ann.click("#create button[type=submit]")
        ann.wait_for_function(
            "() => document.querySelector('#error').textContent.includes('points')"
        )
        assert ann.url.rstrip("/") == server.base
        private = http(
            server.base,
            "POST",
            "/api/tables",
            {"game": "click-clack", "players": 2, "settings": {"public": False}},
        )
        listed = [t["invite"] for t in http(server.base, "GET", "/api/tables")["tables"]]
        assert invite in listed and private["invite"] not in listed
    # The browser itself logs the refused request (HTTP 400); the page adds no error of its own.
    assert [e for e in errors if "status of 400" not in e] == []


@pytest.mark.slow
def test_a_refused_move_is_explained_in_plain_words_and_a_double_click_moves_once(
    browser: Any, tmp_path: Path
) -> None:
    """The page's socket goes through a route that makes the first move stale (sent for an older
    version, as when another tab moved first): the page says so in words and the game goes on.
    Then a double click on a legal spot sends one move, not two."""
    import re

    errors: list[str] = []
    tamper = {"next_act": True}
    sent: list[dict[str, Any]] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(message: str) -> None:
            data = json.loads(message)
            if data.get("type") == "act":
                sent.append(data)
                if tamper["next_act"]:
                    data["version"] -= 1
                    tamper["next_act"] = False
            server.send(json.dumps(data))

        ws.on_message(from_page)
        server.on_message(lambda message: ws.send(message))

    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        page = browser.new_page()
        watch_errors(page, errors)
        page.route_web_socket(re.compile(r".*/ws/.*"), route)
        create_table(page, server.base, "click-clack", 2)
        page.wait_for_selector("body.my-turn")
        version = page.get_attribute("body", "data-version")
        page.click("#board .legal >> nth=0")
        page.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
        assert page.inner_text("#error").startswith("The game moved on before your move arrived")
        assert page.get_attribute("body", "data-version") == version, "nothing was applied"
        page.wait_for_selector("body.my-turn")
        before = len(sent)
        page.dblclick("#board .legal >> nth=0")
        page.wait_for_function(f"() => document.body.dataset.version !== '{version}'")
        page.wait_for_timeout(300)  # a second move, if one had been sent, would be answered now
        assert len(sent) == before + 1
        assert page.inner_text("#error") == ""
    assert errors == []


def test_a_name_typed_while_the_lobby_loads_is_kept(browser: Any, tmp_path: Path) -> None:
    """A guest who types their name before the lobby has finished loading keeps it: the saved
    or default name fills only an empty field (a player once joined as "Player" this way)."""
    errors: list[str] = []
    held: list[Any] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        page = browser.new_page()
        watch_errors(page, errors)
        page.route("**/api/games", lambda route: held.append(route))  # held until typed
        page.goto(server.base + "/")
        while not held:
            page.wait_for_timeout(20)
        page.fill("#join input[name=name]", "Bo")
        page.fill("#create input[name=name]", "Ann")
        held[0].continue_()
        page.wait_for_selector("body[data-ready]")
        assert page.input_value("#join input[name=name]") == "Bo"
        assert page.input_value("#create input[name=name]") == "Ann"
        other = browser.new_page()  # an untouched lobby still offers a name
        other.goto(server.base + "/")
        other.wait_for_selector("body[data-ready]")
        assert other.input_value("#join input[name=name]") == "Player"
    assert errors == []
