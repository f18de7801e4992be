"""Tests' accounts with a confirmed email address (as if its owner had clicked the link), since nothing is
sent to an address before that (``genius.accounts.email_addresses``)."""

from __future__ import annotations

from allauth.account.models import EmailAddress


def confirm(user, email: str | None = None):
    """Give ``user`` the confirmed address ``email`` (default: the account's own) and return the user."""
    email = email or user.email
    if user.email != email:
        user.email = email
        user.save(update_fields=["email"])
    EmailAddress.objects.update_or_create(user=user, email=email.lower(), defaults={"verified": True, "primary": True})
    return user


def forget(user) -> None:
    """``user`` has no address any more."""
    EmailAddress.objects.filter(user_id=user.pk).delete()
    type(user).objects.filter(pk=user.pk).update(email="")
