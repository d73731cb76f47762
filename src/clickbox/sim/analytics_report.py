"""The analysis as a person reads it: findings in words, tables, a report folder with plots.

:func:`findings` writes what the figures say (what survives Holm's correction against a fair
share, what does not, how a sweep's ends differ); :func:`summary_rows` gives every figure of
every setup side by side (one row per figure, one column per setup, value and 95% interval);
:func:`compare` sets two analyses side by side (A/B); :func:`write_report` writes
``index.html`` (self-contained, the plots inline), ``summary.md``, ``figures.csv`` (numbers),
``figures-table.csv`` (the table), ``analysis.json`` (the raw sums: analyses saved apart merge)
and the plots as PNG.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from ..core.i18n import N_, t
from .analytics import ALPHA, MIN_EXPECTED, MIN_GAMES, Analysis, FairShare, Moments, Skill
from .levers import RATE_LEVERS as RATE_LEVERS  # where it was read before
from .levers import is_rate
from .stats import Estimate, holm, mean_difference, proportion_difference, proportion_interval

Setup = tuple[dict[str, str], Analysis]


def setup_name(setting: dict[str, str], analysis: Analysis) -> str:
    """A setup's column title: its swept values, or the game spec."""
    return ", ".join(f"{k}={v}" for k, v in setting.items()) or analysis.game


# -- the figures, one list per setup ---------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """One figure of one setup: its value and 95% interval (NaN: none), the games it was
    measured over, its unit ("rate": a share of games, 0..1; "mean"; "count"; "p": a p-value;
    "text": no number), and for a test against a fair share, the test."""

    name: str
    value: Estimate
    unit: str
    n: int | None = None
    text: str = ""
    test: FairShare | None = None


def _estimate(value: float) -> Estimate:
    return Estimate(value, math.nan, math.nan)


def figures_of(analysis: Analysis, skill: Skill | None = None) -> list[Figure]:
    """Every figure of one setup, in reading order (what the table, the CSV and the findings
    read)."""
    a = analysis
    players = len(a.bots)
    tests = {(t.family, t.label): t for t in a.fair_share_tests()}
    out = [
        Figure("games", _estimate(a.games), "count", a.games),
        Figure("bots", _estimate(math.nan), "text", text=" / ".join(a.bots)),
    ]
    if a.small_sample():
        warning = t("too few games: {rule}", rule=_small_sample_text())
        out.append(Figure("small sample", _estimate(math.nan), "text", text=warning))
    for seat in range(players):
        out.append(Figure(f"seat {seat + 1} win rate", a.win_rate(seat), "rate", a.games))
    if players > 1:
        for seat in range(players):
            test = tests[("seat", f"seat {seat + 1}")]
            out.append(
                Figure(f"seat {seat + 1} win share", test.estimate, "rate", a.games, "", test)
            )
        if a.sole_wins:
            for seat in range(players):
                out.append(
                    Figure(f"seat {seat + 1} won alone", _estimate(a.sole_wins[seat]), "count")
                )
    for seat in range(players):
        out.append(
            Figure(f"seat {seat + 1} mean score", a.scores[seat].estimate(), "mean", a.games)
        )
    advantage = a.seat_advantage()
    if not math.isnan(advantage["p"]):
        verdict = "significant" if advantage["significant"] else "not significant"
        out.append(
            Figure(
                "seat advantage (chi-square p)", _estimate(advantage["p"]), "p", a.games, verdict
            )
        )
    out.append(Figure("shared wins", proportion_interval(a.shared_wins, a.games), "rate", a.games))
    for name in a.characters():
        test = tests[("character", name)]
        out.append(Figure(f"{name}: games", _estimate(test.n), "count"))
        out.append(Figure(f"{name}: win share", test.estimate, "rate", test.n, "", test))
        for seat, games in enumerate(a.character_games.get(name, [])):
            share = proportion_interval(a.character_credit[name][seat], games)
            out.append(Figure(f"{name} in seat {seat + 1}: win share", share, "rate", games))
    for spec, seats in a.mixed_bots().items():
        test = tests[("bot", spec)]
        held = ", ".join(str(s + 1) for s in seats)
        out.append(
            Figure(f"bot {spec} (seats {held}) win share", test.estimate, "rate", a.games, "", test)
        )
    spread = f"sd {a.decisions.sd:.3g}, {a.decisions.low:.0f}-{a.decisions.high:.0f}"
    out.append(Figure("decisions per game", a.decisions.estimate(), "mean", a.games, spread))
    out.append(Figure("chance events per game", a.chance_events.estimate(), "mean", a.games))
    out.append(Figure("branching factor", a.branching.estimate(), "mean", a.branching.n))
    out.append(Figure("lead changes per game", a.lead_changes.estimate(), "mean", a.lead_changes.n))
    out.append(
        Figure(
            "winner leads for good after (share of the game)",
            a.winner_known.estimate(),
            "mean",
            a.winner_known.n,
        )
    )
    if skill is not None:
        out += _skill_figures(skill)
    for reason in sorted(a.endings):
        share = proportion_interval(a.endings[reason], a.games)
        out.append(Figure(f"ended: {reason}", share, "rate", a.games))
    for name in sorted(a.levers):
        unit = "rate" if is_rate(name) else "mean"
        out.append(Figure(name, a.lever(name), unit, a.levers[name].n))
    return out


def _skill_figures(skill: Skill) -> list[Figure]:
    shares = skill.variance_shares()
    pairs = f"{skill.strong} against {skill.weak}"
    out = [
        Figure(f"luck and skill: {pairs}, deals", _estimate(skill.deals), "count"),
        Figure("score variance: skill (who plays)", _estimate(shares["skill"]), "share"),
        Figure("score variance: luck (the deal)", _estimate(shares["luck"]), "share"),
        Figure("score variance: the two combined", _estimate(shares["rest"]), "share"),
        Figure(
            "the weaker bot wins",
            skill.weak_beats_strong(),
            "rate",
            skill.mixed_games or skill.deals,
        ),
    ]
    if skill.mixed_games:
        out.append(
            Figure(
                "the stronger bot's win rate (one seat)",
                skill.strong_win_rate(),
                "rate",
                skill.mixed_games,
            )
        )
    return out


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


def _p(p: float) -> str:
    """A p-value as a reader wants it: "< 0.001" below, else two significant digits."""
    if math.isnan(p):
        return "-"
    return "< 0.001" if p < 0.001 else f"= {p:.2g}"


def _format(figure: Figure) -> str:
    """A figure's table cell."""
    unit = figure.unit
    if unit == "text":
        return figure.text
    if unit == "count":
        return "-" if math.isnan(figure.value.value) else f"{figure.value.value:.0f}"
    if unit == "share":
        return "-" if math.isnan(figure.value.value) else f"{figure.value.value:.0%}"
    if unit == "p":
        return f"p {_p(figure.value.value)}" + (f" ({figure.text})" if figure.text else "")
    text = _cell(figure.value, unit == "rate")
    if figure.test is not None:
        test = figure.test
        text += f" (fair {_number(test.fair * 100)}%, Holm p {_p(test.adjusted)})"
        text += " *" if test.marked else ""
    elif unit == "rate" and figure.n is not None and text != "-":
        text += f", n={figure.n}"
    if figure.text:
        text += f", {figure.text}"
    return text


