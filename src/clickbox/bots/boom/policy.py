"""A hand-written policy for Click Click Boom (the ``rulebased`` bot), from one seat's view only.

:func:`choose_action` is a pure function of the view, the legal action codes, the game and an
RNG; it never sees the true state. What it knows is what the view shows: every other living
hand and table card, every played pile, coins, claims and who made them, and its own cards only
as a count. Its own cards' kinds it deduces: the game's cards minus every card it can see are
its hand, its two table cards and the face-down cards of the eliminated (a hypergeometric split
when the latter exist), and a Bayesian reading of its two table cards weighs that by how the
two neighbours probably picked and what they claimed.

The rules of thumb, decision by decision:

Picking a neighbour's card
    Each kind in the target's hand is scored by what it does to the seat if the target reveals
    it (one chance in two): a BOOM is worth the target's pot share, times how much the target
    threatens the seat (the coin leader, whoever is ahead, whoever hurt the seat: see
    :meth:`_Table.threat`); a Steal pays the picker itself (2, and 2 fewer for the target); a
    Pay costs the target one coin. A BOOM that the target would pass straight back costs a
    little; one for a Carla whose save is ready is worth little. So the leader gets the BOOM
    once the pot is rich, and weaker threats (and everyone early on, while the pot is poor) a
    Steal that pays the seat, else a Pay; measured against random play this beats handing out
    BOOMs first (``bench/boom_bots.py``). As the right neighbour it sees the left card: with a
    BOOM there and a target it wants gone, it says its own safe card is the BOOM. Advanced
    Play: ``R=`` blocks a threatening left neighbour's Steal when it has nothing better to give.
    Quick Play: a BOOM whenever the target holds one.
Claims
    Mostly lies that lure (a BOOM or a Steal called a Pay), mixed with the truth and silence by
    the RNG so it is not predictable (:func:`_claim_odds`); never the truth when handing the
    coin leader a BOOM.
Reading claims
    A claim is read as a mixture: an honest neighbour, credible in proportion to its lack of
    interest in the seat's loss (less when the seat leads, when the seat hurt it, in the
    2-player stand-off; a Steal claimed by the neighbour it would pay is suspect), a neighbour
    who claims as this policy does (so a right neighbour's "boom" hints at a BOOM on the left),
    and noise. Picks are read the same way: a hostile neighbour favours the BOOM, and every
    neighbour the Steal that pays it.
The showdown
    The side with the lower expected cost (BOOM: the pot share and more; Steal 2; Pay 1;
    Quick Play: only BOOM counts), from that reading plus what it knows for sure (Heather's
    answer, Jill's peek, the deduced counts), chosen by a soft minimum (the cheaper side almost
    always when the costs are far apart, now and then the other when they are close): a seat
    that always takes the side the order of picks makes safer is exploited by that neighbour.
Passing
    The unrevealed card or a random one, whichever is more likely to be bad (for the receiver,
    and not to keep).
Abilities
    Carla always saves. Heather asks about the side whose answer would change her choice the
    most (in practice the less trustworthy neighbour's), when it matters. Brandon forces a
    threat onto a BOOM at once, or onto a Steal (his) when it pays: the leader's, or in the
    last showdown. Felix swaps with a player still to play whose hand (he sees it) holds fewer
    BOOMs than his own deduced hand. Rory loots when the pile is large (three cards), as large
    as the pot, or in the shootout's last showdown. Jill peeks at once. Characters, when
    chosen: Carla, Brandon, Heather, Felix, Jill, Rory.

This policy as a model of a player (for :mod:`.search` and :mod:`.worlds`)
    Whoever sees the public record can predict it: :func:`pick_model` gives the kind it picks
    for a target (the best of :func:`_kind_utility` among the kinds in the target's hand; it
    depends on coins, the pot and grudges only, so any seat can work it out, as of any earlier
    point with :func:`view_before`) and the odds of its claims; :func:`reveal_left_odds` the
    chance that it reveals its left card, from its own view, or from one imagined for other
    picks and claims (:func:`imagined_showdown_view`). :func:`read_own_cards` reads a seat's own
    cards from its neighbours' picks and claims under that model (:class:`Reading`: weighted
    worlds), mixed with random picking by :func:`claim_trust` (how much a seat's claims look
    like this policy's); :func:`showing_own_cards` turns a world into a view to deal from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb, exp, log
from typing import TYPE_CHECKING, Any, Final

from ...games.boom import actions as A
from ...games.boom.board import (
    BOOM,
    CARLA,
    CHARACTER_KEYS,
    CLAIM_NAMES,
    CLICK,
    KIND_NAMES,
    LEFT,
    PAY,
    RIGHT,
    SIDE_NAMES,
    STEAL,
)

if TYPE_CHECKING:
    import random

    from ...core import View
    from ...games.boom.game import BoomGame

KIND: Final = {name: kind for kind, name in enumerate(KIND_NAMES)}
FULL_KINDS: Final = (PAY, STEAL, BOOM)
QUICK_KINDS: Final = (CLICK, BOOM)
CHARACTER_PREFERENCE: Final = ("carla", "brandon", "heather", "felix", "jill", "rory")
_CLAIM_OF: Final = {PAY: 1, STEAL: 2, CLICK: 3, BOOM: 4}  # kind -> claim code
_NO_CLAIM: Final = 0


@dataclass(frozen=True)
class Tuning:
    """The policy's weights (``bench/boom_bots.py`` measures them)."""

    reveal: float = 0.5  # chance that a target reveals the card picked for it
    kill_extra: float = 0.0  # what a rival's death is worth beyond its pot share
    kill_weight: float = 1.0  # scale of what a rival's death is worth
    death_extra: float = 3.0  # what the seat's death costs it beyond its pot share
    gap_scale: float = 6.0  # coins of standing per unit of threat
    leader_bonus: float = 0.6  # extra threat of the best-placed rival
    hurt_scale: float = 4.0  # coins a rival took from the seat per unit of threat
    passback: float = 0.1  # share of its death cost a BOOM passed back to the seat costs it
    carla_kill: float = 0.15  # worth of a BOOM for a Carla whose save is ready
    boom_bias: float = 3.0  # how much more a hostile neighbour favours a BOOM for the seat
    steal_bias: float = 3.0  # how much more a neighbour favours a Steal that pays it
    credibility: float = 0.2  # weight of an honest reading of a disinterested neighbour
    strategic: float = 0.7  # weight of reading a claim as this policy makes them (vs noise)
    base_hostility: float = 0.45
    leader_hostility: float = 0.2  # extra hostility towards a leading seat
    standoff_hostility: float = 0.8
    choice_temperature: float = 0.25  # coins; 0: always the cheaper side at the showdown
    heather_value: float = 0.12  # share of the death cost an answer must save to ask now


TUNING: Final = Tuning()


@lru_cache(maxsize=512)
def _parse(text: str) -> int:
    return A.parse(text)


