"""The table around a game (issue 21): the host starts, a rematch each player accepts with the
finished games kept (record and replay), undo until something new is revealed, a refused spot
explained in the engine's words, spectators counted, and the log told in words incrementally."""

from __future__ import annotations

import json
from typing import Any

import pytest

from clickbox.server import app as server_app

from .play import Seat, app_client, human_table, seat_socket
from .test_play import _drive_to_simultaneous_step, _finish_and_record


@pytest.fixture(autouse=True)
def _no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_app, "RATE", 10_000.0)
    monkeypatch.setattr(server_app, "BURST", 10_000.0)


def _bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_only_the_host_starts_the_game(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clickety-clack", 2, start=False)
        table = client.get(f"/api/tables/{invite}").json()["table"]
        assert table["host"] == 0
        refused = client.post(f"/api/tables/{invite}/start", headers=_bearer(tokens[1]))
        assert refused.status_code >= 400
        assert refused.json()["error"]["code"] == "not_host"
        assert "only the host" in refused.json()["error"]["message"]
        started = client.post(f"/api/tables/{invite}/start", headers=_bearer(tokens[0]))
        assert started.status_code == 200, started.text


def test_a_rematch_starts_once_every_player_asked_and_the_finished_game_stays(
    db_url: str,
) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "click-clack", 2)
        first = _finish_and_record(client, invite, tokens)
        asked = client.post(f"/api/tables/{invite}/again", headers=_bearer(tokens[0]))
        assert asked.status_code == 200 and asked.json()["started"] is False
        table = client.get(f"/api/tables/{invite}").json()["table"]
        assert table["status"] == "finished" and table["rematch"] == [0]
        twice = client.post(f"/api/tables/{invite}/again", headers=_bearer(tokens[0]))
        assert twice.status_code == 409 and "already asked" in twice.json()["error"]["message"]
        start = client.post(f"/api/tables/{invite}/start", headers=_bearer(tokens[0]))
        assert start.status_code == 409, "a finished game is followed by a rematch, not a start"
        accepted = client.post(f"/api/tables/{invite}/again", headers=_bearer(tokens[1]))
        assert accepted.json() == {"invite": invite, "game_number": 2, "started": True}
        table = client.get(f"/api/tables/{invite}").json()["table"]
        assert table["status"] == "playing" and table["rematch"] == []
        assert [g["game_number"] for g in table["past"]] == [1]
        assert table["past"][0]["scores"] == first["outcome"]["scores"]
        # The finished game's record and its whole replay stay reachable.
        kept = client.get(f"/api/tables/{invite}/record?game=1")
        assert kept.status_code == 200 and kept.json() == first
        replay = client.get(f"/api/tables/{invite}/replay?game=1").json()
        assert replay["full"] is True and replay["game_number"] == 1
        seat_moves = len(replay["steps"]) - 1
        assert 0 < seat_moves <= len(first["actions"])
        missing = client.get(f"/api/tables/{invite}/record?game=7")
        assert missing.status_code == 404
    with app_client(db_url) as client:  # rebuilt from the stored log after a restart
        table = client.get(f"/api/tables/{invite}").json()["table"]
        assert [g["game_number"] for g in table["past"]] == [1]
        assert client.get(f"/api/tables/{invite}/record?game=1").json() == first


def _undo(seat: Seat, client_id: str) -> dict[str, Any]:
    seat.socket.send_text(json.dumps({"type": "undo", "id": client_id}))
    return seat.reply(client_id)


def test_a_move_is_undone_until_something_new_is_revealed(db_url: str) -> None:
    """Clickety Clack: a click written is followed by nothing hidden until the next roll, so
    its player may take it back; another seat may not, and once the other player moves (or
    the dice roll) it is final."""
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clickety-clack", 2)
        with (
            seat_socket(client, invite, tokens[0]) as s0,
            seat_socket(client, invite, tokens[1]) as s1,
        ):
            seats = [s0, s1]
            for _ in range(60):
                mover = seats[s0.state["table"]["awaiting"][0]]
                before = mover.at_version(s0.version())
                other = seats[1 - seats.index(mover)]
                reply = mover.act(before["legal"][0]["action"])
                assert reply["ok"], reply
                after = mover.at_version(reply["version"])
                if after.get("undo"):
                    assert after["undo_why"] is None
                    break
                # The page says why instead of showing nothing.
                assert "revealed something new" in after["undo_why"], after["undo_why"]
                assert _undo(mover, f"no-{reply['version']}")["error"]["code"] == "cannot_undo"
                for seat in seats:
                    seat.at_version(reply["version"])
            else:
                raise AssertionError("no move could be undone in 60 moves")
            other.at_version(reply["version"])
            assert not other.state.get("undo")
            refused = _undo(other, "not-mine")
            assert refused["ok"] is False and refused["error"]["code"] == "cannot_undo"
            assert "until something new is revealed" in refused["error"]["message"]
            undone = _undo(mover, "take-it-back")
            assert undone["ok"] and undone["version"] == before["table"]["version"]
            back = before["table"]["version"]
            state = mover.state_where(lambda f: f["table"]["version"] == back)
            assert state["legal"] == before["legal"] and state["view"] == before["view"]
            seen = other.state_where(lambda f: f["table"]["version"] == back)
            assert seen["view"]["log"] == other.state["view"]["log"]
    with app_client(db_url) as client, seat_socket(client, invite, tokens[0]) as s0:
        assert s0.state["table"]["version"] == before["table"]["version"], "the undo is stored"


