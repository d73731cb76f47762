"""Ratings: OpenSkill's Weng-Lin model (Plackett-Luce), per game and player count class.

Why this model: it is made for games of any number of players ranked in order (ties
allowed), keeps an uncertainty per player (a newcomer's rating moves fast, a regular's
slowly), is a closed-form update (no iteration, no tuning period as Glicko-2's rating periods
need) and is maintained as the ``openskill`` package. A rating is shown as a whole number
(:func:`shown`): ``1000 + 40 (mu - 3 sigma)``, the conservative estimate on a familiar scale, and
never below 1000, where every newcomer starts (the estimate of a newcomer who loses first is
negative: it shows 1000 until rated games lift it). The leaderboard's order is the estimate's.

Which games count (``docs/server.md``): a table rated by its host, at least two seats played
from start to end by signed-in players; a seat a bot or a clock ever moved for (a takeover) is
unrated, and so is a seat its player conceded (a bot plays it to the end; the other seats stay
rated, as after a takeover) and a guest's seat claimed by an account during the game (it is
rated from the next game on); bots are never rated; the rated seats are ranked among
themselves by the game's outcome (winners first, then by score).
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from ..core import Outcome
from ..storage import Finish, Rating, SeatResult
from .tables import LiveTable

MODEL = PlackettLuce()
INITIAL: Rating = (MODEL.mu, MODEL.sigma)
CLASSES = ("2", "3+")
"""Player count classes: two players (a duel), three or more. A solo game is not rated."""


def players_class(players: int) -> str | None:
    """The rating class of a game of this many players (None: a solo game, unrated)."""
    if players < 2:
        return None
    return "2" if players == 2 else "3+"


SHOWN_BASE = 1000
"""The rating every newcomer shows, and the lowest anyone shows."""
SHOWN_SCALE = 40
"""Shown points per point of the conservative estimate ``mu - 3 sigma``."""


def shown(mu: float, sigma: float) -> int:
    """The rating a page shows: ``SHOWN_BASE`` plus ``SHOWN_SCALE`` times the conservative
    estimate ``mu - 3 sigma`` (0 for a newcomer), whole, never below ``SHOWN_BASE``."""
    return round(SHOWN_BASE + SHOWN_SCALE * max(0.0, mu - 3 * sigma))


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """The new ratings of players of these ratings finishing at these ranks (1 = first)."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    rated = MODEL.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in rated]


def ranks(outcome: Outcome) -> list[int]:
    """Each seat's place: winners first, then by score; equal places for equal results."""
    keys = [(seat in outcome.winners, score) for seat, score in enumerate(outcome.scores)]
    return [1 + sum(other > key for other in keys) for key in keys]


def finish(table: LiveTable) -> Finish:
    """What a table's just-finished game stores: each seat's result and who is rated."""
    assert table.match is not None
    outcome = table.match.state.outcome()
    assert outcome is not None
    places = ranks(outcome)
    moved_for = {mark.seat for mark in table.marks if mark.kind in ("takeover", "clock", "concede")}
    klass = players_class(len(table.seats))
    seats = []
    for row in table.seats:
        human = row.kind == "human"
        seats.append(
            SeatResult(
                seat=row.seat,
                kind=row.kind,
                name=table.seat_label(row.seat),
                account_id=row.account_id if human else None,
                score=float(outcome.scores[row.seat]),
                rank=places[row.seat],
                won=row.seat in outcome.winners,
                rated=(
                    table.settings.rated
                    and klass is not None
                    and human
                    and row.account_id is not None
                    and (row.rated_from is None or table.game_number >= row.rated_from)
                    and row.seat not in moved_for
                ),
            )
        )
    return Finish(
        game_number=table.game_number,
        game=table.game.key,
        players_class=klass or "1",
        seats=tuple(seats),
        initial=INITIAL,
        rate=rate,
    )
