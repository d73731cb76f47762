"""Where clickbox keeps its files (standard library only)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """Where clickbox keeps its files: $CLICKBOX_HOME, else the XDG data directory."""
    if home := os.environ.get("CLICKBOX_HOME"):
        return Path(home)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "clickbox"
