"""Crash safety (issue 7, section 6): the real server (uvicorn on 127.0.0.1), killed with SIGKILL
at random points, loses no acknowledged move and applies none twice, and a restart resumes every
table exactly as it was.

Scripted clients play several tables at once (humans choosing seeded-random legal moves, bots in
the server's worker process) as fast as they can. Each client keeps every acknowledged move and
the one request it has sent but not yet had answered. After a random delay the server is killed.
While it is down, the stored log is read with ``Store``: every acknowledged move is in it exactly
once, as acknowledged, and no other move of a human seat is (but the unanswered request, which
may or may not have been stored). The server is started again on the same port and database;
every table is where its log says, the clients reconnect and resend their unanswered request
with the same id and version, and the server answers with the first reply (when it was stored)
or applies it now. Each game is played to its end across the kills, and its record must hold
exactly each seat's acknowledged moves, in order, where they were acknowledged.

The human seats are signed-in accounts, so every game they finish is rated: at every kill the
stored results hold each finished game once, with a row per seat, and every account's rating
has counted exactly its rated games, ending where its last one left it.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import time
import urllib.request
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from http.client import HTTPException
from pathlib import Path
from typing import Any

import pytest
import websockets

from clickbox.core import GameRecord, check_record, play
from clickbox.games import load
from clickbox.server.client import ServerError, TableClient, http
from clickbox.storage import Event, Store

from .live import LiveServer, free_port, start_server

pytestmark = pytest.mark.slow

HUMAN_TABLES = [
    ("clever", 3, ["human", "human", "bot:easy"]),  # simultaneous passive picks by two humans
    ("clickety-clack", 3, ["human", "bot:medium", "human"]),
    ("click-click-boom", 3, ["human", "bot:easy", "human"]),  # simultaneous showdown choice
    ("click-clack", 3, ["bot:easy", "human", "human"]),  # the host is seat 1
]
BOT_TABLE = ("clever", 4, ["bot:random"] * 4)
"""A table without a human seat: it starts at once and only the server's bots play it."""

ROUND_SECONDS = (0.05, 1.5)
WAIT = 60.0


# -- the server, killed and started again ----------------------------------------------------


class Crashable:
    """``clickbox serve`` on one port and one database, killed and started again."""

    def __init__(self, db_url: str, log: Path) -> None:
        self.db_url = db_url
        self.log = log
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.server: LiveServer | None = None
        self.kills = 0

    def start(self) -> None:
        """Start the server (and wait until it answers)."""
        assert self.server is None
        self.server = start_server(
            self.db_url, self.log, port=self.port, extra=("--signup-per-minute", "0")
        )

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs (and its bot workers must end with it)."""
        assert self.server is not None
        server, self.server = self.server, None
        self.kills += 1
        server.kill()

    def stop(self) -> None:
        """SIGTERM, the normal way to stop it."""
        assert self.server is not None
        server, self.server = self.server, None
        server.stop()

    def close(self) -> None:
        """Stop the server if it runs (the end of a test, passed or failed)."""
        if self.server is not None:
            self.stop()


async def _http(
    base: str, method: str, path: str, body: dict[str, Any] | None = None, token: str | None = None
) -> dict[str, Any]:
    return await asyncio.to_thread(http, base, method, path, body, token)


def _as_account(base: str, path: str, body: dict[str, Any], session: str) -> dict[str, Any]:
    """A lobby POST signed in by a session cookie."""
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("Cookie", f"clickbox_session={session}")
    with urllib.request.urlopen(request, timeout=30) as response:
        result: dict[str, Any] = json.loads(response.read())
        return result


def _sign_up(base: str, name: str) -> str:
    """A new account's session cookie."""
    body = {"name": name, "password": "crash-safe password"}
    request = urllib.request.Request(
        base + "/api/account/signup", data=json.dumps(body).encode(), method="POST"
    )
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        for header in response.headers.get_all("Set-Cookie") or []:
            name_value = header.split(";", 1)[0]
            if name_value.startswith("clickbox_session="):
                return str(name_value.split("=", 1)[1])
    raise AssertionError("no session cookie")


def _lost_connection(exc: BaseException) -> bool:
    """True for what a client sees when the server dies under it."""
    return isinstance(exc, (ConnectionError, OSError, websockets.ConnectionClosed, HTTPException))


# -- scripted seats ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    """A move request: the game it was chosen in, its id, the version it was chosen at."""

    game: int
    client_id: str
    version: int
    action: str


