"""Click Click Boom in the browser: the drawing (static/games/boom.js) is played by
clicking and by keyboard, offers every legal move, draws what the view says, and never shows a
seat its own hand."""

from __future__ import annotations

import functools
import random
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from ..server.live import running_server
from . import pages

GAME = "click-click-boom"
PICK = re.compile(r"^([LR])(\d|=)(?::[a-z]+)?$")

# The data-action of every spot the drawing offers: the one-click spots, and for a pick the claim
# buttons that appear once a card is chosen (each card is chosen, then put back). Returns the
# actions and whether no card is left chosen.
EXPLORE = """() => {
  const board = document.getElementById("board");
  const found = new Set();
  const collect = () => document
    .querySelectorAll("#board [data-action], #bar-buttons [data-action]")
    .forEach((node) => found.add(node.dataset.action));
  const byKey = (key) => board.querySelector(`[data-key="${key}"]`);
  collect();
  const keys = [...board.querySelectorAll(".selectable[data-key]")].map((node) => node.dataset.key);
  for (const key of keys) {
    byKey(key).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    collect();
    byKey(key).dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
  return { actions: [...found], cleared: !board.querySelector(".selected") };
}"""

# What the drawing shows of every seat: the kinds of its hand cards (null for a back), its two
# table cards, and its played pile.
DRAWN_SEATS = """() => {
  const kinds = (nodes) => [...nodes].map((node) =>
    node.classList.contains("back") ? null : node.dataset.kind);
  return [...document.querySelectorAll("#board .ccb-seat")].map((panel) => {
    const side = (name) => {
      const node = panel.querySelector(`.ccb-table-cards .ccb-card[data-side="${name}"]`);
      return node ? { card: kinds([node])[0] } : null;
    };
    return {
      seat: +panel.dataset.seat,
      hand: kinds(panel.querySelectorAll(".ccb-hand .ccb-card")),
      left: side("left"),
      right: side("right"),
      played: kinds(panel.querySelectorAll(".ccb-played .ccb-card:not(.outgoing)")),
      claims: [...panel.querySelectorAll(".ccb-table-cards .ccb-claim")].map((node) =>
        ({ claim: node.dataset.claim || null, about: node.dataset.about || null })),
      passing: panel.querySelector(".ccb-played")?.textContent || "",
      outgoing: kinds(panel.querySelectorAll(".ccb-played .ccb-card.outgoing")),
    };
  });
}"""


def spot(action: str, within: str = "#board, #bar-buttons") -> str:
    """The highlighted spot that makes ``action`` inside ``within`` (a selector list): on the
    drawing, or a button of the status bar (skip)."""
    return ", ".join(f"{part.strip()} .legal[data-action='{action}']" for part in within.split(","))


def pick_key(action: str) -> str | None:
    """The card a pick chooses first (``L2:boom`` -> ``L2``, ``R=`` -> ``R=``), else None."""
    match = PICK.match(action)
    return match[1] + match[2] if match else None


def click_move(page: Any, action: str) -> None:
    """Make ``action`` by clicking the drawing: for a pick the card, then what is said."""
    key = pick_key(action)
    if key is not None:
        page.click(f"#board .selectable[data-key='{key}']")
        page.click(spot(action, "#board .ccb-claims"))
    else:
        page.click(spot(action))


def key_move(page: Any, action: str) -> None:
    """Make ``action`` with the keyboard only: Tab to the spot, Enter or Space to choose it."""
    key = pick_key(action)
    if key is not None:
        pages.tab_to(page, f"#board .selectable[data-key='{key}']")
        page.keyboard.press("Enter")
        # choosing the card puts the keyboard on what can be said about it
        assert page.evaluate("() => !!document.activeElement?.closest('.ccb-claims')")
        pages.tab_to(page, spot(action, "#board .ccb-claims"))
        page.keyboard.press("Space")
    else:
        pages.tab_to(page, spot(action))
        page.keyboard.press("Enter")


