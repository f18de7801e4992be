"""The home page explains the site and lists every game; anyone practises any game against bots at once."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games.engines.runner import bot_move
from genius.accounts import guests, names
from genius.matches.models import Match, Phase, Submission
from genius.matches.services import lifecycle, practice, submitting
from genius.matches.services.engines import available_games, engine_of, spec_of

pytestmark = pytest.mark.django_db

ALL_GAMES = [slug for slug, _ in available_games()]
#: The games one practises against bots (not those whose host rules each phase).
GAMES = [slug for slug in ALL_GAMES if not spec_of(slug).offers.host_rulings]
HOST_RULED = [slug for slug in ALL_GAMES if spec_of(slug).offers.host_rulings]
LIVE_GAMES = [slug for slug in GAMES if spec_of(slug).offers.live_clock]


@pytest.fixture(autouse=True)
def _no_earlier_starts():
    """Each test starts with no practice start counted for the test client's address (or the other one used)."""
    for address in ("127.0.0.1", "10.0.0.9"):
        practice.forget_practice(address)
    yield
    for address in ("127.0.0.1", "10.0.0.9"):
        practice.forget_practice(address)


def practice_match(client, game: str) -> Match:
    response = client.post(reverse("practice", args=[game]))
    assert response.status_code == 302, response.content[:500]
    match = Match.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))
    assert response["Location"] == reverse("match", args=[match.pk])
    return match


@pytest.mark.parametrize("game", GAMES)
def test_a_guest_starts_a_practice_match_of_every_game_and_is_seated_with_bots(client, game):
    match = practice_match(client, game)
    spec = spec_of(game)
    assert match.status == Match.Status.RUNNING and match.season_id is None
    assert match.title == f"Practice: {spec.title}"
    seats = list(match.seats.order_by("position"))
    assert len(seats) == spec.max_players
    guest = seats[0].user
    assert guest is not None and guest.username.startswith(guests.PREFIX) and not seats[0].is_bot
    assert names.problem(guest.username, guest=True) is None  # the name policy accepts a guest's name
    assert names.problem(guest.username) is not None  # and nobody else may take one (issue 20)
    assert not guest.has_usable_password()
    assert all(s.is_bot and s.user is None for s in seats[1:])
    assert match.phase_seconds == practice.PHASE_SECONDS
    assert match.current_phase is not None
    # The guest is signed in: the match page shows them their seat's form or the wait for their turn.
    page = client.get(reverse("match", args=[match.pk]))
    assert page.status_code == 200
    assert page.wsgi_request.user == guest


def test_a_guest_plays_their_practice_match_by_the_form_without_signing_up(client):
    match = practice_match(client, "rituals-gone-bad")
    phase = match.current_phase
    seat = match.seats.get(is_bot=False)
    engine = engine_of(match.game)
    payload = bot_move(engine, match.state, 7, engine.phase(match.state), seat.name)
    assert seat.name in phase.actors
    submitting.submit(seat, payload)  # the same service the form posts to
    assert Submission.objects.filter(phase=phase, seat=seat, is_default=False).exists()


def test_a_signed_in_player_practises_as_themselves_not_as_a_guest(client, ana):
    client.force_login(ana)
    match = practice_match(client, GAMES[-1])
    assert match.seats.filter(user=ana, position=1).exists()
    assert not get_user_model().objects.filter(username__startswith=guests.PREFIX).exists()


def test_a_second_practice_match_keeps_the_same_guest(client):
    first = practice_match(client, GAMES[0])
    second = practice_match(client, GAMES[-1])
    assert first.seats.get(position=1).user == second.seats.get(position=1).user


@pytest.mark.parametrize("game", LIVE_GAMES)
def test_bots_keep_no_one_waiting_in_a_live_practice_match(client, game):
    """A bot's live move is locked in at once, a live phase only bots act in closes at once, and the
    player's locked-in move resolves the turn at once."""
    match = practice_match(client, game)
    engine = engine_of(game)
    human = match.seats.get(is_bot=False)
    for step in range(12):
        match.refresh_from_db()
        phase = match.current_phase
        if phase is None or match.status != Match.Status.RUNNING:
            break
        bots_in = Submission.objects.filter(phase=phase, seat__is_bot=True)
        assert all(sub.locked for sub in bots_in)
        if phase.is_live and human.name not in phase.actors and human.name not in engine.phase(match.state).optional:
            assert phase.deadline == phase.opened_at  # nobody waits on a bot
            assert lifecycle.close_due_phases(timezone.now()) >= 1
        elif human.name in phase.actors:
            spec = engine.phase(match.state)
            payload = bot_move(engine, match.state, match.seed + step, spec, human.name)
            submitting.submit(human, payload, lock=True)
            if phase.is_live:
                assert Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED  # at once, not at the deadline
        else:
            break
    match.refresh_from_db()
    assert match.phases.filter(status=Phase.Status.RESOLVED).count() >= 2


def test_a_match_of_bots_alone_keeps_its_clock():
    game = LIVE_GAMES[0]
    match = lifecycle.create_match(game=game, seed=3, turn_seconds=60)
    for name in ("bot1", "bot2"):
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    phase = Match.objects.get(pk=match.pk).current_phase
    assert phase.deadline > phase.opened_at


