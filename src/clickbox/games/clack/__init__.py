"""Click Clack (Haselnuss-Bande, Queen Games 2008): 2-4 players move magnetic squirrels over a
turning board to find food discs hidden in the box beneath; Freddy the Piglet chases them off.

Rules source: the rulebook (``shared/rules/003``); the board's geometry: ``shared/data/
click-clack.md``. Decisions where the text is silent: ``docs/rules-decisions.md`` (``clickbox
rules click-clack``).

Rules in one paragraph
    4/5/6 discs of each of four kinds (2/3/4 players) lie face down in the hollows of the box,
    never next to one another. On your turn roll the die: a section symbol puts your squirrel
    in a vacant hole of that section (already there: move within it or stay; the section full:
    any vacant hole), unless Freddy is there (then it stays where it is); Freddy (two faces)
    goes to another section and the squirrels there flee to the tree trunk. Then turn the board
    one click either way (a roll of Freddy's section leaves no move: then you may also leave the
    board as it is). A squirrel at rest over a disc collects it for its owner at once. The
    first to 7 discs or 4 of a kind wins.

Board (see :mod:`.board`)
    Option ``board`` names a :class:`.board.Geometry`; the default ``rings``: 4 rings of 16
    hollows, hole r of section k over slot 4k + r + rotation of ring r, 16 rotations.

Notation (see :mod:`.actions`)
    ``frog2`` (your squirrel to hole 2, counted from 0, of the Frog section: "hole 3" in words),
    ``stay``, ``freddy:snail``,
    ``cw``/``ccw`` (turn the board), ``noturn`` (leave it as it is, after no move); chance:
    ``roll:beetle``, ``roll:freddy``, ``hide:1h3f`` (a column of the layout: a hazelnut in its
    hollow 1, a fir cone in hollow 3).

Options and presets
    ``freddy_scares`` section|all (which squirrels flee), ``see_through`` (false: a disc under
    a vacant hole can be seen), ``no_move_turn`` optional|forced (after no move, may the board
    stay as it is), ``board`` (rings). Presets ``see-through``, ``all-flee``, ``forced-turn``.

Hidden information
    Nobody sees the discs: every view is the same but for ``me`` and ``legal``. Views show the
    squirrels, Freddy, the rotation, every collection (hole, rotation, hollow, kind), the
    hollows known empty and (``see_through``) the discs seen; never the layout.
    ``state_from_view`` samples a layout uniformly among those agreeing with all of that.

Termination and scores
    7 discs or 4 identical discs (``reason`` says which); several at once share the victory;
    no disc left: the most discs. Scores 1 for a winner, 0 otherwise.

Version history
    0.1.0 first version.
    0.2.0 a player whose squirrel cannot move may leave the board unturned (``noturn``); option
    ``no_move_turn=forced`` keeps the old forced turn.
"""

from .game import ClickClackGame
from .params import PRESETS, ClickClackParams
from .rules import ClickClackState

__all__ = ["PRESETS", "ClickClackGame", "ClickClackParams", "ClickClackState"]
