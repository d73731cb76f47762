"""The view of a That's Pretty Clever game, and the state rebuilt from it.

"Everything is public except the passive players' simultaneous choice" (``view.py``): once every
passive player has chosen, the choices are public, in ``passive.chosen`` as in the log, so a state
rebuilt from any seat's view plays on exactly like the real one.
"""

from __future__ import annotations

import json
import random

from clickbox.core import CHANCE, play
from clickbox.games.clever import CleverGame, Sheet
from clickbox.games.clever.view import LAYOUT, sheet_from_view, sheet_view

from .helpers import new_game, new_state, prepare, roll, three_picks

PUBLIC = dict.fromkeys(CleverGame.history_view_keys)


def test_revealed_passive_choices_are_in_every_view_and_rebuilt_exactly() -> None:
    """clever-simultaneous-take: after the choices are in, "each passive player in that order
    writes their die, resolves its bonuses and uses +1 actions, openly". Seat 2's choice is
    written after seat 1's +1: a state rebuilt from seat 1's view must write the same die."""
    game = new_game(3)
    state = game.new_initial_state()
    prepare(state.sheet(1), plus_ones=(1, 0))
    three_picks(state)
    play(state, "o>O", seat=1)
    play(state, "w>B6", seat=2)
    assert state.stage == "passive-extra"
    assert state.current_player() == 1
    view = state.view(1)
    assert view["passive"]["chosen"] == {"1": "o>O", "2": "w>B6"}
    assert view["passive"]["to_write"] == [2]
    for seed in range(5):  # nothing is sampled any more: every rebuild is the same game
        rebuilt = game.state_from_view(view, random.Random(seed))
        assert rebuilt.view(1) | PUBLIC == view | PUBLIC
        play(rebuilt, "done")
        assert rebuilt.sheet(2).blue == 1 << 6
    play(state, "done")
    assert state.sheet(2).blue == 1 << 6


def test_a_hidden_choice_is_sampled_from_what_that_seat_could_take() -> None:
    """``state_from_view``: "hidden passive choices sampled" — among the seat's legal takes."""
    game = new_game(3)
    state = game.new_initial_state()
    three_picks(state)
    play(state, "o>O", seat=1)
    view = state.view(2)
    assert view["passive"]["chosen"] == {"1": None}
    takes = set()
    for seed in range(40):
        rebuilt = game.state_from_view(view, random.Random(seed))
        assert rebuilt.view(2) | PUBLIC == view | PUBLIC
        assert rebuilt.legal_actions() == state.legal_actions()
        takes.add(rebuilt._takes.choices[1])
    assert len(takes) > 1
    assert takes <= set(state.clone()._take_actions(1))


def test_the_view_is_plain_data_with_the_sheet_layout() -> None:
    state = new_state(2)
    roll(state, "y3 b4 g2 o6 p1 w5")
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert view["layout"] == LAYOUT
        assert view["legal"] == (
            [] if seat != 0 else [state.action_to_string(a) for a in state.legal_actions()]
        )
    view = state.view(0)
    assert view["game"] == "clever"
    assert (view["round"], view["rounds"], view["active"], view["stage"]) == (1, 6, 0, "choose")
    assert view["faces"] == [3, 4, 2, 6, 1, 5]
    assert view["dice"] == ["yellow", "blue", "green", "orange", "purple", "white"]
    assert view["rating"] is None and view["outcome"] is None
    assert [entry["move"] for entry in view["log"]] == ["r3", "r4", "r2", "r6", "r1", "r5"]
    assert all(entry["seat"] == "chance" for entry in view["log"])


def test_the_view_says_the_phase_in_words_for_every_stage() -> None:
    """Every stage has words a player reads (``phase``), the same for every seat; the last +1
    stage says that everyone may still use their extra dice."""
    from clickbox.games.clever.rules import STAGE_NAMES
    from clickbox.games.clever.view import PHASE_WORDS

    assert set(PHASE_WORDS) == set(STAGE_NAMES)
    assert "everyone may still use their remaining extra dice" in PHASE_WORDS["final-extra"]
    state = new_state(2)
    roll(state, "y3 b4 g2 o6 p1 w5")
    assert {state.view(seat)["phase"] for seat in (None, 0, 1)} == {PHASE_WORDS["choose"]}
    assert state.view(None)["forfeited"] == 0


def test_the_sheet_view_round_trips() -> None:
    sheet = prepare(
        Sheet(),
        yellow="Y11 Y22",
        blue=[2, 7, 12],
        green=4,
        orange=(3, 8),
        purple=(1, 6, 2),
        foxes=1,
        rerolls=(3, 1),
        plus_ones=(2, 2),
    )
    data = sheet_view(sheet)
    assert data["yellow"][:4] == [1, 0, 0, 2]  # crossed, open, open, printed X
    assert data["blue"] == [2, 7, 12]
    assert data["rerolls"] == {"circled": 3, "used": 1}
    assert sheet_from_view(json.loads(json.dumps(data))) == sheet


def test_the_chance_node_shows_the_dice_still_to_roll() -> None:
    state = new_state()
    roll(state, "y1 b2")
    view = state.view(None)
    assert state.current_player() == CHANCE
    assert view["to_move"] == "chance"
    assert view["rolling"] == [2, 3, 4, 5]
    assert view["faces"] == [1, 2, 0, 0, 0, 0]


def test_events_account_for_every_bonus_taken_without_a_choice() -> None:
    """The view's ``events`` list the bonuses resolved without a choice (round actions, foxes,
    unlocks, number bonuses, forced crosses), so a player can see "you got a fox". Every fox and
    every circled action on a finished sheet is in them, and a spectator sees the same list."""
    from clickbox.core import sample_chance

    for players in (1, 2, 4):
        game = new_game(players)
        rng = random.Random(players)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        view = state.view(None)
        assert state.view(0)["events"] == view["events"]
        for seat, sheet in enumerate(view["sheets"]):
            mine = [e for e in view["events"] if e["seat"] in (seat, "all") and not e["lost"]]
            count = {
                key: sum(e["bonus"] == key for e in mine) for key in ("fox", "reroll", "plus1")
            }
            assert count["fox"] == sheet["foxes"]
            assert count["reroll"] == sheet["rerolls"]["circled"]
            assert count["plus1"] == sheet["plus_ones"]["circled"]
        afters = [e["after"] for e in view["events"]]
        assert afters == sorted(afters) and afters[-1] <= len(view["log"])
