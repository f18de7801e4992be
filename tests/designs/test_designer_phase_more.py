"""The designer's page of a phase's further settings ("Turns, actions, trades and more"): a form for each player with
its when, the fallback of a missing move, the values a check may read, who answers (polls), a timed challenge, live
turns, trades and actions. Each is saved as the design file writes it, shown again, and refused with the design's
own words beside its box (nothing saved, what was typed kept)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from genius.designs import services
from genius.designs.models import GameDesign
from tests.security.strategies import FORM, form_body

from .conftest import box_errors, text_of
from .page_forms import form_values

pytestmark = pytest.mark.django_db

FUZZ = ["²", "\ud800", "Ⅻ", "ｃｏｉｎｓ", "@everyone", "x\u200b", "‮evil", "9" * 40, "<b>x</b>"]


@pytest.fixture
def market(design):
    """The host's design: phase "Round" (closed by its rules) with a number "bid", a choice "suit", a value
    "spies"; a counter "coins"; a table "puzzles" of 3 rows."""
    def change(doc):
        phase = {**doc["phases"][0], "close": "rules", "rules": 'announce("done")',
                 "fields": [{"key": "bid", "label": "Bid", "kind": "number", "min": 0, "max": 9, "default": 0},
                            {"key": "suit", "label": "Suit", "kind": "choice", "options": ["Red", "Blue"],
                             "default": "Red"}],
                 "values": [{"name": "spies", "formula": "[p for p in players][:1]"}]}
        return {**doc, "counters": [{"key": "coins", "label": "Coins", "start": 3, "visibility": "private"}],
                "tables": [{"key": "puzzles", "label": "Puzzles", "columns": ["question", "answer"],
                            "rows": [["2+2", "4"], ["3+3", "6"], ["1+1", "2"]]}],
                "phases": [phase]}
    return services.edit(design.pk, design.owner, change)


def url(design) -> str:
    return reverse("design-phase-more", args=[design.pk, "round"])


def phase_of(design) -> dict:
    return GameDesign.objects.get(pk=design.pk).document["phases"][0]


def shown(client, design) -> dict[str, list[str]]:
    """The page's boxes as a browser would post them unchanged."""
    return form_values(client.get(url(design)).content.decode(), "phase-more-form")


def send(client, design, **changes):
    data = {**shown(client, design), **changes}
    return client.post(url(design), form_body(data), content_type=FORM)


def test_the_phase_page_links_to_its_further_settings(host_client, market):
    page = host_client.get(reverse("design-phase", args=[market.pk, "round"])).content.decode()
    assert url(market) in page and "Turns, actions, trades and more" in page


def test_saving_the_page_unchanged_changes_nothing(host_client, market):
    before = phase_of(market)
    response = send(host_client, market)
    assert response.status_code == 302, text_of(response)[:2000]
    assert phase_of(market) == before


# --- a form for each player ----------------------------------------------------------------------------
def test_two_forms_each_with_its_fields_and_a_when_are_saved_and_shown_again(host_client, market):
    response = send(host_client, market, form_0_fields=["bid"], form_0_when="me == players[0]",
                    form_1_fields=["suit"], form_1_when="")
    assert response.status_code == 302, text_of(response)[:2000]
    assert phase_of(market)["forms"] == [{"fields": ["bid"], "when": "me == players[0]"}, {"fields": ["suit"]}]
    again = shown(host_client, market)
    assert again["form_0_fields"] == ["bid"] and again["form_0_when"] == ["me == players[0]"]


def test_a_field_in_no_form_is_refused_beside_the_forms(host_client, market):
    before = phase_of(market)
    response = send(host_client, market, form_0_fields=["bid"], form_0_when="")
    assert response.status_code == 400 and phase_of(market) == before
    assert any("“suit” is in no form" in e or "'suit' is in no form" in e or "suit" in e
               for e in box_errors(response, "form_0_fields"))


def test_a_form_without_when_before_the_last_is_refused_beside_its_when(host_client, market):
    response = send(host_client, market, form_0_fields=["bid"], form_0_when="", form_1_fields=["suit"])
    assert response.status_code == 400
    assert any("only the last form may leave when out" in e for e in box_errors(response, "form_0_when"))


def test_a_when_that_reads_what_a_player_cannot_see_is_refused_beside_it(host_client, market):
    response = send(host_client, market, form_0_fields=["bid"], form_0_when='answers["ana"] != None',
                    form_1_fields=["suit"])
    assert response.status_code == 400
    assert any("answers" in e for e in box_errors(response, "form_0_when"))
    assert 'answers[&quot;ana&quot;]' in response.content.decode()  # what was typed is kept


@pytest.mark.parametrize("typed", FUZZ)
def test_a_when_of_hostile_text_is_refused_or_saved_never_a_failure(host_client, market, typed):
    response = send(host_client, market, form_0_fields=["bid"], form_0_when=typed, form_1_fields=["suit"])
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        assert box_errors(response, "form_0_when") or box_errors(response, "form_0_fields")


