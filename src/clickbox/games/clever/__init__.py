"""That's Pretty Clever / Ganz schön clever (Wolfgang Warsch, Schmidt Spiele 2018): dice
roll-and-write for 1-4 players, with a solo mode.

Rules source: the rulebook (``shared/rules/002``); the exact score sheet, tracks and solo rules
from ``shared/data/clever.md``. Decisions where the text is silent: ``docs/rules-decisions.md``
(``clickbox rules clever``).

Rules in one paragraph
    The active player rolls the six dice, picks one onto a die space and writes it in the area
    of its colour (white is wild; blue always writes blue + white); dice lower than the pick go
    to the silver platter; the rest are rolled again, three picks at most. Then the passive
    players each take a platter die at the same time. Areas: yellow (cross the number), blue
    (cross the sum), green (left to right, at least the box's number), orange (write the value,
    x2/x3 boxes), purple (ascending, anything after a 6). Bonuses chain; rerolls and +1 are
    saved on action tracks. 6 rounds with 1-2 players, 5 with 3, 4 with 4. Solo: after each
    active turn roll all six, the three lowest go to the platter, take one.

Notation (see :mod:`.actions`)
    ``w>B7`` pick/take the white die as blue 7; ``y>Y13`` the yellow die on row 1, column 3;
    ``g>G``, ``o>O``, ``p>P``; ``+w>P`` an extra-die action; ``X:Y13``, ``X:B7``, ``X:G`` a
    cross bonus; ``6:O``, ``6:P`` the round-4 black 6; ``y>-`` put an unusable die aside;
    ``reroll``; ``forfeit`` (a roll with no usable die, option ``forfeit_rolls``); ``done``;
    chance: ``r4`` (the next die rolls 4), ``near:w`` (solo ties).

Options and presets
    ``orange_bonus_multiplied`` (default true), ``wasted_picks`` (false), ``forfeit_rolls``
    (false: a roll with no usable die puts a die on a die space; true: the roll is forfeited, no
    die moves), ``passive_optional`` (false), ``solo_ties`` random|colour-order. Preset
    ``free-choice``: wasted picks and optional passive takes; ``free-choice-forfeit``: those and
    forfeited rolls (the independent solo engine's readings).

Rule numbers (options of ``group="number"``, the rulebook's by default)
    ``rounds`` (0: 6 with 1-2 players, 5 with 3, 4 with 4), ``round_bonuses`` (the round track,
    ``reroll-plus1-reroll-black``; words reroll, plus1, black, none), ``picks`` (3 die spaces),
    ``solo_platter`` (the 3 lowest dice of the solo passive roll), ``reroll_spaces`` and
    ``plus_one_spaces`` (7 spaces on each action track; 0: none), ``start_rerolls`` and
    ``start_plus_ones`` (0 circled at the start). The view's ``layout`` carries the round track
    and the tracks of the game (``die_spaces``, ``solo_platter``, ``reroll_spaces`` and
    ``plus_one_spaces`` only where they are not the rulebook's); the solo rating is given only
    for a game of the rulebook's numbers.

Hidden information
    Only the passive players' simultaneous choice, hidden from the other seats until all have
    chosen. Everything else is public.

Termination and scores
    The game ends after the last round's last turn and every seat's last extra-die stage
    (``final-extra``, in seat order, each die once in it): ``reason`` ``last-round``; scores
    are the sheet totals; the best total wins, then the best single area, then the win is
    shared. Solo views carry the rulebook's rating once the game is over.

Version history
    0.1.0 first version.
    0.2.0 option ``forfeit_rolls`` (a roll no die of which can be used is forfeited: no die moves,
    the pool is rolled again while rolls remain; action ``forfeit``); after the last turn every
    seat has a last extra-die stage (``final-extra``), once the passive players have written,
    in which each die may serve once more; views carry ``phase`` (the stage in words) and
    ``forfeited``.
"""

from .game import CleverGame
from .params import PRESETS, CleverParams
from .rules import CleverState
from .sheet import Sheet

__all__ = ["PRESETS", "CleverGame", "CleverParams", "CleverState", "Sheet"]
