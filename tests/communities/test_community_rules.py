"""The rules of communities: creating (rate-limited), joining three ways, roles, removal."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from genius.accounts import guests
from genius.communities import services
from genius.communities.models import Community, Invitation, JoinRequest, Membership, Role
from genius.core.errors import ServiceError

pytestmark = pytest.mark.django_db
HOUSE = False  # these tests name their own communities (tests/conftest.py)


def test_the_creator_is_the_communitys_owner(club, ana):
    assert services.role_of(club, ana) == Role.OWNER
    assert club.slug == "simply-genius"


def test_an_address_is_made_free_from_the_name(ana, ben):
    services.create_community(ana, name="Age of Information")
    second = services.create_community(ben, name="Age of Information")
    assert second.slug == "age-of-information-2"


def test_a_name_without_latin_letters_gets_a_plain_address(ana):
    assert services.create_community(ana, name="天才ゲーム").slug == "community"


@pytest.mark.parametrize("slug", ["new", "join", "Big", "-x", "x-", "a b", "ｘ", "²"])
def test_an_address_the_pages_use_or_out_of_pattern_is_refused(ana, slug):
    with pytest.raises(ServiceError) as refused:
        services.create_community(ana, name="Club", slug=slug)
    assert refused.value.field == "slug"
    assert not Community.objects.exists()


@override_settings(GENIUS_COMMUNITIES_PER_HOUR=2)
def test_creating_communities_is_rate_limited_per_person(ana, ben):
    services.create_community(ana, name="One")
    services.create_community(ana, name="Two")
    with pytest.raises(ServiceError, match="in the last hour"):
        services.create_community(ana, name="Three")
    services.create_community(ben, name="Three")  # someone else is not slowed
    assert Community.objects.count() == 3


def test_a_guest_cannot_create_a_community():
    guest = guests.new_guest()
    with pytest.raises(services.NotAllowed):
        services.create_community(guest, name="Guests")


def test_an_open_community_is_joined_at_once(ana, ben):
    club = services.create_community(ana, name="Open", joining=Community.Joining.OPEN)
    services.join_open(ben, club)
    assert services.role_of(club, ben) == Role.MEMBER


def test_a_request_waits_for_a_host_who_accepts(club, ana, ben):
    with pytest.raises(ServiceError):
        services.join_open(ben, club)
    request = services.request_to_join(ben, club, "hi")
    assert services.role_of(club, ben) is None
    with pytest.raises(ServiceError, match="already asked"):
        services.request_to_join(ben, club)
    services.answer_request(ana, club, request.pk, accept=True)
    assert services.role_of(club, ben) == Role.MEMBER


def test_a_member_cannot_answer_requests(club_with_ben, ben, cat):
    request = services.request_to_join(cat, club_with_ben)
    with pytest.raises(services.NotAllowed):
        services.answer_request(ben, club_with_ben, request.pk, accept=True)
    assert JoinRequest.objects.get(pk=request.pk).status == JoinRequest.Status.PENDING


def test_an_invitation_admits_as_many_people_as_it_allows(club, ana, ben, cat, make_user):
    invitation = services.make_invitation(ana, club, days=1, uses=2)
    services.join_by_invitation(ben, invitation.token)
    services.join_by_invitation(cat, invitation.token)
    with pytest.raises(ServiceError, match="as many times"):
        services.join_by_invitation(make_user("dan"), invitation.token)
    assert Invitation.objects.get(pk=invitation.pk).uses == 2


def test_an_expired_or_withdrawn_invitation_admits_nobody(club, ana, ben, cat):
    old = services.make_invitation(ana, club, days=1, uses=5)
    Invitation.objects.filter(pk=old.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(ServiceError, match="expired"):
        services.join_by_invitation(ben, old.token)
    withdrawn = services.make_invitation(ana, club, days=1, uses=5)
    services.revoke_invitation(ana, club, withdrawn.pk)
    with pytest.raises(ServiceError, match="withdrawn"):
        services.join_by_invitation(cat, withdrawn.token)
    assert Membership.objects.filter(community=club).count() == 1


@pytest.mark.parametrize("days, uses", [("0", "5"), ("91", "5"), ("²", "5"), ("7", "٣"), ("7", "-1"), ("", "")])
def test_an_invitation_needs_whole_numbers_in_range(club, ana, days, uses):
    with pytest.raises(ServiceError):
        services.make_invitation(ana, club, days=days, uses=uses)
    assert not Invitation.objects.exists()


def test_only_owners_set_roles_and_a_role_is_a_listed_value(club_with_ben, ana, ben, cat):
    with pytest.raises(services.NotAllowed):
        services.set_role(ben, club_with_ben, ben.pk, "owner")
    with pytest.raises(ServiceError):
        services.set_role(ana, club_with_ben, ben.pk, "Owner ")
    services.set_role(ana, club_with_ben, ben.pk, Role.HOST)
    assert services.role_of(club_with_ben, ben) == Role.HOST


def test_a_community_keeps_at_least_one_owner(club, ana):
    with pytest.raises(ServiceError, match="at least one owner"):
        services.set_role(ana, club, ana.pk, Role.MEMBER)
    with pytest.raises(ServiceError, match="only owner"):
        services.leave(ana, club)
    assert services.role_of(club, ana) == Role.OWNER


def test_a_host_removes_members_but_not_owners(club_with_ben, ana, ben, cat):
    services.set_role(ana, club_with_ben, ben.pk, Role.HOST)
    invitation = services.make_invitation(ben, club_with_ben, days=1, uses=1)
    services.join_by_invitation(cat, invitation.token)
    with pytest.raises(services.NotAllowed):
        services.remove_member(ben, club_with_ben, ana.pk)
    services.remove_member(ben, club_with_ben, cat.pk)
    assert services.role_of(club_with_ben, cat) is None


@pytest.mark.parametrize("name", ["", "   ", "@everyone", "Club @here", "a\x00b", "a\ud800b", "a\nb", "x" * 81,
                                  "\u0007"])
def test_a_bad_name_is_refused_with_its_field(ana, name):
    with pytest.raises(ServiceError) as refused:
        services.create_community(ana, name=name)
    assert refused.value.field == "name"
    assert not Community.objects.exists()