# --- fallback and check_visible ------------------------------------------------------------------------
def test_a_fallback_is_saved_by_field_and_shown_again(host_client, market):
    response = send(host_client, market, fallback_on="on", fallback_bid="5", fallback_suit="Blue")
    assert response.status_code == 302, text_of(response)[:2000]
    assert phase_of(market)["fallback"] == {"bid": 5, "suit": "Blue"}
    again = shown(host_client, market)
    assert again["fallback_bid"] == ["5"] and again["fallback_suit"] == ["Blue"]
    send(host_client, market, fallback_on=[])
    assert "fallback" not in phase_of(market)


def test_a_fallback_out_of_the_fields_range_is_refused_beside_that_field(host_client, market):
    before = phase_of(market)
    response = send(host_client, market, fallback_on="on", fallback_bid="12", fallback_suit="Green")
    assert response.status_code == 400 and phase_of(market) == before
    assert box_errors(response, "fallback_bid") and box_errors(response, "fallback_suit")


@pytest.mark.parametrize("typed", ["²", "٣", "Ⅻ", "𝟘", "five", "\ud800", "1e3", "--1"])
def test_a_fallback_number_of_look_alike_digits_is_refused_beside_it(host_client, market, typed):
    response = send(host_client, market, fallback_on="on", fallback_bid=typed)
    assert response.status_code == 400 and box_errors(response, "fallback_bid")


def test_values_ticked_are_marked_for_the_check_and_unticked_again(host_client, market):
    send(host_client, market, check_visible=["spies"])
    assert phase_of(market)["values"][0]["check_visible"] is True
    send(host_client, market, check_visible=[])
    assert "check_visible" not in phase_of(market)["values"][0]


def test_a_value_the_phase_lacks_is_refused_beside_the_box(host_client, market):
    response = send(host_client, market, check_visible=["pot"])
    assert response.status_code == 400 and box_errors(response, "check_visible")


# --- polls, timed challenges -----------------------------------------------------------------------------
def test_a_phase_answered_by_the_season_is_saved(host_client, market):
    assert send(host_client, market, answered_by="season").status_code == 302
    assert phase_of(market)["answered_by"] == "season"
    assert send(host_client, market, answered_by="players").status_code == 302
    assert "answered_by" not in phase_of(market)


def test_a_poll_closed_by_hand_is_refused_beside_who_answers(host_client, market):
    services.edit(market.pk, market.owner, lambda d: {**d, "phases": [{**d["phases"][0], "close": "hand"}]})
    response = send(host_client, market, answered_by="community")
    assert response.status_code == 400
    assert any("closes by its rules" in e for e in box_errors(response, "answered_by"))


@pytest.mark.parametrize("typed", ["everyone", "Season", "ѕeason", "\ud800", ""])
def test_who_answers_takes_only_its_choices(host_client, market, typed):
    response = send(host_client, market, answered_by=typed)
    assert response.status_code in (302, 400)
    assert phase_of(market).get("answered_by") is None


def test_a_timed_challenge_is_saved_and_shown_again(host_client, market):
    response = send(host_client, market, timed_on="on", timed_table="puzzles", timed_show="question",
                    timed_draw="2", timed_seconds="60")
    assert response.status_code == 302, text_of(response)[:2000]
    assert phase_of(market)["timed"] == {"table": "puzzles", "show": ["question"], "draw": 2, "seconds": 60}
    again = shown(host_client, market)
    assert again["timed_show"] == ["question"] and again["timed_seconds"] == ["60"]


def test_a_timed_challenge_is_refused_beside_the_box_at_fault(host_client, market):
    response = send(host_client, market, timed_on="on", timed_table="puzzles", timed_show="colour",
                    timed_draw="5", timed_seconds="3")
    assert response.status_code == 400
    assert box_errors(response, "timed_seconds") and box_errors(response, "timed_show")
    assert box_errors(response, "timed_draw")


# --- turns, trades ---------------------------------------------------------------------------------------
def test_live_turns_are_saved_and_a_clock_too_short_refused_beside_it(host_client, market):
    response = send(host_client, market, turn_on="on", turn_seconds="15", turn_order="rotate", turn_timeout="pass")
    assert response.status_code == 302
    assert phase_of(market)["turn"] == {"seconds": 15, "order": "rotate", "timeout": "pass"}
    response = send(host_client, market, turn_seconds="5")
    assert response.status_code == 400 and any("between 10 and 3600" in e for e in box_errors(response, "turn_seconds"))
    assert phase_of(market)["turn"]["seconds"] == 15


def test_trades_are_saved_and_shown_again(host_client, market):
    response = send(host_client, market, trades_on="on", trades_counters=["coins"], trades_items="hand, deck",
                    trades_per_player="2", trades_gifts=[])
    assert response.status_code == 302, text_of(response)[:2000]
    assert phase_of(market)["trades"] == {"counters": ["coins"], "items": ["hand", "deck"], "per_player": 2,
                                          "gifts": False}
    assert shown(host_client, market)["trades_items"] == ["hand, deck"]


