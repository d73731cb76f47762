"""Live play over the WebSocket protocol: requests and replies, versions, simultaneous steps,
chat, reconnects, takeovers and clocks (docs/server.md)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from clickbox.games import load
from clickbox.server import app as server_app

from .play import Seat, app_client, human_table, seat_socket


@pytest.fixture(autouse=True)
def _no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """These scripted seats play faster than people may (test_hostile tests the limit)."""
    monkeypatch.setattr(server_app, "RATE", 10_000.0)
    monkeypatch.setattr(server_app, "BURST", 10_000.0)


def _drive_to_simultaneous_step(seats: list[Seat]) -> list[int]:
    """Play first legal moves until several seats are awaited at once; return them."""
    for _ in range(200):
        awaiting = seats[0].state["table"]["awaiting"]
        if len(awaiting) > 1:
            return list(awaiting)
        mover = seats[awaiting[0]]
        mover.state_where(lambda f: bool(f.get("legal")))
        reply = mover.act(mover.state["legal"][0]["action"])
        assert reply["ok"], reply
        for seat in seats:
            seat.at_version(reply["version"])
    raise AssertionError("no simultaneous step came")


def test_a_duplicate_request_gets_the_first_reply_and_applies_nothing(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clickety-clack", 2)
        with seat_socket(client, invite, tokens[0]) as s0, seat_socket(client, invite, tokens[1]):
            mover = s0 if s0.state.get("legal") else None
            assert mover is not None, "seat 0 moves first"
            action = mover.state["legal"][0]["action"]
            version = mover.version()
            first = mover.act(action, version, client_id="same")
            assert first["ok"] and first["version"] > version
            again = mover.act(action, version, client_id="same")
            assert again == first
            mover.socket.send_text(json.dumps({"type": "resync"}))
            state = mover.until(lambda f: f["type"] == "state")
            assert state["table"]["version"] == first["version"], "applied once"


def test_a_stale_move_gets_a_stale_reply_and_a_fresh_state(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "click-clack", 2)
        with seat_socket(client, invite, tokens[0]) as s0:
            old = s0.version()
            reply = s0.act(s0.state["legal"][0]["action"], old)
            assert reply["ok"]
            s0.at_version(reply["version"])
            if not s0.state.get("legal"):
                return  # the turn passed on: nothing stale to send from this seat
            stale = s0.act(s0.state["legal"][0]["action"], old)
            assert not stale["ok"] and stale["error"]["code"] == "stale"
            fresh = s0.until(lambda f: f["type"] == "state")
            assert fresh["table"]["version"] == reply["version"]


def test_clever_passive_seats_commit_in_any_order_and_see_only_their_own_choice(
    db_url: str,
) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clever", 3)
        with (
            seat_socket(client, invite, tokens[0]) as s0,
            seat_socket(client, invite, tokens[1]) as s1,
            seat_socket(client, invite, tokens[2]) as s2,
            seat_socket(client, invite, None) as watcher,
        ):
            seats = [s0, s1, s2]
            awaiting = _drive_to_simultaneous_step(seats)
            first, last = awaiting[0], awaiting[-1]
            # The last seat in the game's order commits first, from the step's first version.
            late = seats[last]
            late.state_where(lambda f: bool(f.get("legal")))
            choice = late.state["legal"][-1]["action"]
            version = late.version()
            reply = late.act(choice, version)
            assert reply["ok"] and reply.get("committed") and reply["version"] == version
            own = late.state_where(lambda f: bool(f["table"]["committed"]))
            assert own["choice"] == choice
            other = seats[first].state_where(lambda f: bool(f["table"]["committed"]))
            assert other["table"]["committed"] == [last]
            assert other["choice"] is None and choice not in json.dumps(other["view"]["log"][-1:])
            assert watcher.state_where(lambda f: bool(f["table"]["committed"]))
            # A second choice from the same seat is refused.
            again = late.act(choice, version)
            assert again["error"]["code"] == "already_committed"
            # The first seat commits: both choices are applied, in the game's order.
            early = seats[first]
            early.state_where(lambda f: bool(f.get("legal")))
            done = early.act(early.state["legal"][0]["action"])
            assert done["ok"] and not done.get("committed")
            after = watcher.state_where(lambda f: not f["table"]["committed"])
            moves = [entry for entry in after["view"]["log"] if entry["seat"] == last]
            assert moves and moves[-1]["move"] == choice


def test_chat_reaches_everyone_and_is_replayed_after_a_reconnect(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "click-clack", 2)
        with seat_socket(client, invite, tokens[1]) as s1:
            seen = s1.state["seq"]
        with seat_socket(client, invite, tokens[0]) as s0:
            s0.socket.send_text(
                json.dumps({"type": "chat", "id": "c1", "text": "  good\x07 luck "})
            )
            assert s0.reply("c1")["ok"]
            chats = [json.loads(t) for t in s0.texts if '"type":"chat"' in t]
            line = chats[0] if chats else s0.until(lambda f: f["type"] == "chat")
            assert line["text"] == "good luck" and line["name"] == "P0" and line["seat"] == 0
        with seat_socket(client, invite, tokens[1], since=seen) as back:
            missed = [json.loads(t) for t in back.texts if json.loads(t)["type"] == "chat"]
            assert [m["text"] for m in missed] == ["good luck"]
            assert back.state["chat"][-1]["text"] == "good luck"


def test_a_seat_away_past_its_grace_is_played_by_a_bot_until_it_returns(db_url: str) -> None:
    settings = {"grace_policy": "bot", "grace_seconds": 0.2, "takeover": "easy"}
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "click-clack", 2, settings)
        with seat_socket(client, invite, tokens[1]) as s1:
            with seat_socket(client, invite, tokens[0]):
                pass  # seat 0 (to move) leaves
            taken = s1.state_where(lambda f: bool(f["table"]["seats"][0]["away_bot"]))
            assert taken["table"]["seats"][0]["away_bot"] == "easy"
            moved = s1.until(
                lambda f: (
                    f["type"] == "state"
                    and any(e["seat"] == 0 for e in (f["view"] or {}).get("log", []))
                )
            )
            assert moved["table"]["version"] > taken["table"]["version"]
            with seat_socket(client, invite, tokens[0]) as back:
                assert back.state["table"]["seats"][0]["away_bot"] is None
        record = _finish_and_record(client, invite, tokens)
        marks = json.loads(record["meta"]["marks"])
        kinds = [m["kind"] for m in marks if m["seat"] == 0]
        assert kinds[:2] == ["takeover", "return"]


def _finish_and_record(client: Any, invite: str, tokens: list[str | None]) -> dict[str, Any]:
    """Play random legal moves for every seat to the end; return the record."""
    with seat_socket(client, invite, tokens[0]) as s0, seat_socket(client, invite, tokens[1]) as s1:
        seats = [s0, s1]
        rng = random.Random(len(invite))
        for _ in range(3000):
            if s0.state["table"]["status"] == "finished":
                break
            awaiting = s0.state["table"]["awaiting"]
            mover = seats[awaiting[0]]
            state = mover.at_version(s0.version())
            reply = mover.act(rng.choice(state["legal"])["action"])
            assert reply["ok"], reply
            for seat in seats:
                seat.at_version(reply["version"])
    response = client.get(f"/api/tables/{invite}/record")
    assert response.status_code == 200, response.text
    record: dict[str, Any] = response.json()
    return record


def test_the_turn_clock_lets_a_bot_decide_and_marks_it(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clickety-clack", 2, {"turn_seconds": 1})
        with seat_socket(client, invite, tokens[1]) as s1:
            start = s1.state["table"]
            assert start["deadline"] is not None and start["deadline"] > time.time() - 1
            moved = s1.state_where(lambda f: f["table"]["version"] > start["version"])
            assert moved["table"]["deadline"] is not None
        with seat_socket(client, invite, tokens[0]):
            pass
    # The clock's move is marked in the stored log.
    from clickbox.storage import Store

    store = Store(db_url)
    try:
        row = store.table_by_invite(invite)
        assert row is not None and row.deadline is not None
        acts = [e for e in store.events(row.id) if e.kind == "act"]
        assert acts and acts[0].data["reason"] == "clock" and acts[0].seat == 0
    finally:
        store.close()


def test_a_restart_rebuilds_the_table_from_its_log(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clever", 2)
        with seat_socket(client, invite, tokens[0]) as s0:
            for _ in range(3):
                if not s0.state.get("legal"):
                    break
                reply = s0.act(s0.state["legal"][0]["action"])
                assert reply["ok"]
                s0.at_version(reply["version"])
            before = s0.state
    with app_client(db_url) as client, seat_socket(client, invite, tokens[0]) as s0:
        assert s0.state["view"] == before["view"]
        assert s0.state["table"]["version"] == before["table"]["version"]
        assert s0.state["legal"] == before["legal"]


def test_play_again_starts_the_next_game_with_the_same_seats(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "click-clack", 2)
        first = _finish_and_record(client, invite, tokens)
        for token in (tokens[1], tokens[0]):  # a rematch: every player asks
            again = client.post(
                f"/api/tables/{invite}/again", headers={"Authorization": f"Bearer {token}"}
            )
        assert again.status_code == 200 and again.json()["game_number"] == 2
        with seat_socket(client, invite, tokens[0]) as s0:
            assert s0.state["table"]["status"] == "playing"
            assert s0.state["table"]["game_number"] == 2
        second = _finish_and_record(client, invite, tokens)
        assert first["seats"] == second["seats"] == ["P0", "P1"]
        assert first["meta"]["game_number"] == "1" and second["meta"]["game_number"] == "2"
        assert load(second["game"]).name == "click-clack"


def test_a_table_whose_log_does_not_replay_stays_offline_alone(db_url: str) -> None:
    import sqlalchemy as sa

    from clickbox.storage import Store
    from clickbox.storage.models import events

    with app_client(db_url) as client:
        good, good_tokens = human_table(client, "clickety-clack", 2)
        bad, bad_tokens = human_table(client, "clickety-clack", 2)
        for invite, tokens in ((good, good_tokens), (bad, bad_tokens)):
            with seat_socket(client, invite, tokens[0]) as s0:
                assert s0.act(s0.state["legal"][0]["action"])["ok"]
    store = Store(db_url)
    try:
        row = store.table_by_invite(bad)
        assert row is not None
        with store.engine.begin() as conn:  # the stored move no longer matches the engine's
            conn.execute(
                sa.update(events)
                .where(events.c.table_id == row.id, events.c.kind == "act")
                .values(data='{"action":"x","applied":["x"]}')
            )
    finally:
        store.close()
    with app_client(db_url) as client:
        assert client.get("/healthz").status_code == 200
        with seat_socket(client, good, good_tokens[0]) as s0:
            assert s0.state["table"]["status"] == "playing"
        broken = client.get(f"/api/tables/{bad}")
        assert broken.status_code == 503
        assert broken.json()["error"]["code"] == "unavailable"


def test_a_rematch_every_seat_asked_for_starts_even_if_the_server_died_before_it_did(
    db_url: str,
) -> None:
    """The last "play again" is stored, then the game it completes: a server killed between the
    two left the table finished for ever (each seat's new ask refused as asked already). A
    restart starts the game the seats asked for as soon as the table is read again."""
    import sqlalchemy as sa

    from clickbox.storage import Store
    from clickbox.storage.models import events, tables

    with app_client(db_url) as client:
        invite, tokens = human_table(client, "click-clack", 2)
        _finish_and_record(client, invite, tokens)
        for token in tokens:
            asked = client.post(
                f"/api/tables/{invite}/again", headers={"Authorization": f"Bearer {token}"}
            )
        assert asked.json()["started"]
    store = Store(db_url)
    try:
        row = store.table_by_invite(invite)
        assert row is not None
        last = store.events(row.id)[-1]
        assert last.kind == "start", "the rematch's start is the last event"
        with store.engine.begin() as conn:  # the kill came after the asks, before the start
            conn.execute(
                sa.delete(events).where(events.c.table_id == row.id, events.c.seq == last.seq)
            )
            conn.execute(
                sa.update(tables)
                .where(tables.c.id == row.id)
                .values(status="finished", game_number=1, deadline=None)
            )
    finally:
        store.close()
    with app_client(db_url) as client, seat_socket(client, invite, tokens[0]) as s0:
        assert s0.state["table"]["status"] == "playing"
        assert s0.state["table"]["game_number"] == 2
