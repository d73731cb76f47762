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

from ...core.i18n import t, tn
from ...core.words import Narrator, entry_move, entry_seat
from .board import (
    KIND_NAMES,
    KIND_WITH_ARTICLE,
    SECTION_NAMES,
    SECTION_TITLES,
)

if TYPE_CHECKING:
    from ...core import GameBase
    from .rules import ClickClackConfig

_HOME: Final = "home"
_TRUNK: Final = "trunk"
_TURN_ENDS: Final = frozenset(("cw", "ccw", "noturn"))


def _section(section: str) -> str:
    """A section of the log (``frog``) as a name (``Frog``)."""
    if section in SECTION_NAMES:
        return t(SECTION_TITLES[SECTION_NAMES.index(section)])
    return section.capitalize()


def _hole(hole: str) -> str:
    """``Frog hole 2`` for ``frog1``: holes are numbered from 1 for a person."""
    return t("{section} hole {number}", section=_section(hole[:-1]), number=int(hole[-1]) + 1)


def _seat(seat: int) -> str:
    """A seat as a line writes it: ``{s0}``, the reader puts in the name."""
    return f"{{s{seat}}}"


class ClackNarrator(Narrator):
    """Tells a Click Clack log by turn, from one seat's entries alone."""

    def __init__(self, game: GameBase, viewer: int | None, config: ClickClackConfig) -> None:
        super().__init__(game, viewer)
        self.n: int = config.num_players
        self.columns: int = config.layout.size
        self.discs: int = config.total_discs
        self.scare_all: bool = config.scare_all
        self.win_total: int = config.win_total
        self.win_same: int = config.win_same
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
            text = t(
                "The {discs} discs are hidden face down in the hollows under the board.",
                discs=self.discs,
            )
        else:
            text = t(
                "The discs are being hidden under the board ({hidden} of {columns} columns).",
                hidden=self.hidden,
                columns=self.columns,
            )
        if self.hidden == 1:
            self.say(text)
        else:
            self.amend(text)

    def _roll(self, face: str) -> None:
        self.turns += 1
        seat = self.seat
        player = _seat(seat)
        self.heading(t("Turn {turn} · {player}", turn=self.turns, player=player))
        if face == "freddy":
            self.say(t("{player} rolls Freddy the Piglet.", player=player), seat)
        elif face == self.freddy:
            self.say(
                t(
                    "{player} rolls {section}, but Freddy is in that section: "
                    "the squirrel cannot move.",
                    player=player,
                    section=_section(face),
                ),
                seat,
            )
        else:
            self.say(t("{player} rolls {section}.", player=player, section=_section(face)), seat)

    def _move(self, seat: int, move: str) -> None:
        player = _seat(seat)
        if move in _TURN_ENDS:
            if move == "noturn":
                self.say(t("{player} leaves the board as it is.", player=player), seat)
            elif move == "cw":
                self.say(t("{player} turns the board one click clockwise.", player=player), seat)
            else:
                self.say(
                    t("{player} turns the board one click anticlockwise.", player=player), seat
                )
            self.seat = (seat + 1) % self.n
            return
        if move == "stay":
            self.say(t("{player}'s squirrel stays where it is.", player=player), seat)
            return
        if move.startswith("freddy:"):
            section = move[7:]
            self.freddy = section
            fled = []
            for other, where in enumerate(self.pos):
                if where not in (_HOME, _TRUNK) and (self.scare_all or where[:-1] == section):
                    self.pos[other] = _TRUNK
                    fled.append(other)
            if fled:
                owners = _and([t("{player}'s", player=_seat(s)) for s in fled])
                # TRANSLATORS: {owners} is one or more "{player}'s" joined by "and".
                text = tn(
                    "{player} moves Freddy the Piglet to the {section} section: {owners} squirrel "
                    "flees to the tree trunk.",
                    "{player} moves Freddy the Piglet to the {section} section: {owners} "
                    "squirrels flee to the tree trunk.",
                    len(fled),
                    player=player,
                    section=_section(section),
                    owners=owners,
                )
            else:
                text = t(
                    "{player} moves Freddy the Piglet to the {section} section.",
                    player=player,
                    section=_section(section),
                )
            self.say(text, seat)
            return
        if move[:-1] in SECTION_NAMES:
            old = self.pos[seat]
            self.pos[seat] = move
            if old == _HOME:
                self.say(
                    t("{player} puts the squirrel on {hole}.", player=player, hole=_hole(move)),
                    seat,
                )
            elif old == _TRUNK:
                self.say(
                    t(
                        "{player}'s squirrel hops from the tree trunk to {hole}.",
                        player=player,
                        hole=_hole(move),
                    ),
                    seat,
                )
            else:
                self.say(
                    t(
                        "{player}'s squirrel hops from {place} to {hole}.",
                        player=player,
                        place=_hole(old),
                        hole=_hole(move),
                    ),
                    seat,
                )

    def _find(self, seat: int, kind: str) -> None:
        counts = self.found[seat]
        counts[kind] = counts.get(kind, 0) + 1
        total = sum(counts.values())
        if kind in KIND_NAMES:
            disc = t(KIND_WITH_ARTICLE[KIND_NAMES.index(kind)])
        else:
            disc = f"a {kind.replace('-', ' ')}"
        player = _seat(seat)
        if total >= self.win_total or counts[kind] >= self.win_same:
            text = tn(
                "{player}'s squirrel finds {disc} ({n} disc): {player} wins.",
                "{player}'s squirrel finds {disc} ({n} discs): {player} wins.",
                total,
                player=player,
                disc=disc,
            )
        else:
            text = tn(
                "{player}'s squirrel finds {disc} ({n} disc).",
                "{player}'s squirrel finds {disc} ({n} discs).",
                total,
                player=player,
                disc=disc,
            )
        self.say(text, seat)


def _and(items: list[str]) -> str:
    """``a and b`` (``a and b and c``)."""
    said = items[0]
    for item in items[1:]:
        said = t("{first} and {second}", first=said, second=item)
    return said
