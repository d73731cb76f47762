"""The pages served by ``clickbox serve``, in a real browser: Debian's chromium driven by
Playwright (``make test`` installs both; no browser build is downloaded)."""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..server.live import running_server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - make test installs it
        pytest.fail("playwright is not installed (make test installs it)")
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium is missing (tools/ensure-debian-package.sh installs it)")
        pytest.skip("Debian's chromium is not installed")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.mark.slow
def test_a_newcomer_creates_a_table_with_a_bot_and_plays_it_to_the_end(
    browser: object, tmp_path: Path
) -> None:
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    errors: list[str] = []
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log") as server:
        page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone's screen
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.base + "/")
        page.fill("#create input[name=name]", "Ann")
        page.select_option("#game", "click-clack")
        page.click("#create button[type=submit]")
        page.wait_for_url("**/t/*")
        rng = random.Random(5)
        for _ in range(400):
            page.wait_for_function(
                "() => document.body.dataset.status === 'finished'"
                " || document.querySelectorAll('#moves button').length > 0",
                timeout=30_000,
            )
            if page.get_attribute("body", "data-status") == "finished":
                break
            version = page.get_attribute("body", "data-version")
            buttons = page.query_selector_all("#moves button")
            rng.choice(buttons).click()
            page.wait_for_function(
                f"() => document.body.dataset.version !== '{version}'", timeout=30_000
            )
        page.wait_for_selector("#outcome:not([hidden])")
        result = page.inner_text("#result")
        page.screenshot(path=str(tmp_path / "click-clack-end.png"), full_page=True)
    assert "won" in result and "Ann" in result
    assert errors == []
