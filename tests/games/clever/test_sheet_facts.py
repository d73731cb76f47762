"""One test per fact of the score sheet (``shared/data/clever.md`` and ``clever-sheet.json``).

Every number, threshold, multiplier, bonus position, points table, fox, round bonus, round count,
track length and solo rating of the sheet data is checked against the engine: its tables
(``board.py``) and, where a table could hide a mistake, the behaviour of a :class:`Sheet` (the
points a sheet scores, the bonus a mark fires). The JSON is a copy kept next to the tests
(``data/clever-sheet.json``), so the suite runs on a fresh clone; a test checks the copy against
the shared original where that exists.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clickbox.games.clever import CleverParams, Sheet
from clickbox.games.clever import actions as A
from clickbox.games.clever.board import (
    BLACK,
    BLUE_BASE,
    BLUE_COLUMN_BONUS,
    BLUE_GRID,
    BLUE_POINTS,
    BLUE_ROW_BONUS,
    BOXES,
    COLOURS,
    FOX,
    GREEN_BONUS,
    GREEN_POINTS,
    GREEN_THRESHOLDS,
    ORANGE_4,
    ORANGE_5,
    ORANGE_6,
    ORANGE_BONUS,
    ORANGE_MULTIPLIERS,
    ORANGE_TARGET,
    PICKS,
    PLUS_ONE,
    PURPLE_6,
    PURPLE_BONUS,
    PURPLE_RESET,
    REROLL,
    ROUND_BONUS,
    ROUNDS_BY_PLAYERS,
    SOLO_RATINGS,
    TRACK_SPACES,
    WHITE,
    X_BLUE,
    X_GREEN,
    X_YELLOW,
    YELLOW_CELLS_OF_VALUE,
    YELLOW_COLUMN_POINTS,
    YELLOW_DIAGONAL,
    YELLOW_GRID,
    YELLOW_PRECROSSED,
    YELLOW_ROW_BONUS,
    YELLOW_VALUES,
    solo_rating,
)
from clickbox.games.clever.rules import ROLL_OUTCOMES
from clickbox.games.clever.view import LAYOUT

from .helpers import new_game

HERE = Path(__file__).parent
DATA = HERE / "data" / "clever-sheet.json"
SHARED = Path(__file__).parents[3].parent / "shared" / "data" / "clever-sheet.json"
SHEET: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
AREAS: dict[str, Any] = SHEET["areas"]

BONUS = {
    "reroll": REROLL,
    "plus1": PLUS_ONE,
    "fox": FOX,
    "cross_yellow": X_YELLOW,
    "cross_blue": X_BLUE,
    "cross_green": X_GREEN,
    "black_x_or_6": BLACK,
}
NUMBER_BONUS = {
    ("write_orange", 4): ORANGE_4,
    ("write_orange", 5): ORANGE_5,
    ("write_orange", 6): ORANGE_6,
    ("write_purple", 6): PURPLE_6,
}


def engine_bonus(data: dict[str, Any] | None) -> int | None:
    """The engine's bonus code for a bonus of the JSON (``{"type": ..., "value": ...}``)."""
    if data is None:
        return None
    if "value" in data:
        return NUMBER_BONUS[(data["type"], data["value"])]
    return BONUS[data["type"]]


def cell(rc: list[int]) -> int:
    """Yellow cell index of a JSON ``[row, col]`` (conventions: ``row * 4 + col``)."""
    return rc[0] * 4 + rc[1]


# -- sheet behaviour probes (a fresh Sheet each time) -------------------------------------------


def yellow_line_bonus(cells: list[int]) -> list[int]:
    """Cross every cell of a yellow line on an empty sheet; the bonuses the last cross fires."""
    sheet = Sheet()
    open_cells = [c for c in cells if not sheet.yellow >> c & 1]
    for c in open_cells[:-1]:
        sheet.cross_yellow(c)
    return sheet.cross_yellow(open_cells[-1])


def yellow_score_of(cells: list[int]) -> int:
    sheet = Sheet()
    for c in cells:
        sheet.cross_yellow(c)
    return sheet.area_scores()[0]


def blue_line_bonus(sums: list[int]) -> list[int]:
    """Cross every cell of a blue line on an empty sheet; the bonuses the last cross fires."""
    sheet = Sheet()
    for s in sums[:-1]:
        sheet.cross_blue(s)
    return sheet.cross_blue(sums[-1])


