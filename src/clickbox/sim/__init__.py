"""Playing games with bots: the one game loop, series of games, statistics, benchmarks."""

from .bench import BenchResult, bench
from .runner import BotError, play_match, play_out
from .series import game_seed, play_one, run_series
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
    "play_one",
    "play_out",
    "proportion_interval",
    "run_series",
    "summarize",
]