def legal_codes(view: View) -> list[int]:
    """The legal action codes listed in ``view`` (empty when the seat is not to move)."""
    return [_parse(text) for text in view["legal"]]


def rule_based_action(view: View, game: BoomGame, rng: random.Random) -> int:
    """The ``rulebased`` bot's action: :func:`choose_action` on the view's legal moves."""
    return choose_action(view, legal_codes(view), game, rng)


def choose_action(
    view: View, legal: list[int], game: BoomGame, rng: random.Random, tuning: Tuning = TUNING
) -> int:
    """The rule-based action for the seat whose ``view`` it is (one of ``legal``)."""
    if not legal:
        raise ValueError("no legal action: the seat is not to move")
    if len(legal) == 1:
        return legal[0]
    table = _Table(view, game, tuning)
    phase = view["phase"]
    handler = _HANDLERS.get(phase)
    if handler is None:  # pragma: no cover - every decision phase has a handler
        return rng.choice(legal)
    return handler(table, legal, rng)


def belief(view: View, game: BoomGame, tuning: Tuning = TUNING) -> dict[str, Any]:
    """What the seat of ``view`` believes about its own cards, by kind name.

    ``left`` and ``right``: the probability of each kind for its table cards (None where it has
    none); ``hand``: the expected number of each kind among its hand cards.
    """
    post = _Table(view, game, tuning).post
    kinds = QUICK_KINDS if game.quick else FULL_KINDS

    def named(values: list[float] | None) -> dict[str, float] | None:
        return None if values is None else {KIND_NAMES[k]: values[k] for k in kinds}

    return {"left": named(post.left), "right": named(post.right), "hand": named(post.hand)}


# -- what the seat knows -------------------------------------------------------------------------


class _Table:
    """The view, read once: coins, standings, neighbours, threats; the posterior on demand."""

    def __init__(self, view: View, game: BoomGame, tuning: Tuning) -> None:
        self.view = view
        self.game = game
        self.tuning = tuning
        self.me: int = view["me"]
        self.n: int = view["players"]
        self.seats: list[dict[str, Any]] = view["seats"]
        self.quick: bool = game.quick
        self.advanced: bool = game.advanced
        self.kinds = QUICK_KINDS if game.quick else FULL_KINDS
        # the amounts the game's options give (the rulebook's: Pay 1, 2 Stolen, Rory 1 a card)
        self.pay: int = game.config.pay_amount
        self.steal: int = game.config.steal_amount
        self.rory_loot: int = game.config.rory_loot
        self.alive: list[bool] = [s["alive"] for s in self.seats]
        self.living = max(1, sum(self.alive))
        self.standoff: bool = view["standoff"] or self.living == 2
        if game.quick:
            self.values = [0] * self.n
            self.pot = 0
        else:
            self.values = [s["coins"]["value"] for s in self.seats]
            self.pot = view["pot"]["value"]
        share = self.pot / self.living
        self.standing = [
            v + (share if alive else 0.0) for v, alive in zip(self.values, self.alive, strict=True)
        ]
        self._hurt: list[list[float]] | None = None
        self._post: _Posterior | None = None

    # neighbours and characters

    def left_of(self, seat: int) -> int:
        """The next living seat to the left (higher numbers)."""
        other = (seat + 1) % self.n
        while not self.alive[other] and other != seat:
            other = (other + 1) % self.n
        return other

    def right_of(self, seat: int) -> int:
        """The next living seat to the right."""
        other = (seat - 1) % self.n
        while not self.alive[other] and other != seat:
            other = (other - 1) % self.n
        return other

    def has_ready(self, seat: int, character: int) -> bool:
        data = self.seats[seat]
        return bool(data["character"] == CHARACTER_KEYS[character] and data["ability"] == "ready")

    def last_showdown(self) -> bool:
        """True if the shootout ends after this showdown: no living hand holds a card."""
        return all(not s["alive"] or s["hand_count"] == 0 for s in self.seats)

    # interests

    @property
    def hurt(self) -> list[list[float]]:
        """``hurt[a][b]``: what ``a`` has cost ``b`` so far (steals, forces, BOOMs it picked)."""
        if self._hurt is None:
            self._hurt = _hurt(self.view, self.n, self.me)
        return self._hurt

    def i_lead(self) -> bool:
        mine = self.standing[self.me]
        return all(mine >= v for s, v in enumerate(self.standing) if s != self.me)

    def is_coin_leader(self, seat: int) -> bool:
        """True if ``seat`` has the most coins at the table (ties included)."""
        return not self.quick and self.values[seat] >= max(self.values)

    def threat(self, target: int) -> float:
        """How much ``target`` stands in the seat's way (1: an ordinary rival)."""
        if self.quick:
            return 1.0
        t = self.tuning
        me = self.me
        standing = self.standing
        value = 1.0 + (standing[target] - standing[me]) / t.gap_scale
        best = max(standing[s] for s in range(self.n) if s != me)
        if standing[target] >= best:
            value += t.leader_bonus
        value += min(1.0, self.hurt[target][me] / t.hurt_scale)
        return min(3.0, max(0.2, value))

    def hostility(self, picker: int) -> float:
        """How much ``picker`` gains from the seat's loss (0..1): it colours picks and claims."""
        t = self.tuning
        if self.standoff:
            return t.standoff_hostility
        value = t.base_hostility
        if not self.quick and self.i_lead():
            value += t.leader_hostility
        value += min(0.2, self.hurt[self.me][picker] / 10)
        return min(0.95, value)

    def death_cost(self) -> float:
        """What revealing a BOOM costs the seat, in coins (Quick Play: 1, the game)."""
        if self.quick:
            return 1.0
        if self.has_ready(self.me, CARLA):
            return 1.5
        return self.pot / self.living + self.tuning.death_extra

    def kind_costs(self, blocked: bool = False) -> list[float]:
        """What revealing each kind costs the seat (a blocked Steal costs nothing)."""
        steal = 0.0 if blocked else float(min(self.steal, self.values[self.me]))
        return [float(self.pay), steal, 0.0, self.death_cost()]

    @property
    def post(self) -> _Posterior:
        if self._post is None:
            self._post = _posterior(self)
        return self._post


def _hurt(view: View, n: int, me: int) -> list[list[float]]:
    hurt = [[0.0] * n for _ in range(n)]
    my_booms = set()
    for event in view["events"]:
        name = event["event"]
        if name == "steal" and event["to"] is not None:
            hurt[event["to"]][event["seat"]] += event["amount"]
        elif name in ("forced-left", "forced-right") and event["to"] is not None:
            hurt[event["to"]][event["seat"]] += 1
        elif name == "boom" and event["seat"] == me:
            my_booms.add(event["after"])
    if my_booms:  # who picked the BOOMs that blew the seat up (its own picks show as L?/R?)
        left_by: object = None
        right_by: object = None
        chosen = ""
        for i, entry in enumerate(view["log"]):
            move = entry["move"]
            who = entry["seat"]
            if move.startswith("L?"):
                left_by, right_by, chosen = who, None, ""
            elif move.startswith("R?"):
                right_by = who
            elif who == me and move in ("left", "right"):
                chosen = move
            if i + 1 in my_booms and chosen:
                culprit = left_by if chosen == "left" else right_by
                if isinstance(culprit, int):
                    hurt[culprit][me] += 4
    return hurt


