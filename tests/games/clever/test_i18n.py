"""That's Pretty Clever in German and French (domain ``clever``): narration, errors, the pad,
the manual and the terminal picture.

Seeded random games at 1-4 players (with and without the options that change the turn) are
narrated under ``de`` and ``fr``: every line is filled in and differs from the English line.
Illegal moves and refused score sheets raise errors whose text is the catalog's translation
(read with :mod:`gettext` straight from the compiled ``.mo``), not the English. The manual, every
rules decision, every option's help, the pad's formats, the view's words (phases, ratings) and
the names used in sentences have translations, and the terminal picture speaks the language.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from rich.console import Console

from clickbox.bots.clever.network import Network
from clickbox.cli.render import clever as picture
from clickbox.cli.render import render_moves, render_outcome, render_view
from clickbox.core import (
    IllegalActionError,
    InvalidActionError,
    SheetError,
    fill_names,
    narrate,
    play,
)
from clickbox.core.i18n import LOCALE_DIR, t, using
from clickbox.games import load
from clickbox.games.clever import CleverGame, CleverState
from clickbox.games.clever.board import (
    BONUS_NAMES,
    COLOURS,
    DIE_FACES,
    DIE_NAMES,
    SOLO_RATINGS,
    THE_DIE,
)
from clickbox.games.clever.game import RULES_DECISIONS, RULES_SUMMARY
from clickbox.games.clever.scorepad import QUICK_FORMAT, SHEET_FORMAT
from clickbox.games.clever.view import PHASE_WORDS

from .. import translations
from .helpers import roll

LANGS = ("de", "fr")
NAMES = ["Ada", "Bo", "Cy", "Di"]
FIELD = re.compile(r"[{}]")


class _Missing(gettext.NullTranslations):
    """The fallback of :func:`catalog`: a message the catalog lacks is an error, not English."""

    def gettext(self, message: str) -> str:
        raise AssertionError(f"the catalog lacks {message!r}")


def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled ``clever`` catalog of ``lang`` alone (no other domain, no English)."""
    found = gettext.translation("clever", localedir=LOCALE_DIR, languages=[lang])
    found.add_fallback(_Missing())
    return found


def says(lang: str, message: str, **fields: object) -> str:
    """What the ``clever`` catalog of ``lang`` makes of ``message`` (it must translate it)."""
    text = catalog(lang).gettext(message)
    assert text != message, f"{lang} does not translate {message!r}"
    return text.format(**fields)


def said(lang: str, message: str, **fields: object) -> str:
    """``message`` as the catalog of ``lang`` has it, for the few that may read the same in it
    (``orange``, ``+1``, ``{colour} {face}``): it must be in the catalog all the same."""
    return catalog(lang).gettext(message).format(**fields)


SAME = {"orange", "ORANGE", "+1", "orange 4", "orange 5", "orange 6"}
"""Words that may read the same in German or French as in English."""


def names(lang: str, message: str) -> str:
    """A name of the game's words in ``lang``: translated, or one of ``SAME``."""
    return said(lang, message) if message in SAME else says(lang, message)


def says_n(lang: str, one: str, many: str, n: int, **fields: object) -> str:
    """The plural message as the ``clever`` catalog of ``lang`` has it for ``n``."""
    text = catalog(lang).ngettext(one, many, n)
    assert text not in (one, many), f"{lang} does not translate {one!r}"
    return text.format(n=n, **fields)


def game_of(spec: str) -> CleverGame:
    game = load(spec)
    assert isinstance(game, CleverGame)
    return game


def random_game(spec: str, seed: int) -> CleverState:
    state = translations.random_game(game_of(spec), seed)
    assert isinstance(state, CleverState)
    return state


def chosen_roll(players: int = 2) -> CleverState:
    """Round 1, seat 0 to pick from yellow 3, blue 5, green 2, orange 6, purple 1, white 4."""
    state = game_of(f"clever(players={players})").new_initial_state()
    roll(state, "y3 b5 g2 o6 p1 w4")
    return state