def assert_drawn_as_view(page: Any) -> None:
    """Every seat's hand, table cards and played pile are drawn as the page's view says: faces
    only where the view shows the card, backs (with no kind anywhere on them) elsewhere."""
    view = pages.shown_view(page)
    drawn = {panel["seat"]: panel for panel in page.evaluate(DRAWN_SEATS)}
    assert sorted(drawn) == list(range(view["players"]))
    for number, seat in enumerate(view["seats"]):
        panel = drawn[number]
        expected_hand = seat["hand"] if seat["hand"] is not None else [None] * seat["hand_count"]
        assert panel["hand"] == expected_hand, (number, panel, seat)
        for side in ("left", "right"):
            expected = None if seat[side] is None else {"card": seat[side]["card"]}
            assert panel[side] == expected, (number, side, panel, seat)
        assert panel["played"] == seat["played"]
        assert panel["claims"] == expected_claims(seat), (number, panel, seat)
        assert all(kind is None for kind in panel["outgoing"]), "a passed card is face down"


def expected_claims(seat: dict[str, Any]) -> list[dict[str, str | None]]:
    """The claim bubbles of a seat's table cards, left then right: a card drawn at random has
    none; after the Advanced "same card" the right neighbour's words are about the left card."""
    found: list[dict[str, str | None]] = []
    left, right, same = seat["left"], seat["right"], seat["same_claim"]
    if left is not None:
        found.append({"claim": left["claim"], "about": None})
    if same is not None:
        found.append({"claim": same["claim"], "about": "same"})
    elif right is not None and right["by"] != "chance":
        found.append({"claim": right["claim"], "about": None})
    return found


def assert_own_hand_hidden(page: Any, other: Any) -> None:
    """``page``'s seat sees its own hand as backs, and nothing of its cards is in the DOM of its
    hand; the other person's page (the truth: it sees this seat's hand) draws the faces."""
    view = pages.shown_view(page)
    me = view["me"]
    seat = view["seats"][me]
    if not seat["alive"] or view["outcome"] is not None:
        return
    assert seat["hand"] is None
    hand = page.locator(f"#board .ccb-hand[data-seat='{me}']")
    assert hand.locator(".ccb-card.back").count() == seat["hand_count"]
    assert hand.locator(".ccb-card[data-kind]").count() == 0
    markup = hand.evaluate("node => node.outerHTML").lower()
    for word in ("pay", "steal", "boom", "click", "stolen"):
        assert word not in markup, f"the own hand's markup names {word!r}"
    for side in ("left", "right"):
        if seat[side] is not None and seat[side]["card"] is None:
            node = page.locator(f"#board .ccb-seat[data-seat='{me}'] .ccb-card[data-side='{side}']")
            assert "back" in (node.get_attribute("class") or "")
    if other.get_attribute("body", "data-version") != page.get_attribute("body", "data-version"):
        return  # the other page has not drawn this state yet
    truth = pages.shown_view(other)["seats"][me]["hand"]
    assert truth is not None and len(truth) == seat["hand_count"]
    faces = other.eval_on_selector_all(
        f"#board .ccb-hand[data-seat='{me}'] .ccb-card", "cs => cs.map(c => c.dataset.kind)"
    )
    assert faces == truth


TAP = 44  # CSS px: the least width and height of a spot to tap on a phone

# Every spot of the drawing to click or tap (a legal move, a card to choose first, and the claims
# each such card opens) with its size on the screen.
TARGETS = """() => {
  const board = document.getElementById("board");
  const size = (node, what) => {
    const box = node.getBoundingClientRect();
    return { what, width: box.width, height: box.height };
  };
  const found = [...board.querySelectorAll(".legal, .selectable")].map((node) =>
    size(node, node.dataset.action || node.dataset.key));
  const keys = [...board.querySelectorAll(".selectable[data-key]")].map((n) => n.dataset.key);
  for (const key of keys) {
    const node = () => board.querySelector(`[data-key="${key}"]`);
    node().dispatchEvent(new MouseEvent("click", { bubbles: true }));
    for (const button of board.querySelectorAll(".ccb-claims .legal")) {
      found.push(size(button, button.dataset.action));
    }
    node().dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
  return found;
}"""