@dataclass(frozen=True)
class Ack:
    """A move the server acknowledged: the request and the reply's version."""

    sent: Sent
    version: int
    committed: bool


@dataclass
class Table:
    """A table the test plays: its invite, its seats, and the records of its finished games."""

    invite: str
    game: str
    seats: list[str]
    host: int | None
    tokens: dict[int, str]
    players: list[Player] = field(default_factory=list)
    records: dict[int, dict[str, Any]] = field(default_factory=dict)
    stored_game: int = 0
    stored_version: int | None = None
    stored_status: str = ""
    stored_rematch: bool = False
    """Every human seat had asked for another game when the server stopped: a restart starts
    it (the server died between the last ask and the start)."""


@dataclass
class Player:
    """One human seat played by a scripted client."""

    table: Table
    seat: int
    client: TableClient
    rng: random.Random
    acks: list[Ack] = field(default_factory=list)
    pending: Sent | None = None
    """The request sent and not answered yet (the server may or may not have stored it)."""
    stored: Event | None = None
    """The stored event of ``pending``, as read from the log while the server was down."""
    counts: Counter[str] = field(default_factory=Counter)


async def _reconnect(player: Player) -> None:
    """Connect again (resuming from the last ``seq`` seen) and wait for a fresh snapshot."""
    player.client.state = None  # the state seen before the crash is not the server's any more
    await player.client.connect()


async def _send(player: Player, sent: Sent) -> dict[str, Any]:
    """Send a move request until it is answered by something other than ``rate_limited``."""
    while True:
        reply = await player.client.act(sent.action, sent.version, sent.client_id)
        if reply["ok"] or reply["error"]["code"] != "rate_limited":
            return reply
        player.counts["rate limited"] += 1
        await asyncio.sleep(0.2)


def _take(player: Player, sent: Sent, reply: dict[str, Any]) -> None:
    if reply["ok"]:
        player.acks.append(Ack(sent, reply["version"], bool(reply.get("committed"))))
        return
    code = reply["error"]["code"]
    # The move was chosen from the latest state the seat saw; a change it had not seen yet
    # makes it stale. Anything else is a server error.
    assert code in ("stale", "not_your_turn"), reply
    player.counts[code] += 1


async def _resend(player: Player) -> None:
    """Resend the request left unanswered by the crash, with the same id and version."""
    sent, stored = player.pending, player.stored
    assert sent is not None
    reply = await _send(player, sent)
    player.pending = player.stored = None
    if stored is not None:
        # Stored before the crash: the first reply again, and nothing applied twice.
        assert reply["ok"], (sent, reply)
        assert reply["version"] == stored.data["version"], (sent, reply, stored)
        assert bool(reply.get("committed")) == (not stored.data["applied"]), (reply, stored)
        player.counts["resent: first reply"] += 1
    else:
        # Never stored (maybe never received): the position still waits for this seat.
        assert reply["ok"], (sent, reply)
        player.counts["resent: applied now"] += 1
    _take(player, sent, reply)


async def _repeat_acknowledged(player: Player) -> None:
    """Send the seat's last acknowledged request of this game again, as a client would that
    lost the reply: it gets the same reply, and nothing is applied (the next check of the log
    would see it twice)."""
    assert player.client.state is not None
    number = player.client.state["table"]["game_number"]
    acks = [a for a in player.acks if a.sent.game == number]
    if not acks:
        return
    reply = await _send(player, acks[-1].sent)
    assert reply["ok"], (acks[-1], reply)
    assert reply["version"] == acks[-1].version, (acks[-1], reply)
    assert bool(reply.get("committed")) == acks[-1].committed, (acks[-1], reply)
    player.counts["repeated after a restart: first reply"] += 1


