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
from genius.matches.models import LogEntry, Match, Submission
from genius.matches.presenters import Viewer, _render_svg
from genius.matches.results import results
from genius.matches.services.engines import engine_of


class NoSuchStep(ValueError):
    """The asked phase is not one this match can show (its message says which are)."""


@dataclass
class Step:
    """One phase a replay can show: its number (0: the start) and its name."""

    number: int
    name: str


def steps(match: Match) -> list[Step]:
    """The phases a replay can show, in order: 0 (the start) and each resolved phase with a snapshot."""
    numbers = list(match.snapshots.order_by("phase_number").values_list("phase_number", flat=True))
    names = dict(match.phases.filter(number__in=numbers).values_list("number", "name"))
    return [Step(n, "Start" if n == 0 else names.get(n, f"Phase {n}")) for n in numbers]


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


def parse_step(raw: str | None, available: list[Step]) -> int:
    """The phase number asked for (``?phase=N``); none asked: the last. Refuses what is not shown here."""
    if not available:
        raise NoSuchStep("Nothing to replay yet: the match has not started.")
    numbers = [s.number for s in available]
    if raw is None or raw.strip() == "":
        return numbers[-1]
    text = raw.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise NoSuchStep(f"The phase is a whole number from {numbers[0]} to {numbers[-1]}.")
    number = int(text)
    if number not in numbers:
        raise NoSuchStep(f"There is no phase {number} to replay: this match has phases {numbers[0]} to "
                         f"{numbers[-1]}.")
    return number


def replay_context(match: Match, viewer: Viewer, number: int, available: list[Step]) -> dict[str, Any]:
    """What the replay page shows of phase ``number`` to ``viewer``."""
    state = match.snapshots.get(phase_number=number).state
    engine = engine_of(match.game)
    index = next(i for i, s in enumerate(available) if s.number == number)
    revealed = revealed_at_end(match, viewer)
    # The last step is drawn as the match page draws the finished match; earlier ones as the host saw them.
    drawn_as = HOST if revealed and index + 1 < len(available) else viewer.engine_viewer
    panel = engine.observer.panel(state, viewer.seat.name) if viewer.kind == "player" and viewer.seat is not None else {}
    log = log_until(match, viewer, number)
    return {
        "step": available[index],
        "index": index,
        "count": len(available),
        "first": available[0].number,
        "prev": available[index - 1].number if index > 0 else None,
        "next": available[index + 1].number if index + 1 < len(available) else None,
        "last": available[-1].number,
        "steps": available,
        "board": board_at(match, state, drawn_as),
        "revealed": revealed,
        "panel": panel,
        "latest": log[0] if log and log[0]["number"] == number else None,
        "earlier": log[1:] if log and log[0]["number"] == number else log,
        "moves": moves_in(match, viewer, number),
        "is_last": index + 1 == len(available),
        # the last step of a finished match: its results, ties read as ties (genius.matches.results)
        "results": results(match) if index + 1 == len(available) else None,
    }
