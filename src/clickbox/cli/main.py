"""``clickbox``: games, rules, play, simulate, arena, replay, bench, score.

Every subcommand returns an exit code: 0 for success, 1 when a game was stopped or a record is
bad (``score``: a bad or unreadable sheet, or a game without a score pad, told in one line on
stderr), 2 for a usage error (printed as one line, ``error: ...``).

The terminal speaks English, German or French: ``--lang``, or else the locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``: the first that is set), chosen once before the command runs.
"""

from __future__ import annotations

import argparse
import contextlib
import contextvars
import json
import os
import random
import secrets
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn, TextIO

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .. import __version__, _build
from ..bots.base import Bot
from ..bots.hints import hints
from ..bots.registry import bot_names, make_bot, split_bot_specs
from ..core import (
    ClickboxError,
    GameBase,
    GameRecord,
    Match,
    OptionError,
    RecordError,
    ScoreCard,
    SheetError,
    StateBase,
    View,
    check_record,
    derive_rng,
    entry_words,
    parse_spec,
    play,
    read_records,
)
from ..core.i18n import LANGUAGES, N_, SOURCE, check_language, set_language, t, t_each, using
from ..core.variant import Variant
from ..games import CATALOG, load
from ..paths import data_dir
from ..server.limits import Limits
from ..sim import bench, run_series, summarize
from ..sim.arena import ArenaResult, GameResult, check_arena, rotations, run_arena
from ..sim.runner import BotError
from ..sim.stats import Estimate
from .arguments import add_backend_arguments, add_game_arguments, load_game
from .human import Handoff, HumanPlayer, LineInput, QuitGame
from .names import YOU, check_name, personal, seat_names, short_names, you_grammar_text
from .pauses import Pauses
from .progress import ProgressLog
from .render import (
    NARRATED,
    PRIVATE_SCREENS,
    NarratedLog,
    StepReporter,
    render_board,
    render_hints,
    render_outcome,
    render_view,
    witness_view,
)
from .tune import add_tune_parser, cmd_tune

# -- games / rules -------------------------------------------------------------------------------


def cmd_games(args: argparse.Namespace, console: Console) -> int:
    """List the games, their player ranges and presets; with a game, its numbers and options."""
    chosen = None if args.game is None else CATALOG.get(parse_spec(args.game)[0])
    if args.json:  # the catalog as data: in English whatever the language
        with using(SOURCE):
            data = _games_json()
            if chosen is not None:
                data = [g for g in data if g["name"] == chosen.name]
            print(json.dumps(data if chosen is None else data[0]))
        return 0
    if chosen is not None:
        _print_game_options(chosen, console)
        return 0
    table = Table(title=t("clickbox games"))
    for column in (t("name"), t("title"), t("players"), t("presets"), t("aliases")):
        table.add_column(column)
    for game in CATALOG.games:
        table.add_row(
            game.name,
            t(game.title),
            f"{game.min_players}-{game.max_players}",
            ", ".join(game.presets) or "-",
            ", ".join(game.aliases) or "-",
        )
    console.print(table)
    return 0


def _print_game_options(game: type[GameBase], console: Console) -> None:
    """A game's rule numbers (what a designer changes) and its other options, as tables."""
    console.print(
        t(
            "{title} ({game}), {low}-{high} players",
            title=f"[bold]{escape(t(game.title))}[/bold]",
            game=game.name,
            low=game.min_players,
            high=game.max_players,
        )
    )
    specs = game.Params.option_specs()
    for group, title in (
        ("number", t("The rulebook's numbers (defaults: the rulebook's)")),
        ("reading", t("Readings and variants")),
    ):
        chosen = [spec for spec in specs if spec.group == group]
        if not chosen:
            continue
        table = Table(title=title, title_justify="left")
        for column in (t("option"), t("default"), t("allowed"), t("meaning")):
            table.add_column(column)
        for spec in chosen:
            table.add_row(spec.name, str(spec.default) or '""', spec.allowed(), t(spec.help))
        console.print(table)
    presets = ", ".join(game.presets) or "-"
    console.print(t("Presets: {presets}", presets=presets))
    console.print(
        t(
            "Change a number with --option KEY=VALUE, save several in a variant file "
            "(--variant FILE), compare values with clickbox analyze --sweep KEY=LOW..HIGH."
        )
    )


def _games_json() -> list[dict[str, Any]]:
    """Every game of the catalog as plain data (``clickbox games --json``)."""
    return [
        {
            "name": game.name,
            "title": game.title,
            "aliases": list(game.aliases),
            "min_players": game.min_players,
            "max_players": game.max_players,
            "presets": {name: dict(values) for name, values in game.presets.items()},
            "options": [
                {
                    "name": o.name,
                    "group": o.group,
                    "default": o.default,
                    "minimum": o.minimum,
                    "maximum": o.maximum,
                    "choices": None if o.choices is None else list(o.choices),
                    "allowed": o.allowed(),
                    "label": o.label,
                    "help": o.help,
                }
                for o in game.Params.option_specs()
            ],
        }
        for game in CATALOG.games
    ]


def _preset_words(game: type[GameBase], name: str) -> str:
    """A preset's name in words and what it changes, ahead of its values: ``Quick Play: ... — ``."""
    words = game.preset_words.get(name)
    return "" if words is None else f"{t(words[0])}: {t(words[1])} — "


def cmd_rules(args: argparse.Namespace, console: Console) -> int:
    """A short rules summary, the options and the project's rules decisions."""
    game = CATALOG.get(parse_spec(args.game)[0])
    heading = t(
        "{title} ({game}), {low}-{high} players",
        title=f"[bold]{escape(t(game.title))}[/bold]",
        game=game.name,
        low=game.min_players,
        high=game.max_players,
    )
    console.print(heading + "\n")
    console.print(t(game.rules_summary), markup=False)
    options = Table(title=t("Options"), title_justify="left")
    for column in (t("option"), t("default"), t("allowed"), t("meaning")):
        options.add_column(column)
    for spec in game.Params.option_specs():
        options.add_row(spec.name, str(spec.default) or '""', spec.allowed(), t(spec.help))
    console.print()
    console.print(options)
    presets = ", ".join(
        f"{name} ({_preset_words(game, name)}{', '.join(f'{k}={v}' for k, v in values.items())})"
        for name, values in game.presets.items()
    )
    if presets:
        console.print(t("Presets: {presets}", presets=presets) + "\n")
    else:
        console.print(t("Presets: none") + "\n")
    decisions = t("Rules decisions")
    where = t("(where the rulebook is silent or ambiguous)")
    console.print(f"[bold]{escape(decisions)}[/bold] {escape(where)}")
    from rich.markdown import Markdown

    for decision in game.rules_decisions:
        title, text = t(decision.title), t(decision.text)
        console.print(Markdown(f"- **{title}** ({decision.key}): {text}"))
    return 0


# -- play ----------------------------------------------------------------------------------------


