"""The host's "New Trail Trouble match" page: typed forks, preview, errors with line and column, create."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from genius.matches.models import Match, Season
from genius.matches.services import lifecycle

from .helpers import BOTS, OTHER_ROUND, ROUND_1, ROUND_1_CANONICAL, host_form

pytestmark = pytest.mark.django_db

NEW = reverse("host-new-trail-trouble")


def page_text(response) -> str:
    return html.unescape(response.content.decode())


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


def test_the_host_page_is_linked_from_home_and_the_admins_match_list_for_staff_only(client, host, ana):
    client.force_login(ana)
    assert NEW not in client.get(reverse("home")).content.decode()
    client.force_login(host)
    assert NEW in client.get(reverse("home")).content.decode()
    assert NEW in client.get(reverse("admin:games_match_changelist")).content.decode()
    page = page_text(client.get(NEW))
    assert "New Trail Trouble match" in page and 'name="round_4"' in page


# --- preview -----------------------------------------------------------------------------------


def test_preview_reads_the_forks_back_as_canonical_text_and_words(client, host):
    client.force_login(host)
    response = client.post(NEW, host_form())
    assert response.status_code == 200
    page = page_text(response)
    for line in ROUND_1_CANONICAL:
        assert f"<code>{line}</code>" in page
    assert "Right</strong> (costs 1 coin): pay 1 coin to gain 3 positions" in page
    assert "Left</strong> (free): if at most 2 players take this path: gain 2 positions" in page
    assert "if at least 2 players ahead of you take this path: gain 2 positions" in page
    assert "Everything reads well" in page
    assert not Match.objects.exists()  # a preview saves nothing


def test_preview_keeps_what_the_host_typed_in_the_boxes(client, host):
    client.force_login(host)
    page = page_text(client.post(NEW, host_form()))
    assert ROUND_1 + "</textarea>" in page.replace("\r", "")


def test_preview_shows_an_error_with_its_line_and_column_beside_the_round(client, host):
    client.force_login(host)
    typo = "+1 :coin: / +1 :coin:\nIf <2 :people:, +2 :positions: / +1 :coin:\n+1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:"
    response = client.post(NEW, host_form(round_2=typo))
    assert response.status_code == 400
    page = page_text(response)
    assert 'id="e-round_2"' in page and 'aria-describedby="e-round_2"' in page
    assert "<strong>Line 2, column 20</strong>: expected ':coin:' or ':position:' after '+2'" in page
    assert "If <2 :people:, +2 :positions: / +1 :coin:\n" + " " * 19 + "^</pre>" in page
    assert 'id="e-round_1"' not in page  # the good rounds are still read back
    assert f"<code>{ROUND_1_CANONICAL[0]}</code>" in page


@pytest.mark.parametrize(
    ("box", "says"),
    [
        ("+1 :coin: / +1 :coin:\n+1 :coin: +1 :coin:\n+1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:",
         "Line 2, column 11</strong>: expected ',' and another item, or '/' and the Right path"),
        ("+1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:",
         "Line 4, column 1</strong>: expected exactly 4 forks, not 3"),
        ("+1 :coin: / +1 :coin:\n\nIf =2 :people:, +1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:",
         "Line 3, column 4</strong>: expected '<' or '>' after 'If'"),
        ("+1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:",
         "Line 5, column 1</strong>: expected exactly 4 forks; this is a fifth"),
        ("", "Type the 4 forks of round 3, one fork a line."),
    ],
)
def test_preview_names_the_line_the_column_and_what_was_expected(client, host, box, says):
    client.force_login(host)
    response = client.post(NEW, host_form(round_3=box))
    assert response.status_code == 400
    assert says in page_text(response)


def test_a_fork_without_a_free_path_is_refused(client, host):
    client.force_login(host)
    box = "-1 :coin: / -2 :coin:, +1 :position:\n" + "\n".join(OTHER_ROUND.splitlines()[1:])
    response = client.post(NEW, host_form(round_4=box, action="create"))
    assert response.status_code == 400
    page = page_text(response)
    assert "Line 1, column 1</strong>: expected a path that costs no coins (every fork needs one free path)" in page
    assert 'id="e-round_4"' in page
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("order", "bots", "field", "says"),
    [
        ("ana\nben", "", "order", "Name all 10 seats, one a line, front to back (you named 2)"),
        ("\n".join(["ana", *BOTS[:8], "ana"]), "", "order", "ana is named more than once"),
        ("", "bo\nbo", "bots", "There would be two seats called bo."),
        ("", "\n".join(f"b{i}" for i in range(11)), "bots", "10 are free, not 11"),
        ("\n".join(["ana", *BOTS]), "bo\nzed", "bots", "zed would take a seat but is not in the starting order."),
        ("", "x" * 41, "bots", "A seat name is at most 40 characters"),
    ],
)
def test_a_starting_order_or_bot_list_that_cannot_work_is_refused_beside_its_box(client, host, order, bots, field,
                                                                                  says):
    client.force_login(host)
    response = client.post(NEW, host_form(order=order, bots=bots, action="create"))
    assert response.status_code == 400
    assert says in page_text(response)
    assert response.context["form"].errors[field]
    assert not Match.objects.exists()


def test_preview_shows_the_starting_order_front_to_back(client, host):
    client.force_login(host)
    order = ["ana", *BOTS]
    response = client.post(NEW, host_form(order="\n".join(order)))
    assert response.context["order_preview"] == order
    assert "The trail at the start:" in page_text(response)
    empty = client.post(NEW, host_form())
    assert "No order given: the trail starts in seat order." in page_text(empty)


# --- create ------------------------------------------------------------------------------------


def test_create_makes_an_open_lobby_with_the_forks_in_canonical_text_and_the_order(client, host):
    client.force_login(host)
    season = Season.objects.create(name="S1", slug="s1")
    order = ["ana", *BOTS]
    response = client.post(NEW, host_form(action="create", order="\n".join(order), season=season.pk,
                                          round_minutes="90"))
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("match", args=[match.pk])
    assert match.game == "trail-trouble" and match.status == Match.Status.LOBBY
    assert match.title == "Episode 2: Trail Trouble" and match.season == season and match.seed == 7
    assert match.phase_seconds == 90 * 60 and match.seats_wanted == 10
    assert match.config["forks"][0] == ROUND_1_CANONICAL
    assert len(match.config["forks"]) == 4 and all(len(r) == 4 for r in match.config["forks"])
    assert match.config["order"] == order
    assert not match.seats.exists()
    page = page_text(client.get(response["Location"]))
    assert "open lobby: 10 seats are free" in page


def test_create_without_an_order_leaves_the_seat_order(client, host):
    client.force_login(host)
    client.post(NEW, host_form(action="create", seed=""))
    match = Match.objects.get()
    assert "order" not in match.config and match.seed > 0


def test_create_with_bot_names_seats_the_bots_for_a_quick_test(client, host, ana):
    client.force_login(host)
    client.post(NEW, host_form(action="create", bots="\n".join(BOTS), order="\n".join([*BOTS[:4], "ana", *BOTS[4:]])))
    match = Match.objects.get()
    assert list(match.seats.values_list("name", "is_bot")) == [(name, True) for name in BOTS]
    lifecycle.join_lobby(match.pk, ana)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    assert match.state["order"][4] == "ana"
    assert match.current_phase.name == "round 1"


def test_ten_bots_make_a_full_lobby_the_host_can_start_at_once(client, host):
    client.force_login(host)
    names = [*BOTS, "kit"]
    response = client.post(NEW, host_form(action="create", bots="\n".join(names)), follow=True)
    assert "start it below" in page_text(response)
    match = Match.objects.get()
    client.post(reverse("match-control", args=[match.pk]), {"action": "start"})
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING and match.state["order"] == names


# --- starting: the order must match the seats ----------------------------------------------------


def test_starting_with_an_order_that_names_someone_without_a_seat_says_who_on_the_match_page(client, host, ana):
    client.force_login(host)
    client.post(NEW, host_form(action="create", bots="\n".join(BOTS), order="\n".join(["zed", *BOTS])))
    match = Match.objects.get()
    lifecycle.join_lobby(match.pk, ana)
    response = client.post(reverse("match-control", args=[match.pk]), {"action": "start"}, follow=True)
    page = page_text(response)
    assert "The match cannot start: order: zed is not a player of this match" in page
    assert "(seats: bo, cy, di, ed, flo, gia, hu, ike, jun, ana)" in page
    assert Match.objects.get().status == Match.Status.LOBBY


def test_starting_from_the_admin_with_a_wrong_order_says_who(client, host, ana):
    client.force_login(host)
    client.post(NEW, host_form(action="create", bots="\n".join(BOTS), order="\n".join(["zed", *BOTS])))
    match = Match.objects.get()
    lifecycle.join_lobby(match.pk, ana)
    response = client.post(
        reverse("admin:games_match_changelist"), {"action": "start", "_selected_action": [match.pk]}, follow=True
    )
    assert "zed is not a player of this match" in page_text(response)


# --- changing a lobby's setup -----------------------------------------------------------------------


def test_the_host_fixes_the_order_of_a_lobby_and_then_it_starts(client, host, ana):
    client.force_login(host)
    client.post(NEW, host_form(action="create", bots="\n".join(BOTS), order="\n".join(["zed", *BOTS])))
    match = Match.objects.get()
    lifecycle.join_lobby(match.pk, ana)
    setup = reverse("host-trail-trouble-setup", args=[match.pk])
    assert setup in page_text(client.get(reverse("match", args=[match.pk])))
    page = page_text(client.get(setup))
    assert "zed" in page and "(no seat yet)" in page and f"<code>{ROUND_1_CANONICAL[2]}</code>" in page
    data = {k: v for k, v in host_form(action="save").items() if k.startswith("round_")}
    response = client.post(setup, {**data, "order": "\n".join([*BOTS, "zed"]), "bots": "", "action": "save"})
    assert response.status_code == 400 and "ana has a seat in this lobby but is not in the starting order" in (
        page_text(response))
    response = client.post(setup, {**data, "order": "\n".join([*BOTS, "ana"]), "bots": "", "action": "save"})
    assert response.status_code == 302
    lifecycle.start_match(match.pk)
    assert Match.objects.get().state["order"][-1] == "ana"


def test_bots_can_be_added_to_a_lobby_from_its_setup_page(client, host):
    client.force_login(host)
    client.post(NEW, host_form(action="create", bots="bo\ncy"))
    match = Match.objects.get()
    setup = reverse("host-trail-trouble-setup", args=[match.pk])
    data = {k: v for k, v in host_form().items() if k.startswith("round_")}
    assert "two seats called cy" in page_text(client.post(setup, {**data, "bots": "cy", "action": "save"}))
    client.post(setup, {**data, "bots": "di\ned", "action": "save"})
    assert list(match.seats.values_list("name", flat=True)) == ["bo", "cy", "di", "ed"]


def test_the_setup_of_a_started_match_cannot_change(client, host):
    client.force_login(host)
    client.post(NEW, host_form(action="create", bots="\n".join([*BOTS, "kit"])))
    match = Match.objects.get()
    lifecycle.start_match(match.pk)
    setup = reverse("host-trail-trouble-setup", args=[match.pk])
    response = client.post(setup, {**host_form(action="save"), "round_1": OTHER_ROUND}, follow=True)
    assert "can no longer change" in page_text(response)
    assert Match.objects.get().config["forks"][0] == ROUND_1_CANONICAL


def test_the_setup_page_is_only_for_trail_trouble_matches_and_hosts(client, host, ana):
    other = lifecycle.create_match(game="rituals-gone-bad", seed=3)
    client.force_login(host)
    assert client.get(reverse("host-trail-trouble-setup", args=[other.pk])).status_code == 404
    tt = lifecycle.create_match(game="trail-trouble", seed=3)
    client.force_login(ana)
    assert client.get(reverse("host-trail-trouble-setup", args=[tt.pk])).status_code == 403
