"""The site's rules inside django-allauth: the user-name policy, the sign-up brake, the redirects.

allauth runs sign-up, log-in, email confirmation, password resets and sign-in with Discord; these adapters
are where it asks the site. A name is checked by ``genius.accounts.names`` (and refused when it looks like
a taken one) wherever allauth takes one: the sign-up form, and a new account made by signing in with
Discord (allauth then checks the Discord name here, and makes another when the policy refuses it).
"""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from allauth.socialaccount.adapter import DefaultSocialAccountAdapter
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse

from genius.accounts import email_addresses, guests, names
from genius.accounts.forms import TAKEN, lookalike_taken


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
        return reverse("home")

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
