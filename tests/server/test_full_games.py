"""Done-when: a scripted client plays a full game of each game against bots, over WebSocket,
against the real server (uvicorn), on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from clickbox.games import CATALOG, load
from clickbox.server.client import TableClient, http, play_to_end

from .live import running_server, start_server

GAMES = [
    ("clever", 2, ["human", "bot:hard"]),
    ("clickety-clack", 2, ["human", "bot:hard"]),
    ("click-click-boom", 3, ["human", "bot:hard", "bot:easy"]),
    ("click-clack", 2, ["human", "bot:hard"]),
]


async def _play(base: str, game: str, players: int, seats: list[str]) -> dict[str, Any]:
    created = http(
        base,
        "POST",
        "/api/tables",
        {"game": game, "players": players, "seats": seats, "name": "Script"},
    )
    invite, token = created["invite"], created["token"]
    http(base, "POST", f"/api/tables/{invite}/start", {}, token)
    client = TableClient(base, invite, token)
    await client.connect()
    rng = random.Random(7)
    final = await play_to_end(client, lambda s: rng.choice(s["legal"])["action"])
    await client.close()
    record = http(base, "GET", f"/api/tables/{invite}/record")
    return {"final": final, "record": record, "client": client}


@pytest.mark.parametrize(("game", "players", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_a_scripted_client_plays_a_whole_game_against_bots(
    db_url: str, tmp_path: Path, game: str, players: int, seats: list[str]
) -> None:
    with running_server(db_url, tmp_path / "server.log") as server:
        result = asyncio.run(_play(server.base, game, players, seats))
    final, record = result["final"], result["record"]
    assert final["table"]["status"] == "finished"
    assert record["outcome"] is not None
    assert record["seed"] is None, "seeds never leave the server"
    assert record["seats"][0] == "Script" and record["seats"][1].startswith("bot:")
    # The record replays to the same outcome with the engine (every chance outcome is in it).
    from clickbox.core import GameRecord, check_record

    parsed = GameRecord.from_json(record)
    check_record(parsed, load(record["game"]))
    assert final["view"] is not None
    assert CATALOG.get(game).name == load(record["game"]).name


def test_serve_prints_its_address_and_answers(tmp_path: Path) -> None:
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        assert f"clickbox is serving on {server.base}" in server.output()
        games = http(server.base, "GET", "/api/games")
        assert {g["name"] for g in games["games"]} == {g.name for g in CATALOG.games}
        assert http(server.base, "GET", "/api/tables") == {"tables": []}


def test_a_client_rides_out_a_server_killed_mid_game(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    log = tmp_path / "server.log"
    server = start_server(db, log)
    port = int(server.base.rsplit(":", 1)[1])

    async def scenario() -> dict[str, Any]:
        nonlocal server
        created = http(
            server.base,
            "POST",
            "/api/tables",
            {"game": "clickety-clack", "seats": ["human", "bot:easy"], "name": "S"},
        )
        http(server.base, "POST", f"/api/tables/{created['invite']}/start", {}, created["token"])
        client = TableClient(server.base, created["invite"], created["token"])
        await client.connect()
        rng = random.Random(3)
        game = asyncio.ensure_future(
            play_to_end(client, lambda s: rng.choice(s["legal"])["action"])
        )
        await client.wait_for(lambda s: s["table"]["version"] > 20)
        version = client.state["table"]["version"] if client.state else 0
        server.kill()
        server = start_server(db, log, port=port)
        final = await game
        await client.close()
        assert final["table"]["version"] > version
        return http(server.base, "GET", f"/api/tables/{created['invite']}/record")

    try:
        record = asyncio.run(scenario())
    finally:
        if server.process.poll() is None:
            server.process.terminate()
            server.process.wait(timeout=15)
    from clickbox.core import GameRecord, check_record

    check_record(GameRecord.from_json(record), load(record["game"]))


def test_seat_tokens_are_long_random_stored_hashed_and_never_logged(tmp_path: Path) -> None:
    db_file = tmp_path / "db.sqlite"
    with running_server(f"sqlite:///{db_file}", tmp_path / "server.log") as server:
        created = http(
            server.base,
            "POST",
            "/api/tables",
            {"game": "click-clack", "seats": ["human", "human"], "name": "A"},
        )
        joined = http(server.base, "POST", f"/api/tables/{created['invite']}/join", {"name": "B"})
        tokens = [created["token"], joined["token"]]
        asyncio.run(_play_a_few_moves(server.base, created["invite"], tokens))
        log_text = server.output()
    assert len(set(tokens)) == 2
    for token in tokens:
        assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128
        assert token not in log_text
        stored = b"".join(p.read_bytes() for p in tmp_path.glob("db.sqlite*"))
        assert token.encode() not in stored, "only the token's hash is stored"
        assert hashlib.sha256(token.encode()).hexdigest().encode() in stored


async def _play_a_few_moves(base: str, invite: str, tokens: list[str]) -> None:
    http(base, "POST", f"/api/tables/{invite}/start", {}, tokens[0])
    clients = [TableClient(base, invite, token) for token in tokens]
    for client in clients:
        await client.connect()
    for _ in range(6):
        mover = next(c for c in clients if c.my_turn())
        assert mover.state is not None
        reply = await mover.act(mover.state["legal"][0]["action"])
        assert reply["ok"]
        for client in clients:
            await client.wait_for(_reached(reply["version"]))
    for client in clients:
        await client.close()


def _reached(version: int) -> Callable[[dict[str, Any]], bool]:
    def reached(state: dict[str, Any]) -> bool:
        return bool(state["table"]["version"] >= version)

    return reached
