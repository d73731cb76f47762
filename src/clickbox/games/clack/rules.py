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

from typing import TYPE_CHECKING, Final, Self

from ...core import CHANCE, TERMINAL, Outcome, Player, StateBase, View
from . import actions as A
from .board import FACE_NAMES, FREDDY, KINDS, SECTION_NAMES, WIN_SAME, WIN_TOTAL

if TYPE_CHECKING:
    from .game import ClickClackGame

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

# One collection: (turn number, whose turn, seat, hole, rotation, hollow, kind).
Collection = tuple[int, int, int, int, int, int, int]


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
        "game",
    )
    game: ClickClackGame

    def __init__(self, game: ClickClackGame) -> None:
        super().__init__(game)
        n = game.num_players
        self._phase = HIDE
        self._column = 0  # the next column of the layout to hide
        self._first = 0  # the first column's pattern
        self._before = 0  # the last hidden column's pattern
        self._to_hide = game.total_discs
        self._kinds_left: tuple[int, ...] = (game.per_kind,) * KINDS
        self._disc = [NO_DISC] * game.geometry.hollows
        self._on_board = 0
        self._turn = 0  # the youngest player starts: seat 0
        self._turns = 0  # turns begun
        self._roll = -1
        self._rot = 0
        self._pos = [HOME] * n
        self._owner = [NOBODY] * game.geometry.holes
        self._freddy = ON_TRUNK
        self._counts = [[0] * KINDS for _ in range(n)]
        self._totals = [0] * n
        self._empty = 0
        self._seen = 0
        self._collections: list[Collection] = []
        self._winners: tuple[int, ...] = ()
        self._reason = ""

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
            return self.game.roll_outcomes
        return self.game.hide_outcomes(
            self._column, self._before, self._first, self._to_hide, self._kinds_left
        )

    def _legal_actions(self) -> list[int]:
        if self._phase == TURN:
            if self._roll == self._freddy and self.game.no_move_choice:
                # "You are allowed to turn the board even if you cannot move your piece."
                return [A.CW, A.CCW, A.NOTURN]
            return [A.CW, A.CCW]
        game = self.game
        roll = self._roll
        if roll == FREDDY:
            return list(game.freddy_moves[self._freddy + 1])
        owner = self._owner
        targets = [h for h in game.section_holes[roll] if owner[h] < 0]
        pos = self._pos[self._turn]
        here = pos < A.HOLES and game.hole_sections[pos] == roll
        if not targets:
            # "If all of the feeding holes are occupied, you can move your piece to any vacant
            # feeding hole" (not into Freddy's section).
            sections = game.hole_sections
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
        winners = self._winners
        scores = tuple(1.0 if seat in winners else 0.0 for seat in range(self.game.num_players))
        return Outcome(scores, frozenset(winners), self._reason)

    def _view(self, seat: Player | None) -> View:
        from .view import make_view

        return make_view(self, seat)

    def _clone(self) -> Self:
        other = object.__new__(type(self))
        other.game = self.game
        other.history = list(self.history)
        other._phase = self._phase
        other._column = self._column
        other._first = self._first
        other._before = self._before
        other._to_hide = self._to_hide
        other._kinds_left = self._kinds_left
        other._disc = list(self._disc)
        other._on_board = self._on_board
        other._turn = self._turn
        other._turns = self._turns
        other._roll = self._roll
        other._rot = self._rot
        other._pos = list(self._pos)
        other._owner = list(self._owner)
        other._freddy = self._freddy
        other._counts = [list(c) for c in self._counts]
        other._totals = list(self._totals)
        other._empty = self._empty
        other._seen = self._seen
        other._collections = list(self._collections)
        other._winners = self._winners
        other._reason = self._reason
        return other

    # -- the rules ------------------------------------------------------------------------------

    def _hide(self, action: int) -> None:
        """One column of the layout: its discs go into their hollows."""
        game = self.game
        column = self._column
        hollows = game.geometry.columns[column]
        left = list(self._kinds_left)
        mask = 0
        for place, kind in A.hidden(action).items():
            self._disc[hollows[place]] = kind
            left[kind] -= 1
            mask |= 1 << place
            self._to_hide -= 1
            self._on_board += 1
        self._kinds_left = tuple(left)
        pattern = game.layout.index[column][mask]
        if column == 0:
            self._first = pattern
        self._before = pattern
        self._column = column + 1
        if self._column == game.layout.size:
            self._phase = ROLL
            self._turns = 1
            self._look()

    def _move(self, action: int) -> None:
        game = self.game
        if action >= A.FREDDY_BASE:
            section = action - A.FREDDY_BASE
            self._freddy = section
            owner = self._owner
            pos = self._pos
            sections = game.hole_sections
            for seat, hole in enumerate(pos):
                if hole < A.HOLES and (game.scare_all or sections[hole] == section):
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
        game = self.game
        if action != A.NOTURN:  # noturn: the board stays at rest, nothing new under any hole
            self._rot = (self._rot + (1 if action == A.CW else -1)) % game.rotations
            collected = False
            for seat, hole in enumerate(self._pos):
                if hole < A.HOLES and self._collect(seat, hole):
                    collected = True
            if collected and self._settle():
                return
            self._look()
        self._turn = (self._turn + 1) % game.num_players
        self._turns += 1
        self._roll = -1
        self._phase = ROLL

    def _collect(self, seat: int, hole: int) -> bool:
        """The squirrel of ``seat`` in ``hole`` at rest: it collects the disc under it, if any."""
        hollow = self.game.under[self._rot][hole]
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
        n = self.game.num_players
        winners = []
        reasons = set()
        for seat in range(n):
            if max(self._counts[seat]) >= WIN_SAME:
                winners.append(seat)
                reasons.add(f"{WIN_SAME} identical discs")
            elif self._totals[seat] >= WIN_TOTAL:
                winners.append(seat)
                reasons.add(f"{WIN_TOTAL} discs")
        if not winners and self._on_board == 0:
            best = max(self._totals)
            winners = [seat for seat in range(n) if self._totals[seat] == best]
            reasons.add("no disc left: the most discs")
        if not winners:
            return False
        self._winners = tuple(winners)
        self._reason = "; ".join(sorted(reasons))
        self._phase = OVER
        return True

    def _look(self) -> None:
        """Option see_through: every vacant hole shows what lies under it."""
        if not self.game.see_through:
            return
        under = self.game.under[self._rot]
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
            return "the die is rolled first" if phase == ROLL else "the discs are being hidden"
        if phase == TURN:
            if self._roll != self._freddy:
                if action == A.NOTURN:
                    return (
                        "once you have moved your squirrel or Freddy you must turn the board "
                        "one click: cw or ccw (noturn is only for a turn without a move)"
                    )
                return "now turn the board one click: cw or ccw"
            stuck = (
                f"the die shows {FACE_NAMES[self._roll]}, Freddy's section: your squirrel "
                "cannot move"
            )
            if self.game.no_move_choice:
                return f"{stuck}; turn the board one click (cw or ccw) or leave it (noturn)"
            return (
                f"{stuck}, but this table plays no_move_turn=forced: turn the board one click "
                "(cw or ccw)"
            )
        if action in (A.CW, A.CCW):
            return "first place your squirrel (or move Freddy), then turn the board"
        if action == A.NOTURN:
            return (
                "first place your squirrel (or move Freddy), then turn the board: leaving it "
                "as it is (noturn) is only for a turn in which the squirrel cannot move"
            )
        roll = self._roll
        if roll == FREDDY:
            if (
                A.FREDDY_BASE <= action < A.FREDDY_BASE + 4
                and action - A.FREDDY_BASE == self._freddy
            ):
                name = SECTION_NAMES[self._freddy]
                return f"Freddy is already in the {name} section: move him to another section"
            return "the die shows Freddy: place or move Freddy (freddy:SECTION)"
        face = FACE_NAMES[roll]
        if A.FREDDY_BASE <= action < A.FREDDY_BASE + 4:
            return f"the die shows {face}, not Freddy"
        pos = self._pos[self._turn]
        if action == A.STAY:
            return f"your squirrel is not in the {face} section: it must go there"
        if 0 <= action < A.HOLES:
            if self._owner[action] >= 0:
                return f"hole {A.to_string(action)} is occupied"
            if self.game.hole_sections[action] != roll:
                return f"the die shows {face}: take a vacant hole of the {face} section"
        if pos == action:
            return "your squirrel is already there"
        return ""