# -- the log in words --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "seed"),
    [
        ("clever(players=1)", 1),
        ("clever(players=2)", 2),
        ("clever(players=3,forfeit_rolls=true,wasted_picks=true)", 3),
        ("clever(players=4,passive_optional=true)", 4),
    ],
)
def test_random_games_are_told_in_every_language(spec: str, seed: int) -> None:
    state = random_game(spec, seed)
    for seat in (0, None):
        view = state.view(seat)
        english = [line.text for line in narrate(state.game, view)]
        assert english[-1].startswith("Game over: ")
        for lang in LANGS:
            with using(lang):
                told = [line.text for line in narrate(state.game, view)]
            assert len(told) == len(english), lang
            for ours, theirs in zip(told, english, strict=True):
                filled = fill_names(ours, NAMES)
                assert filled and not FIELD.search(filled), (lang, ours)
                assert ours != theirs, (lang, ours)
            assert told[0] == says(lang, "Round {round} · {who}'s turn", round=1, who="{s0}")
            ending = says(lang, "Game over: {scores} · {who} wins", scores="", who="")
            assert told[-1].startswith(ending.split(":")[0] + ":"), (lang, told[-1])


def test_a_turn_is_told_in_the_catalogs_words() -> None:
    state = chosen_roll()
    play(state, "b>B9")
    for lang in LANGS:
        with using(lang):
            lines = [line.text for line in narrate(state.game, state.view(0))]
        dice = ", ".join(
            said(lang, "{colour} {face}", colour=names(lang, colour), face=face)
            for colour, face in zip(COLOURS, (3, 5, 2, 6, 1, 4), strict=True)
        )
        assert lines[2] == said(
            lang, "{roll}: {dice}", roll=says(lang, "{who} rolls", who="{s0}"), dice=dice
        )
        mark = says(
            lang,
            "crosses {cell} (blue {blue} + white {white})",
            cell=says(lang, "blue {sum}", sum=9),
            blue=5,
            white=4,
        )
        assert lines[3] == says(
            lang,
            "{who} takes {die} and {mark}",
            who="{s0}",
            die=says(lang, DIE_FACES[1], face=5),
            mark=mark,
        )


def test_a_hidden_passive_choice_is_told_in_the_language() -> None:
    """Rulebook: the passive players choose at the same time; the others see only that a seat
    has chosen until everyone has."""
    state = game_of("clever(players=3)").new_initial_state()
    roll(state, "y1 b1 g1 o2 p1 w3")
    play(state, "o>O")
    roll(state, "w3")
    play(state, "w>O")
    play(state, "y>Y22", seat=1)
    for lang in LANGS:
        with using(lang):
            others = narrate(state.game, state.view(2))[-1].text
            own = narrate(state.game, state.view(1))[-1].text
        assert others == says(lang, "{who} has chosen (shown when everyone has)", who="{s1}")
        assert own == says(
            lang,
            "{who} has chosen {die} for {where} (the others see it when everyone has)",
            who="{s1}",
            die=says(lang, DIE_FACES[0], face=1),
            where=says(lang, "yellow row {row}, column {column}", row=2, column=2),
        )


# -- errors --------------------------------------------------------------------------------------


def test_illegal_moves_are_refused_in_the_language() -> None:
    state = chosen_roll()
    for lang in LANGS:
        with using(lang):
            with pytest.raises(InvalidActionError) as parsed:
                state.game.parse_action("take six")
            with pytest.raises(IllegalActionError) as wrong_cell:
                play(state.clone(), "y>Y12")
            with pytest.raises(IllegalActionError) as must_pick:
                play(state.clone(), "done")
            with pytest.raises(IllegalActionError) as wasted:
                play(state.clone(), "g>-")
            with pytest.raises(IllegalActionError) as chance:
                play(state.clone(), "r3")
        assert str(parsed.value) == says(
            lang,
            "{text} is not a move of That's Pretty Clever: write a die and a target like "
            "w>B7, y>Y13, g>G (+ in front for an extra die: +o>O), a bonus like X:Y13 or 6:P, "
            "y>- to put an unusable die aside, reroll, forfeit, or done",
            text="'take six'",
        )
        assert str(wrong_cell.value).endswith(
            says(
                lang,
                "{die} shows {face}, but {where} is a {number}",
                die=says(lang, THE_DIE[0]),
                face=3,
                where=says(lang, "yellow row {row}, column {column}", row=1, column=2),
                number=6,
            )
        )
        assert str(must_pick.value).endswith(
            says(lang, "seat {seat} is the active player and must pick a die of the roll", seat=0)
        )
        assert str(wasted.value).endswith(
            says(
                lang,
                "{die} can be written, so it cannot be put aside without writing",
                die=says(lang, THE_DIE[2]),
            )
        )
        assert str(chance.value).endswith(
            says(
                lang,
                "{move} is a chance outcome, but seat {seat} is to decide now",
                move="r3",
                seat=0,
            )
        )
        for error in (wrong_cell, must_pick, wasted, chance):
            assert "seat" not in str(error.value) and " die " not in str(error.value)


