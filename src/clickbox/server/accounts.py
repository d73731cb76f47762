"""Accounts: sign up, sign in and out, sessions in a cookie, and claiming a guest's seats.

Playing needs no account: a guest plays as before. A signed-up player has a name (unique
without regard to case) and a password hashed with argon2 (``argon2-cffi``'s recommended
parameters; a hash made with older parameters is renewed at the next sign-in).

- **Sessions** are random tokens in a cookie (``HttpOnly``, ``SameSite=Lax``, ``Secure`` over
  HTTPS and on loopback, where browsers accept it without TLS); the database holds only their
  hash. Each sign-in or sign-up starts a new session and ends the one the browser had (no
  session fixation).
- **No enumeration**: a wrong password and an unknown name get the same answer in the same
  time (an unknown name is checked against a dummy hash, and waits as a known one does).
- **Rate limits**: sign-ins per client address and per (address, account name), sign-ups per
  address (429). A name under attack is never locked: its sign-ins from addresses that have not
  signed in to it wait longer the more it has failed lately (``SignInGuard``).
- **Look-alike names**: a new name may not look like an existing one (the same Unicode TR39
  confusable skeleton, ``storage.names``) nor mix scripts, as "Аnna" with a Cyrillic "А" does.
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
from sqlalchemy import Column, String
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from ..core.i18n import t
from ..storage import Account, NameTaken, NameTooLike, Store, models
from ..storage.names import mixes_scripts, name_skeleton
from .limits import Buckets, Limits, address_key
from .tables import TableError

SESSION_COOKIE = "clickbox_session"
SESSION_SECONDS = 30 * 24 * 3600.0
NAME_MIN, NAME_MAX = 2, 24
PASSWORD_MIN, PASSWORD_MAX = 8, 256
NAME_PATTERN = re.compile(r"^[^\W_](?:[\w .'-]*[^\W_])?$")
"""Letters and digits, with spaces, dots, apostrophes, hyphens and underscores inside."""
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]", "::1")
CLAIMS_MAX = 200


def _length(column: Column[str]) -> int:
    kind = column.type
    assert isinstance(kind, String) and kind.length is not None
    return kind.length


NAME_KEY_MAX = _length(models.accounts.c.name_key)
"""The longest name key the database holds (a letter may fold into several: "ΐ" into 3)."""
NAME_SKELETON_MAX = _length(models.accounts.c.name_skeleton)

# -- sign-in waits (SignInGuard) -------------------------------------------------------------------
FREE_FAILURES = 5
"""Recent failed sign-ins on a name before its sign-ins wait at all ..."""
RAMP_FAILURES = 10
"""... and the failures past those over which the wait grows to the whole ``signin_delay``."""
FAILURES_KEPT = FREE_FAILURES + RAMP_FAILURES + 10
"""A name's failures count up to this (so the wait ends a few minutes after an attack)."""
FORGOTTEN_PER_SECOND = 10 / 60
"""A name's failures are forgotten at 10 a minute."""
RETRY_SECONDS = 15 * 60.0
"""How long an address that failed on a name counts as retrying it (its tries queue)."""
QUEUE_DELAYS = 10
"""A retry waits at most this many ``signin_delay``s for its turn, else it gets 429."""
TRUST_SECONDS = 30 * 24 * 3600.0
"""How long an address that signed in to (or signed up) a name skips the name's wait."""
TRUSTED_PER_NAME = 8
PRUNE_SECONDS = 60.0


def name_key(name: str) -> str:
    """What makes two names the same account: case and Unicode forms do not count."""
    return unicodedata.normalize("NFKC", name).casefold()


