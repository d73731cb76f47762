"""The ASGI application: the lobby's HTTP API and one WebSocket per connection.

``create_app`` builds it (uvicorn serves it: ``clickbox serve``). The WebSocket protocol
(``clickbox-ws/1``) is described in ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .. import __version__
from ..bots.levels import LEVEL_NAMES
from ..core import OptionError, UnknownGameError, i18n
from ..core.i18n import N_, t
from ..core.options import OptionSpec
from ..games import CATALOG
from ..storage import Store
from . import pad, profiles
from .accounts import (
    Accounts,
    check_same_site,
    claims,
    clear_session,
    lookup_key,
    public_account,
    session_token,
    set_session,
)
from .bots import BotRunner
from .frames import PROTOCOL, build_frame, encode, error_body, table_info
from .hub import CLIENT_ID_LIMIT, Hub, Viewer
from .language import LanguageMiddleware
from .limits import SERVER_BOTS, Limits
from .ratings import CLASSES
from .reports import report_routes
from .tables import TableError

log = logging.getLogger("clickbox.server")

STATIC = Path(__file__).parent / "static"
"""The browser pages: plain HTML, CSS and ES modules, no build step."""
MAX_MESSAGE = 8 * 1024
"""The largest WebSocket message read (uvicorn also closes with 1009 above its own limit)."""
MAX_BODY = 64 * 1024
SEND_QUEUE = 512
HELLO_SECONDS = 10.0
RATE = 20.0
"""Messages per second a connection may send on average ..."""
BURST = 40.0
"""... and in a burst."""
FLOOD_CLOSE = 200
"""Refused messages in a row after which the connection is closed (1008)."""

HTTP_STATUS = {
    "invalid": 400,
    "sign_in": 401,
    "not_seated": 403,
    "forbidden": 403,
    "not_found": 404,
    "method_not_allowed": 405,
    "conflict": 409,
    "rematch_closed": 409,
    "too_large": 413,
    "rate_limited": 429,
    "unavailable": 503,
}
ROUTING_CODES = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}
ROUTING_TEXTS = (N_("Not Found"), N_("Method Not Allowed"))
"""What Starlette says of a request no route answers (translated where it is shown)."""

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""The pages load their own scripts and styles only, and talk only to this server."""
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
"""On every answer (a page's address holds its table's invite code: no referrer)."""
DENIAL_EXTENSION = "websocket.http.response"
"""The ASGI extension by which an app answers a WebSocket handshake it refuses (uvicorn has it)."""


