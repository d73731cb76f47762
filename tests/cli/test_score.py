"""``clickbox score``: a filled paper sheet from a file or stdin, checked and scored."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from clickbox.cli.main import main
from clickbox.core import GameBase
from clickbox.games.clickety_clack import ClicketyClackGame

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHEET_A = EXAMPLES / "clickety-clack-a.txt"
SHEET_B = EXAMPLES / "clickety-clack-b.txt"


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
