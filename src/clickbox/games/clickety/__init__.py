"""Clickety Clack (Ralf zur Linde, NSV 2025): a dice roll-and-write for 2-4 players.

Rules source: the English rulebook (``shared/rules/000``), A and B sides; board numbers no
source publishes are project defaults (``docs/rules-decisions.md``, ``clickbox rules
clickety-clack``).

Rules in one paragraph
    On your turn take a die from the pool, click it onto another die still in the pool and
    write the sum in the leftmost empty space of one of your five rows, if the row's rule
    allows it; the taken die leaves the pool. If you can't or won't, cross the leftmost
    failed-roll space, reroll the pool and go again; a second failure takes a die for nothing.
    Every player takes two dice a round (5/7/9 dice for 2/3/4 players); the last taker rerolls
    everything and starts the next round. At the end of a round in which someone has numbers
    past the finish line in 3 rows (B: 4), or in the last space of 2 rows, or 4 penalties, the
    game ends: each row scores the points under its rightmost number, minus penalties.

Notation (see :mod:`.actions`)
    ``6+5>3`` take a 6, click it onto a 5, write 11 in row 3; ``x`` failed roll; ``x6`` second
    failure, taking a 6; ``r4`` a die of the pool rolls 4 (chance). Rows are 1-5, top to bottom.

Options and presets
    ``side`` A|B (presets ``a-side``, ``b-side``); ``row5`` the ten pre-printed numbers of the A
    side's row 5 (default ``6-9-3-8-4-10-7-5-11-2``); ``points`` overrides the point table.

Hidden information
    None: every seat's view is the whole state (it carries ``me`` and the seat's legal moves).

Termination and scores
    ``Outcome.reason`` lists the conditions met (``rows-past-finish-line``, ``rows-full``,
    ``all-penalties``); scores are the final totals; every seat with the best total wins.

Version history
    0.1.0 first version.
"""

from .game import ClicketyClackGame
from .params import PRESETS, ClicketyClackParams
from .rules import ClicketyClackState, Termination

__all__ = [
    "PRESETS",
    "ClicketyClackGame",
    "ClicketyClackParams",
    "ClicketyClackState",
    "Termination",
]
