"""The site's rules inside django-allauth: the user-name policy, the sign-up brake, the redirects, the banners.

allauth runs sign-up, log-in, email confirmation, password resets and sign-in with Discord; these adapters
are where it asks the site. A name is checked by ``genius.accounts.names`` (and refused when it looks like
a taken one) wherever allauth takes one: the sign-up form, and a new account made by signing in with
Discord (allauth then checks the Discord name here, and makes another when the policy refuses it).

Redirects: someone who came for a page that needs an account (an invitation link, ``next_step``) goes back to it
after signing up, logging in or confirming their address. Banners: sign-up says one thing (``SignUp``), so
allauth's "signed in as" and "confirmation sent" are folded into it; a password reset's last page says the
password changed, so allauth's banner saying it again is left out.
"""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.socialaccount.adapter import DefaultSocialAccountAdapter
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.urls import reverse

from genius.accounts import email_addresses, guests, names, next_step
from genius.accounts.forms import TAKEN, lookalike_taken

#: The request attribute where sign-up collects the allauth banners it folds into its own (``SignUp``).
FOLDING = "genius_folded_messages"
#: allauth's banners that sign-up folds into its welcome, by template: "Successfully signed in as …",
#: "Confirmation email sent to …".
FOLDED_AT_SIGN_UP = {"account/messages/logged_in.txt": "logged_in",
                     "account/messages/email_confirmation_sent.txt": "confirmation_sent"}
PASSWORD_CHANGED = "account/messages/password_changed.txt"
#: The page whose next page says "Password changed" itself (``account/password_reset_from_key_done.html``).
RESET_FROM_KEY = "account_reset_password_from_key"


def start_folding(request: HttpRequest) -> dict[str, dict[str, Any]]:
    """From now on, the banners of ``FOLDED_AT_SIGN_UP`` are kept in the returned dict (template's name: its
    context), not shown."""
    folded: dict[str, dict[str, Any]] = {}
    setattr(request, FOLDING, folded)
    return folded


def stop_folding(request: HttpRequest) -> None:
    if hasattr(request, FOLDING):
        delattr(request, FOLDING)


class AccountAdapter(DefaultAccountAdapter):
    """Names under the site's policy; after sign-up, the home page."""

    def clean_username(self, username: str, shallow: bool = False) -> str:
        error = names.problem(username)
        if error:
            raise ValidationError(error, code="user_name")
        if not shallow and lookalike_taken(username):
            raise ValidationError(TAKEN, code="lookalike")
        return super().clean_username(username, shallow=shallow)

    def new_user(self, request):
        """The account sign-up fills in: a signed-in guest's own (its matches stay theirs; the form gives it a
        name under the policy and a password, ``forms.SignUpForm.save`` clears the guest flag), else a new one."""
        user = getattr(request, "user", None)
        if user is not None and guests.is_guest_account(user):
            return get_user_model().objects.get(pk=user.pk)
        return super().new_user(request)

    def get_signup_redirect_url(self, request) -> str:
        step = next_step.pending(request)
        return step.url if step else reverse("home")

    def get_login_redirect_url(self, request) -> str:
        step = next_step.pending(request)
        return step.url if step else super().get_login_redirect_url(request)

    def get_email_verification_redirect_url(self, email_address) -> str:
        step = next_step.pending(self.request) if self.request is not None else None
        return step.url if step else super().get_email_verification_redirect_url(email_address)

    def add_message(self, request, level, message_template=None, message_context=None, extra_tags="",
                    message=None) -> None:
        folded = getattr(request, FOLDING, None)
        if folded is not None and message_template in FOLDED_AT_SIGN_UP:
            folded[FOLDED_AT_SIGN_UP[message_template]] = dict(message_context or {})
            return
        match = getattr(request, "resolver_match", None)
        if message_template == PASSWORD_CHANGED and match is not None and match.url_name == RESET_FROM_KEY:
            return
        super().add_message(request, level, message_template, message_context, extra_tags, message)

    def send_confirmation_mail(self, request, emailconfirmation, signup: bool) -> None:
        """The link to confirm an address; to an address another account confirmed, instead, a note that it is
        already an account's (sign-up never says so on the page: ``ACCOUNT_PREVENT_ENUMERATION``)."""
        address = emailconfirmation.email_address
        if email_addresses.taken_by_another(address.user, address.email):
            self.send_account_already_exists_mail(address.email)
            return
        super().send_confirmation_mail(request, emailconfirmation, signup)

    def confirm_email(self, request, email_address) -> bool:
        """Confirm the address; then it is this account's alone (``email_addresses.release_claims``)."""
        confirmed = super().confirm_email(request, email_address)
        if confirmed:
            email_addresses.release_claims(email_address.user, email_address.email)
        return confirmed

    def format_email_subject(self, subject: str) -> str:
        """"Genius: …" (``templates/account/email/*_subject.txt`` say the rest)."""
        return f"Genius: {subject.strip()}"


class SocialAccountAdapter(DefaultSocialAccountAdapter):
    """After linking Discord to an account, back to the profile (which shows the link)."""

    def get_connect_redirect_url(self, request, socialaccount) -> str:
        return reverse("profile")
