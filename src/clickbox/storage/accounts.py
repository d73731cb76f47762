"""Accounts, sessions, results and ratings: the part of ``Store`` that remembers players.

A finished game's results are written by ``Store.append_event`` in the transaction that stores
its last move (``Finish``): the rating change is computed there, from the ratings read in that
transaction, so a game is rated exactly once whatever is killed when.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from . import models, names

Rating = tuple[float, float]
"""A rating as its mean and uncertainty (mu, sigma)."""


class NameTaken(Exception):
    """An account with this name (without regard to case) exists."""


class NameTooLike(NameTaken):
    """An account whose name looks like this one (the same confusable skeleton) exists."""


class AccountSeated(Exception):
    """The account already holds a seat of this table (``seat``; None when a racing claim
    took it): an account plays one seat of a table."""

    def __init__(self, seat: int | None) -> None:
        super().__init__(seat)
        self.seat = seat


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    created_at: float
    lang: str | None = None


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game: who played it and how it ended for them."""

    seat: int
    kind: str
    name: str
    account_id: str | None
    score: float
    rank: int
    won: bool
    rated: bool


@dataclass(frozen=True)
class Finish:
    """A finished game to store with its last move. ``rate`` turns the rated seats' ratings
    (seat order) and ranks into their new ratings; ``initial`` is a newcomer's rating."""

    game_number: int
    game: str
    players_class: str
    seats: tuple[SeatResult, ...]
    initial: Rating
    rate: Callable[[Sequence[Rating], Sequence[int]], list[Rating]]


@dataclass(frozen=True)
class PlayedGame:
    """A finished game in a player's history."""

    table_id: str
    invite: str
    game_number: int
    game: str
    players: int
    finished_at: float
    seats: tuple[dict[str, Any], ...]
    """Every seat: seat, kind, name, account (its name, or None), score, rank, won, rated,
    mu/sigma before and after (None when unrated)."""


