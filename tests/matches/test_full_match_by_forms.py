"""Seven people play a whole Rituals Gone Bad match through the web forms; deadlines close by themselves."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from games.engines.protocol import Field
from genius.matches.models import Match, Phase, Submission
from genius.matches.services import lifecycle
from genius.matches.services.engines import engine_of

pytestmark = pytest.mark.django_db

NAMES = ["ana", "ben", "cat", "dan", "eli", "fay", "gil"]


def fill(fields: list[Field], rng: random.Random) -> dict[str, object]:
    """What a person would pick in each field (a random allowed choice; pairs get distinct names)."""
    data: dict[str, object] = {}
    taken: set[str] = set()
    for f in fields:
        choices = [value for value, _ in f.choices if value]
        if f.kind == "choice" and choices:
            fresh = [c for c in choices if c not in taken] or choices
            data[f.name] = rng.choice(fresh)
            taken.add(str(data[f.name]))
        elif f.kind == "bool":
            continue
    return data


def test_seven_players_play_a_whole_match_through_the_forms(make_user):
    users = {name: make_user(name) for name in NAMES}
    match = lifecycle.create_match(game="rituals-gone-bad", seed=2024, phase_seconds=600)
    clients = {}
    for name, user in users.items():
        clients[name] = Client()
        clients[name].force_login(user)
        assert clients[name].post(reverse("match-join", args=[match.pk])).status_code == 302
    lifecycle.start_match(match.pk)
    rng = random.Random(1)
    engine = engine_of(match.game)
    refused = 0
    for _ in range(20):
        match.refresh_from_db()
        phase = match.current_phase
        if phase is None:
            break
        for name in phase.actors:
            if rng.random() < 0.1:  # now and then someone forgets: the default applies
                continue
            for _attempt in range(20):
                data = fill(
                    [f for f in engine.form_fields(match.state, name) if f.name != "lookup"], rng
                )
                response = clients[name].post(
                    reverse("match-submit", args=[match.pk]), {**data, "phase": phase.number}
                )
                if response.status_code == 302:
                    break
                assert response.status_code == 400 and 'class="field-error"' in response.content.decode() or \
                    "msg-error" in response.content.decode()
                refused += 1
        # The deadline passes; the clock (the same service the beat calls) closes the phase.
        assert lifecycle.close_due_phases(now=phase.deadline) == 1
        phase.refresh_from_db()
        assert phase.status == Phase.Status.RESOLVED
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.outcome["ec"] and len(match.outcome["ec"]) == 1
    assert Submission.objects.filter(phase__match=match, is_default=False).count() > 14 * 5
    page = clients["ana"].get(reverse("match", args=[match.pk])).content.decode()
    assert "the match is over" in page
