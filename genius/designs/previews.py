""""Try these rules" with brakes, kept apart from the phase clock.

- At most ``GENIUS_TRIES_PER_MINUTE`` (10; 0: no limit) tries an account in a minute's window, counted in
  the shared cache. A try that a brake refuses, or that is answered "busy", is not counted.
- One try at a time an account, over all the site's processes: a mark in the shared cache while it runs
  (it lapses by itself after :data:`RUNNING_SECONDS`, should its process die half-way).
- Tries run in a rules worker of their own (one a process, made through the design tools), with its own
  lock: however many people try rules, a real match's phase never waits for them, as its rules run in the
  phase clock's worker. A try that waits more than ``GENIUS_TRY_WAIT_SECONDS`` (2) for the previews' worker
  is answered "busy, try again", and nothing has run.

Brakes, not locks: when the cache does not answer, the try goes through and the log says so.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache

from games.engines.spec import RulesBusy
from genius.designs import rules

log = logging.getLogger(__name__)

#: The cache's names: the tries counted in a minute's window, and the mark of a try running.
TRIES = "design-tries"
RUNNING = "design-try-running"
#: The window the tries are counted in, in seconds.
WINDOW = 60
#: How long a try's mark may outlive it (a process that died mid-try): longer than any try (set-up and two
#: runs of rules within their limits, and a worker's start).
RUNNING_SECONDS = 180

ALREADY = "You already have a try running; wait for it to finish, then try again."
BUSY = "The rules previews are busy just now; nothing was run. Try again in a few seconds."


class TryRefused(Exception):
    """A try a brake held back: ``message`` for the designer, the HTTP ``status`` and ``retry_after`` seconds."""

    def __init__(self, message: str, status: int, retry_after: int) -> None:
        super().__init__(message)
        self.message, self.status, self.retry_after = message, status, retry_after


def tries_per_minute() -> int:
    return int(settings.GENIUS_TRIES_PER_MINUTE)


def wait_seconds() -> float:
    return max(0.0, float(settings.GENIUS_TRY_WAIT_SECONDS))


def _now() -> float:
    return time.time()


Person = AbstractBaseUser | AnonymousUser


def _who(user: Person) -> str:
    """Whom the brakes count: the account (the try page is for signed-in hosts only)."""
    return f"user:{user.pk}"


def _window_key(user: Person) -> str:
    return f"{TRIES}:{_who(user)}:{int(_now() // WINDOW)}"


def tries_this_minute(user: Person) -> int:
    """How many tries ``user`` made in this minute's window (0 when the cache does not answer)."""
    try:
        return int(cache.get(_window_key(user)) or 0)
    except Exception:  # the cache is only a brake
        log.warning("tries brake: the cache did not answer; letting the try through")
        return 0


def _count(user: Person) -> None:
    key = _window_key(user)
    try:
        cache.add(key, 0, WINDOW * 2)
        cache.incr(key)
    except Exception:  # the cache is only a brake (or the window's count lapsed between the two)
        log.warning("tries brake: the cache did not count a try")


def forget(user: Person) -> None:
    """Clear this window's count and the running mark of ``user`` (tests, and an admin lifting the brake)."""
    try:
        cache.delete_many([_window_key(user), f"{RUNNING}:{_who(user)}"])
    except Exception:
        log.warning("tries brake: the cache did not answer; nothing to forget")


@contextmanager
def one_try_at_a_time(user: Person) -> Iterator[None]:
    """The block is ``user``'s one running try; TryRefused (:data:`ALREADY`) while another is."""
    key, token = f"{RUNNING}:{_who(user)}", uuid.uuid4().hex
    try:
        taken: bool | None = bool(cache.add(key, token, RUNNING_SECONDS))
    except Exception:  # a brake, not a lock
        log.warning("tries brake: the cache did not answer; letting the try through")
        taken = None
    if taken is False:
        raise TryRefused(ALREADY, 429, 5)
    try:
        yield
    finally:
        if taken:
            try:
                if cache.get(key) == token:
                    cache.delete(key)
            except Exception:
                log.warning("tries brake: the cache did not answer; the running mark lapses by itself")


_MADE = threading.Lock()
_WORKER: dict[int, Any] = {}


def preview_worker() -> Any | None:
    """This process's rules worker for tries (made on first use; a forked process makes its own), or None
    when the game that plays designs offers none."""
    tools = rules.design_tools()
    if tools is None or tools.new_rules_worker is None:
        return None
    pid = os.getpid()
    with _MADE:
        if pid not in _WORKER:
            _WORKER.clear()
            _WORKER[pid] = tools.new_rules_worker()
        return _WORKER[pid]


def run_try(user: Person, doc: dict[str, Any], phase_key: str, round_number: int, answers: dict[str, Any] | None,
            seed: int, players: list[str]) -> Any:
    """One try of a phase's rules by ``user`` (see :func:`genius.designs.rules.try_phase`), braked (the
    module's docstring): TryRefused when held back, DesignError as ``try_phase`` says."""
    limit = tries_per_minute()
    with one_try_at_a_time(user):
        so_far = tries_this_minute(user)
        if 0 < limit <= so_far:
            raise TryRefused(f"You have made {so_far} tries in the last minute, the most we allow an account. "
                             "Wait a minute, then try again.", 429, WINDOW)
        ran = True
        try:
            return rules.try_phase(doc, phase_key, round_number, answers, seed, players,
                                   worker=preview_worker(), wait=wait_seconds())
        except RulesBusy:
            ran = False
            raise TryRefused(BUSY, 503, 5) from None
        finally:
            if ran:
                _count(user)