def test_practice_starts_are_rate_limited_per_client_address(client, settings):
    settings.GENIUS_PRACTICE_PER_HOUR = 2
    practice_match(client, GAMES[0])
    practice_match(client, GAMES[0])
    before = Match.objects.count()
    refused = client.post(reverse("practice", args=[GAMES[0]]))
    assert refused.status_code == 429
    assert "practice matches in the last hour" in refused.content.decode()
    assert Match.objects.count() == before
    other = client.post(reverse("practice", args=[GAMES[0]]), REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 302  # another address is counted apart


def test_an_unknown_game_is_refused_with_a_clear_message(client):
    response = client.post(reverse("practice", args=["no-such-game"]))
    assert response.status_code == 404
    assert "There is no such game here" in response.content.decode()
    assert not get_user_model().objects.filter(username__startswith=guests.PREFIX).exists()


def test_practice_is_started_by_a_post_only(client):
    assert client.get(reverse("practice", args=[GAMES[0]])).status_code == 405


def test_the_home_page_explains_how_to_play_watch_and_host(client):
    page = client.get(reverse("home")).content.decode()
    for heading in ("How it works", "Play", "Watch", "Host"):
        assert f">{heading}<" in page
    assert "secret moves" in page


def test_the_home_page_lists_every_game_with_its_summary_seat_count_rules_and_practice(client):
    page = client.get(reverse("home")).content.decode()
    from django.utils.html import escape

    for slug in GAMES:
        spec = spec_of(slug)
        assert escape(spec.summary) in page
        seats = f"{spec.min_players} players" if spec.min_players == spec.max_players else \
            f"{spec.min_players}–{spec.max_players} players"
        block = page[page.index(f'data-game="{slug}"'):]
        block = block[:block.index("</article>")]
        assert seats in block
        assert reverse("rules", args=[slug]) in block
        assert reverse("practice", args=[slug]) in block


@pytest.mark.parametrize("game", HOST_RULED)
def test_a_game_whose_host_rules_each_phase_is_listed_without_practice_and_refused_with_a_clear_message(
        client, game):
    page = client.get(reverse("home")).content.decode()
    block = page[page.index(f'data-game="{game}"'):]
    block = block[:block.index("</article>")]
    assert reverse("rules", args=[game]) in block and reverse("practice", args=[game]) not in block
    response = client.post(reverse("practice", args=[game]), follow=True)
    assert response.status_code in (200, 400)
    assert "no practice against bots" in response.content.decode()
    assert not Match.objects.filter(game=game).exists()


def test_full_lobbies_are_shown_as_full(client, ana, ben):
    open_lobby = lifecycle.create_match(game=LIVE_GAMES[0], title="Room for one more", seed=3)
    lifecycle.add_seat(open_lobby, user=ana)
    full = lifecycle.create_match(game=LIVE_GAMES[0], title="No room left", seed=4)
    lifecycle.add_seat(full, user=ana)
    lifecycle.add_seat(full, user=ben)
    page = client.get(reverse("home")).content.decode()
    full_row = page[page.index("No room left") - 300:page.index("No room left") + 400]
    assert "lobby full" in full_row and "Full · 2/2 seats" in full_row
    open_row = page[page.index("Room for one more"):page.index("Room for one more") + 300]
    assert "1/2 seats taken" in open_row and "Full" not in open_row


def test_visitors_get_a_sign_in_prompt_and_players_do_not(client, ana):
    lifecycle.create_match(game=GAMES[0], title="Open lobby", seed=3)
    page = client.get(reverse("home")).content.decode()
    assert "to take a seat in a lobby" in page and reverse("login") in page and reverse("signup") in page
    client.force_login(ana)
    assert "to take a seat in a lobby" not in client.get(reverse("home")).content.decode()


def test_finished_matches_show_their_results(client):
    match = lifecycle.create_match(game=LIVE_GAMES[0], title="Settled duel", seed=3)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, finished=timezone.now(),
                                             placement={"zed": 2, "amy": 1})
    page = client.get(reverse("home")).content.decode()
    row = page[page.index("Settled duel"):]
    row = row[:row.index("</article>")]
    assert "Won by amy" in row and "1st: amy; 2nd: zed" in row


def test_a_finished_match_tied_for_first_reads_as_a_tie_on_the_home_page(client):
    match = lifecycle.create_match(game=LIVE_GAMES[0], title="Even duel", seed=3)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, finished=timezone.now(),
                                             placement={"zed": 1, "amy": 1, "cy": 3})
    page = client.get(reverse("home")).content.decode()
    row = page[page.index("Even duel"):]
    row = row[:row.index("</article>")]
    assert "Tied 1st: amy, zed" in row and "3rd: cy" in row and "Won by" not in row


def test_live_matches_are_listed_to_watch_and_practice_matches_are_not(client, rgb_match):
    practice_match(client, GAMES[0])
    page = client.get(reverse("home")).content.decode()
    watch = page[page.index('id="live"'):page.index('id="finished"')]
    assert rgb_match.title in watch and rgb_match.current_phase.name in watch
    assert "Practice:" not in watch
    mine = page[page.index('id="practising"'):page.index('id="lobbies"')]
    assert "Practice:" in mine  # the player's own practice matches, to go back to


def test_a_guest_is_offered_to_sign_up_on_the_home_page(client):
    practice_match(client, GAMES[0])
    page = client.get(reverse("home")).content.decode()
    assert "a guest" in page and reverse("signup") in page


def test_the_demo_prints_the_address_with_the_port_it_is_served_on():
    out = StringIO()
    call_command("demo", port=8123, stdout=out)
    assert "http://127.0.0.1:8123/" in out.getvalue()
    assert "8000" not in out.getvalue()
    again = StringIO()
    call_command("demo", port=8124, stdout=again)  # the demo is running: the address is still printed
    assert "http://127.0.0.1:8124/" in again.getvalue()


def test_a_guest_cannot_take_a_seat_in_a_lobby_until_signed_up(client):
    practice_match(client, GAMES[0])
    lobby = lifecycle.create_match(game=LIVE_GAMES[0], title="People only", seed=3)
    response = client.post(reverse("match-join", args=[lobby.pk]), follow=True)
    assert "Sign up to take a seat" in response.content.decode()
    assert not lobby.seats.exists()
