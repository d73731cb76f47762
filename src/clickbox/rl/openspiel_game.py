"""Every game as an OpenSpiel Python game, registered when this module is imported.

``pyspiel.load_game("clickbox_clever(players=3)")``; the names are ``clickbox_KEY`` (KEY:
``clever``, ``clickety``, ``boom``, ``clack``) and the parameters are ``players``, ``reward``
(``score``, ``win`` or ``zero-sum``; the default is ``score`` solo and ``zero-sum`` otherwise)
and every option of the game (``clickbox_boom(players=4,advanced=True)``). Chance nodes are
explicit, with the game's own outcomes and probabilities, so OpenSpiel's algorithms see the
dice and the deals. Observation and information-state tensors are the game's encoder over the
player's view (``docs/rl.md``); the information-state string is the player's log (every move
as its view shows it: perfect recall), the observation string its view without the log.
"""

from __future__ import annotations

import json
from typing import Any, Final

import numpy as np
import pyspiel

from ..core import CHANCE, TERMINAL, GameBase, StateBase
from ..games import GAMES
from .encoders import encoder_for
from .table import REWARDS, final_rewards

SCORE_BOUND: Final = 1000.0
"""The bound OpenSpiel is told for a score (every game's scores lie well inside it)."""
MAX_GAME_LENGTH: Final = 100_000
"""What OpenSpiel is told of the longest game, in actions (chance included)."""


def _name(cls: type[GameBase]) -> str:
    return f"clickbox_{cls.key}"


UNSET: Final = "default"
"""OpenSpiel's value for a text option whose default is empty (OpenSpiel cannot read an empty
parameter): ``reward``'s default, and Clickety Clack's ``points``."""


def to_spiel(value: Any) -> Any:
    """An option's value as OpenSpiel can read it back from a game string: an empty text is
    :data:`UNSET`; a text of digits and dashes (Clickety Clack's ``row5``, ``6-9-3-...``), which
    OpenSpiel would read as a number, has underscores for its dashes (``6_9_3_...``)."""
    if value == "":
        return UNSET
    if isinstance(value, str) and value.strip("0123456789-") == "" and "-" in value:
        return value.replace("-", "_")
    return value


def from_spiel(value: Any) -> Any:
    """Inverse of :func:`to_spiel`."""
    if value == UNSET:
        return ""
    if isinstance(value, str) and value.strip("0123456789_") == "" and "_" in value:
        return value.replace("_", "-")
    return value


def _parameters(cls: type[GameBase]) -> dict[str, Any]:
    params: dict[str, Any] = {"players": cls.default_players, "reward": UNSET}
    for spec in cls.Params.option_specs():
        params[spec.name] = to_spiel(spec.default)
    return params


def _game_type(cls: type[GameBase]) -> pyspiel.GameType:
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if cls.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=_name(cls),
        long_name=f"clickbox {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(cls),
    )


class _Position:
    """The clickbox state inside an OpenSpiel state. OpenSpiel clones a Python state by deep
    copying its attributes: this one copies itself with the game's cheap ``clone``."""

    __slots__ = ("game", "state")

    def __init__(self, game: Any, state: StateBase) -> None:
        self.game = game  # the OpenSpiel game: shared by the copies
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return _Position(self.game, self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, list[int]]]:
        """Pickled as its game's name and its actions (the compiled states have no pickle of
        their own): OpenSpiel's serialization of Python states pickles them."""
        return _replayed, (str(self.game), self.state.history)


def _replayed(name: str, actions: list[int]) -> _Position:
    game = pyspiel.load_game(name)
    state = game.clickbox_game.new_initial_state()
    for action in actions:
        state.apply(action)
    return _Position(game, state)