def _ordered_union(lists: Sequence[Sequence[str]]) -> list[str]:
    """The names of every list, each once, a new name placed after its predecessor."""
    order: list[str] = []
    for names in lists:
        previous: str | None = None
        for name in names:
            if name not in order:
                order.insert(order.index(previous) + 1 if previous else len(order), name)
            previous = name
    return order


def _all_figures(
    setups: Sequence[Setup], skills: Sequence[Skill] | None
) -> list[dict[str, Figure]]:
    return [
        {f.name: f for f in figures_of(a, skills[i] if skills else None)}
        for i, (_, a) in enumerate(setups)
    ]


def summary_rows(
    setups: Sequence[Setup], skills: Sequence[Skill] | None = None
) -> list[tuple[str, list[str]]]:
    """``(figure, [cell per setup])`` for every figure of the setups (and their luck against
    skill, where measured), in reading order; a starred cell survives Holm's correction."""
    per_setup = _all_figures(setups, skills)
    names = _ordered_union([list(f) for f in per_setup])
    return [(name, [_format(f[name]) if name in f else "-" for f in per_setup]) for name in names]


def figure_records(
    setups: Sequence[Setup], skills: Sequence[Skill] | None = None
) -> list[dict[str, Any]]:
    """The numeric figures: ``setup, figure, value, low, high, n, unit`` per figure per setup
    (rates as fractions 0..1; low and high None without an interval; text figures left out)."""
    records = []
    for (setting, analysis), figures in zip(setups, _all_figures(setups, skills), strict=True):
        name = setup_name(setting, analysis)
        for figure in figures.values():
            if figure.unit == "text" or math.isnan(figure.value.value):
                continue
            interval = figure.value.interval()
            records.append(
                {
                    "setup": name,
                    "figure": figure.name,
                    "value": figure.value.value,
                    "low": interval[0] if interval else None,
                    "high": interval[1] if interval else None,
                    "n": figure.n,
                    "unit": figure.unit,
                }
            )
            if figure.test is not None:
                records.append(
                    {
                        "setup": name,
                        "figure": f"{figure.name}: Holm-adjusted p against the fair share",
                        "value": figure.test.adjusted,
                        "low": None,
                        "high": None,
                        "n": figure.test.n,
                        "unit": "p",
                    }
                )
    return records


SMALL_SAMPLE = N_(
    "no difference is called significant below {games} games, nor where a test expects "
    "fewer than {expected} wins or losses"
)


def _small_sample_text() -> str:
    """The small-sample rule in words."""
    return t(SMALL_SAMPLE, games=MIN_GAMES, expected=f"{MIN_EXPECTED:.0f}")


# -- A/B: two analyses of the same figures -------------------------------------------------------


class Comparison(NamedTuple):
    """One figure of two analyses: each side's value, B minus A with its 95% interval, the
    two-sided p-value, the p after Holm's correction across the compared figures, and whether
    the difference is marked (adjusted p below 0.05, neither side under the small-sample
    rule)."""

    figure: str
    a: Estimate
    b: Estimate
    difference: Estimate
    p: float
    adjusted: float = math.nan
    marked: bool = False
    unit: str = "mean"


