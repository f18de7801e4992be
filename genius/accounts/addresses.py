"""The client's real address: X-Forwarded-For is believed only when a trusted proxy sent it.

Behind a load balancer every request comes from the balancer's address. ``TRUSTED_PROXIES`` (the
setting, from the environment; addresses or CIDR networks) names the proxies whose
``X-Forwarded-For`` is believed. The header is read from the right: each trusted proxy appended
the address it saw, so the first address from the right that is not a trusted proxy is the
client. Anything left of it was written by the client and is ignored. A request from any other
peer is that peer, whatever its headers say.

The addresses themselves are read by python-ipware (django-ipware's engine): ports, brackets,
IPv4-mapped IPv6. Whom to believe stays here: ipware matches a header's last hops against a fixed
list of proxy positions and never asks whether the peer is a proxy at all, so a client talking to the
site directly could write its own ``X-Forwarded-For``; here the peer must be a trusted proxy, and any
number of trusted hops is passed over.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest
from python_ipware import IpWare

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(text: str) -> tuple[Network, ...]:
    """``"10.0.0.5, 172.16.0.0/12"`` as networks; raises ``ValueError`` naming a bad entry."""
    networks = []
    for entry in (part.strip() for part in text.split(",")):
        if not entry:
            continue
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise ValueError(f"TRUSTED_PROXIES: {entry!r} is not an address or a network (like 10.0.0.0/8)") from None
    return tuple(networks)


#: python-ipware (the engine of django-ipware) reading one address, as ``REMOTE_ADDR`` or one hop of a chain.
_ONE_ADDRESS = IpWare(precedence=("REMOTE_ADDR",))


def parse_address(text: str) -> Address | None:
    """An address as a proxy may write it (``1.2.3.4``, ``1.2.3.4:5678``, ``[::1]:80``, IPv4-mapped IPv6), or None.

    python-ipware's parser reads it. Its own choice of the client (a header's chain matched against a
    fixed list of proxy positions, without asking who the peer is) is not the rule here: see the module.
    """
    address, _trusted = _ONE_ADDRESS.get_client_ip({"REMOTE_ADDR": text.strip()})
    return address


@lru_cache(maxsize=8)
def _networks(entries: tuple[str, ...]) -> tuple[Network, ...]:
    return parse_networks(",".join(entries))


def _trusted(address: Address, networks: Iterable[Network]) -> bool:
    return any(address.version == net.version and address in net for net in networks)


def client_address(request: HttpRequest) -> str | None:
    """The address of the client behind ``request``, None when unknown (``AXES_CLIENT_IP_CALLABLE``)."""
    peer = parse_address(request.META.get("REMOTE_ADDR", "") or "")
    if peer is None:  # a Unix socket, or no peer at all
        return None
    networks = _networks(tuple(settings.TRUSTED_PROXIES))
    if not networks or not _trusted(peer, networks):
        return str(peer)
    hops = [hop for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    client = peer
    for hop in reversed(hops):
        address = parse_address(hop)
        if address is None:  # not written by a proxy of ours: stop at the last address we trust
            break
        client = address
        if not _trusted(address, networks):
            break
    return str(client)
