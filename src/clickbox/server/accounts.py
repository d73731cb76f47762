"""Accounts: sign up, sign in and out, sessions in a cookie, and claiming a guest's seats.

Playing needs no account: a guest plays as before. A signed-up player has a name (unique
without regard to case) and a password hashed with argon2 (``argon2-cffi``'s recommended
parameters; a hash made with older parameters is renewed at the next sign-in).

- **Sessions** are random tokens in a cookie (``HttpOnly``, ``SameSite=Lax``, ``Secure`` over
  HTTPS and on loopback, where browsers accept it without TLS); the database holds only their
  hash. Each sign-in or sign-up starts a new session and ends the one the browser had (no
  session fixation).
- **No enumeration**: a wrong password and an unknown name get the same answer in the same
  time (an unknown name is checked against a dummy hash).
- **Rate limits**: sign-ins per client address and per account name, sign-ups per address.
- **CSRF**: a request that changes something and carries the cookie must come from one of the
  server's origins (``Origin``, else ``Sec-Fetch-Site``) and be JSON, which a cross-site form
  cannot send; the cookie is ``SameSite=Lax`` besides.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import time
import unicodedata
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from ..core.i18n import t
from ..storage import Account, NameTaken, Store
from .limits import Buckets, Limits
from .tables import TableError

SESSION_COOKIE = "clickbox_session"
SESSION_SECONDS = 30 * 24 * 3600.0
NAME_MIN, NAME_MAX = 2, 24
PASSWORD_MIN, PASSWORD_MAX = 8, 256
NAME_PATTERN = re.compile(r"^[^\W_](?:[\w .'-]*[^\W_])?$")
"""Letters and digits, with spaces, dots, apostrophes, hyphens and underscores inside."""
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]", "::1")
CLAIMS_MAX = 200


def name_key(name: str) -> str:
    """What makes two names the same account: case and Unicode forms do not count."""
    return unicodedata.normalize("NFKC", name).casefold()


def hash_session(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def check_name(value: object) -> str:
    """A name an account may have, else a TableError that says why."""
    if not isinstance(value, str):
        raise TableError("invalid", t("the name must be text"))
    name = " ".join(unicodedata.normalize("NFKC", value).split())
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise TableError(
            "invalid",
            t(
                "a name has {low} to {high} characters",
                low=NAME_MIN,
                high=NAME_MAX,
            ),
        )
    if not NAME_PATTERN.fullmatch(name) or name.lower().startswith("bot"):
        raise TableError(
            "invalid",
            t(
                "a name is letters and digits (spaces, dots, apostrophes, hyphens and "
                "underscores between them) and does not start with “bot”"
            ),
        )
    return name


def check_password(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise TableError("invalid", t("the password must be text"))
    if not PASSWORD_MIN <= len(value) <= PASSWORD_MAX:
        raise TableError(
            "invalid",
            t(
                "a password has {low} to {high} characters",
                low=PASSWORD_MIN,
                high=PASSWORD_MAX,
            ),
        )
    if name_key(value) == name_key(name):
        raise TableError("invalid", t("the password must not be the name"))
    return value


class Accounts:
    """The accounts of one server: its hasher, its limits and its store."""

    def __init__(self, store: Store, limits: Limits, hasher: PasswordHasher | None = None) -> None:
        self.store = store
        self.hasher = hasher if hasher is not None else PasswordHasher()
        self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
        self.signin_by_client = Buckets(limits.signin_per_minute, limits.signin_burst)
        self.signin_by_name = Buckets(limits.signin_per_minute, limits.signin_burst)
        self.signup_by_client = Buckets(limits.signup_per_minute, limits.signup_burst)

    async def sign_up(
        self, body: dict[str, Any], client: str, lang: str | None
    ) -> tuple[Account, str]:
        """A new account and its first session's token."""
        name = check_name(body.get("name"))
        password = check_password(body.get("password"), name)
        if not self.signup_by_client.take(client):
            raise TableError("rate_limited", t("too many new accounts from here: wait a minute"))
        digest = await asyncio.to_thread(self.hasher.hash, password)
        try:
            account = await asyncio.to_thread(
                self.store.create_account,
                secrets.token_hex(8),
                name,
                name_key(name),
                digest,
                lang,
            )
        except NameTaken:
            raise TableError("conflict", t("that name is taken: choose another")) from None
        return account, await self._new_session(account)

    async def sign_in(self, body: dict[str, Any], client: str) -> tuple[Account, str]:
        """The account whose name and password these are, and a new session's token."""
        name, password = body.get("name"), body.get("password")
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > 1024:
            raise TableError("invalid", t("give a name and a password"))
        shaped = " ".join(unicodedata.normalize("NFKC", name).split())
        key = name_key(shaped)[:64]
        if not self.signin_by_client.take(client) or not self.signin_by_name.take(key):
            raise TableError("rate_limited", t("too many sign-in attempts: wait a minute"))
        found = None
        if NAME_MIN <= len(shaped) <= NAME_MAX and NAME_PATTERN.fullmatch(shaped):
            found = await asyncio.to_thread(self.store.account_login, key)
        # (a name no account can have is checked against the dummy hash all the same)
        stored = found[1] if found is not None else self._dummy
        try:
            await asyncio.to_thread(self.hasher.verify, stored, password)
            ok = found is not None
        except (VerificationError, InvalidHashError):
            ok = False
        if not ok or found is None:
            raise TableError("sign_in", t("that name and password do not match an account"))
        account = found[0]
        if self.hasher.check_needs_rehash(stored):
            digest = await asyncio.to_thread(self.hasher.hash, password)
            await asyncio.to_thread(self.store.set_password_hash, account.id, digest)
        return account, await self._new_session(account)

    async def _new_session(self, account: Account) -> str:
        token = secrets.token_urlsafe(32)
        expires = time.time() + SESSION_SECONDS
        await asyncio.to_thread(self.store.create_session, hash_session(token), account.id, expires)
        return token

    async def sign_out(self, token: str | None) -> None:
        if token:
            await asyncio.to_thread(self.store.delete_session, hash_session(token))

    async def current(self, connection: HTTPConnection) -> Account | None:
        """The account the request's session cookie signs in, if any."""
        token = session_token(connection)
        if token is None:
            return None
        return await asyncio.to_thread(self.store.session_account, hash_session(token), time.time())


