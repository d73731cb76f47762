"""Languages: t, tn, N_, using, set_language and check_language on the real catalogs, and the
core's own texts (errors, hidden moves, turns) said in German and French."""

from __future__ import annotations

import contextvars

import pytest

from clickbox.core import (
    HIDDEN_CHOICE,
    HIDDEN_DRAW,
    Catalog,
    GameOverError,
    GameRecord,
    IllegalActionError,
    Match,
    Narrator,
    NotYourTurnError,
    OptionError,
    RecordError,
    SheetError,
    StaleStateError,
    UnknownGameError,
    entry_words,
    play,
    sheet_entries,
)
from clickbox.core.i18n import (
    LANGUAGES,
    N_,
    SOURCE,
    catalog,
    check_language,
    language,
    plurals,
    set_language,
    t,
    tn,
    using,
)
from tests.core.toy_game import BidGame

SEATS = ("{given} --name for {n} human seat", "{given} --name for {n} human seats")


def test_english_is_the_source_and_fills_the_fields() -> None:
    assert language() == SOURCE == "en"
    assert t("the game is over") == "the game is over"
    assert t("{path} is empty", path="x.json") == "x.json is empty"
    assert t("{{literal}} and {field}", field=1) == "{literal} and 1"
    assert t("no braces {here}") == "no braces {here}"  # no fields: the text as it is


def test_t_translates_into_the_current_language() -> None:
    with using("de"):
        assert t("the game is over") == "die Partie ist vorbei"
        assert t("no seat {seat} in a {players}-player game", seat=5, players=2) == (
            "kein Platz 5 in einer Partie zu 2"
        )
    with using("fr"):
        assert t("the game is over") == "la partie est terminée"
        assert t("{path} is empty", path="x.json") == "x.json est vide"
    assert t("the game is over") == "the game is over"


def test_a_message_no_catalog_holds_stays_english() -> None:
    with using("de"):
        assert t("a message nobody translated, {n}", n=3) == "a message nobody translated, 3"


def test_tn_chooses_the_plural_form_of_each_language() -> None:
    assert tn(*SEATS, 1, given=2) == "2 --name for 1 human seat"
    assert tn(*SEATS, 0, given=2) == "2 --name for 0 human seats"
    with using("de"):
        assert tn(*SEATS, 1, given=2) == "2 --name für 1 menschlichen Platz"
        assert tn(*SEATS, 0, given=2) == "2 --name für 0 menschliche Plätze"
    with using("fr"):  # French counts 0 as one
        assert tn(*SEATS, 0, given=2) == "2 --name pour 0 place humaine"
        assert tn(*SEATS, 1, given=2) == "2 --name pour 1 place humaine"
        assert tn(*SEATS, 3, given=2) == "2 --name pour 3 places humaines"


def test_n_marks_a_constant_that_t_shows_translated() -> None:
    assert N_("a choice, hidden until everyone has chosen") is not None
    assert HIDDEN_CHOICE == N_(HIDDEN_CHOICE) == "a choice, hidden until everyone has chosen"
    with using("de"):
        assert t(HIDDEN_CHOICE) == "eine Wahl, verborgen, bis alle gewählt haben"
        assert t(HIDDEN_DRAW) != HIDDEN_DRAW
    with using("fr"):
        assert t(HIDDEN_DRAW) == "un résultat du hasard que tu ne peux pas voir"


def test_using_nests_and_restores_even_after_an_error() -> None:
    with using("de"):
        assert language() == "de"
        with using("fr"):
            assert language() == "fr"
        assert language() == "de"
        with pytest.raises(RuntimeError), using("fr"):
            raise RuntimeError
        assert language() == "de"
    assert language() == "en"
    with pytest.raises(ValueError, match="unknown language 'xx'"), using("xx"):
        pass


def test_set_language_holds_for_its_context() -> None:
    def in_german() -> tuple[str, str]:
        set_language("de")
        return language(), t("nothing to undo")

    assert contextvars.copy_context().run(in_german) == ("de", "nichts zurückzunehmen")
    assert language() == "en"
    with pytest.raises(ValueError):
        contextvars.copy_context().run(set_language, "klingon")


def test_check_language_names_the_languages_spoken() -> None:
    assert [check_language(code) for code in LANGUAGES] == ["en", "de", "fr"]
    for wrong in ("xx", "DE", "", None, 3):
        with pytest.raises(ValueError, match="choose one of en, de, fr"):
            check_language(wrong)


def test_the_catalogs_hold_the_domain_clickbox() -> None:
    for lang in ("de", "fr"):
        messages = catalog(lang)
        assert messages["Final scores"] != "Final scores"
        assert "{seat}" in messages["{seat}'s turn"]
        forms = plurals(lang)[SEATS[0]]
        assert len(forms) == 2 and all("{given}" in form and "{n}" in form for form in forms)
    assert catalog("de")["Final scores"] == "Endstand"
    assert catalog("fr")["Final scores"] == "Scores finaux"


