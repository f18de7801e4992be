"""In Chromium, on a 390 px phone: a host adds a board to a design and a cell field to a phase through the designer's
pages, writes rules that mark the cell, and plays "Try these rules"; the further settings page of the phase fits the
phone and saves live turns."""

from __future__ import annotations

import os

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from genius.designs.models import GameDesign
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

RULES = """for p in actors:
    c = answers[p]["at"]
    if c != None and c not in board("grid"):
        mark("grid", c, piece="X", owner=p)
announce("%d cells marked on the grid." % len(board("grid")))"""

def shoot(page, name: str) -> None:
    """A full-page screenshot under ``$GENIUS_SCREENSHOT_DIR`` when it is set (to look at the pages)."""
    folder = os.environ.get("GENIUS_SCREENSHOT_DIR")
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"designer-features-{name}.png"), full_page=True)


FITS = "() => document.documentElement.scrollWidth <= window.innerWidth + 1"


class TestDesignerFeaturesInBrowser(BrowserTestCase):
    def test_a_host_adds_a_board_and_a_cell_field_and_tries_the_rules_on_a_phone(self):
        User.objects.create_user("host", password="host-password-1", is_staff=True)
        base = self.live_server_url
        host = self.browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                        has_touch=True).new_page()
        log_in(host, base, "host")
        host.goto(f"{base}/designs/new/")
        host.fill("#id_title", "Marks")
        host.click("button[type=submit]")
        host.wait_for_selector("h1:has-text('Marks')")
        design_url = host.url.split("#")[0]

        # A board, from the design's page.
        host.click("text=add a board")
        host.fill("#id_label", "Grid")
        host.check("input[name=shape][value=hex]")  # the page shows the sizes of the shape chosen
        assert host.is_visible("#id_radius") and not host.is_visible("#id_columns")
        assert not host.is_visible("#id_groups")
        host.check("input[name=shape][value=square]")
        assert host.is_visible("#id_columns") and not host.is_visible("#id_radius")
        host.fill("#id_columns", "5")
        host.fill("#id_rows", "4")
        assert host.evaluate(FITS), "the board page is wider than the phone"
        host.click("button:has-text('Save the board')")
        host.wait_for_selector("text=is saved")
        assert "a square grid of 5 × 4" in host.inner_text("#boards")
        # A size the design refuses: the message beside the box, what was typed kept.
        host.click("#boards >> text=Edit")
        host.fill("#id_rows", "40")
        host.click("button:has-text('Save the board')")
        assert "between 2 and 26" in host.inner_text("#box-rows .field-error")
        assert host.input_value("#id_rows") == "40"
        assert GameDesign.objects.get().document["boards"][0]["rows"] == 4

        # A cell field on the phase, then rules that mark it.
        host.goto(design_url)
        host.click("text=Edit the phase and its fields")
        phase_url = host.url.split("#")[0]
        host.click("text=Add a field")
        host.fill("#id_label", "Your cell")
        host.select_option("#id_kind", "cell")
        assert host.is_visible("#id_board") and not host.is_visible("#id_options")
        host.select_option("#id_board", "grid")
        host.check("#id_empty_only")
        host.click("button:has-text('Save the field')")
        host.wait_for_selector("text=is saved")
        assert "a cell of the board grid, an empty one" in host.inner_text("#fields")
        field = GameDesign.objects.get().document["phases"][0]["fields"][-1]
        assert (field["kind"], field["board"], field["empty_only"]) == ("cell", "grid", True)
        host.goto(phase_url)
        host.check("input[name=close][value=rules]")
        host.fill("textarea[name=rules]", RULES.replace('answers[p]["at"]', f'answers[p]["{field["key"]}"]'))
        host.click("button:has-text('Save the phase')")
        host.wait_for_selector("text=is saved")

        # Try these rules: random legal cells, marked on the grid.
        with host.context.expect_page() as opened:
            host.click("#try-these-rules")
        trial = opened.value
        trial.wait_for_selector("#try-public")
        assert "cells marked on the grid." in trial.inner_text("#try-public")
        trial.close()

        # The further settings: on the phone, live turns saved.
        host.goto(phase_url)
        host.click("text=Edit these settings")
        host.wait_for_selector("#phase-more-form")
        assert host.evaluate(FITS), "the further settings page is wider than the phone"
        assert not host.is_visible("#id_turn_seconds") and not host.is_visible("#id_timed_table")
        host.check("#id_turn_on")
        host.fill("#id_turn_seconds", "20")
        host.click("button:has-text('Save these settings')")
        host.wait_for_selector("text=are saved")
        assert GameDesign.objects.get().document["phases"][0]["turn"] == {"seconds": 20, "order": "together",
                                                                          "timeout": "default"}


class TestDesignerFeaturePagesLayout(BrowserTestCase):
    def test_the_feature_pages_of_a_design_with_every_feature_fit_a_phone_and_a_desktop_and_pass_axe(self):
        from django.test import Client

        from genius.designs import services
        from tests.browser.test_accessibility import RUN_AXE, axe_script, failing
        from tests.browser.test_page_layouts import CHECKS_JS
        from tests.designs.every_feature import every_feature

        host_user = User.objects.create_user("host", password="host-password-1", is_staff=True)
        design = services.edit(services.create(host_user, "Every").pk, host_user, lambda _: every_feature())
        client = Client()
        client.force_login(host_user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        base = self.live_server_url
        pages = [f"/designs/{design.pk}/", f"/designs/{design.pk}/boards/road/",
                 f"/designs/{design.pk}/phases/play/", f"/designs/{design.pk}/phases/play/fields/at/",
                 f"/designs/{design.pk}/phases/play/more/", f"/designs/{design.pk}/phases/quiz/more/"]
        problems: list[str] = []
        for width, height in ((390, 844), (1280, 900)):
            context = self.browser.new_context(viewport={"width": width, "height": height})
            context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
            tab = context.new_page()
            for url in pages:
                tab.goto(base + url, wait_until="load")
                tab.wait_for_timeout(50)
                problems += [f"{url} at {width} px: {p}" for p in tab.evaluate(CHECKS_JS)]
                if width == 390:  # axe-core: no serious or critical finding (not a <script> tag: the CSP runs none)
                    tab.evaluate(axe_script().read_text(encoding="utf-8"))
                    problems += [f"{url}: axe: {f}" for f in failing(tab.evaluate(RUN_AXE))]
                shoot(tab, f"{url.strip('/').replace('/', '-')}-{width}")
            context.close()
        assert not problems, "\n".join(problems)