SERVE_LIMITS: tuple[tuple[str, str], ...] = (
    ("create_per_minute", N_("tables one client address may create a minute (0: no limit)")),
    ("create_burst", N_("tables one client address may create at once")),
    (
        "tables_per_client",
        N_("tables of one client address open or in play at a time (0: no limit)"),
    ),
    ("spectators_per_table", N_("spectators one table may have at a time (0: no limit)")),
    (
        "spectators_per_client",
        N_("spectator connections of one client address at a time (0: no limit)"),
    ),
    ("idle_seconds", N_("an unused table leaves memory after this long (0: never)")),
    ("open_seconds", N_("an open table nobody joins expires after this long (0: never)")),
    (
        "playing_seconds",
        N_("a table in play where nobody moves is abandoned after this long (0: never)"),
    ),
    ("replay_per_minute", N_("replays one client address may fetch a minute (0: no limit)")),
    ("replay_burst", N_("replays one client address may fetch at once")),
    ("signin_per_minute", N_("sign-in attempts a minute per client address (0: no limit)")),
    ("signup_per_minute", N_("accounts one client address may create a minute (0: no limit)")),
    (
        "signin_name_per_minute",
        N_("sign-in attempts a minute per client address at one account name (0: no limit)"),
    ),
    (
        "signin_delay",
        N_(
            "the longest a sign-in waits because its account name has failed often lately "
            "(seconds; 0: no wait)"
        ),
    ),
    ("chat_per_seat", N_("chat lines one seat may post in one game (0: no limit)")),
    (
        "chat_per_table",
        N_("chat lines all the seats of a table may post in one game (0: no limit)"),
    ),
    (
        "spectator_chat_per_minute",
        N_("spectators' chat lines one client address may post a minute (0: no limit)"),
    ),
    ("spectator_chat_burst", N_("spectators' chat lines one client address may post at once")),
    (
        "spectator_chat_per_table",
        N_("spectators' chat lines one table takes while it is in memory (0: no limit)"),
    ),
    ("undos_per_seat", N_("moves one seat may take back in one game (0: no limit)")),
    (
        "events_per_game",
        N_(
            "events of one game past which chat and undos are refused; moves never are "
            "(0: no limit)"
        ),
    ),
    (
        "header_seconds",
        N_(
            "a request's head must arrive within this long of the connection's start or the "
            "previous answer, else the connection is closed (0: no limit)"
        ),
    ),
    ("body_seconds", N_("a request's body must arrive within this long of its head (0: no limit)")),
    (
        "connections_per_client",
        N_(
            "connections one client address may hold open, a proxy's counting as its own "
            "(0: no limit)"
        ),
    ),
    (
        "max_connections",
        N_(
            "connections open at a time in all, never more than the open-file limit allows "
            "(0: that limit only)"
        ),
    ),
)
"""The ``Limits`` that ``clickbox serve`` takes as flags (``--create-per-minute`` sets
``create_per_minute``), in the order the help lists them, with their help texts."""


def _limit_flag(field: str) -> str:
    return "--" + field.replace("_", "-")


DEFAULT_BOTS = {"click-click-boom": "rulebased", "click-clack": "memory"}
"""The bot that fills the seats ``--seat`` leaves open, where not ``greedy``."""


def default_bot(game: GameBase) -> str:
    """The bot of the seats no ``--seat`` names."""
    return DEFAULT_BOTS.get(game.name, "greedy")


def _parse_seats(pairs: Sequence[str], players: int, bot: str = "greedy") -> list[str]:
    seats = ["human"] + [bot] * (players - 1)
    for pair in pairs:
        index, sep, who = pair.partition("=")
        if not sep or not index.strip().isdecimal():
            raise OptionError(
                t(
                    "bad --seat {seat} (expected SEAT=human or SEAT=BOT, e.g. 1=greedy)",
                    seat=repr(pair),
                )
            )
        seat = int(index)
        if not 0 <= seat < players:
            raise OptionError(
                t(
                    "no seat {seat} in a {players}-player game (seats are 0-{last})",
                    seat=seat,
                    players=players,
                    last=players - 1,
                )
            )
        who = who.strip()
        if who.lower() == "human":
            who = "human"
        else:
            make_bot(who)
        seats[seat] = who
    return seats


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    """Play in the terminal against bots, or hotseat with several humans; ``--resume`` goes on
    with a game saved by ``quit``."""
    resumed = _resume_record(args) if args.resume else None
    if resumed is not None:
        game = load(resumed.game)
        seats = list(resumed.seats)
        seed = resumed.seed if resumed.seed is not None else 0
        save = Path(args.save) if args.save else Path(args.resume)
        meta = dict(resumed.meta) | {"resumed": datetime.now(UTC).isoformat(timespec="seconds")}
    else:
        if args.game is None:
            raise OptionError(
                t("give the GAME to play, or --resume FILE to go on with a saved one")
            )
        game = load_game(args)
        seats = _parse_seats(args.seat or [], game.num_players, default_bot(game))
        seed = args.seed if args.seed is not None else secrets.randbits(32)
        save = Path(args.save) if args.save else _default_record_path(game, seed)
        meta = {"started": datetime.now(UTC).isoformat(timespec="seconds")}
    _check_writable(save)
    given = _given_names(args, meta)
    if given:
        meta["names"] = json.dumps(given)
    try:
        names = seat_names(seats, given)
    except ValueError as exc:
        raise OptionError(str(exc)) from None
    humans = [seat for seat, label in enumerate(seats) if label == "human"]
    private = game.name in PRIVATE_SCREENS
    line_input = LineInput(console, game.name)
    # Hotseat where a seat may not see part of its own position: a screen between humans.
    handoff = Handoff(console, names, line_input) if private and len(humans) > 1 else None
    wide = bool(getattr(args, "wide", False))  # the full board at every prompt
    short = short_names(seats, names)  # the names of the compact board ("Bot 2")
    agents = [
        HumanPlayer(console, names, line_input, handoff, wide, short)
        if label == "human"
        else make_bot(label)
        for label in seats
    ]
    match = Match(game, seed, seats, meta=meta)
    rngs = [derive_rng(seed, "bot", seat) for seat in range(game.num_players)]
    if resumed is not None:
        _catch_up(match, resumed, agents, rngs, Path(args.resume))
    report = StepReporter(names)  # keeps hidden choices hidden until they are revealed
    pausing = not args.no_pause and sys.stdin.isatty()
    pauses = Pauses(
        console, names if wide else short, humans, line_input, pausing, flush=lambda: flush()
    )

    def shown_view() -> View:
        state = match.state
        view = state.view(None)
        if private:  # printed from what every human at the screen may see
            view = witness_view(view, [state.view(human) for human in humans])
        return view

    next_move = [match.state.state_id]  # where the next seat move goes in the history

    # Click Click Boom: the narrated log in words, told for the lone human's seat (or what
    # every human at the screen may see), with the short names of the compact board.
    narrated = (
        NarratedLog(game, humans[0] if len(humans) == 1 else None, short)
        if game.name in NARRATED
        else None
    )

    def say(lines: list[Text]) -> None:
        for line in lines:  # mended for "You" already
            console.print(line)

    def flush() -> None:
        """The narrated log's last line, before a prompt, a pause or the end."""
        if narrated is not None:
            say(narrated.flush())

    def log_view() -> View:
        if len(humans) == 1:
            return match.state.view(humans[0])
        return shown_view()

    def on_step(seat: int) -> None:
        show = seats[seat] != "human" or len(humans) > 1
        if narrated is not None:
            say(narrated(log_view()))
            pauses.after(match.state.view(None), seat)
            return
        view = shown_view()
        words = personal(entry_words(game, view["log"][next_move[0]]), names)
        next_move[0] = match.state.state_id
        for line in report(view, seat, words, show):
            console.print(you_grammar_text(line) if isinstance(line, Text) and you else line)
        pauses.after(match.state.view(None), seat)

    you = YOU in names
    console.print(
        t(
            "{title} — {spec} — seed {seed}. Type help at the prompt for help.",
            title=f"[bold]{escape(t(game.title))}[/bold]",
            spec=game.spec(),
            seed=seed,
        )
    )
    console.print(t("Players: {names}", names=", ".join(names)), highlight=False)
    if resumed is not None:
        for _ in report(shown_view(), -1, "", False):  # what was played is not printed again
            pass
        if narrated is not None:  # nor told again
            narrated(log_view())
            narrated.flush()
        console.print(
            t(
                "Resumed {path}: {moves} moves replayed; the game goes on.",
                path=args.resume,
                moves=len(resumed.actions),
            ),
            highlight=False,
        )
    pauses.start(match.state.view(None))
    state = match.state
    try:
        while not state.is_terminal():
            seat = state.current_player()
            if seats[seat] == "human":
                flush()
            action = agents[seat].choose(state.view(seat), game, rngs[seat])
            try:
                match.play(action, seat)
            except ClickboxError as exc:
                raise BotError(
                    t("{name} chose an illegal action: {error}", name=names[seat], error=exc)
                ) from exc
            on_step(seat)
    except QuitGame:
        flush()
        console.print(t("Stopped."))
        path = _save_record(match.record(), save, console)
        console.print(t("The unfinished game was saved to {path}", path=path), highlight=False)
        console.print(t("Go on with it: clickbox play --resume {path}", path=path), highlight=False)
        return 1
    flush()
    record = match.record()
    final = match.state.view(None)
    console.print(render_view(final, names) if wide else render_board(final, short))
    console.print(render_outcome(final, names if wide else short))
    console.print(t("Record saved to {path}", path=_save_record(record, save, console)))
    return 0