def assert_tap_sized(page: Any) -> None:
    """Every spot to click on the drawing is at least TAP x TAP CSS px (on a phone)."""
    targets = page.evaluate(TARGETS)
    small = [t for t in targets if t["width"] < TAP or t["height"] < TAP]
    assert not small, small


# What the drawing calls each spot: a card to pick (its key, its number, its label and tooltip),
# every move's spot (its action and label), and the page's list of the legal moves in words.
LABELS = """() => {
  const board = document.getElementById("board");
  return {
    picks: [...board.querySelectorAll(".ccb-hand .selectable[data-key]")].map((n) => ({
      key: n.dataset.key, index: n.dataset.index, label: n.getAttribute("aria-label"),
      tip: n.querySelector(":scope > title")?.textContent || "",
    })),
    cards: [...board.querySelectorAll(".ccb-hand .ccb-card")].map((n) => ({
      index: n.dataset.index, tip: n.querySelector(":scope > title")?.textContent || "",
    })),
    spots: [...document.querySelectorAll("#board [data-action], #bar-buttons [data-action]")]
      .map((n) => ({
      action: n.dataset.action, label: n.getAttribute("aria-label") || n.textContent,
    })),
    listed: Object.fromEntries([...document.querySelectorAll("#moves button[data-action]")]
      .map((b) => [b.dataset.action, b.textContent])),
  };
}"""


def assert_labels_agree(page: Any) -> None:
    """One numbering, from 1: a hand card's label and tooltip give the number the moves made
    from it use ("pick hand card 4 ..." for the card of index 3), and every spot says what the
    list of moves says."""
    labels = page.evaluate(LABELS)
    listed: dict[str, str] = labels["listed"]
    for card in labels["cards"]:
        number = re.search(r"hand card (\d)", card["tip"])
        assert number is not None and int(number[1]) == int(card["index"]) + 1, card
    for pick in labels["picks"]:
        index = pick["key"][1]
        assert index == pick["index"], pick
        shown = str(int(index) + 1)
        assert re.findall(r"hand card (\d)", pick["label"]) == [shown], pick
        texts = [text for action, text in listed.items() if pick_key(action) == pick["key"]]
        assert texts, pick
        for text in texts:
            assert re.findall(r"hand card (\d)", text) == [shown], (pick, text)
    for spot in labels["spots"]:
        assert spot["label"] == listed[spot["action"]], spot


REVEAL_KIND = {"pay": "pay", "steal": "steal", "steal-blocked": "steal", "boom": "boom"}
REVEAL_KIND["click"] = "click"
KIND_LABEL = {"pay": "Pay 1", "steal": "2 Stolen", "click": "Click", "boom": "BOOM"}

# The last showdown under the table, player by player, and the table of the shootouts.
SHOWDOWN = """() => {
  const panel = document.querySelector("#board .ccb-showdown");
  const px = (node) => (node ? parseFloat(getComputedStyle(node).fontSize) : 0);
  const table = document.querySelector("#board .ccb-shootouts");
  return {
    rows: panel ? [...panel.querySelectorAll(":scope > .ccb-reveals > .ccb-reveal")].map((r) => ({
      seat: +r.dataset.seat, kind: r.dataset.kind, coins: +r.dataset.coins, text: r.textContent,
      visible: r.getBoundingClientRect().height > 0,
      card: px(r.querySelector(".ccb-reveal-card")), who: px(r.querySelector(".ccb-reveal-who")),
    })) : null,
    shootouts: table ? [...table.tBodies[0].rows].map((r) => ({
      number: r.dataset.shootout, survivors: r.dataset.survivors, share: r.dataset.share,
      cells: [...r.cells].map((c) => c.textContent),
    })) : null,
  };
}"""


