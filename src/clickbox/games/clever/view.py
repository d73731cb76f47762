"""What a seat sees of a game of That's Pretty Clever, and the state rebuilt from it.

Everything is public except the passive players' simultaneous choice: until every passive
player has chosen, a seat sees only *that* the others have chosen, not what (in ``passive`` and
in the ``log``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...core import CHANCE, TERMINAL, AppendOnlyList, Commitments, GameBase, Player, View
from ...core.i18n import N_
from . import actions as A
from .board import (
    AREAS,
    BLUE_COLUMN_BONUS,
    BLUE_GRID,
    BLUE_POINTS,
    BLUE_ROW_BONUS,
    BONUS_KEYS,
    COLOURS,
    GREEN_BONUS,
    GREEN_POINTS,
    GREEN_THRESHOLDS,
    ORANGE_BONUS,
    ORANGE_MULTIPLIERS,
    PICKS,
    PURPLE_BONUS,
    ROUND_BONUS,
    SOLO_PLATTER,
    TRACK_SPACES,
    YELLOW_COLUMN_POINTS,
    YELLOW_DIAGONAL_BONUS,
    YELLOW_GRID,
    YELLOW_PRECROSSED,
    YELLOW_ROW_BONUS,
    solo_rating,
    target_name,
)
from .rules import STAGE_NAMES, CleverConfig, CleverState, _mask
from .sheet import Sheet

if TYPE_CHECKING:
    import random

BONUS_BY_KEY: Final = {key: bonus for bonus, key in BONUS_KEYS.items()}

PHASE_WORDS: Final[dict[str, str]] = {
    "rolling": N_("the active player's turn: the dice are rolling"),
    "choose": N_("the active player's turn: pick a die of the roll"),
    "active-extra": N_("the end of the active player's turn: extra dice (+1)"),
    "passive-take": N_(
        "the passive players each choose a die from the silver platter, at the same time"
    ),
    "passive-extra": N_("a passive player writes the die taken, then extra dice (+1)"),
    "solo-rolling": N_("the solo passive turn: the six dice are rolling"),
    "solo-nearest": N_("the solo passive turn: which of the tied dice lies nearest the platter"),
    "solo-take": N_("the solo passive turn: take one of the three dice on the silver platter"),
    "solo-extra": N_("the solo passive turn: extra dice (+1)"),
    "over": N_("the game is over"),
    "final-extra": N_(
        "the last round is over: everyone may still use their remaining extra dice (+1), each "
        "die once, in seat order"
    ),
}
"""The stage of the game in words a player understands (the view's ``phase``, in English:
data; a reader shows it with ``t(view["phase"])``)."""


def _keys(bonuses: tuple[int | None, ...]) -> list[str | None]:
    return [None if b is None else BONUS_KEYS[b] for b in bonuses]


LAYOUT: Final[dict[str, Any]] = {
    "yellow": {
        "grid": [list(row) for row in YELLOW_GRID],
        "row_bonus": _keys(YELLOW_ROW_BONUS),
        "column_points": list(YELLOW_COLUMN_POINTS),
        "diagonal_bonus": BONUS_KEYS[YELLOW_DIAGONAL_BONUS],
    },
    "blue": {
        "grid": [list(row) for row in BLUE_GRID],
        "row_bonus": _keys(BLUE_ROW_BONUS),
        "column_bonus": _keys(BLUE_COLUMN_BONUS),
        "points": list(BLUE_POINTS),
    },
    "green": {
        "thresholds": list(GREEN_THRESHOLDS),
        "bonus": _keys(GREEN_BONUS),
        "points": list(GREEN_POINTS),
    },
    "orange": {"multipliers": list(ORANGE_MULTIPLIERS), "bonus": _keys(ORANGE_BONUS)},
    "purple": {"bonus": _keys(PURPLE_BONUS)},
    "round_bonus": _keys(ROUND_BONUS[1:]),
    "track_spaces": TRACK_SPACES,
}
"""The printed sheet (the view's ``layout`` in a game of the rulebook's numbers)."""


def layout_of(config: CleverConfig) -> dict[str, Any]:
    """The sheet of a game: :data:`LAYOUT`, with the round track (one entry a box: the option's
    list, at least the six printed boxes and one a round played) and the action tracks of its
    options. ``track_spaces`` is the longer track; ``reroll_spaces`` and ``plus_one_spaces`` are
    there only when the two differ, ``die_spaces`` (option ``picks``) and ``solo_platter`` only
    when not the rulebook's 3."""
    round_bonus = _keys(config.round_track[1:])
    spaces = max(config.reroll_spaces, config.plus_one_spaces)
    if (
        round_bonus == LAYOUT["round_bonus"]
        and config.reroll_spaces == config.plus_one_spaces == TRACK_SPACES
        and config.picks == PICKS
        and config.solo_platter == SOLO_PLATTER
    ):
        return LAYOUT
    layout = dict(LAYOUT)
    layout["round_bonus"] = round_bonus
    layout["track_spaces"] = spaces
    if config.reroll_spaces != config.plus_one_spaces:
        layout["reroll_spaces"] = config.reroll_spaces
        layout["plus_one_spaces"] = config.plus_one_spaces
    if config.picks != PICKS:
        layout["die_spaces"] = config.picks
    if config.solo_platter != SOLO_PLATTER:
        layout["solo_platter"] = config.solo_platter
    return layout


