"""The embedded default (SQLite in a file) serves a room of players submitting at the same moment:
no "database is locked", no 503."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import reverse

from games.engines.registry import get_engine
from games.engines.runner import bot_move
from genius.matches.models import Match, Submission
from genius.matches.services import lifecycle

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = 10


@contextmanager
def copied_to_a_file(path: Path) -> Iterator[None]:
    """The test database, copied into the file ``path``, which every new connection (each thread's) opens.

    Those connections use the site's own SQLite options (genius/settings.py), as ``bin/run`` does.
    """
    connection.ensure_connection()
    copy = sqlite3.connect(path)
    connection.connection.backup(copy)
    copy.close()
    before = connection.settings_dict["NAME"]
    connection.settings_dict["NAME"] = str(path)  # the same dict the other threads' connections are made from
    try:
        yield
    finally:
        connection.settings_dict["NAME"] = before


def full_trail_trouble() -> Match:
    """A started Trail Trouble match of ten people, 1-hour rounds."""
    users = get_user_model()
    match = lifecycle.create_match(game="trail-trouble", title="Room", seed=8, phase_seconds=3600)
    for n in range(PLAYERS):
        lifecycle.add_seat(match, user=users.objects.create_user(username=f"p{n}", password=f"pw-p{n}-123"))
    lifecycle.start_match(match.pk)
    return Match.objects.get(pk=match.pk)


def form_for(match: Match, name: str) -> dict[str, str]:
    """The move form a person would post (a bot's legal move, as form values)."""
    engine = get_engine(match.game)
    move = bot_move(engine, match.state, match.seed, engine.phase(match.state), name)
    values = engine.form_initial(match.state, name, move)
    return {"phase": str(match.current_phase.number), **{k: v for k, v in values.items() if v not in ("", None)}}


def test_ten_players_submitting_at_once_on_embedded_sqlite_all_get_their_move_saved(tmp_path):
    if connection.vendor != "sqlite":
        pytest.skip("the embedded default's database is SQLite")
    match = full_trail_trouble()
    forms = {f"p{n}": form_for(match, f"p{n}") for n in range(PLAYERS)}
    statuses: dict[str, int] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(PLAYERS)
    clients: dict[str, Client] = {}

    def player(name: str) -> None:
        try:
            start.wait(30)
            statuses[name] = clients[name].post(reverse("match-submit", args=[match.pk]), forms[name]).status_code
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    def run_room() -> int:
        # Signed in one after the other first: the test is about the moves sent at once, not ten sign-ins.
        for name in forms:
            clients[name] = Client()
            clients[name].force_login(get_user_model().objects.get(username=name))
        threads = [threading.Thread(target=player, args=(name,)) for name in forms]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        saved = Submission.objects.filter(phase__match_id=match.pk, kind="move").count()
        connection.close()
        return saved

    counted: list[int] = []
    with copied_to_a_file(tmp_path / "embedded.sqlite3"):
        room = threading.Thread(target=lambda: counted.append(run_room()))
        room.start()
        room.join(180)
    assert not errors, errors
    assert statuses == {name: 302 for name in forms}, statuses
    assert counted == [PLAYERS]
