"""What Click Clack's bots know (the rules are in ``games/clack``).

Files, as in every game's bots package:

- :mod:`.evaluation`: the evaluation of a position (progress towards a win, against the best
  other seat's).
- :mod:`.policy`: the memory policy (the ``memory`` bot: the odds of every hollow from the
  public record) and the lookahead the search tunes (``search_rank``, ``SearchTuning``).
- :mod:`.search`: the ``clack`` bot, the ``hard`` level.

No world weighting: the layout is dealt from the exact posterior by the rules' own sampler.
"""

from ..base import GameBots
from .evaluation import evaluate
from .policy import choose_action
from .search import ClackSearchBot

BOTS = GameBots("click-clack", evaluate=evaluate, memory=choose_action, search=ClackSearchBot)

__all__ = ["BOTS", "ClackSearchBot"]
