"""When two account names look alike: Unicode TR39 confusable skeletons, and the scripts a name
is written in.

The confusables come from Unicode's ``confusables.txt`` as the ``confusable-homoglyphs``
package ships it (``confusables_data``: every character with the characters it is confused
with, both ways). Its data holds each TR39 mapping "source → prototype" as a pair, so the
prototype of a character is read back from it: a source has one entry, its prototype; a
prototype lists all its sources. Where a pair stands alone (one source, one prototype, each
listing only the other), the direction cannot be read back, and the smaller of the two serves
as the pair's prototype: both still get the same skeleton, which is all a comparison needs.

The skeleton is TR39's (NFD, each character replaced by its prototype, NFD again), applied
until nothing changes, with case folded in between: names are unique without regard to case,
and ``I`` and ``l`` look alike whatever case the other name is in.
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import categories, confusables

DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")
"""The data writes right-to-left characters between left-to-right marks: not part of them."""

IGNORED_SCRIPTS = frozenset({"COMMON", "INHERITED"})
"""Digits, punctuation, spaces and combining marks belong to any script."""

SCRIPT_MIXES = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
"""The scripts one name may mix (TR39's "highly restrictive" level): Japanese, Chinese and
Korean writing, each with Latin letters."""

ROUNDS = 4
"""How often the skeleton is applied at most (a prototype's own letters may map once more)."""


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (characters that are their own are left out)."""
    neighbours: dict[str, list[str]] = {}
    for key, entries in confusables.confusables_data.items():
        others = [str(entry["c"]).translate(DIRECTION_MARKS) for entry in entries]
        neighbours[str(key).translate(DIRECTION_MARKS)] = others
    prototypes: dict[str, str] = {}
    for char, others in neighbours.items():
        if len(char) != 1 or len(others) != 1:
            continue  # a multi-character prototype, or a prototype of several sources
        [other] = others
        if len(other) > 1 or len(neighbours.get(other, ())) > 1:
            prototypes[char] = other  # a source: its one entry is its prototype
        elif other < char:
            prototypes[char] = other  # a lone pair: the smaller one stands for both
    return prototypes


def skeleton(text: str) -> str:
    """TR39's skeleton of ``text``: NFD, every character replaced by its prototype, NFD."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in decomposed))


def name_skeleton(name: str) -> str:
    """What two names that look alike have in common (case folded): "Anna" with a Cyrillic
    "А" and "anna" have the same, and so have "Ivan" and "lvan"."""
    current = name
    for _ in range(ROUNDS):
        following = skeleton(current).casefold()
        if following == current:
            break
        current = following
    return current


def scripts(name: str) -> frozenset[str]:
    """The scripts whose letters ``name`` holds (digits and punctuation belong to none)."""
    return frozenset(categories.alias(c) for c in name) - IGNORED_SCRIPTS


def mixes_scripts(name: str) -> bool:
    """Whether ``name`` mixes scripts that are not written together (Latin and Cyrillic, say),
    the way a look-alike of another name is made."""
    used = scripts(name)
    return len(used) > 1 and not any(used <= mix for mix in SCRIPT_MIXES)
