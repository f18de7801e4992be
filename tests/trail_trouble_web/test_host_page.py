"""Trail Trouble on the host pages: typed forks, the engine's preview, errors with line and column, create,
and the starting order set on the lobby's settings page with the seats as choices."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.seasons.models import Season

from .helpers import BOTS, OTHER_ROUND, ROUND_1, ROUND_1_CANONICAL, host_form, order_form, typed_forks

pytestmark = pytest.mark.django_db

NEW = reverse("host-new-lobby", args=["trail-trouble"])
FINE = "+1 :coin: / +1 :coin:"


def page_text(response) -> str:
    return html.unescape(response.content.decode())


def setup_of(match: Match) -> str:
    return reverse("host-lobby-setup", args=[match.pk])


def forks_with(line: int, text: str) -> str:
    """16 fine fork lines with line ``line`` (1-based) replaced by ``text``."""
    lines = [FINE] * 16
    lines[line - 1] = text
    return "\n".join(lines)


# --- who may use it ----------------------------------------------------------------------------


def test_a_player_who_is_not_staff_is_refused_the_host_page(client, ana):
    client.force_login(ana)
    response = client.get(NEW)
    assert response.status_code == 403
    assert "Only hosts" in page_text(response)
    response = client.post(NEW, host_form(action="create"))
    assert response.status_code == 403
    assert not Match.objects.exists()


def test_someone_signed_out_is_sent_to_log_in(client):
    response = client.get(NEW)
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert client.post(NEW, host_form(action="create")).status_code == 302
    assert not Match.objects.exists()


def test_the_host_page_is_linked_from_the_host_index(client, host):
    client.force_login(host)
    assert NEW in client.get(reverse("host-index")).content.decode()
    page = page_text(client.get(NEW))
    assert "New Trail Trouble lobby" in page and 'name="forks"' in page
    assert 'name="order' not in page and "Starting order, front to back" in page  # set once seats are taken


# --- preview -----------------------------------------------------------------------------------


def test_preview_reads_the_forks_back_as_canonical_text_and_words(client, host):
    client.force_login(host)
    response = client.post(NEW, host_form())
    assert response.status_code == 200
    page = page_text(response)
    for number, line in enumerate(ROUND_1_CANONICAL, start=1):
        assert f"Round 1, fork {number}: {line} \u2014 " in page
    assert "Right (costs 1 coin): pay 1 coin to gain 3 positions" in page
    assert "Left (free): if at most 2 players take this path: gain 2 positions" in page
    assert "if at least 2 players ahead of you take this path: gain 2 positions" in page
    assert "Round 4, fork 4: " in page
    assert "Everything reads well" in page
    assert not Match.objects.exists()  # a preview saves nothing


def test_preview_keeps_what_the_host_typed_in_the_box(client, host):
    client.force_login(host)
    page = page_text(client.post(NEW, host_form()))
    assert typed_forks() + "</textarea>" in page.replace("\r", "")


def test_preview_shows_an_error_with_its_line_and_column_beside_the_forks(client, host):
    client.force_login(host)
    typo = "If <2 :people:, +2 :positions: / +1 :coin:"
    response = client.post(NEW, host_form(forks=forks_with(7, typo)))
    assert response.status_code == 400
    page = page_text(response)
    assert 'id="e-forks"' in page
    assert "Line 7, column 20: expected ':coin:' or ':position:' after '+2'" in page
    assert typo + "\n" + " " * 19 + "^" in page
    assert response.context["form"].errors["forks"][0].startswith("round 2, line 3, column 20")


@pytest.mark.parametrize(
    ("forks", "says"),
    [
        (forks_with(2, "+1 :coin: +1 :coin:"), "Line 2, column 11: expected ',' and another item, or '/' and the Right path"),
        ("\n".join([FINE] * 15), "Line 16, column 1: expected exactly 16 forks, 4 a round, not 15"),
        (forks_with(3, "If =2 :people:, +1 :coin: / +1 :coin:"), "Line 3, column 4: expected '<' or '>' after 'If'"),
        ("\n".join([FINE] * 17), "Line 17, column 1: expected exactly 16 forks, 4 a round; this is fork 17"),
    ],
)
def test_preview_names_the_line_the_column_and_what_was_expected(client, host, forks, says):
    client.force_login(host)
    response = client.post(NEW, host_form(forks=forks))
    assert response.status_code == 400
    assert says in page_text(response)
    assert response.context["form"].errors["forks"]


def test_a_fork_without_a_free_path_is_refused(client, host):
    client.force_login(host)
    response = client.post(NEW, host_form(forks=forks_with(13, "-1 :coin: / -2 :coin:, +1 :position:"), action="create"))
    assert response.status_code == 400
    page = page_text(response)
    assert "Line 13, column 1: expected a path that costs no coins (every fork needs one free path)" in page
    assert 'id="e-forks"' in page
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("bots", "says"),
    [
        ("bo\nbo", "There would be two seats called bo."),
        ("\n".join(f"b{i}" for i in range(11)), "10 seats are free, not 11"),
        ("x" * 41, "A seat name has at most 24 characters"),
    ],
)
def test_a_bot_list_that_cannot_work_is_refused_beside_its_box(client, host, bots, says):
    client.force_login(host)
    response = client.post(NEW, host_form(bots=bots, action="create"))
    assert response.status_code == 400
    assert says in page_text(response)
    assert response.context["form"].errors["bots"]
    assert not Match.objects.exists()


# --- create ------------------------------------------------------------------------------------


def test_create_makes_an_open_lobby_with_the_typed_forks(client, host):
    client.force_login(host)
    season = Season.objects.create(name="S1", slug="s1")
    response = client.post(NEW, host_form(action="create", season=season.pk, phase_hours="1", phase_minutes="30"))
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("match", args=[match.pk])
    assert match.game == "trail-trouble" and match.status == Match.Status.LOBBY
    assert match.title == "Episode 2: Trail Trouble" and match.season == season and match.seed == 7
    assert match.phase_seconds == 90 * 60 and match.seats_wanted == 10
    assert match.config == {"forks": typed_forks()}
    assert not match.seats.exists()
    page = page_text(client.get(response["Location"]))
    assert "open lobby: 10 seats are free" in page


def test_create_without_forks_draws_them_from_the_seed(client, host):
    client.force_login(host)
    client.post(NEW, host_form(action="create", seed="", forks="", bots="\n".join([*BOTS, "kit"])))
    match = Match.objects.get()
    assert match.config == {} and match.seed > 0
    lifecycle.start_match(match.pk)
    assert len(Match.objects.get().state["forks"]) == 4


def test_ten_bots_make_a_full_lobby_the_host_can_start_at_once_with_the_forks_in_canonical_text(client, host):
    client.force_login(host)
    names = [*BOTS, "kit"]
    response = client.post(NEW, host_form(action="create", bots="\n".join(names)), follow=True)
    assert "start it below" in page_text(response)
    match = Match.objects.get()
    client.post(reverse("match-control", args=[match.pk]), {"action": "start"})
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING and match.state["order"] == names
    assert match.state["forks"][0] == ROUND_1_CANONICAL


# --- starting: the order must match the seats ----------------------------------------------------


def test_starting_with_an_order_that_names_someone_without_a_seat_says_who_on_the_match_page(client, host, ana):
    match = lifecycle.create_match(game="trail-trouble", seed=4, config={"order": ["zed", *BOTS]})
    for name in BOTS:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.join_lobby(match.pk, ana)
    client.force_login(host)
    response = client.post(reverse("match-control", args=[match.pk]), {"action": "start"}, follow=True)
    page = page_text(response)
    assert "The match cannot start: order: zed is not a player of this match" in page
    assert "(seats: bo, cy, di, ed, flo, gia, hu, ike, jun, ana)" in page
    assert Match.objects.get().status == Match.Status.LOBBY
    response = client.post(
        reverse("admin:games_match_changelist"), {"action": "start", "_selected_action": [match.pk]}, follow=True
    )
    assert "zed is not a player of this match" in page_text(response)


# --- changing a lobby's settings -----------------------------------------------------------------------


def test_the_host_picks_the_starting_order_among_the_seats_and_then_it_starts(client, host, ana):
    client.force_login(host)
    client.post(NEW, host_form(action="create", bots="\n".join(BOTS)))
    match = Match.objects.get()
    lifecycle.join_lobby(match.pk, ana)
    setup = setup_of(match)
    assert setup in page_text(client.get(reverse("match", args=[match.pk])))
    page = page_text(client.get(setup))
    assert 'name="order_9"' in page and '<option value="ana">ana</option>' in page
    assert f"Round 1, fork 3: {ROUND_1_CANONICAL[2]}" in page
    order = [*BOTS, "ana"]
    response = client.post(setup, {"forks": typed_forks(), **order_form(order[:9]), "action": "save"})
    assert response.status_code == 400 and "each of the 10 places" in page_text(response)
    response = client.post(setup, {"forks": typed_forks(), **order_form(order), "action": "save"})
    assert response.status_code == 302
    lifecycle.start_match(match.pk)
    assert Match.objects.get().state["order"][-1] == "ana"


def test_bots_can_be_added_to_a_lobby_from_its_settings_page(client, host):
    client.force_login(host)
    client.post(NEW, host_form(action="create", bots="bo\ncy"))
    match = Match.objects.get()
    setup = setup_of(match)
    assert "two seats called cy" in page_text(client.post(setup, {"forks": typed_forks(), "bots": "cy",
                                                                  "action": "save"}))
    client.post(setup, {"forks": typed_forks(), "bots": "di\ned", "action": "save"})
    assert list(match.seats.values_list("name", flat=True)) == ["bo", "cy", "di", "ed"]


def test_the_settings_of_a_started_match_cannot_change(client, host):
    client.force_login(host)
    client.post(NEW, host_form(action="create", bots="\n".join([*BOTS, "kit"])))
    match = Match.objects.get()
    lifecycle.start_match(match.pk)
    response = client.post(setup_of(match), {"forks": typed_forks(OTHER_ROUND, OTHER_ROUND, OTHER_ROUND, OTHER_ROUND),
                                             "action": "save"}, follow=True)
    assert "can no longer change" in page_text(response)
    assert Match.objects.get().config["forks"].startswith(ROUND_1)


def test_the_settings_page_is_only_for_hosts_who_do_not_play_in_it(client, host, ana):
    tt = lifecycle.create_match(game="trail-trouble", seed=3)
    client.force_login(ana)
    assert client.get(setup_of(tt)).status_code == 403
    client.force_login(host)
    assert client.get(setup_of(tt)).status_code == 200
