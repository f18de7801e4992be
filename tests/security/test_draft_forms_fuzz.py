"""The forms that name a season's or a Death Match's players take full Unicode (``²``, lone surrogates,
look-alikes such as a Cyrillic ``а`` in a name, ``@everyone``) and answer with a clear message, never a 500,
and never seat or invite anyone who is not a member: the new season form, adding players, the invited
player's answer, the Death Match page and a seat's answer."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genius.communities import services as communities
from genius.communities.models import Community, Membership
from genius.matches.models import Match, Seat
from genius.seasons import hosting
from genius.seasons.models import Season, SeasonInvitation, SeasonPlayer
from tests.security.strategies import FORM, TRAPS, form_body, form_value, hostile_text

pytestmark = pytest.mark.django_db
HOUSE = False  # the tests name their own communities (tests/conftest.py)
FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
ERRORS = re.compile(r'class="(?:msg msg-error|errorlist|field-error)')
#: Names that look like a member's, or like nobody's: look-alikes, mentions, surrogates.
NAMES = st.one_of(hostile_text, st.sampled_from(["аna", "ana\u200b", "ＡＮＡ", "@ana", "@everyone", "ana²", "dan",
                                                  "olga", "ana ben", "ana,ben,dan", "\ud800ana"]))


@pytest.fixture
def club(make_user, settings):
    """The Owls: owner olga, members ana and ben; dan belongs to no community of olga's."""
    settings.GENIUS_COMMUNITIES_PER_HOUR = 1000
    cache.clear()
    owls = communities.create_community(make_user("olga"), name="Owls", joining=Community.Joining.OPEN)
    for name in ("ana", "ben"):
        communities.join_open(make_user(name), owls)
    make_user("dan")
    return owls


@pytest.fixture
def olga(client, club):
    client.force_login(Membership.objects.get(community=club, role="owner").user)
    return client


def members_only(club: Community) -> None:
    """Nobody outside the community plays or is invited in any of its seasons."""
    members = set(Membership.objects.filter(community=club).values_list("user_id", flat=True))
    assert set(SeasonPlayer.objects.values_list("user_id", flat=True)) <= members
    assert set(SeasonInvitation.objects.values_list("user_id", flat=True)) <= members


def test_any_text_in_the_new_season_form_makes_it_of_members_or_says_why(olga, club):
    @FUZZ
    @given(st.fixed_dictionaries({"name": st.one_of(hostile_text, st.just("Spring")), "players": NAMES},
                                 optional={"host_plays": form_value, "slug": form_value,
                                           "community": st.one_of(form_value, st.just(str(club.pk)))}))
    def post(data):
        before = Season.objects.count()
        response = olga.post("/host/seasons/new/", form_body(data), content_type=FORM)
        assert response.status_code in (302, 400), response.status_code
        if response.status_code == 400:
            assert ERRORS.search(response.content.decode()) and Season.objects.count() == before
            assert "\x00" not in response.content.decode()
        members_only(club)

    post()


def test_any_text_in_the_add_players_form_invites_members_or_says_why(olga, club):
    season = hosting.create_season(name="Spring", host=Membership.objects.get(role="owner").user,
                                   players="ana ben", community=club)

    @FUZZ
    @given(st.dictionaries(st.sampled_from(["players", "action"]), st.one_of(form_value, NAMES), max_size=2))
    def post(data):
        response = olga.post(f"/host/seasons/{season.slug}/players/", form_body(data), content_type=FORM)
        assert response.status_code == 302, response.status_code
        members_only(club)

    post()


def test_any_answer_to_an_invitation_is_taken_or_refused_clearly(client, club):
    season = hosting.create_season(name="Spring", host=Membership.objects.get(role="owner").user,
                                   players="ana ben", community=club)
    client.force_login(Membership.objects.get(user__username="ana").user)

    @FUZZ
    @given(st.dictionaries(st.sampled_from(["action", "season"]), st.one_of(form_value, st.sampled_from(TRAPS)),
                           max_size=2))
    def post(data):
        response = client.post(f"/seasons/{season.slug}/play/", form_body(data), content_type=FORM)
        assert response.status_code == 302, response.status_code
        assert season.invitations.get(user__username="ana").status == SeasonInvitation.Status.WAITING

    post()


def test_any_text_in_the_death_match_page_seats_members_or_says_why(olga, club):
    ids = [str(u) for u in Membership.objects.filter(community=club).values_list("user_id", flat=True)]
    dan = str(Membership.objects.model._meta.get_field("user").related_model.objects.get(username="dan").pk)

    @FUZZ
    @given(st.fixed_dictionaries({"first": st.one_of(form_value, st.sampled_from(ids + [dan])),
                                  "second": st.one_of(form_value, st.sampled_from(ids + [dan]))},
                                 optional={"title": form_value, "seed": form_value, "turn_seconds": form_value,
                                           "community": st.one_of(form_value, st.just(str(club.pk)))}))
    def post(data):
        response = olga.post("/dm/new/", form_body({"reserve_seconds": "300", "draw_items": "on", **data}),
                             content_type=FORM)
        assert response.status_code in (302, 400), response.status_code
        if response.status_code == 400:
            assert ERRORS.search(response.content.decode())
        members = set(Membership.objects.filter(community=club).values_list("user_id", flat=True))
        assert set(Seat.objects.values_list("user_id", flat=True)) <= members
        assert not Match.objects.exclude(status=Match.Status.LOBBY).exists()  # nobody plays before saying yes

    post()


def test_any_post_to_a_seats_answer_is_taken_or_refused_clearly(client, club):
    olga = Membership.objects.get(role="owner").user
    from genius.matches.services import seat_answers

    ana, ben = (Membership.objects.get(user__username=n).user for n in ("ana", "ben"))
    match = seat_answers.create_asking([ana, ben], host=olga, game="bigfoot-sighting", title="DM",
                                       community_id=club.pk)
    client.force_login(Membership.objects.model._meta.get_field("user").related_model.objects.get(username="dan"))

    @FUZZ
    @given(st.dictionaries(hostile_text, form_value, max_size=3))
    def post(data):
        for action in ("accept", "decline", "withdraw"):
            response = client.post(f"/matches/{match.pk}/{action}/", form_body(data), content_type=FORM)
            assert response.status_code in (302, 404), response.status_code
        assert set(match.seats.values_list("answer", flat=True)) == {Seat.Answer.WAITING}

    post()
