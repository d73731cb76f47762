"""Non-interference: what a seat cannot see does not change a byte of what it is sent.

Each test plays the same table twice on the server (in-process, every seat a scripted human
over WebSocket, no clock, so nothing depends on timing) with the same moves, the two runs
differing only in something the observers cannot see, and compares the exact text of every
frame each observer received before that difference may show. The server draws each game's
seed itself (``secrets.randbits`` in ``hub.py``); the tests replace the hub's ``secrets`` with
one that returns a chosen seed and a fixed invite code (the invite is public and would differ
otherwise), and leave seat tokens random, so they differ between the runs too.

- **Two seeds, one observable history** (every game): seed pairs found with the engine for
  which the observer's view is the same after every move of a script while the full states
  differ: Click Clack's disc layout under the board, Click Click Boom's cards drawn at random
  from the observer's own hand (which the observer never sees), and for That's Pretty Clever and
  Clickety Clack, whose positions hold nothing hidden, the seed's future (the positions are
  identical, only the dice to come differ). Another seat also sends different request ids and
  refused requests, pings and resyncs in the second run. The observers' frames must match up to
  the move after which their views differ, and must differ after it.
- **A simultaneous choice** (That's Pretty Clever's passive picks, Click Click Boom's showdown
  and its pass): one seat commits choice X in the first run and Y in the second, in its turn
  (the engine holds it) or before it (the server holds it); the other seats' and a spectator's
  frames must match until the last choice is in and all are revealed.
- **Carla's face-down card** (Click Click Boom): two seeds that draw cards of different kinds
  into Carla's played pile when she saves herself from a BOOM; her frames and a spectator's
  match from the start to the end of the script (the card lies face down), seat 1's differ (it
  sees her hand).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from clickbox.core import GameBase, Match, StateBase
from clickbox.games import load
from clickbox.games.boom.rules import BoomState
from clickbox.games.clack import actions as clack_actions
from clickbox.games.clack.rules import ClickClackState
from clickbox.server import create_app, hub
from clickbox.server.frames import PROTOCOL
from clickbox.server.tables import SEED_BITS

from .play import Seat

Step = tuple[str, int, str]
"""("act", seat, move) or ("noise", seat, kind)."""
SPECTATOR = -1


class FixedSecrets:
    """The hub's ``secrets`` with a chosen seed and a fixed invite code (tokens stay random)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.seeds_drawn = 0
        self.token_hex = secrets.token_hex
        self.token_urlsafe = secrets.token_urlsafe

    def randbits(self, bits: int) -> int:
        assert bits == SEED_BITS
        self.seeds_drawn += 1
        return self.seed

    def choice(self, options: str) -> str:
        return options[0]


class Reader(Seat):
    """One socket of the test: every frame's text, in order, and the latest state."""

    def next(self) -> dict[str, Any]:
        return self.receive()

    def reply(self, rid: str) -> dict[str, Any]:
        return self.until(lambda frame: frame.get("re") == rid)

    def state_at(self, seq: int) -> dict[str, Any]:
        while not self.state or self.state["seq"] < seq:
            self.receive()
        return self.state


@dataclass
class Run:
    """One run of a table: its seed, the steps, its name, and the seats whose request ids
    carry the name (the others' are the same in every run)."""

    seed: int
    steps: list[Step]
    prefix: str = "a"
    renamed: frozenset[int] = frozenset()
    frames: dict[int, list[str]] = field(default_factory=dict)


