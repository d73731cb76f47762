"""Automatic tuning: parameter and target texts, the fitness, NTBEA, and ``clickbox tune``."""

from __future__ import annotations

import io
import json
import math
import random
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from clickbox.cli.main import main
from clickbox.core import OptionError
from clickbox.core.variant import Variant
from clickbox.games import load
from clickbox.sim.analytics import Analysis, Moments, analyze
from clickbox.sim.tune import (
    check_targets,
    fitness,
    measure,
    ntbea,
    parse_param,
    parse_target,
    tune,
)

BOOM = load("click-click-boom", players=4)
SPECS = BOOM.Params.option_specs()


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None, force_terminal=False)
    return main(list(argv), console=console), out.getvalue()


# -- parameters -----------------------------------------------------------------------------------


def test_a_range_takes_every_whole_number_and_a_step_keeps_the_top() -> None:
    assert parse_param("start_silver=0..20", SPECS).values == tuple(range(21))
    assert parse_param("start_silver=0..20:5", SPECS).values == (0, 5, 10, 15, 20)
    assert parse_param(" start_silver = 3..10:4 ", SPECS).values == (3, 7, 10)
    assert parse_param("shootouts=2,5, 2", SPECS).values == (2, 5)
    assert parse_param("characters=random,none", SPECS).values == ("random", "none")
    assert parse_param("claims=yes,no", SPECS).values == (True, False)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("start_silver", "a parameter is KEY=LOW..HIGH"),
        ("start_silver=", "a parameter is KEY=LOW..HIGH"),
        ("start_silver=a..b", "a range is LOW..HIGH"),
        ("start_silver=9..2", "runs backwards"),
        ("start_silver=0..9:0", "step of '0..9:0' must be at least 1"),
        ("nope=0..9", "unknown option 'nope'; the options are: mode"),
        ("start_silver=0..101", "option 'start_silver' must be an integer 0..100 (got 101)"),
        ("shootouts=0,3", "option 'shootouts' must be an integer 1..9 (got '0')"),
        ("characters=random,all", "option 'characters' must be random"),
        ("characters=0..3", "characters is not a whole number"),
    ],
)
def test_a_bad_parameter_is_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(OptionError) as caught:
        parse_param(text, SPECS)
    assert words in str(caught.value)


# -- targets --------------------------------------------------------------------------------------


def test_targets_read_bands_and_bounds() -> None:
    band = parse_target("character_win_rate in [0.20, 0.30]")
    assert (band.figure, band.key, band.low, band.high) == ("character_win_rate", None, 0.2, 0.3)
    at_most = parse_target("length <= 40")
    assert (at_most.low, at_most.high, at_most.met(40), at_most.met(40.5)) == (
        -math.inf,
        40,
        True,
        False,
    )
    below = parse_target("length < 40")
    assert not below.met(40) and below.met(39.9)
    above = parse_target("seat_win_rate[2] > 0.1", players=4)
    assert (above.key, above.low, above.met(0.1), above.met(0.11)) == ("2", 0.1, False, True)
    keyed = parse_target("lever[win rate: carla] >= 1e-1")
    assert (keyed.key, keyed.low) == ("win rate: carla", 0.1)
    assert parse_target("ending[most coins] IN [0, 1]").label == "ending[most coins]"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("fun in [0, 1]", "unknown figure 'fun'; the figures are: length,"),
        ("length about 40", "a target is FIGURE in [LOW, HIGH], FIGURE <= X or FIGURE >= X"),
        ("length in [40]", "a target is FIGURE in [LOW, HIGH]"),
        ("length <= forty", "a target is FIGURE"),
        ("length in [0.3, 0.2]", "runs backwards"),
        ("length[3] <= 40", "length takes no [3]"),
        ("lever >= 1", "lever names what it measures: lever[NAME]"),
        ("seat_win_rate[5] <= 0.3", "seat_win_rate[N] counts seats from 1 to 4 (got '5')"),
        ("mean_score[0] <= 3", "counts seats from 1 to 4"),
    ],
)
def test_a_bad_target_is_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(OptionError) as caught:
        parse_target(text, players=4)
    assert words in str(caught.value)


