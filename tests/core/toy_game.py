"""A tiny simultaneous game that exercises the core protocol without any real game.

"Lowest unique bid": a chance step draws a bonus seat, then every seat bids 1-3 at the same
time (taken in seat order, hidden until all are in); the lowest unique bid wins its value, plus
one for the bonus seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar, Self

from clickbox.core import (
    CHANCE,
    TERMINAL,
    Commitments,
    GameBase,
    InvalidActionError,
    Outcome,
    ParamsBase,
    StateBase,
    View,
    option,
)


@dataclass(frozen=True)
class BidParams(ParamsBase):
    max_bid: int = option(3, "highest bid", minimum=1, maximum=9)


class BidGame(GameBase):
    name: ClassVar[str] = "bid"
    key: ClassVar[str] = "bid"
    title: ClassVar[str] = "Lowest unique bid"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 3
    perfect_information: ClassVar[bool] = False
    Params = BidParams
    presets: ClassVar[dict[str, dict[str, object]]] = {"short": {"max_bid": 2}}

    def new_initial_state(self) -> BidState:
        return BidState(self)

    def action_to_string(self, action: int) -> str:
        return f"bonus{action - 100}" if action >= 100 else f"bid{action}"

    def parse_action(self, text: str) -> int:
        text = text.strip()
        if text.startswith("bonus") and text[5:].isdigit():
            return 100 + int(text[5:])
        if text.startswith("bid") and text[3:].isdigit():
            return int(text[3:])
        raise InvalidActionError(f"{text!r} is not bidN or bonusN")

    def view_of(self, state: StateBase, seat: int | None, history: bool = True) -> View:
        assert isinstance(state, BidState)
        return state.bid_view(seat)

    def state_from_view(self, view: View, rng: random.Random) -> BidState:
        state = BidState(self)
        state.bonus = view["bonus"]
        seats = tuple(range(self.num_players))
        choices = {}
        for seat_text, bid in view["bids"].items():
            seat = int(seat_text)
            choices[seat] = bid if bid is not None else rng.randint(1, self.max_bid())
        state.bids = Commitments(seats, choices)
        return state

    def max_bid(self) -> int:
        assert isinstance(self.params, BidParams)
        return self.params.max_bid


class BidState(StateBase):
    __slots__ = ("bids", "bonus")
    game: BidGame

    def __init__(self, game: BidGame, copy_of: BidState | None = None) -> None:
        super().__init__(game, copy_of)
        self.bonus: int | None = None
        self.bids = Commitments(tuple(range(game.num_players)))

    def _current_player(self) -> int:
        if self.bonus is None:
            return CHANCE
        seat = self.bids.waiting_for()
        return TERMINAL if seat is None else seat

    def _legal_actions(self) -> list[int]:
        return list(range(1, self.game.max_bid() + 1))

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.game.num_players
        return [(100 + seat, 1 / n) for seat in range(n)]

    def _apply(self, action: int) -> None:
        if action >= 100:
            self.bonus = action - 100
        else:
            seat = self.bids.waiting_for()
            assert seat is not None
            self.bids.commit(seat, action)

    def _outcome(self) -> Outcome:
        bids = self.bids.choices
        unique = [b for b in bids.values() if list(bids.values()).count(b) == 1]
        scores = [0.0] * self.game.num_players
        if unique:
            low = min(unique)
            winner = next(s for s, b in bids.items() if b == low)
            scores[winner] = low
        if self.bonus is not None:
            scores[self.bonus] += 1
        best = max(scores)
        return Outcome(
            tuple(scores), frozenset(s for s, v in enumerate(scores) if v == best), "bids"
        )

    def bid_view(self, seat: int | None) -> View:
        complete = self.bids.is_complete()
        return {
            "game": "bid",
            "me": seat,
            "bonus": self.bonus,
            "bids": (
                {str(s): b for s, b in self.bids.choices.items()}
                if complete
                else self.bids.visible_to(seat)
            ),
            "legal": [],
        }

    def _clone(self) -> Self:
        other = type(self)(self.game, self)
        other.bonus = self.bonus
        other.bids = self.bids.copy()
        return other
