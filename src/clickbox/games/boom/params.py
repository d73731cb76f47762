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
            "the full game (coins, characters, Pay and Steal cards) or Quick Play (no coins, no "
            "characters, 5 Click + 1 BOOM each, one shootout, the survivors win)"
        ),
        choices=("full", "quick"),
        label=N_("Game"),
        words=(N_("Full game"), N_("Quick Play")),
    )
    advanced: bool = option(
        False,
        N_(
            "Advanced Play: the right neighbour may pick the same card as the left one (the "
            "right card is then drawn at random), and the Advanced showdown's steal rules"
        ),
        label=N_("Advanced Play"),
    )
    characters: str = option(
        "random",
        N_(
            "dealt at random, chosen in turn (each seat chooses from those left) or no characters "
            "(Quick Play has none)"
        ),
        choices=("random", "chosen", "none"),
        label=N_("Characters"),
        words=(N_("dealt at random"), N_("chosen in turn"), N_("no characters")),
    )
    shootouts: int = option(
        3,
        N_("shootouts in a game (Quick Play always plays one)"),
        minimum=1,
        maximum=9,
        label=N_("Shootouts"),
    )
    showdown_coins: str = option(
        "simultaneous",
        N_(
            "all at once: the showdown's payments and steals happen together, each limited to what"
            " the player held when the cards were turned; in seat order: one player after the "
            "other from the First Player, coins just received paying for later payments"
        ),
        choices=("simultaneous", "seat-order"),
        label=N_("Showdown payments"),
        words=(N_("all at once"), N_("in seat order")),
    )
    pay_cards: int = option(
        3,
        N_("Click: Pay 1 cards in each starting hand (Quick Play: Click cards)"),
        minimum=0,
        maximum=MAX_HAND,
        label=N_("Pay cards in a starting hand"),
    )
    steal_cards: int = option(
        2,
        N_("Click: 2 Stolen cards in each starting hand (Quick Play: Click cards)"),
        minimum=0,
        maximum=MAX_HAND,
        label=N_("Steal cards in a starting hand"),
    )
    boom_cards: int = option(
        1,
        N_("BOOM cards in each starting hand"),
        minimum=0,
        maximum=MAX_HAND,
        label=N_("BOOM cards in a starting hand"),
    )
    start_gold: int = option(
        1,
        N_("gold coins each player starts with (worth 5 silver)"),
        minimum=0,
        maximum=20,
        label=N_("Gold coins at the start"),
    )
    start_silver: int = option(
        8,
        N_("silver coins each player starts with"),
        minimum=0,
        maximum=100,
        label=N_("Silver coins at the start"),
    )
    claims: bool = option(
        True,
        N_(
            "a picker may say what the card is (the truth or a lie); no: every pick is made "
            "without a word (a smaller game, for solvers)"
        ),
        label=N_("A picker may name the card"),
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

PRESET_WORDS: Final[dict[str, tuple[str, str]]] = {
    "quick": (N_("Quick Play"), N_("No coins, no characters, one shootout; the survivors win")),
    "advanced": (
        N_("Advanced Play"),
        N_("Both neighbours may pick the same card, and steals can be blocked"),
    ),
    "no-characters": (N_("No characters"), N_("The full game without characters")),
    "small": (
        N_("Small game"),
        N_("One shootout, three cards each, two silver coins, picks without a word"),
    ),
}
"""Each preset's name in words and what it changes, in one line (marked with ``N_``)."""
