"""Every game as an OpenSpiel Python game, registered when this module is imported.

``pyspiel.load_game("clickbox_clever(players=3)")``; the names are ``clickbox_KEY`` (KEY:
``clever``, ``clickety``, ``boom``, ``clack``) and the parameters are ``players``, ``reward``
(``score``, ``win`` or ``zero-sum``; the default is ``score`` solo and ``zero-sum`` otherwise)
and every option of the game (``clickbox_boom(players=4,advanced=True)``). Chance nodes are
explicit, with the game's own outcomes and probabilities, so OpenSpiel's algorithms see the
dice and the deals. The observation tensor is the game's encoder over the player's view
(``docs/rl.md``), the observation string that view as JSON. The information-state string is
everything the player has seen and done, in order (:class:`Recall`: perfect recall); there is no
information-state tensor (a fixed-size vector cannot hold a history of any length).
``resample_from_infostate`` draws a world the player cannot tell from the state (OpenSpiel's
``ISMCTSBot`` searches such worlds). An illegal action or an impossible chance outcome raises an
error that says why and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import pyspiel

from ..core import (
    CHANCE,
    TERMINAL,
    GameBase,
    IllegalActionError,
    InvalidActionError,
    StateBase,
    View,
    check,
)
from ..core.i18n import t
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


UTILITIES: Final = {
    "score": (pyspiel.GameType.Utility.GENERAL_SUM, None),
    "win": (pyspiel.GameType.Utility.CONSTANT_SUM, 1.0),
    "zero-sum": (pyspiel.GameType.Utility.ZERO_SUM, 0.0),
}
"""What OpenSpiel is told of the returns' sum under each reward option: ``win`` shares 1 among
the winners (every game ends with at least one), ``zero-sum`` subtracts 1 / players from it."""


def _game_type(cls: type[GameBase], reward: str = "score") -> pyspiel.GameType:
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
        utility=UTILITIES[reward][0],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(cls),
    )


class _Position:
    """The clickbox state inside an OpenSpiel state. OpenSpiel clones a Python state by making
    a new initial state and deep copying the attributes into it: the initial clickbox state is
    made only when it is read (a clone never reads it), and a position copies itself with the
    game's cheap ``clone``."""

    __slots__ = ("_recall", "_state", "draw", "game")

    def __init__(
        self,
        game: Any,
        state: StateBase | None = None,
        recall: Recall | None = None,
        draw: Draw | None = None,
    ) -> None:
        self.game = game  # the OpenSpiel game: shared by the copies
        self._state = state  # None: the game's initial state, not made yet
        self._recall = recall  # the seats' records up to some earlier point: shared
        self.draw = draw  # how resample_from_infostate drew this world, if it did: shared

    @property
    def state(self) -> StateBase:
        state = self._state
        if state is None:
            state = self._state = self.game.clickbox_game.new_initial_state()
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        state = None if self._state is None else self._state.clone()
        return _Position(self.game, state, self._recall, self.draw)

    def recall(self) -> Recall:
        """Every seat's record up to this position, extended from the last one made on the way
        here (so a game pays for each step once, and only when a record is asked for)."""
        recall = self._recall
        done = self.state.state_id
        if recall is None or recall.steps > done:
            recall = Recall.start(self.game.clickbox_game)
        if recall.steps < done:
            recall = recall.extended(self.state.history[recall.steps :])
        self._recall = recall
        return recall

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its game's name and its actions (the compiled states have no pickle of
        their own): OpenSpiel's serialization of Python states pickles them. A resampled world
        is pickled as its draw (drawn again alike) and the actions played since."""
        if self.draw is not None:
            return _redrawn, (str(self.game), self.draw, self.state.history)
        return _replayed, (str(self.game), self.state.history)


Draw = tuple[int, View, int, tuple[str, ...]]
"""How :meth:`ClickboxSpielState.resample_from_infostate` drew a world: the player, its view,
the seed of the draw, and the player's record up to then."""


def _replayed(name: str, actions: list[int]) -> _Position:
    game = pyspiel.load_game(name)
    state = game.clickbox_game.new_initial_state()
    for action in actions:
        state.apply(action)
    return _Position(game, state)


def _drawn(game: Any, draw: Draw) -> _Position:
    """The world of ``draw`` (the same world for the same draw), with the player's record."""
    import random

    from ..bots.games import sample_worlds

    player, view, seed, record = draw
    world = sample_worlds(view, game.clickbox_game, random.Random(seed), 1)[0]
    return _Position(game, world, Recall.resampled(world, player, record), draw)


