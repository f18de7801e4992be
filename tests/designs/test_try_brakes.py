"""Brakes on "Try these rules": a number of tries an account may make in a minute, one try at a time an account,
and a short wait for the previews' own rules worker, then "busy, try again". Each refusal is shown where the
preview goes, with its status, never a hang, a 500 or a traceback; a refused try is not counted.

Threads and events only (a thread stands in for a long try); the minute's window is a fixed clock here."""

from __future__ import annotations

import threading

import pytest
from django.urls import reverse

from genius.designs import previews, services
from tests.held_workers import GUARD, held_by_another_thread

from .conftest import text_of

pytestmark = pytest.mark.django_db


RULES = 'announce("Everyone bid.")\n'
TRY = {"players": "3", "round": "1", "seed": "1", "mode": "random"}


@pytest.fixture
def ruled(design):
    """The host's design, its phase closed by rules that announce one line."""
    def change(doc):
        return {**doc, "phases": [{**doc["phases"][0], "close": "rules", "rules": RULES}]}
    return services.edit(design.pk, design.owner, change)


@pytest.fixture
def fixed_minute(monkeypatch):
    """The brake's clock, stopped in the middle of a minute; ``fixed_minute[0] += 60`` moves to the next."""
    now = [1_000_000 * 60 + 30.0]
    monkeypatch.setattr(previews, "_now", lambda: now[0])
    return now


def try_url(design) -> str:
    return reverse("design-phase-try", args=[design.pk, design.document["phases"][0]["key"]])


def refusal(response) -> str:
    page = response.content.decode()
    assert 'id="try-refused"' in page, text_of(response)[:1500]
    return text_of(response)


def test_a_try_beyond_the_tries_an_account_may_make_in_a_minute_is_refused_with_a_clear_message(
        host_client, ruled, settings, fixed_minute):
    settings.GENIUS_TRIES_PER_MINUTE = 2
    for _ in range(2):
        response = host_client.post(try_url(ruled), TRY)
        assert response.status_code == 200 and "Everyone bid." in text_of(response)
    refused = host_client.post(try_url(ruled), TRY)
    assert refused.status_code == 429 and refused["Retry-After"] == "60"
    page = refusal(refused)
    assert "You have made 2 tries in the last minute, the most we allow an account" in page
    assert "Everyone bid." not in page and "What would happen" not in page
    assert 'name="seed" value="1"' in refused.content.decode(), "the form keeps what was typed"
    fixed_minute[0] += 60
    assert host_client.post(try_url(ruled), TRY).status_code == 200, "a new minute, new tries"


def test_the_tries_brake_counts_each_account_apart(host_client, client, make_user, ruled, settings, fixed_minute):
    settings.GENIUS_TRIES_PER_MINUTE = 1
    services.set_template(ruled.pk, ruled.owner, True)
    assert host_client.post(try_url(ruled), TRY).status_code == 200
    assert host_client.post(try_url(ruled), TRY).status_code == 429
    client.force_login(make_user("other", staff=True))
    assert client.post(try_url(ruled), TRY).status_code == 200


def test_a_form_with_mistakes_is_not_counted_as_a_try(host_client, ruled, settings, fixed_minute):
    settings.GENIUS_TRIES_PER_MINUTE = 1
    assert host_client.post(try_url(ruled), {**TRY, "seed": "²"}).status_code == 400
    assert host_client.post(try_url(ruled), TRY).status_code == 200


def test_a_second_try_by_the_same_account_while_one_runs_is_refused(host_client, host, ruled):
    with previews.one_try_at_a_time(host):  # what a running try holds
        refused = host_client.post(try_url(ruled), TRY)
    assert refused.status_code == 429
    assert "You already have a try running; wait for it to finish" in refusal(refused)
    assert previews.tries_this_minute(host) == 0, "a refused try is not counted"
    assert host_client.post(try_url(ruled), TRY).status_code == 200, "once it has finished, the next one runs"


def test_two_simultaneous_tries_by_one_account_run_one_and_refuse_the_other(host, ruled, monkeypatch):
    started, finish = threading.Event(), threading.Event()
    real = previews.rules.try_phase

    def slow_try(*args, **kwargs):
        started.set()
        finish.wait(GUARD)
        return real(*args, **kwargs)

    monkeypatch.setattr(previews.rules, "try_phase", slow_try)
    first: list = []
    doc = ruled.document
    thread = threading.Thread(target=lambda: first.append(
        previews.run_try(host, doc, "round", 1, None, 1, ["ana", "ben", "cy"])), daemon=True)
    thread.start()
    assert started.wait(GUARD)
    try:
        with pytest.raises(previews.TryRefused) as second:
            previews.run_try(host, doc, "round", 1, None, 1, ["ana", "ben", "cy"])
    finally:
        finish.set()
        thread.join(GUARD)
    assert second.value.message == previews.ALREADY and second.value.status == 429
    assert first and "Everyone bid." in first[0].public


def test_a_busy_previews_worker_answers_busy_at_once_and_the_try_is_not_counted(host_client, host, ruled, settings):
    settings.GENIUS_TRY_WAIT_SECONDS = 0
    with held_by_another_thread(previews.preview_worker()):
        busy = host_client.post(try_url(ruled), TRY)
    assert busy.status_code == 503 and busy["Retry-After"] == "5"
    page = refusal(busy)
    assert "The rules previews are busy just now; nothing was run. Try again in a few seconds." in page
    assert "Traceback" not in page and "Everyone bid." not in page
    assert previews.tries_this_minute(host) == 0
    assert host_client.post(try_url(ruled), TRY).status_code == 200, "free again: the next try runs"


def test_the_try_page_says_how_often_rules_may_be_tried(host_client, ruled, settings):
    settings.GENIUS_TRIES_PER_MINUTE = 7
    page = text_of(host_client.get(try_url(ruled)))
    assert "one at a time and up to 7 a minute for each account" in page
