"""The encoder of each game, by the game's key (one name per game in every layer)."""

from __future__ import annotations

from typing import Final

from ..core import GameBase
from .boom import BoomEncoder
from .clack import ClackEncoder
from .clever import CleverEncoder
from .clickety import ClicketyEncoder
from .encoding import Encoder

ENCODERS: Final[dict[str, type[Encoder]]] = {
    "boom": BoomEncoder,
    "clack": ClackEncoder,
    "clever": CleverEncoder,
    "clickety": ClicketyEncoder,
}

_MADE: dict[str, Encoder] = {}


def encoder_for(game: GameBase) -> Encoder:
    """The encoder of ``game`` (one per game spec, made once)."""
    spec = game.spec()
    encoder = _MADE.get(spec)
    if encoder is None:
        if game.key not in ENCODERS:
            raise KeyError(f"no observation encoder for {game.name}")
        encoder = _MADE[spec] = ENCODERS[game.key](game)
    return encoder


def fields_markdown() -> str:
    """The observation of every game, field by field, as ``docs/rl.md`` shows it (made from
    the encoders, so the page cannot drift from the code): the fields at the game's default
    player count and options, then the size at every player count and preset."""
    from ..games import GAMES

    lines: list[str] = []
    for cls in GAMES:
        game = cls.from_options(cls.default_players)
        encoder = encoder_for(game)
        lines += [
            f"### {cls.title} (`rl/{cls.key}.py`, `{type(encoder).__name__}`)",
            "",
            f"At {cls.default_players} players, default options: **{encoder.size}** floats; "
            f"actions `Discrete({encoder.actions})`, chance outcomes below "
            f"{encoder.chance_actions}.",
            "",
            "| field | size | meaning |",
            "|---|---:|---|",
        ]
        lines += [f"| `{f.name}` | {f.size} | {f.text.replace('|', '/')} |" for f in encoder.fields]
        sizes = []
        for preset in (None, *cls.presets):
            counts = ", ".join(
                f"{players}: {encoder_for(cls.from_options(players, preset=preset)).size}"
                for players in range(cls.min_players, cls.max_players + 1)
            )
            sizes.append(f"{preset or 'default'} ({counts})")
        lines += ["", "Sizes by players: " + "; ".join(sizes) + ".", ""]
    return "\n".join(lines)
