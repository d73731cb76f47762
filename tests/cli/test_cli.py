"""The CLI contract, driven the way a user drives it."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from clickbox import _build
from clickbox.cli.main import main


def run(
    argv: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None
) -> tuple[int, str]:
    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None, force_terminal=False)
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv, console)
    return code, out.getvalue()


def simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """Run ``clickbox simulate clickety-clack ARGS --json`` and parse what it printed."""
    code, out = run(["simulate", "clickety-clack", *args, "--json"])
    assert code == 0, out
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def simulate_to_file(path: Path, bots: str, games: int, seed: int) -> None:
    """Run ``clickbox simulate clickety-clack`` writing its records to ``path``."""
    code, out = run(
        [
            "simulate",
            "clickety-clack",
            "--bots",
            bots,
            "--games",
            str(games),
            "--seed",
            str(seed),
            "--out",
            str(path),
        ]
    )
    assert code == 0, out


def test_games_lists_the_catalog() -> None:
    code, out = run(["games"])
    assert code == 0
    assert "clickety-clack" in out and "2-4" in out and "a-side, b-side" in out


def test_rules_show_summary_options_and_decisions() -> None:
    code, out = run(["rules", "clickety-clack"])
    assert code == 0
    assert "click it onto another die" in out
    assert "row5" in out and "6-9-3-8-4-10-7-5-11-2" in out
    assert "Row 5's last four pre-printed numbers" in out


def test_unknown_game_is_a_clear_error() -> None:
    code, out = run(["rules", "chess"])
    assert code == 2
    assert "unknown game 'chess'" in out and "clickety-clack" in out


def test_bad_option_names_the_option_and_allowed_values() -> None:
    code, out = run(["bench", "clickety-clack", "--option", "side=C", "--seconds", "0.1"])
    assert code == 2
    assert "option 'side' must be A, B (got 'C')" in out


def test_play_against_a_bot_to_the_end_with_bad_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Bad input first (garbage, an out-of-range number, an illegal click, a sum no row takes),
    # then always move 1: a failed roll, then taking the first die. Four penalties end the game.
    script = "zzz\n99\n6+6>9\n1+1>2\nhelp\n" + "1\n" * 400
    save = tmp_path / "game.json"
    code, out = run(
        ["play", "clickety-clack", "--seat", "1=greedy", "--seed", "3", "--save", str(save)],
        script,
        monkeypatch,
    )
    assert code == 0, out
    assert "'zzz' is not a Clickety Clack action" in out
    assert "no move 99" in out
    assert "Type a move in the game's notation" in out
    assert "Final scores" in out
    assert f"Record saved to {save}" in out.replace("\n", "")
    record = json.loads(save.read_text())
    assert record["seats"] == ["human", "greedy"]
    assert record["seed"] == 3
    assert record["outcome"]["reason"]
    code, out = run(["replay", str(save), "--check"])
    assert code == 0 and "ok: 1 record" in out


def test_play_reprompts_on_an_illegal_move_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = run(
        ["play", "clickety-clack", "--seed", "1", "--save", str(tmp_path / "g.json")],
        "x1\nquit\n",
        monkeypatch,
    )
    assert code == 1
    assert "x1 is not legal now" in out and "second failure" in out
    assert "Stopped." in out


def test_hotseat_two_humans(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "hotseat.json"
    code, out = run(
        [
            "play",
            "clickety-clack",
            "--seat",
            "0=human",
            "--seat",
            "1=human",
            "--seed",
            "2",
            "--save",
            str(save),
        ],
        "1\n" * 400,
        monkeypatch,
    )
    assert code == 0, out
    assert "Player 1>" in out and "Player 2>" in out
    assert json.loads(save.read_text())["seats"] == ["human", "human"]


def test_quit_saves_the_unfinished_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "unfinished.json"
    code, out = run(
        ["play", "clickety-clack", "--seed", "4", "--save", str(save)], "1\n1\nquit\n", monkeypatch
    )
    assert code == 1, out
    record = json.loads(save.read_text())
    assert record["outcome"] is None and record["actions"]


def test_bad_seat_is_an_error() -> None:
    code, out = run(["play", "clickety-clack", "--seat", "5=greedy"])
    assert code == 2 and "no seat 5" in out
    code, out = run(["play", "clickety-clack", "--seat", "1=wizard"])
    assert code == 2 and "unknown bot 'wizard'" in out


def test_simulate_is_independent_of_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    summaries = []
    for workers in (1, 2):
        path = tmp_path / f"w{workers}.jsonl"
        code, _ = run(
            [
                "simulate",
                "clickety-clack",
                "--players",
                "3",
                "--bots",
                "random,greedy,random",
                "--games",
                "12",
                "--seed",
                "7",
                "--workers",
                str(workers),
                "--out",
                str(path),
                "--json",
            ]
        )
        assert code == 0
        outputs.append(path.read_text())
        summaries.append(json.loads(capsys.readouterr().out) | {"games_per_second": None})
    assert outputs[0] == outputs[1]
    assert len(outputs[0].splitlines()) == 12
    assert summaries[0] == summaries[1]


def test_simulate_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(capsys, "--bots", "random,greedy", "--games", "20", "--seed", "1")
    assert data["game"] == "clickety-clack(players=2)" and data["games"] == 20
    assert data["games_per_second"] > 0
    assert [s["bot"] for s in data["seats"]] == ["random", "greedy"]
    for seat in data["seats"]:
        assert 0 <= seat["win_rate"] <= 1 and isinstance(seat["mean_score"], float)


def test_replay_check_names_a_bad_move(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    simulate_to_file(path, "greedy,greedy", games=3, seed=2)
    code, out = run(["replay", str(path), "--check"])
    assert code == 0 and "ok: 3 record(s)" in out
    lines = path.read_text().splitlines()
    record = json.loads(lines[1])
    move = next(i for i, a in enumerate(record["actions"]) if "+" in a)
    record["actions"][move] = "x6" if record["actions"][move] != "x6" else "x5"
    lines[1] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    code, out = run(["replay", str(path), "--check"])
    assert code == 1
    assert f"record 2: move {move + 1} ('x" in out


def test_replay_check_catches_a_changed_outcome(tmp_path: Path) -> None:
    path = tmp_path / "one.jsonl"
    simulate_to_file(path, "random,random", games=1, seed=5)
    record = json.loads(path.read_text())
    record["outcome"]["scores"][0] += 1
    path.write_text(json.dumps(record) + "\n")
    code, out = run(["replay", str(path), "--check"])
    assert code == 1 and "outcome mismatch" in out


def test_replay_steps_through_a_record(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    simulate_to_file(path, "greedy,random", games=1, seed=9)
    code, out = run(["replay", str(path), "--no-pause"])
    assert code == 0
    assert "greedy (0):" in out and "Final scores" in out
    code, out = run(["replay", str(path), "--move", "12"])
    assert code == 0 and "Final scores" not in out


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run(["bench", "clickety-clack", "--seconds", "0.3", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("games_per_second", "steps_per_second", "clones_per_second"):
        assert data[key] > 0
    assert data["build"] == _build.kind() and data["build"] in ("compiled", "pure Python")


def test_bench_names_the_build_it_measured() -> None:
    code, out = run(["bench", "clever", "--seconds", "0.1"])
    assert code == 0
    assert _build.describe() in out


def test_replay_reads_a_json_list_of_records() -> None:
    golden = Path(__file__).parents[1] / "games" / "clickety" / "playthroughs.json"
    code, out = run(["replay", str(golden), "--check"])
    assert code == 0 and "ok: 2 record(s)" in out
    code, out = run(["replay", str(golden), "--no-pause"])
    assert code == 0 and out.count("Final scores") == 2


def test_replay_names_a_bad_move_while_stepping(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    record = {
        "format": "clickbox-record/1",
        "game": "clickety-clack(players=2)",
        "seats": ["a", "b"],
        "seed": 1,
        "actions": ["r1", "r2", "r3", "r4", "r5", "6+6>1"],
        "outcome": None,
    }
    path.write_text(json.dumps(record))
    code, out = run(["replay", str(path), "--no-pause"])
    assert code == 1
    assert "record 1: move 6 ('6+6>1')" in out and "there is no 6 in the pool" in out


def test_replay_of_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "junk.jsonl"
    path.write_text("hello\n")
    code, out = run(["replay", str(path), "--check"])
    assert code == 1 and "line 1: not JSON" in out
    code, out = run(["replay", str(tmp_path / "missing.json")])
    assert code == 2 and "no such file" in out


def test_b_side_points_are_flagged_provisional(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run(["play", "clickety-clack(side=B)", "--seed", "1"], "quit\n", monkeypatch)
    assert code == 1 and "points: provisional" in out
    code, out = run(["play", "clickety-clack", "--seed", "1"], "quit\n", monkeypatch)
    assert code == 1 and "provisional" not in out


def test_rules_accepts_a_spec() -> None:
    code, out = run(["rules", "clickety-clack(side=B)"])
    assert code == 0 and "cc-b-points" in out


def test_save_to_a_directory_is_refused_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = run(["play", "clickety-clack", "--save", str(tmp_path)], "1\n" * 400, monkeypatch)
    assert code == 2 and "is a directory" in out
    assert "Round 1" not in out, "the game must not start"


def test_quit_at_the_first_prompt_saves_the_started_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "first.json"
    code, _ = run(["play", "clickety-clack", "--seed", "8", "--save", str(save)], "", monkeypatch)
    assert code == 1
    record = json.loads(save.read_text())
    assert record["outcome"] is None and len(record["actions"]) == 5  # the opening roll


def test_odd_digits_and_case_at_the_prompt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run(
        ["play", "clickety-clack", "--seat", "0=Human", "--save", str(tmp_path / "g.json")],
        "²\nquit\n",
        monkeypatch,
    )
    assert code == 1 and "'²' is not a Clickety Clack action" in out
    code, out = run(["play", "clickety-clack", "--seat", "²=greedy"])
    assert code == 2 and "bad --seat" in out


def test_simulate_rejects_bad_arguments_before_writing(tmp_path: Path) -> None:
    out_file = tmp_path / "o.jsonl"
    base = ["simulate", "clickety-clack", "--games", "2", "--seed", "1"]
    code, out = run([*base, "--bots", "random,foo", "--out", str(out_file)])
    assert code == 2 and "unknown bot 'foo'" in out and not out_file.exists()
    code, out = run([*base, "--bots", "random,random", "--workers", "0"])
    assert code == 2 and "workers must be at least 1" in out
    code, out = run([*base, "--bots", "random,random", "--out", str(tmp_path)])
    assert code == 2 and "is a directory" in out
    code, out = run([*base, "--bots", "random,random", "--games", "0"])
    assert code == 2 and "--games must be at least 1" in out


def test_simulate_one_game_prints_valid_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(capsys, "--bots", "random,random", "--games", "1", "--seed", "3")
    assert data["seats"][0]["mean_score_ci95"] is None


def test_bench_and_replay_argument_checks(tmp_path: Path) -> None:
    code, out = run(["bench", "clickety-clack", "--seconds", "0"])
    assert code == 2 and "--seconds must be more than 0" in out
    golden = Path(__file__).parents[1] / "games" / "clickety" / "playthroughs.json"
    code, out = run(["replay", str(golden), "--move", "-5"])
    assert code == 2 and "--move must be 0 or more" in out
    code, out = run(["replay", str(tmp_path)])
    assert code == 2 and "no such file" in out


def test_replay_rejects_a_record_with_the_wrong_seat_count(tmp_path: Path) -> None:
    golden = Path(__file__).parents[1] / "games" / "clickety" / "playthroughs.json"
    record = json.loads(golden.read_text())[0]
    record["seats"] = ["only-one"]
    path = tmp_path / "seats.json"
    path.write_text(json.dumps(record))
    for extra in (["--check"], ["--no-pause"]):
        code, out = run(["replay", str(path), *extra])
        assert code == 1 and "1 seats for a 2-player game" in out


def test_replay_of_bytes_that_are_not_text(tmp_path: Path) -> None:
    path = tmp_path / "binary.jsonl"
    path.write_bytes(b"\xff\xfe\x00garbage")
    code, out = run(["replay", str(path), "--check"])
    assert code == 1 and "cannot read" in out


def test_play_shows_the_sums_each_row_takes_next(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run(["play", "clickety-clack", "--seed", "1"], "quit\n", monkeypatch)
    assert code == 1
    row5 = next(line for line in out.splitlines() if line.startswith("5 !"))
    assert row5.rstrip().endswith(" 6"), "row 5 of an empty A side takes only the printed 6"


def test_records_are_saved_in_the_data_directory_by_default(
    clickbox_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = run(["play", "clickety-clack", "--seed", "12"], "1\n" * 400, monkeypatch)
    assert code == 0
    saved = list((clickbox_home / "records").glob("clickety-clack-*-12.json"))
    assert len(saved) == 1 and str(saved[0]) in out.replace("\n", "")
    assert json.loads(saved[0].read_text())["meta"]["started"]


def test_games_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run(["games", "--json"])
    assert code == 0
    games = {g["name"]: g for g in json.loads(capsys.readouterr().out)}
    entry = games["clickety-clack"]
    assert (entry["min_players"], entry["max_players"]) == (2, 4)
    assert entry["presets"] == {"a-side": {"side": "A"}, "b-side": {"side": "B"}}
    readings = [o["name"] for o in entry["options"] if o["group"] == "reading"]
    assert readings == ["side", "row5", "points"]
    numbers = {o["name"]: o for o in entry["options"] if o["group"] == "number"}
    # the rulebook's numbers: 10 spaces a row (the board data), "All 4 of your failed roll spaces"
    assert numbers["spaces"]["default"] == 10 and numbers["failed_rolls"]["default"] == 4
    assert numbers["spaces"]["minimum"] == 2 and numbers["spaces"]["maximum"] == 10
