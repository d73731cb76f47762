"""The state of a game of Click Clack: the hidden discs, the squirrels, Freddy and the board.

The setup hides the discs column by column (chance, :mod:`.layout`); then each turn is a roll
of the die (chance), the current player's move (a squirrel to a hole, ``stay``, or Freddy to a
section; skipped when the die shows Freddy's section) and the turn of the board (``cw`` or
``ccw``; after a skipped move also ``noturn``, unless option ``no_move_turn=forced``). After a
placement and after every turn of the board, each squirrel standing over a disc collects it for
its owner; a player with 7 discs or 4 of a kind wins at once.

Everything is plain ints and lists: ``_disc[hollow]`` is the kind of the disc in a hollow
(-1: none); ``_pos[seat]`` a hole (0-15), ``HOME`` (in front of the player) or ``TRUNK``;
``_owner[hole]`` the seat whose squirrel is in it (-1: vacant); ``_rot`` the board's rotation.
What is public about the discs is kept as bit masks over the hollows: ``_empty`` (known to hold
no disc now) and ``_seen`` (a disc seen through a vacant hole, option ``see_through``), and the
log of collections.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import Final

from ...core import (
    CHANCE,
    TERMINAL,
    GameBase,
    OptionError,
    Outcome,
    Player,
    StateBase,
    pick_outcome,
)
from ...core.i18n import N_, t
from . import actions as A
from .board import (
    FACE_WEIGHTS,
    FACE_WORDS,
    FREDDY,
    GEOMETRIES,
    KINDS,
    SECTION_WORDS,
    SECTIONS,
    WIN_SAME,
    WIN_TOTAL,
    Geometry,
    problems,
)
from .layout import LayoutModel, kind_sequences, model
from .params import ClickClackParams

# Phases: what the game waits for.
HIDE: Final = 0  # chance: the next column of the layout
ROLL: Final = 1  # chance: the die
MOVE: Final = 2  # the current player places or moves their squirrel, or moves Freddy
TURN: Final = 3  # the current player turns the board one click (or, after no move, may not)
OVER: Final = 4
PHASE_NAMES: Final = ("setup", "roll", "move", "turn", "over")

HOME: Final = 16  # a squirrel in front of its player (not yet placed)
TRUNK: Final = 17  # a squirrel that fled to the tree trunk
ON_TRUNK: Final = -1  # Freddy's place before he is first moved
NOBODY: Final = -1
NO_DISC: Final = -1

# Why the game ended (``Outcome.reason``, several joined by "; "): data, shown translated
# (``t(reason)`` for each part) by the terminal and the pages.
SAME_KINDS: Final = N_("4 identical discs")
"""The reason of a player with ``WIN_SAME`` discs of one kind (option ``win_same`` set to
another number: the same words with that number, untranslated)."""
TOTAL_DISCS: Final = N_("7 discs")
"""The reason of a player with ``WIN_TOTAL`` discs (option ``win_total``: as ``SAME_KINDS``)."""
NONE_LEFT: Final = N_("no disc left: the most discs")
"""The reason when the last disc is collected and nobody has won."""
REASONS: Final = (SAME_KINDS, TOTAL_DISCS, NONE_LEFT)

# One collection: (turn number, whose turn, seat, hole, rotation, hollow, kind).
Collection = tuple[int, int, int, int, int, int, int]


def _coder(mask: int) -> Callable[[tuple[int, ...]], int]:
    """The hide code of a column pattern's discs from their kinds, as a table look-up."""
    places = [i for i in range(A.COLUMN_PLACES) if mask >> i & 1]
    table = {
        sequence: A.hide(dict(zip(places, sequence, strict=True)))
        for sequence in product(range(KINDS), repeat=len(places))
    }
    return table.__getitem__


