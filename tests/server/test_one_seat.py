"""One account, one seat of a table; a seat claimed during a game is not rated for it (issue 35,
findings 1 and 5): each attack as the attacker made it, through the app (Starlette's
TestClient: the real app, its storage and its WebSockets, in process)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from starlette.testclient import TestClient

from clickbox.storage import AccountSeated, Event, Finish, SeatResult, Store

from ..storage.test_accounts_store import _config
from ..storage.test_store import _row
from .play import Seat, app_client, seat_socket
from .test_accounts import FAST_HASH, PASSWORD, as_, play_out, sign_up, table_of


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with app_client(db_url, password_hasher=FAST_HASH) as client:
        yield client


def _seats(client: TestClient, invite: str) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = client.get(f"/api/tables/{invite}").json()["table"]["seats"]
    return seats


def _open_table(client: TestClient, session: str | None, players: int) -> tuple[str, str]:
    body = {"game": "clickety-clack", "players": players, "seats": ["human"] * players}
    created = client.post("/api/tables", json={**body, "name": "Host"}, headers=as_(session))
    assert created.status_code == 201, created.text
    return created.json()["invite"], created.json()["token"]


def test_an_account_joins_a_table_once(client: TestClient) -> None:
    ann = sign_up(client, "Ann")
    invite, _ = _open_table(client, ann, 3)
    for body in ({"name": "x"}, {"name": "x", "seat": 2}):
        again = client.post(f"/api/tables/{invite}/join", json=body, headers=as_(ann))
        assert again.status_code == 409, again.text
        assert "already holds seat 1" in again.json()["error"]["message"]
    bo = sign_up(client, "Bo")
    assert client.post(f"/api/tables/{invite}/join", json={}, headers=as_(bo)).status_code == 200
    refused = client.post(f"/api/tables/{invite}/join", json={}, headers=as_(bo))
    assert refused.status_code == 409 and "seat 2" in refused.json()["error"]["message"]
    seats = _seats(client, invite)
    assert [s["name"] for s in seats] == ["Ann", "Bo", None]
    assert [s["signed_in"] for s in seats] == [True, True, False]


def test_an_account_claims_one_guest_seat_of_a_table(client: TestClient) -> None:
    invite, _ = _open_table(client, None, 3)
    tokens = []
    for name in ("Guest 1", "Guest 2"):
        joined = client.post(f"/api/tables/{invite}/join", json={"name": name})
        tokens.append(joined.json()["token"])
    claim = [{"invite": invite, "token": token} for token in tokens]
    answer = client.post(
        "/api/account/signup", json={"name": "Cleo", "password": PASSWORD, "claim": claim}
    )
    client.cookies.clear()
    assert answer.status_code == 201 and answer.json()["claimed"] == 1
    assert [s["signed_in"] for s in _seats(client, invite)] == [False, True, False]
    # Signed in, with the seat it joined: a guest seat of the same table is not claimed either.
    dora = sign_up(client, "Dora")
    other, _ = _open_table(client, dora, 3)
    guest = client.post(f"/api/tables/{other}/join", json={"name": "Guest"}).json()["token"]
    claimed = client.post(
        "/api/account/claim",
        json={"claim": [{"invite": other, "token": guest}]},
        headers=as_(dora),
    )
    assert claimed.status_code == 200 and claimed.json()["claimed"] == 0
    assert [s["signed_in"] for s in _seats(client, other)] == [True, False, False]


def test_the_database_holds_one_seat_per_account_and_the_last_move_always_lands(
    db_url: str,
) -> None:
    store = Store(db_url)
    try:
        ann = store.create_account("a1", "Ann", "ann", "hash", None)
        store.create_table(_row())
        store.claim_seat("t1", 0, "Ann", "h0", ann.id)
        with pytest.raises(AccountSeated):
            store.claim_guest_seat(ann.id, "t1", 0, "h0")
        with store.engine.begin() as conn:
            conn.execute(sa.text("UPDATE seats SET kind = 'human' WHERE table_id = 't1'"))
        with pytest.raises(AccountSeated) as held:
            store.claim_seat("t1", 1, "Ann again", "h1", ann.id)
        assert held.value.seat == 0
        with pytest.raises(sa.exc.IntegrityError), store.engine.begin() as conn:
            conn.execute(sa.text("UPDATE seats SET account_id = 'a1' WHERE seat = 1"))
        # A game whose seats name one account twice (stored before the index) still ends,
        # unrated for that account, instead of failing on the ratings forever.
        seats = (
            SeatResult(0, "human", "Ann", ann.id, 30.0, 1, True, True),
            SeatResult(1, "human", "Ann", ann.id, 20.0, 2, False, True),
        )
        finish = Finish(1, "clever", "2", seats, (25.0, 8.0), lambda r, _: list(r))
        store.append_event("t1", Event(1, 1, "act", 0, "c1", {}), finish=finish)
        assert store.ratings_of(ann.id) == []
        assert [r["rated"] for r in store.table_results("t1")] == [False, False]
    finally:
        store.close()


def test_a_database_with_an_account_in_two_seats_keeps_it_in_the_first(db_url: str) -> None:
    store = Store(db_url)
    with store.engine.begin() as conn:
        command.downgrade(_config(db_url, conn), "0003")
    with store.engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO accounts (id, name, name_key, password_hash, created_at) "
                "VALUES ('a1', 'Ann', 'ann', 'x', 1)"
            )
        )
        conn.execute(
            sa.text(
                "INSERT INTO tables (id, invite, game, settings, public, status, game_number, "
                "created_at, updated_at) VALUES ('old', 'OLDTABLE', 'clever', '{}', true, "
                "'playing', 1, 1, 1)"
            )
        )
        for seat in (0, 1, 2):
            conn.execute(
                sa.text(
                    "INSERT INTO seats (table_id, seat, kind, name, token_hash, account_id) "
                    "VALUES ('old', :seat, 'human', 'Ann', :token, :account)"
                ),
                {"seat": seat, "token": f"h{seat}", "account": "a1" if seat else None},
            )
    store.close()
    migrated = Store(db_url)
    try:
        assert [s.account_id for s in migrated.seats("old")] == [None, "a1", None]
    finally:
        migrated.close()


def _moves(seats: dict[int, Seat], count: int, rng: random.Random) -> None:
    """Play ``count`` random legal moves from the connected seats."""
    for _ in range(count):
        state = next(iter(seats.values())).state
        mover = seats[state["table"]["awaiting"][0]]
        reply = mover.act(rng.choice(mover.state["legal"])["action"])
        assert reply["ok"], reply
        for seat in seats.values():
            seat.at_version(reply["version"])


def test_a_seat_claimed_during_a_game_is_rated_from_the_next_game_on(client: TestClient) -> None:
    ann = sign_up(client, "Ann")
    invite, tokens = table_of(client, [ann, None], "clickety-clack")
    with ExitStack() as stack:
        seats = {
            seat: stack.enter_context(seat_socket(client, invite, token))
            for seat, token in enumerate(tokens)
        }
        _moves(seats, 6, random.Random(5))
        # The guest sees the game going well and only then signs up, claiming the seat.
        claim = [{"invite": invite, "token": tokens[1]}]
        answer = client.post(
            "/api/account/signup", json={"name": "Bo", "password": PASSWORD, "claim": claim}
        )
        client.cookies.clear()
        assert answer.json()["claimed"] == 1
        play_out(seats)
        for name in ("Ann", "Bo"):
            profile = client.get(f"/api/players/{name}").json()
            assert profile["ratings"] == [], name
            [game] = profile["games"]
            assert game["me"]["rated"] is False
    # The next game at the table is theirs from its start: rated. (New sockets: a socket may
    # send 20 messages a second, and the first game used its burst.)
    for token in tokens:
        again = client.post(
            f"/api/tables/{invite}/again", headers={"Authorization": f"Bearer {token}"}
        )
        assert again.status_code == 200, again.text
    with ExitStack() as stack:
        seats = {
            seat: stack.enter_context(seat_socket(client, invite, token))
            for seat, token in enumerate(tokens)
        }
        play_out(seats)
    for name in ("Ann", "Bo"):
        profile = client.get(f"/api/players/{name}").json()
        assert [(r["players"], r["games"]) for r in profile["ratings"]] == [("2", 1)], name
        assert [g["me"]["rated"] for g in profile["games"]] == [True, False]
