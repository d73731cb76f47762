"""Options and presets of Click Click Boom: the rulebook's variants and how characters are had."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core import ParamsBase, option
from ...core.i18n import N_


@dataclass(frozen=True)
class BoomParams(ParamsBase):
    """The rulebook's variants (``docs/rules-decisions.md``)."""

    mode: str = option(
        "full",
        N_(
            "full: coins, characters, Pay and Steal cards; quick: Quick Play (no coins, no "
            "characters, 5 Click + 1 BOOM each, one shootout, the survivors win)"
        ),
        choices=("full", "quick"),
    )
    advanced: bool = option(
        False,
        N_(
            "Advanced Play: the right neighbour may pick the same card as the left one (the "
            "right card is then drawn at random), and the Advanced showdown's steal rules"
        ),
    )
    characters: str = option(
        "random",
        N_(
            "random: dealt by chance; chosen: each seat in turn chooses from those left; none: "
            "no characters (Quick Play has none)"
        ),
        choices=("random", "chosen", "none"),
    )
    shootouts: int = option(
        3, N_("shootouts in a game (Quick Play always plays one)"), minimum=1, maximum=9
    )
    showdown_coins: str = option(
        "simultaneous",
        N_(
            "simultaneous: the showdown's payments and steals happen at once, each limited to "
            "what the player held when the cards were turned; seat-order: one player after the "
            "other from the First Player, coins just received paying for later payments"
        ),
        choices=("simultaneous", "seat-order"),
    )


PRESETS: Final[dict[str, dict[str, object]]] = {
    "quick": {"mode": "quick"},
    "advanced": {"advanced": True},
    "no-characters": {"characters": "none"},
}
