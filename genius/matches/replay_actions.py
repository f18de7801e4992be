"""A replay's steps between phases: the match after each action taken at once (a game whose spec offers
``actions``), as one viewer could see it then.

A resolved phase's actions are its ``instant`` submissions, in the order they were applied (their rows' order,
as the match file records them). Taken again through the engine (``Engine.instant``) from the state the phase
opened with (the snapshot of the phase before), they give the state after each and the lines it said, with
their audiences: a resolved phase never changes, so this is worked out once a process (``_FRAMES``).

A viewer has a step for each action they could see then: any action for the host; for a seat, one that said
something to everyone or to that seat (an offer between two other players is no step of theirs); for a
spectator, one that said something to everyone. Steps are numbered among the viewer's own, so their numbers
tell nothing of the actions hidden from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games.engines import protocol
from genius.core.bounded_cache import BoundedCache
from genius.matches.models import Match, Phase, Submission
from genius.matches.services.engines import engine_of


@dataclass(frozen=True)
class ActionFrame:
    """The match right after one action of a phase: who took it, the state, and its lines with their audiences."""

    player: str
    state: dict[str, Any]
    lines: tuple[protocol.LogLine, ...]


#: Each resolved phase's frames by (match, when it was made, phase id, when it resolved): taken again once a process.
_FRAMES: BoundedCache[tuple[int, datetime, int, datetime | None], tuple[ActionFrame, ...]] = BoundedCache(256)


def frames(match: Match, phase: Phase) -> tuple[ActionFrame, ...]:
    """The frames of a resolved phase's actions, in order (none when its game takes no actions, or when taking
    them again fails: the replay then shows the phases only)."""
    key = (match.pk, match.created, phase.pk, phase.resolved_at)
    found = _FRAMES.get(key)
    if found is not None:
        return found
    out: list[ActionFrame] = []
    engine = engine_of(match.game)
    rows = list(Submission.objects.filter(phase=phase, kind=Submission.Kind.INSTANT).select_related("seat")
                .order_by("pk"))
    start = match.snapshots.filter(phase_number=phase.number - 1).values_list("state", flat=True).first() if rows else None
    if engine.spec.offers.actions and start is not None:
        state = start
        for row in rows:
            try:
                done = engine.instant(state, row.seat.name, row.payload)
            except Exception:  # a state the action cannot be taken again from: no steps past it
                break
            if done is None:
                break
            state = done.state
            out.append(ActionFrame(row.seat.name, state, tuple(done.log)))
    result = tuple(out)
    _FRAMES.put(key, result)
    return result


def sees(line: protocol.LogLine, viewer: protocol.Viewer) -> bool:
    """Whether ``viewer`` read this line: the host all; a seat the public ones and its own; a spectator the
    public ones."""
    if viewer == protocol.HOST:
        return True
    return line.audience == protocol.PUBLIC or (isinstance(viewer, protocol.Seat) and line.audience == viewer)


def seen(frames_: tuple[ActionFrame, ...], viewer: protocol.Viewer) -> list[ActionFrame]:
    """The frames of the actions ``viewer`` could see, in order."""
    return [f for f in frames_ if any(sees(line, viewer) for line in f.lines)]


def lines_for(frame: ActionFrame, viewer: protocol.Viewer, kind: str) -> list[dict[str, Any]]:
    """The frame's lines ``viewer`` read, as the replay's log shows them, each once, with who else read a private
    one (an offer's line is said to its two players: "only you and ben")."""
    out: list[dict[str, Any]] = []
    said: set[str] = set()
    for line in frame.lines:
        if not sees(line, viewer) or line.text in said:
            continue
        said.add(line.text)
        if line.audience == protocol.PUBLIC:
            who = ""
        elif isinstance(line.audience, protocol.Seat):
            names = [other.audience.name for other in frame.lines
                     if other.text == line.text and isinstance(other.audience, protocol.Seat)]
            shown = ["you" if kind == "player" and isinstance(viewer, protocol.Seat) and n == viewer.name else n
                     for n in dict.fromkeys(names)]
            shown.sort(key=lambda n: n != "you")
            who = "only " + " and ".join(shown)
        else:
            who = "host only"
        out.append({"text": line.text, "who": who, "board": "\n" in line.text})
    return out
