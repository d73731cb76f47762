"""The rulebased bot: legal moves from views only, a clear edge over random, sensible habits."""

from __future__ import annotations

import ast
import copy
import random
from pathlib import Path

import pytest

from clickbox.bots import RuleBasedBot, make_bot
from clickbox.bots.boom import policy as boom_policy
from clickbox.bots.boom.policy import belief, choose_action, legal_codes
from clickbox.core import OptionError, StateBase, play
from clickbox.games import load
from clickbox.games.boom import BoomGame
from clickbox.sim import play_match, run_series, summarize
from tests.checks import decision_positions

PRESETS = (None, "quick", "advanced", "no-characters")


def _boom(players: int = 4, preset: str | None = None, **options: object) -> BoomGame:
    return BoomGame.from_options(players, options, preset=preset)


def _policy(state: StateBase, seed: int = 0) -> str:
    """The policy's move for the seat to move, in notation."""
    game = state.game
    assert isinstance(game, BoomGame)
    view = state.view(state.current_player())
    action = choose_action(view, legal_codes(view), game, random.Random(seed))
    return game.action_to_string(action)


# -- the bot and its hook ------------------------------------------------------------------------


def test_registered_and_clear_about_games_without_a_policy() -> None:
    assert isinstance(make_bot("rulebased"), RuleBasedBot)
    game = load("clickety-clack")
    with pytest.raises(OptionError, match="no policy for clickety-clack"):
        play_match(game, [RuleBasedBot(), make_bot("random")], seed=1)


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("preset", PRESETS)
def test_only_legal_actions_in_every_configuration(players: int, preset: str | None) -> None:
    game = _boom(players, preset)
    # play_match raises BotError on the first illegal action.
    for seed in range(2):
        record = play_match(game, [RuleBasedBot() for _ in range(players)], seed=seed)
        assert record.outcome is not None
    mixed = [RuleBasedBot() if s % 2 == 0 else make_bot("random") for s in range(players)]
    assert play_match(game, mixed, seed=7).outcome is not None


@pytest.mark.parametrize("players", [3, 5])
def test_only_legal_actions_with_chosen_characters(players: int) -> None:
    game = _boom(players, characters="chosen")
    for seed in range(3):
        assert play_match(game, [RuleBasedBot()] * players, seed=seed).outcome is not None


@pytest.mark.parametrize("spec", ["boom", "boom(players=3,advanced=true)", "boom(mode=quick)"])
def test_decisions_depend_only_on_the_view(spec: str) -> None:
    """The bot is given the seat's view; a state with other hidden cards but the same view (a
    determinization) gets the same decision."""
    game = load(spec)
    assert isinstance(game, BoomGame)
    bot = RuleBasedBot()
    history = dict.fromkeys(game.history_view_keys)
    for number, state in enumerate(decision_positions(game, 3, seed=11)):
        seat = state.current_player()
        view = state.view(seat)
        first = bot.choose(copy.deepcopy(view), game, random.Random(number))
        other = game.state_from_view(view, random.Random(1000 + number))
        twin = other.view(seat)
        assert twin | history == view | history
        twin.update({key: view[key] for key in game.history_view_keys})
        assert bot.choose(twin, game, random.Random(number)) == first


def test_the_policy_reads_nothing_but_the_view() -> None:
    """The policy module imports no state code at run time: it cannot reach a state by accident."""
    tree = ast.parse((Path(boom_policy.__file__).parent / "policy.py").read_text())  # not the .so
    imported: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # annotations only
            if isinstance(child, ast.ImportFrom):
                imported.add(child.module or "")
                imported.update(alias.name for alias in child.names)
            visit(child)

    visit(tree)
    assert not imported & {"rules", "view", "game", "BoomState"}, imported


# -- strength ------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seat", [0, 2])
def test_clearly_beats_random(seat: int) -> None:
    game = load("boom", players=4)
    bots = ["random"] * 4
    bots[seat] = "rulebased"
    summaries = summarize(list(run_series(game, bots, games=120, seed=5)))
    mine = summaries[seat]
    assert mine.win_rate.value >= 0.4  # the even share is 0.25
    for other in summaries:
        if other.seat != seat:
            assert mine.mean_score.value > other.mean_score.value + 2
            assert mine.win_rate.value > other.win_rate.value + 0.15


@pytest.mark.slow
def test_survives_quick_play_more_often_than_random() -> None:
    game = load("boom", players=4, preset="quick")
    summaries = summarize(list(run_series(game, ["rulebased"] + ["random"] * 3, 300, seed=5)))
    best_random = max(s.win_rate.value for s in summaries[1:])
    assert summaries[0].win_rate.value > best_random + 0.05


# -- scenarios -----------------------------------------------------------------------------------


def _chosen(*characters: str) -> StateBase:
    state = _boom(len(characters), characters="chosen").new_initial_state()
    for name in characters:
        play(state, f"char:{name}")
    return state


