"""``clickbox play`` as a new player meets it: names, refusals in the player's name, line
editing, pauses after a BOOM and a shootout, and ``--resume`` of a game stopped with quit."""

from __future__ import annotations

import importlib.util
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from clickbox.cli import human
from clickbox.cli.human import LineInput, enable_line_editing
from clickbox.cli.names import personal, seat_names, you_grammar
from clickbox.cli.pauses import PAUSE_PROMPT

from .test_cli import run


class TerminalInput(io.StringIO):
    """Typed input that says it comes from a terminal (as a player's does)."""

    def isatty(self) -> bool:
        return True


def _record(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _flat(out: str) -> str:
    return " ".join(out.split())


# -- names -------------------------------------------------------------------------------------


def test_a_lone_human_is_you_and_bots_are_numbered_with_their_level(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "clickety-clack", "--players", "3", "--seed", "2"]
    code, out = run([*argv, "--save", str(tmp_path / "g.json")], "1\n" * 500, monkeypatch)
    assert code == 0, out[-2000:]
    assert "Players: You, Bot 2 (greedy), Bot 3 (greedy)" in out
    assert "You>" in out and "── Round 1 · Bot 2's turn ──" in out  # the log names it short
    assert "human (0)" not in out and "greedy (1)" not in out
    assert "You (you)" not in out  # the board does not say it twice
    assert "You wins" not in out and "You is" not in out


def test_names_given_with_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "ann.json"
    argv = ["play", "clever", "--players", "2", "--seed", "1", "--name", "Ann"]
    code, out = run([*argv, "--save", str(save)], "quit\n", monkeypatch)
    assert code == 1 and "Players: Ann, Bot 2 (greedy)" in out and "Ann>" in out
    seats = ["--seat", "1=human", "--name", "Ann", "--name", "Bo"]
    code, out = run(
        ["play", "clickety-clack", *seats, "--seed", "2", "--save", str(tmp_path / "h.json")],
        "1\n" * 500,
        monkeypatch,
    )
    assert code == 0 and "Ann>" in out and "Bo>" in out and "Players: Ann, Bo" in out
    code, out = run(["play", "clever", "--name", "A", "--name", "B"])
    assert code == 2 and "2 --name for 1 human seat" in out
    code, out = run(
        ["play", "clever", "--players", "2", "--seat", "1=human", "--name", "A", "--name", "A"]
    )
    assert code == 2 and "the same name" in out


def test_seat_names() -> None:
    assert seat_names(["human", "rulebased"]) == ["You", "Bot 2 (rulebased)"]
    assert seat_names(["human", "greedy", "human"]) == ["Player 1", "Bot 2 (greedy)", "Player 3"]
    assert seat_names(["human", "human"], ["Ann"]) == ["Ann", "Player 2"]


# -- refusals in the player's name ---------------------------------------------------------------


def test_a_refusal_speaks_of_the_player_not_the_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 1, 2 players: the human is active with one reroll; the second reroll is refused.
    argv = ["play", "clever", "--players", "2", "--seed", "1", "--save", str(tmp_path / "r")]
    code, out = run(argv, "reroll\nreroll\nquit\n", monkeypatch)
    assert code == 1
    flat = _flat(out)
    assert "You have no reroll left" in flat, flat[-2000:]
    assert "seat 0" not in flat
    assert "You is active" not in flat and "You are active" in flat
    code, out = run([*argv, "--name", "Ann"], "reroll\nreroll\nquit\n", monkeypatch)
    assert "Ann has no reroll left" in _flat(out)


def test_engine_messages_said_with_names() -> None:
    names = seat_names(["human", "rulebased", "rulebased"])
    assert (
        personal("seat 0 has no reroll left (1 used)", names) == "You have no reroll left (1 used)"
    )
    assert personal("it is not seat 0's turn: seat 1 is to move", names) == (
        "it is not your turn: Bot 2 (rulebased) is to move"
    )
    assert personal("seat 0 has had its turn this round (its hand is smaller)", names) == (
        "You have had your turn this round (your hand is smaller)"
    )
    assert personal("seat 2 has no reroll left", names) == "Bot 3 (rulebased) has no reroll left"
    assert personal("there is no seat 7 in a 3-player game", names) == (
        "there is no seat 7 in a 3-player game"
    )
    assert personal("seat 0 has no reroll left", ["Ann", "Bo"]) == "Ann has no reroll left"
    assert you_grammar("You is dealt Felix Fox; a card for You's LEFT (hidden from You)") == (
        "You are dealt Felix Fox; a card for your LEFT (hidden from you)"
    )


# -- line editing ------------------------------------------------------------------------------


@pytest.mark.skipif(importlib.util.find_spec("readline") is None, reason="no readline here")
def test_readline_is_imported_for_the_prompt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(human, "_READLINE", [])
    code, _ = run(["play", "clever", "--save", str(tmp_path / "q.json")], "quit\n", monkeypatch)
    assert code == 1
    assert [sys.modules["readline"]] == human._READLINE
    readline = sys.modules["readline"]
    # History per game kind: a line typed in one game is not in another's history.
    console = Console(file=io.StringIO())
    clever, boom = LineInput(console, "clever"), LineInput(console, "click-click-boom")
    clever._use_history(readline)
    readline.add_history("y>Y11")
    boom._use_history(readline)
    assert readline.get_current_history_length() == 0
    clever._use_history(readline)
    assert readline.get_history_item(readline.get_current_history_length()) == "y>Y11"


def test_play_works_without_readline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(human, "_READLINE", [])
    monkeypatch.setitem(sys.modules, "readline", None)  # import readline fails
    assert enable_line_editing() is None
    save = tmp_path / "plain.json"
    code, out = run(
        ["play", "clickety-clack", "--seed", "3", "--save", str(save)], "1\n" * 400, monkeypatch
    )
    assert code == 0 and "Final scores" in out


# -- pauses ------------------------------------------------------------------------------------


BOOM = ["play", "click-click-boom", "--players", "3", "--seed", "5"]


def test_pauses_after_a_boom_and_each_shootout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", TerminalInput("1\n" * 3000))
    out = io.StringIO()
    from clickbox.cli.main import main

    console = Console(file=out, width=140, color_system=None, force_terminal=False)
    code = main([*BOOM, "--save", str(tmp_path / "p.json")], console)
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert "BOOM! You are out of shootout 1" in text
    # the summaries name the bots as the compact board does
    assert "Shootout 1 of 3 is over" in text and "Survived: Bot 2" in text
    assert "Coins now: You " in text
    assert "Shootout 2: a new round" in text  # watched with the human out
    boom = text.index("BOOM! You are out of shootout 1")
    over = text.index("Shootout 1 of 3 is over")
    # One pause after the BOOM (before the bots play on), one after the shootout.
    assert text.find(PAUSE_PROMPT, boom) < over
    assert text.find(PAUSE_PROMPT, over) < text.index("Shootout 2 of 3  ", over)
    assert text.count(PAUSE_PROMPT) >= 6


def test_no_pause_with_no_pause_or_without_a_human_or_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from clickbox.cli.main import main

    for extra, wanted in (
        (["--no-pause"], "BOOM! You are out"),  # the summary, without the wait
        (["--seat", "0=rulebased"], None),  # nobody to wait for
    ):
        monkeypatch.setattr("sys.stdin", TerminalInput("1\n" * 3000))
        out = io.StringIO()
        console = Console(file=out, width=140, color_system=None, force_terminal=False)
        code = main([*BOOM, *extra, "--save", str(tmp_path / "n.json")], console)
        text = out.getvalue()
        assert code == 0, text[-2000:]
        assert PAUSE_PROMPT not in text
        assert wanted is None or wanted in text
        assert wanted is not None or "of 3 is over" not in text  # no shootout summary
    code, text = run([*BOOM, "--save", str(tmp_path / "t.json")], "1\n" * 3000, monkeypatch)
    assert code == 0 and PAUSE_PROMPT not in text  # input that is not a terminal


def test_quit_at_a_pause_saves_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from clickbox.cli.main import main

    save = tmp_path / "q.json"
    typed = "1\n" * 10 + "quit\n" * 50  # the next pause or prompt stops the game
    monkeypatch.setattr("sys.stdin", TerminalInput(typed))
    console = Console(file=io.StringIO(), width=140, color_system=None)
    assert main([*BOOM, "--save", str(save)], console) == 1
    assert _record(save)["outcome"] is None


# -- resume --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "extra"),
    [
        ("click-click-boom", ["--players", "3"]),
        ("clickety-clack", ["--players", "3"]),
        ("click-clack", []),
    ],
)
def test_resume_goes_on_as_the_uninterrupted_game(
    game: str, extra: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole, stopped = tmp_path / "whole.json", tmp_path / "stopped.json"
    argv = ["play", game, *extra, "--seed", "7"]
    code, _ = run([*argv, "--save", str(whole)], "1\n" * 3000, monkeypatch)
    assert code == 0
    code, out = run([*argv, "--save", str(stopped)], "1\n" * 6 + "quit\n", monkeypatch)
    assert code == 1 and f"clickbox play --resume {stopped}" in out
    moves = len(_record(stopped)["actions"])
    code, out = run(["play", "--resume", str(stopped)], "1\n" * 3000, monkeypatch)
    assert code == 0, out[-2000:]
    assert f"Resumed {stopped}: {moves} moves replayed" in out
    assert "Record saved to" in out
    resumed, uninterrupted = _record(stopped), _record(whole)
    assert resumed["actions"] == uninterrupted["actions"]
    assert resumed["outcome"] == uninterrupted["outcome"]
    assert resumed["seats"] == uninterrupted["seats"] and resumed["seed"] == 7
    assert resumed["game"] == uninterrupted["game"]
    code, out = run(["replay", str(stopped), "--check"])
    assert code == 0, out


def test_resume_keeps_the_names_and_the_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "b.json"
    argv = ["play", "clickety-clack", "--option", "side=B", "--name", "Ann", "--seed", "3"]
    code, _ = run([*argv, "--save", str(save)], "1\nquit\n", monkeypatch)
    assert code == 1
    code, out = run(["play", "clickety-clack", "--resume", str(save)], "quit\n", monkeypatch)
    assert code == 1 and "Players: Ann, Bot 2 (greedy)" in out
    assert "side=B" in out and "seed 3" in out
    code, out = run(["play", "clever", "--resume", str(save)], "quit\n", monkeypatch)
    assert code == 2 and "is a game of Clickety Clack, not clever" in _flat(out)


def test_resume_refuses_a_finished_game_and_what_is_no_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = tmp_path / "done.json"
    code, _ = run(
        ["play", "clickety-clack", "--seed", "4", "--save", str(done)], "1\n" * 500, monkeypatch
    )
    assert code == 0
    code, out = run(["play", "--resume", str(done)])
    assert code == 2 and "that game is finished" in _flat(out) and "clickbox replay" in out
    garbage = tmp_path / "notes.txt"
    garbage.write_text("my shopping list\n")
    code, out = run(["play", "--resume", str(garbage)])
    assert code == 2 and "not a saved clickbox game" in _flat(out)
    other = tmp_path / "other.json"
    other.write_text('{"format": "something-else/2"}')
    code, out = run(["play", "--resume", str(other)])
    assert code == 2 and "not a saved clickbox game" in _flat(out)
    code, out = run(["play", "--resume", str(tmp_path / "missing.json")])
    assert code == 2 and "there is no such file" in _flat(out)
    code, out = run(["play", "--resume", str(done), "--seed", "9"])
    assert code == 2 and "--seed does not go with --resume" in _flat(out)
    code, out = run(["play"])
    assert code == 2 and "--resume FILE" in out
