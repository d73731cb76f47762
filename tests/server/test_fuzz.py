"""Fuzzing the live server: 10,000 messages (valid moves, mutated moves, garbage) from the seats
and a spectator of live tables, and a few hundred random lobby requests.

For every message the test knows what the protocol promises: one reply for a request with a
usable id (the first reply again for an id seen before), one error frame for anything else that
is refused, a pong for a ping, a snapshot for a resync, and error then close 1009 for an
oversized message. After every message a resync shows whether the table changed: it may change
only by a move or chat that got ``ok: true``. Every finished game's record must replay to
exactly the moves that were accepted, seat by seat, and the stored log must hold them in order.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import string
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest

import clickbox.server.app as server_app
from clickbox.core import Action, GameBase, GameRecord, check_record
from clickbox.games import load

from .test_hostile import (
    ERROR_CODES,
    HTTP_CODES,
    Closed,
    Frame,
    Peer,
    Server,
    Table,
    serve,
    usable_id,
)

MESSAGES = 10_000
GAMES = ["clever", "clickety-clack", "click-click-boom", "click-clack"]
MAX_MESSAGE = 8 * 1024
RECENT_ERRORS = 50
"""Ids of refused moves reused by the fuzz are among the last few (the server keeps 256)."""
HTTP_REQUESTS = 500
HTTP_MIX = {
    "create": 25,
    "join": 20,
    "list": 4,
    "get": 8,
    "leave": 8,
    "start": 10,
    "again": 6,
    "record": 8,
    "raw": 6,
    "unknown": 5,
}
"""How often the HTTP fuzz makes each kind of request."""
PATH_CHARS = string.ascii_letters + string.digits + "-_~%"
CLOSE_CODES = {1009}
"""The documented close code a fuzz message may cause: too large (flooding is not fuzzed
here: the sentinel ping after every message resets the refusal count)."""


@pytest.fixture(autouse=True)
def no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzz sends as fast as it can, far beyond the rate limit (20 messages a second,
    bursts of 40), which would refuse nearly everything: lift it. ``test_hostile`` tests the
    limiter itself."""
    monkeypatch.setattr(server_app, "RATE", 1e9)
    monkeypatch.setattr(server_app, "BURST", 1e9)


# -- random values -------------------------------------------------------------------------------

TEXT_POOL = string.printable + "éßΩ≈ç√∫漢字🙂\u200b\u202e\ufeff\x00\x07\x1b\x7f\ud800\udfff"
KEYS = ["type", "id", "action", "version", "text", "token", "seat", "since", "protocol", "re"]
TYPES: list[object] = ["act", "chat", "ping", "resync", "hello", "reply", "", "ACT", None, 1]


def random_text(rng: random.Random, longest: int = 20) -> str:
    """Random characters, with control characters, lone surrogates and other scripts."""
    return "".join(rng.choice(TEXT_POOL) for _ in range(rng.randint(0, longest)))


def random_number(rng: random.Random) -> object:
    """A small, huge, negative, fractional or non-finite number."""
    return rng.choice(
        [
            rng.randint(-3, 80),
            10 ** rng.randint(10, 400),
            -(10 ** rng.randint(10, 400)),
            2**63,
            2**64 + 1,
            rng.uniform(-1e6, 1e6),
            1e308,
            math.inf,
            -math.inf,
            math.nan,
            0.0,
            -0.0,
        ]
    )


