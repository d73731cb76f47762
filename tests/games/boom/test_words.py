"""Click Click Boom's narrated log: exact lines for hand-played moves, seen from each seat, and
properties of random playouts (feeding never fails, incremental equals from scratch, a seat's
words depend on its log alone)."""

from __future__ import annotations

import random
import re

import pytest

from clickbox.core import CHANCE, TERMINAL, Narration, StateBase, narrate, sample_chance
from clickbox.core.words import Line
from clickbox.games import CATALOG
from clickbox.games.boom import BoomState

from .helpers import choose, new_state, turns

TOKEN = re.compile(r"\{s(\d)\}")


def texts(state: BoomState, seat: int | None) -> list[str]:
    return [
        ("# " if line.heading else "") + line.text for line in narrate(state.game, state.view(seat))
    ]


def test_the_start_of_a_game_and_a_pick_from_each_seat() -> None:
    state = new_state(3)
    turns(state, "steal:boom/pay")
    assert texts(state, 2) == [
        "# Shootout 1 of 3",
        "Every player antes 1 silver into the pot and takes back the Starting Setup hand.",
        "# Round 1 · {s0}'s turn",
        "{s1} picks a Steal card from {s0}'s hand for {s0}'s left and says \"BOOM\".",
        "{s2} picks a Pay card from {s0}'s hand for {s0}'s right and says nothing.",
    ]
    # the owner never learns the card; the picker and the third seat do
    assert texts(state, 0)[3:] == [
        '{s1} picks a card from your hand for your left and says "BOOM".',
        "{s2} picks a card from your hand for your right and says nothing.",
    ]
    assert texts(state, 1)[3] == texts(state, 2)[3]
    assert texts(state, None)[3:] == texts(state, 2)[3:]


def test_a_showdown_where_everyone_blows_up_ends_the_shootout() -> None:
    state = new_state(3)
    turns(state, "pay/boom pay/boom pay/boom")
    choose(state, "r r r")
    lines = texts(state, None)
    start = lines.index("# Round 1 · Showdown")
    assert lines[start:] == [
        "# Round 1 · Showdown",
        "{s0}, {s1} and {s2} have chosen a card in secret.",
        "{s0} reveals the right card: BOOM! {s0} is out.",
        "{s1} reveals the right card: BOOM! {s1} is out.",
        "{s2} reveals the right card: BOOM! {s2} is out.",
        "Everyone blew up. The pot stays for the next shootout.",
        "Dues: each survivor puts 2 silver into the pot, the others 1.",
    ]
    # seat 0 cannot read its own card: it reveals "the right card", and is out all the same
    mine = texts(state, 0)[start:]
    assert mine[2] == "{s0} reveals the right card."
    assert mine[-2:] == ["The shootout is over.", lines[-1]]


def test_pay_and_steal_effects_and_the_passing() -> None:
    state = new_state(3)
    turns(state, "pay/steal pay/steal pay/steal")
    choose(state, "l r l")
    lines = texts(state, 1)
    assert lines[-3:] == [
        "{s0} reveals the left card, a Pay card: {s0} pays 1 silver into the pot.",
        "{s1} reveals the right card.",
        "{s2} reveals the left card, a Pay card: {s2} pays 1 silver into the pot.",
    ]
    assert texts(state, 0)[-2] == (
        "{s1} reveals the right card, a Steal card: {s0} takes 2 silver from {s1}."
    )


CONFIGS = [
    (players, preset) for players in range(2, 7) for preset in (None, *CATALOG.get("boom").presets)
]


def step(state: StateBase, rng: random.Random) -> None:
    if state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng))
    else:
        state.apply(rng.choice(state.legal_actions()))


def check_lines(lines: list[Line], players: int) -> None:
    for line in lines:
        assert all(int(n) < players for n in TOKEN.findall(line.text)), line
        if line.seat is not None:
            assert line.text.startswith(f"{{s{line.seat}}}"), line
        assert line.text and "?" not in line.text, line


@pytest.mark.parametrize(("players", "preset"), CONFIGS)
def test_random_playouts(players: int, preset: str | None) -> None:
    game = CATALOG.get("boom").from_options(players, preset=preset)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        viewers: list[int | None] = [None, *range(players)]
        narrations = {v: Narration(game, v) for v in viewers}
        narrators = {v: game.narrator(v) for v in viewers}
        seen: dict[int | None, list[object]] = {v: [] for v in viewers}
        while state.current_player() != TERMINAL:
            step(state, rng)
            for v in viewers:
                log = state.view(v)["log"]
                narrations[v].update(log)
                if log[: len(seen[v])] != seen[v]:  # a hidden choice revealed: start again
                    narrators[v] = state.game.narrator(v)
                    seen[v] = []
                narrator = narrators[v]
                for entry in log[len(seen[v]) :]:
                    kept = list(narrator.lines)
                    narrator.feed(entry)
                    assert narrator.lines[: max(len(kept) - 1, 0)] == kept[:-1], (
                        "only the last line"
                    )
                    assert len(narrator.lines) >= len(kept)
                seen[v] = list(log)
                assert narrator.lines == narrations[v].lines
        for v in viewers:
            view = state.view(v)
            assert narrations[v].lines == narrate(game, view)
            check_lines(narrations[v].lines, players)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_games_that_look_alike_to_a_seat_narrate_alike(players: int) -> None:
    """Two games that differ only in which of its own cards were picked for seat 0 (its log
    reads the same) narrate the same for it, and differently for the others."""
    for seed in range(5):
        rng = random.Random(seed)
        a, b = new_state(players), new_state(players)
        for state, (left, right) in ((a, ("L0:boom", "R0")), (b, ("L5:boom", "R4"))):
            state.apply(state.game.parse_action(left))
            state.apply(state.game.parse_action(right))
        while a.current_player() != TERMINAL and len(a.history) < 40:
            if a.current_player() == CHANCE:
                action = sample_chance(a, rng)
            else:
                action = rng.choice(a.legal_actions())
            if action not in b.legal_actions() and b.current_player() != CHANCE:
                break
            a.apply(action)
            b.apply(action)
            if a.view(0)["log"] != b.view(0)["log"]:
                break
            assert narrate(a.game, a.view(0)) == narrate(b.game, b.view(0))
        assert narrate(a.game, a.view(1)) != narrate(b.game, b.view(1))
