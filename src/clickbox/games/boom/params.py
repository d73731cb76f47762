"""Options and presets of Click Click Boom: the rulebook's variants and how characters are had."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core import OptionError, ParamsBase, option
from ...core.i18n import N_, t

MAX_HAND: Final = 6
"""The most cards a hand may start with (a pick names one of at most six cards)."""


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
    pay_cards: int = option(
        3,
        N_("Click: Pay 1 cards in each starting hand (Quick Play: Click cards)"),
        minimum=0,
        maximum=MAX_HAND,
    )
    steal_cards: int = option(
        2,
        N_("Click: 2 Stolen cards in each starting hand (Quick Play: Click cards)"),
        minimum=0,
        maximum=MAX_HAND,
    )
    boom_cards: int = option(1, N_("BOOM cards in each starting hand"), minimum=0, maximum=MAX_HAND)
    start_gold: int = option(
        1, N_("gold coins each player starts with (worth 5 silver)"), minimum=0, maximum=20
    )
    start_silver: int = option(
        8, N_("silver coins each player starts with"), minimum=0, maximum=100
    )
    claims: bool = option(
        True,
        N_(
            "a picker may say what the card is (true or a lie); false: every pick is made "
            "without a word (a smaller game, for solvers)"
        ),
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        size = self.pay_cards + self.steal_cards + self.boom_cards
        if not 3 <= size <= MAX_HAND:
            raise OptionError(
                t(
                    "a starting hand holds 3 to {most} cards (pay_cards + steal_cards + "
                    "boom_cards), not {size}",
                    most=MAX_HAND,
                    size=size,
                )
            )


PRESETS: Final[dict[str, dict[str, object]]] = {
    "quick": {"mode": "quick"},
    "advanced": {"advanced": True},
    "no-characters": {"characters": "none"},
    # the smallest full game, small enough for OpenSpiel to solve with two players
    # (clickbox.rl.solving; rules decision boom-small-game)
    "small": {
        "characters": "none",
        "shootouts": 1,
        "pay_cards": 1,
        "steal_cards": 1,
        "boom_cards": 1,
        "start_gold": 0,
        "start_silver": 2,
        "claims": False,
    },
}
