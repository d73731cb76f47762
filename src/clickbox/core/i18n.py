"""Languages: every text a person reads, in English, German or French (standard library only).

Texts are written in English in the code and marked for translation:

- ``t("the {colour} die is not on offer", colour=t("yellow"))`` translates now, into the
  current language, then fills in the named fields (never an f-string: the catalog holds the
  message with its fields);
- ``tn("{n} point", "{n} points", n)`` is the same with a plural;
- ``N_("...")`` marks a constant (a manual, a rules decision, an option's help) that is
  translated where it is shown, with ``t(CONSTANT)``.

The current language is a context variable: the terminal sets it once (``--lang`` or the
locale), the server around what it builds for one connection (``using(lang)``). English is
the source, so an English run never reads a catalog.

The catalogs are gettext's: ``clickbox/locale/LANG/LC_MESSAGES/DOMAIN.po`` (one domain per
area: ``clickbox`` for core, bots, server and terminal, one per game, ``web`` for the pages),
compiled to ``.mo`` beside them (``python tools/i18n.py``, Babel).
"""

from __future__ import annotations

import contextlib
import gettext
from collections.abc import Iterator
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}
"""The languages spoken, each named in itself; English is the source."""
SOURCE = "en"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_current: ContextVar[str] = ContextVar("clickbox_language", default=SOURCE)


def language() -> str:
    """The current language's code."""
    return _current.get()


def check_language(lang: object) -> str:
    """``lang`` if it is a language spoken here, else a ValueError that lists them."""
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on in this context (the terminal does, once)."""
    _current.set(check_language(lang))


@contextlib.contextmanager
def using(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the ``with`` block."""
    token = _current.set(check_language(lang))
    try:
        yield
    finally:
        _current.reset(token)


def N_(message: str) -> str:
    """Mark a constant for translation; it is translated where it is shown (``t``)."""
    return message


def t(message: str, /, **fields: Any) -> str:
    """``message`` in the current language, its ``{fields}`` filled in."""
    lang = _current.get()
    if lang != SOURCE:
        message = catalog(lang).get(message) or message
    return message.format(**fields) if fields else message


def t_each(text: str, separator: str = "; ") -> str:
    """Several marked constants joined by ``separator`` (an outcome's reasons), each
    translated."""
    return separator.join(t(part) for part in text.split(separator))


def tn(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """``singular`` or ``plural`` as ``n`` asks in the current language, ``{n}`` and the
    fields filled in."""
    lang = _current.get()
    if lang == SOURCE:
        message = singular if n == 1 else plural
    else:
        message = translations(lang).ngettext(singular, plural, n)
    return message.format(n=n, **fields)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """Every domain's catalog of ``lang``, one chained to the next."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    for path in sorted(folder.glob("*.mo")):
        with path.open("rb") as handle:
            found = gettext.GNUTranslations(handle)
        found.add_fallback(chain)
        chain = found
    return chain


@cache
def catalog(lang: str) -> dict[str, str]:
    """``lang``'s translations of single messages (no plurals), across every domain."""
    merged: dict[str, str] = {}
    link: Any = translations(lang)
    while isinstance(link, gettext.GNUTranslations):
        for key, value in link._catalog.items():  # type: ignore[attr-defined]
            if isinstance(key, str) and key and value:
                merged.setdefault(key, value)
        link = link._fallback  # type: ignore[attr-defined]
    return merged


@cache
def plurals(lang: str) -> dict[str, list[str]]:
    """``lang``'s plural messages across every domain: the singular, then each form (pages)."""
    forms: dict[str, list[str]] = {}
    link: Any = translations(lang)
    while isinstance(link, gettext.GNUTranslations):
        found: dict[str, dict[int, str]] = {}
        for key, value in link._catalog.items():  # type: ignore[attr-defined]
            if isinstance(key, tuple) and value:
                found.setdefault(key[0], {})[key[1]] = value
        for singular, by_index in found.items():
            forms.setdefault(singular, [by_index[i] for i in sorted(by_index)])
        link = link._fallback  # type: ignore[attr-defined]
    return forms