def blue_score(crosses: int) -> int:
    sheet = Sheet()
    for s in range(2, 2 + crosses):
        sheet.cross_blue(s)
    return sheet.area_scores()[1]


def green_box(index: int) -> tuple[bool, bool, list[int]]:
    """Box ``index``: (its threshold admits, one less is refused, the bonus crossing it fires)."""
    sheet = Sheet()
    sheet.green = index
    need = GREEN_THRESHOLDS[index]
    return sheet.green_open(need), need == 1 or not sheet.green_open(need - 1), sheet.cross_green()


def green_score(crosses: int) -> int:
    sheet = Sheet()
    for _ in range(crosses):
        sheet.cross_green()
    return sheet.area_scores()[2]


def orange_box(index: int, value: int = 5) -> tuple[int, list[int]]:
    """Write ``value`` in orange box ``index``: (the number written, the bonus fired)."""
    sheet = Sheet()
    sheet.orange = (1,) * index
    fired = sheet.write_orange(value)
    return sheet.orange[-1], fired


def purple_box(index: int) -> list[int]:
    sheet = Sheet()
    sheet.purple = (6,) * index
    return sheet.write_purple(6)


def track_after(unlocks: int, bonus: int) -> int:
    sheet = Sheet()
    for _ in range(unlocks):
        sheet.unlock(bonus)
    return sheet.rerolls if bonus == REROLL else sheet.plus_ones


# -- the facts ------------------------------------------------------------------------------------

Fact = tuple[str, Any, Any]  # (id, the sheet data's value, the engine's)


def yellow_facts() -> Iterator[Fact]:
    yellow = AREAS["yellow"]
    for r, row in enumerate(yellow["grid"]):
        for c, value in enumerate(row):
            yield f"yellow-r{r}c{c}-is-{value or 'X'}", value, YELLOW_GRID[r][c]
    yield (
        "yellow-pre-crossed-cells",
        sorted(cell(rc) for rc in yellow["pre_crossed_cells"]),
        [c for c in range(16) if Sheet().yellow >> c & 1],
    )
    assert yellow["one_cell_per_die"]
    for value in range(1, 7):
        cells = sorted(
            r * 4 + c
            for r, row in enumerate(yellow["grid"])
            for c, v in enumerate(row)
            if v == value
        )
        yield (
            f"yellow-value-{value}-printed-twice",
            cells,
            list(YELLOW_CELLS_OF_VALUE[value]),
        )
    yield (
        "yellow-one-die-crosses-one-cell",
        1,
        _after_one_yellow_cross().bit_count() - Sheet().yellow.bit_count(),
    )
    for group in yellow["groups"]:
        cells = [cell(rc) for rc in group["cells"]]
        if group["kind"] == "row":
            r = group["row_index"]
            bonus = engine_bonus(group["bonus"])
            yield f"yellow-row-{r}-bonus-table", bonus, YELLOW_ROW_BONUS[r]
            yield f"yellow-row-{r}-complete-fires", [bonus], yellow_line_bonus(cells)
        elif group["kind"] == "col":
            c = group["col_index"]
            points = group["points"]
            yield f"yellow-column-{c}-points-table", points, YELLOW_COLUMN_POINTS[c]
            yield f"yellow-column-{c}-scores", points, yellow_score_of(cells)
            yield f"yellow-column-{c}-fires-nothing", [], _column_fires(cells)
        else:
            yield "yellow-diagonal-cells", cells, list(YELLOW_DIAGONAL)
            yield (
                "yellow-diagonal-values",
                group["values"],
                [YELLOW_VALUES[c] for c in YELLOW_DIAGONAL],
            )
            bonus = engine_bonus(group["bonus"])
            yield "yellow-diagonal-complete-fires", [bonus], _diagonal_fires(cells)
    yield (
        "yellow-max",
        yellow["scoring"]["max"],
        yellow_score_of(list(range(16))),
    )


def _after_one_yellow_cross() -> int:
    sheet = Sheet()
    sheet.cross_yellow(YELLOW_CELLS_OF_VALUE[3][0])
    return sheet.yellow


def _column_fires(cells: list[int]) -> list[int]:
    """The bonuses fired by completing a column whose cells complete no row or diagonal."""
    sheet = Sheet()
    fired: list[int] = []
    for c in cells:
        if not sheet.yellow >> c & 1:
            fired += sheet.cross_yellow(c)
    return fired