def compare(a: Analysis, b: Analysis) -> list[Comparison]:
    """Every figure the two analyses share, B against A: each seat's win rate (a shared win
    split) and mean score, the length, each character's win share, and every lever; rates by
    Newcombe's interval and the two-proportion z test, means by Welch's; Holm across all."""
    found: list[Comparison] = []

    def rate(name: str, xa: float, na: int, xb: float, nb: int) -> None:
        difference, p = proportion_difference(xb, nb, xa, na)
        one, two = proportion_interval(xa, na), proportion_interval(xb, nb)
        found.append(Comparison(name, one, two, difference, p, unit="rate"))

    def mean(name: str, ma: Moments, mb: Moments) -> None:
        difference, p = mean_difference(mb.mean, mb.sd, mb.n, ma.mean, ma.sd, ma.n)
        found.append(Comparison(name, ma.estimate(), mb.estimate(), difference, p))

    for seat in range(min(len(a.bots), len(b.bots))):
        if len(a.bots) > 1 and len(b.bots) > 1:
            rate(f"seat {seat + 1} win share", a.credit[seat], a.games, b.credit[seat], b.games)
        else:
            rate(f"seat {seat + 1} win rate", a.wins[seat], a.games, b.wins[seat], b.games)
    for seat in range(min(len(a.bots), len(b.bots))):
        mean(f"seat {seat + 1} mean score", a.scores[seat], b.scores[seat])
    mean("decisions per game", a.decisions, b.decisions)
    for name in sorted(set(a.characters()) & set(b.characters())):
        games_a, _, credit_a = a.character_record(name)
        games_b, _, credit_b = b.character_record(name)
        rate(f"{name}: win share", credit_a, games_a, credit_b, games_b)
    for name in sorted(set(a.levers) & set(b.levers)):
        if name.startswith("win rate: "):
            continue  # the character's win share above
        ma, mb = a.levers[name], b.levers[name]
        if is_rate(name):
            rate(name, round(ma.total), ma.n, round(mb.total), mb.n)
        else:
            mean(name, ma, mb)
    small = a.small_sample() or b.small_sample()
    adjusted = holm([c.p for c in found])
    return [
        c._replace(adjusted=q, marked=q < ALPHA and not small)
        for c, q in zip(found, adjusted, strict=True)
    ]


def compare_rows(a: Analysis, b: Analysis) -> list[tuple[str, str, str, str, str]]:
    """B against A in words, one row per figure (see :data:`COMPARE_COLUMNS`)."""
    return _compare_cells(compare(a, b))


def _compare_cells(comparisons: Sequence[Comparison]) -> list[tuple[str, str, str, str, str]]:
    rows = []
    for c in comparisons:
        percent = c.unit == "rate"
        difference = _cell(c.difference, percent)
        adjusted = _p(c.adjusted).removeprefix("= ") + (" *" if c.marked else "")
        rows.append(
            (
                c.figure,
                _cell(c.a, percent),
                _cell(c.b, percent),
                difference.replace("%", " points", 1) if percent else difference,
                f"{_p(c.p).removeprefix('= ')} ({adjusted})",
            )
        )
    return rows


COMPARE_COLUMNS = (N_("figure"), "A", "B", N_("B - A [95%]"), N_("p (Holm)"))
"""The columns of :func:`compare_rows`: a rate's difference is in percentage points; a starred
Holm-adjusted p marks a difference."""


