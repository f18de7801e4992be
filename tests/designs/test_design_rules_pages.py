"""The designer's rules pages: every save re-checks the rules and shows a problem beside the rule it is about
(what was saved before is kept); "Try these rules" shows what everyone and each player would read; the rules
box takes any text and answers clearly, never with a 500."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.custom_game.document.checks import validate_design
from genius.designs import services
from genius.designs.models import GameDesign
from tests.security.strategies import FORM, form_body, hostile_text

from .conftest import box_errors, text_of

pytestmark = pytest.mark.django_db

FUZZ = settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))

GOOD = '''\
def play():
    bids = {p: (answers.get(p) or {}).get("bid") or 0 for p in actors}
    winner = highest_unique(bids)
    if winner == None:
        announce("Nobody wins.")
    else:
        add(winner, "points", 1)
        announce("%s wins with %d." % (winner, bids[winner]))
    for p in actors:
        tell(p, "You bid %d." % bids[p])

play()
'''


def url(name: str, *args) -> str:
    return reverse(name, args=args)


def phase_post(**changes) -> dict:
    data = {"name": "Round", "repeat": "2", "hours": "1", "minutes": "0", "actors": "everyone", "close": "rules",
            "rules": GOOD, "value_name": [""], "value_formula": [""]}
    return {**data, **changes}


@pytest.fixture
def bidding(design):
    """The host's design with a number field "bid" and a public counter "points"."""
    def change(doc):
        phase = {**doc["phases"][0], "fields": [{"key": "bid", "label": "Your bid", "kind": "number", "min": 0,
                                                 "max": 9, "default": None, "help": ""}]}
        return {**doc, "counters": [{"key": "points", "label": "Points", "start": 0, "visibility": "public"}],
                "phases": [phase]}
    return services.edit(design.pk, design.owner, change)


def saved(design: GameDesign) -> dict:
    return GameDesign.objects.get(pk=design.pk).document


def test_rules_and_named_values_are_saved_with_how_the_phase_closes(host_client, bidding):
    response = host_client.post(url("design-phase", bidding.pk, "round"), phase_post(
        value_name=["half", ""], value_formula=["len(players) // 2", ""]))
    assert response.status_code == 302, text_of(response)[:2000]
    phase = saved(bidding)["phases"][0]
    assert phase["close"] == "rules" and phase["rules"].strip() == GOOD.strip()
    assert phase["values"] == [{"name": "half", "formula": "len(players) // 2"}]
    page = text_of(host_client.get(url("design", bidding.pk)))
    assert "the rules resolve it" in page and "half = len(players) // 2" in page


def test_a_save_with_a_bad_rule_shows_the_error_beside_the_rule_and_keeps_the_saved_design(host_client, bidding):
    host_client.post(url("design-phase", bidding.pk, "round"), phase_post())
    before = saved(bidding)
    broken = GOOD.replace('announce("Nobody wins.")', 'anounce("Nobody wins.")')
    response = host_client.post(url("design-phase", bidding.pk, "round"), phase_post(rules=broken, name="Renamed"))
    assert response.status_code == 400
    beside = " ".join(box_errors(response, "rules"))
    assert "anounce" in beside and "Line 5" in beside, beside
    assert "Nothing was saved" in text_of(response) and broken.split("\n")[4].strip() in text_of(response)
    assert saved(bidding) == before


def test_a_rule_naming_a_field_the_form_lacks_is_refused_beside_the_rule(host_client, bidding):
    response = host_client.post(url("design-phase", bidding.pk, "round"),
                                phase_post(rules='announce(str(answers["ana"]["colour"]))\n'))
    assert response.status_code == 400
    assert any("colour" in e for e in box_errors(response, "rules"))


def test_rules_resolve_needs_rules(host_client, bidding):
    response = host_client.post(url("design-phase", bidding.pk, "round"), phase_post(rules="   "))
    assert response.status_code == 400
    assert box_errors(response, "rules") or box_errors(response, "close")


def test_a_bad_named_value_is_refused_beside_its_row(host_client, bidding):
    before = saved(bidding)
    response = host_client.post(url("design-phase", bidding.pk, "round"), phase_post(
        value_name=["half"], value_formula=["len(nobody) // 2"]))
    assert response.status_code == 400
    page = response.content.decode()
    row = page[page.index('id="value-0"'):page.index('id="value-1"')]
    assert "field-error" in row and "nobody" in row
    assert saved(bidding) == before


