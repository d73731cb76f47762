"""Docs that users rely on stay true to the code."""

from __future__ import annotations

from pathlib import Path

from clickbox.games import CATALOG

ROOT = Path(__file__).resolve().parents[1]


def _sections(text: str) -> dict[str, str]:
    """``### key — title`` headings of the decisions file, mapped to their text."""
    sections = {}
    for block in text.split("\n### ")[1:]:
        heading, _, body = block.partition("\n")
        body = body.split("\n## ")[0]
        sections[heading.strip()] = " ".join(body.split())
    return sections


def test_every_rules_decision_is_written_down_word_for_word() -> None:
    sections = _sections((ROOT / "docs" / "rules-decisions.md").read_text())
    for game in CATALOG.games:
        assert game.rules_decisions, f"{game.name} has no rules decisions"
        for decision in game.rules_decisions:
            heading = f"{decision.key} — {decision.title}"
            assert heading in sections, f"docs/rules-decisions.md lacks '### {heading}'"
            assert sections[heading] == " ".join(decision.text.split()), decision.key


def test_readme_starts_with_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    block = readme.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["make run", "make test"]
    for game in CATALOG.games:
        assert game.name in readme
