"""Balance analytics: the figures agree with the games played, whatever the worker count."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from clickbox.core import OptionError
from clickbox.games import CATALOG, load
from clickbox.sim.analytics import Analysis, _chi2_survival, analyze, sweep
from clickbox.sim.analytics_report import summary_rows
from clickbox.sim.series import chunks, run_series
from clickbox.sim.stats import summarize


def test_the_figures_are_those_of_the_same_games_played_as_a_series() -> None:
    game = load("clickety-clack", players=3)
    bots = ["random", "greedy", "random"]
    analysis = analyze(game, bots, 30, seed=4)
    records = list(run_series(game, bots, 30, seed=4))
    for seat, summary in enumerate(summarize(records)):
        assert analysis.wins[seat] == summary.wins
        assert analysis.scores[seat].mean == pytest.approx(summary.mean_score.value)
    assert analysis.games == 30
    assert analysis.shared_wins == sum(1 for r in records if r.outcome and r.outcome.shared)
    assert sum(analysis.length_counts.values()) == 30
    assert sum(analysis.endings.values()) == 30
    played = [
        sum(1 for a in r.actions if not a.startswith("r")) for r in records
    ]  # Clickety Clack's chance outcomes are the r-moves
    assert analysis.decisions.mean == pytest.approx(sum(played) / 30)


def test_the_figures_do_not_depend_on_the_worker_count() -> None:
    game = load("click-click-boom", players=3)
    one = analyze(game, ["random"] * 3, 40, seed=2, workers=1)
    two = analyze(game, ["random"] * 3, 40, seed=2, workers=2)
    assert one.to_json() == two.to_json()


def test_chunks_cover_the_games_once_and_stay_bounded() -> None:
    for games in (1, 7, 64, 1000, 1_000_000):
        runs = chunks(games)
        assert sum(count for _, count in runs) == games
        assert [start for start, _ in runs] == sorted({start for start, _ in runs})
        assert max(count for _, count in runs) <= 2000 and len(runs) <= 500


def test_analyses_saved_apart_merge_into_the_whole() -> None:
    game = load("clever", players=1)
    whole = analyze(game, ["greedy"], 20, seed=3)
    first = Analysis.from_json(json.loads(json.dumps(whole.to_json())))
    assert first.to_json() == whole.to_json()
    first.merge(Analysis.from_json(whole.to_json()))
    assert first.games == 40 and first.wins == [40]
    assert first.scores[0].mean == pytest.approx(whole.scores[0].mean)


def test_the_seat_advantage_test_reads_the_chi_square_tables() -> None:
    assert _chi2_survival(3.841459, 1) == pytest.approx(0.05, abs=1e-5)
    assert _chi2_survival(5.991465, 2) == pytest.approx(0.05, abs=1e-5)
    assert _chi2_survival(11.344867, 3) == pytest.approx(0.01, abs=1e-5)
    analysis = Analysis("x", ["a", "b"], games=200, wins=[130, 70])
    assert analysis.seat_advantage()["significant"]
    fair = Analysis("x", ["a", "b"], games=200, wins=[102, 98])
    assert not fair.seat_advantage()["significant"]


@pytest.mark.parametrize("name", [cls.name for cls in CATALOG.games])
def test_every_game_reports_its_own_levers(name: str) -> None:
    game = load(name)
    analysis = analyze(game, ["random"] * game.num_players, 12, seed=5)
    assert analysis.levers and analysis.branching.mean >= 1
    means = {key: moments.mean for key, moments in analysis.levers.items()}
    if game.key == "clever":  # the areas and the foxes add up to the score
        areas = sum(means[f"points: {a}"] for a in ("yellow", "blue", "green", "orange", "purple"))
        scores = sum(m.mean for m in analysis.scores) / game.num_players
        assert areas + means["points: foxes"] == pytest.approx(scores)
    if game.key == "clack":
        kinds = ("hazelnut", "blueberry", "chestnut", "fir-cone")
        assert sum(means[f"discs: {k}"] for k in kinds) == pytest.approx(means["discs"])
    if game.key == "boom":
        rates = [v for k, v in means.items() if k.startswith("win rate: ")]
        assert rates and all(0 <= r <= 1 for r in rates)
    if game.key == "clickety":
        spaces = game.new_initial_state().view(None)["board"]["spaces"]
        rows = [v for k, v in means.items() if k.startswith("row ")]
        assert rows and all(0 <= r <= spaces for r in rows)


def test_a_sweep_compares_option_values_on_the_same_seeds() -> None:
    setups = sweep("clickety-clack", 2, ["random"], ["side=A,B"], 10, seed=1)
    assert [setting for setting, _ in setups] == [{"side": "A"}, {"side": "B"}]
    assert setups[1][1].game == "clickety-clack(players=2,side=B)"
    rows = dict(summary_rows(setups))
    assert len(rows["seat 1 win rate"]) == 2
    with pytest.raises(OptionError, match="KEY=V1"):
        sweep("clickety-clack", 2, None, ["side"], 10, seed=1)


def test_clickbox_analyze_writes_a_report(tmp_path: Path) -> None:
    report = tmp_path / "report"
    done = subprocess.run(
        [
            *(sys.executable, "-m", "clickbox", "analyze", "click-clack", "--players", "2"),
            *("--bots", "random", "--games", "8", "--sweep", "freddy_scares=section,all"),
            *("--skill", "random,memory"),
            *("--report", str(report)),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "seat 1 win rate" in done.stdout and "freddy_scares=all" in done.stdout
    assert "the weaker bot wins" in done.stdout
    names = {p.name for p in report.iterdir()}
    assert {"index.html", "summary.md", "figures.csv", "analysis.json"} <= names
    assert {"win-rate-by-seat.png", "scores.png", "length.png"} <= names
    page = (report / "index.html").read_text()
    assert page.count("data:image/png;base64,") == 3
    saved = json.loads((report / "analysis.json").read_text())
    assert [item["setting"] for item in saved] == [
        {"freddy_scares": "section"},
        {"freddy_scares": "all"},
    ]
    assert all(Analysis.from_json(item["analysis"]).games == 8 for item in saved)
    assert all(len(item["skill"]["weak_scores"]) == 8 for item in saved)
    assert not math.isnan(Analysis.from_json(saved[0]["analysis"]).decisions.mean)


def test_lead_changes_count_the_lead_passing_to_another_seat() -> None:
    from clickbox.sim.analytics import _lead_changes

    assert _lead_changes([0, 0, 1, 1, 0]) == 2
    assert _lead_changes([0, -1, 0, -1, -1, 0]) == 0  # ties for the lead pass nothing
    assert _lead_changes([-1, 1, -1, 0]) == 1
    assert _lead_changes([]) == 0
    analysis = analyze(load("clickety-clack", players=2), ["random", "greedy"], 30, seed=3)
    sole = analysis.games - analysis.shared_wins
    assert analysis.lead_changes.n == analysis.winner_known.n == sole
    assert 0 <= analysis.winner_known.low <= analysis.winner_known.high <= 1


def test_luck_against_skill_on_the_same_deals() -> None:
    from clickbox.sim.analytics import Skill, skill

    solo = skill(load("clever", players=1), "random", "greedy", 20, seed=2)
    assert solo.deals == 20 and solo.mixed_games == 0
    shares = solo.variance_shares()
    assert sum(shares.values()) == pytest.approx(1.0)
    assert shares["skill"] > shares["luck"]  # greedy far outscores random at Clever
    assert solo.weak_beats_strong().value < 0.2
    duel = skill(load("clickety-clack", players=2), "random", "greedy", 20, seed=2, workers=2)
    assert duel.mixed_games == 20 and duel.strong_seat_wins + duel.weak_seat_wins <= 20
    assert duel.strong_win_rate().value > 0.5
    assert Skill.from_json(duel.to_json()) == duel
    by_hand = Skill("x", "a", "b", weak_scores=[1.0, 3.0], strong_scores=[3.0, 5.0])
    assert by_hand.variance_shares() == pytest.approx({"skill": 0.5, "luck": 0.5, "rest": 0.0})
