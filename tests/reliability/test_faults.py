"""Races, crashes and outages on real PostgreSQL, Redis, Celery and Uvicorn (the quick reliability run).

Each test reads one row of ``bin/reliability --quick``: nothing lost, nothing resolved twice or missed,
nothing half-written, and recovery within seconds.
"""

from __future__ import annotations

import pytest

# The first test's setup runs the whole quick reliability run in its own process (conftest.py, up to 1,500 s on
# a loaded machine): the suite's 600 s per-test limit would stop it before the run's own time limit does.
pytestmark = [pytest.mark.services, pytest.mark.timeout(1600)]


def assert_clean(row: dict) -> None:
    assert row["problems"] == [], row["problems"]
    assert row["lost"] == 0, row
    assert row["duplicated"] == 0, row
    assert row["ok"], row


def test_every_phase_due_in_the_same_second_is_resolved_exactly_once_by_four_workers_and_two_beats(row):
    races = row("races")
    assert_clean(races)
    assert races["figures"]["resolved"] == races["figures"]["phases"] >= 80
    assert races["figures"]["missed"] == [] and races["figures"]["duplicated"] == []


def test_a_burst_of_due_phases_leaves_no_pile_of_stale_tasks_in_the_queue(row):
    races = row("races")
    # one task per due phase at a time (genius.matches.tasks): never a queue of many times the phases
    assert races["figures"]["longest_queue"] <= 3 * races["figures"]["phases"], races["figures"]


def test_a_worker_killed_half_way_through_a_resolution_leaves_nothing_half_written_and_loses_no_move(row):
    killed = row("crash-group")
    assert_clean(killed)
    assert killed["figures"]["saved_moves"] > 0 and killed["figures"]["lost_moves"] == 0
    assert killed["figures"]["seconds"] < 10


def test_a_pool_process_killed_half_way_has_its_phase_resolved_by_another_worker(row):
    killed = row("crash-child")
    assert_clean(killed)
    assert killed["figures"]["seconds"] < 10


def test_a_phase_held_by_a_frozen_worker_is_recovered_once_its_idle_transaction_is_ended(row):
    frozen = row("crash-frozen")
    assert_clean(frozen)
    assert frozen["figures"]["seconds"] < 10 + 10  # the idle-transaction limit of the run, plus a sweep


def test_players_can_submit_while_redis_is_down(row):
    moves = row("redis-moves")
    assert_clean(moves)
    assert moves["figures"]["saved"] > 0


def test_phases_due_while_redis_is_down_are_resolved_once_it_is_back(row):
    phases = row("redis-phases")
    assert_clean(phases)
    assert phases["figures"]["resolved_meanwhile"] == 0
    assert phases["figures"]["seconds"] < 15


def test_open_pages_resync_by_themselves_when_redis_is_back(row):
    pages = row("redis-pages")
    assert_clean(pages)
    assert pages["figures"]["seconds"] < 30


def test_deadlines_that_pass_while_the_scheduler_is_down_close_on_time_and_resolve_when_it_is_back(row):
    moves, phases = row("beat-moves"), row("beat-phases")
    assert_clean(moves)
    assert_clean(phases)
    assert moves["figures"]["late_refused"] > 0  # moves after the deadline refused, though nothing resolved it yet
    assert phases["figures"]["resolved_meanwhile"] == 0
    assert phases["figures"]["seconds"] < 15


def test_a_postgres_restart_gets_the_try_again_page_loses_nothing_and_needs_no_app_restart(row):
    restart = row("postgres")
    assert_clean(restart)
    assert restart["figures"]["sent_in_gap"].get("unavailable", 0) > 0
    assert restart["figures"]["answers"].get("error", 0) == 0
    assert restart["figures"]["phases_seconds"] < 30


def test_a_restored_backup_gives_back_every_row_and_resolves_what_fell_due_meanwhile_once(row):
    restored = row("restore")
    assert_clean(restored)
    assert restored["figures"]["differences"] == 0
    assert restored["figures"]["rows"]["decisions"] > 0 and restored["figures"]["rows"]["submissions"] > 0
    assert restored["figures"]["resolved_after"] is not None
