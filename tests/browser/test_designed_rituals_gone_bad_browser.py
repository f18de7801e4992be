"""Issue 21 done in Chromium: a host uses the shipped Rituals Gone Bad template on /designs/, opens a lobby of
seven, and the seven play a whole match while the design's rules close every phase on the server's own clock
(no ruling, no "Resolve now", nothing else by the host). The end shown on the match page (placement, Tokens of
Life, Elimination Candidates) and the match's counters and garnets equal the coded Rituals Gone Bad engine's
for the same moves.

How the seven play (two cores are too few for seven Chromiums):
- ana and ben sign in and take their seats in the browser, and send every move through the match page's form;
- cy … gus take their seats through the lobby service, and send every move as the same HTTP POST the form
  makes, through Django's test client signed in as each of them.
The moves are the coded engine's bots' moves, some players silent (``RitualsGoneBadAdapter`` of
``games/custom_game/proof.py`` chooses them and maps them to the design's answers). The coded match is played
alongside, phase by phase, with ``games.engines.runner``; the design's drawn leader order is its setting.
Once every move of a phase is in, the test moves the phase's deadline into the past, as the other browser
tests do, and the live server's embedded phase clock closes it with the design's rules.

The lobby's seed is set to ``SEED`` before the match starts, so the match is the same every run: with it,
ben stays silent in a summoning, ana buys look-ups with garnets (by pair as the last ritual's Cult Leader,
then as a cultist), and the fewest points tie, so ana, alone with the most, chooses the Elimination Candidate
in the EC decision through the form.
"""

from __future__ import annotations

import random
import re
import time
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import Sum
from django.test import Client
from django.utils import timezone

from games.custom_game.proof import Final, RitualsGoneBadAdapter
from games.engines import runner
from games.engines.registry import get_engine
from genius.designs.models import GameDesign
from genius.matches.models import GarnetEntry, Match, Phase
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

PLAYERS = ["ana", "ben", "cy", "dee", "eli", "fay", "gus"]
IN_BROWSER = ("ana", "ben")
START_GARNETS = {"ana": 2, "ben": 0, "cy": 3, "dee": 1, "eli": 2, "fay": 3, "gus": 1}
WAIT_SECONDS = 30
SEED = 15


def wait_until(check, what: str, seconds: float = WAIT_SECONDS) -> Any:
    """Poll ``check`` (a database read) until it returns something truthy; fail after ``seconds``."""
    end = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def form_data(answers: dict[str, Any]) -> dict[str, Any]:
    """The design's answers as the match page's form posts them (checkbox "on", lists for multiple choices)."""
    data: dict[str, Any] = {}
    for key, value in answers.items():
        if value is True:
            data[key] = "on"
        elif value is None or value is False:
            continue
        else:
            data[key] = value
    return data


def fill_the_form(page, answers: dict[str, Any]) -> None:
    """Answer through the form on the page: a choice selected, a yes ticked, multiple choices ticked."""
    for key, value in answers.items():
        if value is None or value is False or value == []:
            continue
        if value is True:
            page.check(f"#move-form input[name={key}]")
        elif isinstance(value, list):
            for one in value:
                page.check(f"#move-form input[name={key}][value='{one}']")
        else:
            page.select_option(f"#move-form select[name={key}]", str(value))
    page.click("#move-form button[type=submit]")
    page.wait_for_selector("#move-form >> text=Your move is in")


def shown_result(page) -> Final:
    """Placement, Tokens of Life and Elimination Candidates as the match page's result shows them."""
    places = page.eval_on_selector_all(
        "#part-status [data-place-of]", "els => els.map(e => [e.dataset.placeOf, Number(e.dataset.place)])")
    text = page.inner_text("#part-status .outcome")
    tol: dict[str, int] = {}
    found = re.search(r"Tokens? of Life \(ToL\): ([^.]*)\.", text)
    if found:
        for part in found.group(1).split(", "):
            name, count = part.rsplit(" ×", 1)
            tol[name] = int(count)
    found = re.search(r"Elimination Candidates?: ([^.]*)\.", text)
    ec = found.group(1).split(", ") if found else []
    return Final(counters={}, garnets={}, placement=dict(places), tol=tol, ec=ec)