def random_json(rng: random.Random, depth: int = 0) -> object:
    """Any JSON value (NaN and Infinity included, as Python writes them)."""
    kind = rng.randrange(8 if depth < 4 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return random_number(rng)
    if kind in (3, 4):
        return random_text(rng)
    if kind == 5:
        return [random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    keys = [rng.choice(KEYS) if rng.random() < 0.7 else random_text(rng, 6) for _ in range(4)]
    return {key: random_json(rng, depth + 1) for key in keys[: rng.randint(0, 4)]}


def garbage(rng: random.Random) -> str:
    """Text that is not a JSON object, or only nearly one."""
    valid = json.dumps({"type": "act", "id": "g", "action": "r1", "version": 3})
    kind = rng.randrange(7)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 60))).decode(
            "utf-8", "replace"
        )
    if kind == 1:
        return valid[: rng.randrange(len(valid))]
    if kind == 2:
        # Nesting well within (50-300) or well beyond (1,200-3,000) the parser's recursion
        # limit, so the test's parser and the server's agree whatever their stack depths.
        opener, closer, deepest = rng.choice([("[", "]", 3000), ('{"a":', "}", 1200)])
        depth = rng.choice([rng.randint(50, 300), rng.randint(1200, deepest)])
        return opener * depth + "1" + closer * depth
    if kind == 3:
        return "9" * rng.randint(300, 5000)
    if kind == 4:
        return random_text(rng, 200)
    if kind == 5:
        return valid.replace('"', "'")
    return json.dumps(random_json(rng))


def _parsed(data: str | bytes) -> object:
    """The JSON value a message holds (None if it holds none)."""
    try:
        return json.loads(data.decode() if isinstance(data, bytes) else data)
    except (ValueError, RecursionError):
        return None


# -- the fuzzer ------------------------------------------------------------------------------------


