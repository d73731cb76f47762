"""Every game as a PettingZoo environment: AEC (turn by turn) and Parallel (moment by moment).

Agents are ``player_0`` .. ``player_{n-1}`` (the seats). An observation is a dict of
``observation`` (the game's encoding of the agent's view, float32, see ``docs/rl.md``) and
``action_mask`` (int8 over the ``Discrete`` of the game's action codes). The agent selected
(AEC) and the agents choosing in a moment (Parallel) always have a legal action; an AEC agent
not selected has all zeros; a Parallel agent with nothing to choose now, whose action is
ignored, and every agent once the game has ended or been truncated, has all ones, so that a
masked sampler never meets an empty mask. Chance is rolled inside, from the seed given to
``reset``.

In the AEC environment the seat to move is the agent selected; a simultaneous step (Clever's
passive take, Boom's showdown and passes) is stepped seat by seat, and each seat sees what its
view shows: the others have chosen, not what. The Parallel environment takes one *moment* per
step: the seat to move, or every seat of a simultaneous step; other agents' actions are
ignored. ``max_cycles`` (:data:`MAX_CYCLES` unless given; None: no limit) truncates the game
after that many moments (AEC) or steps (Parallel, where a step refused for an illegal action
counts too); with ``illegal="penalize"``, ``max_illegal`` illegal actions in a row (any
agents', :data:`MAX_ILLEGAL` unless given) truncate it too, the reason in the infos'
``"truncated"``. An action that is not an int code of the space, or not legal now, raises
``InvalidActionError``/``IllegalActionError`` saying why (or is penalized), and changes nothing
else.

Rewards come at the end (``reward="score"``, ``"win"`` or ``"zero-sum"``, see
:data:`~clickbox.rl.table.REWARDS`). Both environments can be cloned (:meth:`clone`: the copy
and the original go on independently) and saved as JSON (:meth:`snapshot`, :meth:`restore`).
"""

from __future__ import annotations

import io
import random
from collections.abc import Mapping
from typing import Any, ClassVar, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..core import GameBase, IllegalActionError, InvalidActionError, SplitMix, derive_seed
from ..core.i18n import t
from .table import ILLEGAL, REWARDS, MomentError, Table, make_game, next_seed

Observation = dict[str, np.ndarray]

MAX_CYCLES: Final = 1000
"""The default ``max_cycles``: moments (AEC) or steps (Parallel) before a game is truncated,
several times the longest game seen (Click Clack at 4 players: under 300 moments)."""

MAX_ILLEGAL: Final = 100
"""The default ``max_illegal``: illegal actions in a row that truncate a penalized game."""


def _names(players: int) -> list[str]:
    return [f"player_{seat}" for seat in range(players)]


