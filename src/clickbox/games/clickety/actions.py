"""Action codes of Clickety Clack and their notation (printer and parser).

=========  ==========================  =================================================
notation   code                        meaning
=========  ==========================  =================================================
``6+5>3``  ``take*100 + onto*10 + row``  take a 6, click it onto a 5, write 11 in row 3
``x``      ``0``                        failed roll: cross a penalty, reroll the pool
``x6``     ``6``                        second failure this turn: take a 6, write nothing
``r4``     ``1000 + face``              chance: one die of the pool rolls a 4
=========  ==========================  =================================================
"""

from __future__ import annotations

import re
from typing import Final

from ...core import InvalidActionError
from ...core.i18n import t

FAIL: Final = 0
ROLL_BASE: Final = 1000


def click(take: int, onto: int, row: int) -> int:
    """The code of taking ``take``, clicking it onto ``onto`` and writing in ``row`` (1-5)."""
    return take * 100 + onto * 10 + row


def take_after_fail(face: int) -> int:
    """The code of the second failure in a turn, taking a die showing ``face``."""
    return face


def roll(face: int) -> int:
    """The chance code of one die showing ``face``."""
    return ROLL_BASE + face


def is_click(action: int) -> bool:
    """True for a click-and-write action."""
    return 111 <= action <= 665


def decode_click(action: int) -> tuple[int, int, int]:
    """``(take, onto, row)`` of a click code (row 1-5)."""
    return action // 100, action // 10 % 10, action % 10


def is_valid_code(action: int) -> bool:
    """True if ``action`` is the code of some action of the game."""
    if action == FAIL or 1 <= action <= 6 or ROLL_BASE + 1 <= action <= ROLL_BASE + 6:
        return True
    if not is_click(action):
        return False
    take, onto, row = decode_click(action)
    return 1 <= take <= 6 and 1 <= onto <= 6 and 1 <= row <= 5


def to_string(action: int) -> str:
    """The notation of ``action``."""
    text = NOTATION.get(action)
    return text if text is not None else t("#{action} (not an action code)", action=action)


def _to_string(action: int) -> str:
    if action == FAIL:
        return "x"
    if 1 <= action <= 6:
        return f"x{action}"
    if action > ROLL_BASE:
        return f"r{action - ROLL_BASE}"
    take, onto, row = decode_click(action)
    return f"{take}+{onto}>{row}"


NOTATION: dict[int, str] = {
    code: _to_string(code)  # every action code and its notation
    for code in (FAIL, *range(1, 7), *range(ROLL_BASE + 1, ROLL_BASE + 7), *range(111, 666))
    if is_valid_code(code)
}


def describe(action: int) -> str:
    """The action in words."""
    if action == FAIL:
        return t("x: failed roll (cross a penalty space, reroll the pool)")
    if 1 <= action <= 6:
        return t("x{face}: failed again, takes a {face} and writes nothing", face=action)
    if action > ROLL_BASE:
        return t("a die rolls {face}", face=action - ROLL_BASE)
    take, onto, row = decode_click(action)
    return t(
        "{move}: clicks {take} onto {onto}, writes {total} in row {row}",
        move=to_string(action),
        take=take,
        onto=onto,
        total=take + onto,
        row=row,
    )


_CLICK = re.compile(r"^([1-6])\+([1-6])>([1-5])$")
_TAKE = re.compile(r"^x([1-6])$")
_ROLL = re.compile(r"^r([1-6])$")


def parse(text: str) -> int:
    """Read the notation; raise InvalidActionError saying what was expected."""
    compact = "".join(text.split()).lower()
    if compact == "x":
        return FAIL
    if match := _CLICK.match(compact):
        take, onto, row = (int(g) for g in match.groups())
        return click(take, onto, row)
    if match := _TAKE.match(compact):
        return take_after_fail(int(match.group(1)))
    if match := _ROLL.match(compact):
        return roll(int(match.group(1)))
    raise InvalidActionError(
        t(
            "{text} is not a Clickety Clack action: write TAKE+ONTO>ROW "
            "(e.g. 6+5>3: take a 6, click it onto a 5, write 11 in row 3), "
            "x for a failed roll, or xFACE to take a die after a second failure",
            text=repr(text.strip()),
        )
    )
