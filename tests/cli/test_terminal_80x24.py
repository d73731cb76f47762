"""``clickbox play`` in a real 80x24 terminal (tmux): at the human's prompt the whole board
and the prompt are on one screen; and the compact boards of every game fit 24 lines."""

from __future__ import annotations

import io
import os
import random
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from rich.console import Console

from clickbox.cli.names import seat_names, short_names
from clickbox.cli.render import render_board, render_compact_moves, render_outcome
from clickbox.games import load

TMUX = shutil.which("tmux")
CLICKBOX = Path(sys.executable).parent / "clickbox"
AREAS = ("YELLOW", "BLUE", "GREEN", "ORANGE", "PURPLE")
WIDTH, HEIGHT = 80, 24


class Tmux:
    """A tmux server of its own (a unique socket) with one 80x24 window."""

    def __init__(self) -> None:
        self.socket = f"clickbox-test-{uuid.uuid4().hex[:12]}"

    def __call__(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run(
            [TMUX, "-L", self.socket, *args], capture_output=True, text=True, check=True
        )
        return done.stdout

    def screen(self) -> list[str]:
        return self("capture-pane", "-p", "-t", "play").rstrip("\n").split("\n")

    def wait_for(self, text: str) -> list[str]:
        """The screen once ``text`` shows on it and the cursor's line is the prompt (a
        generous deadline keeps a broken game from hanging the suite)."""
        deadline = time.monotonic() + 120
        while True:
            screen = self.screen()
            if text in "\n".join(screen) and screen[-1].startswith("You>"):
                return screen
            assert time.monotonic() < deadline, "\n".join(screen)
            time.sleep(0.1)

    def kill(self) -> None:
        """Stop the server; its socket goes with it."""
        assert TMUX is not None
        subprocess.run([TMUX, "-L", self.socket, "kill-server"], capture_output=True, check=False)
        socket = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}" / self.socket
        socket.unlink(missing_ok=True)


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
def test_a_clever_turn_fits_an_80x24_terminal(tmp_path: Path) -> None:
    tmux = Tmux()
    env = dict(os.environ, CLICKBOX_HOME=str(tmp_path / "home"), LANG="C.UTF-8", TERM="xterm")
    env.pop("LC_ALL", None)
    save = tmp_path / "solo.json"
    command = f"{CLICKBOX} play clever --players 1 --seed 3 --save {save}"
    try:
        tmux(
            "new-session", "-d", "-s", "play", "-x", str(WIDTH), "-y", str(HEIGHT),
            "-e", f"CLICKBOX_HOME={env['CLICKBOX_HOME']}", "-e", "LANG=C.UTF-8",
            command,
        )  # fmt: skip
        tmux("set-option", "-t", "play", "remain-on-exit", "on")
        tmux.wait_for("pick 1 of 3")
        tmux("send-keys", "-t", "play", "1", "Enter")  # a die of the first roll
        screen = tmux.wait_for("pick 2 of 3")  # the turn goes on: the prompt for the second
        typed = max(i for i, line in enumerate(screen) if line.startswith("You> 1"))
        above = screen[typed + 1 :]  # what was printed after the move typed, to the prompt
        text = "\n".join(above)
        # the whole sheet and what the decision needs, on the one screen with the prompt
        assert any(line.startswith("You: ") for line in above), text  # the sheet's title
        for area in AREAS:
            assert area in text, text
        assert "10 14 16 20" in text  # yellow's column points, under its four rows
        assert "1 2 4 7 11 16 22 29 37 46 56" in text.replace("[", "").replace("]", "")
        assert "≥" in text and "fox" in text and "↻ reroll" in text and "total" in text
        assert "Round 1 of 6" in text and "rolled" in text and "platter" in text
        assert "pick 2 of 3" in text and above[-1].startswith("You>")
        assert len(screen) <= HEIGHT
    finally:
        tmux.kill()


def _lines(renderable: object) -> int:
    out = io.StringIO()
    Console(file=out, width=WIDTH, color_system=None, force_terminal=False).print(renderable)
    return out.getvalue().count("\n")


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("clever", 1),
        ("clever", 4),
        ("click-click-boom", 4),
        ("click-click-boom", 6),
        ("click-clack", 4),
        ("clickety-clack", 4),
    ],
)
def test_the_board_at_every_prompt_fits_24_lines(game: str, players: int) -> None:
    """Random games: at each seat's decision, the compact board, the moves and the prompt
    take at most 24 lines of 80 columns."""
    rules = load(game, players)
    seats = ["human"] + ["greedy"] * (players - 1)
    names = short_names(seats, seat_names(seats))
    rng = random.Random(players)
    state = rules.new_initial_state()
    checked = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0 and rng.random() < 0.5:  # the human's prompts
            view = state.view(seat)
            moves = [rules.action_to_string(a) for a in state.legal_actions()]
            used = _lines(render_board(view, names)) + _lines(
                render_compact_moves(view, moves, names)
            )
            assert used + 1 <= HEIGHT, (game, view["phase"] if "phase" in view else view["stage"])
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked


