"""The login throttle, kept in the database so that every replica and every restart sees the same counts."""

from domains.identity.throttle.guard import LoginThrottle, ThrottleLimits
from domains.identity.throttle.policy import ThrottleKey, backoff_seconds, throttle_keys

__all__ = ["LoginThrottle", "ThrottleKey", "ThrottleLimits", "backoff_seconds", "throttle_keys"]
