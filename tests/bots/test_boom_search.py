"""The boom bot (``bots/boom/search.py``) and the models it reads the others with.

Legal moves from views only in every configuration; the same choice for states a seat cannot
tell apart; the pick model predicts the rule-based policy's picks; the reading of one's own cards
is sharper than counting alone; claims are read to tell the rule-based policy from a random
player; it lies and tells the truth; the weighted worlds show the seat its own view.
"""

from __future__ import annotations

import json
import random

import pytest

from clickbox.bots import make_bot
from clickbox.bots.base import Bot
from clickbox.bots.boom import policy as P
from clickbox.bots.boom.search import BoomSearchBot
from clickbox.bots.games import sample_worlds
from clickbox.core import CHANCE, OptionError, View, sample_chance
from clickbox.games import load
from clickbox.games.boom import BoomGame, BoomState
from clickbox.games.boom import actions as A
from clickbox.games.boom.board import CLAIM_NAMES, LEFT, RIGHT
from clickbox.sim import play_match
from tests.games.boom.test_hidden import permuted

PRESETS = (None, "quick", "advanced", "no-characters")


def _boom(players: int = 4, preset: str | None = None) -> BoomGame:
    return BoomGame.from_options(players, {}, preset=preset)


def _positions(
    game: BoomGame, games: int, seed: int, bots: list[str] | None = None
) -> list[BoomState]:
    """Every decision position of ``games`` games played by ``bots`` (rule-based by default)."""
    specs = bots or ["rulebased"] * game.num_players
    players = [make_bot(spec) for spec in specs]
    rng = random.Random(seed)
    found: list[BoomState] = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            found.append(state.clone())
            state.apply(players[seat].choose(state.view(seat), game, rng))
    return found


# -- the bot -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("preset", PRESETS)
def test_only_legal_actions_in_every_configuration(players: int, preset: str | None) -> None:
    game = _boom(players, preset)
    # play_match raises BotError on the first illegal action.
    others = "random" if players % 2 else "rulebased"
    bots: list[Bot] = [BoomSearchBot() if s % 2 == 0 else make_bot(others) for s in range(players)]
    record = play_match(game, bots, seed=players)
    assert record.outcome is not None


def test_the_same_view_and_rng_give_the_same_choice_and_rank_agrees() -> None:
    game = _boom()
    bot = BoomSearchBot()
    for state in _positions(game, 1, 3)[::3]:
        view = state.view(state.current_player())
        first = bot.choose(view, game, random.Random(5))
        assert bot.choose(view, game, random.Random(5)) == first
        ranked = bot.rank(view, game, random.Random(5))
        assert ranked[0][0] == first
        legal = set(state.legal_actions())
        assert {action for action, _ in ranked} <= legal
        values = [value for _, value in ranked if value == value]  # NaN: not valued
        assert values == sorted(values, reverse=True)


def test_states_a_seat_cannot_tell_apart_get_the_same_choice() -> None:
    game = _boom()
    bot = BoomSearchBot()
    rng = random.Random(11)
    changed = 0
    for state in _positions(game, 1, 4)[::2]:
        seat = state.current_player()
        other = permuted(state, seat, rng)
        view = state.view(seat)
        assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(view, sort_keys=True)
        if other._hands[seat] != state._hands[seat] or other._left[seat] != state._left[seat]:
            changed += 1
        a = bot.choose(view, game, random.Random(2))
        b = bot.choose(other.view(seat), game, random.Random(2))
        assert a == b
    assert changed > 0


def test_parameters_are_checked_and_the_label_makes_the_bot_again() -> None:
    with pytest.raises(OptionError, match="trust"):
        BoomSearchBot(trust="lots")
    with pytest.raises(OptionError, match="read"):
        BoomSearchBot(read="minds")
    with pytest.raises(OptionError, match="claims"):
        BoomSearchBot(claims="loud")
    with pytest.raises(OptionError, match="Click Click Boom only"):
        BoomSearchBot().choose({"legal": []}, load("click-clack"), random.Random(0))
    assert BoomSearchBot().label() == "boom"
    bot = BoomSearchBot(trust="0.8", read="policy", bluff="0", kill="2")
    assert bot.label() == "boom:trust=0.8,read=policy,bluff=0,kill=2"


def test_it_lies_and_tells_the_truth() -> None:
    """Its claims are chosen, not the truth: both happen over a game's picks."""
    game = _boom()
    bot = BoomSearchBot()
    truthful = lies = 0
    for state in _positions(game, 2, 6):
        seat = state.current_player()
        view = state.view(seat)
        if view["phase"] not in ("pick-left", "pick-right") or len(view["legal"]) == 1:
            continue
        action = bot.choose(view, game, random.Random(1))
        index, claim = divmod(action % 100, 10)
        kind = view["seats"][view["turn"]]["hand"][index]
        if claim == 0:
            continue
        if CLAIM_NAMES[claim] == kind:
            truthful += 1
        else:
            lies += 1
    assert lies > 0 and truthful > 0