def compare_markdown(a: Analysis, b: Analysis, a_name: str, b_name: str) -> str:
    """B against A as Markdown: the marked differences in words, then the table."""
    comparisons = compare(a, b)
    lines = [f"# {t('{b} against {a}', a=a_name, b=b_name)}", ""]
    marked = [c for c in comparisons if c.marked]
    none = t(
        "No figure differs significantly (Holm across {count} figures).", count=len(comparisons)
    )
    lines += [f"- {_difference_sentence(c)}" for c in marked] or [f"- {none}"]
    header = [t(c) for c in COMPARE_COLUMNS]
    header[1], header[2] = f"A ({a_name})", f"B ({b_name})"
    lines += ["", "| " + " | ".join(header) + " |", "|---" * len(header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in _compare_cells(comparisons)]
    lines += [
        "",
        t("Intervals are 95%: Newcombe's for differences of rates, Welch's for means."),
        "",
    ]
    return "\n".join(lines)


def _difference_sentence(c: Comparison) -> str:
    percent = c.unit == "rate"
    return t(
        "{figure}: {b} against {a} (Holm-adjusted p {p})",
        figure=c.figure,
        a=_cell(c.a, percent),
        b=_cell(c.b, percent),
        p=_p(c.adjusted),
    )


# -- findings in words -----------------------------------------------------------------------------


def findings(setups: Sequence[Setup], skills: Sequence[Skill] | None = None) -> list[str]:
    """What the figures say, in sentences written from them: the small-sample warning first
    where it applies; then per setup what survives Holm's correction (seats, characters, bots)
    and what does not; how the first and last setups of a sweep differ; luck and skill; the
    commonest ending."""
    out: list[str] = []
    several = len(setups) > 1
    small = [setup_name(s, a) for s, a in setups if a.small_sample()]
    if small:
        warning = _small_sample_text()
        out.append(
            t("Too few games ({setups}): {warning}.", setups=", ".join(small), warning=warning)
            if several
            else t("Too few games: {warning}.", warning=warning)
        )
    if several:
        out += _across_setups(setups)
    for i, (setting, analysis) in enumerate(setups):
        prefix = f"{setup_name(setting, analysis)}: " if several else ""
        if not several:
            out += _setup_findings(analysis)
        if skills:
            shares = skills[i].variance_shares()
            if not math.isnan(shares["skill"]):
                out.append(
                    prefix
                    + t(
                        "Luck and skill ({strong} against {weak}): who plays explains {skill} "
                        "of a seat's score variance, the deal {luck}.",
                        strong=skills[i].strong,
                        weak=skills[i].weak,
                        skill=f"{shares['skill']:.0%}",
                        luck=f"{shares['luck']:.0%}",
                    )
                )
        if analysis.endings and not several:
            reason, count = max(analysis.endings.items(), key=lambda item: (item[1], item[0]))
            out.append(
                prefix
                + t(
                    "The commonest ending: {ending} ({share} of the games).",
                    ending=reason,
                    share=_cell(proportion_interval(count, analysis.games), True),
                )
            )
    if several:
        out += _sweep_findings(setups)
    return out


def _across_setups(setups: Sequence[Setup]) -> list[str]:
    """The fair-share findings of several setups told once each: what stands out in every
    setup (with its range), in some (which), or in none; and the commonest ending."""
    out: list[str] = []
    names = [setup_name(s, a) for s, a in setups]
    count = len(setups)
    for family, nobody in (
        ("character", N_("No character stands out in any setup.")),
        (
            "seat",
            N_("No seat advantage in any setup: every seat wins within chance of its fair share."),
        ),
        ("bot", N_("No bot wins more than chance allows for its seats in any setup.")),
    ):
        tests = [{x.label: x for x in a.fair_share_tests(family) if x.n} for _, a in setups]
        labels = list(dict.fromkeys(label for found in tests for label in found))
        if not labels:
            continue
        told = False
        for label in labels:
            seen = [(names[i], found[label]) for i, found in enumerate(tests) if label in found]
            marked = [(name, x) for name, x in seen if x.marked]
            if not marked:
                continue
            told = True
            low = min(marked, key=lambda item: item[1].estimate.value)
            high = max(marked, key=lambda item: item[1].estimate.value)
            more = sum(1 for _, x in marked if x.estimate.value > x.fair)
            who = label[:1].upper() + label[1:]
            ranges = (
                _cell(low[1].estimate, True) + f" ({low[0]})"
                if low is high
                else t(
                    "from {low} ({low_setup}) to {high} ({high_setup})",
                    low=_cell(low[1].estimate, True),
                    low_setup=low[0],
                    high=_cell(high[1].estimate, True),
                    high_setup=high[0],
                )
            )
            if len(marked) == len(seen) and more in (0, len(marked)):
                sentences = {  # every setup or every one it plays in; more or less than fair
                    (True, True): N_(
                        "In every setup, {who} wins more than a fair share of {fair} "
                        "(Holm-adjusted p {p} in each): {ranges}."
                    ),
                    (True, False): N_(
                        "In every setup, {who} wins less than a fair share of {fair} "
                        "(Holm-adjusted p {p} in each): {ranges}."
                    ),
                    (False, True): N_(
                        "In every setup where it plays ({seen} of {count}), {who} wins more "
                        "than a fair share of {fair} (Holm-adjusted p {p} in each): {ranges}."
                    ),
                    (False, False): N_(
                        "In every setup where it plays ({seen} of {count}), {who} wins less "
                        "than a fair share of {fair} (Holm-adjusted p {p} in each): {ranges}."
                    ),
                }
                out.append(
                    t(
                        sentences[len(seen) == count, more > 0],
                        seen=len(seen),
                        count=count,
                        who=who,
                        fair=f"{marked[0][1].fair:.0%}",
                        p=_p(max(x.adjusted for _, x in marked)).replace("=", "≤"),
                        ranges=ranges,
                    )
                )
            else:
                out.append(
                    t(
                        "{who} stands out from a fair share of {fair} in {marked} of {count} "
                        "setups: {ranges}; with many setups, expect a few by chance.",
                        who=who,
                        fair=f"{marked[0][1].fair:.0%}",
                        marked=len(marked),
                        count=len(seen),
                        ranges=ranges
                        if len(marked) <= 2
                        else ranges + " (" + "; ".join(name for name, _ in marked) + ")",
                    )
                )
        if not told:
            out.append(t(nobody))
    endings = [(name, a) for name, (_, a) in zip(names, setups, strict=True) if a.endings]
    if endings:
        commonest = [
            max(a.endings.items(), key=lambda item: (item[1], item[0])) for _, a in endings
        ]
        shares = [count / a.games for (_, count), (_, a) in zip(commonest, endings, strict=True)]
        if len({reason for reason, _ in commonest}) == 1 and min(shares) == max(shares):
            out.append(
                t(
                    "The commonest ending in every setup: {ending} ({share} of the games).",
                    ending=commonest[0][0],
                    share=f"{min(shares):.1%}",
                )
            )
        elif len({reason for reason, _ in commonest}) == 1:
            out.append(
                t(
                    "The commonest ending in every setup: {ending} ({low} to {high} of the games).",
                    ending=commonest[0][0],
                    low=f"{min(shares):.1%}",
                    high=f"{max(shares):.1%}",
                )
            )
        else:
            out.append(
                t(
                    "The commonest ending: {endings}.",
                    endings="; ".join(
                        f"{reason} ({name}, {share:.1%})"
                        for (reason, _), (name, _), share in zip(
                            commonest, endings, shares, strict=True
                        )
                    ),
                )
            )
    return out


def _setup_findings(a: Analysis) -> list[str]:
    out: list[str] = []
    seats = a.fair_share_tests("seat")
    if seats:
        fair = f"{seats[0].fair:.0%}"
        marked = [t_ for t_ in seats if t_.marked]
        for test in marked:
            out.append(
                t(
                    "Seat {seat} wins {rate} of the games, against a fair share of {fair} "
                    "(Holm-adjusted p {p}).",
                    seat=test.label.removeprefix("seat "),
                    rate=_cell(test.estimate, True),
                    fair=fair,
                    p=_p(test.adjusted),
                )
            )
        if not marked:
            out.append(
                t(
                    "No seat advantage: every seat wins within chance of its fair share of "
                    "{fair} ({shares}; smallest Holm-adjusted p {p}).",
                    fair=fair,
                    shares=", ".join(f"{t_.estimate.value:.1%}" for t_ in seats),
                    p=_p(min(t_.adjusted for t_ in seats)),
                )
            )
    characters = [c for c in a.fair_share_tests("character") if c.n]
    if characters:
        marked = [c for c in characters if c.marked]
        for test in sorted(marked, key=lambda c: -c.estimate.value):
            out.append(
                t(
                    "{character} wins {rate} of the {games} games played with the character, "
                    "against a fair share of {fair} (Holm-adjusted p {p}).",
                    character=test.label.capitalize(),
                    rate=_cell(test.estimate, True),
                    games=test.n,
                    fair=f"{test.fair:.0%}",
                    p=_p(test.adjusted),
                )
            )
        if not marked:
            out.append(
                t(
                    "No character stands out: each of the {count} wins within chance of a "
                    "fair share of {fair} (smallest Holm-adjusted p {p}).",
                    count=len(characters),
                    fair=f"{characters[0].fair:.0%}",
                    p=_p(min(c.adjusted for c in characters)),
                )
            )
    bots = a.fair_share_tests("bot")
    if bots:
        marked = [b for b in bots if b.marked]
        for test in marked:
            out.append(
                t(
                    "{bot} wins {rate} of the games, against a fair share of {fair} for the "
                    "seats it holds (Holm-adjusted p {p}).",
                    bot=test.label,
                    rate=_cell(test.estimate, True),
                    fair=f"{test.fair:.0%}",
                    p=_p(test.adjusted),
                )
            )
        if not marked:
            out.append(
                t(
                    "No bot wins more than chance allows for the seats it holds ({shares}).",
                    shares=", ".join(
                        f"{b.label} {b.estimate.value:.1%} / {b.fair:.0%}" for b in bots
                    ),
                )
            )
    return out


SWEEP_FINDINGS = 6
"""At most this many differences between the first and last setups of a sweep are told."""


def _importance(c: Comparison) -> tuple[int, float, str]:
    """The order differences are told in: scores and win shares first (what a designer asks
    first), then the rest; within each, the largest difference against its own spread."""
    first = 0 if "score" in c.figure else 1 if "win" in c.figure else 2
    half = (c.difference.high - c.difference.low) / 2
    size = abs(c.difference.value) / half if half > 0 else math.inf
    return first, -size, c.figure


def _sweep_findings(setups: Sequence[Setup]) -> list[str]:
    (first_setting, first), (last_setting, last) = setups[0], setups[-1]
    if first.small_sample() or last.small_sample():
        return []
    first_name, last_name = setup_name(first_setting, first), setup_name(last_setting, last)
    comparisons = compare(first, last)
    marked = sorted((c for c in comparisons if c.marked), key=_importance)
    if not marked:
        return [
            t(
                "No figure differs significantly between {first} and {last} (Holm across "
                "{count} figures).",
                first=first_name,
                last=last_name,
                count=len(comparisons),
            )
        ]
    out = [
        t("{last} against {first}: ", last=last_name, first=first_name)
        + _difference_sentence(c)
        + "."
        for c in marked[:SWEEP_FINDINGS]
    ]
    if len(marked) > SWEEP_FINDINGS:
        out.append(
            t(
                "{count} more figures differ significantly between {first} and {last} (the "
                "table holds them).",
                count=len(marked) - SWEEP_FINDINGS,
                first=first_name,
                last=last_name,
            )
        )
    return out


# -- the table in Markdown, the plots ------------------------------------------------------------

FOOTNOTE = N_(
    "Intervals are 95%: Wilson for rates, normal for means. A win rate counts a shared win for "
    "each sharer; a win share splits it (1/k to each of k sharers), and the tests read the "
    "shares: each seat, character and bot against its fair share by the exact binomial test, "
    "Holm-corrected within its kind; * marks what survives (adjusted p below 0.05)."
)


def markdown(
    setups: Sequence[Setup],
    title: str,
    skills: Sequence[Skill] | None = None,
    meta: Mapping[str, Any] | None = None,
) -> str:
    """The report in Markdown: the findings, the table, the footnote, the run's details."""
    names = [setup_name(s, a) for s, a in setups]
    lines = [f"# {title}", ""]
    lines += [f"- {sentence}" for sentence in findings(setups, skills)]
    lines += ["", "| figure | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    lines += [
        f"| {figure} | " + " | ".join(cells) + " |"
        for figure, cells in summary_rows(setups, skills)
    ]
    lines += ["", t(FOOTNOTE), ""]
    return "\n".join(lines)


def _meta_lines(meta: Mapping[str, Any] | None) -> list[tuple[str, str]]:
    """The run's details as (label, text), in a fixed order."""
    if not meta:
        return []
    order = (
        "command",
        "version",
        "seed",
        "games",
        "variant",
        "bots",
        "backend",
        "started",
        "finished",
    )
    keys = [k for k in order if k in meta] + sorted(k for k in meta if k not in order)
    lines = []
    for key in keys:
        value = meta[key]
        text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
        lines.append((key, "none" if value is None else text))
    return lines


def pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend (no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _legend(axes: Any) -> None:
    """The legend beside the plot, never over the data."""
    axes.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)


def plots(setups: Sequence[Setup]) -> dict[str, bytes]:
    """The PNG plots: win share by seat (not solo), by character (Click Click Boom), the score
    of each seat as box plots, the game length; a numeric sweep's line charts come first (the
    figures against the number swept: what its report is for)."""
    images: dict[str, bytes] = dict(_sweep_charts(setups))
    names = [setup_name(s, a) for s, a in setups]
    if any(len(a.bots) > 1 for _, a in setups):
        images["win-rate-by-seat.png"] = _seat_chart(setups, names)
    if any(a.characters() for _, a in setups):
        images["win-rate-by-character.png"] = _character_chart(setups, names)
    images["scores.png"] = _score_chart(setups, names)
    images["length.png"] = _length_chart(setups, names)
    return images


def _bars(
    axes: Any, positions: Sequence[float], estimates: Sequence[Estimate], width: float, label: str
) -> Any:
    values = [e.value * 100 for e in estimates]
    errors = [
        [max(0.0, (e.value - e.low) * 100) if math.isfinite(e.low) else 0.0 for e in estimates],
        [max(0.0, (e.high - e.value) * 100) if math.isfinite(e.high) else 0.0 for e in estimates],
    ]
    return axes.bar(positions, values, width, yerr=errors, capsize=3, label=label)


def _fair_lines(axes: Any, players: set[int]) -> None:
    for count in sorted(players):
        axes.axhline(
            100 / count, color="black", linestyle="--", linewidth=1, label=f"fair share (1/{count})"
        )


def _star(axes: Any, x: float, estimate: Estimate) -> None:
    top = estimate.high if math.isfinite(estimate.high) else estimate.value
    axes.annotate("*", (x, top * 100), ha="center", va="bottom", fontsize=12)


def _seat_chart(setups: Sequence[Setup], names: list[str]) -> bytes:
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(8, 3.8))
    multi = [(n, a) for n, (_, a) in zip(names, setups, strict=True) if len(a.bots) > 1]
    width = 0.8 / len(multi)
    most = max(len(a.bots) for _, a in multi)
    for i, (name, analysis) in enumerate(multi):
        tests = analysis.fair_share_tests("seat")
        positions = [s + i * width for s in range(len(tests))]
        _bars(axes, positions, [t_.estimate for t_ in tests], width, name)
        for x, test in zip(positions, tests, strict=True):
            if test.marked:
                _star(axes, x, test.estimate)
    _fair_lines(axes, {len(a.bots) for _, a in multi})
    axes.set_xlabel("seat (turn order)")
    axes.set_ylabel("win share, % (95% interval)")
    axes.set_title("Does the seat order matter? (* survives Holm's correction)")
    axes.set_xticks([s + width * (len(multi) - 1) / 2 for s in range(most)])
    axes.set_xticklabels([str(s + 1) for s in range(most)])
    _legend(axes)
    return png_bytes(figure)


