"""A match as it was after each phase: the board, the log and the moves one viewer may see.

The state after phase N is the match's :class:`~genius.matches.models.Snapshot` N (0: the first
state). It is drawn through the same engine views and board renderer as the live page, with the
viewer's typed viewer, so a replay shows exactly what that viewer could have seen then:

- a spectator: the public view and the public log lines;
- a seat: the public view plus its own secrets (its board view, its panel, its private log lines
  and its own moves);
- the host: everything (the host's view, every log line, every seat's moves).

After the end the engine's view of the final state shows what the game's rules reveal then (the
match page draws it the same way). Where that view shows a viewer everything the host's does (the
rules reveal the whole record at the end), every step of the replay is drawn for that viewer as the
host saw it (:func:`revealed_at_end`); otherwise earlier states keep their secrets. Log lines and
moves keep their audiences either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from games.engines import protocol
from games.engines.protocol import HOST
from genius.matches import replay_actions
from genius.matches.models import LogEntry, Match, Submission
from genius.matches.presenters import Viewer, _render_svg
from genius.matches.results import results
from genius.matches.services.engines import engine_of


class NoSuchStep(ValueError):
    """The asked phase is not one this match can show (its message says which are)."""


@dataclass
class Step:
    """One step a replay can show: after phase ``number`` (0: the start), or, with ``action``, during phase
    ``number`` right after the viewer's ``action``-th action of it (``frame``: the match then)."""

    number: int
    name: str
    action: int = 0
    frame: replay_actions.ActionFrame | None = None

    @property
    def key(self) -> str:
        """How the address names it: ``3`` (after phase 3), ``3.2`` (phase 3, after its second action)."""
        return f"{self.number}.{self.action}" if self.action else str(self.number)


def steps(match: Match, viewer: Viewer | None = None) -> list[Step]:
    """The steps a replay can show, in order: 0 (the start) and each resolved phase with a snapshot; with a
    ``viewer``, before each phase the steps of its actions that viewer could see (``replay_actions``)."""
    numbers = list(match.snapshots.order_by("phase_number").values_list("phase_number", flat=True))
    phases = {p.number: p for p in match.phases.filter(number__in=numbers)}
    out = []
    acting = viewer is not None and engine_of(match.game).spec.offers.actions
    with_actions = set(Submission.objects.filter(phase__match=match, kind=Submission.Kind.INSTANT)
                       .values_list("phase__number", flat=True)) if acting else set()
    for n in numbers:
        name = "Start" if n == 0 else phases[n].name if n in phases else f"Phase {n}"
        if viewer is not None and n in with_actions and n in phases:
            who = HOST if revealed_at_end(match, viewer) else viewer.engine_viewer
            for k, frame in enumerate(replay_actions.seen(replay_actions.frames(match, phases[n]), who), start=1):
                out.append(Step(n, f"{name}: action {k} ({frame.player})", k, frame))
        out.append(Step(n, name))
    return out


def board_at(match: Match, state: Any, viewer: protocol.Viewer) -> str:
    """The board part (SVG and text) of a past state, as ``viewer`` may see it."""
    engine = engine_of(match.game)
    svg = mark_safe(_render_svg(match.game, engine.observer.view(state, viewer)))  # noqa: S308 - the renderer escapes all text
    text = engine.observer.board_text(state, viewer)
    return render_to_string("games/parts/board.html", {"svg": svg, "text": text})


def log_until(match: Match, viewer: Viewer, number: int) -> list[dict[str, Any]]:
    """The log lines ``viewer`` may read up to phase ``number``, grouped by phase, newest first.

    The same audiences the live page follows: public lines for everyone, a seat's lines for that
    seat, every line (seats' and the host's) for the host.
    """
    rows = match.log.filter(phase_number__lte=number)
    if viewer.kind == "host":
        pass
    elif viewer.kind == "player" and viewer.seat is not None:
        rows = rows.filter(audience=LogEntry.Audience.PUBLIC) | rows.filter(
            audience=LogEntry.Audience.SEAT, seat=viewer.seat)
    else:
        rows = rows.filter(audience=LogEntry.Audience.PUBLIC)
    groups: dict[int, dict[str, Any]] = {}
    for phase_number, phase_name, audience, seat_name, text in rows.order_by("order").values_list(
            "phase_number", "phase_name", "audience", "seat__name", "text"):
        group = groups.setdefault(phase_number, {"number": phase_number, "phase": phase_name, "lines": []})
        if audience == LogEntry.Audience.PUBLIC:
            who = ""
        elif audience == LogEntry.Audience.HOST:
            who = "host only"
        else:
            who = "only you" if viewer.kind == "player" else f"only {seat_name}"
        group["lines"].append({"text": text, "who": who, "board": "\n" in text})
    return [groups[n] for n in sorted(groups, reverse=True)]


