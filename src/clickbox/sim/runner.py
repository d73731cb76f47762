"""The game loop: chance from the match's seeded RNG, decisions from each seat's bot."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..bots.base import Bot
from ..core import Action, ClickboxError, GameBase, GameRecord, Match, Player, derive_rng


class BotError(ClickboxError):
    """A bot returned an action that is not legal (a bug in the bot)."""


StepHook = Callable[[Match, Player, Action], None]


def play_out(match: Match, bots: Sequence[Bot], on_step: StepHook | None = None) -> GameRecord:
    """Play ``match`` to the end with one bot per seat and return its record.

    Each seat's bot gets its own RNG derived from the match's seed and the seat, so one bot's
    effort never changes the dice or another bot's choices. ``on_step`` is called after every
    seat decision (the CLI draws the board there).
    """
    game = match.game
    if len(bots) != game.num_players:
        raise ValueError(f"{len(bots)} bots for {game.num_players} seats")
    rngs = [derive_rng(match.seed, "bot", seat) for seat in range(game.num_players)]
    state = match.state
    while not state.is_terminal():
        seat = state.current_player()
        action = bots[seat].choose(state.view(seat), game, rngs[seat])
        try:
            match.play(action, seat)
        except ClickboxError as exc:
            who = match.seats[seat]
            raise BotError(f"{who} (seat {seat}) chose an illegal action: {exc}") from exc
        if on_step is not None:
            on_step(match, seat, action)
    return match.record()


def play_match(
    game: GameBase,
    bots: Sequence[Bot],
    seed: int,
    labels: Sequence[str] | None = None,
    meta: dict[str, str] | None = None,
) -> GameRecord:
    """Play a new game of ``game`` seeded with ``seed`` to the end; return its record."""
    seats = list(labels) if labels is not None else [bot.label() for bot in bots]
    return play_out(Match(game, seed, seats, meta), bots)
