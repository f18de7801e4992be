"""A person's own pages: sign-up and the profile (email, time zone, emails wanted)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from genius.accounts import throttle
from genius.accounts.addresses import client_address
from genius.accounts.forms import ProfileForm, SignUpForm
from genius.accounts.middleware import remember_zone


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    """``/me/profile/``: the email address, the time zone and which emails to send."""
    form = ProfileForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        saved = form.save()
        remember_zone(request, saved.time_zone)
        messages.success(request, "Profile saved.")
        return redirect("profile")
    return render(request, "registration/profile.html", {"form": form},
                  status=400 if form.errors else 200)


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in (names under ``genius.accounts.names``; throttled per address)."""
    address = client_address(request)
    if request.method == "POST":
        refusal = throttle.signup_refusal(address)
        if refusal:
            return render(request, "registration/signup_throttled.html", {"reason": refusal}, status=429)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        throttle.signup_made(address)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}! Join a lobby below.")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)
