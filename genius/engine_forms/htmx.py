"""Answers to htmx requests (django-htmx's middleware sets ``request.htmx``), typed for the views that read it."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails


class HtmxRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it: ``htmx`` is truthy when htmx sent it."""

    htmx: HtmxDetails


def go(request: HtmxRequest, url: str) -> HttpResponse:
    """Send the whole page to ``url``: htmx follows ``HX-Redirect`` (a page, not a part); a plain post is
    redirected."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
