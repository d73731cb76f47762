"""The pages in German and French: a person chooses the language with the page's menu, then
opens the lobby (with each game's options and a preset), a table of each game in play (with
bots), a replay, each game's rules page, a profile with a finished game and the score pad; no
text shown and no labelling attribute may be an English message of the catalogs whose
translation differs (it would have been left untranslated), nor a name the engine uses where a
person reads words (an option's or a rules decision's name, ``true``/``false``)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from clickbox.server.client import http

from ..server.live import UNLIMITED, running_server
from . import pages
from .pages import DESKTOP, watch_errors

LOCALE = Path(__file__).resolve().parents[2] / "src" / "clickbox" / "locale"
GAMES = {  # each game with one seat for the person and bots for the others
    "clever": 2,
    "clickety-clack": 2,
    "click-click-boom": 3,
    "click-clack": 2,
}

SERVER_TEXTS = (
    # The server's own words that depend on the game's (random) state and are its tests'
    # concern: refusals and reasons (#error) and a replay step's move (#where).
    "#error",
    "#where",
)

COLLECT = """(skip) => {
  const shown = (node) => node.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true });
  const server = (node) => skip.some((selector) => node.closest(selector));
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    // `code`: notation the engine reads back ("done", "w>B7"), the same in every language
    if (!parent || parent.closest("script, style, code") || server(parent)) continue;
    const tooltip = parent.closest("svg title");  // a drawing's tooltip: its parent's name
    const option = parent.closest("option");  // a menu's choices: seen when it opens
    const host = tooltip ? tooltip.parentElement : option ? option.closest("select") : parent;
    if (host && shown(host)) found.push(node.nodeValue);
  }
  const labels = ["placeholder", "title", "aria-label", "alt"];
  for (const node of document.body.querySelectorAll(labels.map((name) => `[${name}]`).join(","))) {
    if (server(node) || !shown(node)) continue;
    for (const name of labels) {
      const value = node.getAttribute(name);
      if (value) found.push(value);
    }
  }
  found.push(document.title);
  return found;
}"""

PAGES = re.compile(
    r"server/static/(index\.html|lobby|api|board|games|motion|i18n|table|replay|rules|pad)\b"
)
"""The sources of the pages this test opens: their ``web`` messages must all be translated
(other pages' messages are their own tests' concern)."""


def _bare(text: str) -> str:
    """A message without its spaces: a translation that differs from the English only by
    them (French puts a space before a colon: "{area} : {n} points") says the same words."""
    return "".join(text.split())


class English:
    """The catalogs' English messages that a page in ``lang`` may not show: those whose
    translation differs, and the pages' own (``web``) left untranslated. Exact texts (or in
    capitals, as a drawing writes some), and templates with words around their fields
    (``Seat {number}: {name}``) as patterns."""

    def __init__(self, lang: str) -> None:
        self.exact: set[str] = set()
        self.capitals: set[str] = set()
        self.patterns: list[tuple[re.Pattern[str], str]] = []
        for path in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
            for message in catalog:
                if not message.id:
                    continue
                ids = [
                    str(i) for i in (message.id if isinstance(message.id, tuple) else [message.id])
                ]
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                missing = message.fuzzy or not all(strings)
                ours = path.stem == "web" and any(PAGES.search(w) for w, _ in message.locations)
                if missing and not ours:  # another area's catalog, still being written
                    continue
                for text in ids:
                    if missing or all(_bare(str(s)) != _bare(text) for s in strings):
                        self.add(text, [str(s) for s in strings if s])

    def add(self, text: str, translations: Sequence[str] = ()) -> None:
        text = " ".join(text.split())
        parts = re.split(r"(\{\w*[^{}]*\})", text.replace("{{", "\0").replace("}}", "\1"))
        literal = [p for i, p in enumerate(parts) if i % 2 == 0]
        words = {w.lower() for w in re.findall(r"[^\W\d_]{2,}", " ".join(literal))}
        shared = {w.lower() for s in translations for w in re.findall(r"[^\W\d_]{2,}", s)}
        if len(parts) == 1:
            self.exact.add(text)
            self.capitals.add(text.upper())
        elif len(re.findall(r"[^\W\d_]", "".join(literal))) >= 4 and not words <= shared:
            # words around the fields (not a bare "or" or "de", nor words the translation
            # uses too, as "{n} orange {value}s": a word the other language may share)
            pattern = "".join(
                re.escape(p.replace("\0", "{").replace("\1", "}")) if i % 2 == 0 else ".+?"
                for i, p in enumerate(parts)
            )
            self.patterns.append((re.compile(pattern), text))

    def find(self, shown: str) -> str | None:
        """The English message ``shown`` is (or is an instance of), if any."""
        if shown in self.exact or (shown.isupper() and shown in self.capitals):
            return shown
        return next((text for pattern, text in self.patterns if pattern.fullmatch(shown)), None)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("i18n")
    db = f"sqlite:///{folder / 'db.sqlite'}"
    with running_server(db, folder / "server.log", extra=UNLIMITED) as live:
        yield live.base


def untranslated(page: Any, english: English, where: str) -> list[str]:
    """What ``page`` shows in English (each text, and each part of it between " · ")."""
    found = []
    for raw in page.evaluate(COLLECT, list(SERVER_TEXTS)):
        text = " ".join(raw.split())
        if not re.search(r"[^\W\d_]", text):
            continue
        for part in {text, *text.split(" · ")}:
            match = english.find(part.strip())
            if match is not None:
                found.append(f"{where}: {text!r} is the English {match!r}")
    return found


def identifiers(base: str) -> set[str]:
    """The names the engine and the command line use, that a page says in words: every game's
    option names and rules decisions' names (``orange_bonus_multiplied``, ``boom-players``)
    and the values ``true`` and ``false``."""
    found = {"true", "false"}
    for game in http(base, "GET", "/api/games")["games"]:
        details = http(base, "GET", f"/api/games/{game['name']}")
        found |= {option["name"] for option in details["options"] if not option["name"].isalpha()}
        found |= {decision["key"] for decision in details["decisions"]}
    return found


def identifiers_shown(page: Any, names: set[str], where: str) -> list[str]:
    """The texts of ``page`` that show one of ``names`` (outside ``code``: notation)."""
    found = []
    for raw in page.evaluate(COLLECT, list(SERVER_TEXTS)):
        text = " ".join(raw.split())
        words = set(re.findall(r"[\w-]+", text))
        shown = sorted(words & names)
        if shown:
            found.append(f"{where}: {text!r} shows {', '.join(shown)}")
    return found


def open_options(page: Any, base: str, game: str) -> int:
    """The lobby's options form, open, for ``game``: how many options it shows."""
    page.select_option("#game", game)
    options = http(base, "GET", f"/api/games/{game}")["options"]
    page.wait_for_function(
        "([game, n]) => document.getElementById('rules-link').href.endsWith(`/rules/${game}`)"
        " && document.querySelectorAll('#options [name^=option-]').length === n",
        arg=[game, len(options)],
    )
    if not page.is_visible("#options"):
        page.click("#options-box summary")
    pages.open_rule_numbers(page)
    return len(options)