def shape_name(value: str) -> str:
    """A name as typed in the form it is stored and compared: NFKC, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", value).split())


def lookup_key(value: str) -> str | None:
    """The key of the account this name would be, or None for a name no account can have (a
    NUL byte, a key longer than the database holds, ...): such a name is looked up nowhere."""
    name = shape_name(value)
    if not NAME_MIN <= len(name) <= NAME_MAX or not NAME_PATTERN.fullmatch(name):
        return None
    key = name_key(name)
    return key if len(key) <= NAME_KEY_MAX else None


def hash_session(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def check_name(value: object) -> str:
    """A name an account may have, else a TableError that says why."""
    if not isinstance(value, str):
        raise TableError("invalid", t("the name must be text"))
    name = shape_name(value)
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
    if len(name_key(name)) > NAME_KEY_MAX or len(name_skeleton(name)) > NAME_SKELETON_MAX:
        raise TableError(
            "invalid",
            t("that name is too long once its letters are spelled out: choose a shorter one"),
        )
    if mixes_scripts(name):
        raise TableError(
            "invalid",
            t("a name is written in one script: it must not mix Latin and Cyrillic letters, say"),
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


class SignInGuard:
    """How long a sign-in waits because its account name is under attack, whoever asks.

    A name is never locked (no 429 here: that would lock its owner out). Each failed sign-in
    on a name counts (``FORGOTTEN_PER_SECOND`` are forgotten); past ``FREE_FAILURES`` of them,
    every sign-in on the name from an address that has not signed in to it lately waits, up to
    ``most_seconds`` once ``RAMP_FAILURES`` more have failed, before its password is checked:

    - an address that signed in to the name (or signed it up) waits for nothing;
    - an address's first try at the name waits the name's delay, queued behind nobody: the
      owner at a new address gets in, a little later;
    - an address that failed on the name retries in the name's queue, one delay apart: however
      many addresses guess at a name, its retries are checked one at a time. A retry whose turn
      is ``QUEUE_DELAYS`` delays away or more is refused (429, as a guesser's own limits are).

    Names no account has are treated alike (no enumeration). Times are ``time.monotonic()``.
    """

    def __init__(self, most_seconds: float) -> None:
        self.most = most_seconds
        self._failures: dict[str, tuple[float, float]] = {}
        """Name -> (recent failures, when counted)."""
        self._turn: dict[str, float] = {}
        """Name -> when its next retry may be checked."""
        self._retrying: dict[tuple[str, str], float] = {}
        """(name, address) -> when that address last failed on the name."""
        self._trusted: dict[str, dict[str, float]] = {}
        """Name -> address -> when that address last signed in to it (oldest first)."""

    def failures(self, name: str, now: float) -> float:
        count, when = self._failures.get(name, (0.0, now))
        return max(0.0, count - (now - when) * FORGOTTEN_PER_SECOND)

    def delay(self, name: str, now: float) -> float:
        """The wait of a sign-in on ``name`` from an address the name does not trust."""
        over = self.failures(name, now) - FREE_FAILURES
        return self.most * min(1.0, max(0.0, over / RAMP_FAILURES))

    def trusts(self, name: str, address: str, now: float) -> bool:
        since = self._trusted.get(name, {}).get(address)
        return since is not None and now - since < TRUST_SECONDS

    def wait(self, name: str, address: str, now: float) -> float | None:
        """Seconds this sign-in waits before its password is checked (the turn is taken);
        None for a retry whose turn is too far off (refused)."""
        if self.most <= 0 or self.trusts(name, address, now):
            return 0.0
        delay = self.delay(name, now)
        failed = self._retrying.get((name, address))
        if failed is None or now - failed >= RETRY_SECONDS:
            return delay  # a first try from this address: waits, queued behind nobody
        turn = max(now, self._turn.get(name, now))
        if turn - now >= QUEUE_DELAYS * self.most:
            return None
        self._turn[name] = turn + delay
        return turn + delay - now

    def failed(self, name: str, address: str, now: float) -> None:
        self._failures[name] = (min(FAILURES_KEPT, self.failures(name, now) + 1), now)
        self._retrying[(name, address)] = now

    def succeeded(self, name: str, address: str, now: float) -> None:
        trusted = self._trusted.setdefault(name, {})
        trusted.pop(address, None)
        trusted[address] = now
        while len(trusted) > TRUSTED_PER_NAME:
            del trusted[next(iter(trusted))]
        self._retrying.pop((name, address), None)

    def prune(self, now: float) -> None:
        """Forget what no longer changes any wait."""
        for name in [n for n in self._failures if self.failures(n, now) <= 0]:
            del self._failures[name]
        for name in [n for n, turn in self._turn.items() if turn <= now]:
            del self._turn[name]
        for key in [k for k, when in self._retrying.items() if now - when >= RETRY_SECONDS]:
            del self._retrying[key]
        for name, trusted in list(self._trusted.items()):
            for address in [a for a, when in trusted.items() if now - when >= TRUST_SECONDS]:
                del trusted[address]
            if not trusted:
                del self._trusted[name]


class Accounts:
    """The accounts of one server: its hasher, its limits and its store."""

    def __init__(self, store: Store, limits: Limits, hasher: PasswordHasher | None = None) -> None:
        self.store = store
        self.hasher = hasher if hasher is not None else PasswordHasher()
        self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
        self.signin_by_client = Buckets(limits.signin_per_minute, limits.signin_burst)
        self.signin_by_client_name = Buckets(
            limits.signin_name_per_minute, limits.signin_name_burst
        )
        self.signin_guard = SignInGuard(limits.signin_delay)
        self.signup_by_client = Buckets(limits.signup_per_minute, limits.signup_burst)
        self._pruned = time.monotonic()

    async def sign_up(
        self, body: dict[str, Any], client: str, lang: str | None
    ) -> tuple[Account, str]:
        """A new account and its first session's token."""
        name = check_name(body.get("name"))
        password = check_password(body.get("password"), name)
        address = address_key(client)
        if not self.signup_by_client.take(address):
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
        except NameTooLike:
            raise TableError(
                "conflict", t("that name is too like an existing name: choose another")
            ) from None
        except NameTaken:
            raise TableError("conflict", t("that name is taken: choose another")) from None
        self.signin_guard.succeeded(name_key(name), address, time.monotonic())
        return account, await self._new_session(account)

    async def sign_in(self, body: dict[str, Any], client: str) -> tuple[Account, str]:
        """The account whose name and password these are, and a new session's token."""
        name, password = body.get("name"), body.get("password")
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > 1024:
            raise TableError("invalid", t("give a name and a password"))
        key = lookup_key(name)  # never cut short: a longer key finds nobody
        # What the limits count by: a name no account can have counts as a name all the same.
        counted = key if key is not None else "\0" + name_key(name[:NAME_KEY_MAX])
        address = address_key(client)
        now = time.monotonic()
        self._prune(now)
        if not self.signin_by_client.take(address, now) or not self.signin_by_client_name.take(
            f"{address} {counted}", now
        ):
            raise TableError("rate_limited", t("too many sign-in attempts: wait a minute"))
        wait = self.signin_guard.wait(counted, address, now)
        if wait is None:
            raise TableError("rate_limited", t("too many sign-in attempts: wait a minute"))
        if wait > 0:
            await asyncio.sleep(wait)  # the event loop goes on serving everyone else
        found = None
        if key is not None:
            found = await asyncio.to_thread(self.store.account_login, key)
        # (a name no account can have is checked against the dummy hash all the same)
        stored = found[1] if found is not None else self._dummy
        try:
            await asyncio.to_thread(self.hasher.verify, stored, password)
            ok = found is not None
        except (VerificationError, InvalidHashError):
            ok = False
        if not ok or found is None:
            self.signin_guard.failed(counted, address, time.monotonic())
            raise TableError("sign_in", t("that name and password do not match an account"))
        self.signin_guard.succeeded(counted, address, time.monotonic())
        account = found[0]
        if self.hasher.check_needs_rehash(stored):
            digest = await asyncio.to_thread(self.hasher.hash, password)
            await asyncio.to_thread(self.store.set_password_hash, account.id, digest)
        return account, await self._new_session(account)

    def _prune(self, now: float) -> None:
        """Forget full buckets and old failures, at most once a minute."""
        if now - self._pruned < PRUNE_SECONDS:
            return
        self._pruned = now
        for buckets in (self.signin_by_client, self.signin_by_client_name, self.signup_by_client):
            buckets.prune(now)
        self.signin_guard.prune(now)

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
    """Refuse a state-changing request that a page of another site could have sent: its
    ``Origin`` must be one of the server's own ``origins`` (never just the request's own
    ``Host``, which whoever sends the request chooses, as a DNS rebinding page does). A request
    with neither ``Origin`` nor a cross-site ``Sec-Fetch-Site`` is no browser's: it passes."""
    origin = request.headers.get("origin")
    if origin is not None:
        if origin not in origins:
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
