"""The replay viewer's steps (``GET /api/tables/{invite}/replay``) and a game's rules and options
(``GET /api/games/{name}``), over the real server.

While a game is played a seat's replay holds only views that seat was sent, and a spectator's only
views a spectator was sent; once it is over the replay shows everything, step by step.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from clickbox.core import CHANCE, HIDDEN_CHOICE, GameRecord, Match, play
from clickbox.games import CATALOG, load
from clickbox.server.client import ServerError, TableClient, http, play_to_end
from clickbox.server.frames import replay_steps

from .live import running_server


def _canonical(view: Any) -> str:
    return json.dumps(view, sort_keys=True)


def _seen(client: TableClient) -> set[str]:
    return {_canonical(f["view"]) for f in client.frames if f["type"] == "state" and f["view"]}


async def _boom_with_a_replay_midway(base: str) -> dict[str, Any]:
    """Two scripted people, a bot and a spectator play Click Click Boom; when the game is a
    few moves in, seat 0 and the spectator fetch their replays."""
    created = http(
        base,
        "POST",
        "/api/tables",
        {"game": "click-click-boom", "players": 3, "seats": ["human", "human", "bot:random"]},
    )
    invite, ann = created["invite"], created["token"]
    with pytest.raises(ServerError) as not_yet:
        http(base, "GET", f"/api/tables/{invite}/replay")
    bo = http(base, "POST", f"/api/tables/{invite}/join", {"name": "Bo"})["token"]
    http(base, "POST", f"/api/tables/{invite}/start", {}, ann)
    clients = [TableClient(base, invite, ann), TableClient(base, invite, bo)]
    watcher = TableClient(base, invite)
    for client in (*clients, watcher):
        await client.connect()
    midway: dict[str, Any] = {}

    async def fetch_midway() -> None:
        await clients[0].wait_for(lambda s: s["table"]["version"] >= 12)
        if clients[0].finished():
            return
        midway["seat"] = await asyncio.to_thread(
            http, base, "GET", f"/api/tables/{invite}/replay", None, ann
        )
        midway["spectator"] = await asyncio.to_thread(
            http, base, "GET", f"/api/tables/{invite}/replay"
        )
        with pytest.raises(ServerError) as bad:
            await asyncio.to_thread(
                http, base, "GET", f"/api/tables/{invite}/replay", None, "not-a-token"
            )
        midway["bad_token"] = bad.value

    rng = random.Random(3)
    await asyncio.gather(
        *(play_to_end(c, lambda s: rng.choice(s["legal"])["action"]) for c in clients),
        fetch_midway(),
    )
    await watcher.wait_for(lambda s: s["table"]["status"] == "finished")
    full = http(base, "GET", f"/api/tables/{invite}/replay")
    record = http(base, "GET", f"/api/tables/{invite}/record")
    for client in (*clients, watcher):
        await client.close()
    return {
        "not_yet": not_yet.value,
        "midway": midway,
        "full": full,
        "record": record,
        "seen": [_seen(clients[0]), _seen(watcher)],
    }


@pytest.mark.slow
def test_replays_show_a_seat_its_own_views_during_play_and_everything_after(
    tmp_path: Path,
) -> None:
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        result = asyncio.run(_boom_with_a_replay_midway(server.base))
    assert result["not_yet"].code == "conflict"
    midway = result["midway"]
    assert midway, "the game ended before the midway replay was fetched"
    assert midway["bad_token"].code == "not_seated"
    seen_by_seat, seen_by_watcher = result["seen"]
    seat_replay, watcher_replay = midway["seat"], midway["spectator"]
    assert (seat_replay["seat"], seat_replay["full"]) == (0, False)
    assert (watcher_replay["seat"], watcher_replay["full"]) == (None, False)
    assert len(seat_replay["steps"]) > 5
    # After the end: every step's full view, from the start to the final position.
    record = GameRecord.from_json(result["record"])
    game = load(record.game)
    state = game.new_initial_state()
    expected, open_step = [], []
    for text in record.actions:
        if state.current_player() != CHANCE:
            expected.append(_canonical(game.full_view(state)))
            open_step.append(bool(state.simultaneous_seats()))
        play(state, text)
    expected.append(_canonical(game.full_view(state)))
    open_step.append(False)
    # Nothing in a replay during play that its viewer was not sent live, but for the positions
    # inside a simultaneous step: the server applies the choices held for it in one go.
    for replay, seen in ((seat_replay, seen_by_seat), (watcher_replay, seen_by_watcher)):
        unseen = [i for i, s in enumerate(replay["steps"]) if _canonical(s["view"]) not in seen]
        assert all(open_step[i] for i in unseen), unseen
    full = result["full"]
    assert full["full"] is True and full["seat"] is None
    assert [_canonical(s["view"]) for s in full["steps"]] == expected
    assert full["steps"][0]["move"] == "the start"
    movers = [s["seat"] for s in full["steps"][1:]]
    assert set(movers) == {0, 1, 2}
    # The seat's own replay hid what the full one shows (its own hand), at every step.
    for own, everything in zip(seat_replay["steps"], full["steps"], strict=False):
        own_view = {k: v for k, v in own["view"].items() if k != "me"}
        full_view = {k: v for k, v in everything["view"].items() if k != "me"}
        assert own_view != full_view


def test_a_finished_click_clack_replay_shows_the_discs_under_the_board_and_play_does_not() -> None:
    game = load("click-clack", 2)
    match = Match(game, seed=5)
    rng = random.Random(5)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    actions = match.record().actions
    during = replay_steps(game, actions, 0, full=False)
    after = replay_steps(game, actions, None, full=True)
    assert all("under_board" not in step["view"] for step in during)
    first, last = after[0]["view"], after[-1]["view"]
    assert len(first["under_board"]) == first["on_board"] == 4 * first["discs_per_kind"]
    assert len(last["under_board"]) == last["on_board"]
    collected = {(c["hollow"], c["kind"]) for c in last["collections"]}
    assert collected <= {(d["hollow"], d["kind"]) for d in first["under_board"]}


def test_each_game_serves_its_rules_options_and_decisions(tmp_path: Path) -> None:
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        served = {g.name: http(server.base, "GET", f"/api/games/{g.name}") for g in CATALOG.games}
        with pytest.raises(ServerError) as unknown:
            http(server.base, "GET", "/api/games/chess")
    assert unknown.value.status == 404
    for cls in CATALOG.games:
        details = served[cls.name]
        assert details["summary"] == cls.rules_summary and details["summary"]
        assert [d["key"] for d in details["decisions"]] == [d.key for d in cls.rules_decisions]
        options = {o["name"]: o for o in details["options"]}
        assert list(options) == [o.name for o in cls.Params.option_specs()]
        for spec in cls.Params.option_specs():
            assert options[spec.name]["default"] == spec.default
            assert options[spec.name]["allowed"] == spec.allowed()
        assert set(details["presets"]) == set(cls.presets)


def test_a_replay_during_play_hides_the_choices_of_a_simultaneous_step_still_open(
    tmp_path: Path,
) -> None:
    """Clever, three people: the active player finishes, seat 1 takes its platter die first.
    Until seat 2 has chosen too, only seat 1's replay says what it took."""
    from .play import app_client, human_table, seat_socket

    rng = random.Random(2)
    with app_client(f"sqlite:///{tmp_path / 'db.sqlite'}") as client:
        invite, tokens = human_table(client, "clever", 3)
        with seat_socket(client, invite, tokens[0]) as active:
            assert active.state["table"]["awaiting"] == [0], "seat 0 is the first active player"
            while active.state["legal"]:
                before = active.version()
                assert active.act(rng.choice(active.state["legal"])["action"])["ok"]
                active.at_version(before + 1)
            awaiting = active.state["table"]["awaiting"]
        assert sorted(awaiting) == [1, 2], "the passive players choose together"
        with seat_socket(client, invite, tokens[1]) as first:
            choice = next(m for m in first.state["legal"] if m["action"] != "done")
            assert first.act(choice["action"])["ok"]

        def replay(token: str | None) -> dict[str, Any]:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            response = client.get(f"/api/tables/{invite}/replay", headers=headers)
            assert response.status_code == 200, response.text
            return dict(response.json())

        mine, theirs, watching = replay(tokens[1]), replay(tokens[2]), replay(None)
    assert (mine["steps"][-1]["seat"], mine["steps"][-1]["move"]) == (1, choice["text"])
    for other in (theirs, watching):
        assert other["steps"][-1]["seat"] == 1
        assert other["steps"][-1]["move"] == HIDDEN_CHOICE
        assert choice["text"] not in json.dumps(other, ensure_ascii=False)
