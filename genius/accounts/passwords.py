"""Passwords: allauth's views in the site's look. Reset emails are braked per client address; guests get no
password but by signing up (:class:`NotForGuests`).

The pages are ``templates/account/password_*.html`` (they extend the site's base); the email is sent
through the configured backend (``EMAIL_BACKEND``, console by default), only to a confirmed address
and only for accounts with a usable password (guests have none): ``forms.ResetPasswordForm``. At most ``GENIUS_PASSWORD_RESETS_PER_HOUR`` emails are asked for
from one address an hour (counted by django-ratelimit, a brake that lets requests through when the cache is down).
"""

from __future__ import annotations

from allauth.account.views import PasswordChangeView, PasswordResetView, PasswordSetView
from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render

from genius.accounts import brakes, guests
from genius.accounts.addresses import client_address

#: The brake's group (``genius.accounts.brakes``), counted per client address.
RESETS = "password-resets"


def reset_refusal(address: str | None) -> str | None:
    """Why this address may not ask for another reset email now (None: it may); counts it when allowed."""
    if brakes.refuse_or_count(RESETS, address, int(settings.GENIUS_PASSWORD_RESETS_PER_HOUR)) is not None:
        return ("Too many password-reset emails were asked for from your address in the last hour. "
                "Look in your inbox (and spam folder) for the ones sent, or try again later.")
    return None


def forget_resets(address: str | None) -> None:
    """Clear this address's count of reset emails (tests, and a host who lifts the brake)."""
    brakes.forget(RESETS, address)


class PasswordReset(PasswordResetView):
    """``/accounts/password/reset/``: the form that sends the link, braked per address."""

    def form_valid(self, form) -> HttpResponse:
        refusal = reset_refusal(client_address(self.request))
        if refusal:
            return render(self.request, self.get_template_names(), {"form": form, "refusal": refusal}, status=429)
        return super().form_valid(form)


GUESTS_SIGN_UP = "Guests get a password by signing up: choose a name of your own and a password below."


class NotForGuests:
    """A password page a guest may not use: a guest's account gets a password only by signing up, which gives
    it a name under the policy (``views.SignUp``); the guest is sent there."""

    def dispatch(self, request, *args, **kwargs):
        if guests.is_guest(request):
            messages.info(request, GUESTS_SIGN_UP)
            return redirect("account_signup")
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]  # stubs: mixin's super()


class PasswordSet(NotForGuests, PasswordSetView):
    """``/accounts/password/set/``: an account without a password (made by Discord, or imported) sets one."""


class PasswordChange(NotForGuests, PasswordChangeView):
    """``/accounts/password/change/``."""
