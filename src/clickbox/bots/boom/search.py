"""A Click Click Boom bot that reads its neighbours' picks and claims, and bluffs on purpose.

``boom:trust=0.95,prior=0.5,read=model,bluff=1,claims=free`` (the defaults) plays every
decision from the seat's view by an expected value over a model of the other players:
the rule-based policy of ``games/boom/policy.py``, mixed with a player who picks and claims
at random in the measure that a seat's claims so far do not look like that policy's.

Reading claims (``read``)
    Its own cards are what the game holds minus every card it can see; which of them lie on its
    table is read from its neighbours' picks and claims (:func:`.policy.read_own_cards`): each
    world (its table kinds and hand) is weighed by how likely each neighbour was to pick that
    kind from that hand and say what it said, under the model (a neighbour picks the kind it
    values most, :func:`.policy.pick_model`, and claims as :func:`.policy._claim_odds` says),
    with weight ``trust`` times the chance, from ``prior``, that the neighbour claims like the
    model (:func:`.policy.claim_trust`: the rule-based policy mostly says Pay, a random player
    says anything). ``read=policy`` uses the rule-based policy's own, vaguer reading instead;
    ``read=none`` only counts the cards (a neighbour picks at random).
Bluffing (``bluff``, ``claims``)
    As a picker it tries every kind in the target's hand with every claim and imagines the
    showdown: the other picker's answer (the model, or the chance draw of the stand-off) and the
    target's own reading of its two cards, which gives the chance that it reveals each
    (:func:`.policy.reveal_left_odds` on :func:`.policy.imagined_showdown_view`). The value of a
    pick is what the revealed card then does: a BOOM kills (the target's pot share, for a rival
    who leads, and a larger share for the seat), a Steal pays whoever picked it, a Pay costs the
    target one coin; rivals count by a soft maximum of their standings (``rival``, ``spread``).
    So it lies when a lie makes the target take its BOOM or its Steal, and tells the truth when
    the target would not believe it. ``bluff=0`` picks as the rule-based policy does;
    ``claims=truth`` (or ``none``) keeps the choice of card but always says the truth
    (nothing).
The showdown and passing
    It reveals the side of lower expected cost (Pay ``pay``, Steal ``steal``, BOOM its pot share
    plus ``death``) and passes the card that would cost more to keep (the unrevealed one, or a
    random one from its hand; ``keep_pay``, ``keep_steal``, ``keep_boom``: a Steal in the hand
    is what the neighbours pick for you, a Pay is harmless).
Abilities
    Heather asks about the side whose answer would lower the expected cost most (by at least
    ``heather`` times her death cost, any gain in the last showdown); Felix swaps for a hand
    that costs less than his read one. Jill, Carla, Brandon and Rory play as the rule-based
    policy does (Brandon sees the cards he forces).

The bot reads the view only and its rng only breaks ties: its choice is a function of the view
and the rng. It takes about a millisecond or two per decision (no iterations to budget).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ...core import Action, GameBase, OptionError, View
from ...core.i18n import t
from ...games.boom import BoomGame
from ...games.boom import actions as A
from ...games.boom.board import BOOM, LEFT, PAY, RIGHT, STEAL
from ..base import Bot, Scored, bot_number
from . import policy as P

_READS = ("model", "policy", "none")
_CLAIMS = ("free", "truth", "none")


def _number(name: str, text: str | float, low: float, high: float = math.inf) -> float:
    return bot_number("boom", name, text, low, high)


def _text(value: object) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _best_first(scored: list[Scored], rng: random.Random) -> list[Scored]:
    """Highest value first; ties in an order drawn from ``rng``."""
    rng.shuffle(scored)
    scored.sort(key=lambda item: -item[1])
    return scored


class BoomSearchBot(Bot):
    """Click Click Boom only: reads claims under a model of the others, bluffs; see the module."""

    name = "boom"

    def __init__(
        self,
        trust: str | float = 0.95,
        prior: str | float = 0.5,
        read: str = "model",
        bluff: str | int = 1,
        claims: str = "free",
        death: str | float = 3.0,
        steal: str | float = 2.0,
        pay: str | float = 1.0,
        keep_pay: str | float = 0.0,
        keep_steal: str | float = 2.0,
        keep_boom: str | float = 3.0,
        kill: str | float = 1.0,
        rival: str | float = 0.5,
        spread: str | float = 3.0,
        heather: str | float = 0.12,
    ) -> None:
        self.trust = _number("trust", trust, 0.0, 1.0)
        self.prior = _number("prior", prior, 0.0, 1.0)
        if read not in _READS:
            raise OptionError(
                t(
                    "boom read is one of {choices} (got {value})",
                    choices=", ".join(_READS),
                    value=repr(read),
                )
            )
        if claims not in _CLAIMS:
            raise OptionError(
                t(
                    "boom claims is one of {choices} (got {value})",
                    choices=", ".join(_CLAIMS),
                    value=repr(claims),
                )
            )
        if str(bluff) not in ("0", "1"):
            raise OptionError(t("boom bluff is 0 or 1 (got {value})", value=repr(bluff)))
        self.read = read
        self.bluff = str(bluff) == "1"
        self.claims = claims
        self.death = _number("death", death, 0.0)
        self.steal = _number("steal", steal, 0.0)
        self.pay = _number("pay", pay, 0.0)
        self.keep = [
            _number("keep_pay", keep_pay, -100.0),
            _number("keep_steal", keep_steal, -100.0),
            0.0,
            _number("keep_boom", keep_boom, -100.0),
        ]
        self.kill = _number("kill", kill, 0.0)
        self.rival = _number("rival", rival, 0.0)
        self.spread = _number("spread", spread, 0.01)
        self.heather = _number("heather", heather, 0.0)

    def label(self) -> str:
        """The spec that makes this bot again (the parameters that differ from the defaults)."""
        parts = []
        defaults = BoomSearchBot()
        for key in ("trust", "prior", "read", "bluff", "claims", "death", "steal", "pay"):
            value = getattr(self, key)
            if value != getattr(defaults, key):
                parts.append(f"{key}={_text(value)}")
        for key in ("kill", "rival", "spread", "heather"):
            value = getattr(self, key)
            if value != getattr(defaults, key):
                parts.append(f"{key}={_text(value)}")
        for key, index in (("keep_pay", PAY), ("keep_steal", STEAL), ("keep_boom", BOOM)):
            if self.keep[index] != defaults.keep[index]:
                parts.append(f"{key}={self.keep[index]:g}")
        return "boom" + (":" + ",".join(parts) if parts else "")

    def _game(self, game: GameBase) -> BoomGame:
        if not isinstance(game, BoomGame):
            raise OptionError(
                t("the boom bot plays Click Click Boom only, not {game}", game=game.name)
            )
        return game

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The best-ranked action."""
        return self.rank(view, game, rng)[0][0]

    def rank(self, view: View, game: GameBase, rng: random.Random) -> list[Scored]:
        """The legal actions with their values (in coins, for the seat), best first.

        Phases it leaves to the rule-based policy (Jill's peek, Carla's save, Brandon's force,
        Rory's loot, a character to choose, Quick Play's picks) give that choice alone, valued
        NaN.
        """
        boom = self._game(game)
        legal = P.legal_codes(view)
        if not legal:
            raise ValueError("no legal action: the seat is not to move")
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        phase = view["phase"]
        if phase == "choose":
            return self._choose_side(view, boom, rng)
        if phase == "pass":
            return self._pass(view, boom, rng)
        if phase in ("pick-left", "pick-right") and self.bluff and not boom.quick:
            return self._pick(view, boom, rng)
        if phase == "showdown-ability" and A.ASK_LEFT in legal:
            return self._heather(view, boom, rng, legal)
        if phase == "turn-ability" and A.PEEK not in legal:
            return self._felix(view, boom, rng, legal)
        return [(P.choose_action(view, legal, boom, rng), float("nan"))]

    # -- what the seat believes ----------------------------------------------------------------

    def _trust(self, view: View, game: BoomGame) -> list[float]:
        """Per seat: the weight of the model in predicting it (its picks, claims and choices)."""
        if self.prior >= 1.0:
            return [self.trust] * view["players"]
        return P.claim_trust(view, game, self.prior, self.trust)

    def _reading(self, view: View, game: BoomGame, targets: list[int] | None = None) -> P.Reading:
        """The seat's own cards as weighted worlds (``read=policy``: the rule-based reading's
        marginals, as independent sides)."""
        if self.read == "policy":
            post = P._Table(view, game, P.TUNING).post
            kinds = P.QUICK_KINDS if game.quick else P.FULL_KINDS
            worlds = tuple((p, a, b, ()) for (a, b), p in post.joint.items())
            return P.Reading(worlds, kinds, tuple(post.hand))
        trust = self._trust(view, game) if self.read == "model" else 0.0
        return P.read_own_cards(view, game, trust, targets=targets)

    def _costs(self, view: View, game: BoomGame) -> list[float]:
        """What revealing each kind costs the seat, in coins (indexed by kind)."""
        data = view["seats"][view["me"]]
        if game.quick:
            return [0.0, 0.0, 0.0, 1.0]
        living = max(1, sum(1 for s in view["seats"] if s["alive"]))
        coins = data["coins"]["value"]
        if data["character"] == "carla" and data["ability"] == "ready":
            death = 1.0  # she puts the BOOM back
        else:
            death = view["pot"]["value"] / living + self.death
        pay, steal = game.config.pay_amount, game.config.steal_amount  # the rulebook: 1, 2
        return [
            self.pay * min(pay, coins) if coins else 0.0,
            self.steal * min(steal, coins) / 2,
            0.0,
            death,
        ]

    def _side_costs(self, view: View, game: BoomGame) -> tuple[list[float], list[float]]:
        """The costs of each kind on the left and on the right (an Advanced block frees a Steal)."""
        costs = self._costs(view, game)
        mine = view["seats"][view["me"]]
        found = []
        for side in (LEFT, RIGHT):
            kind_costs = costs.copy()
            if game.advanced and (mine["same"] if side == LEFT else mine["drawn"]):
                kind_costs[STEAL] = 0.0
            found.append(kind_costs)
        return found[0], found[1]

    def _rivals(self, view: View) -> list[float]:
        """How much each seat's coins count against the seat's: ``rival`` on average, shared
        by a soft maximum of the rivals' standings (coins, and a living seat's pot share)."""
        me = view["me"]
        seats = view["seats"]
        living = max(1, sum(1 for s in seats if s["alive"]))
        share = view["pot"]["value"] / living
        standing = [s["coins"]["value"] + (share if s["alive"] else 0.0) for s in seats]
        top = max(v for i, v in enumerate(standing) if i != me)
        weights = [
            0.0 if i == me else math.exp((v - top) / self.spread) for i, v in enumerate(standing)
        ]
        total = sum(weights)
        return [self.rival * (len(seats) - 1) * w / total for w in weights]

    # -- decisions -----------------------------------------------------------------------------

    def _choose_side(self, view: View, game: BoomGame, rng: random.Random) -> list[Scored]:
        reading = self._reading(view, game)
        scored = []
        for code, side, costs in zip(
            (A.CHOOSE_LEFT, A.CHOOSE_RIGHT), (LEFT, RIGHT), self._side_costs(view, game),
            strict=True,
        ):  # fmt: skip
            dist = reading.side(side)
            assert dist is not None  # both cards are on the table at the showdown
            scored.append((code, -sum(p * c for p, c in zip(dist, costs, strict=True))))
        return _best_first(scored, rng)

    def _pass(self, view: View, game: BoomGame, rng: random.Random) -> list[Scored]:
        """Keep what is cheap to keep: pass the unrevealed card or a random one from the hand."""
        reading = self._reading(view, game)
        mine = view["seats"][view["me"]]
        unrevealed = reading.side(LEFT if mine["left"] is not None else RIGHT)
        assert unrevealed is not None
        hand = reading.hand()
        count = sum(hand)
        keep = self.keep
        keep_unrevealed = sum(p * c for p, c in zip(unrevealed, keep, strict=True))
        keep_random = sum(h * c for h, c in zip(hand, keep, strict=True)) / count if count else 0.0
        # The value of passing a card is what it would have cost to keep it.
        return _best_first(
            [(A.PASS_UNREVEALED, keep_unrevealed), (A.PASS_RANDOM, keep_random)], rng
        )

    def _pick(self, view: View, game: BoomGame, rng: random.Random) -> list[Scored]:
        """Every kind in the target's hand with every claim, valued by the showdown it makes."""
        me: int = view["me"]
        seats = view["seats"]
        side = LEFT if view["phase"] == "pick-left" else RIGHT
        target: int = view["turn"]
        hand = [P.KIND[name] for name in seats[target]["hand"]]
        targets = P.pick_targets(view)
        trust = self._trust(view, game)
        # What the target deducts from the game's cards: the seat's cards, as most likely.
        reading = P.read_own_cards(view, game, trust, targets=targets)
        _, a, b, held = max(reading.worlds, key=lambda w: w[0])
        own = [k for k in range(len(held)) for _ in range(held[k])] + [k for k in (a, b) if k >= 0]
        gain = self._gains(view, game, target)
        answers_for = self._answers(view, game, target, side, hand, targets, trust)
        hurt = P.grudges(view, target)
        sure = trust[target]
        scored: list[Scored] = []
        for kind in sorted(set(hand)):
            answers = answers_for(kind)
            if self.claims == "free":
                claims: Sequence[int] = game.claims
            elif self.claims == "truth" and P._CLAIM_OF[kind] in game.claims:
                claims = (P._CLAIM_OF[kind],)
            else:
                claims = (0,)
            for claim in claims:
                value = 0.0
                for other, pick, q in answers:
                    rest = hand.copy()
                    rest.remove(kind)
                    if side == LEFT:
                        rest.remove(other)
                    mine = (me, claim)
                    left, right = (mine, pick) if side == LEFT else (pick, mine)
                    imagined = P.imagined_showdown_view(view, target, left, right, rest, own)
                    p_left = sure * P.reveal_left_odds(imagined, game, hurt=hurt)
                    p_left += 0.5 * (1.0 - sure)
                    p_mine = p_left if side == LEFT else 1.0 - p_left
                    value += q * (p_mine * gain(kind, me) + (1.0 - p_mine) * gain(other, pick[0]))
                scored.append((A.pick(side, hand.index(kind), claim), value))
        return _best_first(scored, rng)

    def _gains(self, view: View, game: BoomGame, target: int) -> Any:
        """``gain(kind, picker)``: what ``target``'s revealing ``kind`` is worth to the seat."""
        me = view["me"]
        seats = view["seats"]
        rivals = self._rivals(view)
        living = max(1, sum(1 for s in seats if s["alive"]))
        coins: int = seats[target]["coins"]["value"]
        pay, steal = game.config.pay_amount, game.config.steal_amount
        data = seats[target]
        carla = data["character"] == "carla" and data["ability"] == "ready"
        share = view["pot"]["value"] / living
        others = sum(r for i, r in enumerate(rivals) if i != target and seats[i]["alive"])
        # A death: the target loses its share; the seat's (and the others') grows.
        kill = 0.0
        if not carla:
            kill = self.kill * share * (rivals[target] + (1.0 - others) / max(1, living - 1))

        def gain(kind: int, picker: Any) -> float:
            if kind == BOOM:
                return kill
            if kind == STEAL:
                to = 1.0 if picker == me or picker == "chance" else -rivals[picker]
                return min(steal, coins) * (rivals[target] + to)
            if kind == PAY:
                return rivals[target] * min(pay, coins) if coins else 0.0
            return 0.0

        return gain

    def _answers(
        self,
        view: View,
        game: BoomGame,
        target: int,
        side: int,
        hand: list[int],
        targets: list[int],
        trust: list[float],
    ) -> Any:
        """``answers(kind)``: the target's other card if the seat gives it ``kind``, as
        (kind, (picker, claim), probability)."""
        seats = view["seats"]
        if side == RIGHT:
            entry = seats[target]["left"]
            known = (P.KIND[entry["card"]], (entry["by"], P._claim_code(entry["claim"])), 1.0)
            return lambda kind: [known]
        picker = self._right_of(view, target)
        model = P.pick_model(view, game, picker, target, targets)
        sure = trust[picker]

        def answers(kind: int) -> list[tuple[int, tuple[Any, int], float]]:
            rest = hand.copy()
            rest.remove(kind)
            if view["standoff"] or picker == view["me"]:  # drawn from the hand at random
                return [(k, ("chance", 0), rest.count(k) / len(rest)) for k in sorted(set(rest))]
            odds: dict[tuple[int, int], float] = {}
            for k, pk in model.kind_odds(tuple(sorted(set(rest)))).items():
                for claim, pc in model.claim_odds(k, kind).items():
                    odds[(k, claim)] = sure * pk * pc
            if sure < 0.8:  # a picker that may pick at random (else too little to count)
                noise = (1.0 - sure) / len(rest) / len(game.claims)
                for k in rest:
                    for claim in game.claims:
                        odds[(k, claim)] = odds.get((k, claim), 0.0) + noise
            total = sum(odds.values())
            return [(k, (picker, claim), q / total) for (k, claim), q in odds.items()]

        return answers

    def _heather(
        self, view: View, game: BoomGame, rng: random.Random, legal: list[int]
    ) -> list[Scored]:
        """Ask about the side whose answer lowers the expected cost of the showdown most."""
        reading = self._reading(view, game)
        left_costs, right_costs = self._side_costs(view, game)
        costs = (left_costs, right_costs)
        worlds = reading.worlds

        def expected(side: int, where: list[tuple[float, int, int, Any]]) -> float:
            total = 0.0
            for p, left, right, _ in where:
                total += p * costs[side][left if side == LEFT else right]
            return total

        now = min(expected(LEFT, list(worlds)), expected(RIGHT, list(worlds)))
        last = all(not s["alive"] or s["hand_count"] == 0 for s in view["seats"])
        threshold = 1e-9 if last else self.heather * self._costs(view, game)[BOOM]
        scored: list[Scored] = [(A.SKIP, threshold)]
        for code, side in ((A.ASK_LEFT, LEFT), (A.ASK_RIGHT, RIGHT)):
            if code not in legal:
                continue
            after = 0.0
            for kind in {w[1 + side] for w in worlds}:
                where = [w for w in worlds if w[1 + side] == kind]
                after += min(expected(side, where), expected(1 - side, where))
            scored.append((code, now - after))
        return _best_first(scored, rng)

    def _felix(
        self, view: View, game: BoomGame, rng: random.Random, legal: list[int]
    ) -> list[Scored]:
        """Swap for a hand that costs less than the seat's own (as read), by half a coin."""
        costs = self._costs(view, game)
        hand = self._reading(view, game).hand()
        mine = sum(h * c for h, c in zip(hand, costs, strict=True))
        scored: list[Scored] = [(A.SKIP, 0.5)]
        for code in legal:
            if code != A.SKIP:
                theirs = view["seats"][code - A.SWAP_BASE]["hand"]
                scored.append((code, mine - sum(costs[P.KIND[name]] for name in theirs)))
        return _best_first(scored, rng)

    @staticmethod
    def _right_of(view: View, seat: int) -> int:
        """The next living seat to the right of ``seat``."""
        seats = view["seats"]
        n = len(seats)
        other = (seat - 1) % n
        while not seats[other]["alive"] and other != seat:
            other = (other - 1) % n
        return other


__all__ = ["BoomSearchBot"]
