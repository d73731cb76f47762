"""CLI tests keep their files in a temporary data directory, never the user's, and speak
English whatever the locale of the machine they run on (``clickbox`` reads it)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def clickbox_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "clickbox-home"
    monkeypatch.setenv("CLICKBOX_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
