"""The terminal's language: ``--lang`` or the locale chooses it, for real commands."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from clickbox.cli.human import HELP
from clickbox.cli.main import choose_language, locale_language, main
from clickbox.cli.names import personal, seat_names, wins
from clickbox.cli.pauses import PAUSE_PROMPT, Pauses
from clickbox.core.i18n import language, t, using
from clickbox.games import CATALOG

LOCALE = ("LC_ALL", "LC_MESSAGES", "LANG")
TURN = "it is not seat {seat}'s turn: seat {mover} is to move"


@pytest.fixture(autouse=True)
def no_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in LOCALE:
        monkeypatch.delenv(name, raising=False)


def run(
    argv: list[str],
    stdin: str = "",
    monkeypatch: pytest.MonkeyPatch | None = None,
    width: int = 140,
) -> tuple[int, str]:
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False)
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv, console)
    return code, out.getvalue()


def said(lang: str, message: str, **fields: object) -> str:
    """``message`` as the catalog says it in ``lang`` (and it must be translated)."""
    with using(lang):
        text = t(message, **fields)
    assert text != message.format(**fields), f"no {lang} translation of {message!r}"
    return text


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces as one space (French's narrow
    spaces kept)."""
    return re.sub(r"[ \n]+", " ", text).strip()


@pytest.mark.parametrize(
    ("argv", "lang"),
    [
        (["--lang", "de", "rules", "clever"], "de"),
        (["--lang=fr", "rules", "clever"], "fr"),
        (["rules", "clever", "--lang", "fr"], "fr"),  # after the command too
        (["rules", "clever", "--lang", "EN"], "en"),
    ],
)
def test_lang_chooses_the_language_of_rules(argv: list[str], lang: str) -> None:
    code, out = run(argv, width=2000)  # no line or table cell wraps
    assert code == 0, out
    game = CATALOG.get("clever")
    with using(lang):
        expected = [t("Rules decisions"), t("Options"), t("meaning")]
        expected += [t(decision.title) for decision in game.rules_decisions]
        expected += [t(spec.help) for spec in game.Params.option_specs()]
        expected.append(
            t(
                "{title} ({game}), {low}-{high} players",
                title=t(game.title),
                game="clever",
                low=1,
                high=4,
            )
        )
    for text in expected:
        assert flat(text) in flat(out), text
    heading = out.splitlines()[0]
    if lang == "en":
        assert "Rules decisions" in out and heading.endswith("(clever), 1-4 players")
    else:
        assert "Rules decisions" not in out and "players" not in heading
    assert language() == "en"  # the command's language stays inside it