def hand_built() -> Analysis:
    """Ten games of two seats, figures chosen to make the fitness easy to work out."""
    analysis = Analysis("some-game(players=2)", ["random", "random"], games=10, wins=[7, 3])
    for value in [40.0, 60.0]:
        analysis.decisions.add(value)  # length 50
    carla = Moments()
    for won in [1.0, 1.0, 1.0, 1.0, 0.0]:
        carla.add(won)  # 4 of 5: 0.8
    jill = Moments()
    for won in [0.0, 0.0, 1.0, 0.0]:
        jill.add(won)  # 1 of 4: 0.25
    analysis.levers = {"win rate: carla": carla, "win rate: jill": jill, "coins": Moments()}
    analysis.endings.update({"most coins": 10})
    return analysis


def test_the_fitness_is_the_normalized_distance_outside_the_bands() -> None:
    analysis = hand_built()
    # seat 1 wins 0.7, seat 2 0.3: each 0.1 outside a band 0.2 wide
    assert fitness(analysis, [parse_target("seat_win_rate in [0.4, 0.6]")]) == pytest.approx(1.0)
    # length 50: 10 above 40, normalized by 40
    assert fitness(analysis, [parse_target("length <= 40")]) == pytest.approx(0.25)
    assert fitness(analysis, [parse_target("length >= 100")]) == pytest.approx(0.5)
    # carla 0.8: 0.5 above a band 0.1 wide; jill 0.25 inside
    every = parse_target("character_win_rate in [0.2, 0.3]")
    assert fitness(analysis, [every]) == pytest.approx(5.0)
    assert fitness(analysis, [parse_target("character_win_rate[Jill] in [0.2, 0.3]")]) == 0
    # a figure these games could not measure (a lever never recorded) counts 1
    assert fitness(analysis, [parse_target("lever[coins] <= 3")]) == 1.0
    assert fitness(analysis, [parse_target("ending[most coins] >= 0.5")]) == 0
    assert fitness(analysis, [parse_target("shared_wins <= 0")]) == 0
    both = [parse_target("length <= 40"), every]
    assert fitness(analysis, both) == pytest.approx(5.25)


def test_measured_figures_say_whether_the_value_and_the_interval_meet_the_band() -> None:
    analysis = hand_built()
    figures = {f.name: f for f in measure(analysis, [parse_target("seat_win_rate <= 0.85")])}
    seat1, seat2 = figures["seat_win_rate[1]"], figures["seat_win_rate[2]"]
    assert seat1.value == pytest.approx(0.7) and seat1.met and not seat1.sure  # Wilson: 0.89
    assert seat2.met and seat2.sure
    (jill,) = measure(analysis, [parse_target("character_win_rate[jill] >= 0.3")])
    assert (jill.name, jill.met, jill.sure) == ("character_win_rate[jill]", False, False)
    assert jill.low < 0.25 < jill.high


def test_a_figure_the_game_does_not_have_is_refused_listing_those_it_has() -> None:
    analysis = hand_built()
    check_targets([parse_target("character_win_rate[carla] <= 0.3")], analysis)
    for text, figure in [
        ("character_win_rate[bob] <= 0.3", "character_win_rate[bob]"),
        ("lever[foxes] <= 3", "lever[foxes]"),
        ("ending[draw] <= 0.1", "ending[draw]"),
        ("lead_changes <= 3", "lead_changes"),
    ]:
        with pytest.raises(OptionError) as caught:
            check_targets([parse_target(text)], analysis)
        message = str(caught.value)
        assert message.startswith(f"{figure} was not measured in 10 games")
        assert "character_win_rate[carla]" in message and "lever[win rate: jill]" in message
        assert "ending[most coins]" in message


# -- NTBEA ----------------------------------------------------------------------------------------

SPACE: list[list[Any]] = [list(range(21)), list(range(21)), ["a", "b", "c"]]


def cost(point: tuple[object, ...]) -> float:
    """Best at (13, 4, 'b')."""
    x, y, z = point
    assert isinstance(x, int) and isinstance(y, int)
    return abs(x - 13) / 10 + abs(y - 4) / 10 + (0.0 if z == "b" else 0.5)


def noisy(seed: int, calls: list[int]) -> Callable[[list[tuple[object, ...]]], list[float]]:
    """The cost with noise of 3 steps (sd 0.3), counting the points asked at each call."""
    noise = random.Random(seed)

    def evaluate(points: list[tuple[object, ...]]) -> list[float]:
        calls.append(len(points))
        return [cost(p) + noise.gauss(0, 0.3) for p in points]

    return evaluate