class _Common:
    """What both environments share: the game, its spaces, the table and the settings."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "clickbox_v0",
        "is_parallelizable": True,
    }

    def __init__(
        self,
        game: str | GameBase = "clever",
        players: int | None = None,
        preset: str | None = None,
        reward: str = "score",
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        max_cycles: int | None = MAX_CYCLES,
        render_mode: str | None = None,
        max_illegal: int | None = MAX_ILLEGAL,
        **options: object,
    ) -> None:
        """The environment of ``game`` (a catalog name, a spec or a game) with ``options``."""
        self.agents: list[str] = []
        self._setup(
            make_game(game, players, preset, options),
            reward,
            illegal,
            illegal_reward,
            max_cycles,
            render_mode,
        )
        if max_illegal is not None and max_illegal < 1:
            raise ValueError("max_illegal is at least 1")
        self.max_illegal = max_illegal

    def _setup(
        self,
        game: GameBase,
        reward: str,
        illegal: str,
        illegal_reward: float,
        max_cycles: int | None,
        render_mode: str | None,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal is one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is 'ansi', 'human' or None, not {render_mode!r}")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError("max_cycles is at least 1")
        self.game = game
        self.reward_mode = reward
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.possible_agents: list[str] = _names(game.num_players)
        self.agent_name_mapping = {name: seat for seat, name in enumerate(self.possible_agents)}
        self._seeds = SplitMix(random.SystemRandom().getrandbits(64))
        self.table = Table(game, next_seed(self._seeds))
        encoder = self.table.encoder
        self._actions = encoder.actions
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (encoder.actions,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(encoder.actions)
        self.cycles = 0
        self.illegal_run = 0
        self.ended = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same Dict space for every agent (the same object every call)."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete`` over the game's action codes (the same object every call)."""
        return self._action_space

    def _new_table(self, seed: int | None) -> None:
        if seed is not None:
            self._seeds = SplitMix(derive_seed(seed, "games"))
        self.table = Table(self.game, next_seed(self._seeds), self.table.encoder)
        self.cycles = 0
        self.illegal_run = 0
        self.ended = False

    def _penalized(self) -> str | None:
        """Count an illegal action; the reason to truncate once ``max_illegal`` are in a row."""
        self.illegal_run += 1
        if self.max_illegal is None or self.illegal_run < self.max_illegal:
            return None
        return t("{count} illegal actions in a row: the game is truncated", count=self.illegal_run)

    def _observe(self, seat: int, moment: bool = False) -> Observation:
        table = self.table
        legal = [] if self.ended else table.legal_in_moment(seat) if moment else table.legal(seat)
        if self.ended or table.is_over() or (moment and not legal):
            mask = np.ones(self._actions, np.int8)  # nothing is played, any action will do
        else:
            mask = np.zeros(self._actions, np.int8)
            if legal:
                mask[legal] = 1
        return {
            "observation": np.array(table.observation(seat), np.float32),
            "action_mask": mask,
        }

    def render(self) -> str | None:
        """The terminal picture of what every seat may see (the table's shared screen):
        returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            return None
        text = render_text(self.table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""

    def snapshot(self) -> dict[str, Any]:
        """The game as JSON data (the seeds of later resets are not included)."""
        return {"table": self.table.snapshot(), "cycles": self.cycles}

    def _copy(self, twin: Any) -> None:
        """Make ``twin`` (a bare instance) this environment, with its own game and seeds."""
        twin.__dict__.update(self.__dict__)
        twin.table = self.table.clone()
        twin.agents = list(self.agents)
        twin._seeds = self._seeds.copy()

    def __getstate__(self) -> dict[str, Any]:
        """For pickle and ``copy.deepcopy``: the game as its spec and the seeds as their
        position (the compiled rules' objects cannot be pickled); the table pickles as its
        snapshot, and a deep copy clones it."""
        state = dict(self.__dict__)
        state["game"] = self.game.spec()
        state["_seeds"] = self._seeds.position
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """The environment of a :meth:`__getstate__`, playing on identically."""
        self.__dict__.update(state)
        self.game = self.table.game
        self._seeds = SplitMix(int(state["_seeds"]))

    def _restored(self, data: Mapping[str, Any]) -> Table:
        """The game of a :meth:`snapshot`, checked to be of this environment's game."""
        table = Table.from_snapshot(data["table"])
        if table.game != self.game:
            raise ValueError(f"a snapshot of {table.game.spec()}, not of {self.game.spec()}")
        return table


def render_text(table: Table) -> str:
    """The terminal board of the witness view: what the spectators and every seat all see."""
    from rich.console import Console

    from ..cli.render import render_view

    game = table.game
    state = table.state
    seats = [state.view(seat) for seat in range(game.num_players)]
    view = game.witness_view(state.view(None), seats)
    console = Console(file=io.StringIO(), width=110, record=True, color_system=None)
    console.print(render_view(view))
    return console.export_text()


class ClickboxAECEnv(_Common, AECEnv):  # type: ignore[misc]  # untyped PettingZoo
    """One game of clickbox, turn by turn (see the module's docstring)."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; with ``seed``, the same game every time."""
        self._new_table(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_move]

    def observe(self, agent: str) -> Observation:
        return self._observe(self.agent_name_mapping[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        seat = self.agent_name_mapping[agent]
        self._cumulative_rewards[agent] = 0.0
        for name in self.agents:
            self.rewards[name] = 0.0
        last_of_moment = len(table.deciding()) == 1
        try:
            table.act(seat, action)
        except (IllegalActionError, InvalidActionError) as error:
            if self.illegal == "raise":
                raise
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {"illegal": str(error)}
            reason = self._penalized()
            if reason is not None:
                self._truncate(reason)
            self._accumulate_rewards()
            return
        self.illegal_run = 0
        if self.infos[agent]:
            self.infos[agent] = {}
        if last_of_moment:
            self.cycles += 1  # a moment is over: a move, or a simultaneous step complete
        if table.is_over():
            for name, value in zip(self.agents, table.rewards(self.reward_mode), strict=True):
                self.rewards[name] = value
                self.terminations[name] = True
            self.agent_selection = self.agents[0]
        elif self.max_cycles is not None and self.cycles >= self.max_cycles:
            self._truncate(t("{count} moments: the game is truncated", count=self.cycles))
        else:
            self.agent_selection = self.possible_agents[table.to_move]
        self._accumulate_rewards()

    def _truncate(self, reason: str) -> None:
        """End the game unfinished: every agent truncated, told why."""
        self.ended = True
        for name in self.agents:
            self.truncations[name] = True
            self.infos[name] = {**self.infos[name], "truncated": reason}
        self.agent_selection = self.agents[0]

    def clone(self) -> ClickboxAECEnv:
        """An independent copy of the environment now (its game, rewards and seeds)."""
        twin = ClickboxAECEnv.__new__(ClickboxAECEnv)
        self._copy(twin)
        twin.rewards = dict(self.rewards)
        twin._cumulative_rewards = dict(self._cumulative_rewards)
        twin.terminations = dict(self.terminations)
        twin.truncations = dict(self.truncations)
        twin.infos = {name: dict(info) for name, info in self.infos.items()}
        return twin

    def restore(self, data: Mapping[str, Any]) -> None:
        """Go to a :meth:`snapshot` (of any environment of the same game)."""
        table = self._restored(data)
        self.reset()
        self.table = table
        self.cycles = int(data["cycles"])
        if table.is_over():
            for name, value in zip(self.agents, table.rewards(self.reward_mode), strict=True):
                self.terminations[name] = True
                self._cumulative_rewards[name] = value
        else:
            self.agent_selection = self.possible_agents[table.to_move]


class ClickboxParallelEnv(_Common, ParallelEnv):  # type: ignore[misc]
    """One game of clickbox, one moment per step (see the module's docstring)."""

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self._new_table(seed)
        self.agents = list(self.possible_agents)
        observations = {name: self._observe(seat, True) for seat, name in enumerate(self.agents)}
        return observations, {name: {} for name in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        table = self.table
        names = self.possible_agents
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        if not self.agents:
            raise IllegalActionError(t("the game is over: call reset()"))
        if not isinstance(actions, Mapping):
            raise InvalidActionError(
                t(
                    "the actions are a dict of agent names to action codes, not {value}",
                    value=repr(actions),
                )
            )
        unknown = [name for name in actions if name not in self.agent_name_mapping]
        if unknown:
            raise InvalidActionError(
                t(
                    "{name} is not an agent here (the agents are {agents})",
                    name=repr(unknown[0]),
                    agents=", ".join(names),
                )
            )
        chosen = {self.agent_name_mapping[name]: action for name, action in actions.items()}
        reason = None
        try:
            table.act_together(chosen)
            self.illegal_run = 0
        except MomentError as error:
            if self.illegal == "raise":
                raise
            rewards[names[error.seat]] = self.illegal_reward
            infos[names[error.seat]] = {"illegal": str(error)}
            reason = self._penalized()
        self.cycles += 1
        over = table.is_over()
        limit = self.max_cycles
        if not over and reason is None and limit is not None and self.cycles >= limit:
            reason = t("{count} steps: the game is truncated", count=self.cycles)
        truncated = not over and reason is not None
        if truncated:
            self.ended = True
            for name in self.agents:
                infos[name] = {**infos[name], "truncated": reason}
        if over:
            for seat, value in enumerate(table.rewards(self.reward_mode)):
                rewards[names[seat]] = value
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        observations = {
            name: self._observe(self.agent_name_mapping[name], True) for name in self.agents
        }
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def clone(self) -> ClickboxParallelEnv:
        """An independent copy of the environment now."""
        twin = ClickboxParallelEnv.__new__(ClickboxParallelEnv)
        self._copy(twin)
        return twin

    def restore(self, data: Mapping[str, Any]) -> None:
        """Go to a :meth:`snapshot` (of any environment of the same game)."""
        table = self._restored(data)
        self.table = table
        self.cycles = int(data["cycles"])
        self.illegal_run = 0
        self.ended = False
        self.agents = [] if table.is_over() else list(self.possible_agents)


def env(game: str | GameBase = "clever", **settings: Any) -> ClickboxAECEnv:
    """The AEC environment of ``game`` (``clickbox.rl.env("click-click-boom", players=4,
    advanced=True)``); settings and game options as :class:`ClickboxAECEnv` takes them."""
    return ClickboxAECEnv(game, **settings)


def parallel_env(game: str | GameBase = "clever", **settings: Any) -> ClickboxParallelEnv:
    """The Parallel environment of ``game``."""
    return ClickboxParallelEnv(game, **settings)