class AccountsStore:
    """Mixed into ``Store``: everything about accounts, sessions, results and ratings."""

    engine: Engine

    # -- accounts -----------------------------------------------------------------------------

    def create_account(
        self,
        account_id: str,
        name: str,
        name_key: str,
        password_hash: str,
        lang: str | None,
    ) -> Account:
        """Store a new account; NameTaken if its name is taken, NameTooLike if an account's
        name looks like it (the same ``names.name_skeleton``)."""
        now = time.time()
        name_skeleton = names.name_skeleton(name)
        try:
            with self.engine.begin() as conn:
                _check_name_free(conn, name, name_key, name_skeleton)
                conn.execute(
                    models.accounts.insert().values(
                        id=account_id,
                        name=name,
                        name_key=name_key,
                        name_skeleton=name_skeleton,
                        password_hash=password_hash,
                        lang=lang,
                        created_at=now,
                    )
                )
        except IntegrityError:  # a racing sign-up took the name or its look-alike first
            with self.engine.connect() as conn:
                _check_name_free(conn, name, name_key, name_skeleton)
            raise NameTaken(name) from None
        return Account(account_id, name, now, lang)

    def account_login(self, name_key: str) -> tuple[Account, str] | None:
        """The account of this name and its password hash, or None."""
        a = models.accounts.c
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(models.accounts).where(a.name_key == name_key)).first()
        if row is None:
            return None
        return _account(row._mapping), row._mapping["password_hash"]

    def account_by_name(self, name_key: str) -> Account | None:
        found = self.account_login(name_key)
        return None if found is None else found[0]

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        """Store a rehashed password (argon2's parameters changed)."""
        with self.engine.begin() as conn:
            conn.execute(
                models.accounts.update()
                .where(models.accounts.c.id == account_id)
                .values(password_hash=password_hash)
            )

    def set_account_lang(self, account_id: str, lang: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                models.accounts.update().where(models.accounts.c.id == account_id).values(lang=lang)
            )

    # -- sessions -----------------------------------------------------------------------------

    def create_session(self, token_hash: str, account_id: str, expires_at: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                models.sessions.insert().values(
                    token_hash=token_hash,
                    account_id=account_id,
                    created_at=time.time(),
                    expires_at=expires_at,
                )
            )

    def session_account(self, token_hash: str, now: float) -> Account | None:
        """The account signed in by this session, if it has not expired."""
        s, a = models.sessions.c, models.accounts.c
        query = (
            sa.select(models.accounts)
            .join(models.sessions, s.account_id == a.id)
            .where(s.token_hash == token_hash, s.expires_at > now)
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else _account(row._mapping)

    def delete_session(self, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(models.sessions.delete().where(models.sessions.c.token_hash == token_hash))

    def delete_expired_sessions(self, now: float) -> int:
        with self.engine.begin() as conn:
            result = conn.execute(
                models.sessions.delete().where(models.sessions.c.expires_at <= now)
            )
            return int(result.rowcount)

    # -- seats of an account --------------------------------------------------------------------

    def claim_guest_seat(self, account_id: str, table_id: str, seat: int, token_hash: str) -> bool:
        """Give the account the guest seat whose token its browser held, with the seat's
        finished games' results (which stay unrated). The account is rated at this seat from
        the table's next game on: a game under way when the seat is claimed stays unrated.
        False if the token does not hold the seat or an account has it; AccountSeated if this
        account holds another seat of the table."""
        s, r, t = models.seats.c, models.results.c, models.tables.c
        next_game = sa.select(t.game_number + 1).where(t.id == table_id).scalar_subquery()
        try:
            with self.engine.begin() as conn:
                held = seat_of_account(conn, table_id, account_id)
                if held is not None:
                    raise AccountSeated(held)
                result = conn.execute(
                    models.seats.update()
                    .where(
                        s.table_id == table_id,
                        s.seat == seat,
                        s.token_hash == token_hash,
                        s.account_id.is_(None),
                    )
                    .values(account_id=account_id, rated_from=next_game)
                )
                if result.rowcount != 1:
                    return False
                conn.execute(
                    models.results.update()
                    .where(r.table_id == table_id, r.seat == seat, r.account_id.is_(None))
                    .values(account_id=account_id)
                )
                return True
        except IntegrityError:  # a racing claim of another seat by the same account won
            raise AccountSeated(None) from None

    # -- results and ratings --------------------------------------------------------------------

    def _store_finish(self, conn: sa.Connection, table_id: str, finish: Finish) -> None:
        """Write a finished game's results and apply its rating change (inside the caller's
        transaction). A game already stored fails on the results' key: never rated twice."""
        rt = models.ratings.c
        accounts = Counter(s.account_id for s in finish.seats if s.account_id is not None)
        # An account in two seats (which the seats' unique index forbids since 0004) is rated
        # in neither: the game still ends, and nobody rates a game against themselves.
        rated = [
            s
            for s in finish.seats
            if s.rated and s.account_id is not None and accounts[s.account_id] == 1
        ]
        before: dict[str, Rating] = {}
        after: dict[str, Rating] = {}
        if len(rated) >= 2:
            ids = [s.account_id for s in rated]
            rows = conn.execute(
                sa.select(rt.account_id, rt.mu, rt.sigma).where(
                    rt.account_id.in_(ids),
                    rt.game == finish.game,
                    rt.players == finish.players_class,
                )
            ).all()
            known = {row.account_id: (row.mu, row.sigma) for row in rows}
            current = [known.get(str(s.account_id), finish.initial) for s in rated]
            new = finish.rate(current, [s.rank for s in rated])
            now = time.time()
            for seat, old, rating in zip(rated, current, new, strict=True):
                account = str(seat.account_id)
                before[account], after[account] = old, rating
                values = {"mu": rating[0], "sigma": rating[1], "updated_at": now}
                if account in known:
                    conn.execute(
                        models.ratings.update()
                        .where(
                            rt.account_id == account,
                            rt.game == finish.game,
                            rt.players == finish.players_class,
                        )
                        .values(games=rt.games + 1, **values)
                    )
                else:
                    conn.execute(
                        models.ratings.insert().values(
                            account_id=account,
                            game=finish.game,
                            players=finish.players_class,
                            games=1,
                            **values,
                        )
                    )
        now = time.time()
        conn.execute(
            models.results.insert(),
            [
                {
                    "table_id": table_id,
                    "game_number": finish.game_number,
                    "seat": s.seat,
                    "account_id": s.account_id,
                    "game": finish.game,
                    "players": len(finish.seats),
                    "kind": s.kind,
                    "name": s.name,
                    "score": s.score,
                    "rank": s.rank,
                    "won": s.won,
                    "rated": s.account_id in after,
                    "mu_before": before.get(str(s.account_id), (None, None))[0],
                    "sigma_before": before.get(str(s.account_id), (None, None))[1],
                    "mu_after": after.get(str(s.account_id), (None, None))[0],
                    "sigma_after": after.get(str(s.account_id), (None, None))[1],
                    "finished_at": now,
                }
                for s in finish.seats
            ],
        )

    def ratings_of(self, account_id: str) -> list[dict[str, Any]]:
        """Every rating of an account: game, players class, mu, sigma, games."""
        rt = models.ratings.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(rt.game, rt.players, rt.mu, rt.sigma, rt.games)
                .where(rt.account_id == account_id)
                .order_by(rt.game, rt.players)
            ).mappings()
            return [dict(row) for row in rows]

    def leaderboard(self, game: str, players_class: str, limit: int) -> list[dict[str, Any]]:
        """The rated accounts of a game and class: name, mu, sigma, games (unordered)."""
        rt, a = models.ratings.c, models.accounts.c
        query = (
            sa.select(a.name, rt.mu, rt.sigma, rt.games)
            .join(models.accounts, a.id == rt.account_id)
            .where(rt.game == game, rt.players == players_class)
            .order_by((rt.mu - 3 * rt.sigma).desc(), a.name_key)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [dict(row) for row in conn.execute(query).mappings()]

    def history(self, account_id: str, limit: int, before: float | None = None) -> list[PlayedGame]:
        """The account's finished games, newest first (``before``: older than this time)."""
        r, t, a = models.results.c, models.tables.c, models.accounts.c
        mine = sa.select(r.table_id, r.game_number, r.finished_at).where(r.account_id == account_id)
        if before is not None:
            mine = mine.where(r.finished_at < before)
        mine = mine.order_by(r.finished_at.desc(), r.table_id).limit(limit)
        with self.engine.connect() as conn:
            picked = conn.execute(mine).all()
            if not picked:
                return []
            keys = {(row.table_id, row.game_number) for row in picked}
            rows = conn.execute(
                sa.select(models.results, t.invite, a.name.label("account_name"))
                .join(models.tables, t.id == r.table_id)
                .outerjoin(models.accounts, a.id == r.account_id)
                .where(r.table_id.in_({k[0] for k in keys}))
                .order_by(r.seat)
            ).mappings()
            by_game: dict[tuple[str, int], list[Any]] = {}
            for row in rows:
                key = (row["table_id"], row["game_number"])
                if key in keys:
                    by_game.setdefault(key, []).append(row)
        games = []
        for pick in picked:
            seats = by_game[(pick.table_id, pick.game_number)]
            first = seats[0]
            games.append(
                PlayedGame(
                    table_id=pick.table_id,
                    invite=first["invite"],
                    game_number=pick.game_number,
                    game=first["game"],
                    players=first["players"],
                    finished_at=pick.finished_at,
                    seats=tuple(_played_seat(s) for s in seats),
                )
            )
        return games

    def stats(self, account_id: str) -> list[dict[str, Any]]:
        """Per game and player count: games, wins, mean and best score."""
        r = models.results.c
        query = (
            sa.select(
                r.game,
                r.players,
                sa.func.count().label("games"),
                sa.func.sum(sa.case((r.won, 1), else_=0)).label("wins"),
                sa.func.avg(r.score).label("mean_score"),
                sa.func.max(r.score).label("best_score"),
            )
            .where(r.account_id == account_id)
            .group_by(r.game, r.players)
            .order_by(r.game, r.players)
        )
        with self.engine.connect() as conn:
            return [dict(row) for row in conn.execute(query).mappings()]

    def best_game(self, account_id: str, game: str, players: int) -> tuple[str, int] | None:
        """The table id and game number of the account's best score at a game and count."""
        r = models.results.c
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(r.table_id, r.game_number)
                .where(r.account_id == account_id, r.game == game, r.players == players)
                .order_by(r.score.desc(), r.finished_at)
                .limit(1)
            ).first()
        return None if row is None else (row.table_id, row.game_number)

    def table_results(self, table_id: str) -> list[dict[str, Any]]:
        """Every result row of a table's finished games, by game and seat."""
        r = models.results.c
        query = (
            sa.select(models.results).where(r.table_id == table_id).order_by(r.game_number, r.seat)
        )
        with self.engine.connect() as conn:
            return [dict(row) for row in conn.execute(query).mappings()]


def seat_of_account(conn: sa.Connection, table_id: str, account_id: str) -> int | None:
    """The seat the account holds at the table, if any."""
    s = models.seats.c
    return conn.execute(
        sa.select(s.seat).where(s.table_id == table_id, s.account_id == account_id)
    ).scalar()


def _check_name_free(conn: sa.Connection, name: str, name_key: str, name_skeleton: str) -> None:
    """NameTaken if an account has this name, NameTooLike if one has a name like it."""
    a = models.accounts.c
    if conn.execute(sa.select(a.id).where(a.name_key == name_key)).first() is not None:
        raise NameTaken(name)
    if conn.execute(sa.select(a.id).where(a.name_skeleton == name_skeleton)).first() is not None:
        raise NameTooLike(name)


def _account(row: Any) -> Account:
    return Account(id=row["id"], name=row["name"], created_at=row["created_at"], lang=row["lang"])


def _played_seat(row: Any) -> dict[str, Any]:
    return {
        "seat": row["seat"],
        "kind": row["kind"],
        "name": row["name"],
        "account": row["account_name"],
        "score": row["score"],
        "rank": row["rank"],
        "won": bool(row["won"]),
        "rated": bool(row["rated"]),
        "mu_before": row["mu_before"],
        "sigma_before": row["sigma_before"],
        "mu_after": row["mu_after"],
        "sigma_after": row["sigma_after"],
    }