def test_a_passive_player_is_refused_in_the_language() -> None:
    """Seat 0 picks orange 2 (the lower dice to the platter) and white 3: seat 1 must take a
    usable platter die, not the active player's orange."""
    state = game_of("clever(players=2)").new_initial_state()
    roll(state, "y1 b1 g1 o2 p1 w3")
    play(state, "o>O")
    roll(state, "w3")
    play(state, "w>O")
    first = state.game.action_to_string(state.legal_actions()[0])
    assert first == "y>Y22"
    for lang in LANGS:
        with using(lang):
            refused = {}
            for move in ("o>O", "X:Y11", "reroll", "done", "+y>Y31"):
                with pytest.raises(IllegalActionError) as error:
                    play(state.clone(), move, seat=1)
                refused[move] = str(error.value)
        assert refused["o>O"].endswith(
            says(
                lang,
                "{die} is on the active player's die spaces: a passive player takes one of those "
                "only when no platter die can be used, and {move} can be",
                die=says(lang, THE_DIE[3]),
                move=first,
            )
        )
        assert refused["X:Y11"].endswith(says(lang, "there is no bonus to resolve now"))
        assert refused["reroll"].endswith(says(lang, "only the active player rerolls"))
        assert refused["done"].endswith(
            says(
                lang,
                "seat {seat} can use a die and must take one (for example {move})",
                seat=1,
                move=first,
            )
        )
        assert refused["+y>Y31"].endswith(
            says(lang, "a +1 (extra die) comes after taking a die from the silver platter")
        )


def test_a_bot_refuses_a_network_in_the_language(tmp_path: Path) -> None:
    path = tmp_path / "missing.npz"
    for lang in LANGS:
        with using(lang), pytest.raises(ValueError) as error:
            Network.load(path)
        template = catalog(lang).gettext("{path} is not a Clever value network: {error}")
        assert template != "{path} is not a Clever value network: {error}"
        assert str(error.value).startswith(template.split("{error}")[0].format(path=path))


# -- the score pad -------------------------------------------------------------------------------


def test_the_score_pad_refuses_and_scores_in_the_language() -> None:
    game = game_of("clever")
    sheet = "yellow 4: 3 4 6\nyellow 1: 3\nyellow 2: 2\nyellow 3: 1\ngreen: 3\npurple: 1 2"
    for lang in LANGS:
        with using(lang):
            with pytest.raises(SheetError) as purple:
                game.score_sheet("purple: 1 2 5 3")
            with pytest.raises(SheetError) as foxes:
                game.score_sheet("yellow 4: 3 4 6\nfoxes: 2")
            with pytest.raises(SheetError) as obliged:
                game.score_sheet("orange: 1 1 1 2 1")
            card = game.score_sheet(sheet)
            quick = game.score_quick("yellow: 10\nblue: 3\nfoxes: 1")
        assert (purple.value.area, purple.value.box) == (
            says(lang, "purple"),
            says(lang, "box {number}", number=4),
        )
        assert purple.value.message == says(
            lang,
            "{value} is not higher than {previous} (after a {reset} anything may follow)",
            value=3,
            previous=5,
            reset=6,
        )
        assert foxes.value.message == says(
            lang,
            "the marks earn {earned}, not {claimed}",
            earned=f"1 ({says(lang, 'yellow row {row}', row=4)})",
            claimed=2,
        )
        given = says_n(
            lang,
            "{sources} gives a yellow cross",
            "{sources} give {n} yellow crosses",
            1,
            sources=says(lang, "orange box {box}", box=5),
        )
        assert obliged.value.message == says(
            lang,
            "{given}, but {held} ({why})",
            given=given,
            held=says(lang, "no yellow box is crossed"),
            why=says(lang, "a bonus is lost only when every yellow box is crossed"),
        )
        assert [line.label for line in card.lines] == [
            names(lang, name) for name in ("yellow", "blue", "green", "orange", "purple", "foxes")
        ]
        assert card.lines[0].detail == says_n(
            lang, "column {columns}", "columns {columns}", 1, columns="10"
        )
        assert card.lines[3].detail == says(lang, "empty")
        assert card.notes[0] == says(
            lang,
            "Solo rating (if this was a solo game): {label} ({stars})",
            label=says(lang, "Try harder!"),
            stars=says(lang, "no stars"),
        )
        assert quick.lines[0].detail == says(lang, "points as counted")


