"""Click Click Boom in German and French: the narration of seeded random games, the refusals,
the manual and the rules decisions, the option help, the coin count and the terminal picture
come out of the catalogs (``locale/{de,fr}/LC_MESSAGES/boom.po``), fully filled in, and unlike
the English; the data (notation, views, the outcome's reason) stays as it is."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.console import Console

from clickbox.cli.render import boom as render
from clickbox.core import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    SheetError,
    StateBase,
    narrate,
    play,
    sample_chance,
)
from clickbox.core.i18n import catalog, t, using
from clickbox.games import CATALOG, load
from clickbox.games.boom import BoomGame, BoomState, actions, rules, scorepad
from clickbox.games.boom import board as B
from clickbox.games.boom import game as boom_game
from clickbox.games.boom.params import BoomParams

from .helpers import new_state, pick, turns

LANGS = ("de", "fr")
TEMPLATE = re.compile(r"\{(?!s\d\})[^{}]*\}")  # a field left unfilled (seat tokens are fine)
CONFIGS = [(4, None), (3, "quick"), (5, "advanced"), (2, None), (3, "no-characters")]
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def _play(game: BoomGame, seed: int) -> tuple[BoomState, list[BoomState]]:
    """A seeded random game to its end, and a copy of every position on the way."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, BoomState)
    seen = []
    while state.current_player() != TERMINAL:
        seen.append(state.clone())
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state, seen


def _translation(lang: str, msgid: str) -> str:
    found = catalog(lang).get(msgid)
    assert found, f"{msgid!r} has no {lang} translation"
    return found


def _words(lang: str, msgid: str) -> str:
    """The translation's longest run of words between its fields."""
    parts = re.split(r"\{[^{}]*\}", _translation(lang, msgid))
    return max(parts, key=len).strip()


# -- the narration -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "preset"), CONFIGS)
def test_narrated_games_are_translated_line_by_line(players: int, preset: str | None) -> None:
    game = CATALOG.get("boom").from_options(players, preset=preset)
    assert isinstance(game, BoomGame)
    state, _ = _play(game, seed=players)
    for viewer in (None, *range(players)):
        view = state.view(viewer)
        english = [line.text for line in narrate(game, view)]
        assert len(english) > 10
        for lang in LANGS:
            with using(lang):
                lines = narrate(game, view)
            assert [line.heading for line in lines] == [
                line.heading for line in narrate(game, view)
            ]
            assert len(lines) == len(english)
            for text, source in zip((line.text for line in lines), english, strict=True):
                assert not TEMPLATE.search(text), (lang, text)
                assert set(re.findall(r"\{s\d\}", text)) == set(re.findall(r"\{s\d\}", source))
                assert text != source, (lang, text)


def test_a_pick_said_in_german_and_french() -> None:
    state = new_state(3)
    turns(state, "steal:boom/pay")
    view = state.view(2)
    with using("de"):
        lines = [line.text for line in narrate(state.game, view)]
    assert lines[3] == (
        "{s1} nimmt eine Klau-Karte aus der Hand von {s0} für die linke Seite von {s0} und sagt "
        "„BOOM“."
    )
    with using("fr"):
        lines = [line.text for line in narrate(state.game, state.view(0))]
    assert lines[3] == "{s1} prend une carte dans ta main pour ta gauche et dit « BOOM »."


def test_every_action_in_words_is_translated() -> None:
    codes = [
        code for code in range(actions.TIE_BASE + actions.MAX_SEATS) if actions.is_valid_code(code)
    ]
    assert len(codes) > 100
    logged = ["L?", "R?:boom", "L?:pay", "R?"]
    for lang in LANGS:
        for code in codes:
            english, notation = actions.describe(code), actions.to_string(code)
            with using(lang):
                words = actions.describe(code)
                assert actions.to_string(code) == notation  # the notation is data
                assert actions.parse(notation) == code
            assert words != english and not TEMPLATE.search(words), (lang, code, words)
        for move in logged:
            source = actions.describe_logged(move)
            with using(lang):
                said = actions.describe_logged(move)
            assert said is not None and said != source, (lang, move)


# -- refusals ------------------------------------------------------------------------------------


