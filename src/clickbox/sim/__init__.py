"""Playing games with bots: the one game loop, series of games, statistics, benchmarks."""

from .bench import BenchResult, bench
from .runner import BotError, play_match
from .series import game_seed, run_series
from .stats import Estimate, SeatSummary, mean_interval, proportion_interval, summarize

__all__ = [
    "BenchResult",
    "BotError",
    "Estimate",
    "SeatSummary",
    "bench",
    "game_seed",
    "mean_interval",
    "play_match",
    "proportion_interval",
    "run_series",
    "summarize",
]
