"""The server speaks each request's language: an HTTP error, a WebSocket refusal, a replay's
words and a game's rules come out in German or French when the ``clickbox_lang`` cookie or
``Accept-Language`` asks for it, and in English, as before, when nothing does."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from clickbox.core import i18n
from clickbox.core.i18n import t, using
from clickbox.games import CATALOG

from .play import Seat, app_client, human_table, seat_socket

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
FRENCH = {"Cookie": "clickbox_lang=fr"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(f"sqlite:///{tmp_path}/clickbox.db") as client:
        yield client


def in_(lang: str, message: str, **fields: Any) -> str:
    """``message`` as the catalog says it in ``lang`` (checked to be a translation)."""
    with using(lang):
        said = t(message, **fields)
    assert said != message.format(**fields), f"no {lang} translation of {message!r}"
    return said


def error(response: Any) -> str:
    message: str = response.json()["error"]["message"]
    return message


def test_an_http_error_is_answered_in_the_language_asked_for(client: TestClient) -> None:
    invite, _tokens = human_table(client, "clickety-clack", 2)
    join = f"/api/tables/{invite}/join"
    started = "the game has started: spectate it, or wait for the next"
    english = client.post(join, json={"name": "Late"})
    assert english.status_code == 409 and error(english) == started
    german = client.post(join, json={"name": "Late"}, headers=GERMAN)
    assert german.status_code == 409 and german.json()["error"]["code"] == "conflict"
    assert error(german) == in_("de", started)
    french = client.post(join, json={"name": "Late"}, headers=FRENCH)
    assert error(french) == in_("fr", started)

    action = f"/api/tables/{invite}/bogus"
    assert error(client.post(action)) == "no such table action: bogus"
    assert error(client.post(action, headers=GERMAN)) == in_(
        "de", "no such table action: {what}", what="bogus"
    )
    assert error(client.post(action, headers=FRENCH)) == in_(
        "fr", "no such table action: {what}", what="bogus"
    )


def test_the_cookie_wins_over_accept_language(client: TestClient) -> None:
    both = {**GERMAN, **FRENCH}
    missing = client.get("/api/tables/NOSUCH", headers=both)
    assert missing.status_code == 404
    assert error(missing) == in_("fr", "no table has that invite code")
    assert error(client.get("/api/tables/NOSUCH")) == "no table has that invite code"


def test_settings_and_pad_refusals_are_translated(client: TestClient) -> None:
    body = {"game": "clever", "players": 1, "settings": {"public": "yes"}}
    refused = client.post("/api/tables", json=body, headers=GERMAN)
    assert refused.status_code == 400
    assert error(refused) == in_("de", "{setting} must be true or false", setting="public")
    english = client.post("/api/tables", json=body)
    assert error(english) == "public must be true or false"
    pad = client.post("/api/pad/score", json={"spec": "clever", "text": "", "quick": "no"})
    assert error(pad) == "quick must be true or false"
    pad = client.post(
        "/api/pad/score", json={"spec": "clever", "text": "", "quick": "no"}, headers=FRENCH
    )
    assert error(pad) == in_("fr", "quick must be true or false")


def _connect(client: TestClient, invite: str, headers: dict[str, str]) -> Any:
    return client.websocket_connect(f"/ws/{invite}", headers=headers)


def _hello(socket: Any, token: str | None) -> Seat:
    seat = Seat(socket)
    socket.send_text(json.dumps({"type": "hello", "token": token}))
    seat.until(lambda f: f["type"] == "welcome")
    seat.until(lambda f: f["type"] == "state")
    return seat


def test_a_refused_move_is_explained_in_the_connections_language(client: TestClient) -> None:
    invite, tokens = human_table(client, "clickety-clack", 2)
    with (
        seat_socket(client, invite, tokens[0]) as s0,
        _connect(client, invite, {"Cookie": "clickbox_lang=de"}) as socket,
    ):
        s1 = _hello(socket, tokens[1])
        assert s0.state["table"]["awaiting"] == [0]
        move = s0.state["legal"][0]["action"]
        refused = s1.act(move)
        assert not refused["ok"] and refused["error"]["code"] == "not_your_turn"
        assert refused["error"]["message"] == in_(
            "de", "it is not seat {seat}'s turn (waiting for {who})", seat=2, who="1"
        )
        english = s0.act(move, version=-1)  # the English connection: stale, in English
        assert english["error"]["message"] == (
            f"the move was chosen at version -1, but the game is at version {s0.version()}"
        )
        socket.send_text(json.dumps({"type": "act", "id": "x1", "version": 0, "action": [1]}))
        shape = s1.reply("x1")
        assert shape["error"]["message"] == in_(
            "de", "'action' must be the move in the game's notation"
        )
        socket.send_text(json.dumps({"type": "nonsense"}))
        frame = s1.until(lambda f: f["type"] == "error")
        assert frame["error"]["message"] == in_(
            "de", "unknown message type {kind}", kind="'nonsense'"
        )
    with _connect(client, invite, FRENCH) as socket:
        watcher = _hello(socket, None)
        socket.send_text(json.dumps({"type": "why", "id": "w1", "action": move}))
        why = watcher.until(lambda f: f["type"] == "why")
        assert why["reason"] == in_("fr", "you are watching: only the players make moves")


def test_a_replay_starts_in_the_requesters_language(client: TestClient) -> None:
    invite, _tokens = human_table(client, "clickety-clack", 2)
    replay = f"/api/tables/{invite}/replay"
    for _ in range(2):  # each language has its own cached steps
        assert client.get(replay).json()["steps"][0]["move"] == "the start"
        german = client.get(replay, headers=GERMAN).json()["steps"][0]["move"]
        assert german == in_("de", "the start")


def _stub_catalog(monkeypatch: pytest.MonkeyPatch, lang: str, extra: dict[str, str]) -> None:
    real = i18n.catalog

    def catalog(wanted: str) -> dict[str, str]:
        found = real(wanted)
        return {**found, **extra} if wanted == lang else found

    monkeypatch.setattr(i18n, "catalog", catalog)


def test_a_games_rules_are_shown_translated(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The display sites translate the game's constants: with a catalog that has them (a stand-in
    one here, so that this holds whatever the game's own catalog has yet), /api/games and
    /api/games/clever show them; names, keys and option names stay as they are."""
    game = CATALOG.get("clever")
    options = game.Params.option_specs()
    marked = {game.title: "«Très futé»", game.rules_summary: "«Résumé»"}
    marked |= {o.help: f"«aide {o.name}»" for o in options}
    marked |= {o.label: f"«nom {o.name}»" for o in options}
    marked |= {word: f"«{word}»" for o in options for word in o.words or ()}
    for preset, (label, help) in game.preset_words.items():
        marked |= {label: f"«préréglage {preset}»", help: f"«ce que fait {preset}»"}
    for d in game.rules_decisions:
        marked |= {d.title: f"«titre {d.key}»", d.text: f"«texte {d.key}»"}
    _stub_catalog(monkeypatch, "fr", marked)
    english = client.get("/api/games/clever").json()
    french = client.get("/api/games/clever", headers=FRENCH).json()
    assert english["title"] == game.title and english["summary"] == game.rules_summary
    assert french["title"] == "«Très futé»" and french["summary"] == "«Résumé»"
    assert [o["help"] for o in french["options"]] == [f"«aide {o.name}»" for o in options]
    assert [o["help"] for o in english["options"]] == [o.help for o in options]
    assert [o["label"] for o in french["options"]] == [f"«nom {o.name}»" for o in options]
    assert [o["label"] for o in english["options"]] == [o.label for o in options]
    for spec, served in zip(options, french["options"], strict=True):
        if spec.choices is not None and spec.words is not None:  # each choice, in words
            assert served["words"] == {
                str(c): f"«{w}»" for c, w in zip(spec.choices, spec.words, strict=True)
            }
    assert french["preset_words"] == {
        preset: {"label": f"«préréglage {preset}»", "help": f"«ce que fait {preset}»"}
        for preset in game.presets
    }
    assert french["decisions"] == [
        {"key": d.key, "title": f"«titre {d.key}»", "text": f"«texte {d.key}»"}
        for d in game.rules_decisions
    ]
    for key in ("name", "key", "min_players", "max_players", "presets"):
        assert french[key] == english[key]
    assert [o["name"] for o in french["options"]] == [o["name"] for o in english["options"]]
    lobby = client.get("/api/games", headers=FRENCH).json()["games"]
    clever = next(g for g in lobby if g["name"] == game.name)
    assert clever["title"] == "«Très futé»"
    assert clever["options"] == [o.name for o in options]