def test_malformed_notation_is_refused_in_the_language() -> None:
    game = load("boom", players=3)
    cases = [
        ("zzz", "{move} is not a move of Click Click Boom"),
        ("L6", "{move}: a hand holds at most six cards"),
        ("swap:7", "{move}: seats are 0..5"),
        ("char:zorro", "{move}: no character {name}; the characters are {characters}"),
        ("draw:8", "{move}: a hand card index is 0..5"),
    ]
    for move, msgid in cases:
        with pytest.raises(InvalidActionError) as english:
            game.parse_action(move)
        for lang in LANGS:
            with using(lang), pytest.raises(InvalidActionError) as info:
                game.parse_action(move)
            message = str(info.value)
            assert message != str(english.value)
            full = next(key for key in catalog(lang) if key.startswith(msgid))
            assert message.startswith(repr(move)), message
            assert _words(lang, full) in message, (lang, message)


def _refusal(state: StateBase, move: str, seat: int | None = None) -> str:
    before = state.view(None)
    with pytest.raises(IllegalActionError) as info:
        play(state, move, seat)
    assert state.view(None) == before
    return str(info.value)


@pytest.mark.parametrize(
    ("script", "move", "msgid"),
    [
        ("", "R0", "the left card is picked first (part 1): {expected}"),
        ("pay", "L0", "the left card is picked already: {expected}"),
        ("", "L0:click", "the claims of the full game are {claims}"),
        ("pay", "R=", "picking the same card (R=) is Advanced Play only (option advanced)"),
        ("", "left", "the showdown choice comes after the turns and abilities: {expected}"),
        ("", "pass:random", "cards are passed at the end of the showdown: {expected}"),
        ("", "skip", "there is no ability to skip now: {expected}"),
        ("", "peek", "{action} is {name}'s ability (nobody): {expected}"),
        ("", "char:jill", "characters are chosen before the first shootout"),
    ],
)
def test_illegal_moves_are_explained_in_the_language(script: str, move: str, msgid: str) -> None:
    state = new_state(3)
    if script:
        pick(state, script)
    english = _refusal(state, move)
    action = state.game.parse_action(move)
    reason = state.explain_illegal(action)
    assert reason in english
    full = next(key for key in catalog("de") if key.startswith(msgid))
    for lang in LANGS:
        with using(lang):
            message = _refusal(state, move)
            translated = state.explain_illegal(action)
        assert translated != reason and translated in message, (lang, message)
        assert not TEMPLATE.search(translated)
        words = _words(lang, full)
        assert words and words in translated, (lang, translated)


def test_the_bot_options_are_refused_in_the_language() -> None:
    from clickbox.bots.boom.search import BoomSearchBot

    with pytest.raises(OptionError) as english:
        BoomSearchBot(read="psychic")
    for lang in LANGS:
        with using(lang), pytest.raises(OptionError) as info:
            BoomSearchBot(read="psychic")
        assert str(info.value) != str(english.value) and "'psychic'" in str(info.value)


# -- the manual, the rules decisions, the options ------------------------------------------------


def test_the_manual_and_every_rules_decision_are_translated() -> None:
    game = load("boom", players=4)
    texts = [game.rules_summary, game.sheet_format, render.NOTATION, render.LEGEND]
    texts += [render.QUICK_LEGEND, *(ability for _, ability in render.CHARACTERS.values())]
    texts += [spec.help for spec in BoomParams.option_specs()]
    titles = [decision.title for decision in game.rules_decisions]
    texts += [decision.text for decision in game.rules_decisions]
    assert len(game.rules_decisions) == len(boom_game.RULES_DECISIONS) > 20
    for lang in LANGS:
        with using(lang):
            for text in texts:
                assert t(text) != text and len(t(text)) > len(text) / 2, (lang, text[:60])
            for title in titles:
                if title in B.CHARACTER_NAMES:  # proper names: the same in every language
                    assert t(title) == title
                else:
                    assert t(title) != title, (lang, title)


def test_the_character_titles_and_the_outcome_reasons_are_translated() -> None:
    for lang in LANGS:
        with using(lang):
            for words in (*B.CHARACTER_TITLES, *rules.REASONS, *B.KIND_WORDS[:2]):
                assert t(words) != words, (lang, words)


@pytest.mark.parametrize(("players", "preset"), [(3, None), (4, "quick"), (2, None)])
def test_the_outcome_reason_is_one_of_the_marked_reasons(players: int, preset: str | None) -> None:
    game = CATALOG.get("boom").from_options(players, preset=preset)
    assert isinstance(game, BoomGame)
    for seed in range(4):
        state, _ = _play(game, seed)
        outcome = state.outcome()
        assert outcome is not None and outcome.reason in rules.REASONS


