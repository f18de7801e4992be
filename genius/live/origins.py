"""Which pages may open the live sockets: the site's own origin, scheme, host and port.

Channels' ``AllowedHostsOriginValidator`` compares host names only, so a page served by anything
else on the same machine (``http://127.0.0.1:9999``) could open a socket to the site on ``:8000``
with the visitor's cookies. Here an ``Origin`` is accepted only if it is

- the request's own ``Host`` (itself one of ``ALLOWED_HOSTS``, as Django checks it) with the same
  port: an explicit port must be equal, a ``Host`` without one means the default port of the
  origin's scheme (behind a TLS proxy the socket may arrive as ``ws`` for an ``https`` page); or
- one of ``CSRF_TRUSTED_ORIGINS`` (scheme, host and port; ``https://*.example.com`` for
  subdomains, as Django's CSRF check reads them).

Anything else, a missing or unreadable header included, is refused before the handshake (403).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import is_same_domain

DEFAULT_PORTS = {"http": 80, "https": 443}

Origin = tuple[str, str, int]  # (scheme, host, port), lower case, IPv6 without brackets


def parse_origin(value: str) -> Origin | None:
    """An ``Origin`` header (or a trusted origin) as (scheme, host, port); None if it is not one."""
    try:
        parts = urlsplit(value.strip())
        port = parts.port
    except ValueError:  # a port out of range or not a number, a broken IPv6 address
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname or parts.username is not None:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    return scheme, parts.hostname.lower(), port if port is not None else DEFAULT_PORTS[scheme]


def allowed_hosts() -> list[str]:
    """``ALLOWED_HOSTS`` as Django's ``request.get_host()`` reads it (the local names while debugging)."""
    hosts = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not hosts:
        hosts = [".localhost", "127.0.0.1", "[::1]"]
    return hosts


def same_as_host(origin: Origin, host: str) -> bool:
    """Whether the origin is the site as this request's ``Host`` header names it (an allowed host)."""
    domain, port = split_domain_port(host)
    if not domain or not validate_host(domain, allowed_hosts()):
        return False
    scheme, origin_host, origin_port = origin
    if origin_host != domain.strip("[]"):
        return False
    if port:
        return port.isascii() and port.isdigit() and int(port) == origin_port
    return origin_port == DEFAULT_PORTS[scheme]


def trusted(origin: Origin) -> bool:
    """Whether the origin is one of ``CSRF_TRUSTED_ORIGINS`` (same scheme and port, ``*.`` subdomains)."""
    scheme, host, port = origin
    for pattern in settings.CSRF_TRUSTED_ORIGINS:
        wildcard = "://*." in pattern
        allowed = parse_origin(pattern.replace("://*.", "://", 1) if wildcard else pattern)
        if allowed is None or allowed[0] != scheme or allowed[2] != port:
            continue
        if host == allowed[1] or (wildcard and is_same_domain(host, "." + allowed[1])):
            return True
    return False


def header(scope: dict, name: bytes) -> str | None:
    """One request header as text (latin-1, as HTTP carries it); None if absent."""
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin1")
    return None


def origin_allowed(scope: dict) -> bool:
    """Whether this websocket request comes from a page of this site (see the module's docstring)."""
    raw = header(scope, b"origin")
    origin = parse_origin(raw) if raw is not None else None
    if origin is None:
        return False
    host = header(scope, b"host")
    return (host is not None and same_as_host(origin, host)) or trusted(origin)


class StrictOriginValidator:
    """ASGI middleware: a websocket from any other origin is refused before the handshake."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope.get("type") == "websocket" and not origin_allowed(scope):
            await WebsocketDenier()(scope, receive, send)
            return
        await self.application(scope, receive, send)
