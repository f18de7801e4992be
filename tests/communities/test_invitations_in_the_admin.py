"""Invitation links made in the admin follow the community page's rules (issue 37): each gets a random token of its
own (the page's), its days and uses are checked as the page checks them, bad values get a clear form error, never a
500, and a saved link only changes whether it is withdrawn."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from genius.communities import services
from genius.communities.models import Invitation
from tests.security.strategies import FORM, form_body

pytestmark = pytest.mark.django_db
ADD = "/admin/communities/invitation/add/"


def _add(client, club, days="7", uses="5"):
    body = form_body({"community": club.pk, "days": days, "uses": uses, "_save": "Save"})
    return client.post(ADD, body, content_type=FORM)


def test_two_invitations_added_in_the_admin_get_random_tokens_that_open_the_join_page(client, club, ana):
    client.force_login(ana)
    for _ in range(2):
        assert _add(client, club).status_code == 302
    tokens = list(Invitation.objects.values_list("token", flat=True))
    assert len(tokens) == 2 and len(set(tokens)) == 2
    assert all(len(token) >= 32 for token in tokens)
    for invitation in Invitation.objects.all():
        assert services.invitation_for(invitation.token) == invitation
        assert invitation.max_uses == 5 and invitation.created_by == ana
        assert timedelta(days=6, hours=23) < invitation.expires_at - timezone.now() <= timedelta(days=7)
        assert client.get(f"/c/join/{invitation.token}/").status_code == 200


@pytest.mark.parametrize(("days", "uses", "field"), [
    ("7", "1000000000", "uses"),  # 10⁹ uses
    ("27000", "5", "days"),  # until about 2099
    ("91", "5", "days"),
    ("7", "1001", "uses"),
    ("0", "5", "days"),
    ("7", "0", "uses"),
    ("-1", "5", "days"),
    ("²", "5", "days"),
    ("7", "１０", "uses"),  # full-width digits
    ("7", "1e3", "uses"),
    ("7", "", "uses"),
    ("\ud800", "5", "days"),
    ("7", "@everyone", "uses"),
])
def test_the_admin_refuses_an_invitations_bad_days_or_uses_with_a_form_error(client, club, ana, days, uses, field):
    client.force_login(ana)
    response = _add(client, club, days, uses)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    said = " ".join(errors.get(field, []))
    assert "whole number from 1 to" in said or (not (days if field == "days" else uses) and "required" in said)
    assert not Invitation.objects.exists()


def test_a_saved_invitation_keeps_its_terms_in_the_admin(client, club, ana):
    invitation = services.make_invitation(ana, club, days=7, uses=5)
    client.force_login(ana)
    response = client.post(f"/admin/communities/invitation/{invitation.pk}/change/", {
        "max_uses": "1000000000", "expires_at_0": "2099-01-01", "expires_at_1": "00:00:00", "token": "",
        "revoked": "on", "_save": "Save"})
    assert response.status_code == 302
    invitation.refresh_from_db()
    assert invitation.max_uses == 5 and invitation.expires_at < timezone.now() + timedelta(days=8)
    assert invitation.token and invitation.revoked
