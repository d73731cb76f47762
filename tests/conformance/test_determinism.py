"""Seeds determine games; records replay without any RNG and survive JSON."""

from __future__ import annotations

import pytest

from clickbox.bots import RandomBot
from clickbox.core import GameBase, GameRecord, RecordError, check_record, replay
from clickbox.games import load
from clickbox.sim import play_match


def _record(game: GameBase, seed: int) -> GameRecord:
    return play_match(game, [RandomBot() for _ in range(game.num_players)], seed)


def test_same_seed_same_record(game: GameBase) -> None:
    assert _record(game, 11) == _record(game, 11)


def test_different_seeds_differ(game: GameBase) -> None:
    assert _record(game, 1).actions != _record(game, 2).actions


def test_record_round_trips_and_replays(game: GameBase) -> None:
    record = _record(game, 4)
    assert record.outcome is not None
    again = GameRecord.loads(record.dumps())
    assert again == record
    state = check_record(again, load(again.game))
    assert state.outcome() == record.outcome
    assert [game.action_to_string(a) for a in state.history] == list(record.actions)


def test_spec_round_trips(game: GameBase) -> None:
    assert load(game.spec()) == game
    assert load(game.spec()).spec() == game.spec()


def test_replay_rejects_an_illegal_move_naming_it(game: GameBase) -> None:
    record = _record(game, 8)
    actions = list(record.actions)
    state = game.new_initial_state()
    # Find the first seat decision and replace it with an action that is not legal there.
    for index, text in enumerate(actions):
        if state.current_player() >= 0:
            legal = set(state.legal_actions())
            for candidate in range(100_000):
                try:
                    candidate_text = game.action_to_string(candidate)
                    if game.parse_action(candidate_text) != candidate:
                        continue
                except Exception:
                    continue
                if candidate not in legal:
                    actions[index] = candidate_text
                    break
            bad = GameRecord(record.game, record.seats, record.seed, tuple(actions), None)
            with pytest.raises(RecordError, match=rf"move {index + 1} "):
                replay(bad, game)
            return
        state.apply(game.parse_action(text))
    pytest.fail("no seat decision in the record")
