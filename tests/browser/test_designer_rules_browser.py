"""Issue 21 in Chromium: a host writes a new game from a preset in the designer, tries its rules, fixes an error
shown beside a rule, and plays it through with bots while the rules resolve every phase (no ruling by hand)."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth.models import User

from genius.designs.models import GameDesign
from genius.matches.models import Match
from tests.browser.helpers import BrowserTestCase, log_in
from tests.browser.test_accessibility import RUN_AXE, axe_script, failing

pytestmark = pytest.mark.browser


def shoot(page, name: str) -> None:
    """A full-page screenshot under ``$GENIUS_SCREENSHOT_DIR`` when it is set (to look at the pages)."""
    folder = os.environ.get("GENIUS_SCREENSHOT_DIR")
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"designer-rules-{name}.png"), full_page=True)


def no_serious_axe_findings(page, name: str) -> None:
    """axe-core on the page as it is now: no serious or critical finding, headings in order."""
    page.evaluate(axe_script().read_text(encoding="utf-8"))  # not a <script> tag: the CSP runs no inline script
    found = failing(page.evaluate(RUN_AXE))
    assert not found, f"{name}: {found}"


class TestDesignerRulesInBrowser(BrowserTestCase):
    def test_a_host_writes_a_game_from_a_preset_tries_it_fixes_a_rule_and_plays_it_through(self):
        User.objects.create_user("host", password="host-password-1", is_staff=True)
        base = self.live_server_url
        host = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        log_in(host, base, "host")

        # The templates that come with the site, read whole before use.
        host.goto(f"{base}/designs/")
        host.click("#shipped a >> nth=0")
        host.wait_for_selector("button:has-text('Use this template')")
        host.click("text=Its rules >> nth=0")
        no_serious_axe_findings(host, "a shipped template's page")

        host.goto(f"{base}/designs/new/")
        host.fill("#id_title", "Unique bids")
        host.click("button[type=submit]")
        host.wait_for_selector("h1:has-text('Unique bids')")
        design_url = host.url.split("#")[0]

        # The blank phase: two rounds, then the preset's rules in one click.
        host.click("text=Edit the phase and its fields")
        host.goto(f"{design_url}phases/new/")
        shoot(host, "new-phase")
        overlaps = host.evaluate("""() => [...document.querySelectorAll('.design-box:not([hidden])')].flatMap((box) => {
            const input = box.querySelector('input:not([type=checkbox]):not([type=radio]), select, textarea');
            return [...box.querySelectorAll('small:not([hidden])')].filter((help) => input &&
                help.getBoundingClientRect().top < input.getBoundingClientRect().bottom - 0.5).map(() => box.id);
        })""")
        assert overlaps == [], f"help text over its box: {overlaps}"
        host.select_option("#id_first-kind", "number")
        assert host.is_visible("#id_first-min") and not host.is_visible("#id_first-options")
        host.go_back()
        host.fill("#id_repeat", "2")
        host.click("button:has-text('Save the phase')")
        host.wait_for_selector("text=is saved")
        host.click("button:has-text('Highest unique bid wins')")
        host.wait_for_selector("text=are written below")
        rules = host.input_value("textarea[name=rules]")
        assert "highest_unique(bids)" in rules
        assert host.is_checked("input[name=close][value=rules]")
        assert "Your bid" in host.inner_text("#fields")

        # A typo in a rule: refused when saved, the error beside the rule, the saved rules kept.
        host.fill("textarea[name=rules]", rules.replace("announce(", "anounce(", 1))
        host.click("button:has-text('Save the phase')")
        shoot(host, "phase-error")
        no_serious_axe_findings(host, "the phase page with a rule's error")
        beside = host.inner_text("#box-rules .field-error")
        assert "anounce" in beside and "Line" in beside
        assert GameDesign.objects.get().document["phases"][0]["rules"] == rules.strip()
        # Fixed: saved.
        host.fill("textarea[name=rules]", rules.replace("nobody wins", "nobody wins this time"))
        host.click("button:has-text('Save the phase')")
        host.wait_for_selector("text=is saved")

        # Try these rules: typed answers, then random ones.
        with host.context.expect_page() as opened:  # the text in the box, tried in a new tab
            host.click("text=Try these rules")
        trial = opened.value
        trial.select_option("select[name=players]", "3")
        trial.check("input[name=mode][value=typed]")
        trial.click("button:has-text('Try')")  # boxes for three players
        trial.fill("input[name=a-0-bid]", "5")
        trial.fill("input[name=a-1-bid]", "5")
        trial.fill("input[name=a-2-bid]", "3")
        trial.check("input[name=mode][value=typed]")
        trial.click("button:has-text('Try')")
        shoot(trial, "try")
        no_serious_axe_findings(trial, "the try page")
        assert "cy wins with the highest unique bid, 3" in trial.inner_text("#try-public")
        assert "points +1" in trial.inner_text("#try-changes")
        trial.close()

        # A lobby of three bots; the rules close each round as soon as the host resolves it.
        host.goto(design_url)
        host.click("text=Its rules")
        no_serious_axe_findings(host, "the design page with its rules")
        host.click("text=Open a lobby")
        host.select_option("#id_seats_wanted", "3")
        host.fill("#id_bots", "bot-a\nbot-b\nbot-c")
        host.click("button:has-text('Open the lobby')")
        host.wait_for_url(f"{base}/matches/*/")
        match = Match.objects.get()
        host.click("button[value=start]")
        host.wait_for_selector("#part-status >> text=Round")
        for _ in range(2):
            host.goto(f"{base}/matches/{match.pk}/control/?action=resolve")
            host.click("button[name=confirm]")
            host.wait_for_url(f"{base}/matches/{match.pk}/")
        match.refresh_from_db()
        assert match.status == "finished", match.status
        assert not match.phases.filter(kind="ruling").exists()  # no ruling by hand
        text = host.inner_text("#part-announcements")
        assert "Round 1:" in text and "Round 2:" in text