def session_token(connection: HTTPConnection) -> str | None:
    token = connection.cookies.get(SESSION_COOKIE)
    if not token or len(token) > 128 or not token.isascii():
        return None
    return token


def set_session(response: Response, request: Request, token: str) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=int(SESSION_SECONDS),
        path="/",
        httponly=True,
        samesite="lax",
        secure=_secure(request),
    )


def clear_session(response: Response, request: Request) -> None:
    response.delete_cookie(
        SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=_secure(request)
    )


def _secure(request: Request) -> bool:
    return request.url.scheme == "https" or (request.url.hostname or "") in LOOPBACK_HOSTS


def check_same_site(request: Request, origins: frozenset[str]) -> None:
    """Refuse a state-changing request that a page of another site could have sent."""
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if origin is not None:
        if origin != own and origin not in origins:
            raise TableError("forbidden", t("a request from another site is refused"))
    elif request.headers.get("sec-fetch-site") in ("cross-site", "same-site"):
        raise TableError("forbidden", t("a request from another site is refused"))
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json" and int(request.headers.get("content-length") or 0) > 0:
        raise TableError("invalid", t("send the request body as JSON (application/json)"))


def claims(value: object) -> list[tuple[str, str]]:
    """The guest seats a browser says it holds: (invite, token) pairs."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > CLAIMS_MAX:
        raise TableError(
            "invalid",
            t("claim must be a list of at most {n} {{invite, token}} objects", n=CLAIMS_MAX),
        )
    pairs = []
    for item in value:
        if not isinstance(item, dict):
            raise TableError("invalid", t("each claim is an object with an invite and a token"))
        invite, token = item.get("invite"), item.get("token")
        if not (isinstance(invite, str) and isinstance(token, str)):
            raise TableError("invalid", t("each claim is an object with an invite and a token"))
        if len(invite) <= 32 and 0 < len(token) <= 128 and token.isascii():
            pairs.append((invite, token))
    return pairs


def public_account(account: Account | None) -> dict[str, Any] | None:
    return None if account is None else {"name": account.name, "lang": account.lang}
