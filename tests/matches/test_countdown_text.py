"""The status bar's countdown is drawn by the server as the page's clock (static/genius/live.js) writes it, so the
script's first tick does not re-wrap the bar (a layout shift on a phone: docs/PERFORMANCE.md, page weight)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from genius.matches.templatetags.genius import countdown_text, live_countdown_text

NOW = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("left", "text"),
    [
        (timedelta(days=2, hours=3, minutes=5), "in 2 d 3 h"),
        (timedelta(hours=23, minutes=59, seconds=59), "in 23 h 59 min"),
        (timedelta(minutes=59, seconds=59, milliseconds=900), "in 59 min 59 s"),
        (timedelta(seconds=42, milliseconds=999), "in 42 s"),
        (timedelta(0), "closing now"),
        (timedelta(seconds=-5), "closing now"),
    ],
)
def test_a_deadline_is_drawn_as_the_scripts_human_countdown(left, text):
    assert countdown_text(NOW + left, NOW) == text


@pytest.mark.parametrize(
    ("left", "text"),
    [
        (timedelta(seconds=60), "1:00 left"),
        (timedelta(seconds=41, milliseconds=1), "0:42 left"),
        (timedelta(seconds=5), "0:05 left"),
        (timedelta(0), "0:00"),
    ],
)
def test_a_live_turns_deadline_is_drawn_as_the_scripts_live_clock(left, text):
    assert live_countdown_text(NOW + left, NOW) == text


def test_without_the_servers_time_the_deadline_is_drawn_as_a_date():
    assert countdown_text(NOW, "") == "2026-12-02 10:00 UTC"
    assert live_countdown_text(NOW, None) == "10:00:00 UTC"
