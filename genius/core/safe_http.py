"""The SSRF-safe HTTP client: where a webhook may be posted, and the one way this site posts to it.

An address is checked (:func:`check_webhook_url`: HTTPS or HTTP, a host name whose every address is public,
no credentials) when the host saves it and again when it is sent; the connection is pinned to the address
that was checked (no second lookup to rebind), follows no redirect and gives up after the timeout. Kept
apart from the webhooks' bookkeeping (``genius.notify.webhooks``) and from what Discord is sent
(``genius.notify.discord``), as Sentry keeps its safe fetcher.
"""

from __future__ import annotations

import http.client
import ipaddress
import logging
import socket
import ssl
from urllib.parse import urlsplit

from django.conf import settings

log = logging.getLogger(__name__)


class WebhookRefused(ValueError):
    """A webhook address this site does not post to; the message says why, in the host's words."""


def _allows_private() -> bool:
    return bool(settings.WEBHOOKS_ALLOW_PRIVATE)


def _is_public(address: str) -> bool:
    """True for an address on the public internet (IPv4-mapped and 6to4 IPv6 judged by their IPv4)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address):
        inner = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if inner is not None and not _is_public(str(inner)):
            return False
    return ip.is_global and not (ip.is_multicast or ip.is_private or ip.is_loopback or ip.is_link_local
                                 or ip.is_reserved or ip.is_unspecified)


def _parts(url: str) -> tuple[str, str, int, str]:
    """(scheme, host, port, path) of a webhook URL: HTTPS or HTTP, a host name, no credentials."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise WebhookRefused("This webhook address is not a valid URL.") from None
    scheme = parts.scheme.lower()
    if scheme not in ("https", "http"):
        raise WebhookRefused("A webhook address starts with https:// (or http://).")
    host = parts.hostname or ""
    if not host:
        raise WebhookRefused("This webhook address has no host name.")
    if parts.username is not None or parts.password is not None:
        raise WebhookRefused("A webhook address holds no user name or password.")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return scheme, host, port or (443 if scheme == "https" else 80), path


def _not_public(host: str) -> WebhookRefused:
    return WebhookRefused(f"{host} is not a public internet address (or could not be found): webhooks are "
                          "posted to public HTTPS or HTTP addresses only.")


def check_webhook_url(url: str) -> tuple[str, str, int, str, str]:
    """(scheme, host, port, path, address to connect to) of a webhook URL this site may post to.

    HTTPS, or HTTP, to a host whose every address is public, unless ``WEBHOOKS_ALLOW_PRIVATE`` (tests
    with a receiver on loopback). Raises :class:`WebhookRefused`, whose message names no address: a
    host learns that the URL is refused, not what lies behind it.
    """
    scheme, host, port, path = _parts(url)
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise _not_public(host) from None
    addresses = [str(info[4][0]) for info in found]
    if not addresses or not (_allows_private() or all(_is_public(a) for a in addresses)):
        raise _not_public(host)
    return scheme, host, port, path, addresses[0]


def check_without_lookup(url: str) -> None:
    """What can be refused of a webhook URL when it is saved, without looking its host up: the checks of
    :func:`check_webhook_url` but the lookup, and a host that is ``localhost`` or a private or loopback
    address written out. Sending checks again, with the lookup."""
    _, host, _, _ = _parts(url)
    if _allows_private():
        return
    if host == "localhost" or host.endswith(".localhost"):
        raise _not_public(host)
    try:
        public = _is_public(host)
    except ValueError:  # a name, not an address
        return
    if not public:
        raise _not_public(host)


class _PinnedHTTP(http.client.HTTPConnection):
    """An HTTP connection to the address that was checked (a second look-up could answer otherwise)."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """An HTTPS connection to the address that was checked, the certificate checked against the host name."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        self.tls = ssl.create_default_context()
        super().__init__(host, port, timeout=timeout, context=self.tls)
        self.address = address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self.tls.wrap_socket(sock, server_hostname=self.host)


def post(url: str, body: bytes, timeout: float = 10.0) -> str:
    """POST ``body`` (JSON) to ``url``; "" on a 2xx answer, else what went wrong.

    The address is checked again here (DNS can change since the host saved it) and the connection
    goes to the address checked; redirects are not followed. What went wrong is said without
    details that would map a network (the details go to the server's log).
    """
    try:
        scheme, host, port, path, address = check_webhook_url(url)
    except WebhookRefused as exc:
        return f"the webhook address is refused: {exc}"
    connection_class = _PinnedHTTPS if scheme == "https" else _PinnedHTTP
    conn = connection_class(host, port, address, timeout)
    try:
        conn.request("POST", path, body=body,
                     headers={"Content-Type": "application/json", "User-Agent": "Genius"})
        status = conn.getresponse().status
    except (OSError, http.client.HTTPException, ValueError) as exc:
        log.warning("webhook %s: %s: %s", host, type(exc).__name__, exc)
        return "the webhook could not be reached (connection failed or timed out)"
    finally:
        conn.close()
    return "" if 200 <= status < 300 else f"the webhook answered HTTP {status}"