def test_try_these_rules_shows_what_everyone_and_each_player_reads(host_client, bidding):
    host_client.post(url("design-phase", bidding.pk, "round"), phase_post())
    post = {"players": "3", "round": "1", "seed": "1", "mode": "typed", "a-0-bid": "5", "a-1-bid": "5", "a-2-bid": "2"}
    response = host_client.post(url("design-phase-try", bidding.pk, "round"), post)
    assert response.status_code == 200
    page = text_of(response)
    assert "cy wins with 2." in page
    html = response.content.decode()
    ana = html[html.index('data-player="ana"'):]
    ana = ana[:ana.index("</article>")]
    assert "You bid 5." in ana and "You bid 2." not in ana
    assert "You bid 2." in html[html.index('data-player="cy"'):]
    assert "points +1" in page
    assert saved(bidding)["phases"][0]["rules"].strip() == GOOD.strip()  # nothing saved by a try


def test_try_these_rules_on_random_answers_is_the_same_for_the_same_seed(host_client, bidding):
    host_client.post(url("design-phase", bidding.pk, "round"), phase_post())
    post = {"players": "5", "round": "2", "seed": "42", "mode": "random"}

    def result() -> str:
        page = host_client.post(url("design-phase-try", bidding.pk, "round"), post).content.decode()
        return page[page.index('id="result"'):page.index('id="try-form"')]

    first = result()
    assert "Everyone reads" in first and "try-error" not in first and first == result()


def test_a_typed_answer_that_is_not_allowed_is_refused_beside_its_box(host_client, bidding):
    host_client.post(url("design-phase", bidding.pk, "round"), phase_post())
    post = {"players": "3", "round": "1", "seed": "1", "mode": "typed", "a-0-bid": "٣", "a-1-bid": "99"}
    response = host_client.post(url("design-phase-try", bidding.pk, "round"), post)
    assert response.status_code == 400
    assert "What would happen" not in text_of(response)
    assert text_of(response).count("field-error") == 0 and response.content.decode().count('class="field-error"') == 2


def test_a_rule_that_never_stops_is_stopped_when_tried_with_its_line(host_client, bidding):
    endless = "def play():\n    n = 0\n    for i in range(1000000):\n        for j in range(1000000):\n            n += 1\n\nplay()\n"
    response = host_client.post(url("design-phase", bidding.pk, "round"), phase_post(rules=endless))
    if response.status_code == 400:  # refused when saved: fine, and said beside the rule
        assert box_errors(response, "rules")
        return
    page = text_of(host_client.post(url("design-phase-try", bidding.pk, "round"),
                                    {"players": "3", "round": "1", "seed": "1", "mode": "random"}))
    assert "The rules stopped" in page and "would fall back to you" in page


def test_the_set_up_rules_are_checked_when_saved_beside_their_box(host_client, bidding):
    response = host_client.post(url("design-setup", bidding.pk), {"setup": "set(players[0], \"nope\", 3)\n"})
    assert response.status_code == 400 and any("nope" in e for e in box_errors(response, "setup"))
    assert not saved(bidding).get("setup")
    response = host_client.post(url("design-setup", bidding.pk), {"setup": "for p in players:\n    set(p, \"points\", 2)\n"})
    assert response.status_code == 302 and "points" in saved(bidding)["setup"]


def test_a_table_is_typed_as_comma_separated_rows_and_rules_read_it(host_client, bidding):
    response = host_client.post(url("design-table-new", bidding.pk), {
        "label": "Colour chart", "columns": "first, second, result", "rows": 'red,green,yellow\n"blue, dark",red,7\n\n'})
    assert response.status_code == 302, text_of(response)[:1500]
    table = saved(bidding)["tables"][0]
    assert table["key"] == "colour_chart" and table["columns"] == ["first", "second", "result"]
    assert table["rows"] == [["red", "green", "yellow"], ["blue, dark", "red", 7]]
    rules = 'def play():\n    announce(str(lookup("colour_chart", "first", "red", "result")))\n\nplay()\n'
    assert host_client.post(url("design-phase", bidding.pk, "round"), phase_post(rules=rules)).status_code == 302


@pytest.fixture
def logged_in(host) -> Client:
    client = Client()
    client.force_login(host)
    return client


