"""Bad input never breaks the online server: every hostile message gets one error (or one reply
with ``ok: false``) with the right code, or the documented close code, and the table is unchanged.

The in-process helpers here (``Peer``, ``Server``) are shared with ``test_fuzz`` and
``test_lobby``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
import websockets
from starlette.testclient import TestClient, WebSocketDenialResponse, WebSocketTestSession

import clickbox.server.app as server_app
from clickbox.server.app import create_app
from clickbox.server.client import http
from clickbox.server.limits import Limits
from clickbox.storage import Event, Store

from .live import running_server

PROTOCOL = "clickbox-ws/1"
RECEIVE_SECONDS = 20.0
"""How long a test waits for a frame it expects: a safety net so that a missing frame fails
the test instead of hanging it (the in-process client has no timeout of its own)."""
ERROR_CODES = {
    "invalid",
    "illegal",
    "not_your_turn",
    "already_committed",
    "stale",
    "game_over",
    "not_started",
    "not_seated",
    "rate_limited",
    "too_large",
    "unavailable",
    "not_found",
    "conflict",
    "limit_reached",
}
HTTP_CODES = {
    "invalid": 400,
    "not_seated": 403,
    "not_found": 404,
    "method_not_allowed": 405,
    "conflict": 409,
    "too_large": 413,
    "rate_limited": 429,
}
NO_LIMITS = Limits(create_per_minute=0, tables_per_client=0, replay_per_minute=0)
"""For tests of something else: any number of tables and replays (the limits have their own)."""

Frame = dict[str, Any]


# -- in-process helpers ------------------------------------------------------------------------


class Closed(Exception):
    """The server closed the WebSocket."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"closed {code} {reason!r}")
        self.code = code
        self.reason = reason


async def _receive_within(ws: WebSocketTestSession, seconds: float) -> dict[str, Any]:
    # The test client's own receive() waits forever; a missing frame must fail, not hang.
    with anyio.fail_after(seconds):
        return dict(await ws._send_rx.receive())


def usable_id(message: object) -> str | None:
    """The request id of a message as the protocol defines it (1-64 printable characters)."""
    if not isinstance(message, dict):
        return None
    value = message.get("id")
    if isinstance(value, str) and 0 < len(value) <= 64 and value.isprintable():
        return value
    return None


class Peer:
    """One in-process WebSocket: send anything, read frames with a timeout, resync, ping."""

    def __init__(self, ws: WebSocketTestSession, name: str = "t") -> None:
        self.ws = ws
        self.name = name
        self._ids = itertools.count(1)
        self.welcome: Frame | None = None

    def next_id(self) -> str:
        """A fresh request id."""
        return f"{self.name}-{next(self._ids)}"

    def send(self, message: object) -> None:
        """Send any JSON value as a text message."""
        self.ws.send_text(json.dumps(message))

    def send_text(self, text: str) -> None:
        """Send a text message as is."""
        self.ws.send_text(text)

    def send_bytes(self, data: bytes) -> None:
        """Send a binary message."""
        self.ws.send_bytes(data)

    def frame(self, seconds: float = RECEIVE_SECONDS) -> Frame:
        """The next frame; Closed if the server closed the socket."""
        message = self.ws.portal.call(_receive_within, self.ws, seconds)
        if message["type"] == "websocket.close":
            raise Closed(int(message.get("code", 1000)), str(message.get("reason") or ""))
        assert message["type"] == "websocket.send", message
        assert "text" in message and message["text"] is not None, "frames are text"
        frame: Frame = json.loads(message["text"])
        assert isinstance(frame, dict) and "type" in frame
        return frame

    def frames_until(self, done: Callable[[Frame], bool]) -> list[Frame]:
        """Frames up to and including the first for which ``done`` holds."""
        frames = []
        while True:
            frame = self.frame()
            frames.append(frame)
            if done(frame):
                return frames

    def sync(self) -> list[Frame]:
        """Every frame before the answer to a fresh ping (so every earlier message is answered)."""
        marker = f"sync-{self.next_id()}"
        self.send({"type": "ping", "id": marker})
        frames = self.frames_until(lambda f: f.get("re") == marker)
        assert frames[-1]["type"] == "pong", frames[-1]
        return frames[:-1]

    def answers(self, client_id: str | None = None) -> list[Frame]:
        """After a message: the replies and error frames it got (synced), checked to be one.

        With ``client_id``, exactly one ``reply`` naming it and no error frame; without,
        exactly one ``error`` frame and no reply.
        """
        frames = self.sync()
        replies = [f for f in frames if f["type"] == "reply"]
        errors = [f for f in frames if f["type"] == "error"]
        if client_id is None:
            assert replies == [] and len(errors) == 1, frames
            assert errors[0]["error"]["code"] in ERROR_CODES
        else:
            assert errors == [] and [r["re"] for r in replies] == [client_id], frames
            if not replies[0]["ok"]:
                assert replies[0]["error"]["code"] in ERROR_CODES
        return frames

    def exchange(self, message: dict[str, Any]) -> tuple[Frame, list[Frame]]:
        """Send a message with a fresh id (unless it has one); its one reply (or pong), and
        every frame that came before that was synced."""
        message = {"id": self.next_id(), **message}
        self.send(message)
        client_id = usable_id(message)
        assert client_id is not None
        if message.get("type") == "ping":
            frames = self.frames_until(lambda f: f.get("re") == client_id)
            assert frames[-1]["type"] == "pong"
            return frames[-1], frames
        frames = self.answers(client_id)
        return next(f for f in frames if f["type"] == "reply"), frames

    def request(self, message: dict[str, Any]) -> Frame:
        """Send a message with a fresh id (unless it has one); its one reply (or pong)."""
        return self.exchange(message)[0]

    def refused(self, message: object, raw: bool = False) -> Frame:
        """Send something the server must refuse; its one error (frame or reply body)."""
        if raw:
            assert isinstance(message, (str, bytes))
            if isinstance(message, bytes):
                self.send_bytes(message)
            else:
                self.send_text(message)
        else:
            self.send(message)
        client_id = usable_id(message)
        frames = self.answers(client_id)
        answer = next(f for f in frames if f["type"] in ("reply", "error"))
        if answer["type"] == "reply":
            assert answer["ok"] is False, answer
        error: Frame = answer["error"]
        return error

    def snapshot(self) -> Frame:
        """A fresh state frame (resync)."""
        self.send({"type": "resync"})
        states = [f for f in self.sync() if f["type"] == "state" and "chat" in f]
        assert states, "a resync is answered with a state snapshot"
        return states[-1]

    def hello(self, token: str | None = None, **extra: Any) -> list[Frame]:
        """Bind the connection: hello, then the welcome (and chat) up to the state snapshot."""
        self.send({"type": "hello", "protocol": PROTOCOL, "token": token, **extra})
        frames = self.frames_until(lambda f: f["type"] == "state")
        assert frames[0]["type"] == "welcome", frames
        self.welcome = frames[0]
        return frames

    def act(self, action: object, version: object, **extra: Any) -> Frame:
        """An act request; its one reply."""
        return self.request({"type": "act", "action": action, "version": version, **extra})


