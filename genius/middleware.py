"""Site-wide middleware: a clear "try again" page while the database is unreachable (never a traceback), and the
Content-Security-Policy header on every response."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, OperationalError | InterfaceError):
            html = render_to_string("503.html", {})
            response = HttpResponse(html, status=503)
            response["Retry-After"] = "5"
            return response
        return None


def _origin(url: str) -> str:
    """``scheme://host[:port]`` of ``url`` ("" when it has none)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") and parts.netloc else ""


def content_security_policy(host: str | None) -> str:
    """The site's Content-Security-Policy for a page served at ``host`` (None: unknown).

    Scripts only from the site's own files (no inline script, no ``on…=`` handler, no eval: htmx's eval is off in
    ``templates/base.html``), no plugins, no ``<base>`` elsewhere, never framed, forms posted to the site only (and
    to Discord's sign-in, whose authorisation page the Discord log-in form is sent on to), live updates over the
    site's own websockets. Styles may be inline (pages use ``style=`` attributes; htmx adds its indicator style).
    """
    connect = ["'self'"] + ([f"ws://{host}", f"wss://{host}"] if host else [])
    forms = ["'self'"] + ([discord] if (discord := _origin(str(settings.DISCORD_API_URL))) else [])
    return "; ".join([
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src " + " ".join(connect),
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
        "form-action " + " ".join(forms),
    ])


class ContentSecurityPolicyMiddleware:
    """Puts :func:`content_security_policy` on every response (static files too) that has none of its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            try:
                host: str | None = request.get_host()
            except DisallowedHost:  # Django answers 400; the policy names no host it refused
                host = None
            response["Content-Security-Policy"] = content_security_policy(host)
        return response
