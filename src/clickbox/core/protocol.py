"""The one protocol every game implements.

A game is an immutable :class:`GameBase` (one per player count and options); a position is a
mutable :class:`StateBase`. Actions are plain ``int`` codes, so the hot paths (legal actions,
apply, clone) stay on ints and tuples; every game prints and parses them in its own compact
notation. Chance is a player (:data:`CHANCE`) with an explicit distribution, so a game is fully
determined by its list of actions.

>>> from clickbox.games import load
>>> game = load("clickety-clack", players=2)
>>> state = game.new_initial_state()
>>> state.current_player() == CHANCE
True
>>> sorted(p for _, p in state.chance_outcomes()) == [1 / 6] * 6
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from .appendonly import AppendOnlyList
from .errors import OptionError
from .i18n import N_, t
from .options import ParamsBase
from .scorepad import ScoreCard
from .words import Narrator

if TYPE_CHECKING:
    import random

try:  # mypyc's class options: read by the compiler, a no-op at run time
    from mypy_extensions import mypyc_attr
except ImportError:  # the core needs only the standard library

    def mypyc_attr(*_: object, **__: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


Player = int
Action = int
View = dict[str, Any]

CHANCE: Final[Player] = -1
"""``current_player()`` when dice must be rolled or cards dealt."""
TERMINAL: Final[Player] = -2
"""``current_player()`` once the game is over."""

HIDDEN_CHOICE = N_("a choice, hidden until everyone has chosen")
"""The words of a seat's move that a view hides (``"?"`` in its log), in English: shown with
``t(HIDDEN_CHOICE)``."""
HIDDEN_DRAW = N_("a chance outcome you cannot see")
"""The words of a chance outcome that a view hides (``"?"`` in its log), in English: shown
with ``t(HIDDEN_DRAW)``."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the score of each seat, who won, and why it ended."""

    scores: tuple[float, ...]
    winners: frozenset[Player]
    reason: str

    @property
    def shared(self) -> bool:
        """True when several seats share the victory."""
        return len(self.winners) > 1

    def to_json(self) -> dict[str, Any]:
        """Plain data for records and views."""
        scores = [int(s) if float(s).is_integer() else s for s in self.scores]
        return {"scores": scores, "winners": sorted(self.winners), "reason": self.reason}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        """Inverse of :meth:`to_json`."""
        return cls(
            scores=tuple(data["scores"]),
            winners=frozenset(data["winners"]),
            reason=str(data["reason"]),
        )


@dataclass(frozen=True)
class RulesDecision:
    """A written decision where a rulebook is silent or ambiguous.

    ``title`` and ``text`` are English, marked by the game with ``N_`` and shown with ``t``."""

    key: str
    title: str
    text: str


def pick_outcome(outcomes: Sequence[tuple[Action, float]], threshold: float) -> Action:
    """The first of ``outcomes`` at which the running sum of the probabilities passes
    ``threshold`` (in [0, 1)): how every chance outcome is drawn."""
    cumulative = 0.0
    for action, probability in outcomes:
        cumulative += probability
        if threshold < cumulative:
            return action
    return outcomes[-1][0]  # rounding: the sum of the probabilities may fall a hair short of 1


