"""The designer's bench: numbers as parameters through variants, sweeps over ranges and bots,
ablated bots, kept chunks and resumed analyses (docs/analytics.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from clickbox.bots.registry import make_bot
from clickbox.cli.arguments import load_game
from clickbox.cli.main import build_parser, cmd_analyze, main
from clickbox.core import OptionError
from clickbox.core.record import GameRecord, check_record
from clickbox.core.variant import Variant
from clickbox.games import load
from clickbox.sim import checkpoint
from clickbox.sim.analytics import analyze, setting_bots, sweep, sweep_settings
from clickbox.sim.checkpoint import ChunkStore

# -- sweeps ---------------------------------------------------------------------------------------


def test_a_range_sweeps_every_whole_number_and_a_step_skips() -> None:
    assert [s["start_silver"] for s in sweep_settings(["start_silver=6..9"])] == [
        "6",
        "7",
        "8",
        "9",
    ]
    assert [s["n"] for s in sweep_settings(["n=0,6..12:3"])] == ["0", "6", "9", "12"]
    both = sweep_settings(["a=1..2", "b=x,y"])
    assert both == [
        {"a": "1", "b": "x"},
        {"a": "1", "b": "y"},
        {"a": "2", "b": "x"},
        {"a": "2", "b": "y"},
    ]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("n=9..6", "goes up from LOW to HIGH"),
        ("n=1..x", "LOW..HIGH or LOW..HIGH:STEP"),
        ("n=1..5:0", "a step of at least 1"),
        ("n=", "a sweep is KEY=V1,V2"),
    ],
)
def test_a_bad_range_is_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(OptionError, match=words):
        sweep_settings([text])


def test_bot_sweeps_take_bot_specs_with_their_parameters() -> None:
    settings = sweep_settings(["bots=greedy,ismcts:iterations=5,c=1"])
    assert [s["bots"] for s in settings] == ["greedy", "ismcts:iterations=5,c=1"]
    assert setting_bots({"bots": "greedy"}, ["random"] * 3) == ["greedy"] * 3
    assert setting_bots({"seat2": "hard"}, ["random"] * 3) == ["random", "hard", "random"]
    with pytest.raises(OptionError, match="there are seats 1 to 3"):
        setting_bots({"seat4": "hard"}, ["random"] * 3)


def test_a_sweep_over_a_number_plays_each_value_on_the_same_seeds() -> None:
    setups = sweep("click-click-boom", 3, ["random"], ["shootouts=1..2"], games=8, seed=2)
    assert [s for s, _ in setups] == [{"shootouts": "1"}, {"shootouts": "2"}]
    assert [a.levers["shootouts played"].mean for _, a in setups] == [1.0, 2.0]
    assert "shootouts=2" in setups[1][1].game


def test_an_unknown_number_in_a_sweep_is_refused_naming_the_options() -> None:
    with pytest.raises(OptionError, match=r"unknown option 'start_gems'; the options are: .*"):
        sweep("click-click-boom", 3, ["random"], ["start_gems=1..2"], games=2, seed=1)
    with pytest.raises(OptionError, match=r"option 'shootouts' must be an integer 1\.\.9"):
        sweep("click-click-boom", 3, ["random"], ["shootouts=0..1"], games=2, seed=1)


# -- ablations ------------------------------------------------------------------------------------


def test_a_bot_told_never_to_reroll_plays_no_reroll_and_no_plus_one() -> None:
    game = load("clever", players=1)
    free = analyze(game, ["greedy"], 6, seed=3)
    ablated = analyze(game, ["greedy:never=reroll+plus1"], 6, seed=3)
    assert free.levers["rerolls used"].total + free.levers["+1s used"].total > 0
    assert ablated.levers["rerolls used"].total == 0
    assert ablated.levers["+1s used"].total == 0
    assert make_bot("greedy:never=reroll+plus1").label() == "greedy:never=reroll+plus1"
    assert make_bot("ismcts:iterations=5,never=reroll").label().endswith(",never=reroll")


def test_an_ablated_boom_bot_uses_no_ability() -> None:
    game = load("click-click-boom", players=4)
    analysis = analyze(game, ["rulebased:never=ability"] * 4, 10, seed=1)
    used = [m.total for name, m in analysis.levers.items() if name.startswith("ability used")]
    assert used and sum(used) == 0


def test_an_unknown_kind_of_action_is_refused_naming_the_kinds() -> None:
    game = load("clever", players=1)
    with pytest.raises(OptionError, match=r"clever has no kind of action 'jump'.*reroll, plus1"):
        analyze(game, ["greedy:never=jump"], 1, seed=1)


# -- variants -------------------------------------------------------------------------------------


def test_a_variant_file_round_trips_in_toml_and_json(tmp_path: Path) -> None:
    variant = Variant(
        game="click-click-boom", options={"start_silver": 12, "advanced": True}, name="rich"
    )
    for name in ("v.toml", "v.json"):
        assert Variant.load(variant.save(tmp_path / name)) == variant


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('name = "x"\n', "a variant names its game"),
        ('game = "clever"\ncolour = "red"\n', "unknown key 'colour'"),
        ('game = "clever"\noptions = 3\n', "options is a table"),
        ("game = ", "is not valid"),
    ],
)
def test_a_bad_variant_file_is_refused_in_words(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(OptionError, match=words):
        Variant.load(path)


def test_simulate_with_a_variant_records_its_numbers_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variant = Variant(game="click-click-boom", options={"start_silver": 3, "shootouts": 2})
    path = variant.save(tmp_path / "poor.toml")
    out = tmp_path / "records.jsonl"
    code = main(
        [
            "simulate",
            "click-click-boom",
            "--variant",
            str(path),
            "--option",
            "shootouts=1",  # a typed option wins over the file's
            "--bots",
            "rulebased,random,rulebased",
            "--games",
            "3",
            "--seed",
            "5",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    records = [GameRecord.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 3
    for record in records:
        assert "start_silver=3" in record.game and "shootouts=1" in record.game
        game = load(record.game)  # the record alone says which numbers were played
        assert dict(game.params.changed_options())["start_silver"] == "3"
        assert check_record(record, game).outcome() == record.outcome


def test_a_variant_of_another_game_is_refused(tmp_path: Path) -> None:
    path = Variant(game="clever", options={}).save(tmp_path / "v.json")
    argv = ["simulate", "click-click-boom", "--variant", str(path), "--bots", "random"]
    args = build_parser().parse_args([*argv, "--games", "1", "--seed", "1"])
    with pytest.raises(OptionError, match="is a variant of clever, not of click-click-boom"):
        load_game(args)


def test_games_lists_a_games_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "click-click-boom", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    numbers = {o["name"]: o for o in data["options"] if o["group"] == "number"}
    assert numbers["shootouts"]["default"] == 3 and numbers["shootouts"]["minimum"] == 1
    assert main(["games", "click-click-boom"]) == 0
    text = capsys.readouterr().out
    assert "The rulebook's numbers" in text and "shootouts" in text


# -- long runs ------------------------------------------------------------------------------------


def test_a_stopped_analysis_resumes_from_its_chunks_to_the_same_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = load("clickety-clack", players=2)
    whole = analyze(game, ["random", "greedy"], 40, seed=6)
    store = ChunkStore(tmp_path / "chunks")
    saved = 0
    real_save = ChunkStore.save

    def save_then_stop(self: ChunkStore, key: str, start: int, data: dict[str, object]) -> None:
        nonlocal saved
        if saved == 5:
            raise KeyboardInterrupt  # the designer pressed Ctrl-C
        real_save(self, key, start, data)
        saved += 1

    monkeypatch.setattr(ChunkStore, "save", save_then_stop)
    with pytest.raises(KeyboardInterrupt):
        analyze(game, ["random", "greedy"], 40, seed=6, store=store)
    monkeypatch.setattr(ChunkStore, "save", real_save)
    assert len(list(store.folder.glob("*.json"))) == 5
    played: list[int] = []
    real_run = checkpoint.run_stored

    def counting(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        for data, fresh in real_run(*args, **kwargs):  # type: ignore[arg-type]
            if fresh:
                played.append(1)
            yield data, fresh

    monkeypatch.setattr("clickbox.sim.analytics.run_stored", counting)
    resumed = analyze(game, ["random", "greedy"], 40, seed=6, store=store)
    assert resumed.to_json() == whole.to_json()
    chunks = len(list(store.folder.glob("*.json")))
    assert len(played) == chunks - 5  # the five kept chunks were not played again


def test_analyze_resume_goes_on_from_the_report_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "report"
    argv = ["analyze", "clever", "--players", "1", "--bots", "random", "--games", "10"]
    assert main([*argv, "--report", str(folder), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    for path in sorted((folder / "chunks").glob("*.json"))[3:]:
        path.unlink()  # as if the run had stopped after three chunks
    assert main(["analyze", "--resume", str(folder), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert len((folder / "games.csv").read_text().strip().splitlines()) == 11


def test_resume_of_a_folder_without_a_run_says_so(tmp_path: Path) -> None:
    args = build_parser().parse_args(["analyze", "--resume", str(tmp_path)])
    with pytest.raises(OptionError, match="holds no analysis to resume"):
        cmd_analyze(args, Console())


def test_compare_sets_two_reports_side_by_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["analyze", "clever", "--players", "1", "--games", "8", "--json"]
    assert main([*argv, "--bots", "greedy", "--report", str(tmp_path / "a")]) == 0
    assert main([*argv, "--bots", "greedy:never=plus1", "--report", str(tmp_path / "b")]) == 0
    capsys.readouterr()
    a, b = tmp_path / "a" / "analysis.json", tmp_path / "b" / "analysis.json"
    assert main(["analyze", "--compare", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "B - A [95%]" in out and "+1s used" in out
    with pytest.raises(OptionError, match="name a game"):
        cmd_analyze(build_parser().parse_args(["analyze"]), Console())


def test_progress_without_a_terminal_is_a_log_line_every_tenth(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from clickbox.cli.progress import ProgressLog

    with ProgressLog("analyze clever", 100) as progress:
        for _ in range(20):
            progress.advance(5)
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 10  # 10%, 20%, ... 100%: a batch job's log shows the run advance
    assert lines[0].startswith("analyze clever: 10/100 games (10%), ")
    assert lines[-1].startswith("analyze clever: 100/100 games (100%), ")
    assert all("games/s, about" in line for line in lines)