async def _play(player: Player, base: str, final: bool) -> None:
    """Play the seat as fast as it can. Between kills, a finished game is followed by the next
    one (every seat asks for it: a rematch starts once all have); in the ``final`` round the
    seat plays to the end of its game."""
    client, table = player.client, player.table
    if player.pending is not None:
        await _resend(player)
    await _repeat_acknowledged(player)
    while True:
        state = await client.wait_for(lambda s: bool(s.get("legal")) or _over(s), WAIT)
        number = state["table"]["game_number"]
        if _over(state):
            if player.seat == table.host and number not in table.records:
                path = f"/api/tables/{table.invite}/record?game={number}"
                table.records[number] = await _http(base, "GET", path)
            if final:
                return
            try:
                path = f"/api/tables/{table.invite}/again"
                await _http(base, "POST", path, {}, table.tokens[player.seat])
            except ServerError as exc:
                # Asked already, or started already (before a crash).
                assert exc.code == "conflict", exc
            await client.wait_for(_later_game(number), WAIT)
            continue
        sent = Sent(
            number,
            client.next_id(),
            state["table"]["version"],
            player.rng.choice(state["legal"])["action"],
        )
        player.pending = sent
        reply = await _send(player, sent)
        player.pending = None
        _take(player, sent, reply)


def _over(state: dict[str, Any]) -> bool:
    return bool(state["table"]["status"] == "finished")


def _later_game(number: int) -> Callable[[dict[str, Any]], bool]:
    return lambda state: bool(state["table"]["game_number"] > number)


def _seen(seq: int) -> Callable[[dict[str, Any]], bool]:
    return lambda state: bool(state["seq"] >= seq)


async def _open_table(
    base: str,
    game: str,
    players: int,
    seats: list[str],
    rng: random.Random,
    settings: dict[str, Any] | None = None,
) -> Table:
    """Create a table, seat a scripted client in each human seat, and start it (a table
    without a human seat starts by itself)."""
    humans = [seat for seat, kind in enumerate(seats) if kind == "human"]
    body = {
        "game": game,
        "players": players,
        "seats": seats,
        "settings": settings or {},
        "name": "Host",
        "join": bool(humans),
    }
    if not humans:
        created = await _http(base, "POST", "/api/tables", body)
        return Table(created["invite"], game, seats, None, {})
    # Every human seat is an account: the games they finish are rated.
    sessions = {}
    for seat in humans:
        name = f"P{rng.randrange(10**9)}s{seat}"
        sessions[seat] = await asyncio.to_thread(_sign_up, base, name)
    created = await asyncio.to_thread(_as_account, base, "/api/tables", body, sessions[humans[0]])
    invite = created["invite"]
    table = Table(invite, game, seats, created.get("seat"), {})
    assert table.host == humans[0]
    table.tokens[humans[0]] = created["token"]
    for seat in humans[1:]:
        path = f"/api/tables/{invite}/join"
        joined = await asyncio.to_thread(_as_account, base, path, {"seat": seat}, sessions[seat])
        table.tokens[seat] = joined["token"]
    await _http(base, "POST", f"/api/tables/{invite}/start", {}, created["token"])
    for seat in humans:
        client = TableClient(base, invite, table.tokens[seat], name=f"{invite}-{seat}")
        client.keep_frames = False
        table.players.append(Player(table, seat, client, random.Random(rng.random())))
    return table


# -- what the stored log must say ---------------------------------------------------------------


def _check_log(table: Table, events: list[Event]) -> None:
    """The log's own consistency: numbered 1..n; request ids never repeated; every act applied
    at the version it ends up after, with nothing skipped or applied twice."""
    assert [e.seq for e in events] == list(range(1, len(events) + 1)), table.invite
    acts = [e for e in events if e.kind == "act"]
    keys = Counter((e.seat, e.client_id) for e in acts)
    assert not [k for k, n in keys.items() if n > 1], f"{table.invite}: a request applied twice"
    version: int | None = None
    game = 0
    for event in events:
        if event.kind == "start":
            assert event.game_number == game + 1
            game, version = event.game_number, None
            continue
        if event.kind != "act":
            continue
        assert event.game_number == game
        applied, after = event.data["applied"], event.data["version"]
        before = after - len(applied)
        assert version is None or before == version, (table.invite, event, version)
        version = after
        if applied:
            assert applied[0] == event.data["action"], event
        assert event.client_id is not None
        if event.client_id.startswith(("bot:", "clock:")):
            # A bot's move is named by the version it was chosen at: it was applied there.
            assert event.client_id.split(":")[1:] == [str(game), str(before), str(event.seat)]


