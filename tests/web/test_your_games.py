"""Your games, leaving, conceding and a rematch that expires, as two people meet them (issue 37):
each sees their tables in the lobby under "Your games" in the right group, Bob concedes from
the page (confirmed first) and a bot plays his seat to the end, Ann's rematch expires once Bob
has gone and her page says so, and a player leaves an open table from the page."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from ..server.live import LiveServer, running_server
from . import pages

GAME = "click-clack"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    where = tmp_path_factory.mktemp("your-games")
    with running_server(f"sqlite:///{where / 'db.sqlite'}", where / "server.log") as server:
        yield server


def _your_games(page: Any, base: str) -> dict[str, list[str]]:
    """The lobby's "Your games": each group's tables, by invite code."""
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready]")
    groups: dict[str, list[str]] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#your-games ul')].map(
             (list) => [list.dataset.group,
                        [...list.querySelectorAll('li')].map((li) => li.dataset.invite)]))"""
    )
    return groups


def _link_words(page: Any, invite: str) -> list[str]:
    """The words of every link to the table in the lobby (Your games and the public list)."""
    return list(
        page.eval_on_selector_all(
            f"a[href='/t/{invite}']", "links => links.map((a) => a.textContent)"
        )
    )


@pytest.mark.slow
def test_your_games_a_concession_and_a_rematch_that_expires(
    browser: Any, server: LiveServer
) -> None:
    errors: list[str] = []
    ann = pages.open_page(browser, pages.DESKTOP, errors)
    bob = pages.open_page(browser, pages.DESKTOP, errors)
    ann.goto(server.base + "/")
    # Ann creates a table for two people (a short grace: a player gone for a second has left).
    body = {
        "game": GAME,
        "players": 2,
        "seats": ["human", "human"],
        "name": "Ann",
        "settings": {"grace_seconds": 1, "takeover": "random"},
    }
    created = ann.evaluate(
        """async (body) => {
             const r = await fetch('/api/tables', {method: 'POST', body: JSON.stringify(body),
               headers: {'Content-Type': 'application/json'}});
             const created = await r.json();
             localStorage.setItem('clickbox-token-' + created.invite, created.token);
             return created;
           }""",
        body,
    )
    invite = created["invite"]
    assert _your_games(ann, server.base) == {"open": [invite]}
    assert _link_words(ann, invite) == ["Open", "Open"]  # never "Watch" for one's own table
    pages.join_table(bob, server.base, invite, "Bob")
    ann.goto(f"{server.base}/t/{invite}")
    ann.wait_for_selector("#start:not([hidden]):not([disabled])")
    ann.click("#start")
    ann.wait_for_selector("body[data-status=playing]")
    bob.wait_for_selector("body[data-status=playing]")
    first = "your-turn" if pages.must_act(ann) else "playing"
    other = "playing" if first == "your-turn" else "your-turn"
    ann_lobby = ann.context.new_page()  # each one's lobby in another tab
    bob_lobby = bob.context.new_page()
    assert _your_games(ann_lobby, server.base) == {first: [invite]}
    assert _your_games(bob_lobby, server.base) == {other: [invite]}
    assert "Watch" not in _link_words(bob_lobby, invite)
    # Bob concedes: the page asks first; cancelled, nothing happens.
    pages.open_side(bob)
    bob.click("#concede")
    assert "Concede this game?" in bob.inner_text("#confirm")
    bob.click("#confirm-no")
    assert bob.is_visible("#concede")
    pages.open_side(bob)
    bob.click("#concede")
    bob.click("#confirm-yes")
    bob.wait_for_selector("#concede", state="hidden")
    ann.wait_for_function(
        "() => document.querySelector('#seat-list [data-seat=\"1\"]')"
        ".textContent.includes('conceded')"
    )
    # The bot plays Bob's seat; Ann plays on by clicking, a few moves, then gives up too (the
    # bots finish the game quickly).
    rng = random.Random(37)
    for _ in range(3):
        ann.wait_for_function("() => document.body.classList.contains('my-turn')")
        pages.act_and_wait(ann, lambda: pages.click_random_board_move(ann, rng))
    pages.open_side(ann)
    ann.click("#concede")
    ann.click("#confirm-yes")
    for page in (ann, bob):
        page.wait_for_selector("#outcome:not([hidden])", timeout=120_000)
    table = ann.evaluate(f"fetch('/api/tables/{invite}').then(r => r.json())")["table"]
    assert table["status"] == "finished" and table["conceded"] == [0, 1]
    # Ann asks for another game; Bob has gone: the page says so instead of "1 of 2" for ever.
    ann.click("#again")
    ann.wait_for_function("() => document.getElementById('rematch').textContent.includes('1 of 2')")
    bob.context.close()
    ann.wait_for_function(
        "() => document.getElementById('rematch').textContent.includes('Bob has left: no rematch')",
        timeout=30_000,
    )
    assert ann.is_hidden("#again")
    assert _your_games(ann_lobby, server.base) == {}, "a finished table with no rematch drops out"
    assert not errors, errors


@pytest.mark.slow
def test_leaving_an_open_table_from_the_page(browser: Any, server: LiveServer) -> None:
    errors: list[str] = []
    ann = pages.open_page(browser, pages.DESKTOP, errors)
    bob = pages.open_page(browser, pages.DESKTOP, errors)
    invite = pages.create_table(ann, server.base, GAME, 2, humans=(1,))
    pages.join_table(bob, server.base, invite, "Bob")
    bob_lobby = bob.context.new_page()
    assert _your_games(bob_lobby, server.base) == {"open": [invite]}
    bob.click("#leave")
    assert "Leave this table?" in bob.inner_text("#confirm")
    bob.click("#confirm-yes")
    bob.wait_for_selector("#join:not([hidden])")  # back as a spectator, the seat free again
    assert bob.evaluate(f"localStorage.getItem('clickbox-token-{invite}')") is None
    ann.wait_for_function(
        "() => document.getElementById('waiting-seats').textContent.includes('free')"
    )
    assert _your_games(bob_lobby, server.base) == {}
    # Ann, the last player, leaves too: the table is closed and says so.
    ann.click("#leave")
    ann.click("#confirm-yes")
    bob.wait_for_function(
        "() => document.getElementById('turn').textContent.includes('Everyone left this table')"
    )
    assert "abandoned" in ann.inner_text("#status")
    assert not errors, errors