@mypyc_attr(allow_interpreted_subclasses=True)  # tests and plug-ins define games in Python
class GameBase(ABC):
    """A game with a fixed player count and options. Immutable.

    Subclasses declare their catalog entry as ClassVars and implement the abstract methods.
    """

    name: ClassVar[str]
    key: ClassVar[str]
    """The game's one short name in every layer: its rules package (``games/KEY``), its bots
    (``bots/KEY``), its terminal renderer (``cli/render/KEY.py``), its web drawing
    (``server/static/games/KEY.js``) and its tests (``tests/games/KEY``). Users type ``name``
    and ``aliases``; ``key`` names files."""
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    has_chance: ClassVar[bool] = True
    perfect_information: ClassVar[bool] = True
    Params: ClassVar[type[ParamsBase]]
    presets: ClassVar[Mapping[str, Mapping[str, object]]] = {}
    preset_words: ClassVar[Mapping[str, tuple[str, str]]] = {}
    """Per preset: its name in words and what it changes in one line (English, marked with
    ``N_``, shown with ``t``); a preset without words is shown by its name."""
    rules_summary: ClassVar[str] = ""
    rules_decisions: ClassVar[tuple[RulesDecision, ...]] = ()
    rules_break_ties: ClassVar[bool] = False
    """True if the rules can pick winners among seats with the best score (a tie-break)."""
    history_view_keys: ClassVar[tuple[str, ...]] = ("log", "version")
    """Keys of a view drawn from the history: a state rebuilt from a view starts them afresh."""
    sheet_format: ClassVar[str] = ""
    """The text form of a filled paper sheet that :meth:`score_sheet` reads (empty: none)."""
    quick_format: ClassVar[str] = ""
    """The text form of a quick count (areas' counts or points) :meth:`score_quick` reads."""

    def __init__(self, num_players: int | None = None, params: ParamsBase | None = None) -> None:
        players = self.default_players if num_players is None else num_players
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                t(
                    "{game} is for {low}-{high} players (got {players})",
                    game=self.name,
                    low=self.min_players,
                    high=self.max_players,
                    players=players,
                )
            )
        self.num_players: int = players
        self.params: ParamsBase = self.Params() if params is None else params
        if not isinstance(self.params, self.Params):
            raise TypeError(f"{self.name} takes {self.Params.__name__}, not {type(params)}")
        self._spec: str | None = None

    @classmethod
    def from_options(
        cls,
        num_players: int | None = None,
        options: Mapping[str, object] | None = None,
        preset: str | None = None,
    ) -> Self:
        """A game from a player count, a preset name and option overrides (text or typed)."""
        base = None
        if preset is not None:
            if preset not in cls.presets:
                if not cls.presets:
                    message = t(
                        "unknown preset {preset} for {game}; presets are: none",
                        preset=repr(preset),
                        game=cls.name,
                    )
                else:
                    message = t(
                        "unknown preset {preset} for {game}; presets are: {known}",
                        preset=repr(preset),
                        game=cls.name,
                        known=", ".join(cls.presets),
                    )
                raise OptionError(message)
            base = cls.Params.from_options(cls.presets[preset])
        params = cls.Params.from_options(options or {}, base)
        return cls(num_players, params)

    def spec(self) -> str:
        """The spec string that :meth:`clickbox.core.Catalog.load` reads back."""
        if self._spec is None:
            items = [("players", str(self.num_players)), *self.params.changed_options()]
            self._spec = f"{self.name}(" + ",".join(f"{k}={v}" for k, v in items) + ")"
        return self._spec

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec()}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameBase) and self.spec() == other.spec()

    def __hash__(self) -> int:
        return hash(self.spec())

    @abstractmethod
    def new_initial_state(self) -> StateBase:
        """The position before the first action (often a chance node)."""

    @abstractmethod
    def action_to_string(self, action: Action) -> str:
        """The action in this game's notation."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read the notation; raise InvalidActionError (saying why) if it is not an action."""

    @abstractmethod
    def view_of(self, state: StateBase, seat: Player | None, history: bool = True) -> View:
        """What ``seat`` may see of ``state`` (``None``: a spectator); :meth:`StateBase.view`
        checks the seat and asks here, so a game's rules never import its view. Without
        ``history``, the keys of :attr:`history_view_keys` but ``version`` are left out."""

    @abstractmethod
    def state_from_view(self, view: View, rng: random.Random) -> StateBase:
        """A full state consistent with everything ``view`` shows and nothing more.

        Perfect-information games rebuild the position exactly; hidden-information games
        sample what the viewer cannot see with ``rng`` (determinization). Bots search from here,
        never from the true state.
        """

    hides_own_position: ClassVar[bool] = False
    """True if a seat may not see part of its own position (Click Click Boom: its own hand)."""

    def witness_view(self, spectator: View, seat_views: list[View]) -> View:
        """What a spectator and every seat of ``seat_views`` may all see.

        ``spectator`` is ``view(None)``. Where a seat may not see part of its own position,
        ``view(None)`` shows it, so a screen that a seat can read (its own table's spectators on
        a server, the shared screen of hotseat play) uses this instead.
        """
        return spectator

    def full_view(self, state: StateBase) -> View:
        """Everything about ``state``, for a finished game's replay (its record is public then).

        ``view(None)`` is that for most games; a game whose spectator view still hides part of
        the truth (Click Clack's disc layout) adds it here.
        """
        return state.view(None)

    def describe_action(self, action: Action) -> str:
        """The action in words, for logs and terminal play (defaults to the notation)."""
        return self.action_to_string(action)

    def describe_logged(self, move: str, by_chance: bool) -> str:
        """The words of one move of a view's ``log``, as that view wrote it.

        ``move`` is the log's notation, which hides what the viewer may not know (``"?"``, or a
        game's masked notation such as Click Click Boom's ``L?:boom``), so words made here can
        never say more than the view. A game with masked notation overrides this; the default
        describes plain notation and says ``"?"`` is hidden. Use :func:`clickbox.core.log_words`,
        which caches the words.
        """
        if move == "?":
            return t(HIDDEN_DRAW) if by_chance else t(HIDDEN_CHOICE)
        return self.describe_action(self.parse_action(move))

    def narrator(self, viewer: Player | None) -> Narrator:
        """A :class:`~clickbox.core.words.Narrator` that tells a view's log as lines for
        ``viewer`` (the default: each entry in :meth:`describe_logged`'s words, turns opened
        when the mover changes). A game gives its own to say which die, row or card."""
        return Narrator(self, viewer)

    def score_sheet(self, text: str) -> ScoreCard:
        """Check and score one filled paper sheet written in :attr:`sheet_format`.

        An impossible sheet raises SheetError naming the area and the box at fault.
        """
        raise NotImplementedError(t("{game} has no score pad", game=self.name))

    def pad_facts(self) -> dict[str, Any]:
        """What a score pad page needs to check and score sheets by itself (JSON-able: the
        printed sheet, the end conditions, ...); empty for a game without a score pad."""
        return {}

    def score_quick(self, text: str) -> ScoreCard:
        """Check and score a quick count written in :attr:`quick_format`: what can be checked
        of counts alone is, and SheetError names the area at fault."""
        raise NotImplementedError(t("{game} has no quick count", game=self.name))


