"""What a seat sees of a game of Click Clack, and a state rebuilt from it.

Nobody sees the discs: every seat's view, and a spectator's, is the same apart from ``me`` and
``legal``. A view shows the squirrels, Freddy, the board's rotation and the public record of the
discs: every collection (which hole, at which rotation, over which hollow, which kind), the
hollows known to hold no disc now (a squirrel stood over them at rest, or they were emptied),
and with option ``see_through`` the discs seen through vacant holes. The setup's chance steps
read ``?`` in the log; an entry that collected discs says which (``found``: seat and kind, as
public as the collections). The layout itself never appears.

``state_from_view`` samples a layout uniformly among those that agree with all of that
(:mod:`.layout`): the collected hollows held their discs, the hollows known empty held none
(unless a disc was collected from them), the seen discs are where they were seen; the other
discs' kinds are the rest, arranged at random.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import CHANCE, TERMINAL, GameBase, Outcome, Player, View
from ...core.i18n import t
from . import actions as A
from .board import FACE_NAMES, KIND_NAMES, KINDS, SECTION_NAMES
from .rules import (
    HIDE,
    HOME,
    NO_DISC,
    NOBODY,
    ON_TRUNK,
    OVER,
    PHASE_NAMES,
    TRUNK,
    ClickClackConfig,
    ClickClackState,
    Collection,
)

if TYPE_CHECKING:
    import random


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _where(pos: int) -> str:
    if pos == HOME:
        return "home"
    if pos == TRUNK:
        return "trunk"
    return A.to_string(pos)


def make_view(state: ClickClackState, seat: Player | None, history: bool = True) -> View:
    """The view of ``seat`` (``None``: a spectator); the same for everyone but ``me``/``legal``
    (without ``log`` unless ``history``)."""
    game = state.game
    config = state.config
    geometry = config.geometry
    to_move = state._current_player()
    under = geometry.under[state._rot]
    outcome = state.outcome()
    disc = state._disc
    view: View = {
        "game": game.name,
        "spec": game.spec(),
        "players": game.num_players,
        "me": seat,
        "version": state.state_id,
        "board": geometry.name,
        "see_through": config.see_through,
        "freddy_scares": "all" if config.scare_all else "section",
        "no_move_turn": "optional" if config.no_move_choice else "forced",
        "discs_per_kind": config.per_kind,
        "win_total": config.win_total,
        "win_same": config.win_same,
        "freddy_faces": config.freddy_faces,
        "phase": PHASE_NAMES[state._phase],
        "setup": {"columns_done": state._column, "columns": config.layout.size},
        "to_move": "end" if to_move == TERMINAL else "chance" if to_move == CHANCE else to_move,
        "turn": state._turn,
        "turns": state._turns,
        "roll": None if state._roll < 0 else FACE_NAMES[state._roll],
        "rotation": state._rot,
        "squirrels": [_where(pos) for pos in state._pos],
        "freddy": "trunk" if state._freddy == ON_TRUNK else SECTION_NAMES[state._freddy],
        "holes": [
            {
                "hole": A.to_string(hole),
                "hollow": under[hole],
                "squirrel": None if owner == NOBODY else owner,
            }
            for hole, owner in enumerate(state._owner)
        ],
        "discs": [
            {**{KIND_NAMES[k]: counts[k] for k in range(KINDS)}, "total": sum(counts)}
            for counts in state._counts
        ],
        "on_board": config.total_discs - len(state._collections),  # during setup too: no leak
        "collections": [
            {
                "turn": turn,
                "by": by,
                "seat": who,
                "hole": A.to_string(hole),
                "rotation": rotation,
                "hollow": hollow,
                "kind": KIND_NAMES[kind],
            }
            for turn, by, who, hole, rotation, hollow, kind in state._collections
        ],
        "known_empty": _bits(state._empty),
        "seen": [{"hollow": h, "kind": KIND_NAMES[disc[h]]} for h in _bits(state._seen)],
        "legal": (
            [A.to_string(a) for a in state.legal_actions()]
            if seat is not None and seat == to_move
            else []
        ),
        "log": [
            {
                "seat": "chance" if code >= A.ROLL_BASE else None,
                "move": "?" if code >= A.HIDE_BASE else A.to_string(code),
            }
            for code in (state.history if history else [])
        ],
        "outcome": None if outcome is None else outcome.to_json(),
    }
    if history:
        _log_seats(state, view["log"])
        _log_finds(state, view["log"])
    else:
        del view["log"]
    return view


def full_view(state: ClickClackState) -> View:
    """``view(None)`` and the discs still under the board (``under_board``: hollow and kind),
    for the replay of a finished game; no seat or spectator is shown this during play."""
    view = make_view(state, None)
    view["under_board"] = [
        {"hollow": hollow, "kind": KIND_NAMES[kind]}
        for hollow, kind in enumerate(state._disc)
        if kind != NO_DISC
    ]
    return view


_TURN_ENDS = frozenset(("cw", "ccw", "noturn"))


def _log_seats(state: ClickClackState, log: list[dict[str, Any]]) -> None:
    """Name the mover of every seat move in the log, walking back from the seat to move now
    (a turn of the board, or ``noturn``, passes the turn on, unless it ended the game)."""
    n = state.config.num_players
    seat = state._turn
    last = len(log) - 1
    for index in range(last, -1, -1):
        entry = log[index]
        if entry["seat"] == "chance":
            continue
        if entry["move"] in _TURN_ENDS and not (index == last and state._phase == OVER):
            seat = (seat - 1) % n
        entry["seat"] = seat


def _log_finds(state: ClickClackState, log: list[dict[str, Any]]) -> None:
    """Write each collection (public) into the log entry that made it, as ``found``:
    ``[{"seat", "kind"}]``, walking back from now: a squirrel's move collects at the turn and
    rotation it was made at, a turn of the board at the rotation it leaves (a click always
    changes the rotation) in the turn it ends (the count moves on after it, unless it ended
    the game)."""
    collections = state._collections
    if not collections:
        return
    by_place: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for turn, _by, seat, _hole, rotation, _hollow, kind in collections:
        by_place.setdefault((turn, rotation), []).append({"seat": seat, "kind": KIND_NAMES[kind]})
    rotations = state.config.rotations
    turn, rotation = state._turns, state._rot
    last = len(log) - 1
    for index in range(last, -1, -1):
        entry = log[index]
        move = entry["move"]
        if entry["seat"] == "chance" or move == "stay" or move.startswith("freddy:"):
            continue
        if move in _TURN_ENDS:
            if not (index == last and state._phase == OVER):
                turn -= 1
            if move == "noturn":
                continue
        found = by_place.get((turn, rotation))
        if found:
            entry["found"] = found
        if move in ("cw", "ccw"):
            rotation = (rotation - (1 if move == "cw" else -1)) % rotations


def state_from_view(
    game: GameBase, config: ClickClackConfig, view: View, rng: random.Random
) -> ClickClackState:
    """A state showing what ``view`` shows (empty history), with a layout sampled uniformly
    among those that agree with everything public."""
    if view.get("spec") != game.spec():
        raise ValueError(
            t(
                "a view of {spec}, not of {game}",
                spec=repr(view.get("spec")),
                game=repr(game.spec()),
            )
        )
    geometry = config.geometry
    layout = config.layout
    state = ClickClackState(game, config)
    state._phase = PHASE_NAMES.index(view["phase"])
    state._turn = view["turn"]
    state._turns = view["turns"]
    state._roll = -1 if view["roll"] is None else FACE_NAMES.index(view["roll"])
    state._rot = view["rotation"]
    names = {A.to_string(h): h for h in range(geometry.holes)}
    state._pos = [
        HOME if where == "home" else TRUNK if where == "trunk" else names[where]
        for where in view["squirrels"]
    ]
    state._owner = [NOBODY] * geometry.holes
    for seat, pos in enumerate(state._pos):
        if pos < A.HOLES:
            state._owner[pos] = seat
    freddy = view["freddy"]
    state._freddy = ON_TRUNK if freddy == "trunk" else SECTION_NAMES.index(freddy)
    state._counts = [[d[KIND_NAMES[k]] for k in range(KINDS)] for d in view["discs"]]
    state._totals = [d["total"] for d in view["discs"]]
    state._on_board = view["on_board"]
    collections: list[Collection] = [
        (
            c["turn"],
            c["by"],
            c["seat"],
            names[c["hole"]],
            c["rotation"],
            c["hollow"],
            KIND_NAMES.index(c["kind"]),
        )
        for c in view["collections"]
    ]
    state._collections = collections
    state._empty = sum(1 << h for h in view["known_empty"])
    seen = {s["hollow"]: KIND_NAMES.index(s["kind"]) for s in view["seen"]}
    state._seen = sum(1 << h for h in seen)
    outcome = view["outcome"]
    if outcome is not None:
        parsed = Outcome.from_json(outcome)
        state._winners = tuple(sorted(parsed.winners))
        state._reason = parsed.reason
    total = config.total_discs
    if state._phase == HIDE:
        # Nothing is known yet: a uniform layout, of which the columns hidden so far are kept.
        done = view["setup"]["columns_done"]
        patterns = layout.sample(total, 0, 0, rng)
        kinds = [k for k in range(KINDS) for _ in range(config.per_kind)]
        rng.shuffle(kinds)
        left = [config.per_kind] * KINDS
        state._on_board = 0
        for column in range(done):
            for hollow in layout.hollows_of[column][patterns[column]]:
                kind = kinds.pop()
                state._disc[hollow] = kind
                left[kind] -= 1
                state._on_board += 1
        state._column = done
        state._to_hide = total - state._on_board
        state._kinds_left = tuple(left)
        if done:
            state._first = patterns[0]
            state._before = patterns[done - 1]
        return state
    state._column = layout.size
    state._to_hide = 0
    state._kinds_left = (0,) * KINDS
    collected = {c[5]: c[6] for c in collections}
    known = {**collected, **seen}
    must = sum(1 << h for h in known)
    forbid = state._empty & ~sum(1 << h for h in collected)
    patterns = layout.sample(total, must, forbid, rng)
    left = [config.per_kind] * KINDS
    for kind in known.values():
        left[kind] -= 1
    rest = [k for k in range(KINDS) for _ in range(left[k])]
    rng.shuffle(rest)
    disc = [NO_DISC] * geometry.hollows
    for column, pattern in enumerate(patterns):
        for hollow in layout.hollows_of[column][pattern]:
            if hollow in collected:
                continue
            disc[hollow] = seen[hollow] if hollow in seen else rest.pop()
    state._disc = disc
    return state
