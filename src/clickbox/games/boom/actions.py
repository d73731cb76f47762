"""Action codes of Click Click Boom and their notation (printer and parser).

A pick names a card by its index in the current player's hand, in the canonical order every
view shows (by kind, then card): ``L2`` is the third card of the hand as the other players see
it. Claims are what the picker says about the card (public, and may be a lie).

==================  ======================  =================================================
notation            code                    meaning
==================  ======================  =================================================
``L2:boom``         ``100 + 10*i + c``      left neighbour: take hand card ``i`` as the
                                            current player's left card, claiming BOOM
``R0``              ``200 + 10*i + c``      right neighbour: take card ``i`` as the right
                                            card, no claim
``R=:steal``        ``260 + c``             Advanced Play: the right neighbour picks the same
                                            card as the left one (the right card is then
                                            drawn at random)
``left``/``right``  ``10`` / ``11``         showdown: reveal the left / right card (in the
                                            2-player stand-off: trust / chance)
``pass:unrevealed`` ``20``                  pass the card not revealed
``pass:random``     ``21``                  pass a random card from the hand
``skip``            ``30``                  do not use the ability now
``peek``            ``31``                  Jill: look at one card of the hand
``save``            ``32``                  Carla: the BOOM goes back into the hand
``loot``            ``33``                  Rory: take coins from the pot
``ask:left``        ``34`` / ``35``         Heather: the neighbour who picked the left
                                            (right) card tells her what it is
``swap:3``          ``40 + seat``           Felix: swap hands with seat 3
``force:2:left``    ``50 + 2*seat + side``  Brandon: seat 2 must reveal its left card
``char:felix``      ``70 + character``      choose a character (option characters=chosen)
``draw:3``          ``1000 + i``            chance: hand card ``i`` is drawn at random
``deal:felix``      ``1100 + character``    chance: the next seat is dealt Felix Fox
``tie:2``           ``1200 + seat``         chance: the final draw of a tie goes to seat 2
==================  ======================  =================================================

Claims ``c``: 0 none, 1 ``pay``, 2 ``steal``, 3 ``click`` (Quick Play), 4 ``boom``.
"""

from __future__ import annotations

import re
from typing import Final

from ...core import InvalidActionError
from ...core.i18n import N_, t
from .board import CHARACTER_KEYS, CHARACTER_NAMES, CLAIM_NAMES, KIND_WORDS, SIDE_NAMES

PICK_LEFT_BASE: Final = 100
PICK_RIGHT_BASE: Final = 200
SAME_INDEX: Final = 6  # R= is encoded as index 6 of a right pick
CHOOSE_LEFT: Final = 10
CHOOSE_RIGHT: Final = 11
PASS_UNREVEALED: Final = 20
PASS_RANDOM: Final = 21
SKIP: Final = 30
PEEK: Final = 31
SAVE: Final = 32
LOOT: Final = 33
ASK_LEFT: Final = 34
ASK_RIGHT: Final = 35
SWAP_BASE: Final = 40
FORCE_BASE: Final = 50
CHAR_BASE: Final = 70
DRAW_BASE: Final = 1000
DEAL_BASE: Final = 1100
TIE_BASE: Final = 1200
MAX_SEATS: Final = 6
MAX_INDEX: Final = 6  # a hand never holds more than six cards
CHANCE_BASE: Final = DRAW_BASE


def pick(side: int, index: int, claim: int = 0) -> int:
    """Take card ``index`` of the current player's hand for its ``side`` card, claiming."""
    return PICK_LEFT_BASE + 100 * side + 10 * index + claim


def same(claim: int = 0) -> int:
    """Advanced Play: the right neighbour picks the same card as the left neighbour."""
    return PICK_RIGHT_BASE + 10 * SAME_INDEX + claim


def swap(seat: int) -> int:
    """Felix swaps hands with ``seat``."""
    return SWAP_BASE + seat


