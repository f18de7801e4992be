"""The designer's ergonomics without JavaScript (issue 39, item 4): a rule's error names its line (and marks it for
the line numbers), "Try these rules" tries the text in the box, a new phase is resolved by its rules unless the
host chooses otherwise, and deleting a phase asks first."""

from __future__ import annotations

import html
import re

import pytest

from .conftest import errors_of, text_of
from .test_design_pages import phase_post, saved, url

pytestmark = pytest.mark.django_db
RULES = 'announce("The vote is over.")\n'


def _with_rules(host_client, design, rules=RULES):
    response = host_client.post(url("design-phase", design.pk, "round"), phase_post(name="Round", close="rules",
                                                                                     rules=rules))
    assert response.status_code == 302, errors_of(response)


def test_a_new_phase_is_resolved_by_its_rules_unless_the_host_chooses_otherwise(host_client, design):
    page = host_client.get(url("design-phase-new", design.pk)).content.decode()
    checked = re.findall(r'<input type="radio" name="close" value="(\w+)"[^>]*checked', page)
    assert checked == ["rules"]


def test_a_rule_s_error_names_its_line_beside_the_box_and_marks_it_for_the_line_numbers(host_client, design):
    response = host_client.post(url("design-phase", design.pk, "round"),
                                phase_post(name="Round", close="rules", rules='x = 1\n\nanounce("hi")\n'))
    assert response.status_code == 400
    assert any(e.startswith("Line 3:") and "anounce" in e for e in errors_of(response)), errors_of(response)
    assert 'data-error-lines="3"' in response.content.decode()
    assert 'anounce("hi")' in html.unescape(response.content.decode()), "what was typed is kept"


def test_try_these_rules_tries_the_text_in_the_box_not_the_saved_one(host_client, design):
    _with_rules(host_client, design)
    typed = 'announce("Typed, not saved.")\n'
    response = host_client.post(url("design-phase-try", design.pk, "round"),
                                phase_post(name="Round", close="rules", rules=typed, tried_from="phase"))
    page = text_of(response)
    assert response.status_code == 200 and "Typed, not saved." in page and "The vote is over." not in page
    assert "(not saved)" in page
    assert saved(design)["phases"][0]["rules"] == RULES.strip(), "trying saves nothing"


def test_a_try_of_typed_rules_keeps_them_for_the_next_try_with_the_error_line(host_client, design):
    _with_rules(host_client, design)
    typed = 'x = 1\nannounce(1 // 0)\n'
    response = host_client.post(url("design-phase-try", design.pk, "round"),
                                {"players": "4", "round": "1", "seed": "3", "mode": "random", "rules": typed})
    page = response.content.decode()
    assert "at line 2" in text_of(response)
    assert 'data-error-lines="2"' in page
    assert re.search(r'<textarea name="rules"[^>]*>\n' + re.escape(html.escape(typed.rstrip("\n"))), page)


def test_trying_without_typed_rules_still_tries_the_saved_ones(host_client, design):
    _with_rules(host_client, design)
    response = host_client.post(url("design-phase-try", design.pk, "round"),
                                {"players": "4", "round": "1", "seed": "3", "mode": "random"})
    assert "The vote is over." in text_of(response) and 'name="rules"' not in response.content.decode()


def test_the_phase_page_s_try_button_posts_the_box_to_a_new_tab(host_client, design):
    _with_rules(host_client, design)
    page = host_client.get(url("design-phase", design.pk, "round")).content.decode()
    button = re.search(r'<button[^>]*id="try-these-rules"[^>]*>', page).group(0)
    assert f'formaction="{url("design-phase-try", design.pk, "round")}"' in button
    assert 'formtarget="_blank"' in button and 'value="phase"' in button


def _second_phase(host_client, design):
    response = host_client.post(url("design-phase-new", design.pk),
                                {**phase_post(name="Vote", close="hand"), "first-label": "Who?", "first-kind": "yesno",
                                 "first-default": ""})
    assert response.status_code == 302, errors_of(response)


def test_deleting_a_phase_asks_first_and_deletes_nothing_until_the_host_says_yes(host_client, design):
    _second_phase(host_client, design)
    keys = [p["key"] for p in saved(design)["phases"]]
    response = host_client.post(url("design-phase-delete", design.pk, keys[1]))
    assert response.status_code == 200 and "Delete the phase “Vote”?" in text_of(response)
    assert 'name="confirmed" value="yes"' in response.content.decode()
    assert [p["key"] for p in saved(design)["phases"]] == keys
    host_client.post(url("design-phase-delete", design.pk, keys[1]), {"confirmed": "yes"})
    assert [p["key"] for p in saved(design)["phases"]] == keys[:1]


def test_the_delete_buttons_carry_their_question_for_the_script(host_client, design):
    _second_phase(host_client, design)
    page = html.unescape(host_client.get(url("design", design.pk)).content.decode())
    assert 'data-confirm="Delete the phase “Vote”, its form and its rules?"' in page
    page = html.unescape(host_client.get(url("design-phase", design.pk, "round")).content.decode())
    assert 'data-confirm="Delete the phase “Round”, its form and its rules?"' in page


def test_asking_to_delete_a_phase_that_is_gone_is_a_message(host_client, design):
    response = host_client.post(url("design-phase-delete", design.pk, "nope"), follow=True)
    assert "That phase is gone" in text_of(response)


def test_the_design_s_helpers_are_saved_and_every_phase_may_call_them(host_client, design):
    helpers = "def shout(text):\n    return text.upper()\n"
    response = host_client.post(url("design-helpers", design.pk), {"helpers": helpers})
    assert response.status_code == 302, errors_of(response)
    assert saved(design)["helpers"] == helpers.rstrip()
    assert "def shout(text):" in text_of(host_client.get(url("design", design.pk)))
    _with_rules(host_client, design, 'announce(shout("the vote is over"))\n')
    tried = host_client.post(url("design-phase-try", design.pk, "round"),
                             {"players": "4", "round": "1", "seed": "3", "mode": "random"})
    assert "THE VOTE IS OVER" in text_of(tried)


def test_a_helper_s_error_is_named_with_its_line_and_nothing_is_saved(host_client, design):
    response = host_client.post(url("design-helpers", design.pk), {"helpers": "def ok(x):\n    return x\ndef bad(x)\n"})
    assert response.status_code == 400
    assert any(e.startswith("Line 3:") for e in errors_of(response)), errors_of(response)
    assert 'data-error-lines="3"' in response.content.decode()
    assert "helpers" not in saved(design)


def test_a_helper_that_reads_the_answers_is_refused_with_the_way_to_pass_them_in(host_client, design):
    response = host_client.post(url("design-helpers", design.pk),
                                {"helpers": "def best():\n    return answers\n"})
    assert any(e.startswith("Line 2:") and "pass it in" in e for e in errors_of(response)), errors_of(response)
