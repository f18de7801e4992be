"""Replays: a match page steps through every phase as it was, showing each viewer only what they may see.

``/matches/<pk>/replay/?phase=N`` draws the snapshot after phase N through the engine's view for the viewer
(spectator: public; a seat: its own secrets too; the host: everything) with the log up to phase N filtered
by audience as the live page filters it. The leak helpers of ``tests/matches/test_leaks.py`` check every
phase of every game for spectators and other seats.
"""

from __future__ import annotations

import html

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from games.engines.protocol import HOST, SPECTATOR
from games.engines.protocol import Seat as EngineSeat
from games.engines.runner import bot_move
from genius.core.errors import ServiceError
from genius.matches import replay_frames as replays
from genius.matches.models import LogEntry, Match, Snapshot
from genius.matches.services import lifecycle, submitting
from genius.matches.services.engines import available_games, engine_of, spec_of
from tests.matches.test_leaks import assert_no_secret, secrets_of

pytestmark = pytest.mark.django_db

#: Games bots play to the end here; a game whose host rules each phase (a custom game) closes its ruling phases
#: only by the host's published ruling, so its replays are tested with its rulings (tests/custom_game_web).
GAMES = [slug for slug, _ in available_games() if not spec_of(slug).offers.host_rulings]
SECRET_GAMES = ["rituals-gone-bad", "trail-trouble", "blob-party", "black-and-white"]  # a seat holds secrets
BOTS = ["bo", "cy", "di", "ed", "flo", "gia", "hal", "ivy", "jo", "kai"]


def new_match(game: str, ana, ben) -> Match:
    """A running match of ``game``: ana and ben seated first, bots in the other seats."""
    spec = spec_of(game)
    match = lifecycle.create_match(game=game, title=f"{spec.title} replay", seed=31, phase_seconds=3600,
                                   turn_seconds=60, seats_wanted=spec.min_players)
    lifecycle.add_seat(match, user=ana)
    lifecycle.add_seat(match, user=ben)
    for name in BOTS[: spec.min_players - 2]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    return match


def play(match: Match, phases: int = 600) -> Match:
    """ana and ben play bots' moves, each phase closed at once, for ``phases`` phases or to the end."""
    engine = engine_of(match.game)
    for i in range(phases):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            break
        spec = engine.phase(match.state)
        for name in ("ana", "ben"):
            if spec is not None and name in spec.actors:
                try:
                    submitting.submit(match.seats.get(name=name), bot_move(engine, match.state, match.seed + i, spec,
                                                                           name))
                except ServiceError:
                    pass  # a live turn that closed on the move itself
        try:
            lifecycle.resolve_now(match.pk)
        except ServiceError:
            pass
    match.refresh_from_db()
    return match


@pytest.fixture(params=GAMES)
def finished(request, ana, ben) -> Match:
    match = play(new_match(request.param, ana, ben))
    assert match.status == Match.Status.FINISHED, f"{match.game} did not finish"
    return match


def replay_pages(client: Client, match: Match) -> dict[int, str]:
    """Every phase of the replay as ``client`` sees it, by phase number."""
    pages = {}
    for number in match.snapshots.order_by("phase_number").values_list("phase_number", flat=True):
        response = client.get(reverse("match-replay", args=[match.pk]), {"phase": number})
        assert response.status_code == 200, (number, response.content[:300])
        pages[number] = response.content.decode()
    return pages


def not_within(secrets, *known) -> list[str]:
    """The secrets that are not part of what the viewer may read anyway (their own moves and lines, public lines)."""
    texts = [text for group in known for text in group]
    return [s for s in secrets if not any(s in text for text in texts)]