def test_ntbea_finds_the_optimum_of_a_noisy_function() -> None:
    found = []
    for seed in range(10):
        calls: list[int] = []
        run = ntbea(SPACE, noisy(100 + seed, calls), 150, random.Random(seed))
        assert len(run.history) == 150 and set(calls) == {1}
        found.append(cost(run.best))
    # 9261 points, 150 noisy looks: the best by the model is at or near the optimum
    assert sorted(found)[5] <= 0.1 and max(found) <= 0.4, found
    # random search with as many looks does worse: the noise fools it
    misses = []
    for seed in range(10):
        rng, evaluate = random.Random(seed), noisy(100 + seed, [])
        looks = [tuple(rng.choice(values) for values in SPACE) for _ in range(150)]
        values = evaluate(looks)
        misses.append(cost(looks[values.index(min(values))]))
    assert sum(misses) > 2 * sum(found), (misses, found)


def test_ntbea_in_batches_keeps_the_budget_and_its_seed() -> None:
    def evaluate(points: list[tuple[object, ...]]) -> list[float]:
        assert 1 <= len(points) <= 3
        return [cost(p) for p in points]

    first = ntbea(SPACE, evaluate, 40, random.Random(5), batch=3, start=[0, 0, "a"])
    again = ntbea(SPACE, evaluate, 40, random.Random(5), batch=3, start=[0, 0, "a"])
    assert len(first.history) == 40 and first.history == again.history
    assert first.values(first.history[0][0]) == (0, 0, "a")
    assert cost(first.best) < cost((0, 0, "a"))


# -- tuning a game --------------------------------------------------------------------------------


def test_a_tune_is_the_same_for_the_same_seed_and_refused_combinations_are_skipped() -> None:
    def small(seed: int) -> dict[str, Any]:
        result = tune(
            "click-click-boom",
            4,
            ["random"],
            ["boom_cards=1..2", "start_silver=4,12"],  # 2 BOOM cards make a hand of 7: refused
            ["character_win_rate in [0.05, 0.6]"],
            budget_games=48,
            games_per_eval=12,
            seed=seed,
            remeasure_games=12,
            top=2,
        )
        return result.to_json()

    first = small(4)
    assert first == small(4)
    assert [e["index"] for e in first["evaluations"]] == list(range(len(first["evaluations"])))
    played = [e for e in first["evaluations"] if not e["error"]]
    assert len(played) == 4 and all(e["games"] == 12 for e in played)
    refused = [e for e in first["evaluations"] if e["error"]]
    assert all(e["params"]["boom_cards"] == 2 and e["games"] == 0 for e in refused)
    assert all("starting hand" in e["error"] for e in refused)
    assert all(c["params"]["boom_cards"] == 1 for c in first["best"])
    assert len({e["seed"] for e in played}) == 4  # every evaluation on fresh seeds
    other = small(5)
    assert {e["seed"] for e in other["evaluations"]}.isdisjoint({e["seed"] for e in played})


def test_clickbox_tune_finds_a_boom_variant_with_every_character_in_the_band(
    tmp_path: Path,
) -> None:
    """The task of issue 38: from a variant where Carla wins too often (no Steal cards: about
    half the games she is in), find one where every character's win rate lies in the band, and
    re-measure it."""
    variant, report = tmp_path / "V.toml", tmp_path / "report"
    code, out = run_cli(
        "tune",
        "click-click-boom",
        "--players",
        "4",
        "--bots",
        "random",
        "--option",
        "steal_cards=0",
        "--param",
        "steal_cards=0..2",
        "--param",
        "boom_cards=0..1",
        "--target",
        "character_win_rate in [0.10, 0.47]",
        "--budget",
        "300",
        "--games-per-eval",
        "50",
        "--remeasure-games",
        "200",
        "--top",
        "2",
        "--seed",
        "3",
        "--save-variant",
        str(variant),
        "--report",
        str(report),
    )
    assert code == 0, out
    assert "best variants, re-measured over 200 games" in out
    assert "character_win_rate[carla]" in out
    saved = Variant.load(variant)
    assert saved.game == "click-click-boom" and saved.players == 4
    data = json.loads((report / "tune.json").read_text())
    best = data["best"][0]
    assert saved.options == best["options"]
    rates = [f for f in best["figures"] if f["name"].startswith("character_win_rate[")]
    assert len(rates) == 6  # every character of the box played
    assert all(0.10 <= f["value"] <= 0.50 and f["met"] for f in rates)
    assert best["met"] and best["fitness"] == 0
    # the search started from the variant given, and moved away from it
    assert data["evaluations"][0]["params"] == {"steal_cards": 0, "boom_cards": 1}
    assert best["params"]["steal_cards"] != 0
    # the re-measure is what `analyze` gives for the saved variant on the re-measure's seed
    game = load(saved.game, saved.players, options=saved.options)
    again = analyze(game, ["random"] * 4, 200, best["seed"])
    for figure in rates:
        name = figure["name"][len("character_win_rate[") : -1]
        lever = again.levers[f"win rate: {name}"]
        assert figure["value"] == pytest.approx(lever.total / lever.n)
    # the searched evaluations are on other seeds than the re-measure
    assert best["seed"] not in {e["seed"] for e in data["evaluations"]}
    assert sum(e["games"] for e in data["evaluations"]) == 300
    for name in ("tune.md", "index.html", "evaluations.csv", "best-1.toml", "best-2.toml"):
        assert (report / name).is_file(), name
    assert "<title>Click Click Boom: tune</title>" in (report / "index.html").read_text()
    rows = (report / "evaluations.csv").read_text().splitlines()
    assert rows[0].startswith("evaluation,games,seed,steal_cards,boom_cards,fitness,")
    assert len(rows) == 1 + sum(1 for e in data["evaluations"] if not e["error"])
    with (report / "best-1.toml").open("rb") as handle:
        assert tomllib.load(handle)["options"] == best["options"]