def _diagonal_fires(cells: list[int]) -> list[int]:
    """Completing the diagonal on an empty sheet (no row completes with it)."""
    sheet = Sheet()
    fired: list[int] = []
    for c in cells:
        fired += sheet.cross_yellow(c)
    return fired


def blue_facts() -> Iterator[Fact]:
    blue = AREAS["blue"]
    for r, row in enumerate(blue["grid"]):
        for c, value in enumerate(row):
            yield f"blue-r{r}c{c}-is-{value or 'no-cell'}", value, BLUE_GRID[r][c]
    yield (
        "blue-top-left-is-not-crossable",
        [],
        [t for t in Sheet().open_blue_targets() if t - BLUE_BASE not in range(2, 13)],
    )
    yield (
        "blue-pre-crossed-cells",
        blue["pre_crossed_cells"],
        [s for s in range(13) if Sheet().blue >> s & 1],
    )
    yield (
        "blue-value-is-blue-plus-white",
        [BLUE_BASE + 9],
        Sheet().targets(1, 4, 4 + 5),
    )
    for group in blue["groups"]:
        bonus = engine_bonus(group["bonus"])
        sums = group["sums"]
        if group["kind"] == "row":
            r = group["row_index"]
            yield f"blue-row-{r}-cells", sums, [s for s in BLUE_GRID[r] if s]
            yield f"blue-row-{r}-bonus-table", bonus, BLUE_ROW_BONUS[r]
            yield f"blue-row-{r}-complete-fires", [bonus], blue_line_bonus(sums)
        else:
            c = group["col_index"]
            yield (
                f"blue-column-{c}-cells",
                sums,
                [row[c] for row in BLUE_GRID if row[c]],
            )
            yield f"blue-column-{c}-bonus-table", bonus, BLUE_COLUMN_BONUS[c]
            yield f"blue-column-{c}-complete-fires", [bonus], blue_line_bonus(sums)
    points = blue["scoring"]["points_by_count"]
    for n, value in enumerate(points):
        yield f"blue-{n}-crosses-table", value, BLUE_POINTS[n]
        yield f"blue-{n}-crosses-score", value, blue_score(n)
    yield "blue-max", blue["scoring"]["max"], blue_score(11)


