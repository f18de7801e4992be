"""Issue 15 end to end in Chromium: a host designs a three-phase custom game on the designer pages, opens a
lobby in a season, seven players join and play through the forms, the host adjudicates each phase on the
ruling page (on a phone), a spectator's page shows each announcement live, counters and garnets change, the
match ends with ECs that the season's Death Match flow picks up, and the exported file replays."""

from __future__ import annotations

import json
import os
import tempfile
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from genius.matches.models import GarnetEntry, Match, Phase
from genius.notify.models import WebhookDelivery
from genius.seasons.models import Decision, Season, SeasonPlayer
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

PLAYERS = ["ana", "ben", "cy", "dee", "eli", "fay", "gus"]
PHONE = {"width": 390, "height": 844}


def shoot(page, name: str) -> None:
    """A full-page screenshot under ``$GENIUS_SCREENSHOT_DIR`` when it is set (to look at the pages)."""
    folder = os.environ.get("GENIUS_SCREENSHOT_DIR")
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"custom-{name}-390.png"), full_page=True)


def _users() -> Season:
    User.objects.create_user("host", password="host-password-1", is_staff=True)
    season = Season.objects.create(name="Custom season", slug="custom", webhook_url="https://chat.example.org/hook")
    for name in PLAYERS:
        user = User.objects.create_user(name, password=f"{name}-password-1")
        SeasonPlayer.objects.create(season=season, user=user)
        GarnetEntry.objects.create(user=user, season=season, amount=3, reason="starting wallet")
    return season


