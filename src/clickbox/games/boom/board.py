"""The components of Click Click Boom as data: card kinds, decks, characters, coins.

Cards are plain ints (ids ``0 .. 6N-1``). The ids are laid out by kind — every Pay id is below
every Steal id, every Steal id below every BOOM id — so a hand kept as a sorted tuple of ids is
in the canonical order "by kind, then id" that views and pick indices use. Ids never leave the
engine: views show kinds.
"""

from __future__ import annotations

from typing import Final

from ...core.i18n import N_

# Card kinds. Quick Play has plain Click cards (no money) instead of Pay and Steal.
PAY: Final = 0  # Click: Pay 1 Coin To Pot
STEAL: Final = 1  # Click: 2 Coins Stolen
CLICK: Final = 2  # Quick Play: a safe Click card
BOOM: Final = 3
KIND_NAMES: Final = ("pay", "steal", "click", "boom")
KIND_WORDS: Final = (N_("Click: Pay 1"), N_("Click: 2 Stolen"), N_("Click"), N_("BOOM"))
"""The kinds in words, as a claim is said (translated where shown: ``t(KIND_WORDS[kind])``)."""

# Claims made while picking a card (public, may be a lie): none, or a kind.
NO_CLAIM: Final = 0
CLAIM_NAMES: Final = ("", "pay", "steal", "click", "boom")  # claim c names kind c - 1
FULL_CLAIMS: Final = (0, 1, 2, 4)  # none, pay, steal, boom
QUICK_CLAIMS: Final = (0, 3, 4)  # none, click, boom

# Table sides (and showdown choices).
LEFT: Final = 0
RIGHT: Final = 1
SIDE_NAMES: Final = ("left", "right")

# Characters, in the rulebook's order.
CARLA: Final = 0
BRANDON: Final = 1
HEATHER: Final = 2
FELIX: Final = 3
RORY: Final = 4
JILL: Final = 5
CHARACTER_KEYS: Final = ("carla", "brandon", "heather", "felix", "rory", "jill")
CHARACTER_NAMES: Final = (
    "Carla Coyote",
    "Brandon Bull",
    "Heather Horse",
    "Felix Fox",
    "Rory Raccoon",
    "Jill Jackrabbit",
)
CHARACTER_TITLES: Final = (  # translated where shown (the names are proper names)
    N_("The Card Shark"),
    N_("The Deputy"),
    N_("The Sheriff"),
    N_("The Grifter"),
    N_("The Outlaw"),
    N_("The Quickdraw"),
)
NO_CHARACTER: Final = -1

# Coins: every player starts with 1 gold and 8 silver (1 gold is worth 5 silver). These and the
# amounts below are the rulebook's numbers, the defaults of the options (``params``); the rules
# read the options (``BoomConfig``), never these.
GOLD_VALUE: Final = 5
START_GOLD: Final = 1
START_SILVER: Final = 8
ANTE: Final = 1  # "Each player antes 1 coin"
PAY_AMOUNT: Final = 1  # "Click: Pay 1 Coin To Pot"
STEAL_AMOUNT: Final = 2  # "Click: 2 Coins Stolen"
WINNER_DUES: Final = 2  # "Any player who won the Shootout puts 2 silver into the winning pot"
OTHER_DUES: Final = 1  # "All other players put 1 coin (if possible)"
RORY_LOOT: Final = 1  # Rory: "coins from the pot equal to the number of cards" (1 a card)

HAND_SIZE: Final = 6
FULL_HAND: Final = (PAY, PAY, PAY, STEAL, STEAL, BOOM)
QUICK_HAND: Final = (CLICK, CLICK, CLICK, CLICK, CLICK, BOOM)


def hand_layout(quick: bool, pay: int = 3, steal: int = 2, boom: int = 1) -> tuple[int, ...]:
    """The kinds of a starting hand, in order: ``pay`` Pay, ``steal`` Steal and ``boom`` BOOM
    cards (Quick Play reads its money-free Click cards off the same Pay and Steal cards).

    >>> hand_layout(False) == FULL_HAND and hand_layout(True) == QUICK_HAND
    True
    """
    if quick:
        return (CLICK,) * (pay + steal) + (BOOM,) * boom
    return (PAY,) * pay + (STEAL,) * steal + (BOOM,) * boom


def deck(
    players: int, layout: tuple[int, ...] = FULL_HAND
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The kind of every card id, and each seat's starting hand (sorted ids).

    >>> kinds, hands = deck(2)
    >>> [KIND_NAMES[kinds[c]] for c in hands[1]]
    ['pay', 'pay', 'pay', 'steal', 'steal', 'boom']
    >>> hands[1]
    (3, 4, 5, 8, 9, 11)
    """
    order = sorted(set(layout))
    kinds: list[int] = []
    first_id: dict[int, int] = {}
    for kind in order:
        first_id[kind] = len(kinds)
        kinds.extend([kind] * (layout.count(kind) * players))
    hands = []
    for seat in range(players):
        hand: list[int] = []
        for kind in order:
            per_seat = layout.count(kind)
            start = first_id[kind] + per_seat * seat
            hand.extend(range(start, start + per_seat))
        hands.append(tuple(hand))
    return tuple(kinds), tuple(hands)


def composition(players: int, layout: tuple[int, ...] = FULL_HAND) -> tuple[int, ...]:
    """How many cards of each kind the game holds (indexed by kind)."""
    return tuple(layout.count(kind) * players for kind in range(len(KIND_NAMES)))
