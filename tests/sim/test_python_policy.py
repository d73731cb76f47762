"""Python policies as bots (``py:MODULE:NAME``): loaded by module or path, given the
environments' observation and mask, and measured in the arena beside the built-in bots."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from clickbox.bots.registry import make_bot
from clickbox.core import OptionError, resolve_chance
from clickbox.games import CATALOG, load
from clickbox.rl.policy import PolicyBot, load_policy
from clickbox.sim import run_arena

from ..cli.test_cli import run
from . import policies

POLICIES = Path(__file__).with_name("policies.py")
BY_PATH = f"py:{POLICIES}:first_legal"


def test_a_policy_is_found_by_module_or_by_path() -> None:
    assert load_policy("py:tests.sim.policies:first_legal") is policies.first_legal
    by_path = load_policy(BY_PATH)
    assert by_path.__name__ == "first_legal" and by_path.__module__ != "tests.sim.policies"
    assert load_policy(f"py:{POLICIES}:pool.current").__name__ == "first_legal"
    bot = make_bot(BY_PATH)
    assert isinstance(bot, PolicyBot) and bot.label() == BY_PATH


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("py:first_legal", "py:MODULE:NAME"),
        ("py:tests.sim.no_such_module:f", "cannot import tests.sim.no_such_module"),
        ("py:/no/such/file.py:f", "cannot import /no/such/file.py"),
        ("py:tests.sim.policies:nothing", "has no nothing"),
        ("py:tests.sim.policies:NOT_CALLABLE", "is not callable"),
    ],
)
def test_a_bad_policy_spec_says_what_is_wrong(spec: str, words: str) -> None:
    with pytest.raises(OptionError, match=words):
        make_bot(spec)


@pytest.mark.parametrize("name", [cls.name for cls in CATALOG.games])
def test_a_policy_sees_the_environments_observation_and_mask(name: str) -> None:
    pytest.importorskip("gymnasium")
    from clickbox.rl.table import Table

    bot = PolicyBot(policies.first_legal)
    rng = random.Random(1)
    table = Table(load(name, players=CATALOG.get(name).max_players), 5)
    while not table.is_over():
        for seat in table.deciding()[:1]:
            observation, mask = bot.inputs(table.state.view(seat), table.game)
            assert observation.tolist() == pytest.approx(table.observation(seat))
            assert np.flatnonzero(mask).tolist() == sorted(table.legal(seat))
        table.act(table.to_move, rng.choice(table.legal(table.to_move)))


def test_a_policy_that_answers_an_illegal_or_malformed_action_is_refused() -> None:
    game = load("clever", players=1)
    state = game.new_initial_state()
    resolve_chance(state, random.Random(1))
    view = state.view(0)
    with pytest.raises(OptionError, match="not legal now"):
        PolicyBot(policies.illegal, "bad").choose(view, game, random.Random(1))
    with pytest.raises(OptionError, match="not an action code"):
        PolicyBot(lambda observation, mask: "x", "bad").choose(view, game, random.Random(1))
    assert PolicyBot(policies.last_legal).choose(view, game, random.Random(1)) == max(
        state.legal_actions()
    )


def test_the_arena_rates_a_python_policy_beside_the_built_in_bots() -> None:
    game = load("clickety-clack", players=2)
    result = run_arena(game, [BY_PATH, "random"], deals=4, seed=3)
    stats = {s.bot: s for s in result.bot_stats}
    assert set(stats) == {BY_PATH, "random"} and stats[BY_PATH].games == 8
    elo = stats[BY_PATH].elo
    assert elo is not None and elo.interval() is not None
    again = run_arena(game, [BY_PATH, "random"], deals=4, seed=3, workers=2)
    assert [g.outcome_key() for g in again.games] == [g.outcome_key() for g in result.games]


def test_clickbox_arena_takes_a_python_policy() -> None:
    code, out = run(
        ["arena", "click-clack", "--bots", f"{BY_PATH},greedy", "--games", "2", "--seed", "1"]
    )
    assert code == 0, out
    assert "first_legal" in out and "Elo" in out
    code, out = run(
        [
            "arena",
            "click-clack",
            "--bots",
            "py:tests.sim.policies:nothing,greedy",
            "--games",
            "1",
            "--seed",
            "1",
        ]
    )
    assert code != 0 and "has no nothing" in out
