"""The fast submission path: sessions read from the cache (and correct without it), one statement
to store a move, and the match form's answers unchanged."""

from __future__ import annotations

import pytest
from django.contrib.sessions.models import Session
from django.urls import reverse

from games.engines.registry import get_engine
from games.engines.runner import bot_move
from genius.accounts import sessions
from genius.core.errors import ServiceError
from genius.matches.models import Submission
from genius.matches.services import submitting

pytestmark = pytest.mark.django_db


def move(match, name: str, salt: int = 0) -> dict:
    engine = get_engine(match.game)
    spec = engine.phase(match.state)
    return bot_move(engine, match.state, match.seed + salt, spec, name)


class BrokenCache:
    """A cache that is down: every call fails."""

    def __getattr__(self, name):
        def fail(*args, **kwargs):
            raise ConnectionError("the cache is down")

        return fail

    def __contains__(self, key) -> bool:
        raise ConnectionError("the cache is down")


def test_a_signed_out_session_cookie_signs_nobody_in(client, ana):
    client.force_login(ana)
    cookie = client.cookies["sessionid"].value
    assert client.get(reverse("my-matches")).status_code == 200
    client.post(reverse("logout"))
    client.cookies["sessionid"] = cookie  # the old cookie, kept by someone
    response = client.get(reverse("my-matches"))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert not Session.objects.filter(session_key=cookie).exists()


def test_sessions_are_read_from_the_database_while_the_cache_is_down(ana):
    store = sessions.SessionStore()
    store["_auth_user_id"] = str(ana.pk)
    store.create()
    key = store.session_key
    broken = sessions.SessionStore(key)
    broken._cache = BrokenCache()
    assert broken.load()["_auth_user_id"] == str(ana.pk)
    assert broken.exists(key)


def test_a_session_is_not_ended_in_the_database_when_its_cached_copy_cannot_go(ana):
    store = sessions.SessionStore()
    store["_auth_user_id"] = str(ana.pk)
    store.create()
    broken = sessions.SessionStore(store.session_key)
    broken._cache = BrokenCache()
    with pytest.raises(ConnectionError):
        broken.flush()
    assert Session.objects.filter(session_key=store.session_key).exists()


def test_a_move_sent_again_replaces_the_first_in_the_same_row(rgb_match):
    seat = rgb_match.seats.get(name="ana")
    first = submitting.submit(seat, move(rgb_match, "ana"))
    second = submitting.submit(seat, move(rgb_match, "ana", 1))
    stored = Submission.objects.get(seat=seat, kind=Submission.Kind.MOVE)
    assert first.pk == second.pk == stored.pk
    assert stored.payload == second.payload and stored.submitted_at == second.submitted_at
    assert not stored.locked and not stored.is_default


def test_a_move_locked_in_is_never_replaced(rgb_match):
    seat = rgb_match.seats.get(name="ana")
    sub = submitting.submit(seat, move(rgb_match, "ana"))
    Submission.objects.filter(pk=sub.pk).update(locked=True)
    with pytest.raises(ServiceError, match="locked in"):
        submitting.submit(seat, move(rgb_match, "ana", 1))
    assert Submission.objects.get(pk=sub.pk).payload == sub.payload


def test_the_form_of_someone_without_a_seat_and_of_a_missing_match(client, make_user, rgb_match):
    client.force_login(make_user("zed"))
    response = client.post(reverse("match-submit", args=[rgb_match.pk]), {"phase": "1"})
    assert response.status_code == 302
    shown = [str(m) for m in client.get(response["Location"]).context["messages"]]
    assert shown == ["You have no seat in this match."]
    assert client.post(reverse("match-submit", args=[rgb_match.pk + 999]), {"phase": "1"}).status_code == 404


def test_a_moves_push_takes_the_number_its_bump_returned(rgb_match, monkeypatch, django_capture_on_commit_callbacks):
    from django.db import transaction

    from genius.live import pushes as live
    from genius.matches import events

    pushed = []
    monkeypatch.setattr(live, "push_update", lambda match_id, seats=None, seq=None, watching=None: pushed.append(seq))
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        events.bump(rgb_match.pk)
    rgb_match.refresh_from_db()
    assert pushed == [rgb_match.seq]


def test_a_number_from_a_rolled_back_savepoint_is_never_pushed(rgb_match, monkeypatch,
                                                              django_capture_on_commit_callbacks):
    from django.db import transaction

    from genius.live import pushes as live
    from genius.matches import events

    pushed = []
    monkeypatch.setattr(live, "push_update", lambda match_id, seats=None, seq=None, watching=None: pushed.append(seq))
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        events.bump(rgb_match.pk)
        try:
            with transaction.atomic():
                events.bump(rgb_match.pk)
                raise RuntimeError("rolled back")
        except RuntimeError:
            pass
    rgb_match.refresh_from_db()
    assert pushed == [rgb_match.seq], "the push carries the number that was committed"


def test_the_cache_makes_one_redis_client_per_pool_not_one_per_call():
    cache = sessions.SharedClientRedisCache(
        "redis://127.0.0.1:6379/15", {"OPTIONS": {"pool_class": "genius.accounts.sessions.SharedConnectionPool"}}
    )
    again = sessions.SharedClientRedisCache(
        "redis://127.0.0.1:6379/15", {"OPTIONS": {"pool_class": "genius.accounts.sessions.SharedConnectionPool"}}
    )
    client = cache._cache.get_client("key")  # made, not connected: no Redis needed
    assert cache._cache.get_client("other", write=True) is client
    assert again._cache.get_client("key") is client  # another request's cache object, the same pool and client
