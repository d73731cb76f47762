"""The lobby: seats are claimed atomically (through the database, on SQLite and PostgreSQL), and
the things a user does: create, list, join by invite, leave, start, play again, spectate, and
fetch the record once the game is over."""

from __future__ import annotations

import concurrent.futures
import json
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import clickbox.server.app as server_app
from clickbox.core import GameRecord, check_record
from clickbox.games import load
from clickbox.server.hub import hash_token, new_token
from clickbox.storage import SeatRow, Store, TableRow

from .live import UNLIMITED, running_server
from .test_hostile import Server, legal_moves, play_to_end, seated, serve

RACERS = 50


@pytest.fixture(autouse=True)
def no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lift the rate limit for the test's own checks (two messages each); ``test_hostile``
    tests the limiter."""
    monkeypatch.setattr(server_app, "RATE", 1e9)
    monkeypatch.setattr(server_app, "BURST", 1e9)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The app in process on SQLite."""
    with serve(f"sqlite:///{tmp_path}/clickbox.db") as running:
        yield running


# -- atomic seat claims ---------------------------------------------------------------------------


def _race(count: int, work: Any) -> list[Any]:
    """Run ``work(i)`` in ``count`` threads released at the same moment; their results."""
    barrier = threading.Barrier(count)

    def run(i: int) -> Any:
        barrier.wait()
        return work(i)

    with concurrent.futures.ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(run, range(count)))


def test_racing_claims_in_the_store_give_a_seat_once(db_url: str) -> None:
    store = Store(db_url)
    try:
        seats = (
            SeatRow(0, "human", None, "Ann", hash_token("ann")),
            SeatRow(1, "human"),
            SeatRow(2, "human"),
            SeatRow(3, "bot", "easy"),
        )
        row = TableRow("t1", "RACE2345", "clever", {}, True, "open", 0, None, time.time(), seats)
        store.create_table(row)
        hashes = [hash_token(f"racer-{i}") for i in range(RACERS)]
        # Everyone wants seat 1; half also try seat 2 after it, the taken seat 0, the bot seat.
        won = _race(RACERS, lambda i: store.claim_seat("t1", 1, f"R{i}", hashes[i]))
        assert sum(won) == 1
        winner = won.index(True)
        won2 = _race(RACERS, lambda i: store.claim_seat("t1", 2, f"R{i}", hashes[i]))
        assert sum(won2) == 1
        assert not any(_race(RACERS, lambda i: store.claim_seat("t1", 0, "x", hashes[i])))
        assert not any(_race(RACERS, lambda i: store.claim_seat("t1", 3, "x", hashes[i])))
        final = store.seats("t1")
        assert final[0].token_hash == hash_token("ann")
        assert (final[1].name, final[1].token_hash) == (f"R{winner}", hashes[winner])
        assert final[2].token_hash == hashes[won2.index(True)]
        assert final[3].token_hash is None and final[3].kind == "bot"
        # A seat given back can be claimed again, once.
        assert store.release_seat("t1", 1, hashes[winner])
        assert not store.release_seat("t1", 1, hashes[winner])
        assert sum(_race(RACERS, lambda i: store.claim_seat("t1", 1, "again", hashes[i]))) == 1
    finally:
        store.close()


