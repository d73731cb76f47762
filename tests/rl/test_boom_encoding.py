"""The Click Click Boom observation encoder: sizes, ranges, hand-checked lines, hidden cards."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from clickbox.core import CHANCE, GameBase, StateBase, View
from clickbox.core.chance import sample_chance
from clickbox.games import CATALOG
from clickbox.games.boom.board import GOLD_VALUE, HAND_SIZE, START_GOLD, START_SILVER
from clickbox.rl.boom import BoomEncoder

NAME = "click-click-boom"
SPEC = CATALOG.get(NAME)
CONFIGS = [
    (players, preset)
    for players in range(SPEC.min_players, SPEC.max_players + 1)
    for preset in (None, *SPEC.presets)
]


def make(players: int, preset: str | None = None) -> GameBase:
    return CATALOG.get(NAME).from_options(players, preset=preset)


def field(encoder: BoomEncoder, vector: list[float], name: str) -> list[float]:
    """The slice of ``vector`` that the field ``name`` covers."""
    return encoder.values(vector, name)


def encode(encoder: BoomEncoder, state: StateBase, seat: int | None) -> list[float]:
    return encoder.encode(state.view(seat, history=False))


def playout(game: GameBase, rng: random.Random) -> Iterator[StateBase]:
    """Every decision state of a random game (chance drawn with ``rng``), then the end."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        yield state
        state.apply(rng.choice(state.legal_actions()))
    yield state


def play(game: GameBase, moves: list[str]) -> StateBase:
    state = game.new_initial_state()
    for move in moves:
        state.apply(game.parse_action(move))
    return state