class TestCustomGameInBrowser(BrowserTestCase):
    def design_three_phases(self, host, base: str) -> str:
        """On the designer pages: title, a public counter, phases Bid (1 h), Vote (until closed) and Final (named)."""
        host.goto(f"{base}/designs/new/")
        host.fill("#id_title", "Auction of Secrets")
        host.click("button[type=submit]")
        host.wait_for_selector("h1:has-text('Auction of Secrets')")
        design_url = host.url.split("#")[0]

        host.click("text=add a counter")
        host.fill("#id_label", "Points")
        host.fill("#id_start", "0")
        host.check("input[name=visibility][value=public]")
        host.click("button[type=submit]")
        host.wait_for_selector("#counters >> text=Points")

        # The blank design's one phase becomes "Bid", an hour long, with a choice added to its yes/no field.
        host.click("text=Edit the phase and its fields")
        host.fill("#id_name", "Bid")
        host.fill("#id_hours", "1")
        host.fill("#id_minutes", "0")
        host.click("button:has-text('Save the phase')")
        host.wait_for_selector("h1:has-text('Phase “Bid”')")
        self.add_field(host, "Suit", "choice", options="Red\nBlue")

        for name, until_closed, actors in (("Vote", True, "everyone"), ("Final", False, "named")):
            host.goto(design_url)
            host.click("text=add a phase")
            host.fill("#id_name", name)
            if until_closed:
                host.check("#id_until_closed")
            else:
                host.fill("#id_hours", "2")
            host.check(f"input[name=actors][value={actors}]")
            host.check("input[name=close][value=hand]")  # a new phase defaults to "Rules resolve it"; this one is the host's
            host.click("button:has-text('Save the phase')")
            host.wait_for_selector(f"h1:has-text('Phase “{name}”')")
        host.goto(design_url)
        self.open_phase_page(host, "Vote")
        self.add_field(host, "Accuse", "player")
        host.goto(design_url)
        text = host.inner_text("#phases")
        assert "Bid" in text and "Vote" in text and "Final" in text and "Suit" in text and "Accuse" in text
        return design_url

    @staticmethod
    def open_phase_page(host, name: str) -> None:
        host.locator(".design-phase", has_text=name).locator("text=Edit the phase and its fields").click()
        host.wait_for_selector(f"h1:has-text('Phase “{name}”')")

    @staticmethod
    def add_field(host, label: str, kind: str, options: str = "") -> None:
        host.click("text=Add a field")
        host.fill("#id_label", label)
        host.select_option("#id_kind", kind)
        if options:
            host.fill("#id_options", options)
        host.click("button:has-text('Save the field')")
        host.wait_for_selector(f"#fields >> text={label}")

    def resolve_now(self, host, base: str, match: Match) -> None:
        """The host's "Resolve now…" and its confirmation."""
        host.goto(f"{base}/matches/{match.pk}/control/?action=resolve")
        host.click("button[name=confirm]")
        host.wait_for_url(f"{base}/matches/{match.pk}/")

    def adjudicate(self, host, base: str, match: Match, fill, expect_live: str) -> None:
        """From the match page's link, the ruling page; ``fill`` writes the ruling; Publish…, then Publish now."""
        host.goto(f"{base}/matches/{match.pk}/")
        host.click("[data-adjudicate]")
        host.wait_for_selector("[data-ruling-page] table.submissions")
        assert host.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # the table scrolls inside
        host.evaluate("document.querySelectorAll('details.ruling-player').forEach(d => d.open = true)")
        fill(host)
        shoot(host, f"ruling-{match.current_phase.number}")
        host.click("button[value=preview]")
        host.wait_for_selector("[data-ruling-preview]")
        shoot(host, f"ruling-preview-{match.current_phase.number}")
        assert expect_live in host.inner_text("[data-ruling-preview]")
        host.click("[data-publish-now]")
        host.wait_for_url(f"{base}/matches/{match.pk}/")
        self.spectator.wait_for_selector(f"#part-announcements >> text={expect_live}", timeout=20000)

    def test_a_host_designs_runs_and_adjudicates_a_custom_game_that_feeds_the_season(self):
        season = _users()
        base = self.live_server_url
        host = self.browser.new_context(viewport=PHONE).new_page()
        log_in(host, base, "host")
        design_url = self.design_three_phases(host, base)

        host.goto(design_url)
        host.click("text=Open a lobby")
        host.select_option("#id_seats_wanted", "7")
        host.select_option("#id_season", label=season.name)
        host.click("button:has-text('Open the lobby')")
        host.wait_for_url(f"{base}/matches/*/")
        match = Match.objects.get(season=season)
        assert match.config["design"]["title"] == "Auction of Secrets"

        players = {}
        for name in PLAYERS:
            page = self.browser.new_context(viewport=PHONE).new_page()
            log_in(page, base, name)
            page.goto(f"{base}/matches/{match.pk}/")
            page.click("button:has-text('Take a seat')")
            page.wait_for_selector("text=You have a seat")
            players[name] = page
        host.goto(f"{base}/matches/{match.pk}/")
        host.click("button[value=start]")
        host.wait_for_selector("#part-status >> text=Bid")

        self.spectator = self.browser.new_context().new_page()
        self.spectator.goto(f"{base}/matches/{match.pk}/")
        self.spectator.wait_for_selector("[data-live-state]:has-text('live')", timeout=15000)

        # Phase 1, Bid: everyone answers through the form.
        for i, page in enumerate(players.values()):
            page.goto(f"{base}/matches/{match.pk}/")
            page.select_option("#move-form select[name=suit]", "Red" if i % 2 == 0 else "Blue")
            page.click("#move-form button[type=submit]")
            page.wait_for_selector("text=Your move is in")
        self.resolve_now(host, base, match)
        assert "The host is adjudicating Bid" in self.spectator.inner_text("#part-status")

        def rule_bid(page) -> None:
            page.fill("textarea[name=announce]", "Red takes the first secret.")
            page.fill("textarea[name=seat-0-private]", "The secret is: the vault is empty.")
            page.fill("input[name=seat-0-counter-points]", "3")
            page.fill("input[name=seat-1-counter-points]", "-1")
            page.fill("input[name=seat-0-garnets]", "2")
            page.fill("input[name=seat-1-garnets]", "-1")
            page.check("input[name=reveal]")
            assert page.input_value("select[name=next]") == "vote:1"

        self.adjudicate(host, base, match, rule_bid, "Red takes the first secret.")
        assert "ana: Points +3 (now 3)" in self.spectator.inner_text("#part-announcements")
        assert "the vault is empty" not in self.spectator.content()
        players["ana"].reload()
        assert "the vault is empty" in players["ana"].content()
        players["ben"].reload()
        assert "the vault is empty" not in players["ben"].content()
        wallets = {e.user.username: e.amount for e in GarnetEntry.objects.filter(match=match)}
        assert wallets == {"ana": 2, "ben": -1}

        # Phase 2, Vote: open until the host closes it; three players accuse cy.
        vote = Match.objects.get(pk=match.pk).current_phase
        assert vote.name == "Vote" and vote.deadline is None
        for name in ("ana", "ben", "dee"):
            page = players[name]
            page.goto(f"{base}/matches/{match.pk}/")
            page.select_option("#move-form select[name=accuse]", "cy")
            page.click("#move-form button[type=submit]")
            page.wait_for_selector("text=Your move is in")
        self.resolve_now(host, base, match)

        def rule_vote(page) -> None:
            page.fill("textarea[name=announce]", "Cy stands accused.")
            page.select_option("select[name=next]", "final:1")
            page.check("input[name=actors][value=cy]")

        self.adjudicate(host, base, match, rule_vote, "Cy stands accused.")

        # Phase 3, Final: only cy, named by the host, answers.
        final = Match.objects.get(pk=match.pk).current_phase
        assert final.name == "Final" and final.actors == ["cy"]
        players["cy"].goto(f"{base}/matches/{match.pk}/")
        players["cy"].click("#move-form button[type=submit]")
        players["cy"].wait_for_selector("text=Your move is in")
        self.resolve_now(host, base, match)

        def rule_end(page) -> None:
            page.fill("textarea[name=announce]", "The auction is over.")
            page.select_option("select[name=next]", "end")
            page.fill("input[name=seat-0-place]", "1")
            page.fill("input[name=seat-0-tol]", "1")
            page.check("input[name=ec_mode][value=list]")
            page.check("input[name=ec][value=cy]")
            page.check("input[name=ec][value=dee]")

        self.adjudicate(host, base, match, rule_end, "The auction is over.")
        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED
        assert sorted(match.outcome["ec"]) == ["cy", "dee"] and match.outcome["tol"] == {"ana": 1}
        assert match.placement["ana"] == 1
        assert list(match.phases.order_by("number").values_list("kind", flat=True)) == [
            "main", "ruling", "main", "ruling", "main", "ruling"]
        assert not Phase.objects.filter(match=match).exclude(status="resolved").exists()
        picks = Decision.objects.filter(match=match, kind=Decision.Kind.DEATH_MATCH)
        assert sorted(p.decider.username for p in picks) == ["cy", "dee"]
        assert WebhookDelivery.objects.filter(season=season, content__contains="Red takes the first secret.").exists()
        host.goto(f"{base}/seasons/{season.slug}/")
        assert "cy" in host.inner_text("main") and "Elimination Candidate" in host.inner_text("main")

        # The host exports the match; `replay` plays the file to the same end.
        exported = host.request.get(f"{base}/matches/{match.pk}/export/")
        assert exported.ok
        doc = json.loads(exported.body())
        assert doc["phases"][1]["announce"] == "Red takes the first secret."
        path = Path(tempfile.mkdtemp()) / "custom-match.json"
        path.write_text(json.dumps(doc))
        out = StringIO()
        call_command("replay", str(path), stdout=out)
        assert sorted(json.loads(out.getvalue())["outcome"]["ec"]) == ["cy", "dee"]