class Fuzzer:
    """Sends fuzzed messages to one table from its seats and a spectator, and checks each."""

    def __init__(self, server: Server, table: Table, game: GameBase, rng: random.Random) -> None:
        self.server = server
        self.table = table
        self.game = game
        self.rng = rng
        self.stacks: dict[int | None, contextlib.ExitStack] = {}
        self.latest: dict[int | None, Frame] = {}
        self.peers: dict[int | None, Peer] = {}
        for seat in [*sorted(table.tokens), None]:
            self._connect(seat)
        state = self.peers[None].snapshot()
        self.seq: int = state["seq"]
        self.version: int = state["table"]["version"]
        self.games_checked = 0
        self.accepted_total = 0
        self.closes = 0
        self._new_game()

    def _connect(self, seat: int | None) -> None:
        old = self.stacks.pop(seat, None)
        if old is not None:
            old.close()
        stack = contextlib.ExitStack()
        token = None if seat is None else self.table.tokens[seat]
        name = "w" if seat is None else f"s{seat}"
        self.peers[seat] = stack.enter_context(
            self.server.connect(self.table.invite, token, name=name)
        )
        self.stacks[seat] = stack

    def close(self) -> None:
        """Close every connection."""
        for stack in self.stacks.values():
            stack.close()

    def _new_game(self) -> None:
        self.accepted: list[tuple[int, str]] = []
        self.firsts: dict[tuple[int, str], Frame] = {}
        self.recent_errors: OrderedDict[tuple[int, str], None] = OrderedDict()
        self.ok_ids: list[tuple[int, str]] = []

    # -- making messages ---------------------------------------------------------------------

    def canonical(self, action: object) -> str:
        """The notation the server stores for an accepted action."""
        if isinstance(action, str):
            return self.game.action_to_string(self.game.parse_action(action))
        assert isinstance(action, int)
        code: Action = action
        return self.game.action_to_string(code)

    def _fresh_id(self, seat: int | None) -> str:
        return f"f{seat}-{self.rng.getrandbits(48):x}"

    def _pick_id(self, seat: int | None) -> object:
        roll = self.rng.random()
        mine = [key for key in self.ok_ids if key[0] == seat]
        errors = [key for key in self.recent_errors if key[0] == seat]
        if roll < 0.08 and mine:
            return self.rng.choice(mine)[1]
        if roll < 0.14 and errors:
            return self.rng.choice(errors)[1]
        if roll < 0.24:
            # Unusable ids, and usable ones of odd characters (unique, so that only the reuses
            # above reuse an id).
            unique = self._fresh_id(seat)
            return self.rng.choice(
                [
                    "",
                    "x" * 65,
                    7,
                    None,
                    ["i"],
                    "a\nb",
                    "\ud800",
                    unique + "é" * 40,
                    unique + random_text(self.rng),
                ]
            )
        return self._fresh_id(seat)

    def _legal(self, seat: int) -> tuple[int, list[str]]:
        """The version and the seat's legal moves now (its last snapshot, if nothing changed
        since, else a fresh one)."""
        state = self.latest.get(seat)
        if state is None or state["seq"] != self.seq:
            state = self.latest[seat] = self.peers[seat].snapshot()
        return state["table"]["version"], [m["action"] for m in state.get("legal") or []]

    def message(self, seat: int | None) -> tuple[str | bytes, str]:
        """One fuzzed message from ``seat`` (None: the spectator) and what kind it is."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.22 and seat is not None:
            version, moves = self._legal(seat)
            if moves:
                move = {"type": "act", "id": self._fresh_id(seat), "action": rng.choice(moves)}
                return json.dumps({**move, "version": version}), "valid"
        if roll < 0.50:
            return json.dumps(self._mutated_act(seat)), "act"
        if roll < 0.57:
            text = rng.choice(["gg", "", " ", "x" * 501, 5, None, random_text(rng, 40), "\x00"])
            return json.dumps({"type": "chat", "id": self._pick_id(seat), "text": text}), "chat"
        if roll < 0.62:
            kind = rng.choice(["ping", "resync"])
            return json.dumps({"type": kind, "id": self._pick_id(seat)}), kind
        if roll < 0.72:
            value = random_json(rng)
            if isinstance(value, dict) and rng.random() < 0.5:
                value["type"] = rng.choice(TYPES)
            return json.dumps(value), "json"
        if roll < 0.85:
            return garbage(rng), "garbage"
        if roll < 0.92:
            if rng.random() < 0.5:
                return bytes(rng.randrange(256) for _ in range(rng.randint(0, 40))), "binary"
            return json.dumps(self._mutated_act(seat)).encode(), "binary"
        if roll < 0.997:
            body: dict[str, object] = {"type": rng.choice(TYPES), "id": self._pick_id(seat)}
            body["x"] = random_json(rng)
            return json.dumps(body), "other"
        size = MAX_MESSAGE + rng.randint(1, 2000)
        return json.dumps({"type": "chat", "id": "big", "text": "y" * size}), "oversized"

    def _mutated_act(self, seat: int | None) -> dict[str, Any]:
        rng = self.rng
        version, moves = self._legal(seat if seat is not None else rng.choice(self._seats()))
        if not moves:  # someone else's move, or the game is over
            other = self._seats()
            version, moves = self._legal(rng.choice(other))
        action: object = rng.choice(moves) if moves else "r1"
        roll = rng.random()
        if roll < 0.15:
            action = random_json(rng)
        elif roll < 0.3:
            action = rng.randint(-5, 400)
        elif roll < 0.45 and isinstance(action, str):
            action = action[: rng.randrange(len(action) + 1)] + random_text(rng, 3)
        elif roll < 0.55:
            action = rng.choice(["r1", "hide:3h", "L1:steal", "y>Y3", "deal:carla", "6+5>3"])
        message: dict[str, Any] = {"type": "act", "id": self._pick_id(seat), "action": action}
        roll = rng.random()
        if roll < 0.5:
            message["version"] = version
        elif roll < 0.7:
            message["version"] = version + rng.choice([-2, -1, 1, 2])
        elif roll < 0.9:
            message["version"] = random_json(rng)
        if rng.random() < 0.2:
            message["seat"] = rng.choice([0, 1, 2, -1, None, "0"])
        if rng.random() < 0.1:
            message[random_text(rng, 5)] = random_json(rng)
        return message

    def _seats(self) -> list[int]:
        return [seat for seat in self.peers if seat is not None]

    # -- sending and checking --------------------------------------------------------------------

    def step(self) -> None:
        """Send one fuzzed message from a random connection and check what came back."""
        rng = self.rng
        seat = rng.choice([*self._seats(), *self._seats(), None])
        data, kind = self.message(seat)
        peer = self.peers[seat]
        if isinstance(data, bytes):
            peer.send_bytes(data)
        else:
            peer.send_text(data)
        # A resync after the message (its snapshot shows whether the table changed), then a
        # ping: its pong comes after every answer to both.
        peer.send({"type": "resync"})
        marker = peer.next_id()
        peer.send({"type": "ping", "id": marker})
        try:
            frames = peer.frames_until(lambda f: f.get("re") == marker)
        except Closed as closed:
            assert kind == "oversized" and closed.code in CLOSE_CODES, (kind, closed, data[:200])
            self.closes += 1
            self._connect(seat)
            self._check_state(self.peers[None].snapshot())
            return
        assert kind != "oversized", "an oversized message closes the connection"
        self._check_frames(seat, _parsed(data), frames[:-1])
        self.latest[seat] = [f for f in frames if f["type"] == "state" and "chat" in f][-1]

    def _check_frames(self, seat: int | None, message: object, frames: list[Frame]) -> None:
        for frame in frames:
            if frame["type"] == "state":
                assert frame["seat"] == seat
                if seat is None:
                    assert "legal" not in frame and "choice" not in frame
            if frame["type"] == "error":
                assert frame["error"]["code"] in ERROR_CODES and "re" not in frame
        snapshots = [f for f in frames if f["type"] == "state" and "chat" in f]
        assert snapshots, "the resync sent after the message is answered"
        final = snapshots[-1]
        answers = [f for f in frames if f["type"] in ("reply", "error", "pong")]
        if not isinstance(message, dict):
            assert [f["type"] for f in answers] == ["error"], answers
            assert answers[0]["error"]["code"] == "invalid"
            self._check_state(final)
            return
        client_id = usable_id(message)
        kind = message.get("type")
        if kind == "resync":
            assert answers == [] and len(snapshots) == 2, frames
        elif kind == "ping":
            assert [(f["type"], f["re"]) for f in answers] == [("pong", client_id)], answers
        elif client_id is None:
            assert [f["type"] for f in answers] == ["error"], answers
            assert answers[0]["error"]["code"] == "invalid"
        else:
            assert [(f["type"], f["re"]) for f in answers] == [("reply", client_id)], answers
            self._check_reply(seat, kind, message, client_id, answers[0])
        self._check_state(final)

    def _check_reply(
        self, seat: int | None, kind: object, message: dict[str, Any], client_id: str, reply: Frame
    ) -> None:
        if seat is None:
            if kind == "act":
                assert reply["error"]["code"] == "not_seated", reply
            elif kind == "chat":  # the spectators' channel: kept in memory, never in the log
                refused = ("invalid", "rate_limited", "limit_reached")
                assert reply["ok"] or reply["error"]["code"] in refused, reply
            else:
                assert reply["error"]["code"] == "invalid", reply
            return
        if kind not in ("act", "chat"):
            assert reply["error"]["code"] == "invalid", reply
            return
        key = (seat, client_id)
        if key in self.firsts:
            assert reply == self.firsts[key], "an id seen before gets its first reply again"
            return
        if reply["ok"]:
            self.firsts[key] = reply
            self.ok_ids.append(key)
            self.seq += 1
            if kind == "act":
                self.version = reply["version"]
                self.accepted.append((seat, self.canonical(message["action"])))
            return
        assert reply["error"]["code"] in ERROR_CODES, reply
        if kind == "act":  # the server keeps refused moves' replies (not refused chat)
            self.firsts[key] = reply
            self.recent_errors[key] = None
            while len(self.recent_errors) > RECENT_ERRORS:
                self.recent_errors.popitem(last=False)

    def _check_state(self, state: Frame) -> None:
        """The table changed only by what was accepted."""
        assert state["seq"] == self.seq, "only an accepted move or chat changes the table"
        assert state["table"]["version"] == self.version
        if state["table"]["status"] == "finished":
            self._check_record()
            for seat in sorted(self.table.tokens):  # a rematch: every person asks for it
                token = self.table.tokens[seat]
                again = self.server.post(f"/api/tables/{self.table.invite}/again", token=token)
                assert again.status_code == 200, again.text
                self.seq += 1
            self.seq += 1  # the start
            self.version = self.peers[None].snapshot()["table"]["version"]
            self._new_game()

    def _check_record(self) -> None:
        """The finished game's record is the accepted moves; so is the stored log."""
        response = self.server.client.get(f"/api/tables/{self.table.invite}/record")
        assert response.status_code == 200, response.text
        record = GameRecord.from_json(response.json())
        final = check_record(record, self.game)
        state = self.game.new_initial_state()
        played: dict[int, list[str]] = {}
        for text in record.actions:
            actor = state.current_player()
            action = self.game.parse_action(text)
            if actor >= 0:
                played.setdefault(actor, []).append(self.game.action_to_string(action))
            state.apply(action)
        accepted: dict[int, list[str]] = {}
        for seat, text in self.accepted:
            accepted.setdefault(seat, []).append(text)
        assert played == accepted, "the record holds exactly the accepted moves"
        # Each seat sees view(seat) of the final position; a spectator, once the game is over
        # (its record is public then), view(None).
        for seat in self._seats():
            assert self.peers[seat].snapshot()["view"] == final.view(seat)
        spectator = self.peers[None].snapshot()
        assert spectator["view"] == final.view(None)
        game_number = spectator["table"]["game_number"]
        stored = [
            (e.seat, e.data["action"])
            for e in self.server.events(self.table.invite)
            if e.kind == "act" and e.game_number == game_number
        ]
        assert stored == self.accepted
        self.games_checked += 1
        self.accepted_total += len(self.accepted)


