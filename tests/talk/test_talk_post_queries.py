"""A post's database work is a fixed few statements, whatever the number of readers: the match locked (with its
last phase's number), the channel and its members, the brake, the message and its readers, and after commit the
seated users for the host's frame. The channels are brought in line with the rules only when the match changed
since this process last did (its live number, status or creation)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from genius.matches.presenters import viewer_for
from genius.talk import posting
from genius.talk.models import Message

pytestmark = pytest.mark.django_db

#: SAVEPOINT, the match locked, the channel, its members, the brake, the message, its readers, RELEASE (the
#: test's transaction makes BEGIN and COMMIT a savepoint's), then the push's seated users.
POST_QUERIES = 9


def _post_counted(match, user, key: str, text: str, capture) -> int:
    viewer = viewer_for(match, user)
    with CaptureQueriesContext(connection) as queries, capture(execute=True):
        posting.post(match, viewer, key, text, user=user)
    return len(queries.captured_queries)


def test_a_post_to_everyone_takes_a_fixed_few_queries(rgb_match, ana, django_capture_on_commit_callbacks):
    _post_counted(rgb_match, ana, "everyone", "first: the channels are synced", django_capture_on_commit_callbacks)
    assert _post_counted(rgb_match, ana, "everyone", "hello", django_capture_on_commit_callbacks) == POST_QUERIES
    said = Message.objects.get(text="hello")
    assert set(said.readers.values_list("name", flat=True)) == {"ana", "ben", "cat", "dan", "eli", "fay", "gil"}


def test_a_post_to_a_room_takes_as_many_queries_as_one_to_everyone(roomed, ana,
                                                                   django_capture_on_commit_callbacks):
    _post_counted(roomed, ana, "everyone", "first: the channels are synced", django_capture_on_commit_callbacks)
    assert _post_counted(roomed, ana, "room:red", "just us", django_capture_on_commit_callbacks) == POST_QUERIES
    assert set(Message.objects.get(text="just us").readers.values_list("name", flat=True)) == {"ana", "cat"}