def _given_names(args: argparse.Namespace, meta: dict[str, str]) -> list[str]:
    """The ``--name`` s, checked; on ``--resume`` without any, the names the record kept."""
    given = args.name or []
    if not given and "names" in meta:
        with contextlib.suppress(ValueError, TypeError):
            kept = json.loads(meta["names"])
            if isinstance(kept, list) and all(isinstance(name, str) for name in kept):
                given = kept
    try:
        checked = [check_name(name) for name in given]
    except ValueError as exc:
        raise OptionError(str(exc)) from None
    if len(set(checked)) < len(checked):
        raise OptionError(
            t("two players may not have the same name ({names})", names=", ".join(checked))
        )
    return checked


_NOT_WITH_RESUME = ("players", "preset", "option", "seat", "seed")


def _resume_record(args: argparse.Namespace) -> GameRecord:
    """The unfinished record ``--resume`` names; a clear error for anything else."""
    path = Path(args.resume)
    if not path.is_file():
        raise RecordError(t("cannot resume {path}: there is no such file", path=path))
    for flag in _NOT_WITH_RESUME:
        if getattr(args, flag):
            raise OptionError(
                t(
                    "--{flag} does not go with --resume: the game goes on with the record's "
                    "seats, seed and options",
                    flag=flag,
                )
            )
    try:
        records = list(read_records(path))
    except RecordError as exc:
        reason = str(exc).removeprefix(f"{path}, ").removeprefix(f"{path} ")
        raise RecordError(
            t(
                "cannot resume {path}: not a saved clickbox game ({reason})",
                path=path,
                reason=reason,
            )
        ) from None
    if len(records) != 1:
        raise RecordError(
            t(
                "cannot resume {path}: it holds {count} records, not one game",
                path=path,
                count=len(records),
            )
        )
    record = records[0]
    if record.outcome is not None:
        raise RecordError(
            t(
                "cannot resume {path}: that game is finished ({reason}); "
                "see it with clickbox replay {path}",
                path=path,
                reason=t_each(record.outcome.reason),
            )
        )
    if record.seed is None:
        raise RecordError(
            t("cannot resume {path}: the record has no seed to roll the dice with", path=path)
        )
    try:
        game = load(record.game)
    except ClickboxError as exc:
        raise RecordError(t("cannot resume {path}: {error}", path=path, error=exc)) from None
    if args.game is not None and CATALOG.get(parse_spec(args.game)[0]).name != game.name:
        raise OptionError(
            t(
                "{path} is a game of {title}, not {game}",
                path=path,
                title=t(game.title),
                game=args.game,
            )
        )
    if len(record.seats) != game.num_players:
        raise RecordError(
            t(
                "cannot resume {path}: {seats} seats for a {players}-player game",
                path=path,
                seats=len(record.seats),
                players=game.num_players,
            )
        )
    for label in record.seats:
        if label != "human":
            make_bot(label)
    return record


def _catch_up(
    match: Match,
    record: GameRecord,
    agents: Sequence[Bot],
    rngs: Sequence[random.Random],
    path: Path,
) -> None:
    """Play the record's moves again in ``match``, as the game went: each bot decides once
    more where it decided (its random numbers and what it remembers come out as they were),
    the recorded move is played, and the seeded dice must roll what the record says."""
    game = match.game
    state = match.state
    actions = record.actions
    to_string = game.action_to_string
    checked = 0

    def check_rolls() -> None:
        nonlocal checked
        history = state.history
        for number in range(checked, min(len(history), len(actions))):
            played = to_string(history[number])
            if played != actions[number]:
                raise RecordError(
                    t(
                        "cannot resume {path}: move {number} is {recorded} in the record, but "
                        "the seed rolls {played} (not the record of this seed)",
                        path=path,
                        number=number + 1,
                        recorded=repr(actions[number]),
                        played=repr(played),
                    )
                )
        checked = len(history)

    check_rolls()
    while len(state.history) < len(actions):
        if state.is_terminal():
            raise RecordError(
                t("cannot resume {path}: the game ends before its last move", path=path)
            )
        seat = state.current_player()
        text = actions[len(state.history)]
        view = state.view(seat)
        agent = agents[seat]
        if isinstance(agent, HumanPlayer):
            game.state_from_view(view, rngs[seat])  # the draw a human's screen makes
        else:
            agent.choose(view, game, rngs[seat])
        try:
            match.play(text, seat)
        except ClickboxError as exc:
            number = len(state.history) + 1
            raise RecordError(
                t(
                    "cannot resume {path}: move {number} ({move}): {error}",
                    path=path,
                    number=number,
                    move=repr(text),
                    error=exc,
                )
            ) from None
        check_rolls()
    if state.is_terminal():
        raise RecordError(t("cannot resume {path}: that game is finished", path=path))


def _check_writable(path: Path) -> None:
    """Refuse, before the game starts, a save path that could not be written at the end."""
    if path.is_dir():
        raise OptionError(t("--save {path} is a directory; give a file name", path=path))
    parent = path.parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        raise OptionError(
            t(
                "cannot save to {path}: {parent} is not a writable directory",
                path=path,
                parent=parent,
            )
        )


def _save_record(record: GameRecord, path: Path, console: Console) -> Path:
    """Write the record; if that fails, write it to the data directory instead and say so."""
    text = json.dumps(record.to_json(), indent=1) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path
    except OSError as exc:
        fallback = data_dir() / "records" / path.name
        warning = t(
            "could not write {path} ({error}); saving to {fallback}",
            path=path,
            error=exc,
            fallback=fallback,
        )
        console.print(f"[red]{warning}[/red]")
        fallback.parent.mkdir(parents=True, exist_ok=True)
        fallback.write_text(text, encoding="utf-8")
        return fallback


def _default_record_path(game: GameBase, seed: int) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return data_dir() / "records" / f"{game.name}-{stamp}-{seed}.json"


# -- simulate ------------------------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace, console: Console) -> int:
    """Bot-versus-bot games with statistics per seat."""
    bots = split_bot_specs(args.bots)
    game = load_game(args, players=args.players or len(bots))
    if len(bots) != game.num_players:
        raise OptionError(
            t(
                "--bots names {bots} bots for {players} players",
                bots=len(bots),
                players=game.num_players,
            )
        )
    if args.games < 1:
        raise OptionError(t("--games must be at least 1"))
    series = run_series(  # checks the bots
        game, bots, args.games, args.seed, args.workers, args.backend, args.address
    )
    out = _open_output(Path(args.out)) if args.out else None
    records: list[GameRecord] = []
    start = time.perf_counter()
    with out or contextlib.nullcontext():
        progress = None
        if sys.stderr.isatty() and not args.json:
            from rich.progress import Progress

            progress = Progress(console=Console(stderr=True), transient=True)
        with progress or contextlib.nullcontext():
            task = progress.add_task(game.name, total=args.games) if progress else None
            for record in series:
                records.append(record)
                if out:
                    out.write(record.dumps() + "\n")
                if progress and task is not None:
                    progress.advance(task)
    elapsed = time.perf_counter() - start
    summaries = summarize(records)
    if args.json:
        data: dict[str, Any] = {
            "game": game.spec(),
            "games": len(records),
            "games_per_second": len(records) / elapsed,
            "seats": [
                {
                    "seat": s.seat,
                    "bot": s.bot,
                    "mean_score": s.mean_score.value,
                    "mean_score_ci95": s.mean_score.interval(),
                    "win_rate": s.win_rate.value,
                    "win_rate_ci95": s.win_rate.interval(),
                }
                for s in summaries
            ],
        }
        print(json.dumps(data, allow_nan=False))
        return 0
    table = Table(
        title=t(
            "{spec}: {games} games, seed {seed}",
            spec=game.spec(),
            games=len(records),
            seed=args.seed,
        )
    )
    for column in (t("seat"), t("bot"), t("mean score [95% CI]"), t("win rate [95% CI]")):
        table.add_column(column)
    for s in summaries:
        table.add_row(
            str(s.seat),
            s.bot,
            f"{s.mean_score.value:.2f} [{s.mean_score.low:.2f}, {s.mean_score.high:.2f}]",
            f"{100 * s.win_rate.value:.1f}% [{100 * s.win_rate.low:.1f}, "
            f"{100 * s.win_rate.high:.1f}]",
        )
    console.print(table)
    console.print(
        t(
            "{rate} games/s with {workers} worker(s); "
            "a shared victory counts as a win for each sharer.",
            rate=f"{len(records) / elapsed:.1f}",
            workers=args.workers,
        )
    )
    if args.out:
        console.print(t("Records written to {path}", path=args.out))
    return 0


