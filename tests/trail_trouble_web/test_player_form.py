"""The generic match page played as Trail Trouble: the fork form, the garnet boxes, the public trail."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from genius.matches.models import GarnetEntry, Submission, garnet_balance
from genius.matches.services import lifecycle

from .helpers import BOTS, running_match

pytestmark = pytest.mark.django_db


def page_of(client, match) -> str:
    return html.unescape(client.get(reverse("match", args=[match.pk])).content.decode())


def move(fork_1: str = "R", fork_2: str = "R", fork_3: str = "R", fork_4: str = "R", garnet=(), phase: int = 1) -> dict:
    return {"fork_1": fork_1, "fork_2": fork_2, "fork_3": fork_3, "fork_4": fork_4, "garnet": list(garnet),
            "phase": phase}


def trail_names(svg_html: str, names: list[str]) -> list[str]:
    """The names on the drawn trail, top (front) to bottom."""
    svg = re.search(r"<svg.*?</svg>", svg_html, re.S).group(0)
    return [t.text for t in ET.fromstring(svg).iter() if t.tag.endswith("text") and t.text in names]


def test_the_form_shows_the_four_forks_as_two_choices_each_with_their_costs(client, ana):
    match = running_match(ana)
    client.force_login(ana)
    page = page_of(client, match)
    assert "Your move is not in yet" in page
    for number in range(1, 5):
        assert f'<select id="f-fork_{number}" name="fork_{number}"' in page
        assert f"Fork {number} of 4: Left or Right?" in page
    assert "Left: gain 1 coin</option>" in page
    assert "Right: pay 1 coin to gain 3 positions</option>" in page
    assert "Left (free): gain 1 coin. Right (costs 1 coin): pay 1 coin to gain 3 positions." in page
    assert "Right (costs 2 coins): pay 2 coins to gain 1 garnet." in page
    assert "Left (free): if at least 2 players ahead of you take this path: gain 2 positions." in page


def test_the_form_offers_a_garnet_only_at_forks_where_a_path_costs_coins_and_shows_coins_and_garnets(client, ana):
    match = running_match(ana, garnets=2)
    client.force_login(ana)
    page = page_of(client, match)
    boxes = re.findall(r'name="garnet" value="(\d)"', page)
    assert boxes == ["1", "3"]
    assert "Fork 1 (Right costs 1 coin)" in page and "Fork 3 (Right costs 2 coins)" in page
    assert "You have 0 coins and 2 garnets now." in page
    assert re.search(r"<dt>coins</dt><dd>0</dd>.*<dt>garnets</dt><dd>2</dd>", page, re.S)


def test_a_garnet_on_a_free_path_is_refused_with_the_message_beside_the_field(client, ana):
    match = running_match(ana, garnets=2)
    client.force_login(ana)
    response = client.post(reverse("match-submit", args=[match.pk]), move(fork_1="L", garnet=["1"]))
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    message = "Fork 1's Left path costs no coins; there is nothing to pay with a garnet."
    fieldset = re.search(r"<fieldset><legend>Pay with a garnet.*?</fieldset>", page, re.S).group(0)
    assert f'<small class="field-error" id="e-garnet" role="alert">{message}</small>' in fieldset
    assert 'value="1" checked' in fieldset  # the form keeps what was sent
    assert not Submission.objects.filter(seat__user=ana).exists()


def test_marking_more_garnets_than_held_is_refused_beside_the_field(client, ana):
    match = running_match(ana, garnets=1)
    client.force_login(ana)
    response = client.post(reverse("match-submit", args=[match.pk]), move(garnet=["1", "3"]))
    assert response.status_code == 400
    assert "You have 1 garnet; that is not enough to pay forks 1 and 3 with garnets." in html.unescape(
        response.content.decode())


def test_a_round_sent_with_a_garnet_is_saved_can_be_changed_and_spends_the_garnet(client, ana):
    match = running_match(ana, garnets=2, order=[*BOTS, "ana"])
    client.force_login(ana)
    url = reverse("match-submit", args=[match.pk])
    assert client.post(url, move(fork_1="L")).status_code == 302
    assert client.post(url, move(fork_1="R", fork_2="L", garnet=["1"])).status_code == 302
    sub = Submission.objects.get(seat__user=ana, kind="move")
    assert sub.payload == {"paths": "RLRR", "garnet": [1]}
    page = page_of(client, match)
    assert "Your move is in" in page and 'value="1" checked' in page
    lifecycle.resolve_now(match.pk)
    match.refresh_from_db()
    fork_1 = match.state["rounds"][0]["forks"][0]["results"]["ana"]
    assert fork_1["how"] == "garnet" and fork_1["positions"] == 3
    assert garnet_balance(ana.pk, None) == 1
    assert GarnetEntry.objects.filter(user=ana, amount=-1, reason__contains="paid the Right path with a garnet").exists()


def test_the_public_trail_shows_the_new_order_and_only_the_player_sees_their_coins(client, ana, host):
    match = running_match(ana, order=[*BOTS, "ana"])
    client.force_login(ana)
    client.post(reverse("match-submit", args=[match.pk]), move(fork_1="R", garnet=["1"]))
    lifecycle.resolve_now(match.pk)
    match.refresh_from_db()
    names = [*BOTS, "ana"]
    order = match.state["order"]
    assert order != [*BOTS, "ana"]
    mine = page_of(client, match)
    assert trail_names(mine, names) == order
    assert f"{match.state['coins']['ana']} coin" in mine
    assert "Round 1 of 4 is over. The trail, front to back: 1. " + order[0] in mine
    client.logout()
    public = page_of(client, match)
    assert trail_names(public, names) == order
    svg = re.search(r"<svg.*?</svg>", public, re.S).group(0)
    assert "coin" not in svg and ">R1<" in svg
    client.force_login(host)
    hosted = re.search(r"<svg.*?</svg>", page_of(client, match), re.S).group(0)
    assert hosted.count(" coin") == 10


def test_the_whole_round_is_played_by_deadline_and_the_next_form_is_for_round_two(client, ana):
    match = running_match(ana)
    phase = match.current_phase
    lifecycle.close_due_phases(now=phase.deadline)
    match.refresh_from_db()
    assert match.current_phase.name == "round 2"
    assert Submission.objects.get(seat__user=ana, phase=phase).is_default  # Right at all four forks
    assert Submission.objects.get(seat__user=ana, phase=phase).payload == {"paths": "RRRR", "garnet": []}
    client.force_login(ana)
    page = page_of(client, match)
    assert "Your move: round 2" in page and "Left (free): gain 2 coins. Right (costs 1 coin): pay 1 coin to gain 2 positions." in page
    form = page[page.index('id="move-form"'):]
    assert ":coin:" not in form.split("</form>")[0]  # the host's notation stays off the player's form
