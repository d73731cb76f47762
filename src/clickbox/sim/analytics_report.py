"""The analysis as a person reads it: tables in words, and a report folder with plots.

:func:`summary_rows` gives every figure of every setup side by side (one row per figure,
one column per setup, value and 95% interval); :func:`write_report` writes ``index.html``
(self-contained, the plots inline), ``summary.md``, ``figures.csv`` and ``analysis.json``
(the raw sums: analyses saved apart merge) and the plots as PNG.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .analytics import Analysis, Skill
from .stats import Estimate

Setup = tuple[dict[str, str], Analysis]

RATE_LEVERS = ("win rate: ", "ability used: ")
"""Levers that are a share of games (0 or 1 per game), shown as percentages."""


def setup_name(setting: dict[str, str], analysis: Analysis) -> str:
    """A setup's column title: its swept values, or the game spec."""
    return ", ".join(f"{k}={v}" for k, v in setting.items()) or analysis.game


def _cell(estimate: Estimate, percent: bool = False) -> str:
    if math.isnan(estimate.value):
        return "-"
    scale, unit = (100.0, "%") if percent else (1.0, "")
    text = f"{_number(estimate.value * scale)}{unit}"
    if math.isfinite(estimate.low):
        text += f" [{_number(estimate.low * scale)}, {_number(estimate.high * scale)}]"
    return text


def _number(value: float) -> str:
    """Three significant digits, and 0 for what rounding left of 0."""
    return f"{0.0 if abs(value) < 1e-9 else value:.3g}"


def summary_rows(
    setups: Sequence[Setup], skills: Sequence[Skill] | None = None
) -> list[tuple[str, list[str]]]:
    """``(figure, [cell per setup])`` for every figure of the setups (and their luck against
    skill, where measured), in reading order."""
    rows: list[tuple[str, list[str]]] = [
        ("games", [str(a.games) for _, a in setups]),
        ("bots", [" / ".join(a.bots) for _, a in setups]),
    ]
    seats = max(len(a.bots) for _, a in setups)
    for seat in range(seats):
        rows.append(
            (
                f"seat {seat + 1} win rate",
                [_cell(a.win_rate(seat), True) if seat < len(a.bots) else "" for _, a in setups],
            )
        )
    for seat in range(seats):
        rows.append(
            (
                f"seat {seat + 1} mean score",
                [_cell(a.scores[seat].estimate()) if seat < len(a.bots) else "" for _, a in setups],
            )
        )
    rows.append(
        (
            "seat advantage (chi-square p)",
            [_advantage(a) for _, a in setups],
        )
    )
    rows.append(("shared wins", [_cell(_share(a.shared_wins, a.games), True) for _, a in setups]))
    rows.append(("decisions per game", [_spread(a.decisions.estimate(), a) for _, a in setups]))
    rows.append(("chance events per game", [_cell(a.chance_events.estimate()) for _, a in setups]))
    rows.append(("branching factor", [_cell(a.branching.estimate()) for _, a in setups]))
    rows.append(("lead changes per game", [_cell(a.lead_changes.estimate()) for _, a in setups]))
    rows.append(
        (
            "winner leads for good after (share of the game)",
            [_cell(a.winner_known.estimate(), True) for _, a in setups],
        )
    )
    if skills:
        rows += _skill_rows(skills)
    endings = sorted({reason for _, a in setups for reason in a.endings})
    for reason in endings:
        rows.append(
            (
                f"ended: {reason}",
                [_cell(_share(a.endings.get(reason, 0), a.games), True) for _, a in setups],
            )
        )
    levers = sorted({name for _, a in setups for name in a.levers})
    for name in levers:
        rows.append(
            (
                name,
                [
                    _cell(a.levers[name].estimate(), name.startswith(RATE_LEVERS))
                    if name in a.levers
                    else "-"
                    for _, a in setups
                ],
            )
        )
    return rows


def _skill_rows(skills: Sequence[Skill]) -> list[tuple[str, list[str]]]:
    pairs = f"{skills[0].strong} against {skills[0].weak}"
    shares = [k.variance_shares() for k in skills]
    rows = [
        (f"luck and skill: {pairs}, deals", [str(k.deals) for k in skills]),
        ("score variance: skill (who plays)", [f"{v['skill']:.0%}" for v in shares]),
        ("score variance: luck (the deal)", [f"{v['luck']:.0%}" for v in shares]),
        ("score variance: the two combined", [f"{v['rest']:.0%}" for v in shares]),
        ("the weaker bot wins", [_cell(k.weak_beats_strong(), True) for k in skills]),
    ]
    if any(k.mixed_games for k in skills):
        rows.append(
            (
                "the stronger bot's win rate (one seat)",
                [_cell(k.strong_win_rate(), True) for k in skills],
            )
        )
    return rows


def _share(count: int, games: int) -> Estimate:
    from .stats import proportion_interval

    return proportion_interval(count, games)


def _spread(estimate: Estimate, analysis: Analysis) -> str:
    moments = analysis.decisions
    return f"{_cell(estimate)}, sd {moments.sd:.3g}, {moments.low:.0f}-{moments.high:.0f}"


def _advantage(analysis: Analysis) -> str:
    test = analysis.seat_advantage()
    if math.isnan(test["p"]):
        return "-"
    verdict = "significant" if test["significant"] else "not significant"
    return f"p = {test['p']:.3g} ({verdict})"


