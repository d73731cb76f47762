"""That's Pretty Clever's value network: its inputs, its start, its training and its bots."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from clickbox.bots.clever import features as F
from clickbox.bots.clever.evaluation import evaluate
from clickbox.bots.clever.network import SHIPPED, Network, shipped
from clickbox.bots.clever.search import CleverNetBot, CleverSearchBot
from clickbox.bots.clever.training import (
    Adam,
    Progress,
    Settings,
    gradients,
    load_checkpoint,
    play,
    train,
)
from clickbox.bots.levels import LEVELS
from clickbox.bots.registry import make_bot
from clickbox.cli.main import main
from clickbox.core import CHANCE, OptionError, sample_chance
from clickbox.games import load
from clickbox.games.clever import CleverState
from clickbox.games.clever import actions as A
from clickbox.sim import play_match


def positions(players: int = 1, seed: int = 2, games: int = 2) -> list[CleverState]:
    """Every position of a few random games, the end included."""
    game = load("clever", players=players)
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = game.new_initial_state()
        while True:
            assert isinstance(state, CleverState)
            found.append(state.clone())
            player = state.current_player()
            if player == CHANCE:
                state.apply(sample_chance(state, rng))
            elif player >= 0:
                state.apply(rng.choice(state.legal_actions()))
            else:
                break
    return found


def test_the_inputs_are_named_and_about_zero_to_one() -> None:
    assert len(set(F.NAMES)) == F.SIZE
    for state in positions(players=2, games=1):
        row = F.features(state, 0)
        assert len(row) == F.SIZE
        assert all(-0.01 <= x <= 4.0 for x in row)
        assert row[-1] == 1.0  # the bias


def test_the_inputs_read_the_sheet() -> None:
    state = positions(games=1)[-1]
    sheet = state.sheet(0)
    row = dict(zip(F.NAMES, F.features(state, 0), strict=True))
    assert row["green >= 1"] == (1.0 if sheet.green >= 1 else 0.0)
    assert row["foxes"] == sheet.foxes / 4
    assert row["evaluation"] == pytest.approx(sheet.score() / 100)  # exact at the end


def test_a_fresh_network_is_the_hand_written_evaluation() -> None:
    net = Network.fresh(16, seed=3)
    states = positions(players=2, games=1)
    values = net.evaluate_many(states, 1)
    assert values == pytest.approx([evaluate(s, 1) for s in states], abs=1e-9)


def test_a_widened_network_values_alike_and_a_saved_one_loads(tmp_path: Path) -> None:
    net = Network.fresh(8, seed=1)
    net.out[:] = np.linspace(-0.1, 0.1, 8)  # a network that is not the evaluation
    states = positions(games=1)
    wider = net.widened(12, seed=2)
    assert wider.width == 12
    assert wider.evaluate_many(states, 0) == pytest.approx(net.evaluate_many(states, 0))
    path = tmp_path / "net.npz"
    wider.save(path)
    loaded = Network.load(path)
    assert loaded.evaluate_many(states, 0) == pytest.approx(
        wider.evaluate_many(states, 0), abs=1e-3
    )  # saved as float32
    with pytest.raises(ValueError, match="narrow"):
        wider.widened(4)


def test_a_network_of_other_inputs_is_refused_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "old.npz"
    net = Network.fresh(4)
    net.info["features"] = F.VERSION + 1
    net.save(path)
    with pytest.raises(ValueError, match="features version"):
        Network.load(path)
    (tmp_path / "junk.npz").write_text("not a network")
    with pytest.raises(ValueError, match="not a Clever value network"):
        Network.load(tmp_path / "junk.npz")
    with pytest.raises(OptionError, match="cannot use net="):
        play_match(load("clever", players=1), [make_bot(f"clever-net:net={path}")], 1)


def test_the_gradient_is_the_slope_of_the_loss() -> None:
    rng = np.random.default_rng(4)
    net = Network.fresh(5, seed=4)
    net.out[:] = rng.normal(0, 0.3, 5)
    x = rng.uniform(0, 1, (7, F.SIZE))
    target = rng.uniform(100, 250, 7)
    _, grads = gradients(net, x, target)
    for name, index in (("out", (2,)), ("skip", (F.EVALUATION,)), ("hidden", (3, 1))):
        array = getattr(net, name)
        step = 1e-6
        array[index] += step
        up, _ = gradients(net, x, target)
        array[index] -= 2 * step
        down, _ = gradients(net, x, target)
        array[index] += step
        assert grads[name][index] == pytest.approx((up - down) / (2 * step), rel=1e-4, abs=1e-9)


def test_the_targets_are_lambda_returns_ending_in_the_score() -> None:
    net = Network.fresh(4)
    rows, targets, score = play(net, seed=11, lam=1.0)
    assert len(rows) == len(targets) > 30
    assert targets == [score] * len(targets)  # λ = 1: every target is the final score
    _, one_step, score0 = play(net, seed=11, lam=0.0)
    assert score0 == score  # the same greedy game
    assert one_step[-1] == score
    # λ = 0: each target is the next decision's best value, which is not the score everywhere
    assert any(abs(t - score) > 1 for t in one_step)


def test_adam_steps_lower_the_loss() -> None:
    rng = np.random.default_rng(5)
    net = Network.fresh(8, seed=5)
    x = rng.uniform(0, 1, (64, F.SIZE))
    target = rng.uniform(150, 250, 64)
    adam = Adam(net)
    before, _ = gradients(net, x, target)
    for t in range(1, 51):
        _, grads = gradients(net, x, target)
        adam.step(net, grads, 1e-2, t)
    after, _ = gradients(net, x, target)
    assert after < before / 2


def test_a_run_trains_checkpoints_and_resumes(tmp_path: Path) -> None:
    lines: list[str] = []
    settings = Settings(episodes=20, iteration=10, eval_every=10, eval_games=4, hidden=8)
    progress = train(settings, tmp_path, report=lines.append)
    assert progress.episodes == 20
    assert [p["episodes"] for p in progress.curve] == [0, 10, 20]
    for name in ("checkpoint.npz", "best.npz", "curve.json", "curve.png"):
        assert (tmp_path / name).stat().st_size > 0
    assert json.loads((tmp_path / "curve.json").read_text()) == progress.curve
    best = Network.load(tmp_path / "best.npz")
    assert best.info["holdout_mean"] == round(progress.best_mean, 2)
    net, _, saved, resumed = load_checkpoint(tmp_path / "checkpoint.npz")
    assert resumed.episodes == 20 and saved.hidden == 8 and net.width == 8
    more = train(replace_episodes(settings, 30), tmp_path, resume=tmp_path / "checkpoint.npz")
    assert more.episodes == 30 and more.adam_steps > progress.adam_steps
    assert isinstance(more, Progress)


def replace_episodes(settings: Settings, episodes: int) -> Settings:
    return Settings(**{**settings.__dict__, "episodes": episodes})


def test_the_train_command_runs_end_to_end_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    small = ["--iteration", "10", "--eval-every", "10", "--eval-games", "3", "--hidden", "4"]
    assert (
        main(["train", "clever", "--episodes", "20", "--seed", "1", "--out", str(out), *small]) == 0
    )
    text = capsys.readouterr().out
    assert "held-out after 20 episodes" in text and "best held-out mean" in text
    args = ["train", "clever", "--episodes", "30", "--out", str(out)]
    assert main([*args, "--resume", str(out / "checkpoint.npz")]) == 0
    assert "resumed" in capsys.readouterr().out
    assert load_checkpoint(out / "checkpoint.npz")[3].episodes == 30
    # the trained network plays through the bot protocol
    record = play_match(load("clever", players=1), [make_bot(f"clever-net:net={out}/best.npz")], 3)
    assert record.outcome is not None


@pytest.mark.parametrize(
    "argv, message",
    [
        (["train", "clickety-clack", "--out", "x"], "only clever"),
        (["train", "clever", "--episodes", "0", "--out", "x"], "--episodes must be"),
        (["train", "clever", "--resume", "nowhere.npz", "--out", "x"], "no checkpoint"),
    ],
)
def test_bad_train_arguments_are_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().out


def test_the_shipped_network_loads_and_records_how_it_was_trained() -> None:
    net = shipped()
    assert net is shipped()  # loaded once
    assert SHIPPED.stat().st_size < 3_000_000
    assert net.info["features"] == F.VERSION
    assert net.info["episodes"] > 0 and "holdout_mean" in net.info


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_network_bots_play_whole_games(players: int) -> None:
    game = load("clever", players=players)
    bots = [make_bot("clever-net"), make_bot("clever-search:net=1,samples=2,beam=2")]
    record = play_match(game, [bots[i % 2] for i in range(players)], seed=5)
    assert record.outcome is not None


def test_clever_net_is_one_ply_over_the_network_and_hard_searches_over_it() -> None:
    game = load("clever", players=1)
    state = game.new_initial_state()
    rng = random.Random(6)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng))
    ranked = CleverNetBot().rank(state.view(0), game, random.Random(1))
    net = shipped()
    values = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values[action] = net.evaluate(child, 0)
    assert dict(ranked) == pytest.approx(values)
    assert "net=1" in LEVELS["clever"]["hard"]
    hard = make_bot(LEVELS["clever"]["hard"])
    assert isinstance(hard, CleverSearchBot) and hard.net == "1" and not hard.drift


def test_the_labels_make_the_same_bots() -> None:
    for spec in ("clever-net", "clever-search:net=1", "clever-search:net=1,drift=1"):
        bot = make_bot(spec)
        again = make_bot(bot.label())
        assert again.label() == bot.label() and type(again) is type(bot)


def test_a_passive_take_chosen_but_not_yet_written_is_in_the_inputs() -> None:
    game = load("clever", players=3)
    rng = random.Random(7)
    state = game.new_initial_state()
    assert isinstance(state, CleverState)
    while not (state.stage == "passive-take" and len(state.simultaneous_seats()) == 2):
        player = state.current_player()
        state.apply(
            sample_chance(state, rng) if player == CHANCE else rng.choice(state.legal_actions())
        )
    seat = state.current_player()
    take = next(a for a in state.legal_actions() if a != A.DONE)
    before = F.features(state, seat)
    state.apply(take)
    assert state.stage == "passive-take"  # the other passive seat is still to choose
    after = F.features(state, seat)
    sheet_block = F.NAMES.index("foxes") + 1
    assert before[:sheet_block] != after[:sheet_block]