def test_a_games_rules_use_the_real_catalog_where_it_has_them(client: TestClient) -> None:
    """With the catalogs as they are: every text of /api/games/clever in French is what the
    catalog says (the game's own domain translates them), and English is unchanged."""
    game = CATALOG.get("clever")
    french = client.get("/api/games/clever", headers=FRENCH).json()
    with using("fr"):
        assert french["title"] == t(game.title)
        assert french["summary"] == t(game.rules_summary)
        assert [o["help"] for o in french["options"]] == [
            t(o.help) for o in game.Params.option_specs()
        ]
        assert [(d["title"], d["text"]) for d in french["decisions"]] == [
            (t(d.title), t(d.text)) for d in game.rules_decisions
        ]


def test_a_count_takes_the_languages_plural(client: TestClient) -> None:
    body = {"game": "clickety-clack", "players": 3, "seats": ["human"] * 3, "name": "Host"}
    created = client.post("/api/tables", json=body).json()
    start = f"/api/tables/{created['invite']}/start"
    bearer = {"Authorization": f"Bearer {created['token']}"}
    english = client.post(start, headers=bearer)
    assert english.status_code == 409 and error(english) == "seat(s) [1, 2] have no player yet"
    german = error(client.post(start, headers={**bearer, **GERMAN}))
    with using("de"):
        plural = "seat(s) {seats} have no player yet"
        assert german == i18n.tn(plural, plural, 2, seats="[1, 2]")
        assert german != english.json()["error"]["message"]
        one = i18n.tn(plural, plural, 1, seats="[1]")
    assert one.split()[0] != german.split()[0], "German says one seat otherwise than two"


def test_a_refused_move_is_told_in_words_with_its_hole_numbered_from_one(
    client: TestClient,
) -> None:
    """A move the rules refuse (a hole the die does not allow) is told as the player reads the
    board, "squirrel to hole 1 of the frog section", not in the notation ("frog0"), which the page
    never shows, and the holes count from 1."""
    invite, tokens = human_table(client, "click-clack", 2)
    with seat_socket(client, invite, tokens[0]) as s0:
        state = s0.state_where(lambda f: bool(f.get("legal")))
        legal = {move["action"] for move in state["legal"]}
        sections = ("frog", "butterfly", "snail", "beetle")
        hole = next(f"{s}{h}" for s in sections for h in range(4) if f"{s}{h}" not in legal)
        refused = s0.act(hole)
        assert not refused["ok"] and refused["error"]["code"] == "illegal"
        message = refused["error"]["message"]
        words = f"squirrel to hole {int(hole[-1]) + 1} of the {hole[:-1]} section"
        assert message.startswith(f"not possible now: {words} ("), message
        assert hole not in message, message