def test_the_pad_formats_keep_the_lines_the_pad_reads() -> None:
    game = game_of("clever")
    for lang in LANGS:
        for form, score in ((SHEET_FORMAT, game.score_sheet), (QUICK_FORMAT, game.score_quick)):
            text = says(lang, form)
            english = [line.split("#")[0] for line in form.splitlines() if line.startswith("  ")]
            ours = [line.split("#")[0] for line in text.splitlines() if line.startswith("  ")]
            assert ours == english, lang
            assert score("\n".join(ours)).total == score("\n".join(english)).total


# -- the manual and the words of the view --------------------------------------------------------


def test_the_manual_rules_decisions_and_options_are_translated() -> None:
    game = game_of("clever")
    assert game.rules_summary == RULES_SUMMARY and game.rules_decisions == RULES_DECISIONS
    texts = [RULES_SUMMARY, game.title, game.sheet_format, game.quick_format]
    texts += [d.title for d in RULES_DECISIONS] + [d.text for d in RULES_DECISIONS]
    texts += [spec.help for spec in game.Params.option_specs()]
    for lang in LANGS:
        for text in texts:
            says(lang, text)
        with using(lang):
            assert t(RULES_SUMMARY) == says(lang, RULES_SUMMARY)
        assert says(lang, game.title) == {"de": "Ganz schön clever", "fr": "Très futé"}[lang]
        # the decisions keep the options and notation they name
        for decision in RULES_DECISIONS:
            for code in re.findall(r"`[^`]+`", decision.text):
                assert code in says(lang, decision.text), (lang, code)


def test_the_words_of_the_view_and_the_names_have_translations() -> None:
    words = [*PHASE_WORDS.values(), *(label for _, label, _ in SOLO_RATINGS)]
    words += [*BONUS_NAMES.values(), *COLOURS, *THE_DIE, *DIE_NAMES]
    words += [*picture.BONUS_WORDS.values(), *picture.HEADINGS.values()]
    words += [
        picture.LEGEND,
        picture.NOTATION,
        "last-round",
        "last-round, tie broken by the best area",
    ]
    for lang in LANGS:
        for text in words:
            names(lang, text)
        for text in DIE_FACES:
            assert "5" in says(lang, text, face=5)
        with using(lang):
            view = chosen_roll(1).view(0)
        assert view["phase"] == PHASE_WORDS["choose"]  # the view itself stays English data


# -- the terminal picture ------------------------------------------------------------------------


def test_the_terminal_picture_speaks_the_language() -> None:
    state = chosen_roll()
    play(state, "b>B9")
    view = state.view(0)
    over = random_game("clever(players=2)", 5).view(0)
    pictures = {}
    for lang in ("en", *LANGS):
        console = Console(width=180, record=True)
        with using(lang):
            console.print(render_view(view, NAMES[:2]))
            console.print(render_moves(view, view["legal"]))
            console.print(render_outcome(over, NAMES[:2]))
        pictures[lang] = console.export_text()
    english = pictures["en"]
    for words in ("YELLOW", "Last moves:", "Your moves", "Final scores", "die spaces"):
        assert words in english
    for lang in LANGS:
        drawn = pictures[lang]
        assert says(lang, "YELLOW") in drawn and says(lang, "PURPLE") in drawn
        assert says(lang, "Last moves:") in drawn
        assert says(lang, "Your moves (type the number or the notation):") in drawn
        assert says(lang, "Final scores") in drawn
        assert says(lang, "Round {round} of {rounds}", round=1, rounds=6) in drawn
        assert says(lang, "die spaces") in drawn
        for words in ("YELLOW", "Last moves:", "Your moves", "Final scores", "die spaces"):
            assert words not in drawn, (lang, words)
