"""Spectators (issue 35, finding 6): their coming and going is told in coalesced ``table``
frames, so that N spectators cost work linear in N (not N squared), the count everyone sees
ends right, and the caps per table and per client address refuse the spectator beyond them
(``too_many_spectators``, close 1008) but never a seat's player."""

from __future__ import annotations

import contextlib
import functools
import json
import time
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from starlette.testclient import TestClient

from clickbox.server import app as server_app
from clickbox.server import hub as server_hub
from clickbox.server.limits import Limits

from .play import app_client, from_address, human_table
from .test_hostile import PROTOCOL, Closed, Frame, Peer, legal_moves, mover_and_other

WAIT_SECONDS = 20.0
"""The most a test waits for the lobby's count to change (a safety net, not a threshold)."""


@pytest.fixture(autouse=True)
def _no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The helpers resync and ping; the message rate limit is another test's subject."""
    monkeypatch.setattr(server_app, "RATE", 1e9)
    monkeypatch.setattr(server_app, "BURST", 1e9)


@contextlib.contextmanager
def connected(
    client: TestClient, invite: str, token: str | None = None, name: str = "w"
) -> Iterator[Peer]:
    """A WebSocket at the table, its hello answered (welcome up to the state snapshot)."""
    with client.websocket_connect(f"/ws/{invite}") as ws:
        peer = Peer(ws, name)
        peer.hello(token)
        yield peer


def refused_hello(client: TestClient, invite: str, token: str | None = None) -> Frame:
    """A hello the server refuses: its one error frame, checked to be followed by close 1008."""
    with client.websocket_connect(f"/ws/{invite}") as ws:
        peer = Peer(ws)
        peer.send({"type": "hello", "protocol": PROTOCOL, "token": token})
        error = peer.frame()
        assert error["type"] == "error", error
        with pytest.raises(Closed) as closed:
            peer.frame()
        assert closed.value.code == 1008
        return error


def lobby_count(client: TestClient, invite: str) -> int:
    """The spectator count of the table's public information (exact at once)."""
    return int(client.get(f"/api/tables/{invite}").json()["table"]["spectators"])


def wait_for_count(client: TestClient, invite: str, count: int) -> None:
    """Until the server has seen the sockets closed so far go (bounded)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while lobby_count(client, invite) != count:
        assert time.monotonic() < deadline, f"the count never became {count}"
        time.sleep(0.01)


def count_seen(peer: Peer, count: int) -> Frame:
    """Read until a frame that tells ``count`` spectators (a `table` or `state` frame)."""
    return next_where(peer, lambda f: "table" in f and f["table"]["spectators"] == count)


def next_where(peer: Peer, predicate: Callable[[Frame], bool]) -> Frame:
    """The next frame for which ``predicate`` holds (each read waits at most 20 s)."""
    for _ in range(10_000):
        frame = peer.frame()
        if predicate(frame):
            return frame
    raise AssertionError("the expected frame never came")


def newer_state(frame: Frame, version: int) -> bool:
    """A state frame after ``version``."""
    return frame["type"] == "state" and int(frame["table"]["version"]) > version


def too_large(peer: Peer) -> None:
    """Send a message over the size limit: the server answers an error and closes the socket
    (the connection ends from the server's side, not the client's)."""
    peer.send_text("x" * (server_app.MAX_MESSAGE + 10))
    assert next_where(peer, lambda f: f["type"] == "error")["error"]["code"] == "too_large"
    with pytest.raises(Closed):
        next_where(peer, lambda f: False)


def last_count(peer: Peer) -> int | None:
    """After a sync (ping): the spectator count of the last `table` or `state` frame read."""
    counts = [f["table"]["spectators"] for f in peer.sync() if "table" in f]
    return counts[-1] if counts else None


class SentFrames:
    """The frames the server queues for each connection, by (seat, frame type)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.counts: Counter[tuple[int | None, str]] = Counter()
        send = server_app.Connection.send

        def counting(connection: server_app.Connection, text: str) -> None:
            self.counts[(connection.seat, json.loads(text)["type"])] += 1
            send(connection, text)

        monkeypatch.setattr(server_app.Connection, "send", counting)