def make_game_class(cls: type[GameBase]) -> type[pyspiel.Game]:
    """The OpenSpiel game class of one clickbox game."""
    game_type = _game_type(cls)
    defaults = _parameters(cls)

    class ClickboxSpielGame(pyspiel.Game):  # type: ignore[misc]
        __doc__ = f"{cls.title} (clickbox) as an OpenSpiel game."

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            settings = {**defaults, **(params or {})}
            players = int(settings.pop("players"))
            reward = str(settings.pop("reward"))
            if reward == UNSET:
                reward = "score" if players == 1 else "zero-sum"
            if reward not in REWARDS:
                raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
            changed = {k: from_spiel(v) for k, v in settings.items() if v != defaults[k]}
            self.clickbox_game = cls.from_options(players, changed)
            self.reward = reward
            self.encoder = encoder_for(self.clickbox_game)
            low, high = (-SCORE_BOUND, SCORE_BOUND) if reward == "score" else (-1.0, 1.0)
            info = pyspiel.GameInfo(
                num_distinct_actions=self.encoder.actions,
                max_chance_outcomes=self.encoder.chance_actions,
                num_players=players,
                min_utility=low,
                max_utility=high,
                utility_sum=None,  # GENERAL_SUM: the reward parameter picks the shape
                max_game_length=MAX_GAME_LENGTH,
            )
            super().__init__(game_type, info, {**defaults, **(params or {})})

        def new_initial_state(self) -> ClickboxSpielState:
            return ClickboxSpielState(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> ClickboxObserver:
            if params:
                raise ValueError(f"observation parameters are not supported, got {params}")
            recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
            return ClickboxObserver(self, recall)

    ClickboxSpielGame.__name__ = ClickboxSpielGame.__qualname__ = f"Spiel{cls.__name__}"
    return ClickboxSpielGame


class ClickboxSpielState(pyspiel.State):  # type: ignore[misc]
    """A clickbox position under OpenSpiel's protocol."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._position = _Position(game, game.clickbox_game.new_initial_state())

    @property
    def clickbox_state(self) -> StateBase:
        """The clickbox state (read it only through :meth:`StateBase.view`)."""
        return self._position.state

    def current_player(self) -> int:
        player = self._position.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        state = self._position.state
        if state.current_player() != player:
            return []
        return sorted(state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted(self._position.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self._position.state.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._position.game.clickbox_game.action_to_string(int(action)))

    def is_terminal(self) -> bool:
        return self._position.state.is_terminal()

    def returns(self) -> list[float]:
        state = self._position.state
        if not state.is_terminal():
            return [0.0] * state.game.num_players
        return final_rewards(state, self._position.game.reward)

    def __str__(self) -> str:
        state = self._position.state
        return " ".join(state.game.action_to_string(a) for a in state.history)


class ClickboxObserver:
    """OpenSpiel's observer: the encoder's tensor of a player's view, and its words."""

    def __init__(self, game: Any, perfect_recall: bool) -> None:
        self.encoder = game.encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for field in self.encoder.fields:
            self.dict[field.name] = self.tensor[start : start + field.size]
            start += field.size

    def set_from(self, state: ClickboxSpielState, player: int) -> None:
        view = state.clickbox_state.view(player, history=False)
        self.tensor[:] = self.encoder.encode(view)

    def string_from(self, state: ClickboxSpielState, player: int) -> str:
        if self.perfect_recall:
            log = state.clickbox_state.view(player)["log"]
            return " ".join(
                entry if isinstance(entry, str) else f"{entry['seat']}:{entry['move']}"
                for entry in log
            )
        return json.dumps(state.clickbox_state.view(player, history=False), sort_keys=True)


GAME_CLASSES: Final = {cls.key: make_game_class(cls) for cls in GAMES}
"""The OpenSpiel game class of each game, by key."""

for _cls in GAMES:
    globals()[GAME_CLASSES[_cls.key].__name__] = GAME_CLASSES[_cls.key]  # found by pickle
    if _name(_cls) not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(_cls), GAME_CLASSES[_cls.key])


class ClickboxBot(pyspiel.Bot):  # type: ignore[misc]
    """A clickbox bot (``"hard"``, ``"greedy"``, any spec) as an OpenSpiel bot: it chooses
    from its player's view, as it does at a clickbox table."""

    def __init__(self, spec: str, player: int, seed: int = 0) -> None:
        import random

        from ..bots.registry import make_bot

        super().__init__()
        self.spec = spec
        self.player = player
        self.bot = make_bot(spec)
        self.rng = random.Random(seed)

    def step(self, state: ClickboxSpielState) -> int:
        inner = state.clickbox_state
        return int(self.bot.choose(inner.view(self.player), inner.game, self.rng))

    def restart_at(self, state: ClickboxSpielState) -> None:
        """Nothing to forget: the bot reads each view afresh."""