def fingerprint(peer: Peer) -> dict[str, Any]:
    """What a seat or spectator sees of the table, less presence (who is connected)."""
    frame = peer.snapshot()
    table = frame["table"]
    return {
        "seq": frame["seq"],
        "version": table["version"],
        "status": table["status"],
        "game_number": table["game_number"],
        "awaiting": table["awaiting"],
        "committed": table["committed"],
        "seats": [(s["name"], s["taken"]) for s in table["seats"]],
        "view": frame["view"],
        "legal": frame.get("legal"),
        "choice": frame.get("choice"),
        "chat": frame["chat"],
    }


@dataclass
class Table:
    """A table made for a test: its invite code and the seat tokens the test holds."""

    invite: str
    tokens: dict[int, str] = field(default_factory=dict)


@dataclass
class Server:
    """The app in process (``TestClient``) and a second handle on its database."""

    client: TestClient
    db_url: str
    _store: Store | None = None

    @property
    def store(self) -> Store:
        """The database, opened by the test (to count stored events)."""
        if self._store is None:
            self._store = Store(self.db_url)
        return self._store

    def post(
        self, path: str, body: object = None, token: str | None = None, raw: bytes | None = None
    ) -> httpx2.Response:
        """A POST with a JSON body (or raw bytes) and an optional bearer token."""
        headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
        if raw is not None:
            return self.client.post(path, content=raw, headers=headers)
        if body is None:
            return self.client.post(path, headers=headers)
        return self.client.post(path, content=json.dumps(body).encode(), headers=headers)

    def create(
        self,
        game: str = "clickety-clack",
        seats: list[str] | None = None,
        start: bool = True,
        **extra: Any,
    ) -> Table:
        """A table (two human seats by default), every human seat taken, started if asked."""
        seats = seats if seats is not None else ["human", "human"]
        body = {"game": game, "players": len(seats), "seats": seats, "name": "Ann", **extra}
        response = self.post("/api/tables", body)
        assert response.status_code == 201, response.text
        created = response.json()
        table = Table(created["invite"])
        if "token" in created:
            table.tokens[created["seat"]] = created["token"]
        for seat, kind in enumerate(seats):
            if kind == "human" and seat not in table.tokens:
                joined = self.post(f"/api/tables/{table.invite}/join", {"name": f"P{seat}"})
                assert joined.status_code == 200, joined.text
                table.tokens[joined.json()["seat"]] = joined.json()["token"]
        if start and table.tokens:
            started = self.post(f"/api/tables/{table.invite}/start", token=table.tokens[0])
            assert started.status_code == 200, started.text
        return table

    @contextlib.contextmanager
    def connect(
        self, invite: str, token: str | None = None, hello: bool = True, name: str = "t", **kw: Any
    ) -> Iterator[Peer]:
        """A WebSocket to the table (after hello unless ``hello`` is false)."""
        with self.client.websocket_connect(f"/ws/{invite}", **kw) as ws:
            peer = Peer(ws, name)
            if hello:
                peer.hello(token)
            yield peer

    def events(self, invite: str) -> list[Event]:
        """The table's stored log."""
        row = self.store.table_by_invite(invite)
        assert row is not None
        return self.store.events(row.id)

    def close(self) -> None:
        """Close the test's own database handle."""
        if self._store is not None:
            self._store.close()


@contextlib.contextmanager
def serve(db_url: str, **kwargs: Any) -> Iterator[Server]:
    """The app in process, its lifespan running (on the test client's own address, without
    limits on creating tables or fetching replays unless ``limits`` says otherwise)."""
    kwargs.setdefault("limits", NO_LIMITS)
    kwargs.setdefault("server_origins", ("http://testserver",))
    kwargs.setdefault("bot_workers", 1)
    with TestClient(create_app(db_url, **kwargs)) as client:
        server = Server(client, db_url)
        try:
            yield server
        finally:
            server.close()


@contextlib.contextmanager
def unchanged(server: Server, table: Table, peer: Peer) -> Iterator[None]:
    """The block changes nothing at the table: not what ``peer`` sees, not the stored log."""
    before, log = fingerprint(peer), server.events(table.invite)
    yield
    assert fingerprint(peer) == before
    assert server.events(table.invite) == log


def legal_moves(peer: Peer) -> tuple[int, list[str]]:
    """The version the peer sees and its legal moves there (empty when it is not awaited)."""
    state = peer.snapshot()
    return state["table"]["version"], [m["action"] for m in state.get("legal") or []]


