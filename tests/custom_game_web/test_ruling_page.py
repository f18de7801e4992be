"""The host's adjudication page: who may open it, the submissions table, drafts, errors beside their boxes
with nothing lost, the preview step, publishing, and hostile input (never a 500)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genius.matches.models import LogEntry, Match, Phase

from .conftest import box, close_players_phase, counted, make_season, open_phase, start_custom, url

pytestmark = pytest.mark.django_db


def test_only_the_host_opens_the_adjudication_page(ruling_open, client, make_user):
    assert client.get(url(ruling_open)).status_code == 302  # signed out: log in first
    client.force_login(ruling_open.seats.get(name="ana").user)
    assert client.get(url(ruling_open)).status_code == 403
    assert client.post(url(ruling_open), counted(ruling_open, {"action": "publish", "next": "end"})).status_code == 403
    client.force_login(make_user("stranger"))
    assert client.get(url(ruling_open)).status_code == 403
    assert open_phase(ruling_open).kind == "ruling"


def test_a_staff_user_seated_in_the_match_is_a_player_there(make_user):
    staff = make_user("ana", staff=True)
    match = start_custom()
    close_players_phase(match)
    from django.test import Client

    client = Client()
    client.force_login(staff)
    assert client.get(url(match)).status_code == 403


def test_the_page_shows_every_submission_with_defaults_marked_and_the_values_now(ruling_open, client, host):
    client.force_login(host)
    page = client.get(url(ruling_open)).content.decode()
    assert "Submissions: Bid" in page and "<th scope=\"col\">Suit</th>" in page and "Your bid" in page
    ana_row = re.search(r"<tr><th scope=\"row\">ana</th>(.*?)</tr>", page, re.S).group(1)
    assert "Red" in ana_row and "7" in ana_row
    assert page.count('class="was-default"') == 6  # six players sent nothing
    assert "now 0" in page and "now 5" in page  # Points and Coins as they are
    assert "wallet 0" in page
    assert 'value="vote:1" selected' in page.replace("\n", "")  # the design's next phase
    assert 'class="table-scroll"' in page


def test_without_an_open_ruling_the_page_says_so(custom_match, client, host):
    client.force_login(host)
    response = client.get(url(custom_match))
    assert response.status_code == 200 and "No phase is waiting for your ruling" in response.content.decode()
    response = client.post(url(custom_match), {"action": "publish", "next": "end"})
    assert response.status_code == 400 and "no ruling to publish" in response.content.decode()


def test_a_draft_is_saved_and_shown_again(ruling_open, client, host):
    client.force_login(host)
    response = client.post(url(ruling_open), counted(ruling_open, {"action": "draft", "announce": "Ana takes it.", "seat-0-counter-points": "3",
                                              "seat-1-private": "Psst, ben.", "next": "final:1", "actors": ["cy"],
                                              "length": "closed"}), follow=True)
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == url(ruling_open)
    assert re.search(r"Draft saved at \d\d:\d\d", page)
    assert "Ana takes it." in page and "Psst, ben." in page
    assert 'value="3"' in box(page, "seat-0-counter-points")
    assert 'value="final:1" selected' in page.replace("\n", "")
    assert re.search(r'name="actors" value="cy" checked', page)
    assert 'value="closed" checked' in page
    phase = open_phase(ruling_open)
    assert phase.ruling is None and phase.ruling_draft["announce"] == "Ana takes it."
    assert not LogEntry.objects.filter(match=ruling_open, text="Ana takes it.").exists()


@pytest.mark.parametrize("name, typed", [("seat-0-counter-points", "²"), ("seat-0-counter-points", "٣"), ("seat-2-garnets", "1.5"),
                                         ("hours", "-1")])
def test_a_number_that_is_not_one_is_refused_beside_its_box_and_nothing_is_lost(ruling_open, client, host, name,
                                                                                typed):
    client.force_login(host)
    data = {"action": "preview", "announce": "Kept text ⚑", "seat-3-private": "Kept secret", name: typed,
            "next": "vote:1", "length": "timed"}
    response = client.post(url(ruling_open), counted(ruling_open, data))
    page = response.content.decode()
    assert response.status_code == 400
    assert 'aria-invalid="true"' in box(page, name)
    assert "Kept text ⚑" in page and "Kept secret" in page
    assert open_phase(ruling_open).kind == "ruling"


def test_the_engines_refusal_is_shown_beside_the_box_it_names(ruling_open, client, host):
    client.force_login(host)
    response = client.post(url(ruling_open), counted(ruling_open, {"action": "preview", "seat-0-garnets": "-5", "announce": "x",
                                              "next": "vote:1"}))
    page = response.content.decode()
    assert response.status_code == 400
    assert 'aria-invalid="true"' in box(page, "seat-0-garnets") and "cannot take 5" in page


def test_a_changed_form_that_breaks_the_design_rules_is_refused_beside_the_option_box(ruling_open, client, host):
    client.force_login(host)
    response = client.post(url(ruling_open), counted(ruling_open, {"action": "preview", "next": "bid:1", "nf-0-0-options": "  \n  "}))
    page = response.content.decode()
    assert response.status_code == 400
    assert 'aria-invalid="true"' in box(page, "nf-0-0-options") and "at least one option" in page


def test_the_preview_shows_what_each_reader_will_read_and_publishes_nothing(ruling_open, client, host):
    client.force_login(host)
    response = client.post(url(ruling_open), counted(ruling_open, {"action": "preview", "announce": "Ana wins the secret.",
                                              "seat-0-private": "The code is 1234.", "seat-1-counter-points": "2",
                                              "seat-1-counter-coins": "-1", "next": "vote:1"}))
    page = response.content.decode()
    assert response.status_code == 200 and "Publish now" in page
    everyone = page.split("<strong>Everyone</strong>")[1].split("</article>")[0]
    assert "Ana wins the secret." in everyone and "ben: Points +2 (now 2)" in everyone
    assert "The code is 1234." not in everyone and "Coins" not in everyone
    assert "Only ana" in page and "The code is 1234." in page and "Only ben" in page
    assert open_phase(ruling_open).kind == "ruling"
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page))
    assert hidden["announce"] == "Ana wins the secret." and hidden["seat-1-counter-coins"] == "-1"


def test_publish_now_publishes_once_and_goes_back_to_the_match(ruling_open, client, host):
    client.force_login(host)
    data = counted(ruling_open, {"action": "publish", "announce": "Ana wins the secret.", "next": "vote:1", "length": "timed",
            "hours": "2", "minutes": "30"})
    response = client.post(url(ruling_open), data)
    assert response.status_code == 302 and response["Location"] == f"/matches/{ruling_open.pk}/"
    vote = open_phase(ruling_open)
    assert vote.name == "Vote" and vote.deadline - vote.opened_at == timedelta(hours=2, minutes=30)
    assert LogEntry.objects.filter(match=ruling_open, audience="public", text="Ana wins the secret.").count() == 1
    again = client.post(url(ruling_open), data)
    assert again.status_code == 400 and "no ruling to publish" in again.content.decode()
    assert LogEntry.objects.filter(match=ruling_open, text="Ana wins the secret.").count() == 1


def test_back_to_edit_keeps_everything_typed(ruling_open, client, host):
    client.force_login(host)
    response = client.post(url(ruling_open), counted(ruling_open, {"action": "edit", "announce": "Half done", "seat-4-counter-coins": "9",
                                              "next": "end"}))
    page = response.content.decode()
    assert response.status_code == 200 and "Half done" in page and 'value="9"' in box(page, "seat-4-counter-coins")
    assert 'value="end" selected' in page.replace("\n", "")


def test_the_next_phases_form_can_be_changed_on_the_page(ruling_open, client, host):
    client.force_login(host)
    client.post(url(ruling_open), counted(ruling_open, {"action": "publish", "next": "bid:1", "nf-0-0-label": "Colour",
                                   "nf-0-0-options": "Green\nGold\nGrey", "nf-0-1-max": "3", "actors": ["ana", "ben"]}))
    bid = open_phase(ruling_open)
    assert bid.name == "Bid" and bid.actors == ["ana", "ben"]
    fields = bid.match.state["open"]["fields"]
    assert fields[0]["label"] == "Colour" and fields[0]["options"] == ["Green", "Gold", "Grey"]
    assert fields[1]["max"] == 3


def test_the_end_from_the_page_sets_placement_tokens_and_ecs(client, host):
    season = make_season()
    match = start_custom(season=season)
    close_players_phase(match)
    client.force_login(host)
    response = client.post(url(match), counted(match, {"action": "publish", "announce": "Game over.", "next": "end",
                                        "seat-0-place": "1", "seat-1-place": "2", "seat-0-tol": "1", "ec_mode": "list",
                                        "ec": ["cy", "dee"], "actors": ["ana"], "length": "closed"}))
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.outcome["ec"] == ["cy", "dee"] and match.outcome["tol"] == {"ana": 1}
    assert match.placement["ana"] == 1 and match.placement["ben"] == 2
    assert match.season_decisions.filter(kind="death_match").count() == 2


def test_an_ec_decision_from_the_page_opens_a_decision_phase(ruling_open, client, host):
    client.force_login(host)
    client.post(url(ruling_open), counted(ruling_open, {"action": "publish", "next": "end", "ec_mode": "decide",
                                   "between": ["cy", "dee"], "deciders": ["ana", "ben", "eli"]}))
    phase = open_phase(ruling_open)
    assert phase.kind == "decision" and phase.actors == ["ana", "ben", "eli"]


def test_the_page_is_built_for_a_phone(ruling_open, client, host):
    client.force_login(host)
    page = client.get(url(ruling_open)).content.decode()
    assert '<div class="table-scroll"' in page and 'name="viewport"' in page
    assert "inputmode=\"numeric\"" in page


text = st.text(alphabet=st.characters(codec="utf-8"), max_size=30) | st.sampled_from(
    ["²", "٣", "１", "@everyone", "<script>x</script>", "\ud800", "-0", "9" * 40, "\x00", "end", "vote:99"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(data=st.dictionaries(st.sampled_from(["announce", "seat-0-private", "seat-6-private", "seat-0-counter-points",
                                              "seat-2-counter-coins", "seat-1-garnets", "next", "actors", "length", "hours",
                                              "minutes", "seat-0-place", "seat-3-tol", "ec", "ec_mode", "between",
                                              "deciders", "nf-1-0-label", "nf-0-0-options", "nf-0-1-min",
                                              "reveal", "action", "seat-TOTAL_FORMS", "seat-INITIAL_FORMS",
                                              "nf-0-TOTAL_FORMS", "nf-1-INITIAL_FORMS"]),
                            text, max_size=8))
def test_any_text_in_any_box_gets_an_answer_never_a_500(ruling_open, client, host, data):
    client.force_login(host)
    data.setdefault("action", "preview")
    if data["action"] == "publish":
        data["action"] = "preview"  # keep the ruling open for the next example
    data = {k: v.encode("utf-8", "replace").decode("utf-8") for k, v in data.items()}  # a browser sends UTF-8
    response = client.post(url(ruling_open), counted(ruling_open, data))
    assert response.status_code in (200, 302, 400), response.status_code
    assert Phase.objects.filter(match=ruling_open, kind="ruling", status="open").exists()