def test_heather_asks_then_avoids_the_boom_and_passes_it_on() -> None:
    state = _chosen("heather", "rory", "carla", "felix")
    # Seat 1 gives Heather (seat 0) her BOOM on the left, calling it a Pay; seat 3 a Pay.
    for move in ("L5:pay", "R0", "L0", "R0", "L0", "R0", "L0", "R0"):
        play(state, move)
    assert state.current_player() == 0
    ask = _policy(state)
    assert ask in ("ask:left", "ask:right")
    play(state, ask)
    game = state.game
    assert isinstance(game, BoomGame)
    known = belief(state.view(0), game)
    if ask == "ask:left":
        assert known["left"] == {"pay": 0.0, "steal": 0.0, "boom": 1.0}
        assert known["right"]["boom"] == 0.0 and known["hand"]["boom"] == 0.0
    else:
        assert known["right"] == {"pay": 1.0, "steal": 0.0, "boom": 0.0}
        assert known["left"]["boom"] > known["hand"]["boom"] / 4  # more than a hand card
    assert _policy(state) == "right"
    for move in ("right", "right", "right", "right"):
        play(state, move)
    while state.current_player() != 0:  # Rory's loot, if he is asked
        play(state, "skip")
    assert _policy(state) == "pass:unrevealed"


def test_its_own_hand_is_the_deck_minus_what_it_sees() -> None:
    state = _chosen("heather", "rory", "carla", "felix")
    game = state.game
    assert isinstance(game, BoomGame)
    start = belief(state.view(0), game)
    assert start == {"left": None, "right": None, "hand": {"pay": 3.0, "steal": 2.0, "boom": 1.0}}
    play(state, "L5:pay")
    play(state, "R0")
    known = belief(state.view(0), game)
    assert known["left"] is not None and known["right"] is not None
    for kind in ("pay", "steal", "boom"):
        total = known["left"][kind] + known["right"][kind] + known["hand"][kind]
        assert total == pytest.approx({"pay": 3, "steal": 2, "boom": 1}[kind])
    # A hostile neighbour more likely handed over the BOOM than any hand card is one.
    assert known["left"]["boom"] > known["hand"]["boom"] / 4


def test_brandon_forces_a_rival_onto_a_boom_but_not_a_ready_carla() -> None:
    moves = ["L0", "R0", "L5", "R0", "L0", "R0", "skip", "L0", "R0"]
    state = _chosen("brandon", "rory", "carla", "jill")
    for move in moves:
        play(state, move)
    assert _policy(state) == "force:1:left"  # Rory's left card is his BOOM
    state = _chosen("brandon", "rory", "carla", "jill")
    moves[2], moves[4] = "L0", "L5"  # the BOOM goes to Carla instead
    for move in moves:
        play(state, move)
    assert _policy(state) != "force:2:left"


def test_a_poor_pot_gets_a_steal_and_a_rich_leader_a_boom_never_called_one() -> None:
    game = _boom(4, characters="none")
    state = game.new_initial_state()
    view = state.view(1)  # seat 1 picks seat 0's left card
    legal = legal_codes(view)
    first = game.action_to_string(choose_action(view, legal, game, random.Random(0)))
    assert first[:2] in ("L3", "L4")  # a Steal, which pays seat 1
    rich = copy.deepcopy(view)
    rich["seats"][0]["coins"]["value"] = 40  # seat 0 leads by far, and the pot is rich
    rich["pot"]["value"] = 40
    claims = set()
    for seed in range(300):
        text = game.action_to_string(choose_action(rich, legal, game, random.Random(seed)))
        assert text.startswith("L5")  # the BOOM
        assert not text.endswith(":boom")  # never the truth to the coin leader
        claims.add(text)
    assert len(claims) >= 2  # mixed by the RNG


def test_habits_over_randomdecision_positions() -> None:
    """Carla always saves, Jill always peeks, Rory loots in the last showdown, and no BOOM
    handed to the coin leader is called a BOOM."""
    seen = dict.fromkeys(("save", "peek", "loot", "boom to leader"), 0)
    for spec in ("boom", "boom(players=5)", "boom(players=3,advanced=true)"):
        game = load(spec)
        assert isinstance(game, BoomGame)
        for number, state in enumerate(decision_positions(game, 12, seed=3)):
            seat = state.current_player()
            view = state.view(seat)
            action = game.action_to_string(
                choose_action(view, legal_codes(view), game, random.Random(number))
            )
            phase = view["phase"]
            if phase == "carla-save":
                assert action == "save"
                seen["save"] += 1
            elif phase == "turn-ability" and "peek" in view["legal"]:
                assert action == "peek"
                seen["peek"] += 1
            elif phase == "rory-loot" and all(
                not s["alive"] or s["hand_count"] == 0 for s in view["seats"]
            ):
                assert action == "loot"
                seen["loot"] += 1
            elif phase in ("pick-left", "pick-right") and not action.startswith("R="):
                target = view["turn"]
                values = [s["coins"]["value"] for s in view["seats"]]
                card = view["seats"][target]["hand"][int(action[1])]
                if card == "boom" and values[target] == max(values):
                    assert not action.endswith(":boom")
                    seen["boom to leader"] += 1
    assert all(seen.values()), seen