def sheet_view(sheet: Sheet) -> dict[str, Any]:
    """One sheet as plain data, with its score."""
    areas = sheet.area_scores()
    yellow = sheet.yellow
    return {
        "yellow": [
            2 if YELLOW_PRECROSSED >> c & 1 else 1 if yellow >> c & 1 else 0 for c in range(16)
        ],
        "blue": [s for s in range(2, 13) if sheet.blue >> s & 1],
        "green": sheet.green,
        "orange": list(sheet.orange),
        "purple": list(sheet.purple),
        "foxes": sheet.foxes,
        "rerolls": {"circled": sheet.rerolls, "used": sheet.rerolls_used},
        "plus_ones": {"circled": sheet.plus_ones, "used": sheet.plus_ones_used},
        "score": {
            **dict(zip(AREAS, areas, strict=True)),
            "foxes": sheet.foxes * min(areas),
            "total": sum(areas) + sheet.foxes * min(areas),
        },
    }


def sheet_from_view(data: dict[str, Any]) -> Sheet:
    """Inverse of :func:`sheet_view`."""
    sheet = Sheet()
    sheet.yellow = sum(1 << c for c, mark in enumerate(data["yellow"]) if mark)
    sheet.blue = sum(1 << s for s in data["blue"])
    sheet.green = data["green"]
    sheet.orange = tuple(data["orange"])
    sheet.purple = tuple(data["purple"])
    sheet.foxes = data["foxes"]
    sheet.rerolls = data["rerolls"]["circled"]
    sheet.rerolls_used = data["rerolls"]["used"]
    sheet.plus_ones = data["plus_ones"]["circled"]
    sheet.plus_ones_used = data["plus_ones"]["used"]
    return sheet


def _hidden_entries(state: CleverState) -> int:
    """How many actions at the end of the history are passive choices not yet revealed."""
    if state._stage != 3:  # PASSIVE_TAKE
        return 0
    seats = set(state._takes.seats)
    movers = state._movers.to_list()
    count = 0
    while count < len(movers) and movers[-1 - count] in seats:
        count += 1
    return count


def _chosen(takes: Commitments, seat: Player | None) -> dict[str, str | None]:
    """The passive choices made so far: the viewer's own, and the others' once all are in."""
    if takes.is_complete():
        return {str(s): A.to_string(a) for s, a in takes.choices.items()}
    return {s: (None if a is None else A.to_string(a)) for s, a in takes.visible_to(seat).items()}


