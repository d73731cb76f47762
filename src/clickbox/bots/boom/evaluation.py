"""A static evaluation of a Click Click Boom position, for the greedy bot and later searches.

The value of a position for a seat, in silver: its coins, plus its share of the pot if it is
alive (the pot is split among the living), minus the danger of the cards it may reveal: the
known BOOM share of its unknown cards, times what losing the pot share costs. It reads only
what the seat's view shows (the counts it can deduce), so it can be used on determinized
states without peeking: hand and table cards it cannot see count by the deduced composition.
"""

from __future__ import annotations

from ...core import Player
from ...games.boom.board import BOOM
from ...games.boom.rules import OVER, TIE, BoomState


def evaluate(state: BoomState, seat: Player) -> float:
    """An estimate of ``seat``'s final coins (Quick Play: its chance to win)."""
    config = state.config
    if state._phase in (OVER, TIE) and state._scores:
        return state._scores[seat]
    alive = state._alive
    living = sum(alive)
    kinds = config.kinds
    # BOOM cards the seat cannot see: the game's BOOMs minus those it can see.
    seen_booms = 0
    hidden = 0
    down = state._down  # Carla's face-down played card: nobody sees it
    for other in range(config.num_players):
        cards = [*state._hands[other], state._left[other], state._right[other]]
        for card in cards:
            if card < 0:
                continue
            if other == seat or not alive[other]:
                hidden += 1
            elif kinds[card] == BOOM:
                seen_booms += 1
        for card in state._played[other]:
            if card == down:
                hidden += 1
            elif kinds[card] == BOOM:
                seen_booms += 1
    danger = 0.0
    if hidden:
        danger = max(0, config.composition[BOOM] - seen_booms) / hidden
    if config.quick:
        return (1.0 - danger) / max(1, living) if alive[seat] else 0.0
    value = float(state.value(seat))
    if alive[seat]:
        share = state.pot_value / max(1, living)
        value += share * (1.0 - danger)
    return value
