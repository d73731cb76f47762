"""The hidden disc layout: uniform over every legal layout, drawn column by column.

"Food discs may not be placed next to one another": a layout is a set of hollows no two of which
are next to each other (an independent set of the geometry's "next to" graph) with one disc in
each, the kinds arranged among them. The setup draws a layout **uniformly at random among all
legal layouts** of the game's discs (every set of hollows equally likely, then every arrangement
of the kinds): one chance step per column of the geometry (``Geometry.columns``) chooses which
hollows of that column hold a disc and of which kinds, with the exact probability that a uniform
layout has that column so, given the columns before. (Placing the discs one at a time in a hollow
chosen uniformly among those still allowed would not be uniform, and on the default board it
often jams before 24 discs are down.)

The probabilities come from counting: ``tables`` counts, for every column, the pattern of the
column before it and the pattern of the first column (the columns form a cycle), the completions
with each number of discs, as polynomials packed into one int (``_BITS`` bits a coefficient).
The same counts, restricted to the patterns that agree with what is known (hollows that held a
disc, hollows that held none), sample the posterior in ``state_from_view``: given the public
collections and the hollows seen empty, every consistent layout is equally likely.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ...core.i18n import t
from .board import KINDS, Geometry

if TYPE_CHECKING:
    import random

_BITS = 96  # a coefficient never reaches 2**64 (there are fewer layouts than subsets)
_MASK = (1 << _BITS) - 1

Tables = list[list[list[int]]]


class LayoutModel:
    """The column patterns of a geometry and the counts of legal layouts through them."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        columns = geometry.columns
        near = geometry.neighbours
        self.size = len(columns)
        patterns: list[tuple[int, ...]] = []
        hollows_of: list[tuple[tuple[int, ...], ...]] = []
        for column in columns:
            masks = []
            cells = []
            for mask in range(1 << len(column)):
                chosen = tuple(column[i] for i in range(len(column)) if mask >> i & 1)
                if not any(other in chosen for h in chosen for other in near[h]):
                    masks.append(mask)
                    cells.append(chosen)
            patterns.append(tuple(masks))
            hollows_of.append(tuple(cells))
        self.patterns: tuple[tuple[int, ...], ...] = tuple(patterns)
        """Per column, the masks (over the column's places) with no two discs next to each other."""
        self.hollows_of: tuple[tuple[tuple[int, ...], ...], ...] = tuple(hollows_of)
        self.bits: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(1 << h for h in cells) for cells in column) for column in hollows_of
        )
        self.counts: tuple[tuple[int, ...], ...] = tuple(
            tuple(len(cells) for cells in column) for column in hollows_of
        )
        self.index: tuple[dict[int, int], ...] = tuple(
            {mask: i for i, mask in enumerate(masks)} for masks in patterns
        )
        compat = []
        for c in range(self.size):
            d = (c + 1) % self.size
            row = []
            for chosen_cells in hollows_of[c]:
                blocked = {other for h in chosen_cells for other in near[h]}
                row.append(
                    tuple(
                        q
                        for q, later in enumerate(hollows_of[d])
                        if not blocked.intersection(later)
                    )
                )
            compat.append(tuple(row))
        self.compat: tuple[tuple[tuple[int, ...], ...], ...] = tuple(compat)
        """``compat[c][p]``: the patterns of column c + 1 that may follow pattern p of column c."""
        self.everything: tuple[tuple[int, ...], ...] = tuple(tuple(range(len(m))) for m in patterns)
        self.free: Tables = self.tables(self.everything)
        self._outcomes: dict[tuple[int, int, int, int], tuple[tuple[int, float], ...]] = {}

    def tables(self, allowed: tuple[tuple[int, ...], ...]) -> Tables:
        """``W[c][p][f]``: completions of columns c.. given pattern p before and f first, as a
        packed polynomial in the number of discs (only the patterns in ``allowed``)."""
        size = self.size
        firsts = len(self.patterns[0])
        last = size - 1
        cyclic = self.geometry.cyclic
        base = [
            [1 if not cyclic or f in self.compat[last][p] else 0 for f in range(firsts)]
            for p in range(len(self.patterns[last]))
        ]
        tables: Tables = [[] for _ in range(size + 1)]
        tables[size] = base
        for c in range(last, 0, -1):
            later = tables[c + 1]
            ok = set(allowed[c])
            counts = self.counts[c]
            rows = []
            for p in range(len(self.patterns[c - 1])):
                row = [0] * firsts
                for q in self.compat[c - 1][p]:
                    if q not in ok:
                        continue
                    shift = counts[q] * _BITS
                    for f, value in enumerate(later[q]):
                        if value:
                            row[f] += value << shift
                rows.append(row)
            tables[c] = rows
        return tables

    def weights(
        self,
        tables: Tables,
        allowed: tuple[tuple[int, ...], ...],
        column: int,
        before: int,
        first: int,
        discs: int,
    ) -> list[tuple[int, int]]:
        """The patterns column ``column`` may take, each with its number of completions to
        ``discs`` discs in all from here (``before``/``first``: patterns of the column before
        and of the first column; ignored for the first column)."""
        counts = self.counts[column]
        out = []
        if column == 0:
            for q in allowed[0]:
                rest = discs - counts[q]
                if rest >= 0:
                    value = (tables[1][q][q] >> (rest * _BITS)) & _MASK
                    if value:
                        out.append((q, value))
            return out
        ok = set(allowed[column])
        nxt = tables[column + 1]
        for q in self.compat[column - 1][before]:
            rest = discs - counts[q]
            if q in ok and rest >= 0:
                value = (nxt[q][first] >> (rest * _BITS)) & _MASK
                if value:
                    out.append((q, value))
        return out

    def layouts(self, discs: int) -> int:
        """How many sets of ``discs`` hollows no two of which are next to each other."""
        return sum(v for _, v in self.weights(self.free, self.everything, 0, 0, 0, discs))

    def outcomes(
        self, column: int, before: int, first: int, discs: int
    ) -> tuple[tuple[int, float], ...]:
        """The patterns of ``column`` with their probabilities under a uniform layout (cached)."""
        key = (column, before, first, discs)
        found = self._outcomes.get(key)
        if found is None:
            weights = self.weights(self.free, self.everything, column, before, first, discs)
            total = sum(v for _, v in weights)
            found = tuple((q, v / total) for q, v in weights)
            self._outcomes[key] = found
        return found

    def sample(self, discs: int, must: int, forbid: int, rng: random.Random) -> list[int]:
        """A pattern per column, uniform among layouts of ``discs`` discs with a disc in every
        hollow of the bit mask ``must`` and none in ``forbid``; ValueError if there is none."""
        return self.sample_many(discs, must, forbid, rng, 1)[0]

    def sample_many(
        self, discs: int, must: int, forbid: int, rng: random.Random, count: int
    ) -> list[list[int]]:
        """``count`` independent draws of :meth:`sample` (the counts are built once)."""
        allowed = tuple(
            tuple(
                q
                for q, bits in enumerate(self.bits[c])
                if bits & forbid == 0 and (must & ~bits & self._column_bits(c)) == 0
            )
            for c in range(self.size)
        )
        tables = self.tables(allowed)
        draws = []
        for _ in range(count):
            chosen: list[int] = []
            first = before = 0
            left = discs
            for column in range(self.size):
                weights = self.weights(tables, allowed, column, before, first, left)
                total = sum(v for _, v in weights)
                if total == 0:
                    raise ValueError(t("no legal layout agrees with what is known"))
                pick = rng.randrange(total)
                q = weights[-1][0]
                for candidate, value in weights:
                    if pick < value:
                        q = candidate
                        break
                    pick -= value
                chosen.append(q)
                if column == 0:
                    first = q
                before = q
                left -= self.counts[column][q]
            draws.append(chosen)
        return draws

    def _column_bits(self, column: int) -> int:
        return sum(1 << h for h in self.geometry.columns[column])


_MODELS: dict[str, LayoutModel] = {}


def model(geometry: Geometry) -> LayoutModel:
    """The layout model of ``geometry`` (built once per geometry name)."""
    found = _MODELS.get(geometry.name)
    if found is None or found.geometry != geometry:
        found = LayoutModel(geometry)
        _MODELS[geometry.name] = found
    return found


@cache
def kind_sequences(left: tuple[int, ...], count: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """The kinds of ``count`` discs drawn one by one without replacement from ``left`` (discs
    of each kind), with their probabilities (cached)."""
    if count == 0:
        return (((), 1.0),)
    total = sum(left)
    out = []
    for kind in range(KINDS):
        if left[kind]:
            rest = list(left)
            rest[kind] -= 1
            share = left[kind] / total
            for tail, p in kind_sequences(tuple(rest), count - 1):
                out.append(((kind, *tail), share * p))
    return tuple(out)
