"""What That's Pretty Clever's bots know (the rules are in ``games/clever``).

Files, as in every game's bots package:

- :mod:`.evaluation`: the evaluation of a state (``greedy``, the generic searches and the
  ``hard`` search's leaves): each area's points so far plus what it should still earn.
- :mod:`.search`: the ``clever-search`` bot (the ``hard`` level: with ``net=1``) and
  ``clever-net``.
- :mod:`.features`, :mod:`.network`: the value network's inputs and the network (numpy),
  ``data/clever-net.npz`` its shipped weights; :mod:`.training`: how they were learnt
  (``clickbox train clever``).

No hand-written policy, no weighting of worlds (the only hidden thing, the passive players'
simultaneous choice, is dealt uniformly).
"""

from ..base import GameBots
from .evaluation import evaluate
from .search import CleverNetBot, CleverSearchBot

BOTS = GameBots("clever", evaluate=evaluate, search=CleverSearchBot)

__all__ = ["BOTS", "CleverNetBot", "CleverSearchBot"]