def markdown(setups: Sequence[Setup], title: str, skills: Sequence[Skill] | None = None) -> str:
    """The summary table in Markdown."""
    names = [setup_name(s, a) for s, a in setups]
    lines = [f"# {title}", "", "| figure | " + " | ".join(names) + " |"]
    lines.append("|---|" + "---|" * len(names))
    rows = summary_rows(setups, skills)
    lines += [f"| {figure} | " + " | ".join(cells) + " |" for figure, cells in rows]
    lines += [
        "",
        "Intervals are 95%: Wilson for rates, normal for means. A shared win counts as a win "
        "for each sharer. The seat advantage test compares the wins by seat with equal shares.",
        "",
    ]
    return "\n".join(lines)


def plots(setups: Sequence[Setup]) -> dict[str, bytes]:
    """The PNG plots: win rate by seat, the score distributions, the game lengths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    images: dict[str, bytes] = {}
    names = [setup_name(s, a) for s, a in setups]

    figure, axes = plt.subplots(figsize=(7, 3.6))
    width = 0.8 / len(setups)
    for i, ((_, analysis), name) in enumerate(zip(setups, names, strict=True)):
        seats = range(len(analysis.bots))
        rates = [analysis.win_rate(s) for s in seats]
        values = [r.value * 100 for r in rates]
        errors = [
            [(r.value - r.low) * 100 for r in rates],
            [(r.high - r.value) * 100 for r in rates],
        ]
        positions = [s + i * width for s in seats]
        axes.bar(positions, values, width, yerr=errors, capsize=3, label=name)
    axes.set_xlabel("seat (turn order)")
    axes.set_ylabel("win rate, % (95% interval)")
    axes.set_title("Does the seat order matter?")
    axes.set_xticks([s + width * (len(setups) - 1) / 2 for s in range(len(setups[0][1].bots))])
    axes.set_xticklabels([str(s + 1) for s in range(len(setups[0][1].bots))])
    if len(setups) > 1:
        axes.legend(fontsize=8)
    images["win-rate-by-seat.png"] = _png(figure)

    figure, axes = plt.subplots(figsize=(7, 3.6))
    for (_, analysis), name in zip(setups, names, strict=True):
        counts: dict[int, int] = {}
        for seat_counts in analysis.score_counts:
            for score, count in seat_counts.items():
                counts[score] = counts.get(score, 0) + count
        xs = sorted(counts)
        total = sum(counts.values())
        axes.plot(xs, [counts[x] / total for x in xs], drawstyle="steps-mid", label=name)
    axes.set_xlabel("final score (every seat)")
    axes.set_ylabel("share of scores")
    axes.set_title("How scores spread")
    if len(setups) > 1:
        axes.legend(fontsize=8)
    images["scores.png"] = _png(figure)

    figure, axes = plt.subplots(figsize=(7, 3.6))
    for (_, analysis), name in zip(setups, names, strict=True):
        xs = sorted(analysis.length_counts)
        axes.plot(
            xs,
            [analysis.length_counts[x] / analysis.games for x in xs],
            drawstyle="steps-mid",
            label=name,
        )
    axes.set_xlabel("decisions in a game")
    axes.set_ylabel("share of games")
    axes.set_title("How long games last")
    if len(setups) > 1:
        axes.legend(fontsize=8)
    images["length.png"] = _png(figure)
    return images


def _png(figure: Any) -> bytes:
    import matplotlib.pyplot as plt

    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    plt.close(figure)
    return buffer.getvalue()


def write_report(
    folder: Path, setups: Sequence[Setup], title: str, skills: Sequence[Skill] | None = None
) -> list[Path]:
    """Write the report of ``setups`` into ``folder``; return the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    text = markdown(setups, title, skills)
    images = plots(setups)
    for name, data in images.items():
        (folder / name).write_bytes(data)
        written.append(folder / name)
    summary = folder / "summary.md"
    summary.write_text(text + "\n" + "".join(f"![{n}]({n})\n" for n in images))
    written.append(summary)
    with (folder / "figures.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["figure", *(setup_name(s, a) for s, a in setups)])
        for figure, cells in summary_rows(setups, skills):
            writer.writerow([figure, *cells])
    written.append(folder / "figures.csv")
    raw = [
        {"setting": s, "analysis": a.to_json(), "skill": skills[i].to_json() if skills else None}
        for i, (s, a) in enumerate(setups)
    ]
    (folder / "analysis.json").write_text(json.dumps(raw, indent=1) + "\n")
    written.append(folder / "analysis.json")
    page = folder / "index.html"
    page.write_text(_html(setups, title, images, skills))
    written.append(page)
    return written


def _html(
    setups: Sequence[Setup],
    title: str,
    images: dict[str, bytes],
    skills: Sequence[Skill] | None = None,
) -> str:
    names = [setup_name(s, a) for s, a in setups]
    head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    body = "".join(
        f"<tr><th>{html.escape(figure)}</th>"
        + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells)
        + "</tr>"
        for figure, cells in summary_rows(setups, skills)
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
    return (
        f"<!doctype html><html lang=en><meta charset=utf-8><title>{html.escape(title)}</title>"
        f"<style>{style}</style><h1>{html.escape(title)}</h1>{pictures}"
        f"<table><tr><th>figure</th>{head}</tr>{body}</table>"
        "<p>Intervals are 95%: Wilson for rates, normal for means.</p></html>\n"
    )