def _character_chart(setups: Sequence[Setup], names: list[str]) -> bytes:
    plt = pyplot()
    characters = sorted({c for _, a in setups for c in a.characters()})
    with_characters = [(n, a) for n, (_, a) in zip(names, setups, strict=True) if a.characters()]
    figure, axes = plt.subplots(figsize=(8, 4))
    width = 0.8 / len(with_characters)
    for i, (name, analysis) in enumerate(with_characters):
        tests = {t_.label: t_ for t_ in analysis.fair_share_tests("character")}
        positions, estimates, shown = [], [], []
        for c, character in enumerate(characters):
            if character in tests:
                positions.append(c + i * width)
                estimates.append(tests[character].estimate)
                shown.append(tests[character])
        _bars(axes, positions, estimates, width, name)
        for x, test in zip(positions, shown, strict=True):
            axes.annotate(
                f"n={test.n}",
                (x, 0),
                xytext=(0, 2),
                textcoords="offset points",
                ha="center",
                va="bottom",
                fontsize=6,
                rotation=90 if len(with_characters) > 1 else 0,
            )
            if test.marked:
                _star(axes, x, test.estimate)
    _fair_lines(axes, {len(a.bots) for _, a in with_characters})
    axes.set_xticks([c + width * (len(with_characters) - 1) / 2 for c in range(len(characters))])
    axes.set_xticklabels([c.capitalize() for c in characters])
    axes.set_ylabel("win share, % (95% interval)")
    axes.set_title("Win share by character (n: games played; * survives Holm's correction)")
    _legend(axes)
    return png_bytes(figure)


