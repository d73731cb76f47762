"""What one anonymous client may cost the server (issue 16): tables created per minute and at a
time, idle tables leaving memory (and coming back from their log), open tables expiring, the
bots a seat may ask for, replays built once and rate-limited, and the headers of every page."""

from __future__ import annotations

import json
import random
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import clickbox.server.app as server_app
import clickbox.server.hub as server_hub
from clickbox.server.client import ServerError, http
from clickbox.server.frames import replay_steps
from clickbox.server.hub import Hub
from clickbox.server.limits import SERVER_BOTS, Limits

from .live import running_server
from .test_hostile import NO_LIMITS, Server, legal_moves, seated, serve

TWO = {"game": "clickety-clack", "players": 2, "seats": ["human", "human"], "name": "Ann"}


@pytest.fixture(autouse=True)
def no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lift the WebSocket message rate limit (the helpers send two messages per check)."""
    monkeypatch.setattr(server_app, "RATE", 1e9)
    monkeypatch.setattr(server_app, "BURST", 1e9)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/clickbox.db"


def _hub(server: Server) -> Hub:
    hub: Hub = server.client.app.state.hub  # type: ignore[attr-defined]
    return hub


def _call(server: Server, fn: Any, *args: Any) -> Any:
    """Run a coroutine function of the app on its event loop."""
    portal = server.client.portal
    assert portal is not None
    return portal.call(fn, *args)


def _error(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


# -- creating tables --------------------------------------------------------------------------


def test_one_client_creates_tables_at_a_limited_rate(sqlite_url: str) -> None:
    limits = replace(NO_LIMITS, create_per_minute=0.001, create_burst=3)
    with serve(sqlite_url, limits=limits) as server:
        for _ in range(3):
            assert server.post("/api/tables", TWO).status_code == 201
        refused = server.post("/api/tables", TWO)
        assert _error(refused) == (429, "rate_limited")
        assert "a minute" in refused.json()["error"]["message"]
        # Another address has its own allowance; bad requests cost nothing.
        other = _call(server, _hub(server).create, dict(TWO), "203.0.113.9")
        assert len(other["invite"]) == 8
        assert server.post("/api/tables", {"game": "chess"}).status_code == 400
        assert len(server.client.get("/api/tables").json()["tables"]) == 4


def test_one_client_has_a_limited_number_of_tables_open_or_in_play(sqlite_url: str) -> None:
    limits = replace(NO_LIMITS, tables_per_client=2)
    with serve(sqlite_url, limits=limits) as server:
        for _ in range(2):
            assert server.post("/api/tables", TWO).status_code == 201
        refused = server.post("/api/tables", TWO)
        assert _error(refused) == (429, "rate_limited") and "at most 2" in refused.text
        # Tables that are over (here: expired, nobody joined) no longer count.
        _call(server, _hub(server).sweep, time.monotonic(), time.time() + 2 * limits.open_seconds)
        assert server.post("/api/tables", TWO).status_code == 201


def test_creation_limits_hold_on_the_real_server(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    extra = ("--create-per-minute", "0.001", "--create-burst", "2")
    with running_server(db, tmp_path / "server.log", extra=extra) as live:
        for _ in range(2):
            http(live.base, "POST", "/api/tables", TWO)
        with pytest.raises(ServerError) as refused:
            http(live.base, "POST", "/api/tables", TWO)
        assert (refused.value.code, refused.value.status) == ("rate_limited", 429)


# -- idle tables leave memory, open tables expire --------------------------------------------


def test_an_idle_table_leaves_memory_and_comes_back_from_its_log(sqlite_url: str) -> None:
    with serve(sqlite_url) as server:
        hub = _hub(server)
        table = server.create()
        with seated(server, table) as peers:
            for _ in range(3):
                awaiting = peers[0].snapshot()["table"]["awaiting"]
                version, moves = legal_moves(peers[awaiting[0]])
                assert peers[awaiting[0]].act(moves[0], version)["ok"]
            before = {seat: peer.snapshot() for seat, peer in peers.items()}
            later = time.monotonic() + hub.limits.idle_seconds + 1
            _call(server, hub.sweep, later)
            assert len(hub.tables) == 1, "a table with people connected stays"
        # Nobody is connected: it leaves memory after idle_seconds (not before).
        _call(server, hub.sweep, time.monotonic())
        assert len(hub.tables) == 1
        _call(server, hub.sweep, time.monotonic() + hub.limits.idle_seconds + 1)
        assert hub.tables == {} and hub.evictions == 1
        # Asked for again, it is rebuilt from its log exactly as it was, and plays on.
        info = server.client.get(f"/api/tables/{table.invite}").json()["table"]
        assert info["version"] == before[0]["table"]["version"]
        with seated(server, table) as peers:
            for seat, peer in peers.items():
                now = peer.snapshot()
                assert now["view"] == before[seat]["view"]
                assert now.get("legal") == before[seat].get("legal")
            awaiting = peers[0].snapshot()["table"]["awaiting"]
            version, moves = legal_moves(peers[awaiting[0]])
            assert peers[awaiting[0]].act(moves[0], version)["ok"]


def test_many_idle_tables_do_not_stay_in_memory(sqlite_url: str) -> None:
    with serve(sqlite_url) as server:
        hub = _hub(server)
        invites = [server.post("/api/tables", TWO).json()["invite"] for _ in range(30)]
        assert len(hub.tables) == 30
        _call(server, hub.sweep, time.monotonic() + hub.limits.idle_seconds + 1)
        assert hub.tables == {}
        listed = {t["invite"] for t in server.client.get("/api/tables").json()["tables"]}
        assert listed == set(invites), "they are still in the lobby"
        joined = server.post(f"/api/tables/{invites[7]}/join", {"name": "Bo"})
        assert joined.status_code == 200 and joined.json()["seat"] == 1
        assert len(hub.tables) == 1


def test_an_open_table_nobody_joins_expires(sqlite_url: str) -> None:
    with serve(sqlite_url) as server:
        hub = _hub(server)
        body = {**TWO, "players": 3, "seats": ["human"] * 3}
        lonely = server.post("/api/tables", body).json()
        watched = server.post("/api/tables", body).json()
        expiry = hub.limits.open_seconds

        def status(invite: str) -> str:
            info: dict[str, Any] = server.client.get(f"/api/tables/{invite}").json()["table"]
            return str(info["status"])

        with server.connect(watched["invite"], watched["token"]):
            _call(server, hub.sweep, time.monotonic(), time.time() + expiry / 2)
            assert status(lonely["invite"]) == "open", "not yet"
            _call(server, hub.sweep, time.monotonic(), time.time() + expiry + 1)
            assert status(watched["invite"]) == "open", "someone is there, waiting for players"
        assert status(lonely["invite"]) == "expired"
        listed = {t["invite"] for t in server.client.get("/api/tables").json()["tables"]}
        assert lonely["invite"] not in listed and watched["invite"] in listed
        path = f"/api/tables/{lonely['invite']}"
        joined = server.post(f"{path}/join", {"name": "Cy"})
        assert _error(joined) == (409, "conflict") and "expired" in joined.text
        assert _error(server.post(f"{path}/start", token=lonely["token"])) == (409, "conflict")


# -- bots ---------------------------------------------------------------------------------------


def test_only_the_servers_bots_unless_the_operator_allows_a_spec(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    spec = "ismcts:iterations=50"
    extra = ("--allow-bot", spec, "--create-per-minute", "0")
    with running_server(db, tmp_path / "server.log", extra=extra) as live:
        games = http(live.base, "GET", "/api/games")
        assert games["bots"] == [*SERVER_BOTS, spec]
        for bot in SERVER_BOTS:
            body = {**TWO, "seats": ["human", f"bot:{bot}"]}
            http(live.base, "POST", "/api/tables", body)
        http(live.base, "POST", "/api/tables", {**TWO, "seats": ["human", f"bot:{spec}"]})
        for refused in ("ismcts:iterations=51", "ismcts:seconds=1000", "greedy", "HARD"):
            with pytest.raises(ServerError) as error:
                http(
                    live.base, "POST", "/api/tables", {**TWO, "seats": ["human", f"bot:{refused}"]}
                )
            assert error.value.code == "invalid", refused


# -- replays ------------------------------------------------------------------------------------


def test_a_replay_is_built_once_per_viewer_and_version(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[tuple[int | None, int, bool]] = []

    def counting(game: Any, actions: tuple[str, ...], viewer: int | None, full: bool) -> Any:
        built.append((viewer, len(actions), full))
        return replay_steps(game, actions, viewer, full)

    monkeypatch.setattr(server_hub, "replay_steps", counting)
    with serve(sqlite_url) as server:
        table = server.create()
        path = f"/api/tables/{table.invite}/replay"

        def fetch(token: str | None = None) -> dict[str, Any]:
            headers = {} if token is None else {"Authorization": f"Bearer {token}"}
            response = server.client.get(path, headers=headers)
            assert response.status_code == 200, response.text
            body: dict[str, Any] = json.loads(response.text)
            return body

        with seated(server, table) as peers:
            awaiting = peers[0].snapshot()["table"]["awaiting"]
            version, moves = legal_moves(peers[awaiting[0]])
            assert peers[awaiting[0]].act(moves[0], version)["ok"]
            first = fetch(table.tokens[0])
            assert fetch(table.tokens[0]) == first and len(built) == 1, "the second is cached"
            spectator = fetch()
            assert len(built) == 2 and spectator["seat"] is None
            assert fetch() == spectator and len(built) == 2
            # What is served is what replay_steps makes.
            row = server.store.table_by_invite(table.invite)
            assert row is not None
            live = _hub(server).tables[row.id]
            assert live.match is not None
            actions = live.match.record().actions
            assert first["steps"] == json.loads(
                json.dumps(replay_steps(live.game, actions, 0, False))
            )
            # A new move is a new version: built again, for that version.
            awaiting = peers[0].snapshot()["table"]["awaiting"]
            version, moves = legal_moves(peers[awaiting[0]])
            assert peers[awaiting[0]].act(random.choice(moves), version)["ok"]
            after = fetch(table.tokens[0])
            assert len(built) == 3 and built[2][1] > built[0][1]
            assert after["table"]["version"] > first["table"]["version"]
    assert [(viewer, full) for viewer, _, full in built] == [(0, False), (None, False), (0, False)]


def test_the_replay_endpoint_is_rate_limited(sqlite_url: str) -> None:
    limits = replace(NO_LIMITS, replay_per_minute=0.001, replay_burst=2)
    with serve(sqlite_url, limits=limits) as server:
        table = server.create()
        path = f"/api/tables/{table.invite}/replay"
        assert server.client.get(path).status_code == 200
        assert server.client.get(path).status_code == 200
        refused = server.client.get(path)
        assert _error(refused) == (429, "rate_limited")
        assert "replays a minute" in refused.json()["error"]["message"]


# -- headers ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    ["/", "/t/ABCD2345", "/t/ABCD2345/replay", "/rules/clever", "/static/lobby.js", "/api/games"],
)
def test_every_answer_carries_the_security_headers(sqlite_url: str, path: str) -> None:
    with serve(sqlite_url) as server:
        for response in (server.client.get(path), server.client.get("/api/nothing")):
            headers = response.headers
            policy = headers["content-security-policy"]
            assert "default-src 'none'" in policy and "script-src 'self'" in policy
            assert "frame-ancestors 'none'" in policy and "connect-src 'self'" in policy
            assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
            assert headers["x-frame-options"] == "DENY"
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "no-referrer"


def test_limits_sweep_often_enough() -> None:
    """The sweep runs at least four times per idle or open period (and at least every 30 s)."""
    assert Limits(idle_seconds=8, open_seconds=0).sweep_seconds() <= 2
    assert Limits(idle_seconds=0, open_seconds=0).sweep_seconds() <= 30
