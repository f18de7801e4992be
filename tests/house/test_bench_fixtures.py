"""The benchmark's fixtures are built for every registered game, so a new game cannot break ``bin/bench`` unseen.

Each section ranges over the games (engines, queries, live turn, submissions, mass deadline, fan-out,
browser); their fixtures are built here on a tiny scale, on the test database: a game that ships designs
(the custom game) plays each shipped design in turn, and a phase the host rules is published by a bot's
ruling.
"""

from __future__ import annotations

import pytest

from bench import browser, crowd, deadline, engines, fixtures, liveturn, submissions
from bench.queries import resolution_queries, submission_queries
from games.engines.registry import get_engine, slugs
from genius.matches.models import Match, Phase


@pytest.mark.parametrize("slug", slugs())
def test_the_engines_section_plays_a_whole_bot_match_of_every_game(slug):
    assert engines.one_match(slug, 1) > 0


@pytest.mark.django_db
@pytest.mark.parametrize("slug", slugs())
def test_the_queries_section_builds_a_running_match_of_every_game_and_plays_three_phases(slug):
    humans = fixtures.users(f"q-{slug}-", 2)
    match = fixtures.match(slug, humans, 70, seats=get_engine(slug).max_players)
    assert match.status == Match.Status.RUNNING
    played = 0
    for _ in range(3):
        fixtures.publish_bot_rulings([match.pk])
        if Match.objects.get(pk=match.pk).status != Match.Status.RUNNING:
            break
        submission_queries(match)
        assert resolution_queries(match) > 0
        played += 1
    assert played >= 1


@pytest.mark.django_db
def test_the_mass_deadline_section_keeps_running_matches_of_every_game_whose_open_phase_falls_due(capsys):
    count = 2 * len(slugs())
    ids = deadline.top_up(count, [0])
    assert set(Match.objects.filter(pk__in=ids).values_list("game", flat=True)) == set(slugs())
    for pk in ids:  # one run: every open phase resolved (a custom game's next phase is the host's ruling)
        resolution_queries(Match.objects.get(pk=pk))
    ids = deadline.top_up(count, [100])
    assert len(ids) == count
    for pk in ids:  # the next run: no open phase waits for the host's ruling (the section sets every deadline)
        phase = Match.objects.get(pk=pk).current_phase
        assert phase is not None and phase.kind != "ruling"


@pytest.mark.django_db
@pytest.mark.parametrize("slug", slugs())
def test_a_bench_player_can_post_a_legal_move_in_every_game(slug):
    humans = fixtures.users(f"f-{slug}-", 2)
    match = fixtures.match(slug, humans, 5, seats=get_engine(slug).min_players)
    spec = get_engine(slug).phase(match.state)
    names = [s.name for s in match.seats.filter(user__isnull=False)]
    actor = next((n for n in names if spec is not None and n in spec.actors), None)
    if actor is not None:
        fields = fixtures.form_fields(match, actor)
        assert fields and fields[0][0] == "csrfmiddlewaretoken"


@pytest.mark.django_db
@pytest.mark.parametrize("slug", [s for s in slugs() if fixtures.shipped_designs(get_engine(s))])
def test_a_game_that_ships_designs_plays_every_shipped_design_in_turn(slug):
    engine = get_engine(slug)
    shipped = fixtures.shipped_designs(engine)
    played = set()
    for seed in range(len(shipped)):
        match = fixtures.match(slug, [], seed, seats=engine.max_players)
        assert match.status == Match.Status.RUNNING
        design = match.config["design"]
        assert design in shipped
        assert design["min_players"] <= match.seats.count() <= design["max_players"]
        played.add(design["title"])
    assert played == {d["title"] for d in shipped}


@pytest.mark.django_db
@pytest.mark.parametrize("slug", slugs())
def test_the_submissions_section_seats_players_of_every_game_who_each_post_a_legal_move(slug):
    requests = submissions.make_players(slug, 3)
    assert len(requests) == 3
    for method, path, headers, body in requests:
        assert method == "POST" and path.endswith("/submit/") and "sessionid" in headers["Cookie"]
        assert body.startswith("csrfmiddlewaretoken=")


def test_the_live_sections_measure_every_game_with_live_turns_and_name_the_others():
    assert liveturn.live_games() == browser.live_games()
    assert liveturn.live_games(), "some registered game plays live turns"
    assert set(liveturn.live_games()) <= set(slugs())


@pytest.mark.django_db(transaction=True)  # the section's clock starts in an on-commit callback
@pytest.mark.parametrize("slug", slugs())
def test_the_fanout_section_resolves_a_bot_match_of_every_game_and_its_sequence_moves_on(slug):
    match = fixtures.match(slug, [], 600, title="crowd test")
    for _ in range(2):
        seq = Match.objects.get(pk=match.pk).seq
        _, after = crowd.resolve_and_stamp(match.pk)
        assert after > seq


