"""What a profile, a history page and a leaderboard show, read from the store (no secrets:
names, scores, ratings, and links to replays and records that anyone may open once a game is
over)."""

from __future__ import annotations

from typing import Any

from ..core.i18n import t
from ..games import CATALOG
from ..games.clever.board import solo_rating
from ..storage import Account, PlayedGame, Store
from .ratings import CLASSES, shown

HISTORY_PAGE = 20
LEADERBOARD_SIZE = 100


def game_title(key: str) -> str:
    for game in CATALOG.games:
        if game.key == key:
            return t(game.title)
    return key


def game_name(key: str) -> str:
    for game in CATALOG.games:
        if game.key == key:
            return game.name
    return key


def played(game: PlayedGame, me: str | None) -> dict[str, Any]:
    """One finished game as a history line (``me``: whose history it is)."""
    seats = []
    mine = None
    for seat in game.seats:
        entry = {k: seat[k] for k in ("seat", "kind", "name", "account", "score", "rank", "won")}
        entry["score"] = _number(seat["score"])
        entry["rated"] = seat["rated"]
        if seat["rated"]:
            before = shown(seat["mu_before"], seat["sigma_before"])
            after = shown(seat["mu_after"], seat["sigma_after"])
            entry |= {"rating_before": before, "rating_after": after}
            entry["rating_change"] = after - before
        seats.append(entry)
        if me is not None and seat["account"] == me:
            mine = entry
    link = f"/t/{game.invite}/replay?game={game.game_number}"
    return {
        "game": game.game,
        "name": game_name(game.game),
        "title": game_title(game.game),
        "players": game.players,
        "game_number": game.game_number,
        "finished_at": game.finished_at,
        "seats": seats,
        "me": mine,
        "replay": link,
        "record": f"/api/tables/{game.invite}/record?game={game.game_number}",
    }


def profile(store: Store, account: Account) -> dict[str, Any]:
    """An account's page: ratings, per-game statistics, Clever's solo figures, recent games."""
    ratings = [
        {
            "game": row["game"],
            "title": game_title(row["game"]),
            "players": row["players"],
            "rating": shown(row["mu"], row["sigma"]),
            "mu": round(row["mu"], 2),
            "sigma": round(row["sigma"], 2),
            "games": row["games"],
        }
        for row in store.ratings_of(account.id)
    ]
    stats = []
    solo = None
    for row in store.stats(account.id):
        entry = {
            "game": row["game"],
            "title": game_title(row["game"]),
            "players": row["players"],
            "games": row["games"],
            "wins": int(row["wins"] or 0),
            "mean_score": round(float(row["mean_score"]), 1),
            "best_score": _number(row["best_score"]),
        }
        stats.append(entry)
        if row["game"] == "clever" and row["players"] == 1:
            label, stars = solo_rating(int(row["best_score"]))
            best = store.best_game(account.id, "clever", 1)
            solo = {
                "games": row["games"],
                "mean_score": entry["mean_score"],
                "best_score": entry["best_score"],
                "best_rating": t(label),
                "best_stars": stars,
                "best_replay": None if best is None else _replay_link(store, *best),
            }
    return {
        "name": account.name,
        "since": account.created_at,
        "ratings": ratings,
        "stats": stats,
        "clever_solo": solo,
        "games": history(store, account, None),
    }


def history(store: Store, account: Account, before: float | None) -> list[dict[str, Any]]:
    return [played(g, account.name) for g in store.history(account.id, HISTORY_PAGE, before)]


def leaderboard(store: Store, game_key: str, players: str) -> dict[str, Any]:
    rows = store.leaderboard(game_key, players, LEADERBOARD_SIZE)
    return {
        "game": game_key,
        "title": game_title(game_key),
        "players": players,
        "classes": list(CLASSES),
        "entries": [
            {
                "place": place,
                "name": row["name"],
                "rating": shown(row["mu"], row["sigma"]),
                "games": row["games"],
            }
            for place, row in enumerate(rows, start=1)
        ],
    }


def game_results(store: Store, table_id: str, game_number: int) -> dict[str, Any]:
    """One finished game of a table as stored: every seat's name, score, rank and, for a rated
    seat, its shown rating before and after (the end screen's rating changes). No seats yet
    while the game is not stored."""
    seats = []
    for row in store.table_results(table_id):
        if row["game_number"] != game_number:
            continue
        entry: dict[str, Any] = {
            "seat": row["seat"],
            "name": row["name"],
            "score": _number(row["score"]),
            "rank": row["rank"],
            "won": bool(row["won"]),
            "rated": bool(row["rated"]) and row["mu_after"] is not None,
        }
        if entry["rated"]:
            before = shown(row["mu_before"], row["sigma_before"])
            after = shown(row["mu_after"], row["sigma_after"])
            entry |= {"rating_before": before, "rating_after": after}
            entry["rating_change"] = after - before
        seats.append(entry)
    return {"game_number": game_number, "seats": seats}


def _replay_link(store: Store, table_id: str, game_number: int) -> str | None:
    row = store.table(table_id)
    return None if row is None else f"/t/{row.invite}/replay?game={game_number}"


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value