def play_to_end(peers: dict[int, Peer], rng: random.Random) -> Frame:
    """Play every seat with random legal moves until the game ends; the last state."""
    any_peer = next(iter(peers.values()))
    while True:
        state = any_peer.snapshot()
        if state["table"]["status"] == "finished":
            return state
        for seat in state["table"]["awaiting"]:
            version, moves = legal_moves(peers[seat])
            if moves:
                reply = peers[seat].act(rng.choice(moves), version)
                assert reply["ok"], reply


def mover_and_other(peers: dict[int, Peer]) -> tuple[int, int]:
    """The seat to move and another seat (a two-seat table outside a simultaneous step)."""
    awaiting = next(iter(peers.values())).snapshot()["table"]["awaiting"]
    assert len(awaiting) == 1
    mover = awaiting[0]
    return mover, next(s for s in peers if s != mover)


@pytest.fixture(autouse=True)
def no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lift the rate limit: the helpers send two messages per check (resync, ping). The tests
    of the limiter set their own numbers."""
    monkeypatch.setattr(server_app, "RATE", 1e9)
    monkeypatch.setattr(server_app, "BURST", 1e9)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A SQLite database of the test's own (for checks where the database does not matter)."""
    return f"sqlite:///{tmp_path}/clickbox.db"


@pytest.fixture
def server(sqlite_url: str) -> Iterator[Server]:
    """The app in process on SQLite."""
    with serve(sqlite_url) as running:
        yield running


@contextlib.contextmanager
def seated(server: Server, table: Table) -> Iterator[dict[int, Peer]]:
    """A connection for every seat the test holds."""
    with contextlib.ExitStack() as stack:
        yield {
            seat: stack.enter_context(server.connect(table.invite, token, name=f"s{seat}"))
            for seat, token in sorted(table.tokens.items())
        }


# -- acting for someone else, out of turn, after the end, as a spectator ------------------------


def test_the_seat_is_the_connections_never_the_messages(db_url: str) -> None:
    with serve(db_url) as server:
        table = server.create()
        with seated(server, table) as peers:
            mover, other = mover_and_other(peers)
            version, moves = legal_moves(peers[mover])
            # The other seat names the mover's seat and plays the mover's legal move: refused.
            with unchanged(server, table, peers[mover]):
                reply = peers[other].act(moves[0], version, seat=mover)
                assert reply["ok"] is False and reply["error"]["code"] == "not_your_turn"
                reply = peers[other].act(moves[0], version, seat=mover, player=mover, by=mover)
                assert reply["error"]["code"] == "not_your_turn"
            # The mover names another seat: the move is still the mover's own.
            before = len(server.events(table.invite))
            reply = peers[mover].act(moves[0], version, seat=other)
            assert reply["ok"] is True
            stored = server.events(table.invite)[before:]
            assert [(e.kind, e.seat) for e in stored] == [("act", mover)]
        # A hello cannot choose a seat either: the token decides.
        with server.connect(table.invite, hello=False) as peer:
            peer.hello(table.tokens[other], seat=mover)
            assert peer.welcome is not None and peer.welcome["seat"] == other


def test_acting_out_of_turn_is_refused_and_changes_nothing(server: Server) -> None:
    table = server.create()
    with seated(server, table) as peers:
        mover, other = mover_and_other(peers)
        version, moves = legal_moves(peers[mover])
        with unchanged(server, table, peers[mover]):
            for action in moves[:5]:
                reply = peers[other].act(action, version)
                assert reply["error"]["code"] == "not_your_turn"
            # Out of turn and stale, out of turn and unreadable: still refused, one reply each.
            assert peers[other].act(moves[0], version - 1)["ok"] is False
            assert peers[other].act("???", version)["error"]["code"] == "invalid"


def test_acting_before_the_start_is_refused(server: Server) -> None:
    table = server.create(start=False)
    with seated(server, table) as peers, unchanged(server, table, peers[0]):
        assert peers[0].act("r1", 0)["error"]["code"] == "not_started"
        assert peers[1].act(0, 0)["error"]["code"] == "not_started"


def test_acting_after_the_game_ended_is_refused(db_url: str) -> None:
    with serve(db_url) as server:
        table = server.create()
        with seated(server, table) as peers:
            final = play_to_end(peers, random.Random(3))
            version = final["table"]["version"]
            assert final.get("legal") == []
            with unchanged(server, table, peers[0]):
                for seat, peer in peers.items():
                    for action in ("r1", 0, "6+5>3", "x"):
                        reply = peer.act(action, version)
                        assert reply["error"]["code"] == "game_over", (seat, reply)


def test_a_spectator_cannot_act_and_chats_apart(server: Server) -> None:
    table = server.create()
    with seated(server, table) as peers, server.connect(table.invite, name="watch") as watcher:
        assert watcher.welcome is not None and watcher.welcome["seat"] is None
        mover, _ = mover_and_other(peers)
        version, moves = legal_moves(peers[mover])
        state = watcher.snapshot()
        assert state["seat"] is None and "legal" not in state and "choice" not in state
        with unchanged(server, table, peers[mover]):
            for message in (
                {"type": "act", "action": moves[0], "version": version},
                {"type": "act", "action": moves[0], "version": version, "seat": mover},
            ):
                assert watcher.request(message)["error"]["code"] == "not_seated"
            # A spectator's chat goes to the spectators' channel: not the players' nor the log.
            assert watcher.request({"type": "chat", "text": "hello"})["ok"]
            # A spectator hello with someone else's seat number is still a spectator.
            with server.connect(table.invite, hello=False) as other:
                other.hello(None, seat=mover)
                assert other.welcome is not None and other.welcome["seat"] is None
                assert other.act(moves[0], version)["error"]["code"] == "not_seated"


# -- malformed messages -----------------------------------------------------------------------

