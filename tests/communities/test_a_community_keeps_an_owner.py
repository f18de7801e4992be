"""Owners manage roles, and a community always keeps an owner: its last owner cannot demote or remove themselves,
nor be removed, on the community's pages or in the admin (a change, a delete, a bulk delete): a clear message."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages

from genius.communities import services
from genius.communities.models import Community, Membership, Role

pytestmark = pytest.mark.django_db
HOUSE = False  # these tests name their own communities (tests/conftest.py)

OWNER_NEEDED = "keeps at least one owner: make someone else an owner first"


def _said(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request)) + response.content.decode()


def _owners(community: Community) -> list[str]:
    return sorted(community.memberships.filter(role=Role.OWNER).values_list("user__username", flat=True))


@pytest.mark.parametrize("data", [{"action": "role", "role": "member"}, {"action": "role", "role": "host"},
                                  {"action": "remove"}])
def test_the_last_owner_cannot_demote_or_remove_themselves_on_the_members_page(client, club_with_ben, ana, data):
    client.force_login(ana)
    response = client.post("/c/simply-genius/members/", {**data, "user": ana.pk})
    assert response.status_code == 400 and OWNER_NEEDED in _said(response)
    assert _owners(club_with_ben) == ["ana"]


def test_the_last_owner_cannot_leave(client, club_with_ben, ana):
    client.force_login(ana)
    response = client.post("/c/simply-genius/leave/", follow=True)
    assert "only owner" in response.content.decode() and _owners(club_with_ben) == ["ana"]


def test_with_a_second_owner_the_first_may_step_down(client, club_with_ben, ana, ben):
    client.force_login(ana)
    client.post("/c/simply-genius/members/", {"action": "role", "user": ben.pk, "role": "owner"})
    response = client.post("/c/simply-genius/members/", {"action": "role", "user": ana.pk, "role": "host"})
    assert response.status_code == 302 and _owners(club_with_ben) == ["ben"]
    client.force_login(ben)
    response = client.post("/c/simply-genius/members/", {"action": "role", "user": ben.pk, "role": "member"})
    assert response.status_code == 400 and _owners(club_with_ben) == ["ben"]


def test_two_owners_removing_each_other_leave_one(club_with_ben, ana, ben):
    services.set_role(ana, club_with_ben, ben.pk, Role.OWNER)
    services.remove_member(ben, club_with_ben, ana.pk)
    with pytest.raises(services.ServiceError, match=OWNER_NEEDED):
        services.remove_member(ben, club_with_ben, ben.pk)
    assert _owners(club_with_ben) == ["ben"]


# --- in the admin: the owner of a community (not staff), and a site administrator -----------------------------


@pytest.fixture(params=["owner", "site administrator"])
def admin_client(request, client, ana, make_user):
    client.force_login(ana if request.param == "owner" else make_user("root", staff=True))
    return client


def _owner_row(club: Community, ana) -> Membership:
    return Membership.objects.get(community=club, user=ana)


def test_the_admin_does_not_demote_the_last_owner(admin_client, club_with_ben, ana):
    row = _owner_row(club_with_ben, ana)
    response = admin_client.post(f"/admin/communities/membership/{row.pk}/change/", {"role": "member"})
    assert response.status_code == 200 and OWNER_NEEDED in response.content.decode()
    assert _owners(club_with_ben) == ["ana"]


def test_the_admin_does_not_delete_the_last_owner(admin_client, club_with_ben, ana):
    row = _owner_row(club_with_ben, ana)
    for method in (admin_client.get, admin_client.post):
        response = method(f"/admin/communities/membership/{row.pk}/delete/", {"post": "yes"})
        assert response.status_code == 302 and response["Location"].endswith(f"/{row.pk}/change/")
        assert OWNER_NEEDED in _said(response)
    assert _owners(club_with_ben) == ["ana"]


def test_the_admins_bulk_delete_keeps_the_last_owner(admin_client, club_with_ben, ana, ben):
    rows = [m.pk for m in club_with_ben.memberships.all()]
    for confirm in ({}, {"post": "yes"}):
        response = admin_client.post("/admin/communities/membership/", {
            "action": "delete_selected", "_selected_action": rows, **confirm})
        assert response.status_code == 302 and OWNER_NEEDED in _said(response)
    assert _owners(club_with_ben) == ["ana"] and club_with_ben.memberships.count() == 2
    ben_row = club_with_ben.memberships.get(user=ben).pk  # deleting the others goes through Django's own
    response = admin_client.post("/admin/communities/membership/", {
        "action": "delete_selected", "_selected_action": [ben_row], "post": "yes"})
    assert response.status_code == 302 and club_with_ben.memberships.count() == 1


def test_the_admin_demotes_an_owner_who_is_not_the_last(admin_client, club_with_ben, ana, ben):
    services.set_role(ana, club_with_ben, ben.pk, Role.OWNER)
    row = _owner_row(club_with_ben, ana)
    response = admin_client.post(f"/admin/communities/membership/{row.pk}/change/", {"role": "host"})
    assert response.status_code == 302 and _owners(club_with_ben) == ["ben"]


def test_the_admin_does_not_move_a_membership_to_another_person_or_community(client, club_with_ben, ana, ben):
    client.force_login(ana)
    other = services.create_community(ana, name="Other Club")
    row = _owner_row(club_with_ben, ana)
    client.post(f"/admin/communities/membership/{row.pk}/change/",
                {"role": "owner", "community": other.pk, "user": ben.pk, "joined_0": "2030-01-01", "joined_1": "12:00:00"})
    row.refresh_from_db()
    assert (row.community_id, row.user_id) == (club_with_ben.pk, ana.pk)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("name", "@everyone club", "cannot mention @everyone"),
    ("name", "Club \u202e", "invisible or control character"),
    ("webhook_url", "http://hooks.example.org/x", "https://"),
])
def test_the_admin_checks_a_community_as_its_settings_page_does(client, club_with_ben, ana, field, value, message):
    client.force_login(ana)
    data = {"name": "Simply Genius", "slug": "taken-over", "description": "", "webhook_url": "",
            "visibility": "public", "joining": "request", field: value}
    response = client.post(f"/admin/communities/community/{club_with_ben.pk}/change/", data)
    assert response.status_code == 200 and message in response.content.decode()
    club_with_ben.refresh_from_db()
    assert club_with_ben.name == "Simply Genius" and club_with_ben.slug == "simply-genius"


def test_the_admin_keeps_a_communitys_address(client, club_with_ben, ana):
    client.force_login(ana)
    response = client.post(f"/admin/communities/community/{club_with_ben.pk}/change/", {
        "name": "Simply Genius II", "slug": "new", "description": "", "webhook_url": "",
        "visibility": "public", "joining": "request"})
    assert response.status_code == 302
    club_with_ben.refresh_from_db()
    assert (club_with_ben.name, club_with_ben.slug) == ("Simply Genius II", "simply-genius")


def test_a_community_made_in_the_admin_names_its_first_owner(client, ana, make_user):
    client.force_login(make_user("root", staff=True))
    data = {"name": "Admin Club", "slug": "admin-club", "description": "", "webhook_url": "",
            "visibility": "public", "joining": "request"}
    response = client.post("/admin/communities/community/add/", data)
    assert response.status_code == 200 and "This field is required" in response.content.decode()
    assert not Community.objects.filter(slug="admin-club").exists()
    assert client.post("/admin/communities/community/add/", {**data, "first_owner": ana.pk}).status_code == 302
    assert _owners(Community.objects.get(slug="admin-club")) == ["ana"]
    response = client.post("/admin/communities/community/add/", {**data, "slug": "new", "first_owner": ana.pk})
    assert response.status_code == 200 and "kept for the site" in response.content.decode()


def test_a_deleted_last_owner_hands_the_community_to_its_longest_standing_host(club_with_ben, ana, ben, cat):
    services.join_by_invitation(cat, services.make_invitation(ana, club_with_ben, days=7, uses=5).token)
    services.set_role(ana, club_with_ben, cat.pk, Role.HOST)
    ana.delete()
    assert _owners(club_with_ben) == ["cat"]  # the host, though ben joined first


def test_a_deleted_last_owner_with_no_host_hands_the_community_to_its_longest_standing_member(club_with_ben, ana):
    ana.delete()
    assert _owners(club_with_ben) == ["ben"]


def test_a_deleted_owner_beside_another_owner_hands_nothing_on(club_with_ben, ana, ben, cat):
    services.join_by_invitation(cat, services.make_invitation(ana, club_with_ben, days=7, uses=5).token)
    services.set_role(ana, club_with_ben, ben.pk, Role.OWNER)
    ana.delete()
    assert _owners(club_with_ben) == ["ben"]
    assert Membership.objects.get(community=club_with_ben, user=cat).role == Role.MEMBER
