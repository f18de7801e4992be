"""The match page's buttons for a design's actions and trades: drawn for the seats that may press them now, posted
in place (htmx) or as plain forms, refused in the rules' words beside the button (status 400, nothing applied,
what was typed kept); offers made, accepted, declined and withdrawn through the page, read only by their two
players and the host; bots answer the offers made to them."""

from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from genius.matches.models import Match, Submission
from genius.matches.services import lifecycle
from genius.matches.services.actions import take_action
from genius.matches.services.bot_actions import take_bot_actions
from tests.custom_game.action_designs import CALL_DESIGN, design
from tests.custom_game.trade_designs import TRADE_DESIGN

from .conftest import T0, open_phase, start_design

PLAYERS = ["ana", "ben", "cy"]
HTMX = {"HTTP_HX_REQUEST": "true"}


def start(doc: dict, names: list[str] = PLAYERS, bots: int = 0, seed: int = 99) -> Match:
    return start_design(design(doc), names, title="Buttons night", bots=bots, seed=seed)


@pytest.fixture
def race(db) -> Match:
    return start(CALL_DESIGN)


@pytest.fixture
def market(db) -> Match:
    return start(TRADE_DESIGN)


def as_seat(client, match: Match, name: str):
    client.force_login(match.seats.get(name=name).user)
    return client


def press(client, match: Match, name: str, act: str, htmx: bool = True, **fields):
    """Post a button's form as a browser would (a lone surrogate goes as its raw bytes: bad UTF-8 reaches us)."""
    data = {"phase": str(open_phase(match).number), "act": act, **fields}
    body = urlencode(data, doseq=True, encoding="utf-8", errors="surrogatepass")
    return as_seat(client, match, name).post(reverse("match-act", args=[match.pk]), body,
                                             content_type="application/x-www-form-urlencoded", **(HTMX if htmx else {}))


def page(client, match: Match) -> str:
    return client.get(reverse("match", args=[match.pk])).content.decode()


@pytest.mark.django_db
def test_a_seat_sees_a_button_for_each_action_of_the_phase_and_a_spectator_sees_none(client, race, make_user):
    html = page(as_seat(client, race, "ana"), race)
    for key in ("do-call", "do-raise", "do-whisper"):
        assert f'data-keep="{key}"' in html
    assert 'name="by"' in html and "Only you and the host see it." in html
    client.force_login(make_user("zed"))
    assert 'data-keep="' not in page(client, race) and 'id="part-actions"' not in page(client, race)


@pytest.mark.django_db
def test_a_seat_that_does_not_act_in_the_phase_gets_no_button_and_cannot_post_one(client):
    doc = design(CALL_DESIGN)
    doc["phases"][0].update({"actors": "seats", "seats": [1, 2]})
    match = start(doc)
    assert 'data-keep="do-call"' in page(as_seat(client, match, "ben"), match)
    assert 'data-keep="' not in page(as_seat(client, match, "cy"), match)
    response = press(client, match, "cy", "do-call")
    assert response.status_code == 400 and "You do not act in" in response.content.decode()


@pytest.mark.django_db
def test_the_hosts_part_lists_every_offer_and_no_button(market):
    from genius.matches import presenters

    take_action(market.seats.select_related("match").get(name="cy"), {"trade": "offer", "to": "ben",
                                                                        "give": {"coins": 1}}, open_phase(market).number)
    market.refresh_from_db()
    part = presenters.host_parts(market)["actions"]
    assert "Offer 1: cy offers ben a gift of 1 Coins: open." in part and "<form" not in part


@pytest.mark.django_db(transaction=True)
def test_an_offer_pushes_the_answer_buttons_to_the_one_offered_and_nothing_to_the_third(
        client, market, monkeypatch, django_capture_on_commit_callbacks):
    from genius.live import pushes as live
    from genius.live.fanout import audience

    seats = {s.name: s for s in market.seats.all()}
    private: dict = {}

    async def capture(messages):
        for group, message in messages:
            private[group] = message

    monkeypatch.setattr(audience, "watchers", lambda match_id: audience.Watchers({s.pk for s in seats.values()}, False))
    monkeypatch.setattr(live, "_send_all", capture)
    monkeypatch.setattr(live, "_publish", lambda frame: None)
    with django_capture_on_commit_callbacks(execute=True):
        assert offer(client, market, "ana", "ben", give_coins="1", get_gems="1").status_code == 200
    bens = private[live.seat_group(market.pk, seats["ben"].pk)]["text"]
    assert "act-answer-1" in bens and "Offer 1: ana offers ben 1 Coins for 1 Gems." in bens
    assert live.seat_group(market.pk, seats["cy"].pk) not in private


