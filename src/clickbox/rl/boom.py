"""Click Click Boom as an observation: what one seat's view shows, as floats in [0, 1].

The vector holds, first for the viewer (``me.*``) then for every other seat in turn order after
it (``others.*``, one run per seat): the character and whether its ability is ready, alive,
coins, the hand (kind counts where the viewer sees it, with a visible flag), the hand size, the
left and right table cards (face where shown, the public claim), Advanced Play's same-card pick
and random right cards, the played pile, the card revealed, the showdown choice, the pass, the
card on its way out and the seat's place in the round's turn order. Then the table: the phase,
whose move it is, whose turn, the token, the stand-off, the shootout, the pot, the queue,
Brandon's force, Heather's answer, Jill's look, Carla's save, the last to blow up, the results
of the shootouts played, the tie and the winners. Seats are relative (0 is the viewer); a
seat's own hand and table cards read as unseen exactly where its view hides them.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from ..core import GameBase, View
from ..games.boom import actions as A
from ..games.boom.board import (
    CHARACTER_KEYS,
    CLAIM_NAMES,
    HAND_SIZE,
    KIND_NAMES,
    NO_CLAIM,
    SIDE_NAMES,
)
from ..games.boom.params import BoomParams
from ..games.boom.rules import PHASE_NAMES, BoomConfig
from .encoding import Encoder, Field

_WHERE = ("hand", *SIDE_NAMES)  # where Jill's card is: in her hand, or one of her table cards


class BoomEncoder(Encoder):
    """The observation of Click Click Boom for one seat, read from its view only."""

    def __init__(self, game: GameBase) -> None:
        params = game.params
        assert isinstance(params, BoomParams)
        config = BoomConfig(params, game.num_players)
        n = config.num_players
        self.n = n
        self.quick = config.quick
        self.chars = config.characters != "none"
        self.shootouts = config.shootouts
        # the kinds and claims this mode has (Quick Play: click and boom; else pay, steal, boom)
        kinds = tuple(k for k, count in enumerate(config.composition) if count)
        self.kind_names = tuple(KIND_NAMES[k] for k in kinds)
        self.claim_names = tuple(CLAIM_NAMES[c] for c in config.claims if c != NO_CLAIM)
        self.nk = len(kinds)
        self.nc = len(self.claim_names)
        self.config = config
        super().__init__(game)
        nk = self.nk
        kind = {name: i for i, name in enumerate(self.kind_names)}
        claim = {name: i for i, name in enumerate(self.claim_names)}
        total_value = float(max(1, n * config.start_coins))
        # every hand a view can show (kinds in the canonical order) -> its "hand" numbers
        hands: dict[tuple[str, ...], tuple[float, ...]] = {}
        for count in range(HAND_SIZE + 1):
            for hand in combinations_with_replacement(self.kind_names, count):
                hands[hand] = (1.0, *(hand.count(k) / HAND_SIZE for k in self.kind_names))
        self._consts = (
            n,
            self.size,
            self.chars,
            not self.quick,
            nk,
            kind,
            claim,
            {key: i for i, key in enumerate(CHARACTER_KEYS)},
            1.0 / HAND_SIZE,
            total_value,
            float(max(1, n * config.start_gold)),
            hands,
            {"?": 0, "left": 1, "right": 2},  # a showdown choice: hidden, left, right
            {"?": 0, "unrevealed": 1, "random": 2},  # a pass: hidden, unrevealed, random
        )
        # the relative place of every seat, from every viewer: rel[me][seat]
        self._rel = tuple(tuple((s - me) % n for s in range(n)) for me in range(n))
        offsets: dict[str, int] = {}
        at = 0
        for f in self.fields:
            offsets[f.name] = at
            at += f.size
        self._offsets = offsets
        # per seat attribute, where it starts for each relative seat (absent: -1)
        sizes = {f.name[3:]: f.size for f in self.fields if f.name.startswith("me.")}

        def starts(attribute: str) -> tuple[int, ...]:
            if attribute not in sizes:
                return (-1,) * n
            first = offsets["me." + attribute]
            others = offsets["others." + attribute] - sizes[attribute]
            return (first, *(others + r * sizes[attribute] for r in range(1, n)))

        self._seat_tables = (
            starts("character"),
            starts("ability"),
            starts("alive"),
            starts("coins"),
            starts("hand"),
            starts("hand_count"),
            starts("left"),
            starts("right"),
            starts("same"),
            starts("played"),
            starts("revealed"),
            starts("choice"),
            starts("pass"),
            starts("outgoing"),
            starts("order"),
        )
        shootouts = self.shootouts
        self._table_tables = (
            {name: offsets["phase"] + i for i, name in enumerate(PHASE_NAMES)},
            offsets["to_move"],
            offsets["turn"],
            offsets["token"],
            offsets["standoff"],
            offsets["shootout"],
            shootouts,
            tuple(
                tuple(1.0 if i < k else 0.0 for i in range(shootouts)) for k in range(shootouts + 1)
            ),
            offsets.get("pot", -1),
            offsets["queue"],
            offsets.get("force", -1),
            offsets.get("told", -1),
            offsets.get("peek", -1),
            offsets.get("saved", -1),
            offsets["last_boom"],
            offsets["last_dead"],
            offsets["results"],
            n + (0 if self.quick else 1),
            offsets["tied"],
            offsets["winners"],
            {name: i for i, name in enumerate(SIDE_NAMES)},
            {name: i for i, name in enumerate(_WHERE)},
        )

    # -- the layout ------------------------------------------------------------------------------

    def describe(self) -> list[Field]:
        """The fields of the vector: the viewer's, the other seats', then the table's."""
        n, nk, nc = self.n, self.nk, self.nc
        kinds = "/".join(self.kind_names)
        claims = "/".join(self.claim_names)
        config = self.config
        total = max(1, n * config.start_coins)
        seat: list[tuple[str, int, str]] = []
        if self.chars:
            seat.append(
                (
                    "character",
                    len(CHARACTER_KEYS),
                    "character one-hot ("
                    + "/".join(CHARACTER_KEYS)
                    + "), all zero before it is dealt or chosen",
                )
            )
            seat.append(("ability", 1, "1 if the character's ability is ready this shootout"))
        seat.append(("alive", 1, "1 if the seat is alive in this shootout"))
        if not self.quick:
            seat.append(
                (
                    "coins",
                    2,
                    f"coin value in silver / {total} (all the game's coins), then gold "
                    f"coins / {max(1, n * config.start_gold)}",
                )
            )
        seat.append(
            (
                "hand",
                1 + nk,
                f"1 if the viewer sees this hand, then its counts of {kinds} / "
                f"{HAND_SIZE} (zero where unseen)",
            )
        )
        seat.append(("hand_count", 1, f"cards in the hand / {HAND_SIZE}"))
        seat.append(
            (
                "left",
                2 + nk + nc,
                f"left table card: 1 if on the table, 1 if its face is shown, "
                f"face one-hot ({kinds}), the picker's claim one-hot ({claims}; none: zeros)",
            )
        )
        seat.append(
            (
                "right",
                2 + nk + nc,
                f"right table card: 1 if on the table, 1 if its face is shown, "
                f"face one-hot ({kinds}), the picker's claim one-hot ({claims}; none: zeros)",
            )
        )
        seat.append(
            (
                "same",
                2 + nc,
                "1 if the right neighbour picked the left card again (R=), 1 if the "
                f"right card is drawn at random, the R= picker's claim one-hot ({claims})",
            )
        )
        seat.append(
            (
                "played",
                nk + 1,
                f"played pile: counts of face-up {kinds}, then face-down cards, each / {HAND_SIZE}",
            )
        )
        seat.append(("revealed", nk, f"the card revealed at this showdown, one-hot ({kinds})"))
        seat.append(
            (
                "choice",
                3,
                "showdown choice: hidden (made, not shown), left, right (forced or "
                "revealed sides included)",
            )
        )
        seat.append(("pass", 3, "pass: hidden (made, not shown), the unrevealed card, random"))
        seat.append(
            (
                "outgoing",
                1 + nk,
                f"1 if a random card is on its way out, its face one-hot ({kinds}) where shown",
            )
        )
        seat.append(
            (
                "order",
                n,
                "one-hot of the seat's place in this round's turn order (zeros: not in it)",
            )
        )
        fields = [Field("me." + name, size, "Me: " + text + ".") for name, size, text in seat]
        fields += [
            Field(
                "others." + name,
                (n - 1) * size,
                f"Each other seat in turn order after me ({size} each): " + text + ".",
            )
            for name, size, text in seat
        ]
        rel = "relative seat one-hot (0: me)"
        table = [
            Field("phase", len(PHASE_NAMES), "Phase one-hot (" + "/".join(PHASE_NAMES) + ")."),
            Field("to_move", n + 2, f"Who moves: {rel}, then chance, then the game is over."),
            Field("turn", n, f"The current player of the turn: {rel}, zeros in the showdown."),
            Field("token", n + 1, f"First Player (token holder): {rel}, then 1 if passing left."),
            Field("standoff", 1, "1 if the 2-player stand-off rules apply."),
            Field(
                "shootout",
                self.shootouts,
                f"Shootout number as a thermometer (at least 1 .. at least {self.shootouts}).",
            ),
        ]
        if not self.quick:
            table.append(Field("pot", 1, f"The pot's coin value in silver / {total}."))
        table.append(
            Field(
                "queue",
                n,
                "1 for each seat (relative, 0: me) in the queue: abilities to offer, seats still "
                "to pass, random passes to draw.",
            )
        )
        if self.chars:
            table += [
                Field(
                    "force",
                    n + 2,
                    f"Brandon's force: the forced seat ({rel}), then the side (left, right).",
                ),
                Field("told", 2, "Heather's question this showdown: side one-hot (left, right)."),
                Field(
                    "peek",
                    n + len(_WHERE) + nk + HAND_SIZE,
                    f"Jill's card: her seat ({rel}), where (hand/left/right), its face ({kinds}), "
                    f"its place in her hand one-hot of {HAND_SIZE} where shown.",
                ),
                Field("saved", n, f"Carla saved herself this showdown: {rel}."),
            ]
        stride = "survivors flags by relative seat" + (
            "" if self.quick else f", then share / {total}"
        )
        table += [
            Field("last_boom", n, f"The player who last blew something up: {rel}."),
            Field(
                "last_dead",
                n,
                "1 for each seat (relative, 0: me) that blew up at the last showdown.",
            ),
            Field(
                "results",
                self.shootouts * (n + (0 if self.quick else 1)),
                f"For each shootout in order (zeros until played): {stride}.",
            ),
            Field("tied", n, "1 for each seat (relative, 0: me) in the final tie draw."),
            Field("winners", n, "1 for each winner (relative seat, 0: me) once the game is over."),
        ]
        return fields + table

    def action_count(self) -> int:
        """The largest seat action code of these options, plus one (from ``actions.py``)."""
        config = self.config
        n = config.num_players
        size = config.hand_size  # a hand never holds more than it starts with
        codes = [A.CHOOSE_RIGHT, A.PASS_RANDOM, max(config.left_picks[size])]
        if n > 2:  # the 2-player game is all stand-off: the right card is drawn, never picked
            codes.append(max(config.right_picks[size - 1]))  # a hand less its left card
        if config.characters != "none":
            codes += [A.ASK_RIGHT, A.swap(n - 1), A.force(n - 1, 1)]
        if config.characters == "chosen":
            codes.append(A.char(len(CHARACTER_KEYS) - 1))
        return max(codes) + 1

    def chance_count(self) -> int:
        """The largest chance outcome code of these options, plus one."""
        config = self.config
        # Jill may look into a full hand; every other draw is from a hand less a table card
        size = config.hand_size
        biggest = size if config.characters != "none" else size - 1
        codes = [A.draw(biggest - 1)]
        if config.characters == "random":
            codes.append(A.deal(len(CHARACTER_KEYS) - 1))
        if not config.quick:  # the tie draw (Quick Play's survivors share the win)
            codes.append(A.tie(config.num_players - 1))
        return max(codes) + 1

    # -- the encoding ----------------------------------------------------------------------------

    def encode(self, view: View) -> list[float]:
        """The observation of ``view["me"]`` (seat 0 for a spectator)."""
        (
            n,
            size,
            chars,
            coins_on,
            nk,
            kind,
            claim,
            char_index,
            inv,
            tv,
            gold,
            hands,
            choice_code,
            pass_code,
        ) = self._consts
        (
            o_char,
            o_ability,
            o_alive,
            o_coins,
            o_hand,
            o_count,
            o_left,
            o_right,
            o_same,
            o_played,
            o_revealed,
            o_choice,
            o_pass,
            o_out,
            o_order,
        ) = self._seat_tables
        me = view["me"]
        rel = self._rel[0 if me is None else me]
        out = [0.0] * size
        ck = 2  # in a table-card block: on the table, face shown, the face, the claim
        cc = 2 + nk
        for s, data in enumerate(view["seats"]):
            r = rel[s]
            if chars:
                character = data["character"]
                if character is not None:
                    out[o_char[r] + char_index[character]] = 1.0
                    if data["ability"] == "ready":
                        out[o_ability[r]] = 1.0
            if data["alive"]:
                out[o_alive[r]] = 1.0
            if coins_on:
                coins = data["coins"]
                o = o_coins[r]
                out[o] = coins["value"] / tv
                out[o + 1] = coins["gold"] / gold
            hand = data["hand"]
            if hand is not None:
                o = o_hand[r]
                counts = hands.get(tuple(hand))
                if counts is None:  # not in the canonical order: count one card at a time
                    out[o] = 1.0
                    for k in hand:
                        out[o + 1 + kind[k]] += inv
                else:
                    out[o : o + nk + 1] = counts
            out[o_count[r]] = data["hand_count"] * inv
            for card, o in ((data["left"], o_left[r]), (data["right"], o_right[r])):
                if card is None:
                    continue
                out[o] = 1.0
                face = card["card"]
                if face is not None:
                    out[o + 1] = 1.0
                    out[o + ck + kind[face]] = 1.0
                said = card["claim"]
                if said is not None:
                    out[o + cc + claim[said]] = 1.0
            if data["drawn"]:
                o = o_same[r]
                out[o + 1] = 1.0
                if data["same"]:
                    out[o] = 1.0
                    said = data["same_claim"]["claim"]
                    if said is not None:
                        out[o + 2 + claim[said]] = 1.0
            played = data["played"]
            if played:
                o = o_played[r]
                down = o + nk
                for k in played:
                    out[down if k is None else o + kind[k]] += inv
            face = data["revealed"]
            if face is not None:
                out[o_revealed[r] + kind[face]] = 1.0
            choice = data["choice"]
            if choice is not None:
                out[o_choice[r] + choice_code[choice]] = 1.0
            passing = data["pass"]
            if passing is not None:
                out[o_pass[r] + pass_code[passing]] = 1.0
            going = data["outgoing"]
            if going is not None:
                o = o_out[r]
                out[o] = 1.0
                face = going["card"]
                if face is not None:
                    out[o + 1 + kind[face]] = 1.0
        for place, s in enumerate(view["order"]):
            out[o_order[rel[s]] + place] = 1.0
        (
            phase_at,
            o_to_move,
            o_turn,
            o_token,
            o_standoff,
            o_shootout,
            shootouts,
            thermo,
            o_pot,
            o_queue,
            o_force,
            o_told,
            o_peek,
            o_saved,
            o_last_boom,
            o_last_dead,
            o_results,
            stride,
            o_tied,
            o_winners,
            side,
            where,
        ) = self._table_tables
        out[phase_at[view["phase"]]] = 1.0
        to_move = view["to_move"]
        if to_move == "chance":
            out[o_to_move + n] = 1.0
        elif to_move == "end":
            out[o_to_move + n + 1] = 1.0
        else:
            out[o_to_move + rel[to_move]] = 1.0
        turn = view["turn"]
        if turn is not None:
            out[o_turn + rel[turn]] = 1.0
        token = view["token"]
        out[o_token + rel[token["holder"]]] = 1.0
        if token["direction"] == "left":
            out[o_token + n] = 1.0
        if view["standoff"]:
            out[o_standoff] = 1.0
        out[o_shootout : o_shootout + shootouts] = thermo[view["shootout"]]
        if coins_on:
            out[o_pot] = view["pot"]["value"] / tv
        for s in view["queue"]:
            out[o_queue + rel[s]] = 1.0
        if chars:
            force = view["force"]
            if force is not None:
                out[o_force + rel[force["seat"]]] = 1.0
                out[o_force + n + side[force["side"]]] = 1.0
            told = view["told"]
            if told is not None:
                out[o_told + side[told["side"]]] = 1.0
            peek = view["peek"]
            if peek is not None:
                out[o_peek + rel[peek["seat"]]] = 1.0
                o = o_peek + n
                out[o + where[peek["where"]]] = 1.0
                o += len(_WHERE)
                out[o + kind[peek["card"]]] = 1.0
                index = peek["index"]
                if index is not None:
                    out[o + nk + index] = 1.0
            saved = view["saved"]
            if saved is not None:
                out[o_saved + rel[saved]] = 1.0
        boom = view["last_boom"]
        if boom is not None:
            out[o_last_boom + rel[boom]] = 1.0
        for s in view["last_dead"]:
            out[o_last_dead + rel[s]] = 1.0
        o = o_results
        for result in view["results"]:
            for s in result["survivors"]:
                out[o + rel[s]] = 1.0
            if coins_on:
                out[o + n] = result["share"] / tv
            o += stride
        for s in view["tied"]:
            out[o_tied + rel[s]] = 1.0
        outcome = view["outcome"]
        if outcome is not None:
            for s in outcome["winners"]:
                out[o_winners + rel[s]] = 1.0
        return out
