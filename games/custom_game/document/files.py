"""A design's export file (``.genius-design.json``): what export writes, and the design an uploaded file holds."""

from __future__ import annotations

import json
from typing import Any

from games.engines.design_problems import DesignError, Problem
from games.kit.numbers import is_int, shown

from .checks import validate_design
from .limits import DESIGN_FORMAT, MAX_FILE_BYTES


def design_file(doc: dict[str, Any]) -> dict[str, Any]:
    """What export writes: ``{"genius_design": 1, **doc}``."""
    return {"genius_design": DESIGN_FORMAT, **doc}


def read_design_file(data: object) -> dict[str, Any]:
    """The design an exported file holds (its JSON text, bytes or parsed object), normalized; DesignError
    with clear problems otherwise."""
    if isinstance(data, bytes | bytearray):
        if len(data) > MAX_FILE_BYTES:
            raise DesignError([Problem("File", f"a design file is at most {MAX_FILE_BYTES // 1024} KiB")])
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DesignError([Problem("File", "the file is not UTF-8 text")]) from None
    if isinstance(data, str):
        if len(data) > MAX_FILE_BYTES:
            raise DesignError([Problem("File", f"a design file is at most {MAX_FILE_BYTES // 1024} KiB")])
        try:
            data = json.loads(data, parse_constant=_refuse_constant)
        except RecursionError:
            raise DesignError([Problem("File", "the file nests too deep to be a design")]) from None
        except ValueError as exc:
            first = str(exc).splitlines()[0][:200] if str(exc) else "not JSON"
            raise DesignError([Problem("File", f"not valid JSON ({first})")]) from None
    if not isinstance(data, dict) or "genius_design" not in data:
        raise DesignError([Problem("File", "not a Genius design file (it has no genius_design mark)")])
    if data["genius_design"] != DESIGN_FORMAT or not is_int(data["genius_design"]):
        raise DesignError([Problem("File", f"this site reads design files of format {DESIGN_FORMAT}, "
                                           f"not {shown(data['genius_design'])}")])
    return validate_design({k: v for k, v in data.items() if k != "genius_design"})


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")
