"""That's Pretty Clever in the terminal: solo and multiplayer play through ``main``, refused
input, hidden passive choices, and the renderer on every stage of random games."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from clickbox.cli.render import StepReporter, render_moves, render_outcome, render_view
from clickbox.core import CHANCE, Match
from clickbox.games import load

from .test_cli import run

AREAS = ("YELLOW", "BLUE", "GREEN", "ORANGE", "PURPLE")


def _record(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def test_solo_game_to_the_rating(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "solo.json"
    code, out = run(
        ["play", "clever", "--wide", "--players", "1", "--seed", "3", "--save", str(save)],
        "1\n" * 2000,
        monkeypatch,
    )
    assert code == 0, out[-3000:]
    for area in AREAS:
        assert area in out
    assert "Round 1 of 6" in out and "Round 6 of 6" in out
    assert "platter" in out and "solo passive turn: take one die from the silver platter" in out
    assert "Your moves (type the number or the notation):" in out
    assert "round-4 black bonus" in out
    assert "Final scores" in out and "Solo rating:" in out and "of 5 stars" in out
    record = _record(save)
    assert record["game"] == "clever(players=1)" and record["seats"] == ["human"]
    total = int(record["outcome"]["scores"][0])
    assert f"{total} points)" in out  # the rating line names the total
    code, out = run(["replay", str(save), "--check"])
    assert code == 0 and "ok: 1 record" in out


def test_clever_defaults_to_one_player_and_three_players_get_greedy_bots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "default.json"
    code, out = run(
        ["play", "clever", "--wide", "--seed", "1", "--save", str(save)], "quit\n", monkeypatch
    )
    assert code == 1 and "clever(players=1)" in out
    assert _record(save)["seats"] == ["human"]
    save = tmp_path / "three.json"
    code, out = run(
        ["play", "clever", "--wide", "--players", "3", "--seed", "1", "--save", str(save)],
        "quit\n",
        monkeypatch,
    )
    assert code == 1 and "Other sheets" in out  # 3 players at 140 columns: the others compact
    assert _record(save)["seats"] == ["human", "greedy", "greedy"]


def test_two_players_against_greedy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "two.json"
    code, out = run(
        ["play", "clever", "--wide", "--players", "2", "--seed", "4", "--save", str(save)],
        "1\n" * 2000,
        monkeypatch,
    )
    assert code == 0, out[-3000:]
    assert "Bot 2 (greedy):" in out  # the bot's moves are printed as they happen
    assert "Last moves:" in out
    assert "passive players choose a platter die" in out
    assert "Final scores" in out and "Solo rating" not in out
    assert " wins." in out or "share the victory" in out
    record = _record(save)
    assert record["seats"] == ["human", "greedy"]
    assert len(record["outcome"]["scores"]) == 2


def test_bad_input_is_refused_with_the_reason_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 1, solo: the first roll has purple 2 and white 3; after p>P the white die rolls 1,
    # which purple cannot take (it must go higher than 2).
    game = load("clever", 1)
    match = Match(game, 1, ["human"])
    assert match.state.view(0)["faces"][4] == 2
    match.play("p>P", 0)
    view = match.state.view(0)
    assert 5 in view["rolled"] and view["faces"][5] == 1
    script = "zzz\n99\nhelp\np>P\nw>P\n" + "1\n" * 2000
    save = tmp_path / "bad.json"
    code, out = run(["play", "clever", "--seed", "1", "--save", str(save)], script, monkeypatch)
    assert code == 0, out[-3000:]
    assert "'zzz' is not a move of That's Pretty Clever" in out
    assert "no move 99: choose 1-" in out
    assert "Notation: w>B7 writes the white die in blue 7" in out
    refusal = next(line for line in out.splitlines() if "w>P is not legal now" in line)
    assert "purple" in refusal and "higher" in refusal, refusal
    assert "Final scores" in out
    assert _record(save)["actions"][6] == "p>P"  # after the six opening rolls


def test_hotseat_keeps_passive_choices_hidden_until_all_are_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seats = ["--seat", "0=human", "--seat", "1=human"]  # and seat 2 greedy
    code, out = run(
        ["play", "clever", "--players", "3", *seats, "--seed", "2", "--save", str(tmp_path / "h")],
        "1\n" * 3000,
        monkeypatch,
    )
    assert code == 0, out[-3000:]
    assert "Player 1>" in out and "Player 2>" in out and "── Round 1 · Bot 3's turn ──" in out
    # the narrated log between the screens: a passive choice hidden, then told with the others
    hidden = out.index("has chosen (shown when everyone has)")
    assert "from the platter and" in out[hidden:]
    assert "has chosen (hidden)" in out  # what the next passive player sees


def test_step_reporter_never_prints_a_hidden_choice() -> None:
    game = load("clever", 4)
    match = Match(game, 11, ["random"] * 4)
    names = [f"p{i}" for i in range(4)]
    reporter = StepReporter(names)
    rng = random.Random(11)
    hidden_seen = revealed_seen = 0
    while not match.state.is_terminal():
        seat = match.state.current_player()
        assert seat != CHANCE
        action = rng.choice(match.state.legal_actions())
        match.play(action, seat)
        view = match.state.view(None)
        lines = [str(line) for line in reporter(view, seat, game.describe_action(action), True)]
        if view["log"][-1]["move"] == "?":
            hidden_seen += 1
            notation = game.action_to_string(action)
            assert not any(notation in line for line in lines), lines
            assert "hidden" in lines[-1]
        revealed_seen += sum("(revealed)" in line for line in lines)
    assert hidden_seen and revealed_seen == hidden_seen


def _draw(renderable: Any, width: int) -> str:
    file = io.StringIO()
    console = Console(file=file, width=width, color_system=None, force_terminal=False)
    console.print(renderable)
    return file.getvalue()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_renderer_draws_every_stage_of_random_games(players: int) -> None:
    game = load("clever", players)
    state = game.new_initial_state()
    rng = random.Random(players)
    names = [f"seat{i}" for i in range(players)]
    stages: set[str] = set()
    kinds: set[tuple[str, str | None, bool]] = set()
    while not state.is_terminal():
        seat = state.current_player()
        view = state.view(seat if seat >= 0 else None)
        stages.add(view["stage"])
        # every kind of position once (stage, bonus to resolve, seat or chance), a quarter of
        # the others, to keep the test quick
        kind = (view["stage"], view["pending"][0]["bonus"] if view["pending"] else None, seat >= 0)
        if kind not in kinds or (seat >= 0 and rng.random() < 0.25):
            kinds.add(kind)
            width = rng.choice((80, 100, 120, 200))
            text = _draw(render_view(view, names), width)
            for area in AREAS:
                assert area in text
            assert f"Round {view['round']} of {view['rounds']}" in text
            assert "platter" in text and "▶" in text
            if seat >= 0:
                moves = _draw(render_moves(view, view["legal"]), width)
                for number, move in enumerate(view["legal"], 1):
                    assert f"{number}) {move}" in moves.replace("\n", " ")
                if view["pending"] and view["pending"][0]["seat"] == seat:
                    assert "bonus" in text
                if view["stage"] == "passive-take":
                    assert "passive players:" in text
        state.apply(rng.choice(state.legal_actions()))
    final = state.view(None)
    text = _draw(render_view(final, names), 120) + _draw(render_outcome(final, names), 120)
    assert "Game over." in text and "Final scores" in text
    for name in names:
        assert name in text
    if players == 1:
        assert {"choose", "solo-take", "solo-rolling"} <= stages
        assert "Solo rating:" in text and final["rating"]["label"] in text
    else:
        assert {"choose", "passive-take", "passive-extra", "rolling"} <= stages
        assert "Solo rating" not in text and ("wins." in text or "share the victory" in text)


def test_the_last_extra_dice_and_a_forfeited_roll_in_words() -> None:
    """The terminal says the game's last +1 stage ("Everyone may still use their remaining
    extra-die actions") and a roll to forfeit (option forfeit_rolls) in words."""
    from clickbox.core import play
    from tests.games.clever.helpers import fill, new_state, prepare, roll

    state = new_state(1)
    while not (state.round == 6 and state.stage == "solo-rolling"):
        play(state, state.legal_actions()[0])
    prepare(state.sheet(0), plus_ones=(2, 0))
    roll(state, "y1 b2 g3 o4 p5 w6")
    play(state, "y>Y22")
    play(state, "done")  # the +1 kept for the very end
    view = state.view(0)
    assert view["stage"] == "final-extra"
    text = _draw(render_view(view, ["Ann"]), 120).replace("\n", " ")
    assert "the last round is over: Ann's last extra dice (+1)" in text
    moves = _draw(render_moves(view, view["legal"]), 120)
    assert "no more extra dice: this sheet is final" in moves

    state = new_state(2, forfeit_rolls=True)
    fill(state.sheet(0))
    roll(state, "y1 b1 g1 o1 p1 w1")
    play(state, "forfeit")
    roll(state, "y1 b1 g1 o1 p1 w1")
    view = state.view(0)
    assert view["legal"] == ["forfeit", "reroll"]
    text = _draw(render_view(view, ["Ann", "Bo"]), 120).replace("\n", " ")
    assert "(pick 2 of 3, 1 forfeited), or reroll (1 left), or forfeit the roll" in text
    moves = _draw(render_moves(view, view["legal"]), 120)
    assert "1) forfeit write nothing, roll the same dice again (1 left)" in moves


