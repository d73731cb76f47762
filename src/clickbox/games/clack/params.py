"""Options and presets of Click Clack: the readings of the rulebook that tables differ on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core import ParamsBase, option
from ...core.i18n import N_
from .board import DISCS_PER_KIND, FACE_WEIGHTS, FREDDY, GEOMETRIES, WIN_SAME, WIN_TOTAL


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
    discs: int = option(
        0,
        N_(
            "food discs of each kind; 0: the rulebook's (4 with 2 players, 5 with 3, 6 with 4); "
            "at most 8 (no two discs may lie next to each other)"
        ),
        minimum=0,
        maximum=8,
        label=N_("Discs of each kind"),
        group="number",
    )
    win_total: int = option(
        WIN_TOTAL,
        N_("discs that win the game"),
        minimum=1,
        maximum=32,
        label=N_("Discs to win"),
        group="number",
    )
    win_same: int = option(
        WIN_SAME,
        N_("identical discs that win the game at once; more than the discs of a kind: never"),
        minimum=1,
        maximum=9,
        label=N_("Identical discs to win"),
        group="number",
    )
    freddy_faces: int = option(
        FACE_WEIGHTS[FREDDY],
        N_(
            "faces of the die showing Freddy, besides the 4 section faces (the rulebook's die: "
            "2 of its 6 faces); 0: Freddy never moves"
        ),
        minimum=0,
        maximum=8,
        label=N_("Freddy faces of the die"),
        group="number",
    )

    def discs_for(self, players: int) -> int:
        """Discs of each kind with ``players`` players."""
        return self.discs or DISCS_PER_KIND[players]


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
