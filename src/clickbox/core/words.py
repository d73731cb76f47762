"""Every text a seat reads about the moves made is made here, from that seat's view alone.

A view's ``log`` writes each move as the viewer may know it: plain notation, ``"?"`` for what it
may not know, or a game's masked notation (Click Click Boom's ``L?:boom``, a pick from the
viewer's own hand). Two readers turn those entries into words, and neither reads anything else:

- :func:`entry_words` / :func:`log_words`: one entry at a time, with
  :meth:`GameBase.describe_logged` (the replay viewer's captions, the terminal's last move);
- a :class:`Narrator` (:meth:`GameBase.narrator`): the whole log as a person tells it, in
  :class:`Line` s grouped by turn under headings, with who did what ("{s0} takes the yellow 5
  ..."): a game's narrator may replay the entries it can read to know which die rolled or which
  row a sum went to, but it is given the log and nothing more, so it can never say more than the
  view does. :class:`Narration` feeds a narrator incrementally (the server keeps one per viewer).

Seat names are not the engine's business: a line's text writes a seat as ``{s0}`` ... ``{s5}``
and the reader (the page, the terminal) puts the names in with :func:`fill_names`.

Words are made in the current language (:mod:`.i18n`); the cache of an entry's words keeps
each language apart.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .i18n import language, t

View = dict[str, Any]


class GameBase(Protocol):
    """What the readers need of a game (``protocol.GameBase`` is one; it imports this module,
    so this module names the few methods it uses instead of importing it)."""

    def spec(self) -> str: ...

    def describe_logged(self, move: str, by_chance: bool) -> str: ...

    def narrator(self, viewer: int | None) -> Narrator: ...


_CACHE: dict[tuple[str, str, str, bool], str] = {}
_CACHE_LIMIT = 100_000
_SEAT_TOKEN = re.compile(r"\{s(\d)\}")


def entry_words(game: GameBase, entry: str | Mapping[str, Any]) -> str:
    """The words of one entry of a view's ``log`` (a notation string, or ``{seat, move}``)."""
    move, by_chance = entry_move(entry)
    key = (language(), game.spec(), move, by_chance)
    words = _CACHE.get(key)
    if words is None:
        words = game.describe_logged(move, by_chance)
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = words
    return words


def log_words(game: GameBase, view: View) -> list[str]:
    """The words of every entry of ``view["log"]``, in order."""
    return [entry_words(game, entry) for entry in view.get("log", ())]


def entry_move(entry: str | Mapping[str, Any]) -> tuple[str, bool]:
    """An entry's notation and whether chance made it (a plain string: a seat's move or a
    roll, as the game's notation says)."""
    if isinstance(entry, str):
        return entry, False
    return str(entry["move"]), entry.get("seat") == "chance"


def entry_seat(entry: str | Mapping[str, Any]) -> int | None:
    """The seat that made an entry (None: chance, or a log that does not say)."""
    if isinstance(entry, str):
        return None
    seat = entry.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def fill_names(text: str, names: Sequence[str]) -> str:
    """A line's text with every ``{sN}`` replaced by seat N's name."""
    return _SEAT_TOKEN.sub(
        lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text
    )


@dataclass(frozen=True)
class Line:
    """One line of the narrated log.

    ``seat`` is who acted (None: chance or the table); ``heading`` marks the line that opens a
    turn ("Round 2 · {s1}'s turn"): the lines after it, up to the next heading, are that turn.
    """

    text: str
    seat: int | None = None
    heading: bool = False

    def to_json(self) -> dict[str, Any]:
        """Compact plain data: ``{"text", "seat"}`` and ``"heading": true`` where it is one."""
        data: dict[str, Any] = {"text": self.text, "seat": self.seat}
        if self.heading:
            data["heading"] = True
        return data


class Narrator:
    """Tells one viewer's log as lines, entry by entry (:meth:`feed`).

    The default tells each entry with :func:`entry_words`, names its seat, and opens a turn
    (a heading) whenever another seat than the last one moves. A game overrides :meth:`feed` to
    say more from the entries it has read; a narrator may rewrite only its own last line (six
    rolls said as one), so a reader can take lines incrementally (:class:`Narration`).
    """

    def __init__(self, game: GameBase, viewer: int | None) -> None:
        self.game = game
        self.viewer = viewer
        self.lines: list[Line] = []
        self._last_mover: int | None = None

    def feed(self, entry: str | Mapping[str, Any]) -> None:
        """Tell the next entry of the log."""
        seat = entry_seat(entry)
        words = entry_words(self.game, entry)
        if seat is not None and seat != self._last_mover:
            self._last_mover = seat
            # TRANSLATORS: {seat} is a player's name.
            self.heading(t("{seat}'s turn", seat=f"{{s{seat}}}"))
        self.say(words if seat is None else f"{{s{seat}}}: {words}", seat)

    def heading(self, text: str) -> None:
        """Open a turn."""
        self.lines.append(Line(text, None, heading=True))

    def say(self, text: str, seat: int | None = None) -> None:
        """Add a line."""
        self.lines.append(Line(text, seat))

    def amend(self, text: str) -> None:
        """Rewrite the last line's text (it keeps its seat)."""
        last = self.lines[-1]
        self.lines[-1] = Line(text, last.seat, last.heading)


class Narration:
    """A viewer's narrated log, kept up to date one view at a time.

    :meth:`update` feeds only the entries new since the last view when the old ones are
    unchanged (the usual case), and starts again when an earlier entry changed (a hidden choice
    revealed) or a new game began.
    """

    def __init__(self, game: GameBase, viewer: int | None) -> None:
        self.game = game
        self.viewer = viewer
        self._entries: list[Any] = []
        self._ends: list[int] = []
        """How many lines the narrator had told after each entry (where a note goes)."""
        self._narrator = game.narrator(viewer)

    @property
    def lines(self) -> list[Line]:
        """The lines so far."""
        return self._narrator.lines

    def update(self, log: Sequence[Any], notes: Sequence[tuple[int, Line]] = ()) -> list[Line]:
        """The lines of ``log`` (a view's ``log``), with each of ``notes`` (the place of an
        entry in the log, and a line the table says of it: a clock's move) after the lines
        that tell its entry."""
        known = len(self._entries)
        if len(log) < known or list(log[:known]) != self._entries:
            self._entries = []
            self._ends = []
            self._narrator = self.game.narrator(self.viewer)
            known = 0
        for entry in log[known:]:
            self._narrator.feed(entry)
            self._entries.append(entry)
            self._ends.append(len(self._narrator.lines))
        lines = self._narrator.lines
        if not notes:
            return lines
        merged: list[Line] = []
        taken = 0
        for index, note in sorted(notes, key=lambda pair: pair[0]):
            if 0 <= index < len(self._ends):
                end = max(taken, self._ends[index])
                merged.extend(lines[taken:end])
                taken = end
                merged.append(note)
        merged.extend(lines[taken:])
        return merged


def narrate(game: GameBase, view: View) -> list[Line]:
    """The narrated log of ``view`` (its ``log``, told for the view's own seat ``me``)."""
    viewer = view.get("me")
    narration = Narration(game, viewer if isinstance(viewer, int) else None)
    return narration.update(view.get("log", ()))


def changed_from(old: Sequence[Line], new: Sequence[Line]) -> int:
    """The index of the first line where ``new`` differs from ``old`` (``len`` of the shorter
    when one extends the other): what a reader holding ``old`` must replace."""
    for index, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            return index
    return min(len(old), len(new))
