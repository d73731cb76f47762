"""Every bot, levels included, on random positions of every game: legal moves only, rankings
that agree with the choice, and the same choice in two states that differ only in what the
seat cannot see."""

from __future__ import annotations

import pickle
import random

import pytest

from clickbox.bots import make_bot
from clickbox.bots.ismcts import ISMCTSBot
from clickbox.core import CHANCE, Action, GameBase, OptionError, StateBase, sample_chance
from clickbox.games import load

from ..checks import decision_positions

GAMES = [
    ("clever", 1),
    ("clever", 3),
    ("clickety-clack", 2),
    ("click-click-boom", 4),
    ("click-clack", 3),
]
GENERIC = [
    "random",
    "greedy",
    "expectimax:samples=2,depth=1,beam=2",
    "ismcts:iterations=40,worlds=4",
    "ismcts:iterations=40,worlds=4,depth=2,rollout=greedy,chance=open",
]
OWN_POLICY = {"click-click-boom": ["rulebased"], "click-clack": ["memory"]}
LEVELS = ["easy", "medium", "hard"]


def _specs(name: str) -> list[str]:
    return GENERIC + OWN_POLICY.get(name, []) + LEVELS


def _positions(game: GameBase, seed: int, count: int) -> list[StateBase]:
    found = decision_positions(game, 2, seed)
    return random.Random(seed).sample(found, min(count, len(found)))


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_every_bot_plays_legal_moves_and_ranks_its_choice_first(name: str, players: int) -> None:
    game = load(name, players=players)
    positions = _positions(game, seed=len(name) + players, count=6)
    for spec in _specs(name):
        bot = make_bot(spec)
        for state in positions:
            seat = state.current_player()
            view = state.view(seat)
            legal = state.legal_actions()
            choice = bot.choose(view, game, random.Random(7))
            assert choice in legal, (spec, game.action_to_string(choice))
            ranked = [action for action, _ in bot.rank(view, game, random.Random(7))]
            assert ranked and ranked[0] == choice, spec
            assert set(ranked) <= set(legal) and len(set(ranked)) == len(ranked), spec


def _replay(game: GameBase, actions: list[Action]) -> StateBase | None:
    state = game.new_initial_state()
    for action in actions:
        if action not in state.legal_actions():
            return None
        state.apply(action)
    return state


def _twin(game: GameBase, state: StateBase, rng: random.Random) -> StateBase | None:
    """A different state with the same history length and the same view for the seat to move:
    two chance outcomes swapped, or one earlier action replaced, and the rest replayed."""
    seat = state.current_player()
    view = state.view(seat)
    history = state.history
    if len(history) < 2:
        return None
    for _ in range(200):
        actions = list(history)
        i = rng.randrange(len(actions))
        if rng.random() < 0.5:
            j = rng.randrange(len(actions))
            actions[i], actions[j] = actions[j], actions[i]
        else:
            before = _replay(game, actions[:i])
            assert before is not None
            actions[i] = rng.choice(before.legal_actions())
        if actions == history:
            continue
        twin = _replay(game, actions)
        if twin is None or twin.current_player() != seat or twin.view(seat) != view:
            continue
        if pickle.dumps(twin) != pickle.dumps(state):
            return twin
    return None


@pytest.mark.parametrize(
    ("name", "players"), [("click-click-boom", 4), ("click-clack", 2), ("clever", 3)]
)
def test_bots_choose_alike_in_states_that_differ_only_in_what_the_seat_cannot_see(
    name: str, players: int
) -> None:
    game = load(name, players=players)
    rng = random.Random(11)
    twins: list[tuple[StateBase, StateBase]] = []
    for state in decision_positions(game, 6, seed=5):
        if len(twins) < 5 and rng.random() < 0.3 and (twin := _twin(game, state, rng)):
            twins.append((state, twin))
    assert len(twins) >= 2, "no pair of states found that differ only in hidden information"
    for spec in _specs(name):
        bot = make_bot(spec)
        for state, twin in twins:
            seat = state.current_player()
            assert twin.history != state.history
            first = bot.choose(state.view(seat), game, random.Random(3))
            second = bot.choose(twin.view(seat), game, random.Random(3))
            assert first == second, spec


