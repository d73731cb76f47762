"""In-process helpers for server tests: a Starlette TestClient, tables, seat sockets."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from clickbox.server import create_app


@contextmanager
def app_client(
    db_url: str, base_url: str = "http://testserver", **options: Any
) -> Iterator[TestClient]:
    """The app with its lifespan running (storage opened, tables rebuilt), served at
    ``base_url`` (its own origin: a state change with that ``Origin`` is its own page's)."""
    options.setdefault("bot_workers", 1)
    options.setdefault("server_origins", (base_url,))
    with TestClient(create_app(db_url, **options), base_url=base_url) as client:
        yield client


def from_address(client: TestClient, host: str, port: int = 50000) -> TestClient:
    """Another client of the same running app (``client``'s, lifespan entered) that connects
    from ``host``: what per-address limits count by. Use it while ``client`` is open."""
    other = TestClient(client.app, base_url=str(client.base_url), client=(host, port))
    other.portal = client.portal  # the running app's event loop, not a loop of its own
    return other


def human_table(
    client: TestClient,
    game: str,
    players: int,
    settings: dict[str, Any] | None = None,
    seats: list[str] | None = None,
    start: bool = True,
) -> tuple[str, list[str | None]]:
    """A table whose human seats are all claimed (names P0, P1, ...); started unless told."""
    seats = seats or ["human"] * players
    body = {"game": game, "players": players, "seats": seats, "name": "P0"}
    if settings:
        body["settings"] = settings
    created = client.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    invite = created.json()["invite"]
    tokens: list[str | None] = [None] * players
    tokens[created.json()["seat"]] = created.json()["token"]
    for seat, kind in enumerate(seats):
        if kind == "human" and tokens[seat] is None:
            joined = client.post(f"/api/tables/{invite}/join", json={"name": f"P{seat}"})
            assert joined.status_code == 200, joined.text
            tokens[joined.json()["seat"]] = joined.json()["token"]
    if start:
        started = client.post(
            f"/api/tables/{invite}/start", headers={"Authorization": f"Bearer {tokens[0]}"}
        )
        assert started.status_code == 200, started.text
    return invite, tokens


class Seat:
    """One WebSocket of a test: keeps the latest state and every frame's text."""

    def __init__(self, socket: Socket) -> None:
        self.socket = socket
        self.texts: list[str] = []
        self.state: dict[str, Any] = {}
        self._ids = 0

    def receive(self) -> dict[str, Any]:
        """The next frame."""
        text = self.socket.receive_text()
        self.texts.append(text)
        frame: dict[str, Any] = json.loads(text)
        if frame["type"] == "state":
            self.state = frame
        return frame

    def until(
        self, predicate: Callable[[dict[str, Any]], bool], limit: int = 500
    ) -> dict[str, Any]:
        """Read frames until one satisfies ``predicate``; return it."""
        for _ in range(limit):
            frame = self.receive()
            if predicate(frame):
                return frame
        raise AssertionError("the expected frame never came")

    def reply(self, client_id: str) -> dict[str, Any]:
        """Read until the reply to ``client_id``."""
        return self.until(lambda f: f["type"] == "reply" and f["re"] == client_id)

    def act(
        self, action: str, version: int | None = None, client_id: str | None = None
    ) -> dict[str, Any]:
        """Send a move and return its reply."""
        if client_id is None:
            self._ids += 1
            client_id = f"t{self._ids}"
        if version is None:
            version = self.state["table"]["version"]
        message = {"type": "act", "id": client_id, "version": version, "action": action}
        self.socket.send_text(json.dumps(message))
        return self.reply(client_id)

    def at_version(self, version: int) -> dict[str, Any]:
        """The latest state once it has reached ``version`` (frames may come before replies)."""
        if self.state and self.state["table"]["version"] >= version:
            return self.state
        return self.until(lambda f: f["type"] == "state" and f["table"]["version"] >= version)

    def state_where(self, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The latest state if ``predicate`` holds for it, else the next state for which it does."""
        if self.state and predicate(self.state):
            return self.state
        return self.until(lambda f: f["type"] == "state" and predicate(f))

    def version(self) -> int:
        """The version of the latest state seen."""
        return int(self.state["table"]["version"])


@contextmanager
def seat_socket(
    client: TestClient, invite: str, token: str | None, since: int | None = None
) -> Iterator[Seat]:
    """A connected socket (hello sent, welcome and snapshot read)."""
    with client.websocket_connect(f"/ws/{invite}") as socket:
        seat = Seat(socket)
        hello: dict[str, Any] = {"type": "hello", "token": token}
        if since is not None:
            hello["since"] = since
        socket.send_text(json.dumps(hello))
        seat.until(lambda f: f["type"] == "welcome")
        seat.until(lambda f: f["type"] == "state")
        yield seat