def _check_stored(db_url: str, tables: list[Table]) -> int:
    """With the server down: every acknowledged move is stored once, as acknowledged; no other
    move of a human seat is stored but its unanswered request (noted for the resend). Returns
    how many rated results are stored."""
    store = Store(db_url)
    rated = 0
    try:
        for table in tables:
            row = store.table_by_invite(table.invite)
            assert row is not None
            events = store.events(row.id)
            _check_log(table, events)
            acts = {(e.seat, e.client_id): e for e in events if e.kind == "act"}
            for player in table.players:
                for ack in player.acks:
                    event = acts.get((player.seat, ack.sent.client_id))
                    assert event is not None, f"acknowledged move lost: {ack}"
                    assert event.game_number == ack.sent.game, (ack, event)
                    assert event.data["action"] == ack.sent.action, (ack, event)
                    assert event.data["version"] == ack.version, (ack, event)
                    assert (not event.data["applied"]) == ack.committed, (ack, event)
                asked = {ack.sent.client_id for ack in player.acks}
                pending = player.pending
                player.stored = None
                if pending is not None:
                    player.stored = acts.get((player.seat, pending.client_id))
                    asked.add(pending.client_id)
                # The seat's own moves (not a clock's or a takeover bot's, marked with "by").
                mine = [e for e in acts.values() if e.seat == player.seat and "by" not in e.data]
                unasked = [e for e in mine if e.client_id not in asked]
                assert not unasked, f"moves nobody asked for: {unasked}"
            starts = [e for e in events if e.kind == "start"]
            table.stored_game = starts[-1].game_number if starts else 0
            versions = [
                e.data["version"]
                for e in events
                if e.kind == "act" and e.game_number == table.stored_game
            ]
            table.stored_version = max(versions) if versions else None
            table.stored_status = row.status
            last_start = max((e.seq for e in starts), default=-1)
            again = {e.seat for e in events if e.kind == "rematch" and e.seq > last_start}
            humans: set[int | None] = {s for s, kind in enumerate(table.seats) if kind == "human"}
            table.stored_rematch = row.status == "finished" and bool(humans) and humans <= again
            rated += _check_results(store, row.id, len(row.seats), starts, row.status)
    finally:
        store.close()
    return rated


def _check_results(
    store: Store, table_id: str, players: int, starts: list[Event], status: str
) -> int:
    """Each finished game's results are stored once, a row per seat; every account's rating
    counted exactly its rated games and stands where its last one left it. Returns how many
    rated results the table has."""
    finished = len(starts) - (0 if status == "finished" else 1) if starts else 0
    rows = store.table_results(table_id)
    by_game = Counter(r["game_number"] for r in rows)
    assert dict(by_game) == dict.fromkeys(range(1, finished + 1), players), (table_id, by_game)
    for account in {r["account_id"] for r in rows if r["account_id"] is not None}:
        mine = [r for r in rows if r["account_id"] == account and r["rated"]]
        ratings = store.ratings_of(account)
        if not mine:
            assert ratings == []
            continue
        [rating] = ratings  # one table, one game, one player count class per account
        assert rating["games"] == len(mine), (account, rating, len(mine))
        assert (rating["mu"], rating["sigma"]) == (mine[-1]["mu_after"], mine[-1]["sigma_after"])
        for before, after in itertools.pairwise(mine):
            assert (after["mu_before"], after["sigma_before"]) == (
                before["mu_after"],
                before["sigma_after"],
            ), "each rated game starts where the last left the rating"
    return sum(bool(r["rated"]) for r in rows)


async def _check_resumed(base: str, tables: list[Table]) -> None:
    """After a restart: every table is in play (or finished) where its stored log left it, or
    further on (the bots may have moved since the start)."""
    listed = {t["invite"] for t in (await _http(base, "GET", "/api/tables"))["tables"]}
    for table in tables:
        info = (await _http(base, "GET", f"/api/tables/{table.invite}"))["table"]
        if table.stored_rematch and info["game_number"] == table.stored_game + 1:
            # every seat had asked for another game: the restart started it (hub.table)
            assert info["status"] == "playing", (table.invite, info)
            continue
        if table.stored_status == "finished":
            assert info["status"] == "finished", (table.invite, info)
        else:
            assert table.stored_status == "playing"
            assert info["status"] in ("playing", "finished"), (table.invite, info)
        assert info["game_number"] == table.stored_game, (table.invite, info)
        if table.stored_version is not None:
            assert info["version"] >= table.stored_version, (table.invite, info)
        if info["status"] == "playing":
            assert table.invite in listed
        for player in table.players:
            acked = [a for a in player.acks if a.sent.game == info["game_number"]]
            if acked:
                assert info["version"] >= max(a.version for a in acked)
            assert all(a.sent.game <= info["game_number"] for a in player.acks)


