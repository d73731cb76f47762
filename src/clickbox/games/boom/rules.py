"""The state of a game of Click Click Boom: hands, table cards, coins and the turn.

A shootout is a sequence of rounds. In a round every living player has a turn (from the First
Player, to the left): the left living neighbour picks a card from their hand (part 1), then the
right living neighbour another (part 2); then the showdown: abilities, a simultaneous choice of
left or right, the reveal and its effects (coins move at once), then every living player passes a
card on (a second simultaneous step; the random cards are drawn once all have passed). The phase
number (``_phase``) says which of these steps waits for a decision or a chance draw; everything
that needs neither runs at once (``_to_move`` is a field read).

Hands are sorted tuples of card ids (ids are laid out by kind, so sorted means "by kind, then
card", the order every view shows); kinds come from ``config.kinds``. Coins are gold and silver
counts per seat and in the pot.
"""

from __future__ import annotations

from typing import Final

from ...core import (
    CHANCE,
    TERMINAL,
    AppendOnlyList,
    Commitments,
    GameBase,
    Outcome,
    Player,
    StateBase,
)
from ...core.i18n import N_, t, tn
from . import actions as A
from .board import (
    BOOM,
    BRANDON,
    CARLA,
    CHARACTER_NAMES,
    CLAIM_NAMES,
    FELIX,
    FULL_CLAIMS,
    GOLD_VALUE,
    HEATHER,
    JILL,
    LEFT,
    NO_CHARACTER,
    NO_CLAIM,
    PAY,
    QUICK_CLAIMS,
    RIGHT,
    RORY,
    STEAL,
    composition,
    deck,
    hand_layout,
)
from .params import BoomParams

# Phases: what the game waits for.
DEAL: Final = 0  # chance: the next seat's character
CHOOSE_CHARACTER: Final = 1  # a seat chooses its character
TURN_ABILITY: Final = 2  # the current player: Felix may swap, Jill may peek
PEEK_DRAW: Final = 3  # chance: which card Jill looks at
PICK_LEFT: Final = 4  # the left neighbour picks the current player's left card
PICK_RIGHT: Final = 5  # the right neighbour picks the right card
DRAW_RIGHT: Final = 6  # chance: the right card is drawn from the current player's hand
SHOWDOWN_ABILITY: Final = 7  # Brandon may force, Heather may ask (queue, from the First Player)
CHOOSE: Final = 8  # every living player chooses left or right at once (commitments)
CARLA_SAVE: Final = 9  # Carla revealed a BOOM: save or not
CARLA_DRAW: Final = 10  # chance: the card that goes to Carla's played pile instead
RORY_LOOT: Final = 11  # Rory may take coins from the pot
PASS: Final = 12  # every living player at once: the unrevealed card or a random one (commitments)
PASS_DRAW: Final = 13  # chance, once all have passed: the random card each random passer passes
TIE: Final = 14  # chance: the rulebook's final draw among the tied players
OVER: Final = 15
PHASE_NAMES: Final = (
    "deal",
    "choose-character",
    "turn-ability",
    "peek-draw",
    "pick-left",
    "pick-right",
    "draw-right",
    "showdown-ability",
    "choose",
    "carla-save",
    "carla-draw",
    "rory-loot",
    "pass",
    "pass-draw",
    "tie",
    "over",
)
CHANCE_PHASES: Final = frozenset((DEAL, PEEK_DRAW, DRAW_RIGHT, CARLA_DRAW, PASS_DRAW, TIE))
DRAW_PHASES: Final = frozenset((PEEK_DRAW, DRAW_RIGHT, CARLA_DRAW, PASS_DRAW))
FACE_DOWN_DRAWS: Final = frozenset((CARLA_DRAW, PASS_DRAW))  # nobody sees the card drawn
OPEN_STEPS: Final = frozenset((CHOOSE, PASS))  # simultaneous: hidden until all are in

# Events (what happened without a decision), for views and logs people read:
# (actions played before it, seat, event, amount, other seat or -1).
EV_ANTE: Final = 0
EV_PAY: Final = 1
EV_STEAL: Final = 2
EV_BLOCKED: Final = 3
EV_BOOM: Final = 4
EV_SAVED: Final = 5
EV_RORY: Final = 6
EV_LOOT: Final = 7
EV_CARRY: Final = 8
EV_DUES: Final = 9
EV_CHANGE: Final = 10
EV_CLICK: Final = 11
EV_FORCED_LEFT: Final = 12
EV_FORCED_RIGHT: Final = 13
EVENT_NAMES: Final = (
    "ante",
    "pay",
    "steal",
    "steal-blocked",
    "boom",
    "saved",
    "rory",
    "loot",
    "pot-carries-over",
    "dues",
    "change",
    "click",
    "forced-left",
    "forced-right",
)

# The outcome's reasons: data (views, records), translated where shown (``t(reason)``).
REASON_MOST_COINS: Final = N_("most coins")
REASON_BOOMS: Final = N_("most coins, tie broken by the fewest BOOM cards unplayed")
REASON_STEALS: Final = N_(
    "most coins, tie broken by the fewest BOOM cards unplayed, then by the fewest steals played"
)
REASON_DRAW: Final = N_(
    "most coins, tie broken by the fewest BOOM cards unplayed, then by the fewest steals "
    "played, then by the draw"
)
REASON_SURVIVED: Final = N_("survived the shootout")
REASON_ALL_BLEW_UP: Final = N_("all blew up; the last to blow up share it")
REASONS: Final = (
    REASON_MOST_COINS,
    REASON_BOOMS,
    REASON_STEALS,
    REASON_DRAW,
    REASON_SURVIVED,
    REASON_ALL_BLEW_UP,
)

NO_CARD: Final = -1
NOBODY: Final = -1
HIDDEN_FROM_ALL: Final = 6  # in ``_meta``: an action no seat's log shows (a face-down draw)
NOT_DECIDED: Final = -1
BY_UNREVEALED: Final = 0  # a pass of the card not revealed
BY_RANDOM: Final = 1  # a pass of a random card from the hand


