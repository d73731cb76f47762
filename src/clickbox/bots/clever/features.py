"""The inputs of That's Pretty Clever's value network: one seat's position as numbers.

:func:`features` turns a state and a seat into :data:`SIZE` floats, each about 0..1, in the
order of :data:`NAMES`. Only what the seat may see goes in (the whole sheet of every seat is
public in Clever; a seat's features read its own sheet, the turn and the dice):

* the sheet (in multiplayer with the passive take the seat chose written on a copy: the rules
  write it once every passive seat has chosen): every yellow cell and blue sum crossed, green,
  orange and purple filled (one input per box: "at least n"), purple's last number, the points
  per area, the foxes;
* the bonus economy: per line of yellow and blue and per bonus kind, whether it is one or two
  cells from firing; per track, how many boxes until its next reroll, +1, fox, X and number
  bonus; rerolls and +1s in hand and still to unlock; bonuses waiting for the seat's choice;
* the turn: round, player count, the stage, picks made, dice still to roll, the faces shown
  and the opportunities left (the hand-written evaluation's count);
* the hand-written evaluation (:mod:`.evaluation`): its value, its forecast of each area's
  final points and the weakest forecast times the foxes. The network starts as that
  evaluation (its weight 1, the rest 0) and learns what it misses.

Plain Python, compiled with the rules core; the network (:mod:`.network`) is numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core import Player
from ...games.clever import actions as A
from ...games.clever.board import (
    BLUE_COLUMN_MASKS,
    BLUE_ROW_MASKS,
    BOXES,
    FOX,
    GREEN_BONUS,
    ORANGE_4,
    ORANGE_5,
    ORANGE_6,
    ORANGE_BONUS,
    PLUS_ONE,
    PURPLE_6,
    PURPLE_BONUS,
    REROLL,
    X_BLUE,
    X_GREEN,
    X_YELLOW,
    YELLOW_COLUMN_MASKS,
    YELLOW_DIAGONAL_MASK,
    YELLOW_PRECROSSED,
    YELLOW_ROW_MASKS,
)
from ...games.clever.rules import (
    ACTIVE_EXTRA,
    CHOOSE,
    FINAL_EXTRA,
    OVER,
    PASSIVE_EXTRA,
    PASSIVE_TAKE,
    ROLLING,
    SOLO_EXTRA,
    SOLO_NEAREST,
    SOLO_ROLLING,
    SOLO_TAKE,
)
from .evaluation import (
    _forecast,
    _opportunities,
    _write_copy,
    evaluate_with,
    tables,
)

if TYPE_CHECKING:
    from ...games.clever.rules import CleverState

VERSION: Final = 1  # bump when the inputs change: a network is trained for one version

_YELLOW_CELLS: Final = tuple(c for c in range(16) if not YELLOW_PRECROSSED >> c & 1)
_YELLOW_LINES: Final = (*YELLOW_ROW_MASKS, YELLOW_DIAGONAL_MASK, *YELLOW_COLUMN_MASKS)
_BLUE_LINES: Final = (*BLUE_ROW_MASKS, *BLUE_COLUMN_MASKS)
_TRACK_BONUSES: Final = (REROLL, PLUS_ONE, FOX, X_YELLOW, X_BLUE, X_GREEN, PURPLE_6)
_NUMBER_BONUSES: Final = (ORANGE_4, ORANGE_5, ORANGE_6)
_PENDING_KINDS: Final = (X_YELLOW, X_BLUE, X_GREEN, FOX, PURPLE_6)
_STAGES: Final = (
    ROLLING,
    CHOOSE,
    ACTIVE_EXTRA,
    PASSIVE_TAKE,
    PASSIVE_EXTRA,
    SOLO_ROLLING,
    SOLO_NEAREST,
    SOLO_TAKE,
    SOLO_EXTRA,
    FINAL_EXTRA,
)


def _names() -> tuple[str, ...]:
    names = [f"yellow cell {c}" for c in _YELLOW_CELLS]
    names += [f"blue {s}" for s in range(2, 13)]
    for area in ("green", "orange", "purple"):
        names += [f"{area} >= {n}" for n in range(1, BOXES + 1)]
    names += [f"purple last {v}" for v in range(1, 7)]
    names += ["orange sum", "purple sum"]
    names += [f"{area} points" for area in ("yellow", "blue", "green", "orange", "purple")]
    names += ["foxes"]
    for kind in ("yellow line", "blue line"):
        count = len(_YELLOW_LINES) if kind == "yellow line" else len(_BLUE_LINES)
        for i in range(count):
            names += [f"{kind} {i} one short", f"{kind} {i} two short"]
    for area in ("green", "orange", "purple"):
        names += [f"{area} to next bonus {b}" for b in (*_TRACK_BONUSES, *_NUMBER_BONUSES)]
    names += ["rerolls in hand", "rerolls to unlock", "+1 in hand", "+1 to unlock"]
    names += [f"pending {k}" for k in _PENDING_KINDS]
    names += [f"round {r}" for r in range(1, 7)]
    names += [f"{p} players" for p in range(1, 5)]
    names += [f"stage {s}" for s in _STAGES]
    names += ["seat active", "picks made", "dice to roll"]
    names += [f"face of die {d}" for d in range(6)]
    names += ["opportunities left", "active picks left"]
    names += ["evaluation", *(f"forecast {a}" for a in ("y", "b", "g", "o", "p"))]
    names += ["foxes x weakest forecast", "bias"]
    return tuple(names)


NAMES: Final = _names()
SIZE: Final = len(NAMES)
EVALUATION: Final = NAMES.index("evaluation")
"""The index of the hand-written evaluation (points / 100) among the inputs."""


def _distance(boxes: int, track: tuple[int | None, ...], bonus: int) -> float:
    """1 / (boxes until the next box of ``track`` carrying ``bonus``), 0 when none is left."""
    for i in range(boxes, len(track)):
        if track[i] == bonus:
            return 1.0 / (i - boxes + 1)
    return 0.0


def features(state: CleverState, seat: Player) -> list[float]:
    """The network's inputs for ``seat`` in ``state`` (see the module text)."""
    sheet = state._sheets[seat]
    stage = state._stage
    config = state.config
    t = tables()
    if stage in (PASSIVE_TAKE, PASSIVE_EXTRA):  # a passive take chosen, not yet written
        choice = state._takes.choices.get(seat)
        if choice is not None and choice != A.DONE and seat in state._resolve:
            sheet = sheet.copy()
            _write_copy(state, sheet, choice, t)
    out: list[float] = []
    yellow = sheet.yellow
    for c in _YELLOW_CELLS:
        out.append(float(yellow >> c & 1))
    blue = sheet.blue
    for s in range(2, 13):
        out.append(float(blue >> s & 1))
    green = sheet.green
    orange = sheet.orange
    purple = sheet.purple
    for filled in (green, len(orange), len(purple)):
        for n in range(1, BOXES + 1):
            out.append(1.0 if filled >= n else 0.0)
    last = purple[-1] if purple else 0
    for v in range(1, 7):
        out.append(1.0 if last == v else 0.0)
    out.append(sum(orange) / 60.0)
    out.append(sum(purple) / 50.0)
    for points in sheet.area_scores():
        out.append(points / 50.0)
    out.append(sheet.foxes / 4.0)
    for mask in _YELLOW_LINES:
        missing = (mask & ~yellow).bit_count()
        out.append(1.0 if missing == 1 else 0.0)
        out.append(1.0 if missing == 2 else 0.0)
    for mask in _BLUE_LINES:
        missing = (mask & ~blue).bit_count()
        out.append(1.0 if missing == 1 else 0.0)
        out.append(1.0 if missing == 2 else 0.0)
    for filled, track in (
        (green, GREEN_BONUS),
        (len(orange), ORANGE_BONUS),
        (len(purple), PURPLE_BONUS),
    ):
        for bonus in (*_TRACK_BONUSES, *_NUMBER_BONUSES):
            out.append(_distance(filled, track, bonus))
    future = config.future_bonus[state._round]  # rerolls, +1s, black to come
    out.append((sheet.rerolls - sheet.rerolls_used) / 3.0)
    out.append(future[0] / 2.0)
    plus_ones = sheet.plus_ones - sheet.plus_ones_used
    if stage == FINAL_EXTRA and seat < state._seat:  # past its last +1 stage: worthless
        plus_ones = 0
    out.append(plus_ones / 3.0)
    out.append(float(future[1]))
    for kind in _PENDING_KINDS:
        count = 0
        for who, waiting in state._pending:
            if who == seat and waiting == kind:
                count += 1
        out.append(float(count))
    for r in range(1, 7):
        out.append(1.0 if state._round == r else 0.0)
    for p in range(1, 5):
        out.append(1.0 if config.num_players == p else 0.0)
    for s in _STAGES:
        out.append(1.0 if stage == s else 0.0)
    out.append(1.0 if state._active == seat else 0.0)
    out.append((len(state._spaces) + state._forfeits) / config.picks)
    out.append(state._rolled.bit_count() / 6.0 if stage == ROLLING else 0.0)
    faces = state._faces
    for d in range(6):
        out.append(faces[d] / 6.0)
    if stage == OVER:
        out += [0.0, 0.0]
        value = float(sheet.score())
        finals = tuple(float(p) for p in sheet.area_scores())
    else:
        left, active_picks = _opportunities(state, seat, t)
        out.append(left / 30.0)
        out.append(active_picks / 18.0)
        value = evaluate_with(state, seat, t)
        finals = _forecast(sheet, left, t)
    out.append(value / 100.0)
    for final in finals:
        out.append(final / 50.0)
    out.append(sheet.foxes * min(finals) / 100.0)
    out.append(1.0)
    return out


__all__ = [
    "EVALUATION",
    "NAMES",
    "SIZE",
    "VERSION",
    "features",
]
