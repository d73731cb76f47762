"""Which language a request is answered in: the page's choice (its ``clickbox_lang`` cookie),
else the browser's ``Accept-Language`` as Babel negotiates it, else English.

``LanguageMiddleware`` speaks it (``core.i18n.using``) for the whole request or WebSocket, so
that every error and text the server makes for it is in that language; a broadcast frame is
built in each receiver's own language (``Viewer.lang``).
"""

from __future__ import annotations

from babel import negotiate_locale
from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from ..core import i18n

COOKIE = "clickbox_lang"


def accepted(header: str) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first."""
    weighted = []
    for index, part in enumerate(header.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            weighted.append((-quality, index, tag.strip()))
    return [tag for _q, _i, tag in sorted(weighted)]


def choose(headers: Headers) -> str:
    """The language to answer these request headers in."""
    chosen = cookie_parser(headers.get("cookie", "")).get(COOKIE)
    if chosen in i18n.LANGUAGES:
        return str(chosen)
    wanted = [tag.replace("_", "-") for tag in accepted(headers.get("accept-language", ""))]
    found = negotiate_locale(wanted, list(i18n.LANGUAGES), sep="-")
    if found is None:  # "de-AT" asks for German too
        found = negotiate_locale([w.split("-")[0] for w in wanted], list(i18n.LANGUAGES))
    return found if found in i18n.LANGUAGES else i18n.SOURCE


class LanguageMiddleware:
    """ASGI middleware: the request (or the WebSocket) is answered in ``choose``'s language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        lang = choose(Headers(scope=scope))
        scope.setdefault("state", {})["lang"] = lang
        with i18n.using(lang):
            await self.app(scope, receive, send)