def _quantile(counts: Mapping[int, int], q: float) -> float:
    """The ``q`` quantile of values given by their counts (the lower of the two middle ones)."""
    total = sum(counts.values())
    target, seen = q * (total - 1), 0
    for value in sorted(counts):
        seen += counts[value]
        if seen > target:
            return float(value)
    return float(max(counts))


def _score_chart(setups: Sequence[Setup], names: list[str]) -> bytes:
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(8, 3.8))
    most = max(len(a.bots) for _, a in setups)
    width = 0.8 / len(setups)
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for i, ((_, analysis), name) in enumerate(zip(setups, names, strict=True)):
        stats, positions = [], []
        for seat, counts in enumerate(analysis.score_counts):
            if not counts:
                continue
            stats.append(
                {
                    "med": _quantile(counts, 0.5),
                    "q1": _quantile(counts, 0.25),
                    "q3": _quantile(counts, 0.75),
                    "whislo": _quantile(counts, 0.05),
                    "whishi": _quantile(counts, 0.95),
                    "mean": analysis.scores[seat].mean,
                    "fliers": [],
                    "label": str(seat + 1),
                }
            )
            positions.append(seat + i * width)
        colour = colours[i % len(colours)]
        drawn = axes.bxp(
            stats,
            positions=positions,
            widths=width * 0.8,
            showmeans=True,
            patch_artist=True,
            medianprops={"color": "black"},
            boxprops={"facecolor": colour, "alpha": 0.5},
            meanprops={"marker": "o", "markerfacecolor": "white", "markeredgecolor": "black"},
        )
        if drawn["boxes"]:
            drawn["boxes"][0].set_label(name)
    axes.set_xticks([s + width * (len(setups) - 1) / 2 for s in range(most)])
    axes.set_xticklabels([str(s + 1) for s in range(most)])
    axes.set_xlabel("seat (turn order)")
    axes.set_ylabel("final score")
    axes.set_title("Scores by seat (box: quartiles; whiskers: 5th-95th percentile; dot: mean)")
    _legend(axes)
    return png_bytes(figure)


