"""The core protocol on a toy simultaneous game: chance, commitments, views, errors, options."""

from __future__ import annotations

import random

import pytest

from clickbox.core import (
    CHANCE,
    TERMINAL,
    AppendOnlyList,
    Catalog,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    Match,
    NotYourTurnError,
    OptionError,
    StaleStateError,
    UnknownGameError,
    derive_rng,
    derive_seed,
    parse_spec,
    play,
    resolve_chance,
    sample_chance,
)
from tests.core.toy_game import BidGame, BidParams

CATALOG = Catalog([BidGame])


def test_simultaneous_commitments_are_hidden_until_all_are_in() -> None:
    game = BidGame(3)
    state = game.new_initial_state()
    play(state, "bonus2")
    assert state.current_player() == 0
    play(state, "bid3", seat=0)
    # Seat 1 sees that seat 0 has committed, but not what.
    assert state.view(1)["bids"] == {"0": None}
    assert state.view(None)["bids"] == {"0": None}
    assert state.view(0)["bids"] == {"0": 3}
    play(state, "bid1", seat=1)
    assert state.view(2)["bids"] == {"0": None, "1": None}
    play(state, "bid1", seat=2)
    # All in: revealed together.
    assert state.is_terminal()
    assert state.view(1)["bids"] == {"0": 3, "1": 1, "2": 1}
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (3.0, 0.0, 1.0)
    assert outcome.winners == {0}


def test_views_do_not_change_with_what_a_seat_cannot_see() -> None:
    """Two games that differ only in seat 0's hidden bid look the same to seat 1."""
    views = []
    for hidden_bid in ("bid1", "bid2"):
        state = BidGame(3).new_initial_state()
        play(state, "bonus0")
        play(state, hidden_bid)
        views.append(state.view(1))
    assert views[0] == views[1]


def test_checked_play_rejects_and_leaves_state_untouched() -> None:
    game = BidGame(2)
    state = game.new_initial_state()
    with pytest.raises(IllegalActionError, match=r"dice are being rolled|not legal"):
        play(state, "bid1")
    play(state, "bonus1")
    before = (state.view(None), list(state.history))
    with pytest.raises(InvalidActionError, match="not bidN"):
        play(state, "fold")
    with pytest.raises(IllegalActionError, match="bid7 is not legal"):
        play(state, "bid7")
    with pytest.raises(NotYourTurnError, match="not seat 1's turn"):
        play(state, "bid1", seat=1)
    assert (state.view(None), list(state.history)) == before
    play(state, "bid1", seat=0)
    play(state, "bid2", seat=1)
    with pytest.raises(GameOverError):
        play(state, "bid1")


def test_chance_is_explicit_and_seeded() -> None:
    game = BidGame(4)
    state = game.new_initial_state()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(100 + s, 0.25) for s in range(4)]
    draws = [sample_chance(state, random.Random(9)) for _ in range(3)]
    assert len(set(draws)) == 1, "the same RNG state gives the same draw"
    assert state.current_player() == CHANCE, "sampling does not change the state"
    assert resolve_chance(state, random.Random(1)) and state.current_player() == 0


def test_match_resolves_chance_and_records() -> None:
    match = Match(BidGame(2), seed=5, seats=["a", "b"])
    assert match.state.current_player() == 0
    match.play("bid1", seat=0)
    match.play("bid1", seat=1)
    record = match.record()
    assert record.actions[1:] == ("bid1", "bid1")
    assert record.actions[0].startswith("bonus")
    assert record.outcome is not None and record.seats == ("a", "b")
    assert Match(BidGame(2), seed=5).state.history == match.state.history[:1]


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(1, "game", 0) == derive_seed(1, "game", 0)
    assert derive_seed(1, "game", 0) != derive_seed(1, "game", 1)
    assert derive_rng(3, "bot", 0).random() == derive_rng(3, "bot", 0).random()


def test_options_are_validated_with_the_allowed_values() -> None:
    assert CATALOG.load("bid(max_bid=5)").params == BidParams(max_bid=5)
    assert CATALOG.load("bid", preset="short").params == BidParams(max_bid=2)
    with pytest.raises(OptionError, match=r"'max_bid' must be an integer 1\.\.9 \(got '12'\)"):
        CATALOG.load("bid(max_bid=12)")
    with pytest.raises(OptionError, match="unknown option 'colour'; the options are: max_bid"):
        CATALOG.load("bid", options={"colour": "red"})
    with pytest.raises(OptionError, match=r"unknown preset 'long'.*presets are: short"):
        CATALOG.load("bid", preset="long")
    with pytest.raises(OptionError, match="2-4 players"):
        CATALOG.load("bid", players=5)
    with pytest.raises(UnknownGameError, match="unknown game 'chess'; the games are: bid"):
        CATALOG.load("chess")


def test_spec_strings() -> None:
    assert parse_spec("bid(players=2, max_bid=4)") == ("bid", {"players": "2", "max_bid": "4"})
    assert parse_spec("bid") == ("bid", {})
    game = CATALOG.load("bid(max_bid=4)", players=2)
    assert game.spec() == "bid(players=2,max_bid=4)"
    assert CATALOG.load(game.spec()) == game
    with pytest.raises(OptionError, match="expected key=value"):
        parse_spec("bid(max_bid)")
    with pytest.raises(OptionError, match="given twice"):
        parse_spec("bid(a=1,a=2)")


def test_terminal_state_has_no_actions() -> None:
    state = BidGame(2).new_initial_state()
    for text in ("bonus0", "bid2", "bid2"):
        play(state, text)
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == [] and state.chance_outcomes() == []


def test_checked_play_rejects_values_that_are_not_actions() -> None:
    state = BidGame(2).new_initial_state()
    play(state, "bonus0")
    before = list(state.history)
    for bad in (1.0, None, [1], True):
        with pytest.raises(InvalidActionError, match="is notation text or an action code, not "):
            play(state, bad)  # type: ignore[arg-type]
    assert state.history == before


def test_match_refuses_an_action_chosen_on_a_stale_version() -> None:
    match = Match(BidGame(2), seed=1)
    version = match.state.state_id
    match.play("bid1", seat=0, expected_version=version)
    with pytest.raises(StaleStateError, match=f"chosen at version {version}"):
        match.play("bid2", seat=1, expected_version=version)
    assert match.state.current_player() == 1
    match.play("bid2", seat=1, expected_version=version + 1)
    assert match.state.is_terminal()


def test_append_only_lists_share_items_until_a_copy_falls_behind() -> None:
    first: AppendOnlyList[int] = AppendOnlyList()
    for item in (1, 2, 3):
        first.append(item)
    second = first.copy()
    second.append(4)  # at the shared list's end: in place
    first.append(9)  # behind it now: takes its own part first
    third = second.copy()
    third.append(5)
    second.append(6)
    assert first.to_list() == [1, 2, 3, 9]
    assert second.to_list() == [1, 2, 3, 4, 6]
    assert third.to_list() == [1, 2, 3, 4, 5]
    assert [len(x) for x in (first, second, third)] == [4, 5, 5]
    assert second != third and third == AppendOnlyList(third)
