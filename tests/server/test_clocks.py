"""Time banks with an increment (``TableSettings.bank_seconds``, ``increment_seconds``): a seat's
time runs out and the takeover bot decides, said in words to every viewer; a move adds the
increment; a restarted server resumes each seat's bank; bad settings are refused clearly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from clickbox.server import app as server_app
from clickbox.storage import Store

from .play import Seat, app_client, human_table, seat_socket

SHORTEST = 1  # the shortest bank the settings allow


@pytest.fixture(autouse=True)
def _no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """These scripted seats play faster than people may (test_hostile tests the limit)."""
    monkeypatch.setattr(server_app, "RATE", 10_000.0)
    monkeypatch.setattr(server_app, "BURST", 10_000.0)


def _log(seat: Seat) -> list[str]:
    """The narrated log as a page holds it: every state frame's ``words`` applied in turn."""
    lines: list[str] = []
    for text in seat.texts:
        frame = json.loads(text)
        if frame["type"] == "state":
            words = frame["words"]
            lines[words["from"] :] = [line["text"] for line in words["lines"]]
    return lines


def _stored(db_url: str, invite: str) -> list[Any]:
    store = Store(db_url)
    try:
        row = store.table_by_invite(invite)
        assert row is not None
        return list(store.events(row.id))
    finally:
        store.close()


def test_a_bank_that_runs_out_lets_the_bot_play_says_so_and_leaves_the_increment(
    db_url: str,
) -> None:
    settings = {"bank_seconds": SHORTEST, "increment_seconds": 2 * SHORTEST}
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clickety-clack", 2, settings)
        with seat_socket(client, invite, tokens[1]) as s1, seat_socket(client, invite, None) as fan:
            start = s1.state["table"]
            assert start["banks"] == [SHORTEST, SHORTEST]
            assert start["clock_seat"] == 0 and start["deadline"] is not None
            # Seat 0 never moves: its bank runs out and the takeover bot moves for it.
            moved = s1.state_where(lambda f: f["table"]["version"] > start["version"])
            timeout = "{s0}'s time ran out: a bot played for them"
            assert timeout in _log(s1)
            assert moved["table"]["banks"][0] == settings["increment_seconds"]
            fan.state_where(lambda f: f["table"]["version"] >= moved["table"]["version"])
            assert timeout in _log(fan), "a timeout is public"
    acts = [e for e in _stored(db_url, invite) if e.kind == "act"]
    assert acts[0].seat == 0 and acts[0].data["reason"] == "clock"


def test_a_move_adds_the_increment_and_a_restart_resumes_every_bank(db_url: str) -> None:
    settings = {"bank_seconds": 600, "increment_seconds": 20}
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clickety-clack", 2, settings)
        with seat_socket(client, invite, tokens[0]) as s0:
            assert s0.state["table"]["banks"] == [settings["bank_seconds"]] * 2
            reply = s0.act(s0.state["legal"][0]["action"])
            assert reply["ok"]
            after = s0.at_version(reply["version"])["table"]
    events = _stored(db_url, invite)
    act = next(e for e in events if e.kind == "act")
    before = events[events.index(act) - 1]
    # What was left of the bank when the move came, plus the increment.
    left = before.data["deadline"] - act.created_at
    assert after["banks"][0] == pytest.approx(left + settings["increment_seconds"])
    assert after["banks"][1] == settings["bank_seconds"], "seat 1's clock has not run"
    mover = after["clock_seat"]
    assert after["deadline"] == pytest.approx(act.created_at + after["banks"][mover])
    # A restarted server rebuilds the banks and the running deadline from the stored log.
    with app_client(db_url) as client, seat_socket(client, invite, tokens[1]) as s1:
        rebuilt = s1.state["table"]
        assert rebuilt["banks"] == after["banks"]
        assert (rebuilt["clock_seat"], rebuilt["deadline"]) == (mover, after["deadline"])


BAD_CLOCKS = [
    ({"bank_seconds": 0.5}, "bank_seconds must be 0 (no time bank) or at least 1"),
    ({"bank_seconds": 60, "turn_seconds": 30}, "either a time bank"),
    ({"increment_seconds": 5}, "increment_seconds needs a time bank"),
    ({"bank_seconds": "5 min"}, "bank_seconds must be a number of seconds"),
    ({"bank_seconds": 60, "increment_seconds": -1}, "increment_seconds must be between"),
]


def test_bad_clock_settings_are_refused_with_the_reason(db_url: str) -> None:
    with app_client(db_url) as client:
        for settings, words in BAD_CLOCKS:
            response = client.post("/api/tables", json={"game": "clever", "settings": settings})
            assert response.status_code == 400, settings
            assert words in response.json()["error"]["message"]
        assert client.get("/api/tables").json() == {"tables": []}