# -- the seat's own cards --------------------------------------------------------------------------


@dataclass
class _Posterior:
    """What the seat believes about its own cards."""

    left: list[float] | None  # P(kind) of its left table card (None: no card there)
    right: list[float] | None
    joint: dict[tuple[int, int], float]  # (left kind, right kind) -> P; -1 for no card
    hand: list[float]  # expected count of each kind among its hand cards
    hand_count: int


def _uniform(table: _Table, remaining: list[int], hand_count: int) -> _Posterior:
    total = sum(remaining)
    share = [r / total if total else 0.0 for r in remaining]
    mine = table.seats[table.me]
    left = share.copy() if mine["left"] is not None else None
    right = share.copy() if mine["right"] is not None else None
    joint: dict[tuple[int, int], float] = {}
    for a in range(4) if left is not None else (-1,):
        for b in range(4) if right is not None else (-1,):
            p = (share[a] if a >= 0 else 1.0) * (share[b] if b >= 0 else 1.0)
            if p:
                joint[(a, b)] = p
    return _Posterior(left, right, joint, [s * hand_count for s in share], hand_count)


def _unseen(composition: Sequence[int], seats: Sequence[dict[str, Any]]) -> list[int]:
    """Per kind, the deck's cards the view does not show (hands, played piles but a face-down
    card, table cards; a card on its way out is still in its passer's hand)."""
    remaining = list(composition)
    for data in seats:
        for name in data["hand"] or ():
            remaining[KIND[name]] -= 1
        for name in data["played"]:
            if name is not None:
                remaining[KIND[name]] -= 1
        for place in ("left", "right"):
            entry = data[place]
            if entry is not None and entry["card"] is not None:
                remaining[KIND[entry["card"]]] -= 1
    return remaining


def _posterior(table: _Table) -> _Posterior:
    """The distribution of the seat's table cards and the expected make-up of its hand.

    The game's cards minus those the seat can see are its unknown cards (hand, unknown table
    cards) and the other unknown ones (the eliminated players' cards, Carla's face-down card):
    hypergeometric. Its two table cards were picked from its hand in turn, each neighbour
    favouring what hurts the seat and pays itself (:meth:`_Table.hostility`), and claims are
    evidence in proportion to their credibility.
    """
    view = table.view
    me = table.me
    remaining = _unseen(table.game.composition, table.seats)
    mine = table.seats[me]
    known = [0, 0, 0, 0]  # kinds the seat knows among the cards it held at the picks
    peek = view["peek"]
    hand_unknown = mine["hand_count"]
    if peek is not None and peek["seat"] == me and peek["where"] == "hand" and mine["hand"] is None:
        kind = KIND[peek["card"]]
        remaining[kind] -= 1
        known[kind] += 1
        hand_unknown -= 1
    if any(r < 0 for r in remaining):  # pragma: no cover - a view always adds up
        return _uniform(table, [max(0, r) for r in remaining], mine["hand_count"])
    # The two table cards: (known kind or -1, picker weights, claim likelihoods), or None;
    # the likelihood of a claim is indexed [left kind + 1][kind] (the right neighbour's claim
    # may depend on the left card, which it saw).
    flat = [[1.0] * 4 for _ in range(5)]
    sides: list[tuple[int, list[float], list[list[float]]] | None] = []
    revealed_side = -1
    if view["phase"] in ("rory-loot", "pass", "pass-draw", "carla-draw") and mine["choice"]:
        if mine["revealed"] is None:  # Carla put the BOOM back: too tangled, count uniformly
            return _uniform(table, remaining, hand_unknown)
        revealed_side = SIDE_NAMES.index(mine["choice"])
    unknown_table = 0
    for side in (LEFT, RIGHT):
        entry = mine[SIDE_NAMES[side]]
        if entry is None:
            if side == revealed_side:
                kind = KIND[mine["revealed"]]
                known[kind] += 1
                sides.append((kind, [1.0] * 4, flat))
            else:
                sides.append(None)
            continue
        weights, likelihood = _picker_model(table, side, entry)
        if entry["card"] is not None:
            kind = KIND[entry["card"]]
            known[kind] += 1
            sides.append((kind, weights, flat))
        else:
            unknown_table += 1
            sides.append((-1, weights, likelihood))
    mine_unknown = hand_unknown + unknown_table
    total = sum(remaining)
    others = total - mine_unknown
    if others < 0:  # pragma: no cover - a view always adds up
        return _uniform(table, remaining, hand_unknown)
    compositions = _compositions(remaining, mine_unknown, others, table.kinds)
    joint: dict[tuple[int, int], float] = {}
    hand = [0.0, 0.0, 0.0, 0.0]
    left_side, right_side = sides
    kinds = table.kinds
    grand = 0.0
    for counts, prior in compositions:
        full = [c + k for c, k in zip(counts, known, strict=True)]
        if left_side is None:
            left_options: tuple[int, ...] = (-1,)
        elif left_side[0] >= 0:
            left_options = (left_side[0],)
        else:
            left_options = tuple(k for k in kinds if counts[k] > 0)
        for a in left_options:
            p_left = 1.0
            after = full
            unknown_a = left_side is not None and left_side[0] < 0
            if left_side is not None:
                weights = left_side[1]
                p_left = (
                    full[a] * weights[a] / sum(full[k] * weights[k] for k in kinds)
                ) * left_side[2][0][a]
                after = full.copy()
                after[a] -= 1
            if right_side is None:
                right_options: tuple[int, ...] = (-1,)
            elif right_side[0] >= 0:
                right_options = (right_side[0],)
            else:
                right_options = tuple(
                    k for k in kinds if counts[k] - (1 if unknown_a and a == k else 0) > 0
                )
            for b in right_options:
                p = prior * p_left
                if right_side is not None:
                    weights = right_side[1]
                    norm = sum(after[k] * weights[k] for k in kinds)
                    if norm <= 0:
                        continue
                    p *= after[b] * weights[b] / norm * right_side[2][a + 1][b]
                if p <= 0:
                    continue
                joint[(a, b)] = joint.get((a, b), 0.0) + p
                grand += p
                for k in kinds:
                    left_in_hand = counts[k]
                    if unknown_a and a == k:
                        left_in_hand -= 1
                    if right_side is not None and right_side[0] < 0 and b == k:
                        left_in_hand -= 1
                    hand[k] += p * left_in_hand
    if grand <= 0:  # pragma: no cover - a view always adds up
        return _uniform(table, remaining, hand_unknown)
    for key in joint:
        joint[key] /= grand
    peeked = _peeked(peek, me, mine)
    hand = [h / grand + extra for h, extra in zip(hand, peeked, strict=True)]
    left = _marginal(joint, 0) if left_side is not None else None
    right = _marginal(joint, 1) if right_side is not None else None
    return _Posterior(left, right, joint, hand, mine["hand_count"])


