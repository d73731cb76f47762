"""Screenshots of a table of each game at 1280x800 (a desktop) and 390x844 (a phone).

Usage: python tools/shots.py [OUT_DIR] [GAME...]. Starts ``clickbox serve`` on a free port with
a throwaway database, creates a table per game (the first seat a person, the others easy bots),
plays a few random moves as the person so that the board is not bare, and saves what each
screen shows at the person's next decision: ``OUT_DIR/GAME.png`` (desktop) and
``OUT_DIR/GAME-phone.png``. ``make screenshots`` writes them into ``docs/screenshots``. The
server is stopped at the end, whatever happens.
"""

from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import ViewportSize, sync_playwright

PLAYERS = {"clever": 2, "clickety-clack": 2, "click-click-boom": 4, "click-clack": 4}
SCREENS: dict[str, ViewportSize] = {
    "": {"width": 1280, "height": 800},
    "-phone": {"width": 390, "height": 844},
}
MOVES = 8
"""The person's moves before the screenshot."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def post(url: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    """POST JSON, the answer as JSON."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request) as answer:
        return dict(json.load(answer))


def play_some(page: Any, rng: random.Random, moves: int) -> None:
    """Make ``moves`` random legal moves (from the page's list of moves), each once it is the
    person's turn, then wait for the turn after them."""
    for _ in range(moves + 1):
        page.wait_for_selector("body.my-turn", timeout=60_000)
        if moves == 0:
            return
        version = page.get_attribute("body", "data-version")
        actions = page.eval_on_selector_all(
            "#moves button[data-action]", "buttons => buttons.map(b => b.dataset.action)"
        )
        action = rng.choice(actions)
        page.evaluate(
            "a => document.querySelector(`#moves button[data-action='${a}']`).click()", action
        )
        if page.is_visible("#confirm-yes"):
            page.click("#confirm-yes")
        page.wait_for_function(
            f"() => document.body.dataset.version !== '{version}'"
            " || document.body.dataset.status === 'finished'"
        )
        if page.get_attribute("body", "data-status") == "finished":
            return
        moves -= 1


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/shots")
    games = sys.argv[2:] or list(PLAYERS)
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    db = Path(tempfile.mkdtemp()) / "shots.db"
    command = [sys.executable, "-m", "clickbox", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{db}", "--create-per-minute", "0", "--tables-per-client", "0"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/api/games")
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox"]
            )
            for game in games:
                for suffix, size in SCREENS.items():
                    players = PLAYERS[game]
                    seats = ["human"] + ["bot:easy"] * (players - 1)
                    body = {"game": game, "players": players, "seats": seats, "name": "Ann"}
                    created = post(base + "/api/tables", body)
                    invite, token = created["invite"], created["token"]
                    post(f"{base}/api/tables/{invite}/start", {}, token)
                    context = browser.new_context(viewport=size)
                    context.add_init_script(
                        f"localStorage.setItem('clickbox-token-{invite}', {json.dumps(token)});"
                        "localStorage.setItem('clickbox-speed', 'instant');"
                    )
                    page = context.new_page()
                    page.goto(f"{base}/t/{invite}")
                    play_some(page, random.Random(7), MOVES)
                    page.wait_for_timeout(2500)  # the highlight of the last change has faded
                    page.screenshot(path=str(out / f"{game}{suffix}.png"))
                    print(f"{out / f'{game}{suffix}.png'}")
                    context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(15)


if __name__ == "__main__":
    main()
