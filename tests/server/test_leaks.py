"""Many games on the real server, every frame every connection received checked for leaks.

Each game is played at tables of every seat count: tables of bots only (they start at once;
a spectator watches), tables of scripted human seats with bots, and tables of scripted humans
only (their simultaneous choices are sent in whatever order the sockets run, so commitments wait
out of turn), each with a spectator. The humans play random legal moves over WebSocket and now
and then send a refused request (garbage, an old move, a stale version), a ping or a resync.
Every frame text received is then checked by :mod:`.leakcheck` against the state of the event
it was built after, replayed from the table's stored log.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
import websockets

from clickbox.core import Narration, derive_seed, play
from clickbox.games import load
from clickbox.games.boom import actions as boom_actions
from clickbox.games.boom import rules as boom_rules
from clickbox.games.boom.board import CLAIM_NAMES
from clickbox.games.boom.board import KIND_NAMES as KIND_NAMES_BOOM
from clickbox.games.clack.board import KIND_NAMES
from clickbox.server import frames
from clickbox.server.client import http
from clickbox.server.frames import PROTOCOL, build_frame
from clickbox.server.tables import LiveTable
from clickbox.storage import Event, SeatRow, Store, TableRow

from .leakcheck import (
    Hidden,
    InHistory,
    Layout,
    Received,
    Replayed,
    SeatCard,
    SeatChoice,
    SeatList,
    TableFold,
    find_leaks,
    secret_needles,
)
from .live import UNLIMITED, running_server

TABLE_SECONDS = 120.0
"""A guard against a table that hangs (not a measure of speed)."""


@dataclass
class Plan:
    """One table to play: the game, its options and its seats."""

    game: str
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class Played:
    """A table once played: its invite, the seat tokens and what each connection received."""

    plan: Plan
    invite: str
    tokens: list[str]
    received: list[Received]


def _plans(game: str, counts: list[int], options: list[dict[str, Any]]) -> list[Plan]:
    """Tables of every seat count: bots only, humans with bots, humans only (in turn)."""
    plans = []
    for i, players in enumerate(counts):
        kind = i % 3
        if kind == 0:
            seats = ["bot:random"] * players
        elif kind == 1:
            seats = ["human" if s % 2 == 0 else "bot:random" for s in range(players)]
        else:
            seats = ["human"] * players
        plans.append(Plan(game, seats, options[i % len(options)]))
    return plans


PLANS = {
    "clever": _plans(
        "clever", [1, 2, 3, 4, 2, 3, 4, 3, 4, 2, 4, 3, 2, 3, 4, 1, 4, 3, 2, 4, 3], [{}]
    ),
    "clickety-clack": _plans(
        "clickety-clack", [2, 3, 4, 2, 3, 4, 2, 3, 4, 3, 4, 2, 4, 3, 2, 3, 4, 2, 4, 3, 2], [{}]
    ),
    "click-click-boom": _plans(
        "click-click-boom",
        [2, 3, 4, 5, 6, 2, 3, 4, 5, 6, 3, 4, 5, 6, 2, 3, 4, 5, 6, 3, 4],
        [{}, {"mode": "quick"}, {"advanced": True}, {"characters": "chosen"}],
    ),
    "click-clack": _plans(
        "click-clack",
        [2, 3, 4, 2, 3, 4, 2, 3, 4, 3, 4, 2, 4, 3, 2, 3, 4, 2, 4, 3, 2],
        [{}, {"see_through": True}, {"freddy_scares": "all"}],
    ),
}


async def _connect(base: str, invite: str, token: str | None) -> Any:
    url = base.replace("http", "ws", 1) + f"/ws/{invite}"
    ws = await websockets.connect(url, max_size=2**22, open_timeout=30)
    await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": token}))
    return ws


async def _watch(ws: Any, out: Received) -> None:
    """A spectator: read until the game is over."""
    async for text in ws:
        out.texts.append(text)
        frame = json.loads(text)
        if frame.get("type") == "state" and frame["table"]["status"] == "finished":
            break
    await ws.close()


async def _play(ws: Any, out: Received, rng: random.Random) -> None:
    """A human seat: random legal moves, sometimes a refused request, a ping or a resync."""
    ids = iter(range(1, 10**9))
    in_flight: str | None = None
    acted_on = -1
    state: dict[str, Any] | None = None
    old: list[str] = []
    async for text in ws:
        out.texts.append(text)
        frame = json.loads(text)
        kind = frame.get("type")
        if kind == "state":
            state = frame
        elif kind == "reply" and frame["re"] == in_flight:
            in_flight = None
            if not frame["ok"] and frame["error"]["code"] == "rate_limited":
                await asyncio.sleep(0.3)
                acted_on = -1
        if state is None or state["table"]["status"] == "finished":
            if state is not None:
                break
            continue
        if rng.random() < 0.04:
            await ws.send(json.dumps(_noise(rng, state, old, f"n{next(ids)}")))
        legal = state.get("legal") or []
        if in_flight is not None or not legal or state["seq"] == acted_on:
            continue
        if len(state["table"]["awaiting"]) > 1:
            await asyncio.sleep(rng.random() * 0.003)  # simultaneous: any order
        action = rng.choice(legal)["action"]
        old.append(action)
        in_flight = f"a{next(ids)}"
        acted_on = state["seq"]
        message = {"type": "act", "id": in_flight, "action": action}
        await ws.send(json.dumps({**message, "version": state["table"]["version"]}))
    await ws.close()


def _noise(rng: random.Random, state: dict[str, Any], old: list[str], rid: str) -> dict[str, Any]:
    version = state["table"]["version"]
    pick = rng.randrange(5)
    if pick == 0:
        return {"type": "ping", "id": rid}
    if pick == 1:
        return {"type": "resync"}
    if pick == 2:
        return {"type": "act", "id": rid, "action": "zzz", "version": version}
    if pick == 3:
        return {"type": "act", "id": rid, "action": "x", "version": version - 1}
    action = rng.choice(old) if old else "zzz"
    return {"type": "act", "id": rid, "action": action, "version": version}


async def _table(base: str, plan: Plan, number: int) -> Played:
    """Create the table, seat the humans, connect everyone, start, and play to the end."""
    rng = random.Random(number)
    body = {"game": plan.game, "players": len(plan.seats), "seats": plan.seats}
    body |= {"options": plan.options, "name": "P0"}
    created = await asyncio.to_thread(http, base, "POST", "/api/tables", body)
    invite = created["invite"]
    humans = [s for s, kind in enumerate(plan.seats) if kind == "human"]
    tokens: dict[int, str] = {}
    if humans:
        tokens[created["seat"]] = created["token"]
    for seat in humans[1:]:
        joined = await asyncio.to_thread(
            http, base, "POST", f"/api/tables/{invite}/join", {"name": f"P{seat}", "seat": seat}
        )
        tokens[seat] = joined["token"]
    spectator = Received(None, [])
    seats = {seat: Received(seat, []) for seat in humans}
    sockets = {seat: await _connect(base, invite, tokens[seat]) for seat in humans}
    watcher = await _connect(base, invite, None)
    tasks = [_watch(watcher, spectator)]
    tasks += [_play(sockets[s], seats[s], random.Random(rng.random())) for s in humans]
    if humans:
        start = f"/api/tables/{invite}/start"
        await asyncio.to_thread(http, base, "POST", start, {}, tokens[humans[0]])
    await asyncio.wait_for(asyncio.gather(*tasks), TABLE_SECONDS)
    return Played(plan, invite, list(tokens.values()), [spectator, *seats.values()])


async def _play_all(base: str, plans: list[Plan]) -> list[Played]:
    running = 6  # tables in play at once
    limit = asyncio.Semaphore(running)

    async def one(plan: Plan, number: int) -> Played:
        async with limit:
            return await _table(base, plan, number)

    return await asyncio.gather(*(one(plan, i) for i, plan in enumerate(plans)))


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(PLANS))
def test_no_frame_shows_what_its_viewer_may_not_see(game: str, tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path}/leaks.db"
    plans = PLANS[game]
    extra = ("--bot-workers", "1", *UNLIMITED)
    with running_server(db_url, tmp_path / "server.log", extra=extra) as server:
        played = asyncio.run(_play_all(server.base, plans))
    store = Store(db_url)
    leaks: list[str] = []
    try:
        for table in played:
            row = store.table_by_invite(table.invite)
            assert row is not None and row.status == "finished", table.invite
            for connection in table.received:  # each saw the game to its end
                last = json.loads(connection.texts[-1])
                assert last["type"] == "state" and last["table"]["status"] == "finished"
            fold = TableFold(row, store.events(row.id), table.tokens)
            leaks += [f"{table.plan}: {leak}" for leak in fold.check(table.received)]
            assert fold.frames_checked == sum(len(r.texts) for r in table.received)
    finally:
        store.close()
    assert len(played) >= 20
    assert not leaks, f"{len(leaks)} leak(s):\n" + "\n".join(leaks[:20])


def test_the_checker_finds_a_seed_a_token_and_a_hidden_card() -> None:
    """The checker can fail: frames with a secret or a hidden item inserted are caught."""
    seed, token = 6_917_529_027_641_081_857, "k3Jx9vV1Q8w2mZ0aB7cD4eF5gH6iJ7kL"
    hidden = Hidden(
        secret_needles([seed], [token]),
        [
            SeatList(1, (("pay", "boom"),), (), "own hand"),
            SeatCard(1, "left", "boom", "own left card"),
            SeatChoice(2, "left", 10, "pending choice"),
            InHistory(1, "L2:boom", "own pick"),
            Layout({5: 0, 9: 3, 20: 1, 33: 0}, 64),
        ],
    )
    clean: dict[str, Any] = {
        "type": "state",
        "seq": 3,
        "seat": 1,
        "table": {"committed": [2], "seats": [{"name": "A"}, {"name": "B"}, {"name": "C"}]},
        "view": {
            "seats": [
                {"hand": ["steal"], "left": None, "choice": None},
                {"hand": None, "left": {"card": None, "claim": "boom"}, "choice": None},
                {"hand": ["pay"], "left": None, "choice": "?"},
            ],
            "log": [{"seat": 0, "move": "L0"}, {"seat": 2, "move": "L?:boom"}, "r3"],
            "known_empty": [1, 2, 3, 4],
        },
        "legal": [],
        "choice": None,
    }

    def leaks(frame: dict[str, Any]) -> list[str]:
        return find_leaks(json.dumps(frame), 1, hidden, 3, 3)

    assert leaks(clean) == []
    inserted = [
        ("seed", str(seed)),
        ("seed in hex", f"{seed:x}"),
        ("chance seed", str(derive_seed(seed, "chance"))),
        ("token", token),
        ("token digest", hashlib.sha256(token.encode()).hexdigest()),
    ]
    for name, value in inserted:
        assert leaks({**clean, "chat": [{"text": f"gg {value}"}]}), name
    view = clean["view"]
    seats = view["seats"]

    def with_seat(seat: int, **changes: Any) -> dict[str, Any]:
        changed = [dict(s) for s in seats]
        changed[seat] |= changes
        return {**clean, "view": {**view, "seats": changed}}

    assert leaks(with_seat(1, hand=["pay", "boom"]))
    assert leaks(with_seat(1, left={"card": "boom", "claim": "boom"}))
    assert not leaks(with_seat(0, hand=["pay", "boom"]))  # another seat's hand is no secret
    assert leaks(with_seat(2, choice="left"))
    assert leaks({**clean, "view": {**view, "chosen": {"2": "left"}}})
    log = [dict(e) if isinstance(e, dict) else e for e in view["log"]]
    log[1] = {"seat": 2, "move": "L2:boom"}
    assert leaks({**clean, "view": {**view, "log": log}})
    # The view's own legal moves are no log, even as many as the history's actions.
    assert not leaks({**clean, "view": {**view, "legal": ["L0", "L2:boom", "L3"]}})
    layout: list[str | None] = [None] * 64
    layout[5], layout[9], layout[20], layout[33] = "hazelnut", "fir-cone", "blueberry", "h"
    assert leaks({**clean, "view": {**view, "layout": layout}})
    assert leaks({**clean, "view": {**view, "found": [{"hollow": 9, "kind": "fir-cone"}]}})
    assert leaks({**clean, "view": {**view, "found": {"33": "h"}}})
    assert leaks({**clean, "view": {**view, "discs_at": [5, 9, 20, 33]}})
    assert not leaks({**clean, "view": {**view, "discs_at": [5, 9, 20, 21]}})
    assert leaks({**clean, "view": {**view, "log": [*log[:1], "hide:0h2c", "r3"]}})
    assert leaks({**clean, "legal": [{"action": "left", "text": "reveal the left card"}]})
    assert leaks({**clean, "choice": "right"})
    assert leaks({**clean, "seat": 2})
    assert find_leaks(json.dumps(clean), None, hidden, 3, 3)  # a spectator's, with a seat's own


# -- the checker against a server made to leak ----------------------------------------------------


def _offline(
    spec: str, seed: int, replay_every: int = 0
) -> tuple[TableFold, list[Received], list[Replayed]]:
    """A table played to the end without sockets (random seats among those awaited, so
    simultaneous choices come out of turn), with a state frame for every seat and a spectator
    after every event, built by the server's own ``build_frame``; with ``replay_every``, the
    replay of every viewer after every so many events and inside every simultaneous step
    (built by the server's own ``replay_steps``, as the replay endpoint does during play)."""
    game = load(spec)
    n = game.num_players
    tokens = [f"token-{seed}-{seat}-{'x' * 24}" for seat in range(n)]
    seats = tuple(
        SeatRow(s, "human", None, f"P{s}", hashlib.sha256(t.encode()).hexdigest())
        for s, t in enumerate(tokens)
    )
    row = TableRow("t", "INVITE23", game.spec(), {}, True, "open", 0, None, 0.0, seats)
    table = LiveTable(row, game)
    rng = random.Random(seed)
    received = [Received(viewer, []) for viewer in [None, *range(n)]]
    replays: list[Replayed] = []
    events = []

    def record(event: Event) -> None:
        events.append(table.apply_event(event))
        for connection in received:
            connection.texts.append(build_frame(table, connection.viewer, "state"))
        assert table.match is not None
        state = table.match.state
        due = replay_every and (len(events) % replay_every == 0 or state.simultaneous_seats())
        if due and not state.is_terminal():
            actions = table.match.record().actions
            for viewer in [None, *range(n)]:
                steps = frames.replay_steps(game, actions, viewer, full=False)
                replays.append(Replayed(viewer, len(events), steps))

    record(table.next_event("start", None, {"seed": rng.getrandbits(63)}))
    while table.status == "playing":
        seat = rng.choice(table.awaiting())
        action = game.action_to_string(rng.choice(table.legal(seat)))
        code = table.check_act(seat, action, table.version)
        data = {"action": game.action_to_string(code)}
        record(table.next_event("act", seat, data, f"c{len(events)}"))
    return TableFold(replace(row, status="finished"), events, tokens), received, replays


def _leaky_view(game_view: Any, leak: str) -> Any:
    """``frames.game_view`` made to leak one kind of hidden item."""

    def leaky(table: LiveTable, viewer: int | None) -> dict[str, Any]:
        assert table.match is not None
        state: Any = table.match.state
        if leak == "spectator sees everything":
            return dict(state.view(viewer))
        view = dict(game_view(table, viewer))
        if leak == "layout":
            view["under"] = [KIND_NAMES[k] if k >= 0 else None for k in state._disc]
        elif leak == "own hand" and viewer is not None:
            kinds = [CLAIM_NAMES[state.config.kinds[c] + 1] for c in state._hands[viewer]]
            view["seats"] = [dict(s) for s in view["seats"]]
            view["seats"][viewer]["hand"] = kinds
        elif leak in ("open pass", "face-down card"):
            kinds = state.config.kinds
            seats = view["seats"] = [dict(data) for data in view["seats"]]
            for seat, data in enumerate(seats):
                if leak == "open pass" and state._phase == boom_rules.PASS:
                    way = state._commit.choices.get(seat)
                    if way is not None:
                        data["pass"] = "random" if way == boom_actions.PASS_RANDOM else "unrevealed"
                elif leak == "face-down card":
                    data["played"] = [KIND_NAMES_BOOM[kinds[c]] for c in state._played[seat]]
        elif leak == "passive choices":
            chosen = {
                str(s): table.game.action_to_string(a) for s, a in state._takes.choices.items()
            }
            view["passive"] = {**view["passive"], "chosen": chosen}
        elif leak == "seed":
            view["seed"] = table.match.seed
        elif leak == "pending choices":
            view["waiting"] = {
                str(s): table.game.action_to_string(a) for s, a in table.pending.items()
            }
        return view

    return leaky


LEAKS = [
    ("click-clack(players=2)", "layout"),
    ("click-click-boom(players=3)", "own hand"),
    ("click-click-boom(players=4,mode=quick)", "spectator sees everything"),
    ("click-click-boom(players=3,mode=quick)", "open pass"),
    ("click-click-boom(players=6)", "face-down card"),
    ("clever(players=3)", "passive choices"),
    ("clever(players=4)", "pending choices"),
    ("clickety-clack(players=2)", "seed"),
]


@pytest.mark.parametrize(("spec", "leak"), LEAKS, ids=[leak for _, leak in LEAKS])
def test_the_checker_catches_a_server_made_to_leak(
    spec: str, leak: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for seed in range(2):
        fold, received, _ = _offline(spec, seed)
        assert fold.check(received) == []
    monkeypatch.setattr(frames, "game_view", _leaky_view(frames.game_view, leak))
    fold, received, _ = _offline(spec, 0)
    assert fold.check(received), f"the checker missed the {leak} leak"


REPLAYED = ["click-click-boom(players=3)", "click-click-boom(players=2)", "clever(players=3)"]


@pytest.mark.parametrize("spec", REPLAYED)
def test_no_replay_during_play_says_in_words_what_its_viewer_may_not_see(
    spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rulebook (Click Click Boom): "Never look at your own hand of cards!" A replay fetched
    while the game is on describes every move from the viewer's own view, so a pick from its
    own hand is never named by its place in the hand (which, hands being listed by kind, would
    name the card), nor is a choice of a simultaneous step still open. The checker reads the
    words; it catches the words made from the moves themselves (the old replay)."""
    fold, received, replays = _offline(spec, 3, replay_every=9)
    assert fold.check(received, replays) == []
    assert fold.replays_checked == len(replays) > 10

    def words_of_the_moves(
        game: Any, actions: tuple[str, ...], viewer: int | None, full: bool
    ) -> list[dict[str, Any]]:
        steps = real(game, actions, viewer, full)
        state = game.new_initial_state()
        moves = []
        for text in actions:
            if state.current_player() >= 0:
                moves.append(game.describe_action(game.parse_action(text)))
            play(state, text)
        for step, words in zip(steps[1:], moves, strict=True):
            step["move"] = words
        return steps

    real = frames.replay_steps
    monkeypatch.setattr(frames, "replay_steps", words_of_the_moves)
    fold, received, replays = _offline(spec, 3, replay_every=9)
    assert fold.check(received, replays), "the checker missed the words of hidden moves"


def _words_not_from_the_view(game_spec: str, received: list[Received]) -> list[str]:
    """Every state frame whose narrated log (the lines its ``words`` bring the connection up
    to) is not exactly what the frame's own view's log narrates: words said from anything but
    the view."""
    game = load(game_spec)
    wrong = []
    for connection in received:
        lines: list[dict[str, Any]] = []
        for number, text in enumerate(connection.texts):
            frame = json.loads(text)
            if frame.get("type") != "state" or frame["view"] is None:
                continue
            words = frame["words"]
            assert words["from"] <= len(lines), "a frame's words start past what came before"
            lines = lines[: words["from"]] + words["lines"]
            narration = Narration(game, connection.viewer)
            told = [line.to_json() for line in narration.update(frame["view"]["log"])]
            if lines != told:
                wrong.append(f"viewer {connection.viewer}, frame {number}")
    return wrong


@pytest.mark.parametrize(
    "spec", ["click-click-boom(players=3)", "click-clack(players=2)", "clever(players=2)"]
)
def test_the_live_log_in_words_is_told_from_the_view_alone(spec: str) -> None:
    """A state frame's ``words`` (the narrated log, sent incrementally) are what the frame's
    own view's log narrates, for every seat and the spectator after every event."""
    fold, received, _ = _offline(spec, 4)
    assert fold.check(received) == []
    assert all('"words"' in text for r in received for text in r.texts)
    assert _words_not_from_the_view(spec, received) == []


def test_words_told_from_the_moves_themselves_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A narration fed the table's own moves (which name a pick from the seat's own hand)
    instead of the view's log is caught by the check above."""
    spec = "click-click-boom(players=3)"
    real = LiveTable.narration

    def cheating(table: LiveTable, viewer: int | None) -> Narration:
        narration = real(table, viewer)
        assert table.match is not None
        moves = [
            {"seat": "chance", "move": table.game.action_to_string(a)}
            for a in table.match.state.history
        ]
        update = narration.update
        monkeypatch.setattr(narration, "update", lambda _log, *notes: update(moves, *notes))
        return narration

    monkeypatch.setattr(LiveTable, "narration", cheating)
    _, received, _ = _offline(spec, 4)
    assert _words_not_from_the_view(spec, received), "the check missed words told from the moves"