def _length_chart(setups: Sequence[Setup], names: list[str]) -> bytes:
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(8, 3.6))
    lengths = [x for _, a in setups for x in a.length_counts]
    low, high = min(lengths, default=0), max(lengths, default=1)
    step = max(1, math.ceil((high - low + 1) / 30))  # about 30 bins whatever the spread
    edges = list(range(low, high + step + 1, step))
    for (_, analysis), name in zip(setups, names, strict=True):
        xs = sorted(analysis.length_counts)
        axes.hist(
            xs,
            bins=edges,
            weights=[analysis.length_counts[x] for x in xs],
            density=True,
            histtype="step",
            linewidth=1.5,
            label=name,
        )
    axes.set_xlabel(f"decisions in a game (bins of {step})")
    axes.set_ylabel("density")
    axes.set_title("How long games last")
    _legend(axes)
    return png_bytes(figure)


def numeric_sweep_key(setups: Sequence[Setup]) -> str | None:
    """The first swept option whose every value is a number (and that takes two or more)."""
    settings = [s for s, _ in setups]
    for key in settings[0] if settings else {}:
        values = [s.get(key) for s in settings]
        try:
            numbers = [float(v) for v in values if v is not None]
        except ValueError:
            continue
        if len(numbers) == len(values) and len(set(numbers)) > 1:
            return key
    return None


def _sweep_charts(setups: Sequence[Setup]) -> dict[str, bytes]:
    """Line charts of the main figures against a numeric sweep's values, with 95% bands; one
    line per combination of the other swept options."""
    key = numeric_sweep_key(setups)
    if key is None:
        return {}
    groups: dict[str, list[tuple[float, Analysis]]] = {}
    for setting, analysis in setups:
        rest = ", ".join(f"{k}={v}" for k, v in setting.items() if k != key)
        groups.setdefault(rest, []).append((float(setting[key]), analysis))
    for points in groups.values():
        points.sort(key=lambda point: point[0])
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", key)
    series: dict[str, Callable[[Analysis], list[tuple[str, Estimate]]]] = {
        "win-share": lambda a: [
            (f"seat {t_.label[5:]}", t_.estimate) for t_ in a.fair_share_tests("seat")
        ],
        "characters": lambda a: [(t_.label, t_.estimate) for t_ in a.fair_share_tests("character")],
        "score": lambda a: [(f"seat {s + 1}", m.estimate()) for s, m in enumerate(a.scores)],
        "length": lambda a: [("decisions", a.decisions.estimate())],
        "rates": lambda a: [
            (n, a.lever(n))
            for n in sorted(a.levers)
            if is_rate(n) and not n.startswith("win rate: ")
        ],
    }
    labels = {
        "win-share": "win share, %",
        "characters": "character win share, %",
        "score": "mean final score",
        "length": "decisions per game",
        "rates": "share of games, %",
    }
    images = {}
    for chart, read in series.items():
        if not any(read(a) for points in groups.values() for _, a in points):
            continue
        percent = chart in ("win-share", "characters", "rates")
        images[f"sweep-{slug}-{chart}.png"] = _line_chart(groups, read, key, labels[chart], percent)
    return images


def _line_chart(
    groups: Mapping[str, list[tuple[float, Analysis]]],
    read: Callable[[Analysis], list[tuple[str, Estimate]]],
    key: str,
    label: str,
    percent: bool,
) -> bytes:
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(8, 3.8))
    scale = 100.0 if percent else 1.0
    for group, points in groups.items():
        lines: dict[str, list[tuple[float, Estimate]]] = {}
        for x, analysis in points:
            for name, estimate in read(analysis):
                lines.setdefault(name, []).append((x, estimate))
        for name, values in lines.items():
            xs = [x for x, _ in values]
            drawn = axes.plot(
                xs,
                [e.value * scale for _, e in values],
                marker="o",
                label=f"{name} ({group})" if group else name,
            )
            bands = [(x, e) for x, e in values if math.isfinite(e.low)]
            if len(bands) > 1:
                axes.fill_between(
                    [x for x, _ in bands],
                    [e.low * scale for _, e in bands],
                    [e.high * scale for _, e in bands],
                    color=drawn[0].get_color(),
                    alpha=0.15,
                    linewidth=0,
                )
    if percent and len(groups) == 1:
        players = {len(a.bots) for points in groups.values() for _, a in points}
        if label.startswith(("win share", "character")):
            _fair_lines(axes, {p for p in players if p > 1})
    axes.set_xlabel(key)
    axes.set_ylabel(f"{label} (95% band)")
    axes.set_title(f"{label} against {key}")
    _legend(axes)
    return png_bytes(figure)


def png_bytes(figure: Any) -> bytes:
    """``figure`` as PNG bytes, closed after."""
    plt = pyplot()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    plt.close(figure)
    return buffer.getvalue()


# -- the report folder ---------------------------------------------------------------------------

ROW_FIELDS = (
    "setup",
    "index",
    "seed",
    "bots",
    "scores",
    "winners",
    "decisions",
    "chance_events",
    "ending",
    "characters",
)


def row_fields() -> list[str]:
    """The columns of ``games.csv``: one row per game (see :func:`row_to_csv`)."""
    return list(ROW_FIELDS)


