"""A person's own pages: sign-up (allauth's, braked per address), old addresses sent on, and the profile
(email, time zone, emails wanted, a linked Discord account)."""

from __future__ import annotations

from allauth.account.mixins import RedirectAuthenticatedUserMixin
from allauth.account.views import LoginView, SignupView
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from genius.accounts import email_addresses, guests, next_step, throttle
from genius.accounts.addresses import client_address
from genius.accounts.allauth_adapter import start_folding, stop_folding
from genius.accounts.discord.links import discord_enabled, discord_name
from genius.accounts.forms import ProfileForm
from genius.accounts.middleware import remember_zone


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    """``/me/profile/``: the email address, the time zone and which emails to send."""
    user = request.user
    assert isinstance(user, User)  # login_required
    form = ProfileForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        changed = "email" in form.changed_data and form.cleaned_data.get("email")
        saved = form.save(request=request)
        remember_zone(request, saved.time_zone)
        messages.success(request, "Profile saved." + (f" We sent a link to {changed}: click it to confirm the address."
                                                      if changed else ""))
        return redirect("profile")
    confirmed = email_addresses.confirmed_address(user)
    context = {"form": form, "confirmed_email": confirmed,
               "pending_email": email_addresses.pending(user) or ("" if confirmed else user.email),
               "discord": discord_name(user),
               "discord_enabled": discord_enabled()}
    return render(request, "registration/profile.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def send_confirmation(request: HttpRequest) -> HttpResponse:
    """``/me/profile/confirm/``: send the confirmation link again (no more than once in 3 minutes)."""
    if email_addresses.send_link(request, request.user):
        messages.success(request, "We sent the link again: look in your inbox (and spam folder).")
    else:
        messages.info(request, "A link was sent less than 3 minutes ago: look for it in your inbox (and spam folder).")
    return redirect("profile")


class ComingFor:
    """A sign-up or log-in page names what the person came for (``next_step``), which they go back to after."""

    request: HttpRequest

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)  # type: ignore[misc]  # a mixin: the view after it has it
        context["coming_for"] = next_step.pending(self.request)
        return context


class LogIn(ComingFor, LoginView):
    """``/accounts/login/``: allauth's log-in, naming what the person came for."""


class SignUp(ComingFor, SignupView):
    """``/accounts/signup/``: allauth's sign-up, braked per client address (``throttle``); a refused form
    answers 400 with its errors. A signed-in guest signs up too (anyone else signed in is sent on, as allauth
    does): their guest account becomes theirs, under the name they choose (``AccountAdapter.new_user``)."""

    def dispatch(self, request, *args, **kwargs):
        if request.method == "POST":
            refusal = throttle.signup_refusal(client_address(request))
            if refusal:
                return render(request, "registration/signup_throttled.html", {"reason": refusal}, status=429)
        if guests.is_guest(request):  # past allauth's "already signed in" redirect, to the form itself
            return never_cache(super(RedirectAuthenticatedUserMixin, self).dispatch)(request, *args, **kwargs)
        return super().dispatch(request, *args, **kwargs)

    def form_valid(self, form):
        folded = start_folding(self.request)  # allauth's "signed in as" and "confirmation sent": said below
        try:
            response = super().form_valid(form)
        finally:
            stop_folding(self.request)
        throttle.signup_made(client_address(self.request))
        user = getattr(form, "user", None) or self.user
        sent = folded.get("confirmation_sent", {}).get("email")
        step = next_step.pending(self.request)
        messages.success(self.request, welcome_words(
            user.username, sent=str(sent) if sent else "", step=step,
            back=step is not None and getattr(response, "url", None) == step.url,
            starting=getattr(response, "url", None) == reverse("community-new")))
        return response

    def form_invalid(self, form):
        response = super().form_invalid(form)
        response.status_code = 400
        return response


def welcome_words(name: str, *, sent: str = "", step: next_step.NextStep | None = None, back: bool = False,
                  starting: bool = False) -> str:
    """The one banner after signing up: welcome, the next step, and the address a confirmation link went to
    (``sent``). ``step``: the page they came for (``back``: they are taken there now; else once confirmed);
    ``starting``: they signed up to start a community and are taken to its form."""
    if starting:
        words = "Name your community below: you will be its owner."
    elif step is not None and back:
        words = f"One more click to {step.label}: press the button below."
    elif step is not None and sent:
        words = f"We sent a link to {sent}: click it to confirm the address, then {step.label}."
        sent = ""
    else:
        words = "Next: start a community to host your own games, join one, or practise a game against bots."
    if sent:
        words += f" We sent a link to {sent}: click it to confirm the address."
    return f"Welcome, {name}! {words}"


def moved(name: str):
    """A view that sends an old address on to ``name``'s page, keeping the query (``?next=``)."""

    def view(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        query = request.META.get("QUERY_STRING", "")
        return redirect(reverse(name) + (f"?{query}" if query else ""))

    view.login_required = False  # type: ignore[attr-defined]  # allauth's marker on a view function
    return view


def old_reset_link(request: HttpRequest, *args, **kwargs) -> HttpResponse:
    """A reset link emailed before the accounts moved to allauth: it cannot work any more; ask for a new one."""
    messages.info(request, "That password-reset link is from before an update and no longer works: ask for a new one.")
    return redirect("account_reset_password")
