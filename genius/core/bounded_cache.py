"""A small thread-safe cache of at most so many entries, the least recently used dropped first.

What the match presenters remember for a process (boards drawn, past forms' labels, a seat's rendered history):
values that never change for their key, so nothing is ever invalidated, only dropped when the cache is full.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
D = TypeVar("D")


class Missing:
    """The type of :data:`MISSING`."""


#: A default for :meth:`BoundedCache.get` where ``None`` is a value the cache may hold.
MISSING = Missing()


class BoundedCache(Generic[K, V]):
    """At most ``size`` entries; reading or writing an entry makes it the most recently used."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K, default: D | None = None) -> V | D | None:
        """The value held for ``key`` (it becomes the most recently used), else ``default``."""
        with self._lock:
            if key not in self._items:
                return default
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: K, value: V) -> None:
        """Hold ``value`` for ``key``, dropping the least recently used entries beyond the size."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)