def moves_in(match: Match, viewer: Viewer, number: int) -> list[dict[str, Any]]:
    """The moves of phase ``number`` the viewer may see: their own (a seat), every seat's (the host)."""
    subs = Submission.objects.filter(phase__match=match, phase__number=number).select_related("seat")
    if viewer.kind == "player" and viewer.seat is not None:
        subs = subs.filter(seat=viewer.seat)
    elif viewer.kind != "host":
        return []
    return [
        {"seat": sub.seat.name, "kind": sub.kind, "payload": sub.payload, "default": sub.is_default}
        for sub in subs.order_by("seat__position", "submitted_at", "pk")
    ]


def revealed_at_end(match: Match, viewer: Viewer) -> bool:
    """Whether the game's rules show ``viewer`` everything once the match is over.

    The rule the match page follows for a finished match: the engine's view of the final state. When
    that view holds all the host's view does (apart from the key naming who looks, ``"host"`` in the
    host's), nothing is secret from this viewer any more, in any phase.
    """
    if match.status != Match.Status.FINISHED or match.state is None or viewer.kind == "host":
        return False
    engine = engine_of(match.game)
    mine, hosts = engine.observer.view(match.state, viewer.engine_viewer), engine.observer.view(match.state, HOST)
    if not isinstance(mine, dict) or not isinstance(hosts, dict):
        return mine == hosts
    return all(key in mine and (mine[key] == value or value == "host") for key, value in hosts.items())


def parse_step(raw: str | None, available: list[Step]) -> Step:
    """The step asked for (``?phase=N``, or ``N.K``: phase N after its K-th action); none asked: the last.
    Refuses what is not shown here."""
    if not available:
        raise NoSuchStep("Nothing to replay yet: the match has not started.")
    numbers = [s.number for s in available]
    if raw is None or raw.strip() == "":
        return available[-1]
    text = raw.strip()
    number_text, dot, action_text = text.partition(".")
    if not all(t.isascii() and t.isdigit() and len(t) <= 9 for t in (number_text, action_text if dot else "0")):
        raise NoSuchStep(f"The phase is a whole number from {numbers[0]} to {numbers[-1]}"
                         " (N.K: phase N after its K-th action).")
    number, action = int(number_text), int(action_text or "0")
    found = next((s for s in available if s.number == number and s.action == action), None)
    if found is None and action:
        raise NoSuchStep(f"There is no action {action} of phase {number} to replay here.")
    if found is None:
        raise NoSuchStep(f"There is no phase {number} to replay: this match has phases {numbers[0]} to "
                         f"{numbers[-1]}.")
    return found


def _action_log(match: Match, viewer: Viewer, step: Step, available: list[Step]) -> list[dict[str, Any]]:
    """The log of an action's step: the phases before it, then its phase's actions so far the viewer saw."""
    log = log_until(match, viewer, step.number - 1)
    lines = []
    for s in available:
        if s.number == step.number and s.frame is not None and s.action <= step.action:
            lines += replay_actions.lines_for(s.frame, viewer.engine_viewer, viewer.kind)
    name = match.phases.filter(number=step.number).values_list("name", flat=True).first() or ""
    return [{"number": step.number, "phase": name, "lines": lines}, *log]


def replay_context(match: Match, viewer: Viewer, step: Step, available: list[Step]) -> dict[str, Any]:
    """What the replay page shows of ``step`` to ``viewer``."""
    number = step.number
    if step.frame is not None:
        state = step.frame.state
    else:
        state = match.snapshots.get(phase_number=number).state
    engine = engine_of(match.game)
    index = available.index(step)
    revealed = revealed_at_end(match, viewer)
    # The last step is drawn as the match page draws the finished match; earlier ones as the host saw them.
    drawn_as = HOST if revealed and index + 1 < len(available) else viewer.engine_viewer
    panel = engine.observer.panel(state, viewer.seat.name) if viewer.kind == "player" and viewer.seat is not None else {}
    log = _action_log(match, viewer, step, available) if step.frame is not None else log_until(match, viewer, number)
    return {
        "step": available[index],
        "index": index,
        "count": len(available),
        "first": available[0].key,
        "prev": available[index - 1].key if index > 0 else None,
        "next": available[index + 1].key if index + 1 < len(available) else None,
        "last": available[-1].key,
        "steps": available,
        "action_lines": replay_actions.lines_for(step.frame, viewer.engine_viewer, viewer.kind) if step.frame else [],
        "board": board_at(match, state, drawn_as),
        "revealed": revealed,
        "panel": panel,
        "latest": log[0] if log and log[0]["number"] == number else None,
        "earlier": log[1:] if log and log[0]["number"] == number else log,
        "moves": [] if step.frame is not None else moves_in(match, viewer, number),
        "is_last": index + 1 == len(available),
        # the last step of a finished match: its results, ties read as ties (genius.matches.results)
        "results": results(match) if index + 1 == len(available) else None,
    }