@pytest.mark.django_db
def test_an_action_taken_once_loses_its_button_for_its_player_only(client):
    doc = design(CALL_DESIGN)
    doc["phases"][0]["actions"][0]["rules"] = 'add(actors[0], "points", 1)'  # a call that does not end the round
    match = start(doc)
    assert press(client, match, "ana", "do-call").status_code == 200
    assert 'data-keep="do-call"' not in page(as_seat(client, match, "ana"), match)
    assert 'data-keep="do-call"' in page(as_seat(client, match, "ben"), match)


@pytest.mark.django_db
def test_a_call_that_ends_the_round_brings_the_next_rounds_buttons(client, race):
    assert press(client, race, "ben", "do-call").status_code == 200
    assert open_phase(race).name == "Race, round 2 of 3"
    assert 'data-keep="do-call"' in page(as_seat(client, race, "ben"), race)


@pytest.mark.django_db
def test_an_action_posted_in_place_is_applied_and_answered_with_the_part(client, race):
    response = press(client, race, "ana", "do-raise", by="2")
    assert response.status_code == 200
    text = response.content.decode()
    assert 'data-keep="do-raise"' in text and 'hx-swap-oob="outerHTML"' in text and "Done: Raise." in text
    race.refresh_from_db()
    assert race.state["counters"]["ana"]["points"] == 2


@pytest.mark.django_db
def test_a_private_action_answers_its_player_with_what_the_rules_told_them(client, race):
    response = press(client, race, "cy", "do-whisper", word="psst")
    assert response.status_code == 200 and "You whispered." in response.content.decode()


@pytest.mark.django_db
def test_an_action_posted_without_javascript_redirects_to_the_page_with_its_answer(client, race):
    response = press(client, race, "ana", "do-raise", htmx=False, by="3")
    assert response.status_code == 302 and response["Location"].endswith("#part-actions")
    race.refresh_from_db()
    assert race.state["counters"]["ana"]["points"] == 3


@pytest.mark.django_db
def test_an_action_form_works_without_javascript_its_page_carries_the_csrf_token(race):
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    html = page(as_seat(browser, race, "ana"), race)
    form = html[html.index('id="act-do-raise"'):]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form[:form.index("</form>")])
    assert token, "the form must work without the script that fills the token"
    response = browser.post(reverse("match-act", args=[race.pk]), {
        "csrfmiddlewaretoken": token.group(1), "phase": str(open_phase(race).number), "act": "do-raise", "by": "1"})
    assert response.status_code == 302
    race.refresh_from_db()
    assert race.state["counters"]["ana"]["points"] == 1


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [True, False])
def test_a_refused_action_says_the_rules_words_beside_its_button_keeps_what_was_typed_and_applies_nothing(
        client, race, htmx):
    response = press(client, race, "ana", "do-raise", htmx=htmx, by="4")
    assert response.status_code == 400
    text = response.content.decode()
    assert "At most 3." in text and 'value="4"' in text and "data-action-refused" in text
    race.refresh_from_db()
    assert race.state["counters"]["ana"]["points"] == 0
    assert not Submission.objects.filter(phase__match=race, kind=Submission.Kind.INSTANT).exists()


@pytest.mark.django_db
def test_an_action_of_a_phase_that_is_over_is_refused_not_applied_to_the_next(client, race):
    number = open_phase(race).number
    assert press(client, race, "ben", "do-call").status_code == 200
    response = as_seat(client, race, "ana").post(reverse("match-act", args=[race.pk]),
                                                 {"phase": str(number), "act": "do-raise", "by": "1"}, **HTMX)
    assert response.status_code == 400 and "Too late" in response.content.decode()
    race.refresh_from_db()
    assert race.state["counters"]["ana"]["points"] == 0


