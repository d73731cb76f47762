"""Hints: ``clickbox hint RECORD [--move N]`` and the ``hint`` command of terminal play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from clickbox.core import GameRecord, play
from clickbox.games import load

from .test_cli import run


def _record(tmp_path: Path, game: str, players: int, bots: str, seed: int = 3) -> Path:
    out = tmp_path / "game.jsonl"
    code, text = run(
        [
            *("simulate", game, "--players", str(players), "--bots", bots, "--games", "1"),
            *("--seed", str(seed), "--out", str(out)),
        ]
    )
    assert code == 0, text
    return out


def _hint_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    capsys.readouterr()
    code, text = run(["hint", *argv, "--json"])
    assert code == 0, text
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def _state_after(path: Path, moves: int) -> Any:
    record = GameRecord.loads(path.read_text().splitlines()[0])
    state = load(record.game).new_initial_state()
    for text in record.actions[:moves]:
        play(state, text)
    return state


def test_hint_ranks_legal_moves_of_the_seat_to_move_best_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path, "clever", 2, "greedy,greedy")
    data = _hint_json(capsys, str(path), "--move", "40", "--bot", "greedy")
    state = _state_after(path, data["move"])
    assert data["move"] >= 40 and state.current_player() == data["seat"] >= 0
    legal = {state.action_to_string(a) for a in state.legal_actions()}
    actions = [hint["action"] for hint in data["hints"]]
    values = [hint["value"] for hint in data["hints"]]
    assert len(actions) == 3 and set(actions) <= legal
    assert values == sorted(values, reverse=True)
    # greedy's first choice is what greedy played at that position in the record
    assert actions[0] == data["played"]


def test_hint_defaults_to_the_last_decision_and_the_hard_bot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path, "clickety-clack", 2, "greedy,random")
    data = _hint_json(capsys, str(path), "--top", "2")
    record = GameRecord.loads(path.read_text().splitlines()[0])
    assert data["bot"] == "hard" and len(data["hints"]) <= 2
    state = _state_after(path, data["move"])
    assert state.current_player() == data["seat"]
    later = _state_after(path, len(record.actions))
    assert later.is_terminal()
    for move in range(data["move"] + 1, len(record.actions)):
        assert _state_after(path, move).current_player() < 0  # no seat decision after it


def test_hint_prints_a_table_from_the_seats_view(tmp_path: Path) -> None:
    path = _record(tmp_path, "click-click-boom", 3, "random,random,random")
    code, out = run(["hint", str(path), "--move", "5", "--bot", "greedy"])
    assert code == 0, out
    assert "Hint: the greedy bot's best options" in out
    assert "seen from that seat only" in out and "Played in the record:" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["hint", "/nonexistent/record.json"], "no such file"),
        (["hint", "{path}", "--move", "100000"], "--move must be"),
        (["hint", "{path}", "--bot", "nobody"], "unknown bot"),
        (["hint", "{path}", "--top", "0"], "at least 1"),
    ],
)
def test_hint_refuses_bad_input(tmp_path: Path, argv: list[str], message: str) -> None:
    path = _record(tmp_path, "clickety-clack", 2, "random,random")
    code, out = run([arg.replace("{path}", str(path)) for arg in argv])
    assert code == 2 and message in out, out


def test_hint_after_the_last_decision_says_no_seat_is_to_move(tmp_path: Path) -> None:
    path = _record(tmp_path, "clickety-clack", 2, "random,random")
    moves = len(GameRecord.loads(path.read_text().splitlines()[0]).actions)
    code, out = run(["hint", str(path), "--move", str(moves)])
    assert code == 2 and "no seat is to move" in out


def test_hint_in_terminal_play_shows_options_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "hinted.json"
    code, out = run(
        ["play", "clickety-clack", "--seed", "2", "--seat", "1=random", "--save", str(save)],
        "hint\n" + "1\n" * 400,
        monkeypatch,
    )
    assert code == 0, out[-2000:]
    assert out.count("Hint: the hard bot's best options") == 1
    assert "Final scores" in out or "wins" in out
    code, out = run(["replay", str(save), "--check"])
    assert code == 0
