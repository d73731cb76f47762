"""A Clickety Clack bot over the game's deep evaluation: failed rolls and the round priced.

``clickety:margin=1,reroll=1,look=2,win=0`` scores every legal action of the seat to move by
the position it leads to, judged by ``evaluation.expected_score`` (each row's expected final
points from a per-row dynamic programme, given the turns the game should still last):

* ``margin``: the value is the seat's expected score minus ``margin`` times the best expected
  score among the other seats (0: play one's own sheet only, like ``greedy``; 1: play for the
  lead);
* ``reroll``: a failed roll is worth its penalty plus the expected gain of the reroll (every
  roll of the pool, exactly), not only its penalty;
* ``look``: what the rest of the round adds (the dice are known until the round ends; which
  die to take is also a choice of which dice to leave). 0: nothing; 1: the next seat's best
  gain from the dice we leave counts against us; 2 (two players; more players: as 1): every
  remaining pick of the round is searched (each seat picks what is best for itself, its gains
  counting for or against us). A pick is worth the gain of its sum in the picker's best row
  (or of a failed roll), less what the picker would gain from a random pool of that size, so
  that our failed roll (after which the dice are unknown) compares fairly. Needs ``margin``;
* ``win``: 1 ranks by the chance of winning (a normal law around the expected margin, wider
  with more turns to go; exact at the end), the margin breaking ties; 0 by the margin.

There is no sampling: the ranking is a function of the view alone (ties keep the legal order).
A decision costs a few milliseconds (``look=2``: about 15 ms at a round's first pick). The game
has no hidden information, so ``state_from_view`` is the true position.
"""

from __future__ import annotations

import random

from ...core import Action, GameBase, OptionError, Player, View
from ...core.i18n import t
from ...games.clickety.actions import FAIL
from ...games.clickety.game import ClicketyClackGame
from ...games.clickety.rules import ClicketyClackState
from ..base import Bot, Scored, bot_number
from . import evaluation as H


def _number(name: str, text: str | float, low: float, high: float) -> float:
    return bot_number("clickety", name, text, low, high)


TIEBREAK = 1e-3
"""With ``win``: the weight of the expected margin beside the chance of winning."""


