"""Every page of the site at 1280 and 390 px: nothing clipped or overlapping.

One browser, one context a (person, width); each page is checked by a script in the page:

- no sideways page scroll (``document.scrollingElement.scrollWidth <= innerWidth``); a wide element
  inside an element that scrolls sideways on purpose (``overflow-x: auto`` or ``scroll``) is fine;
- no text running out of its box: an element with ``overflow: visible`` and ``white-space: nowrap``
  whose ``scrollWidth`` exceeds its ``clientWidth`` (outside such scrolling elements);
- no two visible interactive elements (``a``, ``button``, ``input``, ``select``, ``textarea``,
  ``summary``) overlapping each other, line box by line box.

Every page is saved as ``<page>-<width>.png`` under ``$GENIUS_SCREENSHOT_DIR`` (default: a pytest tmp dir).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from genius.challenges import services as challenges
from genius.designs import services as designs
from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.matches.services.engines import available_games, spec_of
from genius.seasons.models import Decision
from tests.browser.helpers import BrowserTestCase
from tests.browser.test_host_lobbies_browser import needs_a_saved_design
from tests.custom_game_web.conftest import close_players_phase, start_custom
from tests.custom_game_web.conftest import design as custom_design
from tests.matches.test_replays import new_match, play
from tests.seasons.helpers import finished_main_match, give_tol, make_season

pytestmark = pytest.mark.browser

WIDTHS = {1280: 900, 390: 844}

#: The checks, run in the page: a list of what is wrong (empty: the page is clean).
CHECKS_JS = r"""
() => {
  const problems = [];
  const vw = window.innerWidth;
  const name = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += "#" + el.id;
    if (el.classList && el.classList.length) s += "." + [...el.classList].join(".");
    const text = (el.innerText || el.value || el.getAttribute("aria-label") || "").trim().slice(0, 40);
    return text ? `${s} "${text}"` : s;
  };
  const scrollsOnPurpose = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll") return true;
    }
    return false;
  };
  const shown = (el) => {
    const st = getComputedStyle(el);
    if (st.visibility === "hidden" || st.display === "none" || parseFloat(st.opacity) === 0) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    if (st.position === "absolute" && st.clip && st.clip.startsWith("rect(0")) return false;  // read by screen readers only
    return !el.closest("details:not([open]) > :not(summary)");
  };
  const page = document.scrollingElement.scrollWidth;
  if (page > vw + 1) {
    const wide = [...document.querySelectorAll("body *")].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.right > vw + 1 && shown(el) && !scrollsOnPurpose(el);
    }).slice(-3).map(name);
    problems.push(`the page scrolls sideways: ${page} px in ${vw} (${wide.join("; ")})`);
  }
  for (const el of document.querySelectorAll("body *")) {
    if (el instanceof SVGElement) continue;  // a drawing's text is placed, not wrapped
    const st = getComputedStyle(el);
    if (st.whiteSpace !== "nowrap" || st.overflowX !== "visible" || st.display === "inline") continue;
    if (el.scrollWidth > el.clientWidth + 1 && shown(el) && !scrollsOnPurpose(el)) {
      problems.push(`text runs out of its box: ${name(el)} (${el.scrollWidth} px in ${el.clientWidth})`);
    }
  }
  const controls = [...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary")]
    .filter(shown);
  // What shows of each control: its line boxes cut to every ancestor that clips (a scrolling table, say).
  const clipOf = (el) => {
    let c = {left: -1e9, top: -1e9, right: 1e9, bottom: 1e9};
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const st = getComputedStyle(p);
      if (st.overflowX === "visible" && st.overflowY === "visible") continue;
      const r = p.getBoundingClientRect();
      c = {left: Math.max(c.left, r.left), top: Math.max(c.top, r.top),
           right: Math.min(c.right, r.right), bottom: Math.min(c.bottom, r.bottom)};
    }
    return c;
  };
  const boxes = controls.map((el) => {
    const c = clipOf(el);
    return [...el.getClientRects()].map((r) => ({left: Math.max(r.left, c.left), top: Math.max(r.top, c.top),
      right: Math.min(r.right, c.right), bottom: Math.min(r.bottom, c.bottom)}))
      .filter((r) => r.right - r.left >= 1 && r.bottom - r.top >= 1);
  });
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i], b = controls[j];
      if (a.contains(b) || b.contains(a)) continue;
      const hit = boxes[i].some((p) => boxes[j].some((q) =>
        Math.min(p.right, q.right) - Math.max(p.left, q.left) > 2 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 2));
      if (hit) problems.push(`${name(a)} overlaps ${name(b)}`);
    }
  }
  return problems;
}
"""


@dataclass
class Visit:
    """One page to look at: its name (for the screenshot), address and who looks (None: a visitor)."""

    name: str
    url: str
    who: str | None = None


def screenshot_dir(tmp_path_factory) -> str:
    folder = os.environ.get("GENIUS_SCREENSHOT_DIR") or str(tmp_path_factory.mktemp("screens"))
    os.makedirs(folder, exist_ok=True)
    return folder


def site() -> dict[str, object]:
    """Everything the pages show: people, a season with an open decision, lobbies, running matches of every
    game, a finished match with its results."""
    users = get_user_model().objects
    for name in ("ana", "ben"):
        users.create_user(name, password=f"{name}-password-1", email=f"{name}@example.org")
    users.create_user("host", password="host-password-1", is_staff=True, is_superuser=True)
    season = make_season(["ana", "ben", "cy", "dee", "eli", "fay", "gus"], slug="spring", garnets=3)
    give_tol(season, "ben")
    finished_main_match(season, {"ec": ["ana"]})
    decision = Decision.objects.filter(decider__username="ana").first()
    ana, ben = users.get(username="ana"), users.get(username="ben")
    running = {}
    for slug, _ in available_games():
        if needs_a_saved_design(slug):
            continue  # its lobby and match pages are drawn by the design tests
        running[slug] = new_match(slug, ana, ben)
        play(running[slug], phases=2)
    finished = play(new_match("black-and-white", ana, ben))
    assert finished.status == Match.Status.FINISHED
    lobby = lifecycle.create_match(game="rituals-gone-bad", title="An open lobby with a rather long title", seed=8)
    lifecycle.add_seat(lobby, user=ben)
    host = users.get(username="host")
    design = designs.create(host, "Auction of Secrets")
    design = designs.edit(design.pk, host, lambda doc: custom_design())
    custom = start_custom()  # seven players: ana, ben, cy... (made by the custom-game tests' helpers)
    close_players_phase(custom)  # the host adjudicates now
    challenges.create_challenge(ben, ana, game=challenges.challengeable_games()[0][0])
    return {"season": season, "decision": decision, "running": running, "finished": finished, "lobby": lobby,
            "design": design, "custom": custom}


def visits(data: dict) -> list[Visit]:
    season, running, finished, lobby = data["season"], data["running"], data["finished"], data["lobby"]
    out = [
        Visit("home", "/"), Visit("signup", reverse("signup")), Visit("login", reverse("login")),
        Visit("season-rules", reverse("season-rules")), Visit("not-found", "/no/such/page/"),
        Visit("lobby", reverse("match", args=[lobby.pk])),
        Visit("finished-match", reverse("match", args=[finished.pk])),
        Visit("replay-spectator", reverse("match-replay", args=[finished.pk]) + "?phase=2"),
        Visit("replay-player", reverse("match-replay", args=[finished.pk]) + "?phase=3", "ana"),
        Visit("replay-host", reverse("match-replay", args=[finished.pk]), "host"),
        Visit("season", reverse("season", args=[season.slug])),
        Visit("season-host", reverse("season", args=[season.slug]), "host"),
        Visit("season-wallet", reverse("season-wallet", args=[season.slug]), "ana"),
        Visit("home-player", "/", "ana"), Visit("profile", reverse("profile"), "ana"),
        Visit("my-matches", reverse("my-matches"), "ana"), Visit("wallet", reverse("wallet"), "ana"),
        Visit("host-index", reverse("host-index"), "host"), Visit("dm-new", reverse("dm-new"), "host"),
        Visit("lobby-host", reverse("match", args=[lobby.pk]), "host"),
        Visit("lobby-setup", reverse("host-lobby-setup", args=[lobby.pk]), "host"),
        Visit("admin", reverse("admin:index"), "host"),
        Visit("admin-match", reverse("admin:games_match_change", args=[finished.pk]), "host"),
    ]
    design, custom = data["design"], data["custom"]
    phase_key = design.document["phases"][0]["key"]
    field_key = design.document["phases"][0]["fields"][0]["key"]
    out += [
        Visit("designs", reverse("designs"), "host"), Visit("design", reverse("design", args=[design.pk]), "host"),
        Visit("design-basics", reverse("design-basics", args=[design.pk]), "host"),
        Visit("design-phase", reverse("design-phase", args=[design.pk, phase_key]), "host"),
        Visit("design-field", reverse("design-field", args=[design.pk, phase_key, field_key]), "host"),
        Visit("design-counter-new", reverse("design-counter-new", args=[design.pk]), "host"),
        Visit("design-lobby", reverse("design-lobby", args=[design.pk]), "host"),
        Visit("design-import", reverse("design-import"), "host"),
        Visit("custom-match-spectator", reverse("match", args=[custom.pk])),
        Visit("custom-match-player", reverse("match", args=[custom.pk]), "ana"),
        Visit("custom-match-host", reverse("match", args=[custom.pk]), "host"),
        Visit("custom-match-rules", reverse("match-rules", args=[custom.pk])),
        Visit("custom-ruling", reverse("match-ruling", args=[custom.pk]), "host"),
        Visit("host-confirm", reverse("match-control", args=[data["running"][next(iter(data["running"]))].pk])
              + "?action=pause", "host"),
        Visit("challenges", reverse("challenges"), "ana"),
        Visit("challenge-new", reverse("challenge-new") + "?to=ben", "ana"),
        Visit("player", reverse("player", args=["ben"]), "ana"),
    ]
    if data["decision"] is not None:
        out.append(Visit("decision", reverse("decision", args=[data["decision"].pk]), "ana"))
    for slug, _ in available_games():
        out += [Visit(f"rules-{slug}", reverse("rules", args=[slug])),
                Visit(f"host-new-{slug}", reverse("host-new-lobby", args=[slug]), "host")]
    for slug, match in running.items():
        out += [
            Visit(f"match-{slug}-spectator", reverse("match", args=[match.pk])),
            Visit(f"match-{slug}-player", reverse("match", args=[match.pk]), "ana"),
            Visit(f"match-{slug}-host", reverse("match", args=[match.pk]), "host"),
        ]
    for model in admin.site._registry:
        meta = model._meta
        out.append(Visit(f"admin-{meta.app_label}-{meta.model_name}",
                         reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"), "host"))
    return out


def session_cookie(username: str) -> str:
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    return client.cookies[settings.SESSION_COOKIE_NAME].value


class TestPageLayouts(BrowserTestCase):
    @pytest.fixture(autouse=True)
    def _screens(self, tmp_path_factory):
        self.screens = screenshot_dir(tmp_path_factory)

    def test_every_page_at_desktop_and_phone_widths_has_nothing_clipped_or_overlapping(self):
        data = site()
        base = self.live_server_url
        pages = visits(data)
        cookies = {who: session_cookie(who) for who in ("ana", "host")}
        problems: list[str] = []
        for width, height in WIDTHS.items():
            tabs = {}
            for who in (None, "ana", "host"):
                context = self.browser.new_context(viewport={"width": width, "height": height})
                if who is not None:
                    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookies[who], "url": base}])
                tabs[who] = context.new_page()
            for visit in pages:
                tab = tabs[visit.who]
                tab.goto(base + visit.url, wait_until="load")
                tab.wait_for_timeout(50)
                found = tab.evaluate(CHECKS_JS)
                problems += [f"{visit.name} at {width} px: {p}" for p in found]
                tab.screenshot(path=os.path.join(self.screens, f"{visit.name}-{width}.png"), full_page=True)
            # Practice start: a visitor's click on the home page lands on a practice match.
            visitor = tabs[None]
            visitor.goto(base + "/")
            game = available_games()[0][0]
            visitor.locator(f'[data-game="{game}"]').get_by_role("button", name="Practice against bots").click()
            visitor.wait_for_url(re.compile(r".*/matches/\d+/$"), timeout=15000)
            problems += [f"practice at {width} px: {p}" for p in visitor.evaluate(CHECKS_JS)]
            visitor.screenshot(path=os.path.join(self.screens, f"practice-{width}.png"), full_page=True)
            for tab in tabs.values():
                tab.context.close()
        # The checks see what they look for: a page made wide, a clipped line and two buttons on each other.
        tab = self.browser.new_page(viewport={"width": 390, "height": 844})
        tab.goto(base + "/")
        tab.evaluate("""() => document.querySelector("main").insertAdjacentHTML("beforeend",
            '<div style="width:600px">wide</div><p style="white-space:nowrap;width:50px">a line far too long</p>'
            + '<button style="display:block">one</button><button style="display:block;margin-top:-1.5em">two</button>')""")
        planted = tab.evaluate(CHECKS_JS)
        assert [p.split(":")[0] for p in planted] == ["the page scrolls sideways", "text runs out of its box",
                                                      'button "one" overlaps button "two"'], planted
        tab.close()
        with open(os.path.join(self.screens, "problems.txt"), "w") as out:
            out.write("\n".join(problems))
        assert not problems, "\n".join(problems)
        assert spec_of(game)  # the practice game is a registered one