def green_facts() -> Iterator[Fact]:
    green = AREAS["green"]
    yield "green-boxes", green["boxes"], BOXES
    bonuses: dict[int, Any] = {b["box_index"]: b["bonus"] for b in green["bonuses"]}
    for b in green["bonuses"]:
        assert b["pos"] == b["box_index"] + 1
    for i, need in enumerate(green["thresholds"]):
        yield f"green-box-{i + 1}-needs-{need}-table", need, GREEN_THRESHOLDS[i]
        yield f"green-box-{i + 1}-needs-{need}-sheet", (True, True), green_box(i)[:2]
        bonus = engine_bonus(bonuses.get(i))
        name = "nothing" if bonus is None else green_bonus_name(bonuses[i])
        yield f"green-box-{i + 1}-bonus-{name}-table", bonus, GREEN_BONUS[i]
        fired = [] if bonus is None else [bonus]
        yield f"green-box-{i + 1}-bonus-{name}-fires", fired, green_box(i)[2]
    for n, value in enumerate(green["scoring"]["points_by_count"]):
        yield f"green-{n}-crosses-table", value, GREEN_POINTS[n]
        yield f"green-{n}-crosses-score", value, green_score(n)
    yield (
        "green-points-are-triangular",
        [n * (n + 1) // 2 for n in range(12)],
        list(GREEN_POINTS),
    )
    yield "green-max", green["scoring"]["max"], green_score(11)


def green_bonus_name(data: dict[str, Any]) -> str:
    return str(data["type"]) + (f"-{data['value']}" if "value" in data else "")


def orange_facts() -> Iterator[Fact]:
    orange = AREAS["orange"]
    yield "orange-boxes", orange["boxes"], BOXES
    bonuses: dict[int, Any] = {b["box_index"]: b["bonus"] for b in orange["bonuses"]}
    for i, multiplier in enumerate(orange["multipliers"]):
        yield (
            f"orange-box-{i + 1}-x{multiplier}-table",
            multiplier,
            ORANGE_MULTIPLIERS[i],
        )
        yield (
            f"orange-box-{i + 1}-x{multiplier}-writes",
            5 * multiplier,
            orange_box(i)[0],
        )
        bonus = engine_bonus(bonuses.get(i))
        name = "nothing" if bonus is None else green_bonus_name(bonuses[i])
        yield f"orange-box-{i + 1}-bonus-{name}-table", bonus, ORANGE_BONUS[i]
        fired = [] if bonus is None else [bonus]
        yield f"orange-box-{i + 1}-bonus-{name}-fires", fired, orange_box(i)[1]
    yield (
        "orange-any-value-may-be-written",
        [[ORANGE_TARGET]] * 6,
        [Sheet().targets(3, face, 2) for face in range(1, 7)],
    )
    yield (
        "orange-number-bonus-multiplied-by-default",
        orange["number_bonus_multiplied"]["value"],
        CleverParams().orange_bonus_multiplied,
    )
    yield "orange-max", orange["scoring"]["max"], _orange_max()


def _orange_max() -> int:
    sheet = Sheet()
    for _ in range(BOXES):
        sheet.write_orange(6)
    return sheet.area_scores()[3]


def purple_facts() -> Iterator[Fact]:
    purple = AREAS["purple"]
    yield "purple-boxes", purple["boxes"], BOXES
    yield "purple-reset-value", purple["reset_value"], PURPLE_RESET
    bonuses: dict[int, Any] = {b["box_index"]: b["bonus"] for b in purple["bonuses"]}
    for i in range(BOXES):
        bonus = engine_bonus(bonuses.get(i))
        name = "nothing" if bonus is None else green_bonus_name(bonuses[i])
        yield f"purple-box-{i + 1}-bonus-{name}-table", bonus, PURPLE_BONUS[i]
        fired = [] if bonus is None else [bonus]
        yield f"purple-box-{i + 1}-bonus-{name}-fires", fired, purple_box(i)
    yield "purple-max", purple["scoring"]["max"], _purple_max()


def _purple_max() -> int:
    sheet = Sheet()
    for _ in range(BOXES):
        assert sheet.purple_open(6)
        sheet.write_purple(6)
    return sheet.area_scores()[4]


FOX_TABLES = {
    "yellow": YELLOW_ROW_BONUS,
    "blue": BLUE_ROW_BONUS,
    "green": GREEN_BONUS,
    "orange": ORANGE_BONUS,
    "purple": PURPLE_BONUS,
}


def fox_facts() -> Iterator[Fact]:
    foxes = SHEET["foxes"]
    for where in foxes["locations"]:
        area, trigger = where["area"], where["trigger"]
        index = int(trigger.split("_index ")[1].split()[0])
        yield (
            f"fox-{area}-{trigger.split(' ')[0].replace('_index', '')}-{index}",
            FOX,
            FOX_TABLES[area][index],
        )
    yield "fox-count-on-the-sheet", foxes["max"], _foxes_printed()


def _foxes_printed() -> int:
    tables = (
        YELLOW_ROW_BONUS,
        BLUE_ROW_BONUS,
        BLUE_COLUMN_BONUS,
        GREEN_BONUS,
        ORANGE_BONUS,
        PURPLE_BONUS,
    )
    return sum(table.count(FOX) for table in tables)


def round_facts() -> Iterator[Fact]:
    rounds = SHEET["rounds"]
    for players, count in rounds["by_player_count"].items():
        yield (
            f"rounds-with-{players}-players-table",
            count,
            ROUNDS_BY_PLAYERS[int(players)],
        )
        yield (
            f"rounds-with-{players}-players-game",
            count,
            new_game(int(players)).rounds,
        )
    for entry in rounds["round_track"]:
        r = entry["round"]
        bonus = engine_bonus(entry["bonus"])
        yield f"round-{r}-bonus", bonus, ROUND_BONUS[r]
        yield (
            f"round-{r}-played-with",
            entry["played_with_players"],
            [p for p in range(1, 5) if new_game(p).rounds >= r],
        )
    black = rounds["round_track"][3]["bonus"]["options"]
    yield (
        "round-4-black-options",
        [engine_bonus(option) for option in black],
        [X_YELLOW, X_BLUE, X_GREEN, ORANGE_6, PURPLE_6],
    )


def track_facts() -> Iterator[Fact]:
    tracks = SHEET["action_tracks"]
    for name, bonus in (("reroll", REROLL), ("plus1", PLUS_ONE)):
        slots = tracks[name]["slots"]
        yield f"track-{name}-spaces", slots, TRACK_SPACES
        yield f"track-{name}-eighth-unlock-lost", slots, track_after(8, bonus)
    yield "track-no-end-bonus", tracks["end_of_track_bonus"], _track_end_bonus()


def _track_end_bonus() -> str | None:
    """What full tracks give besides their seven spaces (None: nothing)."""
    sheet = Sheet()
    for _ in range(TRACK_SPACES + 1):
        sheet.unlock(REROLL)
        sheet.unlock(PLUS_ONE)
    expected = Sheet()
    expected.rerolls = expected.plus_ones = TRACK_SPACES
    return None if sheet == expected else "a full track changed more than its spaces"


def turn_and_dice_facts() -> Iterator[Fact]:
    yield "turn-active-picks", SHEET["turn"]["active_picks_max"], PICKS
    dice = SHEET["dice"]
    yield "dice-colours", sorted(dice["colors"]), sorted(COLOURS)
    yield "dice-wild-white", dice["wild"], COLOURS[WHITE]
    yield "dice-faces", dice["faces"], [a - A.ROLL_BASE for a, _ in ROLL_OUTCOMES]


def solo_facts() -> Iterator[Fact]:
    solo = SHEET["solo"]
    yield "solo-rounds", solo["rounds"], new_game(1).rounds
    for i, row in enumerate(solo["rating_table"]):
        label = row["label"]
        yield (
            f"solo-rating-{i}-{row['min']}-{row['max']}-row",
            (row["min"], label, row["stars"]),
            SOLO_RATINGS[i],
        )
        for bound in (row["min"], row["max"]):
            if bound is not None:
                yield (
                    f"solo-rating-{i}-at-{bound}",
                    (label, row["stars"]),
                    solo_rating(bound),
                )
    yield "solo-rating-below-everything", ("Try harder!", 0.0), solo_rating(0)
    yield "solo-rating-above-everything", ("You're so clever!", 5.0), solo_rating(400)


def layout_facts() -> Iterator[Fact]:
    """The sheet layout every view carries is the same sheet."""
    yield "layout-yellow-grid", AREAS["yellow"]["grid"], LAYOUT["yellow"]["grid"]
    yield "layout-blue-grid", AREAS["blue"]["grid"], LAYOUT["blue"]["grid"]
    yield (
        "layout-green-thresholds",
        AREAS["green"]["thresholds"],
        LAYOUT["green"]["thresholds"],
    )
    yield (
        "layout-orange-multipliers",
        AREAS["orange"]["multipliers"],
        LAYOUT["orange"]["multipliers"],
    )
    yield (
        "layout-track-spaces",
        SHEET["action_tracks"]["reroll"]["slots"],
        LAYOUT["track_spaces"],
    )


FACTS: list[Fact] = [
    *yellow_facts(),
    *blue_facts(),
    *green_facts(),
    *orange_facts(),
    *purple_facts(),
    *fox_facts(),
    *round_facts(),
    *track_facts(),
    *turn_and_dice_facts(),
    *solo_facts(),
    *layout_facts(),
]


def test_fact_ids_are_unique() -> None:
    ids = [name for name, _, _ in FACTS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(
    ("expected", "actual"), [(e, a) for _, e, a in FACTS], ids=[name for name, _, _ in FACTS]
)
def test_sheet_fact(expected: Any, actual: Any) -> None:
    """``shared/data/clever.md``: "The whole sheet is settled" — the engine agrees with it."""
    assert actual == expected


def test_the_copy_of_the_sheet_data_is_the_shared_one() -> None:
    """The copy in ``data/`` is the shared file, byte for byte (checked where the file exists)."""
    assert SHARED.as_posix().endswith("/shared/data/clever-sheet.json")
    if not SHARED.parent.is_dir():
        pytest.skip(f"no shared data next to this checkout ({SHARED.parent})")
    assert SHARED.is_file(), f"{SHARED} is missing"
    assert DATA.read_bytes() == SHARED.read_bytes()


def test_every_bonus_of_the_sheet_is_checked() -> None:
    """Each bonus position of the JSON is among the facts (none was skipped by a typo)."""
    positions = sum(len(AREAS[area]["bonuses"]) for area in ("green", "orange", "purple"))
    assert positions == 5 + 5 + 9
    fired = [name for name, _, _ in FACTS if "-bonus-" in name and name.endswith("-fires")]
    assert len(fired) == 3 * BOXES
    precrossed = [c for c in range(16) if YELLOW_PRECROSSED >> c & 1]
    assert [YELLOW_VALUES[c] for c in precrossed] == [None] * 4
