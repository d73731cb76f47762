"""Progress of a long run (analyses, tuning): a bar on a terminal, log lines otherwise."""

from __future__ import annotations

import math
import sys
import time
from typing import Any

from rich.console import Console

from ..core.i18n import t


class ProgressLog:
    """Progress of a long run: a bar on a terminal, else a line on stderr every tenth of the
    work (or every minute), with the rate and the time left: seen in logs of a batch job."""

    def __init__(self, label: str, total: int, done: int = 0, bar: bool = True) -> None:
        self.label, self.total, self.done = label, total, done
        self.start = time.perf_counter()
        self.logged_at, self.logged_tenth = self.start, done * 10 // max(1, total)
        self.progress: Any = None
        if bar and sys.stderr.isatty():
            from rich.progress import Progress

            self.progress = Progress(console=Console(stderr=True), transient=True)
            self.task = self.progress.add_task(label, total=total, completed=done)

    def __enter__(self) -> ProgressLog:
        if self.progress is not None:
            self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def advance(self, count: int) -> None:
        self.done += count
        if self.progress is not None:
            self.progress.advance(self.task, count)
            return
        now = time.perf_counter()
        share = self.done / max(1, self.total)
        tenth = self.done * 10 // max(1, self.total)  # whole tenths: no float drift
        if tenth <= self.logged_tenth and now - self.logged_at < 60 and share < 1:
            return
        self.logged_at, self.logged_tenth = now, tenth
        rate = self.done / max(now - self.start, 1e-9)
        left = (self.total - self.done) / rate if rate > 0 else math.inf
        print(
            t(
                "{label}: {done}/{total} games ({share}), {rate} games/s, about {left} s left",
                label=self.label,
                done=self.done,
                total=self.total,
                share=f"{share:.0%}",
                rate=f"{rate:.1f}",
                left=f"{left:.0f}",
            ),
            file=sys.stderr,
            flush=True,
        )