def force(seat: int, side: int) -> int:
    """Brandon forces ``seat`` to reveal its ``side`` card."""
    return FORCE_BASE + 2 * seat + side


def char(character: int) -> int:
    """A seat chooses ``character``."""
    return CHAR_BASE + character


def draw(index: int) -> int:
    """Chance: card ``index`` of a hand is drawn at random."""
    return DRAW_BASE + index


def deal(character: int) -> int:
    """Chance: the next seat is dealt ``character``."""
    return DEAL_BASE + character


def tie(seat: int) -> int:
    """Chance: the final draw of a tie goes to ``seat``."""
    return TIE_BASE + seat


def is_valid_code(action: int) -> bool:
    """True if ``action`` is the code of some action of the game."""
    if PICK_LEFT_BASE <= action < PICK_RIGHT_BASE + 100:
        side, rest = divmod(action - PICK_LEFT_BASE, 100)
        index, claim = divmod(rest, 10)
        limit = SAME_INDEX if side == 0 else SAME_INDEX + 1
        return index < limit and claim < len(CLAIM_NAMES)
    return (
        action in (CHOOSE_LEFT, CHOOSE_RIGHT, PASS_UNREVEALED, PASS_RANDOM)
        or SKIP <= action <= ASK_RIGHT
        or SWAP_BASE <= action < SWAP_BASE + MAX_SEATS
        or FORCE_BASE <= action < FORCE_BASE + 2 * MAX_SEATS
        or CHAR_BASE <= action < CHAR_BASE + len(CHARACTER_KEYS)
        or DRAW_BASE <= action < DRAW_BASE + MAX_INDEX
        or DEAL_BASE <= action < DEAL_BASE + len(CHARACTER_KEYS)
        or TIE_BASE <= action < TIE_BASE + MAX_SEATS
    )


_SIMPLE: Final = {
    CHOOSE_LEFT: "left",
    CHOOSE_RIGHT: "right",
    PASS_UNREVEALED: "pass:unrevealed",
    PASS_RANDOM: "pass:random",
    SKIP: "skip",
    PEEK: "peek",
    SAVE: "save",
    LOOT: "loot",
    ASK_LEFT: "ask:left",
    ASK_RIGHT: "ask:right",
}
_BY_TEXT: Final = {text: code for code, text in _SIMPLE.items()}


def _claim_suffix(claim: int) -> str:
    return f":{CLAIM_NAMES[claim]}" if claim else ""


def to_string(action: int) -> str:
    """The notation of ``action``."""
    if not is_valid_code(action):
        raise InvalidActionError(
            t("{action} is not an action code of Click Click Boom", action=action)
        )
    if action in _SIMPLE:
        return _SIMPLE[action]
    if is_pick(action):
        side, rest = divmod(action - PICK_LEFT_BASE, 100)
        index, claim = divmod(rest, 10)
        if index == SAME_INDEX:
            return f"R={_claim_suffix(claim)}"
        return f"{'LR'[side]}{index}{_claim_suffix(claim)}"
    if action >= TIE_BASE:
        return f"tie:{action - TIE_BASE}"
    if action >= DEAL_BASE:
        return f"deal:{CHARACTER_KEYS[action - DEAL_BASE]}"
    if action >= DRAW_BASE:
        return f"draw:{action - DRAW_BASE}"
    if action >= CHAR_BASE:
        return f"char:{CHARACTER_KEYS[action - CHAR_BASE]}"
    if action >= FORCE_BASE:
        seat, side = divmod(action - FORCE_BASE, 2)
        return f"force:{seat}:{SIDE_NAMES[side]}"
    return f"swap:{action - SWAP_BASE}"


def hidden_pick(action: int) -> str:
    """A pick as the current player sees it: the claim, not the card (``L?:boom``)."""
    side, rest = divmod(action - PICK_LEFT_BASE, 100)
    index, claim = divmod(rest, 10)
    if index == SAME_INDEX:
        return to_string(action)
    return f"{'LR'[side]}?{_claim_suffix(claim)}"


