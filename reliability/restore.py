"""A rehearsed restore: a season played part-way, backed up, its database dropped and restored, the app restarted.

1. A season of signed-up people plays through the real site (Uvicorn) with Celery resolving the phases:
   a Main Match to its end (moves posted through the match page's form), the decisions it opens
   (decided through the decision page), the Death Match the host creates from the pick (through the
   season's host page; it waits in its lobby for its items), plus
   matches outside the season with people in them.
2. Some phases, and the season's open decisions, are set to fall due a few seconds after the backup.
3. ``bin/backup-pg once`` (what the compose file's backup service runs) dumps the database with
   ``pg_dump`` while the app runs; the rows are read just before and just after (nothing may change).
4. The app processes are killed (SIGKILL), the database is dropped (``DROP DATABASE … WITH (FORCE)``), the
   deadlines pass while it is gone, and ``pg_restore`` puts it back into a new database; the time
   from ``CREATE DATABASE`` to the end of ``pg_restore`` is the restore time (the whole gap is printed too).
5. Every row of the season (matches, seats, phases, submissions, snapshots, log lines, ledgers,
   decisions, announcements, eliminations) must be identical to the rows before the backup.
6. The processes start again: what fell due while the database was gone is resolved (or drawn) once
   (the outage policy: at the first sweep), nothing resolved or decided before is done again.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import time
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import close_old_connections, connections
from django.db.models import Model
from django.utils import timezone

from genius.matches import models as m
from genius.matches.services.engines import engine_of
from genius.seasons import models as sm

from . import checks, world
from .clients import Player
from .infra import ROOT, wait_until
from .outages import Person
from .races import start_workers, wait_resolved
from .report import Row, seconds
from .stack import Stack

#: What is audited: every row of these tables, column by column.
AUDITED: list[tuple[str, type[Model]]] = [
    ("seasons", sm.Season), ("season players (eliminations)", sm.SeasonPlayer), ("episodes", sm.Episode),
    ("matches", m.Match), ("seats", m.Seat), ("phases", m.Phase), ("submissions", m.Submission),
    ("snapshots", m.Snapshot), ("log lines", m.LogEntry), ("garnet ledger", m.GarnetEntry),
    ("ToL ledger", m.TolEntry), ("decisions", sm.Decision), ("announcements", sm.SeasonAnnouncement),
]


def rows_now() -> dict[str, dict[int, str]]:
    """Every audited row, as canonical JSON keyed by primary key, by table."""
    close_old_connections()
    out = {}
    for label, model in AUDITED:
        names = [f.attname for f in model._meta.concrete_fields]
        out[label] = {row[0]: json.dumps(row, default=str, sort_keys=True)
                      for row in model.objects.order_by("pk").values_list("pk", *names)}
    return out


def differences(before: dict[str, dict[int, str]], after: dict[str, dict[int, str]]) -> tuple[int, list[str]]:
    """How many rows differ (missing, extra or changed), and a few of them described."""
    total, said = 0, []
    for label, rows in before.items():
        other = after.get(label, {})
        missing = [pk for pk in rows if pk not in other]
        extra = [pk for pk in other if pk not in rows]
        changed = [pk for pk in rows if pk in other and rows[pk] != other[pk]]
        total += len(missing) + len(extra) + len(changed)
        for what, pks in (("missing", missing), ("extra", extra), ("changed", changed)):
            if pks:
                said.append(f"{label}: {len(pks)} {what} (e.g. {pks[0]})")
    return total, said


class Season:
    """The season the scenario plays: its people (signed in through the site; ten, so that no house bot plays
    Trail Trouble and its Elimination Candidates are people) and its host."""

    def __init__(self, base: str, people: int) -> None:
        from genius.seasons.services.episodes import create_episode

        users = get_user_model().objects
        self.base = base
        from genius.communities.models import Community, Membership, Role

        # Host powers come from a community role: the rehearsal's season belongs to its own community.
        community = Community.objects.create(name="Restore rehearsal", slug="restore")
        self.season = sm.Season.objects.create(name="Restore rehearsal", slug="restore", community=community)
        self.host = users.create_user("rs-host", password=world.PASSWORD, is_staff=True)
        Membership.objects.create(community=community, user=self.host, role=Role.OWNER)
        self.season.host = self.host
        self.season.save(update_fields=["host"])
        self.players: dict[int, Player] = {}
        for n in range(people):
            user = users.create_user(f"rs{n}", password=world.PASSWORD)
            sm.SeasonPlayer.objects.create(season=self.season, user=user)
            Membership.objects.create(community=community, user=user, role=Role.MEMBER)
            m.GarnetEntry.objects.create(user=user, season=self.season, amount=3, reason="starting wallet")
            player = Player(base, user.username, world.PASSWORD)
            player.login()
            self.players[user.pk] = player
        self.host_player = Player(base, "rs-host", world.PASSWORD)
        self.host_player.login()
        self.main = create_episode(self.season.pk, game="trail-trouble", seed=7, phase_seconds=3600,
                                   decision_seconds=3600, house_bots=True, start=True)
        self.problems: list[str] = []
        self.moves = 0

    def play_phase(self, match: m.Match) -> bool:
        """The people in the open phase send their moves through the site; the phase falls due now and Celery
        resolves it. False when the match has no open phase (or it did not resolve)."""
        close_old_connections()
        match.refresh_from_db()
        phase = match.current_phase
        if phase is None:
            return False
        for seat in match.seats.filter(user__isnull=False, is_bot=False):
            if seat.name not in phase.actors or seat.user_id not in self.players:
                continue
            person = Person(self.players[seat.user_id], match.pk, phase.pk, phase.number, seat.pk, seat.name,
                            match.game, match.state, random.Random(f"{seat.name}:{phase.number}"))
            answer = person.send_move()
            self.moves += 1
            if answer.kind != "saved":
                self.problems.append(f"{seat.name}'s move in {match.title} phase {phase.number}: {answer.kind} "
                                     f"{answer.status} {answer.text[:80]!r}")
        world.set_deadlines([phase.pk], timezone.now())
        if wait_resolved([phase.pk], 60) is None:
            self.problems.append(f"{match.title} phase {phase.number} was not resolved by Celery")
            return False
        return True

    def decide_open(self) -> int:
        """Every open decision is made by its decider through the decision page; returns how many."""
        made = 0
        for _ in range(20):
            close_old_connections()
            open_ = list(sm.Decision.objects.filter(episode__season=self.season, status=sm.Decision.Status.OPEN))
            if not open_:
                break
            for decision in open_:
                player = self.players.get(decision.decider_id)
                if player is None or not decision.options:
                    continue
                answer = player.request(f"/decisions/{decision.pk}/", {
                    "csrfmiddlewaretoken": player._cookie("csrftoken"), "choice": str(decision.options[0])})
                made += 1
                if answer.status != 302:
                    self.problems.append(f"decision {decision.pk}: answered {answer.status} {answer.text[:80]!r}")
            time.sleep(0.3)
        return made

    def death_match(self) -> m.Match | None:
        """The host creates the Death Match from the EC's pick through the season's host page (its items' decisions
        open, left to fall due while the database is gone)."""
        close_old_connections()
        pick = sm.Decision.objects.filter(episode__season=self.season, kind=sm.Decision.Kind.DEATH_MATCH,
                                         status=sm.Decision.Status.DECIDED, left=False).first()
        if pick is None:
            return None
        host = self.host_player
        answer = host.request(f"/seasons/{self.season.slug}/host/", {
            "csrfmiddlewaretoken": host._cookie("csrftoken"), "action": "death_match", "pick": str(pick.pk),
            "game": "bigfoot-sighting"})  # left in its lobby: its live clock would keep writing during the backup
        if answer.status != 302:
            self.problems.append(f"the host's Death Match: answered {answer.status} {answer.text[:80]!r}")
            return None
        return pick.death_matches.first()


def drop_connections() -> None:
    """This process's connections closed, the pooled ones too (a dropped database ends them)."""
    connections.close_all()
    for conn in connections.all():
        if hasattr(conn, "close_pool"):
            conn.close_pool()


