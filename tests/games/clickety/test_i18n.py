"""Clickety Clack in German and French (domain ``clickety``): narration, errors, the manual.

Seeded random games at 2-4 players on both sides are narrated under ``de`` and ``fr``: every
line is filled in and differs from the English line. Illegal moves, bad options and refused
score sheets raise errors whose text is the catalog's translation (read with :mod:`gettext`
straight from the compiled ``.mo``), not the English. The manual, every rules decision, every
option's help, the score pad's formats and the row rules' names have translations, and the
terminal picture speaks the language.
"""

from __future__ import annotations

import gettext
import re

import pytest
from rich.console import Console

from clickbox.cli.render import render_moves, render_view
from clickbox.core import (
    IllegalActionError,
    InvalidActionError,
    OptionError,
    SheetError,
    fill_names,
    narrate,
    play,
)
from clickbox.core.i18n import LOCALE_DIR, t, using
from clickbox.games import load
from clickbox.games.clickety import ClicketyClackGame, ClicketyClackState
from clickbox.games.clickety.board import RULE_NAMES
from clickbox.games.clickety.game import RULES_DECISIONS, RULES_SUMMARY
from clickbox.games.clickety.scorepad import QUICK_FORMAT, SHEET_FORMAT

from .. import translations

LANGS = ("de", "fr")
NAMES = ["Ada", "Bo", "Cy", "Di"]
FIELD = re.compile(r"\{\w*\}")


def catalog_text(lang: str, message: str) -> str:
    return translations.catalog_text("clickety", lang, message)


def says(lang: str, message: str, **fields: object) -> str:
    return translations.says("clickety", lang, message, **fields)


def game_of(spec: str) -> ClicketyClackGame:
    game = load(spec)
    assert isinstance(game, ClicketyClackGame)
    return game


def random_game(spec: str, seed: int) -> ClicketyClackState:
    state = translations.random_game(game_of(spec), seed)
    assert isinstance(state, ClicketyClackState)
    return state


@pytest.mark.parametrize(
    ("spec", "seed"),
    [
        ("clickety-clack(players=2)", 1),
        ("clickety-clack(players=3,side=B)", 2),
        ("clickety-clack(players=4)", 3),
    ],
)
def test_random_games_are_told_in_every_language(spec: str, seed: int) -> None:
    state = random_game(spec, seed)
    view = state.view(0)
    english = [line.text for line in narrate(state.game, view)]
    assert english[-1].startswith("Game over (")
    for lang in LANGS:
        with using(lang):
            told = [line.text for line in narrate(state.game, view)]
        assert len(told) == len(english)
        for ours, theirs in zip(told, english, strict=True):
            filled = fill_names(ours, NAMES)
            assert filled and not FIELD.search(filled), (lang, ours)
            assert ours != theirs, (lang, ours)
        heading = "Runde 1 · {s0} ist am Zug" if lang == "de" else "Manche 1 · au tour de {s0}"
        assert told[0] == heading


def test_a_failed_roll_and_its_reroll_stay_one_line_in_every_language() -> None:
    state = load("clickety-clack(players=2)").new_initial_state()
    for move in ["r6", "r5", "r3", "r3", "r1", "6+5>3", "x", "r4", "r2", "r2", "r1"]:
        play(state, move)
    for lang in LANGS:
        with using(lang):
            lines = [line.text for line in narrate(state.game, state.view(0))]
        fail = says(
            lang,
            "{player} has a failed roll: crosses failed roll space {space} ({points}) and rerolls",
            player="{s1}",
            space=1,
            points="−1",
        )
        roll = catalog_text(lang, "{line}: {faces}").format(line=fail, faces="4, 2, 2, 1")
        assert lines[-1] == roll


def test_illegal_moves_are_refused_in_the_language() -> None:
    state = load("clickety-clack(players=2)").new_initial_state()
    for move in ["r6", "r5", "r3", "r3", "r1"]:
        play(state, move)
    for lang in LANGS:
        with using(lang):
            with pytest.raises(InvalidActionError) as parsed:
                state.game.parse_action("take six")
            with pytest.raises(IllegalActionError) as missing:
                play(state, "4+5>1")
            with pytest.raises(IllegalActionError) as again:
                play(state, "x6")
        assert str(parsed.value).startswith(
            says(
                lang,
                "{text} is not a Clickety Clack action: write TAKE+ONTO>ROW (e.g. 6+5>3: "
                "take a 6, click it onto a 5, write 11 in row 3), x for a failed roll, or xFACE "
                "to take a die after a second failure",
                text="'take six'",
            )
        )
        assert str(missing.value).endswith(says(lang, "there is no {face} in the pool", face=4))
        assert str(again.value).endswith(
            says(lang, "x and a face is only for a second failure in the same turn; play x to fail")
        )
        assert "pool" not in str(missing.value)