def _play(argv: list[str], typed: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """``clickbox ARGV`` at 80 columns, with ``typed`` as its input."""
    from clickbox.cli.main import main

    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, force_terminal=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    return main(argv, console), out.getvalue()


_OLD_LOG_LINE = re.compile(r"^\s+[^:\n]+: [LR][0-9?=](?::[a-z]+)?\s", re.MULTILINE)


def test_a_boom_game_tells_its_moves_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the prompts, the narrated log from the human's seat: no notation codes, "You"
    in grammatical sentences; the whole game prints fewer lines than the full picture."""
    argv = ["play", "click-click-boom", "--players", "4", "--seed", "5"]
    code, out = _play([*argv, "--save", str(tmp_path / "a.json")], "1\n" * 3000, monkeypatch)
    assert code == 0, out[-3000:]
    assert "L?:" not in out and "R?:" not in out and not _OLD_LOG_LINE.search(out)
    assert "── Round 1 · your turn ──" in out
    assert "picks a card from your hand for your left" in out
    assert "You are dealt" in out and "You is" not in out and "You's" not in out
    mine = [line for line in out.splitlines() if line.startswith("  You ")]
    assert mine and not any(re.search(r" and (says|reveals|picks)\b", line) for line in mine)
    code, wide = _play(
        [*argv, "--wide", "--save", str(tmp_path / "b.json")], "1\n" * 3000, monkeypatch
    )
    assert code == 0 and wide.count("\nYou> ") == out.count("\nYou> ")  # the same game
    assert out.count("\n") < wide.count("\n")


def test_a_seat_the_game_does_not_have_is_refused_with_the_seats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "click-click-boom", "--players", "4", "--seed", "5"]
    typed = "swap:7\nforce:4:left\nquit\n"
    code, out = _play([*argv, "--save", str(tmp_path / "s.json")], typed, monkeypatch)
    assert code == 1
    words = " ".join(out.split())
    seats = "(the seats: 0 You, 1 Bot 2, 2 Bot 3, 3 Bot 4)"
    assert f"'swap:7': no seat 7 in a 4-player game {seats}" in words
    assert f"'force:4:left': no seat 4 in a 4-player game {seats}" in words
    assert "0..5" not in words


def test_board_draws_the_full_picture_and_the_moves_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "clever", "--players", "1", "--seed", "3", "--save", str(tmp_path / "b")]
    code, out = _play(argv, "board\nquit\n", monkeypatch)
    assert code == 1
    compact, full = out.split("You> ", 1)
    words = "Your moves (type the number or the notation):"
    assert words not in compact and "1)y>Y34" in compact
    assert words in full and "y>Y34 yellow 4 (row 3, col 4)" in full and "key:" in full


@pytest.mark.parametrize(
    ("game", "players", "headings"),
    [
        ("clever", 4, ("player", "yellow", "blue", "green", "orange", "purple", "foxes", "total")),
        ("clever", 1, ("player", "yellow", "orange", "purple", "foxes", "total", "Solo rating")),
        ("click-clack", 4, ("player", "hazelnut", "fir cone", "blueberry", "chestnut", "total")),
        ("click-click-boom", 6, ("survivors", "loot each", "character", "coins", "survived")),
        ("clickety-clack", 4, ("seat", "player", "score")),
    ],
)
def test_the_final_tables_fit_80_columns_uncut(
    game: str, players: int, headings: tuple[str, ...]
) -> None:
    """The end of a game at 80 columns, with the bots' long names: no heading is cut."""
    rules = load(game, players)
    names = seat_names(["human"] + ["rulebased"] * (players - 1))
    rng = random.Random(players)
    state = rules.new_initial_state()
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, force_terminal=False)
    console.print(render_outcome(state.view(None), names))
    text = out.getvalue()
    assert "…" not in text, text
    for heading in headings:
        assert heading in text, (heading, text)
    assert max(len(line.rstrip()) for line in text.splitlines()) <= WIDTH
