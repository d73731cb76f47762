"""Click Click Boom's numbers as options (``group="number"``): each defaults to the rulebook's,
changes play the way it says, is refused out of range, and travels in the spec of a record that
bots play and that replays to the same outcome.

The rulebook's lines are quoted from ``001_008209b30c9d540c.txt`` (Click Click Boom).
"""

from __future__ import annotations

import pytest

from clickbox.bots.registry import make_bot
from clickbox.core import OptionError, ScoreCard, SheetError, check_record, narrate
from clickbox.games import load
from clickbox.games.boom import BoomGame, BoomParams, BoomState
from clickbox.rl.boom import BoomEncoder
from clickbox.sim import play_match
from tests.checks import legal

from .helpers import (
    choose,
    coins,
    events,
    new_game,
    new_state,
    play_round,
    run,
    seat_view,
    total,
    turns,
    with_characters,
)

# Every number of the rules that is an option, with the rulebook's value and its line.
RULEBOOK: dict[str, tuple[int, str]] = {
    "shootouts": (3, "After 3 Shootouts have been played, all coins are counted."),
    "pay_cards": (3, "3 Click: Pay 1 Coin To Pot Cards"),
    "steal_cards": (2, "2 Click: 2 Coins Stolen Cards"),
    "boom_cards": (1, "1 BOOM Card"),
    "start_gold": (1, "1 Gold Coin, 8 Silver Coins"),
    "start_silver": (8, "1 Gold Coin, 8 Silver Coins"),
    # 0: start_gold and start_silver, worth 13 ("1 Gold coin is worth 5 Silver")
    "start_coins": (0, "1 Gold Coin, 8 Silver Coins"),
    "ante": (1, "Each player antes 1 coin to the center of the table"),
    "pay_amount": (1, "Place 1 of your silver coins into the pot"),
    "steal_amount": (2, "give 2 of your silver coins to the player on your left"),
    "winner_dues": (2, "Any player who won the Shootout puts 2 silver into the winning pot."),
    "other_dues": (1, "All other players put 1 coin (if possible) into the winning pot."),
    "rory_loot": (
        1,
        "steal coins from the pot equal to the number of cards you have in your Played Card Pile",
    ),
}
CHANGED = {
    "shootouts": 2,
    "start_coins": 9,
    "ante": 2,
    "pay_amount": 2,
    "steal_amount": 3,
    "winner_dues": 0,
    "other_dues": 3,
    "rory_loot": 2,
}


def boom(spec: str) -> BoomGame:
    """The game of ``spec`` (a catalog spec string, as records carry it)."""
    game = load(spec)
    assert isinstance(game, BoomGame)
    return game


# -- (a) the defaults are the rulebook's ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(RULEBOOK))
def test_each_number_defaults_to_the_rulebook(name: str) -> None:
    value, line = RULEBOOK[name]
    spec = {s.name: s for s in BoomParams.option_specs()}[name]
    assert spec.group == "number" and spec.label and spec.help
    assert spec.default == value == getattr(BoomParams(), name), f"the rulebook: {line!r}"


def test_the_rulebook_game_starts_with_its_numbers() -> None:
    """Rulebook, Starting Setup: "Give each player [...] 1 Gold Coin, 8 Silver Coins" (13: "1
    Gold coin is worth 5 Silver"); Start of Shootout: "Each player antes 1 coin"."""
    state = new_state(4)  # no characters to deal: the shootout has started
    assert state.config.start_coins == 13
    view = state.view(None)
    assert [s["coins"] for s in view["seats"]] == [{"gold": 1, "silver": 7, "value": 12}] * 4
    assert view["pot"] == {"gold": 0, "silver": 4, "value": 4}


def test_the_default_spec_is_unchanged() -> None:
    assert load("boom", players=4).spec() == "click-click-boom(players=4)"
    assert load("boom", players=3, preset="small").spec() == (
        "click-click-boom(players=3,characters=none,shootouts=1,pay_cards=1,steal_cards=1,"
        "start_gold=0,start_silver=2,claims=false)"
    )
    # the rulebook's numbers given explicitly are not written out
    explicit = ",".join(f"{name}={value}" for name, (value, _) in RULEBOOK.items())
    assert load(f"click-click-boom(players=4,{explicit})").spec() == "click-click-boom(players=4)"


# -- (b) a changed number changes play -----------------------------------------------------------


@pytest.mark.parametrize("start", [6, 13, 20])
def test_start_coins_is_the_value_each_player_starts_with(start: int) -> None:
    """``start_coins=N``: N silver worth, as many gold coins as fit and the rest in silver; the
    first view shows it, less the ante."""
    game = boom(f"click-click-boom(players=3,characters=none,start_coins={start})")
    assert game.spec() == f"click-click-boom(players=3,characters=none,start_coins={start})"
    assert (game.config.start_gold, game.config.start_silver) == divmod(start, 5)
    view = game.new_initial_state().view(None)
    assert [s["coins"]["value"] for s in view["seats"]] == [start - 1] * 3
    assert view["pot"]["value"] == 3


