"""Outages: Redis stopped, the scheduler stopped, PostgreSQL restarted, with people using the real ASGI server.

Policy (docs/RELIABILITY.md): a deadline that passes while the scheduler is down closes the phase at
that deadline all the same: moves that arrived before it count, moves sent after it are refused (even
though the phase is not resolved yet), and the phase is resolved at the first sweep once the
scheduler is back.
"""

from __future__ import annotations

import random
import re
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import close_old_connections
from django.utils import timezone

from genius.matches.models import Match, Phase, Seat
from genius.matches.services.engines import engine_of

from . import checks, world
from .clients import Answer, LivePage, Player
from .infra import wait_until
from .races import start_workers, wait_resolved
from .report import Row, seconds
from .stack import Stack

#: What the match page says when a move came too late (the deadline passed, or the phase was resolved since).
LATE = ("Too late", "That phase is over")


@dataclass
class Person:
    """One person at a seat, with what the site told them about each move."""

    player: Player
    match_id: int
    phase_id: int
    phase_number: int
    seat_id: int
    seat_name: str
    game: str
    state: dict
    rng: random.Random
    answers: list[tuple[Answer, dict, float]] = field(default_factory=list)  # (answer, payload, wall time sent)

    def send_move(self) -> Answer:
        """Pick a move in the phase's form and send it; remember the answer and the payload it stands for."""
        engine = engine_of(self.game)
        payload = engine.check(self.state, self.seat_name, engine.bot(self.state, self.seat_name, self.rng))
        values = {}
        for name, value in engine.form_initial(self.state, self.seat_name, payload).items():
            if isinstance(value, bool):
                if value:
                    values[name] = "on"
            elif isinstance(value, list | tuple):
                values[name] = [str(v) for v in value]
            elif value is not None:
                values[name] = str(value)
        wall = time.time()
        answer = self.player.submit(self.match_id, self.phase_number, values)
        self.answers.append((answer, payload, wall))
        return answer


def people_for(stack: Stack, made: list[world.PlayerMatch], base: str) -> list[Person]:
    people = []
    for pm in made:
        for username, seat_id in pm.players.items():
            player = Player(base, username, world.PASSWORD)
            player.login()
            seat = Seat.objects.select_related("match").get(pk=seat_id)
            number = Phase.objects.values_list("number", flat=True).get(pk=pm.phase_id)
            people.append(Person(player, pm.match_id, pm.phase_id, number, seat_id, seat.name, seat.match.game,
                                 seat.match.state, random.Random(username)))
    return people


def saved_and_uncertain(people: list[Person]) -> tuple[dict, dict]:
    """The last move each person was told was saved, and the later attempts whose fate they were not told."""
    saved: dict[tuple[int, int], dict] = {}
    uncertain: dict[tuple[int, int], list[dict]] = {}
    for person in people:
        key = (person.phase_id, person.seat_id)
        for answer, payload, _ in person.answers:
            if answer.kind == "saved":
                saved[key] = payload
                uncertain[key] = []
            elif answer.kind in ("unavailable", "error"):
                uncertain.setdefault(key, []).append(payload)
    return saved, uncertain


