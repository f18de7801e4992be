"""The custom game's tools for the designer pages, declared in its spec (``GameSpec.design_tools``).

The site reaches them through the spec, never by importing this game: checking a design's rules, trying
one phase's rules (in a rules worker the site makes with ``new_rules_worker``, never the phase clock's), the
presets, the shipped designs and the proof against the coded games, and the design document's own checks
(:mod:`games.custom_game.design`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.engines.spec import DesignTools

from . import design, proof
from .presets import PRESETS
from .rules import check_design_rules, new_worker, try_phase
from .rules.check_run import check_problems

SHIPPED_DIR = Path(__file__).resolve().parent / "designs"


def _check(design: dict[str, Any]) -> list[Any]:
    return list(check_design_rules(design)) + _check_problems(design)


def _check_problems(design: dict[str, Any]) -> list[Any]:
    """The phases' checks when a move is sent (rules/check_run.py), as problems beside each check."""
    return [problem for i, phase in enumerate(design["phases"]) if phase.get("check")
            for problem in check_problems(phase["check"], phase, design, f"Phase {i + 1} “{phase['name']}”, check",
                                          f"phases.{i}.check")]


TOOLS = DesignTools(check_rules=_check, try_phase=try_phase, presets=tuple(PRESETS),
                    shipped_dir=str(SHIPPED_DIR), proof=proof, validate=design.validate_design,
                    read_file=design.read_design_file, blank=design.blank_design, export=design.design_file,
                    slug_key=design.slug_key, field_where=design.field_where, field_kinds=design.FIELD_KINDS,
                    new_rules_worker=new_worker)
