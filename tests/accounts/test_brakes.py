"""The hourly brakes (django-ratelimit's counts): each group counts each address or account apart, refuses at
its limit without counting the refusal, keeps its count when the limit changes, forgets on demand, and lets
requests through when the cache does not answer."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from genius.accounts import brakes

GROUP = "test-brake"
WHO = "203.0.113.200"


@pytest.fixture(autouse=True)
def _fresh():
    for who in (WHO, "203.0.113.201"):
        brakes.forget(GROUP, who)
        brakes.forget("other-brake", who)
    yield
    for who in (WHO, "203.0.113.201"):
        brakes.forget(GROUP, who)
        brakes.forget("other-brake", who)


def test_a_brake_refuses_at_its_limit_and_does_not_count_the_refusal():
    assert [brakes.refuse_or_count(GROUP, WHO, 3) for _ in range(3)] == [None, None, None]
    assert brakes.refuse_or_count(GROUP, WHO, 3) == 3
    assert brakes.refuse_or_count(GROUP, WHO, 3) == 3
    assert brakes.used(GROUP, WHO) == 3


def test_each_group_and_each_address_is_counted_apart():
    brakes.count(GROUP, WHO)
    brakes.count(GROUP, WHO)
    assert brakes.used(GROUP, "203.0.113.201") == 0
    assert brakes.used("other-brake", WHO) == 0
    assert brakes.used(GROUP, WHO) == 2


def test_a_raised_limit_keeps_this_hours_count():
    for _ in range(2):
        brakes.refuse_or_count(GROUP, WHO, 2)
    assert brakes.refuse_or_count(GROUP, WHO, 2) == 2
    assert brakes.refuse_or_count(GROUP, WHO, 3) is None
    assert brakes.refuse_or_count(GROUP, WHO, 3) == 3


def test_forget_clears_the_count():
    brakes.count(GROUP, WHO)
    brakes.forget(GROUP, WHO)
    assert brakes.used(GROUP, WHO) == 0


def test_a_cache_that_does_not_answer_lets_requests_through(monkeypatch, caplog):
    brakes.count(GROUP, WHO)
    brakes.count(GROUP, WHO)  # over the limit of 1 below

    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    for name in ("get", "add", "incr", "set", "delete"):
        monkeypatch.setattr(cache, name, down)
    assert brakes.refuse_or_count(GROUP, WHO, 1) is None
    brakes.forget(GROUP, WHO)
    assert "the cache did not answer" in caplog.text
