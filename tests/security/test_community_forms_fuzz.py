"""Every community form takes full Unicode (``²``, lone surrogates, look-alikes such as a Cyrillic ``а`` in an
address, ``@everyone``) and answers with a clear message, never a 500: creating, settings, invitation links,
members and roles, asking to join, and the invitation link itself."""

from __future__ import annotations

import html
import re
from urllib.parse import quote_from_bytes

import pytest
from django.core.cache import cache
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genius.communities import services
from genius.communities.models import Community, Invitation, Membership, Role
from tests.security.strategies import FORM, form_body, form_value, hostile_text

pytestmark = pytest.mark.django_db
HOUSE = False  # the tests name their own communities (tests/conftest.py)
FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
COMMUNITY_FIELDS = ["name", "slug", "description", "webhook_url", "visibility", "joining"]
ERRORS = re.compile(r'class="(?:msg msg-error|errorlist|field-error)')


@pytest.fixture
def club(ana, ben) -> Community:
    cache.clear()
    club = services.create_community(ana, name="Fuzz Club", joining=Community.Joining.REQUEST)
    services.join_by_invitation(ben, services.make_invitation(ana, club, days=7, uses=5).token)
    return club


@pytest.fixture
def owner(client, ana):
    client.force_login(ana)
    return client


def _shows_a_message(response) -> bool:
    return bool(ERRORS.search(response.content.decode()))


def test_any_text_in_the_new_community_form_creates_it_or_says_why(owner):
    @FUZZ
    @given(st.dictionaries(st.sampled_from(COMMUNITY_FIELDS), form_value, max_size=6))
    def post(data):
        cache.clear()  # the brake on creating communities
        before = Community.objects.count()
        response = owner.post("/c/new/", form_body(data), content_type=FORM)
        assert response.status_code in (302, 400), response.status_code
        if response.status_code == 400:
            assert _shows_a_message(response) and Community.objects.count() == before
            assert "\x00" not in response.content.decode()

    post()


def test_any_text_in_the_settings_form_saves_it_or_says_why(owner, club):
    @FUZZ
    @given(st.dictionaries(st.sampled_from(COMMUNITY_FIELDS), form_value, max_size=6))
    def post(data):
        response = owner.post(f"/c/{club.slug}/settings/", form_body(data), content_type=FORM)
        assert response.status_code in (302, 400), response.status_code
        if response.status_code == 400:
            assert _shows_a_message(response)
        saved = Community.objects.get(pk=club.pk)
        assert saved.slug == club.slug and services.check_name(saved.name) == saved.name

    post()


def test_any_text_in_the_invitation_form_makes_a_link_or_says_why(owner, club):
    @FUZZ
    @given(st.dictionaries(st.sampled_from(["days", "uses", "action", "invitation"]), form_value, max_size=4))
    def post(data):
        response = owner.post(f"/c/{club.slug}/invitations/", form_body(data), content_type=FORM)
        assert response.status_code in (302, 400), response.status_code
        if response.status_code == 400:
            assert _shows_a_message(response)
        for link in Invitation.objects.filter(community=club):
            assert 1 <= link.max_uses <= services.INVITATION_USES_MAX

    post()


def test_any_text_in_the_members_form_changes_a_role_or_says_why(owner, club, ana, ben):
    @FUZZ
    @given(st.dictionaries(st.sampled_from(["action", "user", "role", "request"]),
                           st.one_of(form_value, st.sampled_from(["role", "remove", "accept", str(ben.pk)])),
                           max_size=4))
    def post(data):
        response = owner.post(f"/c/{club.slug}/members/", form_body(data), content_type=FORM)
        assert response.status_code in (302, 400), response.status_code
        assert Membership.objects.filter(community=club, role=Role.OWNER).exists()
        Membership.objects.get_or_create(community=club, user=ben, defaults={"role": Role.MEMBER})

    post()


def test_any_text_asking_to_join_or_in_an_invitation_link_is_a_message(client, club, make_user):
    client.force_login(make_user("cat"))

    @FUZZ
    @given(message=form_value, token=hostile_text)
    def post(message, token):
        response = client.post(f"/c/{club.slug}/join/", form_body({"message": message}), content_type=FORM)
        assert response.status_code == 302
        club.join_requests.all().delete()
        safe = quote_from_bytes(token.encode("utf-8", "surrogatepass"), safe="") or "0"
        assert client.get(f"/c/join/{safe}/").status_code == 404
        assert client.post(f"/c/join/{safe}/").status_code == 404

    post()


@pytest.mark.parametrize(("field", "value", "message"), [
    ("slug", "gеnius", "lower-case letters a–z"),  # a Cyrillic е
    ("slug", "ｇｅｎｉｕｓ", "lower-case letters a–z"),
    ("slug", "genius²", "lower-case letters a–z"),
    ("slug", "new", "kept for the site's own pages"),
    ("name", "@everyone plays", "cannot mention @everyone"),
    ("name", "Club \u202e", "invisible or control character"),
    ("name", "\ud800", "at least one letter or digit"),  # the form reads a lone surrogate as U+FFFD
    ("name", "@\u200beveryone", "invisible or control character"),
    ("webhook_url", "javascript:alert(1)", "https://"),
    ("webhook_url", "https://discord.com/api/webhooks/²", None),
])
def test_a_trap_in_a_community_form_is_refused_beside_its_field(owner, field, value, message):
    cache.clear()
    data = {"name": "Fine Club", "slug": "fine-club", "visibility": "public", "joining": "open", field: value}
    response = owner.post("/c/new/", form_body(data), content_type=FORM)
    assert response.status_code in (302, 400)
    if message is not None:
        assert response.status_code == 400 and message in html.unescape(response.content.decode())
        assert not Community.objects.exists()


@pytest.mark.parametrize("days", ["²", "٣", "７", "-1", "0", "91", "1e3", "\ud800", " "])
def test_an_invitation_that_is_not_plain_digits_in_range_is_refused_with_a_message(owner, club, days):
    response = owner.post(f"/c/{club.slug}/invitations/", form_body({"days": days, "uses": "5"}), content_type=FORM)
    assert response.status_code == 400
    assert re.search("whole number|This field is required", response.content.decode())
    assert not Invitation.objects.filter(community=club, created_by__username="ana").exclude(max_uses=5).exists()


@pytest.mark.parametrize("action,field", [("remove", "user"), ("role", "user"), ("accept", "request"),
                                          ("decline", "request")])
@pytest.mark.parametrize("number", ["9" * 200, str(2**63), "-1", "0", "٣"])
def test_a_member_or_request_number_beyond_any_row_is_no_such_one(owner, club, action, field, number):
    response = owner.post(f"/c/{club.slug}/members/", {"action": action, field: number, "role": "host"})
    assert response.status_code == 400 and _shows_a_message(response)
    assert "No such" in html.unescape(response.content.decode())