class ClickClackConfig:
    """The fixed facts of one game the rules read: player count, options and the tables derived
    from them (the board's geometry, the layout model, the die's outcomes, Freddy's moves)."""

    __slots__ = (
        "_codes",
        "_hide_cache",
        "freddy_faces",
        "freddy_moves",
        "geometry",
        "hole_sections",
        "layout",
        "no_move_choice",
        "num_players",
        "per_kind",
        "roll_outcomes",
        "rotations",
        "same_reason",
        "scare_all",
        "section_holes",
        "see_through",
        "total_discs",
        "total_reason",
        "under",
        "win_same",
        "win_total",
    )

    def __init__(self, params: ClickClackParams, num_players: int) -> None:
        geometry = GEOMETRIES[params.board]
        wrong = problems(geometry)
        if wrong:
            raise ValueError(
                t(
                    "board {board}: {problems}",
                    board=repr(geometry.name),
                    problems="; ".join(wrong),
                )
            )
        self.num_players: int = num_players
        self.geometry: Geometry = geometry
        self.layout: LayoutModel = model(geometry)
        self.per_kind: int = params.discs_for(num_players)
        self.total_discs: int = KINDS * self.per_kind
        if not self.layout.layouts(self.total_discs):
            raise OptionError(
                t(
                    "option 'discs': {discs} discs in all do not fit on board {board} without "
                    "two of them next to each other (got discs={per_kind})",
                    discs=self.total_discs,
                    board=repr(geometry.name),
                    per_kind=self.per_kind,
                )
            )
        self.win_total: int = params.win_total
        """Discs that win (the rulebook's 7)."""
        self.win_same: int = params.win_same
        """Identical discs that win at once (the rulebook's 4)."""
        self.total_reason: str = (
            TOTAL_DISCS if params.win_total == WIN_TOTAL else f"{params.win_total} discs"
        )
        self.same_reason: str = (
            SAME_KINDS if params.win_same == WIN_SAME else f"{params.win_same} identical discs"
        )
        self.see_through: bool = params.see_through
        self.scare_all: bool = params.freddy_scares == "all"
        self.no_move_choice: bool = params.no_move_turn == "optional"
        self.hole_sections: tuple[int, ...] = geometry.hole_sections
        self.section_holes: tuple[tuple[int, ...], ...] = tuple(
            tuple(h for h, s in enumerate(geometry.hole_sections) if s == section)
            for section in range(SECTIONS)
        )
        self.under: tuple[tuple[int, ...], ...] = geometry.under
        self.rotations: int = geometry.rotations
        self.freddy_faces: int = params.freddy_faces
        """Faces of the die showing Freddy (the rulebook's 2 of 6)."""
        weights = (*FACE_WEIGHTS[:FREDDY], params.freddy_faces)
        six = sum(weights)
        self.roll_outcomes: tuple[tuple[int, float], ...] = tuple(
            (A.ROLL_BASE + face, weight / six) for face, weight in enumerate(weights) if weight
        )
        self.freddy_moves: tuple[tuple[int, ...], ...] = tuple(
            tuple(A.FREDDY_BASE + s for s in range(SECTIONS) if s != at)
            for at in range(-1, SECTIONS)
        )
        self._codes: tuple[tuple[Callable[[tuple[int, ...]], int], ...], ...] = tuple(
            tuple(_coder(mask) for mask in masks) for masks in self.layout.patterns
        )
        self._hide_cache: dict[tuple[object, ...], tuple[tuple[int, float], ...]] = {}

    def hide_outcomes(
        self, column: int, before: int, first: int, discs: int, kinds: tuple[int, ...]
    ) -> tuple[tuple[int, float], ...]:
        """The chance outcomes of hiding ``column``: which of its hollows get discs of which
        kinds, under a uniform legal layout (cached)."""
        key = (column, before, first, discs, kinds)
        found = self._hide_cache.get(key)
        if found is None:
            layout = self.layout
            out = []
            codes = self._codes[column]
            for pattern, p in layout.outcomes(column, before, first, discs):
                code = codes[pattern]
                for sequence, q in kind_sequences(kinds, layout.counts[column][pattern]):
                    out.append((code(sequence), p * q))
            found = tuple(out)
            if len(self._hide_cache) > 200_000:
                self._hide_cache.clear()
            self._hide_cache[key] = found
        return found

    def sample_hide(
        self,
        threshold: float,
        column: int,
        before: int,
        first: int,
        discs: int,
        kinds: tuple[int, ...],
    ) -> int:
        """The outcome of :meth:`hide_outcomes` that a draw of ``threshold`` picks, walking the
        patterns and kind sequences in the same order without listing the outcomes."""
        found = self._hide_cache.get((column, before, first, discs, kinds))
        if found is not None:
            return pick_outcome(found, threshold)
        layout = self.layout
        codes = self._codes[column]
        cumulative = 0.0
        last = -1
        for pattern, p in layout.outcomes(column, before, first, discs):
            coder = codes[pattern]
            sequences = kind_sequences(kinds, layout.counts[column][pattern])
            for sequence, q in sequences:
                cumulative += p * q
                if threshold < cumulative:
                    return coder(sequence)
            last = coder(sequences[-1][0])
        return last  # rounding, as in the listed outcomes


