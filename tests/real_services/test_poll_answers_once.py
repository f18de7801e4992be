"""On real PostgreSQL: an outsider answering a poll ten times at once keeps exactly one answer, and the phase's
close (under the same match lock) reads every answer committed before it, once."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from genius.matches.services import lifecycle
from genius.polls import services
from genius.polls.models import OutsideAnswer
from tests.polls.test_polls_from_outside import make_people, season_poll

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def people(make_user):
    return make_people(make_user)


@pytest.fixture
def polled(people):
    return season_poll(people)


def at_once(count: int, work) -> list[BaseException]:
    errors: list[BaseException] = []
    start = threading.Barrier(count)

    def run() -> None:
        try:
            start.wait(30)
            work()
        except BaseException as exc:  # reported to the test
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return errors


def test_one_person_answering_ten_times_at_once_keeps_one_answer(polled, people):
    errors = at_once(10, lambda: services.answer(polled, people["zoe"], {"best": "ana"}))
    assert OutsideAnswer.objects.filter(user=people["zoe"]).count() == 1
    assert len(errors) == 9 and all(isinstance(e, services.PollRefused) for e in errors), errors


def test_answers_racing_the_close_are_read_once_or_refused(polled, people):
    answerers = [people["zoe"], people["yan"]]
    errors = at_once(3, lambda: (services.answer(polled, answerers.pop(), {"best": "ben"}) if answerers
                                 else lifecycle.resolve_now(polled.pk)))
    assert all(isinstance(e, services.PollRefused) for e in errors), errors
    polled.refresh_from_db()
    kept = OutsideAnswer.objects.filter(match=polled).count()
    assert polled.state["counters"]["ben"]["points"] == kept == 2 - len(errors)
