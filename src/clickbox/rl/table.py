"""One game as the environments play it: the state, its seeded chance, and the observations.

:class:`Table` is what the PettingZoo, Gymnasium and OpenSpiel interfaces share. It resolves
chance with a :class:`~clickbox.core.SplitMix` stream (a copy is one int, so :meth:`clone`
is cheap), checks every action a learner sends (an illegal one raises an error that says why,
or with ``illegal="penalize"`` costs a reward and changes nothing), and makes every
observation from the seat's view alone, through the game's encoder. A snapshot is plain JSON:
the game, the seed, every action (chance included) and the stream's position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..core import (
    TERMINAL,
    GameBase,
    GameRecord,
    IllegalActionError,
    InvalidActionError,
    SplitMix,
    StateBase,
    check,
    derive_seed,
    resolve_chance,
)
from ..games import load
from .encoders import encoder_for
from .encoding import Encoder

REWARDS: Final = ("score", "win", "zero-sum")
"""What a seat earns at the end: its score in the game's own points; ``win``: 1, shared equally
by the winners; ``zero-sum``: ``win`` less 1 / players, so the rewards sum to 0."""

ILLEGAL: Final = ("raise", "penalize")
"""What an illegal action does: raise ``IllegalActionError`` (the default), or leave the game
untouched, give the seat ``illegal_reward`` and let it choose again."""


class MomentError(IllegalActionError):
    """A seat's choice in a moment (see :meth:`Table.act_together`) is invalid or illegal."""

    def __init__(self, seat: int, error: Exception) -> None:
        super().__init__(f"seat {seat}: {error}")
        self.seat = seat


def next_seed(seeds: SplitMix) -> int:
    """The next game's seed (63 bits) from a stream of seeds."""
    return int(seeds.random() * 2.0**53) << 10 ^ int(seeds.random() * 1024.0)


def make_game(
    game: str | GameBase,
    players: int | None = None,
    preset: str | None = None,
    options: Mapping[str, object] | None = None,
) -> GameBase:
    """A game from a catalog name or spec (``"click-click-boom"``, ``"clever(players=3)"``),
    or the game itself."""
    if isinstance(game, GameBase):
        if players is not None or preset is not None or options:
            raise ValueError("give a game object or its name with options, not both")
        return game
    return load(game, players=players, preset=preset, options=dict(options or {}))


def final_rewards(state: StateBase, mode: str) -> list[float]:
    """Each seat's reward once ``state`` is over (see :data:`REWARDS`)."""
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("the game is not over")
    players = state.game.num_players
    if mode == "score":
        return [float(score) for score in outcome.scores]
    share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
    wins = [share if seat in outcome.winners else 0.0 for seat in range(players)]
    if mode == "win":
        return wins
    return [win - 1.0 / players for win in wins]