def expected_showdown(view: dict[str, Any]) -> tuple[dict[int, str], dict[int, int]] | None:
    """The last showdown in the view's events: what each seat revealed, and the coins each won
    or lost by it (payments, steals, and what survivors or Rory took from the pot after it)."""
    events = view["events"]
    reveals = [e for e in events if e["event"] in REVEAL_KIND]
    if not reveals:
        return None
    last = reveals[-1]["after"]
    kinds: dict[int, str] = {}
    coins: dict[int, int] = defaultdict(int)
    for e in events:
        if e["after"] == last and e["event"] in REVEAL_KIND:
            kinds.setdefault(e["seat"], REVEAL_KIND[e["event"]])
            if e["event"] in ("pay", "steal"):
                coins[e["seat"]] -= e["amount"]
            if e["event"] == "steal":
                coins[e["to"]] += e["amount"]
        elif e["after"] >= last and e["event"] in ("rory", "loot") and e["seat"] is not None:
            coins[e["seat"]] += e["amount"]
    return kinds, coins


def assert_showdown_drawn(page: Any, names: dict[int, str], least_px: float = 16) -> None:
    """Under the table: the last showdown as the view's events tell it, each player's reveal in
    big letters (at least ``least_px``), naming the player and the card; the shootouts table
    row for row as the view's results (number, survivors, coins each)."""
    view = pages.shown_view(page)
    drawn = page.evaluate(SHOWDOWN)
    expected = expected_showdown(view)
    if expected is None:
        assert not drawn["rows"], drawn
    else:
        kinds, coins = expected
        rows = drawn["rows"]
        assert rows, "the last showdown is not shown"
        assert {r["seat"]: r["kind"] for r in rows if r["kind"]} == kinds, (rows, kinds)
        assert {r["seat"]: r["coins"] for r in rows} == {r["seat"]: coins[r["seat"]] for r in rows}
        assert {s for s, c in coins.items() if c} <= {r["seat"] for r in rows}, (rows, coins)
        for row in rows:
            assert row["visible"], row
            assert names[row["seat"]] in row["text"], row
            if row["kind"]:
                assert KIND_LABEL[row["kind"]] in row["text"], row
            assert row["card"] >= least_px and row["who"] >= least_px, row
    results = view["results"]
    if not results or view["mode"] == "quick":
        assert drawn["shootouts"] is None
        return
    table = drawn["shootouts"]
    assert table is not None and len(table) == len(results), (table, results)
    for number, (row, result) in enumerate(zip(table, results, strict=True), start=1):
        survivors = result["survivors"]
        assert row["number"] == str(number) and row["cells"][0] == str(number), row
        assert row["survivors"] == " ".join(map(str, survivors)), (row, result)
        assert row["share"] == str(result["share"]), (row, result)
        for seat in survivors:
            assert names[seat] in row["cells"][1], (row, result)
        assert row["cells"][2] == (f"+{result['share']}" if survivors else "—"), row


