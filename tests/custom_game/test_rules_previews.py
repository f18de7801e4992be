"""Previews ("Try these rules") in a rules worker of their own: never the phase clock's worker nor its lock, a
bounded wait for theirs, and "busy" past it with nothing run.

Threads and events only: a thread stands in for a long preview by holding the previews' worker.
"""

from __future__ import annotations

import random

import pytest

from games.custom_game.rules import new_worker, run_phase_rules, worker
from games.custom_game.trying import try_phase
from games.engines.spec import RulesBusy
from tests.held_workers import held_by_another_thread

from .rules_helpers import PLAYERS, SEED, bids, closing_state, design


def _answers() -> dict:
    return {p: {"bid": b} for p, b in zip(PLAYERS, [5, 5, 3, 1, 0], strict=True)}


def test_a_preview_whose_worker_is_taken_answers_busy_and_runs_nothing() -> None:
    previews = new_worker()
    with held_by_another_thread(previews):
        with pytest.raises(RulesBusy):
            try_phase(design(), "bid", 1, _answers(), SEED, PLAYERS, worker=previews, wait=0)
    assert previews.process is None, "nothing was started nor run"


def test_a_preview_waits_its_short_wait_then_answers_busy() -> None:
    previews = new_worker()
    with held_by_another_thread(previews), pytest.raises(RulesBusy):
        try_phase(design(), "bid", 1, _answers(), SEED, PLAYERS, worker=previews, wait=0.05)


def test_a_real_phases_rules_run_while_the_previews_worker_is_taken() -> None:
    previews = new_worker()
    state = closing_state(design(), bids(5, 5, 3, 1, 0))
    with held_by_another_thread(previews) as still_held:
        out = run_phase_rules(state, random.Random(1))
        assert still_held.is_set(), "the phase's rules waited for the previews' worker"
    assert out.ok and "cy wins with 3." in out.ruling["announce"]


def test_a_preview_given_its_own_worker_never_calls_the_phase_clocks(monkeypatch) -> None:
    def clocks_worker_called(*args, **kwargs):
        raise AssertionError("a preview ran in the phase clock's worker")

    monkeypatch.setattr(worker.WORKER, "call", clocks_worker_called)
    previews = new_worker()
    preview = try_phase(design(), "bid", 1, _answers(), SEED, PLAYERS, worker=previews, wait=0)
    assert preview.error is None and "cy wins with 3." in preview.public
    assert previews.process is not None and previews.lock is not worker.WORKER.lock
    previews._kill()


def test_the_phase_clocks_worker_is_not_held_up_by_a_preview_holding_its_own() -> None:
    previews = new_worker()
    with held_by_another_thread(previews):
        with worker.WORKER.reserved(0):
            pass  # the phase clock's lock is free while a preview holds the previews'


def test_the_worker_a_preview_holds_lets_its_own_runs_through() -> None:
    previews = new_worker()
    with previews.reserved(0):
        preview = try_phase(design(), "bid", 1, _answers(), SEED, PLAYERS, worker=previews, wait=0)
    assert preview.error is None and preview.next == "bid:2"
    previews._kill()