FINISHED_GAME = """async ([name, password]) => {
  const post = async (path, body, token) => {
    const headers = { "Content-Type": "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    const answer = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(await answer.text());
    return answer.json();
  };
  await post("/api/account/signup", { name, password });
  const seats = ["human", "bot:easy"];
  const table = await post("/api/tables", { game: "clickety-clack", players: 2, seats, name });
  await post(`/api/tables/${table.invite}/start`, {}, table.token);
  await post(`/api/tables/${table.invite}/concede`, {}, table.token);
}"""


def finished_profile(page: Any, base: str, name: str) -> None:
    """``name`` signs up in ``page``, sits at a table against a bot and concedes (the bot plays
    on to the end), so that the profile has a finished game, its figures and its player count."""
    page.evaluate(FINISHED_GAME, [name, "a long enough secret"])
    page.wait_for_function(
        "async (name) => (await (await fetch(`/api/players/${name}`)).json()).stats.length > 0",
        arg=name,
        timeout=60_000,
    )


def waiting_room(page: Any, base: str, english: English, names: set[str]) -> list[str]:
    """A table waiting for players, with options changed: the waiting room names each option
    and its value in words, as the lobby's form does."""
    chosen = {"characters": "none", "shootouts": "2", "claims": "false"}  # in declaration order
    body = {"game": "click-click-boom", "players": 3, "seats": ["human", "human", "bot:easy"]}
    created = http(base, "POST", "/api/tables", {**body, "name": "Ann", "options": chosen})
    page.evaluate(
        "([i, t]) => localStorage.setItem(`clickbox-token-${i}`, t)",
        [created["invite"], created["token"]],
    )
    page.goto(f"{base}/t/{created['invite']}")
    page.wait_for_selector("#waiting-room:not([hidden]) #waiting-options li")
    details = page.evaluate("async () => (await fetch('/api/games/click-click-boom')).json()")
    options = {option["name"]: option for option in details["options"]}
    said = [
        (options[key]["label"], (options[key]["words"] or {}).get(value, value))
        for key, value in chosen.items()
    ]
    page.wait_for_function(
        "(said) => said.every(([label, value], i) => {"
        " const item = document.querySelectorAll('#waiting-options li')[i]?.textContent || '';"
        " return item.includes(label) && item.endsWith(value); })",
        arg=said,
    )
    return [
        *untranslated(page, english, "waiting room"),
        *identifiers_shown(page, names, "waiting room"),
    ]


