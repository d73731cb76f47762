"""Options and presets of That's Pretty Clever: the readings where tables differ."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core import ParamsBase, option
from ...core.i18n import N_


@dataclass(frozen=True)
class CleverParams(ParamsBase):
    """Where the rulebook is silent and tables rule differently (``docs/rules-decisions.md``)."""

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
