"""Ablations: any bot that never plays some kinds of action (``greedy:never=reroll+plus1``).

A designer asks what a rule is worth to a player: the same bot with and without using it, on
the same deals (``clickbox analyze clever --sweep bots=greedy,greedy:never=reroll``). The kinds
are read from each game's notation (the public text of an action), per game name.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core import Action, GameBase, OptionError, View
from ..core.i18n import t
from .base import Bot, Scored

Kind = Callable[[str], bool]
"""Whether an action's notation is of the kind."""

_ABILITIES = ("save", "peek", "loot", "ask", "swap", "force")
"""Click Click Boom's characters' abilities, by the first word of their notation."""


def _named(word: str) -> Kind:
    return lambda text: text.split(":")[0] == word


def _row(row: int) -> Kind:
    return lambda text: text.endswith(f">{row}")


KINDS: dict[str, dict[str, Kind]] = {
    "clever": {
        "reroll": lambda text: text == "reroll",
        "plus1": lambda text: text.startswith("+"),
        "waste": lambda text: text.endswith(">-") and not text.startswith("+"),
    },
    "click-click-boom": {
        "claim": lambda text: text[:1] in "LR" and ":" in text,
        "ability": lambda text: text.split(":")[0] in _ABILITIES,
        **{name: _named(name) for name in _ABILITIES},
        "same": lambda text: text.startswith("R="),
    },
    "clickety-clack": {f"row{row}": _row(row) for row in range(1, 6)},
    "click-clack": {
        "stay": lambda text: text == "stay",
        "noturn": lambda text: text == "noturn",
    },
}
"""Per game name, the kinds of action an ablated bot may refuse, by their notation."""


def kinds_of(game: GameBase) -> dict[str, Kind]:
    """The kinds of action of ``game`` that a bot can be told never to play."""
    return KINDS.get(game.name, {})


def parse_kinds(text: str) -> tuple[str, ...]:
    """``reroll+plus1`` -> ``("reroll", "plus1")`` (checked against the game at play)."""
    kinds = tuple(part.strip() for part in text.split("+") if part.strip())
    if not kinds:
        raise OptionError(t("never= names kinds of action, joined by +: never=reroll+plus1"))
    return kinds


class AblatedBot(Bot):
    """``inner`` that never plays an action of the ``never`` kinds while another is legal: it
    plays the best of its own ranking that is allowed (a bot that ranks only its choice: the
    allowed action its game's one-ply evaluation likes best, or one at random)."""

    def __init__(self, inner: Bot, spec: str, never: tuple[str, ...]) -> None:
        self.inner = inner
        self.spec = spec
        self.never = never
        self.name = inner.name

    def label(self) -> str:
        joiner = "," if ":" in self.spec else ":"
        return f"{self.spec}{joiner}never={'+'.join(self.never)}"

    def _refused(self, game: GameBase) -> Callable[[Action], bool]:
        known = kinds_of(game)
        unknown = [kind for kind in self.never if kind not in known]
        if unknown:
            raise OptionError(
                t(
                    "{game} has no kind of action {kind} to refuse; it has: {known}",
                    game=game.name,
                    kind=repr(unknown[0]),
                    known=", ".join(known) or "-",
                )
            )
        tests = [known[kind] for kind in self.never]
        return lambda action: any(test(game.action_to_string(action)) for test in tests)

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        return self.rank(view, game, rng)[0][0]

    def rank(self, view: View, game: GameBase, rng: random.Random) -> list[Scored]:
        refused = self._refused(game)
        ranked = self.inner.rank(view, game, rng)
        allowed = [(action, value) for action, value in ranked if not refused(action)]
        if allowed:
            return allowed
        legal = game.state_from_view(view, rng).legal_actions()
        others = [action for action in legal if not refused(action)]
        if not others:  # nothing else is legal: the refused kind is forced
            return ranked
        return [(_best(view, game, rng, others), float("nan"))]


def _best(view: View, game: GameBase, rng: random.Random, actions: list[Action]) -> Action:
    """Of ``actions``, the one the game's evaluation likes best after it (at random without
    an evaluation)."""
    from .games import evaluation

    try:
        evaluate = evaluation(game)
    except OptionError:
        return rng.choice(actions)
    state = game.state_from_view(view, rng)
    seat = view["me"]
    best, best_value = actions[0], float("-inf")
    for action in actions:
        child = state.clone()
        child.apply(action)
        value = evaluate(child, seat)
        if value > best_value:
            best, best_value = action, value
    return best