def test_a_pool_of_workers_plays_each_evaluation_as_analyze_would(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run_cli(
        "tune",
        "click-click-boom",
        "--players",
        "4",
        "--bots",
        "random",
        "--param",
        "start_gold=0..3",
        "--target",
        "length <= 100",
        "--target",
        "shared_wins <= 0.1",
        "--budget",
        "60",
        "--games-per-eval",
        "15",
        "--remeasure-games",
        "10",
        "--top",
        "1",
        "--workers",
        "2",
        "--json",
    )
    assert code == 0, out
    data = json.loads(capsys.readouterr().out)  # --json prints the result alone
    assert data["workers"] == 2 and len(data["evaluations"]) == 4
    targets = [parse_target(text) for text in data["targets"]]
    for evaluation in data["evaluations"][:2]:
        game = load("click-click-boom", 4, options=evaluation["params"])
        analysis = analyze(game, ["random"] * 4, 15, evaluation["seed"])
        assert evaluation["fitness"] == pytest.approx(fitness(analysis, targets))
        length = evaluation["figures"][0]
        assert length["name"] == "length" and length["value"] == pytest.approx(
            analysis.decisions.mean
        )


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--param", "start_silver=0..200"], "must be an integer 0..100"),
        (["--param", "nope=1..2"], "unknown option 'nope'"),
        (["--param", "start_silver=0..5", "--param", "start_silver=7"], "searched twice"),
        (["--param", "start_silver=0..5", "--target", "fun <= 1"], "unknown figure 'fun'"),
        (
            ["--param", "start_silver=0..5", "--target", "lever[foxes] <= 1"],
            "lever[foxes] was not measured",
        ),
        (["--param", "start_silver=0..5", "--budget", "5"], "less than one evaluation"),
    ],
)
def test_clickbox_tune_refuses_bad_input_in_words(extra: list[str], words: str) -> None:
    argv = ["tune", "click-click-boom", "--bots", "random", "--games-per-eval", "10"]
    if "--target" not in extra:
        extra = [*extra, "--target", "length <= 100"]
    code, out = run_cli(*argv, *extra)
    assert code == 2
    assert words in " ".join(out.split())


def test_clickbox_tune_starts_from_a_variant_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = Variant("click-click-boom", {"steal_cards": 0, "start_gold": 2}, players=3)
    path = start.save(tmp_path / "start.toml")
    argv = ["tune", "click-click-boom", "--variant", str(path), "--bots", "random"]
    tuning = ["--param", "steal_cards=0..1", "--target", "length <= 500", "--json"]
    sizes = ["--budget", "10", "--games-per-eval", "5", "--remeasure-games", "4", "--top", "1"]
    code, out = run_cli(*argv, *tuning, *sizes)
    assert code == 0, out
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "click-click-boom(players=3,steal_cards=0,start_gold=2)"
    assert data["evaluations"][0]["params"] == {"steal_cards": 0}
    assert data["best"][0]["options"]["start_gold"] == 2  # the variant's other numbers stay
    code, out = run_cli("tune", "clever", "--variant", str(path), *tuning, *sizes)
    assert code == 2 and "is a variant of click-click-boom, not of clever" in out
