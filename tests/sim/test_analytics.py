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
from clickbox.sim.analytics_report import load_report_setups, summary_rows
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
    saved, skills = load_report_setups(report / "analysis.json")
    assert [setting for setting, _ in saved] == [
        {"freddy_scares": "section"},
        {"freddy_scares": "all"},
    ]
    assert all(analysis.games == 8 for _, analysis in saved)
    assert skills is not None and all(skill.deals == 8 for skill in skills)
    assert not math.isnan(saved[0][1].decisions.mean)


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


def test_a_shared_win_is_split_for_the_tests_and_counted_for_each_sharer_in_the_win_rate() -> None:
    analysis = Analysis("x", ["a", "b", "c"])
    analysis.add_winners([0, 2], ["carla", None, "jill"])  # shared by seats 1 and 3
    analysis.add_winners([1], ["jill", "carla", None])
    analysis.add_winners([], None)  # nobody won
    assert analysis.games == 3 and analysis.shared_wins == 1
    assert analysis.wins == [1, 1, 1]
    assert analysis.credit == [0.5, 1.0, 0.5]
    assert analysis.sole_wins == [0, 1, 0]
    assert analysis.character_games == {"carla": [1, 1, 0], "jill": [1, 0, 1]}
    assert analysis.character_wins == {"carla": [1, 1, 0], "jill": [0, 0, 1]}
    assert analysis.character_credit == {"carla": [0.5, 1.0, 0.0], "jill": [0.0, 0.0, 0.5]}
    assert analysis.character_record("carla") == (2, 2, 1.5)
    assert analysis.win_share(0).value == pytest.approx(0.5 / 3)
    assert analysis.win_rate(0).value == pytest.approx(1 / 3)


def test_per_seat_character_counts_merge_and_survive_json() -> None:
    game = load("click-click-boom", players=4)
    first = analyze(game, ["random"] * 4, 4, seed=6)
    second = Analysis.from_json(json.loads(json.dumps(first.to_json())))
    assert second.to_json() == first.to_json()
    second.merge(first)
    for name, seats in first.character_games.items():
        assert second.character_games[name] == [2 * g for g in seats]
        assert second.character_credit[name] == [2 * c for c in first.character_credit[name]]
    assert sum(sum(seats) for seats in second.character_games.values()) == 8 * 4
    # each game won counts one credit in all, whether won alone or shared
    assert sum(second.credit) == pytest.approx(sum(second.sole_wins) + second.shared_wins)


def test_play_and_measure_returns_the_row_of_the_game_it_added() -> None:
    from clickbox.sim.analytics import play_and_measure

    game = load("click-click-boom", players=3)
    analysis = Analysis(game.spec(), ["random"] * 3)
    rows = [play_and_measure(game, ["random"] * 3, 9, index, analysis) for index in range(5)]
    assert json.loads(json.dumps(rows)) == rows
    assert [row["index"] for row in rows] == list(range(5)) and len({r["seed"] for r in rows}) == 5
    for seat in range(3):
        assert sum(row["scores"][seat] for row in rows) == pytest.approx(
            analysis.scores[seat].total
        )
        assert sum(seat in row["winners"] for row in rows) == analysis.wins[seat]
    assert sum(row["decisions"] for row in rows) == analysis.decisions.total
    assert all(len(row["characters"]) == 3 and all(row["characters"]) for row in rows)
    clever = load("clever", players=1)
    row = play_and_measure(clever, ["random"], 1, 0, Analysis(clever.spec(), ["random"]))
    assert row["characters"] == [None] and row["ending"]


def test_only_what_survives_holm_is_marked() -> None:
    from clickbox.sim.stats import binomial_test

    analysis = Analysis("x", ["a"] * 4, games=400, wins=[130, 90, 90, 90])
    seats = analysis.fair_share_tests("seat")
    assert [t.label for t in seats if t.marked] == ["seat 1"]
    p = [binomial_test(w, 400, 0.25) for w in (130, 90, 90, 90)]
    # seat 1 has the smallest p: times m = 4; the three tied others: 3 * p, raised to monotone
    assert seats[0].adjusted == pytest.approx(4 * p[0])
    assert seats[1].adjusted == pytest.approx(min(1.0, 3 * p[1]))
    assert analysis.seat_advantage()["significant"]
    mixed = Analysis("x", ["strong", "weak", "weak"], games=300, wins=[150, 75, 75])
    (strong, weak) = mixed.fair_share_tests("bot")
    assert (strong.label, strong.credit, weak.credit) == ("strong", 150, 150)
    assert strong.fair == pytest.approx(1 / 3) and weak.fair == pytest.approx(2 / 3)
    assert strong.marked and weak.marked  # 50% against 1/3 and 2/3, p far below 0.05 / 2


def test_nothing_is_significant_in_a_small_sample() -> None:
    small = Analysis("x", ["a"] * 4, games=40, wins=[25, 5, 5, 5])
    assert small.small_sample()
    assert not any(t.marked for t in small.fair_share_tests())
    assert small.fair_share_tests("seat")[0].adjusted < 0.05  # the p alone would mark it
    assert not small.seat_advantage()["significant"]
    # 400 games, but a character seen twice expects 0.5 wins: too few to test
    rare = Analysis("x", ["a"] * 4, games=400, wins=[130, 90, 90, 90])
    rare.character_games = {"x": [1, 1, 0, 0]}
    rare.character_wins = {"x": [0, 0, 0, 0]}
    rare.character_credit = {"x": [0.0, 0.0, 0.0, 0.0]}
    assert rare.small_sample() and not any(t.marked for t in rare.fair_share_tests())


def test_old_analyses_still_load() -> None:
    path = Path(__file__).resolve().parent / "data" / "old-boom-analysis.json"  # before 38
    saved = json.loads(path.read_text())
    items = saved["setups"] if isinstance(saved, dict) else saved
    analysis = Analysis.from_json(items[0]["analysis"])
    assert analysis.games > 0 and len(analysis.credit) == len(analysis.bots)
    assert "credit" not in items[0]["analysis"]  # the older shape: read from the wins
    assert analysis.credit == [float(w) for w in analysis.wins]
    assert "carla" in analysis.characters()
    games, wins, _ = analysis.character_record("carla")
    assert games == analysis.levers["win rate: carla"].n and 0 < wins < games
    rate = analysis.lever("ability used: carla")
    assert 0 <= rate.low <= rate.value <= rate.high <= 1  # Wilson, not a normal interval
