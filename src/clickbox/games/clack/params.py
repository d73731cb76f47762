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
            "section: only the squirrels in the section Freddy enters flee to the tree trunk; "
            "all: every squirrel on the board flees"
        ),
        choices=("section", "all"),
    )
    see_through: bool = option(
        False,
        N_(
            "a disc under a vacant hole can be seen (the rulebook: 'it doesn't matter whether "
            "you can see any food discs in the holes or not')"
        ),
    )
    no_move_turn: str = option(
        "optional",
        N_(
            "optional: when the die leaves you no move (it shows Freddy's section) you may turn "
            "the board one click or leave it as it is (the rulebook: 'You are allowed to turn the "
            "board even if you cannot move your piece'); forced: you must turn it, as after a move"
        ),
        choices=("optional", "forced"),
    )
    board: str = option(
        "rings",
        N_("the model of the box bottom and the turning board (hollows, holes, click positions)"),
        choices=tuple(GEOMETRIES),
    )


PRESETS: Final[dict[str, dict[str, object]]] = {
    "see-through": {"see_through": True},
    "all-flee": {"freddy_scares": "all"},
    "forced-turn": {"no_move_turn": "forced"},
}