BAD_TEXTS = [
    "",
    "not json",
    "{",
    '{"type": "act",',
    "\x00",
    "[]",
    '["act", "r1"]',
    "1",
    "-5",
    "1e999",
    "NaN",
    '"hello"',
    "null",
    "true",
    "[" * 900 + "]" * 900,
    "[" * 4000 + "]" * 4000,
    '{"a": ' * 1100 + "1" + "}" * 1100,
    "1" * 4301,
    '{"type": "act", "id": "x", "version": ' + "9" * 5000 + "}",
    "\ud800",
    '{"type": "act", "action": "r1", "version": 5}',
    '{"type": "chat", "text": "no id"}',
    '{"type": "act", "id": "", "action": "r1", "version": 5}',
    '{"type": "act", "id": "' + "x" * 65 + '", "action": "r1", "version": 5}',
    '{"type": "act", "id": 7, "action": "r1", "version": 5}',
    '{"type": "act", "id": null, "action": "r1", "version": 5}',
    '{"type": "act", "id": ["x"], "action": "r1", "version": 5}',
    '{"type": "act", "id": {"id": "x"}, "action": "r1", "version": 5}',
    '{"type": "act", "id": true, "action": "r1", "version": 5}',
    '{"type": "act", "id": "bell\\u0007", "action": "r1", "version": 5}',
    '{"type": "act", "id": "line\\nbreak", "action": "r1", "version": 5}',
    '{"type": "act", "id": "\\ud800", "action": "r1", "version": 5}',
    '{"type": "bogus"}',
    '{"type": null}',
    "{}",
]


@pytest.mark.parametrize("text", BAD_TEXTS, ids=range(len(BAD_TEXTS)))
def test_a_malformed_message_gets_one_error_frame(server: Server, text: str) -> None:
    table = server.create()
    with seated(server, table) as peers, unchanged(server, table, peers[0]):
        error = peers[0].refused(text, raw=True)
        assert error["code"] == "invalid", error
        assert peers[0].request({"type": "ping"})["type"] == "pong"


def test_a_json_value_that_is_not_an_object_is_refused(server: Server) -> None:
    table = server.create()
    with seated(server, table) as peers, unchanged(server, table, peers[1]):
        values: list[object] = [[], [{"type": "act"}], 0, 3.5, -1, "act", None, True, {}]
        for value in values:
            assert peers[1].refused(value)["code"] == "invalid"


UNKNOWN_TYPES: list[object] = ["hello", "ACT", "Act", "", " act", "acts", "move", 5, None, ["act"]]
UNKNOWN_TYPES += [{"t": "act"}, True, "reply", "state", "error", "welcome", "pong"]


def test_an_unknown_type_gets_one_reply_or_error(server: Server) -> None:
    table = server.create()
    with seated(server, table) as peers, unchanged(server, table, peers[0]):
        for kind in UNKNOWN_TYPES:
            assert peers[0].request({"type": kind})["error"]["code"] == "invalid"
            assert peers[0].refused({"type": kind})["code"] == "invalid"
        # No type at all.
        assert peers[0].request({"action": "r1", "version": 1})["error"]["code"] == "invalid"


def test_act_and_chat_need_a_usable_id(server: Server) -> None:
    table = server.create()
    with seated(server, table) as peers:
        mover, _ = mover_and_other(peers)
        version, moves = legal_moves(peers[mover])
        peer = peers[mover]
        with unchanged(server, table, peer):
            for bad_id in (None, "", "x" * 65, 12, 1.5, ["a"], {"a": 1}, False, "a\tb", "\x7f"):
                message = {"type": "act", "action": moves[0], "version": version, "id": bad_id}
                assert peer.refused(message)["code"] == "invalid"
                assert (
                    peer.refused({"type": "chat", "text": "hi", "id": bad_id})["code"] == "invalid"
                )
        # 64 printable characters (any script) is a usable id.
        reply = peer.act(moves[0], version, id="é" * 64)
        assert reply["re"] == "é" * 64 and reply["ok"] is True


def test_a_request_id_seen_before_gets_its_first_reply_and_changes_nothing(server: Server) -> None:
    table = server.create()
    with seated(server, table) as peers:
        mover, other = mover_and_other(peers)
        version, moves = legal_moves(peers[mover])
        first = peers[mover].act(moves[0], version, id="m1")
        assert first["ok"] is True
        refused = peers[other].act("zzz", first["version"], id="o1")
        with unchanged(server, table, peers[mover]):
            assert peers[mover].act(moves[0], version, id="m1") == first
            assert peers[mover].act("anything", "at all", id="m1") == first
            assert peers[other].act("zzz", first["version"], id="o1") == refused
        said = peers[mover].request({"type": "chat", "id": "c1", "text": "gg"})
        assert said["ok"] is True
        with unchanged(server, table, peers[mover]):
            assert peers[mover].request({"type": "chat", "id": "c1", "text": "gg"}) == said
            assert peers[mover].request({"type": "chat", "id": "c1", "text": "other"}) == said
        # The same id from another seat is another request.
        assert peers[other].request({"type": "chat", "id": "c1", "text": "gg"})["ok"] is True
        chat = peers[mover].snapshot()["chat"]
        assert [(c["seat"], c["text"]) for c in chat] == [(mover, "gg"), (other, "gg")]


BAD_VERSIONS: list[object] = ["5", "", True, False, 5.0, 1e300, None, [5], {"v": 5}, -0.0]


def test_a_bad_version_is_refused(server: Server) -> None:
    table = server.create()
    with seated(server, table) as peers:
        mover, _ = mover_and_other(peers)
        version, moves = legal_moves(peers[mover])
        peer = peers[mover]
        with unchanged(server, table, peer):
            for bad in [*BAD_VERSIONS, str(version), float(version)]:
                assert peer.act(moves[0], bad)["error"]["code"] == "invalid", bad
            missing = peer.request({"type": "act", "action": moves[0]})
            assert missing["error"]["code"] == "invalid"
            for stale in (-1, 0, version - 1, version + 1, 2**63, 10**30, -(10**30), 10**4000):
                reply, frames = peer.exchange({"type": "act", "action": moves[0], "version": stale})
                assert reply["error"]["code"] == "stale", stale
                # A stale move is answered with the current state too.
                assert any(f["type"] == "state" for f in frames)


