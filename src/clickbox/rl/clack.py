"""Click Clack's observation: a seat's view of the board, the public record of the discs and
the seats' collections, as a fixed-size vector.

Nobody sees the discs under the board, so the vector holds what the view makes public: the
options, the phase and setup progress, whose turn it is (relative to the viewer), the turn
count, the die, Freddy's section, the board's rotation, every seat's squirrel, a map of what is
known about every hollow (no disc there now: seen empty, emptied, or empty by the spacing rule
next to a disc collected or seen; or a disc of a kind seen through a vacant hole, option
``see_through``), the same knowledge for the hollow under each hole now and after a click
either way, every seat's collected discs by kind, and the discs left. Seats are relative: the
viewer first, then the others in turn order after it. The layout itself is in no view.
"""

from __future__ import annotations

from ..core import View
from ..games.clack import actions as A
from ..games.clack.board import (
    FACE_NAMES,
    HOLES_PER_SECTION,
    KIND_NAMES,
    KINDS,
    SECTION_NAMES,
    SECTIONS,
)
from ..games.clack.game import ClickClackGame
from ..games.clack.rules import PHASE_NAMES
from .encoding import Encoder, Field

# What is known about one hollow: a one-hot of _STATUS_SIZE (all 0: it may hold a disc).
_EMPTY = 0  # no disc now: seen empty, emptied, or next to a hollow that held a disc
_SEEN = 1  # _SEEN + kind: a disc of that kind seen through a vacant hole
_STATUS_SIZE = _SEEN + KINDS
_STATUS_TEXT = (
    "no disc there now (seen empty, a disc collected from it, or next to a hollow that held a "
    "disc, which the spacing rule leaves empty), a disc seen through a vacant hole: hazelnut, "
    "blueberry, chestnut, fir cone (all 0: it may hold a disc)"
)