def _post(base: str, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_racing_joins_over_http_give_the_last_seat_once(db_url: str, tmp_path: Path) -> None:
    with running_server(db_url, tmp_path / "server.log") as live:
        base = live.base
        for wanted in (None, 1):
            status, created = _post(
                base,
                "/api/tables",
                {"game": "clever", "players": 2, "seats": ["human", "human"], "name": "A"},
            )
            assert status == 201
            invite = created["invite"]

            def join(i: int, invite: str = invite, wanted: int | None = wanted) -> Any:
                body: dict[str, Any] = {"name": f"R{i}"}
                if wanted is not None:
                    body["seat"] = wanted
                return _post(base, f"/api/tables/{invite}/join", body)

            results = _race(RACERS, join)
            winners = [(i, body) for i, (status, body) in enumerate(results) if status == 200]
            assert len(winners) == 1, results
            assert sorted({status for status, _ in results}) == [200, 409]
            for status, body in results:
                if status == 409:
                    assert body["error"]["code"] == "conflict"
            i, body = winners[0]
            assert body["seat"] == 1
            with urllib.request.urlopen(f"{base}/api/tables/{invite}", timeout=30) as response:
                table = json.loads(response.read())["table"]
            assert [(s["name"], s["taken"]) for s in table["seats"]] == [
                ("A", True),
                (f"R{i}", True),
            ]
            # The winner's token holds the seat (the start is refused only because the host
            # starts), and the host may start now that every seat is taken.
            status, refused = _post_token(base, f"/api/tables/{invite}/start", body["token"])
            assert status == 400 and refused["error"]["code"] == "not_host", refused
            status, started = _post_token(base, f"/api/tables/{invite}/start", created["token"])
            assert status == 200, started


def _post_token(base: str, path: str, token: str) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(base + path, data=b"", method="POST")
    request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


# -- the lobby, as a user sees it --------------------------------------------------------------


def _table(server: Server, invite: str) -> dict[str, Any]:
    response = server.client.get(f"/api/tables/{invite}")
    assert response.status_code == 200, response.text
    table: dict[str, Any] = response.json()["table"]
    return table


def _listed(server: Server) -> list[str]:
    return [t["invite"] for t in server.client.get("/api/tables").json()["tables"]]


def test_the_games_and_bot_levels_are_listed(server: Server) -> None:
    data = server.client.get("/api/games").json()
    names = {g["name"] for g in data["games"]}
    assert names == {"clever", "clickety-clack", "click-click-boom", "click-clack"}
    assert {"easy", "medium", "hard"} <= set(data["levels"])


def test_a_table_made_with_defaults(server: Server) -> None:
    response = server.post("/api/tables", {"game": "clever"})
    assert response.status_code == 201, response.text
    created = response.json()
    assert created["seat"] == 0 and isinstance(created["token"], str)
    assert len(created["token"]) >= 32 and len(created["invite"]) == 8
    table = created["table"]
    default = next(
        g for g in server.client.get("/api/games").json()["games"] if g["name"] == "clever"
    )
    assert table["players"] == default["default_players"]
    assert table["status"] == "open" and table["game_number"] == 0
    seats = table["seats"]
    assert (seats[0]["kind"], seats[0]["name"], seats[0]["taken"]) == ("human", "Host", True)
    assert all((s["kind"], s["bot"]) == ("bot", "medium") for s in seats[1:])
    assert table["settings"] == {
        "public": True,
        "grace_policy": "wait",
        "grace_seconds": 60.0,
        "takeover": "medium",
        "turn_seconds": 0.0,
        "bank_seconds": 0.0,
        "increment_seconds": 0.0,
        "rated": True,
        "accounts_only": False,
    }
    # The creator's token starts it at once (every human seat is taken).
    assert (
        server.post(f"/api/tables/{created['invite']}/start", token=created["token"]).status_code
        == 200
    )


def test_bot_levels_names_and_not_joining(server: Server) -> None:
    body = {
        "game": "click-click-boom",
        "players": 4,
        "seats": ["bot:easy", "human", "bot:hard", "human"],
        "name": "  Ann \t Lee ",
        "join": True,
    }
    created = server.post("/api/tables", body).json()
    assert created["seat"] == 1, "the creator takes the first human seat"
    seats = created["table"]["seats"]
    assert [(s["kind"], s["bot"]) for s in seats] == [
        ("bot", "easy"),
        ("human", None),
        ("bot", "hard"),
        ("human", None),
    ]
    assert seats[1]["name"] == "Ann Lee" and not seats[3]["taken"]
    watcher = server.post("/api/tables", {**body, "join": False}).json()
    assert "token" not in watcher and not any(s["taken"] for s in watcher["table"]["seats"][1::2])


def test_private_tables_are_reached_only_by_their_invite(server: Server) -> None:
    public = server.create(start=False)
    private = server.post(
        "/api/tables",
        {
            "game": "clever",
            "players": 2,
            "seats": ["human", "human"],
            "settings": {"public": False},
        },
    ).json()
    listed = _listed(server)
    assert public.invite in listed and private["invite"] not in listed
    assert _table(server, private["invite"])["settings"]["public"] is False
    # The invite is enough to join (upper or lower case).
    joined = server.post(f"/api/tables/{private['invite'].lower()}/join", {"name": "Bo"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    assert private["invite"] not in _listed(server)


def test_listing_shows_open_and_playing_tables(server: Server) -> None:
    first = server.create(start=False)
    second = server.create(start=True)
    listed = {t["invite"]: t for t in server.client.get("/api/tables").json()["tables"]}
    assert listed[first.invite]["status"] == "open"
    assert listed[second.invite]["status"] == "playing"
    assert [s["taken"] for s in listed[first.invite]["seats"]] == [True, True]
    assert list(listed) == [first.invite, second.invite], "oldest first"


def test_joining_by_invite_names_and_seats(server: Server) -> None:
    created = server.post(
        "/api/tables", {"game": "clickety-clack", "players": 4, "seats": ["human"] * 4}
    ).json()
    invite = created["invite"]
    path = f"/api/tables/{invite}/join"
    for bad in ({}, {"name": ""}, {"name": " \t "}, {"name": "x" * 33}, {"name": 3}):
        assert server.post(path, bad).status_code == 400
    bo = server.post(path, {"name": "  Bo\x00 \n Bee "}).json()
    assert bo["seat"] == 1 and bo["invite"] == invite
    cy = server.post(path, {"name": "x" * 32, "seat": 3}).json()
    assert cy["seat"] == 3
    assert server.post(path, {"name": "Di", "seat": 3}).status_code == 409
    di = server.post(path, {"name": "Di"}).json()
    assert di["seat"] == 2
    assert server.post(path, {"name": "Ed"}).status_code == 409, "every seat is taken"
    names = [s["name"] for s in _table(server, invite)["seats"]]
    assert names == ["Host", "Bo Bee", "Di", "x" * 32]
    assert len({created["token"], bo["token"], cy["token"], di["token"]}) == 4


def test_leaving_before_the_start_frees_the_seat(server: Server) -> None:
    table = server.create(start=False)
    invite = table.invite
    left = server.post(f"/api/tables/{invite}/leave", token=table.tokens[1])
    assert left.status_code == 200 and left.json()["left"] == 1
    seat = _table(server, invite)["seats"][1]
    assert (seat["name"], seat["taken"]) == (None, False)
    # The old token is worth nothing now; the seat can be taken again.
    assert server.post(f"/api/tables/{invite}/leave", token=table.tokens[1]).status_code == 403
    assert server.post(f"/api/tables/{invite}/start", token=table.tokens[1]).status_code == 403
    assert server.post(f"/api/tables/{invite}/start", token=table.tokens[0]).status_code == 409
    again = server.post(f"/api/tables/{invite}/join", {"name": "Bo"}).json()
    assert again["seat"] == 1
    # Once the game has started, a seat cannot be left.
    refused = server.post(f"/api/tables/{invite}/start", token=again["token"])
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "not_host"
    assert server.post(f"/api/tables/{invite}/start", token=table.tokens[0]).status_code == 200
    response = server.post(f"/api/tables/{invite}/leave", token=again["token"])
    assert response.status_code == 409 and response.json()["error"]["code"] == "conflict"


def test_starting_needs_every_human_seat_and_a_seated_token(server: Server) -> None:
    created = server.post(
        "/api/tables", {"game": "clever", "players": 3, "seats": ["human", "bot:easy", "human"]}
    ).json()
    invite, token = created["invite"], created["token"]
    start = f"/api/tables/{invite}/start"
    response = server.post(start, token=token)
    assert response.status_code == 409 and "2" in response.json()["error"]["message"]
    assert server.post(start, token=new_token()).status_code == 403
    joined = server.post(f"/api/tables/{invite}/join", {"name": "Bo"}).json()
    assert joined["seat"] == 2
    assert server.post(start, token=joined["token"]).json()["error"]["code"] == "not_host"
    started = server.post(start, token=token)
    assert started.status_code == 200 and started.json()["game_number"] == 1
    assert _table(server, invite)["status"] == "playing"
    assert server.post(start, token=token).status_code == 409, "already being played"
    assert server.post(f"/api/tables/{invite}/join", {"name": "Cy"}).status_code == 409
    assert server.post(f"/api/tables/{invite}/again", token=token).status_code == 409


def test_the_record_only_after_the_end_and_play_again_with_the_same_seats(db_url: str) -> None:
    with serve(db_url) as server:
        table = server.create(start=False)
        record = f"/api/tables/{table.invite}/record"
        assert server.client.get(record).status_code == 409, "not started"
        server.post(f"/api/tables/{table.invite}/start", token=table.tokens[0])
        with seated(server, table) as peers, server.connect(table.invite, name="w") as watcher:
            assert server.client.get(record).status_code == 409, "being played"
            final = play_to_end(peers, random.Random(11))
            assert final["record"] is True
            response = server.client.get(record)
            assert response.status_code == 200
            data = response.json()
            assert data["seed"] is None and data["seats"] == ["Ann", "P1"]
            assert data["meta"]["game_number"] == "1"
            state = check_record(GameRecord.from_json(data), load(data["game"]))
            assert state.is_terminal()
            # Each seat saw view(seat); a spectator view(None).
            assert final["view"] == state.view(0)
            assert peers[1].snapshot()["view"] == state.view(1)
            assert watcher.snapshot()["view"] == state.view(None)
            # Play again (a rematch: both players ask): the same seats, a new game from the start.
            asked = server.post(f"/api/tables/{table.invite}/again", token=table.tokens[1])
            assert asked.status_code == 200 and asked.json()["started"] is False
            again = server.post(f"/api/tables/{table.invite}/again", token=table.tokens[0])
            assert again.status_code == 200 and again.json()["game_number"] == 2
            assert server.client.get(record).status_code == 409, "the new game is being played"
            for seat, peer in peers.items():
                state_now = peer.snapshot()
                assert state_now["table"]["game_number"] == 2
                assert state_now["table"]["status"] == "playing"
                assert state_now["seat"] == seat
            assert [s["name"] for s in _table(server, table.invite)["seats"]] == ["Ann", "P1"]
            second = play_to_end(peers, random.Random(12))
            assert second["table"]["game_number"] == 2
        # The same tokens still hold the same seats.
        for seat, token in table.tokens.items():
            with server.connect(table.invite, token) as peer:
                assert peer.welcome is not None and peer.welcome["seat"] == seat
        data2 = server.client.get(record).json()
        assert data2["meta"]["game_number"] == "2" and data2["actions"] != data["actions"]


def test_spectators_watch_every_move_and_cannot_act(server: Server) -> None:
    table = server.create()
    with seated(server, table) as peers, server.connect(table.invite, name="w") as watcher:
        assert watcher.welcome is not None and watcher.welcome["seat"] is None
        start = watcher.snapshot()
        assert start["seat"] is None and start["view"] is not None and "legal" not in start
        seen_versions = []
        for _ in range(6):
            awaiting = watcher.snapshot()["table"]["awaiting"]
            if not awaiting:
                break
            version, moves = legal_moves(peers[awaiting[0]])
            assert peers[awaiting[0]].act(moves[0], version)["ok"]
            frames = watcher.sync()
            states = [f for f in frames if f["type"] == "state"]
            assert states, "a spectator gets a state frame after every move"
            assert all(f["seat"] is None and "legal" not in f for f in states)
            seen_versions.append(states[-1]["table"]["version"])
            reply = watcher.act(moves[0], version)
            assert reply["error"]["code"] == "not_seated"
        assert seen_versions == sorted(seen_versions) and len(set(seen_versions)) == len(
            seen_versions
        )


def test_a_table_without_humans_starts_at_once_and_anyone_may_watch(server: Server) -> None:
    created = server.post(
        "/api/tables",
        {"game": "clickety-clack", "seats": ["bot:random", "bot:random"], "join": False},
    )
    assert created.status_code == 201
    body = created.json()
    assert "token" not in body and body["table"]["status"] in ("playing", "finished")
    invite = body["invite"]
    with server.connect(invite, name="w") as watcher:
        watcher.frames_until(lambda f: f["type"] == "state" and f["table"]["status"] == "finished")
    assert server.client.get(f"/api/tables/{invite}/record").status_code == 200
    assert invite not in _listed(server), "a finished table leaves the listing"


# -- lobby transitions under the table's lock (issue 16) ------------------------------------------

TRIALS = 30


def _state_of(base: str, invite: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/api/tables/{invite}", timeout=30) as response:
        table: dict[str, Any] = json.loads(response.read())["table"]
    return table


def test_a_leave_racing_a_start_never_strands_the_game(db_url: str, tmp_path: Path) -> None:
    """Seat 2's leave and the host's start sent together: exactly one of them wins. A game that
    started has every human seat held (and none can be left); a seat that was left leaves the
    table open, free to be joined again."""
    outcomes: set[tuple[int, int]] = set()
    with running_server(db_url, tmp_path / "server.log", extra=UNLIMITED) as live:
        base = live.base
        for _ in range(TRIALS):
            status, created = _post(
                base,
                "/api/tables",
                {"game": "clever", "players": 3, "seats": ["human", "bot:easy", "human"]},
            )
            assert status == 201, created
            invite, host = created["invite"], created["token"]
            status, joined = _post(base, f"/api/tables/{invite}/join", {"name": "Bo"})
            assert status == 200 and joined["seat"] == 2

            tokens = {"leave": joined["token"], "start": host}

            def send(
                i: int, invite: str = invite, tokens: dict[str, str] = tokens
            ) -> tuple[int, dict[str, Any]]:
                what = "leave" if i == 0 else "start"
                return _post_token(base, f"/api/tables/{invite}/{what}", tokens[what])

            (left, left_body), (started, started_body) = _race(2, send)
            outcomes.add((left, started))
            table = _state_of(base, invite)
            assert sorted((left, started)) == [200, 409], (left_body, started_body)
            if started == 200:
                assert table["status"] == "playing"
                assert all(seat["taken"] for seat in table["seats"]), table["seats"]
                assert left_body["error"]["code"] == "conflict"
                again = _post_token(base, f"/api/tables/{invite}/leave", joined["token"])
                assert again[0] == 409, "a started game's seat cannot be left"
            else:
                assert table["status"] == "open" and table["game_number"] == 0
                assert not table["seats"][2]["taken"]
                assert started_body["error"]["code"] == "conflict"
                rejoined = _post(base, f"/api/tables/{invite}/join", {"name": "Cy"})
                assert rejoined[0] == 200 and rejoined[1]["seat"] == 2
    assert outcomes <= {(200, 409), (409, 200)}


def _join_id(i: int) -> str:
    return f"join-request-{i:04d}-0123456789"


def test_a_join_sent_again_gets_its_first_answer(db_url: str) -> None:
    """A join with a request id, stored but never answered (the server killed before its
    reply), sent again: the same seat and token, and no second seat claimed; after a restart
    too. Another id gets another seat; an id too short to be secret is refused."""
    with serve(db_url) as server:
        created = server.post(
            "/api/tables", {"game": "clickety-clack", "players": 3, "seats": ["human"] * 3}
        ).json()
        invite = created["invite"]
        path = f"/api/tables/{invite}/join"
        first = server.post(path, {"name": "Bo", "id": _join_id(1)}).json()
        assert first["seat"] == 1
        again = server.post(path, {"name": "Bo", "id": _join_id(1)})
        assert again.status_code == 200 and again.json() == first
        assert [s["taken"] for s in _table(server, invite)["seats"]] == [True, True, False]
        for bad in ("short", "x" * 65, 12345, "é" * 20, "\x00" * 20):
            response = server.post(path, {"name": "Cy", "id": bad})
            assert response.status_code == 400, bad
            assert response.json()["error"]["code"] == "invalid"
    with serve(db_url) as server:  # a restart: the answer is derived, not remembered
        assert server.post(path, {"name": "Bo", "id": _join_id(1)}).json() == first
        other = server.post(path, {"name": "Cy", "id": _join_id(2)}).json()
        assert other["seat"] == 2 and other["token"] != first["token"]
        assert server.post(path, {"name": "Di", "id": _join_id(3)}).status_code == 409
        # The seats joined with ids hold their seats like any other: the game starts.
        started = server.post(f"/api/tables/{invite}/start", token=created["token"])
        assert started.status_code == 200, started.text
        # Sent again after the start: still the first answer (the seat it holds).
        assert server.post(path, {"name": "Bo", "id": _join_id(1)}).json() == first


def test_a_table_of_bots_is_never_left_open(
    db_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """What a kill right after the table's insert leaves in the database is a started table
    (its start is stored with it); a table of bots stored open (by an older version) starts
    when the server does."""
    seen_after_insert: list[tuple[str, list[str]]] = []
    original = Store.create_table

    def create_then_look(self: Store, row: TableRow, *args: Any, **kwargs: Any) -> None:
        original(self, row, *args, **kwargs)
        stored = self.table(row.id)
        assert stored is not None
        seen_after_insert.append((stored.status, [e.kind for e in self.events(row.id)]))

    monkeypatch.setattr(Store, "create_table", create_then_look)
    with serve(db_url) as server:
        body = {"game": "clickety-clack", "seats": ["bot:random", "bot:random"], "join": False}
        invite = server.post("/api/tables", body).json()["invite"]
        assert seen_after_insert == [("playing", ["start"])]
        assert _table(server, invite)["status"] in ("playing", "finished")
    monkeypatch.setattr(Store, "create_table", original)
    # An open table of bots, as a kill between two transactions used to leave it.
    store = Store(db_url)
    try:
        seats = (SeatRow(0, "bot", "random"), SeatRow(1, "bot", "random"))
        row = TableRow("old1", "OLDTAB23", "clickety-clack", {}, True, "open", 0, None, 1.0, seats)
        store.create_table(row)
    finally:
        store.close()
    with serve(db_url) as server:
        assert _table(server, "OLDTAB23")["status"] in ("playing", "finished")
        listed = {
            t["invite"]: t["status"] for t in server.client.get("/api/tables").json()["tables"]
        }
        assert listed.get("OLDTAB23") != "open"
