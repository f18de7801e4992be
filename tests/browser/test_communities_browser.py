"""Two people who are not staff sign up on a phone, find Communities in the site's header, each creates a community,
invites four players by link, and runs a season episode with a lobby; neither host can see or change the other's, in
the admin or the host pages, by guessing addresses and posting to them too (issue 23)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from genius.communities.models import Community, Role
from genius.matches.models import Match
from genius.seasons import invitations
from genius.seasons.models import Season
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser
HOUSE = False  # nobody is staff here; the communities are made in the browser (tests/conftest.py)

TAGS = ("north", "south")
PHONE = {"width": 390, "height": 844}


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def _post(page, url: str, data: dict) -> int:
    """POST ``data`` to ``url`` as the page's person (their session and CSRF token): the answer's status."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    return page.request.post(url, form={**data, "csrfmiddlewaretoken": token},
                             headers={"X-CSRFToken": token, "Referer": url}, max_redirects=0).status


def _password(name: str) -> str:
    return f"{name}-password-1"


class TestTwoCommunitiesInBrowser(BrowserTestCase):
    def _sign_up(self, name: str):
        context = self.browser.new_context(viewport=PHONE)
        page = context.new_page()
        page.goto(f"{self.live_server_url}/signup/")
        page.fill("input[name=username]", name)
        page.fill("input[name=password1]", _password(name))
        page.fill("input[name=password2]", _password(name))
        page.click("main button[type=submit]")
        page.wait_for_url(f"{self.live_server_url}/")
        return context, page

    def _community(self, page, tag: str) -> str:
        base = self.live_server_url
        page.goto(f"{base}/")
        page.click("header a:has-text('Communities')")  # the site's header, on a phone
        page.wait_for_url(f"{base}/c/")
        assert fits(page) and page.is_visible("header a[aria-current=page]:has-text('Communities')")
        page.click("main a:has-text('Create a community')")
        page.wait_for_url(f"{base}/c/new/")
        page.fill("input[name=name]", f"{tag.title()} Genius ²")
        page.select_option("select[name=joining]", "invitation")
        page.click("#community-new button[type=submit]")
        page.wait_for_url(re.compile(r".*/c/[a-z0-9-]+/invitations/$"))
        page.fill("input[name=days]", "7")
        page.fill("input[name=uses]", "4")
        page.click("#new-invitation button[type=submit]")
        page.wait_for_selector("[data-invitation-link]")
        return page.input_value("[data-invitation-link]")

    def _accept(self, name: str, link: str) -> None:
        context = self.browser.new_context(viewport=PHONE)
        page = context.new_page()
        log_in(page, self.live_server_url, name)
        page.goto(link)
        page.click("#accept-invitation")
        page.wait_for_selector("text=Welcome to")
        context.close()

    def _season_with_an_episode(self, page, tag: str, players: list[str]) -> Match:
        base = self.live_server_url
        page.goto(f"{base}/host/seasons/new/")
        page.fill("input[name=name]", f"{tag.title()} season")
        page.fill("textarea[name=players]", "\n".join(players))
        page.click("main form button[type=submit]")
        try:
            page.wait_for_url(re.compile(r".*/seasons/[a-z0-9-]+/$"), timeout=15000)
        except Exception:
            raise AssertionError(page.url + page.inner_text("main")[:1500]) from None
        season = Season.objects.get(slug=page.url.rstrip("/").split("/")[-1])
        for invitation in season.invitations.select_related("user"):  # each says yes (nobody is drafted)
            invitations.accept(season, invitation.user)
        page.reload()
        page.select_option(".episode-form select[name=game]", "rituals-gone-bad")
        page.get_by_label("Fill empty seats with house bots").check()  # 4 players, 7 seats
        page.get_by_label("Start at once").check()
        page.click(".episode-form button:has-text('Create the episode')")
        try:
            page.wait_for_url(re.compile(r".*/matches/\d+/$"), timeout=15000)
        except Exception:
            raise AssertionError(page.url + page.inner_text("main")[:3000]) from None
        return Match.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))

    def test_two_hosts_who_are_not_staff_run_walled_communities(self):
        users = get_user_model().objects
        players = {tag: [f"{tag}{n}" for n in range(1, 5)] for tag in TAGS}
        for name in sum(players.values(), []):
            users.create_user(name, password=_password(name))
        pages, matches, lobbies = {}, {}, {}
        for tag in TAGS:
            context, page = self._sign_up(f"{tag}host")
            pages[tag] = page
            link = self._community(page, tag)
            for name in players[tag]:
                self._accept(name, link)
            community = Community.objects.get(memberships__user__username=f"{tag}host")
            assert community.memberships.filter(role=Role.MEMBER).count() == 4
            assert not users.get(username=f"{tag}host").is_staff
            page.goto(f"{self.live_server_url}/c/")  # a host's header: every link on a phone, Communities too
            assert fits(page) and page.is_visible("header a:has-text('Host admin')")
            matches[tag] = self._season_with_an_episode(page, tag, players[tag])
            assert matches[tag].community_id == community.pk
            page.goto(f"{self.live_server_url}/host/rituals-gone-bad/new/")
            page.fill("#id_title", f"{tag.title()} lobby")
            page.click("button[value=create]")
            page.wait_for_url(re.compile(r".*/matches/\d+/$"))
            lobbies[tag] = Match.objects.get(title=f"{tag.title()} lobby")
            assert lobbies[tag].community_id == community.pk
        base = self.live_server_url
        for mine, theirs in (("north", "south"), ("south", "north")):
            page = pages[mine]
            other_match, other_lobby = matches[theirs], lobbies[theirs]
            other_season = Season.objects.get(matches=other_match)
            for url in (f"/matches/{other_match.pk}/export/", f"/matches/{other_match.pk}/control/",
                        f"/matches/{other_lobby.pk}/export/", f"/host/matches/{other_lobby.pk}/setup/",
                        f"/admin/games/match/{other_match.pk}/change/", f"/admin/seasons/season/{other_season.pk}/change/",
                        f"/admin/games/match/{other_lobby.pk}/change/",
                        f"/c/{other_match.community.slug}/members/", f"/c/{other_match.community.slug}/invitations/"):
                response = page.goto(base + url)
                assert response.status == 404, (mine, url, response.status)
            page.goto(f"{base}/admin/games/match/")
            listed = page.inner_text("#result_list")
            assert f"{mine.title()} lobby" in listed and f"{theirs.title()} lobby" not in listed
            page.goto(f"{base}/admin/games/submission/")
            assert theirs not in page.inner_text("main").lower()
            for listing in ("/admin/communities/community/", "/admin/communities/membership/",
                            "/admin/seasons/season/"):
                page.goto(base + listing)
                assert theirs not in page.inner_text("main").lower(), listing
            page.goto(f"{base}/seasons/{other_season.slug}/")  # public: the story, not the host's tools
            assert "Create the episode" not in page.inner_text("main")
            self._changes_nothing_of(page, theirs, other_match, other_lobby, other_season)
            ours = matches[mine].community  # the same posts reach the host's own community
            assert _post(page, f"{base}/c/{ours.slug}/settings/", {"name": ours.name, "visibility": "public",
                                                                   "joining": "invitation"}) == 302
            own = page.request.get(f"{base}/matches/{matches[mine].pk}/export/")  # a download: fetched, not opened
            assert own.status == 200 and matches[mine].game in own.text()

    def _changes_nothing_of(self, page, theirs: str, match: Match, lobby: Match, season: Season) -> None:
        """Posting to the other community's host pages, admin and community pages is a 404 and changes nothing."""
        base, community = self.live_server_url, match.community
        player = get_user_model().objects.get(username=f"{theirs}1")
        for url, data in ((f"/seasons/{season.slug}/host/", {"action": "episode", "game": "rituals-gone-bad"}),
                          (f"/matches/{match.pk}/control/", {"action": "pause"}),
                          (f"/host/matches/{lobby.pk}/setup/", {"title": "Taken over"}),
                          (f"/admin/games/match/{lobby.pk}/change/", {"title": "Taken over"}),
                          (f"/admin/games/match/{lobby.pk}/delete/", {"post": "yes"}),
                          (f"/admin/seasons/season/{season.pk}/delete/", {"post": "yes"}),
                          (f"/c/{community.slug}/members/", {"action": "remove", "user": player.pk}),
                          (f"/c/{community.slug}/members/", {"action": "role", "user": player.pk, "role": "owner"}),
                          (f"/c/{community.slug}/invitations/", {"days": "7", "uses": "4"}),
                          (f"/c/{community.slug}/settings/", {"name": "Taken over", "visibility": "public",
                                                              "joining": "open"})):
            assert _post(page, base + url, data) == 404, (theirs, url)
        community.refresh_from_db()
        assert community.name != "Taken over" and community.invitations.count() == 1
        assert community.memberships.get(user=player).role == Role.MEMBER
        assert Match.objects.get(pk=lobby.pk).title == f"{theirs.title()} lobby"
        assert Season.objects.filter(pk=season.pk).exists() and season.episodes.count() == 1
