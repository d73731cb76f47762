"""The analytics report: findings written from the figures, numeric CSV, plots, A/B."""

from __future__ import annotations

import csv
import json
import math
from collections import Counter
from pathlib import Path

import pytest

from clickbox.games import load
from clickbox.sim.analytics import Analysis, Moments, analyze
from clickbox.sim.analytics_report import (
    compare,
    compare_markdown,
    compare_rows,
    findings,
    load_report_setups,
    plots,
    row_fields,
    row_to_csv,
    summary_rows,
    write_report,
)

PNG = b"\x89PNG\r\n\x1a\n"


def boom_like(carla_credit: list[float], games: int = 1000) -> Analysis:
    """Four seats with fair wins, Carla and Jill in 468 games each, Carla winning as told."""
    analysis = Analysis("boom", ["rulebased"] * 4, games=games, wins=[250, 250, 250, 250])
    analysis.character_games = {"carla": [117] * 4, "jill": [117] * 4}
    analysis.character_wins = {"carla": [round(c) for c in carla_credit], "jill": [29] * 4}
    analysis.character_credit = {"carla": carla_credit, "jill": [29.0] * 4}
    analysis.endings = Counter({"most coins": 920, "last player standing": 80})
    return analysis


def test_the_findings_say_what_survives_and_what_does_not() -> None:
    analysis = boom_like([55.0, 55.0, 55.0, 54.0])  # 219 of 468 = 46.8%
    said = findings([({}, analysis)])
    assert said[0].startswith(
        "No seat advantage: every seat wins within chance of its fair share of 25%"
    )
    carla = [s for s in said if s.startswith("Carla wins 46.8% [")]
    assert carla and "of the 468 games played with the character" in carla[0]
    assert "fair share of 25% (Holm-adjusted p < 0.001)" in carla[0]
    assert not any(s.startswith("Jill") for s in said)  # 116 of 468: within chance
    assert said[-1].startswith("The commonest ending: most coins (92% [")
    unfair = Analysis("x", ["a"] * 4, games=400, wins=[130, 90, 90, 90])
    assert findings([({}, unfair)])[0].startswith("Seat 1 wins 32.5% [")


def test_a_small_sample_is_said_first_and_nothing_is_significant() -> None:
    small = Analysis("x", ["a"] * 4, games=40, wins=[25, 5, 5, 5])
    said = findings([({}, small)])
    assert said[0].startswith("Too few games: no difference is called significant below 100")
    assert not any(s.startswith("Seat 1 wins") for s in said)
    assert said[1].startswith("No seat advantage")


def test_a_sweep_says_which_figures_change_between_its_ends() -> None:
    first = boom_like([55.0, 55.0, 55.0, 54.0])  # 46.8%
    last = boom_like([35.0, 35.0, 35.0, 35.0])  # 140 of 468 = 29.9%
    said = findings([({"start_coins": "6"}, first), ({"start_coins": "20"}, last)])
    change = [s for s in said if s.startswith("start_coins=20 against start_coins=6: ")]
    assert len(change) == 1 and "carla: win share: 29.9% [" in change[0]
    assert "against 46.8% [" in change[0]
    same = findings([({"a": "1"}, first), ({"a": "2"}, boom_like([55.0, 55.0, 55.0, 54.0]))])
    assert any(s.startswith("No figure differs significantly between a=1 and a=2") for s in same)


def test_several_setups_tell_each_asymmetry_once_with_its_range() -> None:
    strong = [({"n": str(i)}, boom_like([55.0, 55.0, 55.0, 54.0])) for i in range(3)]
    strong[1] = ({"n": "1"}, boom_like([60.0, 60.0, 60.0, 60.0]))  # 240 of 468 = 51.3%
    said = findings(strong)
    carla = [s for s in said if "Carla" in s]
    assert len(carla) == 1  # once for the three setups, not once each
    assert carla[0].startswith("In every setup, Carla wins more than a fair share of 25%")
    assert "from 46.8% [" in carla[0] and "(n=0) to 51.3% [" in carla[0]
    assert "No seat advantage in any setup" in " ".join(said)
    assert any(
        s.startswith("The commonest ending in every setup: most coins (92.0% of") for s in said
    )
    mixed = [strong[0], ({"n": "9"}, boom_like([29.0, 29.0, 29.0, 30.0]))]  # 117 of 468: fair
    some = [s for s in findings(mixed) if "Carla" in s and "stands out" in s]
    assert some and some[0].startswith("Carla stands out from a fair share of 25% in 1 of 2 setups")


def test_compare_sets_two_analyses_side_by_side_with_holm() -> None:
    a, b = boom_like([55.0, 55.0, 55.0, 54.0]), boom_like([35.0, 35.0, 35.0, 35.0])
    a.levers["ability used: carla"] = Moments(468, 400.0, 400.0, 0.0, 1.0)
    b.levers["ability used: carla"] = Moments(468, 410.0, 410.0, 0.0, 1.0)
    found = {c.figure: c for c in compare(a, b)}
    carla = found["carla: win share"]
    assert carla.difference.value == pytest.approx(140 / 468 - 219 / 468)
    assert carla.difference.high < 0 and carla.marked
    tested = [c for c in found.values() if not math.isnan(c.p)]  # no scores here: untested
    assert carla.adjusted == pytest.approx(carla.p * len(tested))  # the smallest p, times m
    assert not found["ability used: carla"].marked and not found["seat 1 win share"].marked
    text = compare_markdown(a, b, "six coins", "twenty coins")
    assert "- carla: win share: 29.9% [" in text and "| carla: win share | 46.8% [" in text
    rows = {row[0]: row for row in compare_rows(a, b)}
    assert rows["carla: win share"][3].startswith("-16.9 points [")  # 29.9% - 46.8%
    assert rows["carla: win share"][4].endswith(" *)")