class Table:
    """A game in progress under an environment."""

    __slots__ = ("_legal", "_legal_version", "encoder", "game", "seed", "state", "stream")

    def __init__(self, game: GameBase, seed: int, encoder: Encoder | None = None) -> None:
        self.game = game
        self.encoder = encoder if encoder is not None else encoder_for(game)
        self.seed = seed
        self.state: StateBase = game.new_initial_state()
        self.stream = SplitMix(derive_seed(seed, "chance"))
        self._legal: list[int] = []
        self._legal_version = -1
        resolve_chance(self.state, self.stream)

    # -- reading --------------------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        """The seat to act, or :data:`~clickbox.core.TERMINAL` (chance is always resolved)."""
        return self.state.current_player()

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.current_player() == TERMINAL

    def deciding(self) -> tuple[int, ...]:
        """The seats who choose at this moment, in the order their choices are applied: the
        seat to move, or every seat of a simultaneous step (Clever's passive take, Boom's
        showdown and passes)."""
        to_move = self.state.current_player()
        if to_move < 0:
            return ()
        seats = self.state.simultaneous_seats()
        return seats if seats else (to_move,)

    def legal(self, seat: int) -> list[int]:
        """The action codes ``seat`` may play now (empty if it is not its turn)."""
        state = self.state
        if state.current_player() != seat:
            return []
        if self._legal_version != state.state_id:
            self._legal = state.legal_actions()
            self._legal_version = state.state_id
        return self._legal

    def legal_in_moment(self, seat: int) -> list[int]:
        """The action codes ``seat`` may choose in this moment: :meth:`legal`, and in a
        simultaneous step a seat still to commit too. Its choice cannot depend on the others'
        (see ``StateBase.simultaneous_seats``), so its options are read on a copy where the
        seats before it have made any legal choice."""
        seats = self.deciding()
        if not seats or seat == seats[0]:
            return self.legal(seat)
        if seat not in seats:
            return []
        trial = self.state.clone()
        for _ in seats[: seats.index(seat)]:
            trial.apply(trial.legal_actions()[0])
        return trial.legal_actions()

    def view(self, seat: int | None) -> dict[str, Any]:
        """The seat's view without its log: all an observation is made from."""
        return self.state.view(seat, history=False)

    def observation(self, seat: int) -> list[float]:
        """The seat's observation (:attr:`Encoder.size` floats), from its view alone."""
        return self.encoder.encode(self.state.view(seat, history=False))

    def rewards(self, mode: str) -> list[float]:
        """Each seat's final reward (see :data:`REWARDS`)."""
        return final_rewards(self.state, mode)

    # -- playing --------------------------------------------------------------------------------

    def act(self, seat: int, action: object) -> None:
        """Play ``action`` (an int code; numpy ints are welcome) for ``seat``, then roll what
        chance follows. An invalid or illegal action raises an error that says why, and the
        game is unchanged."""
        code = _code(action)
        if not 0 <= code < self.encoder.actions:
            raise InvalidActionError(
                f"{code} is not an action code of {self.game.name} (0-{self.encoder.actions - 1})"
            )
        if code not in self.legal(seat):
            check(self.state, code, seat)  # raises, saying why
            raise IllegalActionError(f"{code} is not legal now")  # pragma: no cover
        self.state.apply(code)
        resolve_chance(self.state, self.stream)

    def act_together(self, actions: Mapping[int, object]) -> None:
        """Play one moment: the choice of every seat of :meth:`deciding` (the others' entries
        are ignored). Nothing is applied unless every choice is legal."""
        seats = self.deciding()
        trial = self.clone()
        for seat in seats:
            if seat not in actions:
                raise MomentError(seat, InvalidActionError("it must choose now"))
            try:
                trial.act(seat, actions[seat])
            except (IllegalActionError, InvalidActionError) as error:
                raise MomentError(seat, error) from error
        self.state, self.stream = trial.state, trial.stream
        self._legal_version = -1

    def clone(self) -> Table:
        """An independent copy that plays on identically (its chance stream included)."""
        twin = Table.__new__(Table)
        twin.game = self.game
        twin.encoder = self.encoder
        twin.seed = self.seed
        twin.state = self.state.clone()
        twin.stream = SplitMix(self.stream.position)
        twin._legal = self._legal
        twin._legal_version = self._legal_version
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """:meth:`clone` (the game and the encoder are shared: neither ever changes)."""
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its :meth:`snapshot` and replayed: the compiled rules' objects cannot be
        pickled, and a snapshot is the same in both builds."""
        return (Table.from_snapshot, (self.snapshot(),))

    def snapshot(self) -> dict[str, Any]:
        """The game as plain JSON data, for :meth:`from_snapshot`."""
        return {
            "game": self.game.spec(),
            "seed": self.seed,
            "actions": list(self.state.history),
            "stream": self.stream.position,
        }

    @classmethod
    def from_snapshot(cls, data: Mapping[str, Any]) -> Table:
        """The game of a :meth:`snapshot`, replayed through the checked path."""
        table = cls(load(str(data["game"])), int(data["seed"]))
        table.state = table.game.new_initial_state()
        for action in data["actions"]:
            check(table.state, int(action))
            table.state.apply(int(action))
        table.stream = SplitMix(int(data["stream"]))
        table._legal_version = -1
        return table

    def record(self, seats: Sequence[str] | None = None) -> GameRecord:
        """The game so far as a clickbox record (chance included), for ``clickbox replay``."""
        to_string = self.game.action_to_string
        return GameRecord(
            game=self.game.spec(),
            seats=tuple(seats) if seats is not None else ("?",) * self.game.num_players,
            seed=self.seed,
            actions=tuple(to_string(a) for a in self.state.history),
            outcome=self.state.outcome(),
            meta={"source": "clickbox.rl"},
        )


def _code(action: object) -> int:
    """An action code from an int or a numpy integer (of any shape-() kind)."""
    if isinstance(action, bool):
        raise InvalidActionError("an action is an int code, not a bool")
    if isinstance(action, int):
        return action
    item = getattr(action, "item", None)
    if item is not None and getattr(action, "shape", None) in ((), (1,)):
        value = item()
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    raise InvalidActionError(f"an action is an int code, not {action!r}")