def play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str, run: Run) -> Run:
    """Play ``run`` on a fresh server; keep every frame each seat and a spectator received."""
    game = load(spec)
    fixed = FixedSecrets(run.seed)
    monkeypatch.setattr(hub, "secrets", fixed)
    db = tmp_path / f"{run.prefix}-{run.seed}.db"
    with TestClient(create_app(f"sqlite:///{db}", bot_workers=0)) as client:
        n = game.num_players
        body = {"game": spec, "seats": ["human"] * n, "name": "P0"}
        created = client.post("/api/tables", json=body).json()
        invite, tokens = created["invite"], {0: created["token"]}
        for seat in range(1, n):
            joined = client.post(f"/api/tables/{invite}/join", json={"name": f"P{seat}"}).json()
            tokens[joined["seat"]] = joined["token"]
        with contextlib.ExitStack() as stack:
            readers: dict[int, Reader] = {}
            for seat in [*range(n), SPECTATOR]:
                socket = stack.enter_context(client.websocket_connect(f"/ws/{invite}"))
                token = tokens.get(seat)
                socket.send_json({"type": "hello", "protocol": PROTOCOL, "token": token})
                readers[seat] = Reader(socket)
                readers[seat].until(lambda f: f["type"] == "state")
            auth = {"Authorization": f"Bearer {tokens[0]}"}
            assert client.post(f"/api/tables/{invite}/start", headers=auth).status_code == 200
            seq = 1
            for number, (kind, seat, what) in enumerate(run.steps):
                reader = readers[seat]
                version = reader.state_at(seq)["table"]["version"]
                rid = f"{run.prefix if seat in run.renamed else 'r'}-{seq}"
                if kind == "act":
                    reader.socket.send_json(
                        {"type": "act", "id": rid, "action": what, "version": version}
                    )
                    reply = reader.reply(rid)
                    assert reply["ok"], reply
                    seq += 1
                else:
                    _noise(reader, what, f"n-{number}", version)
            for seat, reader in readers.items():
                reader.socket.send_json({"type": "ping", "id": "end"})
                reader.until(lambda f: f["type"] == "pong")
                run.frames[seat] = reader.texts
    assert fixed.seeds_drawn == 1
    return run


def _noise(reader: Reader, kind: str, rid: str, version: int) -> None:
    """A request that changes nothing at the table (and that only its sender hears about)."""
    if kind == "ping":
        reader.socket.send_json({"type": "ping", "id": rid})
        reader.until(lambda f: f["type"] == "pong")
    elif kind == "resync":
        reader.socket.send_json({"type": "resync"})
        reader.until(lambda f: f["type"] == "state")
    elif kind == "malformed":
        reader.socket.send_text("{not json")
        reader.until(lambda f: f["type"] == "error")
    else:  # garbage: a move in no game's notation, from an old version
        message = {"type": "act", "id": rid, "action": "zzz", "version": version - 1}
        reader.socket.send_json(message)
        reply = reader.reply(rid)
        assert not reply["ok"], reply


def before(texts: list[str], seq: int) -> list[str]:
    """The frames received before the first one built at event ``seq`` or later."""
    for i, text in enumerate(texts):
        value = json.loads(text).get("seq")
        if isinstance(value, int) and value >= seq:
            return texts[:i]
    return list(texts)


# -- two seeds, one observable history ----------------------------------------------------------


