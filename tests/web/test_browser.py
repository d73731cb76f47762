"""The pages served by ``clickbox serve``, in a real browser: Debian's chromium driven by
Playwright (``make test`` installs both; no browser build is downloaded)."""

from __future__ import annotations

import json
import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..server.live import running_server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - make test installs it
        pytest.fail("playwright is not installed (make test installs it)")
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium is missing (tools/ensure-debian-package.sh installs it)")
        pytest.skip("Debian's chromium is not installed")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


GAMES = [("clever", 2), ("clickety-clack", 2), ("click-click-boom", 3), ("click-clack", 2)]


def _watch_errors(page: Any, errors: list[str]) -> None:
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))


def _create_table(
    page: Any, base: str, game: str, players: int, humans: tuple[int, ...] = ()
) -> str:
    """Create a table on the lobby page as Ann (other seats bots unless in ``humans``); return
    its invite code once the table page is open."""
    page.goto(base + "/")
    page.fill("#create input[name=name]", "Ann")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    for seat in humans:
        page.select_option(f"#seats select[name=seat{seat}]", "human")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/*")
    return str(page.inner_text("#invite"))


def _play_until_over(pages: list[Any], rng: random.Random, reload_at: int | None = None) -> None:
    """Click a random legal move on whichever page shows moves, until the game is over."""
    for step in range(3000):
        if step == reload_at:
            pages[-1].reload()  # a seat reloads mid-game: its token brings it back
            pages[-1].wait_for_selector("body[data-version]")
        if pages[0].get_attribute("body", "data-status") == "finished":
            return
        movers = [p for p in pages if p.query_selector_all("#moves button")]
        if not movers:
            pages[0].wait_for_timeout(50)  # bots or another seat are moving
            continue
        page = rng.choice(movers)
        version = page.get_attribute("body", "data-version")
        rng.choice(page.query_selector_all("#moves button")).click()
        page.wait_for_function(
            f"() => document.body.dataset.version !== '{version}'"
            " || document.querySelector('#turn').textContent.includes('is in')",
            timeout=30_000,
        )
    raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_a_newcomer_creates_a_table_with_bots_and_plays_it_to_the_end(
    browser: Any, tmp_path: Path, game: str, players: int
) -> None:
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone's screen
        _watch_errors(page, errors)
        _create_table(page, server.base, game, players)
        _play_until_over([page], random.Random(5))
        page.wait_for_selector("#outcome:not([hidden])")
        result = page.inner_text("#result")
        page.screenshot(path=str(tmp_path / f"{game}-end.png"), full_page=True)
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
            _watch_errors(page, errors)
        invite = _create_table(ann, server.base, "click-clack", 2, humans=(1,))
        bo.goto(server.base + "/")
        bo.fill("#join input[name=invite]", invite.lower())
        bo.fill("#join input[name=name]", "Bo")
        bo.click("#join button[type=submit]")
        bo.wait_for_url(f"**/t/{invite}")
        ann.wait_for_selector("#start:not([hidden])")
        ann.click("#start")
        _play_until_over([ann, bo], random.Random(9), reload_at=6)
        for page in (ann, bo):
            page.wait_for_selector("#outcome:not([hidden])")
        assert "(you)" in bo.inner_text("#seat-list"), "the reloaded page is still Bo's seat"
    assert errors == []


@pytest.mark.slow
def test_no_frame_or_page_shows_what_its_viewer_may_not_see(browser: Any, tmp_path: Path) -> None:
    """Click Click Boom by two people and a bot, with a spectator: every WebSocket frame each
    page received is checked by the independent leak checker, and every page's DOM for secrets."""
    from clickbox.storage import Store

    from ..server.leakcheck import Received, TableFold

    db_url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    pages: dict[int | None, Any] = {}
    sockets: list[Received] = []  # one per WebSocket: a page that takes a seat reconnects

    def watch(ws: Any) -> None:
        connection = Received(None, [])
        sockets.append(connection)
        ws.on("framereceived", lambda data: connection.texts.append(data))

    def open_page(viewer: int | None) -> Any:
        page = browser.new_context().new_page()
        page.on("websocket", watch)
        pages[viewer] = page
        return page

    with running_server(db_url, tmp_path / "server.log") as server:
        ann = open_page(0)
        invite = _create_table(ann, server.base, "click-click-boom", 3, humans=(1,))
        bo = open_page(1)
        bo.goto(f"{server.base}/t/{invite}")
        bo.fill("#join input[name=name]", "Bo")
        bo.click("#join button[type=submit]")
        bo.wait_for_selector("#seat-list .me")
        watcher = open_page(None)
        watcher.goto(f"{server.base}/t/{invite}")
        ann.wait_for_selector("#start:not([hidden])")
        ann.click("#start")
        _play_until_over([ann, bo], random.Random(11))
        tokens = [p.evaluate(f"localStorage.getItem('clickbox-token-{invite}')") for p in (ann, bo)]
        doms = {viewer: page.content() for viewer, page in pages.items()}
    store = Store(db_url)
    try:
        row = store.table_by_invite(invite)
        assert row is not None
        fold = TableFold(row, store.events(row.id), tokens)
        for connection in sockets:  # the seat each socket was bound to, from its welcome
            welcome = next(json.loads(t) for t in connection.texts if '"welcome"' in t)
            connection.viewer = welcome["seat"]
        leaks = fold.check(sockets)
    finally:
        store.close()
    assert fold.frames_checked > 100
    assert leaks == []
    for viewer, dom in doms.items():
        found = [what for needle, what in fold.needles.items() if needle in dom]
        assert found == [], f"page of viewer {viewer} shows {found}"
