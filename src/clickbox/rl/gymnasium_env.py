"""Every game as a Gymnasium environment: one learner's seat against clickbox's bots.

``gymnasium.make("clickbox/Clever-v0", players=1)``, ``gymnasium.make("clickbox/Boom-v0",
opponents="hard")``: the ids are ``clickbox/Clever-v0``, ``clickbox/Clickety-v0``,
``clickbox/Boom-v0`` and ``clickbox/Clack-v0`` (the games' keys), registered when
:mod:`clickbox.rl` is imported. The observation is the learner's encoding (a float32 ``Box``,
``docs/rl.md``); the action is a game action code (``Discrete``), the legal ones given by
:meth:`ClickboxGymEnv.action_masks` (sb3-contrib's MaskablePPO reads it) and by
``info["action_mask"]``. The opponents (:data:`Opponent`: bot specs, bots, or any policy
``(observation, mask) -> action`` such as a trained agent or a self-play pool) play every other
seat from their own views between the learner's moves; chance is rolled inside. The reward
comes at the end (``reward="score"``, ``"win"`` or ``"zero-sum"``). An illegal action costs
``illegal_reward`` and changes nothing, its reason in ``info["illegal"]``
(``illegal="penalize"``, the default here: a single-agent learner without masks learns the
rules from it, and Gymnasium's checker steps random actions); ``illegal="raise"`` raises an
error that says why, as the PettingZoo environments do.
``max_illegal`` illegal actions in a row (:data:`MAX_ILLEGAL` unless given) truncate the episode
(``truncated=True``, the reason in ``info["truncated"]``); the registered ids also truncate after
:data:`MAX_EPISODE_STEPS` steps of the learner (Gymnasium's ``TimeLimit``; ``max_episode_steps``
of ``gymnasium.make`` changes it). The mask always has a legal action while the game runs; once
it has ended (terminated or truncated) it is all ones: nothing is played any more (``step``
raises until ``reset``), and a masked sampler never meets an empty mask.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots.base import Bot
from ..bots.registry import make_bot
from ..core import GameBase, IllegalActionError, InvalidActionError, derive_rng
from ..core.i18n import t
from ..games import GAMES
from .policy import PolicyBot
from .table import ILLEGAL, REWARDS, Table, make_game

MAX_ILLEGAL: Final = 100
"""The default ``max_illegal``: the learner's illegal actions in a row that truncate an episode."""

MAX_EPISODE_STEPS: Final = 1000
"""The registered ids' ``max_episode_steps``: the learner's steps (illegal ones included) before
``TimeLimit`` truncates, several times the longest game seen."""

GAME_IDS: Final = {game.key: f"clickbox/{game.key.capitalize()}-v0" for game in GAMES}
"""The Gymnasium id of each game (``clickbox/Clever-v0``, ...), by the game's key."""


Opponent = str | Bot | Callable[[np.ndarray, np.ndarray], Any]
"""An opponent: a clickbox bot spec (``"hard"``, ``"ismcts:iterations=200"``,
``"py:module:policy"``), a bot, or a policy ``(observation, mask) -> action`` (see
:mod:`clickbox.rl.policy`): a trained agent, or a self-play pool's current pick."""


def opponent_bot(opponent: Opponent) -> Bot:
    """The bot that plays ``opponent``."""
    if isinstance(opponent, str):
        return make_bot(opponent)
    if isinstance(opponent, Bot):
        return opponent
    if callable(opponent):
        return PolicyBot(opponent)
    raise ValueError(f"an opponent is a bot spec, a bot or a policy, not {opponent!r}")


