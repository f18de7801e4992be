"""A person's email address, and whether it is confirmed (allauth's ``EmailAddress`` rows).

Nothing goes to an address before its owner clicked the link sent to it: reminders
(:func:`confirmed_addresses`, read by ``genius.notify.emails``) and password resets
(``forms.ResetPasswordForm``) wait for ``verified``. A person has one address: a new one typed on the
profile is sent its link and replaces the old once confirmed (``ACCOUNT_CHANGE_EMAIL``).

Only a confirmed address is taken: anyone may type an address at sign-up or on the profile, and the pages never
say whether it is some account's (``ACCOUNT_PREVENT_ENUMERATION = "strict"``); an unconfirmed claim never stops
the address's owner, and the owner's confirmation clears the others' claims (:func:`release_claims`).
"""

from __future__ import annotations

from collections.abc import Iterable

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.http import HttpRequest


def confirmed_addresses(user_ids: Iterable[int]) -> dict[int, str]:
    """Each user's confirmed address (the primary one first), for those who have one: one query."""
    found: dict[int, str] = {}
    rows = (EmailAddress.objects.filter(user_id__in=list(user_ids), verified=True)
            .order_by("user_id", "-primary", "pk").values_list("user_id", "email"))
    for user_id, email in rows:
        found.setdefault(user_id, email)
    return found


def confirmed_address(user) -> str:
    """The user's confirmed address, or "" (none, or not confirmed yet)."""
    return confirmed_addresses([user.pk]).get(user.pk, "")


def is_confirmed(user, email: str) -> bool:
    """Whether ``email`` is one of the user's confirmed addresses (any case)."""
    return EmailAddress.objects.filter(user_id=user.pk, email__iexact=email, verified=True).exists()


def pending(user) -> str:
    """The address the user typed last and has not confirmed yet, or ""."""
    row = EmailAddress.objects.get_new(user)
    return row.email if row else ""


def wanted(user) -> str:
    """The address the profile shows: the one waiting for its confirmation, else the confirmed one, else the
    account's own (an account from before confirmations, not confirmed yet)."""
    return pending(user) or confirmed_address(user) or user.email


def taken_by_another(user, email: str) -> bool:
    """Whether another account has confirmed this address (it cannot be this account's too)."""
    return EmailAddress.objects.filter(email__iexact=email, verified=True).exclude(user_id=user.pk).exists()


def release_claims(owner, email: str) -> int:
    """``email`` is now ``owner``'s confirmed address: other accounts' unconfirmed claims to it go (their
    ``User.email`` too); how many accounts lost one."""
    claims = EmailAddress.objects.filter(email__iexact=email, verified=False).exclude(user_id=owner.pk)
    users = set(claims.values_list("user_id", flat=True))
    claims.delete()
    get_user_model().objects.filter(pk__in=users, email__iexact=email).update(email="")
    return len(users)


def send_link(request: HttpRequest, user) -> bool:
    """Send the confirmation link again to the address waiting for it (allauth waits 3 minutes between two
    links to one address); False when none was sent."""
    from allauth.account.internal.flows.email_verification import send_verification_email_to_address

    email = pending(user) or ("" if confirmed_address(user) else user.email)
    if not email:
        return False
    row = EmailAddress.objects.add_email(request, user, email)
    return bool(send_verification_email_to_address(request, row))


def change(request: HttpRequest | None, user, email: str) -> None:
    """The user's address becomes ``email`` once confirmed: a link is sent to it now. Empty: no address."""
    if not email:
        EmailAddress.objects.filter(user_id=user.pk).delete()
        user.email = ""
        user.save(update_fields=["email"])
        return
    if is_confirmed(user, email):
        EmailAddress.objects.filter(user_id=user.pk).exclude(email__iexact=email).delete()
        return
    EmailAddress.objects.add_new_email(request, user, email)
