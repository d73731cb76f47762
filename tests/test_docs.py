"""Docs that users rely on stay true to the code."""

from __future__ import annotations

from pathlib import Path

from clickbox.games import CATALOG

ROOT = Path(__file__).resolve().parents[1]


def test_every_rules_decision_is_written_down() -> None:
    text = (ROOT / "docs" / "rules-decisions.md").read_text()
    for game in CATALOG.games:
        assert game.rules_decisions, f"{game.name} has no rules decisions"
        for decision in game.rules_decisions:
            assert f"### {decision.key} — {decision.title}" in text, decision.key


def test_readme_starts_with_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    block = readme.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["make run", "make test"]
    for game in CATALOG.games:
        assert game.name in readme
