"""A community's page is its hosts' hub: New season, Open a lobby, Design a game, New Death Match, Invitations and
Members, each landing on its page with the community chosen; members and visitors see none of them; the member
count counts everyone on the page."""

from __future__ import annotations

import re

import pytest

from genius.communities import services
from genius.communities.models import Role
from genius.seasons.models import Season

pytestmark = pytest.mark.django_db
HOUSE = False  # these tests name their own communities (tests/conftest.py)

HUB = {
    "New season": "/host/seasons/new/?community=simply-genius",
    "Open a lobby": "/host/?community=simply-genius",
    "Design a game": "/designs/new/",
    "New Death Match": "/dm/new/?community=simply-genius",
    "Invitations": "/c/simply-genius/invitations/",
}


def links(html: str) -> dict[str, str]:
    """Every link of the page's main part: its words, its address."""
    main = html.split("<main", 1)[1]
    return {re.sub(r"<[^>]+>", "", text).strip(): href.replace("&amp;", "&")
            for href, text in re.findall(r'<a href="([^"]+)"[^>]*>(.*?)</a>', main)}


@pytest.fixture
def club_of_three(club_with_ben, ana, ben, cat):
    services.join_by_invitation(cat, services.make_invitation(ana, club_with_ben, days=7, uses=1).token)
    services.set_role(ana, club_with_ben, cat.pk, Role.HOST)
    return club_with_ben


def test_a_hosts_community_page_offers_new_season_lobby_design_and_death_match(client, club_of_three, ana, cat):
    for who, members_words in ((ana, "Members and roles"), (cat, "Members and requests")):
        client.force_login(who)
        found = links(client.get("/c/simply-genius/").content.decode())
        for words, href in HUB.items():
            assert found.get(words) == href, (who, words, found)
        assert found.get(members_words) == "/c/simply-genius/members/"
        assert ("Settings" in found) == (who == ana)  # owners only


def test_each_hub_link_opens_its_page_for_the_host(client, club_of_three, cat):
    client.force_login(cat)
    for href in [*HUB.values(), "/c/simply-genius/members/"]:
        assert client.get(href).status_code == 200, href


@pytest.mark.parametrize("who", ["ben", "stranger", "nobody"])
def test_a_member_or_visitor_sees_none_of_the_host_links(client, club_of_three, ben, make_user, who):
    if who == "ben":
        client.force_login(ben)
    elif who == "stranger":
        client.force_login(make_user("dan"))
    html = client.get("/c/simply-genius/").content.decode()
    found = links(html)
    assert not set(HUB) & set(found) and "Members and roles" not in found and "Run Simply Genius" not in html


def test_the_member_count_counts_the_members(client, club_of_three, make_user, ana):
    for name in ("dan", "eve", "fay"):
        services.join_by_invitation(make_user(name), services.make_invitation(ana, club_of_three, days=1, uses=1).token)
    html = client.get("/c/simply-genius/").content.decode()
    hgroup = html.split("<hgroup>", 1)[1].split("</hgroup>", 1)[0]
    assert "6 members" in hgroup  # ana (owner), cat (host), ben, dan, eve, fay


def test_a_community_of_one_says_one_member(client, club):
    hgroup = client.get("/c/simply-genius/").content.decode().split("</hgroup>", 1)[0]
    assert "1 member<" in hgroup or "1 member " in hgroup


def _chosen(html: str) -> list[str]:
    """The community chosen in a host page's community field (the option marked selected)."""
    select = re.search(r'<select name="community".*?</select>', html, re.S)
    assert select, "no community field"
    return re.findall(r'<option value="(\d+)"[^>]*selected', select.group(0))


@pytest.mark.parametrize("page", ["/host/seasons/new/", "/host/rituals-gone-bad/new/", "/dm/new/"])
def test_a_host_page_opened_from_the_hub_has_the_community_chosen(client, club, ana, page):
    second = services.create_community(ana, name="Second Club")
    client.force_login(ana)
    assert _chosen(client.get(f"{page}?community=second-club").content.decode()) == [str(second.pk)]
    assert _chosen(client.get(f"{page}?community=simply-genius").content.decode()) == [str(club.pk)]


@pytest.mark.parametrize("value", ["not-mine", "²", "@everyone", "x" * 300, "%ED%A0%80", ""])
def test_a_community_the_host_does_not_run_is_never_chosen(client, club, ana, ben, value):
    services.create_community(ana, name="Second Club")
    services.create_community(ben, name="Not mine")
    client.force_login(ana)
    for page in ("/host/seasons/new/", "/host/rituals-gone-bad/new/", "/dm/new/"):
        response = client.get(f"{page}?community={value}")
        assert response.status_code == 200 and _chosen(response.content.decode()) == [], page
    assert client.get(f"/host/?community={value}").status_code == 200


def test_the_lobby_list_carries_the_community_to_each_games_new_lobby(client, club, ana):
    client.force_login(ana)
    html = client.get("/host/?community=simply-genius").content.decode()
    assert 'href="/host/rituals-gone-bad/new/?community=simply-genius"' in html
    assert 'href="/host/seasons/new/?community=simply-genius"' in html
    plain = client.get("/host/").content.decode()
    assert 'href="/host/rituals-gone-bad/new/"' in plain


def test_a_season_made_from_the_hub_belongs_to_the_chosen_community(client, club, ana, django_user_model):
    second = services.create_community(ana, name="Second Club")
    second.memberships.create(user=django_user_model.objects.create_user(username="bob", password="pw-bob-123"))
    client.force_login(ana)
    html = client.get("/host/seasons/new/?community=second-club").content.decode()
    chosen = _chosen(html)[0]
    response = client.post("/host/seasons/new/?community=second-club",
                           {"name": "Autumn", "slug": "", "players": "ana bob", "community": chosen,
                                                                   "host_plays": "on"})
    assert response.status_code == 302
    assert Season.objects.get(name="Autumn").community_id == second.pk


def test_the_custom_games_card_says_its_phases_close_by_rules_by_confirming_or_by_hand(client):
    card = client.get("/").content.decode().split('data-game="custom-game"', 1)[1].split("</article>", 1)[0]
    assert "closed by its rules, by the host confirming them, or by hand" in card
    assert "adjudicates at each phase" not in card
