"""A list that only grows and whose copies share it: what a state keeps per action played."""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")


class AppendOnlyList(Generic[T]):
    """A list that only grows, copied in O(1): copies share the items they have in common.

    Each copy reads the first ``len(self)`` items of a shared list. Appending in place is safe
    while the shared list ends where this copy does; a copy behind the list's end (another copy
    appended first) takes its own part before it appends. Clones of a state copy their
    per-action records this way instead of copying them whole.
    """

    __slots__ = ("_items", "_length")

    def __init__(self, copy_of: AppendOnlyList[T] | None = None) -> None:
        if copy_of is None:
            self._items: list[T] = []
            self._length = 0
        else:
            self._items = copy_of._items
            self._length = copy_of._length

    def copy(self) -> AppendOnlyList[T]:
        """A copy that shares the items (O(1))."""
        return AppendOnlyList(self)

    def append(self, item: T) -> None:
        """Add ``item`` at the end."""
        items = self._items
        if len(items) != self._length:  # a copy sharing the list has appended first
            items = self._items = items[: self._length]
        items.append(item)
        self._length += 1

    def to_list(self) -> list[T]:
        """The items, as a new list."""
        return self._items[: self._length]

    def __len__(self) -> int:
        return self._length

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AppendOnlyList) and self.to_list() == other.to_list()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"AppendOnlyList({self.to_list()!r})"
