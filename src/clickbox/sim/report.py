"""An arena's report on disk: CSV and JSON tables, and PNG plots drawn with matplotlib (Agg).

Files written by :func:`write_report`:

- ``games.csv``: one row per seat of every game (deal, rotation, seed, seat, bot, score, won,
  decisions, ms_per_decision);
- ``summary.csv``: one row per bot (scores, win rate, Elo, time per decision);
- ``seats.csv``: one row per seat index (the seat advantage);
- ``summary.json``: :meth:`ArenaResult.to_json` (statistics, rotations, head-to-head pairs);
- ``scores.png``: the score distribution of each bot (violins with the mean marked);
- ``win_rates.png`` (games of two or more players): win rate per bot with 95% error bars;
- ``seats.png`` (two or more players): mean score and win rate per seat with 95% error bars.

matplotlib is imported only when a report is written, so the rest of ``clickbox.sim`` needs it
not.
"""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import TYPE_CHECKING

from .arena import ArenaResult
from .stats import Estimate

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def write_report(result: ArenaResult, directory: str | Path) -> list[Path]:
    """Write the report files of ``result`` into ``directory`` (created); return their paths."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    paths = [
        _write_games(result, folder / "games.csv"),
        _write_summary(result, folder / "summary.csv"),
        _write_seats(result, folder / "seats.csv"),
        _write_json(result, folder / "summary.json"),
    ]
    paths.extend(_write_plots(result, folder))
    return paths


def _cell(value: float | None) -> str:
    """A number for CSV: integers without ``.0``, floats to 6 significant digits, blank if none."""
    if value is None or not math.isfinite(value):
        return ""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.6g}"


def _interval(estimate: Estimate | None) -> list[str]:
    if estimate is None:
        return ["", "", ""]
    return [_cell(estimate.value), _cell(estimate.low), _cell(estimate.high)]


def _write_games(result: ArenaResult, path: Path) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            [
                "deal",
                "rotation",
                "seed",
                "seat",
                "bot",
                "score",
                "won",
                "decisions",
                "ms_per_decision",
            ]
        )
        for g in result.games:
            for seat, bot in enumerate(g.bots):
                ms = 1000 * g.seconds[seat] / g.decisions[seat] if g.decisions[seat] else None
                writer.writerow(
                    [
                        g.deal,
                        g.rotation,
                        g.seed,
                        seat,
                        bot,
                        _cell(g.scores[seat]),
                        int(seat in g.winners),
                        g.decisions[seat],
                        _cell(ms),
                    ]
                )
    return path


def _write_summary(result: ArenaResult, path: Path) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            [
                "bot",
                "spec",
                "games",
                "mean_score",
                "mean_score_low",
                "mean_score_high",
                "min_score",
                "median_score",
                "max_score",
                "wins",
                "win_rate",
                "win_rate_low",
                "win_rate_high",
                "win_share",
                "elo",
                "elo_low",
                "elo_high",
                "decisions",
                "ms_per_decision",
                "max_ms_per_decision",
            ]
        )
        for s in result.bot_stats:
            writer.writerow(
                [
                    s.bot,
                    s.spec,
                    s.games,
                    *_interval(s.mean_score),
                    _cell(s.min_score),
                    _cell(s.median_score),
                    _cell(s.max_score),
                    s.wins,
                    *_interval(s.win_rate),
                    _cell(s.win_share),
                    *_interval(s.elo),
                    s.decisions,
                    _cell(s.ms_per_decision),
                    _cell(s.max_ms_per_decision),
                ]
            )
    return path


def _write_seats(result: ArenaResult, path: Path) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            [
                "seat",
                "games",
                "mean_score",
                "mean_score_low",
                "mean_score_high",
                "wins",
                "win_rate",
                "win_rate_low",
                "win_rate_high",
            ]
        )
        for s in result.seat_stats:
            writer.writerow(
                [s.seat, s.games, *_interval(s.mean_score), s.wins, *_interval(s.win_rate)]
            )
    return path


def _write_json(result: ArenaResult, path: Path) -> Path:
    path.write_text(json.dumps(result.to_json(), indent=1, allow_nan=False) + "\n", "utf-8")
    return path


# -- plots -----------------------------------------------------------------------------------


def _errors(estimates: list[Estimate], scale: float = 1.0) -> list[list[float]]:
    """Matplotlib's ``yerr``: distances below and above each value (0 where unknown).

    Clamped at 0: a Wilson bound can fall a rounding error short of a rate of 0 or 1.
    """
    below = [scale * max(0.0, e.value - e.low) if math.isfinite(e.low) else 0.0 for e in estimates]
    above = [
        scale * max(0.0, e.high - e.value) if math.isfinite(e.high) else 0.0 for e in estimates
    ]
    return [below, above]


def _title(result: ArenaResult, what: str) -> str:
    return f"{result.game}: {what}\n{result.headline()}, seed {result.seed}"


def _write_plots(result: ArenaResult, folder: Path) -> list[Path]:
    from matplotlib.figure import Figure

    paths = []
    names = [s.bot for s in result.bot_stats]

    figure = Figure(figsize=(max(4.5, 1.6 * len(names) + 2), 4.2), layout="constrained")
    axes = figure.add_subplot()
    data = [
        [g.scores[seat] for g in result.games for seat, bot in enumerate(g.bots) if bot == name]
        for name in names
    ]
    positions = list(range(1, len(names) + 1))
    if all(len(set(scores)) > 1 for scores in data):
        axes.violinplot(data, positions=positions, showextrema=True, showmedians=True)
    else:  # a violin needs spread; a constant score gets a box
        axes.boxplot(data, positions=positions)
    axes.errorbar(
        positions,
        [s.mean_score.value for s in result.bot_stats],
        yerr=_errors([s.mean_score for s in result.bot_stats]),
        fmt="o",
        color="black",
        capsize=4,
        label="mean, 95% CI",
    )
    _bot_axis(axes, names, "score")
    axes.legend(loc="best", fontsize="small")
    axes.set_title(_title(result, "score per bot"), fontsize="medium")
    paths.append(_save(figure, folder / "scores.png"))

    if result.solo:
        return paths

    figure = Figure(figsize=(max(4.5, 1.6 * len(names) + 2), 4.2), layout="constrained")
    axes = figure.add_subplot()
    rates = [s.win_rate for s in result.bot_stats]
    axes.bar(
        positions,
        [100 * r.value for r in rates],
        yerr=_errors(rates, 100),
        capsize=6,
        color="tab:blue",
    )
    axes.axhline(100 / result.players, color="grey", linestyle="--", label="fair share")
    _bot_axis(axes, names, "win rate (%), 95% CI")
    axes.set_ylim(0, 100)
    axes.legend(loc="best", fontsize="small")
    axes.set_title(_title(result, "win rate per bot"), fontsize="medium")
    paths.append(_save(figure, folder / "win_rates.png"))

    figure = Figure(figsize=(8.5, 4.2), layout="constrained")
    left, right = figure.subplots(1, 2)
    seats = [s.seat for s in result.seat_stats]
    means = [s.mean_score for s in result.seat_stats]
    left.errorbar(seats, [m.value for m in means], yerr=_errors(means), fmt="o", capsize=5)
    left.set_xticks(seats)
    left.set_xlabel("seat")
    left.set_ylabel("mean score, 95% CI")
    left.grid(axis="y", alpha=0.3)
    wins = [s.win_rate for s in result.seat_stats]
    right.bar(seats, [100 * w.value for w in wins], yerr=_errors(wins, 100), capsize=6)
    right.axhline(100 / result.players, color="grey", linestyle="--")
    right.set_xticks(seats)
    right.set_xlabel("seat")
    right.set_ylabel("win rate (%), 95% CI")
    right.set_ylim(0, 100)
    figure.suptitle(_title(result, "seat advantage"), fontsize="medium")
    paths.append(_save(figure, folder / "seats.png"))
    return paths


def _bot_axis(axes: Axes, names: list[str], label: str) -> None:
    axes.set_xticks(list(range(1, len(names) + 1)), names)
    axes.set_ylabel(label)
    axes.grid(axis="y", alpha=0.3)


def _save(figure: Figure, path: Path) -> Path:
    """Save as PNG with the Agg renderer (no pyplot, no display), without a timestamp."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)
    figure.savefig(path, format="png", dpi=110, metadata={"Software": None})
    return path
