"""The score pads against simulated games: every final sheet accepted, with the engine's total.

.venv/bin/python bench/scorepad_sheets.py [--games N] [--bots random|greedy|...] [--seed S]
                                          [--workers K] [--only clever|clickety-clack]

For each setup (That's Pretty Clever at 1-4 players with the orange bonus multiplied and not;
Clickety Clack, A and B side, at 2-4 players) it plays ``games`` games seeded like
``clickbox simulate`` (game ``i`` on ``game_seed(seed, i)``), writes each seat's final sheet in
the pad's text form and reads it back with ``score_sheet``; a Clever sheet is also counted the
quick way (``score_quick``: yellow, orange, purple points, blue and green crosses, the foxes) and
read back. It prints, per setup, the sheets read, those refused (with the first refusal's
reason), those whose pad total differs from the engine's, and the quick counts refused or
differing; a sheet a real game produced must never be refused.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Iterator

from clickbox.bots import make_bot
from clickbox.core import Match, SheetError
from clickbox.games import load
from clickbox.games.clever import CleverState
from clickbox.games.clever.scorepad import write_sheet
from clickbox.games.clever.sheet import Sheet
from clickbox.games.clickety import ClicketyClackState
from clickbox.games.clickety.scorepad import write_board
from clickbox.sim import game_seed
from clickbox.sim.runner import play_out

CHUNK = 250


def setups(only: str | None) -> Iterator[tuple[str, int]]:
    """(game spec, players) of every setup measured."""
    if only in (None, "clever"):
        for multiplied in ("true", "false"):
            for players in range(1, 5):
                yield f"clever(orange_bonus_multiplied={multiplied})", players
    if only in (None, "clickety-clack"):
        for side in ("A", "B"):
            for players in range(2, 5):
                yield f"clickety-clack(side={side})", players


def quick_text(sheet: Sheet) -> str:
    """A final Clever sheet counted the quick way (as Marquoir does it)."""
    yellow, _, _, orange, purple = sheet.area_scores()
    return (
        f"yellow: {yellow}\nblue: {sheet.blue.bit_count()}\ngreen: {sheet.green}\n"
        f"orange: {orange}\npurple: {purple}\nfoxes: {sheet.foxes}"
    )


def sheets(state: object, players: int) -> Iterator[tuple[str, str | None, int]]:
    """Each seat's final sheet as pad text, its quick count (Clever), with the engine's score."""
    for seat in range(players):
        if isinstance(state, CleverState):
            sheet = state.sheet(seat)
            yield write_sheet(sheet), quick_text(sheet), state.score(seat)
        elif isinstance(state, ClicketyClackState):
            yield write_board(state.rows(seat), state.penalties(seat)), None, state.score(seat)
        else:
            raise TypeError(f"no pad text for {type(state).__name__}")


Counts = tuple[int, int, int, int, int]  # sheets, refused, differing, quick refused, differing


def chunk(task: tuple[str, int, str, int, int, int]) -> tuple[Counts, str]:
    """Play games ``start .. start + count``: the counts, and the first refusal's reason."""
    spec, players, bot, seed, start, count = task
    game = load(spec, players=players)
    read = refused = differ = quick_refused = quick_differ = 0
    reason = ""
    for index in range(start, start + count):
        match = Match(game, game_seed(seed, index), [bot] * players, None)
        play_out(match, [make_bot(bot) for _ in range(players)])
        for text, quick, score in sheets(match.state, players):
            read += 1
            try:
                total = game.score_sheet(text).total
            except SheetError as error:
                refused += 1
                reason = reason or f"game {index}: {error}\n{text}"
            else:
                differ += total != score
            if quick is None:
                continue
            try:
                total = game.score_quick(quick).total
            except SheetError as error:
                quick_refused += 1
                reason = reason or f"game {index}, quick count: {error}\n{quick}"
                continue
            quick_differ += total != score
    return (read, refused, differ, quick_refused, quick_differ), reason


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per setup")
    parser.add_argument("--bots", default="random", help="the bot in every seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--only", choices=["clever", "clickety-clack"])
    args = parser.parse_args()
    print(f"{args.games:,} games per setup, {args.bots} bots, seed {args.seed}")
    print(
        f"{'setup':<44} {'players':>7} {'sheets':>8} {'refused':>8} {'differ':>7} "
        f"{'quick refused':>13} {'differ':>7} {'s':>6}"
    )
    failures = []
    with multiprocessing.Pool(args.workers) as pool:
        for spec, players in setups(args.only):
            began = time.perf_counter()
            tasks = [
                (spec, players, args.bots, args.seed, start, min(CHUNK, args.games - start))
                for start in range(0, args.games, CHUNK)
            ]
            totals = [0] * 5
            for counts, reason in pool.imap_unordered(chunk, tasks):
                totals = [a + b for a, b in zip(totals, counts, strict=True)]
                if reason:
                    failures.append(f"{spec}, {players} players, {reason}")
            seconds = time.perf_counter() - began
            read, refused, differ, quick_refused, quick_differ = totals
            print(
                f"{spec:<44} {players:>7} {read:>8,} {refused:>8,} {differ:>7,} "
                f"{quick_refused:>13,} {quick_differ:>7,} {seconds:>6.1f}",
                flush=True,
            )
    for failure in failures:
        print(f"\nrefused: {failure}")


if __name__ == "__main__":
    main()
