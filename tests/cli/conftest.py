"""CLI tests keep their files in a temporary data directory, never the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def clickbox_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "clickbox-home"
    monkeypatch.setenv("CLICKBOX_HOME", str(home))
    return home
