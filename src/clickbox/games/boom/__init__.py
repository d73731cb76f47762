"""Click Click Boom: a bluffing card game for 2-6 players in which you never look at your own
hand; your neighbours pick the cards you play, and may lie about them.

Rules source: the rulebook (``shared/rules/001``). Decisions where the text is silent:
``docs/rules-decisions.md`` (``clickbox rules click-click-boom``).

Rules in one paragraph
    Each player holds six cards facing the others (full game: 3 Click: Pay 1, 2 Click: 2
    Stolen, 1 BOOM). On your turn your left neighbour picks a card from your hand for your left
    side, with a claim, then your right neighbour another for your right side. After everyone's
    turn, the showdown: everyone chooses left or right at once and reveals it: Pay puts 1
    silver in the pot, Stolen gives 2 silver to the neighbour on that side, BOOM eliminates you
    from the shootout (the coins move at once). Then every living player at once passes the
    unrevealed card or a random card, face down, in the token's direction; the token moves left
    and flips. A shootout ends when every living
    player has one card left or at most one is alive; the survivors split the pot. Two players
    left play the stand-off (your right card is drawn at random from your own hand). Ante 1 per
    shootout; dues after it (survivors 2, others 1). After three shootouts the most coins win.
    Characters have an ability each, once per shootout. The last player to blow up, in any
    shootout, is First Player of the next.

Notation (see :mod:`.actions`)
    ``L2:boom`` (as the left neighbour, take hand card 2, claiming BOOM; the index is into the
    hand as the views show it), ``R0`` (no claim), ``R=`` (Advanced: the same card);
    ``left``/``right`` at the showdown; ``pass:unrevealed``/``pass:random``; abilities ``swap:3``
    (Felix), ``peek`` (Jill), ``force:2:left`` (Brandon), ``ask:left`` (Heather), ``save``
    (Carla), ``loot`` (Rory), or ``skip``; ``char:felix`` (option characters=chosen); chance:
    ``draw:3`` (a card drawn at random from a hand, by index), ``deal:felix``, ``tie:2``.

Options and presets
    ``mode`` full|quick, ``advanced`` (false), ``characters`` random|chosen|none, ``shootouts``
    (3), ``showdown_coins`` simultaneous|seat-order. Presets ``quick``, ``advanced``,
    ``no-characters``.

Hidden information
    A seat never sees its own hand (a count) or its own table cards (backs and claims), except
    what Heather is told and the card Jill looked at; it sees the other living hands and table
    cards, every played pile but the card Carla put in hers face down; eliminated players'
    cards are face down; showdown choices and passes are hidden until all are in, and a card
    passed at random is face down for everyone until it is in the receiver's hand. After
    ``R=`` the right neighbour's claim is about the left card (``same_claim``). The view's
    ``log`` is the one place that says which moves a seat may read (``"?"``, ``L?:boom``).
    Views show card kinds, never card ids. ``state_from_view`` deals the unseen cards from what
    the viewer can deduce.

Termination and scores
    After the last shootout (``reason`` ``most coins``, with the tie-breaks named); scores are
    each seat's coin value in silver, also for tied players: the winners the tie-breaks chose
    are the outcome's ``winners`` (boom-tie-break). Quick Play: 1 for each survivor (``survived
    the shootout``; if all blew up, those of the last showdown), 0 otherwise.

Version history
    0.1.0 first version.
    0.2.0 the audit's fixes (issue 15): Carla's card lies face down; the pass is simultaneous
    and face down; the First Player is whoever last blew up in any earlier shootout; after
    ``R=`` the claim goes with the left card; the showdown's coins move at once (option
    ``showdown_coins``, seat-order as before).
"""

from .game import BoomGame
from .params import PRESETS, BoomParams
from .rules import BoomState

__all__ = ["PRESETS", "BoomGame", "BoomParams", "BoomState"]