@pytest.mark.django_db
def test_the_mass_deadline_section_tops_up_with_copies_that_resolve_like_their_matches():
    games = len(slugs())
    ids = deadline.top_up(3 * games, [0], distinct=games)
    assert len(ids) == 3 * games
    copies = list(Match.objects.filter(pk__in=ids, title__startswith="deadline copy"))
    assert len(copies) == 2 * games
    for m in copies:
        template = Match.objects.get(pk=ids[(ids.index(m.pk) - games) % games])
        assert (m.game, m.state, m.seed, m.seq) == (template.game, template.state, template.seed, template.seq)
        assert m.seats.count() == template.seats.count()
        phase = m.current_phase
        assert phase is not None and phase.number == template.current_phase.number
        assert phase.submissions.count() == template.current_phase.submissions.count()
        assert resolution_queries(m) > 0
        assert Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED


def test_importing_the_bench_leaves_sigterm_alone():
    """Only a running bench stops its servers on SIGTERM: a process that imports it (this test run, a proof run's
    pool) keeps its own handling."""
    import subprocess
    import sys

    code = ("import signal; before = signal.getsignal(signal.SIGTERM); import bench.common as c; "
            "assert signal.getsignal(signal.SIGTERM) == before; c.stop_all_on_sigterm(); "
            "assert signal.getsignal(signal.SIGTERM) == c._on_signal; print('ok')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "ok", done.stderr


def test_the_mass_deadline_section_counts_a_match_done_at_its_resolutions_push_not_at_an_earlier_push():
    once = deadline.Closed(resolved=True, snapshots=1, seq=12)
    reserve_then_resolution = [(11, 1.0), (12, 2.5), (13, 3.0)]  # reserve time began (11), then the resolution (12)
    assert deadline.resolution_push(reserve_then_resolution, 10, once) == 2.5
    assert deadline.resolution_push([(11, 1.0)], 10, once) is None  # the resolution's push not seen yet
    assert deadline.resolution_push([(13, 4.0)], 10, once) == 4.0  # a push after it carries its number on
    assert deadline.resolution_push([(12, 2.5)], 10, deadline.Closed(False, 0, 11)) is None  # not resolved
    assert deadline.resolution_push([(12, 2.5)], 10, deadline.Closed(True, 2, 12)) is None  # resolved twice
    assert deadline.resolution_push([(12, 2.5)], 12, deadline.Closed(True, 1, 12)) is None  # no new number
    assert deadline.resolution_push([(12, 2.5)], 10, None) is None


@pytest.mark.django_db
def test_the_mass_deadline_section_reads_each_due_phase_resolved_once_and_the_number_it_left():
    from datetime import UTC, datetime, timedelta

    ids = deadline.top_up(len(slugs()), [0])
    due = {m: (pk, n) for m, pk, n in Phase.objects.filter(match_id__in=ids, status=Phase.Status.OPEN)
           .values_list("match_id", "pk", "number")}
    since = datetime.now(UTC) - timedelta(seconds=1)
    before = dict(Match.objects.filter(pk__in=ids).values_list("pk", "seq"))
    assert not any(c.resolved for c in deadline.read_closed(due, since).values())
    resolved = ids[: len(ids) // 2]
    for pk in resolved:
        resolution_queries(Match.objects.get(pk=pk))
    closed = deadline.read_closed(due, since)
    for pk in ids:
        assert closed[pk].resolved == (pk in resolved)
        assert closed[pk].snapshots == (1 if pk in resolved else 0)
        assert closed[pk].seq > before[pk] if pk in resolved else closed[pk].seq == before[pk]
    assert not any(c.resolved for c in deadline.read_closed(due, datetime.now(UTC) + timedelta(hours=1)).values())


def _fake_lighthouse(tmp_path, monkeypatch, failures: int):
    """A stand-in for Lighthouse's command that fails ``failures`` times (as Lighthouse's NO_NAVSTART does), then
    writes a report."""
    from bench import pageweight

    count = tmp_path / "count"
    count.write_text("0")
    script = tmp_path / "lighthouse"
    script.write_text(
        "#!/bin/sh\n"
        f'n=$(cat {count}); echo $((n + 1)) > {count}\n'
        f'if [ "$n" -lt {failures} ]; then echo "Runtime error encountered: (NO_NAVSTART)" >&2; exit 1; fi\n'
        'for a in "$@"; do case "$a" in --output-path=*) echo \'{"audits": {}, "categories": {}}\' '
        '> "${a#--output-path=}";; esac; done\n'
    )
    script.chmod(0o755)
    monkeypatch.setattr(pageweight, "LIGHTHOUSE", script)
    return pageweight


def test_the_page_weight_section_runs_lighthouse_again_when_it_fails_once(tmp_path, monkeypatch, capsys):
    pageweight = _fake_lighthouse(tmp_path, monkeypatch, failures=1)
    assert pageweight.lighthouse("http://127.0.0.1:1/matches/1/", "sessionid=x") == {"audits": {}, "categories": {}}
    assert "NO_NAVSTART" in capsys.readouterr().out


def test_the_page_weight_section_says_why_lighthouse_failed_twice_instead_of_crashing(tmp_path, monkeypatch):
    pageweight = _fake_lighthouse(tmp_path, monkeypatch, failures=2)
    with pytest.raises(pageweight.LighthouseFailed, match="exit 1: Runtime error encountered: \\(NO_NAVSTART\\)"):
        pageweight.lighthouse("http://127.0.0.1:1/matches/1/", "sessionid=x")