class ClickClackState(StateBase):
    """A position of Click Clack (2-4 players)."""

    __slots__ = (
        "_before",
        "_collections",
        "_column",
        "_counts",
        "_disc",
        "_empty",
        "_first",
        "_freddy",
        "_kinds_left",
        "_on_board",
        "_owner",
        "_phase",
        "_pos",
        "_reason",
        "_roll",
        "_rot",
        "_seen",
        "_to_hide",
        "_totals",
        "_turn",
        "_turns",
        "_winners",
        "config",
    )

    def __init__(
        self, game: GameBase, config: ClickClackConfig, copy_of: ClickClackState | None = None
    ) -> None:
        """A game's first position, or an independent copy of ``copy_of`` (``clone``)."""
        super().__init__(game, copy_of)
        self.config = config
        if copy_of is None:
            n = config.num_players
            self._phase = HIDE
            self._column = 0  # the next column of the layout to hide
            self._first = 0  # the first column's pattern
            self._before = 0  # the last hidden column's pattern
            self._to_hide = config.total_discs
            self._kinds_left: tuple[int, ...] = (config.per_kind,) * KINDS
            self._disc = [NO_DISC] * config.geometry.hollows
            self._on_board = 0
            self._turn = 0  # the youngest player starts: seat 0
            self._turns = 0  # turns begun
            self._roll = -1
            self._rot = 0
            self._pos = [HOME] * n
            self._owner = [NOBODY] * config.geometry.holes
            self._freddy = ON_TRUNK
            self._counts = [[0] * KINDS for _ in range(n)]
            self._totals = [0] * n
            self._empty = 0
            self._seen = 0
            self._collections: list[Collection] = []
            self._winners: tuple[int, ...] = ()
            self._reason = ""
        else:  # explicit field copies, no deepcopy
            self._phase = copy_of._phase
            self._column = copy_of._column
            self._first = copy_of._first
            self._before = copy_of._before
            self._to_hide = copy_of._to_hide
            self._kinds_left = copy_of._kinds_left
            self._disc = list(copy_of._disc)
            self._on_board = copy_of._on_board
            self._turn = copy_of._turn
            self._turns = copy_of._turns
            self._roll = copy_of._roll
            self._rot = copy_of._rot
            self._pos = list(copy_of._pos)
            self._owner = list(copy_of._owner)
            self._freddy = copy_of._freddy
            self._counts = [list(c) for c in copy_of._counts]
            self._totals = list(copy_of._totals)
            self._empty = copy_of._empty
            self._seen = copy_of._seen
            self._collections = list(copy_of._collections)
            self._winners = copy_of._winners
            self._reason = copy_of._reason

    # -- protocol hooks -------------------------------------------------------------------------

    def _current_player(self) -> Player:
        phase = self._phase
        if phase in (MOVE, TURN):
            return self._turn
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def _chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        if self._phase == ROLL:
            return self.config.roll_outcomes
        return self.config.hide_outcomes(
            self._column, self._before, self._first, self._to_hide, self._kinds_left
        )

    def _sample_chance(self, threshold: float) -> int:
        if self._phase == ROLL:
            return super()._sample_chance(threshold)
        return self.config.sample_hide(
            threshold, self._column, self._before, self._first, self._to_hide, self._kinds_left
        )

    def _legal_actions(self) -> list[int]:
        if self._phase == TURN:
            if self._roll == self._freddy and self.config.no_move_choice:
                # "You are allowed to turn the board even if you cannot move your piece."
                return [A.CW, A.CCW, A.NOTURN]
            return [A.CW, A.CCW]
        config = self.config
        roll = self._roll
        if roll == FREDDY:
            return list(config.freddy_moves[self._freddy + 1])
        owner = self._owner
        targets = [h for h in config.section_holes[roll] if owner[h] < 0]
        pos = self._pos[self._turn]
        here = pos < A.HOLES and config.hole_sections[pos] == roll
        if not targets:
            # "If all of the feeding holes are occupied, you can move your piece to any vacant
            # feeding hole" (not into Freddy's section).
            sections = config.hole_sections
            freddy = self._freddy
            targets = [h for h in range(A.HOLES) if owner[h] < 0 and sections[h] != freddy]
        if here:
            targets.append(A.STAY)
        return targets

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == ROLL:
            face = action - A.ROLL_BASE
            self._roll = face
            self._phase = TURN if face == self._freddy else MOVE
        elif phase == TURN:
            self._turn_board(action)
        elif phase == MOVE:
            self._move(action)
        else:
            self._hide(action)

    def _outcome(self) -> Outcome:
        """Each seat's score is its discs (clack-end); the winners rank first."""
        scores = tuple(float(total) for total in self._totals)
        return Outcome(scores, frozenset(self._winners), self._reason)

    def _clone(self) -> ClickClackState:
        return ClickClackState(self.game, self.config, self)

    # -- the rules ------------------------------------------------------------------------------

    def _hide(self, action: int) -> None:
        """One column of the layout: its discs go into their hollows."""
        config = self.config
        column = self._column
        hollows = config.geometry.columns[column]
        left = list(self._kinds_left)
        mask = 0
        for place, kind in A.hidden(action).items():
            self._disc[hollows[place]] = kind
            left[kind] -= 1
            mask |= 1 << place
            self._to_hide -= 1
            self._on_board += 1
        self._kinds_left = tuple(left)
        pattern = config.layout.index[column][mask]
        if column == 0:
            self._first = pattern
        self._before = pattern
        self._column = column + 1
        if self._column == config.layout.size:
            self._phase = ROLL
            self._turns = 1
            self._look()

    def _move(self, action: int) -> None:
        config = self.config
        if action >= A.FREDDY_BASE:
            section = action - A.FREDDY_BASE
            self._freddy = section
            owner = self._owner
            pos = self._pos
            sections = config.hole_sections
            for seat, hole in enumerate(pos):
                if hole < A.HOLES and (config.scare_all or sections[hole] == section):
                    owner[hole] = NOBODY
                    pos[seat] = TRUNK
            self._look()
        elif action != A.STAY:
            seat = self._turn
            old = self._pos[seat]
            if old < A.HOLES:
                self._owner[old] = NOBODY
            self._owner[action] = seat
            self._pos[seat] = action
            if self._collect(seat, action) and self._settle():
                return
            self._look()
        self._phase = TURN

    def _turn_board(self, action: int) -> None:
        config = self.config
        if action != A.NOTURN:  # noturn: the board stays at rest, nothing new under any hole
            self._rot = (self._rot + (1 if action == A.CW else -1)) % config.rotations
            collected = False
            for seat, hole in enumerate(self._pos):
                if hole < A.HOLES and self._collect(seat, hole):
                    collected = True
            if collected and self._settle():
                return
            self._look()
        self._turn = (self._turn + 1) % config.num_players
        self._turns += 1
        self._roll = -1
        self._phase = ROLL

    def _collect(self, seat: int, hole: int) -> bool:
        """The squirrel of ``seat`` in ``hole`` at rest: it collects the disc under it, if any."""
        hollow = self.config.under[self._rot][hole]
        bit = 1 << hollow
        self._empty |= bit
        kind = self._disc[hollow]
        if kind < 0:
            return False
        self._disc[hollow] = NO_DISC
        self._seen &= ~bit
        self._counts[seat][kind] += 1
        self._totals[seat] += 1
        self._on_board -= 1
        self._collections.append((self._turns, self._turn, seat, hole, self._rot, hollow, kind))
        return True

    def _settle(self) -> bool:
        """After collections: the game ends if someone won or no disc is left."""
        config = self.config
        n = config.num_players
        winners = []
        reasons = set()
        for seat in range(n):
            if max(self._counts[seat]) >= config.win_same:
                winners.append(seat)
                reasons.add(config.same_reason)
            elif self._totals[seat] >= config.win_total:
                winners.append(seat)
                reasons.add(config.total_reason)
        if not winners and self._on_board == 0:
            best = max(self._totals)
            winners = [seat for seat in range(n) if self._totals[seat] == best]
            reasons.add(NONE_LEFT)
        if not winners:
            return False
        self._winners = tuple(winners)
        self._reason = "; ".join(sorted(reasons))
        self._phase = OVER
        return True

    def _look(self) -> None:
        """Option see_through: every vacant hole shows what lies under it."""
        if not self.config.see_through:
            return
        under = self.config.under[self._rot]
        disc = self._disc
        for hole, owner in enumerate(self._owner):
            if owner < 0:
                hollow = under[hole]
                if disc[hollow] >= 0:
                    self._seen |= 1 << hollow
                else:
                    self._empty |= 1 << hollow

    # -- for views, tests and bots --------------------------------------------------------------

    def discs_of(self, seat: int) -> tuple[int, ...]:
        """How many discs of each kind ``seat`` has collected."""
        return tuple(self._counts[seat])

    def discs_on_board(self) -> int:
        """Discs still hidden under the board."""
        return self._on_board

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` is not legal now, in the words of the rules."""
        phase = self._phase
        if phase in (HIDE, ROLL):
            if phase == ROLL:
                return t("the die is rolled first")
            return t("the discs are being hidden")
        if phase == TURN:
            if self._roll != self._freddy:
                if action == A.NOTURN:
                    return t(
                        "once you have moved your squirrel or Freddy you must turn the board "
                        "one click: cw or ccw (noturn is only for a turn without a move)"
                    )
                return t("now turn the board one click: cw or ccw")
            face = t(FACE_WORDS[self._roll])
            if self.config.no_move_choice:
                return t(
                    "the die shows {face}, Freddy's section: your squirrel cannot move; turn the "
                    "board one click (cw or ccw) or leave it (noturn)",
                    face=face,
                )
            return t(
                "the die shows {face}, Freddy's section: your squirrel cannot move, but this "
                "table plays no_move_turn=forced: turn the board one click (cw or ccw)",
                face=face,
            )
        if action in (A.CW, A.CCW):
            return t("first place your squirrel (or move Freddy), then turn the board")
        if action == A.NOTURN:
            return t(
                "first place your squirrel (or move Freddy), then turn the board: leaving it "
                "as it is (noturn) is only for a turn in which the squirrel cannot move"
            )
        roll = self._roll
        if roll == FREDDY:
            if (
                A.FREDDY_BASE <= action < A.FREDDY_BASE + 4
                and action - A.FREDDY_BASE == self._freddy
            ):
                return t(
                    "Freddy is already in the {section} section: move him to another section",
                    section=t(SECTION_WORDS[self._freddy]),
                )
            return t("the die shows Freddy: place or move Freddy (freddy:SECTION)")
        face = t(FACE_WORDS[roll])
        if A.FREDDY_BASE <= action < A.FREDDY_BASE + 4:
            return t("the die shows {face}, not Freddy", face=face)
        pos = self._pos[self._turn]
        if action == A.STAY:
            return t("your squirrel is not in the {face} section: it must go there", face=face)
        if 0 <= action < A.HOLES:
            if self._owner[action] >= 0:
                return t(
                    "hole {hole} of the {section} section is occupied",
                    hole=action % 4 + 1,
                    section=t(SECTION_WORDS[action // 4]),
                )
            if self.config.hole_sections[action] != roll:
                return t(
                    "the die shows {face}: take a vacant hole of the {face} section", face=face
                )
        if pos == action:
            return t("your squirrel is already there")
        return ""