def test_claims_truth_and_none_are_kept() -> None:
    game = _boom()
    for claims in ("truth", "none"):
        bot = BoomSearchBot(claims=claims)
        for state in _positions(game, 1, 8):
            view = state.view(state.current_player())
            if view["phase"] not in ("pick-left", "pick-right"):
                continue
            action = bot.choose(view, game, random.Random(1))
            index, claim = divmod(action % 100, 10)
            kind = view["seats"][view["turn"]]["hand"][index]
            assert CLAIM_NAMES[claim] == (kind if claims == "truth" else "")


# -- the models ----------------------------------------------------------------------------------


def test_the_pick_model_predicts_the_rule_based_picks_from_any_seat() -> None:
    game = _boom()
    checked = 0
    for state in _positions(game, 2, 9):
        picker = state.current_player()
        view = state.view(picker)
        if view["phase"] not in ("pick-left", "pick-right"):
            continue
        target: int = view["turn"]
        action = P.rule_based_action(view, game, random.Random(0))
        if not A.is_pick(action) or (action - A.PICK_LEFT_BASE) % 100 // 10 == A.SAME_INDEX:
            continue
        kind = P.KIND[view["seats"][target]["hand"][(action % 100) // 10]]
        present = tuple(sorted({P.KIND[k] for k in view["seats"][target]["hand"]}))
        for seat in range(game.num_players):
            if seat == picker:
                continue
            model = P.pick_model(state.view(seat), game, picker, target)
            assert model.kind_odds(present).get(kind, 0.0) > 0
            checked += 1
    assert checked > 100


def _truth_probability(game: BoomGame, states: list[BoomState], trust: float) -> float:
    """The mean probability the reading gives the true kinds of the showdown's two cards."""
    total = 0.0
    count = 0
    for state in states:
        seat = state.current_player()
        view = state.view(seat)
        if view["phase"] != "choose":
            continue
        reading = P.read_own_cards(view, game, trust)
        for side, cards in ((LEFT, state._left), (RIGHT, state._right)):
            dist = reading.side(side)
            assert dist is not None and abs(sum(dist) - 1.0) < 1e-9
            total += dist[game.kinds[cards[seat]]]
            count += 1
    assert count > 20
    return total / count


def test_reading_the_picks_beats_counting_the_cards() -> None:
    game = _boom()
    states = _positions(game, 3, 12)
    read = _truth_probability(game, states, 0.95)
    counted = _truth_probability(game, states, 0.0)
    assert read > 0.8 > counted + 0.2


def test_claims_tell_the_rule_based_policy_from_a_random_player() -> None:
    game = _boom()
    states = _positions(game, 1, 12, ["rulebased", "random", "rulebased", "random"])
    view = states[-1].view(0)
    trust = P.claim_trust(view, game)
    assert trust[2] > 0.9 > 0.1 > trust[1]
    assert trust[3] < 0.1


def test_the_weighted_worlds_show_the_seat_its_own_view() -> None:
    history = set(BoomGame.history_view_keys)

    def canonical(view: View) -> str:
        return json.dumps({k: v for k, v in view.items() if k not in history}, sort_keys=True)

    for players, preset in ((4, None), (3, "advanced"), (2, None), (5, "quick")):
        game = _boom(players, preset)
        for number, state in enumerate(_positions(game, 1, players)[::4]):
            seat = state.current_player()
            view = state.view(seat)
            for world in sample_worlds(view, game, random.Random(number), 2):
                assert canonical(world.view(seat)) == canonical(view)
                assert world.legal_actions() == state.legal_actions()


def test_the_worlds_follow_the_reading() -> None:
    """At a showdown the worlds put the true kinds on both table cards far more often than
    uniform deals do."""
    game = _boom()
    hits = uniform_hits = total = 0
    for number, state in enumerate(_positions(game, 1, 15)):
        seat = state.current_player()
        view = state.view(seat)
        if view["phase"] != "choose":
            continue
        truth = (state._left[seat], state._right[seat])
        for world in sample_worlds(view, game, random.Random(number), 8):
            assert isinstance(world, BoomState)
            hits += all(
                game.kinds[mine] == game.kinds[true]
                for mine, true in zip((world._left[seat], world._right[seat]), truth, strict=True)
            )
            uniform = game.state_from_view(view, random.Random(number + total))
            uniform_hits += all(
                game.kinds[mine] == game.kinds[true]
                for mine, true in zip(
                    (uniform._left[seat], uniform._right[seat]), truth, strict=True
                )
            )
            total += 1
    assert hits / total > 0.55 > uniform_hits / total + 0.2, (hits, uniform_hits, total)
