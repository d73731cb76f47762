"""The Click Clack game object: catalog entry, options, notation and determinization."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...core import GameBase, Player, RulesDecision, StateBase, View
from ...core.i18n import N_
from . import actions
from .params import PRESET_WORDS, PRESETS, ClickClackParams
from .rules import ClickClackConfig, ClickClackState
from .view import full_view, make_view, state_from_view

if TYPE_CHECKING:
    import random  # only for annotations: rules code never draws random numbers

    from ...core.words import Narrator

RULES_SUMMARY = N_(
    """\
Food discs (hazelnut, blueberry, chestnut, fir cone; 4, 5 or 6 of each for 2, 3 or 4 players) \
lie face down in the hollows of the box, never next to one another, under a turning board with \
16 feeding holes in four sections: Frog, Butterfly, Snail and Beetle. Nobody sees them. On \
your turn roll the die. A section symbol: put your squirrel in a vacant hole of that section \
(already there: move within it, or anywhere vacant if the section is full); if Freddy the \
Piglet is in that section your squirrel stays where it is. Freddy (two faces): place or move \
Freddy to another section; the squirrels there flee to the tree trunk and come back only on \
the roll of a section without Freddy. Then turn the board one click, either way; if the die \
showed Freddy's section, so that your squirrel could not move, you may also leave the board as \
it is. \
Whenever a squirrel stands over a disc, after a placement or a turn of the board, its owner \
collects it at once, whoever's turn it is. The first to collect 7 discs, or 4 identical discs, \
wins at once."""
)

RULES_DECISIONS = (
    RulesDecision(
        "clack-geometry",
        N_("The board's geometry"),
        N_(
            '"The food discs are placed in the round hollows with the sticker facing down. Food '
            "discs may not be placed next to one another, but they are allowed to border on one "
            'another diagonally." "Always turn the grip hole from one cavity to the next." The '
            "rulebook gives neither the hollows nor the click positions, so the geometry is data "
            "(option `board`): by default 4 concentric rings of 16 hollows; next to means the same "
            "ring and the slot beside it, or the same slot on the ring beside it (diagonal "
            "neighbours are allowed). Each section has one hole over each ring, hole r of section "
            "k over slot 4k + r + rotation of ring r, so the board's 16 holes always lie over 16 "
            "different hollows and every hollow lies under some hole at some rotation. One click "
            "turns the board one slot, either way, round and round (16 rotations). A disc is "
            "collected only at rest."
        ),
    ),
    RulesDecision(
        "clack-layout",
        N_("How the discs are hidden"),
        N_(
            '"The discs are distributed as follows ... two players: 4 discs of each kind; three '
            'players: 5 discs of each kind; four players: 6 discs of each kind." The layout is '
            "drawn uniformly at random among all legal layouts (every set of hollows no two of "
            "which are next to each other equally likely, then every arrangement of the kinds), "
            "as one chance step per column of hollows (one slot of the four rings) with the exact "
            "probability a uniform layout gives it; the counts come from a transfer-matrix count "
            "of the legal layouts. Placing the discs one at a time, each in a hollow chosen "
            "uniformly among those still allowed, would favour some layouts, and on this board it "
            "often leaves no room for the 24th disc. The setup's steps are hidden from every view "
            "(they read `?` in the log); the board starts at rotation 0."
        ),
    ),
    RulesDecision(
        "clack-hidden",
        N_("Who sees the discs"),
        N_(
            "\"Note: When you use your squirrel, it doesn't matter whether you can see any food "
            "discs in the holes or not. You can also look whenever you like to see if your "
            'squirrel has "attracted" any food discs." By default nobody sees a disc before it is '
            "collected; what everyone knows is public: every collection (the hole, the rotation, "
            "the hollow under it and the kind) and the hollows a squirrel stood over at rest "
            "without collecting anything. Option `see_through=true`: a disc under a vacant hole "
            "can be seen (by everyone) whenever the board is at rest. Every seat's view is the "
            "same but for `me` and `legal`; the layout is in no view, a spectator's included."
        ),
    ),
    RulesDecision(
        "clack-first-player",
        N_("Who starts, and the order of play"),
        N_(
            '"Are you the youngest player? If so, you can start." "Pass the dice to the player on '
            'your left who now continues the game." Seat 0 starts; play passes to seat + 1. The '
            "squirrels start in front of their players and Freddy on the tree trunk."
        ),
    ),
    RulesDecision(
        "clack-placing",
        N_("Placing and moving the squirrel"),
        N_(
            '"If the dice shows one of the 4 symbols ... you must position your squirrel piece in '
            "the section of the board with the same symbol. When doing so, you must always place "
            'your figure in a vacant feeding hole." "Note: If the dice shows the section you are '
            "already in, you can move your squirrel to any vacant hole within this section. If all "
            "of the feeding holes are occupied, you can move your piece to any vacant feeding "
            'hole." A squirrel already in the rolled section may also stay where it is (`stay`: '
            '"can"). "All of the feeding holes" is read as the rolled section\'s holes: when none '
            "of them is vacant the squirrel may go to any vacant hole outside Freddy's section "
            "(with at most four squirrels this happens only to a squirrel already in that "
            "section). A squirrel at home or on the tree trunk is placed the same way."
        ),
    ),
    RulesDecision(
        "clack-freddy",
        N_("Freddy the Piglet"),
        N_(
            '"If the dice shows the "Freddy" symbol, you can position Freddy in any desired '
            'section of the board or move him from one area to another." "You must either place '
            'Freddy on the board or move him from one section to another." "Once Freddy has been '
            "released in an area, all of the squirrels flee.\" The die's Freddy face obliges the "
            "player to put Freddy in a section other than his current one. Which squirrels flee "
            "is ambiguous: by default (option `freddy_scares=section`) the squirrels in the "
            "section Freddy enters, as Nina's example shows (Robin's squirrel leaves the "
            "Butterfly section) and as the rule that squirrels cannot enter Freddy's section "
            "implies; `freddy_scares=all` sends every squirrel on the board to the tree trunk. "
            '"If you throw the symbol of the section in which Freddy is currently located, you '
            "cannot place your squirrel piece in that section or move it there from another "
            'area. In this case, your squirrel must stay where it is": the player has no move '
            "and goes on to the turn of the board (clack-turn-without-move). A squirrel on the "
            "trunk comes back on any other section's symbol."
        ),
    ),
    RulesDecision(
        "clack-turning",
        N_("Turning the board"),
        N_(
            '"Once you have moved your squirrel or Freddy, you must turn the board in any desired '
            'direction. Always turn the grip hole from one cavity to the next." "Note: You are '
            'allowed to turn the board even if you cannot move your piece." A turn in which the '
            "player moved their squirrel or Freddy, or let the squirrel stay by choice (`stay`), "
            "ends with exactly one click, clockwise (`cw`, rotation + 1) or anticlockwise "
            "(`ccw`), chosen by the current player. A turn without a move: "
            "clack-turn-without-move."
        ),
    ),
    RulesDecision(
        "clack-turn-without-move",
        N_("Turning the board when the squirrel cannot move"),
        N_(
            '"Note: You are allowed to turn the board even if you cannot move your piece." The '
            "note grants a permission, not a duty: the duty to turn is written for the player who "
            'has moved ("Once you have moved your squirrel or Freddy, you must turn the board"), '
            'and when the die shows the section Freddy is in, the player cannot move ("your '
            'squirrel must stay where it is"). By default (option `no_move_turn=optional`) that '
            "player turns the board one click either way (`cw`, `ccw`) or leaves it as it is "
            "(`noturn`: the board stays at rest, nobody collects anything, the die passes on). A "
            "squirrel that stays by choice (`stay`, the die showing its own section) could have "
            "moved, so its player must turn the board. Option `no_move_turn=forced` (preset "
            "`forced-turn`) is the reading of tables that take every turn as the rulebook's two "
            'steps ("Place a piece. Turn the board.") and the note as only saying that the second '
            "step still comes: the board is always turned one click."
        ),
    ),
    RulesDecision(
        "clack-collecting",
        N_("Collecting discs"),
        N_(
            '"When a squirrel "attracts" a food disc by turning the board (there is an audible '
            '"click"), the disc can be gathered in immediately. Each player collects the discs '
            'from their own squirrel whether it is their turn or not." A squirrel collects the '
            "disc under it at rest: right after it is placed or moved there, and after every turn "
            "of the board (every squirrel on the board, its owner collecting whoever's turn it "
            "is). A squirrel that stays, flees or waits on the trunk collects nothing."
        ),
    ),
    RulesDecision(
        "clack-end",
        N_("Winning, ties and running out of discs"),
        N_(
            '"The game ends when you have stolen 7 titbits from Freddy and collected them in your '
            'tree trunk. You can win prematurely, however, by collecting 4 identical food discs." '
            "A player with 7 discs or 4 of one kind wins at once, even before the board is turned. "
            "Several players can reach it with the same turn of the board: they share the "
            "victory. If the last disc is collected and nobody has won (possible only with four "
            "players, each then holding 6 discs, at most 3 of a kind), the players with the most "
            "discs share the victory. A player's score is the number of discs in their tree "
            "trunk. The rulebook names only the winners; results rank the winners first (4 "
            "identical discs beat 6 mixed ones), then everyone else by their discs, equal discs "
            "sharing a place, as ratings and statistics rank every game."
        ),
    ),
)


class ClickClackGame(GameBase):
    """Click Clack (Haselnuss-Bande), 2-4 players: magnetic squirrels find hidden food discs."""

    name: ClassVar[str] = "click-clack"
    key: ClassVar[str] = "clack"
    aliases: ClassVar[tuple[str, ...]] = ("click_clack", "clickclack", "haselnuss-bande")
    title: ClassVar[str] = "Click Clack"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 2
    has_chance: ClassVar[bool] = True
    perfect_information: ClassVar[bool] = False  # nobody sees the discs
    Params = ClickClackParams
    presets = PRESETS
    preset_words = PRESET_WORDS
    rules_summary: ClassVar[str] = RULES_SUMMARY
    rules_decisions: ClassVar[tuple[RulesDecision, ...]] = RULES_DECISIONS

    def __init__(self, num_players: int | None = None, params: ClickClackParams | None = None):
        super().__init__(num_players, params)
        p = self.params
        assert isinstance(p, ClickClackParams)
        config = ClickClackConfig(p, self.num_players)
        self.config = config
        # The same tables, published for bots, the terminal and tests.
        self.geometry = config.geometry
        self.layout = config.layout
        self.per_kind: int = config.per_kind
        self.total_discs: int = config.total_discs
        self.win_total: int = config.win_total
        self.win_same: int = config.win_same
        self.see_through: bool = config.see_through
        self.scare_all: bool = config.scare_all
        self.no_move_choice: bool = config.no_move_choice
        self.hole_sections: tuple[int, ...] = config.hole_sections
        self.section_holes: tuple[tuple[int, ...], ...] = config.section_holes
        self.under: tuple[tuple[int, ...], ...] = config.under
        self.rotations: int = config.rotations
        self.roll_outcomes: tuple[tuple[int, float], ...] = config.roll_outcomes
        self.freddy_moves: tuple[tuple[int, ...], ...] = config.freddy_moves

    def hide_outcomes(
        self, column: int, before: int, first: int, discs: int, kinds: tuple[int, ...]
    ) -> tuple[tuple[int, float], ...]:
        """The chance outcomes of hiding ``column`` (see :meth:`ClickClackConfig.hide_outcomes`)."""
        return self.config.hide_outcomes(column, before, first, discs, kinds)

    def new_initial_state(self) -> ClickClackState:
        """The discs to hide, then seat 0's first roll."""
        return ClickClackState(self, self.config)

    def action_to_string(self, action: int) -> str:
        """See :mod:`.actions` for the notation."""
        return actions.to_string(action)

    def narrator(self, viewer: Player | None) -> Narrator:
        """The log told by turn, from ``viewer``'s entries alone (see :mod:`.words`)."""
        from .words import ClackNarrator

        return ClackNarrator(self, viewer, self.config)

    def describe_action(self, action: int) -> str:
        """The action in words."""
        return actions.describe(action)

    def parse_action(self, text: str) -> int:
        """See :mod:`.actions` for the notation."""
        return actions.parse(text)

    def view_of(self, state: StateBase, seat: Player | None, history: bool = True) -> View:
        """What ``seat`` sees (see :mod:`.view`)."""
        assert isinstance(state, ClickClackState)
        return make_view(state, seat, history=history)

    def state_from_view(self, view: View, rng: random.Random) -> ClickClackState:
        """A state showing what ``view`` shows, with a layout sampled from the public record."""
        return state_from_view(self, self.config, view, rng)

    def full_view(self, state: StateBase) -> View:
        """``view(None)`` and the disc layout still under the board (a finished game's replay)."""
        assert isinstance(state, ClickClackState)
        return full_view(state)
