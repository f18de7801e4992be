"""An action's view reads the seat without the match's state (``seat_to_submit(with_state=False)``): the services
read the state again under the match's lock, and a long phase's state (every action it took) was decoded twice."""

from __future__ import annotations

import pytest

from genius.matches.models import Seat
from genius.matches.services import submitting

pytestmark = pytest.mark.django_db


def test_the_seat_read_for_an_action_leaves_the_state_to_the_lock(rgb_match, ana):
    light = submitting.seat_to_submit(rgb_match.pk, ana.pk, with_state=False)
    full = submitting.seat_to_submit(rgb_match.pk, ana.pk)
    assert light is not None and full is not None
    assert light.match.get_deferred_fields() == {"state"} and not full.match.get_deferred_fields()
    assert (light.pk, light.name, light.match.title, light.user.pk, light.open_number) == \
        (full.pk, full.name, full.match.title, full.user.pk, full.open_number)
    assert light.match.state == full.match.state  # read when asked for


def test_no_seat_is_read_for_someone_not_seated(rgb_match, make_user):
    stranger = make_user("stranger")
    assert submitting.seat_to_submit(rgb_match.pk, stranger.pk, with_state=False) is None
    assert not Seat.objects.filter(match=rgb_match, user=stranger).exists()
