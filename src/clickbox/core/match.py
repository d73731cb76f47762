"""A game in progress with its seeded chance, its seats and its record.

The CLI, the simulation runner and (later) the server all drive games through a Match: it
resolves chance with its own seeded RNG, takes seat actions through the checked path, and
keeps the record.
"""

from __future__ import annotations

from collections.abc import Sequence

from .chance import derive_rng, resolve_chance
from .errors import StaleStateError
from .i18n import t
from .play import play
from .protocol import Action, GameBase, Player, StateBase
from .record import GameRecord


class Match:
    """One game: the state, the chance RNG derived from ``seed``, and the seat labels."""

    def __init__(
        self,
        game: GameBase,
        seed: int,
        seats: Sequence[str] | None = None,
        meta: dict[str, str] | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.seats = tuple(seats) if seats is not None else ("?",) * game.num_players
        if len(self.seats) != game.num_players:
            raise ValueError(f"{len(self.seats)} seat labels for {game.num_players} players")
        self.meta = dict(meta or {})
        self.state: StateBase = game.new_initial_state()
        self._chance_rng = derive_rng(seed, "chance")
        resolve_chance(self.state, self._chance_rng)

    def play(
        self,
        action_or_text: Action | str,
        seat: Player | None = None,
        expected_version: int | None = None,
    ) -> Action:
        """Play a seat's action through the checked path, then roll whatever chance follows.

        With ``expected_version`` (the ``version`` of the view the action was chosen from), an
        action sent for an older state raises StaleStateError instead of being applied.
        """
        if expected_version is not None and expected_version != self.state.state_id:
            raise StaleStateError(
                t(
                    "the action was chosen at version {chosen}, but the game is at version {now}",
                    chosen=expected_version,
                    now=self.state.state_id,
                )
            )
        action = play(self.state, action_or_text, seat)
        resolve_chance(self.state, self._chance_rng)
        return action

    def snapshot(self) -> tuple[StateBase, tuple[object, ...]]:
        """A copy of the state and of the chance RNG, for :meth:`restore`."""
        return self.state.clone(), self._chance_rng.getstate()

    def restore(self, snapshot: tuple[StateBase, tuple[object, ...]]) -> None:
        """Go back to a :meth:`snapshot` (the server undoes a move it could not store)."""
        state, rng_state = snapshot
        self.state = state.clone()
        self._chance_rng.setstate(rng_state)

    def undo(self) -> Action:
        """Take back the last action, a seat's with no chance after it (nothing was revealed
        since, so the chance RNG is where it was); return it. The state is rebuilt by replaying
        the history before it."""
        history = self.state.history
        if not history:
            raise ValueError(t("nothing to undo"))
        state = self.game.new_initial_state()
        for action in history[:-1]:
            state.apply(action)
        if state.current_player() < 0:
            raise ValueError(t("the last action was chance's: it cannot be undone"))
        last = history[-1]
        self.state = state
        return last

    def record(self) -> GameRecord:
        """The game so far as a record (with its outcome once it is over)."""
        to_string = self.game.action_to_string
        return GameRecord(
            game=self.game.spec(),
            seats=self.seats,
            seed=self.seed,
            actions=tuple(to_string(a) for a in self.state.history),
            outcome=self.state.outcome(),
            meta=self.meta,
        )
