"""Options and presets of That's Pretty Clever: the readings where tables differ, and the
rulebook's numbers a designer may change (``group="number"``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core import OptionError, ParamsBase, option
from ...core.i18n import N_, t

ROUND_BONUS_WORDS: Final = ("reroll", "plus1", "black", "none")
"""The words of option ``round_bonuses``: a reroll, a +1, the black X or 6, nothing."""
RULEBOOK_ROUND_BONUSES: Final = "reroll-plus1-reroll-black"
"""The printed round track: rounds 1-3 an action, round 4 the black X or 6, then nothing."""
MOST_ROUNDS: Final = 12
MOST_TRACK_SPACES: Final = 20


@dataclass(frozen=True)
class CleverParams(ParamsBase):
    """Where the rulebook is silent and tables rule differently (``docs/rules-decisions.md``),
    and the rulebook's numbers (``group="number"``, the rulebook's values by default)."""

    orange_bonus_multiplied: bool = option(
        True,
        N_("an orange number bonus (4, 5, 6, black 6) is multiplied by its box's x2/x3"),
        label=N_("Orange bonuses multiplied"),
    )
    wasted_picks: bool = option(
        False,
        N_(
            "the active player may put an unusable die on a die space even when another die of "
            "the roll is usable (to send lower dice to the platter)"
        ),
        label=N_("Unusable die on a die space"),
    )
    forfeit_rolls: bool = option(
        False,
        N_(
            "an active player who can use no die of a roll forfeits it: no die moves, the roll "
            "counts as one of the three, and the same dice are rolled again while rolls remain "
            "(otherwise one die of it goes on a die space, writing nothing, and the lower dice "
            "to the platter)"
        ),
        label=N_("A roll with no usable die is lost"),
    )
    passive_optional: bool = option(
        False,
        N_("a passive player may decline to take a die even when one is usable"),
        label=N_("Passive player may take no die"),
    )
    solo_ties: str = option(
        "random",
        N_(
            "solo passive turn, dice tied for the platter: which lies nearest is chance or the "
            "colour order yellow, blue, green, orange, purple, white"
        ),
        choices=("random", "colour-order"),
        label=N_("Solo: dice tied for the platter"),
        words=(N_("by chance"), N_("in colour order")),
    )
    rounds: int = option(
        0,
        N_(
            "rounds in a game; 0: the rulebook's (6 with 1-2 players, 5 with 3, 4 with 4); "
            "any other number is played with every player count"
        ),
        minimum=0,
        maximum=MOST_ROUNDS,
        label=N_("Rounds"),
        group="number",
    )
    round_bonuses: str = option(
        RULEBOOK_ROUND_BONUSES,
        N_(
            "the round track: what every player gets at the start of each round, from round 1, "
            "separated by '-': reroll, plus1, black (a black X or 6) or none; the rounds past "
            "the list give nothing (the rulebook's: reroll-plus1-reroll-black)"
        ),
        label=N_("Round bonuses"),
        group="number",
    )
    picks: int = option(
        3,
        N_(
            "the active player's die spaces: the rolls (dice picked) of an active turn; fewer "
            "if the dice run out"
        ),
        minimum=1,
        maximum=6,
        label=N_("Active picks a turn"),
        group="number",
    )
    solo_platter: int = option(
        3,
        N_(
            "solo passive turn: the lowest dice of the six rolled that go to the silver platter, "
            "to choose one from"
        ),
        minimum=1,
        maximum=6,
        label=N_("Solo: dice on the platter"),
        group="number",
    )
    reroll_spaces: int = option(
        7,
        N_(
            "spaces on the reroll track: the most rerolls a player can circle in a game (an "
            "unlock with every space circled is lost); 0: no rerolls at all"
        ),
        minimum=0,
        maximum=MOST_TRACK_SPACES,
        label=N_("Reroll track spaces"),
        group="number",
    )
    plus_one_spaces: int = option(
        7,
        N_(
            "spaces on the +1 (extra die) track: the most +1s a player can circle in a game "
            "(an unlock with every space circled is lost); 0: no +1 at all"
        ),
        minimum=0,
        maximum=MOST_TRACK_SPACES,
        label=N_("+1 track spaces"),
        group="number",
    )
    start_rerolls: int = option(
        0,
        N_("rerolls every player has circled before the first round"),
        minimum=0,
        maximum=MOST_TRACK_SPACES,
        label=N_("Rerolls at the start"),
        group="number",
    )
    start_plus_ones: int = option(
        0,
        N_("+1s (extra dice) every player has circled before the first round"),
        minimum=0,
        maximum=MOST_TRACK_SPACES,
        label=N_("+1s at the start"),
        group="number",
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        self.round_bonus_words()
        for start, spaces, name, track in (
            (self.start_rerolls, self.reroll_spaces, "start_rerolls", "reroll_spaces"),
            (self.start_plus_ones, self.plus_one_spaces, "start_plus_ones", "plus_one_spaces"),
        ):
            if start > spaces:
                raise OptionError(
                    t(
                        "option {option} must be at most the track's spaces, {track}={spaces} "
                        "(got {value})",
                        option=repr(name),
                        track=track,
                        spaces=spaces,
                        value=start,
                    )
                )

    def round_bonus_words(self) -> tuple[str, ...]:
        """Option ``round_bonuses`` as words, one a round from round 1; checked."""
        text = self.round_bonuses.strip().lower()
        words = tuple(word.strip() for word in text.split("-")) if text else ()
        for word in words:
            if word not in ROUND_BONUS_WORDS:
                raise OptionError(
                    t(
                        "option 'round_bonuses' lists one bonus a round, separated by '-', "
                        "each one of {allowed} (got {value})",
                        allowed=", ".join(ROUND_BONUS_WORDS),
                        value=repr(word),
                    )
                )
        if len(words) > MOST_ROUNDS:
            raise OptionError(
                t(
                    "option 'round_bonuses' lists at most {most} rounds (got {count})",
                    most=MOST_ROUNDS,
                    count=len(words),
                )
            )
        return words


PRESETS: Final[dict[str, dict[str, object]]] = {
    "free-choice": {"wasted_picks": True, "passive_optional": True},
    # the independent solo engine's readings: free choice, and a roll with no usable die forfeited
    "free-choice-forfeit": {"wasted_picks": True, "passive_optional": True, "forfeit_rolls": True},
}

PRESET_WORDS: Final[dict[str, tuple[str, str]]] = {
    "free-choice": (
        N_("Free choice"),
        N_("Any die may go on a die space, and a passive player may take none"),
    ),
    "free-choice-forfeit": (
        N_("Free choice, lost rolls"),
        N_("Free choice, and a roll with no usable die is lost (as the solo engine plays)"),
    ),
}
"""Each preset's name in words and what it changes, in one line (marked with ``N_``)."""
