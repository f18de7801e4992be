"""A community's webhook carries its seasons' announcements; a season's own webhook still wins."""

from __future__ import annotations

import pytest

from genius.communities import services
from genius.communities.models import Community
from genius.matches.services import lifecycle
from genius.notify import webhooks
from genius.notify.models import WebhookDelivery
from genius.seasons.models import Season

pytestmark = pytest.mark.django_db

COMMUNITY_HOOK = "https://hooks.example.org/community"
SEASON_HOOK = "https://hooks.example.org/season"


@pytest.fixture(autouse=True)
def _no_posting(monkeypatch):
    """The deliveries are stored, never posted: these tests read where they would go."""
    monkeypatch.setattr(webhooks, "dispatch", lambda delivery_id: None)


@pytest.fixture
def hooked_club(ana) -> Community:
    return services.create_community(ana, name="Hooked Club", webhook_url=COMMUNITY_HOOK)


def _resolved_phase(season: Season, capture) -> None:
    match = lifecycle.create_match(game="rituals-gone-bad", title=f"Match of {season.slug}", season=season, seed=9,
                                   phase_seconds=3600)
    for n in range(7):
        lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
    lifecycle.start_match(match.pk)
    with capture(execute=True):
        lifecycle.resolve_now(match.pk)


@pytest.mark.parametrize(("own", "posted_to"), [("", COMMUNITY_HOOK), (SEASON_HOOK, SEASON_HOOK)],
                         ids=["a season without a webhook announces to its community's",
                              "a season's own webhook wins over its community's"])
def test_a_seasons_announcements_go_to_its_own_webhook_else_its_communitys(
        hooked_club, django_capture_on_commit_callbacks, own, posted_to):
    season = Season.objects.create(name="Hooked", slug="hooked", community=hooked_club, webhook_url=own)
    _resolved_phase(season, django_capture_on_commit_callbacks)  # a phase's announcement
    webhooks.queue(season.pk, "**Hooked**\nA new episode.")  # a line of the season's story
    deliveries = WebhookDelivery.objects.filter(season=season)
    assert deliveries.count() >= 2
    assert set(deliveries.values_list("url", flat=True)) == {posted_to}


def test_a_season_whose_community_has_no_webhook_posts_nothing(ana, django_capture_on_commit_callbacks):
    quiet = services.create_community(ana, name="Quiet Club")
    season = Season.objects.create(name="Quiet", slug="quiet", community=quiet)
    _resolved_phase(season, django_capture_on_commit_callbacks)
    assert webhooks.queue(season.pk, "nothing to post") == []
    assert not WebhookDelivery.objects.exists()


def test_a_community_whose_owner_changes_its_webhook_sends_the_next_announcement_there(hooked_club, ana):
    season = Season.objects.create(name="Moved", slug="moved", community=hooked_club)
    services.update_community(ana, hooked_club, name=hooked_club.name, description="",
                              webhook_url="https://hooks.example.org/new", visibility="public", joining="request")
    assert [d.url for d in webhooks.queue(season.pk, "moved")] == ["https://hooks.example.org/new"]


def test_the_season_host_panel_says_where_announcements_go(client, hooked_club, ana):
    plain = Season.objects.create(name="Plain", slug="plain", community=hooked_club)
    own = Season.objects.create(name="Own", slug="own", community=hooked_club, webhook_url=SEASON_HOOK)
    client.force_login(ana)
    page = client.get(f"/seasons/{plain.slug}/").content.decode()
    assert f"<code>{COMMUNITY_HOOK}</code> (the community's webhook)" in page.replace("&#x27;", "'")
    page = client.get(f"/seasons/{own.slug}/").content.decode()
    assert f"<code>{SEASON_HOOK}</code>" in page and "the community" not in page.split(SEASON_HOOK)[1][:40]


@pytest.mark.parametrize("url", ["https://127.0.0.1/hook", "https://10.1.2.3/hook", "https://[::1]/hook",
                                 "https://localhost/hook", "https://hooks.localhost/hook",
                                 "https://[::ffff:192.168.0.1]/hook", "https://169.254.169.254/latest/meta-data"])
def test_a_community_webhook_to_a_private_address_is_refused_when_saved(ana, url):
    with pytest.raises(services.ServiceError, match="not a public internet address") as refused:
        services.create_community(ana, name="Sneaky Club", webhook_url=url)
    assert refused.value.field == "webhook_url" and not Community.objects.filter(name="Sneaky Club").exists()


def test_a_community_webhook_to_a_public_name_is_saved_without_looking_it_up(ana):
    url = "https://discord.com/api/webhooks/123/abc"
    assert services.create_community(ana, name="Open Club", webhook_url=url).webhook_url == url
