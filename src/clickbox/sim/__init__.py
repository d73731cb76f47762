"""Playing games with bots: the one game loop, series of games, arenas, statistics, reports."""

from .arena import ArenaResult, BotStats, GameResult, PairStats, SeatStats, rotations, run_arena
from .bench import BenchResult, bench
from .report import write_report
from .runner import BotError, play_match, play_out
from .series import game_seed, play_one, run_series
from .stats import Estimate, SeatSummary, mean_interval, proportion_interval, summarize

__all__ = [
    "ArenaResult",
    "BenchResult",
    "BotError",
    "BotStats",
    "Estimate",
    "GameResult",
    "PairStats",
    "SeatStats",
    "SeatSummary",
    "bench",
    "game_seed",
    "mean_interval",
    "play_match",
    "play_one",
    "play_out",
    "proportion_interval",
    "rotations",
    "run_arena",
    "run_series",
    "summarize",
    "write_report",
]