def test_the_coin_count_form_holds_the_games_numbers() -> None:
    start = B.GOLD_VALUE * B.START_GOLD + B.START_SILVER
    assert start == scorepad.START_COINS
    assert f"(a gold coin\nis {B.GOLD_VALUE})" in scorepad.SHEET_FORMAT
    assert f"({start} a player: {B.START_GOLD} gold\nand {B.START_SILVER} silver)" in (
        scorepad.SHEET_FORMAT
    )
    for lang in LANGS:
        with using(lang):
            form = t(scorepad.SHEET_FORMAT)
        # the example lines still read as entries: their keys are data, not words
        example = [line.split("#")[0].strip() for line in form.splitlines() if line[:2] == "  "]
        assert [line.split(":")[0] for line in example if line] == [
            "players",
            "shootout 1",
            "shootout 2",
            "shootout 3",
            "booms",
        ]


def test_the_coin_count_speaks_the_language() -> None:
    game = load("click-click-boom", players=3)
    tie = "players: Ann, Bo, Cy\nshootout 1: 15 15 9"
    english_note = game.score_sheet(f"{tie}\nbooms: 1 0 0").notes[0]
    with pytest.raises(SheetError) as english:
        game.score_sheet(tie)
    for lang in LANGS:
        with using(lang):
            note = game.score_sheet(f"{tie}\nbooms: 1 0 0").notes[0]
            with pytest.raises(SheetError) as info:
                game.score_sheet(tie)
            with pytest.raises(SheetError) as other:
                game.score_sheet("shootout 1: 14 9 x")
            default = game.score_sheet("shootout 1: 14 9 13").lines[0].label
        assert note != english_note and "Bo" in note and "15" in note
        assert info.value.area == english.value.area == "booms"  # the area is data
        assert info.value.message != english.value.message
        tied = _words(lang, "{names} are tied with {coins} coins: give {words} to break the tie")
        assert tied in info.value.message
        assert "'x'" in other.value.message and other.value.box == "player 3"
        assert default == _translation(lang, "player {number}").format(number=1)


# -- the terminal picture ------------------------------------------------------------------------


def _text(renderable: Any) -> str:
    console = Console(width=200, color_system=None, record=True)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


@pytest.mark.parametrize(("players", "preset"), [(4, None), (3, "quick"), (3, "advanced")])
def test_the_terminal_picture_is_translated(players: int, preset: str | None) -> None:
    game = CATALOG.get("boom").from_options(players, preset=preset)
    assert isinstance(game, BoomGame)
    state, seen = _play(game, seed=7)
    names = NAMES[:players]
    english_labels = ("Last moves:", "played / showdown", "Turn order this round:", "token:")
    phrases: dict[str, set[str]] = {lang: set() for lang in LANGS}
    for position in seen[::3]:
        mover = position.current_player()
        viewer = mover if isinstance(mover, int) and mover >= 0 else None
        view = position.view(viewer)
        english = render.phase_words(view, names)
        moves = view["legal"]
        english_moves = _text(render.render_moves(view, moves, names)) if moves else ""
        for lang in LANGS:
            with using(lang):
                words = render.phase_words(view, names)
                picture = _text(render.render(view, names))
                listed = _text(render.render_moves(view, moves, names)) if moves else ""
            assert words != english and not TEMPLATE.search(words), (lang, words)
            assert not TEMPLATE.search(picture)
            assert not any(label in picture for label in english_labels), picture
            if moves:
                assert listed != english_moves
            phrases[lang].add(words)
    for lang in LANGS:
        assert len(phrases[lang]) > 3
        outcome = state.outcome()
        assert outcome is not None
        with using(lang):
            final = _text(render.render_outcome(state.view(None), names))
            reason = t(outcome.reason)
        assert "Final result" not in final and "Decided by" not in final
        assert reason != outcome.reason and reason in final


def test_the_log_lines_are_translated() -> None:
    game = CATALOG.get("boom").from_options(4)
    assert isinstance(game, BoomGame)
    state, _ = _play(game, seed=11)
    view = state.view(0)
    english = [item.line.plain for item in render.log_items(view, NAMES[:4])]
    for lang in LANGS:
        with using(lang):
            lines = [item.line.plain for item in render.log_items(view, NAMES[:4])]
        assert len(lines) == len(english) > 20
        differ = sum(1 for a, b in zip(lines, english, strict=True) if a != b)
        assert differ == len(lines), [b for a, b in zip(lines, english, strict=True) if a == b]
        assert not any(TEMPLATE.search(line) for line in lines)
