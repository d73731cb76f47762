"""The special rule of each row, A and B sides, against the rulebook's own examples.

Rulebook, "Which numbers can you write in which rows?": "Each row has a special rule that
determines which numbers it can contain. These special rules must be respected at all times. If
this is not possible, you're not allowed to write down the number in that row."

``allowed_mask(rule, row, row5)`` (the sums allowed next, as bits) and
``refusal(rule, row, total, row5)`` (why a sum is refused, or None) must agree everywhere.
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clickbox.core import play
from clickbox.games import load
from clickbox.games.clickety import ClicketyClackGame
from clickbox.games.clickety.board import (
    ALTERNATING,
    ASCENDING,
    DESCENDING,
    DIFFERENT,
    ONE_WAY,
    OUTSIDE,
    PAIRS,
    PRINTED,
    RANGES,
    ROW5_DEFAULT,
    ROW_RULES,
    SPACES,
    ZIGZAG,
)
from clickbox.games.clickety.rules import allowed_mask, refusal

ROW5 = ROW5_DEFAULT
SUMS = range(2, 13)
ALL_RULES = (*ROW_RULES["A"], *ROW_RULES["B"])


def allowed(rule: int, row: tuple[int, ...], row5: tuple[int, ...] = ROW5) -> set[int]:
    """The sums ``rule`` allows next in ``row``, read from the mask."""
    mask = allowed_mask(rule, row, row5)
    assert mask & ~sum(1 << s for s in SUMS) == 0, "the mask holds a bit outside 2..12"
    return {s for s in SUMS if mask >> s & 1}


def assert_agree(rule: int, row: tuple[int, ...], row5: tuple[int, ...] = ROW5) -> None:
    """The mask and the refusal agree on every sum 2..12."""
    ok = allowed(rule, row, row5)
    for total in SUMS:
        why = refusal(rule, row, total, row5)
        assert (why is None) == (total in ok), (rule, row, total, why)
        if why is not None:
            assert why  # a refusal always says something


def assert_writable(rule: int, numbers: tuple[int, ...], row5: tuple[int, ...] = ROW5) -> None:
    """Each number of ``numbers`` may be written in turn (a rulebook example is legal)."""
    for i, total in enumerate(numbers):
        row = numbers[:i]
        assert total in allowed(rule, row, row5), (row, total)
        assert refusal(rule, row, total, row5) is None, (row, total)


def refused(rule: int, row: tuple[int, ...], total: int, row5: tuple[int, ...] = ROW5) -> str:
    """The reason ``total`` is refused (asserting the mask agrees)."""
    why = refusal(rule, row, total, row5)
    assert why is not None, (row, total)
    assert total not in allowed(rule, row, row5)
    return why


# -- the A side ------------------------------------------------------------------------------------


def test_a_side_rows_in_order() -> None:
    """Rulebook: "Here are the special rules for the 5 rows on the A side of the board, from top to
    bottom": ≠, arrow up, arrow down, ≈, !."""
    assert ROW_RULES["A"] == (DIFFERENT, ASCENDING, DESCENDING, ALTERNATING, PRINTED)
    game = load("clickety-clack")
    assert isinstance(game, ClicketyClackGame)
    assert game.row_rules == ROW_RULES["A"]
    assert game.new_initial_state().view(None)["board"]["symbols"] == ["≠", "↑", "↓", "≈", "!"]


def test_row1_example_all_different() -> None:
    """Row 1 (≠ symbol): "you can only write numbers that are different. The order of the numbers
    doesn't matter. Example: 4 – 7 – 2 – 10 – 9 – 8 …"."""
    example = (4, 7, 2, 10, 9, 8)
    assert_writable(DIFFERENT, example)
    assert allowed(DIFFERENT, example) == {3, 5, 6, 11, 12}
    for repeat in example:
        assert refused(DIFFERENT, example, repeat) == f"the row already holds {repeat}"


def test_row1_first_number_is_free() -> None:
    assert allowed(DIFFERENT, ()) == set(SUMS)