def make_view(state: CleverState, seat: Player | None, history: bool = True) -> View:
    """The view of ``seat`` (``None``: a spectator) as plain JSON-able data (without ``log``
    and ``events`` unless ``history``)."""
    game = state.game
    to_move = state._to_move
    outcome = state.outcome()
    hidden = _hidden_entries(state)
    actions = state.history if history else []
    movers = state._movers.to_list() if history else []
    log = []
    for i, action in enumerate(actions):
        mover = movers[i]
        secret = i >= len(actions) - hidden and mover != seat
        log.append(
            {
                "seat": "chance" if mover == CHANCE else mover,
                "move": "?" if secret else A.NOTATION[action],
            }
        )
    rating = None
    config = state.config
    # the rating table measures the rulebook's game only
    if game.num_players == 1 and outcome is not None and config.rulebook_numbers:
        label, stars = solo_rating(int(outcome.scores[0]))
        rating = {"label": label, "stars": stars}
    view: View = {
        "game": game.name,
        "spec": game.spec(),
        "players": game.num_players,
        "me": seat,
        "version": state.state_id,
        "round": state._round,
        "rounds": state.config.rounds,
        "active": state._active,
        "stage": STAGE_NAMES[state._stage],
        "phase": PHASE_WORDS[STAGE_NAMES[state._stage]],
        "to_move": "end" if to_move == TERMINAL else "chance" if to_move == CHANCE else to_move,
        "dice": list(COLOURS),
        "faces": list(state._faces),
        "rolled": list(state.rolled),
        "rolling": list(reversed(state._rolling)),
        "spaces": list(state._spaces),
        "forfeited": state._forfeits,
        "platter": list(state.platter),
        "extra_seat": state._seat,
        "extra_used": [d for d in range(6) if state._extra_used >> d & 1],
        "pending": [{"seat": p, "bonus": BONUS_KEYS[kind]} for p, kind in reversed(state._pending)],
        "passive": {
            "seats": list(state._takes.seats),
            "chosen": _chosen(state._takes, seat),
            "to_write": list(state._resolve),
        },
        "tied": [d for d in range(6) if state._tied >> d & 1],
        "tied_needed": state._need,
        "sheets": [sheet_view(sheet) for sheet in state._sheets],
        "layout": layout_of(config),
        "legal": (
            [A.NOTATION[a] for a in state.legal_actions()]
            if seat is not None and seat == to_move
            else []
        ),
        "log": log,
        "events": [
            {
                "after": after,
                "seat": "all" if who < 0 else who,
                "bonus": BONUS_KEYS[kind],
                "target": None if target < 0 else target_name(target),
                "lost": target == -2,
            }
            for after, who, kind, target in (state._events.to_list() if history else [])
        ],
        "outcome": None if outcome is None else outcome.to_json(),
        "rating": rating,
    }
    if not history:
        del view["log"], view["events"]
    return view


def state_from_view(
    game: GameBase, config: CleverConfig, view: View, rng: random.Random
) -> CleverState:
    """A state of ``game`` (whose fixed facts are ``config``) showing what ``view`` shows (empty
    history); hidden passive choices sampled."""
    if view.get("spec") != game.spec():
        raise ValueError(f"a view of {view.get('spec')!r}, not of {game.spec()!r}")
    state = CleverState(game, config)  # then every field is set from the view
    state._movers = AppendOnlyList()
    state._events = AppendOnlyList()
    state._sheets = [sheet_from_view(data) for data in view["sheets"]]
    state._round = view["round"]
    state._active = view["active"]
    state._stage = STAGE_NAMES.index(view["stage"])
    state._faces = list(view["faces"])
    state._rolled = _mask(tuple(view["rolled"]))
    state._rolling = list(reversed(view["rolling"]))
    state._spaces = tuple(view["spaces"])
    state._forfeits = view["forfeited"]
    state._platter = _mask(tuple(view["platter"]))
    state._seat = view["extra_seat"]
    state._extra_used = _mask(tuple(view["extra_used"]))
    state._pending = [(p["seat"], BONUS_BY_KEY[p["bonus"]]) for p in reversed(view["pending"])]
    state._resolve = list(view["passive"]["to_write"])
    state._tied = _mask(tuple(view["tied"]))
    state._need = view["tied_needed"]
    to_move = view["to_move"]
    state._to_move = TERMINAL if to_move == "end" else CHANCE if to_move == "chance" else to_move
    takes = Commitments(tuple(view["passive"]["seats"]))
    state._takes = takes
    for key, text in view["passive"]["chosen"].items():
        seat = int(key)
        if text is not None:
            takes.commit(seat, A.parse(text))
        else:  # another seat's hidden choice: any die it could have taken
            takes.commit(seat, rng.choice(state._take_actions(seat)))
    return state