def test_a_simultaneous_choice_held_by_the_server_can_be_taken_back(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clever", 3)
        with (
            seat_socket(client, invite, tokens[0]) as s0,
            seat_socket(client, invite, tokens[1]) as s1,
            seat_socket(client, invite, tokens[2]) as s2,
        ):
            seats = [s0, s1, s2]
            awaiting = _drive_to_simultaneous_step(seats)
            late = seats[awaiting[-1]]  # its choice waits for the others': the server holds it
            state = late.state_where(lambda f: bool(f.get("legal")))
            assert late.act(state["legal"][0]["action"])["ok"]
            held = late.state_where(lambda f: f.get("choice") is not None)
            assert held["undo"] is True
            assert _undo(late, "change-my-mind")["ok"]
            free = late.state_where(lambda f: f.get("choice") is None)
            assert awaiting[-1] not in free["table"]["committed"]
            assert free["legal"], "the seat chooses again"


def test_a_spot_that_is_not_a_move_is_explained_in_the_engines_words(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clever", 1)
        with seat_socket(client, invite, tokens[0]) as s0:
            version = s0.version()
            legal = {m["action"] for m in s0.state["legal"]}
            action = next(f"y>Y{r}{c}" for r in "1234" for c in "1234" if f"y>Y{r}{c}" not in legal)
            s0.socket.send_text(json.dumps({"type": "why", "id": "w1", "action": action}))
            why = s0.until(lambda f: f["type"] == "why")
            assert why["re"] == "w1" and "yellow" in why["reason"]
            s0.socket.send_text(json.dumps({"type": "resync"}))
            again = s0.until(lambda f: f["type"] == "state")
            assert again["table"]["version"] == version, "asking why changes nothing"
        with seat_socket(client, invite, None) as watcher:
            watcher.socket.send_text(json.dumps({"type": "why", "id": "w2", "action": action}))
            assert "watching" in watcher.until(lambda f: f["type"] == "why")["reason"]


def _ask_hint(seat: Seat, client_id: str, level: str = "medium") -> dict[str, Any]:
    seat.socket.send_text(json.dumps({"type": "hint", "id": client_id, "level": level}))
    return seat.until(lambda f: f["type"] in ("hint", "reply") and f["re"] == client_id)


def test_a_hint_ranks_legal_moves_for_the_seat_to_move_and_nobody_else(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clickety-clack", 2)
        with (
            seat_socket(client, invite, tokens[0]) as s0,
            seat_socket(client, invite, tokens[1]) as s1,
        ):
            seats = [s0, s1]
            mover = seats[s0.state["table"]["awaiting"][0]]
            other = seats[1 - seats.index(mover)]
            state = mover.state_where(lambda f: bool(f.get("legal")))
            version = state["table"]["version"]
            hint = _ask_hint(mover, "h1")
            assert hint["type"] == "hint", hint
            legal = {m["action"] for m in state["legal"]}
            assert hint["hints"] and {action for action, _ in hint["hints"]} <= legal
            assert len(hint["hints"]) <= 3
            refused = _ask_hint(other, "h2")
            assert refused["ok"] is False and "not your turn" in refused["error"]["message"]
            bad = _ask_hint(mover, "h3", level="grandmaster")
            assert bad["ok"] is False and "easy, medium or hard" in bad["error"]["message"]
            mover.socket.send_text(json.dumps({"type": "resync"}))
            again = mover.until(lambda f: f["type"] == "state")
            assert again["table"]["version"] == version, "a hint plays nothing"
        with seat_socket(client, invite, None) as watcher:
            assert "watching" in _ask_hint(watcher, "h4")["error"]["message"]


def test_spectators_are_counted_for_everyone_at_the_table(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "click-clack", 2)
        with seat_socket(client, invite, tokens[0]) as s0:
            assert s0.state["table"]["spectators"] == 0
            with seat_socket(client, invite, None):
                frame = s0.until(lambda f: f["type"] == "table" and f["table"]["spectators"] == 1)
                assert frame["table"]["spectators"] == 1
            s0.until(lambda f: f["type"] == "table" and f["table"]["spectators"] == 0)


def test_the_log_in_words_comes_whole_once_then_only_what_is_new(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clickety-clack", 2)
        with seat_socket(client, invite, tokens[0]) as s0, seat_socket(client, invite, tokens[1]):
            first = s0.state["words"]
            assert first["from"] == 0 and first["lines"], "a snapshot has every line"
            lines = list(first["lines"])
            mover_state = s0.state
            assert mover_state["legal"], "seat 0 moves first"
            reply = s0.act(mover_state["legal"][0]["action"])
            assert reply["ok"]
            frame = s0.at_version(reply["version"])
            words = frame["words"]
            assert 0 < words["from"] <= len(lines), "only the lines from the first new one"
            lines = lines[: words["from"]] + words["lines"]
            assert len(lines) > len(first["lines"])
            assert all(isinstance(line["text"], str) and line["text"] for line in lines)
            s0.socket.send_text(json.dumps({"type": "resync"}))
            whole = s0.until(lambda f: f["type"] == "state")["words"]
            assert whole["from"] == 0 and whole["lines"] == lines
