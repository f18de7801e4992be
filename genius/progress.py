"""One progress bar for long commands (``replay --progress``, ``simulate-season``, ``bin/bench``, ``bin/reliability``).

A thin wrapper over ``tqdm``: it draws on standard error, and only when standard error is a terminal
unless asked (``force=True``); standard output stays clean for what the command prints.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO, TypeVar

from tqdm import tqdm

T = TypeVar("T")


def bar(total: int | None = None, desc: str = "", unit: str = "it", *, force: bool | None = None,
        leave: bool = False, file: TextIO | None = None) -> tqdm:
    """A progress bar on ``file`` (standard error); off (drawing nothing) when it is no terminal, unless ``force``.

    A management command passes its own ``self.stderr`` (unwrapped: Django's wrapper ends each write with a newline).
    """
    out = getattr(file, "_out", file) or sys.stderr
    shown = out.isatty() if force is None else force
    return tqdm(total=total, desc=desc, unit=unit, file=out, disable=not shown, leave=leave,
                dynamic_ncols=True, mininterval=0.2)


def track(items: Iterable[T], desc: str = "", unit: str = "it", *, total: int | None = None,
          force: bool | None = None, **options: Any) -> Iterator[T]:
    """``items``, one by one, with a bar counting them (see :func:`bar`)."""
    count = total if total is not None else (len(items) if hasattr(items, "__len__") else None)  # type: ignore[arg-type]
    with bar(count, desc, unit, force=force, **options) as progress:
        for item in items:
            yield item
            progress.update(1)
