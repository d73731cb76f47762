"""Action codes of That's Pretty Clever and their notation (printer and parser).

Dice are ``y b g o p w`` (yellow, blue, green, orange, purple, white); targets are ``Y11``..``Y44``
(yellow row and column, 1-based from the top left), ``B2``..``B12`` (the blue cell of that sum),
``G``, ``O`` and ``P`` (the next green, orange or purple box). See :mod:`.board`.

==============  ==============================  ===============================================
notation        code                            meaning
==============  ==============================  ===============================================
``w>B7``        ``100 * (die + 1) + target``    pick (or, passive, take) the white die, write
                                                it as blue 7 (blue + white)
``+g>G``        ``1000 + pick code``            extra-die action (+1): write the green die
``X:Y13``       ``700 + target``                a cross bonus: cross yellow row 1, column 3
``6:O``         ``728`` / ``729``               the round-4 black 6 in orange / purple
``y>-``         ``800 + die``                   put an unusable die on a die space, write nothing
``reroll``      ``910``                         use a reroll: roll again the dice just rolled
``forfeit``     ``920``                         forfeit a roll no die of which can be used
                                                (option ``forfeit_rolls``): no die moves
``done``        ``900``                         end the extra-die actions / take no die
``r4``          ``2000 + face``                 chance: the next die rolls a 4
``near:w``      ``2100 + die``                  chance (solo): of the tied dice, white lies
                                                nearest the silver platter
==============  ==============================  ===============================================
"""

from __future__ import annotations

import re
from typing import Final

from ...core import InvalidActionError
from ...core.i18n import t
from .board import (
    BLUE_BASE,
    COLOURS,
    DIE_LETTERS,
    DIE_NAMES,
    GREEN_TARGET,
    ORANGE_TARGET,
    PURPLE_TARGET,
    TARGETS,
    THE_DIE,
    YELLOW_VALUES,
    target_name,
)

BONUS_BASE: Final = 700
WASTE_BASE: Final = 800
DONE: Final = 900
REROLL: Final = 910
FORFEIT: Final = 920
EXTRA_BASE: Final = 1000
ROLL_BASE: Final = 2000
NEAREST_BASE: Final = 2100


def pick(die: int, target: int) -> int:
    """Pick (active) or take (passive) ``die`` and write it on ``target``."""
    return 100 * (die + 1) + target


def extra(die: int, target: int) -> int:
    """An extra-die action (+1) writing ``die`` on ``target``."""
    return EXTRA_BASE + 100 * (die + 1) + target


def bonus(target: int) -> int:
    """Resolve a cross bonus (or the round-4 black bonus) on ``target``."""
    return BONUS_BASE + target


def waste(die: int) -> int:
    """Put ``die`` on a die space without writing (no die of the roll can be used)."""
    return WASTE_BASE + die


def roll(face: int) -> int:
    """Chance: the next die shows ``face``."""
    return ROLL_BASE + face


def nearest(die: int) -> int:
    """Chance (solo passive turn): of the dice tied for the platter, ``die`` lies nearest."""
    return NEAREST_BASE + die


def is_valid_code(action: int) -> bool:
    """True if ``action`` is the code of some action of the game."""
    if action in (DONE, REROLL, FORFEIT):
        return True
    if EXTRA_BASE <= action < EXTRA_BASE + 700:
        action -= EXTRA_BASE
    if 100 <= action < 700:
        return action % 100 < TARGETS
    if BONUS_BASE <= action < BONUS_BASE + TARGETS:
        return True
    return (
        WASTE_BASE <= action < WASTE_BASE + 6
        or ROLL_BASE + 1 <= action <= ROLL_BASE + 6
        or NEAREST_BASE <= action < NEAREST_BASE + 6
    )


def _bonus_text(target: int) -> str:
    return ("6:" if target in (ORANGE_TARGET, PURPLE_TARGET) else "X:") + target_name(target)


def to_string(action: int) -> str:
    """The notation of ``action``."""
    if not is_valid_code(action):
        raise InvalidActionError(
            t("{action} is not an action code of That's Pretty Clever", action=action)
        )
    if action == DONE:
        return "done"
    if action == REROLL:
        return "reroll"
    if action == FORFEIT:
        return "forfeit"
    if action >= NEAREST_BASE:
        return f"near:{DIE_LETTERS[action - NEAREST_BASE]}"
    if action >= ROLL_BASE:
        return f"r{action - ROLL_BASE}"
    if action >= EXTRA_BASE:
        return "+" + to_string(action - EXTRA_BASE)
    if action >= WASTE_BASE:
        return f"{DIE_LETTERS[action - WASTE_BASE]}>-"
    if action >= BONUS_BASE:
        return _bonus_text(action - BONUS_BASE)
    return f"{DIE_LETTERS[action // 100 - 1]}>{target_name(action % 100)}"