class ClickboxGymEnv(gymnasium.Env[np.ndarray, int]):
    """One seat of a clickbox game, the others played by bots (see the module's docstring)."""

    # Gymnasium's field, a class attribute
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | GameBase = "clever",
        players: int | None = None,
        preset: str | None = None,
        opponents: Opponent | Sequence[Opponent] = "medium",
        seat: int | str = 0,
        reward: str = "score",
        illegal: str = "penalize",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        max_illegal: int | None = MAX_ILLEGAL,
        **options: object,
    ) -> None:
        self.game = make_game(game, players, preset, options)
        players = self.game.num_players
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal is one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode is 'ansi', 'human' or None, not {render_mode!r}")
        if max_illegal is not None and max_illegal < 1:
            raise ValueError("max_illegal is at least 1")
        self.max_illegal = max_illegal
        self.illegal_run = 0
        self.ended = False
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError(f"seat is 0-{players - 1} or 'random', not {seat!r}")
        one = isinstance(opponents, str | Bot) or callable(opponents)
        specs: list[Opponent] = (
            [opponents] * (players - 1)  # type: ignore[list-item]
            if one
            else list(opponents)  # type: ignore[arg-type]
        )
        if len(specs) != players - 1:
            raise ValueError(f"{players - 1} opponents for {players} players, not {len(specs)}")
        self.opponents: list[Bot] = [opponent_bot(spec) for spec in specs]
        self.opponent_specs = specs
        self.seat_choice = seat
        self.reward_mode = reward
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.table = Table(self.game, 0)
        encoder = self.table.encoder
        self.observation_space = spaces.Box(0.0, 1.0, (encoder.size,), np.float32)
        self.action_space = spaces.Discrete(encoder.actions)  # type: ignore[assignment]
        self.actions = encoder.actions
        self.seat = 0 if seat == "random" else int(seat)
        self._bot_rngs: dict[int, random.Random] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game (the same one for the same seed); the bots move until the learner's turn."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.table = Table(self.game, game_seed, self.table.encoder)
        self.illegal_run = 0
        self.ended = False
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(0, self.game.num_players))
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self._bots = dict(zip(others, self.opponents, strict=True))
        self._bot_rngs = {s: derive_rng(game_seed, "bot", s) for s in others}
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The learner's move, then the bots' until its next turn or the end."""
        table = self.table
        if table.is_over() or self.ended:
            raise IllegalActionError(t("the game is over: call reset()"))
        try:
            table.act(self.seat, action)
        except (IllegalActionError, InvalidActionError) as error:
            if self.illegal == "raise":
                raise
            self.illegal_run += 1
            info = self._info(str(error))
            if self.max_illegal is None or self.illegal_run < self.max_illegal:
                return self._observation(), self.illegal_reward, False, False, info
            self.ended = True
            info["action_mask"][:] = 1
            info["truncated"] = t(
                "{count} illegal actions in a row: the game is truncated", count=self.illegal_run
            )
            return self._observation(), self.illegal_reward, False, True, info
        self.illegal_run = 0
        self._play_bots()
        over = table.is_over()
        reward = table.rewards(self.reward_mode)[self.seat] if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, as booleans over the action codes (all True once
        the game has ended: nothing is played any more)."""
        if self.ended or self.table.is_over():
            return np.ones(self.actions, np.bool_)
        mask = np.zeros(self.actions, np.bool_)
        legal = self.table.legal(self.seat)
        if legal:
            mask[legal] = True
        return mask

    def render(self) -> str | None:
        """The terminal picture of what every seat may see: returned (``"ansi"``) or printed
        (``"human"``)."""
        if self.render_mode is None:
            return None
        from .pettingzoo_env import render_text

        text = render_text(self.table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def clone(self) -> ClickboxGymEnv:
        """An independent copy now (the game, its chance and the bots' random streams)."""
        twin = ClickboxGymEnv.__new__(ClickboxGymEnv)
        twin.__dict__.update(self.__dict__)
        twin.table = self.table.clone()
        twin._bot_rngs = {}
        for seat, rng in self._bot_rngs.items():
            twin._bot_rngs[seat] = copy = random.Random()
            copy.setstate(rng.getstate())
        return twin

    def __getstate__(self) -> dict[str, Any]:
        """For pickle and ``copy.deepcopy``: the game as its spec and the bots as their specs
        (the compiled rules' objects cannot be pickled); the table pickles as its snapshot,
        and a deep copy clones it."""
        state = dict(self.__dict__)
        state["game"] = self.game.spec()
        state["opponents"] = None
        if "_bots" in state:  # after reset
            state["_bots"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """The environment of a :meth:`__getstate__`, playing on identically."""
        self.__dict__.update(state)
        self.game = self.table.game
        self.opponents = [opponent_bot(spec) for spec in self.opponent_specs]
        if "_bots" in state:
            others = [s for s in range(self.game.num_players) if s != self.seat]
            self._bots = dict(zip(others, self.opponents, strict=True))

    def _play_bots(self) -> None:
        table = self.table
        while not table.is_over() and table.to_move != self.seat:
            seat = table.to_move
            view = table.state.view(seat)
            table.act(seat, self._bots[seat].choose(view, self.game, self._bot_rngs[seat]))

    def _observation(self) -> np.ndarray:
        return np.array(self.table.observation(self.seat), np.float32)

    def _info(self, illegal: str | None = None) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_masks().astype(np.int8)}
        if illegal is not None:
            info["illegal"] = illegal
        if self.table.is_over():
            info["scores"] = list(self.table.rewards("score"))
        return info


def register_all() -> None:
    """Register ``clickbox/{Name}-v0`` for every game (done on import of ``clickbox.rl``)."""
    for game in GAMES:
        env_id = GAME_IDS[game.key]
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="clickbox.rl.gymnasium_env:ClickboxGymEnv",
                kwargs={"game": game.name},
                max_episode_steps=MAX_EPISODE_STEPS,
            )
