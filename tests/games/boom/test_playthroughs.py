"""Golden playthroughs: seeded random games recorded once (tools/regenerate_golden.py).

Each entry is a record (four players; Quick Play with five; Advanced Play with three; the
2-player stand-off) plus the digest of every view of every seat and of a spectator after every
action, and the final spectator view. A failure means recorded games changed meaning: a rules
change, a change in the order of the legal actions, in how chance is drawn, in how a state is
rebuilt from a view (the random bot samples with it), or in what a view shows. Regenerate only
when that change is intended.
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


def test_the_golden_games_cover_the_variants() -> None:
    games = [load(g["game"]) for g in GOLDEN]
    assert sorted(game.num_players for game in games) == [2, 3, 4, 5]
    assert {game.spec() for game in games} == {
        "click-click-boom(players=4)",
        "click-click-boom(players=5,mode=quick)",
        "click-click-boom(players=3,advanced=true)",
        "click-click-boom(players=2)",
    }
    moves = {move.split(":")[0] for g in GOLDEN for move in g["actions"]}
    # every kind of decision and chance event shows up somewhere
    assert {"left", "right", "pass", "draw", "deal", "R="} <= moves
    assert {"swap", "peek", "force", "ask", "save", "loot", "skip"} & moves


@pytest.mark.parametrize("data", GOLDEN, ids=IDS)
def test_golden_record_replays_to_its_outcome(data: dict[str, Any]) -> None:
    record = GameRecord.from_json(data)
    state = check_record(record, load(record.game))
    assert state.is_terminal()
    assert record.outcome is not None
    assert record.outcome.reason in ("most coins", "survived the shootout")


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
    if final["mode"] == "full":
        values = [seat["coins"]["value"] for seat in final["seats"]]
        assert values == data["outcome"]["scores"]