def test_row2_example_ascending_with_gaps() -> None:
    """Row 2 (arrow up symbol): "the numbers have to be in ascending order, from left to right.
    You're allowed to leave gaps. Example: 2 – 3 – 5 – 7 – 8 – 9 …"."""
    example = (2, 3, 5, 7, 8, 9)
    assert_writable(ASCENDING, example)
    assert allowed(ASCENDING, example) == {10, 11, 12}
    assert "ascending: the next number must be above 9" in refused(ASCENDING, example, 4)
    # a gap: 2 then 12 is fine, and then nothing fits
    assert_writable(ASCENDING, (2, 12))
    assert allowed(ASCENDING, (2, 12)) == set()


def test_row2_equal_number_is_not_ascending() -> None:
    """Rulebook: "On the A side ... you're not allowed to write the same number twice in any of the
    rows"."""
    assert refused(ASCENDING, (5,), 5) == "the row already holds 5"


def test_row3_example_descending_with_gaps() -> None:
    """Row 3 (arrow down symbol): "the numbers have to be in descending order, from left to
    right. You're allowed to leave gaps. Example: 11 – 9 – 8 – 7 – 4 – 3 …"."""
    example = (11, 9, 8, 7, 4, 3)
    assert_writable(DESCENDING, example)
    assert allowed(DESCENDING, example) == {2}
    assert "descending: the next number must be below 3" in refused(DESCENDING, example, 10)


def test_row3_vera_writes_11_first() -> None:
    """Rulebook: "Vera writes the '11' in her third row. All of the numbers here must be
    descending"."""
    assert_writable(DESCENDING, (11,))
    assert allowed(DESCENDING, (11,)) == set(range(2, 11))


def test_row4_example_alternating_even_odd() -> None:
    """Row 4 (≈ symbol): "numbers have to alternate between even and odd. You can freely choose
    the first number ... Also, you're not allowed to use the same number twice. Example: 5 – 8 –
    3 – 10 – 11 – 4 …"."""
    example = (5, 8, 3, 10, 11, 4)
    assert_writable(ALTERNATING, example)
    # after the even 4: an odd number not yet used (5, 3 and 11 are)
    assert allowed(ALTERNATING, example) == {7, 9}
    why = refused(ALTERNATING, example, 6)
    assert why == "the row alternates even and odd: after 4 comes an odd number"
    assert refused(ALTERNATING, example, 5) == "the row already holds 5"
    assert "after 5 comes an even number" in refused(ALTERNATING, (5,), 7)
    assert allowed(ALTERNATING, ()) == set(SUMS)
    assert allowed(ALTERNATING, (2,)) == {3, 5, 7, 9, 11}


def test_row5_example_pre_printed_numbers() -> None:
    """Row 5 (! symbol): "you must write the pre-printed numbers. Example: 6 – 9 – 3 – 8 – 4 – 10
    …"; the last four (7 5 11 2) are the project default (board data, cc-row5)."""
    assert ROW5_DEFAULT == (6, 9, 3, 8, 4, 10, 7, 5, 11, 2)
    assert_writable(PRINTED, (6, 9, 3, 8, 4, 10))
    assert_writable(PRINTED, ROW5_DEFAULT)
    for n in range(SPACES):
        assert allowed(PRINTED, ROW5_DEFAULT[:n]) == {ROW5_DEFAULT[n]}
    why = refused(PRINTED, (6, 9, 3), 4)
    assert why == "the next pre-printed number is 8"


def test_row5_follows_the_row5_option() -> None:
    row5 = (12, 11, 10, 9, 8, 7, 6, 5, 4, 3)
    assert_writable(PRINTED, row5, row5)
    assert allowed(PRINTED, (), row5) == {12}
    assert refused(PRINTED, (), 6, row5) == "the next pre-printed number is 12"


@pytest.mark.parametrize("rule", ROW_RULES["A"])
def test_a_side_no_row_repeats_a_number(rule: int) -> None:
    """Rulebook: "Note: on the A side of the board, you're not allowed to write the same number
    twice in any of the rows." (board data: "On the A side no row may hold the same number
    twice")."""
    for first in SUMS:
        # even a row 5 printed with the same number twice could not take it twice
        row5 = (first,) * SPACES
        assert first not in allowed(rule, (first,), row5)
        assert refused(rule, (first,), first, row5) == f"the row already holds {first}"


# -- the B side ------------------------------------------------------------------------------------