def test_the_old_gold_and_silver_options_still_work() -> None:
    game = boom("click-click-boom(players=3,start_gold=0,start_silver=4)")
    assert game.config.start_coins == 4
    assert game.spec() == "click-click-boom(players=3,start_gold=0,start_silver=4)"


def test_the_ante() -> None:
    state = new_state(3, ante=3)
    assert coins(state) == [10, 10, 10] and state.pot_value == 9
    assert events(state, "ante") == [(s, "ante", 3, None) for s in range(3)]
    turns(state, "pay/pay")  # the log starts with the first move
    assert "Every player antes 3 silver into the pot" in "\n".join(
        line.text for line in narrate(state.game, state.view(None))
    )


def test_no_ante() -> None:
    state = new_state(3, ante=0)
    assert coins(state) == [13, 13, 13] and state.pot_value == 0


def test_the_pay_and_steal_amounts() -> None:
    """A revealed Pay card puts ``pay_amount`` into the pot; a Steal gives ``steal_amount`` to
    the neighbour on that side (seat + 1 sits on the left)."""
    state = new_state(3, pay_amount=4, steal_amount=5)
    turns(state, "pay/pay steal/pay pay/pay")
    choose(state, "l l l")
    assert events(state, "pay", "steal") == [
        (0, "pay", 4, None),
        (1, "steal", 5, 2),
        (2, "pay", 4, None),
    ]
    assert coins(state) == [12 - 4, 12 - 5, 12 - 4 + 5]
    assert state.pot_value == 3 + 8
    lines = [line.text for line in narrate(state.game, state.view(None))]
    assert any("pays 4 silver into the pot" in line for line in lines)
    assert any("takes 5 silver from" in line for line in lines)


def test_a_player_pays_what_it_has_of_a_larger_amount() -> None:
    state = new_state(3, start_coins=6, steal_amount=20)
    turns(state, "steal/pay pay/pay pay/pay")
    choose(state, "l l l")
    assert events(state, "steal") == [(0, "steal", 5, 1)]  # all it had after the ante
    assert total(state) == 3 * 6


def test_the_dues() -> None:
    """After a shootout but the last, each survivor pays ``winner_dues``, the others
    ``other_dues``."""
    state = new_state(3, winner_dues=4, other_dues=0, shootouts=2)
    play_round(state, {0: "boom/pay l"})  # seat 0 blows up
    while state.view(None)["shootout"] == 1:
        play_round(state)
    dues = events(state, "dues")
    assert sorted(dues) == [(0, "dues", 0, None), (1, "dues", 4, None), (2, "dues", 4, None)]
    lines = [line.text for line in narrate(state.game, state.view(None))]
    assert "Dues: each survivor puts 4 silver into the pot, the others 0." in lines


def test_rory_takes_rory_loot_silver_for_each_card_in_his_pile() -> None:
    state = with_characters("rory", "carla", "heather", rory_loot=3)
    play_round(state)  # Rory skips the first time
    turns(state, "pay/pay pay/pay pay/pay")
    run(state, "skip")
    choose(state, "l l l")
    assert state.view(None)["phase"] == "rory-loot"
    pot, mine = state.pot_value, coins(state)[0]
    assert pot >= 6
    run(state, "loot")
    assert events(state, "rory") == [(0, "rory", 6, None)]  # two cards, 3 silver each
    assert state.pot_value == pot - 6 and coins(state)[0] == mine + 6


def test_fewer_shootouts_end_the_game_sooner() -> None:
    state = new_state(3, shootouts=1)
    while state.view(None)["phase"] not in ("tie", "over"):
        play_round(state)
    assert state.view(None)["shootout"] == 1 and len(state.view(None)["results"]) == 1


def test_the_coin_count_holds_the_changed_start_coins() -> None:
    game = new_game(3, start_coins=20)
    card = game.score_sheet("shootout 1: 30 20 10\nshootout 2: 25 25 10\nshootout 3: 30 20 9")
    assert isinstance(card, ScoreCard) and card.total == 30
    with pytest.raises(SheetError, match="the table holds 60 "):
        game.score_sheet("shootout 1: 30 30 1")
    assert game.pad_facts()["start_coins"] == 20


def test_the_observation_stays_in_range_with_changed_numbers() -> None:
    import random

    from clickbox.core import CHANCE
    from clickbox.core.chance import sample_chance

    game = load("boom", players=3, options={"start_coins": 20, "steal_amount": 7, "ante": 4})
    encoder = BoomEncoder(game)
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        vector = encoder.encode(state.view(state.current_player(), history=False))
        assert all(0.0 <= x <= 1.0 for x in vector)
        state.apply(rng.choice(state.legal_actions()))


