"""The names of a design's helpers (:mod:`.helpers`), read from their text alone (imports nothing of the rules)."""

from __future__ import annotations

import functools
import re
from typing import Any

_DEF = re.compile(r"^def\s+([A-Za-z_][A-Za-z0-9_]*)", re.MULTILINE)


def helpers_of(design: dict[str, Any]) -> str:
    """The design's helpers ("" for none)."""
    return str(design.get("helpers") or "")


@functools.lru_cache(maxsize=64)
def names_of(source: str) -> frozenset[str]:
    """The functions the helpers ``source`` define (each ``def`` at the start of a line)."""
    return frozenset(_DEF.findall(source))
