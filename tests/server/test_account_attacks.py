"""The attacks of issue 35 on accounts and tables, each reproduced and now refused: a name's
owner locked out by someone else's wrong passwords (finding 3), names no account can have
reaching the database, look-alike names, a refused WebSocket handshake without the security
headers, a cross-site request that names itself as the host, and a table's log grown without
bound by a seat's chat and undo loop (finding 7)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
import websockets
from alembic import command
from alembic.config import Config
from starlette.testclient import TestClient

from clickbox.server import app as server_app
from clickbox.server.accounts import (
    FREE_FAILURES,
    QUEUE_DELAYS,
    RAMP_FAILURES,
    RETRY_SECONDS,
    SignInGuard,
)
from clickbox.server.client import http
from clickbox.server.limits import Limits
from clickbox.storage import Store, normalize_url
from clickbox.storage.store import MIGRATIONS

from .live import running_server
from .play import Seat, app_client, from_address, human_table, seat_socket
from .test_accounts import FAST_HASH, PASSWORD, as_, sign_up

WRONG = "not the password"
SHORT_DELAY = 0.05
"""The longest sign-in wait in these tests (the server's default is 3 s)."""


def _signin(client: TestClient, name: str, password: str) -> int:
    answer = client.post("/api/account/signin", json={"name": name, "password": password})
    client.cookies.clear()
    return answer.status_code


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    limits = Limits(signin_delay=SHORT_DELAY, signup_per_minute=0)
    with app_client(db_url, password_hasher=FAST_HASH, limits=limits) as client:
        yield client


# -- finding 3: nobody locks an owner out -------------------------------------------------------


def test_the_owner_signs_in_while_other_addresses_hammer_the_name(client: TestClient) -> None:
    home = from_address(client, "198.51.100.7")
    sign_up(home, "Emil")
    attackers = [from_address(client, f"203.0.113.{n}") for n in (1, 2, 3)]
    for attacker in attackers:
        codes = [_signin(attacker, "Emil", WRONG) for _ in range(8)]
        # Each guessing address is stopped after its burst at this name (5) ...
        assert codes == [401] * 5 + [429] * 3, codes
        # ... even with the right password: it cannot tell a right guess from a wrong one.
        assert _signin(attacker, "Emil", PASSWORD) == 429
    # The owner is not locked out: from a new address (after the name's wait) ...
    assert _signin(from_address(client, "192.0.2.50"), "Emil", PASSWORD) == 200
    # ... and from where they signed up or signed in before (no wait at all).
    assert _signin(home, "Emil", PASSWORD) == 200


def test_an_address_is_limited_across_names_too(client: TestClient) -> None:
    guesser = from_address(client, "203.0.113.9")
    codes = [_signin(guesser, f"Name {n}", WRONG) for n in range(12)]
    assert codes == [401] * 10 + [429] * 2, codes
    assert _signin(from_address(client, "203.0.113.10"), "Name 0", WRONG) == 401


def test_an_unknown_name_under_attack_answers_as_a_known_one(client: TestClient) -> None:
    sign_up(client, "Fiona")
    answers = {}
    for name in ("Fiona", "Nobody Here"):
        for n in (1, 2, 3):
            attacker = from_address(client, f"203.0.113.{n}")
            for _ in range(5):
                attacker.post("/api/account/signin", json={"name": name, "password": WRONG})
        fresh = from_address(client, "192.0.2.99")
        answer = fresh.post("/api/account/signin", json={"name": name, "password": WRONG})
        answers[name] = (answer.status_code, answer.json())
    assert answers["Fiona"] == answers["Nobody Here"]
    assert answers["Fiona"][0] == 401


def test_a_waiting_sign_in_holds_no_server_thread(db_url: str) -> None:
    """While a sign-in waits out its name's delay, the server answers everyone else."""
    limits = Limits(signin_delay=1.5)
    with app_client(db_url, password_hasher=FAST_HASH, limits=limits) as client:
        sign_up(client, "Gina")
        for n in range(1, 1 + (FREE_FAILURES + RAMP_FAILURES) // 5):  # the full delay
            attacker = from_address(client, f"203.0.113.{n}")
            for _ in range(5):
                assert _signin(attacker, "Gina", WRONG) == 401
        done: list[float] = []

        def owner() -> None:
            assert _signin(from_address(client, "192.0.2.1"), "Gina", PASSWORD) == 200
            done.append(time.monotonic())

        waiting = threading.Thread(target=owner)
        waiting.start()
        time.sleep(0.3)
        assert client.get("/healthz").status_code == 200
        answered = time.monotonic()
        waiting.join(30)
        assert done and answered < done[0], "the health check waited for the sign-in"


def test_the_sign_in_guard_waits_queues_and_forgets() -> None:
    guard = SignInGuard(most_seconds=2.0)
    now = 1000.0
    assert guard.wait("ann", "a1", now) == 0.0, "a quiet name: no wait"
    for n in range(FREE_FAILURES):
        guard.failed("ann", f"x{n}", now)
    assert guard.delay("ann", now) == 0.0, "a few failures cost nothing"
    for n in range(RAMP_FAILURES):
        guard.failed("ann", f"y{n}", now)
    assert guard.delay("ann", now) == 2.0, "then the delay grows to the most"
    # A first try from a new address waits the delay, behind nobody (the owner gets in).
    assert guard.wait("ann", "owner", now) == 2.0
    assert guard.wait("ann", "owner", now) == 2.0
    # Addresses that failed at the name retry one at a time, a delay apart ...
    waits = [guard.wait("ann", f"y{n}", now) for n in range(QUEUE_DELAYS)]
    assert waits == [2.0 * (n + 1) for n in range(QUEUE_DELAYS)]
    # ... and a retry whose turn is too far off is refused.
    assert guard.wait("ann", "y0", now) is None
    # An address that signed in waits for nothing; a name's failures are forgotten.
    guard.succeeded("ann", "home", now)
    assert guard.wait("ann", "home", now) == 0.0
    assert guard.delay("ann", now + 600) == 0.0
    assert guard.wait("ann", "y1", now + RETRY_SECONDS) == 0.0
    guard.prune(now + RETRY_SECONDS + 100)
    assert guard.wait("ann", "home", now + RETRY_SECONDS + 100) == 0.0, "trust is kept"


# -- finding 7a, 7b: names no account can have ------------------------------------------------


def test_a_name_no_account_can_have_is_not_found(client: TestClient) -> None:
    sign_up(client, "Hedda")
    for path in ("/api/players/a%00b", "/api/players/a%00b/games", "/api/players/" + "x" * 300):
        answer = client.get(path)
        assert answer.status_code == 404, (path, answer.text)
        assert answer.json()["error"]["code"] == "not_found"
    assert client.get("/api/players/hedda").status_code == 200


def test_a_name_too_long_to_store_is_refused_at_sign_up(client: TestClient) -> None:
    # Each "ΐ" folds into three characters: 24 of them make a key of 72, the column holds 64.
    answer = client.post("/api/account/signup", json={"name": "ΐ" * 24, "password": PASSWORD})
    assert answer.status_code == 400, answer.text
    assert "too long" in answer.json()["error"]["message"]
    assert _signin(client, "ΐ" * 24, PASSWORD) == 401


def test_a_sign_in_never_cuts_the_name_short(client: TestClient) -> None:
    # A name whose key is exactly 64 characters long ...
    sign_up(client, "ΐ" * 21 + "α")
    assert _signin(client, "ΐ" * 21 + "α", PASSWORD) == 200
    # ... is not the account of a longer name that begins with it.
    assert _signin(client, "ΐ" * 21 + "αβ", PASSWORD) == 401


# -- finding 7c: look-alike names ---------------------------------------------------------------


def test_a_name_that_looks_like_an_existing_one_is_refused(client: TestClient) -> None:
    sign_up(client, "Capa")
    sign_up(client, "Ivan")
    for look_alike in ("Сара", "CAPA", "lvan", "IVAN"):  # "Сара" is Cyrillic; "l" a small L
        answer = client.post("/api/account/signup", json={"name": look_alike, "password": PASSWORD})
        assert answer.status_code == 409, (look_alike, answer.text)
    too_like = client.post("/api/account/signup", json={"name": "Сара", "password": PASSWORD})
    assert "too like an existing name" in too_like.json()["error"]["message"]
    assert client.get("/api/players/Сара").status_code == 404
    sign_up(client, "Иван")  # Cyrillic, and like no Latin name: welcome


def test_a_name_that_mixes_scripts_is_refused(client: TestClient) -> None:
    for name in ("Аnna", "Ivan Иван", "Oλα"):  # a Cyrillic "А"; two scripts; a Greek "λ"
        answer = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 400, (name, answer.text)
        assert "one script" in answer.json()["error"]["message"]
    for name in ("山田たろう", "Ελένη", "Zoë O'Brien-Smith"):
        sign_up(client, name)


def test_the_migration_gives_old_accounts_their_skeletons(db_url: str) -> None:
    """Accounts made before the check: the oldest of two look-alikes gets the skeleton, the
    other none; both still sign in."""
    engine = sa.create_engine(normalize_url(db_url))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0004")
        digest = FAST_HASH.hash(PASSWORD)
        for n, (name, key) in enumerate([("Capa", "capa"), ("Сара", "сара"), ("Bo", "bo")]):
            conn.execute(
                sa.text(
                    "INSERT INTO accounts (id, name, name_key, password_hash, created_at) "
                    "VALUES (:id, :name, :key, :digest, :at)"
                ),
                {"id": f"a{n}", "name": name, "key": key, "digest": digest, "at": 100.0 + n},
            )
    engine.dispose()
    Store(db_url).close()  # migrates to the newest revision
    engine = sa.create_engine(normalize_url(db_url))
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT name, name_skeleton FROM accounts ORDER BY id"))
        assert [tuple(row) for row in rows] == [("Capa", "capa"), ("Сара", None), ("Bo", "bo")]
    engine.dispose()
    with app_client(db_url, password_hasher=FAST_HASH) as client:
        assert _signin(client, "Capa", PASSWORD) == _signin(client, "Сара", PASSWORD) == 200
        refused = client.post("/api/account/signup", json={"name": "CAPA", "password": PASSWORD})
        assert refused.status_code == 409


# -- finding 7d: a refused handshake carries the security headers --------------------------------


def test_the_real_server_sends_security_headers_on_refused_handshakes(tmp_path: Path) -> None:
    async def handshake(url: str, origin: str | None) -> tuple[int, dict[str, str], bytes]:
        headers = {"Origin": origin} if origin else None
        try:
            async with websockets.connect(url, additional_headers=headers) as ws:
                assert ws.response is not None
                return ws.response.status_code, dict(ws.response.headers), b""
        except websockets.InvalidStatus as exc:
            response = exc.response
            return response.status_code, dict(response.headers), bytes(response.body or b"")

    db = f"sqlite:///{tmp_path}/clickbox.db"
    with running_server(db, tmp_path / "server.log") as live:
        created = http(live.base, "POST", "/api/tables", {"game": "clickety-clack"})
        ws_base = live.base.replace("http", "ws", 1)

        async def checks() -> list[tuple[int, dict[str, str], bytes]]:
            return [
                await handshake(f"{ws_base}/ws/{created['invite']}", "http://evil.example"),
                await handshake(f"{ws_base}/no-such-socket", None),
                await handshake(f"{ws_base}/ws/{created['invite']}", live.base),
            ]

        refused, nowhere, accepted = asyncio.run(checks())
    assert refused[0] == nowhere[0] == 403
    assert accepted[0] == 101
    for status, headers, _body in (refused, nowhere, accepted):
        lower = {k.lower(): v for k, v in headers.items()}
        assert lower.get("content-security-policy") == server_app.CONTENT_SECURITY_POLICY, status
        assert lower.get("x-frame-options") == "DENY"
        assert lower.get("x-content-type-options") == "nosniff"
        assert lower.get("referrer-policy") == "no-referrer"
    assert json.loads(refused[2])["error"]["code"] == "forbidden"


# -- finding 7e: the CSRF check trusts the server's origins, not the request's Host --------------


def test_a_request_naming_itself_as_the_host_is_still_cross_site(client: TestClient) -> None:
    session = sign_up(client, "Ines")
    rebound = {**as_(session), "Host": "evil.example", "Origin": "http://evil.example"}
    answer = client.post("/api/account/lang", json={"lang": "de"}, headers=rebound)
    assert answer.status_code == 403, answer.text
    assert client.get("/api/account", headers=as_(session)).json()["account"]["lang"] is None
    own = {**as_(session), "Origin": "http://testserver"}
    assert client.post("/api/account/lang", json={"lang": "fr"}, headers=own).status_code == 200
    # Neither Origin nor Sec-Fetch-Site: no browser sent it (a script, a test): it passes.
    assert client.post("/api/account/lang", json={"lang": "de"}, headers=as_(session)).is_success


# -- finding 7f: a table's log is bounded by what players can cause ------------------------------


@pytest.fixture
def _no_message_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_app, "RATE", 10_000.0)
    monkeypatch.setattr(server_app, "BURST", 10_000.0)


def _send(seat: Seat, message: dict[str, Any]) -> dict[str, Any]:
    seat.socket.send_text(json.dumps(message))
    return seat.reply(str(message["id"]))


def _chat(seat: Seat, client_id: str) -> dict[str, Any]:
    return _send(seat, {"type": "chat", "id": client_id, "text": f"hello {client_id}"})


@pytest.mark.usefixtures("_no_message_rate")
def test_chat_is_bounded_per_seat_and_per_table(db_url: str) -> None:
    limits = Limits(chat_per_seat=3, chat_per_table=5)
    with app_client(db_url, limits=limits) as client:
        invite, tokens = human_table(client, "clickety-clack", 2)
        with (
            seat_socket(client, invite, tokens[0]) as s0,
            seat_socket(client, invite, tokens[1]) as s1,
        ):
            assert all(_chat(s0, f"a{n}")["ok"] for n in range(3))
            refused = _chat(s0, "a3")
            assert refused["ok"] is False and refused["error"]["code"] == "limit_reached"
            assert "3 chat lines" in refused["error"]["message"]
            assert all(_chat(s1, f"b{n}")["ok"] for n in range(2))
            refused = _chat(s1, "b2")
            assert refused["error"]["code"] == "limit_reached"
            assert "this table's chat" in refused["error"]["message"]
            # Moves go on.
            mover = [s0, s1][s0.state["table"]["awaiting"][0]]
            assert mover.act(mover.state["legal"][0]["action"])["ok"]
    # The counts are the log's: a restarted server refuses the same.
    with app_client(db_url, limits=limits) as client, seat_socket(client, invite, tokens[0]) as s0:
        assert _chat(s0, "after-restart")["error"]["code"] == "limit_reached"


def _undoable_move(seats: list[Seat]) -> tuple[Seat, str, int]:
    """Play until a seat's move may be taken back: that seat, the move and its version."""
    for _ in range(60):
        mover = seats[seats[0].state["table"]["awaiting"][0]]
        before = mover.at_version(seats[0].version())
        action = before["legal"][0]["action"]
        reply = mover.act(action)
        assert reply["ok"], reply
        for seat in seats:
            seat.at_version(reply["version"])
        if mover.state.get("undo"):
            return mover, action, before["table"]["version"]
    raise AssertionError("no move could be undone in 60 moves")


@pytest.mark.usefixtures("_no_message_rate")
def test_a_move_and_undo_loop_is_bounded(db_url: str) -> None:
    limits = Limits(undos_per_seat=3)
    with app_client(db_url, limits=limits) as client:
        invite, tokens = human_table(client, "clickety-clack", 2)
        with (
            seat_socket(client, invite, tokens[0]) as s0,
            seat_socket(client, invite, tokens[1]) as s1,
        ):
            mover, action, version = _undoable_move([s0, s1])
            for n in range(3):
                undone = _send(mover, {"type": "undo", "id": f"u{n}"})
                assert undone["ok"], undone
                mover.at_version(version)
                assert mover.act(action, version=version)["ok"]
                mover.state_where(lambda f: bool(f.get("undo")))
            refused = _send(mover, {"type": "undo", "id": "u3"})
            assert refused["ok"] is False and refused["error"]["code"] == "limit_reached"
            assert "no more undos" in refused["error"]["message"]


@pytest.mark.usefixtures("_no_message_rate")
def test_a_game_past_its_event_bound_still_finishes(db_url: str) -> None:
    """Past ``events_per_game`` chat is refused, but every move (a player's, a bot's) is
    taken: the game ends."""
    limits = Limits(events_per_game=4, chat_per_seat=0, chat_per_table=0)
    with app_client(db_url, limits=limits) as client:
        invite, tokens = human_table(
            client, "clickety-clack", 2, seats=["human", "bot:random"], start=True
        )
        with seat_socket(client, invite, tokens[0]) as me:
            said = [_chat(me, f"c{n}")["ok"] for n in range(5)]
            assert said[-1] is False, said
            for _ in range(500):
                state = me.state
                if state["table"]["status"] == "finished":
                    break
                if 0 in state["table"]["awaiting"] and state.get("legal"):
                    reply = me.act(state["legal"][0]["action"])
                    assert reply["ok"], reply
                    me.at_version(reply["version"])
                else:
                    me.until(lambda f: f["type"] == "state")
            assert me.state["table"]["status"] == "finished"
        assert _chat_refused_code(client, invite, tokens[0]) == "limit_reached"


def _chat_refused_code(client: TestClient, invite: str, token: str | None) -> str:
    with seat_socket(client, invite, token) as seat:
        reply = _chat(seat, "after-the-end")
        assert reply["ok"] is False
        return str(reply["error"]["code"])


def test_a_leave_and_return_loop_past_the_event_bound_is_not_taken_over(tmp_path: Path) -> None:
    """With a bot for absent players, each leave past the grace period and each return is an
    event: past ``events_per_game`` the seat is waited for instead, so the loop stops growing
    the log."""
    settings = {"grace_policy": "bot", "grace_seconds": 0.05, "takeover": "random"}
    db_url = f"sqlite:///{tmp_path}/clickbox.db"
    with app_client(db_url, limits=Limits(events_per_game=2)) as client:
        invite, tokens = human_table(client, "clickety-clack", 2, settings=settings)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        with seat_socket(client, invite, tokens[0]):
            for _ in range(4):
                with seat_socket(client, invite, tokens[1]):
                    pass
                time.sleep(0.3)  # past the grace period
            table_id = hub._ids[invite]
            kinds = [event.kind for event in hub.store.events(table_id)]
    assert kinds.count("takeover") == 1, kinds
