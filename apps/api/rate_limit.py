"""In-process login throttling (sliding windows) and the client address behind trusted proxies.

Deliberately in memory: it guards password guessing on one instance. Spending is capped elsewhere, in the
database, because a counter in memory resets whenever the host restarts.
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections import deque
from collections.abc import Callable

from starlette.requests import Request

MAX_TRACKED_KEYS = 100_000


class SlidingWindowLimiter:
    """Count events per key within the last `window` seconds."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._events: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def retry_after(self, key: str) -> int | None:
        """Return seconds to wait when `key` already reached its limit, else None."""
        with self._lock:
            events = self._prune(key)
            if events is None or len(events) < self.limit:
                return None
            return max(1, math.ceil(events[0] + self.window - self.clock()))

    def hit(self, key: str) -> None:
        with self._lock:
            if len(self._events) >= MAX_TRACKED_KEYS:
                self._evict_expired()
            events = self._prune(key) or self._events.setdefault(key, deque())
            events.append(self.clock())

    def reset(self, key: str) -> None:
        with self._lock:
            self._events.pop(key, None)

    def _prune(self, key: str) -> deque[float] | None:
        events = self._events.get(key)
        if events is None:
            return None
        horizon = self.clock() - self.window
        while events and events[0] <= horizon:
            events.popleft()
        if not events:
            del self._events[key]
            return None
        return events

    def _evict_expired(self) -> None:
        for key in list(self._events):
            self._prune(key)
        while len(self._events) >= MAX_TRACKED_KEYS:
            self._events.pop(next(iter(self._events)))


class LoginThrottle:
    """Failures per (email, address) and, with a wider ceiling, per address across all emails."""

    def __init__(self, per_account: int, per_address: int, window: float) -> None:
        self.account = SlidingWindowLimiter(per_account, window)
        self.address = SlidingWindowLimiter(per_address, window)

    def retry_after(self, email: str, address: str) -> int | None:
        waits = [self.account.retry_after(f"{email}|{address}"), self.address.retry_after(address)]
        present = [w for w in waits if w is not None]
        return max(present) if present else None

    def failed(self, email: str, address: str) -> None:
        self.account.hit(f"{email}|{address}")
        self.address.hit(address)

    def succeeded(self, email: str, address: str) -> None:
        self.account.reset(f"{email}|{address}")


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
