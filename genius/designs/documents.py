"""The design document's checks, reached through the spec of the game that plays designs
(``GameSpec.design_tools``): the site never imports that game. Each call raises ``DesignError`` when no
installed game plays designs."""

from __future__ import annotations

from typing import Any

from games.engines.design_problems import DesignError, Problem
from games.engines.registry import design_tools
from games.engines.spec import DesignTools

__all__ = ["DesignError", "Problem", "blank_design", "design_file", "field_kinds", "field_where",
           "read_design_file", "slug_key", "validate_design"]


def _tools() -> DesignTools:
    tools = design_tools()
    if tools is None:
        raise DesignError([Problem("", "no game installed here plays hosts' designs")])
    return tools


def validate_design(doc: object) -> dict[str, Any]:
    """The normalized design document, or DesignError listing every problem it has."""
    return _tools().validate(doc)


def read_design_file(data: object) -> dict[str, Any]:
    """The design an exported file holds (JSON text, bytes or parsed), normalized; DesignError otherwise."""
    return _tools().read_file(data)


def blank_design(title: str) -> dict[str, Any]:
    """A valid starting document titled ``title``."""
    return _tools().blank(title)


def design_file(doc: dict[str, Any]) -> dict[str, Any]:
    """What an exported design file holds."""
    return _tools().export(doc)


def slug_key(label: str, taken: set[str]) -> str:
    """A key made from ``label``, unique among ``taken``."""
    return _tools().slug_key(label, taken)


def field_where(phase_where: str, number: int, field: Any) -> str:
    """A phase's field in a host's words: ``Phase 2 “Vote”, field “Who”``."""
    return _tools().field_where(phase_where, number, field)


def field_kinds() -> tuple[str, ...]:
    """The kinds a form field of a design may have (none when no game plays designs)."""
    tools = design_tools()
    return tools.field_kinds if tools is not None else ()
