"""Golden playthroughs: seeded random games recorded once (tools/regenerate_golden.py).

Each entry is a record (solo, solo with colour-order ties, three players) plus the digest of every
view of every seat and of a spectator after every action, and the final spectator view. A failure
means recorded games changed meaning: a rules change, a change in the order of the legal actions,
in how chance is drawn, or in what a view shows. Regenerate only when that change is intended.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from clickbox.bots import RandomBot
from clickbox.core import GameRecord, check_record, replay, views_digest
from clickbox.games import load
from clickbox.sim import play_match

GOLDEN: list[dict[str, Any]] = json.loads((Path(__file__).parent / "playthroughs.json").read_text())
IDS = [g["game"] for g in GOLDEN]


def test_the_golden_games_are_solo_and_three_players() -> None:
    assert sorted(load(g["game"]).num_players for g in GOLDEN) == [1, 1, 3]


@pytest.mark.parametrize("data", GOLDEN, ids=IDS)
def test_golden_record_replays_to_its_outcome(data: dict[str, Any]) -> None:
    record = GameRecord.from_json(data)
    state = check_record(record, load(record.game))
    assert state.is_terminal()
    assert record.outcome is not None
    assert record.outcome.reason == "last-round"


@pytest.mark.parametrize("data", GOLDEN, ids=IDS)
def test_the_same_seed_still_plays_the_same_game(data: dict[str, Any]) -> None:
    record = GameRecord.from_json(data)
    game = load(record.game)
    assert record.seed is not None
    again = play_match(game, [RandomBot() for _ in record.seats], record.seed)
    assert again.actions == record.actions
    assert again.outcome == record.outcome


@pytest.mark.parametrize("data", GOLDEN, ids=IDS)
def test_every_view_of_the_golden_game_is_unchanged(data: dict[str, Any]) -> None:
    game = load(data["game"])
    final = replay(GameRecord.from_json(data), game).view(None)
    assert final == data["final_view"]  # the readable part first: a diff shows what changed
    assert views_digest(game, data["actions"]) == data["views_sha256"]
    scores = [sheet["score"]["total"] for sheet in final["sheets"]]
    assert scores == data["outcome"]["scores"]