BAD_ACTIONS: list[object] = [None, True, False, 1.5, [], ["r1"], {"action": "r1"}, "", " "]
BAD_ACTIONS += ["zzz", "\x00", "r0", "r7", "r1r1", "6+5>", ">3", "x" * 5000, "\ud800", "Ω≈ç√"]
BAD_ACTIONS += [-1, -(10**30), 10**30, 2**63, 2**64, 10**4000, 99999]
BAD_ACTIONS += ["hide:3h", "L1:steal", "y>Y3", "deal:carla", "r1"]  # other games' notation; chance


def test_an_action_of_the_wrong_type_or_nonsense_notation_is_refused(db_url: str) -> None:
    with serve(db_url) as server:
        table = server.create()
        with seated(server, table) as peers:
            mover, _ = mover_and_other(peers)
            version, moves = legal_moves(peers[mover])
            with unchanged(server, table, peers[mover]):
                for action in BAD_ACTIONS:
                    reply = peers[mover].act(action, version)
                    assert reply["error"]["code"] in ("invalid", "illegal"), (action, reply)
            assert peers[mover].act(moves[0], version)["ok"] is True


def test_a_binary_frame_is_read_like_text_and_garbage_is_refused(server: Server) -> None:
    table = server.create()
    with seated(server, table) as peers:
        peer = peers[0]
        with unchanged(server, table, peer):
            for data in (b"\xff\xfe\x00", b"\x80", bytes(range(256)), b"", b"\xc3"):
                assert peer.refused(data, raw=True)["code"] == "invalid"
            # Valid UTF-8 in a binary frame is read as the same text would be: one answer.
            peer.send_bytes(json.dumps({"type": "ping", "id": "bin"}).encode())
            frames = peer.sync()
            assert [(f["type"], f.get("re")) for f in frames] == [("pong", "bin")]
            peer.send_bytes(json.dumps({"type": "act", "id": "b2", "action": None}).encode())
            assert peer.answers("b2")


# -- size, rate and flood limits --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        json.dumps({"type": "chat", "id": "big", "text": "x" * 9000}),
        json.dumps({"type": "act", "id": "big", "action": "y" * 8200, "version": 1}),
        "x" * (8 * 1024 + 1),
        # 3,000 three-byte characters: 9 KB of UTF-8 (the limit is in bytes).
        json.dumps({"type": "chat", "id": "big", "text": "€" * 3000}, ensure_ascii=False),
    ],
    ids=["chat", "act", "garbage", "utf8"],
)
def test_an_oversized_message_gets_an_error_then_close_1009(server: Server, text: str) -> None:
    table = server.create()
    with (
        seated(server, table) as peers,
        server.connect(table.invite, table.tokens[0]) as peer,
        unchanged(server, table, peers[1]),
    ):
        peer.send_text(text)
        error = peer.frames_until(lambda f: f["type"] not in ("table", "state"))[-1]
        assert error["type"] == "error" and error["error"]["code"] == "too_large", error
        with pytest.raises(Closed) as closed:
            peer.frame()
        assert closed.value.code == 1009


def test_a_message_just_under_the_limit_is_read(server: Server) -> None:
    table = server.create()
    with seated(server, table) as peers:
        text = json.dumps({"type": "ping", "id": "edge", "pad": ""})
        text = text.replace('"pad": ""', '"pad": "' + "p" * (8 * 1024 - len(text)) + '"')
        assert len(text.encode()) == 8 * 1024
        peers[0].send_text(text)
        assert [f["type"] for f in peers[0].sync() if f["type"] != "table"] == ["pong"]


