"""The client address behind trusted proxies (the login throttle itself lives in the database, ADR-0017)."""

from __future__ import annotations

import ipaddress

from starlette.requests import Request


def client_address(request: Request, trusted_proxies: list[str]) -> str:
    """Return the socket peer, or the first untrusted hop of X-Forwarded-For when the peer is a trusted proxy."""
    peer = request.client.host if request.client else "unknown"
    networks = [ipaddress.ip_network(p, strict=False) for p in trusted_proxies]
    if not networks or not _in_networks(peer, networks):
        return peer
    forwarded = request.headers.get("x-forwarded-for", "")
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _in_networks(hop, networks):
            return hop if _is_ip(hop) else peer
    return hops[0] if hops and _is_ip(hops[0]) else peer


def _is_ip(value: str) -> bool:
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


def _in_networks(address: str, networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)
