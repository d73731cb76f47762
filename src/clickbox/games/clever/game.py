"""The That's Pretty Clever game object: catalog entry, options, notation and determinization."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...core import GameBase, Player, RulesDecision, ScoreCard, StateBase, View
from ...core.i18n import N_
from . import actions, scorepad
from .board import ROUNDS_BY_PLAYERS, SOLO_RATINGS
from .params import PRESET_WORDS, PRESETS, CleverParams
from .rules import CleverConfig, CleverState
from .view import layout_of, make_view, state_from_view

if TYPE_CHECKING:
    import random  # only for annotations: rules code never draws random numbers

    from ...core.words import Narrator

RULES_SUMMARY = N_(
    """\
On your turn you are the active player: roll the six dice, pick one onto one of your three die \
spaces and write it in the area of its colour (white is wild; blue always writes blue + white). \
Every die lower than the pick goes to the silver platter; roll the rest and pick again, three \
picks at most. Then every other player, at the same time, takes one die from the platter and \
writes it (only a player who can use none may take one of the active player's dice).

Yellow: cross the number (one of its two copies). Blue: cross the sum of blue and white. Green: \
left to right, the die at least the box's number. Orange: write the value (x2, x3 boxes). \
Purple: each number higher than the previous, anything after a 6. Marked boxes and completed \
rows and columns give bonuses at once, in chains: crosses, numbers, foxes, rerolls (the active \
player rolls the dice just rolled again) and +1 (at the end of any turn, write any one of the \
six dice). Rounds 1-3 give an action, round 4 a black X or 6. 6 rounds with 1-2 players, 5 with \
3, 4 with 4. Solo: after each active turn, roll all six, the three lowest go to the platter, \
take one.

Score: yellow columns, blue and green by the number of crosses, the orange and purple numbers, \
and each fox scores your weakest area. The highest total wins; ties go to the best single \
area, then are shared."""
)
"""The manual in a paragraph (data in English; shown with ``t(RULES_SUMMARY)``)."""

RULES_DECISIONS = (
    RulesDecision(
        "clever-track-length",
        N_("Action tracks have seven spaces; an eighth unlock is lost"),
        N_(
            "The scanned sheet and the rulebook's figure show seven circles on the reroll track "
            "and seven on the +1 track (one implementation counts eight, probably the icon). An "
            "unlock with all seven circled has no space and is lost: a track gives at most seven "
            'actions in a game (an engine that "caps at 7" and one that "loses the unlock" '
            "agree on this)."
        ),
    ),
    RulesDecision(
        "clever-orange-multiplier",
        N_("Orange number bonuses are multiplied"),
        N_(
            'The rulebook says to place the number "in their next available space" without '
            "saying whether a x2/x3 box doubles or triples it; every implementation read "
            "multiplies, as a die written there is. **Default: multiplied** (orange 4, 5, 6 and "
            "the round-4 black 6). Option `orange_bonus_multiplied=false` writes the bare number."
        ),
    ),
    RulesDecision(
        "clever-unusable-roll",
        N_("A roll with no usable die"),
        N_(
            '"An active player who can do nothing with a roll writes nothing" and the roll '
            "counts. The player puts one die of that roll (their choice) on the next die space, "
            "writes nothing, and the dice lower than it go to the platter, as for any pick: the "
            "die spaces are what counts the rolls. While some die of the roll can be written, "
            'the player must pick one of those ("chooses one ... and writes it"). Option '
            "`wasted_picks=true` (one published engine's reading) also allows putting an "
            "unusable die aside while others are usable, to send lower dice to the platter. "
            "Option `forfeit_rolls=true` is the other common reading (the independent solo "
            "engine's): the roll is forfeited: no die moves, nothing is written, the roll still "
            "counts as one of the three, and the same dice are rolled again while rolls remain "
            "(after the third, they all go to the platter, as the rulebook says). With "
            "`wasted_picks=true` too, the player may instead put one of the roll's dice on a die "
            "space, as that engine offers."
        ),
    ),
    RulesDecision(
        "clever-passive-take",
        N_("A passive player takes a die when they can"),
        N_(
            '"The other players all choose one die from the silver platter ... and write it": '
            "a passive player who can use a platter die must take one. Only one who can use none "
            '"may take one of the dice on the active player\'s spaces": they choose one of those '
            "or take nothing (`done`), since the rulebook says *may*. Option "
            "`passive_optional=true` lets a passive player decline a platter die too (one "
            "published engine's reading)."
        ),
    ),
    RulesDecision(
        "clever-simultaneous-take",
        N_("The simultaneous passive choice"),
        N_(
            "The passive players choose in seat order starting left of the active player, and "
            "every view hides the choices already made until all are in (a seat sees only that "
            "the others have chosen). Then each passive player in that order writes their die, "
            "resolves its bonuses and uses +1 actions, openly: their sheets are their own."
        ),
    ),
    RulesDecision(
        "clever-bonus-order",
        N_("Several bonuses at once"),
        N_(
            "The rulebook only says bonuses happen at once and can chain. A mark's bonuses are "
            "resolved in printed order: the box's own bonus, then the row, then the column or "
            "the diagonal; a bonus's own chain is resolved completely before the next bonus "
            "(depth first). A cross bonus with one open cell left is written on it without "
            'asking; a bonus with no room left (a full area) is lost, as a number bonus "cannot '
            'be saved". The independent solo engine asks the waiting choices first in, first out '
            "(and asks even where one cell is left): the same sheets come out, only the order of "
            "the questions differs, so its logged games replay here move for move "
            "(tests/games/clever/test_cross_engine.py)."
        ),
    ),
    RulesDecision(
        "clever-round-bonus",
        N_("When the round bonus is taken"),
        N_(
            '"At the start of each round": before the first roll of the round, every player '
            "circles the round's action (rounds 1-3). In round 4 every player chooses the black "
            "X (any yellow cell, any blue cell or the next green box) or the black 6 (the next "
            "orange or purple box), in seat order; the choice touches only their own sheet, so "
            "it is made openly."
        ),
    ),
    RulesDecision(
        "clever-extra-die",
        N_("When +1 is used, and the last chance at the end"),
        N_(
            '+1 is used "at the end of your turn": the active player after their last pick, '
            "before the passive players choose; a passive player after writing the die they "
            "took (or taking none); the solo player after each passive take. Any of the six "
            "dice at its current face, including dice already used, but each die at most once "
            'per turn by +1; several +1 in a turn are fine. "The game ends after the last round, '
            "once the passive players have written their dice. Everyone may still use their "
            'remaining extra-die actions": after the last turn is over (the last passive player '
            "has written their die and used their +1; solo: after the last passive turn's +1), "
            "every player, the last active player included, has one last +1 stage, in seat order "
            "from the first player. That stage is no part of a turn, so the once-per-die count "
            "starts afresh in it: each of the six dice may serve once there, whatever it served "
            "in the last turn, and never twice in it. A player who still has all 7 extra dice at "
            "the end can so spend all 7 (up to six in their own stage of the last turn, the rest "
            "in the last stage). Bonuses fired there resolve at once as always. Rerolls left over "
            "are worth nothing."
        ),
    ),
    RulesDecision(
        "clever-reroll",
        N_("Rerolls"),
        N_(
            "Only the active player rerolls, after any roll and before picking from it, and only "
            "the dice just rolled (not the die spaces or the platter). A reroll does not use up "
            "one of the three picks; several rerolls of one roll are allowed while the track "
            "has them."
        ),
    ),
    RulesDecision(
        "clever-solo-ties",
        N_("Solo passive turn: ties for the platter"),
        N_(
            '"The die that landed closest to the silver platter is the one that goes there": '
            "nobody chooses, so it is chance, each tied die equally likely (recorded as "
            "`near:w` and so on). Option `solo_ties=colour-order` sends them in the fixed order "
            "yellow, blue, green, orange, purple, white instead (another engine's ruling)."
        ),
    ),
    RulesDecision(
        "clever-solo-extra",
        N_("Solo passive turn: which dice +1 may use"),
        N_(
            "The official English rulebook allows +1 in the solo passive turn (reroll is not "
            "allowed); like every +1 it may write any of the six dice just rolled, not only the "
            "three on the platter."
        ),
    ),
    RulesDecision(
        "clever-tie-break",
        N_("Tie-break"),
        N_(
            '"The best score in a single area decides": the highest of a player\'s five '
            "coloured areas (foxes are not an area); if that is equal too, the victory is "
            "shared."
        ),
    ),
    RulesDecision(
        "clever-pad-possible",
        N_("The score pad: a sheet a game could have produced"),
        N_(
            "A paper sheet is accepted only if a game could have produced it, as far as the marks "
            "alone tell: every bonus a mark fires (a completed row, column or diagonal, a bonus "
            "box) must be on the sheet unless its area is full (then it was lost for want of "
            "room): a cross in yellow, blue or green counted against that area's crosses, an "
            "orange 4, 5 or 6 in a box holding it as the option writes it (multiplied or bare), a "
            "6 in purple; with `orange_bonus_multiplied=false` a bare number on a x2/x3 box needs "
            "an orange bonus of that number. No more marks than the player count gives: 3 active "
            "picks and max(players - 1, 1) passive picks a round, the +1s earned (the round-2 one "
            "and those fired, at most 7), the round-4 black bonus and the bonus marks fired. "
            "Which marks came from which die is not asked, so a sheet these counts allow is "
            "accepted."
        ),
    ),
    RulesDecision(
        "clever-pad-quick",
        N_("The score pad: a quick count some sheet gives"),
        N_(
            "A quick count (yellow, orange and purple in points, blue and green in crosses, the "
            "foxes) is accepted only if some sheet the full-sheet pad accepts "
            "(clever-pad-possible, the count of marks aside) gives all these counts at once. "
            "Every bonus the counts make certain (fired by every sheet with them: a blue row or "
            "column full whichever boxes are crossed; the green, orange and purple boxes up to "
            "the fewest boxes the count fills) must be on the sheet unless its area is full, and "
            "the foxes must be the ones such a sheet earns. A refusal names the bonus and the "
            'marks that fire it ("blue: 11 crosses fire a fox (blue row 9-12), but foxes: 0"), or '
            "says that only the counts together clash. The foxes are a count (`foxes: 2`) or, as "
            "Marquoir enters them, points (`fox points: 44`): a number of foxes, 0-5, times the "
            "weakest area's points; when the weakest area scores 0, the fewest foxes some sheet "
            "allows are taken."
        ),
    ),
)


class CleverGame(GameBase):
    """That's Pretty Clever / Ganz schön clever (Schmidt Spiele, 2018), 1-4 players."""

    name: ClassVar[str] = "clever"
    key: ClassVar[str] = "clever"
    aliases: ClassVar[tuple[str, ...]] = (
        "thats-pretty-clever",
        "thats_pretty_clever",
        "ganz-schon-clever",
    )
    title: ClassVar[str] = N_("That's Pretty Clever")  # shown with t()
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 1
    has_chance: ClassVar[bool] = True
    perfect_information: ClassVar[bool] = False  # the passive choice is simultaneous
    Params = CleverParams
    presets = PRESETS
    preset_words = PRESET_WORDS
    rules_summary: ClassVar[str] = RULES_SUMMARY
    rules_decisions: ClassVar[tuple[RulesDecision, ...]] = RULES_DECISIONS
    rules_break_ties: ClassVar[bool] = True
    history_view_keys: ClassVar[tuple[str, ...]] = ("log", "version", "events")
    sheet_format: ClassVar[str] = scorepad.SHEET_FORMAT
    quick_format: ClassVar[str] = scorepad.QUICK_FORMAT

    def __init__(self, num_players: int | None = None, params: CleverParams | None = None):
        super().__init__(num_players, params)
        p = self.params
        assert isinstance(p, CleverParams)
        config = CleverConfig(p, self.num_players)
        self.config: CleverConfig = config
        # the same facts for the outer layers (bots, cli, server), which read them off the game
        self.rounds: int = config.rounds
        self.orange_bonus_multiplied: bool = config.orange_bonus_multiplied
        self.wasted_picks: bool = config.wasted_picks
        self.passive_optional: bool = config.passive_optional
        self.forfeit_rolls: bool = config.forfeit_rolls
        self.solo_ties: str = config.solo_ties

    def new_initial_state(self) -> CleverState:
        """Round 1, seat 0 active, the six dice about to be rolled."""
        return CleverState(self, self.config)

    def view_of(self, state: StateBase, seat: Player | None, history: bool = True) -> View:
        """What ``seat`` may see of ``state``: see :mod:`.view`."""
        assert isinstance(state, CleverState)
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

    def state_from_view(self, view: View, rng: random.Random) -> CleverState:
        """The position the view shows; other seats' hidden passive choices are sampled."""
        return state_from_view(self, self.config, view, rng)

    def score_sheet(self, text: str) -> ScoreCard:
        """One player's filled sheet, checked and scored: see :mod:`.scorepad`."""
        return scorepad.score_sheet(self, self.config, text)

    def pad_facts(self) -> dict[str, Any]:
        """The sheet, the rounds by player count and the orange option (the pad page)."""
        p = self.params
        assert isinstance(p, CleverParams)
        return {
            "layout": layout_of(self.config),
            "rounds": {
                str(players): CleverConfig(p, players).rounds for players in ROUNDS_BY_PLAYERS
            },
            "orange_bonus_multiplied": self.config.orange_bonus_multiplied,
            "solo_ratings": [
                {"least": least or 0, "label": label, "stars": stars}
                for least, label, stars in SOLO_RATINGS
            ],
        }

    def score_quick(self, text: str) -> ScoreCard:
        """A quick count, checked and scored: see :mod:`.scorepad`."""
        return scorepad.score_quick(self, self.config, text)

    def narrator(self, viewer: Player | None) -> Narrator:
        """The log told as a player would: see :mod:`.words`."""
        from .words import CleverNarrator

        return CleverNarrator(self, viewer)