def _peeked(peek: dict[str, Any] | None, me: int, mine: dict[str, Any]) -> list[float]:
    counts = [0.0, 0.0, 0.0, 0.0]
    if peek is not None and peek["seat"] == me and peek["where"] == "hand" and mine["hand"] is None:
        counts[KIND[peek["card"]]] = 1.0
    return counts


def _marginal(joint: dict[tuple[int, int], float], index: int) -> list[float]:
    found = [0.0, 0.0, 0.0, 0.0]
    for key, p in joint.items():
        found[key[index]] += p
    return found


def _compositions(
    remaining: list[int], size: int, others: int, kinds: tuple[int, ...]
) -> list[tuple[list[int], float]]:
    """Each split of ``size`` unknown cards of the seat from ``remaining``, with its weight."""
    if others == 0:
        return [(remaining.copy(), 1.0)]
    found: list[tuple[list[int], float]] = []

    def walk(i: int, left: int, counts: list[int], weight: float) -> None:
        if i == len(kinds) - 1:
            kind = kinds[i]
            if left <= remaining[kind]:
                counts[kind] = left
                found.append((counts.copy(), weight * comb(remaining[kind], left)))
                counts[kind] = 0
            return
        kind = kinds[i]
        for c in range(min(left, remaining[kind]) + 1):
            counts[kind] = c
            walk(i + 1, left - c, counts, weight * comb(remaining[kind], c))
        counts[kind] = 0

    walk(0, size, [0, 0, 0, 0], 1.0)
    return found


def _picker_model(
    table: _Table, side: int, entry: dict[str, Any]
) -> tuple[list[float], list[list[float]]]:
    """How the neighbour who picked ``side`` weighs each kind, and the likelihood of its claim.

    The claim's likelihood mixes an honest neighbour (credible in proportion to its lack of
    interest in the seat's loss; a Steal claimed by the neighbour it pays is suspect), a
    neighbour who claims as this policy does (:func:`_claim_odds`: mostly lures) and noise.
    """
    t = table.tuning
    picker = entry["by"]
    mine = table.seats[table.me]
    flat = [[1.0] * 4 for _ in range(5)]
    if not isinstance(picker, int):  # drawn at random from the hand
        return [1.0] * 4, flat
    hostility = table.hostility(picker)
    weights = [1.0, 1.0, 1.0, 1.0 + t.boom_bias * hostility]
    blocked = table.advanced and side == LEFT and mine["same"]
    pays_picker = not table.quick and not blocked and table.values[table.me] > 0
    if pays_picker:
        weights[STEAL] += t.steal_bias
    claim = entry["claim"]
    if claim is None:
        return weights, flat
    code = _CLAIM_OF[KIND[claim]]
    credibility = t.credibility * (1.0 - hostility)
    if code == _CLAIM_OF[STEAL] and pays_picker:
        credibility *= 0.5
    noise = 1.0 / (len(table.kinds) + 1)  # the claims other than none
    leader = table.is_coin_leader(table.me)
    rows = []
    for left_kind in range(-1, 4):
        steer = side == RIGHT and left_kind == BOOM
        row = []
        for kind in range(4):
            odds = _claim_odds(kind, table.quick, leader, False).get(code, 0.0)
            if steer and kind != BOOM:
                steered = _claim_odds(kind, table.quick, leader, True).get(code, 0.0)
                odds = hostility * steered + (1.0 - hostility) * odds
            honest = 1.0 if _CLAIM_OF[kind] == code else 0.0
            mixed = t.strategic * odds + (1.0 - t.strategic) * noise
            row.append(credibility * honest + (1.0 - credibility) * mixed)
        rows.append(row)
    return weights, rows


def _side_costs(table: _Table) -> tuple[float | None, float | None]:
    """The seat's expected cost of revealing its left and its right card."""
    post = table.post
    mine = table.seats[table.me]
    advanced = table.advanced
    results: list[float | None] = []
    for side, dist in ((LEFT, post.left), (RIGHT, post.right)):
        if dist is None:
            results.append(None)
            continue
        blocked = advanced and (mine["same"] if side == LEFT else mine["drawn"])
        costs = table.kind_costs(blocked)
        results.append(sum(p * c for p, c in zip(dist, costs, strict=True)))
    return results[0], results[1]


# -- decisions -----------------------------------------------------------------------------------


def _choose_side(table: _Table, legal: list[int], rng: random.Random) -> int:
    left, right = _side_costs(table)
    if left is None or right is None:  # pragma: no cover - both cards are on the table
        return rng.choice(legal)
    if abs(left - right) < 1e-9:
        return rng.choice((A.CHOOSE_LEFT, A.CHOOSE_RIGHT))
    temperature = table.tuning.choice_temperature
    if temperature > 0:  # the cheaper side, but not always: a predictable seat is exploited
        gap = max(-50.0, min(50.0, (left - right) / temperature))
        return A.CHOOSE_LEFT if rng.random() < 1.0 / (1.0 + exp(gap)) else A.CHOOSE_RIGHT
    return A.CHOOSE_LEFT if left < right else A.CHOOSE_RIGHT


def _pass(table: _Table, legal: list[int], rng: random.Random) -> int:
    post = table.post
    costs = table.kind_costs()
    mine = table.seats[table.me]
    unrevealed = post.left if mine["left"] is not None else post.right
    if unrevealed is None or post.hand_count == 0:  # pragma: no cover - then only one choice
        return A.PASS_UNREVEALED
    bad_unrevealed = sum(p * c for p, c in zip(unrevealed, costs, strict=True))
    bad_random = sum(h * c for h, c in zip(post.hand, costs, strict=True)) / post.hand_count
    if abs(bad_unrevealed - bad_random) < 1e-9:
        return rng.choice((A.PASS_UNREVEALED, A.PASS_RANDOM))
    return A.PASS_UNREVEALED if bad_unrevealed > bad_random else A.PASS_RANDOM


def _kind_utility(table: _Table, target: int, kind: int, last: bool | None = None) -> float:
    """What ``target``'s revealing a card of ``kind`` picked by the seat is worth to the seat.

    ``last``: whether this is the shootout's last showdown (None: read it from the view).
    """
    t = table.tuning
    p_reveal = t.reveal
    if kind == BOOM:
        if table.quick:
            kill = 1.0
        else:
            kill = t.kill_weight * table.threat(target) * (table.pot / table.living + t.kill_extra)
            if table.has_ready(target, CARLA):
                kill *= t.carla_kill
        value = p_reveal * kill
        direction = table.view["token"]["direction"]
        towards_me = (
            table.left_of(target) if direction == "left" else table.right_of(target)
        ) == table.me
        if last is None:
            last = table.last_showdown()
        if towards_me and not last:
            value -= (1 - p_reveal) * 0.5 * t.passback * table.death_cost()
        return value
    if kind == STEAL:
        amount = min(table.steal, table.values[target])
        return p_reveal * amount * (1.0 + table.threat(target))
    if kind == PAY:
        return p_reveal * table.threat(target) * (1.0 - 1.0 / table.living) * table.pay
    return 0.0  # a Quick Play Click does nothing