def _movers(record: dict[str, Any]) -> list[tuple[int, int, str]]:
    """(position, seat, action) of every seat's move in a record (chance left out)."""
    game = load(record["game"])
    state = game.new_initial_state()
    moves = []
    for position, text in enumerate(record["actions"]):
        seat = state.current_player()
        play(state, text)
        if seat >= 0:
            moves.append((position, seat, text))
    return moves


def _check_records(table: Table) -> int:
    """Each finished game's record holds exactly each seat's acknowledged moves, in order, at
    the versions they were acknowledged at. Returns the number of games checked."""
    games = {a.sent.game for p in table.players for a in p.acks}
    assert games <= set(table.records), (table.invite, sorted(games), sorted(table.records))
    assert sorted(table.records) == list(range(1, len(table.records) + 1))
    for number, record in table.records.items():
        check_record(GameRecord.from_json(record), load(record["game"]))
        assert record["outcome"] is not None
        moves = _movers(record)
        for player in table.players:
            mine = [(pos, action) for pos, seat, action in moves if seat == player.seat]
            acks = [a for a in player.acks if a.sent.game == number]
            assert [a for _, a in mine] == [a.sent.action for a in acks], (table.invite, number)
            for (position, _), ack in zip(mine, acks, strict=True):
                assert ack.sent.version <= position, (position, ack)
                if ack.committed:
                    assert ack.version <= position, (position, ack)
                else:
                    assert position < ack.version, (position, ack)
    return len(table.records)


# -- the random kills ---------------------------------------------------------------------------


async def _round(server: Crashable, tables: list[Table], delays: random.Random | None) -> None:
    """Reconnect every client and play: until the server is killed after a random delay (from
    ``delays``), or without ``delays`` to the end of every game. A client that fails for any
    other reason than the server's death fails the test."""
    players = [p for t in tables for p in t.players]
    for player in players:
        await _reconnect(player)
    tasks = [asyncio.ensure_future(_play(p, server.base, delays is None)) for p in players]
    if delays is None:
        await asyncio.wait_for(asyncio.gather(*tasks), 300)
    else:
        # The random delay runs from when every table is under way again (a restarted server
        # needs a moment before its bot worker takes the first decision).
        await asyncio.wait_for(_under_way(tables, tasks), WAIT)
        await asyncio.sleep(delays.uniform(*ROUND_SECONDS))
        if delays.random() < 0.5:
            # Half the kills strike just as a request has gone out (0-5 ms later), where the
            # server may be storing it, or have stored it and not yet replied.
            await asyncio.wait_for(_in_flight(players), WAIT)
            await asyncio.sleep(delays.uniform(0, 0.005))
        server.kill()
        # A reply that arrived before the kill is an acknowledgement even if its client has not
        # read it yet: let every client take what it got, until it notices the server is gone.
        results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), WAIT)
        for result in results:
            if isinstance(result, BaseException) and not _lost_connection(result):
                raise result
    for player in players:
        await player.client.close()
        assert player.client.closed is not None
        code, reason = await player.client.closed
        # Closed by the crash (1006) or by the client itself: never refused by the server.
        assert code in (None, 1000, 1006), (code, reason)


async def _under_way(tables: list[Table], tasks: list[asyncio.Task[None]]) -> None:
    """Return once every table has stored something new since its clients reconnected."""
    start = {t.invite: max(p.client.seq or 0 for p in t.players) for t in tables}
    while not all(max(p.client.seq or 0 for p in t.players) > start[t.invite] for t in tables):
        if any(task.done() for task in tasks):
            return  # a client failed: the round ends now, and says why
        await asyncio.sleep(0.01)


async def _in_flight(players: list[Player]) -> None:
    """Return as soon as some seat has a request out that is not answered yet."""
    while not any(p.pending is not None for p in players):
        await asyncio.sleep(0)


async def _wait_finished(base: str, invite: str) -> dict[str, Any]:
    """The first state of the table's game over (watched as a spectator)."""
    spectator = TableClient(base, invite, None, name="watch")
    await spectator.connect()
    try:
        return await spectator.wait_for(_over, 120)
    finally:
        await spectator.close()


