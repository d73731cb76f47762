"""Click Clack in the terminal: a full game through ``main`` and its replay, the renderer on
every phase of random games and presets, and no trace of the hidden layout on the screen."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from clickbox.cli.render import render_moves, render_outcome, render_view
from clickbox.core import CHANCE, sample_chance
from clickbox.games import load
from clickbox.games.clack import PRESETS, ClickClackState
from tests.games.clack.helpers import hide, new_state
from tests.games.clack.helpers import run as run_moves

from .test_cli import run

SECTIONS = ("Frog", "Butterfly", "Snail", "Beetle")
KINDS = ("hazelnut", "fir cone", "blueberry", "chestnut")


def _draw(renderable: Any, width: int = 120) -> str:
    file = io.StringIO()
    console = Console(file=file, width=width, color_system=None, force_terminal=False)
    console.print(renderable)
    return file.getvalue()


def test_a_full_game_against_the_default_bot_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "clack.json"
    code, out = run(
        ["play", "click-clack", "--wide", "--players", "2", "--seed", "5", "--save", str(save)],
        "1\n" * 3000,
        monkeypatch,
    )
    assert code == 0, out[-3000:]
    for words in (*SECTIONS, "Trunk:", "Discs collected", "Discs still on the board", *KINDS):
        assert words in out, words
    assert "Your moves (type the number or the notation):" in out
    assert "turn the board:" in out and "cw (clockwise)" in out
    assert "Final result" in out and ("wins." in out or "share the victory" in out)
    record: dict[str, Any] = json.loads(save.read_text())
    assert record["game"] == "click-clack(players=2)" and record["seats"][0] == "human"
    assert record["outcome"] is not None
    code, out = run(["replay", str(save), "--check"])
    assert code == 0 and "ok: 1 record" in out


def test_bad_input_is_refused_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = run(
        ["play", "click-clack", "--players", "2", "--seed", "5", "--save", str(tmp_path / "b")],
        "zzz\n99\nhelp\n" + "1\n" * 3000,
        monkeypatch,
    )
    assert code == 0, out[-3000:]
    assert "'zzz' is not a Click Clack move" in out
    assert "no move 99: choose 1-" in out
    assert "Notation: frog2 puts (or moves) your squirrel" in out


def _random_game(spec: str, players: int, seed: int, preset: str | None = None) -> list[Any]:
    """Every state of a random game (chance sampled, moves at random), in order."""
    game = load(spec, players, preset)
    state = game.new_initial_state()
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(
            sample_chance(state, rng) if seat == CHANCE else rng.choice(state.legal_actions())
        )
        states.append(state.clone())
    return states


@pytest.mark.parametrize(
    ("players", "preset"), [(2, None), (3, None), (4, None)] + [(3, name) for name in PRESETS]
)
def test_renderer_draws_every_phase(players: int, preset: str | None) -> None:
    names = [f"seat{i}" for i in range(players)]
    phases: set[str] = set()
    rng = random.Random(players)
    for seed in range(2):
        states = _random_game("click-clack", players, seed, preset)
        for state in states:
            seat = state.current_player()
            view = state.view(seat if seat >= 0 else None)
            new = view["phase"] not in phases
            phases.add(view["phase"])
            if not new and rng.random() > 0.2:
                continue
            text = _draw(render_view(view, names), rng.choice((80, 120, 160)))
            for words in (*SECTIONS, "Trunk:", "Discs collected", "Discs still on the board"):
                assert words in text, words
            for kind in KINDS:
                assert kind in text
            for hole in view["holes"]:
                assert hole["hole"] in text
            assert f"rotation {view['rotation']} of 16" in text
            if view["roll"] is not None:
                assert f"Last roll: {view['roll'].capitalize()}" in text
            if seat >= 0:
                moves = _draw(render_moves(view, view["legal"]), 120).replace("\n", " ")
                for number, move in enumerate(view["legal"], 1):
                    assert f"{number}) {move}" in moves
        final = states[-1].view(None)
        text = _draw(render_view(final, names)) + _draw(render_outcome(final, names))
        assert "Game over." in text and "Final result" in text
        assert "wins." in text or "share the victory" in text
        for collection in final["collections"][-8:]:  # the last eight are listed
            assert f"collects a {collection['kind'].replace('-', ' ')}" in text
    assert phases == {"setup", "roll", "move", "turn", "over"}


def test_the_screen_never_shows_the_layout() -> None:
    """Two states with the same public history and different layouts draw the same screen."""
    game = load("click-clack", 3)
    names = ["a", "b", "c"]
    for seed in range(4):
        states = _random_game("click-clack", 3, seed)
        rng = random.Random(seed)
        for state in rng.sample(states, 12):
            seat = state.current_player()
            view = state.view(seat if seat >= 0 else None)
            first = game.state_from_view(view, random.Random(1))
            second = game.state_from_view(view, random.Random(2))
            assert isinstance(first, ClickClackState) and isinstance(second, ClickClackState)
            for tries in range(3, 40):
                if first._disc != second._disc:
                    break
                second = game.state_from_view(view, random.Random(tries))
                assert isinstance(second, ClickClackState)
            viewer = seat if seat >= 0 else None
            assert first.view(viewer) == second.view(viewer)
            if view["phase"] != "setup" or view["setup"]["columns_done"]:
                assert first._disc != second._disc  # the layouts differ
            assert _draw(render_view(first.view(viewer), names)) == _draw(
                render_view(second.view(viewer), names)
            )
    # During the setup: two different hidden columns, the same screen.
    one, two = game.new_initial_state(), game.new_initial_state()
    outcomes = [a for a, _ in one.chance_outcomes()]
    one.apply(outcomes[0])
    two.apply(outcomes[-1])
    assert one.history != two.history
    assert _draw(render_view(one.view(None), names)) == _draw(render_view(two.view(None), names))


def test_a_turn_without_a_move_is_said_in_words_and_noturn_can_be_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """clack-turn-without-move: "You are allowed to turn the board even if you cannot move your
    piece." The human tries noturn at every decision: refused with the reason where the
    squirrel can move, played where it cannot; the screen says what is being decided."""
    save = tmp_path / "noturn.json"
    code, out = run(
        ["play", "click-clack", "--wide", "--players", "2", "--seed", "5", "--save", str(save)],
        "noturn\n1\n" * 3000,
        monkeypatch,
    )
    assert code == 0, out[-3000:]
    words = " ".join(out.split())
    assert "noturn is not legal now: first place your squirrel (or move Freddy)" in words
    assert (
        "Freddy's section: the squirrel cannot move; turns the board one click (cw or ccw) or "
        "leaves it as it is (noturn)." in words
    )
    assert "noturn (leave it as it is)" in words  # in the list of moves
    assert "You (red): noturn (the board stays as it is)" in words  # in the last moves
    record: dict[str, Any] = json.loads(save.read_text())
    assert "noturn" in record["actions"]
    code, out = run(["replay", str(save), "--check"])
    assert code == 0 and "ok: 1 record" in out


@pytest.mark.parametrize("option", ["optional", "forced"])
def test_the_no_move_turn_phase_and_its_moves(option: str) -> None:
    state = new_state(2, no_move_turn=option)
    hide(state)
    run_moves(state, "roll:frog frog0 cw roll:freddy freddy:snail cw roll:snail")
    view = state.view(0)
    text = _draw(render_view(view, ["Robin", "Nina"]), 160).replace("\n", " ")
    moves = _draw(render_moves(view, view["legal"]), 120)
    assert "rolled Snail, Freddy's section: the squirrel cannot move;" in text
    if option == "optional":
        assert "turns the board one click (cw or ccw) or leaves it as it is (noturn)." in text
        assert "3) noturn (leave it as it is)" in moves
    else:
        assert "cannot move; turns the board one click (cw or ccw)." in text
        assert "noturn" not in moves