def target_words(target: int) -> str:
    """A target in words: ``yellow 5 (row 1, column 3)``, ``blue 7``, ``green``."""
    if target < 16:
        row, col = divmod(target, 4)
        return t(
            "yellow {number} (row {row}, column {column})",
            number=YELLOW_VALUES[target],
            row=row + 1,
            column=col + 1,
        )
    if target < GREEN_TARGET:
        return t("blue {sum}", sum=target - BLUE_BASE)
    return t(COLOURS[2 + target - GREEN_TARGET])


def describe(action: int) -> str:
    """The action in words."""
    text = to_string(action)
    if action == DONE:
        return t("done (no more extra dice / no die to take)")
    if action == REROLL:
        return t("reroll the dice just rolled")
    if action == FORFEIT:
        return t("forfeit the roll: no die of it can be used, nothing is written")
    if action >= NEAREST_BASE:
        return t(
            "dice tied for the silver platter: chance puts {die} on it",
            die=t(THE_DIE[action - NEAREST_BASE]),
        )
    if action >= ROLL_BASE:
        return t("a die rolls {face}", face=action - ROLL_BASE)
    if action >= EXTRA_BASE:
        return t("extra die: {move}", move=describe(action - EXTRA_BASE))
    if action >= WASTE_BASE:
        return t("{die} onto a die space, nothing written", die=t(DIE_NAMES[action - WASTE_BASE]))
    if action >= BONUS_BASE:
        target = action - BONUS_BASE
        if target in (ORANGE_TARGET, PURPLE_TARGET):
            return t("bonus: write 6 in {target}", target=target_words(target))
        return t("bonus: cross {target}", target=target_words(target))
    die, target = action // 100 - 1, action % 100
    return t("{die} → {target}", die=t(DIE_NAMES[die]), target=target_words(target)) if text else ""


_TARGET = r"(y[1-4][1-4]|b(?:1[0-2]|[2-9])|g|o|p)"
_PICK = re.compile(rf"([ybgopw])\s*>\s*{_TARGET}")
_BONUS = re.compile(rf"([x6])\s*:\s*{_TARGET}")
_WASTE = re.compile(r"([ybgopw])\s*>\s*-")
_ROLL = re.compile(r"r([1-6])")
_NEAREST = re.compile(r"near\s*:\s*([ybgopw])")


def _parse_target(text: str) -> int:
    area = text[0]
    if area == "y":
        return (int(text[1]) - 1) * 4 + int(text[2]) - 1
    if area == "b":
        return BLUE_BASE + int(text[1:])
    return GREEN_TARGET + "gop".index(area)


def parse(text: str) -> int:
    """Read the notation (case and spaces are ignored); raise InvalidActionError if it is none."""
    cleaned = text.strip().lower()
    if cleaned in ("done", "pass", "-"):
        return DONE
    if cleaned == "reroll":
        return REROLL
    if cleaned == "forfeit":
        return FORFEIT
    base = 0
    if cleaned.startswith("+"):
        base, cleaned = EXTRA_BASE, cleaned[1:].strip()
    if m := _PICK.fullmatch(cleaned):
        return base + pick(DIE_LETTERS.index(m[1]), _parse_target(m[2]))
    if not base:
        if m := _BONUS.fullmatch(cleaned):
            target = _parse_target(m[2])
            if (m[1] == "6") != (target in (ORANGE_TARGET, PURPLE_TARGET)):
                raise InvalidActionError(
                    t(
                        "{text}: a bonus crosses a yellow or blue cell or the green box (X:Y13, "
                        "X:B7, X:G) or writes the black 6 in orange or purple (6:O, 6:P)",
                        text=repr(text),
                    )
                )
            return bonus(target)
        if m := _WASTE.fullmatch(cleaned):
            return waste(DIE_LETTERS.index(m[1]))
        if m := _ROLL.fullmatch(cleaned):
            return roll(int(m[1]))
        if m := _NEAREST.fullmatch(cleaned):
            return nearest(DIE_LETTERS.index(m[1]))
    raise InvalidActionError(
        t(
            "{text} is not a move of That's Pretty Clever: write a die and a target like w>B7, "
            "y>Y13, g>G (+ in front for an extra die: +o>O), a bonus like X:Y13 or 6:P, y>- to "
            "put an unusable die aside, reroll, forfeit, or done",
            text=repr(text),
        )
    )


NOTATION: Final = {code: to_string(code) for code in range(NEAREST_BASE + 6) if is_valid_code(code)}
"""The notation of every action code, for views that print whole logs."""
