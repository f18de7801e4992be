"""A seat a host gives (a host-made Death Match) is emailed once to its player's confirmed address (besides the
page's alert) and waits three days for the answer: unanswered then, it has expired and reads as declined (it
can no longer be accepted; the host is told and may withdraw the lobby)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from genius.core.errors import ServiceError
from genius.matches.models import Match, Seat
from genius.matches.services import seat_answers
from genius.notify.seat_emails import send_seat_emails
from genius.notify.sweeps import sweep
from tests.confirmed_emails import confirm
from tests.security.test_host_made_death_matches import club, made, user  # noqa: F401 (club: a fixture)

pytestmark = pytest.mark.django_db
HOUSE = False


@pytest.fixture
def asked(club):  # noqa: F811 (the fixture above)
    for name in ("ana", "ben"):
        someone = user(name)
        someone.email = f"{name}@example.org"
        someone.save(update_fields=["email"])
    confirm(user("ana"))  # ben has no confirmed address
    return made(club)


def test_each_seat_given_is_emailed_once_to_a_confirmed_address(asked, mailoutbox):
    assert send_seat_emails() == 1
    mail = mailoutbox[0]
    assert mail.to == ["ana@example.org"] and mail.subject == f"[Genius] You are asked to play: {asked.title}"
    assert "Answer before" in mail.body and f"/matches/{asked.pk}/" in mail.body
    assert send_seat_emails() == 0 and len(mailoutbox) == 1  # claimed once
    sweep()  # the clock's sweep sends them too: nothing is left to send
    assert len([m for m in mailoutbox if "asked to play" in m.subject]) == 1


def test_a_seat_waits_three_days_for_its_answer_and_the_alert_shows_the_time_left(asked):
    seat = Seat.objects.get(match=asked, user=user("ana"))
    assert seat.answer_by - timezone.now() == pytest.approx(timedelta(days=seat_answers.ANSWER_DAYS),
                                                            abs=timedelta(minutes=1))
    assert seat_answers.seats_to_answer(user("ana"))[0]["deadline"] == seat.answer_by.isoformat()


def test_an_expired_seat_cannot_be_accepted_reads_as_declined_and_the_lobby_may_be_withdrawn(asked):
    Seat.objects.filter(match=asked, user=user("ana")).update(answer_by=timezone.now() - timedelta(minutes=1))
    with pytest.raises(ServiceError, match="it has expired and reads as declined"):
        seat_answers.accept(asked.pk, user("ana"))
    assert seat_answers.seats_to_answer(user("ana")) == []
    assert "ana did not answer in time" in seat_answers.unanswered(asked)
    told = seat_answers.declined_seats(user("olga"))
    assert [item["what"] for item in told] == [f"ana did not answer {asked.title} in time: withdraw it"]
    seat_answers.withdraw(asked.pk)
    assert not Match.objects.filter(pk=asked.pk).exists()


def test_an_answered_seat_is_not_emailed(asked, mailoutbox):
    seat_answers.decline(asked.pk, user("ana"))
    assert send_seat_emails() == 0 and mailoutbox == []