# -- (c) out of range or inconsistent numbers are refused ----------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"start_coins": 201}, "option 'start_coins' must be an integer 0..200 (got 201)"),
        ({"start_coins": -1}, "option 'start_coins' must be an integer 0..200 (got -1)"),
        ({"ante": 21}, "option 'ante' must be an integer 0..20 (got 21)"),
        ({"ante": -1}, "option 'ante' must be an integer 0..20 (got -1)"),
        ({"pay_amount": 21}, "option 'pay_amount' must be an integer 0..20 (got 21)"),
        ({"steal_amount": -2}, "option 'steal_amount' must be an integer 0..20 (got -2)"),
        ({"winner_dues": 99}, "option 'winner_dues' must be an integer 0..20 (got 99)"),
        ({"other_dues": "x"}, "option 'other_dues' must be an integer 0..20 (got 'x')"),
        ({"rory_loot": 21}, "option 'rory_loot' must be an integer 0..20 (got 21)"),
        ({"shootouts": 0}, "option 'shootouts' must be an integer 1..9 (got 0)"),
        ({"start_gold": 21}, "option 'start_gold' must be an integer 0..20 (got 21)"),
        (
            {"start_coins": 10, "start_gold": 2},
            "option 'start_coins' gives the starting coins in silver; give it or start_gold and "
            "start_silver, not both (got start_coins=10, start_gold=2, start_silver=8)",
        ),
        (
            {"start_coins": 10, "start_silver": 0},
            "option 'start_coins' gives the starting coins in silver; give it or start_gold and "
            "start_silver, not both (got start_coins=10, start_gold=1, start_silver=0)",
        ),
    ],
)
def test_a_number_out_of_range_is_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError) as caught:
        load("boom", players=3, options=options)
    assert str(caught.value) == message


def test_the_options_are_named_when_unknown() -> None:
    with pytest.raises(OptionError) as caught:
        load("boom", players=3, options={"coins": 5})
    for name in ("start_coins", "ante", "pay_amount", "steal_amount", "winner_dues", "rory_loot"):
        assert name in str(caught.value)


# -- (d) bots play legal games under changed numbers, and the records replay ---------------------

NUMBERS = "shootouts=1,start_coins=7,ante=2,pay_amount=3,steal_amount=4,winner_dues=0,other_dues=3"
SPECS = [
    f"click-click-boom(players=3,{NUMBERS},rory_loot=2)",
    "click-click-boom(players=4,start_coins=20,ante=0,steal_amount=1,winner_dues=5,other_dues=0)",
    "click-click-boom(players=2,start_coins=6,pay_amount=2,shootouts=2,advanced=true)",
]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("bot", ["random", "rulebased", "medium"])
@pytest.mark.parametrize("seed", [1, 2])
def test_bots_finish_legal_games_that_replay(spec: str, bot: str, seed: int) -> None:
    game = boom(spec)
    players = game.num_players
    record = play_match(game, [make_bot(bot) for _ in range(players)], seed)
    assert record.game == game.spec()
    inner = spec[spec.index("(") + 1 : -1].split(",")
    assert set(inner) <= set(record.game[record.game.index("(") + 1 : -1].split(","))
    again = boom(record.game)
    assert again.config.start_coins == game.config.start_coins
    state = check_record(record, again)  # every action legal, to the recorded outcome
    assert isinstance(state, BoomState) and state.is_terminal()
    assert record.outcome is not None and state.outcome() == record.outcome
    assert sum(record.outcome.scores) + state.pot_value == players * game.config.start_coins


def test_the_hard_bot_finishes_a_short_game_with_changed_numbers() -> None:
    game = load(SPECS[0])
    record = play_match(game, [make_bot("hard") for _ in range(3)], 5)
    state = check_record(record, load(record.game))
    assert state.is_terminal() and record.outcome == state.outcome()
    assert "ante=2" in record.game and "rory_loot=2" in record.game


def test_a_legal_move_list_is_what_the_rules_allow_whatever_the_numbers() -> None:
    state = new_state(3, ante=5, pay_amount=7)
    assert legal(state) == legal(new_state(3))  # the numbers change coins, not the moves
    assert seat_view(state, 0)["coins"]["value"] == 8


def test_the_designer_sweeps_start_coins(capsys: pytest.CaptureFixture[str]) -> None:
    """``clickbox analyze click-click-boom --sweep start_coins=6..20``: once refused as an
    unknown option, now a number the games are played with (worker processes get it in the
    spec)."""
    import json

    from clickbox.cli.main import main

    argv = ["analyze", "click-click-boom", "--players", "3", "--bots", "random", "--games", "2"]
    argv += ["--sweep", "start_coins=6..20:14", "--workers", "2", "--json"]
    assert main(argv) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["analysis"]["game"] for row in rows] == [
        "click-click-boom(players=3,start_coins=6)",
        "click-click-boom(players=3,start_coins=20)",
    ]
    for row, start in zip(rows, (6, 20), strict=True):
        for score in row["analysis"]["scores"]:
            assert score["high"] <= 3 * start  # no seat ends with more than the table holds
