"""Shared helpers of the Click Click Boom tests: scripted picks and chance, prepared positions,
refusals.

Every move goes through the checked entry point ``clickbox.core.play``. Picks and chance draws
name a card by its index in the hand as the other players see it (by kind: pay, steal, click,
boom); the helpers here find that index from a kind, so a script reads like the table:
``turns(state, "pay/steal boom/pay")`` is two turns, each left neighbour's pick then the right
neighbour's (or, in the stand-off, the card drawn at random from the player's own hand).
"""

from __future__ import annotations

from typing import Any

from clickbox.core import CHANCE, TERMINAL, play
from clickbox.games import load
from clickbox.games.boom import BoomGame, BoomState
from clickbox.games.boom.board import KIND_NAMES


def new_game(players: int = 3, **options: object) -> BoomGame:
    game = load("boom", players=players, options=options)
    assert isinstance(game, BoomGame)
    return game


def new_state(players: int = 3, **options: object) -> BoomState:
    """A new game (``characters=none`` unless told otherwise: no deal, the first turn waits)."""
    options.setdefault("characters", "none")
    state = new_game(players, **options).new_initial_state()
    assert isinstance(state, BoomState)
    return state


def with_characters(*keys: str, **options: object) -> BoomState:
    """A game whose seats chose these characters, seat 0 first (option characters=chosen)."""
    state = new_state(len(keys), characters="chosen", **options)
    for key in keys:
        play(state, f"char:{key}")
    return state


def run(state: BoomState, script: str, seat: int | None = None) -> None:
    """Play each whitespace-separated move of ``script`` through ``clickbox.core.play``."""
    for move in script.split():
        play(state, move, seat)


def seat_view(state: BoomState, seat: int, viewer: int | None = None) -> dict[str, Any]:
    """``seat``'s entry in ``viewer``'s view (a spectator's by default)."""
    seats: list[dict[str, Any]] = state.view(viewer)["seats"]
    return seats[seat]


def hand(state: BoomState, seat: int) -> list[str]:
    """The kinds in ``seat``'s hand, in the canonical order (the truth, dead or alive)."""
    kinds = state.config.kinds
    return [KIND_NAMES[kinds[card]] for card in state._hands[seat]]


def table(state: BoomState, seat: int) -> tuple[str | None, str | None]:
    """The kinds of ``seat``'s left and right table cards (the truth)."""
    kinds = state.config.kinds

    def kind(card: int) -> str | None:
        return None if card < 0 else KIND_NAMES[kinds[card]]

    return kind(state._left[seat]), kind(state._right[seat])


def coins(state: BoomState) -> list[int]:
    """Every seat's coins, in silver."""
    return [state.value(seat) for seat in range(state.game.num_players)]


def total(state: BoomState) -> int:
    """The value of every coin at the table: the players' and the pot."""
    return sum(coins(state)) + state.pot_value


def set_coins(state: BoomState, seat: int, gold: int, silver: int) -> None:
    """Give ``seat`` exactly these coins (the test's starting position)."""
    state._gold[seat] = gold
    state._silver[seat] = silver


def set_pot(state: BoomState, gold: int, silver: int) -> None:
    state._pot_gold = gold
    state._pot_silver = silver


def events(
    state: BoomState, *names: str, since: int = 0
) -> list[tuple[int | None, str, int, int | None]]:
    """The view's events from action ``since`` on: (seat, event, amount, to), optionally only
    those named."""
    found = []
    for event in state.view(None)["events"]:
        if event["after"] >= since and (not names or event["event"] in names):
            found.append((event["seat"], event["event"], event["amount"], event["to"]))
    return found


def _index(kinds: list[str], kind: str) -> int:
    assert kind in kinds, f"no {kind} card among {kinds}"
    return kinds.index(kind)


def drawing_from(state: BoomState) -> int:
    """The seat whose hand the pending chance draw is from (as the views say)."""
    view = state.view(None)
    phase = view["phase"]
    if phase in ("draw-right", "peek-draw"):
        seat: int = view["turn"]
        return seat
    if phase == "pass-draw":
        first: int = view["queue"][0]
        return first
    assert phase == "carla-draw", f"no card is being drawn now ({phase})"
    return next(s for s, data in enumerate(view["seats"]) if data["character"] == "carla")


def draw(state: BoomState, kind: str) -> str:
    """Chance draws the first card of ``kind`` from the hand it draws from; the move played."""
    assert state.current_player() == CHANCE
    cards = hand(state, drawing_from(state))
    move = f"draw:{_index(cards, _kind_for(cards, kind))}"
    play(state, move)
    return move


def pick(state: BoomState, kind: str, claim: str = "") -> str:
    """The picker to move takes the first card of ``kind`` (or ``safe``: the first that is not a
    BOOM) from the current player's hand, with ``claim``; the move played (``L5:boom``)."""
    view = state.view(None)
    letter = {"pick-left": "L", "pick-right": "R"}[view["phase"]]
    cards = hand(state, view["turn"])
    move = f"{letter}{_index(cards, _kind_for(cards, kind))}"
    if claim:
        move += f":{claim}"
    play(state, move)
    return move


