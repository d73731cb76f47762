"""The browser for the web tests: Debian's chromium driven by Playwright (``make test`` installs
both; no browser build is downloaded)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

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
        yield InstantBrowser(chromium)
        chromium.close()


INSTANT = (
    "localStorage.getItem('clickbox-speed') || localStorage.setItem('clickbox-speed', 'instant')"
)
"""Others' moves shown at once: the tests that play whole games wait on each state, not on the
pace a person watches at (the pacing tests set their own speed)."""


class InstantBrowser:
    """The browser, whose new contexts (people) show other seats' moves instantly unless a test
    chose a speed (``paced_context``)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **kwargs: Any) -> Any:
        context = self._browser.new_context(**kwargs)
        context.add_init_script(INSTANT)
        return context

    def new_page(self, **kwargs: Any) -> Any:
        return self.new_context(**kwargs).new_page()

    def paced_context(self, speed: str, **kwargs: Any) -> Any:
        """A context that shows others' moves at ``speed`` (slow, normal, fast)."""
        context = self._browser.new_context(**kwargs)
        context.add_init_script(f"localStorage.setItem('clickbox-speed', {speed!r})")
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)