@pytest.mark.slow
def test_a_full_game_by_clicking_on_a_phone_and_a_desktop(browser: Any, tmp_path: Path) -> None:
    """Ann (desktop, 1280x800), Bob (phone, 390x844) and two easy bots play a whole game by
    clicking the drawing, which offers every legal move, draws the view, shows each person their
    hand as backs, and fits the screen: at every decision the prompt and every spot to click
    (the card to pick, what to say about it, the showdown's cards, the pass, skip) are in view
    at the top of the page without scrolling, uncovered, finger-sized on the phone."""
    errors: list[str] = []
    rng = random.Random(8)
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        ann = pages.open_page(browser, pages.DESKTOP, errors)
        bob = pages.open_page(browser, pages.PHONE, errors)
        invite = pages.create_table(ann, server.base, GAME, 4, humans=(1,), bots="easy")
        pages.join_table(bob, server.base, invite, "Bob")
        ann.wait_for_selector("#start:not([hidden])")
        ann.click("#start")
        ann.wait_for_selector("#board svg.ccb")
        shot: list[bool] = []
        hidden_checks: list[int] = []
        fits: dict[int, int] = {id(ann): 0, id(bob): 0}

        names = {0: "Ann", 1: "Bob", 2: "Bot 3 (easy)", 3: "Bot 4 (easy)"}
        showdowns: set[tuple[int, int]] = set()

        def fits_the_screen(page: Any) -> None:
            pages.assert_fits(page, phone=page is bob)
            fits[id(page)] += 1

        def on_move(number: int, page: Any) -> None:
            fits_the_screen(page)
            offered = page.evaluate(EXPLORE)
            assert offered["cleared"], "exploring the picks left a card chosen"
            assert set(offered["actions"]) == set(pages.legal_actions(page))
            assert_drawn_as_view(page)
            assert_labels_agree(page)
            assert_showdown_drawn(page, names)
            if page is bob:  # the phone (390 px): every spot is finger-sized
                assert_tap_sized(page)
            events = pages.shown_view(page)["events"]
            showdowns.update((id(page), e["after"]) for e in events if e["event"] in REVEAL_KIND)
            if number % 4 == 0:
                other = bob if page is ann else ann
                assert_own_hand_hidden(page, other)
                assert_own_hand_hidden(other, page)
                hidden_checks.append(number)

        def choose(page: Any, rng: random.Random) -> None:
            action = rng.choice(pages.legal_actions(page))
            key = pick_key(action)
            played = any(seat["played"] for seat in pages.shown_view(page)["seats"])
            if key is not None:
                page.click(f"#board .selectable[data-key='{key}']")  # a card chosen, claims shown
                fits_the_screen(page)  # what to say is in view too
                if page is ann and not shot and played:
                    pages.screenshot(page, "click-click-boom-table")
                    shot.append(True)
                page.click(spot(action, "#board .ccb-claims"))
            else:
                click_move(page, action)

        moves = pages.play_until_over([ann, bob], rng, choose=choose, on_move=on_move)
        assert moves > 20
        assert shot, "Ann never picked a card"
        assert all(fits.values()), fits  # both screens were checked
        assert len(hidden_checks) >= 5
        assert len({after for page, after in showdowns if page == id(bob)}) >= 3, showdowns
        for page in (ann, bob):
            page.wait_for_selector("#outcome", state="visible")
            assert page.locator("#scores tbody tr").count() == 4
            assert page.locator("#board .legal, #board .selectable").count() == 0
            assert_drawn_as_view(page)
            assert_showdown_drawn(page, names)
            view = pages.shown_view(page)
            if view["mode"] != "quick":  # every shootout in the table at the end
                rows = page.locator("#board .ccb-shootouts tbody tr").count()
                assert rows == len(view["results"]) == view["shootouts"]
        view = pages.shown_view(ann)
        assert view["outcome"] is not None
        assert all(seat["hand"] is not None for seat in view["seats"]), "the end shows every hand"
        results = [] if view["mode"] == "quick" else view["results"]
        for page in (ann, bob):  # the end table's breakdown: each shootout's loot, gold, silver
            heads, rows = pages.end_table(page)
            shootouts = [f"Shootout {n}" for n in range(1, len(results) + 1)]
            assert heads[1:-1] == [*shootouts, "gold", "silver"], heads
            for s, seat in enumerate(view["seats"]):
                won = [f"+{r['share']}" if s in r["survivors"] else "0" for r in results]
                coins = [str(seat["coins"]["gold"]), str(seat["coins"]["silver"])]
                assert rows[s][1:-1] == won + coins, (rows[s], seat)
                score = str(view["outcome"]["scores"][s])
                assert rows[s][-1] == str(seat["coins"]["value"]) == score, (rows[s], seat)
        # the whole page: the scores and, under them, the final position with every hand shown
        pages.screenshot(ann, "click-click-boom-end", full_page=True)
        pages.screenshot(bob, "click-click-boom-end-phone", full_page=True)

        # The replay of the finished game: every step drawn, read-only, every hand face up.
        ann.goto(f"{server.base}/t/{invite}/replay")
        ann.wait_for_selector("body[data-ready] #board svg.ccb")
        ann.click("#last")
        assert ann.locator("#board .ccb-hand .ccb-card.back").count() == 0
        assert ann.locator("#board .legal, #board .selectable").count() == 0
    assert errors == []


