"""Screenshots of a table of each game at 1280x800 and 390x844, for looking at the layout.

Usage: python tools/shots.py [OUT_DIR] [GAME...]. Starts ``clickbox serve`` on a free port, creates a
table per game (the first seat a person, the others bots), starts it, takes screenshots, stops
the server. A tool for people working on the pages; the tests make their own.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

PLAYERS = {"clever": 1, "clickety-clack": 2, "click-click-boom": 4, "click-clack": 4}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def post(url: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request) as answer:
        return dict(json.load(answer))


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/shots")
    games = sys.argv[2:] or list(PLAYERS)
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    db = Path(tempfile.mkdtemp()) / "shots.db"
    server = subprocess.Popen(
        [sys.executable, "-m", "clickbox", "serve", "--port", str(port), "--db", f"sqlite:///{db}",
         "--create-per-minute", "0", "--tables-per-client", "0"],
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/api/games")
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for game in games:
                players = PLAYERS[game]
                seats = ["human"] + ["bot:easy"] * (players - 1)
                created = post(base + "/api/tables", {"game": game, "players": players, "seats": seats, "name": "Annabelle"})
                post(f"{base}/api/tables/{created['invite']}/start", {}, created["token"])
                for label, size in (("desktop", {"width": 1280, "height": 800}), ("phone", {"width": 390, "height": 844})):
                    context = browser.new_context(viewport=size)
                    context.add_init_script(
                        f"localStorage.setItem('clickbox-token-{created['invite']}', {json.dumps(created['token'])});"
                        "localStorage.setItem('clickbox-speed', 'instant');"
                    )
                    page = context.new_page()
                    page.goto(f"{base}/t/{created['invite']}")
                    page.wait_for_selector("body.my-turn", timeout=20000)
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / f"{game}-{label}.png"))
                    height = page.evaluate("document.documentElement.scrollHeight")
                    print(game, label, "page height", height)
                    context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