def test_the_locale_chooses_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out = run(["rules", "clickety-clack"])
    assert code == 0
    assert "Regelentscheidungen" in out and "2-4 Spieler" in out
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")  # the first that is set decides
    assert "Décisions de règles" in run(["rules", "clickety-clack"])[1]
    monkeypatch.setenv("LC_ALL", "C")
    assert "Rules decisions" in run(["rules", "clickety-clack"])[1]
    assert "Regelentscheidungen" in run(["--lang", "de", "rules", "clickety-clack"])[1]


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LANG": "de"}, "de"),
        ({"LANG": "it_IT.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "", "LANG": "fr_FR@euro"}, "fr"),  # an empty variable is not set
        ({"LC_MESSAGES": "de_AT.UTF-8", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LC_ALL": "en_GB.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"}, "en"),
    ],
)
def test_locale_language(environ: dict[str, str], lang: str) -> None:
    assert locale_language(environ) == lang


def test_choose_language_prefers_the_option() -> None:
    german = {"LANG": "de_DE.UTF-8"}
    assert choose_language(["--lang", "fr", "games"], german) == "fr"
    assert choose_language(["games", "--lang=en"], german) == "en"
    assert choose_language(["games"], german) == "de"
    assert choose_language(["--lang", "xx", "games"], german) == "de"  # refused later
    assert choose_language(["--lang"], {}) == "en"


def test_an_unknown_language_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--lang", "xx", "games"], ["games", "--lang", "klingon"]):
        with pytest.raises(SystemExit) as exit_:
            run(argv)
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert "--lang" in err and "unknown language" in err and "en, de, fr" in err


def test_a_scripted_game_in_german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "g.json"
    code, out = run(
        ["--lang", "de", "play", "clickety-clack", "--seed", "1", "--save", str(save)],
        "help\n99\nx1\nquit\n",
        monkeypatch,
    )
    assert code == 1, out
    assert flat(said("de", HELP)) in flat(out)
    assert "Spieler 1> " in out  # a lone human is named as in hotseat
    assert "kein Zug 99: wähle 1-" in out
    assert "x1 ist jetzt nicht erlaubt: " in flat(out) and "(tippe help für Hilfe)" in flat(out)
    assert said("de", "Stopped.") in out
    assert flat(said("de", "The unfinished game was saved to {path}", path=save)) in flat(out)
    assert "Type a move" not in out and "Stopped." not in out


def test_a_game_to_the_end_in_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "g.json"
    code, out = run(
        [
            "play",
            "clickety-clack",
            "--seat",
            "1=greedy",
            "--seed",
            "3",
            "--save",
            str(save),
            "--lang",
            "fr",
        ],
        "zzz\n" + "1\n" * 400,
        monkeypatch,
    )
    assert code == 0, out
    assert said("fr", "Players: {names}", names="Joueur 1, Bot 2 (greedy)") in out
    assert "(tape help pour l'aide)" in flat(out)
    assert said("fr", "Final scores") in out and "Final scores" not in out
    assert flat(said("fr", "Record saved to {path}", path=save)) in flat(out)
    # the record is data: the same in every language
    code, out = run(["--lang", "fr", "replay", str(save), "--check"])
    assert code == 0 and out.startswith("ok\u202f: 1 enregistrement(s) rejoué(s)")


def test_errors_of_core_bots_and_terminal_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(["--lang", "fr", "rules", "chess"])
    assert code == 2 and flat(out).startswith("erreur\u202f: jeu inconnu 'chess'")
    code, out = run(
        ["--lang", "de", "simulate", "clever", "--bots", "nope", "--games", "1", "--seed", "1"]
    )
    assert code == 2 and "Fehler: unbekannter Bot 'nope'; die Bots sind: random" in flat(out)
    code, out = run(["--lang", "de", "bench", "clever", "--option", "wasted_picks=maybe"])
    assert code == 2 and "Option 'wasted_picks' muss true, false sein" in flat(out)
    code, out = run(["--lang", "de", "replay", str(tmp_path / "none.json")])
    assert code == 2 and "keine solche Datei" in out
    code, _ = run(["--lang", "fr", "score", "clickety-clack", str(tmp_path / "none.txt")])
    assert code == 1 and capsys.readouterr().err.startswith("erreur\u202f: impossible de lire")
    code, out = run(["--lang", "de", "play", "clever", "--players", "2", "--seat", "7=greedy"])
    assert code == 2 and "kein Platz 7 in einer Partie zu 2 (die Plätze sind 0-1)" in flat(out)


def test_json_output_stays_data(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["games", "--json"])[0] == 0
    english = capsys.readouterr().out
    assert run(["--lang", "de", "games", "--json"])[0] == 0
    assert capsys.readouterr().out == english


def test_names_and_the_engines_seats_in_another_language() -> None:
    assert seat_names(["human", "greedy"]) == ["You", "Bot 2 (greedy)"]
    with using("de"):
        names = seat_names(["human", "greedy"])
        assert names == ["Spieler 1", "Bot 2 (greedy)"]
        refusal = personal("Platz 0 hat keinen Wiederholungswurf mehr; von Platz 1", names)
        assert refusal == "Spieler 1 hat keinen Wiederholungswurf mehr; von Bot 2 (greedy)"
        assert wins("Spieler 1") == "Spieler 1 gewinnt"
        assert wins("Anna, Ben", shared=True) == "Anna, Ben teilen sich den Sieg"
    with using("fr"):
        names = seat_names(["human", "human", "random"], ["Ann"])
        assert names == ["Ann", "Joueur 2", "Bot 3 (random)"]
        refusal = personal(said("fr", TURN, seat=1, mover=2), names)
        assert refusal == "ce n'est pas au tour de Joueur 2\u202f: Bot 3 (random) doit jouer"
        assert personal("la place 0 n'a plus de relance", names) == "Ann n'a plus de relance"
        with pytest.raises(ValueError, match="pour 2 places humaines"):
            seat_names(["human", "human"], ["A", "B", "C"])


def _boom_view(alive: list[bool], results: int, phase: str = "pick-left") -> dict[str, Any]:
    return {
        "game": "click-click-boom",
        "outcome": None,
        "shootout": 1 + results,
        "shootouts": 3,
        "phase": phase,
        "mode": "full",
        "results": [{"survivors": [1, 2], "share": 4}] * results,
        "seats": [{"alive": a, "coins": {"gold": 1, "silver": 2, "value": 7}} for a in alive],
    }


def test_the_pauses_sum_up_in_the_language() -> None:
    names = ["Spieler 1", "Bot 2 (rulebased)", "Bot 3 (rulebased)"]
    with using("de"):
        pauses = Pauses(Console(file=io.StringIO()), names, [0], lambda _: "", enabled=False)
        out = pauses.events(_boom_view([True] * 3, 0), _boom_view([False, True, True], 0))
        assert [line.plain for line in out] == [
            "── BOOM! Spieler 1 ist raus aus Schießerei 1 ──",
            "Noch dabei: Bot 2 (rulebased), Bot 3 (rulebased). Sie spielen weiter; schau zu.",
        ]
    with using("fr"):
        pauses = Pauses(Console(file=io.StringIO()), names, [0], lambda _: "", enabled=False)
        out = pauses.events(_boom_view([False, True, True], 0), _boom_view([True] * 3, 1))
        texts = [line.plain for line in out]
        assert texts[0] == "── La fusillade 1 sur 3 est terminée ──"
        assert texts[1].startswith("Survivants\u202f: Bot 2 (rulebased), Bot 3 (rulebased)")
        assert texts[2].startswith("Pièces maintenant\u202f: Spieler 1 1 o 2 a = 7")
        assert texts[3] == "Ensuite\u202f: fusillade 2 sur 3."
    assert pauses_prompt_is_translated()


def pauses_prompt_is_translated() -> bool:
    return said("de", PAUSE_PROMPT).endswith(" ") and said("fr", PAUSE_PROMPT).endswith(" ")
