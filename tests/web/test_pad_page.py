"""The score pad page (/pad) in chromium on a phone-sized screen, as a person at a table uses it:
fill a sheet by taps, have an impossible mark refused in words, see the totals and the winner,
reload without the server, share the result. Its rules (static/pad/KEY.js) are checked against
the engine's pad sheet by sheet."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clickbox.bots import make_bot
from clickbox.core import Match, SheetError, derive_seed
from clickbox.games import load
from clickbox.games.clever import CleverGame, Sheet
from clickbox.games.clever.board import YELLOW_GRID
from clickbox.games.clever.scorepad import write_sheet
from clickbox.games.clickety.rules import refusal
from clickbox.games.clickety.scorepad import write_board
from clickbox.server.client import http
from clickbox.sim.runner import play_out

from ..server.live import running_server
from .pages import PHONE, open_page, screenshot

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def pad_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One server for the module's pad tests (the offline test stops its own)."""
    folder = tmp_path_factory.mktemp("pad")
    with running_server(f"sqlite:///{folder / 'db.sqlite'}", folder / "server.log") as server:
        yield server.base


def start_pad(page: Any, base: str, game: str, names: list[str]) -> None:
    """From the lobby to a new pad: the link, the game, the players' names, start."""
    page.goto(f"{base}/")
    page.click("#pad-link")
    page.wait_for_selector("#pad-setup:not([hidden])")
    page.select_option("#pad-game", game)
    while page.locator("#pad-names input").count() < len(names):
        page.click("#add-player")
    while page.locator("#pad-names input").count() > len(names):
        page.click("#remove-player")
    for index, name in enumerate(names):
        page.fill(f"[data-key=name-{index}]", name)
    page.click("#pad-start")
    page.wait_for_selector("#pad-results:not([hidden])")


def tap(page: Any, target: str, value: int | None = None) -> None:
    """Tap a space of the drawn sheet, and the number on the keypad if one opens."""
    page.click(f'#pad-board [data-action="{target}"]')
    if value is not None:
        page.click(f'#pad-keys button[data-value="{value}"]')


def totals(page: Any) -> dict[str, str]:
    """The totals table: each player's points as shown."""
    rows = page.eval_on_selector_all(
        "#pad-totals tbody tr",
        "rows => rows.map(r => [r.children[1].firstChild.textContent, r.children[2].textContent])",
    )
    return dict(rows)


def clever_taps(text: str) -> list[tuple[str, int | None]]:
    """The taps that write a sheet given in the pad's text form (as a person copies paper)."""
    taps: list[tuple[str, int | None]] = []
    for line in text.splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        key, _, value = line.partition(":")
        numbers = value.split()
        if key.startswith("yellow"):
            row = int(key.split()[1])
            printed = YELLOW_GRID[row - 1]
            taps += [(f"Y{row}{printed.index(int(n)) + 1}", None) for n in numbers]
        elif key == "blue":
            taps += [(f"B{n}", None) for n in numbers]
        elif key == "green":
            taps += [("G", None)] * len(numbers)
        elif key in ("orange", "purple"):
            taps += [(key[0].upper(), int(n)) for n in numbers]
    return taps


