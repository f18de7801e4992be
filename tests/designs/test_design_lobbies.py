"""Lobbies from a design (its own page and the generic host form) and a match's own rules page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from genius.designs import services
from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.seasons.models import Season

from .conftest import errors_of, text_of

pytestmark = pytest.mark.django_db


def lobby_post(**changes) -> dict:
    data = {"title": "", "seats_wanted": "8", "season": "", "phase_hours": "12", "phase_minutes": "30", "bots": ""}
    return {**data, **changes}


@pytest.fixture
def game() -> str:
    """The slug of the game that plays designs, found by its spec (as the site finds it)."""
    found = services.design_game()
    assert found is not None, "no installed game declares a design setting"
    return found[0]


def with_rules(design, rules: str):
    services.edit(design.pk, design.owner, lambda doc: {**doc, "rules": rules})
    design.refresh_from_db()
    return design


def test_the_game_that_plays_designs_is_found_by_its_spec(game):
    from games.engines.registry import get_engine

    assert any(f.kind == "design" for f in get_engine(game).spec.config)


def test_a_lobby_opens_from_a_design_with_its_document_in_the_config(host_client, design, game):
    season = Season.objects.create(name="S1", slug="s1")
    response = host_client.post(reverse("design-lobby", args=[design.pk]),
                                lobby_post(season=str(season.pk), bots="bo\ncy"))
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("match", args=[match.pk])
    assert (match.game, match.title, match.seats_wanted, match.season) == (game, "Auction of Secrets", 8, season)
    assert match.config == {"design": design.document} and match.phase_seconds == 12 * 3600 + 30 * 60
    assert sorted(match.seats.values_list("name", flat=True)) == ["bo", "cy"]
    assert match.status == Match.Status.LOBBY


def test_a_lobby_keeps_its_own_copy_of_the_design(host_client, design):
    host_client.post(reverse("design-lobby", args=[design.pk]), lobby_post(title="Week 3"))
    services.edit(design.pk, design.owner, lambda doc: {**doc, "title": "Changed later"})
    assert Match.objects.get().config["design"]["title"] == "Auction of Secrets"


def test_the_seat_count_is_offered_within_the_designs_player_count(host_client, design):
    services.edit(design.pk, design.owner, lambda doc: {**doc, "min_players": 7})
    page = host_client.get(reverse("design-lobby", args=[design.pk])).content.decode()
    assert '<option value="7"' in page and '<option value="10"' in page and '<option value="6"' not in page
    response = host_client.post(reverse("design-lobby", args=[design.pk]), lobby_post(seats_wanted="3"))
    assert response.status_code == 400 and any("Select a valid choice" in e for e in errors_of(response))
    assert not Match.objects.exists()


@pytest.mark.parametrize("changes, message", [
    ({"phase_hours": "0", "phase_minutes": "0"}, "A phase lasts from 1 minute to 7 days."),
    ({"phase_hours": "٣"}, "Enter a whole number."),
    ({"bots": "a\na"}, "There would be two seats called a."),
])
def test_a_bad_lobby_is_refused_and_nothing_made(host_client, design, changes, message):
    response = host_client.post(reverse("design-lobby", args=[design.pk]), lobby_post(**changes))
    assert response.status_code == 400 and message in errors_of(response), errors_of(response)
    assert not Match.objects.exists()


def test_any_host_opens_a_lobby_of_a_template(client, make_user, host, design):
    services.set_template(design.pk, host, True)
    other = make_user("other", staff=True)
    client.force_login(other)
    response = client.post(reverse("design-lobby", args=[design.pk]), lobby_post())
    assert response.status_code == 302 and Match.objects.get().config["design"] == design.document


# --- the generic host form: a design setting ----------------------------------------------------------------


def test_the_host_form_offers_my_designs_and_the_templates_as_the_design_setting(client, host, make_user, design, game):
    other = make_user("other", staff=True)
    shared = services.create(other, "Shared one")
    services.set_template(shared.pk, other, True)
    services.create(other, "Private one")
    client.force_login(host)
    page = text_of(client.get(reverse("host-new-lobby", args=[game])))
    assert "Auction of Secrets" in page and "Shared one (template by other)" in page and "Private one" not in page
    data = {"title": "", "seats_wanted": "7", "season": "", "phase_hours": "24", "phase_minutes": "0", "seed": "5",
            "bots": "", "design": str(shared.pk), "action": "create"}
    response = client.post(reverse("host-new-lobby", args=[game]), data)
    match = Match.objects.get()
    assert response.status_code == 302 and match.config == {"design": shared.document}


def test_the_host_form_refuses_a_missing_design_or_one_the_host_may_not_use(client, host, make_user, game):
    private = services.create(make_user("other", staff=True), "Private one")
    client.force_login(host)
    base = {"title": "", "seats_wanted": "7", "season": "", "phase_hours": "24", "phase_minutes": "0", "seed": "5",
            "bots": "", "action": "create"}
    for design in ("", str(private.pk), "current", "²"):
        response = client.post(reverse("host-new-lobby", args=[game]), {**base, "design": design})
        assert response.status_code == 400
    assert not Match.objects.exists()


def test_a_lobbys_settings_keep_its_design_unless_another_is_chosen(client, host, design, game):
    match = services.open_lobby(design, title="", seats_wanted=7, season=None, phase_seconds=3600)
    services.edit(design.pk, host, lambda doc: {**doc, "title": "Newer"})
    client.force_login(host)
    page = text_of(client.get(reverse("host-lobby-setup", args=[match.pk])))
    assert "Keep this lobby's design: Auction of Secrets" in page
    response = client.post(reverse("host-lobby-setup", args=[match.pk]),
                           {"design": "current", "bots": "", "action": "save"})
    match.refresh_from_db()
    assert response.status_code == 302 and match.config["design"]["title"] == "Auction of Secrets"
    client.post(reverse("host-lobby-setup", args=[match.pk]), {"design": str(design.pk), "bots": "", "action": "save"})
    match.refresh_from_db()
    assert match.config["design"]["title"] == "Newer"


# --- a match's own rules --------------------------------------------------------------------------------------


def test_a_lobby_of_a_design_links_to_its_own_rules_rendered_safely(client, design):
    with_rules(design, "## Bidding\n\nBid **once**. <img src=x onerror=alert(1)> [a](javascript:alert(1))")
    match = services.open_lobby(design, title="", seats_wanted=7, season=None, phase_seconds=3600)
    rules_url = reverse("match-rules", args=[match.pk])
    assert f'href="{rules_url}"' in client.get(reverse("match", args=[match.pk])).content.decode()
    page = client.get(rules_url).content.decode()
    assert "<strong>once</strong>" in page and "Bidding" in page
    assert "<img" not in page and "&lt;img" in page and "javascript:" not in page


def test_a_started_match_of_a_design_shows_the_rules_from_its_state(client, design):
    with_rules(design, "Only **these** rules.")
    match = services.open_lobby(design, title="", seats_wanted=7, season=None, phase_seconds=3600,
                                bots=[f"bot{n}" for n in range(7)])
    lifecycle.start_match(match.pk)
    page = client.get(reverse("match-rules", args=[match.pk])).content.decode()
    assert "<strong>these</strong>" in page


def test_a_coded_games_match_keeps_the_games_rules_page(client, rgb_match):
    assert f'href="{reverse("rules", args=["rituals-gone-bad"])}"' in client.get(
        reverse("match", args=[rgb_match.pk])).content.decode()
    response = client.get(reverse("match-rules", args=[rgb_match.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("rules", args=["rituals-gone-bad"])
    assert client.get(reverse("match-rules", args=[999999])).status_code == 404

