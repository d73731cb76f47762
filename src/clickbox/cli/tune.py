"""``clickbox tune``: search a game's numbers for a variant that meets balance targets."""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..bots.registry import split_bot_specs
from ..core import OptionError
from ..core.i18n import t
from ..sim.tune import Figure, TuneResult, parse_params, parse_targets, total_games
from .arguments import add_backend_arguments, add_game_arguments, load_game
from .progress import ProgressLog


def add_tune_parser(sub: Any, parents: list[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add ``tune`` to the subcommands ``sub`` (``parents``: the shared ``--lang``)."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "tune",
        parents=parents,
        help=t("search a game's numbers for a variant that meets balance targets (NTBEA)"),
    )
    add_game_arguments(parser)
    parser.add_argument(
        "--bots", help=t("one bot per seat, or one for every seat (default: medium)")
    )
    parser.add_argument(
        "--param",
        action="append",
        required=True,
        metavar="KEY=LOW..HIGH",
        help=t("a number to search: KEY=LOW..HIGH, KEY=LOW..HIGH:STEP or KEY=A,B,C (repeatable)"),
    )
    parser.add_argument(
        "--target",
        action="append",
        required=True,
        metavar="TARGET",
        help=t(
            'a figure to reach: "FIGURE in [LOW, HIGH]", "FIGURE <= X" or "FIGURE >= X" '
            "(repeatable; see docs/analytics.md for the figures)"
        ),
    )
    parser.add_argument(
        "--budget", type=int, default=2000, help=t("games for the search (default: 2000)")
    )
    parser.add_argument(
        "--games-per-eval", type=int, default=100, help=t("games per candidate (default: 100)")
    )
    parser.add_argument(
        "--remeasure-games",
        type=int,
        default=1000,
        help=t("games to re-measure each best variant on fresh seeds (default: 1000)"),
    )
    parser.add_argument(
        "--top", type=int, default=3, help=t("how many best variants to re-measure (default: 3)")
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help=t("worker processes"))
    add_backend_arguments(parser)
    parser.add_argument(
        "--report", metavar="DIR", help=t("write Markdown, HTML with plots, CSV, JSON, variants")
    )
    parser.add_argument(
        "--save-variant", metavar="FILE", help=t("write the best variant (.toml or .json)")
    )
    parser.add_argument("--json", action="store_true", help=t("print the result as JSON"))
    return parser


def cmd_tune(args: argparse.Namespace, console: Console) -> int:
    """Tune the game's numbers toward the targets; print the best variants re-measured."""
    from ..sim.tune import tune

    bots = split_bot_specs(args.bots) if args.bots else None
    players = args.players or (len(bots) if bots and len(bots) > 1 else None)
    base = load_game(args, players)
    params = parse_params(args.param, base)  # refused in words before any game
    targets = parse_targets(args.target, base.num_players)
    if args.report:
        _check_report_dir(Path(args.report))
    total = total_games(args.budget, max(1, args.games_per_eval), args.remeasure_games, args.top)
    start = time.perf_counter()
    with ProgressLog(t("tune {game}", game=base.name), total, bar=not args.json) as progress:
        result = tune(
            base.spec(),
            None,
            bots,
            params,
            targets,
            args.budget,
            args.games_per_eval,
            args.seed,
            args.workers,
            args.backend,
            args.address,
            remeasure_games=args.remeasure_games,
            top=args.top,
            on_progress=progress.advance,
        )
    elapsed = time.perf_counter() - start
    if args.save_variant:
        path = result.variant(1).save(args.save_variant)
        if not args.json:
            console.print(t("wrote {path}", path=path), highlight=False)
    if args.report:
        for path in write_report(Path(args.report), result):
            if not args.json:
                console.print(t("wrote {path}", path=path), highlight=False)
    if args.json:
        print(json.dumps(result.to_json(), allow_nan=False))
        return 0
    console.print(best_table(result))
    console.print(
        t(
            "{evaluations} candidates of {games} games searched, the best {top} re-measured "
            "over {remeasure} games each on fresh seeds; {played} games in {seconds} s.",
            evaluations=result.searched,
            games=result.games_per_eval,
            top=len(result.best),
            remeasure=result.remeasure_games,
            played=result.games_played,
            seconds=f"{elapsed:.1f}",
        )
    )
    console.print(
        t(
            "Fitness: how far the figures lie outside their targets (0: all met). "
            "Intervals are 95%. ✓: the value is in the band; ✓✓: its whole interval too; ✗: not."
        )
    )
    return 0


def _check_report_dir(path: Path) -> None:
    if path.exists() and not path.is_dir():
        raise OptionError(t("--report {path} is a file; give a directory", path=path))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OptionError(
            t("cannot make {path}: {error}", path=path, error=exc.strerror or exc)
        ) from None


def _number(value: float) -> str:
    return "-" if math.isnan(value) else f"{0.0 if abs(value) < 1e-9 else value:.3g}"


def figure_cell(figure: Figure) -> str:
    """``value [low, high] mark`` (✓✓ sure, ✓ met, ✗ not)."""
    text = _number(figure.value)
    if math.isfinite(figure.low) and math.isfinite(figure.high):
        text += f" [{_number(figure.low)}, {_number(figure.high)}]"
    return f"{text} {'✓✓' if figure.sure else '✓' if figure.met else '✗'}"


def _rows(result: TuneResult) -> list[tuple[str, list[str]]]:
    """``(row, [cell per best variant])``: the numbers, the fitness, every target's figure."""
    best = result.best
    rows = [(p.name, [str(c.params[p.name]) for c in best]) for p in result.params]
    rows.append((t("fitness"), [_number(c.fitness) for c in best]))
    rows.append((t("fitness in the search"), [_number(c.model_fitness) for c in best]))
    names: list[str] = []
    for candidate in best:
        names += [f.name for f in candidate.figures if f.name not in names]
    for name in names:
        cells = []
        for candidate in best:
            found = [f for f in candidate.figures if f.name == name]
            cells.append(figure_cell(found[0]) if found else "-")
        rows.append((name, cells))
    return rows


def best_table(result: TuneResult) -> Table:
    """The best variants side by side (one column each, best first)."""
    table = Table(
        title=t(
            "{title}: best variants, re-measured over {games} games (seed {seed})",
            title=t(result.title),
            games=result.remeasure_games,
            seed=result.seed,
        )
    )
    table.add_column("")
    for candidate in result.best:
        table.add_column(f"#{candidate.rank}")
    for name, cells in _rows(result):  # Text: a [name] is not rich markup
        table.add_row(Text(name), *(Text(cell) for cell in cells))
    return table


# -- report ---------------------------------------------------------------------------------------


def _markdown(result: TuneResult) -> str:
    rows = _rows(result)
    head = "| | " + " | ".join(f"#{c.rank}" for c in result.best) + " |"
    lines = [
        f"# {t(result.title)}: tune",
        "",
        f"`{result.game}`, bots {' / '.join(result.bots)}, seed {result.seed}.",
        "",
        "Parameters: " + ", ".join(f"`{p.text or p.name}`" for p in result.params) + ".",
        "Targets: " + ", ".join(f"`{text}`" for text in result.targets) + ".",
        "",
        f"{result.searched} candidates of {result.games_per_eval} games searched "
        f"(NTBEA), the best {len(result.best)} re-measured over {result.remeasure_games} games "
        "each on fresh seeds.",
        "",
        head,
        "|---|" + "---|" * len(result.best),
        *(f"| {name} | " + " | ".join(cells) + " |" for name, cells in rows),
        "",
        "Fitness: how far the figures lie outside their targets (0: all met). Intervals are "
        "95%: Wilson for rates, normal for means. ✓: the value is in the band; ✓✓: its whole "
        "interval too; ✗: not.",
        "",
    ]
    return "\n".join(lines)


def _plots(result: TuneResult) -> dict[str, bytes]:
    from ..sim.analytics_report import png_bytes as png
    from ..sim.analytics_report import pyplot

    plt = pyplot()
    images: dict[str, bytes] = {}
    played = [e for e in result.evaluations if not e.error]
    figure, axes = plt.subplots(figsize=(7, 3.6))
    points = result.convergence()
    xs = [p[0] for p in points]
    axes.plot(xs, [p[1] for p in points], drawstyle="steps-post", label="best so far")
    axes.scatter(xs, [e.fitness for e in played], s=8, alpha=0.4, label="each candidate")
    axes.legend(fontsize=8)
    axes.set_xlabel("games played")
    axes.set_ylabel("fitness (0: every target met)")
    axes.set_title("Best fitness found")
    images["convergence.png"] = png(figure)
    for param in result.params:
        figure, axes = plt.subplots(figsize=(7, 3.6))
        values = [e.params[param.name] for e in played]
        numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
        xs = values if numeric else [list(param.values).index(v) for v in values]
        axes.scatter(xs, [e.fitness for e in played], s=10, alpha=0.6)
        if not numeric:
            axes.set_xticks(range(len(param.values)))
            axes.set_xticklabels([str(v) for v in param.values])
        axes.set_xlabel(param.name)
        axes.set_ylabel("fitness")
        axes.set_title(f"Fitness by {param.name}")
        images[f"param-{param.name}.png"] = png(figure)
    return images


def _html(result: TuneResult, images: dict[str, bytes]) -> str:
    import base64
    import html

    title = f"{t(result.title)}: tune"
    rows = _rows(result)
    head = "".join(f"<th>#{c.rank}</th>" for c in result.best)
    body = "".join(
        f"<tr><th>{html.escape(name)}</th>"
        + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells)
        + "</tr>"
        for name, cells in rows
    )
    pictures = "".join(
        f'<img alt="{html.escape(name)}" src="data:image/png;base64,'
        f'{base64.b64encode(data).decode()}">'
        for name, data in images.items()
    )
    style = (
        "body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}"
        "table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3rem .6rem;"
        "text-align:left}td{font-variant-numeric:tabular-nums}img{max-width:100%;margin:1rem 0}"
    )
    targets = ", ".join(f"<code>{html.escape(text)}</code>" for text in result.targets)
    return (
        f"<!doctype html><html lang=en><meta charset=utf-8><title>{html.escape(title)}</title>"
        f"<style>{style}</style><h1>{html.escape(title)}</h1>"
        f"<p><code>{html.escape(result.game)}</code>, seed {result.seed}; targets: {targets}. "
        f"{result.searched} candidates of {result.games_per_eval} games searched "
        f"(NTBEA), the best re-measured over {result.remeasure_games} games each.</p>"
        f"<table><tr><th></th>{head}</tr>{body}</table>"
        "<p>Fitness: how far the figures lie outside their targets (0: all met). Intervals are "
        "95%. ✓: the value is in the band; ✓✓: its whole interval too; ✗: not.</p>"
        f"{pictures}</html>\n"
    )