@pytest.mark.slow
def test_characters_and_keyboard_play_in_advanced_play(browser: Any, tmp_path: Path) -> None:
    """Advanced Play with chosen characters: Ann chooses hers and plays by keyboard only; every
    seat's character and ability are drawn; a spectator sees every hand face down."""
    errors: list[str] = []
    rng = random.Random(5)
    # a variant's numbers from the lobby's fold: a Pay card of this table says what it costs
    options = {"advanced": "true", "characters": "chosen", "shootouts": "1", "pay_amount": "2"}
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        ann = pages.open_page(browser, pages.DESKTOP, errors)
        # with no other person at the table the game starts at once
        invite = pages.create_table(ann, server.base, GAME, 3, bots="easy", options=options)
        ann.wait_for_selector("#board svg.ccb")
        ann.wait_for_selector("#board .char-card.legal")
        assert ann.locator("#board .char-card").count() == 6
        assert "pay_amount=2" in pages.shown_view(ann)["spec"]
        pages.act_and_wait(ann, lambda: key_move(ann, "char:jill"))
        ann.wait_for_function(
            "() => document.querySelectorAll('#board .ccb-character').length === 3"
        )
        view = pages.shown_view(ann)
        assert view["seats"][0]["character"] == "jill"
        tips = " ".join(ann.locator("#board svg title").all_text_contents())
        assert "Pay 2" in tips and "Pay 1" not in tips
        for number, seat in enumerate(view["seats"]):
            chip = ann.locator(f"#board .ccb-seat[data-seat='{number}'] .ccb-character")
            assert chip.get_attribute("data-character") == seat["character"]
            assert chip.is_visible()
            text = chip.text_content() or ""
            assert "ready" in text  # the ability line: what it does, and that it is ready

        spectator = pages.open_page(browser, pages.PHONE, errors)
        spectator.goto(f"{server.base}/t/{invite}")
        spectator.wait_for_selector("#board svg.ccb")

        keyboard_moves: list[str] = []
        for _ in range(2000):
            if len(keyboard_moves) >= 5 or ann.get_attribute("body", "data-status") == "finished":
                break
            if not pages.must_act(ann):
                ann.wait_for_timeout(40)
                continue
            assert_drawn_as_view(ann)
            actions = pages.legal_actions(ann)
            offered = ann.evaluate(EXPLORE)
            assert set(offered["actions"]) == set(actions)
            picks = [a for a in actions if pick_key(a)]
            action = rng.choice(picks or actions)
            pages.act_and_wait(ann, functools.partial(key_move, ann, action))
            keyboard_moves.append(action)
        assert any(pick_key(a) for a in keyboard_moves), keyboard_moves

        watched = pages.shown_view(spectator)
        assert watched["me"] is None
        assert spectator.get_attribute("body", "data-status") == "playing"  # five moves in
        assert all(seat["hand"] is None for seat in watched["seats"])
        assert spectator.locator("#board .ccb-hand .ccb-card[data-kind]").count() == 0
        assert_drawn_as_view(spectator)
        assert spectator.locator("#board .legal").count() == 0
    assert errors == []


