"""The bench's designed-game sections (issues 39 and 40) build their matches and read their results right, on a tiny
scale and the test database: no timing is asserted here (``bin/bench`` prints the figures)."""

from __future__ import annotations

import pytest

from bench import action_rate, board_rules, crowd, design_checks, fixtures, liveturn, pageweight, talk_latency
from bench.common import Results
from games.engines.registry import get_engine
from genius.matches.models import Match, Seat
from genius.matches.services.actions import take_action


def test_the_checks_section_compares_the_shipped_design_with_the_same_design_and_a_check():
    plain, checked = design_checks.designs()
    assert [p.get("check") for p in plain["phases"]] == [None] * len(plain["phases"])
    assert all(p["check"] == design_checks.CHECK for p in checked["phases"])
    assert {k: v for k, v in plain.items() if k != "phases"} == {k: v for k, v in checked.items() if k != "phases"}


@pytest.mark.django_db
def test_the_checks_section_posts_a_legal_move_of_the_checked_design_for_each_player():
    from bench.submissions import make_players

    _, checked = design_checks.designs()
    requests = make_players(design_checks.GAME, 3, checked, "-t")
    assert len(requests) == 3
    assert all(r[1].endswith("/submit/") and "csrfmiddlewaretoken" in r[3] for r in requests)


def test_the_board_rules_section_reports_a_p99_from_the_rules_worker():
    results = Results()
    board_rules.run(results, matches=1, phases=2)
    (row,) = results.rows
    assert row.section == "Board rules" and "p99" in row.figure and row.met is not None


@pytest.mark.django_db
def test_the_actions_section_finds_every_action_applied_once_in_the_order_the_answers_told():
    match_id, phase, seats = action_rate.make_match(3, 41)
    got: dict[str, list[tuple[int, int, float]]] = {name: [] for name, _ in seats}
    for n in range(1, 3):
        for seat in Seat.objects.filter(match_id=match_id).order_by("position"):
            answers = take_action(seat, {"action": "tap", "fields": {"n": n}}, phase)
            place = next(int(f.group(1)) for a in answers if (f := action_rate.PLACE.search(a)))
            got[seat.name].append((n, place, 0.0))
    assert action_rate.verify(match_id, got) == []
    first = next(iter(got))
    got[first].append((99, 7, 0.0))  # answered, never stored: lost
    assert any("not stored" in w for w in action_rate.verify(match_id, got))


@pytest.mark.django_db
def test_the_talk_section_seats_every_reader_as_a_player_of_a_designed_match():
    match_id, seats = talk_latency.make_match(4, 42)
    assert len(seats) == 4 and all(cookie for _, cookie in seats)
    assert Match.objects.get(pk=match_id).status == Match.Status.RUNNING


@pytest.mark.django_db
@pytest.mark.parametrize("module", [liveturn, crowd, pageweight])
def test_the_designed_rows_play_a_shipped_design_that_starts(module):
    game, stem = module.DESIGNED
    design = fixtures.shipped_design(get_engine(game), stem)
    match = fixtures.match(game, fixtures.users(f"d-{stem}-", 2), 43, seats=2, design=design)
    assert match.status == Match.Status.RUNNING and match.config["design"]["title"] == design["title"]


def test_axe_s_serious_findings_are_read_from_the_failed_accessibility_audits():
    report = {"categories": {"accessibility": {"auditRefs": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}},
              "audits": {"a": {"score": 0, "details": {"debugData": {"impact": "serious"}}},
                         "b": {"score": 1, "details": {"debugData": {"impact": "critical"}}},
                         "c": {"score": 0, "details": {"debugData": {"impact": "minor"}}}}}
    assert pageweight.serious_axe(report) == ["a (serious)"]
