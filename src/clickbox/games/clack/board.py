"""The components of Click Clack as data: disc kinds, the die, and the board's geometry.

No source gives the number or layout of the hollows in the box bottom, nor the number of click
positions (``shared/data/click-clack.md``), so the geometry is one swappable data structure,
:class:`Geometry`: the hollows and which are "next to" which, the 16 holes in 4 sections, the
click positions, which hollow lies under which hole at each rotation, and the columns the layout
sampler walks through (:mod:`.layout`). ``GEOMETRIES`` holds the ones a game may be played on
(option ``board``); :func:`problems` checks one against the rulebook's constraints.

The default, ``rings`` (the suggested model): 4 concentric rings of 16 hollows (hollow
``16 * ring + slot``). "Next to" is the same ring and slot +-1 (mod 16), or the same slot and
ring +-1; diagonal neighbours are allowed. Hole (section k, ring r) sits over slot
``4k + r + rotation`` (mod 16) of ring r, so the four holes of a section never share a slot; one
click turns the board one slot either way, 16 rotations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core.i18n import N_, t

# Disc kinds (the arch's stickers, in the rulebook's order).
HAZELNUT: Final = 0
BLUEBERRY: Final = 1
CHESTNUT: Final = 2
FIR_CONE: Final = 3
KINDS: Final = 4
KIND_NAMES: Final = (N_("hazelnut"), N_("blueberry"), N_("chestnut"), N_("fir-cone"))
"""Data (views, logs); shown translated, ``t(KIND_NAMES[kind])``, where a name is shown as is."""
KIND_LETTERS: Final = "hbcf"
KIND_WORDS: Final = (N_("hazelnut"), N_("blueberry"), N_("chestnut"), N_("fir cone"))
"""The kinds in words (``t(KIND_WORDS[kind])``)."""
KIND_WITH_ARTICLE: Final = (N_("a hazelnut"), N_("a blueberry"), N_("a chestnut"), N_("a fir cone"))
"""One disc of each kind in words, as a sentence's object ("finds a fir cone")."""

# Sections of the board and faces of the die.
FROG: Final = 0
BUTTERFLY: Final = 1
SNAIL: Final = 2
BEETLE: Final = 3
SECTIONS: Final = 4
SECTION_NAMES: Final = ("frog", "butterfly", "snail", "beetle")
"""Data: the notation (``frog2``), views and logs; never translated."""
SECTION_WORDS: Final = (N_("frog"), N_("butterfly"), N_("snail"), N_("beetle"))
"""The sections in words, inside a sentence ("the frog section"): ``t(SECTION_WORDS[s])``."""
SECTION_TITLES: Final = (N_("Frog"), N_("Butterfly"), N_("Snail"), N_("Beetle"))
"""The sections in words, as a name ("Frog hole 2", the board's columns)."""
FREDDY: Final = 4  # the die's Freddy face (two of its six faces)
FACE_NAMES: Final = (*SECTION_NAMES, "freddy")
FACE_WORDS: Final = (*SECTION_WORDS, N_("freddy"))
"""The die's faces in words, inside a sentence ("the die shows freddy")."""
FACE_WEIGHTS: Final = (1, 1, 1, 1, 2)  # sixths
HOLES_PER_SECTION: Final = 4

# Discs per kind by player count; the winning counts.
DISCS_PER_KIND: Final = {2: 4, 3: 5, 4: 6}
WIN_TOTAL: Final = 7
WIN_SAME: Final = 4


@dataclass(frozen=True)
class Geometry:
    """Hollows, holes and rotations of one model of the board. Immutable; see :func:`problems`.

    ``under[rotation][hole]`` is the hollow under ``hole`` when the board is at ``rotation``;
    one click turns the board from rotation ``r`` to ``r + 1`` or ``r - 1`` (mod
    ``rotations``). ``columns`` partition the hollows into a sequence (a cycle if ``cyclic``)
    such that neighbours lie in the same or in consecutive columns; the layout sampler walks it.
    """

    name: str
    description: str
    hollow_names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    hole_sections: tuple[int, ...]
    under: tuple[tuple[int, ...], ...]
    columns: tuple[tuple[int, ...], ...]
    cyclic: bool

    @property
    def hollows(self) -> int:
        """How many hollows the box bottom has."""
        return len(self.hollow_names)

    @property
    def holes(self) -> int:
        """How many feeding holes the board has."""
        return len(self.hole_sections)

    @property
    def rotations(self) -> int:
        """How many click positions the board has."""
        return len(self.under)

    def hole_name(self, hole: int) -> str:
        """``frog2``: the section and the hole's number within it (from 0)."""
        section = self.hole_sections[hole]
        index = sum(1 for h in range(hole) if self.hole_sections[h] == section)
        return f"{SECTION_NAMES[section]}{index}"


