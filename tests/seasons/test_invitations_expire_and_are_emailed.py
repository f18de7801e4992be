"""An invitation to play in a season is emailed once to the invited member's confirmed address (besides the
page's alert), and expires unanswered after two weeks: it can no longer be accepted, the alert goes, the host
sees it expired and may invite the player again (a new invitation, emailed again)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from genius.core.errors import ServiceError
from genius.seasons import hosting, invitations
from genius.seasons.invitation_emails import send_invitation_emails
from genius.seasons.models import SeasonInvitation, SeasonPlayer
from genius.seasons.services.decisions import sweep
from tests.confirmed_emails import confirm
from tests.seasons.test_nobody_is_drafted import _user, club, new_season  # noqa: F401 (club: a fixture)

pytestmark = pytest.mark.django_db
HOUSE = False


@pytest.fixture
def invited(club):  # noqa: F811 (the fixture above)
    for name in ("ana", "ben"):
        user = _user(name)
        user.email = f"{name}@example.org"
        user.save(update_fields=["email"])
    confirm(_user("ana"))  # ben has typed no confirmed address
    return new_season(club, "ana ben")


def test_each_invitation_is_emailed_once_to_a_confirmed_address_with_who_what_and_until_when(invited, mailoutbox):
    assert send_invitation_emails() == 1
    mail = mailoutbox[0]
    assert mail.to == ["ana@example.org"] and mail.subject == "[Genius] olga invites you to play in Spring"
    assert "Answer before" in mail.body and f"/seasons/{invited.slug}/#invitation" in mail.body
    assert send_invitation_emails() == 0 and len(mailoutbox) == 1  # claimed once
    assert not SeasonInvitation.objects.filter(season=invited, emailed__isnull=True).exists()


def test_the_season_clock_sends_the_invitation_emails(invited, mailoutbox):
    sweep()
    assert [m.to for m in mailoutbox if "invites you" in m.subject] == [["ana@example.org"]]


def test_an_invitation_expires_after_two_weeks_and_can_no_longer_be_accepted(invited):
    ana = _user("ana")
    row = SeasonInvitation.objects.get(season=invited, user=ana)
    assert row.expires - row.created == pytest.approx(timedelta(days=invitations.INVITATION_DAYS),
                                                      abs=timedelta(seconds=5))
    later = row.expires + timedelta(minutes=1)
    with pytest.raises(ServiceError, match="This invitation expired on .*: ask a host of the season to invite you"):
        invitations.accept(invited, ana, now=later)
    assert not SeasonPlayer.objects.filter(season=invited, user=ana).exists()
    assert invitations.owed_answers(ana, later) == []
    assert invitations.owed_answers(ana)[0]["deadline"] == row.expires.isoformat()  # before: the alert shows the time left


def test_the_host_sees_an_expired_invitation_and_inviting_again_makes_a_new_one_emailed_again(invited, mailoutbox):
    send_invitation_emails()
    SeasonInvitation.objects.filter(season=invited).update(expires=timezone.now() - timedelta(minutes=1))
    assert invitations.roster(invited)["expired"] == ["ana", "ben"]
    added, already = hosting.add_players(invited, "ana", by=_user("olga"))
    assert added == ["ana"] and already == []
    row = SeasonInvitation.objects.get(season=invited, user=_user("ana"))
    assert row.expires > timezone.now() and row.emailed is None
    assert send_invitation_emails() == 1 and len(mailoutbox) == 2
    invitations.accept(invited, _user("ana"))
    assert SeasonPlayer.objects.filter(season=invited, user=_user("ana")).exists()


def test_an_answered_or_expired_invitation_is_not_emailed(invited, mailoutbox):
    invitations.decline(invited, _user("ana"))
    assert send_invitation_emails() == 0 and mailoutbox == []