def test_a_clever_sheet_filled_by_taps_on_a_phone(browser: Any, pad_server: str) -> None:
    errors: list[str] = []
    solo = (EXAMPLES / "clever-solo.txt").read_text()
    page = open_page(browser, PHONE, errors)
    start_pad(page, pad_server, "clever", ["Ann", "Bo"])
    page.wait_for_selector("#pad-board svg")
    for target, value in clever_taps(solo):
        tap(page, target, value)
    engine = http(pad_server, "POST", "/api/pad/score", {"spec": "clever", "text": solo})
    assert engine["card"]["total"] == 188
    assert totals(page) == {"Ann": "188", "Bo": "0"}
    assert page.text_content("#pad-verdict") == "Ann wins with 188 points."
    assert page.text_content("#pad-owed") == ""  # a sheet a game can end with
    screenshot(page, "pad-clever", full_page=True)
    # Bo: yellow row 1 complete owes a blue cross; a purple 3 after a 5 is refused in words.
    page.click("[data-key=player-1]")
    for target in ("Y11", "Y12", "Y13"):
        tap(page, target)
    assert "yellow row 1 gives a blue cross, but no blue box is crossed" in page.text_content(
        "#pad-owed"
    )
    assert "not possible as it stands" in page.text_content("#pad-totals")
    tap(page, "P", 5)
    tap(page, "P", 3)
    assert page.text_content("#pad-message") == (
        "Refused: purple, box 2: 3 is not higher than 5 (after a 6 anything may follow)"
    )
    assert page.locator('#pad-board g.space[data-space="P2"][data-mark="0"]').count() == 1
    page.click("#pad-keys .cancel")
    tap(page, "B7")
    assert page.text_content("#pad-owed") == ""
    assert totals(page)["Bo"] == str(1 + 5)  # one blue cross, purple 5
    page.click("#pad-undo")
    assert "gives a blue cross" in page.text_content("#pad-owed")
    assert not errors, errors


def test_a_quick_count_as_marquoir_does_it(browser: Any, pad_server: str) -> None:
    errors: list[str] = []
    page = open_page(browser, PHONE, errors)
    start_pad(page, pad_server, "clever", ["Ann"])
    page.click('#pad-modes [data-mode="quick"]')
    for key, value in (("yellow", 40), ("blue", 7), ("green", 7), ("orange", 28)):
        page.fill(f"[data-key=quick-{key}]", str(value))
    page.fill("[data-key=quick-purple]", "26")
    page.fill("[data-key=quick-foxes]", "2")
    assert totals(page) == {"Ann": "188"}
    assert page.text_content("#pad-verdict") == "188 points: Great result! (1.5 stars)."
    # Marquoir's counter takes the foxes as points: 2 foxes x the weakest area (blue's 22).
    page.fill("[data-key=quick-fox_points]", "44")
    assert page.text_content("#pad-message") == (
        "Refused: fox points: give the foxes as a count or as points, not both"
    )
    page.fill("[data-key=quick-foxes]", "")
    assert totals(page) == {"Ann": "188"}
    page.fill("[data-key=quick-fox_points]", "40")
    assert page.text_content("#pad-message").startswith(
        "Refused: fox points: 40 points is no number of foxes"
    )
    page.fill("[data-key=quick-fox_points]", "44")
    assert totals(page) == {"Ann": "188"}
    page.fill("[data-key=quick-yellow]", "12")
    assert page.text_content("#pad-message").startswith(
        "Refused: yellow: 12 points is no sum of complete columns"
    )
    assert totals(page) == {"Ann": "–"}
    assert not errors, errors


def test_a_clickety_clack_board_filled_by_taps(browser: Any, pad_server: str) -> None:
    errors: list[str] = []
    page = open_page(browser, PHONE, errors)
    start_pad(page, pad_server, "clickety-clack(side=A)", ["Andy", "Bea"])
    text = (EXAMPLES / "clickety-clack-a.txt").read_text()
    for line in text.splitlines():
        key, _, value = line.split("#")[0].partition(":")
        if key.strip().isdigit():
            for number in value.split():
                tap(page, f"row:{int(key) - 1}", int(number))
    page.click("#pad-penalty")
    assert totals(page) == {"Andy": "51", "Bea": "0"}
    engine = http(pad_server, "POST", "/api/pad/score", {"spec": "clickety-clack", "text": text})
    assert engine["card"]["total"] == 51
    # Row 3 is descending: a 6 after the 5 is refused, with the rule in words.
    tap(page, "row:2", 6)
    assert page.text_content("#pad-message") == (
        "Refused: the row is descending: the next number must be below 5"
    )
    screenshot(page, "pad-clickety", full_page=True)
    assert not errors, errors


