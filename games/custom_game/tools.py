"""The custom game's tools for the designer pages, declared in its spec (``GameSpec.design_tools``).

The site reaches them through the spec, never by importing this game: checking a design's rules, trying
one phase's rules (:mod:`.trying`, in a rules worker the site makes with ``new_rules_worker``, never the phase
clock's), the presets, the shipped designs and the proof against the coded games, and the design document's own
checks (:mod:`games.custom_game.document`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from games.engines.spec import DesignTools

from . import proof
from .document import checks, files, parts, seat_forms
from .document.limits import FIELD_KINDS
from .presets import PRESETS
from .rules import Worker, check_design_rules, new_worker
from .rules.check_run import check_problems
from .rules.seat_run import SEAT_KNOWN
from .trying import Preview, try_phase

SHIPPED_DIR = Path(__file__).resolve().parent / "designs"


def _check_problems(design: dict[str, Any]) -> list[Any]:
    """The phases' checks when a move is sent (rules/check_run.py), as problems beside each check; an action's
    check reads the action's fields as a phase's check reads its form; and the expressions of a form for each
    player (document/seat_forms.py), read as a check is, without the move."""
    out = [problem for i, phase in enumerate(design["phases"]) if phase.get("check")
           for problem in check_problems(phase["check"], phase, design, f"Phase {i + 1} “{phase['name']}”, check",
                                         f"phases.{i}.check")]
    out += [problem for i, phase in enumerate(design["phases"])
            for j, action in enumerate(phase.get("actions", [])) if action.get("check")
            for problem in check_problems(action["check"], {**phase, "fields": action["fields"]}, design,
                                          f"Phase {i + 1} “{phase['name']}”, action {action['label']}, check",
                                          f"phases.{i}.actions.{j}.check")]
    return out + [problem for i, phase in enumerate(design["phases"])
                  for source, what, part in seat_forms.expressions(phase)
                  for problem in check_problems(source, phase, design, f"Phase {i + 1} “{phase['name']}”, {what}",
                                                f"phases.{i}.{part}", SEAT_KNOWN)]


class CustomDesignTools:
    """The custom game's :class:`~games.engines.spec.DesignTools`."""

    presets: tuple[dict[str, Any], ...] = tuple(PRESETS)
    shipped_dir: str = str(SHIPPED_DIR)
    proof: Any = proof
    #: The kinds the designer's form offers (a cell field names one of the design's boards; RULES.md, "Boards").
    field_kinds: tuple[str, ...] = FIELD_KINDS

    @property
    def new_rules_worker(self) -> Callable[[], Worker]:
        return new_worker

    def check_rules(self, design: dict[str, Any], /) -> list[Any]:
        return list(check_design_rules(design)) + _check_problems(design)

    def try_phase(self, design: dict[str, Any], phase_key: str, round_number: int, answers: dict[str, Any] | None,
                  seed: int, players: list[str], /, *, worker: Any | None = None, wait: float | None = None) -> Preview:
        return try_phase(design, phase_key, round_number, answers, seed, players, worker=worker, wait=wait)

    def validate(self, doc: object, /) -> dict[str, Any]:
        return checks.validate_design(doc)

    def read_file(self, data: object, /) -> dict[str, Any]:
        return files.read_design_file(data)

    def blank(self, title: str, /) -> dict[str, Any]:
        return checks.blank_design(title)

    def export(self, doc: dict[str, Any], /) -> dict[str, Any]:
        return files.design_file(doc)

    def slug_key(self, label: str, taken: set[str], /) -> str:
        return parts.slug_key(label, taken)

    def field_where(self, phase_where: str, number: int, field: Any, /) -> str:
        return parts.field_where(phase_where, number, field)


TOOLS: DesignTools = CustomDesignTools()