async def _kill_run(server: Crashable, seed: int, kills: int) -> Counter[str]:
    rng = random.Random(seed)
    delays = random.Random(f"kills {seed}")
    await asyncio.to_thread(server.start)
    base = server.base
    tables = [await _open_table(base, g, n, seats, rng) for g, n, seats in HUMAN_TABLES]
    bot_tables: list[Table] = []
    counts: Counter[str] = Counter()

    for _ in range(kills):
        # A fresh bot table each round, so that most kills find one in the middle of a game.
        bot_tables.append(await _open_table(base, *BOT_TABLE, rng))
        await _round(server, tables, delays)  # ends with the kill
        _check_stored(server.db_url, tables + bot_tables)
        players = [p for t in tables for p in t.players]
        counts["unanswered at a kill"] += sum(p.pending is not None for p in players)
        counts["unanswered and stored"] += sum(p.stored is not None for p in players)
        counts["bot tables in play at a kill"] += sum(
            t.stored_status == "playing" for t in bot_tables
        )
        await asyncio.to_thread(server.start)
        await _check_resumed(base, tables + bot_tables)
    await _round(server, tables, None)
    for table in bot_tables:
        await _wait_finished(base, table.invite)
        table.records[1] = await _http(base, "GET", f"/api/tables/{table.invite}/record")
    server.stop()
    counts["rated results"] = _check_stored(server.db_url, tables + bot_tables)
    for table in tables + bot_tables:
        counts["games checked"] += _check_records(table)
    for table in tables:
        for player in table.players:
            counts["acknowledged moves"] += len(player.acks)
            counts.update(player.counts)
    counts["kills"] = server.kills
    return counts


@pytest.mark.parametrize("seed", [1, 2])
def test_sigkill_at_random_points_loses_no_acknowledged_move_and_applies_none_twice(
    db_url: str, tmp_path: Path, seed: int
) -> None:
    kills = 6 if db_url.startswith("sqlite") else 2
    server = Crashable(db_url, tmp_path / "server.log")
    try:
        counts = asyncio.run(_kill_run(server, seed, kills))
    finally:
        server.close()
    print(f"\n{db_url.split(':')[0]} seed {seed}: {dict(sorted(counts.items()))}")
    assert counts["kills"] == kills
    assert counts["acknowledged moves"] > 0
    assert counts["rated results"] > 0, "the accounts' finished games were rated"
    assert "Traceback" not in server.log.read_text(errors="replace")


# -- a restart resumes every table exactly --------------------------------------------------------


def _stable(frame: dict[str, Any]) -> str:
    """A state snapshot as sent, without presence (who is connected changes with a restart)."""
    copy = json.loads(json.dumps(frame))
    for seat in copy["table"]["seats"]:
        del seat["connected"]
    return json.dumps(copy, separators=(",", ":"))


async def _snapshots(base: str, table: Table) -> dict[int | None, str]:
    """A fresh snapshot of the table for a spectator and for each human seat."""
    found: dict[int | None, str] = {}
    for seat, token in [(None, None), *sorted(table.tokens.items())]:
        client = TableClient(base, table.invite, token, name="look")
        await client.connect()
        assert client.state is not None
        found[seat] = _stable(client.state)
        await client.close()
    return found


async def _move(player: Player, after: int = 0) -> dict[str, Any]:
    """Play a random legal move once the seat is awaited (in a frame with ``seq >= after``);
    the move must be accepted (and is noted as acknowledged)."""
    client = player.client
    state = await client.wait_for(lambda s: s["seq"] >= after and bool(s.get("legal")), WAIT)
    sent = Sent(
        state["table"]["game_number"],
        client.next_id(),
        state["table"]["version"],
        player.rng.choice(state["legal"])["action"],
    )
    reply = await client.act(sent.action, sent.version, sent.client_id)
    assert reply["ok"], reply
    _take(player, sent, reply)
    return {"action": sent.action, "version": sent.version, "reply": reply}


def _state(client: TableClient) -> dict[str, Any]:
    assert client.state is not None
    return client.state


