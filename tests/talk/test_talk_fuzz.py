"""Whatever is posted to the talk (full Unicode: lone surrogates, NULs, look-alike mentions, direction overrides,
10k characters; odd channel names; bytes that are not UTF-8) gets a clear refusal or is stored safely: never a
server error, and nothing kept that would ping, reorder the page or break the database."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genius.matches.presenters import viewer_for
from genius.talk import posting
from genius.talk.models import Message

pytestmark = pytest.mark.django_db

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
NASTY = ["²", "\ud800", "a\udfffb", "a\x00b", "\x00", "@everyone", "＠everyone ﹫here", "<@123>", "\u202eevil\u202c",
         "\u2066x\u2069", "x" * 10_000, "x" * 1000, "", "   ", "\n" * 50, "👍🏽" * 300, "ｅｖｅｒｙｏｎｅ", "\ufeff",
         "{{ match }}", "{% if %}", "<script>", "\r\n\r\n", "é" * 1001]
KEYS = ["everyone", "room:blue", "", "\x00", "room:red\u200b", "x" * 10_000, "'; DROP TABLE talk_message; --", "\ud800"]


def _check_kept(message: Message) -> None:
    text = message.text
    assert text and len(text.replace("\u200b", "")) <= 1000
    assert "\x00" not in text and not any("\u202a" <= c <= "\u202e" or "\u2066" <= c <= "\u2069" for c in text)
    assert "@everyone" not in text and "\uff20everyone" not in text


@pytest.mark.parametrize("text", NASTY)
@pytest.mark.parametrize("key", KEYS)
def test_any_post_is_refused_clearly_or_stored_safely(roomed, ana, text, key):
    viewer = viewer_for(roomed, ana)
    before = Message.objects.count()
    try:
        message = posting.post(roomed, viewer, key, text, user=ana, now=timezone.now() + timedelta(minutes=len(key)))
    except posting.TalkRefused as exc:
        assert str(exc) and Message.objects.count() == before
        return
    _check_kept(Message.objects.get(pk=message.pk))
    Message.objects.filter(pk=message.pk).delete()  # the brake counts only what the next case sends


@FUZZ
@given(text=st.text(max_size=1200), key=st.one_of(st.sampled_from(KEYS), st.text(max_size=90)))
def test_random_unicode_posts_through_the_page_never_fail(roomed, ana, client, text, key):
    client.force_login(ana)
    Message.objects.all().delete()
    body = {"channel": key, "text": text}
    try:
        response = client.post(reverse("talk-post", args=[roomed.pk]), body, headers={"X-Talk": "1"})
    except UnicodeEncodeError:  # the test client cannot send a lone surrogate: send the bytes a browser might
        response = client.post(reverse("talk-post", args=[roomed.pk]), b"channel=everyone&text=%ED%A0%80x",
                               content_type="application/x-www-form-urlencoded", headers={"X-Talk": "1"})
    assert response.status_code in (200, 400), response.content[:300]
    if response.status_code == 400:
        assert response.json()["error"]
    for message in Message.objects.all():
        _check_kept(message)


@pytest.mark.parametrize("body", [b"channel=everyone&text=%ED%A0%80", b"channel=%FF%FE&text=hi", b"text=%00%00",
                                  b"channel=everyone&text=" + b"%E2%80%AE" * 5 + b"ok", b"\xff\xfe\x00"])
def test_bytes_that_are_not_utf8_get_an_answer_not_a_500(roomed, ana, client, body):
    client.force_login(ana)
    for fetched in (True, False):
        headers = {"X-Talk": "1"} if fetched else {}
        response = client.post(reverse("talk-post", args=[roomed.pk]), body,
                               content_type="application/x-www-form-urlencoded", headers=headers)
        assert response.status_code in (200, 302, 400)
    for message in Message.objects.all():
        _check_kept(message)


@pytest.mark.parametrize("phase", ["-1", "²", "1e9", "99999999999999999999", "\u0663", "abc", "0x10", " 2 "])
def test_a_bad_replay_phase_gets_a_clear_answer(roomed, ana, client, phase):
    client.force_login(ana)
    response = client.get(reverse("talk-transcript", args=[roomed.pk]), {"phase": phase}, follow=True)
    assert response.status_code == 200


@pytest.mark.parametrize("reason", ["\ud800", "\x00", "@everyone" * 100, 12, ""])
def test_a_report_with_any_reason_is_refused_clearly_or_kept_safely(roomed, ana, ben, reason):
    message = posting.post(roomed, viewer_for(roomed, ben), "everyone", "hi", user=ben)
    try:
        report = posting.report(roomed, viewer_for(roomed, ana), message.pk, reason)
    except posting.TalkRefused as exc:
        assert str(exc)
        return
    assert "\x00" not in report.reason and "@everyone" not in report.reason and len(report.reason) <= 300


@pytest.mark.parametrize("message_id", ["abc", "-1", "99999999999999999999999", "\x00", "1.5"])
def test_a_report_of_no_such_message_is_refused(roomed, ana, message_id):
    with pytest.raises(posting.TalkRefused, match="no such message"):
        posting.report(roomed, viewer_for(roomed, ana), message_id)
