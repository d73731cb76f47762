"""Hidden information: what a seat's view shows, and what it must not.

"REMINDER: Never look at your own hand of cards!" and "During Turn-Parts 1 & 2, all other
players at the table, except the current player, should know what was picked" (rulebook).
boom-hands: a seat sees every other living hand and every table card but its own two (backs with
the claims), except what Heather is told and the card Jill looked at; eliminated players' cards
are face down; cards drawn at random from a hand are not shown to its owner.

Along seeded random playouts of every preset and player count:

* a state rebuilt from a seat's view (``game.state_from_view``, several RNG seeds) shows that seat
  exactly the same view (``json.dumps`` with sorted keys, without ``game.history_view_keys``) and
  offers it the same moves;
* two states that differ only in where the kinds lie among the cards a seat cannot see (its own
  hand and unknown table cards, the face-down cards of the eliminated) show that seat the same
  view, byte for byte, log and events included;
* the log never shows a seat the place in its own hand of a card picked or drawn from it, and
  no seat which card went face down (a random pass, Carla's card);
* a showdown choice, and a pass, show nowhere but in its maker's view until every choice is in.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from clickbox.core import CHANCE, View, log_words, sample_chance
from clickbox.games import CATALOG
from clickbox.games.boom import BoomGame, BoomState
from clickbox.games.boom import actions as A
from clickbox.games.boom.board import HEATHER
from clickbox.games.boom.rules import CHOOSE, OVER, PASS, PICK_LEFT, PICK_RIGHT, TIE

CONFIGS = [
    (players, preset)
    for players in range(2, 7)
    for preset in (None, *CATALOG.get("click-click-boom").presets)
]
IDS = [f"{players}p-{preset or 'default'}" for players, preset in CONFIGS]
HISTORY = BoomGame.history_view_keys
EVERYONE = -2  # a card drawn face down: hidden from every seat


def new_game(players: int, preset: str | None) -> BoomGame:
    game = CATALOG.get("boom").from_options(players, preset=preset)
    assert isinstance(game, BoomGame)
    return game


def step(state: BoomState, rng: random.Random) -> int:
    if state.current_player() == CHANCE:
        action = sample_chance(state, rng)
    else:
        action = rng.choice(state.legal_actions())
    state.apply(action)
    return action


def canonical(view: View) -> str:
    """The view without the keys drawn from the history, as canonical JSON."""
    return json.dumps({k: v for k, v in view.items() if k not in HISTORY}, sort_keys=True)


def own_cards(state: BoomState, seat: int) -> list[str]:
    """The truth about what ``seat`` cannot see of itself: its hand and table kinds."""
    kinds = state.config.kinds
    cards = [*state._hands[seat], state._left[seat], state._right[seat]]
    return [str(kinds[c]) if c >= 0 else "-" for c in cards]


@pytest.mark.parametrize(("players", "preset"), CONFIGS, ids=IDS)
def test_a_state_rebuilt_from_a_view_shows_that_seat_the_same(
    players: int, preset: str | None
) -> None:
    game = new_game(players, preset)
    sampled_differently = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if steps % 5 == 0:
                for seat in (None, *range(players)):
                    view = state.view(seat)
                    expected = canonical(view)
                    for sample in range(3):
                        rebuilt = game.state_from_view(view, random.Random(sample))
                        assert canonical(rebuilt.view(seat)) == expected
                        assert rebuilt.current_player() == state.current_player()
                        if seat is not None and seat == state.current_player():
                            assert rebuilt.legal_actions() == state.legal_actions()
                        if seat is not None and own_cards(rebuilt, seat) != own_cards(state, seat):
                            sampled_differently += 1
            step(state, rng)
            steps += 1
    assert sampled_differently > 0  # the rebuilt states do not just copy the truth


def unseen_places(state: BoomState, viewer: int) -> list[tuple[str, int, int]]:
    """The places of the cards ``viewer`` cannot see: ("hand", seat, index), ("table", side,
    seat), ("played", seat, index) for the card Carla put face down."""
    n = state.game.num_players
    peek = state._peek
    places: list[tuple[str, int, int]] = []
    for seat in range(n):
        if seat == viewer or not state._alive[seat]:
            places += [("hand", seat, i) for i, c in enumerate(state._hands[seat]) if c != peek]
        if state._down in state._played[seat]:
            places.append(("played", seat, state._played[seat].index(state._down)))
    if state._alive[viewer]:
        told = state._told if state._holder[HEATHER] == viewer else -1
        for side, cards in enumerate((state._left, state._right)):
            if cards[viewer] >= 0 and cards[viewer] != peek and side != told:
                places.append(("table", side, viewer))
    return places


def permuted(state: BoomState, viewer: int, rng: random.Random) -> BoomState:
    """A copy of ``state`` whose cards unseen by ``viewer`` are shuffled among their places (a
    random card on its way out stays the one at its place in its passer's hand)."""
    other = state.clone()
    places = unseen_places(state, viewer)
    hands = [list(hand) for hand in state._hands]
    piles = [list(pile) for pile in state._played]
    outs = [
        hand.index(out) if out >= 0 else -1 for hand, out in zip(hands, state._out, strict=True)
    ]

    def card_at(kind: str, a: int, b: int) -> int:
        if kind == "hand":
            return hands[a][b]
        if kind == "table":
            return (state._left, state._right)[a][b]
        return piles[a][b]

    cards = [card_at(*place) for place in places]
    rng.shuffle(cards)
    for (kind, a, b), card in zip(places, cards, strict=True):
        if kind == "hand":
            hands[a][b] = card
        elif kind == "table":
            (other._left, other._right)[a][b] = card
        else:
            piles[a][b] = card
            other._down = card
    other._out = [hands[s][i] if i >= 0 else -1 for s, i in enumerate(outs)]
    other._hands = [tuple(sorted(hand)) for hand in hands]
    other._played = piles
    return other


@pytest.mark.parametrize(("players", "preset"), CONFIGS, ids=IDS)
def test_a_seat_cannot_tell_where_its_unseen_cards_lie(players: int, preset: str | None) -> None:
    game = new_game(players, preset)
    changed = 0
    for seed in range(2):
        rng = random.Random(100 + seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            steps += 1
            if steps % 4 == seed and state._phase not in (TIE, OVER):
                for viewer in range(players):
                    other = permuted(state, viewer, rng)
                    a = json.dumps(state.view(viewer), sort_keys=True)
                    assert json.dumps(other.view(viewer), sort_keys=True) == a
                    if own_cards(other, viewer) != own_cards(state, viewer):
                        changed += 1
                        # ... while a seat that sees those cards can tell
                        watcher = (viewer + 1) % players
                        if state._alive[viewer] and state._alive[watcher]:
                            assert other.view(watcher) != state.view(watcher)
            step(state, rng)
    assert changed > 0


def own_entries_hidden(view: View, seat: int) -> None:
    """``seat``'s own entry in its view shows no card of its hand, table or outgoing pass, except
    Heather's answer and the card Jill followed."""
    mine: dict[str, Any] = view["seats"][seat]
    assert mine["hand"] is None
    if mine["outgoing"] is not None:
        assert mine["outgoing"]["card"] is None
    peek = view["peek"]
    told = view["told"]
    for side in ("left", "right"):
        card = mine[side]
        if card is None or card["card"] is None:
            continue
        known_by_heather = told is not None and told["seat"] == seat and told["side"] == side
        known_by_jill = peek is not None and peek["seat"] == seat and peek["where"] == side
        assert known_by_heather or known_by_jill, (side, card)
    if peek is not None and peek["seat"] == seat:
        assert peek["index"] is None  # Jill knows the kind, not where it sits in her hand


@pytest.mark.parametrize(("players", "preset"), CONFIGS[::2], ids=IDS[::2])
def test_the_log_never_shows_a_seat_where_its_own_cards_were(
    players: int, preset: str | None
) -> None:
    game = new_game(players, preset)
    rng = random.Random(players)
    state = game.new_initial_state()
    # per action: the seat whose hand it picked or drew from, EVERYONE for a face-down draw
    secret_from: list[int] = []
    while not state.is_terminal():
        view = state.view(None)
        phase = view["phase"]
        if phase in ("pick-left", "pick-right", "draw-right", "peek-draw"):
            secret_from.append(view["turn"])
        elif phase in ("pass-draw", "carla-draw"):
            secret_from.append(EVERYONE)
        else:
            secret_from.append(-1)
        step(state, rng)
        for seat in range(players):
            seat_view = state.view(seat)
            if state._phase not in (TIE, OVER):
                own_entries_hidden(seat_view, seat)
            entry = seat_view["log"][-1]
            action = state.history[-1]
            if secret_from[-1] == seat:
                if A.is_pick(action):
                    assert re.fullmatch(r"[LR]\?(:[a-z]+)?|R=(:[a-z]+)?", entry["move"]), entry
                else:
                    assert entry["move"] == "?"
            elif secret_from[-1] == EVERYONE:
                assert entry["move"] == "?"
                assert state.view(None)["log"][-1]["move"] == "?"
            elif state._phase not in (CHOOSE, PASS):  # outside an open step others see the move
                assert entry["move"] == state.action_to_string(action)
    final_views = [state.view(seat) for seat in (None, *range(players))]
    assert len(final_views[0]["log"]) == len(state.history)
    for number, seat in enumerate(secret_from):
        if seat >= 0:
            assert not re.search(r"[0-9]", state.view(seat)["log"][number]["move"])
        elif seat == EVERYONE:
            assert all(view["log"][number]["move"] == "?" for view in final_views)


@pytest.mark.parametrize(("players", "preset"), CONFIGS[1::2], ids=IDS[1::2])
def test_a_showdown_choice_shows_only_to_its_maker_until_all_are_in(
    players: int, preset: str | None
) -> None:
    """boom-showdown: the choices are "hidden from everyone else until all are in"."""
    game = new_game(players, preset)
    rng = random.Random(players + 1)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        mover = state.current_player()
        if state.view(None)["phase"] == "choose" and mover >= 0:
            one, other = state.clone(), state.clone()
            one.apply(A.CHOOSE_LEFT)
            other.apply(A.CHOOSE_RIGHT)
            if one.view(None)["phase"] == "choose":  # another seat still to choose
                checked += 1
                for viewer in (None, *range(players)):
                    if viewer != mover:
                        assert one.view(viewer) == other.view(viewer)
                assert one.view(mover) != other.view(mover)
        step(state, rng)
    assert checked > 0


@pytest.mark.parametrize(("players", "preset"), CONFIGS[::3], ids=IDS[::3])
def test_the_words_of_a_seat_s_log_never_say_which_of_its_own_cards_was_picked(
    players: int, preset: str | None
) -> None:
    """ "No player should look at the front of any cards they have in hand": the words of a
    seat's log (``log_words``: the live log, the replay, the terminal) are made from its view,
    so a pick from its own hand says the side and the claim, never the card's place in the
    hand (hands are listed by kind, so the place would name the card)."""
    game = new_game(players, preset)
    rng = random.Random(7 + players)
    state = game.new_initial_state()
    picked_from: list[tuple[int, int]] = []  # (history index, owner) of picks of a seat's card
    while not state.is_terminal():
        if state._phase in (PICK_LEFT, PICK_RIGHT):
            picked_from.append((state.state_id, state._turn))
        step(state, rng)
    assert picked_from
    for index, owner in picked_from:
        action = state.history[index]
        said = log_words(game, state.view(owner))[index]
        assert said.startswith("pick") and not re.search(r"card [0-9]", said), said
        if A.to_string(action)[1] != "=":  # R= names no card anyway
            assert said != game.describe_action(action)
        watcher = (owner + 1) % players
        assert log_words(game, state.view(watcher))[index] == game.describe_action(action)


@pytest.mark.parametrize(("players", "preset"), CONFIGS[::2], ids=IDS[::2])
def test_a_pass_shows_only_to_its_maker_until_all_have_passed(
    players: int, preset: str | None
) -> None:
    """Rulebook: "All players left alive will then pass a card face-down to the next player"
    (boom-passing: at the same time; who has passed is shown, never what, until all have)."""
    game = new_game(players, preset)
    rng = random.Random(players + 7)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        mover = state.current_player()
        if state._phase == PASS and A.PASS_RANDOM in state.legal_actions():
            one, other = state.clone(), state.clone()
            one.apply(A.PASS_UNREVEALED)
            other.apply(A.PASS_RANDOM)
            if one._phase == PASS:  # another seat still to pass
                checked += 1
                for viewer in (None, *range(players)):
                    if viewer != mover:
                        assert one.view(viewer) == other.view(viewer)
                        assert one.view(viewer)["seats"][mover]["pass"] == "?"
                assert one.view(mover) != other.view(mover)
                assert one.view(mover)["seats"][mover]["pass"] == "unrevealed"
        step(state, rng)
    assert checked > 0


def test_a_finished_game_s_full_view_shows_every_face_down_card_and_move() -> None:
    """A finished game's record is public: its replay (``full_view``) shows what lay face down
    at every step (a random pass on its way, the face-down card in Carla's pile) and every move
    of the log, which no view shows while the game is on."""
    game = new_game(4, None)
    shown = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            spectator, everything = state.view(None), game.full_view(state)
            assert all(entry["move"] != "?" for entry in everything["log"])
            for watched, full in zip(spectator["seats"], everything["seats"], strict=True):
                assert None not in full["played"]
                assert full["outgoing"] is None or full["outgoing"]["card"] is not None
                if None in watched["played"] or (watched["outgoing"] or {}).get("card", 1) is None:
                    shown += 1
            step(state, rng)
        if shown > 5:
            break
    assert shown > 5
