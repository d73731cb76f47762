"""Your games, leaving, conceding, abandoning and rematches that expire (issue 37): each a
stored event a restart keeps, refused with a clear error when not allowed; a conceded seat is
unrated; a table nobody plays for long is abandoned; the tables a browser's tokens (or an
account) hold a seat at."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient

from clickbox.server import app as server_app
from clickbox.server.hub import MINE_LIMIT, Hub

from .play import app_client, human_table, seat_socket
from .test_accounts import FAST_HASH, as_, play_out, sign_up, table_of
from .test_play import _finish_and_record


@pytest.fixture(autouse=True)
def _no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_app, "RATE", 10_000.0)
    monkeypatch.setattr(server_app, "BURST", 10_000.0)


@contextmanager
def _client(db_url: str) -> Iterator[TestClient]:
    with app_client(db_url, password_hasher=FAST_HASH) as client:
        yield client


def _bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _post(client: TestClient, invite: str, what: str, token: str | None) -> Any:
    return client.post(f"/api/tables/{invite}/{what}", headers=_bearer(token))


def _info(client: TestClient, invite: str) -> dict[str, Any]:
    table: dict[str, Any] = client.get(f"/api/tables/{invite}").json()["table"]
    return table


def _call(client: TestClient, fn: Any, *args: Any) -> Any:
    assert client.portal is not None
    return client.portal.call(fn, *args)


def test_a_conceded_seat_is_played_by_a_bot_to_the_end_and_unrated(db_url: str) -> None:
    with _client(db_url) as client:
        ann, bo, cy = sign_up(client, "Ann"), sign_up(client, "Bo"), sign_up(client, "Cy")
        invite, tokens = table_of(client, [ann, bo, cy], "clickety-clack", takeover="random")
        conceded = _post(client, invite, "concede", tokens[1])
        assert conceded.status_code == 200, conceded.text
        again = _post(client, invite, "concede", tokens[1])
        assert again.status_code == 409 and "already conceded" in again.json()["error"]["message"]
        assert _post(client, invite, "concede", "not-a-token").json()["error"]["code"] == (
            "not_seated"
        )
        table = _info(client, invite)
        assert table["conceded"] == [1] and table["seats"][1]["away_bot"] == "random"
    with _client(db_url) as client:  # rebuilt from its log: still conceded
        table = _info(client, invite)
        assert table["conceded"] == [1] and table["seats"][1]["away_bot"] == "random"
        with ExitStack() as stack:
            seats = {s: stack.enter_context(seat_socket(client, invite, tokens[s])) for s in (0, 2)}
            with seat_socket(client, invite, tokens[1]) as bo_seat:
                # Bo's return does not end the bot's play, and Bo's own moves are refused.
                assert bo_seat.state["table"]["seats"][1]["away_bot"] == "random"
                assert bo_seat.state["legal"] == [] or 1 not in bo_seat.state["table"]["awaiting"]
            play_out(seats)
        bo_profile = client.get("/api/players/Bo").json()
        assert bo_profile["ratings"] == []
        assert [g["me"]["rated"] for g in bo_profile["games"]] == [False]
        for name in ("Ann", "Cy"):
            ratings = client.get(f"/api/players/{name}").json()["ratings"]
            assert [(r["players"], r["games"]) for r in ratings] == [("3+", 1)]
        # Conceding is for a game in play.
        late = _post(client, invite, "concede", tokens[0])
        assert late.status_code == 409 and "no game in play" in late.json()["error"]["message"]


def test_the_host_abandons_a_game_for_everyone_and_a_restart_keeps_it(db_url: str) -> None:
    with _client(db_url) as client:
        ann, bo = sign_up(client, "Ann"), sign_up(client, "Bo")
        invite, tokens = table_of(client, [ann, bo], "clickety-clack")
        refused = _post(client, invite, "abandon", tokens[1])
        assert refused.status_code >= 400 and refused.json()["error"]["code"] == "not_host"
        with seat_socket(client, invite, tokens[1]) as bo_seat:
            done = _post(client, invite, "abandon", tokens[0])
            assert done.status_code == 200 and done.json()["status"] == "abandoned"
            frame = bo_seat.state_where(lambda f: f["table"]["status"] == "abandoned")
            assert frame["table"]["ended"] == {"reason": "host", "by": "Ann"}
            assert frame["legal"] == []
            move = bo_seat.act("x", version=frame["table"]["version"])
            assert move["ok"] is False and "abandoned" in move["error"]["message"]
        twice = _post(client, invite, "abandon", tokens[0])
        assert twice.status_code == 409
        assert invite not in [t["invite"] for t in client.get("/api/tables").json()["tables"]]
    with _client(db_url) as client:
        table = _info(client, invite)
        assert table["status"] == "abandoned" and table["ended"]["reason"] == "host"
        for name in ("Ann", "Bo"):  # nobody's rating or history changed
            profile = client.get(f"/api/players/{name}").json()
            assert profile["ratings"] == [] and profile["games"] == []


def test_leaving_an_open_table_hands_the_host_on_and_the_last_leave_closes_it(
    db_url: str,
) -> None:
    with _client(db_url) as client:
        invite, tokens = human_table(client, "click-clack", 3, start=False)
        assert _info(client, invite)["host"] == 0
        left = _post(client, invite, "leave", tokens[0])
        assert left.status_code == 200 and left.json()["closed"] is False
        table = _info(client, invite)
        assert table["host"] == 1 and table["seats"][0]["taken"] is False
        assert _post(client, invite, "start", tokens[2]).json()["error"]["code"] == "not_host"
        assert _post(client, invite, "leave", tokens[0]).json()["error"]["code"] == "not_seated"
        assert _post(client, invite, "leave", tokens[1]).json()["closed"] is False
        assert _post(client, invite, "leave", tokens[2]).json()["closed"] is True
        table = _info(client, invite)
        assert table["status"] == "abandoned" and table["ended"]["reason"] == "left"
    with _client(db_url) as client:
        assert _info(client, invite)["status"] == "abandoned"
        joined = client.post(f"/api/tables/{invite}/join", json={"name": "Late"})
        assert joined.status_code == 409


def test_a_rematch_closes_when_a_player_has_gone(db_url: str) -> None:
    with _client(db_url) as client:
        invite, tokens = human_table(client, "click-clack", 2, {"grace_seconds": 0.2})
        _finish_and_record(client, invite, tokens)
        with seat_socket(client, invite, tokens[0]) as ann:
            assert ann.state["table"]["rematch_closed"] is None
            with seat_socket(client, invite, tokens[1]):
                asked = _post(client, invite, "again", tokens[0])
                assert asked.status_code == 200 and asked.json()["started"] is False
            frame = ann.until(lambda f: f["type"] == "table" and f["table"]["rematch_closed"])
            assert frame["table"]["rematch_closed"] == {"reason": "left", "seats": [1]}
            late = _post(client, invite, "again", tokens[1])
            assert late.status_code == 409
            assert late.json()["error"]["code"] == "rematch_closed"
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        table = _call(client, hub.table, invite)
        # However long everyone stays, another game can be asked for only so long.
        table.connected = {0: 1, 1: 1}
        assert table.rematch_closed(table.finished_at + 1) is None
        assert table.rematch_closed(table.finished_at + 3600) == {"reason": "time"}


def test_a_table_nobody_plays_for_long_is_abandoned(db_url: str) -> None:
    with _client(db_url) as client:
        invite, tokens = human_table(client, "clickety-clack", 2)
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        soon = time.time() + hub.limits.playing_seconds / 2
        _call(client, hub.sweep, time.monotonic(), soon)
        assert _info(client, invite)["status"] == "playing"
        later = time.time() + hub.limits.playing_seconds + 1
        with seat_socket(client, invite, tokens[1]):  # a player at the table keeps it
            _call(client, hub.sweep, time.monotonic(), later)
            assert _info(client, invite)["status"] == "playing"
        _call(client, hub.sweep, time.monotonic(), later)
        table = _info(client, invite)
        assert table["status"] == "abandoned" and table["ended"]["reason"] == "idle"
    with _client(db_url) as client:
        assert _info(client, invite)["status"] == "abandoned"


def test_your_games_lists_the_tables_of_the_tokens_sent_and_of_the_account(db_url: str) -> None:
    with _client(db_url) as client:
        playing, play_tokens = human_table(client, "clickety-clack", 2)
        waiting, wait_tokens = human_table(client, "click-clack", 3, start=False)
        other, _ = human_table(client, "click-clack", 2, start=False)
        seats = [
            {"invite": playing, "token": play_tokens[1]},
            {"invite": waiting, "token": wait_tokens[0]},
            {"invite": other, "token": "not-its-token"},
            {"invite": "NOSUCH", "token": "x"},
        ]
        mine = client.post("/api/my-tables", json={"seats": seats}).json()["tables"]
        assert {(m["table"]["invite"], m["seat"]) for m in mine} == {(playing, 1), (waiting, 0)}
        found = {m["table"]["invite"]: m["table"] for m in mine}
        assert found[playing]["status"] == "playing" and found[playing]["awaiting"]
        too_many = [{"invite": playing, "token": "x"}] * (MINE_LIMIT + 1)
        refused = client.post("/api/my-tables", json={"seats": too_many})
        assert refused.status_code == 400
        # A signed-in player's seats come with the account, whatever the browser holds.
        ann = sign_up(client, "Ann")
        invite, _tokens = table_of(client, [ann, None], "clickety-clack")
        listed = client.post("/api/my-tables", json={"seats": []}, headers=as_(ann)).json()
        assert [m["table"]["invite"] for m in listed["tables"]] == [invite]
        # An abandoned table drops out.
        _post(client, playing, "abandon", play_tokens[0])
        mine = client.post("/api/my-tables", json={"seats": seats}).json()["tables"]
        assert [m["table"]["invite"] for m in mine] == [waiting]