@pytest.mark.parametrize("typed", ["Hand", "ｈａｎｄ", "hand²", "@everyone", "\ud800", "a b"])
def test_a_hand_that_is_not_a_value_name_is_refused_beside_the_hands(host_client, market, typed):
    response = send(host_client, market, trades_on="on", trades_counters=["coins"], trades_items=typed)
    assert response.status_code == 400 and box_errors(response, "trades_items")


def test_trades_of_nothing_are_refused_beside_the_switch(host_client, market):
    response = send(host_client, market, trades_on="on", trades_counters=[], trades_items="")
    assert response.status_code == 400 and box_errors(response, "trades_on")


# --- actions -------------------------------------------------------------------------------------------
RAISE_FIELDS = '[{"key": "by", "label": "By", "kind": "number", "min": 1, "max": 5, "default": 1}]'


def test_an_action_is_saved_with_its_fields_rules_and_check_and_shown_again(host_client, market):
    response = send(host_client, market, action_0_label="Raise", action_0_fields=RAISE_FIELDS,
                    action_0_rules='add(actors[0], "coins", answers[actors[0]]["by"])',
                    action_0_check='if answer["by"] > 4:\n    refuse("Too much.", field="by")',
                    action_0_once="on", action_0_public=[])
    assert response.status_code == 302, text_of(response)[:2000]
    action = phase_of(market)["actions"][0]
    assert (action["key"], action["label"], action["once"], action["public"]) == ("raise", "Raise", True, False)
    assert action["fields"][0]["key"] == "by" and "Too much." in action["check"]
    again = shown(host_client, market)
    assert again["action_0_key"] == ["raise"] and json.loads(again["action_0_fields"][0])[0]["max"] == 5
    assert "action_1_label" in again  # a spare row to add another


@pytest.mark.parametrize("switch", ["anyone", "before_lock_in"])  # open to anyone; taken only before lock-in
def test_an_actions_switch_is_kept_when_saved_and_shown_again_and_dropped_when_turned_off(host_client, market,
                                                                                          switch):
    response = send(host_client, market, action_0_label="Rewind", action_0_rules="give_back_time()\nend()",
                    **{f"action_0_{switch}": "on"})
    assert response.status_code == 302, text_of(response)[:2000]
    assert phase_of(market)["actions"][0][switch] is True
    assert shown(host_client, market)[f"action_0_{switch}"] == ["on"]
    send(host_client, market, **{f"action_0_{switch}": []})
    assert switch not in phase_of(market)["actions"][0]


def test_an_action_is_removed_by_emptying_its_row(host_client, market):
    send(host_client, market, action_0_label="Call", action_0_rules='announce("call")')
    assert phase_of(market)["actions"][0]["key"] == "call"
    send(host_client, market, action_0_label="", action_0_rules="", action_0_fields="", action_0_check="")
    assert "actions" not in phase_of(market)


def test_action_fields_that_are_not_json_are_refused_with_their_line_and_an_example(host_client, market):
    response = send(host_client, market, action_0_label="Raise", action_0_fields='[{"kind": "number",\n "min": }]',
                    action_0_rules='announce("x")')
    assert response.status_code == 400
    errors = box_errors(response, "action_0_fields")
    assert any("line 2" in e and '"kind": "number"' in e for e in errors)


def test_an_action_field_of_a_wrong_kind_is_refused_beside_its_fields(host_client, market):
    response = send(host_client, market, action_0_label="Raise", action_0_fields='[{"label": "By", "kind": "dice"}]',
                    action_0_rules='announce("x")')
    assert response.status_code == 400
    assert any("dice" in e for e in box_errors(response, "action_0_fields"))


def test_an_action_without_rules_or_with_a_bad_line_is_refused_beside_its_rules(host_client, market):
    response = send(host_client, market, action_0_label="Call", action_0_rules="")
    assert response.status_code == 400 and box_errors(response, "action_0_rules")
    response = send(host_client, market, action_0_label="Call", action_0_rules="x = \nannounce(1)")
    assert response.status_code == 400 and any("Line 1" in e or "line 1" in e
                                                for e in box_errors(response, "action_0_rules"))


@pytest.mark.parametrize("typed", FUZZ)
def test_an_action_named_with_hostile_text_is_saved_or_refused_beside_its_name(host_client, market, typed):
    response = send(host_client, market, action_0_label=typed, action_0_rules='announce("x")')
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        assert box_errors(response, "action_0_label")


def test_a_deleted_field_leaves_the_forms_and_the_fallback_too(host_client, market):
    send(host_client, market, form_0_fields=["bid"], form_0_when="me == players[0]", form_1_fields=["suit"],
         fallback_on="on", fallback_bid="3", fallback_suit="Blue")
    response = host_client.post(reverse("design-field-delete", args=[market.pk, "round", "bid"]), follow=True)
    assert "The field is deleted." in text_of(response)
    phase = phase_of(market)
    assert phase["forms"] == [{"fields": ["suit"]}] and phase["fallback"] == {"suit": "Blue"}