def pages_in_step(pages: list[LivePage], timeout: float) -> float | None:
    """Seconds until every open page holds its match's current sequence number, or None."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        close_old_connections()
        seqs = dict(Match.objects.filter(pk__in={p.match_id for p in pages}).values_list("pk", "seq"))
        if all(p.seq == seqs[p.match_id] for p in pages):
            return time.monotonic() - start
        time.sleep(0.2)
    return None


def next_phases_run_in_full(phase_ids: list[int], back: datetime) -> list[str]:
    """The policy: the phase after a late resolution opens when it is resolved and runs its full length."""
    problems = []
    for phase in Phase.objects.filter(pk__in=phase_ids, status=Phase.Status.RESOLVED).select_related("match"):
        nxt = Phase.objects.filter(match=phase.match, number=phase.number + 1).first()
        if nxt is None:
            continue
        if nxt.opened_at < back - timedelta(seconds=1):
            problems.append(f"the phase after {phase.pk} opened at {nxt.opened_at}, before the scheduler was back")
        m = phase.match
        length = {"turn": m.turn_seconds, "setup": m.turn_seconds, "decision": m.decision_seconds}.get(
            nxt.kind, m.phase_seconds)
        if nxt.deadline - nxt.opened_at != timedelta(seconds=length):
            problems.append(f"the phase after {phase.pk} does not run its full length")
    return problems


def run_scheduler_down(stack: Stack, what: str = "redis", outage: float = 60.0, matches: int = 6) -> list[Row]:
    """Stop Redis (broker and channel layer) or the beat for ``outage`` s while people play.

    Half the matches have a deadline in the middle of the outage. Each person sends moves before
    the outage and at 10 %, 30 %, 70 % and 90 % of it: before the deadline they must be saved, after
    it refused; the due phases must be resolved, with the moves saved before the deadline, once the
    scheduler is back; open pages must come back in step by themselves.
    """
    stack.reset()
    procs = stack.procs
    assert procs is not None
    label = "Redis (broker and channel layer)" if what == "redis" else "the Celery beat (the scheduler)"
    made = world.player_matches(matches, people=2, prefix=f"{what[0]}o")
    port = stack.web()
    base = f"http://127.0.0.1:{port}"
    start_workers(stack, ["out-w1", "out-w2"])
    procs.beat("out-beat")
    people = people_for(stack, made, base)
    pages = [LivePage(base, pm.match_id) for pm in made]
    pages += [LivePage(base, p.match_id, p.player.session_cookie()) for p in people[::2]]
    for page in pages:
        page.start()
    problems: list[str] = []
    if not wait_until(lambda: all(p.connects for p in pages), 30) or pages_in_step(pages, 30) is None:
        problems.append("the live pages were not connected and in step before the outage")
    due_ids = [pm.phase_id for pm in made[: max(1, matches // 2)]]
    stop_at = timezone.now() + timedelta(seconds=1)
    deadline = stop_at + timedelta(seconds=outage / 2)
    world.set_deadlines(due_ids, deadline)
    for person in people:
        person.send_move()
    time.sleep(max(0.0, (stop_at - timezone.now()).total_seconds()))
    if what == "redis":
        stack.stop_redis()
    else:
        procs.stop("out-beat")
    began = time.monotonic()
    page_checks = []
    for fraction in (0.1, 0.3, 0.7, 0.9):
        time.sleep(max(0.0, began + outage * fraction - time.monotonic()))
        for person in people:
            person.send_move()
        page_checks.append(people[0].player.request(f"/matches/{people[0].match_id}/"))
    time.sleep(max(0.0, began + outage - time.monotonic()))
    close_old_connections()
    resolved_meanwhile = Phase.objects.filter(pk__in=due_ids, status=Phase.Status.RESOLVED).count()
    if what == "redis":
        stack.start_redis()
    else:
        procs.beat("out-beat")
    back, back_wall = time.monotonic(), timezone.now()
    took = wait_resolved(due_ids, 120)
    phases_back = None if took is None else time.monotonic() - back
    in_step = pages_in_step(pages, 90)
    pages_back = None if in_step is None else time.monotonic() - back
    for page in pages:
        page.stop()
    procs.stop_all()
    close_old_connections()

    # --- the figures ---
    late_refused = on_time_refused = late_saved = other = 0
    for person in people:
        due = person.phase_id in due_ids
        for answer, _, wall in person.answers:
            after = due and wall >= deadline.timestamp()
            if answer.kind == "saved":
                late_saved += after
            elif answer.kind == "refused" and after and any(words in answer.text for words in LATE):
                late_refused += 1
            elif answer.kind == "refused":
                on_time_refused += 1
            else:
                other += 1
    sent = sum(len(p.answers) for p in people)
    saved, uncertain = saved_and_uncertain(people)
    lost, which = checks.moves_kept(saved, uncertain)
    audit = checks.audit_phases(due_ids)
    move_problems = which[:3] + ([f"{late_saved} moves saved after the deadline"] if late_saved else [])
    move_problems += [f"{on_time_refused} moves refused before the deadline"] if on_time_refused else []
    move_problems += [f"{other} requests answered with a server error or not at all"] if other else []
    move_problems += [f"the match page answered {a.status} during the outage" for a in page_checks if a.status != 200]
    move_problems += checks.consistency_problems()[:3]
    phase_problems = audit.wrong[:3] + ([f"{len(audit.missed)} due phases never resolved"] if audit.missed else [])
    phase_problems += next_phases_run_in_full(due_ids, back_wall)
    if resolved_meanwhile and what == "redis":
        phase_problems.append(f"{resolved_meanwhile} phases were resolved while the broker was down")
    page_problems = [] if in_step is not None else ["some pages never came back in step"]
    closes = sum(p.closes for p in pages)
    name = f"outage: {label} stopped for {outage:.0f} s"
    return [
        Row(f"{name}: moves sent through the site", f"{sent} moves by {len(people)} people", lost=lost,
            refused=f"{late_refused} after the deadline (policy), {on_time_refused} before",
            problems=problems + move_problems, key=f"{what}-moves",
            figures={"sent": sent, "saved": sum(a.kind == 'saved' for p in people for a, _, _ in p.answers),
                     "late_refused": late_refused}),
        Row(f"{name}: phases whose deadline passed meanwhile", f"{len(due_ids)} phases", lost=len(audit.missed),
            duplicated=len(audit.duplicated), refused="—",
            recovery=f"resolved {seconds(phases_back)} after it was back" if phases_back is not None
            else "not resolved", problems=phase_problems, key=f"{what}-phases",
            figures={"seconds": phases_back, "resolved_meanwhile": resolved_meanwhile}),
        Row(f"{name}: open live pages", f"{len(pages)} pages ({closes} reconnections)",
            lost=0 if in_step is not None else len(pages), refused="—",
            recovery=f"in step {seconds(pages_back)} after it was back" if pages_back is not None else "never",
            problems=page_problems, key=f"{what}-pages",
            figures={"seconds": pages_back, "closes": closes, "resyncs": sum(p.resyncs for p in pages)}),
    ]


def _message(page: str) -> str:
    """The error a page shows (its role="alert" paragraph), for the report."""
    match = re.search(r'role="alert"[^>]*>(.*?)<', page, re.S)
    return (match.group(1) if match else page[:120]).strip()


def run_postgres_restart(stack: Stack, gap: float = 10.0, matches: int = 4, after: float = 15.0) -> list[Row]:
    """Restart PostgreSQL under load: every request in the gap gets the 503 "try again" page, nothing is
    half-written, no saved move is lost, and the app serves again without being restarted."""
    stack.reset()
    procs = stack.procs
    assert procs is not None
    made = world.player_matches(matches, people=2, prefix="pg")
    port = stack.web()
    base = f"http://127.0.0.1:{port}"
    start_workers(stack, ["pg-w1", "pg-w2"])
    procs.beat("pg-beat")
    people = people_for(stack, made, base)
    due_ids = [pm.phase_id for pm in made[: max(1, matches // 2)]]
    pages: list[Answer] = []
    stopping = threading.Event()
    page_lock = threading.Lock()

    def use_the_site(person: Person) -> None:
        # People in the matches due in the gap stop sending moves at the deadline (the refusal of late
        # moves is the scheduler scenarios' business); everyone keeps loading the match page.
        stop_moves = down_deadline.timestamp() - 0.5 if person.phase_id in due_ids else float("inf")
        while not stopping.is_set():
            if time.time() < stop_moves:
                person.send_move()
            answer = person.player.request(f"/matches/{person.match_id}/")
            with page_lock:
                pages.append(answer)
            stopping.wait(0.2)

    down_deadline = timezone.now() + timedelta(seconds=3 + gap / 2)
    world.set_deadlines(due_ids, down_deadline)
    threads = [threading.Thread(target=use_the_site, args=(p,), daemon=True) for p in people]
    for thread in threads:
        thread.start()
    time.sleep(3)
    down_at, up_at = stack.restart_postgres(gap)
    time.sleep(after)
    stopping.set()
    for thread in threads:
        thread.join(timeout=60)
    close_old_connections()
    took = wait_resolved(due_ids, 120)
    phases_back = None if took is None else time.monotonic() - up_at
    procs.stop_all()
    close_old_connections()

    answers = [a for p in people for a, _, _ in p.answers] + pages
    kinds = Counter(a.kind for a in answers)
    in_gap = [a for a in answers if down_at <= a.sent_at <= up_at]
    gap_kinds = Counter(a.kind for a in in_gap)
    unavailable_after = [a for a in answers if a.kind == "unavailable" and a.sent_at > up_at]
    last_unavailable = max((a.answered_at for a in answers if a.kind == "unavailable"), default=None)
    served_again = None if last_unavailable is None else max(0.0, last_unavailable - up_at)
    slowest = max((a.answered_at - a.sent_at for a in answers), default=0.0)
    errors = [a for a in answers if a.kind == "error"]
    problems = [f"{len(errors)} requests got a server error or no answer: "
                f"{errors[0].status} {errors[0].text[:80]!r}"] if errors else []
    if not in_gap:
        problems.append("no request was sent in the gap")
    if not gap_kinds["unavailable"]:
        problems.append("no request in the gap got the 503 page")
    saved, uncertain = saved_and_uncertain(people)
    lost, which = checks.moves_kept(saved, uncertain)
    audit = checks.audit_phases(due_ids)
    problems += which[:3] + audit.wrong[:3] + checks.consistency_problems()[:3]
    if audit.missed:
        problems.append(f"{len(audit.missed)} due phases never resolved")
    refusals = [a for p in people for a, _, _ in p.answers if a.kind == "refused"]
    late = [a for a in refusals if any(words in a.text for words in LATE)]
    if len(refusals) > len(late):
        other = next(a for a in refusals if a not in late)
        problems.append(f"{len(refusals) - len(late)} moves refused for another reason than the deadline: "
                        f"{_message(other.text)!r}")
    return [Row(
        scenario=f"outage: PostgreSQL restarted ({gap:.0f} s down) under load",
        tried=f"{len(answers)} requests ({sum(len(p.answers) for p in people)} moves), {len(due_ids)} phases due",
        lost=lost + len(audit.missed),
        duplicated=len(audit.duplicated),
        refused=f"{kinds['unavailable']} got the 503 page ({len(unavailable_after)} after it was up), "
                f"{len(late)} late",
        recovery=f"served again {seconds(served_again)} after it was up (slowest answer {seconds(slowest)}); "
                 f"due phase resolved {seconds(phases_back)} after",
        problems=problems,
        key="postgres",
        figures={"answers": dict(kinds), "sent_in_gap": dict(gap_kinds), "unavailable_after_up": len(unavailable_after),
                 "served_again": served_again, "slowest_answer": slowest, "phases_seconds": phases_back},
    )]
