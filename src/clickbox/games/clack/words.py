"""Click Clack's log told as a person tells it (:class:`ClackNarrator`).

The narrator reads one seat's view ``log`` and nothing else: the setup's hidden columns (``?``)
as one line, then each turn under a heading: the die, the squirrel's hop or Freddy's move (and
the squirrels that flee), the turn of the board. Where the log says what a squirrel found (an
entry's optional ``found``: ``[{"seat": 1, "kind": "blueberry"}]``) the find is said too; the
discs under the board are never in the log, so nothing else is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ...core.words import Narrator, entry_move, entry_seat
from .board import SECTION_NAMES, WIN_SAME, WIN_TOTAL

if TYPE_CHECKING:
    from ...core import GameBase
    from .rules import ClickClackConfig

_HOME: Final = "home"
_TRUNK: Final = "trunk"
_TURN_ENDS: Final = frozenset(("cw", "ccw", "noturn"))


def _hole(hole: str) -> str:
    return f"{hole[:-1].capitalize()} hole {hole[-1]}"


def _place(where: str) -> str:
    if where == _TRUNK:
        return "the tree trunk"
    return _hole(where)


class ClackNarrator(Narrator):
    """Tells a Click Clack log by turn, from one seat's entries alone."""

    def __init__(self, game: GameBase, viewer: int | None, config: ClickClackConfig) -> None:
        super().__init__(game, viewer)
        self.n: int = config.num_players
        self.columns: int = config.layout.size
        self.discs: int = config.total_discs
        self.scare_all: bool = config.scare_all
        self.hidden = 0
        self.turns = 0
        self.seat = 0  # whose turn it is
        self.pos: list[str] = [_HOME] * self.n
        self.freddy: str | None = None  # on the tree trunk until first moved
        self.found: list[dict[str, int]] = [{} for _ in range(self.n)]

    def feed(self, entry: str | Mapping[str, Any]) -> None:
        """Tell the next entry of the log."""
        move, by_chance = entry_move(entry)
        seat = entry_seat(entry)
        if by_chance and not move.startswith("roll:"):
            self._hide()
        elif move.startswith("roll:"):
            self._roll(move[5:])
        elif seat is not None:
            self._move(seat, move)
        if isinstance(entry, Mapping):
            for find in entry.get("found") or ():
                self._find(int(find["seat"]), str(find["kind"]))

    def _hide(self) -> None:
        self.hidden += 1
        if self.hidden >= self.columns:
            text = f"The {self.discs} discs are hidden face down in the hollows under the board."
        else:
            text = (
                f"The discs are being hidden under the board ({self.hidden} of {self.columns} "
                "columns)."
            )
        if self.hidden == 1:
            self.say(text)
        else:
            self.amend(text)

    def _roll(self, face: str) -> None:
        self.turns += 1
        seat = self.seat
        self.heading(f"Turn {self.turns} · {{s{seat}}}")
        if face == "freddy":
            self.say(f"{{s{seat}}} rolls Freddy the Piglet.", seat)
        elif face == self.freddy:
            self.say(
                f"{{s{seat}}} rolls {face.capitalize()}, but Freddy is in that section: "
                "the squirrel cannot move.",
                seat,
            )
        else:
            self.say(f"{{s{seat}}} rolls {face.capitalize()}.", seat)

    def _move(self, seat: int, move: str) -> None:
        if move in _TURN_ENDS:
            if move == "noturn":
                self.say(f"{{s{seat}}} leaves the board as it is.", seat)
            else:
                way = "clockwise" if move == "cw" else "anticlockwise"
                self.say(f"{{s{seat}}} turns the board one click {way}.", seat)
            self.seat = (seat + 1) % self.n
            return
        if move == "stay":
            self.say(f"{{s{seat}}}'s squirrel stays where it is.", seat)
            return
        if move.startswith("freddy:"):
            section = move[7:]
            self.freddy = section
            fled = []
            for other, where in enumerate(self.pos):
                if where not in (_HOME, _TRUNK) and (self.scare_all or where[:-1] == section):
                    self.pos[other] = _TRUNK
                    fled.append(other)
            text = f"{{s{seat}}} moves Freddy the Piglet to the {section.capitalize()} section"
            if fled:
                who = " and ".join(f"{{s{s}}}'s" for s in fled)
                verb = "squirrel flees" if len(fled) == 1 else "squirrels flee"
                text += f": {who} {verb} to the tree trunk"
            self.say(text + ".", seat)
            return
        if move[:-1] in SECTION_NAMES:
            old = self.pos[seat]
            self.pos[seat] = move
            if old == _HOME:
                self.say(f"{{s{seat}}} puts the squirrel on {_hole(move)}.", seat)
            else:
                self.say(f"{{s{seat}}}'s squirrel hops from {_place(old)} to {_hole(move)}.", seat)

    def _find(self, seat: int, kind: str) -> None:
        counts = self.found[seat]
        counts[kind] = counts.get(kind, 0) + 1
        total = sum(counts.values())
        disc = kind.replace("-", " ")
        text = f"{{s{seat}}}'s squirrel finds a {disc} ({total} disc{'s' if total != 1 else ''})"
        if total >= WIN_TOTAL or counts[kind] >= WIN_SAME:
            text += f": {{s{seat}}} wins"
        self.say(text + ".", seat)
