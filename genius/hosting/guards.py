"""The one host guard of the host pages: signed in, staff, and (for a match) not seated in it.

Who hosts a match is decided in one place, ``genius.live.presenters.viewer_for``: a staff user
seated in a match (or playing in its season) is a player there, never its host.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from genius.live import presenters
from genius.matches.models import Match

View = Callable[..., HttpResponse]


def refused(request: HttpRequest, *, seated: bool = False) -> HttpResponse:
    """The "hosts only" page (403)."""
    return render(request, "games/host/forbidden.html", {"seated": seated}, status=403)


def host_required(view: View) -> View:
    """Only staff may open the view; someone signed out is sent to log in, anyone else gets a 403.

    A view with a ``pk`` argument is about that match: it gets the match (``match=``) and is
    refused to staff who play in it (they are a player there).
    """

    @login_required
    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_staff:
            return refused(request)
        if "pk" in kwargs:
            match = get_object_or_404(Match, pk=kwargs.pop("pk"))
            if not presenters.is_host_of(match, request.user):
                return refused(request, seated=True)
            kwargs["match"] = match
        return view(request, *args, **kwargs)

    return guarded