def test_ismcts_spends_exactly_its_iterations_at_the_root() -> None:
    game = load("click-clack", players=2)
    state = _positions(game, seed=2, count=1)[0]
    bot = ISMCTSBot(iterations=150, worlds=8)
    root = bot.search(state.view(state.current_player()), game, random.Random(1))
    assert sum(child.visits for child in root.children.values()) == 150
    timed = ISMCTSBot(iterations=None, seconds=0.01)
    view = state.view(state.current_player())
    assert timed.choose(view, game, random.Random(1)) in state.legal_actions()


def test_expectimax_with_a_beam_of_one_plays_the_greedy_move() -> None:
    game = load("clever", players=1)
    for state in _positions(game, seed=4, count=5):
        view = state.view(state.current_player())
        greedy = make_bot("greedy").rank(view, game, random.Random(1))
        best = [a for a, v in greedy if v >= greedy[0][1] - 1e-9]
        narrow = make_bot("expectimax:samples=3,depth=1,beam=1")
        assert narrow.choose(view, game, random.Random(1)) in best


def test_expectimax_looks_past_the_dice_to_beat_greedy_sometimes() -> None:
    """Over many positions the search disagrees with one-ply greedy somewhere: it is searching."""
    game = load("clever", players=1)
    disagreements = 0
    for state in _positions(game, seed=8, count=12):
        view = state.view(state.current_player())
        greedy = make_bot("greedy").choose(view, game, random.Random(1))
        deep = make_bot("expectimax:samples=4,depth=1,beam=4").choose(view, game, random.Random(1))
        disagreements += greedy != deep
    assert disagreements >= 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=0", "iterations must be at least 1"),
        ("ismcts:c=much", "c must be a number"),
        ("ismcts:rollout=smart", "rollout is random or greedy"),
        ("ismcts:worlds=1.5", "whole number"),
        ("expectimax:samples=0", "samples must be at least 1"),
        ("expectimax:beam=x", "beam must be a number"),
        ("hard:iterations=3", "unknown bot 'hard'"),
    ],
)
def test_bad_search_parameters_are_refused(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_bot(spec)


def test_a_level_names_the_game_bot_it_plays() -> None:
    from clickbox.bots.levels import LEVELS

    for name, levels in LEVELS.items():
        game = load(name)
        for level, spec in levels.items():
            make_bot(spec)  # every level names a bot that exists
            bot = make_bot(level)
            assert bot.label() == level
            state = game.new_initial_state()
            while state.current_player() == CHANCE:
                state.apply(sample_chance(state, random.Random(1)))
            choice = bot.choose(state.view(state.current_player()), game, random.Random(1))
            assert choice in state.legal_actions()


def test_bot_lists_split_on_commas_between_specs_not_inside_them() -> None:
    from clickbox.bots.registry import split_bot_specs

    assert split_bot_specs("ismcts:iterations=50,c=1, greedy ,hard") == [
        "ismcts:iterations=50,c=1",
        "greedy",
        "hard",
    ]
    assert split_bot_specs("a,b:x=1,y=2,c:z=3") == ["a", "b:x=1,y=2", "c:z=3"]


SPECIFIC = {
    "clever-search": "clever",
    "clickety": "clickety-clack",
    "boom": "click-click-boom",
    "clack": "click-clack",
}


@pytest.mark.parametrize(("spec", "own"), SPECIFIC.items())
def test_a_game_specific_bot_refuses_other_games(spec: str, own: str) -> None:
    for name in SPECIFIC.values():
        if name == own:
            continue
        game = load(name)
        state = _positions(game, seed=3, count=1)[0]
        with pytest.raises(OptionError, match="only"):
            make_bot(spec).choose(state.view(state.current_player()), game, random.Random(1))