def test_ten_thousand_fuzzed_messages_never_break_a_table(tmp_path: Path) -> None:
    rng = random.Random(20240607)
    per_game = MESSAGES // len(GAMES)
    with serve(f"sqlite:///{tmp_path}/clickbox.db") as server:
        totals = {"games": 0, "accepted": 0, "closes": 0}
        for name in GAMES:
            table = server.create(game=name, seats=["human", "human"])
            fuzzer = Fuzzer(server, table, load(name, 2), rng)
            try:
                for _ in range(per_game):
                    fuzzer.step()
                # The connections still work after it all.
                for peer in fuzzer.peers.values():
                    assert peer.request({"type": "ping"})["type"] == "pong"
            finally:
                fuzzer.close()
            totals["games"] += fuzzer.games_checked
            totals["accepted"] += fuzzer.accepted_total
            totals["closes"] += fuzzer.closes
    # The fuzz did reach the interesting parts: whole games, and oversized messages.
    assert totals["games"] >= len(GAMES) and totals["accepted"] > 100 and totals["closes"] > 0


# -- HTTP ---------------------------------------------------------------------------------------


def _random_body(rng: random.Random) -> object:
    if rng.random() < 0.1:
        return random_json(rng)
    body: dict[str, Any] = {"name": "Bo"} if rng.random() < 0.5 else {}
    choices: dict[str, list[object]] = {
        "game": ["clever", "clickety-clack", "click-click-boom", "click-clack", "chess", 5, None],
        "players": [1, 2, 3, 4, 6, 7, 0, -1, 10**30, "2", True, None, 2.5],
        "preset": [None, "quick", "free-choice", "a-side", "nope", 3],
        "options": [{}, {"nope": 1}, [], {"x": [1]}, None, "x=1"],
        "seats": [
            None,
            ["human", "human"],
            ["human", "bot:random"],
            ["bot:random", "bot:random"],
            ["human", "human", "human"],
            ["human", "bot:nope"],
            ["human", 7],
            "human",
            [],
        ],
        "settings": [
            None,
            {},
            {"public": False},
            {"public": "no"},
            {"grace_policy": "bot"},
            {"grace_policy": "kick"},
            {"turn_seconds": 3600},
            {"turn_seconds": 0.5},
            {"turn_seconds": -1},
            {"takeover": "nope"},
            {"takeover": "easy"},
            {"nope": 1},
            [],
        ],
        "name": ["Ann", "", " ", "x" * 40, 7, None, "\x00", "é🙂"],
        "join": [True, False, "yes", None],
        "seat": [0, 1, 2, -1, "1", True, None, 10**20],
    }
    # A valid body (sometimes) with a few keys set to random, mostly wrong, values.
    if rng.random() < 0.6:
        body = {"game": rng.choice(["clever", "clickety-clack"]), "players": 2, "name": "Ann"}
    for key in rng.sample(list(choices), rng.randint(0, 3)):
        body[key] = rng.choice(choices[key])
    if rng.random() < 0.3:
        body[random_text(rng, 6)] = random_json(rng)
    if rng.random() < 0.1:
        body["name"] = random_text(rng, 40)
    return body