# -- analyze -------------------------------------------------------------------------------------


RUN_FILE = "run.json"
"""In a report folder: what the analysis plays, so that ``--resume DIR`` goes on with it."""

_RUN_KEYS = ("bots", "games", "seed", "sweep", "skill", "workers", "backend", "address")


def _resume_arguments(args: argparse.Namespace) -> None:
    """Fill ``args`` from the run file of the report folder ``--resume`` names."""
    folder = Path(args.resume)
    try:
        saved = json.loads((folder / RUN_FILE).read_text())
    except (OSError, ValueError):
        raise OptionError(
            t(
                "{folder} holds no analysis to resume (no readable {file})",
                folder=str(folder),
                file=RUN_FILE,
            )
        ) from None
    args.game, args.players, args.preset = saved["game"], None, None
    args.option, args.variant = [], None
    for key in _RUN_KEYS:
        setattr(args, key, saved.get(key))
    args.report = str(folder)
    args.first_run = saved


def cmd_analyze(args: argparse.Namespace, console: Console) -> int:
    """Balance figures of a game over simulated games, per setup of a sweep; a report."""
    from ..sim.analytics import Skill, game_rows, skill, sweep, sweep_settings
    from ..sim.analytics_report import setup_name, summary_rows, write_report
    from ..sim.checkpoint import ChunkStore

    if args.compare:
        return _compare_reports(args.compare, console)
    if args.resume:
        _resume_arguments(args)
    elif args.game is None and not getattr(args, "variant", None):
        raise OptionError(t("name a game (or --resume DIR, or --compare A B)"))
    bots = split_bot_specs(args.bots) if args.bots else None
    settings = sweep_settings(args.sweep or [])
    base = load_game(args, players=args.players or (len(bots) if bots and len(bots) > 1 else None))
    pair = split_bot_specs(args.skill) if args.skill else []
    if args.skill and len(pair) != 2:
        raise OptionError(t("--skill names two bots, the weaker first: --skill random,hard"))
    runs = 1 + (2 if pair else 0)  # a luck-and-skill deal plays two games
    total = args.games * len(settings) * runs
    store = None
    started = datetime.now(UTC).isoformat(timespec="seconds")
    first_run = getattr(args, "first_run", None) or {}
    command, started = first_run.get("command", _command_line()), first_run.get("started", started)
    if args.report:
        folder = Path(args.report)
        store = ChunkStore(folder / "chunks")
        run = {
            "game": base.spec(),
            **{key: getattr(args, key) for key in _RUN_KEYS},
            "command": command,
            "started": started,
        }
        (folder / RUN_FILE).write_text(json.dumps(run, indent=1) + "\n")
    label = t("analyze {game}", game=base.name)
    start = time.perf_counter()
    with ProgressLog(label, total, bar=not args.json) as progress:
        setups = sweep(
            base.spec(),
            None,
            bots,
            args.sweep or [],
            args.games,
            args.seed,
            args.workers,
            progress.advance,
            backend=args.backend,
            address=args.address,
            store=store,
        )
        skills: list[Skill] = []
        for _, analysis in setups if pair else []:
            measured = skill(
                load(analysis.game),
                pair[0],
                pair[1],
                args.games,
                args.seed,
                args.workers,
                args.backend,
                args.address,
                store,
            )
            skills.append(measured)
            progress.advance(2 * args.games)
    elapsed = time.perf_counter() - start
    title = t(
        "{title}: {games} games per setup, seed {seed}",
        title=t(base.title),
        games=args.games,
        seed=args.seed,
    )
    if args.report:
        meta = {
            "command": command,
            **({"resumed": _command_line()} if first_run else {}),
            "version": f"clickbox {__version__}",
            "game": base.spec(),
            "seed": args.seed,
            "games": args.games,
            "bots": args.bots,
            "sweep": args.sweep or [],
            "skill": args.skill,
            "variant": Variant.load(args.variant).to_data() if args.variant else None,
            "backend": args.backend,
            "workers": args.workers,
            "started": started,
            "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        folder = Path(args.report)
        said = Console(stderr=True) if args.json else console  # --json: stdout is the JSON
        for path in write_report(folder, setups, title, skills or None, meta):
            said.print(t("wrote {path}", path=path), highlight=False)
        assert store is not None
        rows = (
            {"setup": setup_name(setting, analysis), **row}
            for setting, analysis in setups
            for row in game_rows(store, analysis.game, analysis.bots, args.seed)
        )
        rows_path = _write_game_rows(folder, rows)
        said.print(t("wrote {path}", path=rows_path), highlight=False)
    if args.json:
        data = [
            {
                "setting": s,
                "analysis": a.to_json(),
                "skill": skills[i].to_json() if skills else None,
            }
            for i, (s, a) in enumerate(setups)
        ]
        print(json.dumps(data))
        return 0
    _print_findings(setups, skills, console)
    table = Table(title=title)
    table.add_column(t("figure"))
    for setting, analysis in setups:
        table.add_column(setup_name(setting, analysis))
    for figure, cells in summary_rows(setups, skills or None):
        table.add_row(figure, *cells)
    console.print(table)
    console.print(
        t(
            "{rate} games/s with {workers} worker(s). Intervals are 95%; a "
            "shared win counts for each sharer.",
            rate=f"{total / elapsed:.1f}",
            workers=args.workers,
        )
    )
    if not args.report:
        console.print(t("--report DIR writes the plots, an HTML page, Markdown, CSV and JSON."))
    return 0


def _command_line() -> str:
    """The command as typed (for the report's footer)."""
    import shlex

    return shlex.join(["clickbox", *sys.argv[1:]])


def _write_game_rows(folder: Path, rows: Iterable[dict[str, Any]]) -> Path:
    """``games.csv``: one row per game played (setup, game number, seed, scores, winners...)."""
    import csv

    from ..sim.analytics_report import row_fields, row_to_csv

    path = folder / "games.csv"
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(row_fields())
        writer.writerows(row_to_csv(row) for row in rows)
    return path


def _print_findings(setups: Sequence[Any], skills: Sequence[Any], console: Console) -> None:
    """The report's findings in words, ahead of the table."""
    from ..sim.analytics_report import findings

    lines = findings(setups, skills or None)
    if lines:
        console.print(f"[bold]{escape(t('Findings'))}[/bold]")
        for line in lines:
            console.print(f"- {escape(line)}", highlight=False)
        console.print()


def _compare_reports(paths: Sequence[str], console: Console) -> int:
    """``--compare A B``: the figures of two analyses side by side, their differences with
    intervals (B minus A), setup by setup."""
    from ..sim import analytics_report

    first = analytics_report.load_report_setups(Path(paths[0]))
    second = analytics_report.load_report_setups(Path(paths[1]))
    if len(first[0]) != len(second[0]) and min(len(first[0]), len(second[0])) != 1:
        raise OptionError(
            t(
                "{a} has {m} setups and {b} has {n}: compare reports of as many setups, or one",
                a=paths[0],
                b=paths[1],
                m=len(first[0]),
                n=len(second[0]),
            )
        )
    count = max(len(first[0]), len(second[0]))
    for index in range(count):
        a = first[0][min(index, len(first[0]) - 1)]
        b = second[0][min(index, len(second[0]) - 1)]
        table = Table(
            title=t(
                "{b} against {a}",
                a=analytics_report.setup_name(*a),
                b=analytics_report.setup_name(*b),
            )
        )
        for column in (t("figure"), "A", "B", t("B - A [95%]"), t("p (Holm)")):
            table.add_column(column)
        for row in analytics_report.compare_rows(a[1], b[1]):
            table.add_row(*row)
        console.print(table)
    return 0


# -- arena ---------------------------------------------------------------------------------------


def cmd_arena(args: argparse.Namespace, console: Console) -> int:
    """Bots on the same deals in every seat rotation: scores, win rates, Elo, seat advantage."""
    bots = split_bot_specs(args.bots)
    if not bots:
        raise OptionError(t("--bots names no bot"))
    game = load_game(args, players=args.players or len(bots))
    if len(bots) != game.num_players:
        raise OptionError(
            t(
                "--bots names {bots} bot(s) for {players} players "
                "(name one bot per seat; rotations move them round the table)",
                bots=len(bots),
                players=game.num_players,
            )
        )
    if args.games < 1:
        raise OptionError(t("--games must be at least 1"))
    check_arena(game, bots, args.games, args.workers, args.backend)
    report = Path(args.report) if args.report else None
    if report is not None:
        _check_report_dir(report)
    seatings = len(rotations(bots))
    total = args.games * seatings
    if not args.json:
        console.print(
            t(
                "{spec}: {deals} deals x {rotations} rotations = {games} games, "
                "seed {seed}, {workers} worker(s)",
                spec=game.spec(),
                deals=args.games,
                rotations=seatings,
                games=total,
                seed=args.seed,
                workers=args.workers,
            )
        )
    progress = None
    if sys.stderr.isatty() and not args.json:
        from rich.progress import Progress

        progress = Progress(console=Console(stderr=True), transient=True)
    with progress or contextlib.nullcontext():
        task = progress.add_task(game.name, total=total) if progress else None

        def advance(_: GameResult) -> None:
            if progress is not None and task is not None:
                progress.advance(task)

        result = run_arena(
            game,
            bots,
            args.games,
            args.seed,
            args.workers,
            on_game=advance,
            backend=args.backend,
            address=args.address,
        )
    if report is not None:
        from ..sim.report import write_report

        write_report(result, report)
    if args.json:
        print(json.dumps(result.to_json(), allow_nan=False))
        return 0
    _print_arena(result, console)
    if report is not None:
        console.print(t("Report written to {path}", path=report))
    return 0


def _check_report_dir(path: Path) -> None:
    """Refuse, before any game, a report directory that cannot be made or written."""
    if path.exists() and not path.is_dir():
        raise OptionError(t("--report {path} is a file; give a directory", path=path))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OptionError(
            t("cannot make {path}: {error}", path=path, error=exc.strerror or exc)
        ) from None
    if not os.access(path, os.W_OK):
        raise OptionError(t("cannot write to {path}", path=path))


def _ci(estimate: Estimate | None, scale: float = 1.0, digits: int = 2) -> str:
    """``value [low, high]``, or the value alone when the interval is unknown."""
    if estimate is None:
        return "-"
    value = f"{scale * estimate.value:.{digits}f}"
    if estimate.interval() is None:
        return value
    return f"{value} [{scale * estimate.low:.{digits}f}, {scale * estimate.high:.{digits}f}]"


def _print_arena(result: ArenaResult, console: Console) -> None:
    table = Table(title=t("Per bot ({seconds} s)", seconds=f"{result.seconds:.1f}"))
    columns = [t("bot"), t("games"), t("mean score [95% CI]"), t("min/median/max")]
    if not result.solo:
        columns += [t("win % [95% CI]"), t("Elo [95% CI]")]
    columns += [t("ms/decision (max)")]
    for column in columns:
        table.add_column(column)
    for s in result.bot_stats:
        name = s.bot if s.spec == s.bot else f"{s.bot} ({s.spec})"
        row = [
            name,
            str(s.games),
            _ci(s.mean_score),
            f"{s.min_score:g}/{s.median_score:g}/{s.max_score:g}",
        ]
        if not result.solo:
            row += [_ci(s.win_rate, 100, 1), _ci(s.elo, digits=0)]
        timing = (
            f"{s.ms_per_decision:.2f} ({s.max_ms_per_decision:.1f})"
            if s.ms_per_decision is not None and s.max_ms_per_decision is not None
            else "-"
        )
        row.append(timing)
        table.add_row(*row)
    console.print(table)
    if result.solo:
        return
    seats = Table(title=t("Seat advantage (all games)"))
    for column in (t("seat"), t("games"), t("mean score [95% CI]"), t("win % [95% CI]")):
        seats.add_column(column)
    for seat in result.seat_stats:
        seats.add_row(
            str(seat.seat), str(seat.games), _ci(seat.mean_score), _ci(seat.win_rate, 100, 1)
        )
    console.print(seats)
    for pair in result.pair_stats:
        console.print(
            t(
                "{a} vs {b}: {wins} wins, {draws} draws, {losses} losses "
                "({share}% of the points); score margin {margin}",
                a=pair.a,
                b=pair.b,
                wins=pair.a_wins,
                draws=pair.draws,
                losses=pair.b_wins,
                share=f"{100 * pair.a_score:.1f}",
                margin=_ci(pair.margin),
            )
        )
    console.print(
        t(
            "Win rates count a shared victory as a win for each sharer; score intervals are over "
            "deals; Elo: Bradley-Terry over the pairs of different bots in each game, mean 1500."
        )
    )


def _open_output(path: Path) -> TextIO:
    if path.is_dir():
        raise OptionError(t("--out {path} is a directory; give a file name", path=path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return path.open("w", encoding="utf-8")
    except OSError as exc:
        raise OptionError(
            t("cannot write {path}: {error}", path=path, error=exc.strerror or exc)
        ) from None


# -- replay --------------------------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    """Step through records, or check them all with --check; exit 1 on any bad record."""
    path = Path(args.file)
    if not path.is_file():
        raise RecordError(t("no such file: {path}", path=path))
    if args.move is not None and args.move < 0:
        raise OptionError(t("--move must be 0 or more"))
    count = 0
    try:
        for count, record in enumerate(read_records(path), start=1):
            try:
                if args.check:
                    check_record(record, load(record.game))
                elif not _step_through(record, count, args, console):
                    return 0
            except ClickboxError as exc:
                raise RecordError(t("record {number}: {error}", number=count, error=exc)) from None
    except ClickboxError as exc:  # a bad record, or a file that cannot be read as records
        console.print(f"[red]{exc}[/red]")
        return 1
    if args.check:
        console.print(
            t(
                "ok: {count} record(s) replayed, every move legal, every outcome matches",
                count=count,
            )
        )
    return 0


def _step_through(
    record: GameRecord, number: int, args: argparse.Namespace, console: Console
) -> bool:
    """Show one record move by move; False if the user asked to stop."""
    game = load(record.game)
    if len(record.seats) != game.num_players:
        raise RecordError(
            t(
                "{seats} seats for a {players}-player game",
                seats=len(record.seats),
                players=game.num_players,
            )
        )
    interactive = sys.stdin.isatty() and not args.no_pause
    names = [f"{label} ({seat})" for seat, label in enumerate(record.seats)]
    console.rule(
        t("record {number}: {game}, seed {seed}", number=number, game=record.game, seed=record.seed)
    )
    upto = len(record.actions) if args.move is None else args.move
    state = game.new_initial_state()
    for move, text in enumerate(record.actions[:upto], start=1):
        mover = state.current_player()
        try:
            action = play(state, text)
        except ClickboxError as exc:
            raise RecordError(
                t("move {number} ({move}): {error}", number=move, move=repr(text), error=exc),
                move_number=move,
            ) from None
        if mover >= 0:
            console.print(f"{move:4d}. {names[mover]}: {game.describe_action(action)}")
            if interactive:
                console.print(render_view(state.view(None), names))
                if console.input(t("Enter: next move, q: stop > ")).strip().lower() == "q":
                    return False
    console.print(render_view(state.view(None), names))
    if state.is_terminal():
        console.print(render_outcome(state.view(None), names))
    return True


# -- hint ----------------------------------------------------------------------------------------


def cmd_hint(args: argparse.Namespace, console: Console) -> int:
    """The hard bot's best options at one position of a record, from the mover's view only."""
    path = Path(args.file)
    if not path.is_file():
        raise RecordError(t("no such file: {path}", path=path))
    record = next(iter(read_records(path)), None)
    if record is None:
        raise RecordError(t("{path} holds no record", path=path))
    game = load(record.game)
    if args.move is not None and not 0 <= args.move <= len(record.actions):
        raise OptionError(
            t("--move must be 0-{last} (the record has that many)", last=len(record.actions))
        )
    state, move = _position_to_hint(record, game, args.move)
    seat = state.current_player()
    view = state.view(seat)
    rng = derive_rng(record.seed or 0, "hint", move)
    options = hints(view, game, rng, bot=args.bot, top=args.top)
    played = record.actions[move] if move < len(record.actions) else None
    if args.json:
        data = {
            "game": record.game,
            "move": move,
            "seat": seat,
            "bot": args.bot,
            "hints": [hint.to_json() for hint in options],
            "played": played,
        }
        print(json.dumps(data))
        return 0
    names = [f"{label} ({number})" for number, label in enumerate(record.seats)]
    console.print(render_view(view, names))
    console.print(
        t(
            "After move {move}, {name} is to move; seen from that seat only.",
            move=move,
            name=names[seat],
        )
    )
    console.print(render_hints(options, bot=args.bot))
    if played is not None:
        console.print(t("Played in the record: {move}", move=played))
    return 0


def _position_to_hint(
    record: GameRecord, game: GameBase, move: int | None
) -> tuple[StateBase, int]:
    """The first position at or after ``move`` actions where a seat is to move (the record's
    dice are rolled on to get there); without ``move``, the last such position."""
    state = game.new_initial_state()
    last: tuple[StateBase, int] | None = None
    for number, text in enumerate(record.actions):
        if state.current_player() >= 0:
            if move is not None and number >= move:
                return state, number
            last = (state.clone(), number)
        try:
            play(state, text)
        except ClickboxError as exc:
            raise RecordError(
                t("move {number} ({move}): {error}", number=number + 1, move=repr(text), error=exc)
            ) from None
    if state.current_player() >= 0:
        return state, len(record.actions)
    if move is None and last is not None:
        return last
    raise OptionError(t("no seat is to move after move {move} of this record", move=move))


# -- bench ---------------------------------------------------------------------------------------


def cmd_bench(args: argparse.Namespace, console: Console) -> int:
    """Random-play throughput on one core."""
    if args.seconds <= 0:
        raise OptionError(t("--seconds must be more than 0"))
    game = load_game(args)
    result = bench(game, args.seconds)
    if args.json:
        data = {
            "game": game.spec(),
            "build": _build.kind(),
            "games": result.games,
            "seconds": result.seconds,
            "games_per_second": result.games_per_second,
            "steps_per_second": result.steps_per_second,
            "decisions_per_second": result.decisions_per_second,
            "clones_per_second": result.clones_per_second,
        }
        print(json.dumps(data))
        return 0
    console.print(
        t(
            "{spec}, random play, one core, {seconds} s, {build}:",
            spec=game.spec(),
            seconds=f"{result.seconds:.1f}",
            build=_build.describe(),
        )
    )
    console.print(
        t(
            "  games/s   {rate}  ({games} games)",
            rate=f"{result.games_per_second:12,.0f}",
            games=result.games,
        )
    )
    console.print(
        t(
            "  steps/s   {rate}  (every action, chance included)",
            rate=f"{result.steps_per_second:12,.0f}",
        )
    )
    console.print(
        t(
            "  decisions/s {rate}  (the seats' actions)",
            rate=f"{result.decisions_per_second:10,.0f}",
        )
    )
    console.print(t("  clones/s  {rate}", rate=f"{result.clones_per_second:12,.0f}"))
    return 0


# -- train ---------------------------------------------------------------------------------------


def cmd_train(args: argparse.Namespace, console: Console) -> int:
    """Train a value network by self-play (That's Pretty Clever)."""
    if args.game != "clever":
        raise OptionError(
            t("only clever has a value network to train, not {game}", game=repr(args.game))
        )
    for name in ("episodes", "workers", "hidden", "eval_every", "eval_games", "iteration"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            raise OptionError(t("--{flag} must be at least 1", flag=name.replace("_", "-")))
    from ..bots.clever.network import Network
    from ..bots.clever.training import Settings, train

    resume = Path(args.resume) if args.resume else None
    if resume is not None and not resume.is_file():
        raise OptionError(t("no checkpoint {path}", path=resume))
    start = None
    if args.start:
        try:
            start = Network.load(Path(args.start))
        except ValueError as error:
            raise OptionError(str(error)) from None
    tuning = {
        name: getattr(args, name)
        for name in (
            "hidden",
            "iteration",
            "learning_rate",
            "final_learning_rate",
            "anneal",
            "epsilon",
            "lam",
        )
        if getattr(args, name) is not None
    }
    for name in ("lam", "epsilon", "anneal"):
        if not 0 <= tuning.get(name, 0) <= 1:
            raise OptionError(t("--lambda, --epsilon and --anneal must lie between 0 and 1"))
    if tuning.get("learning_rate", 1) <= 0 or tuning.get("final_learning_rate", 0) < 0:
        raise OptionError(t("the learning rates must be more than 0"))
    settings = Settings(
        episodes=args.episodes,
        seed=args.seed,
        workers=args.workers,
        eval_every=args.eval_every,
        eval_games=args.eval_games,
        **tuning,
    )
    if start is not None and settings.hidden > start.width:
        start = start.widened(settings.hidden, args.seed)
    out = Path(args.out)
    progress = None
    if sys.stderr.isatty():
        from rich.progress import Progress

        progress = Progress(console=Console(stderr=True), transient=True)
    with progress or contextlib.nullcontext():
        task = progress.add_task(t("self-play"), total=args.episodes) if progress else None

        def tick(done: int, total: int) -> None:
            if progress is not None and task is not None:
                progress.update(task, completed=done, total=total)

        result = train(
            settings,
            out,
            resume=resume,
            start=start,
            report=lambda line: console.print(line, highlight=False),
            tick=tick,
        )
    console.print(
        t(
            "best held-out mean {mean} after {best} episodes ({played} played, {minutes} min): "
            "{network}; learning curve {curve}; resume with --resume {checkpoint}",
            mean=f"{result.best_mean:.2f}",
            best=result.best_episodes,
            played=result.episodes,
            minutes=f"{result.seconds / 60:.1f}",
            network=out / "best.npz",
            curve=out / "curve.png",
            checkpoint=out / "checkpoint.npz",
        ),
        highlight=False,
    )
    return 0


# -- score ---------------------------------------------------------------------------------------


def cmd_score(args: argparse.Namespace, console: Console) -> int:
    """Check and score a filled paper sheet; exit 1 if it cannot be read or scored."""
    game = load_game(args)
    form = game.quick_format if args.quick else game.sheet_format
    if args.format:
        if not form:
            if args.quick:
                return _fail(t("{game} has no quick count", game=game.name))
            return _fail(t("{game} has no score pad", game=game.name))
        console.print(t(form), markup=False, highlight=False, soft_wrap=True)
        return 0
    if args.file is None:
        raise OptionError(
            t("give the sheet: FILE, or - for standard input (--format shows the form)")
        )
    name = t("standard input") if args.file == "-" else args.file
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        return _fail(t("cannot read {name}: {error}", name=name, error=reason))
    try:
        card = game.score_quick(text) if args.quick else game.score_sheet(text)
    except NotImplementedError as exc:
        return _fail(str(exc))
    except SheetError as exc:
        return _fail(f"{name}: {exc}")
    if args.json:
        print(json.dumps(card.to_json()))
        return 0
    console.print(_score_table(card, game))
    for note in card.notes:
        console.print(t("note: {note}", note=note), markup=False, highlight=False)
    return 0


def _score_table(card: ScoreCard, game: GameBase) -> Table:
    table = Table(title=f"{t(game.title)} — {card.game}", title_justify="left")
    table.add_column("")
    table.add_column(t("sheet"))
    table.add_column(t("points"), justify="right")
    for line in card.lines:
        table.add_row(line.label, line.detail, str(line.points))
    table.add_section()
    table.add_row(t("total"), "", str(card.total), style="bold")
    return table


def _fail(message: str) -> int:
    """Exit code 1 with a one-line message on stderr."""
    print(t("error: {message}", message=message), file=sys.stderr)
    return 1


def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    """``clickbox serve``: the online play server, until interrupted."""
    from ..server.serve import serve  # the web stack loads only for this command

    if not 0 < args.port < 65536:
        raise OptionError(t("--port must be 1-65535 (got {port})", port=args.port))
    if not 0 < args.bot_seconds <= 600:
        raise OptionError(
            t(
                "--bot-seconds must be more than 0 and at most 600 (got {seconds})",
                seconds=args.bot_seconds,
            )
        )
    values = {field: getattr(args, field) for field, _ in SERVE_LIMITS}
    for field, value in values.items():
        if not value >= 0:
            raise OptionError(
                t(
                    "{flag} must be 0 (no limit) or more (got {value})",
                    flag=_limit_flag(field),
                    value=value,
                )
            )
    limits = Limits(
        **values,
        bots=tuple(_allowed_bots(args.allow_bot)),
    )
    serve(
        args.host,
        args.port,
        args.db,
        bot_workers=args.bot_workers,
        bot_seconds=args.bot_seconds,
        allowed_origins=tuple(args.allow_origin),
        limits=limits,
        trusted_proxies=tuple(_trusted_proxies(args.trusted_proxy)),
        reports_dir=Path(args.reports) if args.reports else data_dir() / "reports",
    )
    return 0


def _trusted_proxies(values: Sequence[str]) -> list[str]:
    """``--trusted-proxy`` addresses and networks, each checked and written as uvicorn reads
    them (``10.0.0.1/8`` as ``10.0.0.0/8``, ``[::1]`` as ``::1``)."""
    import ipaddress

    proxies: list[str] = []
    for value in values:
        text = value.strip().strip("[]")
        try:
            if "/" in text:
                proxies.append(str(ipaddress.ip_network(text, strict=False)))
            else:
                proxies.append(str(ipaddress.ip_address(text)))
        except ValueError:
            raise OptionError(
                t(
                    "--trusted-proxy must be an IP address or network, such as 10.0.0.5 or "
                    "10.0.0.0/8 (got {value})",
                    value=repr(value),
                )
            ) from None
    return proxies


def _allowed_bots(specs: Sequence[str]) -> list[str]:
    """``--allow-bot`` specs, each checked to make a bot."""
    from ..bots.registry import make_bot

    for spec in specs:
        make_bot(spec)  # OptionError says what is wrong
    return [spec.strip() for spec in specs]


# -- wiring --------------------------------------------------------------------------------------


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help, its ``usage:`` in the current language."""

    def add_usage(
        self,
        usage: str | None,
        actions: Any,
        groups: Any,
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, t("usage: ") if prefix is None else prefix)


class _ArgumentParser(argparse.ArgumentParser):
    """argparse with its own words (headings, ``-h``, ``error:``) in the current language;
    the subcommands' parsers are of this class too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)
        self._positionals.title = t("positional arguments")
        self._optionals.title = t("options")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = t("show this help message and exit")

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, t("{prog}: error: {message}", prog=self.prog, message=message) + "\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = _ArgumentParser(
        prog="clickbox",
        description=t("Four tabletop games: play, simulate, replay, bench, score."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"clickbox {__version__}, {_build.describe()}",
        help=t("show program's version number and exit"),
    )
    lang_help = t(
        "the language of the texts: en, de or fr (default: the locale's, from LC_ALL, "
        "LC_MESSAGES or LANG; English if it is none of these)"
    )
    parser.add_argument("--lang", type=_language, metavar="{en,de,fr}", help=lang_help)
    # --lang after the command works too (clickbox rules clever --lang de)
    language = _ArgumentParser(add_help=False)
    language.add_argument(
        "--lang",
        type=_language,
        metavar="{en,de,fr}",
        default=argparse.SUPPRESS,
        help=lang_help,
    )
    sub = parser.add_subparsers(dest="command", required=True)

    games_cmd = sub.add_parser(
        "games", parents=[language], help=t("list the games, player ranges and presets")
    )
    games_cmd.add_argument("game", nargs="?", help=t("a game: list its rule numbers and options"))
    games_cmd.add_argument("--json", action="store_true", help=t("print one JSON list"))

    rules = sub.add_parser(
        "rules", parents=[language], help=t("rules summary and the project's rules decisions")
    )
    rules.add_argument("game")

    play_cmd = sub.add_parser("play", parents=[language], help=t("play in the terminal"))
    add_game_arguments(play_cmd, optional=True)
    play_cmd.add_argument(
        "--seat",
        action="append",
        metavar="I=human|BOT",
        help=t(
            "who plays seat I (default: 0=human, others greedy; Click Click Boom: rulebased; "
            "Click Clack: memory); bots: {bots}",
            bots=", ".join(bot_names()),
        ),
    )
    play_cmd.add_argument("--seed", type=int, help=t("seed of the dice (default: random)"))
    play_cmd.add_argument(
        "--save", metavar="FILE", help=t("where to save the record (--resume: the same file)")
    )
    play_cmd.add_argument(
        "--name",
        action="append",
        metavar="NAME",
        help=t(
            "a human's name (repeat for several humans, in seat order; default: You, or "
            "Player N in hotseat)"
        ),
    )
    play_cmd.add_argument(
        "--resume",
        metavar="FILE",
        help=t("go on with the unfinished game saved in FILE (its seats, seed and options)"),
    )
    play_cmd.add_argument(
        "--wide",
        action="store_true",
        help=t(
            "draw the full board and the moves in words at every prompt (default: a compact "
            "board that fits 80x24; type board for the full one)"
        ),
    )
    play_cmd.add_argument(
        "--no-pause",
        action="store_true",
        help=t("do not wait for Enter after a BOOM, a shootout or a round watched"),
    )

    simulate = sub.add_parser(
        "simulate", parents=[language], help=t("bot-versus-bot games with statistics")
    )
    add_game_arguments(simulate)
    simulate.add_argument("--bots", required=True, help=t("one bot per seat, comma-separated"))
    simulate.add_argument("--games", type=int, required=True)
    simulate.add_argument("--seed", type=int, required=True)
    simulate.add_argument("--workers", type=int, default=1, help=t("worker processes"))
    add_backend_arguments(simulate)
    simulate.add_argument("--out", metavar="FILE.jsonl", help=t("write one record per line"))
    simulate.add_argument("--json", action="store_true", help=t("print one JSON object"))

    analyze = sub.add_parser(
        "analyze",
        parents=[language],
        help=t("balance figures over simulated games: seats, length, levers, sweeps"),
    )
    add_game_arguments(analyze, optional=True)
    analyze.add_argument(
        "--bots",
        help=t(
            "one bot per seat, or one for every seat (default: medium); any bot takes "
            "never=KIND+KIND (greedy:never=reroll+plus1) to play without some kinds of action"
        ),
    )
    analyze.add_argument("--games", type=int, default=1000, help=t("games per setup"))
    analyze.add_argument("--seed", type=int, default=1)
    analyze.add_argument(
        "--sweep",
        action="append",
        metavar="KEY=V1,V2",
        help=t(
            "compare option values (repeatable: every combination): KEY=V1,V2, a range "
            "KEY=LOW..HIGH or LOW..HIGH:STEP, preset=a,b, bots=B1,B2 (every seat), seatN=B1,B2"
        ),
    )
    analyze.add_argument(
        "--skill",
        metavar="WEAK,STRONG",
        help=t("also luck against skill: the two bots on the same deals (--games deals)"),
    )
    analyze.add_argument("--workers", type=int, default=1, help=t("worker processes"))
    add_backend_arguments(analyze)
    analyze.add_argument(
        "--report",
        metavar="DIR",
        help=t(
            "write HTML, Markdown, CSV, JSON, PNG, and each chunk of games as it finishes "
            "(a stopped run goes on with --resume DIR)"
        ),
    )
    analyze.add_argument(
        "--resume",
        metavar="DIR",
        help=t("go on with the analysis stopped in report folder DIR (its chunks are kept)"),
    )
    analyze.add_argument(
        "--compare",
        nargs=2,
        metavar=("A.json", "B.json"),
        help=t("compare two reports' analysis.json: B against A, differences with intervals"),
    )
    analyze.add_argument("--json", action="store_true", help=t("print the raw figures as JSON"))

    arena = sub.add_parser(
        "arena",
        parents=[language],
        help=t("bots on the same deals in every seat rotation: win rates, Elo, report"),
    )
    add_game_arguments(arena)
    arena.add_argument(
        "--bots", required=True, help=t("one bot per seat, comma-separated (e.g. hard,greedy)")
    )
    arena.add_argument(
        "--games", type=int, required=True, help=t("deals; each is played in every seat rotation")
    )
    arena.add_argument("--seed", type=int, required=True)
    arena.add_argument("--workers", type=int, default=1, help=t("worker processes"))
    add_backend_arguments(arena)
    arena.add_argument("--report", metavar="DIR", help=t("write CSV, JSON and PNG plots there"))
    arena.add_argument("--json", action="store_true", help=t("print one JSON object"))

    replay_cmd = sub.add_parser(
        "replay", parents=[language], help=t("step through records, or --check them")
    )
    replay_cmd.add_argument("file", help=t("a .json record or a .jsonl file of records"))
    replay_cmd.add_argument("--check", action="store_true", help=t("replay all, fail on mismatch"))
    replay_cmd.add_argument("--move", type=int, help=t("stop after this many moves"))
    replay_cmd.add_argument("--no-pause", action="store_true", help=t("do not wait between moves"))

    hint_cmd = sub.add_parser(
        "hint", parents=[language], help=t("the hard bot's best options at a recorded position")
    )
    hint_cmd.add_argument("file", help=t("a .json record (the first of a .jsonl file)"))
    hint_cmd.add_argument("--move", type=int, help=t("after this many moves (default: the last)"))
    hint_cmd.add_argument("--bot", default="hard", help=t("the bot that ranks (default: hard)"))
    hint_cmd.add_argument("--top", type=int, default=3, help=t("how many options (default: 3)"))
    hint_cmd.add_argument("--json", action="store_true", help=t("print one JSON object"))

    bench_cmd = sub.add_parser(
        "bench", parents=[language], help=t("random-play games/s, steps/s, clones/s")
    )
    add_game_arguments(bench_cmd)
    bench_cmd.add_argument("--seconds", type=float, default=3.0)
    bench_cmd.add_argument("--json", action="store_true", help=t("print one JSON object"))

    train_cmd = sub.add_parser(
        "train", parents=[language], help=t("train a value network by self-play (clever)")
    )
    train_cmd.add_argument("game", help=t("the game (clever)"))
    train_cmd.add_argument("--episodes", type=int, default=2000, help=t("self-play games in all"))
    train_cmd.add_argument("--seed", type=int, default=1)
    train_cmd.add_argument("--workers", type=int, default=1, help=t("self-play processes"))
    train_cmd.add_argument("--out", required=True, metavar="DIR", help=t("the run's folder"))
    train_cmd.add_argument("--resume", metavar="CKPT", help=t("go on from a run's checkpoint.npz"))
    train_cmd.add_argument(
        "--start", metavar="NET", help=t("begin from this network (.npz), widened to --hidden")
    )
    train_cmd.add_argument("--hidden", type=int, default=None, help=t("hidden units (default 128)"))
    train_cmd.add_argument(
        "--iteration", type=int, default=None, help=t("games between weight updates")
    )
    train_cmd.add_argument("--learning-rate", type=float, default=None)
    train_cmd.add_argument(
        "--final-learning-rate",
        type=float,
        default=None,
        help=t("the learning rate the last --anneal of the episodes ends at"),
    )
    train_cmd.add_argument(
        "--anneal",
        type=float,
        default=None,
        help=t("the fraction of the episodes at the end over which exploration goes to 0"),
    )
    train_cmd.add_argument("--epsilon", type=float, default=None, help=t("exploration"))
    train_cmd.add_argument("--lambda", dest="lam", type=float, default=None, help=t("TD(λ)"))
    train_cmd.add_argument(
        "--eval-every", type=int, default=2000, help=t("episodes between held-out evaluations")
    )
    train_cmd.add_argument("--eval-games", type=int, default=200, help=t("held-out games"))

    serve_cmd = sub.add_parser(
        "serve", parents=[language], help=t("the online play server (lobby and WebSocket play)")
    )
    serve_cmd.add_argument("--host", default="127.0.0.1", help=t("address to listen on"))
    serve_cmd.add_argument("--port", type=int, default=8000, help=t("port to listen on"))
    serve_cmd.add_argument(
        "--reports",
        metavar="DIR",
        help=t(
            "the analysis reports listed at /reports: the folders clickbox analyze --report "
            "and clickbox tune --report wrote under DIR (default: reports in the data directory)"
        ),
    )
    serve_cmd.add_argument(
        "--db", metavar="URL", help=t("database URL (default: a SQLite file in the data directory)")
    )
    limits = Limits()
    serve_cmd.add_argument("--bot-workers", type=int, default=2, help=t("bot worker processes"))
    serve_cmd.add_argument(
        "--bot-seconds", type=float, default=10.0, help=t("time limit of one bot decision")
    )
    serve_cmd.add_argument(
        "--allow-bot",
        action="append",
        default=[],
        metavar="SPEC",
        help=t(
            "a bot spec seats may ask for besides the levels and random "
            "(e.g. ismcts:iterations=500; each decision still stops at --bot-seconds)"
        ),
    )
    for field, text in SERVE_LIMITS:
        default = getattr(limits, field)
        serve_cmd.add_argument(
            _limit_flag(field), type=type(default), default=default, help=t(text)
        )
    serve_cmd.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help=t(
            "a proxy (an IP address or network) whose X-Forwarded-For header names the client; "
            "without one, the header is ignored"
        ),
    )
    serve_cmd.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help=t("a web origin allowed to open WebSockets besides the server's own"),
    )

    score_cmd = sub.add_parser(
        "score", parents=[language], help=t("check and score a filled paper sheet")
    )
    add_game_arguments(score_cmd)
    score_cmd.add_argument(
        "file", nargs="?", help=t("the sheet as text (see --format); - for stdin")
    )
    score_cmd.add_argument("--format", action="store_true", help=t("show the sheet's text form"))
    score_cmd.add_argument(
        "--quick",
        action="store_true",
        help=t("read a quick count (crosses or points per area, as Marquoir does) instead"),
    )
    score_cmd.add_argument("--json", action="store_true", help=t("print one JSON object"))
    add_tune_parser(sub, [language])
    return parser


def _language(text: str) -> str:
    """A ``--lang`` value, checked (argparse says what is wrong)."""
    try:
        return check_language(text.strip().lower())
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where the locale is read, the first that is set deciding (as gettext does)."""


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale: the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that
    is set (``de_DE.UTF-8`` is ``de``); English for a locale we do not speak (``C``, ``it``)."""
    environ = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "").strip()
        if value:
            code = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
            return code if code in LANGUAGES else SOURCE
    return SOURCE


def choose_language(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language: ``--lang`` wherever it stands in ``argv``, else the locale's.
    A ``--lang`` we do not speak is left to the full parser, which refuses it."""
    finder = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    finder.add_argument("--lang")
    try:
        found, _ = finder.parse_known_args(list(argv))
    except SystemExit:  # "--lang" with no value: the full parser says so
        found = argparse.Namespace(lang=None)
    if found.lang is not None:
        with contextlib.suppress(argparse.ArgumentTypeError):
            return _language(found.lang)
    return locale_language(environ)


def parse_arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The parsed command line; a usage error exits with code 2."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    # Python 3.11's argparse fills an optional positional early, so in `score GAME --json FILE`
    # FILE is left over: take it as the sheet.
    late_file = len(extra) == 1 and (extra[0] == "-" or not extra[0].startswith("-"))
    if args.command == "score" and args.file is None and late_file:
        args.file, extra = extra[0], []
    if extra:
        parser.error(t("unrecognized arguments: {arguments}", arguments=" ".join(extra)))
    return args


COMMANDS: dict[str, Callable[[argparse.Namespace, Console], int]] = {
    "games": cmd_games,
    "rules": cmd_rules,
    "play": cmd_play,
    "simulate": cmd_simulate,
    "analyze": cmd_analyze,
    "arena": cmd_arena,
    "replay": cmd_replay,
    "hint": cmd_hint,
    "bench": cmd_bench,
    "train": cmd_train,
    "score": cmd_score,
    "serve": cmd_serve,
    "tune": cmd_tune,
}


def main(argv: Sequence[str] | None = None, console: Console | None = None) -> int:
    """Run one subcommand in the language of ``--lang`` or the locale; return its exit code.

    The language is set once, before the command runs, in a context of its own: a program that
    calls ``main`` keeps its own language afterwards."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    return contextvars.copy_context().run(_main, arguments, console)


def _main(argv: list[str], console: Console | None) -> int:
    set_language(choose_language(argv))
    args = parse_arguments(argv)
    console = console or Console()
    try:
        return COMMANDS[args.command](args, console)
    except ClickboxError as exc:
        label = t("error:")
        message = escape(str(exc))  # a message may name [things] that are not markup
        console.print(f"[red]{escape(label)}[/red] {message}", markup=True, highlight=False)
        return 2
    except KeyboardInterrupt:
        return 130


def entry() -> None:
    """The console script."""
    sys.exit(main())
