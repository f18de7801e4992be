"""The challenge pages: who may see and do what (redirects for visitors, 403 for strangers), the form in plain
units with its errors beside the fields, and the nav's count."""

from __future__ import annotations

import pytest

from genius.challenges import services
from genius.challenges.models import Challenge
from genius.matches.models import Match
from tests.challenges.conftest import DM_GAME, ITEMS_GAME

pytestmark = pytest.mark.django_db

NEW = "/challenges/new/"


def form_data(to: str = "ben", game: str = DM_GAME, order: str = "random", **settings: str) -> dict[str, str]:
    data = {"to": to, "game": game, "order": order}
    data.update({f"{game}-{key}": value for key, value in settings.items()})
    return data


def pending(challenger, to: str = "ben", game: str = DM_GAME) -> Challenge:
    return services.create_challenge(challenger, to, game=game)


# --- visitors and strangers ----------------------------------------------------------------------


@pytest.mark.parametrize("url", ["/challenges/", NEW, f"{NEW}?to=ben"])
def test_a_visitor_is_sent_to_log_in_for_the_challenge_pages(client, url):
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("action", ["accept", "decline", "cancel"])
def test_a_visitor_cannot_answer_a_challenge(client, ana, ben, action):
    made = pending(ana)
    response = client.post(f"/challenges/{made.pk}/{action}/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    made.refresh_from_db()
    assert made.is_pending


@pytest.mark.parametrize("action", ["accept", "decline", "cancel"])
def test_a_stranger_answering_someone_elses_challenge_gets_403_and_nothing_changes(client, ana, ben, cat, action):
    made = pending(ana)
    client.force_login(cat)
    response = client.post(f"/challenges/{made.pk}/{action}/")
    assert response.status_code == 403
    assert "This challenge is not yours." in response.content.decode()
    made.refresh_from_db()
    assert made.is_pending and not Match.objects.exists()


def test_the_challenger_cannot_accept_their_own_challenge(client, ana, ben):
    made = pending(ana)
    client.force_login(ana)
    response = client.post(f"/challenges/{made.pk}/accept/")
    assert response.status_code == 403 and "only the player you challenged" in response.content.decode()


def test_answers_are_posted_never_got(client, ana, ben):
    made = pending(ana)
    client.force_login(ben)
    assert client.get(f"/challenges/{made.pk}/accept/").status_code == 405
    made.refresh_from_db()
    assert made.is_pending


def test_answering_a_missing_challenge_says_so_on_the_list(client, ben):
    client.force_login(ben)
    response = client.post("/challenges/4242/accept/", follow=True)
    assert response.status_code == 200 and "There is no such challenge." in response.content.decode()


# --- the lists ---------------------------------------------------------------------------------------


def test_the_challenged_player_sees_accept_and_decline_and_the_challenger_sees_cancel(client, ana, ben):
    made = pending(ana)
    client.force_login(ben)
    page = client.get("/challenges/").content.decode()
    assert "challenges you to <strong>Black and White</strong>" in page
    assert f'action="/challenges/{made.pk}/accept/"' in page and f'action="/challenges/{made.pk}/decline/"' in page
    assert f'action="/challenges/{made.pk}/cancel/"' not in page
    client.force_login(ana)
    page = client.get("/challenges/").content.decode()
    assert f'action="/challenges/{made.pk}/cancel/"' in page and f'action="/challenges/{made.pk}/accept/"' not in page


def test_accepting_redirects_both_players_to_the_running_match(client, ana, ben):
    made = pending(ana)
    client.force_login(ben)
    response = client.post(f"/challenges/{made.pk}/accept/")
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert match.status == Match.Status.RUNNING
    for user in (ana, ben):
        client.force_login(user)
        assert client.get(f"/matches/{match.pk}/").status_code == 200
    client.force_login(ana)
    assert f'href="/matches/{match.pk}/"' in client.get("/challenges/").content.decode()


def test_declining_and_cancelling_say_what_happened(client, ana, ben, cat):
    one, two = pending(ana), pending(ana, "cat")
    client.force_login(ben)
    page = client.post(f"/challenges/{one.pk}/decline/", follow=True).content.decode()
    assert "You declined ana&#x27;s challenge." in page
    client.force_login(ana)
    page = client.post(f"/challenges/{two.pk}/cancel/", follow=True).content.decode()
    assert "Your challenge to cat is cancelled." in page
    assert "declined" in page and "cancelled" in page


def test_answering_twice_is_a_clear_message_not_an_error(client, ana, ben):
    made = pending(ana)
    client.force_login(ben)
    client.post(f"/challenges/{made.pk}/decline/")
    response = client.post(f"/challenges/{made.pk}/accept/", follow=True)
    assert response.status_code == 200 and "This challenge was declined" in response.content.decode()


def test_the_nav_counts_the_challenges_waiting_for_my_answer(client, ana, ben):
    client.force_login(ben)
    assert ">Challenges</a>" in client.get("/").content.decode()
    pending(ana)
    assert ">Challenges (1)</a>" in client.get("/").content.decode()


def test_the_page_alerts_carry_the_challenge(client, ana, ben):
    pending(ana)
    client.force_login(ben)
    due = client.get("/me/due/").json()["due"]
    assert [(d["title"], d["what"]) for d in due] == [("New challenge", "ana challenges you to Black and White")]


# --- the form -----------------------------------------------------------------------------------------


def test_the_form_takes_the_player_from_the_address_and_shows_each_games_settings(client, ana, ben):
    client.force_login(ana)
    page = client.get(f"{NEW}?to=ben").content.decode()
    assert 'name="to" value="ben"' in page
    for game in (DM_GAME, ITEMS_GAME):
        assert f'data-game-settings="{game}"' in page and f'name="{game}-turn_s"' in page
    assert "Turn length (seconds)" in page and "JSON" not in page


def test_a_challenge_is_sent_with_its_settings_in_plain_units(client, ana, ben):
    client.force_login(ana)
    response = client.post(NEW, form_data(order="challenger", turn_s="90", reserve_s="120", first="opponent"))
    assert response.status_code == 302 and response["Location"] == "/challenges/"
    made = Challenge.objects.get()
    assert (made.challenged, made.game, made.order) == (ben, DM_GAME, "challenger")
    assert made.settings == {"turn_s": 90, "reserve_s": 120, "first": "opponent"}


def test_items_are_given_by_role_on_the_form(client, ana, ben):
    client.force_login(ana)
    data = form_data(game=ITEMS_GAME, items_0="you", items_3="opponent")
    assert client.post(NEW, data).status_code == 302
    assert Challenge.objects.get().settings == {"items": {"plus_1_5": "you", "mulligan": "opponent"}}


def test_a_setting_out_of_range_is_shown_beside_its_field_and_nothing_is_sent(client, ana, ben):
    client.force_login(ana)
    response = client.post(NEW, form_data(turn_s="2"))
    assert response.status_code == 400
    page = response.content.decode()
    assert "The challenge was not sent" in page and "greater than or equal to 5" in page
    assert 'name="to" value="ben"' in page and not Challenge.objects.exists()


def test_only_the_chosen_games_settings_are_read(client, ana, ben):
    client.force_login(ana)
    data = form_data()
    data[f"{ITEMS_GAME}-turn_s"] = "not a number"
    assert client.post(NEW, data).status_code == 302


def test_a_game_that_is_not_offered_is_refused_on_the_form(client, ana, ben):
    client.force_login(ana)
    response = client.post(NEW, form_data(game="rituals-gone-bad"))
    assert response.status_code == 400 and "Select a valid choice" in response.content.decode()
    assert not Challenge.objects.exists()


def test_challenging_yourself_is_refused_on_the_form(client, ana):
    client.force_login(ana)
    response = client.post(NEW, form_data(to="ana"))
    assert response.status_code == 400 and "You cannot challenge yourself" in response.content.decode()


def test_a_guest_is_asked_to_sign_up_and_cannot_send(client, guest, ana):
    client.force_login(guest)
    page = client.get(NEW).content.decode()
    assert "sign up</a> to challenge players" in page
    response = client.post(NEW, form_data(to="ana"))
    assert response.status_code == 400 and "sign up to challenge players" in response.content.decode()
    assert ">Challenges" not in client.get("/").content.decode()


# --- the player's page -----------------------------------------------------------------------------


def test_a_players_page_has_a_challenge_button(client, ana, ben):
    client.force_login(ana)
    page = client.get("/players/ben/").content.decode()
    assert 'href="/challenges/new/?to=ben"' in page and "Challenge ben" in page


def test_my_own_page_has_no_challenge_button(client, ana):
    client.force_login(ana)
    assert "Challenge ana" not in client.get("/players/ana/").content.decode()


def test_a_visitor_is_asked_to_log_in_to_challenge(client, ben):
    page = client.get("/players/ben/").content.decode()
    assert "Log in</a> to challenge ben" in page and "/challenges/new/" not in page


def test_a_guests_page_has_no_challenge_button(client, ana, guest):
    client.force_login(ana)
    page = client.get(f"/players/{guest.username}/").content.decode()
    assert "guests cannot be challenged" in page and "/challenges/new/" not in page


@pytest.mark.parametrize("name", ["nobody", "²", "@everyone", "ben%2F..", "b%C3%A9n"])
def test_an_unknown_players_page_is_not_found(client, ben, name):
    assert client.get(f"/players/{name}/").status_code == 404


# --- the state the challenger's page polls -----------------------------------------------------------


def test_the_challenger_learns_the_match_address_once_accepted(client, ana, ben):
    made = pending(ana)
    client.force_login(ana)
    assert client.get(f"/challenges/{made.pk}/state/").json() == {"status": "pending", "match_url": None}
    match = services.accept(made.pk, ben)
    assert client.get(f"/challenges/{made.pk}/state/").json() == {"status": "accepted",
                                                                  "match_url": f"/matches/{match.pk}/"}


def test_a_challenges_state_is_only_for_its_two_players(client, ana, ben, cat):
    made = pending(ana)
    assert client.get(f"/challenges/{made.pk}/state/").status_code == 403
    client.force_login(cat)
    assert client.get(f"/challenges/{made.pk}/state/").status_code == 403
    assert client.get("/challenges/999/state/").status_code == 403


def test_an_unknown_player_and_a_bad_setting_are_both_marked_at_once(client, ana):
    client.force_login(ana)
    page = client.post(NEW, form_data(to="nobody", turn_s="2")).content.decode()
    assert "There is no player called “nobody”" in page and "greater than or equal to 5" in page
