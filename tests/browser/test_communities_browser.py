"""Two people who are not staff sign up, each creates a community, invites four players by link, and runs a season
episode with a lobby; neither host can see or change the other's, in the admin or the host pages, by guessing
addresses too (issue 23)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from genius.communities.models import Community, Role
from genius.matches.models import Match
from genius.seasons.models import Season
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser
HOUSE = False  # nobody is staff here; the communities are made in the browser (tests/conftest.py)

TAGS = ("north", "south")


def _password(name: str) -> str:
    return f"{name}-password-1"


class TestTwoCommunitiesInBrowser(BrowserTestCase):
    def _sign_up(self, name: str):
        context = self.browser.new_context(viewport={"width": 390, "height": 844})
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
        page.goto(f"{base}/c/new/")
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
        context = self.browser.new_context(viewport={"width": 390, "height": 844})
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
            own = page.request.get(f"{base}/matches/{matches[mine].pk}/export/")  # a download: fetched, not opened
            assert own.status == 200 and matches[mine].game in own.text()