def test_a_flood_gets_rate_limited_replies(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    table = server.create()
    with seated(server, table) as peers:
        mover, _ = mover_and_other(peers)
        version, moves = legal_moves(peers[mover])
        peer = peers[mover]
        with unchanged(server, table, peers[mover]):
            # From now on a bucket of 5 that practically never refills: the counts below do not
            # depend on how fast the test runs.
            monkeypatch.setattr(server_app, "RATE", 1e-9)
            monkeypatch.setattr(server_app, "BURST", 5.0)
            ids = [f"flood-{i}" for i in range(30)]
            for client_id in ids:
                peer.send({"type": "ping", "id": client_id})
            # A legal move sent in the flood is refused like the rest, with its one reply.
            peer.send({"type": "act", "id": "move", "action": moves[0], "version": version})
            frames = [peer.frame() for _ in range(31)]
            assert [f.get("re") for f in frames] == [*ids, "move"], "one answer per request"
            assert [f["type"] for f in frames[:5]] == ["pong"] * 5
            for frame in frames[5:]:
                assert frame["type"] == "reply" and frame["ok"] is False
                assert frame["error"]["code"] == "rate_limited"
            # Without an id the refusal is an error frame.
            peer.send_text("{}")
            assert peer.frame()["error"]["code"] == "rate_limited"
            monkeypatch.setattr(server_app, "RATE", 1e9)
            monkeypatch.setattr(server_app, "BURST", 1e9)


def test_200_refusals_in_a_row_close_the_connection(server: Server) -> None:
    table = server.create()
    with (
        seated(server, table) as peers,
        server.connect(table.invite, table.tokens[1]) as peer,
        unchanged(server, table, peers[0]),
    ):
        for _ in range(250):
            peer.send_text("garbage")
        errors = 0
        with pytest.raises(Closed) as closed:
            while True:
                frame = peer.frame()
                if frame["type"] == "table":
                    continue  # presence: the other seat's connection
                assert frame["type"] == "error", frame
                assert frame["error"]["code"] in ("invalid", "rate_limited")
                errors += 1
        assert closed.value.code == 1008
        assert errors == 200


def test_an_accepted_message_resets_the_refusal_count(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No rate limit here: every ping below must be accepted.
    monkeypatch.setattr(server_app, "RATE", 1e9)
    monkeypatch.setattr(server_app, "BURST", 1e9)
    table = server.create()
    with seated(server, table) as peers:
        peer = peers[0]
        for _ in range(3):
            for _ in range(199):
                peer.send_text("garbage")
            frames = [f for f in peer.sync() if f["type"] != "table"]
            assert [f["type"] for f in frames] == ["error"] * 199
        for _ in range(200):
            peer.send_text("garbage")
        peer.send({"type": "ping", "id": "too late"})
        with pytest.raises(Closed) as closed:
            peer.frames_until(lambda f: f["type"] == "pong")
        assert closed.value.code == 1008


# -- hello --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "token",
    ["nope", "", "x" * 1000, 12345, ["t"], {"token": "t"}, True, "other table", "\ud800", "é"],
    ids=[
        "word",
        "empty",
        "long",
        "number",
        "list",
        "object",
        "bool",
        "other-table",
        "lone-surrogate",
        "not-ascii",
    ],
)
def test_a_bad_token_in_hello_is_refused_with_1008(server: Server, token: object) -> None:
    table = server.create()
    if token == "other table":
        token = server.create().tokens[0]
    with server.connect(table.invite, hello=False) as peer:
        peer.send({"type": "hello", "protocol": PROTOCOL, "token": token})
        error = peer.frame()
        assert error["type"] == "error" and error["error"]["code"] == "not_seated"
        with pytest.raises(Closed) as closed:
            peer.frame()
        assert closed.value.code == 1008


def test_no_hello_within_the_time_limit_closes_1008(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_app, "HELLO_SECONDS", 0.2)
    table = server.create()
    with server.connect(table.invite, hello=False) as peer, pytest.raises(Closed) as closed:
        peer.frame()
    assert closed.value.code == 1008


FIRST_MESSAGES: list[object] = [
    {"type": "ping", "id": "p"},
    {"type": "act", "id": "a", "action": "r1", "version": 0},
    {"type": "resync"},
    {"type": "Hello", "protocol": PROTOCOL, "token": None},
    {"type": "hello", "protocol": "clickbox-ws/2", "token": None},
    {"type": "hello", "protocol": None, "token": None},
    {"token": None},
    [],
    "hello",
    b"\xff\x00",
    "x" * 9000,
]


@pytest.mark.parametrize("first", FIRST_MESSAGES, ids=range(len(FIRST_MESSAGES)))
def test_a_first_message_that_is_not_hello_is_refused_with_1008(
    server: Server, first: object
) -> None:
    table = server.create()
    with (
        seated(server, table) as peers,
        unchanged(server, table, peers[0]),
        server.connect(table.invite, hello=False) as peer,
    ):
        if isinstance(first, bytes):
            peer.send_bytes(first)
        elif isinstance(first, str):
            peer.send_text(first)
        else:
            peer.send(first)
        error = peer.frame()
        assert error["type"] == "error"
        assert error["error"]["code"] in ("invalid", "too_large")
        with pytest.raises(Closed) as closed:
            peer.frame()
        assert closed.value.code == 1008


def test_a_websocket_to_an_unknown_table_is_closed(server: Server) -> None:
    for invite in ("NOSUCHTB", "x" * 300, "%00", "ÄÖÜ"):
        with server.connect(invite, hello=False) as peer:
            error = peer.frame()
            assert error["type"] == "error" and error["error"]["code"] == "not_found"
            with pytest.raises(Closed) as closed:
                peer.frame()
            assert closed.value.code == 4404


# -- origins ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("origin", "host", "accepted"),
    [
        (None, None, True),
        ("http://testserver", None, True),
        ("http://friend.example", None, True),
        ("https://testserver", None, False),
        ("http://evil.example", None, False),
        ("http://testserver.evil.example", None, False),
        ("http://testserver:8080", None, False),
        ("null", None, False),
        ("", None, False),
        ("HTTP://EVIL.EXAMPLE", None, False),
        # DNS rebinding: a page of evil.example whose name now points here sends its own
        # name as Host; the check is against the server's address, not the request's.
        ("http://evil.example", "evil.example", False),
        ("http://evil.example:8000", "evil.example:8000", False),
        ("https://evil.example", "evil.example", False),
    ],
)
def test_a_foreign_origin_is_refused_at_the_handshake(
    sqlite_url: str, origin: str | None, host: str | None, accepted: bool
) -> None:
    with serve(sqlite_url, allowed_origins=("http://friend.example",)) as server:
        table = server.create(start=False)
        headers = {} if origin is None else {"origin": origin}
        if host is not None:
            headers["host"] = host
        if accepted:
            with server.connect(table.invite, headers=headers) as peer:
                assert peer.welcome is not None
        else:
            # Refused before the handshake: a 403 with the security headers (issue 35).
            with (
                pytest.raises(WebSocketDenialResponse) as refused,
                server.connect(table.invite, headers=headers),
            ):
                pass
            assert refused.value.status_code == 403
            assert refused.value.json()["error"]["code"] == "forbidden"
            assert refused.value.headers["x-frame-options"] == "DENY"