def test_fuzzed_rules_boxes_answer_clearly_and_keep_the_design_valid(logged_in, bidding, settings):
    settings.GENIUS_TRIES_PER_MINUTE = 0  # 20 tries in a row: the brake has its own tests (test_try_brakes.py)
    phase_url = url("design-phase", bidding.pk, "round")
    try_url = url("design-phase-try", bidding.pk, "round")

    @FUZZ
    @given(hostile_text, st.sampled_from(["rules", "confirm", "hand", "²", ""]), hostile_text)
    def post(rules, close, formula):
        data = {**phase_post(close=close), "rules": rules, "value_name": ["v"], "value_formula": [formula]}
        response = logged_in.post(phase_url, form_body(data), content_type=FORM)
        assert response.status_code in (302, 400), response.status_code
        if response.status_code == 400:
            assert "Nothing was saved" in text_of(response)
        doc = GameDesign.objects.get(pk=bidding.pk).document
        assert validate_design(doc) == doc
        tried = logged_in.post(try_url, form_body({"players": "3", "round": "1", "seed": "1", "mode": "typed",
                                                  "a-0-bid": rules[:20]}), content_type=FORM)
        assert tried.status_code in (200, 400), tried.status_code

    post()

    @FUZZ
    @given(hostile_text, hostile_text)
    def setup_and_table(setup, rows):
        assert logged_in.post(url("design-setup", bidding.pk), form_body({"setup": setup}),
                              content_type=FORM).status_code in (302, 400)
        assert logged_in.post(url("design-table-new", bidding.pk), form_body({"label": "T", "columns": "a,b",
                                                                              "rows": rows}),
                              content_type=FORM).status_code in (302, 400)

    setup_and_table()


def test_fuzzed_try_and_preset_posts_answer_clearly(logged_in, bidding, settings):
    settings.GENIUS_TRIES_PER_MINUTE = 0  # as above
    logged_in.post(url("design-phase", bidding.pk, "round"), phase_post())
    try_url = url("design-phase-try", bidding.pk, "round")
    before = GameDesign.objects.get(pk=bidding.pk).document

    @FUZZ
    @given(st.dictionaries(st.sampled_from(["players", "round", "seed", "mode", "a-0-bid", "a-9-bid", "a-1-x"]),
                           hostile_text, max_size=7), hostile_text)
    def post(data, preset):
        assert logged_in.post(try_url, form_body(data), content_type=FORM).status_code in (200, 400)
        assert logged_in.get(try_url + "?" + form_body(data)).status_code == 200
        response = logged_in.post(url("design-phase-preset", bidding.pk, "round"), form_body({"preset": preset}),
                                  content_type=FORM)
        assert response.status_code == 302
        assert GameDesign.objects.get(pk=bidding.pk).document == before

    post()


def test_a_table_row_with_too_few_cells_is_refused_beside_the_rows(host_client, bidding):
    response = host_client.post(url("design-table-new", bidding.pk), {
        "label": "Forks", "columns": "fork, left, right", "rows": "1,Lake,Cave\n2,Bridge\n"})
    assert response.status_code == 400
    assert any("row 2" in e.casefold() for e in box_errors(response, "rows")), box_errors(response, "rows")
    assert not saved(bidding).get("tables")


def test_a_table_the_rules_read_is_not_deleted(host_client, bidding):
    host_client.post(url("design-table-new", bidding.pk), {"label": "Chart", "columns": "a, b", "rows": "x,1\n"})
    rules = 'def play():\n    announce(str(lookup("chart", "a", "x", "b")))\n\nplay()\n'
    assert host_client.post(url("design-phase", bidding.pk, "round"), phase_post(rules=rules)).status_code == 302
    response = host_client.post(url("design-table-delete", bidding.pk, "chart"), follow=True)
    assert "Nothing was deleted" in text_of(response) and "chart" in text_of(response)
    assert [t["key"] for t in saved(bidding)["tables"]] == ["chart"]


def test_another_host_may_try_a_templates_rules_but_not_change_them(client, make_user, host_client, bidding):
    host_client.post(url("design-phase", bidding.pk, "round"), phase_post())
    services.set_template(bidding.pk, bidding.owner, True)
    other = make_user("other", staff=True)
    client.force_login(other)
    assert "Try these rules" in text_of(client.get(url("design", bidding.pk)))
    response = client.post(url("design-phase-try", bidding.pk, "round"),
                           {"players": "3", "round": "1", "seed": "1", "mode": "random"})
    assert response.status_code == 200 and "Everyone reads" in text_of(response)
    assert "edit these rules" not in text_of(response)
    assert client.post(url("design-phase-preset", bidding.pk, "round"), {"preset": "sealed_bid_auction"}).status_code == 403
    assert client.post(url("design-setup", bidding.pk), {"setup": ""}).status_code == 403
