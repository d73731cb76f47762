"""Golden playthroughs: seeded random games recorded once (tools/regenerate_golden.py).

A failure means recorded games changed meaning: a rules change, a change in the order of the
legal actions, or in how chance is drawn. Regenerate only when that change is intended.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clickbox.bots import RandomBot
from clickbox.core import GameRecord, check_record
from clickbox.games import load
from clickbox.sim import play_match

GOLDEN = json.loads((Path(__file__).parent / "playthroughs.json").read_text())


@pytest.mark.parametrize("data", GOLDEN, ids=[g["game"] for g in GOLDEN])
def test_golden_record_replays_to_its_outcome(data: dict[str, object]) -> None:
    record = GameRecord.from_json(data)
    state = check_record(record, load(record.game))
    assert state.is_terminal()


@pytest.mark.parametrize("data", GOLDEN, ids=[g["game"] for g in GOLDEN])
def test_the_same_seed_still_plays_the_same_game(data: dict[str, object]) -> None:
    record = GameRecord.from_json(data)
    game = load(record.game)
    assert record.seed is not None
    again = play_match(game, [RandomBot() for _ in record.seats], record.seed)
    assert again.actions == record.actions
    assert again.outcome == record.outcome
