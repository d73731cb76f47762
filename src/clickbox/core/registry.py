"""The catalog of games by name, and spec strings such as ``clickety-clack(players=3,side=B)``.

The catalog itself is built by :mod:`clickbox.games` from an explicit tuple of game classes;
core knows no game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from .errors import OptionError, UnknownGameError
from .i18n import t
from .protocol import GameBase

_SPEC = re.compile(r"^\s*([a-z0-9][a-z0-9_-]*)\s*(?:\((.*)\))?\s*$", re.IGNORECASE | re.DOTALL)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``name(k=v,...)`` into the name and its options (text values).

    >>> parse_spec("clickety-clack(players=3,side=B)")
    ('clickety-clack', {'players': '3', 'side': 'B'})
    """
    match = _SPEC.match(spec)
    if match is None:
        raise OptionError(
            t("not a game spec: {spec} (expected name or name(key=value,...))", spec=repr(spec))
        )
    name, body = match.group(1).lower(), match.group(2)
    options: dict[str, str] = {}
    for item in (body or "").split(","):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(
                t(
                    "bad option {option} in {spec} (expected key=value)",
                    option=repr(item.strip()),
                    spec=repr(spec),
                )
            )
        if key.strip() in options:
            raise OptionError(
                t(
                    "option {option} given twice in {spec}",
                    option=repr(key.strip()),
                    spec=repr(spec),
                )
            )
        options[key.strip()] = value.strip()
    return name, options


def parse_option_pairs(pairs: Iterable[str]) -> dict[str, str]:
    """``["k=v", ...]`` (as typed on a command line) to a dict; an error names a bad pair."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(t("bad option {option} (expected key=value)", option=repr(pair)))
        options[key.strip()] = value.strip()
    return options


class Catalog:
    """Games by name and alias."""

    def __init__(self, games: Iterable[type[GameBase]]) -> None:
        self._by_name: dict[str, type[GameBase]] = {}
        self.games: tuple[type[GameBase], ...] = tuple(games)
        for game in self.games:
            for key in (game.name, *game.aliases):
                if key in self._by_name:
                    raise ValueError(f"two games are called {key!r}")
                self._by_name[key] = game

    def names(self) -> list[str]:
        """The canonical names, in catalog order."""
        return [game.name for game in self.games]

    def get(self, name: str) -> type[GameBase]:
        """The game class for a name or alias."""
        try:
            return self._by_name[name.strip().lower()]
        except KeyError:
            known = ", ".join(self.names())
            raise UnknownGameError(
                t("unknown game {game}; the games are: {known}", game=repr(name), known=known)
            ) from None

    def load(
        self,
        spec: str,
        players: int | None = None,
        preset: str | None = None,
        options: Mapping[str, object] | None = None,
    ) -> GameBase:
        """A game from a name or spec string, with an optional player count, preset and options.

        ``load("clickety-clack(side=B)")`` and ``load("clickety-clack", options={"side": "B"})``
        are the same game; ``game.spec()`` prints the first form back.
        """
        name, spec_options = parse_spec(spec)
        cls = self.get(name)
        merged: dict[str, object] = dict(spec_options)
        merged.update(options or {})
        raw_players = merged.pop("players", None)
        if players is None and raw_players is not None:
            try:
                players = int(str(raw_players))
            except ValueError:
                raise OptionError(
                    t("players must be an integer (got {value})", value=repr(raw_players))
                ) from None
        return cls.from_options(players, merged, preset)
