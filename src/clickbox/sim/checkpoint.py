"""Chunks of a long analysis kept on disk as they finish, so a stopped run loses nothing.

A :class:`ChunkStore` is a folder (a report's ``chunks/``); each finished chunk of games is one
JSON file named by its setup and its first game, written whole (a temporary file renamed), so
a run stopped at any moment leaves only whole chunks. Run again with the same folder, the
chunks found are read instead of played (``clickbox analyze --resume DIR``), and the figures
are the same as an uninterrupted run's: the chunks merge in the same order.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

Task = TypeVar("Task", bound=tuple[Any, ...])


class ChunkStore:
    """Finished chunks by setup and first game, in a folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def key(*parts: object) -> str:
        """A short name for a setup (what was played: the game spec, bots, seed, the kind of
        work), so that chunks of another setup are never mixed in."""
        text = json.dumps([str(part) for part in parts])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def path(self, key: str, start: int) -> Path:
        return self.folder / f"{key}-{start:09d}.json"

    def load(self, key: str, start: int) -> dict[str, Any] | None:
        """The chunk's data, or None if it has not finished."""
        path = self.path(key, start)
        if not path.exists():
            return None
        data: dict[str, Any] = json.loads(path.read_text())
        return data

    def save(self, key: str, start: int, data: dict[str, Any]) -> None:
        path = self.path(key, start)
        partial = path.with_suffix(".tmp")
        partial.write_text(json.dumps(data))
        os.replace(partial, path)

    def finished(self, key: str) -> int:
        """How many chunks of the setup are on disk."""
        return sum(1 for _ in self.folder.glob(f"{key}-*.json"))


def run_stored(
    tasks: list[Task],
    starts: list[int],
    run: Callable[[list[Task]], Iterable[dict[str, Any]]],
    store: ChunkStore | None,
    key: str,
) -> Iterator[tuple[dict[str, Any], bool]]:
    """Each task's result in task order, ``(data, played)``: read from ``store`` where a
    chunk finished before (``played`` False), else played by ``run`` (on the remaining tasks,
    in order) and saved as it finishes."""
    if store is None:
        for data in run(tasks):
            yield data, True
        return
    found = [store.load(key, start) for start in starts]
    remaining = [task for task, data in zip(tasks, found, strict=True) if data is None]
    played = iter(run(remaining)) if remaining else iter(())
    for start, kept in zip(starts, found, strict=True):
        if kept is not None:
            yield kept, False
            continue
        fresh = next(played)
        store.save(key, start, fresh)
        yield fresh, True