def _csv(result: TuneResult, path: Path) -> None:
    import csv

    names: list[str] = []
    for evaluation in result.evaluations:
        names += [f.name for f in evaluation.figures if f.name not in names]
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["evaluation", "games", "seed", *(p.name for p in result.params), "fitness", *names]
        )
        for evaluation in result.evaluations:
            if evaluation.error:  # refused by the rules: no game, no figure
                continue
            values = {f.name: f.value for f in evaluation.figures}
            writer.writerow(
                [
                    evaluation.index,
                    evaluation.games,
                    evaluation.seed,
                    *(_csv_value(evaluation.params[p.name]) for p in result.params),
                    evaluation.fitness,
                    *(_csv_number(values.get(name, math.nan)) for name in names),
                ]
            )


def _csv_value(value: Any) -> Any:
    """A parameter's value as a number (yes/no as 1/0) so that the file stays numeric."""
    return int(value) if isinstance(value, bool) else value


def _csv_number(value: float) -> str:
    return "" if math.isnan(value) else repr(value)


def write_report(folder: Path, result: TuneResult) -> list[Path]:
    """Write ``tune.md``, ``index.html`` (with the plots), ``evaluations.csv``, ``tune.json``,
    the plots as PNG and ``best-N.toml`` for each re-measured variant; return the files."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    images = _plots(result)
    for name, data in images.items():
        (folder / name).write_bytes(data)
        written.append(folder / name)
    markdown = _markdown(result) + "".join(f"\n![{n}]({n})\n" for n in images)
    (folder / "tune.md").write_text(markdown, encoding="utf-8")
    (folder / "index.html").write_text(_html(result, images), encoding="utf-8")
    _csv(result, folder / "evaluations.csv")
    (folder / "tune.json").write_text(
        json.dumps(result.to_json(), indent=1, allow_nan=False) + "\n", encoding="utf-8"
    )
    written += [folder / n for n in ("tune.md", "index.html", "evaluations.csv", "tune.json")]
    for candidate in result.best:
        written.append(result.variant(candidate.rank).save(folder / f"best-{candidate.rank}.toml"))
    return written


__all__ = ["add_tune_parser", "best_table", "cmd_tune", "write_report"]