def is_pick(action: int) -> bool:
    """True for a left or right pick (including ``R=``)."""
    return PICK_LEFT_BASE <= action < PICK_RIGHT_BASE + 100


# A pick in words: (a claim said, no claim) for the left card, the right card, the same card
# (R=), and a pick from the viewer's own hand (``L?``, ``R?``) for the left and the right card.
_PICK_WORDS: Final = (
    (
        N_('pick hand card {index} as the left card, saying "{claim}"'),
        N_("pick hand card {index} as the left card, saying nothing"),
    ),
    (
        N_('pick hand card {index} as the right card, saying "{claim}"'),
        N_("pick hand card {index} as the right card, saying nothing"),
    ),
    (
        N_('pick the same card as the left neighbour, saying "{claim}"'),
        N_("pick the same card as the left neighbour, saying nothing"),
    ),
)
_HIDDEN_PICK_WORDS: Final = (
    (
        N_('pick a card of the hand, unseen by its owner, as the left card, saying "{claim}"'),
        N_("pick a card of the hand, unseen by its owner, as the left card, saying nothing"),
    ),
    (
        N_('pick a card of the hand, unseen by its owner, as the right card, saying "{claim}"'),
        N_("pick a card of the hand, unseen by its owner, as the right card, saying nothing"),
    ),
)
_WORDS: Final = {
    CHOOSE_LEFT: N_("reveal the left card"),
    CHOOSE_RIGHT: N_("reveal the right card"),
    PASS_UNREVEALED: N_("pass the card not revealed"),
    PASS_RANDOM: N_("pass a random card from the hand"),
    SKIP: N_("do not use the ability now"),
    PEEK: N_("Jill: look at one card of the hand"),
    SAVE: N_("Carla: put the BOOM back into the hand and stay alive"),
    LOOT: N_("Rory: take coins from the pot"),
    ASK_LEFT: N_("Heather: ask what the left card is"),
    ASK_RIGHT: N_("Heather: ask what the right card is"),
}
_FORCE_WORDS: Final = (
    N_("Brandon: seat {seat} must reveal its left card"),
    N_("Brandon: seat {seat} must reveal its right card"),
)


def _claimed(words: tuple[str, str], claim: int, **fields: object) -> str:
    """A pick's words with its claim (``words``: with a claim said, with none)."""
    if claim:
        return t(words[0], claim=t(KIND_WORDS[claim - 1]), **fields)
    return t(words[1], **fields)


def describe(action: int) -> str:
    """The action in words."""
    text = to_string(action)
    if is_pick(action):
        side, rest = divmod(action - PICK_LEFT_BASE, 100)
        index, claim = divmod(rest, 10)
        if index == SAME_INDEX:
            return _claimed(_PICK_WORDS[2], claim)
        return _claimed(_PICK_WORDS[side], claim, index=index + 1)  # numbered from 1
    if action in _WORDS:
        return t(_WORDS[action])
    if action >= TIE_BASE:
        return t("the final draw goes to seat {seat}", seat=action - TIE_BASE + 1)
    if action >= DEAL_BASE:
        return t("the next seat is dealt {name}", name=CHARACTER_NAMES[action - DEAL_BASE])
    if action >= DRAW_BASE:
        return t("hand card {index} is drawn at random", index=action - DRAW_BASE + 1)
    if action >= CHAR_BASE:
        return t("choose {name}", name=CHARACTER_NAMES[action - CHAR_BASE])
    if action >= FORCE_BASE:
        seat, side = divmod(action - FORCE_BASE, 2)
        return t(_FORCE_WORDS[side], seat=seat + 1)
    if action >= SWAP_BASE:
        return t("Felix: swap hands with seat {seat}", seat=action - SWAP_BASE + 1)
    return text


_HIDDEN_PICK = re.compile(r"([LR])\?(?::([a-z]+))?")