def _error(call: object, *args: object, **kwargs: object) -> str:
    assert callable(call)
    with pytest.raises(Exception) as caught:
        call(*args, **kwargs)
    return str(caught.value)


def test_the_core_errors_are_said_in_the_language() -> None:
    game = BidGame(2)
    catalog_of_games = Catalog([BidGame])
    for lang, words in (
        ("de", ("ist nicht am Zug", "Platz 0", "die Partie ist vorbei", "unbekanntes Spiel")),
        ("fr", ("ce n'est pas au tour", "place 0", "la partie est terminée", "jeu inconnu")),
    ):
        with using(lang):
            state = game.new_initial_state()
            play(state, "bonus1")
            turn = _error(play, state, "bid1", seat=1)
            assert words[0] in turn and words[1] in turn
            with pytest.raises(NotYourTurnError):
                play(state, "bid1", seat=1)
            with pytest.raises(IllegalActionError) as illegal:
                play(state, "bid7")
            assert str(illegal.value) == t(
                "{action} is not legal now: {reason}",
                action="bid7",
                reason=t("it is not among the legal actions"),
            )
            assert "bid7" in str(illegal.value) and "legal" not in str(illegal.value)
            play(state, "bid1")
            play(state, "bid2")
            with pytest.raises(GameOverError, match=words[2]):
                play(state, "bid1")
            with pytest.raises(UnknownGameError) as unknown:
                catalog_of_games.get("chess")
            assert words[3] in str(unknown.value) and "'chess'" in str(unknown.value)


def test_options_records_sheets_and_matches_refuse_in_the_language() -> None:
    with using("de"):
        bad_option = _error(BidGame.from_options, 2, {"max_bid": "12"})
        assert bad_option == "Option 'max_bid' muss eine ganze Zahl 1..9 sein (angegeben: '12')"
        assert "unbekannte Option 'colour'" in _error(BidGame.from_options, 2, {"colour": "1"})
        assert "unbekannte Voreinstellung 'long'" in _error(BidGame.from_options, 2, None, "long")
        assert "ist für 2-4 Spieler" in _error(BidGame, 7)
        assert _error(GameRecord.loads, "[1]") == "ein Protokoll muss ein JSON-Objekt sein"
        assert _error(GameRecord.loads, "{").startswith("kein JSON: ")
        with pytest.raises(SheetError) as sheet:
            sheet_entries("1: 3\nno colon here")
        assert sheet.value.area == "Zeile 2"
        assert str(sheet.value) == "Zeile 2: erwartet: KEY: VALUE (angegeben: 'no colon here')"
        match = Match(BidGame(2), seed=1)
        with pytest.raises(StaleStateError, match="bei Version 9 gewählt"):
            match.play("bid1", expected_version=9)
    with using("fr"):
        with pytest.raises(OptionError, match=r"^l'option 'max_bid' doit être un entier 1\.\.9"):
            BidGame.from_options(2, {"max_bid": "12"})
        with pytest.raises(RecordError, match="pas un enregistrement clickbox"):
            GameRecord.loads('{"format": "other"}')
        with pytest.raises(SheetError, match="donné deux fois"):
            sheet_entries("1: 3\n1: 4")
    # English is as it always was
    assert _error(BidGame.from_options, 2, {"max_bid": "12"}) == (
        "option 'max_bid' must be an integer 1..9 (got '12')"
    )


def test_hidden_moves_and_turns_are_told_in_the_language_of_the_reader() -> None:
    game = BidGame(2)
    assert entry_words(game, "?") == HIDDEN_CHOICE
    with using("de"):
        assert entry_words(game, "?") == t(HIDDEN_CHOICE) != HIDDEN_CHOICE
        assert entry_words(game, {"seat": "chance", "move": "?"}) == t(HIDDEN_DRAW)
        narrator = Narrator(game, None)
        narrator.feed({"seat": 1, "move": "bid2"})
        assert narrator.lines[0].text == "{s1} ist am Zug" and narrator.lines[0].heading
    with using("fr"):
        assert entry_words(game, "?") == "un choix, caché jusqu'à ce que tout le monde ait choisi"
        narrator = Narrator(game, None)
        narrator.feed({"seat": 0, "move": "bid2"})
        assert narrator.lines[0].text == "Au tour de {s0}"
    assert entry_words(game, "?") == HIDDEN_CHOICE  # the cache keeps each language apart
    narrator = Narrator(game, None)
    narrator.feed({"seat": 0, "move": "bid2"})
    assert [line.text for line in narrator.lines] == ["{s0}'s turn", "{s0}: bid2"]