async def _restart_run(server: Crashable) -> dict[str, Any]:
    rng = random.Random(5)
    await asyncio.to_thread(server.start)
    base = server.base
    notes: dict[str, Any] = {}

    # A: That's Pretty Clever, three humans, up to a simultaneous step (the passive picks) in
    # which the second passive seat commits early while the first has not chosen yet.
    a = await _open_table(base, "clever", 3, ["human"] * 3, rng)
    seats = {p.seat: p for p in a.players}
    clients = {seat: p.client for seat, p in seats.items()}
    for client in clients.values():
        await client.connect()
    while True:
        state = _state(clients[0])
        awaiting = state["table"]["awaiting"]
        if len(awaiting) >= 2:
            break
        await _move(seats[awaiting[0]], state["seq"])
        seq = clients[awaiting[0]].seq or 0
        await clients[0].wait_for(_seen(seq), WAIT)
    first, early = awaiting[0], awaiting[1]
    committed = await _move(seats[early], state["seq"])
    assert committed["reply"].get("committed") is True
    assert _state(clients[early])["choice"] == committed["action"]
    step = _state(clients[early])["table"]
    assert step["committed"] == [early] and step["awaiting"] == [first], step
    said = {"type": "chat", "text": "before the restart"}
    assert (await clients[first].request(said, "said-1"))["ok"]
    for client in clients.values():
        await client.close()

    # B: a human against a bot with a turn clock (an hour: it does not run out here): the human
    # finishes a move, and the table waits for the human again.
    b = await _open_table(base, "clever", 2, ["human", "bot:easy"], rng, {"turn_seconds": 3600})
    b_player = b.players[0]
    b_client = b_player.client
    await b_client.connect()
    await _move(b_player)
    seq = b_client.seq or 0
    await b_client.wait_for(lambda s: s["seq"] >= seq and bool(s.get("legal")), WAIT)
    await b_client.close()

    # D: a solo game with a five-second clock; C: bots only, started just before the stop.
    d = await _open_table(base, "clever", 1, ["human"], rng, {"turn_seconds": 5})
    c = await _open_table(base, *BOT_TABLE, rng)
    before = {t.invite: await _snapshots(base, t) for t in (a, b)}
    assert json.loads(before[a.invite][early])["choice"] == committed["action"]
    assert json.loads(before[a.invite][None])["table"]["committed"] == [early]
    b_deadline = json.loads(before[b.invite][None])["table"]["deadline"]
    assert b_deadline is not None
    d_version = (await _http(base, "GET", f"/api/tables/{d.invite}"))["table"]["version"]

    server.stop()  # SIGTERM
    _check_stored(server.db_url, [a, b, c, d])
    notes["bot table in play at the stop"] = c.stored_status == "playing"
    store = Store(server.db_url)
    try:
        d_row = store.table_by_invite(d.invite)
    finally:
        store.close()
    assert d_row is not None and d_row.deadline is not None
    if d.stored_version is not None:
        d_version = d.stored_version  # the clock had run out (and moved) before the stop
    # D's clock runs out while the server is down: the stored deadline holds after the start.
    await asyncio.sleep(max(0.0, d_row.deadline - time.time() + 0.2))
    await asyncio.to_thread(server.start)
    await _check_resumed(base, [a, b, c, d])
    for table in (a, b):
        assert await _snapshots(base, table) == before[table.invite], table.game

    watch = TableClient(base, d.invite, None, name="watch")
    await watch.connect()
    if _state(watch)["table"]["version"] == d_version:
        assert _state(watch)["table"]["deadline"] == d_row.deadline
    clocked = await watch.wait_for(lambda s: s["table"]["version"] > d_version, WAIT)
    assert clocked["table"]["deadline"] > d_row.deadline
    await watch.close()

    # The pending choice (and everything else) survives a kill as well.
    server.kill()
    await asyncio.to_thread(server.start)
    await _check_resumed(base, [a, b, c])
    for table in (a, b):
        assert await _snapshots(base, table) == before[table.invite], table.game

    # Play on. A: the chat line sent again (its reply lost, say) gets its reply and is not
    # posted twice; the first passive seat chooses, and both choices are applied in order.
    for client in clients.values():
        client.state = None
        await client.connect()
    assert (await clients[first].request(said, "said-1"))["ok"]
    assert await _snapshots(base, a) == before[a.invite]
    version = step["version"]
    chosen = await _move(seats[first])
    assert chosen["version"] == version
    assert chosen["reply"]["version"] >= version + 2
    log = _state(clients[first])["view"]["log"]
    assert log[version] == {"seat": first, "move": chosen["action"]}
    assert log[version + 1] == {"seat": early, "move": committed["action"]}
    seen = await clients[early].wait_for(_seen(clients[first].seq or 0), WAIT)
    assert seen["choice"] is None and seen["table"]["committed"] == []
    for client in clients.values():
        await client.close()

    # B: the bot goes on playing its seat.
    restart_version = json.loads(before[b.invite][None])["table"]["version"]
    b_client.state = None
    await b_client.connect()
    while not any(e["seat"] == 1 for e in _state(b_client)["view"]["log"][restart_version:]):
        assert not _over(_state(b_client))
        await _move(b_player, _state(b_client)["seq"])
        await b_client.wait_for(lambda s: bool(s.get("legal")) or _over(s), WAIT)
    assert _state(b_client)["table"]["deadline"] > b_deadline  # a new decision, a new clock
    await b_client.close()

    # C: the bots finish their game.
    await _wait_finished(base, c.invite)
    c.records[1] = await _http(base, "GET", f"/api/tables/{c.invite}/record")
    _check_records(c)

    server.stop()
    _check_stored(server.db_url, [a, b, c, d])
    store = Store(server.db_url)
    try:
        row = store.table_by_invite(d.invite)
        assert row is not None
        clock_moves = [
            e.client_id
            for e in store.events(row.id)
            if e.kind == "act" and e.data.get("reason") == "clock"
        ]
    finally:
        store.close()
    # The clock's move after the restart was made at the version the stop left.
    assert f"clock:1:{d_version}:0" in clock_moves, (d_version, clock_moves)
    notes["clock moves"] = len(clock_moves)
    return notes