def test_b_side_rows_in_order() -> None:
    """Rulebook: "Here are the special rules for the 5 rows on the B side of the board, from top to
    bottom": ascending/descending, left/right arrows, pairs, zigzag, 2–6 / 8–12."""
    assert ROW_RULES["B"] == (ONE_WAY, OUTSIDE, PAIRS, ZIGZAG, RANGES)
    game = load("clickety-clack(side=B)")
    assert isinstance(game, ClicketyClackGame)
    assert game.row_rules == ROW_RULES["B"]


def test_b_row1_example_ascending() -> None:
    """B row 1: "you must choose whether you want to write your numbers in ascending or descending
    order. You're allowed to leave gaps. Your second number determines whether your row is
    ascending or descending. Example: 2 – 3 – 5 – 7 – 8 – 9 …"."""
    example = (2, 3, 5, 7, 8, 9)
    assert_writable(ONE_WAY, example)
    assert allowed(ONE_WAY, example) == {10, 11, 12}
    assert "ascending: the next number must be above 9" in refused(ONE_WAY, example, 6)


def test_b_row1_second_number_sets_the_direction() -> None:
    """Rulebook: "Your second number determines whether your row is ascending or descending"."""
    # after one number, both directions are open (only the repeat is refused)
    assert allowed(ONE_WAY, (6,)) == set(SUMS) - {6}
    assert refused(ONE_WAY, (6,), 6) == "the row already holds 6"
    # 6 then 7: ascending from now on
    assert allowed(ONE_WAY, (6, 7)) == {8, 9, 10, 11, 12}
    # 6 then 5: descending from now on
    assert allowed(ONE_WAY, (6, 5)) == {2, 3, 4}
    assert "descending: the next number must be below 5" in refused(ONE_WAY, (6, 5), 7)
    assert_writable(ONE_WAY, (11, 12))
    assert_writable(ONE_WAY, (12, 11, 9, 8, 5, 2))


def test_b_row2_example_outside_the_range() -> None:
    """B row 2: "each following number must be smaller than the smallest number, or bigger than the
    biggest number in the row. Example: the row contains the numbers 6 – 7 – 5 – 3 – 9 – 10. The
    only numbers that are still allowed from here on out are 2, 11, and 12. You're no longer
    allowed to write down a 4 or an 8"."""
    example = (6, 7, 5, 3, 9, 10)
    assert_writable(OUTSIDE, example)
    assert allowed(OUTSIDE, example) == {2, 11, 12}
    assert refused(OUTSIDE, example, 4) == "the next number must be below 3 or above 10"
    assert refused(OUTSIDE, example, 8) == "the next number must be below 3 or above 10"
    assert refused(OUTSIDE, example, 3) == "the row already holds 3"


def test_b_row3_example_pairs() -> None:
    """B row 3: "you must write down numbers in pairs. If you write down a number, the next number
    you write down here must be identical. However, you are not allowed to use the same pair
    twice. Also, pairs of 6, 7 or 8 are not allowed. Example: 5 – 5 – 10 – 10 – 3 …"."""
    example = (5, 5, 10, 10, 3)
    assert_writable(PAIRS, example)
    assert allowed(PAIRS, example) == {3}
    assert refused(PAIRS, example, 4) == "3 must be repeated to make a pair"
    assert allowed(PAIRS, (5,)) == {5}
    # no pair twice
    assert refused(PAIRS, (5, 5), 5) == "the pair 5-5 is already used"
    assert allowed(PAIRS, (5, 5, 10, 10)) == {2, 3, 4, 9, 11, 12}


@pytest.mark.parametrize("total", [6, 7, 8])
def test_b_row3_no_pairs_of_6_7_or_8(total: int) -> None:
    """Rulebook: "Also, pairs of 6, 7 or 8 are not allowed" (a pair can't even be started:
    cc-pairs-start)."""
    assert refused(PAIRS, (), total) == "pairs of 6, 7 or 8 are not allowed"
    assert refused(PAIRS, (2, 2), total) == "pairs of 6, 7 or 8 are not allowed"


def test_b_row3_is_the_only_row_that_repeats() -> None:
    """Rulebook: "you're not allowed to write the same number in the same row twice. The only
    exception is the third row (number pairs)"."""
    for rule in ROW_RULES["B"]:
        for first in (2, 5, 12):
            assert (first in allowed(rule, (first,))) == (rule == PAIRS), (rule, first)