def test_the_real_server_refuses_foreign_origins_and_oversized_messages(tmp_path: Path) -> None:
    async def connect(url: str, origin: str | None) -> str:
        headers = {"Origin": origin} if origin else None
        try:
            async with websockets.connect(url, additional_headers=headers) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": None}))
                return str(json.loads(await ws.recv())["type"])
        except websockets.InvalidStatus as exc:
            return f"HTTP {exc.response.status_code}"

    async def oversized(url: str, size: int) -> tuple[list[str], int | None]:
        """Send a message of ``size`` characters after hello: the frames, the close code."""
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": None}))
            await ws.send(json.dumps({"type": "chat", "id": "big", "text": "z" * size}))
            codes = []
            with contextlib.suppress(websockets.ConnectionClosed):
                async for text in ws:
                    frame = json.loads(text)
                    if frame["type"] == "error":
                        codes.append(frame["error"]["code"])
            return codes, ws.close_code

    db = f"sqlite:///{tmp_path}/clickbox.db"
    extra = ("--allow-origin", "http://friend.example")
    with running_server(db, tmp_path / "server.log", extra=extra) as live:
        created = http(live.base, "POST", "/api/tables", {"game": "clickety-clack"})
        url = live.base.replace("http", "ws", 1) + f"/ws/{created['invite']}"
        own = live.base

        async def checks() -> list[object]:
            origins = [None, own, "http://friend.example", "http://evil.example"]
            results: list[object] = [await connect(url, origin) for origin in origins]
            results.append(await oversized(url, 10 * 1024))  # our limit: an error, then 1009
            results.append(await oversized(url, 20 * 1024))  # uvicorn's: 1009 at once
            return results

        assert asyncio.run(checks()) == [
            "welcome",
            "welcome",
            "welcome",
            "HTTP 403",
            (["too_large"], 1009),
            ([], 1009),
        ]


# -- HTTP -------------------------------------------------------------------------------------


def _check_error(response: httpx2.Response, status: int, code: str | None = None) -> None:
    assert response.status_code == status, (response.status_code, response.text)
    body = response.json()
    assert set(body) == {"error"} and isinstance(body["error"]["message"], str)
    assert body["error"]["code"] in HTTP_CODES
    assert HTTP_CODES[body["error"]["code"]] == status
    if code is not None:
        assert body["error"]["code"] == code


BAD_BODIES: list[bytes] = [
    b"not json",
    b"{",
    b"[]",
    b'["game"]',
    b"1",
    b'"clever"',
    b"null",
    b"\xff\xfe",
    b"NaN",
    b"[" * 5000 + b"]" * 5000,
    b'{"game": "clever", "players": ' + b"9" * 5000 + b"}",
]


@pytest.mark.parametrize("raw", BAD_BODIES, ids=range(len(BAD_BODIES)))
def test_a_bad_json_body_is_400(server: Server, raw: bytes) -> None:
    table = server.create(start=False)
    _check_error(server.post("/api/tables", raw=raw), 400, "invalid")
    _check_error(server.post(f"/api/tables/{table.invite}/join", raw=raw), 400, "invalid")


def test_an_oversized_body_is_413(server: Server) -> None:
    table = server.create(start=False)
    big = json.dumps({"game": "clever", "name": "x" * (64 * 1024)}).encode()
    _check_error(server.post("/api/tables", raw=big), 413, "too_large")
    _check_error(server.post(f"/api/tables/{table.invite}/join", raw=big), 413, "too_large")


BAD_CREATES: list[dict[str, Any]] = [
    {},
    {"game": None},
    {"game": 5},
    {"game": ""},
    {"game": "chess"},
    {"game": "clever" * 100},
    {"game": "clever", "players": 0},
    {"game": "clever", "players": 5},
    {"game": "clever", "players": -1},
    {"game": "clever", "players": 10**30},
    {"game": "clever", "players": "2"},
    {"game": "clever", "players": True},
    {"game": "clever", "players": 2.0},
    {"game": "clickety-clack", "players": 1},
    {"game": "clever", "preset": "nope"},
    {"game": "clever", "preset": 5},
    {"game": "clever", "options": {"nope": 1}},
    {"game": "clever", "options": [1]},
    {"game": "clever", "options": {"x": [1]}},
    {"game": "clever", "options": "x=1"},
    {"game": "clever", "players": 2, "seats": ["human"]},
    {"game": "clever", "players": 2, "seats": ["human", "human", "human"]},
    {"game": "clever", "players": 2, "seats": ["human", "robot"]},
    {"game": "clever", "players": 2, "seats": ["human", "bot:nope"]},
    {"game": "clever", "players": 2, "seats": ["human", "bot:"]},
    {"game": "clever", "players": 2, "seats": ["human", "bot:ismcts:iterations=0"]},
    {"game": "clever", "players": 2, "seats": ["human", "bot:greedy:x=1"]},
    {"game": "clever", "players": 2, "seats": ["human", 5]},
    {"game": "clever", "players": 2, "seats": ["human", None]},
    {"game": "clever", "players": 2, "seats": ["human", ["bot:easy"]]},
    {"game": "clever", "players": 2, "seats": "human,bot:easy"},
    {"game": "clever", "players": 2, "seats": ["human", "bot:" + "x" * 300]},
    # Real bots, but not the server's levels: their thinking is not bounded by a level.
    {"game": "clever", "players": 2, "seats": ["human", "bot:ismcts:seconds=1000"]},
    {"game": "clever", "players": 2, "seats": ["human", "bot:greedy"]},
    {"game": "clever", "players": 2, "seats": ["human", "bot:hard:x=1"]},
    {"game": "clever", "players": 2, "seats": ["bot:clever-search:depth=9", "bot:easy"]},
    {"game": "clever", "settings": []},
    {"game": "clever", "settings": "public"},
    {"game": "clever", "settings": {"nope": 1}},
    {"game": "clever", "settings": {"public": "yes"}},
    {"game": "clever", "settings": {"public": 1}},
    {"game": "clever", "settings": {"grace_policy": "kick"}},
    {"game": "clever", "settings": {"grace_policy": 1}},
    {"game": "clever", "settings": {"grace_seconds": -1}},
    {"game": "clever", "settings": {"grace_seconds": "60"}},
    {"game": "clever", "settings": {"grace_seconds": True}},
    {"game": "clever", "settings": {"grace_seconds": 10**30}},
    {"game": "clever", "settings": {"turn_seconds": 0.5}},
    {"game": "clever", "settings": {"turn_seconds": 86401}},
    {"game": "clever", "settings": {"takeover": 5}},
    {"game": "clever", "settings": {"takeover": "nope"}},
    {"game": "clever", "settings": {"takeover": ""}},
    {"game": "clever", "settings": {"takeover": "ismcts:seconds=1000"}},
    {"game": "clever", "name": ""},
    {"game": "clever", "name": "   "},
    {"game": "clever", "name": "\x00\x01"},
    {"game": "clever", "name": 5},
    {"game": "clever", "name": None},
    {"game": "clever", "name": "x" * 33},
    {"game": "clever", "join": "yes"},
    {"game": "clever", "join": 1},
]


