"""Properties of random games of every preset at every player count (seeded loops).

* coins are conserved: the players' coins and the pot always add up to what the game started
  with (boom-coins: changing gold for silver conserves value);
* every card is accounted for at every step: each player's hand, table cards, played pile and the
  card it is passing hold every card of the game exactly once, and the views agree;
* every shootout ends: at most five rounds, and the game ends after its shootouts;
* a record (``clickbox.core.Match``) replays exactly, to the same views;
* a clone is independent of its original.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from clickbox.core import CHANCE, GameRecord, Match, check_record, replay, sample_chance
from clickbox.games import CATALOG
from clickbox.games.boom import BoomGame, BoomState
from clickbox.games.boom.board import KIND_NAMES

CONFIGS = [
    (players, preset)
    for players in range(2, 7)
    for preset in (None, *CATALOG.get("click-click-boom").presets)
]
IDS = [f"{players}p-{preset or 'default'}" for players, preset in CONFIGS]


def new(players: int, preset: str | None) -> tuple[BoomGame, BoomState]:
    game = CATALOG.get("boom").from_options(players, preset=preset)
    assert isinstance(game, BoomGame)
    state = game.new_initial_state()
    return game, state


def step(state: BoomState, rng: random.Random) -> int:
    """One random step: a chance outcome by its probability, or a uniform legal action."""
    if state.current_player() == CHANCE:
        action = sample_chance(state, rng)
    else:
        action = rng.choice(state.legal_actions())
    state.apply(action)
    return action


def every_card(state: BoomState) -> list[int]:
    """The ids of every card in a hand, on the table or in a played pile (a random card drawn
    to be passed is still in its passer's hand until the cards change hands)."""
    cards: list[int] = []
    for seat in range(state.game.num_players):
        hand = state._hands[seat]
        cards += hand
        cards += [c for c in (state._left[seat], state._right[seat]) if c >= 0]
        cards += state._played[seat]
        assert state._out[seat] < 0 or state._out[seat] in hand
    return sorted(cards)


def seen_cards(state: BoomState) -> tuple[int, Counter[str]]:
    """From the spectator's view: how many cards it places, and the kinds it shows."""
    count = 0
    kinds: Counter[str] = Counter()
    for data in state.view(None)["seats"]:
        count += data["hand_count"] + len(data["played"])
        kinds.update(kind for kind in data["played"] if kind is not None)  # None: face down
        kinds.update(data["hand"] or [])
        if data["outgoing"] is not None:  # one of the hand's cards, face down
            assert data["outgoing"]["card"] is None
        for place in (data["left"], data["right"]):
            if place is not None:
                count += 1
                if place["card"] is not None:
                    kinds[place["card"]] += 1
    return count, kinds


@pytest.mark.parametrize(("players", "preset"), CONFIGS, ids=IDS)
def test_coins_cards_and_shootouts(players: int, preset: str | None) -> None:
    game, _ = new(players, preset)
    composition = {KIND_NAMES[k]: n for k, n in enumerate(game.composition) if n}
    size = game.config.hand_size  # 6 but where the preset deals smaller hands
    cards = list(range(size * players))
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_initial_state()
        value = sum(state.value(s) for s in range(players)) + state.pot_value
        assert value == game.config.start_coins * players  # 13 each in the full game
        assert value == (0 if game.quick else 13 * players) or preset == "small"
        tokens: dict[int, set[tuple[int, str]]] = {}
        steps = 0
        while not state.is_terminal():
            step(state, rng)
            steps += 1
            assert steps < 2000
            assert sum(state.value(s) for s in range(players)) + state.pot_value == value
            assert min(*state._gold, *state._silver, state._pot_gold, state._pot_silver) >= 0
            assert every_card(state) == cards
            if steps % 3 == 0:
                count, kinds = seen_cards(state)
                assert count == size * players
                assert all(kinds[kind] <= composition[kind] for kind in kinds)
            view = state.view(None)
            token = view["token"]
            tokens.setdefault(view["shootout"], set()).add((token["holder"], token["direction"]))
            if view["phase"] == "pass":  # the shootout goes on: two alive with cards in hand
                living = [s for s in range(players) if state._alive[s]]
                assert len(living) >= 2
                assert all(state._hands[s] for s in living)
        assert all(len(seen) <= size - 1 for seen in tokens.values())  # five rounds, from 6
        view = state.view(None)
        assert len(view["results"]) == view["shootout"] == game.shootouts
        count, kinds = seen_cards(state)
        assert count == size * players and dict(kinds) == composition  # the end shows all


@pytest.mark.parametrize(("players", "preset"), CONFIGS[::3], ids=IDS[::3])
def test_records_replay_exactly(players: int, preset: str | None) -> None:
    game, _ = new(players, preset)
    seed = players * 7
    match = Match(game, seed, seats=[f"random-{s}" for s in range(players)])
    rng = random.Random(seed)
    views = {match.state.state_id: json.dumps(match.state.view(None))}
    while not match.state.is_terminal():
        seat = match.state.current_player()
        match.play(rng.choice(match.state.legal_actions()), seat)
        views[match.state.state_id] = json.dumps(match.state.view(None))
    record = match.record()
    assert record.outcome == match.state.outcome()
    again = GameRecord.loads(record.dumps())
    assert again == record
    state = check_record(again, game)
    assert state.history == match.state.history
    for seat in (None, *range(players)):
        assert state.view(seat) == match.state.view(seat)
    for upto in rng.sample(sorted(views), 5):
        assert json.dumps(replay(again, game, upto=upto).view(None)) == views[upto]


@pytest.mark.parametrize(("players", "preset"), CONFIGS[1::3], ids=IDS[1::3])
def test_a_clone_is_independent(players: int, preset: str | None) -> None:
    _, state = new(players, preset)
    rng = random.Random(players)
    for _ in range(rng.randrange(40, 120)):
        if state.is_terminal():
            break
        step(state, rng)
    before = json.dumps(state.view(None)), list(state.history)
    copy = state.clone()
    while not copy.is_terminal():
        step(copy, rng)
    assert (json.dumps(state.view(None)), list(state.history)) == before
    after = json.dumps(copy.view(None))
    while not state.is_terminal():
        step(state, rng)
    assert json.dumps(copy.view(None)) == after