class ClicketySearchBot(Bot):
    """Best action by the deep evaluation, with failed rolls and the next seat's reply priced."""

    name = "clickety"

    def __init__(
        self,
        margin: str | float = 1.0,
        reroll: str | int = 1,
        look: str | int = 2,
        win: str | int = 0,
        weights: H.DeepWeights = H.DEEP,
    ) -> None:
        self.margin = _number("margin", margin, 0.0, 1.0)
        self.reroll = bool(_number("reroll", reroll, 0, 1))
        self.look = int(_number("look", look, 0, 2))
        self.win = bool(_number("win", win, 0, 1))
        self.weights = weights  # tuning only (bench/clickety_hard.py); specs use the default

    def label(self) -> str:
        """The spec that makes this bot again."""
        return (
            f"clickety:margin={self.margin:g},reroll={int(self.reroll)},look={self.look},"
            f"win={int(self.win)}"
        )

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The best-ranked action."""
        return self.rank(view, game, rng)[0][0]

    def rank(self, view: View, game: GameBase, rng: random.Random) -> list[Scored]:
        """Every legal action with its value (expected score margin), best first."""
        if not isinstance(game, ClicketyClackGame):
            raise OptionError(
                t("the clickety bot plays Clickety Clack only, not {game}", game=game.name)
            )
        state = game.state_from_view(view, rng)
        return self.rank_state(state, view["me"])

    def rank_state(self, state: ClicketyClackState, seat: Player) -> list[Scored]:
        """:meth:`rank` on a position (the bot's whole logic; the view adds nothing)."""
        return _Decision(self, state, seat).ranked()


class _Decision:
    """One decision: the position, the seat, and what is shared by all its candidates."""

    def __init__(self, bot: ClicketySearchBot, state: ClicketyClackState, seat: Player) -> None:
        self.bot = bot
        self.state = state
        self.seat = seat
        self.weights = bot.weights
        self.others = [p for p in range(state.game.num_players) if p != seat]
        self.turns = H.turns_left(state, seat, self.weights)
        self._reply_gains: dict[Player, list[float]] = {}
        self._pool_replies: dict[tuple[Player, tuple[int, ...]], float] = {}
        self._fails: dict[tuple[Player, int], float] = {}
        self._baselines: dict[tuple[Player, int], float] = {}
        self._sheets: dict[tuple[Player, tuple[tuple[int, ...], ...]], _Sheet] = {}
        self._rest_memo: dict[tuple[tuple[int, ...], int, int, int], float] = {}
        self._takers: list[Player] = []

    def ranked(self) -> list[Scored]:
        scored = []
        for action in self.state.legal_actions():
            child = self.state.clone()
            child.apply(action)
            scored.append((action, self.value(action, child)))
        scored.sort(key=lambda item: -item[1])
        return scored

    def value(self, action: Action, child: ClicketyClackState) -> float:
        """The margin the seat expects after ``action`` (which led to ``child``)."""
        weights = self.weights
        if child._over:
            turns = 0.0
            mine = float(child.score(self.seat))
            theirs = [float(child.score(p)) for p in self.others]
        else:
            turns = H.turns_left(child, self.seat, weights)
            mine = H.expected_score(child, self.seat, weights, turns)
            theirs = [H.expected_score(child, p, weights, turns) for p in self.others]
            if action == FAIL and self.bot.reroll:
                gains = H.write_gains(child, self.seat, turns, weights)
                mine += H.reroll_gain(gains, child._to_roll)
        rest = 0.0
        nxt = child.current_player()
        if self.bot.look and self.bot.margin and nxt >= 0 and not child._failed:
            if self.bot.look == 2 and len(self.others) == 1:
                rest = self._round(child)
            elif nxt != self.seat:
                theirs[self.others.index(nxt)] += self._reply(nxt, child._pool)
        if not theirs or not self.bot.margin:
            return mine
        lead = mine - self.bot.margin * max(theirs) + rest
        if not self.bot.win:
            return lead
        if child._over:
            return (1.0 if lead > 0 else 0.5 if lead == 0 else 0.0) + TIEBREAK * lead
        return H.win_chance(lead, turns, weights) + TIEBREAK * lead

    # -- the rest of the round (two players) -----------------------------------------------------

    def _sheet(self, state: ClicketyClackState, seat: Player) -> _Sheet:
        rows = tuple(state._rows[seat])
        sheet = self._sheets.get((seat, rows))
        if sheet is None:
            gains = H.sheet_gains(state, seat, self.turns, self.weights)
            sheet = self._sheets[seat, rows] = _Sheet(self, rows, gains)
        return sheet

    def _round(self, child: ClicketyClackState) -> float:
        """The rest of the round after our pick: both seats' gains to come, searched exactly.

        Each pick is valued by the gain of its sum in the picker's best row, less the picker's
        expected gain from a random pool of that size (so that a failed roll, after which the
        dice are unknown, counts as 0): our gains count for us, the other seat's against us, and
        each seat picks what is best for itself. Added to the position's expected margin.
        """
        players = child.game.num_players
        self._takers = [(child._starter + k) % players for k in range(child._taken, 2 * players)]
        mine = self._sheet(child, self.seat)
        theirs = self._sheet(self.state, self.others[0])
        return self._rest(child._pool, 0, mine, theirs)

    def _rest(self, pool: tuple[int, ...], index: int, mine: _Sheet, theirs: _Sheet) -> float:
        """Our value of the picks ``index`` on of this round from ``pool``, given both sheets."""
        takers = self._takers
        if index == len(takers):
            return 0.0
        later = takers[index:]
        key = (
            pool,
            index,
            id(mine) if self.seat in later else 0,
            id(theirs) if self.others[0] in later else 0,
        )
        value = self._rest_memo.get(key)
        if value is not None:
            return value
        seat = takers[index]
        ours = seat == self.seat
        sheet = mine if ours else theirs
        best_of = sheet.best
        dice = sum(pool)
        baseline = self._random_reply(seat, dice)
        again = seat in takers[index + 1 :]
        sign = 1.0 if ours else -self.bot.margin
        best = sign * (self._fail_gain(seat, dice) - baseline)
        for after, totals in _moves(pool):
            for total in totals:
                gain, row = best_of[total]
                if row < 0:
                    continue
                written = sheet.write(row, total) if again else sheet
                if ours:
                    value = gain - baseline + self._rest(after, index + 1, written, theirs)
                    if value > best:
                        best = value
                else:
                    value = sign * (gain - baseline) + self._rest(after, index + 1, mine, written)
                    if value < best:
                        best = value
        self._rest_memo[key] = best
        return best

    # -- the next seat's reply --------------------------------------------------------------------

    def _gains(self, seat: Player) -> list[float]:
        gains = self._reply_gains.get(seat)
        if gains is None:
            gains = self._reply_gains[seat] = H.write_gains(
                self.state, seat, self.turns, self.weights
            )
        return gains

    def _fail_gain(self, seat: Player, dice: int) -> float:
        """A failed roll's value to ``seat``: the next penalty, then the reroll's gain."""
        value = self._fails.get((seat, dice))
        if value is None:
            crossed = self.state._penalties[seat]
            totals = self.state.config.penalty_totals
            cost = totals[min(crossed + 1, len(totals) - 1)] - totals[crossed]
            value = self._fails[seat, dice] = -cost + H.reroll_gain(self._gains(seat), dice)
        return value

    def _reply(self, seat: Player, pool: tuple[int, ...]) -> float:
        """``seat``'s best gain from ``pool`` (counts per face), less its gain from a random pool.

        The best gain is that of a write or of a failed roll. Relative to a random pool, so that
        a failed roll of ours (after which the next seat's dice are unknown) counts as 0.
        """
        key = (seat, pool)
        value = self._pool_replies.get(key)
        if value is None:
            best = H.best_gain(self._gains(seat), H.pool_sums(pool))
            value = max(best, self._fail_gain(seat, sum(pool)))
            value -= self._random_reply(seat, sum(pool))
            self._pool_replies[key] = value
        return value

    def _random_reply(self, seat: Player, dice: int) -> float:
        """``seat``'s expected best gain from a random pool of ``dice`` dice (the baseline)."""
        value = self._baselines.get((seat, dice))
        if value is None:
            gains = self._gains(seat)
            fail = self._fail_gain(seat, dice)
            value = sum(p * max(H.best_gain(gains, sums), fail) for p, sums in H.roll_table(dice))
            self._baselines[seat, dice] = value
        return value


_MOVES: dict[tuple[int, ...], list[tuple[tuple[int, ...], list[int]]]] = {}


def _moves(pool: tuple[int, ...]) -> list[tuple[tuple[int, ...], list[int]]]:
    """Per die that can be taken from ``pool`` (counts per face): the pool left, and the sums."""
    moves = _MOVES.get(pool)
    if moves is None:
        moves = []
        for take in range(1, 7):
            if pool[take]:
                after = list(pool)
                after[take] -= 1
                totals = [
                    take + onto
                    for onto in range(1, 7)
                    if pool[onto] and (onto != take or pool[take] >= 2)
                ]
                if totals:
                    moves.append((tuple(after), totals))
        _MOVES[pool] = moves
    return moves


class _Sheet:
    """A seat's rows in the round search: the gain of each sum in each row, and in the best."""

    __slots__ = ("_after", "best", "decision", "gains", "rows")

    def __init__(
        self, decision: _Decision, rows: tuple[tuple[int, ...], ...], gains: list[list[float]]
    ) -> None:
        self.decision = decision
        self.rows = rows
        self.gains = gains
        self.best: list[tuple[float, int]] = []
        for total in range(13):
            column = [row_gains[total] for row_gains in gains]
            top = max(column)
            self.best.append((top, column.index(top) if top > H.NO_GAIN else -1))
        self._after: dict[tuple[int, int], _Sheet] = {}

    def write(self, row: int, total: int) -> _Sheet:
        """The sheet after writing ``total`` in ``row`` (cached)."""
        sheet = self._after.get((row, total))
        if sheet is None:
            rows = list(self.rows)
            rows[row] = (*rows[row], total)
            gains = list(self.gains)
            d = self.decision
            gains[row] = H.row_gains(d.state.config, row, rows[row], d.turns, d.weights)
            sheet = self._after[row, total] = _Sheet(d, tuple(rows), gains)
        return sheet


__all__ = ["ClicketySearchBot"]