def test_b_row4_example_zigzag() -> None:
    """B row 4: "the ascending/descending order of the numbers must alternate. You can freely
    choose the first 2 numbers, but after that you must respect this special rule for each
    following number. Also, you're not allowed to use the same number twice. Example: 5 – 8 – 4 –
    6 – 2 – 11 …"."""
    example = (5, 8, 4, 6, 2, 11)
    assert_writable(ZIGZAG, example)
    # 2 -> 11 went up, so the next goes down, to a number not yet used
    assert allowed(ZIGZAG, example) == {3, 7, 9, 10}
    assert "went up to 11, so the next number must be below it" in refused(ZIGZAG, example, 12)
    assert refused(ZIGZAG, example, 8) == "the row already holds 8"
    # 5 -> 8 went up: next below 8; 5 -> 8 -> 4 went down: next above 4
    assert allowed(ZIGZAG, (5, 8)) == {2, 3, 4, 6, 7}
    assert allowed(ZIGZAG, (5, 8, 4)) == {6, 7, 9, 10, 11, 12}
    assert "went down to 4, so the next number must be above it" in refused(ZIGZAG, (5, 8, 4), 3)


def test_b_row4_first_two_numbers_are_free() -> None:
    """Rulebook: "You can freely choose the first 2 numbers\" (as long as they differ)."""
    assert allowed(ZIGZAG, ()) == set(SUMS)
    assert allowed(ZIGZAG, (7,)) == set(SUMS) - {7}


def test_b_row5_example_ranges() -> None:
    """B row 5: "you must write either a range of small numbers (2–6) or a range of big numbers
    (8–12). You may choose the order of the numbers, as well as which range you want to start
    with. However, you're only allowed to switch the range once ... You're also not allowed to
    write a 7 in this row. Example: 6 – 2 – 5 – 3 – (switch) – 9 – 10 …"."""
    example = (6, 2, 5, 3, 9, 10)
    assert_writable(RANGES, example)
    # switched once already: only the big numbers not yet written
    assert allowed(RANGES, example) == {8, 11, 12}
    why = refused(RANGES, example, 4)
    assert why == "the row has switched ranges once already and stays in 8-12"
    # before the switch, both ranges are open
    assert allowed(RANGES, (6, 2, 5, 3)) == {4, 8, 9, 10, 11, 12}
    # starting with the big range is just as fine, and the switch may go the other way
    assert_writable(RANGES, (12, 8, 4, 2))
    assert "stays in 2-6" in refused(RANGES, (12, 8, 4, 2), 9)


def test_b_row5_never_7() -> None:
    """Rulebook: "You're also not allowed to write a 7 in this row"."""
    for row in [(), (6,), (8,), (6, 2, 5, 3), (6, 2, 5, 3, 9, 10), (12, 8, 4, 2)]:
        assert refused(RANGES, row, 7) == "7 is never allowed in this row"
    assert allowed(RANGES, ()) == set(SUMS) - {7}


# -- every rule: full rows, and the mask agrees with the refusal -----------------------------------

