"""Options and presets of Click Clack: the readings of the rulebook that tables differ on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core import ParamsBase, option
from ...core.i18n import N_
from .board import GEOMETRIES


@dataclass(frozen=True)
class ClickClackParams(ParamsBase):
    """See ``docs/rules-decisions.md`` (``clickbox rules click-clack``)."""

    freddy_scares: str = option(
        "section",
        N_(
            "only the squirrels in the section Freddy enters flee to the tree trunk, or every "
            "squirrel on the board flees"
        ),
        choices=("section", "all"),
        label=N_("Who flees from Freddy"),
        words=(N_("squirrels in his section"), N_("every squirrel")),
    )
    see_through: bool = option(
        False,
        N_(
            "a disc under a vacant hole can be seen (the rulebook: 'it doesn't matter whether "
            "you can see any food discs in the holes or not')"
        ),
        label=N_("Discs seen through vacant holes"),
    )
    no_move_turn: str = option(
        "optional",
        N_(
            "when the die leaves you no move (it shows Freddy's section), turning the board one "
            "click is allowed (you may also leave it as it is; the rulebook: 'You are allowed to "
            "turn the board even if you cannot move your piece') or required, as after a move"
        ),
        choices=("optional", "forced"),
        label=N_("Turning the board without a move"),
        words=(N_("allowed"), N_("required")),
    )
    board: str = option(
        "rings",
        N_("the model of the box bottom and the turning board (hollows, holes, click positions)"),
        choices=tuple(GEOMETRIES),
        label=N_("Board model"),
        words=(N_("rings"),),
    )


PRESETS: Final[dict[str, dict[str, object]]] = {
    "see-through": {"see_through": True},
    "all-flee": {"freddy_scares": "all"},
    "forced-turn": {"no_move_turn": "forced"},
}

PRESET_WORDS: Final[dict[str, tuple[str, str]]] = {
    "see-through": (N_("See-through holes"), N_("A disc under a vacant hole can be seen")),
    "all-flee": (N_("All flee"), N_("Freddy scares every squirrel on the board")),
    "forced-turn": (N_("Forced turn"), N_("With no move you must still turn the board")),
}
"""Each preset's name in words and what it changes, in one line (marked with ``N_``)."""