def test_the_pad_survives_a_reload_without_the_server(browser: Any, tmp_path: Path) -> None:
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        page = open_page(browser, PHONE, errors)
        start_pad(page, server.base, "clever", ["Ann", "Bo"])
        for target, value in (("B2", None), ("B3", None), ("O", 5), ("P", 4)):
            tap(page, target, value)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.wait_for_function(
            "async () => (await (await caches.open('clickbox-pad-v1')).keys()).length >= 13"
        )
        before = totals(page)
    # The server is gone: the page, its scripts and the pad come from the service worker and
    # localStorage, and marking goes on.
    page.reload()
    page.wait_for_selector("#pad-board svg")
    assert totals(page) == before == {"Ann": "11", "Bo": "0"}
    tap(page, "B4")
    assert "blue row 2-4" not in page.text_content("#pad-owed")  # the orange 5 is written
    assert totals(page)["Ann"] == str(4 + 5 + 4)
    errors = [e for e in errors if "ERR_CONNECTION_REFUSED" not in e and "Failed to fetch" not in e]
    assert not errors, errors


def test_a_result_shared_as_a_link_and_an_image(browser: Any, pad_server: str) -> None:
    errors: list[str] = []
    page = open_page(browser, PHONE, errors)
    start_pad(page, pad_server, "clickety-clack(side=B)", ["Ann", "Bo"])
    for number in (2, 3, 5):
        tap(page, "row:0", number)
    page.click("#pad-share")
    page.wait_for_selector("#pad-share[data-link]")
    link = page.get_attribute("#pad-share", "data-link")
    assert link and "#p=" in link
    with page.expect_download() as download:
        page.click("#pad-image")
    assert Path(download.value.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    friend = open_page(browser, PHONE, errors)
    friend.goto(link)
    friend.wait_for_selector("#pad-shared:not([hidden])")
    assert totals(friend) == totals(page) == {"Ann": "4", "Bo": "0"}
    friend.click("#pad-keep")
    tap(friend, "row:0", 7)  # the fourth space has no points
    assert totals(friend)["Ann"] == "0"
    tap(friend, "row:0", 8)
    assert totals(friend)["Ann"] == "8"
    assert not errors, errors


# -- the page's rules are the engine's -----------------------------------------------------------


def played_sheets(spec: str, games: int, seed: int) -> list[tuple[Any, Any]]:
    """Final positions of random games: (game, state)."""
    found = []
    for index in range(games):
        game = load(spec, players=1 + index % 4 if spec.startswith("clever") else 2 + index % 3)
        match = Match(game, derive_seed(seed, "pad", index))
        play_out(match, [make_bot("random") for _ in range(game.num_players)])
        found.append((game, match.state))
    return found


def sheet_data(sheet: Sheet) -> dict[str, Any]:
    """An engine sheet in the shape the page keeps (the view's sheet)."""
    cells = [v for row in YELLOW_GRID for v in row]
    return {
        "yellow": [2 if v is None else sheet.yellow >> c & 1 for c, v in enumerate(cells)],
        "blue": [s for s in range(2, 13) if sheet.blue >> s & 1],
        "green": sheet.green,
        "orange": list(sheet.orange),
        "purple": list(sheet.purple),
    }


def mutate(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A sheet with marks taken away or added, each area still one that can be written."""
    data = json.loads(json.dumps(data))
    for _ in range(rng.randrange(1, 4)):
        area = rng.choice(["yellow", "blue", "green", "orange", "purple"])
        if area == "yellow":
            cell = rng.randrange(16)
            if data["yellow"][cell] != 2:
                data["yellow"][cell] ^= 1
        elif area == "blue":
            total = rng.randrange(2, 13)
            blue = data["blue"]
            data["blue"] = sorted(set(blue) ^ {total})
        elif area == "green":
            data["green"] = max(0, min(11, data["green"] + rng.choice([-2, -1, 1])))
        elif data[area]:
            data[area] = data[area][: rng.randrange(len(data[area]))]
    return data


def engine_verdict(game: CleverGame, data: dict[str, Any]) -> dict[str, Any]:
    """The engine pad's answer for a sheet in the page's shape: its total, or its refusal."""
    sheet = Sheet()
    sheet.yellow = sum((m > 0) << c for c, m in enumerate(data["yellow"]))
    sheet.blue = sum(1 << s for s in data["blue"])
    sheet.green = data["green"]
    sheet.orange = tuple(data["orange"])
    sheet.purple = tuple(data["purple"])
    try:
        return {"total": game.score_sheet(write_sheet(sheet).rsplit("\nfoxes", 1)[0]).total}
    except SheetError as error:
        return {"area": error.area, "box": error.box, "message": error.message}


PAGE_CLEVER = """async (cases) => {
  const rules = await import('/static/pad/clever.js');
  const facts = (await (await fetch('/api/pad')).json()).pads[0].facts;
  return cases.map(([sheet, game]) => {
    const found = rules.problems(sheet, facts.layout, game);
    if (found.length) return {area: found[0].area, box: found[0].box, message: found[0].message};
    return {total: rules.score(sheet, facts.layout).total};
  });
}"""


def test_the_pages_clever_rules_agree_with_the_engine(browser: Any, pad_server: str) -> None:
    rng = random.Random(5)
    cases, expected = [], []
    for multiplied in (True, False):
        spec = f"clever(orange_bonus_multiplied={str(multiplied).lower()})"
        for game, state in played_sheets(spec, 60, int(multiplied)):
            assert isinstance(game, CleverGame)
            for seat in range(game.num_players):
                data = sheet_data(state.sheet(seat))
                for sheet in (data, *(mutate(data, rng) for _ in range(3))):
                    config = {
                        "multiplied": multiplied,
                        "players": game.num_players,
                        "rounds": game.rounds,
                    }
                    cases.append([sheet, config])
                    expected.append(engine_verdict(game, sheet))
    refused = sum("message" in e for e in expected)
    assert 100 < refused < len(expected) - 100  # both kinds, many of each
    page = open_page(browser, PHONE, [])
    page.goto(f"{pad_server}/pad")
    answers = page.evaluate(PAGE_CLEVER, cases)
    mismatches = [(c, e, a) for c, e, a in zip(cases, expected, answers, strict=True) if e != a]
    assert not mismatches, mismatches[:3]


PAGE_QUICK = """async (cases) => {
  const rules = await import('/static/pad/clever.js');
  const facts = (await (await fetch('/api/pad')).json()).pads[0].facts;
  return cases.map(([counts, multiplied]) => {
    const result = rules.quick(counts, facts.layout, multiplied);
    return result.problem ? {area: result.problem.area, message: result.problem.message}
      : {total: result.total};
  });
}"""


def test_the_pages_quick_count_agrees_with_the_engine(browser: Any, pad_server: str) -> None:
    """The quick counts of real final sheets, the same counts shaken, and the refusals of the
    engine's tests (clever-pad-quick): the page's port answers as the engine does."""
    rng = random.Random(36)
    keys = ("yellow", "blue", "green", "orange", "purple", "foxes")
    cases: list[Any] = []
    expected: list[dict[str, Any]] = []
    fixed = [
        {"blue": 11},
        {"green": 11, "blue": 1, "purple": 6},
        {"orange": 96},
        {"orange": 96, "foxes": 1},
        {"blue": 10},
        {"purple": 21, "foxes": 1},
        {"green": 6},
        {"yellow": 40, "blue": 7, "green": 7, "orange": 28, "purple": 26, "fox_points": 44},
        {"yellow": 40, "blue": 7, "green": 7, "orange": 28, "purple": 26, "fox_points": 41},
        {"blue": 11, "fox_points": 0},
        {"orange": 96, "fox_points": 0},
        {"purple": 21, "foxes": 1, "fox_points": 0},
    ]
    counted: list[tuple[dict[str, int], bool]] = [(c, True) for c in fixed]
    for multiplied in (True, False):
        spec = f"clever(orange_bonus_multiplied={str(multiplied).lower()})"
        for game, state in played_sheets(spec, 25, 36 + multiplied):
            for seat in range(game.num_players):
                sheet = state.sheet(seat)
                yellow, _, _, orange, purple = sheet.area_scores()
                real = dict(
                    zip(
                        keys,
                        (yellow, sheet.blue.bit_count(), sheet.green, orange, purple, sheet.foxes),
                        strict=True,
                    )
                )
                counted.append((real, multiplied))
                shaken = dict(real)
                key = rng.choice(keys[1:])
                shaken[key] = max(0, shaken[key] + rng.choice([-3, -1, 1, 2, 5]))
                counted.append((shaken, multiplied))
                if rng.random() < 0.3:  # the foxes as points (Marquoir's way), true or shaken
                    by_points = {k: v for k, v in real.items() if k != "foxes"}
                    weakest = min(sheet.area_scores())
                    by_points["fox_points"] = real["foxes"] * weakest + rng.choice([0, 0, 1])
                    counted.append((by_points, multiplied))
    for counts, multiplied in counted:
        game = load(f"clever(orange_bonus_multiplied={str(multiplied).lower()})", players=2)
        text = "\n".join(f"{key.replace('_', ' ')}: {value}" for key, value in counts.items())
        try:
            expected.append({"total": game.score_quick(text).total})
        except SheetError as error:
            expected.append({"area": error.area, "message": error.message})
        cases.append([counts, multiplied])
    assert 10 < sum("message" in e for e in expected) < len(expected) - 10
    page = open_page(browser, PHONE, [])
    page.goto(f"{pad_server}/pad")
    answers = page.evaluate(PAGE_QUICK, cases)
    mismatches = [(c, e, a) for c, e, a in zip(cases, expected, answers, strict=True) if e != a]
    assert not mismatches, mismatches[:3]


PAGE_CLICKETY = """async ([boards, rows]) => {
  const rules = await import('/static/pad/clickety.js');
  const pads = (await (await fetch('/api/pad')).json()).pads;
  const facts = (side) => pads.find((p) => p.spec === `clickety-clack(side=${side})`).facts;
  const early = boards.map(([side, lengths, penalties]) => {
    const f = facts(side);
    const problem = rules.endedEarlier({...f.board, ...f}, lengths);
    return problem ? problem.message : rules.score(f.board, lengths, penalties).total;
  });
  const refusals = rows.map(([side, r, row, total]) => {
    const board = facts(side).board;
    return rules.refusal(board.rules[r], row, total, board.row5 || []);
  });
  return [early, refusals];
}"""


def test_the_pages_clickety_rules_agree_with_the_engine(browser: Any, pad_server: str) -> None:
    rng = random.Random(7)
    boards, expected_boards, rows, expected_rows = [], [], [], []
    for side in ("A", "B"):
        for game, state in played_sheets(f"clickety-clack(side={side})", 40, ord(side)):
            for seat in range(game.num_players):
                written = [list(row) for row in state.rows(seat)]
                for r, row in enumerate(written):
                    for cut in range(len(row) + 1):
                        total = rng.randrange(2, 13)
                        rows.append([side, r, row[:cut], total])
                        rule = game.row_rules[r]
                        expected_rows.append(refusal(rule, tuple(row[:cut]), total, game.row5))
                lengths = [len(row) for row in written]
                for extra in range(3):
                    grown = [min(10, n + rng.randrange(0, 7) * (extra > 0)) for n in lengths]
                    penalties = state.penalties(seat)
                    boards.append([side, grown, penalties])
                    try:
                        # the counts alone decide the end check: the quick count reads them
                        card = game.score_quick(
                            "\n".join(f"{r}: {n}" for r, n in enumerate(grown, 1))
                            + f"\npenalties: {penalties}"
                        )
                        expected_boards.append(card.total)
                    except SheetError as error:
                        expected_boards.append(error.message)
                assert game.score_sheet(write_board(written, state.penalties(seat))).total == (
                    state.score(seat)
                )
    assert any(isinstance(e, str) for e in expected_boards)
    page = open_page(browser, PHONE, [])
    page.goto(f"{pad_server}/pad")
    early, refusals = page.evaluate(PAGE_CLICKETY, [boards, rows])
    assert early == expected_boards
    assert refusals == expected_rows


def fill_coins(page: Any, key: str, values: list[int]) -> None:
    """Type one line of the coin count (a shootout's coins or a tie-breaker), field by field."""
    for seat, value in enumerate(values):
        field = f"[data-key={key}-{seat}]"
        page.fill(field, str(value))
        page.press(field, "Tab")


def test_a_click_click_boom_coin_count(browser: Any, pad_server: str) -> None:
    """The rulebook: "After 3 Shootouts have been played, all coins are counted", ties broken by
    the fewest BOOM cards left, then the fewest steals, then the draw, each asked in order."""
    errors: list[str] = []
    page = open_page(browser, PHONE, errors)
    start_pad(page, pad_server, "click-click-boom", ["Ann", "Bo", "Cy"])
    fill_coins(page, "coins-0", [20, 19, 1])
    assert page.text_content("#pad-message") == (
        "Refused: shootout 1: 40 coins together; the table holds 39 (13 each)"
    )
    fill_coins(page, "coins-0", [14, 9, 13])
    assert page.text_content("#pad-verdict") == "Winner (after 1 of 3): Ann with 14 coins."
    fill_coins(page, "coins-1", [15, 15, 6])
    assert page.text_content("#pad-message").startswith(
        "booms: Ann and Bo are tied with 15 coins: give each player's BOOM cards left"
    )
    fill_coins(page, "booms", [1, 1, 0])
    assert page.text_content("#pad-message").startswith("steals: Ann and Bo are tied")
    fill_coins(page, "steals", [0, 1, 2])
    text = "players: Ann, Bo, Cy\nshootout 1: 14 9 13\nshootout 2: 15 15 6\n"
    text += "booms: 1 1 0\nsteals: 0 1 2"
    engine = http(
        pad_server,
        "POST",
        "/api/pad/score",
        {"spec": "click-click-boom", "players": 3, "text": text},
    )
    assert page.text_content("#pad-verdict") == engine["card"]["notes"][0] + "."
    assert totals(page) == {"Ann": "15", "Bo": "15", "Cy": "6"}
    assert page.text_content("#pad-totals tr.winner").startswith("1Ann")
    assert not errors, errors


PAGE_BOOM = """async (cases) => {
  const rules = await import('/static/pad/boom.js');
  const facts = (await (await fetch('/api/pad')).json()).pads.find((p) => p.key === 'boom').facts;
  return cases.map(([names, entry]) => {
    const result = rules.count(facts, names, entry);
    return result.problem ? result.problem.message : rules.verdict(facts, names, result);
  });
}"""


def test_the_pages_coin_count_agrees_with_the_engine(browser: Any, pad_server: str) -> None:
    rng = random.Random(3)
    cases, expected = [], []
    for _ in range(300):
        players = rng.randrange(2, 7)
        names = [f"P{seat}" for seat in range(players)]
        shootouts = [
            [rng.choice([rng.randrange(0, 9), 8]) for _ in names]
            for _ in range(rng.randrange(1, 4))
        ]
        entry: dict[str, Any] = {"shootouts": shootouts, "draw": None}
        text = [f"players: {', '.join(names)}"]
        text += [f"shootout {i}: {' '.join(map(str, c))}" for i, c in enumerate(shootouts, 1)]
        for key in ("booms", "steals"):
            if rng.random() < 0.7:  # now and then more than the cards allow (boom-pad-cards)
                entry[key] = [rng.choice([0, 0, 1, 1, 2, 6]) for _ in names]
                text.append(f"{key}: {' '.join(map(str, entry[key]))}")
        if rng.random() < 0.7:
            entry["draw"] = rng.randrange(players)
            text.append(f"draw: {entry['draw'] + 1}")
        cases.append([names, entry])
        game = load("click-click-boom", players=players)
        try:
            expected.append(game.score_sheet("\n".join(text)).notes[0])
        except SheetError as error:
            expected.append(error.message)
    assert any("tie is broken by the draw" in e for e in expected)
    assert any("BOOM cards left unplayed" in e for e in expected)
    assert any("steals played" in e for e in expected)
    assert any("are tied" in e for e in expected)
    page = open_page(browser, PHONE, [])
    page.goto(f"{pad_server}/pad")
    assert page.evaluate(PAGE_BOOM, cases) == expected