@pytest.mark.parametrize(("players", "preset"), CONFIGS, ids=[f"{p}p-{s}" for p, s in CONFIGS])
def test_random_playouts_fit_the_layout(players: int, preset: str | None) -> None:
    game = make(players, preset)
    encoder = BoomEncoder(game)
    names = [f.name for f in encoder.fields]
    assert len(names) == len(set(names))
    assert sum(f.size for f in encoder.fields) == encoder.size
    assert all(f.size > 0 and f.text for f in encoder.fields)
    rng = random.Random(players * 10 + len(preset or ""))
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            for seat in (*range(players), None):
                vector = encode(encoder, state, seat)
                assert len(vector) == encoder.size
                assert all(isinstance(x, float) and 0.0 <= x <= 1.0 for x in vector)
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                outcomes = state.legal_actions()
                assert max(outcomes) < encoder.chance_count()
                state.apply(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            assert max(legal) < encoder.action_count()
            state.apply(rng.choice(legal))


def test_action_and_chance_counts() -> None:
    # 2 players: the stand-off has no right pick; a left pick of card 5 claiming boom is 154
    assert BoomEncoder(make(2)).action_count() == 155
    # 3+ players: a right pick of card 4 (of five left) claiming boom; R= (Advanced) is 264
    assert BoomEncoder(make(4)).action_count() == 245
    assert BoomEncoder(make(4, "advanced")).action_count() == 265
    assert BoomEncoder(make(5)).chance_count() == 1205  # tie:4
    assert BoomEncoder(make(5, "quick")).chance_count() == 1005  # draw:4


def test_sizes_depend_on_the_options_only() -> None:
    full, quick, plain = (BoomEncoder(make(4, p)) for p in (None, "quick", "no-characters"))
    assert "me.coins" in [f.name for f in full.fields]
    assert "pot" not in [f.name for f in quick.fields]
    assert "me.character" not in [f.name for f in plain.fields]
    assert len(field(full, [0.0] * full.size, "others.hand")) == 3 * 4  # visible + 3 kinds
    assert len(field(quick, [0.0] * quick.size, "others.hand")) == 3 * 3  # visible + 2 kinds


def test_a_pick_shows_to_the_others_and_hides_from_its_owner() -> None:
    game = make(4, "no-characters")
    encoder = BoomEncoder(game)
    total = 4 * (GOLD_VALUE * START_GOLD + START_SILVER)
    state = game.new_initial_state()
    start = encode(encoder, state, 0)
    assert field(encoder, start, "phase")[4] == 1.0  # pick-left
    assert field(encoder, start, "turn") == pytest.approx([1.0, 0.0, 0.0, 0.0])  # my turn
    assert field(encoder, start, "to_move") == pytest.approx(
        [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]
    )  # my left
    assert field(encoder, start, "me.hand") == [0.0] * 4  # never my own hand
    assert field(encoder, start, "me.hand_count") == pytest.approx([1.0])
    # seat 1 sees my hand: 3 pay, 2 steal, 1 boom
    seen = encode(encoder, state, 1)
    assert field(encoder, seen, "others.hand")[8:12] == pytest.approx([1.0, 3 / 6, 2 / 6, 1 / 6])
    assert field(encoder, start, "pot") == pytest.approx([4 / total])  # everyone's ante
    assert field(encoder, start, "me.coins")[0] == pytest.approx(12 / total)

    state.apply(game.parse_action("L5:boom"))  # seat 1 gives me my BOOM, saying so
    mine = encode(encoder, state, 0)
    # left: on table, face shown, pay/steal/boom face, pay/steal/boom claim
    assert field(encoder, mine, "me.left") == pytest.approx([1.0, 0.0, 0, 0, 0, 0, 0, 1.0])
    assert field(encoder, mine, "me.hand_count") == pytest.approx([5 / HAND_SIZE])
    assert field(encoder, mine, "phase")[5] == 1.0  # pick-right
    assert field(encoder, mine, "to_move") == pytest.approx(
        [0.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    )  # my right
    theirs = encode(encoder, state, 1)  # I am seat 1's third other seat
    assert field(encoder, theirs, "others.left")[16:24] == pytest.approx(
        [1.0, 1.0, 0, 0, 1.0, 0, 0, 1.0]
    )
    assert field(encoder, theirs, "others.hand")[8:12] == pytest.approx([1.0, 3 / 6, 2 / 6, 0.0])
    assert field(encoder, theirs, "turn") == pytest.approx([0.0, 0.0, 0.0, 1.0])
    assert field(encoder, theirs, "to_move")[:4] == pytest.approx([0.0, 0.0, 1.0, 0.0])  # seat 3

    state.apply(game.parse_action("R0:pay"))  # seat 3 picks a pay, saying pay
    after = encode(encoder, state, 3)  # seat 3 sees seat 0 (its first other seat)
    assert field(encoder, after, "others.right")[:8] == pytest.approx(
        [1.0, 1.0, 1.0, 0, 0, 1.0, 0, 0]
    )
    assert field(encoder, after, "turn") == pytest.approx([0.0, 0.0, 1.0, 0.0])  # seat 1's turn now
    assert field(encoder, after, "to_move")[:4] == pytest.approx(
        [0.0, 0.0, 0.0, 1.0]
    )  # seat 2 picks
    assert field(encoder, encode(encoder, state, 1), "turn") == pytest.approx([1.0, 0.0, 0.0, 0.0])
    order = field(encoder, after, "me.order")  # seat 3 plays fourth this round
    assert order == pytest.approx([0.0, 0.0, 0.0, 1.0])


def test_advanced_same_card_and_quick_play_kinds() -> None:
    game = CATALOG.get(NAME).from_options(3, {"advanced": True, "characters": "none"})
    encoder = BoomEncoder(game)
    state = play(game, ["L0:pay", "R=:steal"])  # then the right card is drawn at random
    vector = encode(encoder, state, 1)  # seat 0 is seat 1's second other seat
    same = field(encoder, vector, "others.same")[5:10]
    assert same == pytest.approx([1.0, 1.0, 0.0, 1.0, 0.0])  # R=, drawn, claim steal
    assert field(encoder, vector, "to_move")[3] == 1.0  # chance draws the right card

    quick = make(3, "quick")
    qe = BoomEncoder(quick)
    state = play(quick, ["L5:click"])
    vector = encode(qe, state, 2)  # seat 0 is seat 2's first other seat
    # on table, face shown, click/boom face, click/boom claim
    assert field(qe, vector, "others.left")[:6] == pytest.approx([1.0, 1.0, 0.0, 1.0, 1.0, 0.0])


def test_spectator_reads_as_seat_zero() -> None:
    game = make(4)
    encoder = BoomEncoder(game)
    rng = random.Random(7)
    for state in playout(game, rng):
        spectator = encode(encoder, state, None)
        view = state.view(None, history=False)
        token = field(encoder, spectator, "token")[:4]
        assert token.index(1.0) == view["token"]["holder"]
        assert field(encoder, spectator, "me.hand")[0] == float(
            view["seats"][0]["hand"] is not None
        )


def _kinds(view: View, seat: int) -> Counter[str] | None:
    hand = view["seats"][seat]["hand"]
    return None if hand is None else Counter(hand)


@pytest.mark.parametrize(
    ("players", "preset"), [(2, None), (3, "advanced"), (4, None), (5, "quick"), (6, None)]
)
def test_hidden_cards_never_change_a_seats_encoding(players: int, preset: str | None) -> None:
    game = make(players, preset)
    encoder = BoomEncoder(game)
    rng = random.Random(players)
    differing = 0
    for g in range(2):
        for step, state in enumerate(playout(game, rng)):
            if step % 3:
                continue
            truth = [state.view(s, history=False) for s in range(players)]
            truth_codes = [encoder.encode(v) for v in truth]
            for seat in range(players):
                for k in range(2):
                    rebuilt = game.state_from_view(truth[seat], random.Random(1000 * g + k))
                    again = encoder.encode(rebuilt.view(seat, history=False))
                    assert again == truth_codes[seat], (seat, state.history)
                    # another seat sees the resampled cards: where its view differs, so does
                    # its encoding
                    for other in range(players):
                        if other == seat:
                            continue
                        view = rebuilt.view(other, history=False)
                        if _kinds(view, seat) != _kinds(truth[other], seat):
                            differing += 1
                            assert encoder.encode(view) != truth_codes[other]
    assert differing > 0  # the test saw hidden cards that others do see


def test_a_hidden_card_alone_does_not_move_the_owner() -> None:
    # 3 players, no characters: seat 0's own hand differs between the two worlds, seat 1 and 2
    # see it, seat 0 does not
    game = make(3, "no-characters")
    encoder = BoomEncoder(game)
    one = play(game, ["L0:boom"])  # seat 0's left card is a pay
    two = play(game, ["L5:boom"])  # ... or its BOOM, with the same claim
    assert encode(encoder, one, 0) == encode(encoder, two, 0)
    assert encode(encoder, one, 1) != encode(encoder, two, 1)
    assert encode(encoder, one, 2) != encode(encoder, two, 2)