def test_lobby_requests_never_get_a_5xx(tmp_path: Path) -> None:
    rng = random.Random(99)
    statuses: dict[int, int] = {}
    with serve(f"sqlite:///{tmp_path}/clickbox.db") as server:
        tables: list[dict[str, Any]] = []  # {"invite", "tokens"} of tables made so far
        for _ in range(HTTP_REQUESTS):
            known = rng.choice(tables) if tables and rng.random() < 0.8 else None
            invite = known["invite"] if known else rng.choice(["NOSUCHTB", "x" * 40, "é", "0"])
            tokens = known["tokens"] if known else []
            token = rng.choice([*tokens, "nope", "", None]) if tokens else rng.choice(["x", None])
            what = rng.choices(list(HTTP_MIX), weights=list(HTTP_MIX.values()))[0]
            if what == "create":
                response = server.post("/api/tables", _random_body(rng))
            elif what == "list":
                response = server.client.get("/api/tables")
            elif what == "get":
                response = server.client.get(f"/api/tables/{invite}")
            elif what == "record":
                response = server.client.get(f"/api/tables/{invite}/record")
            elif what == "join":
                response = server.post(f"/api/tables/{invite}/join", _random_body(rng))
            elif what == "raw":
                raw = garbage(rng).encode("utf-8", "surrogatepass")
                response = server.post(
                    rng.choice(["/api/tables", f"/api/tables/{invite}/join"]), raw=raw
                )
            elif what == "unknown":
                name = "".join(rng.choice(PATH_CHARS) for _ in range(rng.randint(1, 12)))
                response = server.post(f"/api/tables/{invite}/{name}")
            else:
                response = server.post(f"/api/tables/{invite}/{what}", token=token)
            status = response.status_code
            statuses[status] = statuses.get(status, 0) + 1
            assert status < 500, (what, status, response.text)
            if status == 404 and what == "unknown":
                continue  # may be the router's own 404 (a path it has no route for)
            body = response.json()
            if status >= 400:
                assert set(body) == {"error"}, body
                assert HTTP_CODES[body["error"]["code"]] == status, body
                continue
            if what == "create":
                tables.append({"invite": body["invite"], "tokens": [body.get("token")]})
            elif what == "join" and known is not None:
                known["tokens"].append(body["token"])
    # The fuzz did reach both the accepting and the refusing paths.
    assert sum(n for s, n in statuses.items() if s < 300) > 50, statuses
    assert sum(n for s, n in statuses.items() if 400 <= s < 500) > 100, statuses