def _pick(table: _Table, legal: list[int], rng: random.Random) -> int:
    view = table.view
    side = LEFT if view["phase"] == "pick-left" else RIGHT
    target: int = view["turn"]
    hand = [KIND[name] for name in table.seats[target]["hand"]]
    me = table.me
    values = table.values
    p_reveal = table.tuning.reveal
    # What the target's revealing each kind is worth to the seat.
    utility = {kind: _kind_utility(table, target, kind) for kind in sorted(set(hand))}
    best_value = max(utility.values())
    best = [k for k, v in utility.items() if v >= best_value - 1e-9]
    kind = best[0] if len(best) == 1 else rng.choice(best)
    left_entry = table.seats[target]["left"]
    left_kind = KIND[left_entry["card"]] if side == RIGHT and left_entry else -1
    # Advanced Play: the same card blocks the left neighbour's Steal.
    if side == RIGHT and table.advanced and left_kind == STEAL and left_entry is not None:
        by = left_entry["by"]
        if isinstance(by, int) and by != me:
            block = p_reveal * min(table.steal, values[target]) * table.threat(by)
            if block > best_value:
                code = A.same(_claim(table, rng, PAY, target, side, left_kind))
                if code in legal:
                    return code
    claim = _claim(table, rng, kind, target, side, left_kind)
    return A.pick(side, hand.index(kind), claim)


def _claim_odds(kind: int, quick: bool, leader: bool, steer: bool) -> dict[int, float]:
    """How this policy claims a card of ``kind`` (claim code -> probability).

    ``leader``: the target has the most coins (a BOOM is never called a BOOM then); ``steer``:
    a safe right card for a target it wants gone, with a BOOM on its left.
    """
    safe = _CLAIM_OF[CLICK if quick else PAY]
    boom = _CLAIM_OF[BOOM]
    steal = _CLAIM_OF[STEAL]
    if kind == BOOM:
        if leader or quick:
            if quick:
                return {safe: 0.8, _NO_CLAIM: 0.15, boom: 0.05}
            return {safe: 0.75, _NO_CLAIM: 0.15, steal: 0.1}
        return {safe: 0.6, _NO_CLAIM: 0.15, steal: 0.1, boom: 0.15}
    if kind == STEAL:
        return {safe: 0.7, _NO_CLAIM: 0.2, steal: 0.1}
    if steer:
        return {boom: 0.65, safe: 0.25, _NO_CLAIM: 0.1}
    return {safe: 0.75, _NO_CLAIM: 0.15, boom: 0.1}


def _claim(
    table: _Table, rng: random.Random, kind: int, target: int, side: int, left_kind: int
) -> int:
    """What to say about a card of ``kind`` given to ``target``: lies, truth and silence
    (only silence where the game has no claims: option ``claims=false``)."""
    if len(table.game.claims) == 1:
        return _NO_CLAIM
    steer = kind != BOOM and left_kind == BOOM and table.threat(target) >= 1.0
    odds = _claim_odds(kind, table.quick, table.is_coin_leader(target), steer)
    roll = rng.random()
    for claim, p in odds.items():
        roll -= p
        if roll < 0:
            return claim
    return claim


def _turn_ability(table: _Table, legal: list[int], rng: random.Random) -> int:
    if A.PEEK in legal:
        return A.PEEK  # Jill: look early
    # Felix: swap with a hand that is kinder than his own (he sees theirs, deduces his).
    costs = table.kind_costs()
    mine = sum(h * c for h, c in zip(table.post.hand, costs, strict=True))
    best = A.SKIP
    best_gain = 0.5
    for code in legal:
        if code == A.SKIP:
            continue
        other = code - A.SWAP_BASE
        theirs = sum(costs[KIND[name]] for name in table.seats[other]["hand"])
        gain = mine - theirs + 0.05 * table.threat(other)
        if gain > best_gain:
            best, best_gain = code, gain
    return best


def _showdown_ability(table: _Table, legal: list[int], rng: random.Random) -> int:
    if A.ASK_LEFT in legal:
        return _heather(table, legal)
    return _brandon(table, legal)


def _heather(table: _Table, legal: list[int]) -> int:
    """Ask about the side whose answer saves the most (the less trustworthy one on a tie)."""
    post = table.post
    mine = table.seats[table.me]
    advanced = table.advanced
    left_costs = table.kind_costs(advanced and mine["same"])
    right_costs = table.kind_costs(advanced and mine["drawn"])
    joint = post.joint

    def cost(side: int, kind: int) -> float:
        return (left_costs if side == LEFT else right_costs)[kind]

    exp_left = sum(p * cost(LEFT, a) for (a, _), p in joint.items())
    exp_right = sum(p * cost(RIGHT, b) for (_, b), p in joint.items())
    now = min(exp_left, exp_right)
    best = A.SKIP
    best_value = table.tuning.heather_value * table.death_cost()
    if table.last_showdown():
        best_value = 1e-9
    for code, side in ((A.ASK_LEFT, LEFT), (A.ASK_RIGHT, RIGHT)):
        if code not in legal:
            continue
        after = 0.0
        for kind in range(4):
            mass = sum(p for key, p in joint.items() if key[side] == kind)
            if mass <= 0:
                continue
            other = sum(
                p * cost(1 - side, key[1 - side]) for key, p in joint.items() if key[side] == kind
            )
            after += min(mass * cost(side, kind), other)
        gain = now - after
        entry = mine[SIDE_NAMES[side]]
        by = entry["by"] if entry else None
        if isinstance(by, int):
            gain += 1e-6 * table.hostility(by)  # a tie goes to the less trustworthy side
        if gain > best_value:
            best, best_value = code, gain
    return best


def _brandon(table: _Table, legal: list[int]) -> int:
    """Force a threat onto a BOOM, or onto a Steal (it pays Brandon) when that is worth it."""
    t = table.tuning
    last = table.last_showdown()
    leader = max(
        (s for s in range(table.n) if s != table.me and table.alive[s]),
        key=lambda s: table.values[s],
        default=-1,
    )
    best = A.SKIP
    best_value = 0.0
    for code in legal:
        if code == A.SKIP:
            continue
        seat, side = divmod(code - A.FORCE_BASE, 2)
        data = table.seats[seat]
        entry = data[SIDE_NAMES[side]]
        if entry is None or entry["card"] is None:
            continue
        kind = KIND[entry["card"]]
        threat = table.threat(seat)
        if kind == BOOM:
            if table.has_ready(seat, CARLA):
                continue
            value = threat * max(1.0, table.pot / table.living + t.kill_extra)
            if threat < 0.5:
                continue
        elif kind == STEAL:
            blocked = table.advanced and (data["same"] if side == LEFT else data["drawn"])
            if blocked:
                continue
            value = min(table.steal, table.values[seat]) * (1.0 + threat)
            if not (last or seat == leader) or value <= 0:
                continue
        else:
            continue
        if value > best_value:
            best, best_value = code, value
    return best


