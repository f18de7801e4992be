"""Polls' answers and timed challenges' starts in the admin: a host reads their own community's, read only (an
answer or a start time changed there would change the game); another community's host, and a site administrator
with no role in the community, see none of them, even by guessing addresses."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from genius.polls.models import OutsideAnswer
from genius.timed.models import TimedStart
from tests.security.test_communities_are_walled import _club, _world

pytestmark = pytest.mark.django_db
HOUSE = False  # two communities of their own, no staff host

PAGES = ("polls/outsideanswer", "timed/timedstart")


@pytest.fixture
def world(make_user):
    cache.clear()  # the brake on creating communities counts per person, in the cache
    alice, bob, pia, pete = (make_user(n) for n in ("alice", "bob", "pia", "pete"))
    a, b = _club(alice, "Alpha"), _club(bob, "Bravo")
    from genius.communities import services as communities

    communities.join_open(pia, a)
    communities.join_open(pete, b)
    rows = {}
    for tag, club, player in (("alpha", a, pia), ("bravo", b, pete)):
        match = _world(club, player, tag)
        now = timezone.now()
        rows[tag] = (
            OutsideAnswer.objects.create(match=match, phase_number=1, user=player, submitter="@community",
                                         answers={"guess": f"{tag}-poll"}, given_at=now),
            TimedStart.objects.create(match=match, phase_number=1, seat=match.seats.get(name="cat"), started_at=now,
                                      ends_at=now + timedelta(seconds=30), answers={"word": f"{tag}-timed"},
                                      answered_at=now),
        )
    yield {"alice": alice, "bob": bob, "rows": rows}
    cache.clear()


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_host_reads_their_communitys_poll_answers_and_timed_starts_but_never_who_answered(world):
    alice = _as(world["alice"])
    answer, start = world["rows"]["alpha"]
    listing = alice.get("/admin/polls/outsideanswer/").content.decode()
    assert "alpha-poll" in listing and "bravo-poll" not in listing
    page = alice.get(f"/admin/polls/outsideanswer/{answer.pk}/change/").content.decode()
    assert "alpha-poll" in page and "pia" not in page  # who gave it is kept to count one answer each, never shown
    listing = alice.get("/admin/timed/timedstart/").content.decode()
    assert "Match alpha" in listing and "Match bravo" not in listing
    assert "alpha-timed" in alice.get(f"/admin/timed/timedstart/{start.pk}/change/").content.decode()


def test_answers_and_start_times_are_read_only_in_the_admin(world):
    alice = _as(world["alice"])
    answer, start = world["rows"]["alpha"]
    assert alice.get("/admin/polls/outsideanswer/add/").status_code == 403
    assert alice.get("/admin/timed/timedstart/add/").status_code == 403
    alice.post(f"/admin/timed/timedstart/{start.pk}/change/", {"started_at_0": "2000-01-01", "answers": "{}"})
    alice.post(f"/admin/polls/outsideanswer/{answer.pk}/change/", {"answers": "{}"})
    assert alice.post(f"/admin/timed/timedstart/{start.pk}/delete/", {"post": "yes"}).status_code == 403
    assert alice.post(f"/admin/polls/outsideanswer/{answer.pk}/delete/", {"post": "yes"}).status_code == 403
    start.refresh_from_db()
    answer.refresh_from_db()
    assert start.answers == {"word": "alpha-timed"} and start.started_at.year > 2000
    assert answer.answers == {"guess": "alpha-poll"}


def test_another_communitys_host_sees_none_of_them_even_by_guessing(world):
    bob = _as(world["bob"])
    for model, row in zip(PAGES, world["rows"]["alpha"], strict=True):
        assert "alpha" not in bob.get(f"/admin/{model}/").content.decode()
        for page in (f"/admin/{model}/{row.pk}/change/", f"/admin/{model}/{row.pk}/delete/",
                     f"/admin/{model}/{row.pk}/history/"):
            assert bob.get(page).status_code == 404, page
        assert bob.post(f"/admin/{model}/{row.pk}/change/", {}).status_code == 404


def test_a_site_administrator_reads_them_only_in_a_community_where_they_host(world, make_user):
    root = make_user("root", staff=True)
    client = _as(root)
    for model, row in zip(PAGES, world["rows"]["alpha"], strict=True):
        assert client.get(f"/admin/{model}/{row.pk}/change/").status_code in (302, 403, 404), model
    from genius.communities.models import Community, Membership, Role

    Membership.objects.create(community=Community.objects.get(name="Alpha"), user=root, role=Role.HOST)
    for tag, sees in (("alpha", True), ("bravo", False)):
        listing = client.get("/admin/polls/outsideanswer/").content.decode()
        assert (f"{tag}-poll" in listing) is sees
        listing = client.get("/admin/timed/timedstart/").content.decode()
        assert (f"Match {tag}" in listing) is sees