def test_a_restart_resumes_every_table_exactly(db_url: str, tmp_path: Path) -> None:
    server = Crashable(db_url, tmp_path / "server.log")
    try:
        notes = asyncio.run(_restart_run(server))
    finally:
        server.close()
    print(f"\n{db_url.split(':')[0]}: {notes}")
    assert "Traceback" not in server.log.read_text(errors="replace")


# -- a move that could not be stored ------------------------------------------------------------


def test_a_move_that_could_not_be_stored_is_not_acknowledged_when_retried(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store fails once: the move is answered ``unavailable`` and the table is as before;
    the client's retry with the same id is then applied and stored, not acknowledged from
    memory (that would be an acknowledged move that exists nowhere)."""
    from starlette.testclient import TestClient

    from clickbox.server import create_app

    failures = [OSError("the disk is full")]
    original = Store.append_event

    def fail_once(self: Store, table_id: str, event: Event, **values: Any) -> None:
        if event.kind == "act" and failures:
            raise failures.pop()
        original(self, table_id, event, **values)

    monkeypatch.setattr(Store, "append_event", fail_once)
    with TestClient(create_app(db_url, bot_workers=0)) as client:
        body = {"game": "clickety-clack", "players": 2, "seats": ["human", "human"], "name": "A"}
        created = client.post("/api/tables", json=body).json()
        invite, tokens = created["invite"], {0: created["token"]}
        tokens[1] = client.post(f"/api/tables/{invite}/join", json={"name": "B"}).json()["token"]
        started = client.post(
            f"/api/tables/{invite}/start", headers={"Authorization": f"Bearer {tokens[0]}"}
        )
        assert started.status_code == 200, started.text
        mover = client.get(f"/api/tables/{invite}").json()["table"]["awaiting"][0]
        with client.websocket_connect(f"/ws/{invite}") as socket:
            socket.send_text(json.dumps({"type": "hello", "token": tokens[mover]}))

            def frame(kind: str) -> dict[str, Any]:
                while True:
                    found: dict[str, Any] = socket.receive_json()
                    if found["type"] == kind:
                        return found

            state = frame("state")
            action, version = state["legal"][0]["action"], state["table"]["version"]
            act = {"type": "act", "id": "m-1", "action": action, "version": version}
            socket.send_text(json.dumps(act))
            refused = frame("reply")
            assert refused["ok"] is False and refused["error"]["code"] == "unavailable"
            socket.send_text(json.dumps({"type": "resync"}))
            assert frame("state")["table"]["version"] == version, "the table is as before"
            socket.send_text(json.dumps(act))
            retried = frame("reply")
            assert retried["ok"] is True and retried["version"] > version, retried
            socket.send_text(json.dumps({"type": "resync"}))
            assert frame("state")["table"]["version"] == retried["version"]
    assert not failures
    store = Store(db_url)
    try:
        row = store.table_by_invite(invite)
        assert row is not None
        acts = [e for e in store.events(row.id) if e.kind == "act"]
    finally:
        store.close()
    assert [(e.client_id, e.data["version"]) for e in acts] == [("m-1", retried["version"])]
