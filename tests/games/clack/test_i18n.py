"""Click Clack in German and French (domain ``clack``): narration, errors, the manual.

Seeded random games at 2-4 players, with every preset, are narrated under ``de`` and ``fr``:
every line is filled in and differs from the English line. Refused moves raise errors whose
text is the catalog's translation (read with :mod:`gettext` straight from the compiled
``.mo``), not the English. The manual, every rules decision, every option's help and the
notation help have translations, the outcome's reasons are translated where they are shown,
and the terminal picture speaks the language.
"""

from __future__ import annotations

import gettext
import random
import re

import pytest
from rich.console import Console

from clickbox.cli.render import clack as picture
from clickbox.cli.render import render_moves, render_outcome, render_view
from clickbox.core import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    fill_names,
    narrate,
    sample_chance,
)
from clickbox.core.i18n import LOCALE_DIR, catalog, using
from clickbox.games import CATALOG, load
from clickbox.games.clack import actions as A
from clickbox.games.clack.board import (
    KIND_NAMES,
    KIND_WITH_ARTICLE,
    KIND_WORDS,
    SECTION_TITLES,
    SECTION_WORDS,
    WIN_SAME,
    WIN_TOTAL,
)
from clickbox.games.clack.game import RULES_DECISIONS, RULES_SUMMARY
from clickbox.games.clack.rules import NONE_LEFT, REASONS, SAME_KINDS, TOTAL_DISCS

from .. import translations
from .helpers import hide, new_state, run

LANGS = ("de", "fr")
NAMES = ["Ada", "Bo", "Cy", "Di"]
FIELD = re.compile(r"\{\w*\}")


def catalog_text(lang: str, message: str) -> str:
    return translations.catalog_text("clack", lang, message)


def says(lang: str, message: str, **fields: object) -> str:
    return translations.says("clack", lang, message, **fields)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", [None, *CATALOG.get("click-clack").presets])
def test_random_games_are_told_in_every_language(players: int, preset: str | None) -> None:
    game = CATALOG.get("click-clack").from_options(players, preset=preset)
    rng = random.Random(players)
    state = game.new_initial_state()
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    view = state.view(1)
    english = [line.text for line in narrate(game, view)]
    assert any("finds a" in text for text in english)
    for lang in LANGS:
        with using(lang):
            told = [line.text for line in narrate(game, view)]
        assert len(told) == len(english)
        for ours, theirs in zip(told, english, strict=True):
            filled = fill_names(ours, NAMES)
            assert filled and not FIELD.search(filled), (lang, ours)
            assert ours != theirs, (lang, ours)


def test_squirrels_that_flee_are_told_in_every_language() -> None:
    game = CATALOG.get("click-clack").from_options(2, preset="all-flee")
    log = [{"seat": "chance", "move": "?"}] * 16 + [
        {"seat": "chance", "move": "roll:beetle"},
        {"seat": 0, "move": "beetle3"},
        {"seat": 0, "move": "cw"},
        {"seat": "chance", "move": "roll:frog"},
        {"seat": 1, "move": "frog0"},
        {"seat": 1, "move": "ccw"},
        {"seat": "chance", "move": "roll:freddy"},
        {"seat": 0, "move": "freddy:snail"},
        {"seat": 0, "move": "cw"},
        {"seat": "chance", "move": "roll:frog"},
        {"seat": 1, "move": "frog2", "found": [{"seat": 1, "kind": "fir-cone"}]},
    ]
    english = [x.text for x in narrate(game, {"me": 0, "log": log})]
    assert english[-6] == (
        "{s0} moves Freddy the Piglet to the Snail section: {s0}'s and {s1}'s squirrels flee "
        "to the tree trunk."
    )
    plural = (
        "{player} moves Freddy the Piglet to the {section} section: {owners} squirrel flees to "
        "the tree trunk.",
        "{player} moves Freddy the Piglet to the {section} section: {owners} squirrels flee to "
        "the tree trunk.",
    )
    for lang in LANGS:
        catalog = gettext.translation("clack", localedir=LOCALE_DIR, languages=[lang])
        with using(lang):
            told = [x.text for x in narrate(game, {"me": 0, "log": log})]
        owner = catalog.gettext("{player}'s")
        owners = catalog.gettext("{first} and {second}").format(
            first=owner.format(player="{s0}"), second=owner.format(player="{s1}")
        )
        fled = catalog.ngettext(*plural, 2)
        assert fled != plural[1]
        assert told[-6] == fled.format(player="{s0}", section=says(lang, "Snail"), owners=owners)
        hop = says(
            lang,
            "{player}'s squirrel hops from the tree trunk to {hole}.",
            player="{s1}",
            hole=says(lang, "{section} hole {number}", section=says(lang, "Frog"), number="3"),
        )
        assert told[-2] == hop
        finds = catalog.ngettext(
            "{player}'s squirrel finds {disc} ({n} disc).",
            "{player}'s squirrel finds {disc} ({n} discs).",
            1,
        )
        assert told[-1] == finds.format(player="{s1}", disc=says(lang, "a fir cone"), n=1)


