"""Done-when of accounts: two people sign up in two browsers, play a rated game against each
other, see both ratings change once, find the game in both histories, and read every page of
it in German and French with no English left."""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from ..server.live import running_server
from .languages import english_left, visible_texts
from .pages import DESKTOP, PHONE, create_table, open_page, play_until_over
from .test_browser import click_clickety_move

PASSWORD = "a long enough secret"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("accounts")
    with running_server(f"sqlite:///{folder / 'db.sqlite'}", folder / "server.log") as live:
        yield live.base


def get(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path) as answer:
        return json.load(answer)


def sign_up(page: Any, base: str, name: str) -> None:
    page.goto(base + "/")
    page.click("#sign-in-link")
    page.fill("#sign-up input[name=name]", name)
    page.fill("#sign-up input[name=password]", PASSWORD)
    page.click("#sign-up button[type=submit]")
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.inner_text("#account-name") == name


def test_two_players_sign_up_play_a_rated_game_and_find_it_in_their_histories(
    browser: Any, server: str
) -> None:
    errors: list[str] = []
    ann = open_page(browser, DESKTOP, errors)
    bo = open_page(browser, PHONE, errors)
    sign_up(ann, server, "Ann")
    sign_up(bo, server, "Bo")
    cookies = {c["name"]: c for c in ann.context.cookies()}
    session = cookies["clickbox_session"]
    assert session["httpOnly"] and session["sameSite"] == "Lax" and session["secure"]
    assert ann.evaluate("() => document.cookie").find("clickbox_session") < 0

    invite = create_table(ann, server, "clickety-clack", 2, humans=(1,))
    # Bo, signed in, opens the invite link and takes the free seat: no name to type, the
    # account's name is the seat's.
    bo.goto(f"{server}/t/{invite}")
    name_field = bo.locator("#join input[name=name]")
    bo.wait_for_function("() => document.querySelector('#join input[name=name]').readOnly")
    assert name_field.input_value() == "Bo"
    bo.click("#waiting-seats button[data-seat='1']")
    bo.wait_for_selector("#seat-list .me", state="attached")
    assert bo.inner_text("#error") == ""
    ann.wait_for_selector("#start:not([hidden])")
    ann.click("#start")
    ann.wait_for_selector("body[data-status=playing]")
    play_until_over([ann, bo], random.Random(5), click_clickety_move)

    # The end screen: each player's new rating and its change, as stored.
    results = get(server, f"/api/tables/{invite}/results?game=1")["seats"]
    assert [s["name"] for s in results] == ["Ann", "Bo"] and all(s["rated"] for s in results)
    for page in (ann, bo):
        page.wait_for_selector("#scores td.rating-change[data-change]")
        for seat in results:
            cell = page.locator(f"#scores tr[data-seat='{seat['seat']}'] td.rating-change")
            said = cell.inner_text()
            assert str(seat["rating_after"]) in said, (said, seat)
            change = seat["rating_change"]
            assert (f"+{change}" if change > 0 else "±0" if change == 0 else f"−{-change}") in said
            assert "-" not in said  # a newcomer's first loss shows no negative number

    ratings = {name: get(server, f"/api/players/{name}")["ratings"] for name in ("Ann", "Bo")}
    for name, page in (("Ann", ann), ("Bo", bo)):
        [rating] = ratings[name]
        assert rating["games"] == 1, "one rated game, rated once"
        page.goto(f"{server}/u/{name}")
        page.wait_for_selector("#history li.played")
        games = page.locator("#history li.played")
        assert games.count() == 1
        text = games.first.inner_text()
        assert "Ann" in text and "Bo" in text and "→" in text
        assert page.locator("#ratings tbody tr").count() == 1
        shown = page.inner_text("#ratings tbody tr")
        assert str(rating["rating"]).replace(".0", "") in shown.replace(".0", "")
        with page.expect_navigation():
            games.first.locator("a.replay-link").click()
        page.wait_for_selector("#steps, #board, main")
    ann_change = ratings["Ann"][0]["rating"]
    bo_change = ratings["Bo"][0]["rating"]
    assert ann_change != 0 or bo_change != 0, "a rated game moves the ratings"

    board = get(server, "/api/leaderboard/clickety-clack?players=2")
    assert {e["name"] for e in board["entries"]} == {"Ann", "Bo"}

    no_english_left(bo, server, "de")
    no_english_left(ann, server, "fr")
    assert not errors, errors


PAGES = ["/", "/account", "/u/Ann", "/u/Bo", "/leaderboard?game=clickety-clack&players=2"]


def no_english_left(page: Any, base: str, lang: str) -> None:
    """Choose ``lang`` in the page's language menu, then read every account page in it."""
    with page.expect_navigation():
        page.select_option("#language", lang)
    page.wait_for_selector("#account-bar")
    names = {"Ann", "Bo", "clickbox"}
    for path in PAGES:
        page.goto(base + path)
        page.wait_for_selector("#account-bar")
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => document.documentElement.lang") == lang
        left = english_left(visible_texts(page), lang, names)
        assert not left, f"{path} in {lang}: {left}"


def test_the_browsers_language_is_spoken_until_another_is_chosen(browser: Any, server: str) -> None:
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(server + "/account")
    page.wait_for_selector("#account-bar")
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    assert page.input_value("#language") == "fr"
    assert page.inner_text("#sign-up-box h2") == "S’inscrire"
    with page.expect_navigation():
        page.select_option("#language", "de")
    page.wait_for_selector("#account-bar")
    assert page.inner_text("#sign-up-box h2") == "Registrieren"
    page.goto(server + "/leaderboard")  # the choice is remembered on every page
    page.wait_for_selector("#account-bar")
    assert page.evaluate("() => document.documentElement.lang") == "de"
    context.close()
