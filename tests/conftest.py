"""Shared fixtures: users, and a started Rituals Gone Bad match with two human seats and bots."""

from __future__ import annotations

from datetime import timedelta

import pytest


def pytest_configure(config) -> None:
    """A fast password hasher for tests (PBKDF2 costs seconds per user on this machine)."""
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    _patient_test_sockets()


#: How long a test's websocket waits for a frame it expects (channels' default, 1 s, fails on a loaded core).
SOCKET_WAIT_S = 10


def _patient_test_sockets() -> None:
    """Channels' test communicators wait ``SOCKET_WAIT_S`` for what a test expects to come (a connect, a
    frame); waits for nothing to come (``receive_nothing``) keep their short default."""
    from asgiref.testing import ApplicationCommunicator
    from channels.testing import WebsocketCommunicator

    for function in (ApplicationCommunicator.receive_output, WebsocketCommunicator.connect,
                     WebsocketCommunicator.receive_from, WebsocketCommunicator.receive_json_from):
        function.__defaults__ = (SOCKET_WAIT_S,) + (function.__defaults__ or ())[1:]


@pytest.fixture(autouse=True)
def house_community(request):
    """Seasons, hosted matches and staff made without a community land in the "house" community, as the
    migration to communities carries an existing site over (``tests/house_community.py``). A test
    module that sets ``HOUSE = False`` sees the world without it."""
    if not getattr(request.module, "HOUSE", True):
        yield
        return
    from tests.house_community import connected

    with connected():
        yield


@pytest.fixture
def make_user(django_user_model):
    def make(username: str, *, staff: bool = False):
        user = django_user_model.objects.create_user(username=username, password="pw-" + username + "-123")
        if staff:
            user.is_staff = True
            user.is_superuser = True
            user.save()
        return user

    return make


@pytest.fixture
def host(make_user):
    return make_user("host", staff=True)


@pytest.fixture
def ana(make_user):
    return make_user("ana")


@pytest.fixture
def ben(make_user):
    return make_user("ben")


@pytest.fixture
def rgb_match(ana, ben):
    """A running 7-seat Rituals Gone Bad match: ana and ben are people, five bots, 1-hour phases."""
    from genius.matches.models import GarnetEntry
    from genius.matches.services import lifecycle
    from genius.seasons.models import Season

    season = Season.objects.create(name="Test season", slug="test")
    GarnetEntry.objects.create(user=ana, season=season, amount=5, reason="starting wallet")
    match = lifecycle.create_match(
        game="rituals-gone-bad", title="RGB test", season=season, seed=1234, phase_seconds=3600,
        config={"leaders": ["cat", "ana", "ben", "dan", "eli", "fay", "gil"]},
    )
    lifecycle.add_seat(match, user=ana)
    lifecycle.add_seat(match, user=ben)
    for name in ["cat", "dan", "eli", "fay", "gil"]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    return match


def after_deadline(match, seconds: int = 1):
    """A moment just after the open phase's deadline."""
    phase = match.current_phase
    return phase.deadline + timedelta(seconds=seconds)