class SecurityHeaders:
    """ASGI middleware: ``SECURITY_HEADERS`` on every answer: each HTTP response, a WebSocket's
    accepted handshake, and a refused one. An app closes a WebSocket before accepting it to
    refuse it (which a server answers with a bare 403); where the server has the denial
    extension, that close becomes a 403 with these headers and a JSON ``error`` body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self.app(scope, receive, _with_headers(send, "http.response.start"))
        elif scope["type"] == "websocket":
            await self.app(scope, receive, _refusing_with_headers(scope, send))
        else:
            await self.app(scope, receive, send)


def _with_headers(send: Send, *kinds: str) -> Send:
    """``send`` with ``SECURITY_HEADERS`` added to the messages of these kinds."""

    async def send_with_headers(message: Message) -> None:
        if message["type"] in kinds:
            headers = [*message.get("headers", ()), *SECURITY_HEADERS]
            message = {**message, "headers": headers}
        await send(message)

    return send_with_headers


def _refusing_with_headers(scope: Scope, send: Send) -> Send:
    """A WebSocket's ``send``: its handshake's answer, accepted or refused, with the headers."""
    can_deny = DENIAL_EXTENSION in scope.get("extensions", {})
    answered = False
    send_with_headers = _with_headers(send, "websocket.accept", "websocket.http.response.start")

    async def send_answer(message: Message) -> None:
        nonlocal answered
        if answered:  # the handshake is answered: a frame goes straight on (every move's)
            await send(message)
            return
        kind = message["type"]
        if kind == "websocket.close" and can_deny:
            answered = True
            text = message.get("reason") or t("the connection is refused")
            body = encode({"error": error_body("forbidden", text)}).encode()
            head = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
            start = {"type": "websocket.http.response.start", "status": 403, "headers": head}
            await send_with_headers(start)
            await send({"type": "websocket.http.response.body", "body": body})
            return
        if kind in ("websocket.accept", "websocket.http.response.start", "websocket.close"):
            answered = True
        await send_with_headers(message)

    return send_answer


class Connection(Viewer):
    """One WebSocket. ``send`` queues a frame; one writer task puts frames on the socket."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.seat: int | None = None
        self.table_id: str | None = None
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=SEND_QUEUE)
        self._tokens = BURST
        self._last = time.monotonic()
        self.refused_in_a_row = 0
        self.close_code: int | None = None
        self._writer = asyncio.ensure_future(self._write())

    def send(self, text: str) -> None:
        """Queue a frame (built by ``frames.build_frame``); a client that reads too slowly
        to keep up is closed rather than let frames pile up."""
        if self.close_code is not None:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            with i18n.using(self.lang):  # a broadcast sends in another request's language
                self.close(1008, t("too slow to read the table"))

    def close(self, code: int, reason: str) -> None:
        """Close after the frames already queued; when the queue is full (a client too slow to
        read), what it has not read is dropped, so that the close itself always gets through
        and the writer ends."""
        if self.close_code is None:
            self.close_code = code
            self._reason = reason
            if self._queue.full():
                while not self._queue.empty():
                    self._queue.get_nowait()
            self._queue.put_nowait(None)

    def allow(self) -> bool:
        """Token bucket: False when the client sends faster than it may."""
        now = time.monotonic()
        self._tokens = min(BURST, self._tokens + (now - self._last) * RATE)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    async def _write(self) -> None:
        websocket = self.websocket
        try:
            while (text := await self._queue.get()) is not None:
                await websocket.send_text(text)
            if websocket.application_state == WebSocketState.CONNECTED:
                await websocket.close(self.close_code or 1000, self._reason)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the client is gone

    async def finish(self) -> None:
        """Flush what is queued and stop the writer."""
        self.close(1000, "")
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(self._writer, 5)


def _error(code: str, message: str, status: int | None = None) -> JSONResponse:
    return JSONResponse({"error": error_body(code, message)}, status or HTTP_STATUS.get(code, 400))


async def _body(request: Request) -> dict[str, Any]:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise TableError(
                "too_large", t("the request body is larger than {limit} bytes", limit=MAX_BODY)
            )
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise TableError("invalid", t("the request body must be a JSON object")) from None
    if not isinstance(data, dict):
        raise TableError("invalid", t("the request body must be a JSON object"))
    return data


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return None


def _client(connection: HTTPConnection) -> str:
    """The requester's address (what per-client limits count by): the connection's peer, or,
    from a ``--trusted-proxy``, the client its ``X-Forwarded-For`` names (uvicorn's proxy
    middleware puts it in the scope: the right-most address that is not a trusted proxy)."""
    return connection.client.host if connection.client is not None else ""