@pytest.mark.django_db
def test_someone_without_a_seat_cannot_press_a_button(client, race, make_user):
    client.force_login(make_user("zed"))
    response = client.post(reverse("match-act", args=[race.pk]), {"phase": "1", "act": "do-call"})
    assert response.status_code == 302
    race.refresh_from_db()
    assert race.state["counters"]["ana"]["points"] == 0


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["²", "\ud800", "ｂｙ", "@everyone", "1e3", "-1", "9" * 40, "٣", "\x00", "😀" * 500])
def test_unicode_in_an_actions_field_is_refused_in_words_never_a_500(client, race, value):
    response = press(client, race, "ana", "do-raise", by=value)
    assert response.status_code == 400, response.content.decode()[:500]
    race.refresh_from_db()
    assert race.state["counters"]["ana"]["points"] == 0


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["@everyone", "ｐｓｓｔ", "A\u0301", "\u202e"])
def test_unicode_in_a_text_field_of_an_action_is_taken_as_text_or_refused_in_words(client, race, value):
    response = press(client, race, "ana", "do-whisper", word=value)
    assert response.status_code in (200, 400)


@pytest.mark.django_db
@pytest.mark.parametrize("act", ["do-nothing", "offer", "answer-1", "withdraw-x", "", "do-" + "x" * 200, "\ud800"])
def test_a_button_that_is_not_offered_is_refused_in_words(client, race, act):
    response = press(client, race, "ana", act)
    assert response.status_code == 400 and "data-action-answer" in response.content.decode()


# --- trades -----------------------------------------------------------------------------------------------------

def offer(client, match, name, to, htmx=True, **fields):
    return press(client, match, name, "offer", htmx=htmx, to=to, **fields)


@pytest.mark.django_db
def test_an_offer_made_through_the_page_is_answered_by_accept_and_paid(client, market):
    assert offer(client, market, "ana", "ben", give_coins="2", get_gems="1").status_code == 200
    html = page(as_seat(client, market, "ben"), market)
    assert 'data-keep="answer-1"' in html and "Offer 1: ana offers ben 2 Coins for 1 Gems." in html
    assert 'value="accept"' in html and 'value="decline"' in html
    response = press(client, market, "ben", "answer-1", answer="accept")
    assert response.status_code == 200 and "accepted by ben" in response.content.decode()
    market.refresh_from_db()
    assert market.state["counters"]["ana"] == {"coins": 3, "gems": 3}
    assert market.state["counters"]["ben"] == {"coins": 7, "gems": 1}
    assert "Offer 1: ana offers ben 2 Coins for 1 Gems: accepted." in page(as_seat(client, market, "ana"), market)


@pytest.mark.django_db
def test_an_offer_declined_or_withdrawn_through_the_page_pays_nothing(client, market):
    offer(client, market, "ana", "ben", htmx=False, give_coins="1")
    offer(client, market, "cy", "ana", give_hand=[market.state["values"]["hand"]["cy"][0]], get_coins="1")
    assert press(client, market, "ben", "answer-1", htmx=False, answer="decline").status_code == 302
    html = page(as_seat(client, market, "cy"), market)
    assert 'data-keep="withdraw-2"' in html
    assert press(client, market, "cy", "withdraw-2").status_code == 200
    market.refresh_from_db()
    assert [o["status"] for o in market.state["open"]["trades"]] == ["declined", "withdrawn"]
    assert market.state["counters"]["ana"]["coins"] == 5 and market.state["counters"]["cy"]["coins"] == 5


@pytest.mark.django_db
def test_answering_an_offer_again_is_refused_beside_the_button_in_the_rules_words(client, market):
    offer(client, market, "ana", "ben", give_coins="1", get_gems="1")
    press(client, market, "ben", "answer-1", answer="decline")
    response = press(client, market, "ben", "answer-1", answer="accept")
    assert response.status_code == 400 and "Offer 1 was already declined" in response.content.decode()


@pytest.mark.django_db
def test_an_offer_of_more_than_one_holds_is_refused_and_what_was_typed_is_kept(client, market):
    response = offer(client, market, "ana", "ben", give_coins="9", get_gems="1")
    text = response.content.decode()
    assert response.status_code == 400 and "You cannot offer that" in text and 'value="9"' in text
    market.refresh_from_db()
    assert "trades" not in market.state["open"]