def test_a_row_rule_refuses_in_the_language() -> None:
    state = load("clickety-clack(players=2)").new_initial_state()
    # Seat 0 writes 3+1=4 in row 3 (descending), seat 1 takes a 3; then 6+5=11 cannot follow 4.
    for move in ["r6", "r5", "r3", "r3", "r1", "3+1>3", "3+5>1"]:
        play(state, move)
    for lang in LANGS:
        with using(lang), pytest.raises(IllegalActionError) as refused:
            play(state, "6+5>3")
        why = says(lang, "the row is descending: the next number must be below {last}", last=4)
        expected = says(
            lang,
            "row {row} ({rule}) cannot take {total}: {why}",
            row=3,
            rule=says(lang, "descending"),
            total=11,
            why=why,
        )
        assert str(refused.value).endswith(expected)


def test_options_refuse_in_the_language() -> None:
    for lang in LANGS:
        with using(lang):
            with pytest.raises(OptionError) as repeated:
                load("clickety-clack(row5=6-9-3-8-4-10-7-5-11-11)")
            with pytest.raises(OptionError) as b_side:
                load("clickety-clack(side=B,row5=6-9-3-8-4-10-7-5-2-11)")
        assert str(repeated.value) == says(
            lang,
            "option 'row5' may not repeat a number (got {got})",
            got="'6-9-3-8-4-10-7-5-11-11'",
        )
        assert str(b_side.value) == says(
            lang,
            "option 'row5' is for the A side only (the B side has no row 5 of pre-printed numbers)",
        )


def test_the_score_pad_refuses_and_scores_in_the_language() -> None:
    game = game_of("clickety-clack")
    for lang in LANGS:
        with using(lang):
            with pytest.raises(SheetError) as bad:
                game.score_sheet("1: 3 3")
            card = game.score_sheet("1: 4 7 2\n2: 2 3\npenalties: 1")
            quick = game.score_quick("1: 3\n2: 1")
        assert bad.value.area == says(lang, "row {row}", row=1)
        assert bad.value.box == says(lang, "space {space}", space=2)
        assert bad.value.message == says(
            lang,
            "{number} is not allowed: {why}",
            number=3,
            why=says(lang, "the row already holds {number}", number=3),
        )
        assert card.lines[0].label == says(
            lang, "row {row} ({rule})", row=1, rule=says(lang, "all different")
        )
        assert card.lines[-1].label == says(lang, "penalties")
        assert quick.lines[2].detail == says(lang, "empty")


def test_the_manual_rules_decisions_and_options_are_translated() -> None:
    game = game_of("clickety-clack")
    texts = [RULES_SUMMARY, SHEET_FORMAT, QUICK_FORMAT]
    texts += [d.title for d in RULES_DECISIONS] + [d.text for d in RULES_DECISIONS]
    texts += [spec.help for spec in game.Params.option_specs()]
    assert game.rules_summary == RULES_SUMMARY and game.rules_decisions == RULES_DECISIONS
    for lang in LANGS:
        for text in texts:
            says(lang, text)
        with using(lang):
            assert t(RULES_SUMMARY) == says(lang, RULES_SUMMARY)
    # The score pad's formats keep the lines the pad reads.
    for lang in LANGS:
        for line in ("  5: 6 9 3", "  penalties: 1", "clickety-clack(side=B)"):
            assert line in says(lang, SHEET_FORMAT)


def test_row_rules_have_names_in_every_language() -> None:
    for lang in LANGS:
        catalog = gettext.translation("clickety", localedir=LOCALE_DIR, languages=[lang])
        for name in RULE_NAMES.values():
            assert catalog.gettext(name), name
    differ = [name for name in RULE_NAMES.values() if catalog_text("de", name) != name]
    assert len(differ) == len(RULE_NAMES) - 1  # "2-6 / 8-12" reads the same


def test_the_terminal_picture_speaks_the_language() -> None:
    state = load("clickety-clack(players=2)").new_initial_state()
    for move in ["r6", "r5", "r3", "r3", "r1", "x", "r4", "r2", "r2", "r1", "r1"]:
        play(state, move)
    view = state.view(0)
    pictures = {}
    for lang in ("en", *LANGS):
        console = Console(width=160, record=True)
        with using(lang):
            console.print(render_view(view, NAMES[:2]))
            console.print(render_moves(view, view["legal"]))
        pictures[lang] = console.export_text()
    assert "Round 1" in pictures["en"] and "Pool:" in pictures["en"]
    for lang in LANGS:
        picture = pictures[lang]
        assert says(lang, "Round {round}", round=1) in picture
        assert says(lang, "Pool: ").strip() in picture
        assert says(lang, "failed rolls: {spaces}", spaces="").strip() in picture
        assert "Pool:" not in picture and "failed rolls" not in picture