def pg_tool(stack: Stack, tool: str, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run a PostgreSQL client program of the private cluster's version against it."""
    cmd = [str(stack.pg.bindir / tool), "-h", "127.0.0.1", "-p", str(stack.pg.port), "-U", "postgres", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def run(stack: Stack, people: int = 10, matches: int = 2) -> list[Row]:  # noqa: C901
    """The rehearsal (see the module's docstring); one row with the row counts compared and the restore time."""
    stack.reset()
    procs = stack.procs
    assert procs is not None
    port = stack.web()
    base = f"http://127.0.0.1:{port}"
    start_workers(stack, ["rs-w1", "rs-w2"])
    procs.beat("rs-beat")
    problems: list[str] = []

    # 1. a season played part-way through the site and Celery
    season = Season(base, people)
    for _ in range(engine_of("trail-trouble").spec.phases + 4):
        season.main.refresh_from_db()
        if season.main.status == m.Match.Status.FINISHED or not season.play_phase(season.main):
            break
    season.main.refresh_from_db()
    if season.main.status != m.Match.Status.FINISHED:
        problems.append("the Main Match did not finish")
    decided = season.decide_open()
    dm = season.death_match()
    if dm is None:
        problems.append("no Death Match was created from the pick")
    others = world.player_matches(matches, people=2, prefix="rs-x")
    for pm in others:
        season.play_phase(m.Match.objects.get(pk=pm.match_id))
    problems += season.problems

    # 2. what falls due while the database is gone: the open phases of the matches outside the season, and the
    #    season's open decisions (the Death Match's items)
    due_ids = world.open_phase_ids([pm.match_id for pm in others])
    due_at = timezone.now() + timedelta(seconds=15)
    world.set_deadlines(due_ids, due_at)
    due_decisions = list(sm.Decision.objects.filter(episode__season=season.season, status=sm.Decision.Status.OPEN)
                         .values_list("pk", flat=True))
    sm.Decision.objects.filter(pk__in=due_decisions).update(deadline=due_at)
    if not due_decisions:
        problems.append("no decision was open to fall due while the database was gone")
    time.sleep(3)  # the sweeps send the reminders of the phases now close to their deadline
    resolved_before = set(m.Phase.objects.filter(status=m.Phase.Status.RESOLVED).values_list("pk", flat=True))

    # 3. the backup, as the compose service takes it, while the app runs
    before = rows_now()
    backups = stack.workdir / "backups"
    env = {**os.environ, "DATABASE_URL": stack.pg.url(), "BACKUP_DIR": str(backups),
           "PATH": f"{stack.pg.bindir}:{os.environ.get('PATH', '')}", "PGUSER": "postgres"}
    took_backup = time.monotonic()
    dumped = subprocess.run([str(ROOT / "bin" / "backup-pg"), "once"], capture_output=True, text=True, env=env,
                            timeout=300)
    took_backup = time.monotonic() - took_backup
    during = rows_now()
    dumps = sorted(backups.glob("genius-*.dump"))
    if dumped.returncode != 0 or not dumps:
        return [Row("restore: a season part-way, backed up, dropped and restored", "—",
                    problems=[f"bin/backup-pg failed: {dumped.stderr.strip()[-200:]}"], key="restore")]
    if differences(before, during)[0]:
        problems.append("rows changed while the backup was taken: " + "; ".join(differences(before, during)[1][:2]))
    checked = subprocess.run([str(ROOT / "bin" / "backup-pg"), "check"], capture_output=True, text=True, env=env)
    if checked.returncode != 0:
        problems.append(f"the backup service's health check failed right after a dump: {checked.stderr.strip()}")

    # 4. the database lost: processes killed, the database dropped; the deadlines pass; pg_restore
    for name in list(procs.procs):
        procs.kill(name)
    procs.stop_all()
    drop_connections()
    if timezone.now() >= due_at:
        problems.append("the deadlines passed before the database was dropped (the scenario was too slow)")
    lost_at = time.monotonic()
    stack.pg.psql("DROP DATABASE genius WITH (FORCE)")
    time.sleep(max(0.0, (due_at - timezone.now()).total_seconds() + 1))  # they fall due while it is gone
    restore_began = time.monotonic()
    stack.pg.psql("CREATE DATABASE genius")
    restored = pg_tool(stack, "pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", "-d", "genius",
                       str(dumps[-1]))
    restore_seconds = time.monotonic() - restore_began
    gone_seconds = time.monotonic() - lost_at
    if restored.returncode != 0:
        problems.append(f"pg_restore failed: {restored.stderr.strip()[-200:]}")
    drop_connections()
    after = rows_now()
    differ, which = differences(before, after)
    problems += which[:3]

    # 5. the processes again: what fell due resolves once, nothing resolved before resolves again
    back = time.monotonic()
    start_workers(stack, ["rs-w1", "rs-w2"])
    procs.beat("rs-beat")
    beat_back = time.monotonic()
    took = wait_resolved(due_ids, 120)
    resolved_after = None if took is None else time.monotonic() - back
    after_beat = None if took is None else time.monotonic() - beat_back

    def undecided() -> int:
        close_old_connections()
        return sm.Decision.objects.filter(pk__in=due_decisions).exclude(status=sm.Decision.Status.DECIDED).count()

    decisions_back = time.monotonic() - beat_back if wait_until(lambda: not undecided(), 120) else None
    port = stack.web()  # the site serves the restored season
    page = Player(f"http://127.0.0.1:{port}", "rs-host", world.PASSWORD)
    page.login()
    answer = page.request(f"/seasons/{season.season.slug}/")
    if answer.status != 200 or season.season.name not in answer.text:
        problems.append(f"the season page answered {answer.status} after the restore")
    time.sleep(3)  # a few more sweeps: a second resolution would show now
    procs.stop_all()
    close_old_connections()
    audit = checks.audit_phases(due_ids)
    again = checks.audit_phases(sorted(resolved_before))
    problems += audit.wrong[:3] + again.wrong[:3] + checks.consistency_problems()[:3]
    if audit.missed:
        problems.append(f"{len(audit.missed)} phases due while the database was gone never resolved")
    final = rows_now()
    for label in ("seasons", "season players (eliminations)", "garnet ledger", "ToL ledger"):  # no sweep's business
        if final[label] != before[label]:
            problems.append(f"{label} changed after the restart")
    if decisions_back is None:
        problems.append(f"{undecided()} decisions due while the database was gone were never drawn")
    for decision in sm.Decision.objects.filter(pk__in=due_decisions):
        if not decision.by_default or decision.decided_at is None or decision.decided_at < due_at:
            problems.append(f"decision {decision.pk} was not drawn once at the first sweep after the restart")
    redone = [pk for pk, row in before["decisions"].items() if pk not in due_decisions and final["decisions"][pk] != row]
    problems += [f"{len(redone)} decisions decided before the backup changed after the restart"] if redone else []
    if any(final["announcements"].get(pk) != row for pk, row in before["announcements"].items()):
        problems.append("an announcement made before the backup changed after the restart")
    counts = {label: len(rows) for label, rows in before.items()}
    compared = ", ".join(f"{label} {n}/{len(after.get(label, {}))}" for label, n in counts.items())
    print(f"   restore: rows before/after the restore: {compared}", flush=True)
    print(f"   restore: backup {took_backup:.1f} s ({dumps[-1].stat().st_size // 1024} KB), restore "
          f"{restore_seconds:.1f} s, database gone {gone_seconds:.1f} s, {decided} decisions made, "
          f"{season.moves} moves sent", flush=True)
    return [Row(
        f"restore: a season part-way ({people} people, Main Match, decisions, Death Match, {matches} other matches) "
        f"backed up with bin/backup-pg, dropped, restored with pg_restore, processes restarted",
        f"{sum(counts.values())} rows in {len(counts)} tables, {len(due_ids)} phases and {len(due_decisions)} "
        f"decisions due while it was gone",
        lost=differ + len(audit.missed), duplicated=len(audit.duplicated) + len(again.duplicated), refused="—",
        recovery=f"restored in {seconds(restore_seconds)}; due phases resolved {seconds(after_beat)} after the beat "
        f"was back ({seconds(resolved_after)} after the processes began to start), due decisions drawn "
        f"{seconds(decisions_back)} after" if resolved_after is not None
        else f"restored in {seconds(restore_seconds)}; due phases not resolved",
        problems=problems, key="restore",
        figures={"rows": counts, "differences": differ, "restore_seconds": restore_seconds,
                 "backup_seconds": took_backup, "resolved_after": resolved_after, "after_beat": after_beat,
                 "decisions_due": len(due_decisions), "decisions_seconds": decisions_back,
                 "moves": season.moves},
    )]
