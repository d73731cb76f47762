"""Options and presets of Click Click Boom: the rulebook's variants and how characters are had."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core import OptionError, ParamsBase, option
from ...core.i18n import N_, t
from .board import (
    ANTE,
    OTHER_DUES,
    PAY_AMOUNT,
    RORY_LOOT,
    START_GOLD,
    START_SILVER,
    STEAL_AMOUNT,
    WINNER_DUES,
)

MAX_HAND: Final = 6
"""The most cards a hand may start with (a pick names one of at most six cards)."""
AMOUNT_MAX: Final = 20
"""The most silver an ante, a card, the dues or Rory's loot per card may be."""
START_COINS_MAX: Final = 200
"""The most coins a player may start with (as start_gold and start_silver at their most)."""


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
        group="number",
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
        group="number",
    )
    steal_cards: int = option(
        2,
        N_("Click: 2 Stolen cards in each starting hand (Quick Play: Click cards)"),
        minimum=0,
        maximum=MAX_HAND,
        label=N_("Steal cards in a starting hand"),
        group="number",
    )
    boom_cards: int = option(
        1,
        N_("BOOM cards in each starting hand"),
        minimum=0,
        maximum=MAX_HAND,
        label=N_("BOOM cards in a starting hand"),
        group="number",
    )
    start_gold: int = option(
        START_GOLD,
        N_("gold coins each player starts with (worth 5 silver)"),
        minimum=0,
        maximum=20,
        label=N_("Gold coins at the start"),
        group="number",
    )
    start_silver: int = option(
        START_SILVER,
        N_("silver coins each player starts with"),
        minimum=0,
        maximum=100,
        label=N_("Silver coins at the start"),
        group="number",
    )
    start_coins: int = option(
        0,
        N_(
            "the coins each player starts with, in silver: as many gold coins as fit (5 silver "
            "each), the rest in silver; 0: the gold and silver coins given apart (the rulebook's "
            "1 gold and 8 silver, 13)"
        ),
        minimum=0,
        maximum=START_COINS_MAX,
        label=N_("Coins at the start"),
        group="number",
    )
    ante: int = option(
        ANTE,
        N_("silver each player antes into the pot at the start of a shootout"),
        minimum=0,
        maximum=AMOUNT_MAX,
        label=N_("Ante"),
        group="number",
    )
    pay_amount: int = option(
        PAY_AMOUNT,
        N_("silver a revealed Click: Pay card puts into the pot"),
        minimum=0,
        maximum=AMOUNT_MAX,
        label=N_("Pay card amount"),
        group="number",
    )
    steal_amount: int = option(
        STEAL_AMOUNT,
        N_("silver a revealed Click: Stolen card gives to the neighbour on that side"),
        minimum=0,
        maximum=AMOUNT_MAX,
        label=N_("Steal card amount"),
        group="number",
    )
    winner_dues: int = option(
        WINNER_DUES,
        N_("silver each survivor of a shootout puts into the pot after it (not after the last)"),
        minimum=0,
        maximum=AMOUNT_MAX,
        label=N_("Dues of a survivor"),
        group="number",
    )
    other_dues: int = option(
        OTHER_DUES,
        N_(
            "silver each player who blew up puts into the pot after a shootout (not after the last)"
        ),
        minimum=0,
        maximum=AMOUNT_MAX,
        label=N_("Dues of the others"),
        group="number",
    )
    rory_loot: int = option(
        RORY_LOOT,
        N_("silver Rory Raccoon takes from the pot for each card in his played pile"),
        minimum=0,
        maximum=AMOUNT_MAX,
        label=N_("Rory's loot per card"),
        group="number",
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
        if self.start_coins and (
            self.start_gold != START_GOLD or self.start_silver != START_SILVER
        ):
            raise OptionError(
                t(
                    "option 'start_coins' gives the starting coins in silver; give it or "
                    "start_gold and start_silver, not both (got start_coins={coins}, "
                    "start_gold={gold}, start_silver={silver})",
                    coins=self.start_coins,
                    gold=self.start_gold,
                    silver=self.start_silver,
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
