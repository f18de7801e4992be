"""One progress bar for long commands (``replay --progress``, ``simulate-season``, ``bin/bench``, ``bin/reliability``).

A thin wrapper over ``tqdm``: it draws on standard error, and only when standard error is a terminal
unless asked (``force=True``); standard output stays clean for what the command prints.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sized
from typing import Any, Protocol, TypeVar

from tqdm import tqdm

T = TypeVar("T")


class Stream(Protocol):
    """Where a bar draws: a text stream, or a management command's ``self.stderr`` (Django's wrapper of one)."""

    def write(self, text: str, /) -> object: ...

    def flush(self) -> object: ...

    def isatty(self) -> bool: ...


def unwrapped(file: Stream | None) -> Stream:
    """The stream ``file`` is, or wraps when it is a management command's own (Django's wrapper ends each write
    with a newline, which would break a bar's line); standard error when none is given."""
    inner: Stream | None = getattr(file, "_out", file)
    return inner or sys.stderr


def bar(total: int | None = None, desc: str = "", unit: str = "it", *, force: bool | None = None,
        leave: bool = False, file: Stream | None = None) -> tqdm:
    """A progress bar on ``file`` (standard error); off (drawing nothing) when it is no terminal, unless ``force``.

    A management command passes its own ``self.stderr`` (unwrapped, see :func:`unwrapped`).
    """
    out = unwrapped(file)
    shown = out.isatty() if force is None else force
    return tqdm(total=total, desc=desc, unit=unit, file=out, disable=not shown, leave=leave,
                dynamic_ncols=True, mininterval=0.2)


def track(items: Iterable[T], desc: str = "", unit: str = "it", *, total: int | None = None,
          force: bool | None = None, **options: Any) -> Iterator[T]:
    """``items``, one by one, with a bar counting them (see :func:`bar`)."""
    count = total if total is not None else (len(items) if isinstance(items, Sized) else None)
    with bar(count, desc, unit, force=force, **options) as progress:
        for item in items:
            yield item
            progress.update(1)