def _carla(table: _Table, legal: list[int], rng: random.Random) -> int:
    return A.SAVE  # always


def _rory(table: _Table, legal: list[int], rng: random.Random) -> int:
    pile = len(table.seats[table.me]["played"])
    if table.last_showdown() or pile >= 3 or pile * table.rory_loot >= table.pot:
        return A.LOOT
    return A.SKIP


def _character(table: _Table, legal: list[int], rng: random.Random) -> int:
    for key in CHARACTER_PREFERENCE:
        code = A.char(CHARACTER_KEYS.index(key))
        if code in legal:
            return code
    return legal[0]  # pragma: no cover - some character is always left


_HANDLERS: Final = {
    "pick-left": _pick,
    "pick-right": _pick,
    "choose": _choose_side,
    "pass": _pass,
    "turn-ability": _turn_ability,
    "showdown-ability": _showdown_ability,
    "carla-save": _carla,
    "rory-loot": _rory,
    "choose-character": _character,
}


# -- this policy as a model of a player, and a reading of one's own cards -----------------------
#
# A bot that plays against this policy can predict it: which kind it picks for a target (the
# kind of highest utility among those in the target's hand, :func:`_kind_utility`), what it
# says about it (:func:`_claim_odds`), and which side it reveals (a soft minimum of its own
# reading, :func:`_side_costs`). :func:`read_own_cards` turns the first two around: the picks
# and claims a seat's neighbours made for it are evidence of which of its (deduced) cards lie on
# its table, weighed by how likely each neighbour was to make them under this model (mixed with
# a neighbour who picks a card and a claim at random, in proportion to ``1 - trust``).


def pick_targets(view: View) -> list[int]:
    """For each entry of the view's log, the seat whose card a pick took (-1: not a pick).

    A left pick takes a card of the picker's living right neighbour, a right pick one of its
    living left neighbour; who is alive is replayed from the public events.
    """
    n: int = view["players"]
    alive = [True] * n
    changes: dict[int, list[dict[str, Any]]] = {}
    for event in view["events"]:
        if event["event"] in ("ante", "boom"):
            changes.setdefault(event["after"], []).append(event)
    found: list[int] = []
    for index, entry in enumerate(view["log"]):
        for event in changes.get(index, ()):
            if event["event"] == "ante":
                alive = [True] * n
            else:
                alive[event["seat"]] = False
        move: str = entry["move"]
        who = entry["seat"]
        if isinstance(who, int) and move[:1] in ("L", "R"):
            step = -1 if move[0] == "L" else 1
            other = (who + step) % n
            while not alive[other] and other != who:
                other = (other + step) % n
            found.append(other)
        else:
            found.append(-1)
    return found


def seen_by(view: View, seat: int, targets: list[int] | None = None) -> View:
    """``view`` from ``seat``'s chair as far as standings and grudges go (``_Table``'s ``hurt``):
    ``me`` is ``seat`` and the log hides the picks made for ``seat`` as its own view does.

    The cards are not changed: use it for what does not depend on ``seat``'s hidden cards.
    """
    if targets is None:
        targets = pick_targets(view)
    log = []
    for entry, target in zip(view["log"], targets, strict=True):
        move: str = entry["move"]
        if target >= 0 and move[1:2] != "=":
            _, sep, claim = move.partition(":")
            entry = {
                "seat": entry["seat"],
                "move": move[0] + ("?" if target == seat else "#") + sep + claim,
            }
        log.append(entry)
    copy = dict(view)
    copy["me"] = seat
    copy["log"] = log
    return copy


@dataclass(frozen=True)
class PickModel:
    """How this policy, in a picker's chair, picks a card for a target and what it says."""

    utility: dict[int, float]  # kind -> what the picker gains if the target reveals it
    leader: bool  # the target has the most coins (a BOOM is then never called a BOOM)
    threat: float  # how much the target stands in the picker's way
    quick: bool

    def kind_odds(self, present: tuple[int, ...]) -> dict[int, float]:
        """The kind picked among those ``present`` in the hand: the best, ties at random."""
        utility = self.utility
        best = max(utility[k] for k in present)
        top = [k for k in present if utility[k] >= best - 1e-9]
        return {k: 1.0 / len(top) for k in top}

    def claim_odds(self, kind: int, left_kind: int = -1) -> dict[int, float]:
        """Claim code -> probability, for a card of ``kind`` (``left_kind``: the left card the
        right neighbour saw, -1 for a left pick)."""
        steer = kind != BOOM and left_kind == BOOM and self.threat >= 1.0
        return _claim_odds(kind, self.quick, self.leader, steer)


def grudges(view: View, seat: int) -> list[list[float]]:
    """``hurt[a][b]``: what ``a`` has cost ``b`` so far, as this policy in ``seat``'s chair
    counts it (the public record, with the picks made for ``seat`` seen as ``seat`` saw them)."""
    return _hurt(seen_by(view, seat), view["players"], seat)


def pick_model(
    view: View,
    game: BoomGame,
    picker: int,
    target: int,
    targets: list[int] | None = None,
    tuning: Tuning = TUNING,
) -> PickModel:
    """How this policy in ``picker``'s chair picks for ``target``, from any seat's ``view``.

    It needs only public things (coins, the pot, who hurt whom), so any seat can work it out.
    """
    table = _Table(seen_by(view, picker, targets), game, tuning)
    utility = {kind: _kind_utility(table, target, kind, last=False) for kind in table.kinds}
    return PickModel(utility, table.is_coin_leader(target), table.threat(target), game.quick)


def reveal_left_odds(
    view: View, game: BoomGame, tuning: Tuning = TUNING, hurt: list[list[float]] | None = None
) -> float:
    """The chance that this policy, in the chair of ``view``'s seat, reveals its left card.

    ``hurt``: :func:`grudges` of that seat, when known already (it depends on the public record
    only).
    """
    table = _Table(view, game, tuning)
    if hurt is not None:
        table._hurt = hurt
    left, right = _side_costs(table)
    if left is None or right is None:
        return 1.0 if right is None and left is not None else 0.0
    if abs(left - right) < 1e-9:
        return 0.5
    temperature = tuning.choice_temperature
    if temperature > 0:
        gap = max(-50.0, min(50.0, (left - right) / temperature))
        return 1.0 / (1.0 + exp(gap))
    return 1.0 if left < right else 0.0


