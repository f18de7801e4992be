"""The designer's one door to designed games' rules: checking them, trying a phase, presets and the shipped
designs. The rules themselves (a sandboxed language) live with the game that plays designs; this module only
calls its public API, so no page imports it directly.
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.engines import registry
from games.engines.spec import DesignTools, RulesBusy
from genius.designs.documents import DesignError, Problem, read_design_file

#: The names a "Try these rules" run seats (as many as it needs, in this order).
TRY_NAMES = ("ana", "ben", "cy", "dee", "eli", "fay", "gus", "hal", "ivy", "jo", "kai", "lea", "max", "ned",
             "oli", "pam", "quin", "rex", "sam", "tia")

log = logging.getLogger(__name__)
_PART = re.compile(r"\[(\d+)\]")


def _api() -> DesignTools | None:
    """The design tools of the installed game that plays designs (None when no game does)."""
    return registry.design_tools()


def design_tools() -> DesignTools | None:
    """The design tools of the game that plays designs (checker, trial, presets, shipped designs, proof)."""
    return _api()


def available() -> bool:
    """Whether rules can be checked and run here."""
    return _api() is not None


def part_path(part: str) -> tuple[str, ...]:
    """A problem's ``part`` as steps: ``phases[1].rules`` and ``phases.1.rules`` are both ``('phases', '1', 'rules')``."""
    return tuple(step for step in _PART.sub(r".\1", part or "").split(".") if step)


_LINE = re.compile(r"line (\d+)$")


def beside_rule(problem: Problem) -> str:
    """A rule's problem as shown beside its box: ``Line 4: …`` when the problem names its line."""
    found = _LINE.search(problem.where or "")
    text = problem.message[:1].upper() + problem.message[1:]
    return f"Line {found.group(1)}: {text}" if found and f"line {found.group(1)}" not in problem.message else text


def problems(doc: dict[str, Any]) -> list[Problem]:
    """What is wrong with the rules of a valid design document (fields, counters and tables they name, their
    syntax...); each problem's ``part`` says where (``phases.2.rules``, ``setup``, ``tables.0``)."""
    api = _api()
    if api is None:
        return []
    try:
        return list(api.check_rules(doc))
    except DesignError as exc:
        return list(exc.problems)


def check(doc: dict[str, Any]) -> None:
    """DesignError listing the problems of the rules of ``doc`` (a validated design), if any."""
    found = problems(doc)
    if found:
        raise DesignError(found)


def try_phase(doc: dict[str, Any], phase_key: str, round_number: int, answers: dict[str, Any] | None, seed: int,
              players: list[str], *, worker: Any | None = None, wait: float | None = None) -> Any:
    """The rules of one phase run once on ``answers`` (None: random legal answers): the package's Preview.
    With a ``worker`` (``DesignTools.new_rules_worker``) they run there, never in the phase clock's, and
    RulesBusy (nothing ran) when it stays taken past ``wait`` seconds: :mod:`genius.designs.previews`."""
    api = _api()
    if api is None:
        raise DesignError([Problem("Rules", "rules cannot be tried on this site yet")])
    try:
        if worker is None:
            return api.try_phase(doc, phase_key, round_number, answers, seed, players)
        return api.try_phase(doc, phase_key, round_number, answers, seed, players, worker=worker, wait=wait)
    except (DesignError, RulesBusy):
        raise
    except Exception:  # a fault of the site, not of the host's rules: logged, and said plainly
        log.exception("trying the rules of phase %s failed", phase_key)
        raise DesignError([Problem("Rules", "these rules could not be tried just now (a fault of the site, "
                                            "logged for its admins)")]) from None


def presets() -> list[dict[str, Any]]:
    """The presets a phase's rules may start from (key, label, summary, fields, counters, tables, rules)."""
    api = _api()
    return [] if api is None else list(api.presets)


def preset(key: str) -> dict[str, Any] | None:
    return next((p for p in presets() if p.get("key") == key), None)


# --- shipped designs ------------------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def _read_shipped(path: str, mtime: float) -> dict[str, Any] | None:
    try:
        return read_design_file(Path(path).read_bytes())
    except (OSError, DesignError):
        return None


def shipped() -> list[dict[str, Any]]:
    """The designs that ship with the site, readable ones only: ``slug`` (file name without its suffix),
    ``title``, ``summary``, players words and ``document``, by title."""
    api = _api()
    folder = Path(api.shipped_dir) if api is not None else None
    found = []
    for path in sorted(folder.glob("*.genius-design.json")) if folder is not None and folder.is_dir() else []:
        document = _read_shipped(str(path), path.stat().st_mtime)
        if document is None:
            continue
        low, high = document["min_players"], document["max_players"]
        found.append({"slug": path.name.removesuffix(".genius-design.json"), "title": document["title"],
                      "summary": document.get("summary", ""), "document": document,
                      "players_words": f"{low} players" if low == high else f"{low}–{high} players",
                      "rules_phases": sum(1 for p in document["phases"] if p.get("close") in ("rules", "confirm"))})
    return sorted(found, key=lambda d: d["title"].casefold())


def shipped_design(slug: str) -> dict[str, Any] | None:
    return next((d for d in shipped() if d["slug"] == slug), None)
