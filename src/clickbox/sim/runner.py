"""The game loop: chance from the match's seeded RNG, decisions from each seat's bot."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..bots.base import Bot
from ..core import Action, ClickboxError, GameBase, GameRecord, Match, Player, derive_rng


class BotError(ClickboxError):
    """A bot returned an action that is not legal (a bug in the bot)."""


StepHook = Callable[[Match, Player, Action], None]


def play_match(
    game: GameBase,
    bots: Sequence[Bot],
    seed: int,
    labels: Sequence[str] | None = None,
    on_step: StepHook | None = None,
    meta: dict[str, str] | None = None,
) -> GameRecord:
    """Play one game to the end and return its record.

    Chance uses the match's RNG (derived from ``seed``); each seat's bot gets its own RNG
    derived from ``seed`` and the seat, so one bot's effort never changes the dice. ``on_step``
    is called after every seat decision (the CLI draws the board there).
    """
    if len(bots) != game.num_players:
        raise ValueError(f"{len(bots)} bots for {game.num_players} seats")
    seats = list(labels) if labels is not None else [bot.label() for bot in bots]
    match = Match(game, seed, seats, meta)
    rngs = [derive_rng(seed, "bot", seat) for seat in range(game.num_players)]
    state = match.state
    while not state.is_terminal():
        seat = state.current_player()
        action = bots[seat].choose(state.view(seat), game, rngs[seat])
        try:
            match.play(action, seat)
        except ClickboxError as exc:
            raise BotError(f"{seats[seat]} (seat {seat}) chose an illegal action: {exc}") from exc
        if on_step is not None:
            on_step(match, seat, action)
    return match.record()
