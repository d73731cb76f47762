"""The arena: seat rotations on shared seeds, statistics, Elo, worker independence, reports."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any

import pytest

from clickbox.bots import GreedyBot, registry
from clickbox.core import CHANCE, OptionError, play
from clickbox.games import load
from clickbox.sim import game_seed, proportion_interval, rotations, run_arena, write_report
from clickbox.sim.arena import GameResult, analyse, fit_elo, pair_result

PNG = b"\x89PNG\r\n\x1a\n"
TIMING = {"seconds", "longest", "workers", "ms_per_decision", "max_ms_per_decision"}


def _untimed(data: Any) -> Any:
    """``data`` without the wall-clock fields (the only ones a worker count may change)."""
    if isinstance(data, dict):
        return {k: _untimed(v) for k, v in data.items() if k not in TIMING}
    if isinstance(data, list):
        return [_untimed(v) for v in data]
    return data


def test_rotations_put_every_bot_in_every_seat() -> None:
    seatings = rotations(["hard", "a", "b", "c"])
    assert seatings[0] == ("hard", "a", "b", "c")
    assert seatings[1] == ("c", "hard", "a", "b")
    assert len(seatings) == 4
    for seat in range(4):
        assert sorted(s[seat] for s in seatings) == ["a", "b", "c", "hard"]


def test_rotations_that_seat_the_same_bots_are_played_once() -> None:
    assert rotations(["x"]) == [("x",)]
    assert rotations(["hard", "hard"]) == [("hard", "hard")]
    assert rotations(["a", "b", "a", "b"]) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    seatings = rotations(["hard", "rulebased", "rulebased", "rulebased"])
    assert len(seatings) == 4
    assert [s.index("hard") for s in seatings] == [0, 1, 2, 3]


def test_every_deal_is_played_in_every_rotation_on_one_seed() -> None:
    game = load("clickety-clack", players=3)
    result = run_arena(game, ["greedy", "random", "random"], deals=3, seed=7)
    assert result.headline() == "3 deals x 3 rotations = 9 games"
    assert [(g.deal, g.rotation) for g in result.games] == [
        (d, r) for d in range(3) for r in range(3)
    ]
    for g in result.games:
        assert g.seed == game_seed(7, g.deal)
        assert g.bots == result.seatings[g.rotation]
    for deal in range(3):
        seats_of_greedy = {g.bots.index("greedy") for g in result.games if g.deal == deal}
        assert seats_of_greedy == {0, 1, 2}
    assert result.stats_for("greedy").games == 9 and result.stats_for("random").games == 18


def _leading_chance(game_name: str, actions: tuple[str, ...], players: int) -> list[int]:
    """The chance outcomes a record starts with, before any seat decides."""
    state = load(game_name, players=players).new_initial_state()
    outcomes = []
    for text in actions:
        if state.current_player() != CHANCE:
            break
        outcomes.append(play(state, text))
    return outcomes


def test_equal_bots_in_swapped_seats_replay_the_same_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Same seed, same chance stream, same per-seat bot RNGs: only the seating differs."""
    monkeypatch.setitem(registry.BOTS, "twin", GreedyBot)
    game = load("clickety-clack", players=2)
    result = run_arena(game, ["greedy", "twin"], deals=3, seed=5, keep_records=True)
    for deal in range(3):
        first, second = (g for g in result.games if g.deal == deal)
        assert first.record is not None and second.record is not None
        assert first.bots == ("greedy", "twin") and second.bots == ("twin", "greedy")
        assert first.record.actions == second.record.actions
        assert first.scores == second.scores
        assert _leading_chance("clickety-clack", first.record.actions, 2)
    # Different bots diverge, but the dice before the first decision are the same.
    mixed = run_arena(game, ["greedy", "random"], deals=2, seed=5, keep_records=True)
    for deal in range(2):
        chances = [
            _leading_chance("clickety-clack", g.record.actions, 2)
            for g in mixed.games
            if g.deal == deal and g.record is not None
        ]
        assert len(chances) == 2 and chances[0] == chances[1] and chances[0]


