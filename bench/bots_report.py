"""Regenerate docs/bots.md: bot strength per game, from arena matchups with 95% intervals.

    .venv/bin/python bench/bots_report.py [--workers K] [--only GAME ...] [--skip-heavy]
                                          [--deals N] [--reports DIR] [--list]

The matchups are listed in MATCHUPS below (game, bots, deals, seed, the issue's target). Each is
an arena (the same as ``clickbox arena GAME --bots ... --games DEALS --seed SEED``): every deal
is played in every seat rotation on the same seed. The figures of each matchup are kept in
docs/bots.json, so ``--only GAME`` reruns that game's matchups and keeps the others' figures;
docs/bots.md is rendered from the whole file, with the command and date behind each figure.

--deals N caps every matchup at N deals (a quick smoke run; the table says so); --skip-heavy
leaves out the matchups marked heavy (the ``hard`` bots, minutes to hours on one core);
--reports DIR also writes each arena's CSV/JSON/PNG report under DIR/<matchup>/.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from clickbox.bots.levels import LEVELS
from clickbox.core import parse_spec
from clickbox.games import CATALOG, load
from clickbox.sim import run_arena, write_report

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "bots.md"
COMMAND = ".venv/bin/python bench/bots_report.py --workers 2"
"""The command that regenerates every figure of docs/bots.md."""


@dataclass(frozen=True)
class Target:
    """A strength target of the issue: ``bot``'s ``metric`` at least (or above) ``threshold``."""

    text: str
    bot: str
    metric: str  # "mean_score" or "win_rate"
    threshold: float
    strict: bool = False


@dataclass(frozen=True)
class Matchup:
    """One arena: ``bots`` (one per seat) at ``game`` for ``deals`` deals from ``seed``."""

    game: str
    bots: tuple[str, ...]
    deals: int
    seed: int = 1
    target: Target | None = None
    heavy: bool = False

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def key(self) -> str:
        return f"{self.game}|{','.join(self.bots)}|seed={self.seed}"

    @property
    def slug(self) -> str:
        return f"{self.game}-{'-'.join(self.bots)}-s{self.seed}".replace(":", "_").replace("=", "")


MATCHUPS: list[Matchup] = [
    # That's Pretty Clever, solo: mean score (published ladder: random 58.7, greedy 139, tuned
    # expectimax 184, UCT MCTS 169, td-net 250.7, td-net-bonus 260.0).
    Matchup("clever", ("random",), 1000),
    Matchup("clever", ("easy",), 1000),
    Matchup("clever", ("medium",), 1000),
    Matchup("clever", ("clever-search",), 1000, heavy=True),
    Matchup(
        "clever",
        ("clever-net",),
        1000,
        target=Target("clever-net mean >= 255", "clever-net", "mean_score", 255),
    ),
    Matchup(
        "clever",
        ("clever-net",),
        1000,
        seed=2,
        target=Target("clever-net mean >= 255", "clever-net", "mean_score", 255),
    ),
    Matchup(
        "clever",
        ("hard",),
        1000,
        target=Target("hard mean >= 265", "hard", "mean_score", 265),
        heavy=True,
    ),
    Matchup(
        "clever",
        ("hard",),
        1000,
        seed=2,
        target=Target("hard mean >= 265", "hard", "mean_score", 265),
        heavy=True,
    ),
    Matchup(
        "clever",
        ("hard", "clever-search"),
        200,
        target=Target("hard wins >= 60% vs the old hard", "hard", "win_rate", 0.60),
        heavy=True,
    ),
    Matchup("clever", ("hard", "medium"), 100, heavy=True),
    # Clickety Clack, two players.
    Matchup("clickety-clack", ("greedy", "random"), 500),
    Matchup("clickety-clack", ("medium", "greedy"), 500, heavy=True),
    Matchup(
        "clickety-clack",
        ("hard", "greedy"),
        1000,
        target=Target("hard wins >= 65% vs greedy", "hard", "win_rate", 0.65),
        heavy=True,
    ),
    Matchup("clickety-clack", ("hard", "medium"), 300, heavy=True),
    # Click Click Boom, four players.
    Matchup("click-click-boom", ("rulebased", "random", "random", "random"), 250),
    Matchup("click-click-boom", ("medium", "rulebased", "rulebased", "rulebased"), 250),
    Matchup(
        "click-click-boom",
        ("hard", "rulebased", "rulebased", "rulebased"),
        250,
        target=Target("hard most coins >= 40% vs 3 rulebased", "hard", "win_rate", 0.40),
        heavy=True,
    ),
    Matchup("click-click-boom", ("hard", "random", "random", "random"), 100, heavy=True),
    # Click Clack: hard >= memory > random.
    Matchup(
        "click-clack",
        ("memory", "random"),
        500,
        target=Target("memory > random", "memory", "win_rate", 0.5, strict=True),
    ),
    Matchup("click-clack", ("easy", "random"), 200),
    Matchup(
        "click-clack",
        ("hard", "memory"),
        500,
        target=Target("hard >= memory", "hard", "win_rate", 0.5),
        heavy=True,
    ),
    Matchup("click-clack", ("hard", "memory", "memory", "memory"), 150, heavy=True),
]


