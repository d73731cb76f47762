"""The Clickety Clack game object: catalog entry, options, notation and determinization."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...core import GameBase, Player, RulesDecision, ScoreCard, StateBase, View
from ...core.i18n import N_
from . import actions, scorepad
from .params import PRESET_WORDS, PRESETS, ClicketyClackParams
from .rules import ClicketyClackConfig, ClicketyClackState
from .view import board_view, make_view, state_from_view

if TYPE_CHECKING:
    import random  # only for annotations: rules code never draws random numbers

    from ...core.words import Narrator

RULES_SUMMARY = N_(
    """\
Each turn, take a die from the pool, click it onto another die still in the pool, and write \
the sum in the leftmost empty space of one of your five rows, if that row's rule allows it. \
The taken die leaves the pool; the other stays. If you can't (or won't) write, cross your \
leftmost failed-roll space (-1, -2, -3, -4), reroll the pool and go again; a second failure in \
the same turn just takes a die. 2/3/4 players use 5/7/9 dice; every player takes 2 dice a \
round and the last taker rerolls all the dice and starts the next round.

A side rows: all different; ascending; descending; even/odd alternating; the pre-printed \
numbers. No row repeats a number.

B side rows: ascending or descending (set by the second number); each number outside the \
range so far; pairs (no pair twice, no pairs of 6, 7 or 8); zigzag; 2-6 / 8-12 with one \
switch and no 7. Only the pairs row repeats numbers.

The game ends at the end of a round in which someone has numbers past the finish line in 3 \
rows (B side: 4), or in the last space of 2 rows, or all 4 penalties crossed. Each row scores \
the points under its rightmost number; subtract the penalties; the most points wins, ties \
share."""
)

RULES_DECISIONS = (
    RulesDecision(
        "cc-row5",
        N_("Row 5's last four pre-printed numbers"),
        N_(
            "The rulebook shows only the first six numbers of the A side's row 5: 6 9 3 8 4 10. "
            "No source publishes the last four. **Default: 7 5 11 2** (no number twice, the "
            "hardest sums where the points are highest). Option `row5` sets all ten (`--option "
            "row5=6-9-3-8-4-10-7-5-11-2`)."
        ),
    ),
    RulesDecision(
        "cc-b-points",
        N_("B side point values"),
        N_(
            "The rulebook does not reproduce the B side's point values. **Default: the A side's "
            "values, row by row**, marked provisional. Option `points` sets a whole table (five "
            "rows separated by `/`, ten values each, `-` for a space without value)."
        ),
    ),
    RulesDecision(
        "cc-voluntary-fail",
        N_("Failing on purpose"),
        N_(
            "\"What happens if you can't or don't want to write a number?\" — a failed roll is "
            "always allowed, even when some number could be written."
        ),
    ),
    RulesDecision(
        "cc-next-starter",
        N_("Who starts the next round"),
        N_(
            '"The last player to have taken a die from the pool now takes all the dice and '
            'rerolls them" and "If you have the dice, it means you\'re the starting player this '
            'round": the last taker starts the next round, so that player plays the last turn of '
            "a round and the first of the next. The starting player therefore moves one seat to "
            "the right each round. The youngest player (seat 0) starts round 1."
        ),
    ),
    RulesDecision(
        "cc-fifth-failure",
        N_("Failing with all four penalty spaces crossed"),
        N_(
            "The rulebook has four failed-roll spaces. A player who fails again after all four "
            "are crossed still rerolls the pool and plays on, but there is no fifth space, so it "
            "costs nothing more; the game ends at the end of that round anyway (four penalties is "
            "an end condition)."
        ),
    ),
    RulesDecision(
        "cc-pairs-start",
        N_("Starting a pair of 6, 7 or 8"),
        N_(
            '"Pairs of 6, 7 or 8 are not allowed": since such a pair could never be completed, a '
            "6, 7 or 8 may not be written as the first number of a pair in the B side's pairs "
            "row."
        ),
    ),
    RulesDecision(
        "cc-one-way-second",
        N_("The B side's first row: the second number"),
        N_(
            '"Your second number determines whether your row is ascending or descending": the '
            "second number may be any number other than the first (no repeats on the B side "
            "outside the pairs row); it fixes the direction for the rest of the row."
        ),
    ),
    RulesDecision(
        "cc-ranges-switch",
        N_("The B side's range row: what counts as the switch"),
        N_(
            "The first number chooses a range (2-6 or 8-12). Writing a number of the other range "
            "is the one allowed switch; after it, only numbers of the new range may follow. 7 is "
            "never allowed."
        ),
    ),
    RulesDecision(
        "cc-end-and-ties",
        N_("Ties and the end"),
        N_(
            "All end conditions are checked once, at the end of the round, over every player, and "
            "the game ends if any player meets any of them; the outcome lists every condition "
            "some player met. Equal totals share the victory."
        ),
    ),
    RulesDecision(
        "cc-pad-possible",
        N_("The score pad: a board its game could have ended with"),
        N_(
            "A paper board is accepted only if its game could have ended with it. A player writes "
            "one number a turn and takes two turns a round, so the last round wrote at most two "
            "numbers (both in one row or one in each of two); the game ends at the end of the "
            "first round in which a board has three rows past the finish line (B side: four) or "
            "two full rows, so a board is refused when every choice of its last two numbers "
            "leaves a board that met an end condition already. Penalties never refuse a board: a "
            "turn crosses at most one, and a board may cross them all in its last rounds."
        ),
    ),
)


class ClicketyClackGame(GameBase):
    """Clickety Clack (NSV, 2025), A and B sides, 2-4 players."""

    name: ClassVar[str] = "clickety-clack"
    key: ClassVar[str] = "clickety"
    aliases: ClassVar[tuple[str, ...]] = ("clickety_clack", "clicketyclack")
    title: ClassVar[str] = "Clickety Clack"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 2
    has_chance: ClassVar[bool] = True
    perfect_information: ClassVar[bool] = True
    Params = ClicketyClackParams
    presets = PRESETS
    preset_words = PRESET_WORDS
    rules_summary: ClassVar[str] = RULES_SUMMARY
    rules_decisions: ClassVar[tuple[RulesDecision, ...]] = RULES_DECISIONS
    sheet_format: ClassVar[str] = scorepad.SHEET_FORMAT
    quick_format: ClassVar[str] = scorepad.QUICK_FORMAT

    def __init__(self, num_players: int | None = None, params: ClicketyClackParams | None = None):
        super().__init__(num_players, params)
        p = self.params
        assert isinstance(p, ClicketyClackParams)
        self.config = config = ClicketyClackConfig(p, self.num_players)
        # The same facts, published for the outer layers (bots, terminal, server).
        self.side: str = config.side
        self.row_rules: tuple[int, ...] = config.row_rules
        self.row5: tuple[int, ...] = config.row5
        self.points: tuple[tuple[int | None, ...], ...] = config.points
        self.points_provisional: bool = config.points_provisional
        self.dice: int = config.dice
        self.rows_past_finish_to_end: int = config.rows_past_finish_to_end
        self.full_rows_to_end: int = config.full_rows_to_end
        self.spaces: int = config.spaces
        self.finish_line: int = config.finish_line
        self.penalties: tuple[int, ...] = config.penalties

    def new_initial_state(self) -> ClicketyClackState:
        """Round 1, seat 0 about to roll all the dice."""
        return ClicketyClackState(self, self.config)

    def view_of(self, state: StateBase, seat: Player | None, history: bool = True) -> View:
        """See :func:`.view.make_view`."""
        assert isinstance(state, ClicketyClackState)
        return make_view(state, seat, history=history)

    def action_to_string(self, action: int) -> str:
        """See :mod:`.actions` for the notation."""
        return actions.to_string(action)

    def describe_action(self, action: int) -> str:
        """The action in words."""
        return actions.describe(action)

    def parse_action(self, text: str) -> int:
        """See :mod:`.actions` for the notation."""
        return actions.parse(text)

    def state_from_view(self, view: View, rng: random.Random) -> ClicketyClackState:
        """The exact position: Clickety Clack has no hidden information."""
        return state_from_view(self, self.config, view, rng)

    def score_sheet(self, text: str) -> ScoreCard:
        """One player's filled board, checked and scored: see :mod:`.scorepad`."""
        return scorepad.score_sheet(self, self.config, text)

    def pad_facts(self) -> dict[str, Any]:
        """The board as the view draws it and when the game ends (the pad page)."""
        return {
            "board": board_view(self.config),
            "rows_past_finish_to_end": self.config.rows_past_finish_to_end,
            "full_rows_to_end": self.config.full_rows_to_end,
        }

    def score_quick(self, text: str) -> ScoreCard:
        """A quick count, checked and scored: see :mod:`.scorepad`."""
        return scorepad.score_quick(self, self.config, text)

    def narrator(self, viewer: Player | None) -> Narrator:
        """The log told as a player would: see :mod:`.words`."""
        from .words import ClicketyNarrator

        return ClicketyNarrator(self, viewer)
