"""``clickbox score``: a filled paper sheet from a file or stdin, checked and scored."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from clickbox.cli.main import main
from clickbox.core import GameBase
from clickbox.games.clever import CleverGame
from clickbox.games.clickety import ClicketyClackGame

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHEET_A = EXAMPLES / "clickety-clack-a.txt"
SHEET_B = EXAMPLES / "clickety-clack-b.txt"
CLEVER_SOLO = EXAMPLES / "clever-solo.txt"
CLEVER = EXAMPLES / "clever.txt"


def run(
    argv: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None
) -> tuple[int, str]:
    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None, force_terminal=False)
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv, console)
    return code, out.getvalue()


def test_score_a_file() -> None:
    code, out = run(["score", "clickety-clack", str(SHEET_A)])
    assert code == 0, out
    assert "row 3 (descending)" in out and "11 9 8 5 (no points under space 4)" in out
    total = next(line for line in out.splitlines() if "total" in line)
    assert total.split()[-2] == "51"
    assert "provisional" not in out


def test_score_stdin_with_an_option_after_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["score", "clickety-clack", "--option", "side=B", "-"]
    code, out = run(argv, SHEET_B.read_text(), monkeypatch)
    assert code == 0, out
    assert "clickety-clack(players=2,side=B)" in out and "row 3 (pairs)" in out
    assert "62" in next(line for line in out.splitlines() if "total" in line)
    assert "note: B side: the point values are provisional" in out


def test_score_a_spec_string_and_a_preset() -> None:
    for argv in (
        ["score", "clickety-clack(side=B)", str(SHEET_B)],
        ["score", "clickety-clack", "--preset", "b-side", str(SHEET_B)],
    ):
        code, out = run(argv)
        assert code == 0 and "side=B" in out, out


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run(["score", "clickety-clack", str(SHEET_A), "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "clickety-clack(players=2)" and data["total"] == 51
    assert [line["points"] for line in data["lines"]] == [12, 15, 0, 20, 5, -1]
    assert data["lines"][-1] == {"label": "penalties", "points": -1, "detail": "1 crossed (-1)"}
    assert data["notes"] == []


def test_score_format() -> None:
    code, out = run(["score", "clickety-clack", "--format"])
    assert code == 0
    assert ClicketyClackGame.sheet_format in out
    assert "penalties: 1" in out and "1: 4 7 2 10 9 8 3" in out


def test_an_impossible_sheet_names_the_row_and_space(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = tmp_path / "bad.txt"
    sheet.write_text("1: 4 7 2\n3: 11 9 10\npenalties: 1\n")
    code, out = run(["score", "clickety-clack", str(sheet)])
    assert code == 1 and out == ""
    err = capsys.readouterr().err
    assert err == (
        f"error: {sheet}: row 3, space 3: 10 is not allowed: the row is descending: "
        "the next number must be below 9\n"
    )
    code, _ = run(["score", "clickety-clack", "-"], "penalties: 7\n", monkeypatch)
    assert code == 1
    assert capsys.readouterr().err.startswith("error: standard input: penalties: must be")


def test_an_a_side_game_refuses_a_b_side_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run(["score", "clickety-clack", str(SHEET_B), "--json"])
    assert code == 1
    assert "score it with clickety-clack(side=B)" in capsys.readouterr().err


def test_unreadable_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    for path, reason in (
        (tmp_path / "missing.txt", "No such file or directory"),
        (tmp_path, "Is a directory"),
        (binary, "can't decode"),
    ):
        code, _ = run(["score", "clickety-clack", str(path)])
        assert code == 1
        err = capsys.readouterr().err
        assert err.startswith(f"error: cannot read {path}: ") and reason in err
        assert err.count("\n") == 1


def test_a_game_without_a_score_pad(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(ClicketyClackGame, "score_sheet", GameBase.score_sheet)
    monkeypatch.setattr(ClicketyClackGame, "sheet_format", "")
    for extra in ([str(SHEET_A)], ["--format"]):
        code, out = run(["score", "clickety-clack", *extra])
        assert code == 1 and out == ""
        assert capsys.readouterr().err == "error: clickety-clack has no score pad\n"


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["score", "clickety-clack"])
    assert code == 2 and "give the sheet" in out
    code, out = run(["score", "chess", str(SHEET_A)])
    assert code == 2 and "unknown game 'chess'" in out
    code, out = run(["score", "clickety-clack", "--option", "side=C", str(SHEET_A)])
    assert code == 2 and "option 'side' must be A, B" in out
    with pytest.raises(SystemExit) as info:
        run(["score", "clickety-clack", "--json", str(SHEET_A), "extra"])
    assert info.value.code == 2
    assert "unrecognized arguments" in capsys.readouterr().err


# -- That's Pretty Clever --------------------------------------------------------------------------


def test_score_a_clever_sheet() -> None:
    code, out = run(["score", "clever", str(CLEVER_SOLO)])
    assert code == 0, out
    assert "That's Pretty Clever — clever(players=1)" in out
    assert "columns 10, 14, 16" in out and "2 × 22 (weakest area: blue)" in out
    total = next(line for line in out.splitlines() if "total" in line)
    assert total.split()[-2] == "188"
    assert "note: Solo rating (if this was a solo game): Great result! (1½ stars)" in out


def test_score_a_clever_sheet_from_stdin_as_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["score", "clever", "--players", "3", "-", "--json"]
    code, _ = run(argv, CLEVER.read_text(), monkeypatch)
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "clever(players=3)" and data["total"] == 102
    assert [line["label"] for line in data["lines"]] == [
        "yellow",
        "blue",
        "green",
        "orange",
        "purple",
        "foxes",
    ]
    assert [line["points"] for line in data["lines"]] == [30, 7, 15, 27, 23, 0]
    assert data["notes"] == ["Solo rating (if this was a solo game): Try harder! (no stars)"]


def test_score_clever_format() -> None:
    for game in ("clever", "ganz-schon-clever"):
        code, out = run(["score", game, "--format"])
        assert code == 0
        assert CleverGame.sheet_format in out
        assert "yellow 1: 3 6 5" in out and "foxes: 2" in out


def test_clever_options_reach_the_pad(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "bare.txt"
    sheet.write_text("orange: 1 1 1 5   # a bare orange 5 bonus on the x2 box\nblue: 2 3 4\n")
    code, _ = run(["score", "clever", str(sheet)])
    assert code == 1
    assert "orange, box 4: 5 is not a multiple of 2" in capsys.readouterr().err
    argv = ["score", "clever", "--option", "orange_bonus_multiplied=false", str(sheet), "--json"]
    code, _ = run(argv)
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "clever(players=1,orange_bonus_multiplied=false)"
    assert data["total"] == 8 + 4  # blue row 2-4 gave the 5; its three crosses score 4


def test_an_impossible_clever_sheet_names_the_area_and_box(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = tmp_path / "bad.txt"
    sheet.write_text("yellow 1: 3 6 5\npurple: 1 2 5 3\n")
    code, out = run(["score", "clever", str(sheet)])
    assert code == 1 and out == ""
    assert capsys.readouterr().err == (
        f"error: {sheet}: purple, box 4: 3 is not higher than 5 (after a 6 anything may follow)\n"
    )
    code, _ = run(["score", "clever", "-", "--json"], "green: x x - x\n", monkeypatch)
    assert code == 1
    assert capsys.readouterr().err == (
        "error: standard input: green, box 4: crossed after the empty box 3 "
        "(boxes are crossed from the left)\n"
    )
    code, _ = run(["score", "clever", "-"], "green: 7\nfoxes: 2\n", monkeypatch)
    assert code == 1
    assert capsys.readouterr().err == (
        "error: standard input: foxes: the marks earn 1 (green box 7), not 2\n"
    )


def test_a_quick_count_from_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    """Marquoir's way: crosses in blue and green, points elsewhere, foxes as a count."""
    text = "yellow: 40\nblue: 7\ngreen: 7\norange: 28\npurple: 26\nfoxes: 2\n"
    code, out = run(["score", "clever", "--quick", "-"], text, monkeypatch)
    assert code == 0, out
    assert "188" in next(line for line in out.splitlines() if "total" in line)
    assert "7 crosses" in out
    code, out = run(["score", "clever", "--quick", "--format"])
    assert code == 0 and "as Marquoir does it" in out


def test_an_impossible_quick_count_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run(["score", "clever", "--quick", "-"], "yellow: 12\n", monkeypatch)
    assert code == 1
    assert "yellow: 12 points is no sum of complete columns" in capsys.readouterr().err
    code, _ = run(["score", "click-clack", "--quick", "--format"])
    assert code == 1 and "has no quick count" in capsys.readouterr().err


def test_a_click_click_boom_coin_count(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "players: Ann, Bo, Cy\nshootout 1: 14 9 13\nshootout 2: 15 15 6\nbooms: 1 0 1\n"
    code, out = run(["score", "click-click-boom", "--players", "3", "-"], text, monkeypatch)
    assert code == 0, out
    assert "14 → 15" in out
    assert (
        "note: Winner (after 2 of 3): Bo with 15 coins; the tie is broken by the fewest BOOM" in out
    )