# -- running ---------------------------------------------------------------------------------


def game_name(name: str) -> str:
    """The catalog name of a game name or alias (an error lists the games)."""
    return CATALOG.get(parse_spec(name)[0]).name


def run(matchup: Matchup, deals: int, workers: int, reports: Path | None) -> dict[str, Any]:
    """Play one matchup; its result as JSON data."""
    game = load(matchup.game, players=matchup.players)
    started = time.perf_counter()
    result = run_arena(game, matchup.bots, deals, matchup.seed, workers)
    if reports is not None:
        write_report(result, reports / matchup.slug)
    print(
        f"{matchup.game} {','.join(matchup.bots)}: {result.headline()} "
        f"in {time.perf_counter() - started:.1f} s",
        flush=True,
    )
    data: dict[str, Any] = result.to_json()
    return data


# -- rendering -------------------------------------------------------------------------------


def _mean(stats: dict[str, Any]) -> str:
    value, interval = stats["mean_score"], stats["mean_score_ci95"]
    if interval is None:
        return f"{value:.2f}"
    return f"{value:.2f} ± {(interval[1] - interval[0]) / 2:.2f}"


def _rate(stats: dict[str, Any]) -> str:
    value, interval = stats["win_rate"], stats["win_rate_ci95"]
    if interval is None:
        return f"{100 * value:.1f}%"
    return f"{100 * value:.1f}% [{100 * interval[0]:.1f}, {100 * interval[1]:.1f}]"


def _elo(stats: dict[str, Any]) -> str:
    if stats["elo"] is None:
        return "—"
    interval = stats["elo_ci95"]
    if interval is None:
        return f"{stats['elo']:.0f}"
    return f"{stats['elo']:.0f} [{interval[0]:.0f}, {interval[1]:.0f}]"


def _ms(stats: dict[str, Any]) -> str:
    if stats["ms_per_decision"] is None:
        return "—"
    return f"{stats['ms_per_decision']:.2f} ({stats['max_ms_per_decision']:.0f})"


def verdict(target: Target, stats: dict[str, Any]) -> str:
    """Whether the point estimate meets the target, and whether the whole interval does."""
    value = stats[target.metric]
    interval = stats[f"{target.metric}_ci95"]

    def meets(x: float) -> bool:
        return x > target.threshold if target.strict else x >= target.threshold

    if not meets(value):
        return f"{target.text}: **no**"
    if interval is not None and meets(interval[0]):
        return f"{target.text}: **yes** (95% CI clears it)"
    return f"{target.text}: **yes** (point estimate; CI overlaps)"