def open_table(page: Any, base: str, game: str, players: int) -> str:
    """A table of ``game`` in play: this browser's person in seat 1, easy bots in the others."""
    seats = ["human"] + ["bot:easy"] * (players - 1)
    body = {"game": game, "players": players, "seats": seats, "name": "Ann"}
    created = http(base, "POST", "/api/tables", body)
    invite, token = created["invite"], created["token"]
    http(base, "POST", f"/api/tables/{invite}/start", {}, token)
    page.evaluate("([i, t]) => localStorage.setItem(`clickbox-token-${i}`, t)", [invite, token])
    page.goto(f"{base}/t/{invite}")
    page.wait_for_selector("body[data-version]")
    page.wait_for_function("() => document.body.classList.contains('my-turn')", timeout=15_000)
    return str(invite)


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_page_speaks_the_chosen_language(browser: Any, server: str, lang: str) -> None:
    english = English(lang)
    assert len(english.exact) > 500, "the catalogs are not compiled"
    errors: list[str] = []
    page = browser.new_context(viewport=DESKTOP, locale="en-US").new_page()
    watch_errors(page, errors)
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready]")
    assert page.text_content("section:has(#create) h2") == "New table"  # English, until chosen
    page.select_option("#language", lang)  # the page reloads in the language chosen
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    page.wait_for_selector("body[data-ready]")
    assert page.text_content("section:has(#create) h2") != "New table"
    found = untranslated(page, english, "lobby")
    names = identifiers(server)
    for game in GAMES:  # each game's options, in words, with the form open
        open_options(page, server, game)
        found += untranslated(page, english, f"lobby, options of {game}")
        found += identifiers_shown(page, names, f"lobby, options of {game}")
        presets = page.eval_on_selector_all("#preset option", "(os) => os.map((o) => o.value)")
        page.select_option("#preset", presets[-1])  # a preset says what it changes
        found += untranslated(page, english, f"lobby, preset {presets[-1]} of {game}")
        found += identifiers_shown(page, names, f"lobby, preset {presets[-1]} of {game}")
        page.select_option("#preset", "")

    invites = {}
    for game, players in GAMES.items():
        invites[game] = open_table(page, server, game, players)
        found += untranslated(page, english, f"table of {game}")
        found += identifiers_shown(page, names, f"table of {game}")

    found += waiting_room(page, server, english, names)

    page.goto(f"{server}/t/{invites['clever']}/replay")
    page.wait_for_selector("body[data-ready]")
    found += untranslated(page, english, "replay")

    for game in GAMES:
        page.goto(f"{server}/rules/{game}")
        page.wait_for_selector("body[data-ready]")
        found += untranslated(page, english, f"rules of {game}")
        found += identifiers_shown(page, names, f"rules of {game}")

    name = f"Ann{lang}"
    finished_profile(page, server, name)
    page.goto(f"{server}/u/{name}")
    page.wait_for_selector("#history li")
    assert page.locator("#stats tbody tr").count() == 1  # the game's figures, its player count
    found += untranslated(page, english, "profile")
    found += identifiers_shown(page, names, "profile")

    page.goto(f"{server}/pad")
    page.wait_for_selector("#pad-setup:not([hidden])")
    found += untranslated(page, english, "pad setup")
    for spec in ("clever", "clickety-clack(side=B)", "click-click-boom"):
        if not page.is_visible("#pad-setup"):
            page.once("dialog", lambda dialog: dialog.accept())
            page.click("#pad-new")
        page.select_option("#pad-game", spec)
        page.click("#pad-start")
        page.wait_for_selector("#pad-results:not([hidden])")
        if spec == "clever":  # a mark refused in words, then the quick count's fields
            for value in (5, 3):
                page.click('#pad-board [data-action="P"]')
                page.click(f'#pad-keys button[data-value="{value}"]')
            found += untranslated(page, english, "pad, a clever sheet")
            page.click('#pad-modes [data-mode="quick"]')
        elif spec.startswith("clickety"):
            page.click('#pad-board [data-action="row:1"]')  # the keypad names the row's rule
        else:
            page.fill("[data-key=coins-0-0]", "99")
            page.press("[data-key=coins-0-0]", "Tab")
        found += untranslated(page, english, f"pad, {spec}")
    assert not found, "\n".join(sorted(set(found)))
    assert not errors, errors
