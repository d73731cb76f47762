"""Click Clack: a bot head to head against another, seats rotated, same seeds; time per decision.

.venv/bin/python bench/clack_hard.py [--bot SPEC] [--vs SPEC] [--players 2,4] [--games N]
    [--seed S]

For every player count, ``--games`` games with the bot in each seat in turn and ``--vs`` in the
others: series ``k`` is ``clickbox simulate click-clack --players N --bots ... --seed S`` with
the bot in seat ``k`` (the same games, game ``i`` seeded ``game_seed(S, i)``). It prints the
bot's win rate per seat and pooled over the seats (a shared victory counts for each sharer),
with Wilson 95% intervals, against the even share, and the mean milliseconds per decision of
each side (one process, one core).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from clickbox.bots.base import Bot
from clickbox.bots.registry import make_bot
from clickbox.games import load
from clickbox.sim import game_seed, play_match, proportion_interval
from clickbox.sim.arena import TimedBot


def duel(bot: str, vs: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """``bot`` in each seat in turn against ``vs`` in the others; its wins per seat."""
    game = load(f"click-clack(players={players})")
    mine, theirs = TimedBot(make_bot(bot)), TimedBot(make_bot(vs))
    per_seat = []
    start = time.perf_counter()
    for seat in range(players):
        wins = 0
        for index in range(games):
            bots: list[Bot] = [theirs] * players
            bots[seat] = mine
            labels = [vs] * players
            labels[seat] = bot
            record = play_match(game, bots, game_seed(seed, index), labels=labels)
            assert record.outcome is not None
            wins += seat in record.outcome.winners
        per_seat.append(wins)
    total = proportion_interval(sum(per_seat), games * players)
    return {
        "bot": bot,
        "vs": vs,
        "players": players,
        "games_per_seat": games,
        "seed": seed,
        "even_share": 1 / players,
        "win_rate": total.value,
        "win_rate_ci95": [total.low, total.high],
        "per_seat": [
            {"seat": s, "wins": w, "win_rate": w / games, "ci95": _ci(w, games)}
            for s, w in enumerate(per_seat)
        ],
        "ms_per_decision": {"bot": mine.mean_ms(), "vs": theirs.mean_ms()},
        "decisions": {"bot": mine.decisions, "vs": theirs.decisions},
        "seconds": time.perf_counter() - start,
    }


def _ci(wins: int, games: int) -> list[float]:
    estimate = proportion_interval(wins, games)
    return [round(estimate.low, 4), round(estimate.high, 4)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bot", default="clack:depth=2")
    parser.add_argument("--vs", default="memory")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--games", type=int, default=200, help="games per seat of the bot")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object per player count")
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        result = duel(args.bot, args.vs, players, args.games, args.seed)
        if args.json:
            print(json.dumps(result), flush=True)
            continue
        low, high = result["win_rate_ci95"]
        seats = "  ".join(f"seat {s['seat']} {s['win_rate']:.3f}" for s in result["per_seat"])
        ms = result["ms_per_decision"]
        print(
            f"{players}p {args.bot} vs {args.vs}: {result['win_rate']:.3f} [{low:.3f}, {high:.3f}] "
            f"(even {1 / players:.3f}; {args.games} games a seat, seed {args.seed})\n"
            f"  {seats}\n  ms/decision: bot {ms['bot']:.2f}, vs {ms['vs']:.2f}"
            f"; {result['seconds']:.0f}s",
            flush=True,
        )


if __name__ == "__main__":
    main()