@pytest.mark.django_db
def test_an_offer_is_seen_by_its_two_players_and_the_host_not_by_the_third_nor_a_spectator(client, market, make_user):
    offer(client, market, "ana", "ben", give_coins="1", get_gems="2")
    said = "Offer 1: ana offers ben 1 Coins for 2 Gems"
    for name, sees in (("ana", True), ("ben", True), ("cy", False)):
        as_seat(client, market, name)
        assert (said in page(client, market)) is sees, name
        live = client.get(reverse("match-live", args=[market.pk])).json()["parts"]
        assert (said in live.get("actions", "")) is sees, name
    client.force_login(make_user("zed"))
    assert said not in page(client, market)
    assert said not in str(client.get(reverse("match-live", args=[market.pk])).json())


@pytest.mark.django_db
@pytest.mark.parametrize("fields", [
    {"to": "\ud800", "give_coins": "1"}, {"to": "@everyone", "give_coins": "1"}, {"to": "ben", "give_coins": "²"},
    {"to": "ben", "give_coins": "1" + "0" * 30}, {"to": "ben", "give_hand": ["ｘ"]}, {"to": "ben", "get_hand": "a," * 50},
    {"to": "ben"}, {"to": "ａｎａ", "give_coins": "1"}, {"to": "ben", "give_coins": "-2"},
])
def test_unicode_and_nonsense_in_an_offer_are_refused_in_words_never_a_500(client, market, fields):
    response = press(client, market, "ana", "offer", **fields)
    assert response.status_code == 400, response.content.decode()[:500]
    market.refresh_from_db()
    assert "trades" not in market.state["open"]


@pytest.mark.django_db
@pytest.mark.parametrize("answer", ["maybe", "ACCEPT", "\ud800", ""])
def test_an_answer_that_is_neither_accept_nor_decline_is_refused(client, market, answer):
    offer(client, market, "ana", "ben", give_coins="1")
    response = press(client, market, "ben", "answer-1", answer=answer)
    assert response.status_code == 400
    market.refresh_from_db()
    assert market.state["open"]["trades"][0]["status"] == "open"


# --- bots -----------------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_bot_accepts_an_offer_that_gives_it_more_than_it_pays_at_its_next_tick(client):
    match = start(TRADE_DESIGN, names=["ana"], bots=2)
    offer(client, match, "ana", "bot0", give_coins="2", get_gems="1")
    take_bot_actions(T0 + timedelta(seconds=1))
    match.refresh_from_db()
    assert match.state["open"]["trades"][0]["status"] == "accepted"
    assert match.state["counters"]["ana"]["gems"] == 3


@pytest.mark.django_db
def test_a_bot_declines_an_offer_that_costs_it_more_than_it_gets(client):
    match = start(TRADE_DESIGN, names=["ana"], bots=2)
    offer(client, match, "ana", "bot1", give_coins="1", get_gems="2")
    take_bot_actions(T0 + timedelta(seconds=1))
    match.refresh_from_db()
    assert match.state["open"]["trades"][0]["status"] == "declined"
    assert match.state["counters"]["ana"]["coins"] == 5


@pytest.mark.django_db
def test_a_bot_answers_an_offer_even_after_it_has_taken_its_action_of_the_phase(client):
    match = start(TRADE_DESIGN, names=["ana"], bots=2, seed=5)
    for tick in range(1, 4):
        take_bot_actions(T0 + timedelta(seconds=tick))
    offer(client, match, "ana", "bot0", give_coins="1")
    take_bot_actions(T0 + timedelta(seconds=5))
    match.refresh_from_db()
    mine = [o for o in match.state["open"]["trades"] if o["from"] == "ana"]
    assert mine and mine[0]["status"] == "accepted"  # a gift costs the bot nothing


# --- the replay ---------------------------------------------------------------------------------------------------

def replay(client, match: Match, step: str) -> tuple[int, str]:
    response = client.get(reverse("match-replay", args=[match.pk]) + f"?phase={step}")
    return response.status_code, response.content.decode()


def close(match: Match) -> None:
    phase = open_phase(match)
    lifecycle.resolve_phase(phase.pk, now=phase.deadline + timedelta(seconds=1))
    match.refresh_from_db()


