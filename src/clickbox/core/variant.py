"""Named variants: a set of changed rule numbers and options, saved in a small file to share.

A variant file is JSON or TOML (by its suffix, ``.toml``; anything else is read as JSON)::

    name = "rich start"
    game = "click-click-boom"
    description = "Everyone starts with 16 silver"
    players = 4            # optional
    preset = "advanced"    # optional

    [options]
    start_coins = 16

The options are checked by the game when it is loaded (:meth:`Catalog.load`), so an unknown
or out-of-range number is refused in words; a game spec carries them into every record.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import OptionError
from .i18n import t

_KEYS = {"name", "game", "description", "players", "preset", "options"}


@dataclass(frozen=True)
class Variant:
    """A game's changed options under a name (see the module's docstring)."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    name: str = ""
    description: str = ""
    players: int | None = None
    preset: str | None = None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], source: str = "") -> Variant:
        """A variant from plain data; an error names what is wrong (and the file)."""
        where = source or "variant"
        unknown = sorted(set(data) - _KEYS)
        if unknown:
            raise OptionError(
                t(
                    "{file}: unknown key {key}; a variant has: {known}",
                    file=where,
                    key=repr(unknown[0]),
                    known=", ".join(sorted(_KEYS)),
                )
            )
        game = data.get("game")
        if not isinstance(game, str) or not game.strip():
            raise OptionError(t("{file}: a variant names its game (game = NAME)", file=where))
        options = data.get("options", {})
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise OptionError(t("{file}: options is a table of NAME = VALUE", file=where))
        players = data.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise OptionError(t("{file}: players must be a whole number", file=where))
        preset = data.get("preset")
        if preset is not None and not isinstance(preset, str):
            raise OptionError(t("{file}: preset must be a preset's name", file=where))
        return cls(
            game=game.strip(),
            options=dict(options),
            name=str(data.get("name", "")),
            description=str(data.get("description", "")),
            players=players,
            preset=preset,
        )

    @classmethod
    def load(cls, path: Path | str) -> Variant:
        """Read a variant file (TOML by a ``.toml`` suffix, JSON otherwise)."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise OptionError(
                t("cannot read the variant {file}: {error}", file=str(path), error=error.strerror)
            ) from None
        try:
            data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
        except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
            raise OptionError(
                t("the variant {file} is not valid: {error}", file=str(path), error=error)
            ) from None
        if not isinstance(data, dict):
            raise OptionError(t("{file}: a variant is a table of keys", file=str(path)))
        return cls.from_data(data, str(path))

    def to_data(self) -> dict[str, Any]:
        """Plain data, the keys that are set."""
        data: dict[str, Any] = {"name": self.name, "game": self.game}
        if self.description:
            data["description"] = self.description
        if self.players is not None:
            data["players"] = self.players
        if self.preset is not None:
            data["preset"] = self.preset
        data["options"] = dict(self.options)
        return data

    def save(self, path: Path | str) -> Path:
        """Write the variant (TOML for a ``.toml`` path, JSON otherwise); return the path."""
        path = Path(path)
        data = self.to_data()
        if path.suffix == ".toml":
            lines = [
                f"{key} = {_toml_value(value)}" for key, value in data.items() if key != "options"
            ]
            lines += ["", "[options]"]
            lines += [f"{key} = {_toml_value(value)}" for key, value in self.options.items()]
            text = "\n".join(lines) + "\n"
        else:
            text = json.dumps(data, indent=2) + "\n"
        path.write_text(text, encoding="utf-8")
        return path


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    return json.dumps(str(value))  # a JSON string is a TOML basic string