@pytest.mark.slow
def test_a_simultaneous_pass_and_the_same_card_by_clicking(browser: Any, tmp_path: Path) -> None:
    """Advanced Play, Ann and Bob and an easy bot: a person passes by clicking the drawing
    ("All players left alive will then pass a card face-down": at once, hidden until all have
    passed: the other person's page shows that, never how, nor the card), and a person who
    picks the same card (R=) sees the claim drawn on the left card, none on the random right
    card."""
    errors: list[str] = []
    rng = random.Random(4)
    options = {"advanced": "true", "characters": "none", "shootouts": "1"}
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        ann = pages.open_page(browser, pages.DESKTOP, errors)
        bob = pages.open_page(browser, pages.PHONE, errors)
        pages.create_table(ann, server.base, GAME, 3, humans=(1,), bots="easy", options=options)
        invite = ann.inner_text("#invite")
        pages.join_table(bob, server.base, invite, "Bob")
        ann.wait_for_selector("#start:not([hidden])")
        ann.click("#start")
        seat_of = {id(ann): 0, id(bob): 1}
        passes: list[tuple[int, str]] = []
        same_picks: list[int] = []
        hidden_passes: list[int] = []

        def choose(page: Any, rng: random.Random) -> None:
            actions = pages.legal_actions(page)
            other = bob if page is ann else ann
            same = [a for a in actions if a.startswith("R=")]
            if same:
                turn = pages.shown_view(page)["turn"]
                click_move(page, rng.choice(same))
                same_picks.append(turn)
                return
            passing = [a for a in actions if a.startswith("pass:")]
            if not passing:
                click_move(page, rng.choice(actions))
                return
            action = rng.choice(passing)
            still = any(a.startswith("pass:") for a in pages.legal_actions(other))
            click_move(page, action)
            me = seat_of[id(page)]
            passes.append((me, action))
            if still:  # the other person is still to pass: it sees that this seat has, only
                panel = f"#board .ccb-seat[data-seat='{me}']"
                other.wait_for_selector(f"{panel} .ccb-badge.chosen")
                text = other.text_content(panel) or ""
                assert "passes a random card" not in text and "unrevealed" not in text, text
                assert pages.shown_view(other)["seats"][me]["pass"] in (None, "?")
                hidden_passes.append(me)

        def on_move(number: int, page: Any) -> None:
            assert_drawn_as_view(page)
            view = pages.shown_view(page)
            for seat in same_picks:
                data = view["seats"][seat]
                if data["same"] and data["right"] is not None:
                    assert data["right"]["claim"] is None and data["same_claim"] is not None

        moves = pages.play_until_over([ann, bob], rng, choose=choose, on_move=on_move)
        assert moves > 10
        assert {seat for seat, _ in passes} == {0, 1}, passes  # both passed by clicking
        assert hidden_passes, "no pass was made while the other person still had to pass"
        assert same_picks, "nobody picked the same card"
    assert errors == []


# The drawing of the page's own view turned into a position where the phone's seat has the moves
# given (Carla's save, Rory's loot, Felix's swap...): drawn by the page's own drawing module into
# a board beside the real one (same width), every spot measured, then removed.
DRAW_POSITION = """async ({ change, legal }) => {
  const drawing = await import("/static/games/boom.js");
  const view = JSON.parse(document.querySelector("#view").textContent);
  const me = view.me;
  const seat = view.seats[me];
  Object.assign(view, { outcome: null, to_move: me }, change.view || {});
  for (const other of view.seats) {
    if (other !== seat && other.character === (change.seat || {}).character) other.character = null;
  }
  Object.assign(seat, change.seat || {});
  for (const [number, fields] of Object.entries(change.others || {})) {
    Object.assign(view.seats[number], fields);
  }
  const words = Object.fromEntries(legal.map((action) => [action, `move ${action}`]));
  const frame = {
    view, seat: me, choice: null, legal: legal.map((action) => ({ action, text: words[action] })),
    table: { committed: [], awaiting: [me] },
  };
  const root = document.createElement("div");
  root.className = "board";
  document.getElementById("board").after(root);
  const names = [...view.seats.keys()].map((s) => `Seat ${s + 1}`);
  drawing.draw(root, frame, { act: () => {}, names, me, replay: false });
  const spots = [...root.querySelectorAll("[data-action]")].map((node) => {
    const box = node.getBoundingClientRect();
    return { action: node.dataset.action, width: box.width, height: box.height,
      inSvg: !!node.closest("svg"), label: node.getAttribute("aria-label") };
  });
  root.remove();
  return spots;
}"""