def as_user(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def public_lines(match: Match, upto: int) -> list[str]:
    return list(match.log.filter(audience=LogEntry.Audience.PUBLIC, phase_number__lte=upto)
                .values_list("text", flat=True))


def test_stepping_through_a_finished_match_shows_each_phases_board_and_log_to_a_spectator_a_player_and_the_host(
        finished, ana, host):
    engine = engine_of(finished.game)
    states = dict(Snapshot.objects.filter(match=finished).values_list("phase_number", "state"))
    assert len(states) > 2
    ana_seat = finished.seats.get(name="ana")
    for user, viewer in ((None, SPECTATOR), (ana, EngineSeat("ana")), (host, HOST)):
        pages = replay_pages(as_user(user), finished)
        assert set(pages) == set(states)
        kind = "spectator" if viewer == SPECTATOR else "host" if viewer == HOST else "player"
        revealed = replays.revealed_at_end(finished, replays.Viewer(kind, ana_seat if user == ana else None))
        for number, page in pages.items():
            state = states[number]
            drawn = HOST if revealed and number != max(states) else viewer  # the rules' reveal at the end
            assert replays.board_at(finished, state, drawn) in page, (finished.game, number, viewer)
            assert engine.spec.slug and ("<svg" in page) == bool(engine.observer.board_svg(engine.observer.view(state, drawn)))
            text = engine.observer.board_text(state, drawn)
            assert html.escape(text) in page
            for line in public_lines(finished, number):
                assert html.escape(line) in page, (finished.game, number, line)
            viewer_kind = "spectator" if viewer == SPECTATOR else "host" if viewer == HOST else "player"
            shown = replays.log_until(finished, replays.Viewer(viewer_kind, ana_seat if user == ana else None), number)
            assert all(group["number"] <= number for group in shown)
            if viewer is not SPECTATOR:
                seat = ana_seat if viewer != HOST else None
                own = finished.log.filter(audience="seat", phase_number__lte=number)
                own = own.filter(seat=seat) if seat is not None else own
                for line in own.values_list("text", flat=True):
                    assert html.escape(line) in page
            if viewer == HOST:
                for line in finished.log.filter(audience="host", phase_number__lte=number).values_list("text",
                                                                                                       flat=True):
                    assert html.escape(line) in page


def test_a_spectator_and_another_seat_never_see_a_players_secrets_in_any_phase_of_the_replay(finished, ben):
    host_lines = list(LogEntry.objects.filter(match=finished, audience="host").values_list("text", flat=True))
    public = set(LogEntry.objects.filter(match=finished, audience="public").values_list("text", flat=True))
    spectator = list(replay_pages(Client(), finished).values())
    if finished.game in SECRET_GAMES:
        assert secrets_of(finished, "ana") and len(spectator) > 2
    secrets = not_within(secrets_of(finished, "ana") + secrets_of(finished, "ben") + host_lines, public)
    assert_no_secret(spectator, secrets)
    own = set(secrets_of(finished, "ben"))
    as_ben = list(replay_pages(as_user(ben), finished).values())
    assert_no_secret(as_ben, not_within(secrets_of(finished, "ana") + host_lines, own, public))


@pytest.mark.parametrize("game", ["black-and-white"])  # its rules make the whole record public at the end
def test_after_the_end_a_viewer_the_rules_show_everything_sees_every_phase_of_the_replay_as_the_host_saw_it(
        game, ana, ben):
    match = play(new_match(game, ana, ben))
    assert match.status == Match.Status.FINISHED
    states = dict(Snapshot.objects.filter(match=match).values_list("phase_number", "state"))
    earlier = [n for n in states if 0 < n < max(states)]
    for user, viewer in ((None, SPECTATOR), (ben, EngineSeat("ben"))):
        pages = replay_pages(as_user(user), match)
        for number in earlier:
            hosts = replays.board_at(match, states[number], HOST)
            assert hosts in pages[number], (viewer, number)
            assert "every phase is shown as the host saw it" in pages[number]
        assert any(replays.board_at(match, states[n], HOST) != replays.board_at(match, states[n], viewer)
                   for n in earlier), "the host saw more than this viewer during play"
        assert replays.board_at(match, states[max(states)], viewer) in pages[max(states)]  # as the match page


@pytest.mark.parametrize("game", ["rituals-gone-bad", "trail-trouble", "blob-party"])  # secrets outlive the end
def test_after_the_end_a_game_whose_rules_keep_secrets_still_keeps_them_in_every_phase_of_the_replay(game, ana, ben):
    match = play(new_match(game, ana, ben))
    assert match.status == Match.Status.FINISHED
    seat = match.seats.get(name="ben")
    assert not replays.revealed_at_end(match, replays.Viewer("spectator"))
    assert not replays.revealed_at_end(match, replays.Viewer("player", seat))
    states = dict(Snapshot.objects.filter(match=match).values_list("phase_number", "state"))
    pages = replay_pages(Client(), match)
    for number, state in states.items():
        assert replays.board_at(match, state, SPECTATOR) in pages[number]
        assert "as the host saw it" not in pages[number]


def test_before_the_end_the_replay_reveals_nothing_the_rules_keep_until_the_end(ana, ben):
    match = play(new_match("black-and-white", ana, ben), phases=4)
    assert match.status == Match.Status.RUNNING
    assert not replays.revealed_at_end(match, replays.Viewer("spectator"))
    states = dict(Snapshot.objects.filter(match=match).values_list("phase_number", "state"))
    pages = replay_pages(Client(), match)
    for number, state in states.items():
        assert replays.board_at(match, state, SPECTATOR) in pages[number]


@pytest.mark.parametrize("game", GAMES)
def test_before_the_end_a_player_replaying_sees_only_their_own_secrets(game, ana, ben):
    match = play(new_match(game, ana, ben), phases=4)
    assert match.snapshots.count() >= 2
    pages_of_ana = replay_pages(as_user(ana), match)
    pages_of_ben = replay_pages(as_user(ben), match)
    host_lines = list(LogEntry.objects.filter(match=match, audience="host").values_list("text", flat=True))
    public = set(LogEntry.objects.filter(match=match, audience="public").values_list("text", flat=True))
    ana_secrets, ben_secrets = set(secrets_of(match, "ana")), set(secrets_of(match, "ben"))
    if game in SECRET_GAMES:
        assert ana_secrets
    assert_no_secret(list(pages_of_ben.values()), not_within(ana_secrets | set(host_lines), ben_secrets, public))
    assert_no_secret(list(pages_of_ana.values()), not_within(ben_secrets | set(host_lines), ana_secrets, public))
    last = max(pages_of_ana)
    for line in match.log.filter(audience="seat", seat__name="ana").values_list("text", flat=True):
        assert html.escape(line) in pages_of_ana[last]


def test_the_replay_has_first_previous_next_and_last_controls_and_starts_at_the_last_phase(rgb_match, ana):
    play(rgb_match, phases=3)
    numbers = list(rgb_match.snapshots.order_by("phase_number").values_list("phase_number", flat=True))
    client = Client()
    page = client.get(reverse("match-replay", args=[rgb_match.pk])).content.decode()
    assert 'data-replay="prev" rel="prev"' in page
    assert 'href="?phase=0"' in page and f'href="?phase={numbers[-2]}"' in page
    assert 'data-replay="next"' not in page  # the last phase: no next
    middle = client.get(reverse("match-replay", args=[rgb_match.pk]), {"phase": numbers[1]}).content.decode()
    assert f'href="?phase={numbers[2]}"' in middle and 'data-replay="first"' in middle
    assert "genius/replay.js" in middle  # the arrow keys
    match_page = client.get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert reverse("match-replay", args=[rgb_match.pk]) in match_page


@pytest.mark.parametrize(("phase", "words"), [
    ("abc", "The phase is a whole number from 0 to"),
    ("٣", "The phase is a whole number from 0 to"),
    ("-1", "The phase is a whole number from 0 to"),
    ("999", "There is no phase 999 to replay: this match has phases 0 to"),
    ("9" * 40, "The phase is a whole number from 0 to"),
])
def test_a_phase_that_is_not_in_the_replay_is_refused_with_a_clear_message(rgb_match, phase, words):
    response = Client().get(reverse("match-replay", args=[rgb_match.pk]), {"phase": phase})
    assert response.status_code == 400
    assert words in response.content.decode()


def test_a_lobby_has_nothing_to_replay_yet(ana):
    match = lifecycle.create_match(game="rituals-gone-bad", seed=1)
    lifecycle.add_seat(match, user=ana)
    response = Client().get(reverse("match-replay", args=[match.pk]))
    assert response.status_code == 200
    assert "Nothing to replay yet" in response.content.decode()
    assert Client().get(reverse("match-replay", args=[987654])).status_code == 404


def test_long_announcement_histories_show_the_latest_and_fold_the_rest_under_show_all():
    groups = [{"number": n, "phase": f"Phase {n}", "lines": [f"line of phase {n}"], "text": f"phase {n}"}
              for n in range(6, 0, -1)]
    part = render_to_string("games/parts/announcements.html", {"announcements": groups})
    folded_at = part.index("<details")
    assert "Show all (3 earlier)" in part
    assert all(part.index(f"line of phase {n}") < folded_at for n in (6, 5, 4))
    assert all(part.index(f"line of phase {n}") > folded_at for n in (3, 2, 1))
    short = render_to_string("games/parts/announcements.html", {"announcements": groups[:3]})
    assert "<details" not in short


def test_a_text_board_in_the_log_is_shown_in_a_monospace_block_with_its_layout():
    board = "a . T .\nb F . A"
    part = render_to_string("games/parts/announcements.html", {
        "announcements": [{"number": 1, "phase": "turn 1", "lines": ["ana moves", board], "text": "x"}]})
    assert f'<pre class="board-text" tabindex="0" role="group" aria-label="Board as text">{board}</pre>' in part  # reachable by keyboard (it scrolls)
    assert "<p>ana moves</p>" in part