@pytest.mark.parametrize("body", BAD_CREATES, ids=range(len(BAD_CREATES)))
def test_a_bad_create_is_400(server: Server, body: dict[str, Any]) -> None:
    _check_error(server.post("/api/tables", body), 400, "invalid")
    assert server.client.get("/api/tables").json() == {"tables": []}


def test_non_finite_settings_are_400(server: Server) -> None:
    for value in (b"NaN", b"Infinity", b"-Infinity", b"1e999"):
        raw = b'{"game": "clever", "settings": {"grace_seconds": ' + value + b"}}"
        _check_error(server.post("/api/tables", raw=raw), 400, "invalid")


def test_bad_joins_are_4xx(server: Server) -> None:
    table = server.create(
        seats=["human", "human", "bot:easy"], game="click-click-boom", start=False
    )
    open_table = server.create(seats=["human", "human"], start=False)
    leave = server.post(f"/api/tables/{open_table.invite}/leave", token=open_table.tokens[1])
    assert leave.status_code == 200
    path = f"/api/tables/{open_table.invite}/join"
    for body in (
        {},
        {"name": ""},
        {"name": None},
        {"name": 7},
        {"name": "x" * 33},
        {"name": "\u200b\x00"},
        {"name": "Bo", "seat": -1},
        {"name": "Bo", "seat": 2},
        {"name": "Bo", "seat": "1"},
        {"name": "Bo", "seat": True},
        {"name": "Bo", "seat": 1.0},
        {"name": "Bo", "seat": 10**30},
    ):
        _check_error(server.post(path, body), 400, "invalid")
    _check_error(server.post(path, {"name": "Bo", "seat": 0}), 409, "conflict")  # taken
    # A full table, a bot seat, an unknown table.
    full = f"/api/tables/{table.invite}/join"
    _check_error(server.post(full, {"name": "Cy"}), 409, "conflict")
    _check_error(server.post(full, {"name": "Cy", "seat": 2}), 409, "conflict")
    _check_error(server.post("/api/tables/NOSUCHTB/join", {"name": "Cy"}), 404, "not_found")
    # The free seat is still free after all that.
    assert server.post(path, {"name": "Bo"}).json()["seat"] == 1


def test_leave_and_start_need_a_seat_token(server: Server) -> None:
    table = server.create(start=False)
    other = server.create(start=False)
    for what in ("leave", "start", "again"):
        path = f"/api/tables/{table.invite}/{what}"
        _check_error(server.post(path), 403, "not_seated")
        for token in ("wrong", "", "x" * 500, other.tokens[0], table.tokens[0] + "x"):
            _check_error(server.post(path, token=token), 403, "not_seated")
        for header in ("Basic abc", table.tokens[0], "Bearer", "bearer  "):
            response = server.client.post(path, headers={"Authorization": header})
            _check_error(response, 403, "not_seated")
    # Nothing changed: both seats are still held, the table still open.
    info = server.client.get(f"/api/tables/{table.invite}").json()["table"]
    assert info["status"] == "open" and all(s["taken"] for s in info["seats"])


def test_unknown_tables_and_actions_are_404(server: Server) -> None:
    table = server.create(start=False)
    for invite in ("NOSUCHTB", "x" * 300, "nosuchtb", "ÄÖÜ", "a-b"):
        _check_error(server.client.get(f"/api/tables/{invite}"), 404, "not_found")
        _check_error(server.client.get(f"/api/tables/{invite}/record"), 404, "not_found")
        for what in ("join", "leave", "start", "again"):
            _check_error(server.post(f"/api/tables/{invite}/{what}", {"name": "A"}), 404)
    _check_error(server.post(f"/api/tables/{table.invite}/explode"), 404, "not_found")
    _check_error(server.client.get(f"/api/tables/{table.invite}/record"), 409, "conflict")
    # Routing-level answers have the same JSON body as every other error.
    _check_error(server.client.get("/api/nothing"), 404, "not_found")
    _check_error(server.client.get("/static/nothing.js"), 404, "not_found")
    _check_error(server.client.get(f"/api/tables/{table.invite}/join/x"), 404, "not_found")
    response = server.client.delete("/api/tables")
    _check_error(response, 405, "method_not_allowed")
    assert {"GET", "POST"} <= set(response.headers["allow"].replace(" ", "").split(","))
    _check_error(server.client.get(f"/api/tables/{table.invite}/join"), 405)
    _check_error(server.client.put("/api/games"), 405, "method_not_allowed")


def test_a_bot_that_cannot_play_the_game_does_not_stop_the_table(sqlite_url: str) -> None:
    # A seat given a bot for another game (a spec the operator allowed) must not leave the
    # table waiting forever for a move that never comes.
    limits = replace(NO_LIMITS, bots=("clever-search",))
    with serve(sqlite_url, limits=limits) as server:
        seats = ["bot:clever-search", "bot:random"]
        response = server.post(
            "/api/tables", {"game": "clickety-clack", "seats": seats, "join": False}
        )
        assert response.status_code == 201, response.text
        invite = response.json()["invite"]
        with server.connect(invite, name="watch") as watcher:
            watcher.frames_until(
                lambda f: f["type"] == "state" and f["table"]["status"] == "finished"
            )