def test_rate_levers_have_wilson_intervals_and_their_game_counts() -> None:
    analysis = Analysis("x", ["a", "b"], games=10, wins=[5, 5])
    analysis.levers["ability used: carla"] = Moments(10, 10.0, 10.0, 1.0, 1.0)
    rows = dict(summary_rows([({}, analysis)]))
    assert rows["ability used: carla"] == ["100% [72.2, 100], n=10"]  # not 100% [100, 100]
    assert rows["seat 1 win rate"][0].startswith("50% [23.7, 76.3]")  # not [-6.58, 107]
    assert "small sample" in rows


def test_the_report_leads_with_the_findings_and_ends_with_the_run(tmp_path: Path) -> None:
    game = load("clickety-clack", players=2)
    analysis = analyze(game, ["random"] * 2, 6, seed=1)
    setups = [({"coins": "6"}, analysis), ({"coins": "20"}, analysis)]
    meta = {"command": "clickbox analyze clickety-clack --games 6", "version": "9.9", "seed": 1}
    written = {p.name for p in write_report(tmp_path, setups, "Clickety", meta=meta)}
    assert {
        "index.html",
        "summary.md",
        "figures.csv",
        "figures-table.csv",
        "analysis.json",
    } <= written
    assert {"win-rate-by-seat.png", "scores.png", "length.png"} <= written
    assert "sweep-coins-win-share.png" in written and "sweep-coins-length.png" in written
    for name in written:
        if name.endswith(".png"):
            assert (tmp_path / name).read_bytes().startswith(PNG)
    with (tmp_path / "figures.csv").open() as handle:
        records = list(csv.DictReader(handle))
    assert records and {r["unit"] for r in records} <= {"rate", "mean", "count", "p", "share"}
    for record in records:
        float(record["value"])
        assert all(record[k] == "" or float(record[k]) == float(record[k]) for k in ("low", "high"))
    rate = next(r for r in records if r["figure"] == "seat 1 win rate")
    assert float(rate["value"]) == pytest.approx(analysis.wins[0] / 6) and rate["n"] == "6"
    page = (tmp_path / "index.html").read_text()
    findings_at = page.index("<ul class=findings>")
    assert findings_at < page.index("<img") < page.index("<table") < page.index("<footer")
    assert "Too few games" in page[findings_at : page.index("<img")]
    assert page.rindex("clickbox analyze clickety-clack --games 6") > page.index("<footer")
    summary = (tmp_path / "summary.md").read_text().splitlines()
    assert summary[2].startswith("- Too few games")
    assert summary.index("- command: `clickbox analyze clickety-clack --games 6`") > summary.index(
        "![scores.png](scores.png)"
    )
    loaded, skills = load_report_setups(tmp_path / "analysis.json")
    assert [s for s, _ in loaded] == [{"coins": "6"}, {"coins": "20"}] and skills is None
    assert loaded[0][1].to_json() == analysis.to_json()
    assert json.loads((tmp_path / "analysis.json").read_text())["meta"] == meta


def test_solo_has_no_seat_chart_and_a_non_numeric_sweep_no_lines() -> None:
    solo = analyze(load("clever", players=1), ["random"], 3, seed=1)
    images = plots([({"side": "A"}, solo), ({"side": "B"}, solo)])
    assert "win-rate-by-seat.png" not in images
    assert {"scores.png", "length.png"} <= set(images)
    assert not any(name.startswith("sweep-") for name in images)


def test_old_reports_load(tmp_path: Path) -> None:
    path = Path(__file__).resolve().parent / "data" / "old-boom-analysis.json"  # before 38
    setups, skills = load_report_setups(path)
    assert setups and skills is not None and len(skills) == len(setups)
    said = findings(setups, skills)
    assert any(
        s.startswith("In every setup where it plays (2 of 4), Carla wins more") for s in said
    )
    assert "win-rate-by-character.png" in plots(setups[:1])


def test_a_game_row_becomes_csv_cells() -> None:
    row = {
        "index": 3, "seed": 99, "bots": ["random", "greedy"], "scores": [12, 7.5],
        "winners": [0], "decisions": 40, "chance_events": 9, "ending": "most coins",
        "characters": ["carla", None],
    }  # fmt: skip
    cells = dict(zip(row_fields(), row_to_csv(row), strict=True))
    assert cells == {
        "setup": "", "index": "3", "seed": "99", "bots": "random;greedy", "scores": "12;7.5",
        "winners": "0", "decisions": "40", "chance_events": "9", "ending": "most coins",
        "characters": "carla;",
    }  # fmt: skip
