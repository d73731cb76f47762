"""Click Clack's narrated log: the hidden layout in one line, the die, a hop, Freddy, the turn
of the board, a find; and random playouts (incremental equals from scratch, words from the log
alone)."""

from __future__ import annotations

import random
import re

import pytest

from clickbox.core import CHANCE, TERMINAL, Narration, narrate, play, sample_chance
from clickbox.games import CATALOG

from .helpers import layout_codes, new_state

TOKEN = re.compile(r"\{s(\d)\}")


def test_the_hidden_layout_is_one_line_then_hops_finds_and_freddy() -> None:
    state = new_state(2)
    codes = layout_codes(state.config, {})
    game = state.game
    play(state, codes[0])
    assert [x.text for x in narrate(game, state.view(0))] == [
        "The discs are being hidden under the board (1 of 16 columns)."
    ]
    for code in codes[1:]:
        play(state, code)
    for move in [
        "roll:frog",
        "frog2",
        "cw",
        "roll:frog",
        "frog1",
        "ccw",
        "roll:freddy",
        "freddy:frog",
        "cw",
    ]:
        play(state, move)
    lines = [("# " if x.heading else "") + x.text for x in narrate(game, state.view(1))]
    assert lines == [
        "The 16 discs are hidden face down in the hollows under the board.",
        "# Turn 1 · {s0}",
        "{s0} rolls Frog.",
        "{s0} puts the squirrel on Frog hole 3.",  # frog2: holes are numbered from 1
        "{s0} turns the board one click clockwise.",
        "{s0}'s squirrel finds a blueberry (1 disc).",
        "# Turn 2 · {s1}",
        "{s1} rolls Frog.",
        "{s1} puts the squirrel on Frog hole 2.",
        "{s1}'s squirrel finds a chestnut (1 disc).",
        "{s1} turns the board one click anticlockwise.",
        "# Turn 3 · {s0}",
        "{s0} rolls Freddy the Piglet.",
        "{s0} moves Freddy the Piglet to the Frog section: {s0}'s and {s1}'s squirrels "
        "flee to the tree trunk.",
        "{s0} turns the board one click clockwise.",
    ]
    assert narrate(game, state.view(0)) == narrate(game, state.view(None))


def test_a_hop_and_a_find() -> None:
    game = CATALOG.get("click-clack").from_options(2)
    log = [{"seat": "chance", "move": "?"}] * 16 + [
        {"seat": "chance", "move": "roll:beetle"},
        {"seat": 0, "move": "beetle3"},
        {"seat": 0, "move": "cw"},
        {"seat": "chance", "move": "roll:frog"},
        {"seat": 1, "move": "frog0"},
        {"seat": 1, "move": "ccw"},
        {"seat": "chance", "move": "roll:snail"},
        {"seat": 0, "move": "snail1", "found": [{"seat": 0, "kind": "fir-cone"}]},
    ]
    lines = [x.text for x in narrate(game, {"me": 0, "log": log})]
    assert lines[-2:] == [
        "{s0}'s squirrel hops from Beetle hole 4 to Snail hole 2.",
        "{s0}'s squirrel finds a fir cone (1 disc).",
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", [None, *CATALOG.get("click-clack").presets])
def test_random_playouts(players: int, preset: str | None) -> None:
    game = CATALOG.get("click-clack").from_options(players, preset=preset)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        viewers: list[int | None] = [None, *range(players)]
        narrations = {v: Narration(game, v) for v in viewers}
        steps = 0
        while state.current_player() != TERMINAL and steps < 300:
            steps += 1
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            for v in viewers:
                before = list(narrations[v].lines)
                lines = narrations[v].update(state.view(v)["log"])
                assert lines[: max(len(before) - 1, 0)] == before[:-1], "only the last line"
        for v in viewers:
            lines = narrations[v].lines
            assert lines == narrate(game, state.view(v))
            assert [x.text for x in lines] == [x.text for x in narrate(game, state.view(None))]
            for line in lines:
                assert all(int(n) < players for n in TOKEN.findall(line.text))
                if line.seat is not None:
                    assert line.text.startswith(f"{{s{line.seat}}}")


@pytest.mark.parametrize("players", [2, 4])
def test_each_find_is_written_on_the_move_that_made_it(players: int) -> None:
    """Every collection (public in the view) is in the log as the ``found`` of the entry that
    collected it: a squirrel's hop or a turn of the board, and nowhere else."""
    game = CATALOG.get("click-clack").from_options(players)
    finds = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        expected: list[list[dict[str, object]]] = []
        while state.current_player() != TERMINAL:
            before = len(state.view(None)["collections"])
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            new = state.view(None)["collections"][before:]
            expected.append([{"seat": c["seat"], "kind": c["kind"]} for c in new])
            for viewer in (None, 0):
                log = state.view(viewer)["log"]
                assert [e.get("found", []) for e in log] == expected
        finds += sum(map(len, expected))
        said = [x for x in narrate(game, state.view(1)) if "finds a" in x.text]
        assert len(said) == sum(map(len, expected))
    assert finds > 0


def test_two_layouts_narrate_alike() -> None:
    """Different discs under the board, the same moves: the same words for every seat but
    the finds (public once made)."""
    game = CATALOG.get("click-clack").from_options(2)
    states = [new_state(2), new_state(2)]
    for state, seed in zip(states, (1, 2), strict=True):
        for code in layout_codes(state.config, {}, seed=seed):
            play(state, code)
    rng = random.Random(5)
    for _ in range(30):
        a, b = states
        if a.current_player() == TERMINAL or b.current_player() == TERMINAL:
            break
        if a.current_player() == CHANCE:
            action = sample_chance(a, rng)
        else:
            action = rng.choice(a.legal_actions())
        if action not in b.legal_actions() and b.current_player() != CHANCE:
            break
        a.apply(action)
        b.apply(action)
    for v in (None, 0, 1):
        told = [
            [x for x in narrate(game, state.view(v)) if "finds a" not in x.text] for state in states
        ]
        assert told[0] == told[1]