def _digest(view: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()


def _choose(state: StateBase, number: int) -> int:
    """The script's move: a fixed pick among the legal moves (the same in both runs)."""
    legal = state.legal_actions()
    return legal[(7 * number + 3) % len(legal)]


@dataclass
class Pair:
    """Two seeds and a script: the observer's views agree after every move but the last."""

    a: int
    b: int
    moves: list[tuple[int, str]]


Differs = Callable[[StateBase, StateBase, StateBase, StateBase], bool]


def find_pair(
    game: GameBase, seat: int, seeds: range, differs: Differs, min_moves: int = 3
) -> Pair:
    """Seeds a and b, and moves after each of which ``seat``'s view is the same under both but
    the last; ``differs(a, b, a_after, b_after)`` says the states before the last move differ
    the way the test wants (and the last move shows it)."""
    groups: dict[str, list[int]] = defaultdict(list)
    for seed in seeds:
        groups[_digest(Match(game, seed).state.view(seat))].append(seed)
    for group in groups.values():
        for a, b in combinations(group, 2):
            moves = _agree(game, seat, a, b, differs, min_moves)
            if moves is not None:
                return Pair(a, b, moves)
    raise AssertionError(f"no pair of seeds among {seeds} for {game.spec()}")


def _agree(
    game: GameBase, seat: int, a: int, b: int, differs: Differs, min_moves: int
) -> list[tuple[int, str]] | None:
    first, second = Match(game, a), Match(game, b)
    moves: list[tuple[int, str]] = []
    while not first.state.is_terminal():
        mover = first.state.current_player()
        text = game.action_to_string(_choose(first.state, len(moves)))
        if second.state.current_player() != mover:
            return None
        if game.parse_action(text) not in second.state.legal_actions():
            return None
        was = first.state.clone(), second.state.clone()
        first.play(text, mover)
        second.play(text, mover)
        moves.append((mover, text))
        if _digest(first.state.view(seat)) != _digest(second.state.view(seat)):
            ok = len(moves) > min_moves and differs(*was, first.state, second.state)
            return moves if ok else None
    return None


def _clack_layout(a: StateBase, b: StateBase, a_after: StateBase, b_after: StateBase) -> bool:
    """The layouts differ, and the die has shown the same in both: the layout shows."""
    assert isinstance(a, ClickClackState) and isinstance(b, ClickClackState)

    def rolls(state: StateBase) -> list[int]:
        return [x for x in state.history if x >= clack_actions.ROLL_BASE and x < 50]

    return a._disc != b._disc and rolls(a_after) == rolls(b_after)


def _boom_own_cards(a: StateBase, b: StateBase, _a: StateBase, _b: StateBase) -> bool:
    """Seat 0's own cards (its hand and its two face-down cards) differ in kind."""
    assert isinstance(a, BoomState) and isinstance(b, BoomState)

    def cards(state: BoomState) -> tuple[Any, ...]:
        kinds = state.config.kinds
        table = [kinds[c] if c >= 0 else None for c in (state._left[0], state._right[0])]
        return (*table, sorted(kinds[c] for c in state._hands[0]))

    return cards(a) != cards(b)


def _future_only(a: StateBase, b: StateBase, a_after: StateBase, b_after: StateBase) -> bool:
    """The positions are identical (history and all): only the seeds' dice to come differ."""
    return a.history == b.history and a_after.history != b_after.history


PAIRS: dict[str, tuple[range, Differs, int, list[int]]] = {
    # game spec: the seeds searched, the hidden difference, the fewest moves before it shows,
    # and the seats whose frames must match (with a spectator's)
    "click-clack(players=3)": (range(1, 400), _clack_layout, 6, [0, 1]),
    "click-click-boom(players=2,mode=quick)": (range(1, 400), _boom_own_cards, 3, [0]),
    "clever(players=3)": (range(1, 4000), _future_only, 3, [0, 1]),
    "clickety-clack(players=3)": (range(1, 4000), _future_only, 3, [0, 1]),
}


@pytest.mark.parametrize("spec", sorted(PAIRS))
def test_a_seats_frames_do_not_depend_on_what_it_cannot_see(
    spec: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds, differs, fewest, observers = PAIRS[spec]
    game = load(spec)
    pair = find_pair(game, 0, seeds, differs, fewest)
    steps: list[Step] = [("act", mover, text) for mover, text in pair.moves]
    other = game.num_players - 1  # not an observer: it makes noise in the second run
    noisy: list[Step] = []
    for number, step in enumerate(steps):
        if step[1] == other:
            kind = ("ping", "resync", "garbage", "malformed")[number % 4]
            noisy += [("noise", other, kind)]
        noisy.append(step)
    assert len(noisy) > len(steps), "the other seat moves (and makes noise) in the script"
    first = play(tmp_path, monkeypatch, spec, Run(pair.a, steps, "a"))
    second = play(tmp_path, monkeypatch, spec, Run(pair.b, noisy, "b", frozenset({other})))
    reveal = 1 + len(steps)  # the seq of the last move's event (the start is event 1)
    for seat in [*observers, SPECTATOR]:
        shown = before(first.frames[seat], reveal)
        states = [t for t in shown if json.loads(t)["type"] == "state" and json.loads(t)["seq"]]
        assert len(states) == len(steps), "the start and every move but the last were seen"
        assert shown == before(second.frames[seat], reveal), f"seat {seat}'s frames differ"
    # The last move shows the difference (a spectator sees less, and may not see it yet).
    assert first.frames[0] != second.frames[0]
    if spec.startswith("click-click-boom"):  # seat 1 sees seat 0's cards all along
        assert before(first.frames[1], reveal) != before(second.frames[1], reveal)


# -- simultaneous choices ------------------------------------------------------------------------


def _to_step(spec: str, seed: int, phase: str | None) -> tuple[Match, list[Step]]:
    """The engine's match at the first simultaneous step of two seats or more (in the view's
    ``phase``, if given), and the moves that lead there."""
    game = load(spec)
    match = Match(game, seed)
    steps: list[Step] = []
    while len(match.state.simultaneous_seats()) < 2 or (
        phase is not None and match.state.view(None)["phase"] != phase
    ):
        state = match.state
        mover = state.current_player()
        text = game.action_to_string(_choose(state, len(steps)))
        match.play(text, mover)
        steps.append(("act", mover, text))
    return match, steps


CHOICES = {  # the spec, the seed, the phase of the step (None: the first step found)
    "clever": ("clever(players=3)", 11, None),
    "boom-showdown": ("click-click-boom(players=3,mode=quick)", 5, None),
    "boom-pass": ("click-click-boom(players=3,mode=quick)", 5, "pass"),
}


@pytest.mark.parametrize("when", ["in turn", "out of turn"])
@pytest.mark.parametrize("step_id", sorted(CHOICES))
def test_a_simultaneous_choice_is_unseen_until_all_are_revealed(
    step_id: str, when: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec, seed, phase = CHOICES[step_id]
    match, steps = _to_step(spec, seed, phase)
    game = match.game
    step = match.state.simultaneous_seats()
    chooser = step[0] if when == "in turn" else step[-1]
    options = _options(match, chooser)
    assert len(options) >= 2
    others = [s for s in step if s != chooser]
    rest: list[Step] = []
    for seat in others:
        first_option = game.action_to_string(_options(match, seat)[0])
        rest.append(("act", seat, first_option))
    runs = []
    for prefix, option in (("a", options[0]), ("b", options[-1])):
        mine: Step = ("act", chooser, game.action_to_string(option))
        kinds = ("ping", "resync", "garbage", "malformed")
        noise: list[Step] = [("noise", chooser, kind) for kind in kinds]
        script = [*steps, *(noise if prefix == "b" else []), mine, *rest]
        run = Run(seed, script, prefix, frozenset({chooser}))
        runs.append(play(tmp_path, monkeypatch, spec, run))
    reveal = 1 + len(steps) + 1 + len(rest)  # the last choice's event reveals them all
    first, second = runs
    for seat in [*(s for s in range(game.num_players) if s != chooser), SPECTATOR]:
        shown = before(first.frames[seat], reveal)
        assert shown == before(second.frames[seat], reveal), f"seat {seat} saw the choice"
        assert first.frames[seat] != second.frames[seat], "the choices were never revealed"
    assert before(first.frames[chooser], reveal) != before(second.frames[chooser], reveal)


def _options(match: Match, seat: int) -> list[int]:
    """The legal choices of ``seat`` in the open simultaneous step (from any seat's turn)."""
    probe = match.state.clone()
    while probe.current_player() != seat:
        probe.apply(probe.legal_actions()[0])
    return probe.legal_actions()


# -- Carla's face-down card ----------------------------------------------------------------------

CARLA_SPEC = "click-click-boom(players=3,characters=chosen)"
# Carla (seat 0) is given her BOOM (hand card 5) on the left, reveals it and saves herself: a
# card of her hand goes face down into her played pile (chance, from the seed). Then Rory skips,
# everyone passes the unrevealed card, and the next round is picked up to her own turn.
CARLA_SCRIPT = [
    (0, "char:carla"),
    (1, "char:rory"),
    (2, "char:felix"),
    (1, "L5"),
    (2, "R0"),
    (2, "L0"),
    (0, "R0"),
    (0, "L0"),
    (1, "R0"),
    (0, "left"),
    (1, "left"),
    (2, "left"),
    (0, "save"),
    (1, "skip"),
    (0, "pass:unrevealed"),
    (1, "pass:unrevealed"),
    (2, "pass:unrevealed"),
    (2, "L0"),
    (0, "R0"),
    (2, "skip"),
    (0, "L0"),
    (1, "R0"),
    (1, "L0:boom"),
]


def _carla_card(seed: int) -> int:
    """The kind of the card the seed puts face down in Carla's pile (the engine, offline)."""
    game = load(CARLA_SPEC)
    match = Match(game, seed)
    for seat, text in CARLA_SCRIPT[:13]:
        match.play(text, seat)
    state = match.state
    assert isinstance(state, BoomState) and state._down >= 0
    assert state.view(0)["seats"][0]["played"] == [None]
    return state.config.kinds[state._down]


def test_carlas_face_down_card_changes_nothing_she_or_a_spectator_is_sent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rulebook, Carla Coyote: "place it face-down in to your Played Card Pile"."""
    first = 1
    second = next(s for s in range(2, 60) if _carla_card(s) != _carla_card(first))
    steps: list[Step] = [("act", seat, text) for seat, text in CARLA_SCRIPT]
    a = play(tmp_path, monkeypatch, CARLA_SPEC, Run(first, steps, "a"))
    b = play(tmp_path, monkeypatch, CARLA_SPEC, Run(second, steps, "b"))
    for seat in (0, SPECTATOR):
        assert a.frames[seat] == b.frames[seat], f"seat {seat} could tell the face-down card"
    assert a.frames[1] != b.frames[1]  # seat 1 sees her hand: it may work the card out
