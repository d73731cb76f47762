"""The arguments every command that plays a game shares: the game (name or spec, players,
preset, options, a variant file) and where its games run (local processes or Ray)."""

from __future__ import annotations

import argparse

from ..core import GameBase, OptionError, parse_option_pairs, parse_spec
from ..core.i18n import t
from ..core.variant import Variant
from ..games import CATALOG, load


def load_game(args: argparse.Namespace, players: int | None = None) -> GameBase:
    """The game of the command line: its name or spec, ``--variant FILE`` (whose options the
    ``--option`` pairs override), ``--preset`` and ``--players``."""
    options: dict[str, object] = {}
    preset = args.preset
    variant_file = getattr(args, "variant", None)
    if variant_file:
        variant = Variant.load(variant_file)
        named = CATALOG.get(variant.game).name
        if args.game is not None and CATALOG.get(parse_spec(args.game)[0]).name != named:
            raise OptionError(
                t(
                    "the variant {file} is a variant of {variant}, not of {game}",
                    file=variant_file,
                    variant=named,
                    game=args.game,
                )
            )
        if args.game is None:
            args.game = named
        options.update(variant.options)
        players = players or args.players or variant.players
        preset = preset or variant.preset
    options.update(parse_option_pairs(args.option or []))
    return load(args.game, players or args.players, preset, options)


def add_game_arguments(parser: argparse.ArgumentParser, optional: bool = False) -> None:
    parser.add_argument(
        "game",
        nargs="?" if optional else None,
        help=t("game name or spec, e.g. clickety-clack(side=B)"),
    )
    parser.add_argument("--players", type=int, help=t("number of players"))
    parser.add_argument("--preset", help=t("a named set of options (see `clickbox games`)"))
    parser.add_argument("--option", action="append", metavar="KEY=VALUE", help=t("a game option"))
    parser.add_argument(
        "--variant",
        metavar="FILE",
        help=t("a variant file (TOML or JSON) of changed rule numbers and options"),
    )


def add_backend_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help=t("local processes, or Ray (a local Ray of --workers CPUs, or --address)"),
    )
    parser.add_argument("--address", help=t("the Ray cluster to use (ray://HOST:10001 or auto)"))
