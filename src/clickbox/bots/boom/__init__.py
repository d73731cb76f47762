"""What Click Click Boom's bots know (the rules are in ``games/boom``).

Files, as in every game's bots package:

- :mod:`.evaluation`: the evaluation of a position (coins, pot share, the danger of the cards
  the seat cannot see).
- :mod:`.policy`: the hand-written policy (the ``rulebased`` bot) and the model of a player
  built on it: how it picks and claims, how a seat reads its own cards from its neighbours'.
- :mod:`.worlds`: the worlds a search plays in, the seat's own cards read from the claims.
- :mod:`.search`: the ``boom`` bot, the ``hard`` level.
"""

from ..base import GameBots
from .evaluation import evaluate
from .policy import rule_based_action
from .search import BoomSearchBot
from .worlds import sample_worlds

BOTS = GameBots(
    "click-click-boom",
    evaluate=evaluate,
    rule_based=rule_based_action,
    sample_worlds=sample_worlds,
    search=BoomSearchBot,
)

__all__ = ["BOTS", "BoomSearchBot"]