def _without(hand: tuple[int, ...], index: int) -> tuple[int, ...]:
    return hand[:index] + hand[index + 1 :]


def _with(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    for i, other in enumerate(hand):
        if card < other:
            return (*hand[:i], card, *hand[i:])
    return (*hand, card)


class BoomConfig:
    """The fixed facts of one game the rules read: player count, options and the tables derived
    from them (the deck, the picks legal for each hand size, the draws from a hand)."""

    __slots__ = (
        "advanced",
        "ante",
        "characters",
        "claims",
        "coins_at_once",
        "composition",
        "draw_outcomes",
        "hand_size",
        "kinds",
        "left_picks",
        "num_players",
        "other_dues",
        "pay_amount",
        "quick",
        "right_picks",
        "rory_loot",
        "shootouts",
        "start_coins",
        "start_gold",
        "start_hands",
        "start_silver",
        "steal_amount",
        "winner_dues",
    )

    def __init__(self, params: BoomParams, num_players: int) -> None:
        p = params
        n = num_players
        self.num_players: int = n
        self.quick: bool = p.mode == "quick"
        self.advanced: bool = p.advanced
        self.characters: str = "none" if self.quick else p.characters
        self.shootouts: int = 1 if self.quick else p.shootouts
        self.coins_at_once: bool = p.showdown_coins == "simultaneous"
        layout = hand_layout(self.quick, p.pay_cards, p.steal_cards, p.boom_cards)
        self.hand_size: int = len(layout)
        kinds, start_hands = deck(n, layout)
        self.kinds: tuple[int, ...] = kinds
        self.start_hands: tuple[tuple[int, ...], ...] = start_hands
        self.composition: tuple[int, ...] = composition(n, layout)
        gold, silver = p.start_gold, p.start_silver
        if p.start_coins:  # as many gold coins as fit, the rest in silver
            gold, silver = divmod(p.start_coins, GOLD_VALUE)
        self.start_gold: int = 0 if self.quick else gold
        self.start_silver: int = 0 if self.quick else silver
        self.start_coins: int = GOLD_VALUE * self.start_gold + self.start_silver
        self.ante: int = p.ante
        self.pay_amount: int = p.pay_amount
        self.steal_amount: int = p.steal_amount
        self.winner_dues: int = p.winner_dues
        self.other_dues: int = p.other_dues
        self.rory_loot: int = p.rory_loot
        claims = QUICK_CLAIMS if self.quick else FULL_CLAIMS
        self.claims: tuple[int, ...] = claims if p.claims else (NO_CLAIM,)
        self.left_picks: tuple[tuple[int, ...], ...] = tuple(
            tuple(A.pick(0, i, c) for i in range(size) for c in self.claims) for size in range(7)
        )
        same = tuple(A.same(c) for c in self.claims) if self.advanced else ()
        self.right_picks: tuple[tuple[int, ...], ...] = tuple(
            tuple(A.pick(1, i, c) for i in range(size) for c in self.claims) + same
            for size in range(7)
        )
        self.draw_outcomes: tuple[tuple[tuple[int, float], ...], ...] = tuple(
            tuple((A.draw(i), 1 / size) for i in range(size)) if size else () for size in range(7)
        )


class BoomState(StateBase):
    """A position of Click Click Boom (2-6 players)."""

    __slots__ = (
        "_alive",
        "_chars",
        "_chosen",
        "_claims",
        "_commit",
        "_down",
        "_drawn",
        "_events",
        "_first",
        "_force_by",
        "_forced",
        "_gold",
        "_hands",
        "_holder",
        "_last_boom",
        "_last_dead",
        "_left",
        "_lnb",
        "_meta",
        "_order",
        "_out",
        "_pass",
        "_pass_left",
        "_peek",
        "_phase",
        "_played",
        "_pos",
        "_pot_gold",
        "_pot_silver",
        "_queue",
        "_reason",
        "_results",
        "_revealed",
        "_right",
        "_rnb",
        "_same",
        "_saved",
        "_scores",
        "_seat",
        "_shootout",
        "_silver",
        "_standoff",
        "_tied",
        "_to_move",
        "_told",
        "_turn",
        "_used",
        "_winners",
        "config",
    )

    def __init__(
        self, game: GameBase, config: BoomConfig, copy_of: BoomState | None = None
    ) -> None:
        """A game's first position, or an independent copy of ``copy_of`` (``clone``)."""
        super().__init__(game, copy_of)
        self.config = config
        if copy_of is None:
            n = config.num_players
            # per action: (mover + 1) * 8 + (the seat it is hidden from + 1; 7: from every seat)
            self._meta: AppendOnlyList[int] = AppendOnlyList()
            self._events: AppendOnlyList[tuple[int, int, int, int, int]] = AppendOnlyList()
            self._phase = DEAL
            self._to_move: Player = CHANCE
            self._seat = 0  # the seat a decision or draw is about (deal, Carla, Rory, passer)
            self._shootout = 1
            self._standoff = n == 2
            self._first = 0
            self._pass_left = True
            # Tuples, for what changes seldom: a clone shares them.
            self._chars: tuple[int, ...] = (NO_CHARACTER,) * n
            self._holder: tuple[int, ...] = (NOBODY,) * 6  # character -> seat
            self._used = [False] * n
            self._alive = [True] * n
            self._hands: list[tuple[int, ...]] = list(config.start_hands)
            self._played: list[list[int]] = [[] for _ in range(n)]
            self._down = NO_CARD  # the card Carla put face down in her played pile this shootout
            self._left = [NO_CARD] * n
            self._right = [NO_CARD] * n
            self._claims = [0] * n  # left claim * 8 + right claim
            self._same = [False] * n
            self._drawn = [False] * n
            self._lnb: tuple[int, ...] = tuple((s + 1) % n for s in range(n))
            self._rnb: tuple[int, ...] = tuple((s - 1) % n for s in range(n))
            self._order: tuple[int, ...] = ()
            self._pos = 0
            self._turn = NOBODY
            self._queue: list[int] = []
            self._commit = Commitments(())
            self._forced = [NOT_DECIDED] * n
            self._force_by = NOBODY
            self._told = NOT_DECIDED  # the side Heather asked about this showdown
            self._peek = NO_CARD  # the card Jill follows
            self._revealed = [NO_CARD] * n
            self._chosen = [NOT_DECIDED] * n  # the side each seat revealed
            self._saved = NOBODY
            self._pass = [NOT_DECIDED] * n
            self._out = [NO_CARD] * n  # a random passer's card drawn to go (still in its hand)
            self._gold = [config.start_gold] * n
            self._silver = [config.start_silver] * n
            self._pot_gold = 0
            self._pot_silver = 0
            self._last_boom = NOBODY
            self._last_dead: tuple[int, ...] = ()
            self._results: tuple[tuple[tuple[int, ...], int], ...] = ()
            self._tied: tuple[int, ...] = ()
            self._winners: tuple[int, ...] = ()
            self._scores: tuple[float, ...] = ()
            self._reason = ""
            if config.characters == "random":
                self._phase = DEAL
                self._to_move = CHANCE
            elif config.characters == "chosen":
                self._phase = CHOOSE_CHARACTER
                self._to_move = 0
            else:
                self._start_shootout()
        else:  # explicit field copies, no deepcopy
            self._meta = copy_of._meta.copy()
            self._events = copy_of._events.copy()
            self._phase = copy_of._phase
            self._to_move = copy_of._to_move
            self._seat = copy_of._seat
            self._shootout = copy_of._shootout
            self._standoff = copy_of._standoff
            self._first = copy_of._first
            self._pass_left = copy_of._pass_left
            self._chars = copy_of._chars
            self._holder = copy_of._holder
            self._used = copy_of._used.copy()
            self._alive = copy_of._alive.copy()
            self._hands = copy_of._hands.copy()
            self._played = [pile.copy() for pile in copy_of._played]
            self._down = copy_of._down
            self._left = copy_of._left.copy()
            self._right = copy_of._right.copy()
            self._claims = copy_of._claims.copy()
            self._same = copy_of._same.copy()
            self._drawn = copy_of._drawn.copy()
            self._lnb = copy_of._lnb
            self._rnb = copy_of._rnb
            self._order = copy_of._order
            self._pos = copy_of._pos
            self._turn = copy_of._turn
            self._queue = copy_of._queue.copy()
            self._commit = copy_of._commit.copy()
            self._forced = copy_of._forced.copy()
            self._force_by = copy_of._force_by
            self._told = copy_of._told
            self._peek = copy_of._peek
            self._revealed = copy_of._revealed.copy()
            self._chosen = copy_of._chosen.copy()
            self._saved = copy_of._saved
            self._pass = copy_of._pass.copy()
            self._out = copy_of._out.copy()
            self._gold = copy_of._gold.copy()
            self._silver = copy_of._silver.copy()
            self._pot_gold = copy_of._pot_gold
            self._pot_silver = copy_of._pot_silver
            self._last_boom = copy_of._last_boom
            self._last_dead = copy_of._last_dead
            self._results = copy_of._results
            self._tied = copy_of._tied
            self._winners = copy_of._winners
            self._scores = copy_of._scores
            self._reason = copy_of._reason

    # -- protocol hooks -------------------------------------------------------------------------

    def _current_player(self) -> Player:
        return self._to_move

    def simultaneous_seats(self) -> tuple[Player, ...]:
        if self._phase not in OPEN_STEPS or self._to_move < 0:
            return ()
        choices = self._commit.choices
        return tuple(s for s in self._commit.seats if s not in choices)

    def _legal_actions(self) -> list[int]:
        phase = self._phase
        config = self.config
        if phase == PICK_LEFT:
            return list(config.left_picks[len(self._hands[self._turn])])
        if phase == PICK_RIGHT:
            return list(config.right_picks[len(self._hands[self._turn])])
        if phase == CHOOSE:
            return [A.CHOOSE_LEFT, A.CHOOSE_RIGHT]
        if phase == PASS:
            if self._hands[self._to_move]:
                return [A.PASS_UNREVEALED, A.PASS_RANDOM]
            return [A.PASS_UNREVEALED]
        if phase == TURN_ABILITY:
            turn = self._turn
            if self._chars[turn] == FELIX:
                return [A.SWAP_BASE + s for s in self._order[self._pos + 1 :]] + [A.SKIP]
            return [A.PEEK, A.SKIP]
        if phase == SHOWDOWN_ABILITY:
            seat = self._to_move
            if self._chars[seat] == BRANDON:
                alive = self._alive
                found = [
                    A.FORCE_BASE + 2 * s + side
                    for s in range(self.config.num_players)
                    if alive[s] and s != seat
                    for side in (LEFT, RIGHT)
                ]
            elif self._drawn[seat]:
                found = [A.ASK_LEFT]
            else:
                found = [A.ASK_LEFT, A.ASK_RIGHT]
            found.append(A.SKIP)
            return found
        if phase == CARLA_SAVE:
            return [A.SAVE, A.SKIP]
        if phase == RORY_LOOT:
            return [A.LOOT, A.SKIP]
        if phase == CHOOSE_CHARACTER:
            return [A.CHAR_BASE + c for c in range(6) if self._holder[c] == NOBODY]
        return []

    def _chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        phase = self._phase
        if phase == DEAL:
            left = [c for c in range(6) if self._holder[c] == NOBODY]
            return tuple((A.DEAL_BASE + c, 1 / len(left)) for c in left)
        if phase == TIE:
            tied = self._tied
            return tuple((A.TIE_BASE + s, 1 / len(tied)) for s in tied)
        return self.config.draw_outcomes[len(self._hands[self._seat])]

    def _apply(self, action: int) -> None:
        phase = self._phase
        mover = self._to_move
        if phase == PICK_LEFT:
            self._meta.append((mover + 1) * 8 + self._turn + 1)
            turn = self._turn
            hand = self._hands[turn]
            index, claim = divmod(action - A.PICK_LEFT_BASE, 10)
            self._left[turn] = hand[index]
            hand = hand[:index] + hand[index + 1 :]
            self._hands[turn] = hand
            self._claims[turn] = claim * 8
            if self._standoff:
                self._drawn[turn] = True
                self._seat = turn
                if len(hand) == 1:
                    self._right[turn] = hand[0]
                    self._hands[turn] = ()
                    self._end_turn()
                else:
                    self._phase = DRAW_RIGHT
                    self._to_move = CHANCE
            else:
                self._phase = PICK_RIGHT
                self._to_move = self._rnb[turn]
            return
        if phase == PICK_RIGHT:
            turn = self._turn
            self._meta.append((mover + 1) * 8 + turn + 1)
            index, claim = divmod(action - A.PICK_RIGHT_BASE, 10)
            self._claims[turn] += claim
            hand = self._hands[turn]
            if index == A.SAME_INDEX:
                self._same[turn] = True
                self._drawn[turn] = True
                if len(hand) > 1:
                    self._seat = turn
                    self._phase = DRAW_RIGHT
                    self._to_move = CHANCE
                    return
                index = 0
            self._right[turn] = hand[index]
            self._hands[turn] = hand[:index] + hand[index + 1 :]
            self._end_turn()
            return
        if phase == CHOOSE:
            self._meta.append((mover + 1) * 8)
            commit = self._commit
            commit.choices[mover] = action
            waiting = commit.waiting_for()
            if waiting is None:
                self._reveal()
            else:
                self._to_move = waiting
            return
        if phase == PASS:
            self._meta.append((mover + 1) * 8)
            commit = self._commit
            commit.choices[mover] = action
            waiting = commit.waiting_for()
            if waiting is None:
                self._passes_decided()
            else:
                self._to_move = waiting
            return
        if phase in CHANCE_PHASES:
            seat = self._seat
            if phase in FACE_DOWN_DRAWS:  # face down: nobody sees which card
                self._meta.append(HIDDEN_FROM_ALL + 1)
            else:
                self._meta.append(seat + 1 if phase in DRAW_PHASES else 0)
            index = action - A.DRAW_BASE
            if phase == DRAW_RIGHT:
                hand = self._hands[seat]
                self._right[seat] = hand[index]
                self._hands[seat] = hand[:index] + hand[index + 1 :]
                self._end_turn()
            elif phase == PASS_DRAW:
                self._out[seat] = self._hands[seat][index]  # it leaves at the exchange
                self._queue.pop(0)
                self._next_pass_draw()
            elif phase == PEEK_DRAW:
                self._peek = self._hands[seat][index]
                self._pick_left()
            elif phase == CARLA_DRAW:
                hand = self._hands[seat]
                self._down = hand[index]
                self._played[seat].append(hand[index])
                self._hands[seat] = hand[:index] + hand[index + 1 :]
                self._resolve()
            elif phase == DEAL:
                self._give_character(seat, action - A.DEAL_BASE)
            else:  # TIE, drawn after the steals (REASON_STEALS): the reason is REASON_DRAW
                self._set_outcome((action - A.TIE_BASE,), self._reason + ", then by the draw")
            return
        self._meta.append((mover + 1) * 8)
        if phase == TURN_ABILITY:
            if action != A.SKIP:
                self._used[mover] = True
                if action == A.PEEK:
                    hand = self._hands[mover]
                    if len(hand) > 1:
                        self._seat = mover
                        self._phase = PEEK_DRAW
                        self._to_move = CHANCE
                        return
                    self._peek = hand[0]
                else:
                    other = action - A.SWAP_BASE
                    hands = self._hands
                    hands[mover], hands[other] = hands[other], hands[mover]
                    if self._peek in hands[mover] or self._peek in hands[other]:
                        self._peek = NO_CARD  # both shuffle their new hands
            self._pick_left()
        elif phase == SHOWDOWN_ABILITY:
            self._queue.pop(0)
            if action != A.SKIP:
                self._used[mover] = True
                if action >= A.FORCE_BASE:
                    seat, side = divmod(action - A.FORCE_BASE, 2)
                    self._forced[seat] = side
                    self._force_by = mover
                else:
                    self._told = action - A.ASK_LEFT
            self._next_showdown_ability()
        elif phase == CARLA_SAVE:
            if action == A.SAVE:
                self._used[mover] = True
                self._saved = mover
                card = self._played[mover].pop()
                self._revealed[mover] = NO_CARD
                hand = _with(self._hands[mover], card)
                self._event(mover, EV_SAVED, 0, NOBODY)
                if len(hand) > 1:
                    self._hands[mover] = hand
                    self._seat = mover
                    self._phase = CARLA_DRAW
                    self._to_move = CHANCE
                    return
                self._down = hand[0]
                self._played[mover].append(hand[0])
                self._hands[mover] = ()
            self._resolve()
        elif phase == RORY_LOOT:
            if action == A.LOOT:
                self._used[mover] = True
                amount = min(len(self._played[mover]) * self.config.rory_loot, self.pot_value)
                self._take_from_pot(mover, amount)
                self._event(mover, EV_RORY, amount, NOBODY)
            self._end_showdown()
        else:  # CHOOSE_CHARACTER
            self._give_character(mover, action - A.CHAR_BASE)

    def _outcome(self) -> Outcome:
        return Outcome(self._scores, frozenset(self._winners), self._reason)

    def _clone(self) -> BoomState:
        return BoomState(self.game, self.config, self)

    # -- coins ----------------------------------------------------------------------------------

    @property
    def pot_value(self) -> int:
        """The pot's value in silver."""
        return GOLD_VALUE * self._pot_gold + self._pot_silver

    def value(self, seat: Player) -> int:
        """``seat``'s coins, in silver."""
        return GOLD_VALUE * self._gold[seat] + self._silver[seat]

    def _event(self, seat: int, kind: int, amount: int, other: int) -> None:
        self._events.append((self.state_id, seat, kind, amount, other))

    def _pay(self, seat: int, amount: int) -> int:
        """``seat`` hands over up to ``amount`` silver (changing gold first if it must)."""
        silver = self._silver[seat]
        while silver < amount and self._gold[seat]:
            self._gold[seat] -= 1
            silver += GOLD_VALUE
            self._event(seat, EV_CHANGE, GOLD_VALUE, NOBODY)
        paid = amount if silver >= amount else silver
        self._silver[seat] = silver - paid
        return paid

    def _to_pot(self, seat: int, amount: int, kind: int) -> None:
        paid = self._pay(seat, amount)
        self._pot_silver += paid
        self._event(seat, kind, paid, NOBODY)

    def _take_from_pot(self, seat: int, amount: int) -> None:
        """``seat`` takes ``amount`` (value) from the pot: gold where it can, then silver."""
        gold = min(self._pot_gold, amount // GOLD_VALUE)
        silver = amount - GOLD_VALUE * gold
        while self._pot_silver < silver:  # the pot changes a gold coin
            self._pot_gold -= 1
            self._pot_silver += GOLD_VALUE
        self._pot_gold -= gold
        self._pot_silver -= silver
        self._gold[seat] += gold
        self._silver[seat] += silver

    # -- flow -----------------------------------------------------------------------------------

    def _give_character(self, seat: int, character: int) -> None:
        self._chars = (*self._chars[:seat], character, *self._chars[seat + 1 :])
        self._holder = (*self._holder[:character], seat, *self._holder[character + 1 :])
        if seat + 1 < self.config.num_players:
            self._seat = seat + 1
            if self._phase == CHOOSE_CHARACTER:
                self._to_move = seat + 1
            return
        self._start_shootout()

    def _seats_from(self, first: int) -> tuple[int, ...]:
        """The living seats, from ``first`` to the left."""
        n = self.config.num_players
        alive = self._alive
        return tuple(s for s in (*range(first, n), *range(first)) if alive[s])

    def _neighbours(self) -> None:
        """Each seat's next living seat to the left and to the right."""
        n = self.config.num_players
        alive = self._alive
        lnb = [0] * n
        rnb = [0] * n
        for seat in range(n):
            other = (seat + 1) % n
            while not alive[other] and other != seat:
                other = (other + 1) % n
            lnb[seat] = other
            other = (seat - 1) % n
            while not alive[other] and other != seat:
                other = (other - 1) % n
            rnb[seat] = other
        self._lnb = tuple(lnb)
        self._rnb = tuple(rnb)

    def _start_shootout(self) -> None:
        """Starting Setup: hands, characters alive, abilities ready, the ante."""
        config = self.config
        n = config.num_players
        self._hands = list(config.start_hands)
        self._played = [[] for _ in range(n)]
        self._down = NO_CARD
        self._alive = [True] * n
        self._used = [False] * n
        self._standoff = n == 2
        self._pass_left = True
        self._neighbours()
        if not config.quick:
            for seat in self._seats_from(self._first):
                self._to_pot(seat, config.ante, EV_ANTE)
        self._start_round()

    def _start_round(self) -> None:
        self._order = self._seats_from(self._first)
        self._pos = 0
        self._begin_turn()

    def _begin_turn(self) -> None:
        turn = self._order[self._pos]
        self._turn = turn
        character = self._chars[turn]
        if (
            character >= 0
            and not self._used[turn]
            and (
                (character == FELIX and self._pos + 1 < len(self._order))
                or (character == JILL and self._hands[turn])
            )
        ):
            self._phase = TURN_ABILITY
            self._to_move = turn
            return
        self._phase = PICK_LEFT
        self._to_move = self._lnb[turn]

    def _pick_left(self) -> None:
        self._phase = PICK_LEFT
        self._to_move = self._lnb[self._turn]

    def _end_turn(self) -> None:
        self._pos += 1
        if self._pos < len(self._order):
            self._begin_turn()
            return
        self._turn = NOBODY
        holder = self._holder
        queue = []
        for character in (BRANDON, HEATHER):
            seat = holder[character]
            if seat >= 0 and self._alive[seat] and not self._used[seat]:
                queue.append(seat)
        if len(queue) == 2 and self._order.index(queue[0]) > self._order.index(queue[1]):
            queue.reverse()
        self._queue = queue
        self._next_showdown_ability()

    def _next_showdown_ability(self) -> None:
        if self._queue:
            self._phase = SHOWDOWN_ABILITY
            self._to_move = self._queue[0]
            return
        forced = self._forced
        seats = tuple(s for s in self._order if forced[s] < 0)
        if self._force_by >= 0:
            for s in self._order:
                if forced[s] >= 0:
                    self._event(s, EV_FORCED_LEFT + forced[s], 0, self._force_by)
        self._commit = Commitments(seats)
        if seats:
            self._phase = CHOOSE
            self._to_move = seats[0]
        else:
            self._reveal()

    def _reveal(self) -> None:
        """Everyone turns over the chosen card: it goes to the played pile."""
        choices = self._commit.choices
        forced = self._forced
        played = self._played
        left = self._left
        right = self._right
        revealed = self._revealed
        chosen = self._chosen
        for seat in self._order:
            side = forced[seat]
            if side < 0:
                side = choices[seat] - A.CHOOSE_LEFT
            if side == LEFT:
                card = left[seat]
                left[seat] = NO_CARD
            else:
                card = right[seat]
                right[seat] = NO_CARD
            chosen[seat] = side
            revealed[seat] = card
            played[seat].append(card)
            if card == self._peek:
                self._peek = NO_CARD  # face up now
        carla = self._holder[CARLA]
        if (
            carla >= 0
            and self._alive[carla]
            and not self._used[carla]
            and self.config.kinds[revealed[carla]] == BOOM
        ):
            self._phase = CARLA_SAVE
            self._seat = carla
            self._to_move = carla
            return
        self._resolve()

    def _resolve(self) -> None:
        """The revealed cards take effect, all at once (boom-showdown): each seat pays what its
        card asks out of what it held when the cards were turned, and the coins stolen reach
        their takers after every payment (option showdown_coins=seat-order: one seat after the
        other from the First Player, coins received paying for later payments)."""
        kinds = self.config.kinds
        advanced = self.config.advanced
        at_once = self.config.coins_at_once
        pay = self.config.pay_amount
        steal = self.config.steal_amount
        sides = self._chosen
        forced = self._forced
        dead = []
        stolen: list[tuple[int, int]] = []  # (taker, silver), handed over after every payment
        for seat in self._order:
            card = self._revealed[seat]
            if card < 0:
                continue
            kind = kinds[card]
            if kind == PAY:
                self._to_pot(seat, pay, EV_PAY)
            elif kind == STEAL:
                side = sides[seat]
                if advanced and (self._same[seat] if side == LEFT else self._drawn[seat]):
                    self._event(seat, EV_BLOCKED, 0, NOBODY)
                    continue
                if forced[seat] >= 0:  # Brandon forced this card: its coins go to him
                    to = self._force_by
                else:
                    to = self._lnb[seat] if side == LEFT else self._rnb[seat]
                paid = self._pay(seat, steal)
                if at_once:
                    stolen.append((to, paid))
                else:
                    self._silver[to] += paid
                self._event(seat, EV_STEAL, paid, to)
            elif kind == BOOM:
                dead.append(seat)
            else:
                self._event(seat, EV_CLICK, 0, NOBODY)
        for to, paid in stolen:
            self._silver[to] += paid
        for seat in dead:
            self._alive[seat] = False
            hand = self._hands[seat]
            for card in (self._left[seat], self._right[seat]):
                if card >= 0:
                    hand = _with(hand, card)
            self._hands[seat] = hand
            self._left[seat] = self._right[seat] = NO_CARD
            self._last_boom = seat
            self._event(seat, EV_BOOM, 0, NOBODY)
            if self._peek >= 0 and self._chars[seat] == JILL:
                self._peek = NO_CARD
        if dead:
            self._last_dead = tuple(dead)
            self._neighbours()
        rory = self._holder[RORY]
        if (
            rory >= 0
            and self._alive[rory]
            and not self._used[rory]
            and (self._pot_gold or self._pot_silver)
        ):
            self._phase = RORY_LOOT
            self._seat = rory
            self._to_move = rory
            return
        self._end_showdown()

    def _end_showdown(self) -> None:
        alive = self._alive
        living = tuple(s for s in self._order if alive[s])
        hands = self._hands
        if len(living) <= 1 or not any(hands[s] for s in living):
            self._end_shootout()
            return
        if len(living) == 2:
            self._standoff = True
        # "All players left alive will then pass a card face-down": all at once.
        self._commit = Commitments(living)
        self._phase = PASS
        self._to_move = living[0]

    def _passes_decided(self) -> None:
        """Every living player has passed: the random cards are drawn (chance, in seat order),
        then the cards change hands."""
        choices = self._commit.choices
        hands = self._hands
        queue = []
        for seat in self._commit.seats:
            if choices[seat] == A.PASS_RANDOM:
                self._pass[seat] = BY_RANDOM
                if len(hands[seat]) > 1:
                    queue.append(seat)
                else:
                    self._out[seat] = hands[seat][0]
            else:
                self._pass[seat] = BY_UNREVEALED
        self._queue = queue
        self._next_pass_draw()

    def _next_pass_draw(self) -> None:
        if self._queue:
            self._seat = self._queue[0]
            self._phase = PASS_DRAW
            self._to_move = CHANCE
            return
        # Every card to pass is known: they change hands, all at once.
        hands = self._hands
        nxt = self._lnb if self._pass_left else self._rnb
        left = self._left
        right = self._right
        out = self._out
        passes = self._pass
        alive = self._alive
        n = self.config.num_players
        passed = [NO_CARD] * n
        for seat in range(n):
            if not alive[seat]:
                continue
            unrevealed = left[seat] if left[seat] >= 0 else right[seat]
            if passes[seat] == BY_RANDOM:
                card = out[seat]
                hand = hands[seat]
                index = hand.index(card)
                hands[seat] = _with(hand[:index] + hand[index + 1 :], unrevealed)
            else:
                card = unrevealed
            passed[nxt[seat]] = card
        for seat in range(n):
            if passed[seat] >= 0:
                hands[seat] = _with(hands[seat], passed[seat])
        self._first = self._lnb[self._first]
        self._pass_left = not self._pass_left
        self._clear_showdown()
        self._start_round()

    def _clear_showdown(self) -> None:
        n = self.config.num_players
        self._left = [NO_CARD] * n
        self._right = [NO_CARD] * n
        self._claims = [0] * n
        self._same = [False] * n
        self._drawn = [False] * n
        self._forced = [NOT_DECIDED] * n
        self._force_by = NOBODY
        self._told = NOT_DECIDED
        self._peek = NO_CARD
        self._revealed = [NO_CARD] * n
        self._chosen = [NOT_DECIDED] * n
        self._saved = NOBODY
        self._pass = [NOT_DECIDED] * n
        self._out = [NO_CARD] * n
        self._commit = Commitments(())
        self._queue = []

    def _end_shootout(self) -> None:
        """Grab the loot; then clean up for the next shootout, or count the coins."""
        config = self.config
        n = config.num_players
        alive = self._alive
        hands = self._hands
        for seat in range(n):  # a survivor's unrevealed card is its last unplayed card
            if alive[seat]:
                for card in (self._left[seat], self._right[seat]):
                    if card >= 0:
                        hands[seat] = _with(hands[seat], card)
        survivors = tuple(s for s in self._seats_from(self._first))
        share = 0
        if not config.quick:
            if survivors:
                share = self.pot_value // len(survivors)
                for seat in survivors:
                    self._take_from_pot(seat, share)
                    self._event(seat, EV_LOOT, share, NOBODY)
            else:
                self._event(NOBODY, EV_CARRY, self.pot_value, NOBODY)
        self._results += ((survivors, share),)
        self._clear_showdown()
        self._turn = NOBODY
        self._order = ()
        if self._shootout >= config.shootouts:
            self._finish(survivors)
            return
        for seat in (*range(self._first, n), *range(self._first)):
            dues = config.winner_dues if alive[seat] else config.other_dues
            self._to_pot(seat, dues, EV_DUES)
        if self._last_boom >= 0:
            self._first = self._last_boom
        else:
            self._first = (self._first + 1) % n
        self._shootout += 1
        self._last_dead = ()
        self._start_shootout()

    def _finish(self, survivors: tuple[int, ...]) -> None:
        config = self.config
        n = config.num_players
        if config.quick:
            if survivors:
                winners, reason = survivors, REASON_SURVIVED
            else:
                winners, reason = self._last_dead, REASON_ALL_BLEW_UP
            self._scores = tuple(1.0 if s in winners else 0.0 for s in range(n))
            self._winners = tuple(sorted(winners))
            self._reason = reason
            self._phase = OVER
            self._to_move = TERMINAL
            return
        values = [self.value(s) for s in range(n)]
        best = max(values)
        tied = tuple(s for s in range(n) if values[s] == best)
        self._scores = tuple(float(v) for v in values)
        reason = REASON_MOST_COINS
        if len(tied) > 1:
            kinds = config.kinds
            booms = [sum(1 for c in self._hands[s] if kinds[c] == BOOM) for s in tied]
            fewest = min(booms)
            tied = tuple(s for s, b in zip(tied, booms, strict=True) if b == fewest)
            reason = REASON_BOOMS
            if len(tied) > 1:
                steals = [sum(1 for c in self._played[s] if kinds[c] == STEAL) for s in tied]
                fewest = min(steals)
                tied = tuple(s for s, c in zip(tied, steals, strict=True) if c == fewest)
                reason = REASON_STEALS
            if len(tied) > 1:
                self._tied = tied
                self._reason = reason
                self._phase = TIE
                self._to_move = CHANCE
                return
        self._set_outcome(tied, reason)

    def _set_outcome(self, winners: tuple[int, ...], reason: str) -> None:
        self._winners = winners
        self._reason = reason
        self._tied = ()
        self._phase = OVER
        self._to_move = TERMINAL

    # -- why an action is illegal ---------------------------------------------------------------

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` is not legal now, in words (``core.play`` puts it in the error)."""
        if action in self.legal_actions():
            return ""
        if not A.is_valid_code(action):
            return t("{action} is not an action code of Click Click Boom", action=action)
        to_move = self._to_move
        if to_move == TERMINAL:
            return t("the game is over")
        text = A.to_string(action)
        if to_move == CHANCE:
            return t(
                "{action} is not among the outcomes: {expected}",
                action=text,
                expected=self._expected(),
            )
        if action >= A.CHANCE_BASE:
            return t(
                "{action} is a chance outcome, but seat {seat} is to decide now",
                action=text,
                seat=to_move,
            )
        problem = self._problem(action, to_move)
        if problem:
            return problem
        return t("{action} does not fit now: {expected}", action=text, expected=self._expected())

    def _expected(self) -> str:
        """What the game waits for, in words."""
        phase = self._phase
        mover = self._to_move
        turn = self._turn
        if phase == DEAL:
            return t("chance deals seat {seat} a character (deal:NAME)", seat=self._seat)
        if phase == TIE:
            seats = ", ".join(str(s) for s in self._tied)
            return t("chance draws the winner among the tied seats {seats} (tie:SEAT)", seats=seats)
        if mover == CHANCE:
            size = len(self._hands[self._seat])
            what = {
                PEEK_DRAW: N_(
                    "chance draws the card Jill looks at from seat {seat}'s hand "
                    "(draw:0..draw:{last})"
                ),
                DRAW_RIGHT: N_(
                    "chance draws the right card from seat {seat}'s hand (draw:0..draw:{last})"
                ),
                CARLA_DRAW: N_(
                    "chance draws the card that goes to Carla's played pile from seat {seat}'s "
                    "hand (draw:0..draw:{last})"
                ),
                PASS_DRAW: N_(
                    "chance draws the card passed from seat {seat}'s hand (draw:0..draw:{last})"
                ),
            }[phase]
            return t(what, seat=self._seat, last=size - 1)
        if phase in (PICK_LEFT, PICK_RIGHT):
            size = len(self._hands[turn])
            letter = "L" if phase == PICK_LEFT else "R"
            claims = "/".join(CLAIM_NAMES[c] or "none" for c in self.config.claims)
            if len(self.config.claims) == 1:  # option claims=false: a pick says nothing
                plain = {
                    "seat": mover,
                    "turn": turn,
                    "first": f"{letter}0",
                    "last": f"{letter}{size - 1}",
                }
                if phase == PICK_LEFT:
                    return t("seat {seat} picks seat {turn}'s left card: {first}..{last}", **plain)
                if self.config.advanced:
                    return t(
                        "seat {seat} picks seat {turn}'s right card: {first}..{last} or R= (the "
                        "same card)",
                        **plain,
                    )
                return t("seat {seat} picks seat {turn}'s right card: {first}..{last}", **plain)
            fields = {
                "seat": mover,
                "turn": turn,
                "first": f"{letter}0",
                "last": f"{letter}{size - 1}",
                "claims": claims,
                "example": f"{letter}0:{CLAIM_NAMES[self.config.claims[-1]]}",
            }
            if phase == PICK_LEFT:
                return t(
                    "seat {seat} picks seat {turn}'s left card: {first}..{last}, with a claim "
                    "({claims}), e.g. {example}",
                    **fields,
                )
            if self.config.advanced:
                return t(
                    "seat {seat} picks seat {turn}'s right card: {first}..{last} or R= (the same "
                    "card), with a claim ({claims}), e.g. {example}",
                    **fields,
                )
            return t(
                "seat {seat} picks seat {turn}'s right card: {first}..{last}, with a claim "
                "({claims}), e.g. {example}",
                **fields,
            )
        if phase == CHOOSE:
            return t("seat {seat} chooses the card to reveal: left or right", seat=mover)
        if phase == PASS:
            if self._hands[mover]:
                return t("seat {seat} passes a card: pass:unrevealed or pass:random", seat=mover)
            return t("seat {seat} passes a card: pass:unrevealed (the hand is empty)", seat=mover)
        options = ", ".join(A.to_string(a) for a in self._legal_actions())
        if phase == CHOOSE_CHARACTER:
            return t("seat {seat} chooses a character: {options}", seat=mover, options=options)
        name = CHARACTER_NAMES[self._chars[mover]]
        return t(
            "seat {seat} ({name}) may use the ability now: {options}",
            seat=mover,
            name=name,
            options=options,
        )

    def _problem(self, action: int, mover: int) -> str:
        """A specific reason ``action`` is wrong for ``mover`` now, or ''."""
        phase = self._phase
        config = self.config
        n = config.num_players
        if A.is_pick(action):
            side, rest = divmod(action - A.PICK_LEFT_BASE, 100)
            index, claim = divmod(rest, 10)
            if phase not in (PICK_LEFT, PICK_RIGHT):
                return t("no card is being picked now: {expected}", expected=self._expected())
            if side == RIGHT and self._standoff:
                return t(
                    "in the stand-off the right card is drawn at random from the current "
                    "player's own hand, nobody picks it: {expected}",
                    expected=self._expected(),
                )
            if side != phase - PICK_LEFT:
                if side == LEFT:
                    return t(
                        "the left card is picked already: {expected}", expected=self._expected()
                    )
                return t(
                    "the left card is picked first (part 1): {expected}",
                    expected=self._expected(),
                )
            if claim not in config.claims:
                if len(config.claims) == 1:
                    return t("this game has no claims (option claims=false): a pick says nothing")
                claims = ", ".join(CLAIM_NAMES[c] or "none" for c in config.claims)
                if config.quick:
                    return t("the claims of Quick Play are {claims}", claims=claims)
                return t("the claims of the full game are {claims}", claims=claims)
            if index == A.SAME_INDEX:
                return t("picking the same card (R=) is Advanced Play only (option advanced)")
            size = len(self._hands[self._turn])
            return tn(
                "seat {seat}'s hand has {n} card: the index is 0..{last}",
                "seat {seat}'s hand has {n} cards: the index is 0..{last}",
                size,
                seat=self._turn,
                last=size - 1,
            )
        if action in (A.CHOOSE_LEFT, A.CHOOSE_RIGHT) and phase != CHOOSE:
            return t(
                "the showdown choice comes after the turns and abilities: {expected}",
                expected=self._expected(),
            )
        if action in (A.PASS_UNREVEALED, A.PASS_RANDOM):
            if phase != PASS:
                return t(
                    "cards are passed at the end of the showdown: {expected}",
                    expected=self._expected(),
                )
            return t("seat {seat}'s hand is empty: only pass:unrevealed", seat=mover)
        if A.CHAR_BASE <= action < A.DRAW_BASE:
            character = action - A.CHAR_BASE
            if phase != CHOOSE_CHARACTER:
                return t(
                    "characters are chosen before the first shootout (option characters=chosen)"
                )
            return t(
                "{name} is taken by seat {seat}",
                name=CHARACTER_NAMES[character],
                seat=self._holder[character],
            )
        # Abilities and skip.
        owner = {
            A.PEEK: JILL,
            A.SAVE: CARLA,
            A.LOOT: RORY,
            A.ASK_LEFT: HEATHER,
            A.ASK_RIGHT: HEATHER,
        }.get(action)
        if owner is None:
            if action == A.SKIP:
                return t("there is no ability to skip now: {expected}", expected=self._expected())
            owner = FELIX if action < A.FORCE_BASE else BRANDON
        name = CHARACTER_NAMES[owner]
        holder = self._holder[owner]
        if holder != mover:
            if holder < 0:
                return t(
                    "{action} is {name}'s ability (nobody): {expected}",
                    action=A.to_string(action),
                    name=name,
                    expected=self._expected(),
                )
            return t(
                "{action} is {name}'s ability (seat {seat}): {expected}",
                action=A.to_string(action),
                name=name,
                seat=holder,
                expected=self._expected(),
            )
        if self._used[mover]:
            return t("seat {seat} has used {name}'s ability this shootout", seat=mover, name=name)
        if owner == FELIX:
            other = action - A.SWAP_BASE
            if phase != TURN_ABILITY:
                return t("Felix swaps hands at the start of his turn")
            if other >= n:
                return t("there is no seat {seat} in a {n}-player game", seat=other, n=n)
            if other == mover:
                return t("Felix swaps with another player")
            if not self._alive[other]:
                return t("seat {seat} is eliminated from this shootout", seat=other)
            return t(
                "seat {seat} has had its turn this round (its hand is two cards smaller): "
                "Felix swaps with a player still to play",
                seat=other,
            )
        if owner == BRANDON:
            seat = (action - A.FORCE_BASE) // 2
            if phase != SHOWDOWN_ABILITY:
                return t("Brandon forces a player at the start of the showdown")
            if seat >= n:
                return t("there is no seat {seat} in a {n}-player game", seat=seat, n=n)
            if seat == mover:
                return t("Brandon forces another player")
            return t("seat {seat} is eliminated from this shootout", seat=seat)
        if owner == HEATHER and phase == SHOWDOWN_ABILITY:
            return t("the right card was drawn at random, nobody picked it: only ask:left")
        moments = {
            JILL: N_("Jill Jackrabbit's ability is used at the start of her turn: {expected}"),
            CARLA: N_(
                "Carla Coyote's ability is used when her revealed card is a BOOM: {expected}"
            ),
            RORY: N_(
                "Rory Raccoon's ability is used at the end of a showdown, when the pot is not "
                "empty: {expected}"
            ),
            HEATHER: N_("Heather Horse's ability is used at the start of the showdown: {expected}"),
        }
        return t(moments[owner], expected=self._expected())
