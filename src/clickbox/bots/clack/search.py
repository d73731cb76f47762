"""A lookahead bot for Click Clack: the exact posterior over the discs, then expectimax.

``clack:depth=2,leader=0.7,other=0.3,future=0.25,samples=0`` scores every legal action by
:func:`.policy.search_rank`:

* the chance that each hollow holds a disc is the exact posterior of the public record
  (every legal layout that agrees with the collections and the hollows known empty equally
  likely), computed by counting (``samples=K`` draws K layouts instead, as ``memory`` does);
* it looks ``depth`` turns ahead, its own and the next seats', over every face of the die; each
  seat plays its best move and turn of the board for itself (its expected disc values
  collected minus ``leader`` times its leading opponent's and ``other`` times the others'),
  the hollows taken as independent; a seat whose roll left no move also weighs leaving the
  board as it is (``noturn``, when the view's ``no_move_turn`` allows it); what the squirrels
  may find on the turn after is counted with weight ``future``.

The bot reads the view only, and its rng breaks ties: its choice is a function of the view and
the rng. ``depth`` is its budget: 1 and 2 take milliseconds, 3 tens of milliseconds.
"""

from __future__ import annotations

import random

from ...core import Action, GameBase, OptionError, View
from ...core.i18n import t
from ...games.clack import ClickClackGame
from ..base import Bot, Scored, bot_number
from .policy import SearchTuning, search_rank


def _number(name: str, text: str | float, low: float, whole: bool = False) -> float:
    return bot_number("clack", name, text, low, whole=whole)


class ClackSearchBot(Bot):
    """Click Clack only: exact posterior and ``depth`` turns of expectimax; see the module."""

    name = "clack"

    def __init__(
        self,
        depth: str | int = 2,
        leader: str | float = 0.7,
        other: str | float = 0.3,
        future: str | float = 0.25,
        samples: str | int = 0,
        reach: str | float = 0.0,
    ) -> None:
        self.tuning = SearchTuning(
            depth=int(_number("depth", depth, 1, whole=True)),
            leader_weight=_number("leader", leader, 0.0),
            other_weight=_number("other", other, 0.0),
            future=_number("future", future, 0.0),
            samples=int(_number("samples", samples, 0, whole=True)),
            reach=_number("reach", reach, 0.0),
        )

    def label(self) -> str:
        """The spec that makes this bot again."""
        t = self.tuning
        return (
            f"clack:depth={t.depth},leader={t.leader_weight:g},other={t.other_weight:g},"
            f"future={t.future:g},samples={t.samples},reach={t.reach:g}"
        )

    def _game(self, game: GameBase) -> ClickClackGame:
        if not isinstance(game, ClickClackGame):
            raise OptionError(t("the clack bot plays Click Clack only, not {game}", game=game.name))
        return game

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The best action of the lookahead."""
        return search_rank(view, self._game(game), rng, self.tuning)[0][0]

    def rank(self, view: View, game: GameBase, rng: random.Random) -> list[Scored]:
        """Every legal action with its lookahead value (expected disc values), best first."""
        return search_rank(view, self._game(game), rng, self.tuning)