def test_refused_moves_say_why_in_the_language() -> None:
    state = new_state()
    hide(state)
    run(state, "roll:frog")
    for lang in LANGS:
        with using(lang):
            with pytest.raises(IllegalActionError) as stay:
                run(state, "stay")
            with pytest.raises(IllegalActionError) as noturn:
                run(state, "noturn")
            with pytest.raises(InvalidActionError) as parsed:
                state.game.parse_action("jump")
            with pytest.raises(InvalidActionError) as code:
                A.to_string(99)
        frog = says(lang, "frog")
        assert str(stay.value).endswith(
            says(lang, "your squirrel is not in the {face} section: it must go there", face=frog)
        )
        assert str(noturn.value).endswith(
            says(
                lang,
                "first place your squirrel (or move Freddy), then turn the board: leaving it as "
                "it is (noturn) is only for a turn in which the squirrel cannot move",
            )
        )
        assert str(parsed.value) == says(
            lang,
            "{text} is not a Click Clack move: write a hole (frog0 .. beetle3), stay, "
            "freddy:SECTION (frog, butterfly, snail, beetle), cw, ccw or noturn",
            text="'jump'",
        )
        assert str(code.value) == says(lang, "{code} is not a Click Clack action code", code=99)
    run(state, "frog0 cw roll:freddy freddy:snail ccw roll:snail")
    for lang in LANGS:
        with using(lang), pytest.raises(IllegalActionError) as stuck:
            run(state, "snail1")
        assert says(lang, "snail") in str(stuck.value)
        assert "squirrel" not in str(stuck.value)


def test_the_clack_bot_refuses_another_game_in_the_language() -> None:
    from clickbox.bots.clack import ClackSearchBot

    other = load("clickety-clack")
    state = other.new_initial_state()
    for lang in LANGS:
        with using(lang), pytest.raises(OptionError) as refused:
            ClackSearchBot().rank(state.view(0), other, random.Random(0))
        assert str(refused.value) == says(
            lang, "the clack bot plays Click Clack only, not {game}", game="clickety-clack"
        )


def test_the_manual_rules_decisions_options_and_notation_are_translated() -> None:
    game = CATALOG.get("click-clack").from_options(2)
    assert game.rules_summary == RULES_SUMMARY and game.rules_decisions == RULES_DECISIONS
    texts = [RULES_SUMMARY, picture.NOTATION]
    texts += [d.title for d in RULES_DECISIONS] + [d.text for d in RULES_DECISIONS]
    texts += [spec.help for spec in game.Params.option_specs()]
    for lang in LANGS:
        for text in texts:
            says(lang, text)
    assert "Ferkel Freddy" in says("de", RULES_SUMMARY)
    assert "Freddy le cochon" in says("fr", RULES_SUMMARY)


def test_names_in_sentences_have_translations() -> None:
    names = [*KIND_NAMES, *KIND_WORDS, *KIND_WITH_ARTICLE, *SECTION_WORDS, *SECTION_TITLES]
    names += [*picture.COLOUR_NAMES, *picture.GROUPS.values()]
    for lang in LANGS:
        known = catalog(lang)
        assert all(name in known for name in names), lang
    # Only names that are names ("Freddy") read the same in German.
    assert [name for name in names if catalog("de")[name] == name] == ["Freddy"]
    assert says("de", "a fir cone") == "einen Tannenzapfen"
    assert says("fr", "a hazelnut") == "une noisette"


def test_the_reasons_are_the_rules_words_and_are_shown_translated() -> None:
    assert (f"{WIN_SAME} identical discs", f"{WIN_TOTAL} discs") == (SAME_KINDS, TOTAL_DISCS)
    assert NONE_LEFT in REASONS
    game = CATALOG.get("click-clack").from_options(2)
    rng = random.Random(7)
    state = game.new_initial_state()
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    view = state.view(None)
    reason = view["outcome"]["reason"]
    assert all(part in REASONS for part in reason.split("; "))
    for lang in LANGS:
        console = Console(width=160, record=True)
        with using(lang):
            console.print(render_outcome(view, NAMES[:2]))
        text = console.export_text()
        parts = "; ".join(says(lang, part) for part in reason.split("; "))
        assert catalog_text(lang, "ended by: {reason}").format(reason=parts) in text
        assert says(lang, "Final result") in text


def test_the_terminal_picture_speaks_the_language() -> None:
    state = new_state()
    hide(state)
    run(state, "roll:frog frog0 cw roll:freddy")
    view = state.view(0)
    pictures = {}
    for lang in ("en", *LANGS):
        console = Console(width=160, record=True)
        with using(lang):
            console.print(render_view(view, NAMES[:2]))
            console.print(render_moves(view, view["legal"]))
        pictures[lang] = console.export_text()
    assert "Discs collected" in pictures["en"] and "Trunk:" in pictures["en"]
    for lang in LANGS:
        text = pictures[lang]
        assert says(lang, "Discs collected") in text
        assert says(lang, "Trunk: ").strip() in text
        assert says(lang, "Your moves (type the number or the notation):") in text
        ada = catalog_text(lang, "{name} ({colour})").format(name="Ada", colour=says(lang, "red"))
        assert ada in text
        assert "Discs collected" not in text and "Trunk:" not in text
