"""The worlds a Click Click Boom search plays in: the seat's own cards read from the claims.

The rules give the worlds consistent with a view (``BoomGame.state_from_view``, dealing what the
viewer cannot see uniformly); a seat that has heard its neighbours' claims believes some of
them more than others. :func:`sample_worlds` draws them by that belief (the
:attr:`~clickbox.bots.base.GameBots.sample_worlds` of this game, used by ``ismcts``).
"""

from __future__ import annotations

import random

from ...core import StateBase, View
from ...games.boom import BoomGame
from ..base import uniform_worlds
from .policy import claim_trust, read_own_cards, showing_own_cards


def sample_worlds(view: View, game: BoomGame, rng: random.Random, count: int) -> list[StateBase]:
    """``count`` states consistent with ``view``, its own cards read from the claims.

    The seat's own cards are not dealt uniformly: each world of
    :func:`.policy.read_own_cards` (its neighbours' picks and claims read as the rule-based
    policy's, as far as :func:`.policy.claim_trust` finds they claim like it) is drawn by
    its probability; what is still unseen (the eliminated players' cards, hidden choices)
    is then dealt by ``game.state_from_view``. A spectator's view, or one with nothing
    hidden from the seat, is dealt uniformly.
    """
    me = view.get("me")
    if me is None or view["seats"][me]["hand"] is not None:
        return uniform_worlds(view, game, rng, count)
    reading = read_own_cards(view, game, claim_trust(view, game))
    worlds = reading.worlds
    weights = [w[0] for w in worlds]
    states: list[StateBase] = []
    for _, left, right, held in rng.choices(worlds, weights, k=count):
        shown = showing_own_cards(view, left, right, held)
        states.append(game.state_from_view(shown, rng))
    return states