def render(entries: dict[str, dict[str, Any]], runs: list[dict[str, Any]]) -> str:
    """docs/bots.md from the stored figures of every matchup."""
    numbers = {run["id"]: n for n, run in enumerate(runs, start=1)}
    lines = [
        "# Bot strength",
        "",
        "<!-- Generated by bench/bots_report.py from docs/bots.json; do not edit by hand. -->",
        "",
        f"Regenerate every figure with `{COMMAND}` (the matchups are listed in",
        "`bench/bots_report.py`; `--only GAME` reruns one game and keeps the others' figures).",
        "",
        "Each matchup is an arena, `clickbox arena GAME --bots A,B,... --games DEALS --seed 1`:",
        "every deal (one seed) is played once in every distinct rotation of the bots round the",
        "table, so each bot meets the same dice from every seat. Mean scores are ± the 95%",
        "interval (over deals); win rates carry their Wilson 95% interval, a shared victory",
        "counting as a win for each sharer; Elo is a Bradley-Terry fit over the pairs of different",
        "bots in each game (mean 1500, bootstrap 95% interval). Time per decision is the mean",
        "(max) wall-clock milliseconds of one `choose` call on one core, taken while the arena ran",
        "two worker processes on a 2-core machine; the max includes the one-time building of a",
        "game's evaluation tables at a process's first decision (about 0.7 s for Clever's).",
        "",
        "| game | matchup | bot | games | mean score ± 95% CI | win rate [95% CI] | Elo [95% CI] "
        "| ms/decision (max) | target | run |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for matchup in MATCHUPS:
        where = f"{matchup.game} ({matchup.players}p)"
        bots = ",".join(matchup.bots)
        entry = entries.get(matchup.key)
        if entry is None:
            target = matchup.target.text if matchup.target else ""
            lines.append(
                f"| {where} | {bots} | — | not run yet ({matchup.deals} deals planned) "
                f"| | | | | {target} | |"
            )
            continue
        result = entry["result"]
        solo = result["players"] == 1
        games = f"{result['games']} ({result['deals']}×{len(result['rotations'])})"
        for stats in result["bot_stats"]:
            name = (
                stats["bot"]
                if stats["spec"] == stats["bot"]
                else (f"{stats['bot']} = `{stats['spec']}`")
            )
            target = ""
            if matchup.target and matchup.target.bot == stats["bot"]:
                target = verdict(matchup.target, stats)
            lines.append(
                f"| {where} | {bots} | {name} | {games} | {_mean(stats)} "
                f"| {'—' if solo else _rate(stats)} | {_elo(stats)} | {_ms(stats)} "
                f"| {target} | [{numbers[entry['run']]}] |"
            )
    lines += ["", *levels_section(), "", *clever_network_section(), "", "Runs:", ""]
    for n, run_info in enumerate(runs, start=1):
        smoke = (
            f" — **smoke run, deals capped at {run_info['deals_cap']}, not figures of record**"
            if run_info["deals_cap"]
            else ""
        )
        lines.append(
            f"{n}. {run_info['date']}, `{run_info['command']}`, {run_info['workers']} worker(s), "
            f"{run_info['machine']}{smoke}"
        )
    return "\n".join(lines) + "\n"


HARD_BOTS = {
    "clever": "expectimax over each roll of the seat's own turn (exact for one or two dice, 16 "
    "shared samples beyond), the best four candidates by one-ply value, leaves valued by the "
    "value network learnt by TD(λ) self-play (`bots/clever/search.py`, `bots/clever/network.py`; "
    "`clever-search` alone is the same search over the hand-written evaluation, the old hard).",
    "clickety-clack": "each row solved once as a small game for its expected final points; "
    "searches every remaining pick of the round (which dice it leaves the opponent), plays for "
    "its margin over the best opponent, values a failed roll exactly "
    "(`bots/clickety/search.py`).",
    "click-click-boom": "reads its own hidden cards from its neighbours' picks and claims "
    "(worlds weighted by a model of each neighbour, trusted as far as its claims so far fit "
    "the model) and bluffs: it tries every pick and claim and imagines the showdown "
    "(`bots/boom/search.py`).",
    "click-clack": "exact odds of every hollow holding a disc from the public record, and a "
    "look ahead over its own turn and the next seat's for every face of the die "
    "(`bots/clack/search.py`).",
}


def levels_section() -> list[str]:
    """The spec each level plays per game, and what the hard bots do."""
    lines = [
        "## Levels",
        "",
        "`easy`, `medium` and `hard` name one bot spec per game (`src/clickbox/bots/levels.py`);",
        "every spec runs on a fixed effort, so its moves do not depend on the machine's speed.",
        "",
        "| game | easy | medium | hard |",
        "|---|---|---|---|",
    ]
    for name, levels in LEVELS.items():
        lines.append(f"| {name} | `{levels['easy']}` | `{levels['medium']}` | `{levels['hard']}` |")
    lines += ["", "What `hard` does:", ""]
    lines += [f"- **{name}**: {text}" for name, text in HARD_BOTS.items()]
    return lines


PUBLISHED_CLEVER = (
    ("random", 58.7),
    ("greedy (hand weights)", 139.0),
    ("UCT MCTS", 169.0),
    ("tuned expectimax", 184.0),
    ("td-net (TD(λ) afterstate network)", 250.7),
    ("td-net-bonus (with a bonus-economy feature block)", 260.0),
)


def clever_network_section() -> list[str]:
    """How the shipped Clever network was trained, and the published solo ladder."""
    from clickbox.bots.clever.network import SHIPPED, shipped

    info = shipped().info
    training = info.get("training", {})
    lines = [
        "## That's Pretty Clever's value network",
        "",
        f"`clever-net` and `hard` value positions with `{SHIPPED.relative_to(ROOT)}` "
        f"({SHIPPED.stat().st_size // 1024} KB): {info['hidden']} hidden units over the inputs of "
        "`bots/clever/features.py` (the sheet, the bonus economy, the turn and the hand-written "
        "evaluation), trained by TD(λ) self-play, solo, on this machine's CPUs "
        "(`bots/clever/training.py`).",
        "",
        f"- Shipped: the best held-out network of the run, after {info['episodes']:,} episodes "
        f"(held-out greedy mean {info['holdout_mean']} over {info['holdout_games']} games).",
    ]
    if training:
        lines += [
            f"- Run: `{training['command']}`: {training['episodes']:,} episodes in "
            f"{training['hours']:.2f} h on {training['workers']} worker(s); its checkpoint, curve "
            f"and log are in `{training['folder']}` (resume with `--resume`).",
            "",
            f"![learning curve]({training['curve']})",
        ]
    lines += [
        "",
        "The published solo ladder (1,000 games each) against ours (the table above, seed 1):",
        "",
        "| published policy | mean |",
        "|---|---|",
        *(f"| {name} | {mean} |" for name, mean in PUBLISHED_CLEVER),
    ]
    return lines


# -- main ------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workers", type=int, default=1, help="worker processes per arena")
    parser.add_argument("--only", action="append", metavar="GAME", help="only this game (repeat)")
    parser.add_argument("--skip-heavy", action="store_true", help="leave out the hard matchups")
    parser.add_argument("--deals", type=int, help="cap every matchup at N deals (smoke run)")
    parser.add_argument("--reports", metavar="DIR", help="write each arena's report under DIR")
    parser.add_argument("--doc", default=str(DOC), help="the Markdown file (default docs/bots.md)")
    parser.add_argument("--list", action="store_true", help="list the matchups and stop")
    parser.add_argument(
        "--render", action="store_true", help="play nothing: rewrite the Markdown from the JSON"
    )
    args = parser.parse_args(argv)

    only = {game_name(name) for name in args.only or []}
    chosen = [
        m for m in MATCHUPS if (not only or m.game in only) and not (args.skip_heavy and m.heavy)
    ]
    if args.render:
        chosen = []
    if args.list:
        for m in chosen:
            heavy = " (heavy)" if m.heavy else ""
            print(f"{m.game} {','.join(m.bots)} {m.deals} deals seed {m.seed}{heavy}")
        return 0

    doc = Path(args.doc)
    data_path = doc.with_suffix(".json")
    stored: dict[str, Any] = {"entries": {}, "runs": []}
    if data_path.exists():
        stored = json.loads(data_path.read_text("utf-8"))
    run_id = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    given = sys.argv[1:] if argv is None else argv
    command = " ".join([".venv/bin/python bench/bots_report.py", *map(shlex.quote, given)])
    reports = Path(args.reports) if args.reports else None
    for matchup in chosen:
        deals = min(matchup.deals, args.deals) if args.deals else matchup.deals
        stored["entries"][matchup.key] = {
            "run": run_id,
            "result": run(matchup, deals, args.workers, reports),
        }
    if chosen:
        stored["runs"].append(
            {
                "id": run_id,
                "date": datetime.now(UTC).date().isoformat(),
                "command": command,
                "workers": args.workers,
                "deals_cap": args.deals,
                "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, "
                f"Python {platform.python_version()}",
            }
        )
    keys = {m.key for m in MATCHUPS}
    stored["entries"] = {k: v for k, v in stored["entries"].items() if k in keys}
    used = {entry["run"] for entry in stored["entries"].values()}
    stored["runs"] = [r for r in stored["runs"] if r["id"] in used]
    doc.parent.mkdir(parents=True, exist_ok=True)
    data_path.write_text(json.dumps(stored, indent=1, allow_nan=False) + "\n", "utf-8")
    doc.write_text(render(stored["entries"], stored["runs"]), "utf-8")
    print(f"wrote {doc} and {data_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