class TestDesignedRitualsGoneBadInBrowser(BrowserTestCase):
    def test_seven_players_play_the_shipped_template_through_with_no_host_action_as_the_coded_game_does(self):
        User.objects.create_user("host", password="host-password-1", is_staff=True)
        users = {}
        for name in PLAYERS:
            users[name] = User.objects.create_user(name, password=f"{name}-password-1")
            GarnetEntry.objects.create(user=users[name], amount=START_GARNETS[name], reason="starting wallet")
        base = self.live_server_url

        # The host: the shipped template, used from /designs/; a lobby of seven, the EC decision a minute long.
        host = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        log_in(host, base, "host")
        host.goto(f"{base}/designs/")
        host.click("#shipped-rituals-gone-bad button:has-text('Use this template')")
        host.wait_for_selector("h1:has-text('Rituals Gone Bad')")
        design = GameDesign.objects.get(owner__username="host")
        assert all(p["close"] == "rules" for p in design.document["phases"])
        host.click("a[role=button]:has-text('Open a lobby')")
        host.select_option("#id_seats_wanted", "7")
        host.fill("#id_phase_hours", "0")
        host.fill("#id_phase_minutes", "1")
        host.click("button:has-text('Open the lobby')")
        host.wait_for_url(f"{base}/matches/*/")
        match = Match.objects.get()
        assert match.game == "custom-game" and match.config["design"]["title"] == design.title
        Match.objects.filter(pk=match.pk).update(seed=SEED)

        pages = {}
        for name in IN_BROWSER:
            page = self.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            log_in(page, base, name)
            page.goto(f"{base}/matches/{match.pk}/")
            page.click("button:has-text('Take a seat')")
            page.wait_for_selector("text=You have a seat")
            pages[name] = page
        clients = {}
        for name in PLAYERS:
            if name not in IN_BROWSER:
                lifecycle.join_lobby(match.pk, users[name])
                clients[name] = Client()
                clients[name].force_login(users[name])
        host.reload()
        host.click("button[value=start]")
        host.wait_for_selector("#part-status >> text=Preparation")

        # The coded match, set up as the design's set-up drew it: the same players, seed, garnets and leaders.
        match.refresh_from_db()
        state = match.state
        players, seed = list(state["players"]), match.seed
        assert players == PLAYERS and seed == SEED  # the seat order: the order the seats were taken
        assert state["garnets"] == {p: START_GARNETS[p] for p in players}
        adapter = RitualsGoneBadAdapter()
        coded = get_engine(adapter.slug)
        coded_state = coded.setup(list(players), {"leaders": list(state["values"]["leaders"])},
                                  dict(state["garnets"]), seed)
        rng = random.Random(f"moves:{seed}")

        phases = 0
        while coded.phase(coded_state) is not None:
            spec = coded.phase(coded_state)
            match.refresh_from_db()
            phase = match.current_phase
            assert phase is not None and phase.kind != "ruling", f"{spec.name}: the design waits for the host"
            assert sorted(get_engine("custom-game").phase(match.state).actors) == sorted(spec.actors), spec.name
            moves = adapter.moves(coded, coded_state, seed, rng)
            for player, move in moves.items():
                answers = adapter.answers(coded_state, player, move)
                if player in pages:
                    pages[player].goto(f"{base}/matches/{match.pk}/")
                    fill_the_form(pages[player], answers)
                else:
                    posted = clients[player].post(f"/matches/{match.pk}/",
                                                  {"phase": phase.number, **form_data(answers)})
                    assert posted.status_code == 302, (player, spec.name, posted.content.decode()[:2000])
            assert phase.submissions.filter(is_default=False).count() == len(moves), spec.name
            coded_state = runner.play_phase(coded, coded_state, seed, moves).resolution.state

            # The deadline passes: the live server's clock closes the phase with the design's rules.
            Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
            closed = Phase.objects.filter(pk=phase.pk, status=Phase.Status.RESOLVED)
            wait_until(closed.exists, f"the clock to close {phase.name}")
            phases += 1
        assert phases >= 14

        match = wait_until(lambda: Match.objects.filter(pk=match.pk, status=Match.Status.FINISHED).first(),
                           "the match to finish")
        assert not match.phases.filter(kind="ruling").exists()  # no host ruling anywhere
        decision = match.phases.get(kind="decision")
        assert decision.submissions.get(is_default=False).seat.name == "ana"
        spends = GarnetEntry.objects.filter(match=match, user=users["ana"], amount__lt=0)
        assert sum(e.amount for e in spends) == -2  # ana's two look-ups
        expected = adapter.final(coded, coded_state)

        # The design's match ended as the coded one: counters, garnets, placement, ToL, ECs.
        outcome = match.outcome
        site = Final(counters={p: dict(match.state["counters"][p]) for p in players},
                     garnets=dict(match.state["garnets"]), placement=dict(match.placement),
                     tol={p: n for p, n in outcome["tol"].items() if n}, ec=list(outcome["ec"]))
        assert site.differences(expected) == []
        wallets = {u["user__username"]: u["total"] for u in
                   GarnetEntry.objects.values("user__username").annotate(total=Sum("amount"))}
        assert {p: wallets[p] for p in players} == expected.garnets  # the season wallets moved as the garnets

        # What the match page shows everyone: the same placement, Tokens of Life and ECs.
        for page in (host, pages["ana"]):
            page.goto(f"{base}/matches/{match.pk}/")
            page.wait_for_selector("#part-status [data-match-over]")
            shown = shown_result(page)
            assert shown.placement == expected.placement
            assert shown.tol == expected.tol
            assert sorted(shown.ec) == sorted(expected.ec)
        assert "Final points:" in host.inner_text("#part-announcements")
        # ana's look-up was answered to her alone.
        assert "Ritual 4 look-up, pair 1" in pages["ana"].inner_text("#part-private")
        pages["ben"].goto(f"{base}/matches/{match.pk}/")
        pages["ben"].wait_for_selector("#part-status [data-match-over]")
        assert "look-up, pair 1" not in pages["ben"].content()