def test_n_spectators_coming_and_going_cost_frames_linear_in_n(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    spectators = 150
    limits = Limits(spectators_per_client=spectators + 10)
    with app_client(db_url, limits=limits) as client:
        invite, tokens = human_table(client, "clickety-clack", 2)
        with (
            connected(client, invite, tokens[0], "s0") as seat0,
            connected(client, invite, tokens[1], "s1"),
        ):
            seat0.sync()  # the seats' own presence, told before the spectators come
            sent = SentFrames(monkeypatch)
            start = time.monotonic()
            with contextlib.ExitStack() as watching:
                for number in range(spectators):
                    watching.enter_context(connected(client, invite, name=f"w{number}"))
                assert lobby_count(client, invite) == spectators
            count_seen(seat0, 0)  # every spectator gone, and the seat has heard so
            elapsed = time.monotonic() - start
            counts = Counter(sent.counts)
        flushes = counts[(0, "table")]
        viewers = spectators + 2
        # Each spectator's own welcome and snapshot, and one `table` frame per flush to each
        # viewer; the flushes come at most once per SPECTATOR_FLUSH_SECONDS. Every spectator
        # joining or leaving told everyone at once before: about N * N frames, and 2 * N to
        # the seat.
        most_flushes = elapsed / server_hub.SPECTATOR_FLUSH_SECONDS + 2
        total = sum(counts.values())
        assert total <= 2 * spectators + most_flushes * viewers, (total, elapsed, counts)
        assert flushes <= most_flushes, (flushes, elapsed)
        assert counts[(None, "welcome")] == counts[(None, "state")] == spectators


def test_the_count_everyone_sees_ends_right(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clickety-clack", 2)
        with contextlib.ExitStack() as stack:
            seat0 = stack.enter_context(connected(client, invite, tokens[0], "s0"))
            staying = [stack.enter_context(connected(client, invite)) for _ in range(5)]
            with contextlib.ExitStack() as leaving:
                for _ in range(6):
                    leaving.enter_context(connected(client, invite))
                # One closed by the server (a message over the size limit), not by its client.
                dropped = leaving.enter_context(connected(client, invite))
                assert lobby_count(client, invite) == 12
                for peer in (seat0, *staying):
                    count_seen(peer, 12)  # all joined: everyone hears so, after the delay
                too_large(dropped)
                wait_for_count(client, invite, 11)
            wait_for_count(client, invite, 5)
            for peer in (seat0, *staying):
                count_seen(peer, 5)  # the count only falls from 12: 5 is the last one
                assert last_count(peer) in (None, 5), "no other count came after"
            with connected(client, invite) as late:
                assert late.snapshot()["table"]["spectators"] == 6, "the newcomer counts itself"
            wait_for_count(client, invite, 5)


def test_the_caps_refuse_the_spectator_beyond_them_never_a_seat(db_url: str) -> None:
    limits = Limits(spectators_per_table=3, spectators_per_client=2)
    with app_client(db_url, limits=limits) as client:
        invite, tokens = human_table(client, "clickety-clack", 2)
        ann, bob, cat = (from_address(client, f"10.0.0.{n}") for n in (1, 2, 3))
        with contextlib.ExitStack() as stack:
            first = stack.enter_context(connected(ann, invite))
            stack.enter_context(connected(ann, invite))
            over_client = refused_hello(ann, invite)["error"]
            assert over_client["code"] == "too_many_spectators"
            assert "at most 2 connections" in over_client["message"]
            stack.enter_context(connected(bob, invite))  # another address: the table's third
            over_table = refused_hello(cat, invite)["error"]
            assert over_table["code"] == "too_many_spectators"
            assert "3 spectators" in over_table["message"]
            assert lobby_count(client, invite) == 3, "a refused spectator is not counted"
            # Both caps reached: a seat's player still comes in, from either address.
            seat0 = stack.enter_context(connected(ann, invite, tokens[0], "s0"))
            assert seat0.welcome is not None and seat0.welcome["seat"] == 0
            seat1 = stack.enter_context(connected(cat, invite, tokens[1], "s1"))
            assert seat1.welcome is not None and seat1.welcome["seat"] == 1
            assert lobby_count(client, invite) == 3, "a seat never counts as a spectator"
            # A spectator closed by the server gives its place back, to its address and table.
            too_large(first)
            wait_for_count(client, invite, 2)
            stack.enter_context(connected(ann, invite))  # the address and the table have room
            assert refused_hello(cat, invite)["error"]["code"] == "too_many_spectators"
            assert lobby_count(client, invite) == 3
        wait_for_count(client, invite, 0)
        with connected(ann, invite), connected(ann, invite):
            assert lobby_count(client, invite) == 2, "every place was given back"


def test_a_move_reaches_everyone_while_spectators_come_and_go(db_url: str) -> None:
    with app_client(db_url) as client:
        invite, tokens = human_table(client, "clickety-clack", 2)
        with contextlib.ExitStack() as stack:
            peers = {
                seat: stack.enter_context(connected(client, invite, token, f"s{seat}"))
                for seat, token in enumerate(tokens)
            }
            watchers: list[tuple[contextlib.ExitStack, Peer]] = []
            for turn in range(4):
                for _ in range(3):  # three come, one goes, before every move
                    one = contextlib.ExitStack()
                    watchers.append((one, one.enter_context(connected(client, invite))))
                gone, _ = watchers.pop(turn % len(watchers))
                gone.close()
                wait_for_count(client, invite, len(watchers))
                mover, other = mover_and_other(peers)
                version, moves = legal_moves(peers[mover])
                message = {"type": "act", "action": moves[0], "version": version}
                reply, before_reply = peers[mover].exchange(message)
                assert reply["ok"], reply
                states = [f for f in before_reply if f["type"] == "state"]
                assert states and states[-1]["table"]["version"] > version, "the mover's state"
                after_move = functools.partial(newer_state, version=version)
                for peer in [peers[other], *(w for _, w in watchers)]:
                    states.append(next_where(peer, after_move))
                for state in states:  # the move's frame tells the count as it is, too
                    assert state["table"]["spectators"] == len(watchers)
            for one, _ in watchers:
                one.close()