def turns(state: BoomState, script: str) -> None:
    """Whole turns, one ``left/right`` pair per turn in turn order: the kinds the left and the
    right neighbours pick (in the stand-off, the right kind is the card chance draws). ``=`` picks
    the same card (Advanced, ``R=``), ``=pay`` then draws a pay as the right card; ``left:claim``
    adds a claim. From a two-card hand the card left after the left pick is the right card, and
    the right kind is ignored."""
    for pair in script.split():
        left, right = pair.split("/")
        assert state.view(None)["phase"] == "pick-left", "a turn starts with the left pick"
        seat = state.view(None)["turn"]
        pick(state, *left.split(":"))
        phase = state.view(None)["phase"]
        if phase == "draw-right":
            draw(state, right)
        elif phase == "pick-right" and right.startswith("="):
            play(state, "R=")
            if state.current_player() == CHANCE:
                draw(state, right[1:] or "any")
        elif phase == "pick-right":
            pick(state, *right.split(":"))
        else:  # the left pick left one card, which is the right card
            assert table(state, seat)[1] is not None


def choose(state: BoomState, sides: str) -> None:
    """Each seat still to choose, in turn, reveals ``left`` or ``right`` (``l``/``r`` for short)."""
    for side in sides.split():
        play(state, {"l": "left", "r": "right"}.get(side, side))


def pass_all(state: BoomState, how: str = "unrevealed") -> None:
    """Every living player passes the same way (a random pass draws the first card in hand)."""
    while state.view(None)["phase"] in ("pass", "pass-draw"):
        if state.current_player() == CHANCE:
            play(state, "draw:0")
        else:
            play(state, f"pass:{how}")


def first_moves(state: BoomState, until: str | None = None) -> None:
    """Play the first legal move (chance included) until the phase ``until`` or the end."""
    while state.current_player() != TERMINAL and state.view(None)["phase"] != until:
        play(state, state.legal_actions()[0])


def _kind_for(cards: list[str], wanted: str) -> str:
    """``wanted`` ("safe": the first card that is not a BOOM; "any": the first card) as a kind."""
    if wanted == "safe":
        return next((kind for kind in cards if kind != "boom"), cards[0])
    if wanted == "any":
        return cards[0]
    return wanted


def play_round(state: BoomState, plan: dict[int, str] | None = None) -> None:
    """One round: every living player's turn, the showdown and the passing.

    ``plan[seat]`` is ``"LEFT/RIGHT SIDE PASS"``: the kinds picked for that seat's left and right
    cards (the right one drawn in the stand-off), the side it reveals and how it passes, e.g.
    ``"pay/boom l unrevealed"``. Unplanned seats play safe: ``"safe/boom l unrevealed"`` (left: the
    first card that is not a BOOM; right: a BOOM if the hand has one, else the first card).
    Every ability offered is skipped.
    """
    plan = plan or {}
    start = state.state_id

    def part(seat: int, index: int, default: str) -> str:
        words = plan.get(seat, "").split()
        return words[index] if index < len(words) else default

    while state.view(None)["phase"] in ("turn-ability", "pick-left", "pick-right", "draw-right"):
        if state.view(None)["phase"] == "turn-ability":
            play(state, "skip")
            continue
        seat = state.view(None)["turn"]
        left, right = part(seat, 0, "safe/boom").split("/")
        pick(state, _kind_for(hand(state, seat), left))
        remaining = hand(state, seat)
        wanted = right if right != "boom" or "boom" in remaining else "any"
        if state.view(None)["phase"] == "draw-right":
            draw(state, _kind_for(remaining, wanted))
        elif state.view(None)["phase"] == "pick-right":
            pick(state, _kind_for(remaining, wanted))
    while state.view(None)["phase"] in ("showdown-ability", "choose"):
        if state.view(None)["phase"] == "showdown-ability":
            play(state, "skip")
            continue
        seat = state.current_player()
        play(state, {"l": "left", "r": "right"}[part(seat, 1, "l")[0]])
    while state.view(None)["phase"] in ("carla-save", "rory-loot", "pass", "pass-draw"):
        if state.view(None)["phase"] in ("carla-save", "rory-loot"):
            play(state, "skip")
        elif state.current_player() == CHANCE:
            play(state, "draw:0")
        else:
            play(state, f"pass:{part(state.current_player(), 2, 'unrevealed')}")
    assert state.state_id > start, f"no round to play ({state.view(None)['phase']})"


def lay_out(state: BoomState, seats: list[str]) -> None:
    """Put the cards where a test needs them: per seat ``"PLAYED | LEFT RIGHT | HAND"`` (kinds,
    space-separated; ``-`` for no table card), e.g. ``"pay pay steal | pay boom | "``. Every card
    of the game must be placed exactly once (the composition is checked)."""
    config = state.config
    ids: dict[str, list[int]] = {name: [] for name in KIND_NAMES}
    for card, kind in enumerate(config.kinds):
        ids[KIND_NAMES[kind]].append(card)

    def take(kind: str) -> int:
        if kind == "-":
            return -1
        assert ids[kind], f"more {kind} cards than the game has"
        return ids[kind].pop()

    for seat, text in enumerate(seats):
        played, on_table, in_hand = (part.split() for part in text.split("|"))
        state._played[seat] = [take(kind) for kind in played]
        state._left[seat], state._right[seat] = (take(kind) for kind in on_table)
        state._hands[seat] = tuple(sorted(take(kind) for kind in in_hand))
    assert not any(ids.values()), f"cards not placed: {ids}"