def create_app(
    db_url: str | None = None,
    *,
    bot_workers: int = 2,
    bot_seconds: float = 10.0,
    bot_delay: float = 0.0,
    allowed_origins: tuple[str, ...] = (),
    server_origins: tuple[str, ...] = (),
    limits: Limits | None = None,
    password_hasher: Any = None,
    reports_dir: Path | None = None,
) -> Starlette:
    """The server application. Storage is opened (and migrated) at startup.

    A browser's WebSocket must come from one of ``server_origins`` (the addresses the server
    was started on, ``serve.own_origins``) or ``allowed_origins`` (``--allow-origin``).
    ``reports_dir``: the analysis reports listed at ``/reports`` (none without it).
    """
    state: dict[str, Any] = {}
    origins = frozenset((*server_origins, *allowed_origins))

    def hub() -> Hub:
        hub: Hub = state["hub"]
        return hub

    def accounts() -> Accounts:
        found: Accounts = state["accounts"]
        return found

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, db_url)
        log.info("storage: %s", store.describe())
        state["hub"] = app.state.hub = Hub(
            store, BotRunner(bot_workers, bot_seconds), bot_delay=bot_delay, limits=limits
        )
        state["accounts"] = Accounts(store, hub().limits, password_hasher)
        await hub().startup()
        try:
            yield
        finally:
            await hub().shutdown()
            store.close()

    async def index(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(_request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def replay_page(_request: Request) -> Response:
        return FileResponse(STATIC / "replay.html")

    async def rules_page(_request: Request) -> Response:
        return FileResponse(STATIC / "rules.html")

    async def pad_page(_request: Request) -> Response:
        return FileResponse(STATIC / "pad.html")

    async def pad_worker(_request: Request) -> Response:
        """The pad's service worker, served from the root so that it may keep ``/pad``."""
        return FileResponse(
            STATIC / "pad-sw.js",
            media_type="text/javascript",
            headers={"Cache-Control": "no-cache"},
        )

    async def pad_list(_request: Request) -> Response:
        return JSONResponse({"pads": pad.pads()})

    async def pad_score(request: Request) -> Response:
        try:
            return JSONResponse({"card": pad.score(await _body(request))})
        except TableError as exc:
            return _table_error(exc)
        except pad.PadError as exc:
            return JSONResponse({"error": {**error_body("invalid", str(exc)), **exc.where}}, 400)

    async def catalog(request: Request) -> Response:
        """One language's translations of every domain, for the pages (``static/i18n.js``)."""
        lang = request.path_params["lang"]
        if lang not in i18n.LANGUAGES:
            return _error("not_found", t("no such language: {lang}", lang=repr(lang[:20])))
        body = {"lang": lang, "messages": i18n.catalog(lang), "plurals": i18n.plurals(lang)}
        return JSONResponse(body, headers={"Cache-Control": "no-cache"})

    async def health(_request: Request) -> Response:
        return JSONResponse({"ok": True, "version": __version__, "tables": len(hub().tables)})

    async def games(_request: Request) -> Response:
        return JSONResponse(
            {
                "games": [
                    {
                        "name": g.name,
                        "title": t(g.title),
                        "min_players": g.min_players,
                        "max_players": g.max_players,
                        "default_players": g.default_players,
                        "presets": sorted(g.presets),
                        "options": [o.name for o in g.Params.option_specs()],
                    }
                    for g in CATALOG.games
                ],
                "levels": list(LEVEL_NAMES),
                "bots": [*SERVER_BOTS, *hub().limits.bots],
            }
        )

    def _value_words(option: OptionSpec) -> dict[str, str] | None:
        """Each value a menu offers for ``option`` (keyed by the text that sets it) in words."""
        values = option.choices or ((True, False) if option.kind is bool else ())
        if not values:
            return None
        return {
            str(v).lower() if isinstance(v, bool) else str(v): option.value_words(v) for v in values
        }

    async def game_details(request: Request) -> Response:
        """One game for the lobby's options and the rules page: the rules in short, every
        option with what it allows, the presets and the project's rules decisions."""
        try:
            game = CATALOG.get(request.path_params["game"])
        except UnknownGameError as exc:
            return JSONResponse({"error": error_body("not_found", str(exc))}, status_code=404)
        return JSONResponse(
            {
                "name": game.name,
                "key": game.key,
                "title": t(game.title),
                "min_players": game.min_players,
                "max_players": game.max_players,
                "default_players": game.default_players,
                "summary": t(game.rules_summary),
                "options": [
                    {
                        "name": o.name,
                        "label": o.title(),
                        "group": o.group,
                        "kind": o.kind.__name__,
                        "default": o.default,
                        "default_words": o.value_words(o.default),
                        "help": t(o.help),
                        "words": _value_words(o),
                        "choices": None if o.choices is None else list(o.choices),
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                        "allowed": o.allowed(),
                    }
                    for o in game.Params.option_specs()
                ],
                "presets": {
                    name: {
                        key: value if isinstance(value, bool | int | str) else str(value)
                        for key, value in values.items()
                    }
                    for name, values in game.presets.items()
                },
                "preset_words": {
                    name: {"label": t(label), "help": t(help)}
                    for name, (label, help) in game.preset_words.items()
                },
                "decisions": [
                    {"key": d.key, "title": t(d.title), "text": t(d.text)}
                    for d in game.rules_decisions
                ],
            }
        )

    async def tables(request: Request) -> Response:
        try:
            if request.method == "GET":
                return JSONResponse({"tables": await hub().listing()})
            account = None
            if session_token(request) is not None:
                check_same_site(request, origins)
                account = await accounts().current(request)
            reply = await hub().create(await _body(request), _client(request), account)
            table = await hub().table(reply["invite"])
            return JSONResponse({**reply, "table": table_info(table)}, status_code=201)
        except (TableError, OptionError) as exc:
            return _table_error(exc)

    async def my_tables(request: Request) -> Response:
        """The tables where the seat tokens sent (and the signed-in account) hold a seat."""
        try:
            account = None
            if session_token(request) is not None:
                check_same_site(request, origins)
                account = await accounts().current(request)
            return JSONResponse({"tables": await hub().mine(await _body(request), account)})
        except TableError as exc:
            return _table_error(exc)

    async def one_table(request: Request) -> Response:
        invite = request.path_params["invite"]
        try:
            table = await hub().table(invite)
            return JSONResponse({"table": table_info(table)})
        except TableError as exc:
            return _table_error(exc)

    async def table_action(request: Request) -> Response:
        invite = request.path_params["invite"]
        what = request.path_params["what"]
        try:
            if what == "join":
                account = None
                if session_token(request) is not None:
                    check_same_site(request, origins)
                    account = await accounts().current(request)
                return JSONResponse(await hub().join(invite, await _body(request), account))
            token = _bearer(request)
            if what == "leave":
                return JSONResponse(await hub().leave(invite, token))
            if what == "start":
                return JSONResponse(await hub().start(invite, token))
            if what == "again":
                return JSONResponse(await hub().again(invite, token))
            if what == "concede":
                return JSONResponse(await hub().concede(invite, token))
            if what == "abandon":
                return JSONResponse(await hub().abandon(invite, token))
            raise TableError("not_found", t("no such table action: {what}", what=what))
        except TableError as exc:
            return _table_error(exc)

    async def record(request: Request) -> Response:
        try:
            table = await hub().table(request.path_params["invite"])
            past = _past_game(table, request)
            if past is not None:
                return JSONResponse(past["record"])
            if table.status != "finished" or table.match is None:
                raise TableError("conflict", t("the record is shown once the game is over"))
            return JSONResponse(table.record_json())
        except TableError as exc:
            return _table_error(exc)

    async def results(request: Request) -> Response:
        """``/api/tables/{invite}/results?game=N``: a finished game's stored results, each rated
        seat's rating before and after (the end screen's rating changes); no seats until the
        game is stored."""
        try:
            table = await hub().table(request.path_params["invite"])
            number = request.query_params.get("game", str(table.game_number)).strip()
            if not number.isdigit() or len(number) > 9:
                raise TableError("invalid", t("game must be a game number"))
            store = hub().store
            found = await asyncio.to_thread(profiles.game_results, store, table.id, int(number))
            return JSONResponse(found)
        except TableError as exc:
            return _table_error(exc)

    async def replay(request: Request) -> Response:
        """The steps of the current game for the replay viewer: the viewer's own views while it
        is played (a seat by its token; anyone else what every seat may see), all of it after."""
        try:
            table = await hub().table(request.path_params["invite"])
            past = _past_game(table, request)
            if past is not None:
                if not hub().replay_buckets.take(_client(request)):
                    raise _replays_limited(hub().limits.replay_per_minute)
                steps = await hub().past_replay(table, past)
                head = encode(
                    {
                        "table": table_info(table),
                        "seq": table.seq,
                        "seat": None,
                        "full": True,
                        "game_number": past["game_number"],
                    }
                )
                return Response(f'{head[:-1]},"steps":{steps}}}', media_type="application/json")
            if table.match is None:
                raise TableError("conflict", t("the game has not started yet"))
            token = _bearer(request)
            viewer = hub().seat_of(table, token)
            if token is not None and viewer is None:
                raise TableError("not_seated", t("that seat token is not valid at this table"))
            if not hub().replay_buckets.take(_client(request)):
                raise _replays_limited(hub().limits.replay_per_minute)
            seq = table.seq  # the event the steps are built after (read before any await)
            full, steps = await hub().replay(table, viewer)
            head = encode({"table": table_info(table), "seq": seq, "seat": viewer, "full": full})
            body = f'{head[:-1]},"steps":{steps}}}'
            return Response(body, media_type="application/json")
        except TableError as exc:
            return _table_error(exc)

    # -- accounts, profiles, leaderboards ----------------------------------------------------

    async def account_page(_request: Request) -> Response:
        return FileResponse(STATIC / "account.html")

    async def profile_page(_request: Request) -> Response:
        return FileResponse(STATIC / "profile.html")

    async def leaderboard_page(_request: Request) -> Response:
        return FileResponse(STATIC / "leaderboard.html")

    async def account_get(request: Request) -> Response:
        return JSONResponse({"account": public_account(await accounts().current(request))})

    async def account_action(request: Request) -> Response:
        """POST /api/account/{signup,signin,signout,claim,lang}."""
        what = request.path_params["what"]
        try:
            check_same_site(request, origins)
            body = await _body(request)
            if what in ("signup", "signin"):
                wanted = claims(body.get("claim"))  # checked before anything is stored
                old = session_token(request)
                if what == "signup":
                    lang = body.get("lang") if body.get("lang") in i18n.LANGUAGES else None
                    account, token = await accounts().sign_up(body, _client(request), lang)
                else:
                    account, token = await accounts().sign_in(body, _client(request))
                await accounts().sign_out(old)  # a new session: never the one the browser had
                claimed = await hub().claim(account.id, wanted)
                response = JSONResponse(
                    {"account": public_account(account), "claimed": claimed},
                    status_code=201 if what == "signup" else 200,
                )
                set_session(response, request, token)
                return response
            if what == "signout":
                await accounts().sign_out(session_token(request))
                response = JSONResponse({"account": None})
                clear_session(response, request)
                return response
            signed_in = await accounts().current(request)
            if signed_in is None:
                raise TableError("sign_in", t("sign in first"))
            if what == "claim":
                claimed = await hub().claim(signed_in.id, claims(body.get("claim")))
                return JSONResponse({"claimed": claimed})
            if what == "lang":
                lang = body.get("lang")
                if lang not in i18n.LANGUAGES:
                    languages = ", ".join(i18n.LANGUAGES)
                    raise TableError(
                        "invalid", t("lang must be one of {languages}", languages=languages)
                    )
                await asyncio.to_thread(hub().store.set_account_lang, signed_in.id, lang)
                return JSONResponse({"account": {"name": signed_in.name, "lang": lang}})
            raise TableError("not_found", t("no such account action: {what}", what=what[:20]))
        except TableError as exc:
            return _table_error(exc)

    async def player(request: Request) -> Response:
        """A player's profile (``/api/players/NAME``) or more of their games
        (``/api/players/NAME/games?before=TIME``)."""
        store = hub().store
        key = lookup_key(request.path_params["name"])  # a name no account can have: not asked
        found = None if key is None else await asyncio.to_thread(store.account_by_name, key)
        if found is None:
            return _error("not_found", t("no player has that name"))
        if request.path_params.get("what") == "games":
            before = _float(request.query_params.get("before"))
            games = await asyncio.to_thread(profiles.history, store, found, before)
            return JSONResponse({"name": found.name, "games": games})
        return JSONResponse(await asyncio.to_thread(profiles.profile, store, found))

    async def leaderboard(request: Request) -> Response:
        try:
            game = CATALOG.get(request.path_params["game"])
        except UnknownGameError as exc:
            return _error("not_found", str(exc))
        players = request.query_params.get("players", "2")
        if players not in CLASSES:
            classes = ", ".join(CLASSES)
            return _error("invalid", t("players must be one of {classes}", classes=classes))
        board = await asyncio.to_thread(profiles.leaderboard, hub().store, game.key, players)
        return JSONResponse(board)

    async def websocket_endpoint(websocket: WebSocket) -> None:
        origin = websocket.headers.get("origin")
        if origin is not None and origin not in origins:
            await websocket.close(code=1008, reason=t("origin not allowed"))
            return
        await websocket.accept()
        connection = Connection(websocket)
        connection.lang = i18n.language()
        connection.client = _client(websocket)  # the per-client spectator cap counts by it
        try:
            await _serve_connection(hub(), connection, websocket)
        finally:
            await hub().goodbye(connection)
            await connection.finish()

    routes = [
        Route("/", index),
        Route("/t/{invite}", table_page),
        Route("/t/{invite}/replay", replay_page),
        Route("/rules/{game}", rules_page),
        Route("/pad", pad_page),
        Route("/pad-sw.js", pad_worker),
        Route("/account", account_page),
        Route("/u/{name}", profile_page),
        Route("/leaderboard", leaderboard_page),
        *(report_routes(reports_dir) if reports_dir is not None else []),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/healthz", health),
        Route("/api/i18n/{lang}", catalog),
        Route("/api/games", games),
        Route("/api/games/{game}", game_details),
        Route("/api/pad", pad_list),
        Route("/api/pad/score", pad_score, methods=["POST"]),
        Route("/api/account", account_get),
        Route("/api/account/{what}", account_action, methods=["POST"]),
        Route("/api/players/{name}", player),
        Route("/api/players/{name}/{what:str}", player),
        Route("/api/leaderboard/{game}", leaderboard),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/my-tables", my_tables, methods=["POST"]),
        Route("/api/tables/{invite}", one_table),
        Route("/api/tables/{invite}/record", record),
        Route("/api/tables/{invite}/replay", replay),
        Route("/api/tables/{invite}/results", results),
        Route("/api/tables/{invite}/{what}", table_action, methods=["POST"]),
        WebSocketRoute("/ws/{invite}", websocket_endpoint),
    ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(SecurityHeaders), Middleware(LanguageMiddleware)],
        exception_handlers={HTTPException: _routing_error, ClientDisconnect: _client_gone},
    )


async def _routing_error(_request: Request, exc: Exception) -> Response:
    """A request no route answers (404) or with a method its route does not take (405): the
    documented error body, like every other error."""
    assert isinstance(exc, HTTPException)
    code = ROUTING_CODES.get(exc.status_code, "invalid")
    response = _error(code, t(str(exc.detail)), exc.status_code)
    for name, value in (exc.headers or {}).items():
        response.headers[name] = value
    return response


async def _client_gone(_request: Request, _exc: Exception) -> Response:
    """The client went (or its request was cut: ``guard``) before its body was in: nobody
    reads the answer, and it is no server error to log."""
    return Response(status_code=400)


def _replays_limited(per_minute: float) -> TableError:
    return TableError(
        "rate_limited", t("at most {per_minute} replays a minute", per_minute=f"{per_minute:g}")
    )


def _table_error(exc: TableError | OptionError) -> JSONResponse:
    if isinstance(exc, OptionError):
        return _error("invalid", str(exc))
    return _error(exc.code, exc.message)


async def _receive(websocket: WebSocket, timeout: float | None = None) -> str | None:
    """The next text message, or None when the client has gone."""
    try:
        message = await asyncio.wait_for(websocket.receive(), timeout)
    except TimeoutError:
        return None
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        try:
            text = data.decode()
        except UnicodeDecodeError:
            return "\x00binary"
    return str(text)


def _parse(text: str) -> dict[str, Any]:
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise TableError("too_large", t("messages are limited to {limit} bytes", limit=MAX_MESSAGE))
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise TableError("invalid", t("a message must be a JSON object")) from None
    if not isinstance(message, dict):
        raise TableError("invalid", t("a message must be a JSON object"))
    return message


def _client_id(message: dict[str, Any]) -> str | None:
    value = message.get("id")
    if isinstance(value, str) and 0 < len(value) <= CLIENT_ID_LIMIT and value.isprintable():
        return value
    return None


async def _serve_connection(hub: Hub, connection: Connection, websocket: WebSocket) -> None:
    invite = websocket.path_params["invite"]
    try:
        table = await hub.table(invite)
    except TableError as exc:
        connection.send(build_frame(None, None, "error", error=error_body(exc.code, exc.message)))
        connection.close(4404, t("no such table"))
        return
    text = await _receive(websocket, HELLO_SECONDS)
    if text is None:
        connection.close(1008, t("no hello"))
        return
    try:
        hello = _parse(text)
        if hello.get("type") != "hello":
            # TRANSLATORS: keep {"type": "hello", ...} as it is: it is the message to send.
            raise TableError("invalid", t('the first message must be {"type": "hello", ...}'))
        if hello.get("protocol", PROTOCOL) != PROTOCOL:
            raise TableError("invalid", t("this server speaks {protocol}", protocol=PROTOCOL))
        table = await hub.hello(connection, table, hello)
    except TableError as exc:
        connection.send(build_frame(None, None, "error", error=error_body(exc.code, exc.message)))
        connection.close(1008, exc.code)
        return
    while connection.close_code is None:
        text = await _receive(websocket)
        if text is None:
            return
        await _handle(hub, connection, table, text)


async def _handle(hub: Hub, connection: Connection, table: Any, text: str) -> None:
    """Answer one message: exactly one reply for a message with an id, else one error frame."""
    seat = connection.seat
    client_id: str | None = None

    def refuse(code: str, message: str) -> None:
        body = error_body(code, message)
        if client_id is None:
            connection.send(build_frame(table, seat, "error", error=body))
        else:
            connection.send(build_frame(table, seat, "reply", re=client_id, ok=False, error=body))
        connection.refused_in_a_row += 1
        if connection.refused_in_a_row >= FLOOD_CLOSE:
            connection.close(1008, t("too many refused messages"))

    if not connection.allow():
        with contextlib.suppress(TableError):
            client_id = _client_id(_parse(text))  # a request with an id gets its one reply
        refuse("rate_limited", t("slow down: at most {rate} messages a second", rate=f"{RATE:.0f}"))
        return
    try:
        message = _parse(text)
    except TableError as exc:
        refuse(exc.code, exc.message)
        if exc.code == "too_large":
            connection.close(1009, t("message too large"))
        return
    client_id = _client_id(message)
    kind = message.get("type")
    try:
        if kind == "ping":
            connection.send(build_frame(table, seat, "pong", re=client_id))
        elif kind == "resync":
            connection.send(hub.state_frame(table, seat))
        elif kind == "hint":
            if client_id is None:
                raise TableError("invalid", t("'id' must be a request id of 1-64 characters"))
            best = await hub.hint(table, seat, str(message.get("level", "hard")))
            connection.send(build_frame(table, seat, "hint", re=client_id, hints=best))
        elif kind == "why":
            reason = hub.explain(table, seat, message.get("action"))
            connection.send(build_frame(table, seat, "why", re=client_id, reason=reason))
        elif kind == "undo":
            if client_id is None:
                raise TableError("invalid", t("'id' must be a request id of 1-64 characters"))
            if seat is None:
                raise TableError("not_seated", t("spectators cannot undo moves"))
            reply = await hub.undo(table, seat, client_id)
            connection.send(build_frame(table, seat, "reply", **_fields(reply)))
            if not reply["ok"]:
                connection.refused_in_a_row += 1
                return
        elif kind in ("act", "chat"):
            if client_id is None:
                raise TableError("invalid", t("'id' must be a request id of 1-64 characters"))
            if seat is None and kind == "chat":
                reply = await hub.spectator_chat(
                    table, connection, client_id, message.get("text"), message.get("name")
                )
                connection.send(build_frame(table, seat, "reply", **_fields(reply)))
            elif seat is None:
                raise TableError("not_seated", t("spectators cannot act or chat"))
            elif kind == "chat":
                reply = await hub.chat(table, seat, client_id, message.get("text"))
                connection.send(build_frame(table, seat, "reply", **_fields(reply)))
            else:
                reply, stale = await hub.act(
                    table, seat, client_id, message.get("action"), message.get("version")
                )
                connection.send(build_frame(table, seat, "reply", **_fields(reply)))
                if stale:
                    connection.send(hub.state_frame(table, seat))
            if not reply["ok"]:
                connection.refused_in_a_row += 1
                return
        else:
            raise TableError("invalid", t("unknown message type {kind}", kind=repr(kind)))
        connection.refused_in_a_row = 0
    except TableError as exc:
        refuse(exc.code, exc.message)


def _past_game(table: Any, request: Request) -> dict[str, Any] | None:
    """The finished game ``?game=N`` asks for (None without the parameter); TableError if the
    table has no such finished game."""
    number = request.query_params.get("game")
    if number is None:
        return None
    for game in table.past:
        if str(game["game_number"]) == number.strip():
            return dict(game)
    raise TableError(
        "not_found",
        t("this table has no finished game number {number}", number=repr(number[:12])),
    )


def _float(value: str | None) -> float | None:
    try:
        return None if value is None else float(value)
    except ValueError:
        return None


def _fields(reply: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in reply.items() if k != "type"}
