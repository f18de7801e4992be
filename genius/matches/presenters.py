"""What each viewer sees of a match: the HTML parts of the match page and of live updates.

One renderer, on the server: the public parts are rendered once per update for
everyone; a seat's parts hold only that seat's private data.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import F
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe

from games.engines import protocol
from games.engines.protocol import HOST, SPECTATOR
from genius.access import hosts
from genius.core.bounded_cache import MISSING, BoundedCache, Missing
from genius.engine_forms.moves import MoveForm, instant_keys
from genius.matches import action_panel, results
from genius.matches.announcements import announcements
from genius.matches.models import LogEntry, Match, Phase, Seat, Snapshot, Submission
from genius.matches.services import early_close, live_turns, replays, solo
from genius.matches.services.action_phases import takes_no_move
from genius.matches.services.engines import engine_of, may_submit, optional_submitters, spec_of


@dataclass
class Viewer:
    """Who is looking: a seated player, the host, or a spectator."""

    kind: str  # "player", "host" or "spectator"
    seat: Seat | None = None

    @property
    def engine_viewer(self) -> protocol.Viewer:
        """The typed viewer the engines take (a seat's name never stands for a role)."""
        if self.kind == "player" and self.seat is not None:
            return protocol.Seat(self.seat.name)
        if self.kind == "host":
            return HOST
        return SPECTATOR


def viewer_for(match: Match, user: Any) -> Viewer:
    """The viewer a user is on this match: their seat's player, its host, or a spectator.

    A seat wins over staff status; who hosts is decided by ``genius.access.hosts.is_host_of``.
    """
    if user is not None and user.is_authenticated:
        seat = match.seats.filter(user=user).first()
        if seat is not None:
            return Viewer("player", seat)
        if hosts.is_host_of(match, user, seated=False):
            return Viewer("host")
    return Viewer("spectator")


def open_phase(match: Match) -> Phase | None:
    return match.phases.exclude(status=Phase.Status.RESOLVED).order_by("-number").first()


class Reads:
    """What one render of a match reads once and shares between its parts and its viewers.

    Made for one push (or one page) of a match as it is now, and dropped after it: it is never
    kept across a write. It reads the newest few phases only (the open phase is the newest: a phase
    opens when the one before it resolves), so its cost does not grow with the match. The seats'
    submissions and private log lines are read for all of them at once (:meth:`load_seats`), so
    rendering two watched seats costs the queries of one; with ``cached`` (the default), only those
    of the phases after the seats' history part this process has already rendered
    (:func:`private_part`: a resolved phase's moves and lines never change).
    """

    #: How many of the newest phases are read: the open one, the one it may rule on, and a few resolved ones
    #: whose rendered history may be cached (a push renders the phases since the previous push's).
    RECENT = 4

    def __init__(self, match: Match, *, cached: bool = True) -> None:
        self.match = match
        self.cached = cached
        self._phases: list[Phase] | None = None
        self._seats: list[Seat] | None = None
        self._subs: dict[int, list[Submission]] = {}
        self._lines: dict[int, list[tuple[int, str, str]]] = {}
        self._since: dict[int, int] = {}
        self._older: dict[int, tuple[str, ...]] = {}
        self._boards: dict[protocol.Viewer, str] = {}
        self._phase_names: dict[int, tuple[int, str]] = {}  # by phase id: its number and name

    def phases(self) -> list[Phase]:
        """The newest :attr:`RECENT` phases of the match, by number (one query)."""
        if self._phases is None:
            self._phases = list(self.match.phases.order_by("-number")[: self.RECENT])[::-1]
            self._phase_names.update((p.pk, (p.number, p.name)) for p in self._phases)
        return self._phases

    def phase_of(self, sub: Submission) -> tuple[int, str]:
        """The number and name of a submission's phase, as read with it."""
        return self._phase_names[sub.phase_id]

    def open_phase(self) -> Phase | None:
        """The latest phase not resolved (as :func:`open_phase`, from the phases read once)."""
        return next((p for p in reversed(self.phases()) if p.status != Phase.Status.RESOLVED), None)

    def newest_resolved(self) -> Phase | None:
        """The latest resolved phase, if it is among the phases read (it is, unless the match has none)."""
        return next((p for p in reversed(self.phases()) if p.status == Phase.Status.RESOLVED), None)

    def seats(self) -> list[Seat]:
        """The match's seats in order (one query)."""
        if self._seats is None:
            self._seats = list(self.match.seats.all())
        return self._seats

    def load_seats(self, seats: list[Seat]) -> None:
        """Read the submissions and private log lines of these seats, all in one go (two queries): those of
        every phase, or of the phases after the newest resolved one whose history part this process holds
        rendered for all these seats (the same phases for all of them: the seats' latest moves compare)."""
        missing = [s for s in seats if s.pk not in self._subs]
        if not missing:
            return
        resolved = [p for p in self.phases() if p.status == Phase.Status.RESOLVED] if self.cached else []
        since, older = _cached_history(missing, resolved)
        ids = [s.pk for s in missing]
        for seat_id in ids:
            self._subs[seat_id], self._lines[seat_id] = [], []
            self._since[seat_id], self._older[seat_id] = since, older[seat_id]
        subs = Submission.objects.filter(seat_id__in=ids)
        lines = self.match.log.filter(audience=LogEntry.Audience.SEAT, seat_id__in=ids)
        if since:  # the phases after it are among those read (one opened since waits for its own push)
            subs = subs.filter(phase_id__in=[p.pk for p in self.phases() if p.number > since])
            lines = lines.filter(phase_number__gt=since)
        else:
            subs = subs.annotate(phase_number=F("phase__number"), phase_name=F("phase__name"))
        for sub in subs.order_by("submitted_at", "pk"):
            self._subs[sub.seat_id].append(sub)
            if not since:
                self._phase_names[sub.phase_id] = (sub.phase_number, sub.phase_name)  # type: ignore[attr-defined]
        for seat_id, number, name, text in lines.order_by("order").values_list("seat_id", "phase_number",
                                                                               "phase_name", "text"):
            self._lines[seat_id].append((number, name, text))

    def submissions(self, seat: Seat) -> list[Submission]:
        """The seat's submissions, oldest first (:meth:`phase_of` names their phases): of the phases after
        :meth:`history_since` (every phase without a cached history)."""
        self.load_seats([seat])
        return self._subs[seat.pk]

    def private_lines(self, seat: Seat) -> list[tuple[int, str, str]]:
        """The seat's private log lines, in order: (phase number, phase name, text), after :meth:`history_since`."""
        self.load_seats([seat])
        return self._lines[seat.pk]

    def history_since(self, seat: Seat) -> int:
        """The phase number up to which the seat's history part is cached (0: none is; everything was read)."""
        self.load_seats([seat])
        return self._since[seat.pk]

    def older_history(self, seat: Seat) -> tuple[str, ...]:
        """The seat's rendered history entries of the phases up to :meth:`history_since`, newest first."""
        self.load_seats([seat])
        return self._older[seat.pk]

    def current_move(self, seat: Seat, phase: Phase) -> Submission | None:
        """The seat's move in ``phase`` (at most one; an open phase's moves are always read)."""
        return next((s for s in self.submissions(seat) if s.phase_id == phase.pk and s.kind == Submission.Kind.MOVE),
                    None)

    def board(self, viewer: protocol.Viewer) -> str:
        """The board part for one viewer, rendered once per viewer."""
        if viewer not in self._boards:
            self._boards[viewer] = _board_part(self.match, viewer)
        return self._boards[viewer]


#: A seat's rendered history entries up to a resolved phase, newest first, by (seat id, that phase's id, when it
#: resolved): a resolved phase's moves and private lines are written by the time it resolves and never change, and
#: neither do its form's labels (``_LABELS``), so each push renders only the phases since the one before it, not
#: the whole history again (docs/PERFORMANCE.md, "Decisions that stand"). The entries are shared
#: between a seat's successive tuples; a tuple holds only references.
_HISTORY: BoundedCache[tuple[int, int, datetime | None], tuple[str, ...]] = BoundedCache(8192)


def _cached_history(seats: list[Seat], resolved: list[Phase]) -> tuple[int, dict[int, tuple[str, ...]]]:
    """The newest of these resolved phases whose history every one of the seats has cached, and each seat's
    entries up to it (0 and none: no phase has)."""
    for phase in reversed(resolved):
        found = {s.pk: _HISTORY.get((s.pk, phase.pk, phase.resolved_at)) for s in seats}
        if all(entries is not None for entries in found.values()):
            return phase.number, {pk: entries or () for pk, entries in found.items()}
    return 0, {s.pk: () for s in seats}


def _remember_history(seat: Seat, phase: Phase, entries: tuple[str, ...]) -> None:
    _HISTORY.put((seat.pk, phase.pk, phase.resolved_at), entries)


#: Rendered boards by (game, the view as JSON): a view's SVG is drawn once, whoever sees the same view
#: (in Bigfoot Sighting every viewer does), and not again while the board does not change.
_SVG_CACHE: BoundedCache[tuple[str, str], str] = BoundedCache(64)


def _view_key(view: Any) -> str | None:
    """The view as JSON (in its own order, which the drawing follows); None if it is not JSON."""
    try:
        return json.dumps(view, separators=(",", ":"))
    except (TypeError, ValueError):
        return None


def _render_svg(game: str, view: Any) -> str:
    """The engine's ``board_svg(view)``, remembered for the last few views drawn."""
    key = _view_key(view)
    if key is not None:
        held = _SVG_CACHE.get((game, key))
        if held is not None:
            return held
    svg = engine_of(game).observer.board_svg(view)
    if key is not None:
        _SVG_CACHE.put((game, key), svg)
    return svg


def board_svg(match: Match, viewer: protocol.Viewer) -> SafeString:
    """The board drawn as SVG, for one viewer (the engine escapes every name)."""
    if match.state is None:
        return mark_safe("")
    view = engine_of(match.game).observer.view(match.state, viewer)
    return mark_safe(_render_svg(match.game, view))  # noqa: S308 - the renderer escapes all text


def board_part(match: Match, viewer: protocol.Viewer, reads: Reads | None = None) -> str:
    if reads is not None:
        return reads.board(viewer)
    return _board_part(match, viewer)


def _board_part(match: Match, viewer: protocol.Viewer) -> str:
    text = engine_of(match.game).observer.board_text(match.state, viewer) if match.state is not None else ""
    return render_to_string("games/parts/board.html", {"svg": board_svg(match, viewer), "text": text})


def status_part(match: Match, reads: Reads | None = None) -> str:
    """The status bar, with the server's time (the pages count down from it, so every clock agrees with the
    server's), the dealer's latest reminder of a live turn and, once a live match is over, how it ended."""
    phase = reads.open_phase() if reads is not None else open_phase(match)
    seats = reads.seats() if reads is not None else list(match.seats.all())
    now = timezone.now()
    reminder = None
    if phase is not None and phase.status == Phase.Status.OPEN and match.status == Match.Status.RUNNING:
        reminder = live_turns.latest_reminder(match, phase, now)
    elif match.status == Match.Status.FINISHED and engine_of(match.game).spec.offers.live_clock:
        reminder = (LogEntry.objects.filter(match=match, audience=LogEntry.Audience.PUBLIC).order_by("-order")
                    .values_list("text", flat=True).first())
    return render_to_string("games/parts/status.html", {
        "match": match, "phase": phase, "seats": seats, "server_now": now.isoformat(timespec="milliseconds"),
        "now": now, "reminder": reminder, "ruled_on": _ruled_on(match, phase, reads),
        "closes_early": early_close.may_close_early(match, phase), "early_close_on": early_close.match_closes_early(match),
        "played_again_in": replays.played_again_in(match) if match.status == Match.Status.FINISHED else None,
        "results": results.results(match),
        "reminder_key": f"{match.status}:{phase.number if phase else 0}:{reminder}" if reminder else "",
    })


def _ruled_on(match: Match, phase: Phase | None, reads: Reads | None) -> str:
    """The name of the phase a ``ruling`` phase rules on (the one before it), or "" for any other phase."""
    if phase is None or phase.kind != "ruling":
        return ""
    before = next((p.name for p in reads.phases() if p.number == phase.number - 1), None) if reads else None
    if before is not None:  # the phases read are the newest few: the open phase's one before is among them
        return before
    return match.phases.filter(number=phase.number - 1).values_list("name", flat=True).first() or ""


def announcements_part(match: Match) -> str:
    return render_to_string("games/parts/announcements.html", {"announcements": announcements(match)})


def private_history(match: Match, seat: Seat, reads: Reads | None = None) -> list[dict[str, Any]]:
    """A seat's own moves and private log lines, phase by phase, newest first: of every phase, or, with
    ``reads`` that found part of the history cached, of the phases after it (``Reads.history_since``)."""
    history = _history(match, seat, reads or Reads(match, cached=False))
    return [history[n] for n in sorted(history, reverse=True) if history[n]["moves"] or history[n]["lines"]]


def _history(match: Match, seat: Seat, reads: Reads) -> dict[int, dict[str, Any]]:
    """The seat's history entries read by ``reads``, by phase number (those with neither moves nor lines left out)."""
    history: dict[int, dict[str, Any]] = {}
    for sub in reads.submissions(seat):
        number, name = reads.phase_of(sub)
        history.setdefault(number, {"phase": name, "moves": [], "lines": []})["moves"].append(sub)
    for phase_number, phase_name, text in reads.private_lines(seat):
        history.setdefault(phase_number, {"phase": phase_name, "moves": [], "lines": []})["lines"].append(text)
    labels = move_labels(match, seat.name, [n for n in history if history[n]["moves"]])
    for number, entry in history.items():
        entry["labels"] = labels.get(number, {})
    return history


def history_part(match: Match, seat: Seat, reads: Reads) -> SafeString:
    """The seat's history as HTML, newest first: the entries of the phases ``reads`` read, each rendered here, then
    those cached; the entries up to the newest resolved phase are remembered for the next render (``_HISTORY``)."""
    history = _history(match, seat, reads)
    rendered = {n: render_to_string("games/parts/history_entry.html", {"h": history[n]})
                for n in sorted(history, reverse=True)}
    older = reads.older_history(seat)
    resolved = reads.newest_resolved()
    if resolved is not None and resolved.number > reads.history_since(seat):
        _remember_history(seat, resolved, (*(html for n, html in rendered.items() if n <= resolved.number), *older))
    return mark_safe("".join((*rendered.values(), *older)))  # noqa: S308 - each entry is a rendered template


#: Each past form's labels by (snapshot id, its time, player): a snapshot's state is written once, when its phase
#: resolves (a match file's import rewrites the first one before any move is played), and an engine's form is a
#: function of the state and the player, so a history's labels are drawn once a process, not again for every past
#: phase on every push (drawing one form may cost milliseconds: Bigfoot Sighting works out the legal cells;
#: docs/PERFORMANCE.md, "Decisions that stand").
_LABELS: BoundedCache[tuple[int, datetime, str], dict[str, str] | None] = BoundedCache(4096)


def move_labels(match: Match, player: str, numbers: list[int]) -> dict[int, dict[str, str]]:
    """The field labels of ``player``'s form in each of these phases, by payload key (a history shows
    "Ritual book: red", not "book: red"): each form as the engine drew it when the phase opened (the
    state after the phase before). One query names the snapshots; only the states of forms not drawn
    before in this process are read (a second query)."""
    if not numbers:
        return {}
    rows = match.snapshots.filter(phase_number__in=[n - 1 for n in numbers]).values_list("phase_number", "pk", "created")
    keys = {number + 1: (pk, created, player) for number, pk, created in rows}
    known: dict[int, dict[str, str] | None] = {}
    for number, key in keys.items():
        found = _LABELS.get(key, MISSING)  # None is held too: a form that could not be drawn
        if not isinstance(found, Missing):
            known[number] = found
    missing = {keys[number][0]: number for number in keys if number not in known}
    if missing:
        engine = engine_of(match.game)
        drawn: dict[int, dict[str, str] | None] = {}
        for pk, state in Snapshot.objects.filter(pk__in=list(missing)).values_list("pk", "state"):
            try:
                fields = engine.form_fields(state, player)
                drawn[missing[pk]] = {f.name: f.label for f in fields if f.label}
            except Exception:  # a state the form cannot be drawn for (the seat did not act): keys stay as they are
                drawn[missing[pk]] = None
        for number, found in drawn.items():
            _LABELS.put(keys[number], found)
        known.update(drawn)
    return {number: found for number, found in known.items() if found is not None}


def private_part(match: Match, seat: Seat, reads: Reads | None = None) -> str:
    engine = engine_of(match.game)
    mine = engine.observer.panel(match.state, seat.name) if match.state is not None else {}
    return render_to_string(
        "games/parts/private.html",
        {"seat": seat, "mine": mine, "history": history_part(match, seat, reads or Reads(match)), "match": match},
    )


def host_part(match: Match, reads: Reads | None = None) -> str:
    phase = reads.open_phase() if reads is not None else open_phase(match)
    submitted: dict[str, bool] = {}  # who sent a move → whether it is locked in
    optional: tuple[str, ...] = ()
    if phase is not None:
        submitted = dict(phase.submissions.filter(kind="move").values_list("seat__name", "locked"))
        optional = tuple(n for n in optional_submitters(match, phase) if n not in phase.actors)
    rows = [{"name": name, "in": name in submitted, "locked": submitted.get(name, False), "optional": False}
            for name in (phase.actors if phase is not None else [])]
    rows += [{"name": name, "in": name in submitted, "locked": submitted.get(name, False), "optional": True}
             for name in optional]  # nobody waits for them
    return render_to_string("games/parts/host.html", {"match": match, "phase": phase, "rows": rows,
                                                      "ruled_on": _ruled_on(match, phase, reads)})


def public_parts(match: Match, reads: Reads | None = None) -> dict[str, str]:
    """The public view, rendered once per update for every spectator."""
    return {
        "status": status_part(match, reads),
        "board": board_part(match, SPECTATOR, reads),
        "announcements": announcements_part(match),
    }


def form_context(
    match: Match,
    seat: Seat | None,
    *,
    posted: MoveForm | None = None,
    reads: Reads | None = None,
) -> dict[str, Any]:
    """The seat's forms for the open phase: filled with its current move, except the ``posted`` one (a
    refused move, with its errors beside the fields and what was typed kept)."""
    phase = reads.open_phase() if reads is not None else open_phase(match)
    ctx: dict[str, Any] = {"match": match, "phase": phase, "form": None, "instant_form": None, "current": None,
                           "locks_in": early_close.locks_in(phase),
                           "closes_early": early_close.may_close_early(match, phase), "practice": solo.is_practice(match)}
    if seat is None or phase is None or phase.status != Phase.Status.OPEN or not may_submit(match, phase, seat.name):
        return ctx
    engine = engine_of(match.game)
    if reads is not None:
        current = reads.current_move(seat, phase)
    else:
        current = phase.submissions.filter(seat=seat, kind=Submission.Kind.MOVE).first()
    ctx["current"] = current
    ctx["form_slots"] = spec_of(match.game).page.form_slots  # the game's script fills them (games.engines.spec.FormSlot)
    if posted is not None and not posted.instant:
        ctx["form"] = posted
    else:
        initial = engine.form_initial(match.started_state, seat.name, current.payload if current else None)
        ctx["form"] = MoveForm(engine, match.state, seat.name, initial=initial)
        if not ctx["form"].declared and takes_no_move(engine, match.state, seat.name):
            ctx["form"], ctx["actions_only"] = None, True  # a phase of actions only: no move form (its actions)
    if instant_keys(engine):
        instant = posted if posted is not None and posted.instant else MoveForm(engine, match.state, seat.name,
                                                                                instant=True)
        ctx["instant_form"] = instant if instant.declared else None
    return ctx


def form_part(match: Match, seat: Seat, reads: Reads | None = None) -> str:
    return render_to_string("games/parts/move_form.html", form_context(match, seat, reads=reads))


def seat_parts(match: Match, seat: Seat, reads: Reads | None = None) -> dict[str, str]:
    """One seat's private parts (its own board view, panel, history and the form of the open phase).

    Give several seats the same ``reads`` (see :func:`seats_parts`) to read the match once for all.
    """
    reads = reads or Reads(match)
    phase = reads.open_phase()
    parts = {
        **own_parts(match, seat, reads),
        "form": form_part(match, seat, reads),
        "phase": str(phase.number if phase else 0),
    }
    if spec_of(match.game).offers.actions:  # the buttons it may press at once now (action_panel.py)
        parts["actions"] = action_panel.actions_part(match, seat, protocol.Seat(seat.name), phase)
    return parts


def own_parts(match: Match, seat: Seat, reads: Reads | None = None) -> dict[str, str]:
    """The seat's own board view and private part (what a move's answer brings beside its form)."""
    reads = reads or Reads(match)
    return {"board": reads.board(protocol.Seat(seat.name)), "private": private_part(match, seat, reads)}


def seats_parts(match: Match, seats: list[Seat], reads: Reads | None = None) -> dict[int, dict[str, str]]:
    """The private parts of several seats, from one set of reads (the same queries for any number)."""
    reads = reads or Reads(match)
    reads.load_seats(seats)
    return {seat.pk: seat_parts(match, seat, reads) for seat in seats}


def host_parts(match: Match, reads: Reads | None = None) -> dict[str, str]:
    parts = {"board": board_part(match, HOST, reads), "host": host_part(match, reads)}
    if spec_of(match.game).offers.actions:  # every offer of the open phase (action_panel.py)
        phase = reads.open_phase() if reads is not None else open_phase(match)
        parts["actions"] = action_panel.actions_part(match, None, HOST, phase)
    return parts


def parts_for(match: Match, viewer: Viewer) -> dict[str, str]:
    """Everything this viewer's page shows live (used to resync)."""
    reads = Reads(match)
    parts = public_parts(match, reads)
    if viewer.kind == "player" and viewer.seat is not None:
        parts.update(seat_parts(match, viewer.seat, reads))
    elif viewer.kind == "host":
        parts.update(host_parts(match, reads))
    return parts
