"""What Clickety Clack's bots know (the rules are in ``games/clickety``).

Files, as in every game's bots package:

- :mod:`.evaluation`: greedy's evaluation of a sheet, and the deep one (each row solved as a
  small game for its expected final points: ``expected_score``, ``expected_margin``).
- :mod:`.search`: the ``clickety`` bot, the ``hard`` level.

No hand-written policy; no hidden information, so no worlds to weigh.
"""

from ..base import GameBots
from .evaluation import evaluate
from .search import ClicketySearchBot

BOTS = GameBots("clickety-clack", evaluate=evaluate, search=ClicketySearchBot)

__all__ = ["BOTS", "ClicketySearchBot"]
