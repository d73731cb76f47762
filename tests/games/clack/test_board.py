"""The board's geometry against the rulebook's constraints, and the layout distribution.

Rulebook: "1 circular game board: subdivided into 4 sections: Frog, Butterfly, Snail and Beetle.
There are 4 squirrel feeding holes in each area." "The board has 16 feeding holes where the
food discs can be found." "Food discs may not be placed next to one another, but they are
allowed to border on one another diagonally." The geometry itself is our model
(clack-geometry); the layout is uniform among legal layouts (clack-layout).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter

import pytest

from clickbox.games.clack.board import (
    GEOMETRIES,
    HOLES_PER_SECTION,
    SECTION_NAMES,
    SECTIONS,
    problems,
    rings,
)
from clickbox.games.clack.layout import LayoutModel, model

from .helpers import layout, new_state

GEOMETRY = GEOMETRIES["rings"]


def test_sixteen_holes_four_per_section() -> None:
    assert GEOMETRY.holes == 16
    for section in range(SECTIONS):
        assert GEOMETRY.hole_sections.count(section) == HOLES_PER_SECTION
    names = [GEOMETRY.hole_name(h) for h in range(16)]
    assert names[:4] == ["frog0", "frog1", "frog2", "frog3"]
    assert {name.rstrip("0123") for name in names} == set(SECTION_NAMES)


def test_the_default_geometry_has_no_problems() -> None:
    assert problems(GEOMETRY) == []
    assert GEOMETRY.hollows == 64 and GEOMETRY.rotations == 16


def test_next_to_is_orthogonal_and_symmetric() -> None:
    """Diagonal neighbours are allowed: r1s5 is next to r0s5, r2s5, r1s4, r1s6, not r2s6."""
    names = GEOMETRY.hollow_names
    near = {names[h] for h in GEOMETRY.neighbours[names.index("r1s5")]}
    assert near == {"r0s5", "r2s5", "r1s4", "r1s6"}
    corner = {names[h] for h in GEOMETRY.neighbours[names.index("r0s0")]}
    assert corner == {"r0s15", "r0s1", "r1s0"}  # the slots wrap round, the rings do not
    for h, others in enumerate(GEOMETRY.neighbours):
        assert all(h in GEOMETRY.neighbours[o] for o in others)


def test_every_hollow_is_reachable_and_holes_never_share_a_hollow() -> None:
    reached: set[int] = set()
    for rotation, row in enumerate(GEOMETRY.under):
        assert len(set(row)) == 16, rotation
        reached.update(row)
    assert reached == set(range(64))


def test_one_click_moves_every_hole_one_slot_along_its_ring() -> None:
    for rotation in range(16):
        for h in range(16):
            here, there = GEOMETRY.under[rotation][h], GEOMETRY.under[(rotation + 1) % 16][h]
            assert here // 16 == there // 16 and (here + 1) % 16 == there % 16


def test_problems_names_what_is_wrong() -> None:
    broken = dataclasses.replace(GEOMETRY, hole_sections=(0,) * 16)
    assert any("holes" in p for p in problems(broken))
    unreachable = dataclasses.replace(GEOMETRY, under=(GEOMETRY.under[0],) * 16)
    assert any("no hole ever reaches" in p for p in problems(unreachable))


def _brute_force(geometry_rings: int, slots: int, discs: int) -> int:
    g = rings(geometry_rings, slots, tuple(range(geometry_rings)))
    count = 0
    for chosen in itertools.combinations(range(g.hollows), discs):
        taken = set(chosen)
        if not any(o in taken for h in chosen for o in g.neighbours[h]):
            count += 1
    return count


@pytest.mark.parametrize("discs", [3, 5, 8])
def test_the_layout_count_matches_brute_force(discs: int) -> None:
    small = LayoutModel(rings(2, 8, (0, 1)))
    assert small.layouts(discs) == _brute_force(2, 8, discs)


def test_the_layout_is_exactly_uniform() -> None:
    """Multiplying the chance probabilities column by column gives every legal set of hollows
    the same probability (a small board, so every layout can be listed)."""
    small = LayoutModel(rings(2, 8, (0, 1)))
    discs = 5
    probabilities: dict[tuple[int, ...], float] = {}

    def walk(
        column: int, before: int, first: int, left: int, p: float, hollows: tuple[int, ...]
    ) -> None:
        if column == small.size:
            probabilities[hollows] = p
            return
        for q, pq in small.outcomes(column, before, first, left):
            walk(
                column + 1,
                q,
                q if column == 0 else first,
                left - small.counts[column][q],
                p * pq,
                hollows + small.hollows_of[column][q],
            )

    walk(0, 0, 0, discs, 1.0, ())
    assert len(probabilities) == _brute_force(2, 8, discs)
    assert all(p == pytest.approx(1 / len(probabilities)) for p in probabilities.values())


def test_the_default_board_holds_24_discs_in_many_ways() -> None:
    m = model(GEOMETRY)
    assert m.layouts(32) == 2 and m.layouts(33) == 0  # the two checkerboards
    assert m.layouts(24) > 10**8


def test_a_sample_respects_what_is_known() -> None:
    m = model(GEOMETRY)
    rng = random.Random(1)
    must = (1 << 5) | (1 << 40)
    forbid = (1 << 6) | (1 << 21) | (1 << 37)
    for _ in range(20):
        patterns = m.sample(24, must, forbid, rng)
        chosen = {h for c, q in enumerate(patterns) for h in m.hollows_of[c][q]}
        assert len(chosen) == 24
        assert {5, 40} <= chosen and not chosen & {6, 21, 37}
        assert not any(o in chosen for h in chosen for o in GEOMETRY.neighbours[h])
    with pytest.raises(ValueError, match="no legal layout"):
        m.sample(24, (1 << 5) | (1 << 6), 0, rng)  # two neighbours cannot both hold discs


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seeded_setup_never_puts_discs_next_to_each_other(players: int) -> None:
    """Rulebook: "Food discs may not be placed next to one another"; "two players: 4 discs of
    each kind; three players: 5 discs of each kind; four players: 6 discs of each kind"."""
    from clickbox.core import resolve_chance

    for seed in range(10):
        state = new_state(players)
        resolve_chance(state, random.Random(seed))
        discs = layout(state)
        assert Counter(discs.values()) == {k: {2: 4, 3: 5, 4: 6}[players] for k in "hbcf"}
        assert not any(o in discs for h in discs for o in GEOMETRY.neighbours[h])
