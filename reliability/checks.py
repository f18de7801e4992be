"""Audits of the rows: each phase resolved exactly once and exactly right, nothing half-written, nothing lost.

A phase counts as resolved exactly once when it is marked resolved, has one snapshot, one next phase
(or a finished match), one move per actor, and log lines and a snapshot equal to what the engine gives
when the phase is replayed from the previous snapshot with the stored moves. Resolved twice would show
as extra log lines, extra default moves or extra snapshots; missed as a phase still open.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from games.engines.runner import play_phase
from genius.matches.models import LogEntry, Match, Phase, Snapshot, Submission
from genius.matches.services.engines import engine_of


@dataclass
class Audit:
    """What the rows say about a set of phases."""

    tried: int = 0
    resolved: int = 0
    missed: list[int] = field(default_factory=list)
    duplicated: list[int] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.missed or self.duplicated or self.wrong)


def _canon(value) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def audit_phases(phase_ids: list[int]) -> Audit:
    """Check each phase against the rules of exactly-once resolution (see the module's docstring)."""
    audit = Audit(tried=len(phase_ids))
    phases = list(Phase.objects.filter(pk__in=phase_ids).select_related("match"))
    match_ids = [p.match_id for p in phases]
    snaps = Counter(Snapshot.objects.filter(match_id__in=match_ids).values_list("match_id", "phase_number"))
    numbers = Counter(Phase.objects.filter(match_id__in=match_ids).values_list("match_id", "number"))
    logs = Counter(LogEntry.objects.filter(match_id__in=match_ids).values_list("match_id", "phase_number"))
    for phase in phases:
        key = (phase.match_id, phase.number)
        if phase.status != Phase.Status.RESOLVED:
            audit.missed.append(phase.pk)
            if snaps[key]:
                audit.wrong.append(f"phase {phase.pk} is open but has a snapshot (half-written)")
            continue
        audit.resolved += 1
        moves = list(phase.submissions.filter(kind=Submission.Kind.MOVE).select_related("seat"))
        per_seat = Counter(s.seat_id for s in moves)
        nxt = numbers[(phase.match_id, phase.number + 1)]
        if snaps[key] > 1 or nxt > 1 or any(n > 1 for n in per_seat.values()):
            audit.duplicated.append(phase.pk)
            continue
        if snaps[key] != 1:
            audit.wrong.append(f"phase {phase.pk} is resolved without a snapshot (half-written)")
            continue
        if nxt == 0 and phase.match.status != Match.Status.FINISHED:
            audit.wrong.append(f"phase {phase.pk} is resolved but no next phase was opened (half-written)")
        if sorted(s.seat.name for s in moves) != sorted(phase.actors):
            audit.wrong.append(f"phase {phase.pk}: moves of {sorted(s.seat.name for s in moves)}, "
                               f"actors {sorted(phase.actors)}")
            continue
        problem = _replay_differs(phase, moves, logs[key])
        if problem == "duplicated":
            audit.duplicated.append(phase.pk)
        elif problem:
            audit.wrong.append(f"phase {phase.pk}: {problem}")
    return audit


def _replay_differs(phase: Phase, moves: list[Submission], log_count: int) -> str:
    """'' when the stored result is what the engine gives from the previous snapshot and the stored moves."""
    match = phase.match
    engine = engine_of(match.game)
    before = Snapshot.objects.filter(match=match, phase_number__lt=phase.number).order_by("-phase_number").first()
    after = Snapshot.objects.get(match=match, phase_number=phase.number)
    if before is None:
        return "no snapshot before it"
    result = play_phase(engine, before.state, match.seed, {s.seat.name: s.payload for s in moves})
    expected_lines = len(result.resolution.log) + sum(1 for s in moves if s.is_default)
    if log_count > expected_lines:
        return "duplicated"
    if log_count < expected_lines:
        return f"{log_count} log lines, the replay gives {expected_lines} (half-written)"
    texts = list(LogEntry.objects.filter(match=match, phase_number=phase.number).order_by("order")
                 .values_list("text", flat=True))[: len(result.resolution.log)]
    if texts != [line.text for line in result.resolution.log]:
        return "the log differs from the replay"
    if _canon(after.state) != _canon(json.loads(json.dumps(result.resolution.state))):
        return "the snapshot differs from the replay"
    return ""


def moves_kept(expected: dict[tuple[int, int], dict],
               also: dict[tuple[int, int], list[dict]] | None = None) -> tuple[int, list[str]]:
    """Of the moves players were told were saved, keyed by (phase id, seat id): how many are lost, and which.

    A saved move is kept when the phase's stored move for that seat is the player's own (not a
    default) with that payload, or with the payload of a later attempt whose answer never came
    (``also``: a request cut by an outage may have been stored; the player was told to send it again).
    """
    lost = []
    stored = {
        (s.phase_id, s.seat_id): s
        for s in Submission.objects.filter(kind=Submission.Kind.MOVE, phase_id__in={k[0] for k in expected})
    }
    for key, payload in expected.items():
        sub = stored.get(key)
        allowed = {_canon(payload), *(_canon(p) for p in (also or {}).get(key, []))}
        if sub is None or sub.is_default or _canon(sub.payload) not in allowed:
            lost.append(f"phase {key[0]} seat {key[1]}: saved {payload}, stored "
                        f"{None if sub is None else (sub.payload, 'default' if sub.is_default else 'own')}")
    return len(lost), lost


def consistency_problems(match_ids: list[int] | None = None) -> list[str]:
    """Invariants that a half-written transaction would break, over all (or some) matches.

    - a resolved phase has its snapshot; an open phase has none;
    - a running match has exactly one phase that is not resolved;
    - the match's state is its latest snapshot (when no instant action changed it since);
    - no player's own move was stored at or after its phase's deadline.
    """
    problems = []
    matches = Match.objects.all() if match_ids is None else Match.objects.filter(pk__in=match_ids)
    for match in matches.exclude(status=Match.Status.LOBBY):
        phases = list(match.phases.all())
        snaps = {s.phase_number: s for s in match.snapshots.all()}
        open_ = [p for p in phases if p.status != Phase.Status.RESOLVED]
        for p in phases:
            if p.status == Phase.Status.RESOLVED and p.number not in snaps:
                problems.append(f"match {match.pk}: phase {p.number} resolved without a snapshot")
            if p.status != Phase.Status.RESOLVED and p.number in snaps:
                problems.append(f"match {match.pk}: phase {p.number} open with a snapshot")
        if match.status in (Match.Status.RUNNING, Match.Status.PAUSED) and len(open_) != 1:
            problems.append(f"match {match.pk}: {len(open_)} phases not resolved")
        instants = Submission.objects.filter(phase__match=match, kind=Submission.Kind.INSTANT).exists()
        if snaps and not instants and _canon(match.state) != _canon(snaps[max(snaps)].state):
            problems.append(f"match {match.pk}: its state is not its latest snapshot")
        late = Submission.objects.filter(phase__match=match, is_default=False, kind=Submission.Kind.MOVE,
                                         phase__deadline__isnull=False, phase__reserve_from__isnull=True)
        for sub in late.select_related("phase"):
            if sub.submitted_at >= sub.phase.deadline:
                problems.append(f"match {match.pk}: a move stored at {sub.submitted_at} after the deadline "
                                f"{sub.phase.deadline} of phase {sub.phase.number}")
    return problems