@pytest.mark.slow
def test_every_spot_is_finger_sized_on_a_phone_carlas_save_included(
    browser: Any, tmp_path: Path
) -> None:
    """On a 390 px phone every move's spot on the drawing is at least 44 x 44 CSS px: Carla's
    BOOM on her played pile (and her character chip when the pile is empty), Rory's pot, Felix's
    hands, Jill's hand, Brandon's and Heather's table cards, the showdown's cards, the
    characters to choose and the buttons."""
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        page = pages.open_page(browser, pages.PHONE, errors)
        pages.create_table(page, server.base, GAME, 3, bots="easy")
        page.wait_for_selector("#board svg.ccb")
        page.wait_for_function(
            "() => JSON.parse(document.querySelector('#view').textContent).me === 0"
        )
        card = {"card": None, "claim": "pay", "by": 1}
        shown = {"card": "steal", "claim": "boom", "by": 0}
        positions: list[tuple[str, dict[str, Any], list[str]]] = [
            (
                "Carla's save, her BOOM on the pile",
                {
                    "view": {"phase": "carla-save"},
                    "seat": {
                        "character": "carla",
                        "ability": "ready",
                        "alive": True,
                        "played": ["pay", "click", "boom"],
                        "revealed": "boom",
                    },
                },
                ["save", "skip"],
            ),
            (
                "Carla's save, no pile",
                {
                    "view": {"phase": "carla-save"},
                    "seat": {"character": "carla", "ability": "ready", "played": []},
                },
                ["save", "skip"],
            ),
            ("Rory's loot", {"view": {"phase": "rory-loot"}}, ["loot", "skip"]),
            ("Felix's swap", {"view": {"phase": "turn-ability"}}, ["swap:1", "swap:2", "skip"]),
            ("Jill's peek", {"view": {"phase": "turn-ability"}}, ["peek", "skip"]),
            (
                "Brandon's force",
                {
                    "view": {"phase": "showdown-ability"},
                    "others": {"1": {"left": shown, "right": shown}, "2": {"left": shown}},
                },
                ["force:1:left", "force:1:right", "force:2:left", "skip"],
            ),
            (
                "Heather's question",
                {"view": {"phase": "showdown-ability"}, "seat": {"left": card, "right": card}},
                ["ask:left", "ask:right", "skip"],
            ),
            (
                "the showdown",
                {"view": {"phase": "choose"}, "seat": {"left": card, "right": card}},
                ["left", "right"],
            ),
            (
                "the pass",
                {"view": {"phase": "pass"}, "seat": {"left": card, "right": None}},
                ["pass:unrevealed", "pass:random"],
            ),
            (
                "the characters",
                {"view": {"phase": "choose-character"}},
                ["char:carla", "char:rory", "char:jill"],
            ),
        ]
        for name, change, legal in positions:
            spots = page.evaluate(DRAW_POSITION, {"change": change, "legal": legal})
            assert {s["action"] for s in spots} == set(legal), (name, spots)
            small = [s for s in spots if s["width"] < TAP or s["height"] < TAP]
            assert not small, (name, small)
            for spot in spots:
                assert spot["label"] == f"move {spot['action']}", (name, spot)
            if name.startswith("Carla"):  # her target is on the drawing, not only a button
                assert any(s["inSvg"] for s in spots if s["action"] == "save"), (name, spots)
        page.wait_for_timeout(200)
    assert errors == []
