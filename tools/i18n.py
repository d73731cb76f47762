"""The translation catalogs: extract the marked texts, update each language's .po, compile .mo.

    python tools/i18n.py update [DOMAIN ...]   extract, merge into every .po, compile
    python tools/i18n.py check                 what a catalog lacks or gets wrong (exit 1)

A domain is one area's texts (``DOMAINS``): Python marks them with ``t``/``tn``/``N_``
(``clickbox.core.i18n``), the pages' scripts with ``t``/``tn`` (``static/i18n.js``), the pages'
HTML by being text (every text node and ``placeholder``, ``title``, ``aria-label``,
``alt`` attribute). Translators edit ``src/clickbox/locale/LANG/LC_MESSAGES/DOMAIN.po``.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "clickbox"
LOCALE = PACKAGE / "locale"
LANGUAGES = ("de", "fr")
GAMES = ("clever", "clickety", "boom", "clack")

DOMAINS: dict[str, list[str]] = {
    "clickbox": [
        "core/*.py",
        "bots/*.py",
        "sim/*.py",
        "storage/*.py",
        "cli/*.py",
        "cli/render/__init__.py",
        "cli/render/common.py",
        "rl/*.py",
    ],
    "server": ["server/*.py"],
    **{
        game: [f"games/{game}/*.py", f"bots/{game}/*.py", f"cli/render/{game}.py"] for game in GAMES
    },
    "web": ["server/static/*.js", "server/static/*.html", "server/static/*/*.js"],
}
PY_KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2), "N_": None}
JS_KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2)}
ATTRIBUTES = ("placeholder", "title", "aria-label", "alt")
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


class _HtmlTexts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in ATTRIBUTES and value and value.strip():
                self.found.append((self.getpos()[0], " ".join(value.split())))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and not self._skip and any(c.isalpha() for c in text):
            self.found.append((self.getpos()[0], text))


def html_texts(path: Path) -> list[tuple[int, str]]:
    """The visible texts of a page: what ``static/i18n.js`` translates in the document."""
    parser = _HtmlTexts()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.found


def _files(domain: str) -> Iterator[Path]:
    for pattern in DOMAINS[domain]:
        yield from sorted(PACKAGE.glob(pattern))


def extract(domain: str) -> Catalog:
    """The domain's messages as found in its sources."""
    catalog = Catalog(domain=domain, project="clickbox", charset="utf-8")
    for path in _files(domain):
        where = str(path.relative_to(ROOT))
        if path.suffix == ".html":
            for line, text in html_texts(path):
                catalog.add(text, locations=[(where, line)])
            continue
        method = "python" if path.suffix == ".py" else "javascript"
        keywords = PY_KEYWORDS if method == "python" else JS_KEYWORDS
        for line, message, _comments, _context in extract_from_file(
            method, str(path), keywords=keywords, comment_tags=("TRANSLATORS:",)
        ):
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            if isinstance(message, tuple) and len(message) == 1:
                message = message[0]
            catalog.add(message, locations=[(where, line)])
    return catalog


def po_path(lang: str, domain: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def read(lang: str, domain: str) -> Catalog:
    path = po_path(lang, domain)
    if not path.exists():
        return Catalog(locale=lang, domain=domain, project="clickbox", charset="utf-8")
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


def _write(catalog: Catalog, path: Path, **options: Any) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, **options)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def compile_mo(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def update(domains: list[str]) -> None:
    for domain in domains:
        template = extract(domain)
        _write(template, LOCALE / f"{domain}.pot", sort_output=True)
        for lang in LANGUAGES:
            catalog = read(lang, domain)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            _write(catalog, po_path(lang, domain), sort_output=True, include_previous=False)
            po_path(lang, domain).with_suffix(".mo").write_bytes(compile_mo(catalog))


def _fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def problems() -> list[str]:
    """Every message a catalog lacks, leaves fuzzy, or translates with other fields; a .mo
    older than its .po; a message translated two ways in two domains."""
    found: list[str] = []
    templates = {domain: extract(domain) for domain in DOMAINS}
    for lang in LANGUAGES:
        seen: dict[str, tuple[str, str]] = {}
        for domain in DOMAINS:
            template = templates[domain]
            catalog = read(lang, domain)
            path = po_path(lang, domain).relative_to(ROOT)
            for message in template:
                if not message.id:
                    continue
                entry = catalog.get(message.id)
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                if entry is None or not entry.string or entry.fuzzy:
                    found.append(f"{path}: untranslated: {ids[0]!r}")
                    continue
                raw = entry.string
                strings = [str(s) for s in raw] if isinstance(raw, list | tuple) else [str(raw)]
                if any(not s for s in strings):
                    found.append(f"{path}: a plural form is missing: {ids[0]!r}")
                source = python_fields(str(ids[-1]))
                for text in strings:
                    fields = python_fields(text)
                    plural = isinstance(message.id, tuple)
                    if not (fields <= source | {"n"} if plural else fields == source):
                        found.append(f"{path}: fields differ: {ids[0]!r} -> {text!r}")
                if not isinstance(message.id, tuple):
                    key, value = str(message.id), strings[0]
                    other = seen.setdefault(key, (domain, value))
                    if other[1] != value:
                        found.append(
                            f"{path}: {key!r} is {value!r} here but {other[1]!r} in {other[0]}"
                        )
            mo = po_path(lang, domain).with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != compile_mo(catalog):
                found.append(f"{path}: the .mo is not compiled from it (tools/i18n.py update)")
    return found


def python_fields(text: str) -> set[str]:
    """The ``{name}`` fields a message fills in (``{{`` is a brace, not a field)."""
    return _fields(text.replace("{{", "").replace("}}", ""))


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("update", "check"):
        print(__doc__)
        return 2
    if argv[0] == "update":
        wanted = argv[1:] or list(DOMAINS)
        unknown = [d for d in wanted if d not in DOMAINS]
        if unknown:
            print(f"unknown domain(s): {', '.join(unknown)}; the domains: {', '.join(DOMAINS)}")
            return 2
        update(wanted)
        return 0
    found = problems()
    for line in found:
        print(line)
    print(f"{len(found)} problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