def describe_logged(move: str) -> str | None:
    """A pick as its owner's log writes it (``L?:boom``, see :func:`hidden_pick`) in words, or
    None if ``move`` is not such a pick. Nothing in it says which card was taken."""
    m = _HIDDEN_PICK.fullmatch(move)
    if m is None:
        return None
    claim = 0 if m[2] is None else CLAIM_NAMES.index(m[2])
    return _claimed(_HIDDEN_PICK_WORDS["LR".index(m[1])], claim)


_CLAIM = r"(?:\s*:\s*(none|pay|steal|click|boom))?"
_PICK = re.compile(rf"([lr])\s*([0-9]){_CLAIM}")
_SAME = re.compile(rf"r\s*={_CLAIM}")
_SWAP = re.compile(r"swap\s*:\s*([0-9])")
_FORCE = re.compile(r"force\s*:\s*([0-9])\s*:\s*(left|right)")
_NAMED = re.compile(r"(char|deal)\s*:\s*([a-z]+)")
_NUMBERED = re.compile(r"(draw|tie)\s*:\s*([0-9])")


def _claim_code(text: str | None) -> int:
    return 0 if text is None or text == "none" else CLAIM_NAMES.index(text)


def _character(text: str, original: str) -> int:
    for number, key in enumerate(CHARACTER_KEYS):
        if text in (key, CHARACTER_NAMES[number].lower().replace(" ", "")):
            return number
    raise InvalidActionError(
        t(
            "{move}: no character {name}; the characters are {characters}",
            move=repr(original),
            name=repr(text),
            characters=", ".join(CHARACTER_KEYS),
        )
    )


def parse(text: str) -> int:
    """Read the notation (case and spaces are ignored); raise InvalidActionError if it is none."""
    cleaned = " ".join(text.strip().lower().split())
    compact = cleaned.replace(" ", "")
    if compact in _BY_TEXT:
        return _BY_TEXT[compact]
    if compact in ("trust", "chance"):
        return CHOOSE_LEFT if compact == "trust" else CHOOSE_RIGHT
    if m := _PICK.fullmatch(compact):
        index = int(m[2])
        if index >= SAME_INDEX:
            raise InvalidActionError(
                t("{move}: a hand holds at most six cards: the card index is 0..5", move=repr(text))
            )
        return pick(0 if m[1] == "l" else 1, index, _claim_code(m[3]))
    if m := _SAME.fullmatch(compact):
        return same(_claim_code(m[1]))
    if m := _SWAP.fullmatch(compact):
        seat = int(m[1])
        if seat >= MAX_SEATS:
            raise InvalidActionError(t("{move}: seats are 0..5", move=repr(text)))
        return swap(seat)
    if m := _FORCE.fullmatch(compact):
        seat = int(m[1])
        if seat >= MAX_SEATS:
            raise InvalidActionError(t("{move}: seats are 0..5", move=repr(text)))
        return force(seat, SIDE_NAMES.index(m[2]))
    if m := _NAMED.fullmatch(compact):
        character = _character(m[2], text)
        return char(character) if m[1] == "char" else deal(character)
    if m := _NUMBERED.fullmatch(compact):
        number = int(m[2])
        if m[1] == "draw":
            if number >= MAX_INDEX:
                raise InvalidActionError(t("{move}: a hand card index is 0..5", move=repr(text)))
            return draw(number)
        if number >= MAX_SEATS:
            raise InvalidActionError(t("{move}: seats are 0..5", move=repr(text)))
        return tie(number)
    raise InvalidActionError(
        t(
            "{move} is not a move of Click Click Boom: pick a card like L2:boom, R0 or R= "
            "(index into the hand as shown, optional claim none/pay/steal/click/boom), choose "
            "left or right, pass:unrevealed or pass:random, an ability (peek, save, loot, "
            "ask:left, swap:3, force:2:left) or skip, or char:NAME",
            move=repr(text),
        )
    )