FULL_ROWS = {
    DIFFERENT: (4, 7, 2, 10, 9, 8, 3, 5, 6, 11),
    ASCENDING: (2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
    DESCENDING: (12, 11, 10, 9, 8, 7, 6, 5, 4, 3),
    ALTERNATING: (2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
    PRINTED: ROW5_DEFAULT,
    ONE_WAY: (12, 11, 10, 9, 8, 7, 6, 5, 4, 3),
    OUTSIDE: (7, 6, 8, 5, 9, 4, 10, 3, 11, 2),
    PAIRS: (5, 5, 10, 10, 3, 3, 12, 12, 2, 2),
    ZIGZAG: (2, 12, 3, 11, 4, 10, 5, 9, 6, 8),
    RANGES: (6, 2, 5, 3, 4, 9, 10, 8, 12, 11),
}


@pytest.mark.parametrize("rule", ALL_RULES)
def test_a_full_row_takes_nothing(rule: int) -> None:
    """Each row has 10 spaces (board data); "write down the sum in its leftmost empty space"."""
    row = FULL_ROWS[rule]
    assert len(row) == SPACES
    assert_writable(rule, row)
    assert allowed_mask(rule, row, ROW5) == 0
    for total in SUMS:
        assert refusal(rule, row, total, ROW5) == "the row is full"


@st.composite
def built_rows(draw: st.DrawFn) -> tuple[int, tuple[int, ...], list[int]]:
    """A rule, a row5, and choices that pick each next number among the allowed ones."""
    rule = draw(st.sampled_from(ALL_RULES))
    row5 = tuple(draw(st.permutations(list(SUMS)))[:SPACES])
    picks = draw(st.lists(st.integers(0, 10_000), max_size=SPACES + 2))
    return rule, row5, picks


@settings(max_examples=400, deadline=None)
@given(built_rows())
def test_mask_agrees_with_refusal_on_rows_built_by_legal_writes(
    case: tuple[int, tuple[int, ...], list[int]],
) -> None:
    """For any row reached by legal writes, ``total`` is in the mask iff ``refusal`` is None, and
    a full row of 10 takes nothing."""
    rule, row5, picks = case
    row: tuple[int, ...] = ()
    for pick in picks:
        assert_agree(rule, row, row5)
        options = sorted(allowed(rule, row, row5))
        if not options:
            break
        row = (*row, options[pick % len(options)])
    assert_agree(rule, row, row5)
    if len(row) == SPACES:
        assert allowed_mask(rule, row, row5) == 0
    # every row reached this way keeps its rule's promises
    if rule == PAIRS:
        pairs = row[0::2]
        assert all(row[i] == row[i + 1] for i in range(0, len(row) - 1, 2))
        assert len(set(pairs)) == len(pairs)
        assert not set(pairs) & {6, 7, 8}
    else:
        assert len(set(row)) == len(row), "only the pairs row may repeat a number"
    if rule == PRINTED:
        assert row == row5[: len(row)]
    if rule == ASCENDING:
        assert list(row) == sorted(row)
    if rule == DESCENDING:
        assert list(row) == sorted(row, reverse=True)
    if rule == ALTERNATING:
        assert all(a % 2 != b % 2 for a, b in pairwise(row))
    if rule == RANGES:
        assert 7 not in row
        switches = sum(1 for a, b in pairwise(row) if (a < 7) != (b < 7))
        assert switches <= 1
    if rule == ZIGZAG:
        ups = [b > a for a, b in pairwise(row)]
        assert all(u != v for u, v in pairwise(ups))
    if rule == OUTSIDE:
        assert all(v < min(row[:i]) or v > max(row[:i]) for i, v in enumerate(row) if i)
    if rule == ONE_WAY and len(row) >= 2:
        assert list(row) in (sorted(row), sorted(row, reverse=True))


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(ALL_RULES),
    st.lists(st.integers(2, 12), max_size=SPACES),
    st.integers(2, 12),
)
def test_refusal_never_crashes_on_any_legal_prefix(
    rule: int, numbers: list[int], total: int
) -> None:
    """Writing stops at the first refused number; up to there the mask and refusal agree."""
    row: tuple[int, ...] = ()
    for number in numbers:
        if refusal(rule, row, number, ROW5) is not None:
            break
        row = (*row, number)
    assert_agree(rule, row)
    assert (refusal(rule, row, total, ROW5) is None) == (total in allowed(rule, row))


# -- through the state: the rows of a real game ----------------------------------------------------


def test_state_allowed_sums_follow_the_rows() -> None:
    """``state.allowed_sums(seat, row)`` is the row rule applied to what the seat has written."""
    game = load("clickety-clack(side=B)", players=2)
    assert isinstance(game, ClicketyClackGame)
    state = game.new_initial_state()
    for face in (5, 5, 3, 2, 1):
        play(state, f"r{face}")
    play(state, "5+5>3")  # starts the pair 10 in row 3
    assert state.rows(0)[2] == (10,)
    assert state.allowed_sums(0, 2) == [10]
    assert state.allowed_sums(1, 2) == [2, 3, 4, 5, 9, 10, 11, 12]
    for seat in range(2):
        for row in range(5):
            mask = allowed_mask(game.row_rules[row], state.rows(seat)[row], game.row5)
            assert state.allowed_sums(seat, row) == [s for s in SUMS if mask >> s & 1]