@pytest.mark.django_db
def test_the_replay_has_a_step_for_each_action_in_order_between_the_phases(client, race, make_user):
    press(client, race, "cy", "do-raise", by="2")
    press(client, race, "ana", "do-raise", by="1")
    press(client, race, "ben", "do-whisper", word="psst")
    close(race)
    client.force_login(make_user("zed"))  # a spectator: the two public raises, in order, then the phase
    status, html = replay(client, race, "0")
    assert status == 200
    assert html.index('value="1.1"') < html.index('value="1.2"') < html.index('value="1"')
    assert 'value="1.3"' not in html  # the whisper was ben's own
    status, html = replay(client, race, "1.1")
    assert status == 200 and "cy: Raise (By: 2)" in html and "ana: Raise (By: 1)" not in html
    status, html = replay(client, race, "1.2")
    assert "ana: Raise (By: 1)" in html and "cy: Raise (By: 2)" in html


@pytest.mark.django_db
def test_a_private_action_is_a_replay_step_for_its_player_and_the_host_only(client, race):
    press(client, race, "ben", "do-whisper", word="psst")
    close(race)
    as_seat(client, race, "ben")
    status, html = replay(client, race, "1.1")
    assert status == 200 and "You whispered." in html
    as_seat(client, race, "ana")
    status, html = replay(client, race, "1.1")
    assert status == 400 and "You whispered." not in html


@pytest.mark.django_db
def test_an_offer_is_a_replay_step_for_its_two_players_and_the_host_and_each_sees_the_counters_they_could_then(
        client, market):
    offer(client, market, "ana", "ben", give_coins="2", get_gems="1")
    press(client, market, "ben", "answer-1", answer="accept")
    close(market)
    said = "Offer 1: ana offers ben 2 Coins for 1 Gems."
    as_seat(client, market, "ben")
    status, html = replay(client, market, "1.1")
    assert status == 200 and said in html and "only you and ana" in html
    status, html = replay(client, market, "1.2")
    assert "accepted by ben" in html
    as_seat(client, market, "cy")
    assert replay(client, market, "1.1")[0] == 400
    status, html = replay(client, market, "0")
    assert 'value="1.1"' not in html and said not in html


@pytest.mark.django_db
@pytest.mark.parametrize("raw", ["1.x", "1.", ".1", "1.2.3", "1.99", "١.١", "1.%ED%A0%80", "1.²"])
def test_a_replay_step_that_is_not_one_is_refused_in_words(client, race, raw):
    press(client, race, "cy", "do-raise", by="2")
    close(race)
    as_seat(client, race, "ana")
    response = client.get(reverse("match-replay", args=[race.pk]) + "?phase=" + raw)  # raw: as a browser sends it
    assert response.status_code == 400 and "msg-error" in response.content.decode()


@pytest.mark.django_db
def test_the_host_replays_every_action_each_with_its_lines_and_the_board_as_the_host_saw_it(client, market):
    from genius.matches import replay_frames
    from genius.matches.presenters import Viewer

    offer(client, market, "ana", "ben", give_coins="2", get_gems="1")
    offer(client, market, "cy", "ana", give_coins="1")
    press(client, market, "ben", "answer-1", answer="accept")
    close(market)
    host = Viewer("host")
    steps = replay_frames.steps(market, host)
    assert [s.key for s in steps[:5]] == ["0", "1.1", "1.2", "1.3", "1"]
    third = replay_frames.replay_context(market, host, steps[3], steps)
    assert [line["text"] for line in third["action_lines"]] == ["Offer 1 (ana to ben): accepted by ben."]
    assert third["action_lines"][0]["who"] == "only ana and ben"
    assert "5" in third["board"] and "7" in third["board"]  # ben's private coins: 5 + 2, as the host saw them
    ana = Viewer("player", market.seats.get(name="ana"))
    assert [s.key for s in replay_frames.steps(market, ana)[:5]] == ["0", "1.1", "1.2", "1.3", "1"]
    cy = Viewer("player", market.seats.get(name="cy"))
    assert [s.key for s in replay_frames.steps(market, cy)[:3]] == ["0", "1.1", "1"]  # only their own offer