@dataclass(frozen=True)
class Reading:
    """What a seat believes about its own cards, as weighted hypotheses.

    Each world is (probability, left kind, right kind, hand counts by kind); a kind of -1
    means no card on that side. A revealed card counts on its side; the hand includes a card
    on its way out (a random pass, still in the hand until the cards change hands) and the card
    Jill looked at.
    """

    worlds: tuple[tuple[float, int, int, tuple[int, ...]], ...]
    kinds: tuple[int, ...]
    expected_hand: tuple[float, ...] | None = None  # given instead of the worlds' hands

    def side(self, side: int) -> list[float] | None:
        """P(kind) of the card on ``side`` (None where there is none)."""
        found = [0.0, 0.0, 0.0, 0.0]
        for p, left, right, _ in self.worlds:
            kind = left if side == LEFT else right
            if kind < 0:
                return None
            found[kind] += p
        return found

    def hand(self) -> list[float]:
        """The expected number of each kind in the hand."""
        if self.expected_hand is not None:
            return list(self.expected_hand)
        found = [0.0, 0.0, 0.0, 0.0]
        for p, _, _, counts in self.worlds:
            for kind in self.kinds:
                found[kind] += p * counts[kind]
        return found


def _claim_code(name: str | None) -> int:
    return 0 if not name else _CLAIM_OF[KIND[name]]


def _own_picks(view: View, targets: list[int]) -> tuple[tuple[Any, int, int] | None, ...]:
    """The latest left and right picks made for the viewing seat: (picker, claim code, index
    in the log)."""
    me = view["me"]
    log = view["log"]
    left_at = -1
    for index in range(len(log) - 1, -1, -1):
        if targets[index] == me and log[index]["move"][0] == "L":
            left_at = index
            break
    if left_at < 0:
        return None, None
    found: list[tuple[Any, int, int] | None] = [None, None]
    for index in range(left_at, len(log)):
        move: str = log[index]["move"]
        if targets[index] != me:
            continue
        _, _, claim = move.partition(":")
        side = LEFT if move[0] == "L" else RIGHT
        found[side] = (log[index]["seat"], _claim_code(claim or None), index)
    return found[0], found[1]


_UNDO: Final = {  # event -> (the seat's change, the other seat's, the pot's) to undo it
    "pay": (1, 0, -1),
    "steal": (1, -1, 0),
    "rory": (-1, 0, 1),
    "loot": (-1, 0, 1),
    "dues": (1, 0, -1),
    "ante": (1, 0, -1),
}


def view_before(view: View, index: int) -> View:
    """``view`` as it was before log entry ``index``, as far as standings and grudges go: the
    coins, the pot, who is alive, the events and the log (the cards are not changed)."""
    events = view["events"]
    later = [e for e in events if e["after"] > index]
    if not later:
        copy = dict(view)
        copy["log"] = view["log"][:index]
        return copy
    values = [s["coins"]["value"] if s["coins"] is not None else 0 for s in view["seats"]]
    alive = [s["alive"] for s in view["seats"]]
    pot = view["pot"]["value"] if view["pot"] is not None else 0
    for event in later:
        seat = event["seat"]
        name = event["event"]
        if name == "boom":
            alive[seat] = True
        elif name in _UNDO and seat is not None:
            mine, other, to_pot = _UNDO[name]
            amount = event["amount"]
            values[seat] += mine * amount
            if other and event["to"] is not None:
                values[event["to"]] += other * amount
            pot += to_pot * amount
    seats = []
    for data, value, living in zip(view["seats"], values, alive, strict=True):
        data = dict(data)
        data["alive"] = living
        if data["coins"] is not None:
            data["coins"] = {"gold": 0, "silver": value, "value": value}
        seats.append(data)
    copy = dict(view)
    copy["seats"] = seats
    if view["pot"] is not None:
        copy["pot"] = {"gold": 0, "silver": pot, "value": pot}
    copy["events"] = [e for e in events if e["after"] <= index]
    copy["log"] = view["log"][:index]
    return copy


def read_own_cards(
    view: View,
    game: BoomGame,
    trust: float | Sequence[float] = 0.9,
    tuning: Tuning = TUNING,
    targets: list[int] | None = None,
) -> Reading:
    """The viewing seat's belief about its own cards, reading its neighbours' picks and claims.

    The cards it cannot see are split between it and the face-down cards of the eliminated
    (hypergeometric); its table cards were picked from its hand by its neighbours, whose picks
    and claims are weighed by :func:`pick_model` with weight ``trust`` (else a card and a claim
    at random). ``trust=0`` reads nothing into them; a sequence gives each seat its own
    (:func:`claim_trust`).
    """
    trusts = [float(trust)] * view["players"] if isinstance(trust, (int, float)) else list(trust)
    me: int = view["me"]
    seats = view["seats"]
    mine = seats[me]
    kinds = QUICK_KINDS if game.quick else FULL_KINDS
    remaining = _unseen(game.composition, seats)
    hand_count: int = mine["hand_count"]  # a card on its way out is still in it
    known_hand = [0, 0, 0, 0]
    peek = view["peek"]
    if peek is not None and peek["seat"] == me and peek["where"] == "hand" and mine["hand"] is None:
        kind = KIND[peek["card"]]
        remaining[kind] -= 1
        known_hand[kind] += 1
        hand_count -= 1
    if any(r < 0 for r in remaining) or hand_count < 0:  # pragma: no cover - views add up
        raise ValueError("the view's cards do not add up")
    # Each side: (kind or -1 unknown, picker or None, claim code), or None for no card.
    after_reveal = view["phase"] in ("rory-loot", "pass", "pass-draw", "carla-draw")
    revealed_side = -1
    saved = False
    if after_reveal and mine["choice"]:
        revealed_side = SIDE_NAMES.index(mine["choice"])
        saved = mine["revealed"] is None  # Carla put her BOOM back: the pick reads nothing
    if targets is None:
        targets = pick_targets(view)
    picks = _own_picks(view, targets) if mine["left"] is not None or revealed_side >= 0 else ()
    sides: list[tuple[int, Any, int] | None] = []
    at: list[int] = []  # the log index of each pick
    for side in (LEFT, RIGHT):
        entry = mine[SIDE_NAMES[side]]
        found = picks[side] if picks else None
        at.append(found[2] if found is not None else -1)
        if entry is not None:
            kind = -1 if entry["card"] is None else KIND[entry["card"]]
            sides.append((kind, entry["by"], _claim_code(entry["claim"])))
        elif side == revealed_side and not saved:
            by, claim = ("chance", 0)
            if found is not None and not (mine["drawn"] and side == RIGHT):
                by, claim = found[0], found[1]
            sides.append((KIND[mine["revealed"]], by, claim))
        else:
            sides.append(None)
    if mine["same"] and sides[RIGHT] is not None:
        kind, _, _ = sides[RIGHT]
        sides[RIGHT] = (kind, "chance", 0)
    unknown_sides = sum(1 for s in sides if s is not None and s[0] < 0)
    size = hand_count + unknown_sides
    total = sum(remaining)
    models: list[PickModel | None] = []
    for side, s in enumerate(sides):
        if s is not None and isinstance(s[1], int) and trusts[s[1]] > 0:
            then = view_before(view, at[side]) if at[side] >= 0 else view
            models.append(pick_model(then, game, s[1], me, None, tuning))
        else:
            models.append(None)
    claims = len(game.claims)
    worlds: dict[tuple[int, int, tuple[int, ...]], float] = {}
    for counts, prior in _compositions(remaining, size, total - size, kinds):
        left_side, right_side = sides
        for a in _side_kinds(left_side, counts, kinds):
            rest = counts.copy()
            if left_side is not None and left_side[0] < 0:
                rest[a] -= 1
            for b in _side_kinds(right_side, rest, kinds):
                hand = rest.copy()
                if right_side is not None and right_side[0] < 0:
                    hand[b] -= 1
                held = [h + k for h, k in zip(hand, known_hand, strict=True)]
                p = prior
                at_pick = held.copy()  # the hand when the left card was picked
                if b >= 0:
                    at_pick[b] += 1
                if a >= 0 and left_side is not None:
                    at_pick[a] += 1
                    p *= _pick_likelihood(
                        models[LEFT], left_side, a, at_pick, -1, kinds, trusts, claims
                    )
                    at_pick[a] -= 1
                if b >= 0 and right_side is not None:
                    p *= _pick_likelihood(
                        models[RIGHT], right_side, b, at_pick, a, kinds, trusts, claims
                    )
                if p > 0:
                    key = (a, b, tuple(held))
                    worlds[key] = worlds.get(key, 0.0) + p
    grand = sum(worlds.values())
    if grand <= 0:  # pragma: no cover - a view always adds up
        raise ValueError("no reading fits the view")
    return Reading(tuple((p / grand, a, b, held) for (a, b, held), p in worlds.items()), kinds)