class ClackEncoder(Encoder):
    """The observation of one seat of Click Clack (2-4 players, any options)."""

    def __init__(self, game: ClickClackGame) -> None:
        self.players: int = game.num_players
        geometry = game.geometry
        self.hollows: int = geometry.hollows
        self.holes: int = geometry.holes
        self.rotations: int = geometry.rotations
        self.per_kind: int = game.per_kind
        self.total_discs: int = game.total_discs
        self.win_same: int = game.win_same
        self.win_total: int = game.win_total
        self.neighbours: tuple[tuple[int, ...], ...] = geometry.neighbours
        rotations = self.rotations
        under = geometry.under
        self.hole_of: dict[str, int] = {A.to_string(h): h for h in range(self.holes)}
        self.phase_of: dict[str, int] = {name: i for i, name in enumerate(PHASE_NAMES)}
        self.roll_of: dict[str | None, int] = {name: i for i, name in enumerate(FACE_NAMES)}
        self.freddy_of: dict[str, int] = {"trunk": 0}
        self.freddy_of.update({name: i + 1 for i, name in enumerate(SECTION_NAMES)})
        self.kind_of: dict[str, int] = {name: i for i, name in enumerate(KIND_NAMES)}
        self.kind_therm: tuple[tuple[float, ...], ...] = tuple(
            tuple(1.0 if count > level else 0.0 for level in range(self.win_same))
            for count in range(max(self.win_same, self.per_kind) + 1)
        )
        self.total_therm: tuple[tuple[float, ...], ...] = tuple(
            tuple(1.0 if count > level else 0.0 for level in range(self.win_total))
            for count in range(max(self.win_total, self.total_discs) + 1)
        )
        self.options: tuple[float, ...] = (
            1.0 if game.see_through else 0.0,
            1.0 if game.scare_all else 0.0,
            1.0 if game.no_move_choice else 0.0,
        )
        super().__init__(game)
        at: dict[str, int] = {}
        offset = 0
        for field in self.fields:
            at[field.name] = offset
            offset += field.size
        self.at_phase: int = at["phase"]
        self.at_setup: int = at["setup"]
        self.at_turn_seat: int = at["turn_seat"]
        self.at_turns: int = at["turns"]
        self.at_roll: int = at["roll"]
        self.at_freddy: int = at["freddy"]
        self.at_rotation: int = at["rotation"]
        self.at_off: int = at["squirrel_off_board"]
        self.at_hole: int = at["hole_squirrels"]
        # Everything up to the discs as a template of zeros (the options set) to copy and fill.
        zeros = [0.0] * at["discs"]
        zeros[: len(self.options)] = self.options
        self.zeros: list[float] = zeros
        # Per rotation and hollow, where its _EMPTY one (no disc) goes: in the hollow map and in the
        # blocks of the holes over it now, after cw, after ccw (a kind seen: _SEEN + kind further).
        size = _STATUS_SIZE
        places: list[tuple[tuple[int, ...], ...]] = []
        for rot in range(rotations):
            blocks = (
                (at["under_holes_now"], under[rot]),
                (at["under_holes_cw"], under[(rot + 1) % rotations]),
                (at["under_holes_ccw"], under[(rot - 1) % rotations]),
            )
            row = []
            for hollow in range(self.hollows):
                spots = [at["hollows"] + size * hollow]
                for base, holes in blocks:
                    if hollow in holes:
                        spots.append(base + size * holes.index(hollow))
                row.append(tuple(spots))
            places.append(tuple(row))
        self.places: tuple[tuple[tuple[int, ...], ...], ...] = tuple(places)
        # The same for all the neighbours of a hollow (empty when the hollow held a disc).
        self.near_places: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(
                tuple(spot for near in self.neighbours[hollow] for spot in row[near])
                for hollow in range(self.hollows)
            )
            for row in places
        )

    def describe(self) -> list[Field]:
        """The fields, in order."""
        n = self.players
        holes = self.holes
        h = self.hollows
        s = _STATUS_SIZE
        return [
            Field(
                "options",
                3,
                "1 if the option holds: see_through, freddy_scares=all, no_move_turn=optional "
                "(may leave the board unturned after a roll that left no move).",
            ),
            Field(
                "phase",
                len(PHASE_NAMES),
                "One-hot of what the game waits for: setup (hiding discs), roll, move, turn "
                "(of the board), over.",
            ),
            Field(
                "setup",
                1,
                "Columns of the layout hidden so far over all columns (1 once play begins).",
            ),
            Field(
                "turn_seat",
                n,
                "One-hot of whose turn it is, relative (index 0: the viewer's turn, then the "
                "seats after it in turn order).",
            ),
            Field(
                "turns",
                1,
                f"Turns begun t, scaled t / (t + {self.total_discs}) (the discs in play) so it "
                "grows towards 1 without a cap.",
            ),
            Field(
                "roll",
                len(FACE_NAMES),
                "One-hot of the die showing this turn: frog, butterfly, snail, beetle, Freddy "
                "(all 0 before the roll).",
            ),
            Field(
                "freddy",
                SECTIONS + 1,
                "One-hot of Freddy's place: on the tree trunk (not yet placed), frog, butterfly, "
                "snail, beetle section.",
            ),
            Field(
                "rotation",
                self.rotations,
                "One-hot of the board's click position (cw adds 1, ccw subtracts 1, cyclic).",
            ),
            Field(
                "squirrel_off_board",
                2 * n,
                "Per seat (viewer first, then in turn order) 2 bits: squirrel at home (never "
                "placed), squirrel fled to the tree trunk (both 0: in a hole).",
            ),
            Field(
                "hole_squirrels",
                holes * n,
                f"Per hole (frog0..3, butterfly0..3, snail0..3, beetle0..3; {HOLES_PER_SECTION} "
                "a section) a one-hot of whose squirrel is in it, relative seat (viewer first); "
                "all 0: vacant.",
            ),
            Field(
                "hollows",
                h * s,
                f"Per hollow (0..{h - 1}, the board geometry's numbering) a one-hot of "
                f"what is known of it: {_STATUS_TEXT}.",
            ),
            Field(
                "under_holes_now",
                holes * s,
                "Per hole, in hole order, the hollow knowledge (as in hollows) of the hollow "
                "under it at the current rotation.",
            ),
            Field(
                "under_holes_cw",
                holes * s,
                "Per hole, the hollow knowledge (as in hollows) of the hollow that comes "
                "under it after one cw click.",
            ),
            Field(
                "under_holes_ccw",
                holes * s,
                "Per hole, the hollow knowledge (as in hollows) of the hollow that comes "
                "under it after one ccw click.",
            ),
            Field(
                "discs",
                n * (KINDS * self.win_same + self.win_total),
                f"Per seat (viewer first, then in turn order): per kind (hazelnut, blueberry, "
                f"chestnut, fir cone) a thermometer of at least 1..{self.win_same} collected, then "
                f"a thermometer of at least 1..{self.win_total} discs in all ({self.win_same} of "
                f"a kind or {self.win_total} in all wins).",
            ),
            Field(
                "discs_left",
                KINDS,
                f"Per kind, the discs of that kind not yet collected by anyone over the "
                f"{self.per_kind} in play.",
            ),
            Field(
                "on_board",
                1,
                f"Discs still under the board over the {self.total_discs} in play.",
            ),
        ]

    def action_count(self) -> int:
        """Seat actions: holes, stay, Freddy's sections, cw, ccw and noturn; noturn is last."""
        return max(A.HOLES - 1, A.STAY, A.FREDDY_BASE + SECTIONS - 1, A.CW, A.CCW, A.NOTURN) + 1

    def chance_count(self) -> int:
        """Chance outcomes: the die's faces and the hide codes of a layout column."""
        return max(A.ROLL_BASE + len(FACE_NAMES), A.HIDE_END)

    def encode(self, view: View) -> list[float]:
        """The observation of ``view["me"]`` (seat 0 for a spectator)."""
        n = self.players
        me = view["me"]
        first = 0 if me is None else me
        # Everything up to the discs: a template of zeros with the known ones set in it.
        out = self.zeros[:]
        out[self.at_phase + self.phase_of[view["phase"]]] = 1.0
        setup = view["setup"]
        out[self.at_setup] = setup["columns_done"] / setup["columns"]
        out[self.at_turn_seat + (view["turn"] - first) % n] = 1.0
        turns = view["turns"]
        out[self.at_turns] = turns / (turns + self.total_discs)
        face = view["roll"]
        if face is not None:
            out[self.at_roll + self.roll_of[face]] = 1.0
        out[self.at_freddy + self.freddy_of[view["freddy"]]] = 1.0
        rot = view["rotation"]
        out[self.at_rotation + rot] = 1.0
        squirrels = view["squirrels"]
        at_off = self.at_off
        at_hole = self.at_hole
        hole_of = self.hole_of
        for k in range(n):
            where = squirrels[(first + k) % n]
            if where == "home":
                out[at_off + 2 * k] = 1.0
            elif where == "trunk":
                out[at_off + 2 * k + 1] = 1.0
            else:
                out[at_hole + hole_of[where] * n + k] = 1.0

        # The hollows: known empty, next to a disc collected or seen (the spacing rule), seen.
        # No hollow is both empty and seen, so the codes stay one-hot.
        places = self.places[rot]
        near_places = self.near_places[rot]
        for hollow in view["known_empty"]:
            for spot in places[hollow]:
                out[spot] = 1.0
        for c in view["collections"]:
            for spot in near_places[c["hollow"]]:
                out[spot] = 1.0
        seen = view["seen"]
        if seen:
            kind_of = self.kind_of
            for s in seen:
                hollow = s["hollow"]
                for spot in near_places[hollow]:
                    out[spot] = 1.0
                code = _SEEN + kind_of[s["kind"]]
                for spot in places[hollow]:
                    out[spot + code] = 1.0

        ext = out.extend
        discs = view["discs"]
        kind_therm = self.kind_therm
        total_therm = self.total_therm
        h, b, c_, f = KIND_NAMES
        left_h = left_b = left_c = left_f = self.per_kind
        for k in range(n):
            d = discs[(first + k) % n]
            count_h = d[h]
            count_b = d[b]
            count_c = d[c_]
            count_f = d[f]
            ext(kind_therm[count_h])
            ext(kind_therm[count_b])
            ext(kind_therm[count_c])
            ext(kind_therm[count_f])
            ext(total_therm[d["total"]])
            left_h -= count_h
            left_b -= count_b
            left_c -= count_c
            left_f -= count_f
        per_kind = self.per_kind
        ext((left_h / per_kind, left_b / per_kind, left_c / per_kind, left_f / per_kind))
        out.append(view["on_board"] / self.total_discs)
        return out