def test_results_do_not_depend_on_the_worker_count() -> None:
    game = load("clickety-clack", players=2)
    one = run_arena(game, ["greedy", "random"], deals=4, seed=3, workers=1)
    two = run_arena(game, ["greedy", "random"], deals=4, seed=3, workers=2)
    assert [g.outcome_key() for g in one.games] == [g.outcome_key() for g in two.games]
    assert [g.decisions for g in one.games] == [g.decisions for g in two.games]
    assert _untimed(one.to_json(games=True)) == _untimed(two.to_json(games=True))


def test_the_stronger_bot_gets_the_higher_elo() -> None:
    game = load("clickety-clack", players=2)
    result = run_arena(game, ["random", "greedy"], deals=12, seed=2)
    greedy, rand = result.stats_for("greedy"), result.stats_for("random")
    assert greedy.elo is not None and rand.elo is not None
    assert greedy.elo.value > rand.elo.value
    assert greedy.elo.value + rand.elo.value == pytest.approx(3000)
    assert greedy.elo.low <= greedy.elo.value <= greedy.elo.high
    assert greedy.win_rate.value > rand.win_rate.value
    assert result.pair_stats[0].a == "random" and result.pair_stats[0].a_score < 0.5


def _game(
    deal: int,
    rotation: int,
    bots: tuple[str, str],
    scores: tuple[float, float],
    winners: tuple[int, ...],
) -> GameResult:
    return GameResult(
        deal=deal,
        rotation=rotation,
        seed=100 + deal,
        bots=bots,
        scores=scores,
        winners=winners,
        decisions=(2, 4),
        seconds=(0.002, 0.004),
        longest=(0.0015, 0.003),
    )


def test_statistics_agree_with_a_hand_computation() -> None:
    g, r = "greedy", "random"
    games = [
        _game(0, 0, (g, r), (10, 4), (0,)),
        _game(0, 1, (r, g), (6, 6), (0, 1)),  # a shared victory
        _game(1, 0, (g, r), (2, 8), (1,)),
        _game(1, 1, (r, g), (5, 9), (1,)),
    ]
    result = analyse(load("clickety-clack", players=2), [g, r], seed=1, results=games)
    greedy, rand = result.stats_for(g), result.stats_for(r)
    # greedy scores 10, 6 | 2, 9: per-deal means 8 and 5.5.
    assert greedy.games == 4 and greedy.mean_score.value == pytest.approx(6.75)
    half = 1.959963984540054 * math.sqrt(((8 - 6.75) ** 2 + (5.5 - 6.75) ** 2) / 2)
    assert greedy.mean_score.high == pytest.approx(6.75 + half)
    assert (greedy.min_score, greedy.median_score, greedy.max_score) == (2, 7.5, 10)
    assert greedy.wins == 3 and greedy.win_rate == proportion_interval(3, 4)
    assert greedy.win_share == pytest.approx((1 + 0.5 + 0 + 1) / 4)
    assert rand.wins == 2 and rand.win_share == pytest.approx((0.5 + 1) / 4)
    # Head to head: a win, a draw (both won, equal scores), a loss, a win.
    pair = result.pair_stats[0]
    assert (pair.a, pair.a_wins, pair.draws, pair.b_wins) == (g, 2, 1, 1)
    assert pair.a_score == pytest.approx(0.625)
    assert pair.margin.value == pytest.approx(((8 - 5) + (5.5 - 6.5)) / 2)
    # Elo: 2.5 of 4 points plus one virtual draw = 3 of 5, so 400 log10(3/2) apart.
    assert greedy.elo is not None and rand.elo is not None
    assert greedy.elo.value - rand.elo.value == pytest.approx(400 * math.log10(1.5))
    assert greedy.elo.value == pytest.approx(1500 + 200 * math.log10(1.5))
    # Seats: seat 0 scored 10, 6, 2, 5 and won twice; seat 1 won three times.
    assert [s.mean_score.value for s in result.seat_stats] == [5.75, 6.75]
    assert [s.wins for s in result.seat_stats] == [2, 3]
    # Time per decision: greedy sat in seat 0 twice (2 decisions, 2 ms) and seat 1 twice.
    assert greedy.decisions == 12
    assert greedy.ms_per_decision == pytest.approx(1000 * (0.002 * 2 + 0.004 * 2) / 12)
    assert greedy.max_ms_per_decision == pytest.approx(3.0)
    json.dumps(result.to_json(games=True), allow_nan=False)