def _side_kinds(
    side: tuple[int, Any, int] | None, counts: list[int], kinds: tuple[int, ...]
) -> tuple[int, ...]:
    """The kinds the card on ``side`` may be: none (-1) without a card, its kind when known,
    else any kind still among ``counts``."""
    if side is None:
        return (-1,)
    if side[0] >= 0:
        return (side[0],)
    return tuple(k for k in kinds if counts[k] > 0)


def _pick_likelihood(
    model: PickModel | None,
    side: tuple[int, Any, int],
    kind: int,
    hand: list[int],
    left_kind: int,
    kinds: tuple[int, ...],
    trusts: list[float],
    claims: int,
) -> float:
    """P(the pick took a card of ``kind`` from ``hand``, with the claim made)."""
    size = sum(hand)
    share = hand[kind] / size if size else 0.0
    _, by, claim = side
    if not isinstance(by, int):  # drawn at random
        return share
    noise = share / claims
    if model is None:
        return noise
    present = tuple(k for k in kinds if hand[k] > 0)
    odds = model.kind_odds(present).get(kind, 0.0) * model.claim_odds(kind, left_kind).get(
        claim, 0.0
    )
    trust = trusts[by]
    return trust * odds + (1.0 - trust) * noise


_CLAIM_SHARE: Final = {  # claim code -> about how often this policy says it (full, quick)
    False: {0: 0.16, 1: 0.68, 2: 0.08, 4: 0.08},
    True: {0: 0.15, 3: 0.77, 4: 0.08},
}


def claim_trust(view: View, game: BoomGame, prior: float = 0.5, most: float = 0.95) -> list[float]:
    """Per seat: how far to read its picks and claims as this policy's (at most ``most``).

    Every claim in the log (the viewer sees them all, even about its own cards) is evidence:
    this policy mostly lures with the safe claim and rarely says Steal or BOOM, a player who
    claims at random says each as often. The chance of the first against the second, from
    ``prior``, times ``most``.
    """
    quick = game.quick
    share = _CLAIM_SHARE[quick]
    uniform = 1.0 / len(game.claims)
    score = [log(prior / (1.0 - prior))] * view["players"]
    for entry in view["log"]:
        move: str = entry["move"]
        who = entry["seat"]
        if not isinstance(who, int) or move[:1] not in ("L", "R"):
            continue
        _, _, name = move.partition(":")
        code = _claim_code(name or None)
        score[who] += log(share.get(code, 0.05) / uniform)
    return [most / (1.0 + exp(-max(-50.0, min(50.0, x)))) for x in score]


def imagined_showdown_view(
    view: View,
    target: int,
    left: tuple[Any, int],
    right: tuple[Any, int],
    hand: list[int],
    own: list[int],
) -> View:
    """``target``'s view at the showdown if its table cards came with these picks.

    ``left`` and ``right``: (picker or ``"chance"``, claim code) of its two cards; ``hand``: the
    kinds left in its hand; ``own``: the kinds of the viewing seat's unknown cards (its hand and
    its own table cards, as far as ``target`` needs them: what it subtracts from the game's
    cards). Only what this policy's reading of its own cards uses is filled in.
    """
    me = view["me"]
    seats = list(view["seats"])
    data = dict(seats[target])

    def entry(pick: tuple[Any, int]) -> dict[str, Any]:
        by, claim = pick
        return {"card": None, "claim": CLAIM_NAMES[claim] or None, "by": by}

    data["hand"] = None
    data["hand_count"] = len(hand)
    data["left"] = entry(left)
    data["right"] = entry(right)
    data["drawn"] = right[0] == "chance"
    data["same"] = False
    data["same_claim"] = None
    data["outgoing"] = None
    data["choice"] = None
    data["revealed"] = None
    seats[target] = data
    if me != target:
        mine = dict(seats[me])
        mine["hand"] = [KIND_NAMES[k] for k in sorted(own)]
        mine["hand_count"] = len(own)
        mine["left"] = mine["right"] = None
        mine["outgoing"] = None
        seats[me] = mine
    copy = dict(view)
    copy["seats"] = seats
    copy["me"] = target
    copy["phase"] = "choose"
    copy["turn"] = None
    return copy


def showing_own_cards(view: View, left: int, right: int, held: tuple[int, ...]) -> View:
    """``view`` with the viewing seat's own cards shown as these kinds (one world of a
    :class:`Reading`): its table cards ``left`` and ``right`` (-1: as the view has them) and its
    hand ``held`` (counts by kind, with a card on its way out and the card Jill looked at).
    ``game.state_from_view`` then deals only what nobody's view shows (and which card of a
    random passer's hand is on its way out: nobody saw it drawn).
    """
    me = view["me"]
    seats = list(view["seats"])
    mine = dict(seats[me])
    hand = [k for k in range(len(held)) for _ in range(held[k])]
    mine["hand"] = [KIND_NAMES[k] for k in hand]
    for side, kind in ((LEFT, left), (RIGHT, right)):
        name = SIDE_NAMES[side]
        entry = mine[name]
        if entry is not None and entry["card"] is None and kind >= 0:
            mine[name] = {**entry, "card": KIND_NAMES[kind]}
    seats[me] = mine
    copy = dict(view)
    copy["seats"] = seats
    peek = view["peek"]
    if peek is not None and peek["seat"] == me and peek["where"] == "hand":
        copy["peek"] = {**peek, "index": hand.index(KIND[peek["card"]])}
    return copy