def _redrawn(name: str, draw: Draw, actions: list[int]) -> _Position:
    position = _drawn(pyspiel.load_game(name), draw)
    for action in actions:
        position.state.apply(action)
    return position


Path = tuple[str | int, ...]

INFO_STRING_CACHE: Final = 64 * 2**20
"""How many characters of information-state strings a game keeps (about 128 MiB): algorithms
that walk the same tree again and again (CFR, best responses) build each string once."""


class StringCache:
    """Information-state strings by (player, actions so far), the oldest forgotten first once
    they hold more than ``limit`` characters."""

    __slots__ = ("_items", "_size", "limit")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: dict[tuple[int, ...], str] = {}
        self._size = 0

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: tuple[int, ...]) -> str | None:
        return self._items.get(key)

    def put(self, key: tuple[int, ...], text: str) -> None:
        items = self._items
        if key in items:
            return
        items[key] = text
        self._size += len(text)
        while self._size > self.limit and items:
            oldest = next(iter(items))
            self._size -= len(items.pop(oldest))


def _changes(path: Path, old: Any, new: Any, out: list[str]) -> None:
    """Append to ``out`` what turns ``old`` into ``new`` (JSON data), as JSON arrays: ``[path,
    value]`` sets the value at ``path`` (keys and list indexes), ``[path]`` removes a key.
    Unchanged parts cost one comparison; ``old`` and the changes determine ``new``."""
    if type(old) is type(new) and old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(old.keys() - new.keys()):
            out.append(json.dumps([[*path, key]], separators=(",", ":")))
        for key in sorted(new):
            if key in old:
                _changes((*path, key), old[key], new[key], out)
            else:
                out.append(_set((*path, key), new[key]))
        return
    if isinstance(old, list) and isinstance(new, list) and len(new) >= len(old):
        kept = len(old)
        if new[:kept] != old:  # a log only grows: its old entries are compared at once
            for index in range(kept):
                _changes((*path, index), old[index], new[index], out)
        for index in range(kept, len(new)):
            out.append(_set((*path, index), new[index]))
        return
    out.append(_set(path, new))


def _set(path: Path, value: Any) -> str:
    return json.dumps([list(path), value], sort_keys=True, separators=(",", ":"))


