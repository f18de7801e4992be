"""The due banner drawn with the page (genius.notify.banner): what me.js would show first, so the page does not
move down once the script has asked /me/due/; dismissed alerts stay away, and the page works without script."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import override_settings
from django.urls import reverse

from genius.notify import banner, due
from genius.notify.banner import DISMISSED_COOKIE

pytestmark = pytest.mark.django_db

T0 = datetime(2030, 1, 1, 12, 0, tzinfo=ZoneInfo("UTC"))


def item(key: str, *, kind: str = "due", minutes: float | None = 120, url: str = "/matches/1/") -> dict:
    deadline = T0 + timedelta(minutes=minutes) if minutes is not None else None
    return {"key": key, "kind": kind, "title": "Your move is due", "what": "Vote of M", "url": url,
            "deadline": deadline.isoformat() if deadline else None,
            "soon": bool(deadline and deadline - T0 <= timedelta(hours=1))}


def test_a_page_draws_the_move_owed_elsewhere_with_its_link_and_the_count(client, rgb_match, ana):
    client.force_login(ana)
    page = client.get(reverse("home")).content.decode()
    start = page.index("data-due-alerts")
    region = page[start:page.index("</section>", start)]
    assert "hidden" not in region[:region.index(">")]
    assert f'href="/matches/{rgb_match.pk}/"' in region and "of RGB test" in region
    assert "Deadline in 1 h 0 min" in region or "Deadline in 59 min" in region  # an hour-long phase: soon
    assert 'data-due-count title="1 owed">1</span>' in page


def test_the_match_page_itself_draws_no_alert_for_its_own_move(client, rgb_match, ana):
    client.force_login(ana)
    page = client.get(reverse("match", args=[rgb_match.pk])).content.decode()
    region = page.split("data-due-alerts", 1)[1].split(">", 1)[0]
    assert f'data-user="{ana.pk}" data-due-url="{reverse("me-due")}"' in region and region.endswith(" hidden")
    assert "due-alert" not in page.split("data-due-alerts", 1)[1].split("</section>", 1)[0]


def banner_attributes(page: str) -> dict[str, str]:
    start = page.index("data-due-alerts")
    return dict(re.findall(r'(data-due-[a-z]+)="([^"]*)"', page[start:page.index(">", start)]))


@override_settings(GENIUS_DUE_POLL_SECONDS=30)
def test_the_banner_tells_the_script_when_to_look_first_the_servers_clock_and_what_is_owed(client, rgb_match, ana):
    client.force_login(ana)
    drawn = banner_attributes(client.get(reverse("home")).content.decode())
    answer = client.get(reverse("me-due")).json()
    assert drawn["data-due-poll"] == str(answer["poll_s"]) == "30"  # no live turn: the slow interval, not at once
    assert drawn["data-due-keys"] == ",".join(sorted(item["key"] for item in answer["due"]))
    assert abs(datetime.fromisoformat(drawn["data-due-now"]) - datetime.fromisoformat(answer["now"])) < timedelta(minutes=1)


def test_a_live_turn_owed_makes_the_first_look_come_sooner(monkeypatch, client, ana):
    monkeypatch.setattr(due, "look", lambda user, now=None: ([], True))
    client.force_login(ana)
    assert banner_attributes(client.get(reverse("home")).content.decode())["data-due-poll"] == "5"
    assert client.get(reverse("me-due")).json()["poll_s"] == 5


def test_an_alert_dismissed_in_this_browser_is_not_drawn_again(client, rgb_match, ana):
    client.force_login(ana)
    [owed] = client.get(reverse("me-due")).json()["due"]
    client.cookies[DISMISSED_COOKIE] = f"{ana.pk}:{owed['key']}-soon"
    page = client.get(reverse("home")).content.decode()
    assert "of RGB test" not in page and 'data-due-count title="1 owed">1<' in page  # the count stays


def test_another_persons_dismissals_hide_nothing(ana, ben):
    assert banner.dismissed_keys(ana, f"{ben.pk}:due-1") == set()
    assert banner.dismissed_keys(ana, f"{ana.pk}:due-1,,due-2") == {"due-1", "due-2"}
    assert banner.dismissed_keys(ana, "") == set() and banner.dismissed_keys(ana, "garbage\u2028:ü") == set()
    assert banner.dismissed_keys(ana, f"{ana.pk}%3Adue-1%2Cdue-2-soon") == {"due-1", "due-2-soon"}  # as me.js writes it


def test_an_hour_away_shows_one_deadline_alert_not_two():
    [alert] = banner.alerts([item("due-1", minutes=30)], path="/", dismissed=set(), now=T0)
    assert alert["key"] == "due-1-soon" and alert["title"] == "Deadline in 30 min 0 s" and alert["urgent"]
    [later] = banner.alerts([item("due-1", minutes=300)], path="/", dismissed=set(), now=T0)
    assert later["key"] == "due-1" and later["title"] == "Your move is due" and not later["urgent"]


def test_the_banner_leaves_out_the_page_itself_and_what_was_dismissed():
    items = [item("due-1", url="/matches/1/"), item("due-2", url="/matches/2/"), item("turn-3", kind="turn"),
             item("due-4", minutes=None, url="/matches/4/")]
    shown = banner.alerts(items, path="/matches/1/", dismissed={"due-2"}, now=T0)
    assert [a["key"] for a in shown] == ["due-4"]  # turn-3 is for /matches/1/ too
    assert shown[0]["deadline"] is None


def test_the_time_left_reads_as_the_script_writes_it():
    assert [banner.left_text(s) for s in (-5, 12, 100, 7500)] == ["0 s", "12 s", "1 min 40 s", "2 h 5 min"]


def test_the_count_leaves_out_challenges_and_full_lobbies():
    assert banner.owed_count([item("due-1"), item("challenge-2", kind="challenge"), item("lobby-full-3", kind="lobby"),
                              item("decision-4", kind="decision")]) == 2


def test_dismiss_works_without_the_script_and_goes_back_to_the_page(client, rgb_match, ana):
    client.force_login(ana)
    page = client.get(reverse("home")).content.decode()
    key = re.search(r'name="key" value="([^"]+)"', page).group(1)
    answer = client.post(reverse("me-due-dismiss"), {"key": key, "next": "/me/profile/?tab=1"})
    assert answer.status_code == 302 and answer["Location"] == "/me/profile/?tab=1"
    assert client.cookies[DISMISSED_COOKIE].value == f"{ana.pk}%3A{key}"  # URL-encoded, as me.js writes it
    again = client.get(reverse("home")).content.decode()
    assert "of RGB test" not in again and 'data-due-count title="1 owed">1<' in again  # gone; the count stays


#: Sent as bytes: a lone surrogate (UTF-8 of U+D800, as a browser could send it), and what is not what it looks like.
KEYS = ["due-999", "", "due-1%ED%A0%80", "%C2%B2", "%40everyone", "%D4%81ue-1", "x" * 5000, "%FF%FE"]


@pytest.mark.parametrize("key", KEYS)
def test_dismissing_what_is_not_owed_changes_nothing_and_says_so(client, rgb_match, ana, key):
    client.force_login(ana)
    body = f"key={key}&next=/"
    answer = client.post(reverse("me-due-dismiss"), body, content_type="application/x-www-form-urlencoded", follow=True)
    assert answer.status_code == 200 and "That alert is gone already" in answer.content.decode()
    assert DISMISSED_COOKIE not in client.cookies or not client.cookies[DISMISSED_COOKIE].value.split("%3A")[1]
    assert "of RGB test" in answer.content.decode()


@pytest.mark.parametrize("target", ["https%3A%2F%2Fevil.example%2F", "%2F%2Fevil.example%2F", "javascript%3Aalert(1)",
                                    "%2F%E2%80%A8x", "%ED%A0%80", "%2F%5Cevil.example", "%EF%BC%8F%EF%BC%8Fevil.example"])
def test_dismiss_never_sends_the_person_off_the_site(client, rgb_match, ana, target):
    client.force_login(ana)
    body = f"key=due-999&next={target}"
    answer = client.post(reverse("me-due-dismiss"), body, content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 302 and answer["Location"].startswith("/") and "evil" not in answer["Location"]
    assert not answer["Location"].startswith(("//", "/\\"))


def test_dismiss_is_a_post_and_asks_a_visitor_to_log_in(client):
    assert client.get(reverse("me-due-dismiss")).status_code == 405
    answer = client.post(reverse("me-due-dismiss"), {"key": "due-1", "next": "/"})
    assert answer.status_code == 302 and answer["Location"].startswith(reverse("login"))
