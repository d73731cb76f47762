"""The browser for the web tests: Debian's chromium driven by Playwright (``make test`` installs
both; no browser build is downloaded)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

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
        yield chromium
        chromium.close()
