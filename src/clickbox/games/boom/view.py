"""What a seat sees of a game of Click Click Boom, and a state rebuilt from it.

A seat never sees its own hand (only how many cards it holds) nor its own two table cards (backs,
with the claims), unless it legitimately knows one: Heather's answer, the card Jill looked at.
It sees every other living player's hand (kinds, in the canonical order picks index into),
every other table card, every played pile but the card Carla put in hers face down (``None``).
Eliminated players' remaining cards are face down. Showdown choices and passes are hidden until
everyone has chosen (``"?"``), and a random card on its way to the next player is face down for
everyone until it is in the receiver's hand. Card ids never appear: kinds only. At the end of
the game (the tie draw, or over) every card is shown.

The ``log`` is the one place that says which moves a seat may read: an entry reads ``"?"`` (a
hidden choice, a face-down draw) or masked notation (``L?:boom``, a pick from the seat's own
hand) where the seat may not know it.

``state_from_view`` deals what the viewer cannot see at random from what it can deduce (the
game's cards minus every card the view shows) and samples other seats' hidden choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import (
    CHANCE,
    TERMINAL,
    AppendOnlyList,
    Commitments,
    GameBase,
    Outcome,
    Player,
    View,
)
from . import actions as A
from .board import (
    CARLA,
    CHARACTER_KEYS,
    CHARACTER_NAMES,
    CLAIM_NAMES,
    GOLD_VALUE,
    HEATHER,
    JILL,
    KIND_NAMES,
    LEFT,
    NO_CHARACTER,
    RIGHT,
    RORY,
    SIDE_NAMES,
)
from .rules import (
    BY_RANDOM,
    CHOOSE,
    CHOOSE_CHARACTER,
    DEAL,
    EVENT_NAMES,
    HIDDEN_FROM_ALL,
    NO_CARD,
    NOBODY,
    NOT_DECIDED,
    OPEN_STEPS,
    OVER,
    PASS,
    PASS_DRAW,
    PEEK_DRAW,
    PHASE_NAMES,
    TIE,
    BoomConfig,
    BoomState,
)

if TYPE_CHECKING:
    import random

_AFTER_REVEAL = frozenset(("carla-save", "carla-draw", "rory-loot", "pass", "pass-draw"))
_UNKNOWN = -1  # a card the viewer cannot see
_EMPTY = -2  # no card in that place


def _coins(gold: int, silver: int) -> dict[str, int]:
    return {"gold": gold, "silver": silver, "value": GOLD_VALUE * gold + silver}


def _claim(code: int) -> str | None:
    return CLAIM_NAMES[code] or None


def _peek_where(state: BoomState, jill: int) -> tuple[str, int | None]:
    card = state._peek
    hand = state._hands[jill]
    if card in hand:
        return "hand", hand.index(card)
    return ("left" if state._left[jill] == card else "right"), None


def _log(state: BoomState, seat: Player | None, everything: bool) -> list[dict[str, Any]]:
    history = state.history
    meta = state._meta.to_list()
    phase = state._phase
    hidden_tail = len(state._commit.choices) if phase in OPEN_STEPS else 0
    start_hidden = len(history) - hidden_tail
    log = []
    for i, action in enumerate(history):
        code = meta[i]
        mover = code // 8 - 1
        hidden_from = code % 8 - 1
        if everything:
            text = A.to_string(action)
        elif (i >= start_hidden and mover != seat) or hidden_from == HIDDEN_FROM_ALL:
            text = "?"
        elif hidden_from >= 0 and hidden_from == seat:
            text = A.hidden_pick(action) if A.is_pick(action) else "?"
        else:
            text = A.to_string(action)
        log.append({"seat": "chance" if mover == CHANCE else mover, "move": text})
    return log


def make_view(
    state: BoomState, seat: Player | None, everything: bool = False, history: bool = True
) -> View:
    """The view of ``seat`` (``None``: a spectator, who sees what any other player sees).

    ``everything``: every card face up and every move in the log (``full_view``, the replay of
    a finished game, whose record is public). Without ``history``: no ``log`` nor ``events``."""
    game = state.game
    config = state.config
    n = config.num_players
    kinds = config.kinds
    phase = state._phase
    phase_name = PHASE_NAMES[phase]
    to_move = state._to_move
    the_end = everything or phase in (TIE, OVER)
    after_reveal = phase_name in _AFTER_REVEAL
    heather = state._holder[HEATHER]
    jill = state._holder[JILL]
    told = state._told
    peek = state._peek
    commit = state._commit
    seats = []
    for s in range(n):
        mine = s == seat
        alive = state._alive[s]
        hand = state._hands[s]
        character = state._chars[s]
        claims = state._claims[s]
        table: dict[str, Any] = {}
        for side, card in ((LEFT, state._left[s]), (RIGHT, state._right[s])):
            name = SIDE_NAMES[side]
            if card < 0:
                table[name] = None
                continue
            known = (
                not mine
                or the_end
                or (s == heather and told == side)
                or (s == jill and card == peek)
            )
            order = state._order
            place = order.index(s)
            if side == LEFT:
                by: int | str = order[(place + 1) % len(order)]
            else:
                by = "chance" if state._drawn[s] else order[place - 1]
            if side == LEFT:
                claim = _claim(claims // 8)
            else:  # after R= the right neighbour's words were about the left card
                claim = None if state._same[s] else _claim(claims % 8)
            table[name] = {
                "card": KIND_NAMES[kinds[card]] if known else None,
                "claim": claim,
                "by": by,
            }
        same_claim = None
        if state._same[s]:  # its right neighbour picked the left card again (R=)
            order = state._order
            same_claim = {"claim": _claim(claims % 8), "by": order[order.index(s) - 1]}
        choice: str | None = None
        forced = state._forced[s]
        if after_reveal:
            choice = SIDE_NAMES[state._chosen[s]] if state._chosen[s] >= 0 else None
        elif forced >= 0:
            choice = SIDE_NAMES[forced]
        elif phase == CHOOSE and s in commit.choices:
            choice = A.to_string(commit.choices[s]) if mine else "?"
        revealed = state._revealed[s]
        passed = state._pass[s]
        out = state._out[s]
        if phase == PASS:
            passing = commit.choices.get(s)
            pass_text = (
                None
                if passing is None
                else "?"
                if not mine
                else "random"
                if passing == A.PASS_RANDOM
                else "unrevealed"
            )
        else:
            pass_text = None if passed < 0 else "random" if passed == BY_RANDOM else "unrevealed"
        down = state._down
        seats.append(
            {
                "character": None if character == NO_CHARACTER else CHARACTER_KEYS[character],
                "ability": (
                    None if character == NO_CHARACTER else "used" if state._used[s] else "ready"
                ),
                "alive": alive,
                "coins": None if config.quick else _coins(state._gold[s], state._silver[s]),
                "hand": (
                    [KIND_NAMES[kinds[c]] for c in hand]
                    if the_end or (alive and not mine)
                    else None
                ),
                "hand_count": len(hand),
                "left": table["left"],
                "right": table["right"],
                "same": state._same[s],
                "drawn": state._drawn[s],
                "same_claim": same_claim,
                "played": [
                    None if c == down and not the_end else KIND_NAMES[kinds[c]]
                    for c in state._played[s]
                ],
                "choice": choice,
                "revealed": None if revealed < 0 else KIND_NAMES[kinds[revealed]],
                "pass": pass_text,
                # face down until it is in the receiver's hand (it is still in this hand)
                "outgoing": (
                    None if out < 0 else {"card": KIND_NAMES[kinds[out]] if the_end else None}
                ),
            }
        )
    peek_view = None
    if peek >= 0:
        where, index = _peek_where(state, jill)
        peek_view = {
            "seat": jill,
            "where": where,
            "card": KIND_NAMES[kinds[peek]],
            "index": None if seat == jill and not the_end else index,
        }
    force = None
    if state._force_by >= 0:
        target = next(s for s in range(n) if state._forced[s] >= 0)
        force = {"by": state._force_by, "seat": target, "side": SIDE_NAMES[state._forced[target]]}
    outcome = state.outcome()
    view: View = {
        "game": game.name,
        "spec": game.spec(),
        "players": n,
        "me": seat,
        "version": state.state_id,
        "mode": "quick" if config.quick else "full",
        "advanced": config.advanced,
        "shootout": state._shootout,
        "shootouts": config.shootouts,
        "phase": phase_name,
        "to_move": "end" if to_move == TERMINAL else "chance" if to_move == CHANCE else to_move,
        "turn": None if state._turn < 0 else state._turn,
        "order": list(state._order),
        "token": {"holder": state._first, "direction": "left" if state._pass_left else "right"},
        "standoff": state._standoff,
        "pot": None if config.quick else _coins(state._pot_gold, state._pot_silver),
        # the abilities still to offer, the seats still to pass, the random passes to draw
        "queue": (
            [s for s in commit.seats if s not in commit.choices]
            if phase == PASS
            else list(state._queue)
        ),
        "seats": seats,
        "force": force,
        "told": None if told < 0 else {"seat": heather, "side": SIDE_NAMES[told]},
        "peek": peek_view,
        "saved": None if state._saved < 0 else state._saved,
        "last_boom": None if state._last_boom < 0 else state._last_boom,
        "last_dead": list(state._last_dead),
        "results": [
            {"survivors": list(survivors), "share": share} for survivors, share in state._results
        ],
        "tied": list(state._tied),
        "reason": state._reason if phase == TIE else None,
        "legal": (
            [A.to_string(a) for a in state.legal_actions()]
            if seat is not None and seat == to_move
            else []
        ),
        "log": _log(state, seat, everything) if history else [],
        "events": [
            {
                "after": after,
                "seat": None if who < 0 else who,
                "event": EVENT_NAMES[kind],
                "amount": amount,
                "to": None if other < 0 else other,
            }
            for after, who, kind, amount, other in (state._events.to_list() if history else [])
        ],
        "outcome": None if outcome is None else outcome.to_json(),
    }
    if not history:
        del view["log"], view["events"]
    return view


def describe_character(key: str) -> str:
    """A character key in words: ``felix`` -> ``Felix Fox``."""
    return CHARACTER_NAMES[CHARACTER_KEYS.index(key)]


def state_from_view(
    game: GameBase, config: BoomConfig, view: View, rng: random.Random
) -> BoomState:
    """A state showing what ``view`` shows (empty history); hidden cards and choices sampled."""
    if view.get("spec") != game.spec():
        raise ValueError(f"a view of {view.get('spec')!r}, not of {game.spec()!r}")
    n = config.num_players
    seats = view["seats"]
    state = BoomState(game, config)  # then every field is set from the view
    state._meta = AppendOnlyList()
    state._events = AppendOnlyList()
    phase = PHASE_NAMES.index(view["phase"])
    state._phase = phase
    to_move = view["to_move"]
    state._to_move = TERMINAL if to_move == "end" else CHANCE if to_move == "chance" else to_move
    state._shootout = view["shootout"]
    state._standoff = view["standoff"]
    state._first = view["token"]["holder"]
    state._pass_left = view["token"]["direction"] == "left"
    state._chars = tuple(
        NO_CHARACTER if s["character"] is None else CHARACTER_KEYS.index(s["character"])
        for s in seats
    )
    holder = [NOBODY] * len(CHARACTER_KEYS)
    for s, character in enumerate(state._chars):
        if character >= 0:
            holder[character] = s
    state._holder = tuple(holder)
    state._used = [s["ability"] == "used" for s in seats]
    state._alive = [s["alive"] for s in seats]
    state._neighbours()
    state._order = tuple(view["order"])
    turn = view["turn"]
    state._turn = NOBODY if turn is None else turn
    state._pos = state._order.index(turn) if turn is not None else 0
    state._queue = [] if phase == PASS else list(view["queue"])  # PASS: from the commitments
    state._same = [s["same"] for s in seats]
    state._drawn = [s["drawn"] for s in seats]
    state._claims = [0] * n
    for s, data in enumerate(seats):
        left, right, same = data["left"], data["right"], data["same_claim"]
        claim_left = CLAIM_NAMES.index(left["claim"] or "") if left else 0
        right_claim = same["claim"] if same else right["claim"] if right else None
        state._claims[s] = claim_left * 8 + CLAIM_NAMES.index(right_claim or "")
    if config.quick:
        state._gold = [0] * n
        state._silver = [0] * n
        state._pot_gold = state._pot_silver = 0
    else:
        state._gold = [s["coins"]["gold"] for s in seats]
        state._silver = [s["coins"]["silver"] for s in seats]
        state._pot_gold = view["pot"]["gold"]
        state._pot_silver = view["pot"]["silver"]
    state._last_boom = NOBODY if view["last_boom"] is None else view["last_boom"]
    state._last_dead = tuple(view["last_dead"])
    state._results = tuple((tuple(r["survivors"]), r["share"]) for r in view["results"])
    state._tied = tuple(view["tied"])
    state._saved = NOBODY if view["saved"] is None else view["saved"]
    told = view["told"]
    state._told = NOT_DECIDED if told is None else SIDE_NAMES.index(told["side"])
    state._forced = [NOT_DECIDED] * n
    state._force_by = NOBODY
    force = view["force"]
    if force is not None:
        state._forced[force["seat"]] = SIDE_NAMES.index(force["side"])
        state._force_by = force["by"]
    state._pass = [
        NOT_DECIDED
        if s["pass"] is None or phase == PASS
        else (BY_RANDOM if s["pass"] == "random" else 0)
        for s in seats
    ]
    outcome = view["outcome"]
    if outcome is not None:
        parsed = Outcome.from_json(outcome)
        state._scores = tuple(float(x) for x in parsed.scores)
        state._winners = tuple(sorted(parsed.winners))
        state._reason = parsed.reason
    else:
        state._scores = tuple(0.0 if config.quick else float(s["coins"]["value"]) for s in seats)
        state._winners = ()
        state._reason = view["reason"] or ""
    _deal_cards(state, view, rng)
    # Showdown choices: revealed sides, forced sides, committed (hidden ones sampled).
    state._chosen = [
        SIDE_NAMES.index(s["choice"])
        if view["phase"] in _AFTER_REVEAL and s["choice"] in SIDE_NAMES
        else NOT_DECIDED
        for s in seats
    ]
    if phase == CHOOSE:
        forced = state._forced
        commit = Commitments(tuple(s for s in state._order if forced[s] < 0))
        for s in commit.seats:
            choice = seats[s]["choice"]
            if choice in SIDE_NAMES:
                commit.commit(s, A.parse(choice))
            elif choice == "?":
                commit.commit(s, rng.choice((A.CHOOSE_LEFT, A.CHOOSE_RIGHT)))
        state._commit = commit
    elif phase == PASS:
        commit = Commitments(tuple(s for s in state._order if state._alive[s]))
        for s in commit.seats:
            passing = seats[s]["pass"]
            if passing == "?":  # another seat's pass, hidden: a legal one at random
                random_ok = bool(state._hands[s])
                options = (A.PASS_UNREVEALED, A.PASS_RANDOM) if random_ok else (A.PASS_UNREVEALED,)
                commit.commit(s, rng.choice(options))
            elif passing is not None:
                commit.commit(s, A.PASS_RANDOM if passing == "random" else A.PASS_UNREVEALED)
        state._commit = commit
    else:
        state._commit = Commitments(())
    # The seat a pending decision or draw is about.
    if phase == DEAL:
        state._seat = sum(1 for c in state._chars if c >= 0)
    elif phase == CHOOSE_CHARACTER:
        state._seat = state._to_move
    elif phase == PASS_DRAW:
        state._seat = state._queue[0]
    elif phase == PEEK_DRAW or view["phase"] == "draw-right":
        state._seat = state._turn
    elif view["phase"] in ("carla-save", "carla-draw"):
        state._seat = state._holder[CARLA]
    elif view["phase"] == "rory-loot":
        state._seat = state._holder[RORY]
    else:
        state._seat = 0
    return state


def _deal_cards(state: BoomState, view: View, rng: random.Random) -> None:
    """Give every card an id: the shown ones by kind, the hidden ones drawn from what is left."""
    config = state.config
    n = config.num_players
    seats = view["seats"]
    remaining = list(config.composition)
    # Slots: (seat, place) -> kind or _UNKNOWN; places: "hand", "left", "right", "out", "played".
    hands: list[list[int]] = []
    for data in seats:
        if data["hand"] is not None:
            hand = [KIND_NAMES.index(k) for k in data["hand"]]
        else:
            hand = [_UNKNOWN] * data["hand_count"]
        hands.append(hand)
    peek = view["peek"]
    jill_peek_slot = -1
    if peek is not None and peek["where"] == "hand" and seats[peek["seat"]]["hand"] is None:
        jill_peek_slot = 0  # the viewer's own hand: the card it looked at is known
        hands[peek["seat"]][0] = KIND_NAMES.index(peek["card"])

    def table_kind(entry: dict[str, Any] | None) -> int:
        if entry is None:
            return _EMPTY  # no card
        return _UNKNOWN if entry["card"] is None else KIND_NAMES.index(entry["card"])

    lefts = [table_kind(d["left"]) for d in seats]
    rights = [table_kind(d["right"]) for d in seats]
    # a face-down card in a played pile (Carla's) is unknown
    played = [[_UNKNOWN if k is None else KIND_NAMES.index(k) for k in d["played"]] for d in seats]
    every = [
        *(k for h in hands for k in h),
        *lefts,
        *rights,
        *(k for p in played for k in p),
    ]
    unknown = 0
    for kind in every:
        if kind >= 0:
            remaining[kind] -= 1
        elif kind == _UNKNOWN:
            unknown += 1
    pool = [kind for kind, count in enumerate(remaining) for _ in range(count)]
    if len(pool) != unknown or any(count < 0 for count in remaining):
        raise ValueError("the view's cards do not add up to the game's cards")
    rng.shuffle(pool)
    ids_by_kind: list[list[int]] = [[] for _ in KIND_NAMES]
    for card, kind in enumerate(config.kinds):
        ids_by_kind[kind].append(card)

    def card_of(kind: int) -> int:
        if kind == _EMPTY:
            return NO_CARD
        if kind == _UNKNOWN:
            kind = pool.pop()
        return ids_by_kind[kind].pop()

    state._hands = []
    peek_card = NO_CARD
    for s in range(n):
        ids = [card_of(kind) for kind in hands[s]]
        if peek is not None and s == peek["seat"] and jill_peek_slot == 0:
            peek_card = ids[0]
        state._hands.append(tuple(sorted(ids)))
    state._left = [card_of(kind) for kind in lefts]
    state._right = [card_of(kind) for kind in rights]
    state._played = [[card_of(kind) for kind in pile] for pile in played]
    state._down = NO_CARD
    for s in range(n):
        for place, name in enumerate(seats[s]["played"]):
            if name is None:
                state._down = state._played[s][place]
    # A random card on its way out is one of its passer's hand, which nobody saw drawn.
    state._out = [
        NO_CARD if d["outgoing"] is None else rng.choice(state._hands[s])
        for s, d in enumerate(seats)
    ]
    if peek is None:
        state._peek = NO_CARD
    elif peek["where"] == "hand":
        jill = peek["seat"]
        state._peek = peek_card if peek_card >= 0 else state._hands[jill][peek["index"]]
    else:
        table = state._left if peek["where"] == "left" else state._right
        state._peek = table[peek["seat"]]
    state._revealed = [
        state._played[s][-1] if seats[s]["revealed"] is not None else NO_CARD for s in range(n)
    ]


def witness_view(spectator: View, seat_views: list[View]) -> View:
    """What every one of ``seat_views``' seats (and a spectator) may see: the step log is
    written from it, so a seat at the screen never reads what its own view hides (a pick from
    its own hand, a random card drawn from it, another seat's hidden showdown choice)."""
    if not seat_views:
        return spectator
    merged = dict(spectator)
    merged["me"] = None
    merged["legal"] = []
    log = [dict(entry) for entry in spectator["log"]]
    for other in seat_views:
        for entry, seen in zip(log, other["log"], strict=True):
            if "?" in seen["move"] and seen["move"] != entry["move"]:
                entry["move"] = seen["move"]
    merged["log"] = log
    seats = [dict(data) for data in spectator["seats"]]
    for other in seat_views:
        for data, seen in zip(seats, other["seats"], strict=True):
            if seen["hand"] is None:
                data["hand"] = None
            for side in ("left", "right"):
                if data[side] is not None and seen[side] is not None and seen[side]["card"] is None:
                    data[side] = {**data[side], "card": None}
            outgoing = seen["outgoing"]
            if data["outgoing"] is not None and outgoing is not None and outgoing["card"] is None:
                data["outgoing"] = {"card": None}
            if seen["choice"] == "?":
                data["choice"] = "?"
        peek = other["peek"]
        if peek is not None and merged["peek"] is not None and peek["index"] is None:
            merged["peek"] = {**merged["peek"], "index": None}
    merged["seats"] = seats
    return merged
