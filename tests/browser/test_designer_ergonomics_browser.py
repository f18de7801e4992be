"""Issue 39 in Chromium, on a 390 px phone and a desktop: the rules box numbers its lines and marks the line of an
error, "Try these rules" tries the unsaved text in the box (in a new tab, the edit kept), and deleting a phase
asks first (dismissed: nothing goes; accepted: the phase goes, in place)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from genius.designs import services
from genius.designs.models import GameDesign
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser
BROKEN = 'x = 1\n\nanounce("hi")\n'


class TestDesignerErgonomicsInBrowser(BrowserTestCase):
    def _design(self) -> GameDesign:
        host = User.objects.create_user("host", password="host-password-1", is_staff=True)
        design = services.create(host, "Line numbers")
        doc = design.document
        second = {**doc["phases"][0], "key": "vote", "name": "Vote"}
        services.edit(design.pk, host, lambda d: {**d, "phases": [*d["phases"], second]})
        return design

    def test_line_numbers_error_line_unsaved_try_and_delete_confirmation(self):
        design = self._design()
        base = self.live_server_url
        for width, height in ((390, 844), (1280, 900)):
            context = self.browser.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            log_in(page, base, "host")
            self._rules_box(page, context, f"{base}/designs/{design.pk}/phases/round/", width)
            context.close()
        context = self.browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        log_in(page, base, "host")
        self._delete_asks_first(page, f"{base}/designs/{design.pk}/", design)
        context.close()

    def _rules_box(self, page, context, phase_url: str, width: int) -> None:
        page.goto(phase_url)
        page.wait_for_selector("textarea[name=rules][data-numbered=yes]")
        page.check("input[name=close][value=rules]")
        page.fill("textarea[name=rules]", BROKEN)
        page.wait_for_function("() => document.querySelectorAll('#rules .rules-gutter span').length === 4")
        page.click("button:has-text('Save the phase')")
        page.wait_for_selector("#rules .field-error")
        assert "Line 3:" in page.inner_text("#rules .field-error")
        page.wait_for_selector("#rules .rules-gutter .rules-line-error")
        assert page.inner_text("#rules .rules-gutter .rules-line-error").strip() == "3"
        assert page.is_visible("#rules .rules-band-error[data-line='3']")
        gutter = page.locator("#rules .rules-gutter").bounding_box()
        box = page.locator("textarea[name=rules]").bounding_box()
        assert gutter and box and gutter["x"] + gutter["width"] <= box["x"] + 1, "the numbers stand beside the box"
        assert box["x"] + box["width"] <= width, f"the box fits a {width} px screen"
        third = page.locator("#rules .rules-gutter span[data-line='3']").bounding_box()
        band = page.locator("#rules .rules-band-error").bounding_box()
        assert third and band and abs(third["y"] - band["y"]) < 3, "the marked number and the band are on one line"

        page.fill("textarea[name=rules]", 'announce("Saved.")\n')
        page.click("button:has-text('Save the phase')")
        page.wait_for_selector("text=is saved")
        assert page.locator("#rules .rules-line-error").count() == 0

        typed = 'announce("Tried, not saved.")\n'
        page.fill("textarea[name=rules]", typed)
        with context.expect_page() as opened:
            page.click("#try-these-rules")
        tried = opened.value
        tried.wait_for_selector("#try-public")
        assert "Tried, not saved." in tried.inner_text("#try-public")
        assert "(not saved)" in tried.inner_text("#tried-h")
        tried.close()
        assert page.input_value("textarea[name=rules]") == typed, "the edit is still in the box"
        page.fill("textarea[name=rules]", 'announce("Saved.")\n')  # leave it as saved for the next viewport

    def _delete_asks_first(self, page, design_url: str, design: GameDesign) -> None:
        page.goto(design_url)
        page.wait_for_selector("#phase-vote")
        asked: list[str] = []

        def dismiss(dialog) -> None:
            asked.append(dialog.message)
            dialog.dismiss()

        page.once("dialog", dismiss)
        page.click("#phase-vote button:has-text('Delete')")
        page.wait_for_load_state("networkidle")
        assert asked == ["Delete the phase “Vote”, its form and its rules?"]
        design.refresh_from_db()
        assert [p["key"] for p in design.document["phases"]] == ["round", "vote"]

        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#phase-vote button:has-text('Delete')")
        page.wait_for_function("() => !document.querySelector('#phase-vote')")
        assert "The phase is deleted." in page.inner_text("#messages")
        design.refresh_from_db()
        assert [p["key"] for p in design.document["phases"]] == ["round"]
