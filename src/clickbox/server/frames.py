"""Every frame the server sends is built here, by :func:`build_frame`.

A frame for a viewer (a seat, or ``None`` for a spectator) reads the game only through
``state.view(viewer)`` and the viewer's own legal moves and commitment; everything else in it is
the table's public information (names, who is connected, who must act). Nothing else in the
server makes frames, and only ``Connection``'s writer puts them on a socket.

A spectator gets what every seat may see (``GameBase.witness_view``), not ``view(None)``:
anyone may watch a table, its players too, and in a game where a seat may not see part of its
own position (Click Click Boom: its own hand and face-down cards) ``view(None)`` shows it.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from ..core import CHANCE, GameBase, Line, StateBase, View, changed_from, entry_words, i18n
from ..core.i18n import t
from ..core.play import play
from .tables import LiveTable

PROTOCOL = "clickbox-ws/1"


def table_info(table: LiveTable) -> dict[str, Any]:
    """What anyone at the table (or in the lobby) may know about it."""
    game = table.game
    return {
        "invite": table.invite,
        "game": game.spec(),
        "name": game.name,
        "key": game.key,
        "title": game.title,
        "players": game.num_players,
        "status": table.status,
        "game_number": table.game_number,
        "version": table.version,
        "settings": table.settings.to_json(),
        "seats": [
            {
                "seat": row.seat,
                "kind": row.kind,
                "bot": row.bot,
                "name": row.name if row.kind == "human" else f"bot ({row.bot})",
                "taken": row.taken,
                "signed_in": row.account_id is not None,
                "connected": row.kind == "bot" or table.connected.get(row.seat, 0) > 0,
                "away_bot": table.away.get(row.seat),
            }
            for row in table.seats
        ],
        "host": table.host(),
        "spectators": table.spectators,
        "rematch": sorted(table.rematch),
        "rematch_closed": table.rematch_closed(),
        "conceded": sorted(table.conceded),
        "ended": table.ended,
        "past": [{k: game[k] for k in ("game_number", "scores", "winners")} for game in table.past],
        "awaiting": list(table.awaiting()),
        "committed": list(table.committed()),
        "deadline": table.deadline,
        "banks": table.banks,
        "clock_seat": table.clock_seat,
    }


def build_frame(
    table: LiveTable | None,
    viewer: int | None,
    kind: str,
    info: dict[str, Any] | None = None,
    **fields: Any,
) -> str:
    """The JSON text of one frame of ``kind`` for ``viewer`` (the only frame builder).

    - ``state``: the table and ``view(viewer)`` with its log told in words (``words``: the
      lines of the view's log narrated from that log alone, from the first line the viewer's
      last frame did not have; a ``snapshot`` has them all), the viewer's legal moves when it
      must act, its own simultaneous choice while it waits, and (``snapshot=True``) the recent
      chat;
    - ``table``: the table's public information only (presence, seats);
    - ``welcome``, ``chat``, ``reply``, ``error``, ``pong``: what ``fields`` say.

    ``info`` is ``table_info(table)`` when the caller already has it (a broadcast builds it once).
    """
    frame: dict[str, Any] = {"type": kind}
    if table is not None and kind in ("state", "table", "welcome", "chat"):
        frame["seq"] = table.seq
    if kind == "state":
        assert table is not None
        snapshot = bool(fields.pop("snapshot", False))
        frame["table"] = info if info is not None else table_info(table)
        frame["seat"] = viewer
        match = table.match
        view = None if match is None else game_view(table, viewer)
        frame["view"] = view
        frame["words"] = narrated(table, viewer, view, snapshot)
        if viewer is not None and match is not None:
            to_string = table.game.action_to_string
            describe = table.game.describe_action
            frame["legal"] = [
                {"action": to_string(a), "text": describe(a)} for a in table.legal(viewer)
            ]
            choice = table.pending.get(viewer)
            frame["choice"] = None if choice is None else to_string(choice)
            frame["undo"] = table.can_undo(viewer)
            frame["undo_why"] = table.undo_refusal(viewer)
        if snapshot:
            frame["chat"] = list(table.chat)
            frame["spectator_chat"] = list(table.spectator_chat)
        frame["record"] = table.status == "finished"
    elif kind == "table":
        assert table is not None
        frame["table"] = info if info is not None else table_info(table)
    frame.update(fields)
    return encode(frame)


def narrated(
    table: LiveTable, viewer: int | None, view: View | None, snapshot: bool
) -> dict[str, Any]:
    """The ``words`` of a state frame: ``{"from": k, "lines": [...]}``, the narrated log's
    lines from line ``k`` on, told from ``view["log"]`` alone (the viewer's Narration, fed the
    new entries). A reader holding lines replaces its lines from ``k``; ``k`` beyond what it
    holds means it missed a frame and should ask for a snapshot."""
    if view is None:
        return {"from": 0, "lines": []}
    notes = [
        # TRANSLATORS: {seat} is a player's name.
        (index, Line(t("{seat}'s time ran out: a bot played for them", seat=f"{{s{seat}}}"), seat))
        for index, seat in table.timeouts
    ]
    lines = table.narration(viewer).update(view["log"], notes)
    key = (viewer, i18n.language())
    start = 0 if snapshot else changed_from(table.words_sent.get(key, ()), lines)
    table.words_sent[key] = list(lines)
    return {"from": start, "lines": [line.to_json() for line in lines[start:]]}


def encode(frame: dict[str, Any]) -> str:
    """Compact JSON text (orjson: a state frame is most of the server's work per move)."""
    try:
        return orjson.dumps(frame).decode()
    except TypeError:  # an integer beyond 64 bits echoed in a message: the standard encoder
        return json.dumps(frame, separators=(",", ":"))


def game_view(table: LiveTable, viewer: int | None) -> View:
    """The game as ``viewer`` may see it now (see :func:`seen_by`)."""
    assert table.match is not None
    return seen_by(table.game, table.match.state, viewer)


def seen_by(game: GameBase, state: StateBase, viewer: int | None) -> View:
    """``state`` as ``viewer`` may see it: a spectator sees only what every seat may see, until
    the game is over (its record, every move in it, is public then)."""
    if viewer is not None or not game.hides_own_position or state.is_terminal():
        return state.view(viewer)
    seats = range(game.num_players)
    return game.witness_view(state.view(None), [state.view(seat) for seat in seats])


def replay_steps(
    game: GameBase, actions: tuple[str, ...], viewer: int | None, full: bool
) -> list[dict[str, Any]]:
    """The replay viewer's steps: the game as ``viewer`` saw it at the start and after every
    seat's move (with the chance that followed it), each with who moved and the move in words.

    ``full`` (a finished game, whose record is public): ``GameBase.full_view``, everything.
    Otherwise a seat's own views, and a spectator what every seat may see, as during play.
    The words are made from the log of the last view (:func:`clickbox.core.log_words`): what
    the viewer knows now of each move, never more.
    """
    state = game.new_initial_state()

    def seen(state: StateBase) -> View:
        return game.full_view(state) if full else seen_by(game, state, viewer)

    views: list[View] = []  # at the start and after each seat's move (and its chance)
    moves: list[tuple[int, int]] = []  # each seat's move: the seat, and its place in the log
    for text in actions:
        player = state.current_player()
        if player != CHANCE:
            views.append(seen(state))
            moves.append((player, state.state_id))
        play(state, text)
    views.append(seen(state))
    log = views[-1]["log"]
    steps: list[dict[str, Any]] = [{"seat": None, "move": t("the start"), "view": views[0]}]
    steps.extend(
        {"seat": seat, "move": entry_words(game, log[index]), "view": view}
        for (seat, index), view in zip(moves, views[1:], strict=True)
    )
    return steps


def error_body(code: str, message: str) -> dict[str, Any]:
    """The ``error`` member of an error frame or HTTP error."""
    return {"code": code, "message": message}
