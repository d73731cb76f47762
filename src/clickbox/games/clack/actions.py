"""Action codes of Click Clack and their notation (printer and parser).

==================  ========================  ==============================================
notation            code                      meaning
==================  ========================  ==============================================
``frog2``           ``hole`` (0-15)           place or move your squirrel to that hole
                                              (section, then the hole's number in it from 0)
``stay``            ``16``                    the die shows your squirrel's section: stay put
``freddy:snail``    ``20 + section``          place or move Freddy to that section
``cw`` / ``ccw``    ``30`` / ``31``           turn the board one click (rotation +1 / -1)
``noturn``          ``32``                    leave the board as it is: only when the die
                                              left no move (Freddy's section) and option
                                              ``no_move_turn=optional``
``roll:frog``       ``40 + face``             chance: the die (``roll:freddy`` on 2 faces)
``hide:1h3f``       ``600 + sum d_i 5**i``    chance: one column of the layout: a hazelnut in
                                              its hollow 1, a fir cone in its hollow 3
                                              (``hide:-``: no disc); ``d_i`` is 0 or kind + 1
==================  ========================  ==============================================

Kinds: ``h`` hazelnut, ``b`` blueberry, ``c`` chestnut, ``f`` fir cone. Hole numbers depend on
the geometry; on the default board hole ``frog2`` is the Frog section's hole over ring 2.
"""

from __future__ import annotations

import re
from typing import Final

from ...core import InvalidActionError
from ...core.i18n import t
from .board import (
    FACE_NAMES,
    FACE_WORDS,
    KIND_LETTERS,
    KIND_NAMES,
    SECTION_NAMES,
    SECTION_WORDS,
    SECTIONS,
)

HOLES: Final = 16
STAY: Final = 16
FREDDY_BASE: Final = 20
CW: Final = 30
CCW: Final = 31
NOTURN: Final = 32
ROLL_BASE: Final = 40
HIDE_BASE: Final = 600
COLUMN_PLACES: Final = 4
HIDE_END: Final = HIDE_BASE + 5**COLUMN_PLACES
_POWERS: Final = (1, 5, 25, 125)

_HOLE = re.compile(r"^(frog|butterfly|snail|beetle)([0-3])$")
_HIDE = re.compile(r"^hide:(-|(?:[0-3][hbcf])+)$")


def hide(places: dict[int, int]) -> int:
    """The code of a column with a disc of kind ``places[i]`` in its hollow ``i``."""
    return HIDE_BASE + sum((kind + 1) * _POWERS[i] for i, kind in places.items())


def hidden(code: int) -> dict[int, int]:
    """Inverse of :func:`hide`: column place -> kind."""
    value = code - HIDE_BASE
    places = {}
    for i in range(COLUMN_PLACES):
        digit = value % 5
        value //= 5
        if digit:
            places[i] = digit - 1
    return places


def hole_code(section: int, index: int) -> int:
    """The hole ``index`` of ``section`` (holes are numbered section by section)."""
    return 4 * section + index


def to_string(code: int) -> str:
    """The notation of an action code; InvalidActionError for a code that is no action."""
    if 0 <= code < HOLES:
        return f"{SECTION_NAMES[code // 4]}{code % 4}"
    if code == STAY:
        return "stay"
    if FREDDY_BASE <= code < FREDDY_BASE + SECTIONS:
        return f"freddy:{SECTION_NAMES[code - FREDDY_BASE]}"
    if code == CW:
        return "cw"
    if code == CCW:
        return "ccw"
    if code == NOTURN:
        return "noturn"
    if ROLL_BASE <= code < ROLL_BASE + len(FACE_NAMES):
        return f"roll:{FACE_NAMES[code - ROLL_BASE]}"
    if HIDE_BASE <= code < HIDE_END:
        places = hidden(code)
        if not places:
            return "hide:-"
        return "hide:" + "".join(f"{i}{KIND_LETTERS[k]}" for i, k in sorted(places.items()))
    raise InvalidActionError(t("{code} is not a Click Clack action code", code=code))


def parse(text: str) -> int:
    """Read the notation (case and spaces do not matter)."""
    word = "".join(text.split()).lower()
    hole = _HOLE.match(word)
    if hole:
        return hole_code(SECTION_NAMES.index(hole.group(1)), int(hole.group(2)))
    if word == "stay":
        return STAY
    if word.startswith("freddy:") and word[7:] in SECTION_NAMES:
        return FREDDY_BASE + SECTION_NAMES.index(word[7:])
    if word == "cw":
        return CW
    if word == "ccw":
        return CCW
    if word in ("noturn", "no-turn"):
        return NOTURN
    if word.startswith("roll:") and word[5:] in FACE_NAMES:
        return ROLL_BASE + FACE_NAMES.index(word[5:])
    match = _HIDE.match(word)
    if match:
        body = match.group(1)
        places: dict[int, int] = {}
        if body != "-":
            for i in range(0, len(body), 2):
                place = int(body[i])
                if place in places:
                    raise InvalidActionError(
                        t("{text}: hollow {place} named twice", text=repr(text), place=place)
                    )
                places[place] = KIND_LETTERS.index(body[i + 1])
            if body != "".join(f"{i}{KIND_LETTERS[k]}" for i, k in sorted(places.items())):
                raise InvalidActionError(
                    t("{text}: name the hollows in increasing order", text=repr(text))
                )
        return hide(places)
    raise InvalidActionError(
        t(
            "{text} is not a Click Clack move: write a hole (frog0 .. beetle3), stay, "
            "freddy:SECTION (frog, butterfly, snail, beetle), cw, ccw or noturn",
            text=repr(text),
        )
    )


def describe(code: int) -> str:
    """The action in words."""
    if 0 <= code < HOLES:
        return t(
            "squirrel to hole {hole} of the {section} section",
            hole=code % 4 + 1,  # numbered from 1 for a person (the notation's frog0 is hole 1)
            section=t(SECTION_WORDS[code // 4]),
        )
    if code == STAY:
        return t("the squirrel stays where it is")
    if FREDDY_BASE <= code < FREDDY_BASE + SECTIONS:
        return t("Freddy to the {section} section", section=t(SECTION_WORDS[code - FREDDY_BASE]))
    if code == CW:
        return t("turn the board one click clockwise")
    if code == CCW:
        return t("turn the board one click anticlockwise")
    if code == NOTURN:
        return t("leave the board as it is (no turn)")
    if ROLL_BASE <= code < ROLL_BASE + len(FACE_NAMES):
        return t("the die shows {face}", face=t(FACE_WORDS[code - ROLL_BASE]))
    places = hidden(code)
    if not places:
        return t("no disc hidden in this column")
    discs = ", ".join(
        t("{kind} in hollow {hollow}", kind=t(KIND_NAMES[k]), hollow=i)
        for i, k in sorted(places.items())
    )
    return t("discs hidden: {discs}", discs=discs)