def rings(rings: int = 4, slots: int = 16, offsets: tuple[int, ...] = (0, 1, 2, 3)) -> Geometry:
    """Concentric rings of hollows under a board whose section k's hole on ring r sits over slot
    ``(slots // 4) * k + offsets[r] + rotation``; one click turns it one slot."""
    names = tuple(f"r{r}s{s}" for r in range(rings) for s in range(slots))
    neighbours = []
    for r in range(rings):
        for s in range(slots):
            near = [r * slots + (s - 1) % slots, r * slots + (s + 1) % slots]
            near += [(r + d) * slots + s for d in (-1, 1) if 0 <= r + d < rings]
            neighbours.append(tuple(sorted(set(near))))
    step = slots // SECTIONS
    sections = tuple(k for k in range(SECTIONS) for _ in range(rings))
    under = tuple(
        tuple(
            r * slots + (step * k + offsets[r] + rotation) % slots
            for k in range(SECTIONS)
            for r in range(rings)
        )
        for rotation in range(slots)
    )
    columns = tuple(tuple(r * slots + s for r in range(rings)) for s in range(slots))
    return Geometry(
        name="rings",
        description=(
            f"{rings} concentric rings of {slots} hollows; next to: same ring and slot +-1, or "
            f"same slot and ring +-1; hole (section k, ring r) over slot {step}k + r + rotation; "
            f"{slots} click positions"
        ),
        hollow_names=names,
        neighbours=tuple(neighbours),
        hole_sections=sections,
        under=under,
        columns=columns,
        cyclic=True,
    )


GEOMETRIES: Final[dict[str, Geometry]] = {"rings": rings()}


def problems(geometry: Geometry) -> list[str]:
    """What is wrong with ``geometry`` against the rulebook and the sampler (empty: nothing)."""
    found = []
    g = geometry
    if g.holes != SECTIONS * HOLES_PER_SECTION:
        found.append(
            t("{holes} holes, not {wanted}", holes=g.holes, wanted=SECTIONS * HOLES_PER_SECTION)
        )
    for section in range(SECTIONS):
        count = g.hole_sections.count(section)
        if count != HOLES_PER_SECTION:
            found.append(
                t(
                    "section {section} has {count} holes",
                    section=SECTION_NAMES[section],
                    count=count,
                )
            )
    if any(section != hole // HOLES_PER_SECTION for hole, section in enumerate(g.hole_sections)):
        found.append(t("holes are not numbered section by section"))
    for hollow, near in enumerate(g.neighbours):
        for other in near:
            if other == hollow or hollow not in g.neighbours[other]:
                found.append(
                    t(
                        "'next to' is not symmetric at hollows {hollow}, {other}",
                        hollow=hollow,
                        other=other,
                    )
                )
    if g.rotations < 2:
        found.append(t("the board must turn"))
    for rotation, row in enumerate(g.under):
        if len(row) != g.holes or len(set(row)) != g.holes:
            found.append(
                t("rotation {rotation}: the holes are not over distinct hollows", rotation=rotation)
            )
    reachable = {hollow for row in g.under for hollow in row}
    if reachable != set(range(g.hollows)):
        missing = str(sorted(set(range(g.hollows)) - reachable))
        found.append(t("hollows no hole ever reaches: {hollows}", hollows=missing))
    flat = [hollow for column in g.columns for hollow in column]
    if sorted(flat) != list(range(g.hollows)):
        found.append(t("the columns do not partition the hollows"))
    elif max(len(column) for column in g.columns) > 4:
        found.append(t("a column holds more than 4 hollows"))
    else:
        where = {hollow: c for c, column in enumerate(g.columns) for hollow in column}
        count = len(g.columns)
        for hollow, near in enumerate(g.neighbours):
            for other in near:
                gap = abs(where[hollow] - where[other])
                if g.cyclic:
                    gap = min(gap, count - gap)
                if gap > 1:
                    found.append(
                        t(
                            "hollows {hollow}, {other} are next to each other but columns apart",
                            hollow=hollow,
                            other=other,
                        )
                    )
    return found