@mypyc_attr(allow_interpreted_subclasses=True)
class StateBase(ABC):
    """A mutable game position. Core owns the bookkeeping; games implement the ``_`` hooks.

    ``apply`` is the trusted fast path (it checks nothing); the checked
    entry point for untrusted input is :func:`clickbox.core.play.play`.
    """

    __slots__ = ("_actions", "game")

    def __init__(self, game: GameBase, copy_of: StateBase | None = None) -> None:
        """A state of ``game`` with no action played, or with the history of ``copy_of``
        (shared, so that clones are cheap: :class:`~.appendonly.AppendOnlyList`)."""
        self.game = game
        self._actions: AppendOnlyList[Action] = (
            AppendOnlyList() if copy_of is None else copy_of._actions.copy()
        )

    # -- the public protocol ------------------------------------------------------------------

    def current_player(self) -> Player:
        """The seat to act, :data:`CHANCE`, or :data:`TERMINAL`."""
        return self._current_player()

    def legal_actions(self) -> list[Action]:
        """The actions legal now, in a fixed order; chance outcomes at chance nodes."""
        player = self._current_player()
        if player >= 0:
            return self._legal_actions()
        if player == CHANCE:
            return [action for action, _ in self._chance_outcomes()]
        return []

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` may be applied now."""
        return action in self.legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, every outcome with its probability (summing to 1); else empty."""
        if self._current_player() != CHANCE:
            return []
        return list(self._chance_outcomes())

    def apply(self, action: Action) -> None:
        """Play ``action`` (trusted: the caller guarantees it is legal; nothing is checked)."""
        self._actions.append(action)
        self._apply(action)

    @property
    def history(self) -> list[Action]:
        """The actions applied so far, in order (a new list each time)."""
        return self._actions.to_list()

    def clone(self) -> Self:
        """An independent copy (explicit field copies, no deepcopy)."""
        return self._clone()

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._current_player() == TERMINAL

    def outcome(self) -> Outcome | None:
        """Scores and winners once the game is over, else None."""
        if self._current_player() != TERMINAL:
            return None
        return self._outcome()

    def view(self, seat: Player | None, history: bool = True) -> View:
        """What ``seat`` may see (``None``: a spectator), as plain JSON-able data.

        This is the only thing clients and bots ever receive. ``history=False`` leaves out
        what is drawn from the history (the ``log``; see :attr:`GameBase.history_view_keys`):
        the same view without its record of moves, which the environments' encoders read.
        """
        if seat is not None and not 0 <= seat < self.game.num_players:
            raise ValueError(
                t(
                    "no seat {seat} in a {players}-player game",
                    seat=seat,
                    players=self.game.num_players,
                )
            )
        return self.game.view_of(self, seat, history)

    @property
    def state_id(self) -> int:
        """The number of actions applied so far (the state version)."""
        return len(self._actions)

    def action_to_string(self, action: Action) -> str:
        """Shortcut for the game's notation printer."""
        return self.game.action_to_string(action)

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now, in words; empty if the game has nothing to add."""
        return ""

    def simultaneous_seats(self) -> tuple[Player, ...]:
        """In a simultaneous step, the seats still to commit, in the order they are taken.

        The first is :meth:`current_player`. Each seat's choice may not depend on the others'
        (they are made at the same time), so a server may take them in any order and apply them
        in this one. Empty outside simultaneous steps.
        """
        return ()

    # -- hooks each game implements -------------------------------------------------------------

    @abstractmethod
    def _current_player(self) -> Player: ...

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Legal actions of the seat to move (only called when a seat is to move)."""

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[Action, float]] | tuple[tuple[Action, float], ...]:
        """Outcomes of the pending chance event (only called at chance nodes)."""

    def _sample_chance(self, threshold: float) -> Action:
        """The first chance outcome at which the running sum of the probabilities passes
        ``threshold`` (drawn uniformly from [0, 1) by :func:`~.chance.sample_chance`).

        A game whose outcomes are many and built from parts may override this to walk them
        without listing them; it must add the same probabilities in the same order, so that it
        picks exactly what this walk over :meth:`_chance_outcomes` picks.
        """
        return pick_outcome(self._chance_outcomes(), threshold)

    @abstractmethod
    def _apply(self, action: Action) -> None: ...

    @abstractmethod
    def _outcome(self) -> Outcome: ...

    @abstractmethod
    def _clone(self) -> Self: ...