def test_sheets_side_by_side_when_wide_compact_when_narrow() -> None:
    game = load("clever", 2)
    view = game.new_initial_state().view(0)
    names = ["ana", "bob"]
    wide = _draw(render_view(view, names), 120)
    first = next(line for line in wide.splitlines() if "ana (you)" in line)
    assert "bob: 0 points" in first  # both frames on one line
    narrow = _draw(render_view(view, names), 100)
    assert "Other sheets" in narrow and "ana (you)" in narrow


def test_last_moves_show_the_bonuses_that_needed_no_choice() -> None:
    """A fox, an unlock or a forced cross is shown in "Last moves" after the move that fired it
    (the view's ``events``), so a human sees what a bot's move earned."""
    from clickbox.cli.render.clever import log_lines
    from clickbox.core import sample_chance

    game = load("clever", players=2)
    state = game.new_initial_state()
    rng = random.Random(15)  # a game where both players earn foxes
    while not state.is_terminal():
        player = state.current_player()
        state.apply(
            sample_chance(state, rng) if player == CHANCE else rng.choice(state.legal_actions())
        )
    view = state.view(None)
    lines = [line.plain.strip() for line in log_lines(view, ["Ana", "Bo"], count=10_000)]
    assert lines.count("every player: bonus reroll") == 2  # rounds 1 and 3
    assert lines.count("every player: bonus +1 (extra die)") == 1  # round 2
    for seat, name in enumerate(["Ana", "Bo"]):
        foxes = view["sheets"][seat]["foxes"]
        assert foxes > 0
        assert lines.count(f"{name}: bonus fox") == foxes