class Recall:
    """What every seat has seen and done since the game began: its information state.

    A seat's record is one line for the start and one per step of the game (chance included):
    the changes that step made to the seat's whole view (its log included), as
    :func:`_changes` writes them; before the changes of a step the seat itself took, a line
    ``played CODE``. The view holds everything the seat may see (and its legal actions), so two
    positions have the same record exactly when the seat has seen and done the same things.

    A recall never changes once made (the positions that descend from it share it); it keeps a
    copy of the game at its last step, from which :meth:`extended` goes on.
    """

    __slots__ = ("_strings", "lines", "state", "steps", "views")

    def __init__(
        self, state: StateBase, views: list[dict[str, Any]], lines: list[tuple[str, ...]]
    ) -> None:
        self.state = state  # never played on: extended() plays on a clone
        self.steps: int = state.state_id
        self.views = views
        self.lines = lines
        self._strings: dict[int, str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Recall:
        return self  # never changes

    @classmethod
    def start(cls, game: GameBase) -> Recall:
        """The records before the first step: each seat's first view."""
        state = game.new_initial_state()
        views = [state.view(seat) for seat in range(game.num_players)]
        lines: list[tuple[str, ...]] = []
        for view in views:
            out: list[str] = []
            _changes((), {}, view, out)
            lines.append((" ".join(out),))
        return cls(state, views, lines)

    def extended(self, actions: Sequence[int]) -> Recall:
        """The records after ``actions``, played from this recall's position."""
        state = self.state.clone()
        views = list(self.views)
        lines = [list(seat_lines) for seat_lines in self.lines]
        for action in actions:
            mover = state.current_player()
            if mover >= 0:
                lines[mover].append(f"played {action}")
            state.apply(action)
            for seat, old in enumerate(views):
                new = state.view(seat)
                out: list[str] = []
                _changes((), old, new, out)
                lines[seat].append(" ".join(out))
                views[seat] = new
        return Recall(state, views, [tuple(seat_lines) for seat_lines in lines])

    @classmethod
    def resampled(cls, state: StateBase, seat: int, record: Sequence[str]) -> Recall:
        """The records of a world drawn for ``seat`` (``resample_from_infostate``): the seat's
        own ``record`` so far; the other seats', a line ``resampled`` and their first view of
        that world (what they saw before it is not known). The steps played on are written
        against the views of ``state``."""
        views = [state.view(other) for other in range(state.game.num_players)]
        lines: list[tuple[str, ...]] = []
        for other, view in enumerate(views):
            if other == seat:
                lines.append(tuple(record))
                continue
            out: list[str] = []
            _changes((), {}, view, out)
            lines.append(("resampled", " ".join(out)))
        return cls(state.clone(), views, lines)

    def string(self, seat: int) -> str:
        """The seat's record, one line per step."""
        text = self._strings.get(seat)
        if text is None:
            text = self._strings[seat] = "\n".join(self.lines[seat])
        return text


def make_game_class(cls: type[GameBase]) -> type[pyspiel.Game]:
    """The OpenSpiel game class of one clickbox game."""
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
                utility_sum=UTILITIES[reward][1],
                max_game_length=MAX_GAME_LENGTH,
            )
            super().__init__(_game_type(cls, reward), info, {**defaults, **(params or {})})
            self.info_strings = StringCache(INFO_STRING_CACHE)

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
        self._position = _Position(game)

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
        """Play ``action`` once it is checked: an illegal action or an impossible chance outcome
        raises ``IllegalActionError`` (a ``ValueError``) saying why, and nothing changes."""
        state = self._position.state
        code = int(action)
        encoder = self._position.game.encoder
        chance = state.current_player() == CHANCE
        limit = encoder.chance_actions if chance else encoder.actions
        if not 0 <= code < limit:
            raise InvalidActionError(
                t(
                    "{code} is not an action code of {game} (0-{high})",
                    code=code,
                    game=state.game.name,
                    high=limit - 1,
                )
            )
        if chance:
            if all(code != outcome for outcome, _ in state.chance_outcomes()):
                raise IllegalActionError(
                    t("{action} is not a possible chance outcome now", action=code)
                )
        else:
            check(state, code)  # raises, saying why, if the action is not legal now
        state.apply(code)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._position.game.clickbox_game.action_to_string(int(action)))

    def is_terminal(self) -> bool:
        return self._position.state.is_terminal()

    def returns(self) -> list[float]:
        state = self._position.state
        if not state.is_terminal():
            return [0.0] * state.game.num_players
        return final_rewards(state, self._position.game.reward)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> ClickboxSpielState:
        """A state the player cannot tell from this one, hidden parts drawn at random.

        The world is drawn from the player's view as the clickbox bots draw theirs
        (:func:`clickbox.bots.games.sample_worlds`, seeded from ``probability_sampler``, a
        callable giving numbers in [0, 1): OpenSpiel's ``UniformProbabilitySampler``). The new
        state keeps the player's record, so its ``information_state_string(player_id)`` and
        legal actions are this state's; the other seats' records start at the resample. A
        perfect-information game (Clickety Clack) resamples to a copy of the state itself.
        """
        position = self._position
        state = position.state
        player = int(player_id)
        if state.game.perfect_information:
            return self.clone()  # type: ignore[no-any-return]
        view = state.view(player)  # raises, saying why, for a player not at the table
        seed = int(probability_sampler() * 2**53)
        draw = (player, view, seed, position.recall().lines[player])
        resampled = ClickboxSpielState(position.game)
        resampled._position = _drawn(position.game, draw)
        return resampled

    def __str__(self) -> str:
        state = self._position.state
        return " ".join(state.game.action_to_string(a) for a in state.history)


class ClickboxObserver:
    """OpenSpiel's observer: the encoder's tensor of a player's view, and its words."""

    def __init__(self, game: Any, perfect_recall: bool) -> None:
        self.game = game
        self.encoder = game.encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for field in self.encoder.fields:
            self.dict[field.name] = self.tensor[start : start + field.size]
            start += field.size

    def set_from(self, state: ClickboxSpielState, player: int) -> None:
        if self.perfect_recall:
            raise NotImplementedError(
                t(
                    "clickbox games have no information-state tensor (a fixed-size vector cannot "
                    "hold the whole history); use the information-state string"
                )
            )
        view = state.clickbox_state.view(player, history=False)
        self.tensor[:] = self.encoder.encode(view)

    def string_from(self, state: ClickboxSpielState, player: int) -> str:
        if self.perfect_recall:
            position = state._position
            if position.draw is not None:  # a resampled world: its record is its own
                return position.recall().string(player)
            key = (player, *position.state.history)
            strings: StringCache = self.game.info_strings
            text = strings.get(key)
            if text is None:
                text = position.recall().string(player)
                strings.put(key, text)
            return text
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