def test_a_winner_beats_a_non_winner_with_the_same_score() -> None:
    tied = _game(0, 0, ("a", "b"), (5, 5), (1,))
    assert pair_result(tied, 0, 1) == 0.0 and pair_result(tied, 1, 0) == 1.0
    even = _game(0, 0, ("a", "b"), (5, 5), ())
    assert pair_result(even, 0, 1) == 0.5


def test_elo_stays_finite_when_one_bot_wins_everything() -> None:
    low, high = fit_elo(2, {(0, 1): [0.0, 50.0]})
    assert math.isfinite(low) and math.isfinite(high) and high > low
    three = fit_elo(3, {(0, 1): [5.0, 10.0], (1, 2): [8.0, 10.0], (0, 2): [8.0, 10.0]})
    assert sum(three) == pytest.approx(4500) and three[2] < three[1] <= three[0] + 1e-9


def test_a_solo_arena_has_one_rotation_and_no_head_to_head() -> None:
    result = run_arena(load("clever", players=1), ["random"], deals=3, seed=1)
    assert result.solo and result.headline() == "3 deals x 1 rotations = 3 games"
    stats = result.stats_for("random")
    assert stats.elo is None and result.pair_stats == ()
    assert stats.min_score <= stats.median_score <= stats.max_score
    json.dumps(result.to_json(), allow_nan=False)


def test_bad_arena_arguments_are_refused_at_once() -> None:
    game = load("clickety-clack", players=2)
    with pytest.raises(OptionError, match="1 bots for 2 seats"):
        run_arena(game, ["greedy"], 2, 1)
    with pytest.raises(OptionError, match="unknown bot 'wizard'"):
        run_arena(game, ["greedy", "wizard"], 2, 1)
    with pytest.raises(OptionError, match="at least 1"):
        run_arena(game, ["greedy", "random"], 0, 1)
    with pytest.raises(OptionError, match="workers"):
        run_arena(game, ["greedy", "random"], 2, 1, workers=0)


def test_the_report_writes_csv_json_and_png(tmp_path: Path) -> None:
    game = load("clickety-clack", players=2)
    result = run_arena(game, ["greedy", "random"], deals=3, seed=4)
    paths = write_report(result, tmp_path / "out")
    names = sorted(p.name for p in paths)
    assert names == sorted(
        [
            "games.csv",
            "summary.csv",
            "seats.csv",
            "summary.json",
            "scores.png",
            "win_rates.png",
            "seats.png",
        ]
    )
    for path in paths:
        assert path.is_file() and path.stat().st_size > 0
        if path.suffix == ".png":
            assert path.read_bytes()[:8] == PNG
    with (tmp_path / "out" / "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 6 * 2
    assert set(rows[0]) >= {"deal", "rotation", "seed", "seat", "bot", "score", "won"}
    first = [row for row in rows if row["deal"] == "0" and row["rotation"] == "0"]
    assert [row["bot"] for row in first] == ["greedy", "random"]
    assert [float(row["score"]) for row in first] == list(result.games[0].scores)
    assert (
        sum(int(row["won"]) for row in rows if row["bot"] == "greedy")
        == result.stats_for("greedy").wins
    )
    with (tmp_path / "out" / "summary.csv").open() as handle:
        summary = {row["bot"]: row for row in csv.DictReader(handle)}
    assert float(summary["greedy"]["mean_score"]) == pytest.approx(
        result.stats_for("greedy").mean_score.value, rel=1e-5
    )
    data = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert data["games"] == 6 and data["rotations"] == [["greedy", "random"], ["random", "greedy"]]


def test_a_solo_report_has_no_win_rate_plot(tmp_path: Path) -> None:
    result = run_arena(load("clever", players=1), ["random"], deals=2, seed=1)
    names = {p.name for p in write_report(result, tmp_path)}
    assert "scores.png" in names and "win_rates.png" not in names and "seats.png" not in names
