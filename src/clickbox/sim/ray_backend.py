"""Ray as the backend of long simulations: chunks of games as Ray tasks, results in order.

With an ``address`` the tasks go to that Ray cluster (``ray://host:10001``, or ``auto`` on a
node of it); without one a local Ray of ``workers`` CPUs is started for the run and shut down
after it, so no Ray process outlives the run. The results come back in the order of the
tasks, whichever finishes first, so the sums merge in the same order as on the local backend
and the figures are identical. Ray is an optional extra (``clickbox[ray]``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from ..core import OptionError

Task = TypeVar("Task")
Result = TypeVar("Result")


def run_in_order(
    work: Callable[[Task], Result],
    tasks: Sequence[Task],
    workers: int,
    address: str | None,
) -> Iterator[Result]:
    """``work(task)`` for every task on Ray, yielded in the order of ``tasks``."""
    try:
        import ray
    except ImportError:
        raise OptionError("the ray backend needs Ray: pip install 'clickbox[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    try:
        remote = ray.remote(work)
        pending = {remote.remote(task): index for index, task in enumerate(tasks)}
        done: dict[int, Result] = {}
        following = 0
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                done[pending.pop(ref)] = ray.get(ref)
            while following in done:
                yield done.pop(following)
                following += 1
    finally:
        if started:
            ray.shutdown()
