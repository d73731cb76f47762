"""The names of the seats at the terminal, and the engine's words said with them.

A lone human is ``You``; several humans (hotseat) are ``Player N``, or the names given with
``--name``; a bot is ``Bot N (level)``, or ``Bot N`` on the compact board and in the log
(:func:`short_names`). N is the seat counted from 1, the way players count.
The engines speak of seats (``seat 0 has no reroll left``); :func:`personal` says the same
with the seat's name (``You have no reroll left``), and :func:`you_grammar` mends the verbs
and possessives of lines written with a name in the third person ("You has" → "You have").

In another language than English the engine's words are translated and no mending is done, so
a lone human is named as in hotseat (``Spieler 1``, ``Joueur 1``): every line written with a
name in the third person reads right; :func:`personal` finds the seats by the word the
translations use (``Platz 2``, ``la place 2``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text

from ..core.i18n import SOURCE, language, t, tn

YOU = "You"
"""The name of the only human at the screen, when no ``--name`` is given."""


def seat_names(seats: Sequence[str], given: Sequence[str] = ()) -> list[str]:
    """One name per seat: the ``given`` names go to the human seats in order; a lone human
    without a given name is ``You``, other humans ``Player N``, bots ``Bot N (level)``."""
    humans = [seat for seat, label in enumerate(seats) if label == "human"]
    if len(given) > len(humans):
        raise ValueError(
            tn(
                "{given} --name for {n} human seat",
                "{given} --name for {n} human seats",
                len(humans),
                given=len(given),
            )
        )
    names: list[str] = []
    for seat, label in enumerate(seats):
        if label != "human":
            names.append(t("Bot {number} ({level})", number=seat + 1, level=label))
        elif humans.index(seat) < len(given):
            names.append(given[humans.index(seat)])
        elif len(humans) == 1 and language() == SOURCE:
            names.append(YOU)
        else:
            names.append(t("Player {number}", number=seat + 1))
    return names


def short_names(seats: Sequence[str], names: Sequence[str]) -> list[str]:
    """The names for a compact board: a bot is ``Bot N`` (its level was said at the start),
    a human keeps its name."""
    return [
        name if label == "human" else t("Bot {number}", number=seat + 1)
        for seat, (label, name) in enumerate(zip(seats, names, strict=True))
    ]


def check_name(name: str) -> str:
    """A ``--name``: trimmed, not empty, one line, at most 24 characters."""
    name = " ".join(name.split())
    if not name:
        raise ValueError(t("a --name may not be empty"))
    if len(name) > 24:
        raise ValueError(t("--name {name} is longer than 24 characters", name=repr(name)))
    return name


_SEAT = re.compile(r"\bseat (\d+)('s)?")
_SEATS = {
    SOURCE: _SEAT,
    # The engine's "seat 2", as the translations write it (the word and its article go).
    "de": re.compile(r"\b(?:Platz|Sitz|Spieler|Spielerin) (\d+)()"),
    "fr": re.compile(r"\b(?:(?:[Ll]a |[Ll]e |[Ll]')?(?:place|siège|joueur|joueuse) )(\d+)()"),
}
_YOU = re.compile(r"\bYou\b('s)?(?: (\w+))?")
_YOU_SENTENCE = re.compile(r"(?:(?<=^)|(?<=[.!?]\s))You\b[^.!?]*")
"""A sentence that starts with "You"."""
_NAMED_YOU = re.compile(r"^(You \([^)]*\) )([a-z]+)")
_NEXT_VERB = re.compile(r"(?:(?<= and )|(?<=: ))[a-z]+s\b")
_SENTENCE_START = re.compile(r"(?:^|[.!?:]\s|\(|\n)\s*$")
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_NOT_VERBS = frozenset({"this", "its", "us", "his", "as", "yes", "plus", "less", "was"})


def personal(message: str, names: Sequence[str]) -> str:
    """An engine message with each ``seat N`` said as that seat's name (``seat 0 has no
    reroll left`` → ``You have no reroll left``); a seat number with no name stays."""
    pattern = _SEATS.get(language(), _SEAT)
    referred = {int(m[1]) for m in pattern.finditer(message) if int(m[1]) < len(names)}

    def name(match: re.Match[str]) -> str:
        seat = int(match[1])
        if seat >= len(names):
            return match[0]
        return names[seat] + (match[2] or "")

    text = pattern.sub(name, message)
    if referred and all(names[seat] == YOU for seat in referred):
        text = re.sub(r"\bits\b", "your", text)  # "seat 0 ... its turn": "you ... your turn"
    return you_grammar(text) if YOU in names else text


def you_grammar(text: str) -> str:
    """``You`` written as a third person, mended: "You has" → "You have", "You's" → "your",
    and "you" in small letters where no sentence starts."""
    if YOU not in text:
        return text
    text = _YOU.sub(lambda m: _you(text, m), text)
    return _YOU_SENTENCE.sub(_mend_sentence, text)


def _mend_sentence(match: re.Match[str]) -> str:
    """A sentence whose subject is "You": its verbs after "You (Name)", "and" or a colon
    ("You (Jill) looks ... and says: crosses" → "look", "say", "cross")."""
    sentence = _NAMED_YOU.sub(lambda m: m[1] + _plural(m[2]), match[0])
    return _NEXT_VERB.sub(lambda m: _plural(m[0]), sentence)


def you_grammar_text(line: Text) -> Text:
    """:func:`you_grammar` on a rich line, keeping its styles."""
    plain = line.plain
    matches = list(_YOU.finditer(plain))
    if not matches:
        return line
    out = line[0:0]
    position = 0
    for match in matches:
        out.append_text(line[position : match.start()])
        style = line[match.start() : match.start() + 1].spans
        piece = Text(_you(plain, match))
        if style:
            piece.stylize(style[0].style)
        out.append_text(piece)
        position = match.end()
    out.append_text(line[position:])
    return out


def _you(text: str, match: re.Match[str]) -> str:
    start = bool(_SENTENCE_START.search(text[: match.start()]))
    word = match[2]
    if match[1]:  # "You's hand" -> "your hand"
        said = "Your" if start else "your"
        return said + (f" {word}" if word else "")
    said = "You" if start else "you"
    if word is None:
        return said
    return f"{said} {_plural(word)}"


def _plural(word: str) -> str:
    """The verb after "you" ("pays" → "pay"); a word that is not such a verb stays."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word in _NOT_VERBS or not word.islower() or not word.endswith("s") or word.endswith("ss"):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    return word[:-1]


def wins(name: str, shared: bool = False) -> str:
    """``NAME wins`` / ``NAME win`` (You), or the shared victory."""
    if shared:
        return t("{names} share the victory", names=name)
    if name == YOU:
        return t("You win")
    return t("{name} wins", name=name)
