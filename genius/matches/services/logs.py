"""The match log: resolutions' lines stored with their audiences, in order."""

from __future__ import annotations

from django.db.models import OuterRef, Subquery
from django.utils import timezone

from games.engines import protocol
from games.engines.protocol import LogLine, Resolution
from genius.matches.models import LogEntry, Match, Phase, Seat
from genius.matches.services.bulk_rows import insert_rows


def write_log(
    match: Match,
    phase: Phase,
    resolution: Resolution,
    extra: list[LogLine] | None = None,
    *,
    seats: dict[str, Seat] | None = None,
) -> None:
    """Store a resolution's log lines with their audiences, in order (``seats``: by name, if read already)."""
    if seats is None:
        seats = {s.name: s for s in match.seats.all()}
    write_logs([(match, phase, resolution, extra or [], seats)])


#: The columns ``write_logs`` fills, in the order of its rows.
_COLUMNS = ("match_id", "phase_number", "phase_name", "order", "audience", "seat_id", "text", "created")


def write_logs(entries: list[tuple[Match, Phase, Resolution, list[LogLine], dict[str, Seat]]]) -> None:
    """The log lines of several resolutions (one per match at most), each match's in order, in one statement."""
    # Each match's last line by the index on (match, order), one step each: a MAX grouped by match read every line
    # of every match (a third of PostgreSQL's time in a mass deadline: docs/PERFORMANCE.md).
    newest = LogEntry.objects.filter(match_id=OuterRef("pk")).order_by("-order").values("order")[:1]
    last = dict(Match.objects.filter(pk__in=[match.pk for match, *_ in entries]).order_by()
                .values_list("pk", Subquery(newest)))
    now = timezone.now()
    rows = []
    for match, phase, resolution, extra, seats in entries:
        start = (last.get(match.pk) or 0) + 1
        for offset, line in enumerate([*resolution.log, *extra]):
            audience, seat = stored_audience(line.audience, seats)
            rows.append((match.pk, phase.number, phase.name, start + offset, audience, seat and seat.pk, line.text, now))
    insert_rows(LogEntry, _COLUMNS, rows)


def stored_audience(audience: protocol.Audience, seats: dict[str, Seat]) -> tuple[str, Seat | None]:
    """A line's audience as a LogEntry stores it: PUBLIC → public, HOST → host, Seat(name) → that seat.

    A Seat whose name is not seated in the match goes to the host (never to everyone). Anything
    else is a bug, refused (TypeError), never read as a name.
    """
    match audience:
        case protocol.Public():
            return LogEntry.Audience.PUBLIC, None
        case protocol.Host():
            return LogEntry.Audience.HOST, None
        case protocol.Seat(name=name) if name in seats:
            return LogEntry.Audience.SEAT, seats[name]
        case protocol.Seat():
            return LogEntry.Audience.HOST, None
    raise TypeError(f"a log line's audience is PUBLIC, HOST or a Seat, not {audience!r}")