def row_to_csv(row: Mapping[str, Any]) -> list[str]:
    """A game's row (``play_and_measure``'s) as ``games.csv`` cells: per-seat lists joined by
    ``;`` in seat order (winners as seat indexes from 0, as in the JSON rows; no character:
    empty), the setup's name where the row holds one."""
    cells = []
    for name in ROW_FIELDS:
        value = row.get(name)
        if isinstance(value, list):
            cells.append(";".join("" if v is None else str(v) for v in value))
        else:
            cells.append("" if value is None else str(value))
    return cells


def write_report(
    folder: Path,
    setups: Sequence[Setup],
    title: str,
    skills: Sequence[Skill] | None = None,
    meta: Mapping[str, Any] | None = None,
) -> list[Path]:
    """Write the report of ``setups`` into ``folder``; return the files written: ``index.html``
    and ``summary.md`` (the findings first, the run's details last), ``figures.csv`` (numeric),
    ``figures-table.csv`` (the table as shown), ``analysis.json`` (``{"meta", "setups"}``, the
    raw sums) and the plots."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    images = plots(setups)
    for name, data in images.items():
        (folder / name).write_bytes(data)
        written.append(folder / name)
    summary = folder / "summary.md"
    details = "".join(f"- {key}: `{text}`\n" for key, text in _meta_lines(meta))
    summary.write_text(
        markdown(setups, title, skills)
        + "\n"
        + "".join(f"![{n}]({n})\n" for n in images)
        + (f"\n## {t('The run')}\n\n{details}" if details else "")
    )
    written.append(summary)
    with (folder / "figures.csv").open("w", newline="") as handle:
        writer = csv.DictWriter(handle, ["setup", "figure", "value", "low", "high", "n", "unit"])
        writer.writeheader()
        for record in figure_records(setups, skills):
            writer.writerow({k: "" if v is None else v for k, v in record.items()})
    written.append(folder / "figures.csv")
    with (folder / "figures-table.csv").open("w", newline="") as handle:
        table = csv.writer(handle)
        table.writerow(["figure", *(setup_name(s, a) for s, a in setups)])
        for figure, cells in summary_rows(setups, skills):
            table.writerow([figure, *cells])
    written.append(folder / "figures-table.csv")
    raw = {
        "meta": dict(meta) if meta else None,
        "setups": [
            {
                "setting": s,
                "analysis": a.to_json(),
                "skill": skills[i].to_json() if skills else None,
            }
            for i, (s, a) in enumerate(setups)
        ],
    }
    (folder / "analysis.json").write_text(json.dumps(raw, indent=1) + "\n")
    written.append(folder / "analysis.json")
    page = folder / "index.html"
    page.write_text(_html(setups, title, images, skills, meta))
    written.append(page)
    return written


def load_report_setups(path: Path) -> tuple[list[Setup], list[Skill] | None]:
    """The setups (and their luck against skill, where measured) of a report's
    ``analysis.json``: a list of setups (older reports, ``--json``) or ``{"meta", "setups"}``."""
    data = json.loads(Path(path).read_text())
    items = data["setups"] if isinstance(data, dict) else data
    setups: list[Setup] = [
        (
            {str(k): str(v) for k, v in (item.get("setting") or {}).items()},
            Analysis.from_json(item["analysis"]),
        )
        for item in items
    ]
    skills = [Skill.from_json(item["skill"]) for item in items if item.get("skill")]
    return setups, (skills if len(skills) == len(setups) and skills else None)


def _html(
    setups: Sequence[Setup],
    title: str,
    images: dict[str, bytes],
    skills: Sequence[Skill] | None = None,
    meta: Mapping[str, Any] | None = None,
) -> str:
    names = [setup_name(s, a) for s, a in setups]
    head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    body = "".join(
        f"<tr><th>{html.escape(figure)}</th>"
        + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells)
        + "</tr>"
        for figure, cells in summary_rows(setups, skills)
    )
    said = "".join(f"<li>{html.escape(s)}</li>" for s in findings(setups, skills))
    pictures = "".join(
        f'<figure><img alt="{html.escape(name)}" src="data:image/png;base64,'
        f'{base64.b64encode(data).decode()}"></figure>'
        for name, data in images.items()
    )
    details = "".join(
        f"<dt>{html.escape(key)}</dt><dd><code>{html.escape(text)}</code></dd>"
        for key, text in _meta_lines(meta)
    )
    style = (
        "body{font-family:system-ui,sans-serif;margin:0 auto;padding:1rem;max-width:72rem;"
        "line-height:1.4}.findings li{margin:.3rem 0}figure{margin:1rem 0}"
        "img{max-width:100%;height:auto}.table{overflow-x:auto}"
        "table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3rem .6rem;"
        "text-align:left;vertical-align:top}td{font-variant-numeric:tabular-nums}"
        "footer{margin-top:2rem;border-top:1px solid #ccc;font-size:.9rem}"
        "dt{font-weight:bold}dd{margin:0 0 .4rem 0;overflow-wrap:anywhere}"
    )
    return (
        f"<!doctype html><html lang=en><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width,initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{style}</style>"
        f"<h1>{html.escape(title)}</h1>"
        f"<h2>{html.escape(t('What the figures say'))}</h2><ul class=findings>{said}</ul>"
        f"{pictures}"
        f"<div class=table><table><tr><th>figure</th>{head}</tr>{body}</table></div>"
        f"<p>{html.escape(t(FOOTNOTE))}</p>"
        + (
            f"<footer><h2>{html.escape(t('The run'))}</h2><dl>{details}</dl></footer>"
            if details
            else ""
        )
        + "</html>\n"
    )
