"""Click Click Boom's log told as a person tells it (:class:`BoomNarrator`).

The narrator reads one seat's view ``log`` and nothing else. It keeps a small model built from
the entries: the shootout and the round, whose turn it is, who is alive, and for every hand the
hands it may be (sorted kind tuples), so that a pick by index names the card where the log
allows it ("picks the BOOM") and says "a card" where it does not (a pick from the viewer's own
hand, ``L?:boom``; a hand that got a card passed at random, which nobody saw). The log holds no
coins, so the showdown's effects are said as the cards ask them (1 silver, 2 silver, or the
amounts the options give; a rulebook amount keeps the rulebook's sentence).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ...core.i18n import N_, t, tn
from ...core.words import Narrator, entry_move, entry_seat
from .board import (
    ANTE,
    BOOM,
    CARLA,
    CHARACTER_KEYS,
    CHARACTER_NAMES,
    CHARACTER_TITLES,
    CLICK,
    OTHER_DUES,
    PAY,
    PAY_AMOUNT,
    RORY,
    RORY_LOOT,
    STEAL,
    STEAL_AMOUNT,
    WINNER_DUES,
)

if TYPE_CHECKING:
    from ...core import GameBase
    from .rules import BoomConfig

Hand = frozenset[tuple[int, ...]]  # the hands a seat's hand may be (sorted kinds)
Card = frozenset[int]  # the kinds a card may be

# The words (translated where said, ``t()``): a card of each kind, and what a picker says.
ARTICLES: Final = (N_("a Pay card"), N_("a Steal card"), N_("a Click card"), N_("the BOOM"))
SAYS: Final = {
    "": N_("says nothing"),
    "pay": N_('says "Pay"'),
    "steal": N_('says "Steal"'),
    "click": N_('says "Click"'),
    "boom": N_('says "BOOM"'),
}
# A card revealed, by the side it was on ("?": a side the log does not say): plain, a BOOM, a
# BOOM that puts the player out, a card with its effect.
_REVEALS: Final = {
    "left": (
        N_("{seat} reveals the left card."),
        N_("{seat} reveals the left card: BOOM!"),
        N_("{seat} reveals the left card: BOOM! {seat} is out."),
        N_("{seat} reveals the left card, {card}: {effect}."),
    ),
    "right": (
        N_("{seat} reveals the right card."),
        N_("{seat} reveals the right card: BOOM!"),
        N_("{seat} reveals the right card: BOOM! {seat} is out."),
        N_("{seat} reveals the right card, {card}: {effect}."),
    ),
    "?": (
        N_("{seat} reveals the card."),
        N_("{seat} reveals the card: BOOM!"),
        N_("{seat} reveals the card: BOOM! {seat} is out."),
        N_("{seat} reveals the card, {card}: {effect}."),
    ),
}
# A pick for the viewer (your hand) or another seat ({owner}'s), for the left or right card.
_PICKS: Final = {
    (True, "left"): N_("{seat} picks {card} from your hand for your left and {says}."),
    (True, "right"): N_("{seat} picks {card} from your hand for your right and {says}."),
    (False, "left"): N_("{seat} picks {card} from {owner}'s hand for {owner}'s left and {says}."),
    (False, "right"): N_("{seat} picks {card} from {owner}'s hand for {owner}'s right and {says}."),
}
_FORCES: Final = {
    (True, "left"): N_("{who} forces {target} to reveal your left card."),
    (True, "right"): N_("{who} forces {target} to reveal your right card."),
    (False, "left"): N_("{who} forces {target} to reveal {target}'s left card."),
    (False, "right"): N_("{who} forces {target} to reveal {target}'s right card."),
}
_ASKS: Final = {
    "left": N_("{who} asks who picked the left card what it is."),
    "right": N_("{who} asks who picked the right card what it is."),
}
_ABILITY_SKIPS: Final = frozenset(("skip",))
_PASSES: Final = frozenset(("pass:unrevealed", "pass:random", "?"))


def _article(kind: int) -> str:
    return t(ARTICLES[kind])


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return t("{names} and {last}", names=", ".join(items[:-1]), last=items[-1])


def _s(seat: int | str) -> str:
    """A seat as a line writes it, ``{s2}`` (the reader puts the name in)."""
    return f"{{s{seat}}}"


def _take(hand: Hand, index: int | None) -> tuple[Card, Hand]:
    """The card at ``index`` (None: a card nobody saw) and the hands left."""
    kinds: set[int] = set()
    rest: set[tuple[int, ...]] = set()
    for h in hand:
        for i in range(len(h)) if index is None else (index,):
            if i < len(h):
                kinds.add(h[i])
                rest.add(h[:i] + h[i + 1 :])
    return frozenset(kinds), frozenset(rest)


def _add(hand: Hand, card: Card) -> Hand:
    return frozenset(tuple(sorted((*h, k))) for h in hand for k in card)


class BoomNarrator(Narrator):
    """Tells a Click Click Boom log by turn and showdown, from one seat's entries alone."""

    def __init__(self, game: GameBase, viewer: int | None, config: BoomConfig) -> None:
        super().__init__(game, viewer)
        self.config = config
        self.n: int = config.num_players
        self.quick: bool = config.quick
        self.advanced: bool = config.advanced
        self.shootouts: int = config.shootouts
        self.with_characters: bool = config.characters != "none"
        start = config.start_hands[0]
        self.start: tuple[int, ...] = tuple(sorted(config.kinds[c] for c in start))
        self.chars: list[int] = [-1] * self.n
        self.dealt = 0
        self.phase = "characters" if self.with_characters else "new-shootout"
        self.shootout = 0
        self._new_shootout_model()

    # -- the model ------------------------------------------------------------------------------

    def _new_shootout_model(self) -> None:
        n = self.n
        self.alive: list[bool | None] = [True] * n
        self.hands: list[Hand] = [frozenset((self.start,))] * n
        self.used = [False] * n
        self.standoff = n == 2
        self.pass_left = True
        self.round = 0
        self._new_round_model()

    def _new_round_model(self) -> None:
        n = self.n
        self.order: list[int] = []
        self.turn = -1
        self.left: list[Card | None] = [None] * n
        self.right: list[Card | None] = [None] * n
        self.same = [False] * n
        self.drawn = [False] * n
        self.forced: dict[int, str] = {}
        self.force_by = -1
        self.choices: dict[int, str] = {}
        self.choosers: list[int] = []
        self.sides: dict[int, str] = {}
        self.passes: dict[int, str] = {}
        self.draws_left = 0
        self.carla_boom = -1
        self.rory_may = False
        self.ends = False

    def _living(self) -> list[int]:
        return [s for s in range(self.n) if self.alive[s] is not False]

    def _next(self, seat: int, step: int) -> int:
        other = (seat + step) % self.n
        while self.alive[other] is False and other != seat:
            other = (other + step) % self.n
        return other

    def _holder(self, character: int) -> int:
        return self.chars.index(character) if character in self.chars else -1

    # -- words ----------------------------------------------------------------------------------

    def _who(self, seat: int) -> str:
        name = CHARACTER_NAMES[self.chars[seat]] if self.chars[seat] >= 0 else ""
        return f"{{s{seat}}} ({name})" if name else f"{{s{seat}}}"

    def _card(self, card: Card | None) -> str:
        if card is not None and len(card) == 1:
            return _article(next(iter(card)))
        return t("a card")

    @staticmethod
    def _says(claim: str) -> str:
        return t(SAYS[claim])

    def _title(self, character: int) -> str:
        return t(CHARACTER_TITLES[character])

    # -- feeding --------------------------------------------------------------------------------

    def feed(self, entry: str | Mapping[str, Any]) -> None:
        """Tell the next entry of the log."""
        move, by_chance = entry_move(entry)
        seat = entry_seat(entry)
        if by_chance or seat is None:
            self._chance(move)
            return
        if self.phase == "after" and self._after(seat, move):
            return
        if self.phase == "pass" and not (move in _PASSES and self.alive[seat] is not False):
            self._passes_done()
        if self.phase == "new-shootout":
            self._start_shootout()
        if self.phase == "characters":
            self._character(seat, move)
        elif self.phase == "pass":
            self._pass(seat, move)
        elif self.phase == "showdown":
            self._showdown(seat, move)
        else:
            self._turn(seat, move)

    def _chance(self, move: str) -> None:
        if move.startswith("deal:"):
            character = CHARACTER_KEYS.index(move[5:])
            seat = self.dealt
            self.chars[seat] = character
            self.dealt += 1
            self.say(
                t(
                    "{seat} is dealt {name}, {title}.",
                    seat=_s(seat),
                    name=CHARACTER_NAMES[character],
                    title=self._title(character),
                )
            )
            if self.dealt == self.n:
                self.phase = "new-shootout"
            return
        if move.startswith("tie:"):
            if self.phase == "after":
                self._end_shootout()
            seat = int(move[4:])
            self.say(
                t("{seat} draws the Click card among the tied players and wins.", seat=_s(seat)),
                seat,
            )
            return
        index = int(move[5:]) if move.startswith("draw:") else None
        if self.phase == "peek":
            jill = self.turn
            card, _ = _take(self.hands[jill], index)
            if index is not None and len(card) == 1:
                self.amend(
                    t(
                        "{who} looks at one card of the hand: {card}.",
                        who=self._who(jill),
                        card=_article(min(card)),
                    )
                )
            self.phase = "pick-left"
        elif self.phase == "draw-right":
            turn = self.turn
            card, self.hands[turn] = _take(self.hands[turn], index)
            self.right[turn] = card
            what = self._card(card)
            what = what[:1].upper() + what[1:]
            if turn == self.viewer:
                self.say(t("{card} is drawn at random for your right.", card=what))
            else:
                self.say(
                    t("{card} is drawn at random for {owner}'s right.", card=what, owner=_s(turn))
                )
            self._end_turn()
        elif self.phase == "carla-draw":
            carla = self.carla_boom
            _, self.hands[carla] = _take(self.hands[carla], None)
            self.carla_boom = -1
            self.phase = "after"
            self._settle()
        elif self.phase == "pass" or self.phase == "pass-draw":
            if self.phase == "pass":
                self._passes_done()
                if self.phase != "pass-draw":
                    return
            self.draws_left -= 1
            if self.draws_left <= 0:
                self._exchange()

    def _character(self, seat: int, move: str) -> None:
        if move.startswith("char:"):
            character = CHARACTER_KEYS.index(move[5:])
            self.chars[seat] = character
            self.dealt += 1
            self.say(
                t(
                    "{seat} chooses {name}, {title}.",
                    seat=_s(seat),
                    name=CHARACTER_NAMES[character],
                    title=self._title(character),
                ),
                seat,
            )
            if self.dealt == self.n:
                self.phase = "new-shootout"

    def _start_shootout(self) -> None:
        self.shootout += 1
        self._new_shootout_model()
        if self.quick:
            self.heading(t("The shootout"))
            self.say(t("Every hand holds 5 Click cards and 1 BOOM; nobody looks at their own."))
        else:
            self.heading(
                t("Shootout {number} of {total}", number=self.shootout, total=self.shootouts)
            )
            if self.config.ante == ANTE:
                self.say(
                    t(
                        "Every player antes 1 silver into the pot and takes back the Starting "
                        "Setup hand."
                    )
                )
            else:
                self.say(
                    t(
                        "Every player antes {amount} silver into the pot and takes back the "
                        "Starting Setup hand.",
                        amount=self.config.ante,
                    )
                )
        self.phase = "turn"

    def _begin_turn(self, turn: int) -> None:
        if not self.order:
            self.round += 1
        self.order.append(turn)
        self.turn = turn
        self.heading(t("Round {round} · {seat}'s turn", round=self.round, seat=_s(turn)))

    def _turn(self, seat: int, move: str) -> None:
        if move in ("skip", "peek") or move.startswith("swap:"):
            self._begin_turn(seat)
            self.phase = "pick-left"
            if move == "skip":
                return
            self.used[seat] = True
            if move == "peek":
                self.say(t("{who} looks at one card of the hand.", who=self._who(seat)), seat)
                self.phase = "peek" if len(next(iter(self.hands[seat]))) > 1 else "pick-left"
                return
            other = int(move[5:])
            self.hands[seat], self.hands[other] = self.hands[other], self.hands[seat]
            self.say(
                t("{who} swaps hands with {other}.", who=self._who(seat), other=_s(other)), seat
            )
            self.phase = "pick-left"
            return
        if move.startswith("L"):
            turn = self._next(seat, -1)
            if self.phase != "pick-left" or turn != self.turn:
                self._begin_turn(turn)
            self._pick(seat, move, 0)
        elif move.startswith("R"):
            self._pick(seat, move, 1)

    def _pick(self, seat: int, move: str, side: int) -> None:
        turn = self.turn
        code, _, claim = move[1:].partition(":")
        says = self._says(claim)
        yours = turn == self.viewer
        if code == "=":
            self.same[turn] = True
            self.drawn[turn] = True
            if yours:
                text = t(
                    "{seat} picks the same card again for your left and {says}.",
                    seat=_s(seat),
                    says=says,
                )
            else:
                text = t(
                    "{seat} picks the same card again for {owner}'s left and {says}.",
                    seat=_s(seat),
                    owner=_s(turn),
                    says=says,
                )
            self.say(text, seat)
            if len(next(iter(self.hands[turn]))) > 1:
                self.phase = "draw-right"
                return
            card, self.hands[turn] = _take(self.hands[turn], 0)
            self.right[turn] = card
            self._end_turn()
            return
        index = None if code == "?" else int(code)
        card, self.hands[turn] = _take(self.hands[turn], index)
        what = t("a card") if index is None else self._card(card)
        where = "left" if side == 0 else "right"
        self.say(t(_PICKS[yours, where], seat=_s(seat), card=what, owner=_s(turn), says=says), seat)
        if side == 1:
            self.right[turn] = card
            self._end_turn()
            return
        self.left[turn] = card
        if not self.standoff:
            self.phase = "pick-right"
            return
        self.drawn[turn] = True
        if len(next(iter(self.hands[turn]))) == 1:
            self.right[turn], self.hands[turn] = _take(self.hands[turn], 0)
            if yours:
                self.say(t("The last card of your hand is your right card."))
            else:
                self.say(
                    t("The last card of {owner}'s hand is {owner}'s right card.", owner=_s(turn))
                )
            self._end_turn()
        else:
            self.phase = "draw-right"

    def _end_turn(self) -> None:
        self.phase = "turn"
        if len(self.order) < len(self._living()):
            return
        self.phase = "showdown"
        self.heading(t("Round {round} · Showdown", round=self.round))
        self._choosing()

    def _choosing(self) -> None:
        """The showdown's abilities are over when a choice comes (or every card is forced)."""
        self.choosers = [s for s in self.order if s not in self.forced]
        if not self.choosers:
            self._reveal()

    def _showdown(self, seat: int, move: str) -> None:
        if move.startswith("force:"):
            _, target, side = move.split(":")
            self.used[seat] = True
            self.forced[int(target)] = side
            self.force_by = seat
            yours = int(target) == self.viewer
            self.say(t(_FORCES[yours, side], who=self._who(seat), target=_s(target)), seat)
            self._choosing()
            return
        if move.startswith("ask:"):
            self.used[seat] = True
            side = move[4:]
            self.say(t(_ASKS[side], who=self._who(seat)), seat)
            return
        if move == "skip":
            return
        self.choices[seat] = move
        chosen = [f"{{s{s}}}" for s in self.order if s in self.choices]
        mine = self.choices.get(self.viewer, "?") if self.viewer is not None else "?"
        names = _and(chosen)
        if mine == "left":
            text = tn(
                "{names} has chosen a card in secret (you: left).",
                "{names} have chosen a card in secret (you: left).",
                len(chosen),
                names=names,
            )
        elif mine == "right":
            text = tn(
                "{names} has chosen a card in secret (you: right).",
                "{names} have chosen a card in secret (you: right).",
                len(chosen),
                names=names,
            )
        else:
            text = tn(
                "{names} has chosen a card in secret.",
                "{names} have chosen a card in secret.",
                len(chosen),
                names=names,
            )
        if len(self.choices) == 1:
            self.say(text)
        else:
            self.amend(text)
        if len(self.choices) >= len(self.choosers):
            self._reveal()

    def _reveal(self) -> None:
        """Every card turned over at once, and what each does."""
        carla = self._holder(CARLA)
        dead: list[int] = []
        maybe: list[int] = []  # a card the log does not name: the BOOM, or not
        for seat in self.order:
            side = self.forced.get(seat) or self.choices.get(seat, "?")
            self.sides[seat] = side
            card = (
                self.left[seat] if side == "left" else self.right[seat] if side == "right" else None
            )
            if side == "left":
                self.left[seat] = None
            elif side == "right":
                self.right[seat] = None
            reveals = _REVEALS.get(side, _REVEALS["?"])
            if card is None or len(card) != 1:
                self.say(t(reveals[0], seat=_s(seat)), seat)
                if card is None or BOOM in card:
                    maybe.append(seat)
                continue
            kind = min(card)
            if kind == BOOM:
                if seat == carla and not self.used[seat]:
                    self.carla_boom = seat
                    self.say(t(reveals[1], seat=_s(seat)), seat)
                else:
                    dead.append(seat)
                    self.say(t(reveals[2], seat=_s(seat)), seat)
                continue
            effect = self._effect(seat, kind, side)
            self.say(t(reveals[3], seat=_s(seat), card=_article(kind), effect=effect), seat)
        for seat in dead:  # after the effects: a Steal pays the neighbour as the turn was played
            self.alive[seat] = False
        for seat in maybe:
            self.alive[seat] = None
        rory = self._holder(RORY)
        self.rory_may = (
            not self.quick and rory >= 0 and not self.used[rory] and self.alive[rory] is not False
        )
        self.phase = "after"
        self._settle()

    def _effect(self, seat: int, kind: int, side: str) -> str:
        if kind == CLICK:
            return t("safe")
        if kind == PAY:
            if self.config.pay_amount == PAY_AMOUNT:
                return t("{seat} pays 1 silver into the pot", seat=_s(seat))
            return t(
                "{seat} pays {amount} silver into the pot",
                seat=_s(seat),
                amount=self.config.pay_amount,
            )
        assert kind == STEAL
        if self.advanced and (self.same[seat] if side == "left" else self.drawn[seat]):
            if side == "left":
                return t("it was picked twice, so nobody steals")
            return t("it was drawn at random, so nobody steals")
        if seat in self.forced:
            to = self.force_by
        else:
            to = self._next(seat, 1) if side == "left" else self._next(seat, -1)
        if self.config.steal_amount == STEAL_AMOUNT:
            return t("{thief} takes 2 silver from {seat}", thief=_s(to), seat=_s(seat))
        return t(
            "{thief} takes {amount} silver from {seat}",
            thief=_s(to),
            seat=_s(seat),
            amount=self.config.steal_amount,
        )

    def _settle(self) -> None:
        """After the reveal: say the end of the shootout when the log already shows it."""
        carla = self._holder(CARLA)
        if self.carla_boom >= 0 or self.rory_may:
            return
        if carla >= 0 and self.alive[carla] is None and not self.used[carla]:
            return  # she may yet be asked to save herself: her card was the BOOM
        living = self._living()
        if len(living) <= 1 or all(not next(iter(self.hands[s])) for s in living):
            self._end_shootout()

    def _after(self, seat: int, move: str) -> bool:
        """Carla's save, Rory's loot; True if the entry was one of them."""
        carla = self._holder(CARLA)
        unread = seat == carla and self.alive[seat] is None and not self.used[seat]
        if move in ("save", "skip") and (seat == self.carla_boom or unread):
            self.carla_boom = -1  # her card was the BOOM: only then is she asked
            if move == "save":
                self.used[seat] = True
                self.alive[seat] = True
                self.hands[seat] = _add(self.hands[seat], frozenset((BOOM,)))
                self.say(
                    t(
                        "{who} puts the BOOM back into the hand and a random card face down on "
                        "the played pile, and stays alive.",
                        who=self._who(seat),
                    ),
                    seat,
                )
                if len(next(iter(self.hands[seat]))) > 1:
                    self.carla_boom = seat
                    self.phase = "carla-draw"
                    return True
                _, self.hands[seat] = _take(self.hands[seat], 0)
            else:
                self.alive[seat] = False
                self.say(t("{seat} is out.", seat=_s(seat)), seat)
            self._settle()
            return True
        if self.rory_may and seat == self._holder(RORY) and move in ("loot", "skip"):
            self.rory_may = False
            if move == "loot":
                self.used[seat] = True
                if self.config.rory_loot == RORY_LOOT:
                    text = t(
                        "{who} takes 1 silver from the pot for each card on the played pile.",
                        who=self._who(seat),
                    )
                else:
                    text = t(
                        "{who} takes {amount} silver from the pot for each card on the played "
                        "pile.",
                        who=self._who(seat),
                        amount=self.config.rory_loot,
                    )
                self.say(text, seat)
            self._settle()
            return True
        self.carla_boom = -1
        self.rory_may = False
        if move in _PASSES and self.alive[seat] is not False:
            self.phase = "pass"
            return False
        self._end_shootout()
        return False

    def _end_shootout(self) -> None:
        living = self._living()
        sure = [s for s in living if self.alive[s]]
        names = _and([f"{{s{s}}}" for s in sure])
        if not living:
            if self.quick:
                text = t("Everyone blew up.")
            else:
                text = t("Everyone blew up. The pot stays for the next shootout.")
        elif len(sure) < len(living):
            text = t("The shootout is over.")
        elif self.quick:
            text = tn(
                "The shootout is over: {names} wins.",
                "The shootout is over: {names} win.",
                len(sure),
                names=names,
            )
        else:
            text = tn(
                "The shootout is over: {names} takes the pot.",
                "The shootout is over: {names} survive and split the pot.",
                len(sure),
                names=names,
            )
        self.say(text)
        if self.shootout >= self.shootouts:
            if self.quick:
                self.say(t("The game is over."))
            else:
                self.say(t("The game is over: the most coins win."))
            self.phase = "over"
        else:
            config = self.config
            if (config.winner_dues, config.other_dues) == (WINNER_DUES, OTHER_DUES):
                self.say(t("Dues: each survivor puts 2 silver into the pot, the others 1."))
            else:
                self.say(
                    t(
                        "Dues: each survivor puts {winner} silver into the pot, the others "
                        "{other}.",
                        winner=config.winner_dues,
                        other=config.other_dues,
                    )
                )
            self.phase = "new-shootout"

    def _pass(self, seat: int, move: str) -> None:
        if self.alive[seat] is None:
            self.alive[seat] = True
        self.passes[seat] = move
        to = self._receiver(seat)
        if move == "pass:random":
            text = t("{seat} passes a random card from the hand to {to}.", seat=_s(seat), to=_s(to))
        elif move == "pass:unrevealed":
            text = t("{seat} passes the card not revealed to {to}.", seat=_s(seat), to=_s(to))
        else:
            text = t("{seat} has passed a card face down.", seat=_s(seat))
        self.say(text, seat)
        if all(self.alive[s] is True and s in self.passes for s in self._living()):
            self._passes_done()

    def _receiver(self, seat: int) -> int:
        return self._next(seat, 1 if self.pass_left else -1)

    def _passes_done(self) -> None:
        """Every pass is in: who did not pass blew up; then the random cards are drawn."""
        for seat in range(self.n):
            if self.alive[seat] is None:
                self.alive[seat] = False
                self.say(t("{seat} blew up: the card revealed was the BOOM.", seat=_s(seat)), seat)
        self.phase = "pass-draw"
        self.draws_left = sum(
            1
            for s, how in self.passes.items()
            if how != "pass:unrevealed" and len(next(iter(self.hands[s]))) > 1
        )
        if self.draws_left <= 0:
            self._exchange()

    def _exchange(self) -> None:
        """The cards change hands, all at once; the token moves and flips."""
        outgoing: dict[int, Card] = {}
        for seat in self._living():
            unrevealed = self.left[seat] if self.left[seat] is not None else self.right[seat]
            kept = unrevealed if unrevealed is not None else frozenset((PAY, STEAL, CLICK, BOOM))
            how = self.passes.get(seat, "?")
            if how == "pass:unrevealed":
                outgoing[seat] = kept
            else:
                # a random card (or, unread, either): the unrevealed card back, one card out
                card, self.hands[seat] = _take(_add(self.hands[seat], kept), None)
                outgoing[seat] = card | kept if how == "?" else card
        for seat, card in outgoing.items():
            to = self._receiver(seat)
            self.hands[to] = _add(self.hands[to], card)
        self.pass_left = not self.pass_left
        if len(self._living()) == 2:
            self.standoff = True
        self._new_round_model()
        self.phase = "turn"
