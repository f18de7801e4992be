"""Matches to run the faults on, made through the platform's own services (in the run's process)."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models.base import ModelState

from genius.matches.models import LogEntry, Match, Phase, Seat, Snapshot, Submission
from genius.matches.services import lifecycle

#: Every game there is, with a config its lobby starts from.
GAMES: list[tuple[str, dict]] = [
    ("rituals-gone-bad", {}),
    ("trail-trouble", {}),
    ("blob-party", {}),
    ("bigfoot-sighting", {}),
]
PASSWORD = "reliability-pw-123"


def bot_matches(count: int, *, games: list[str] | None = None, seed0: int = 1) -> list[int]:
    """``count`` running matches of bots only, cycling through the games; returns their first phases' ids.

    One match a game is made through the services (lobby, seats, start: the bots' moves are stored
    when the phase opens); the rest are row-for-row copies of those, made in bulk, so that a thousand
    matches take seconds to make.
    """
    from genius.matches.services.engines import engine_of

    slugs = games or [slug for slug, _ in GAMES]
    configs = dict(GAMES)
    templates = []
    for i, slug in enumerate(slugs[:count]):
        engine = engine_of(slug)
        with transaction.atomic():
            match = lifecycle.create_match(game=slug, title=f"race {i}", seed=seed0 + i, phase_seconds=3600,
                                           turn_seconds=3600, decision_seconds=3600, config=configs.get(slug, {}))
            for n in range(engine.max_players):
                lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
        lifecycle.start_match(match.pk)
        templates.append(match.pk)
    copies: list[int] = []
    for i in range(len(templates), count):
        copies.append(templates[i % len(templates)])
    clones = clone_matches(copies)
    return list(Phase.objects.filter(match_id__in=templates + clones, number=1).order_by("match_id")
                .values_list("pk", flat=True))


def clone_matches(template_ids: list[int], batch: int = 200) -> list[int]:
    """Copies of running matches (seats, snapshots, open phases, stored moves, log), made in bulk."""
    made: list[int] = []
    for start in range(0, len(template_ids), batch):
        chunk = template_ids[start:start + batch]
        with transaction.atomic():
            made += _clone_chunk(chunk, start)
    return made


def _copy(obj, **changes):
    obj = copy.copy(obj)
    obj.pk = None
    obj.id = None
    obj._state = ModelState()
    for key, value in changes.items():
        setattr(obj, key, value)
    return obj


def _clone_chunk(template_ids: list[int], offset: int) -> list[int]:
    templates = {m.pk: m for m in Match.objects.filter(pk__in=set(template_ids))}
    seats = {t: list(Seat.objects.filter(match_id=t).order_by("position")) for t in templates}
    phases = {t: list(Phase.objects.filter(match_id=t)) for t in templates}
    snaps = {t: list(Snapshot.objects.filter(match_id=t)) for t in templates}
    logs = {t: list(LogEntry.objects.filter(match_id=t)) for t in templates}
    subs = {t: list(Submission.objects.filter(phase__match_id=t)) for t in templates}
    new_matches = Match.objects.bulk_create(
        [_copy(templates[t], title=f"race {offset + i} (copy of {t})") for i, t in enumerate(template_ids)]
    )
    new_seats, new_phases, new_snaps, new_logs = [], [], [], []
    for t, match in zip(template_ids, new_matches, strict=True):
        new_seats += [_copy(s, match_id=match.pk) for s in seats[t]]
        new_phases += [_copy(p, match_id=match.pk) for p in phases[t]]
        new_snaps += [_copy(s, match_id=match.pk) for s in snaps[t]]
    Seat.objects.bulk_create(new_seats)
    Phase.objects.bulk_create(new_phases)
    Snapshot.objects.bulk_create(new_snaps)
    seat_map: dict[tuple[int, int], int] = {}
    phase_map: dict[tuple[int, int], int] = {}
    si = pi = 0
    for t, match in zip(template_ids, new_matches, strict=True):
        for s in seats[t]:
            seat_map[(match.pk, s.pk)] = new_seats[si].pk
            si += 1
        for p in phases[t]:
            phase_map[(match.pk, p.pk)] = new_phases[pi].pk
            pi += 1
        new_logs += [_copy(e, match_id=match.pk, seat_id=e.seat_id and seat_map[(match.pk, e.seat_id)])
                     for e in logs[t]]
    LogEntry.objects.bulk_create(new_logs)
    new_subs = []
    for t, match in zip(template_ids, new_matches, strict=True):
        new_subs += [_copy(s, phase_id=phase_map[(match.pk, s.phase_id)], seat_id=seat_map[(match.pk, s.seat_id)])
                     for s in subs[t]]
    Submission.objects.bulk_create(new_subs)
    return [m.pk for m in new_matches]


@dataclass
class PlayerMatch:
    """A Rituals Gone Bad match with people in some seats (who submit through the web) and bots in the rest."""

    match_id: int
    phase_id: int
    players: dict[str, int]  # username → seat id


def player_matches(count: int, *, people: int = 2, prefix: str = "p") -> list[PlayerMatch]:
    """``count`` running Rituals Gone Bad matches, each with ``people`` signed-up players and bots."""
    users = get_user_model().objects
    made = []
    for i in range(count):
        with transaction.atomic():
            match = lifecycle.create_match(game="rituals-gone-bad", title=f"{prefix} match {i}", seed=100 + i,
                                           phase_seconds=3600)
            players = {}
            for n in range(people):
                user = users.create_user(username=f"{prefix}{i}x{n}", password=PASSWORD)
                players[user.username] = lifecycle.add_seat(match, user=user).pk
            for n in range(7 - people):
                lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
        lifecycle.start_match(match.pk)
        phase = Phase.objects.get(match=match, number=1)
        made.append(PlayerMatch(match.pk, phase.pk, players))
    return made


def set_deadlines(phase_ids: list[int], when: datetime) -> None:
    """Every one of these phases falls due at the same moment."""
    Phase.objects.filter(pk__in=phase_ids).update(deadline=when)


def open_phase_ids(match_ids: list[int]) -> list[int]:
    return list(
        Phase.objects.filter(match_id__in=match_ids, status=Phase.Status.OPEN).values_list("pk", flat=True)
    )


def seq_of(match_id: int) -> int:
    return Match.objects.values_list("seq", flat=True).get(pk=match_id)
