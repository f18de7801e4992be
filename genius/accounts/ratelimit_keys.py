"""The one place that reaches into django-ratelimit's private helpers: the cache key of a count.

django-ratelimit has no public way to name the cache key of one window's count (``get_usage`` builds it
inside). Forgetting a count (``genius.accounts.brakes.forget``) needs it, so it is built here with the
library's own private ``_get_window`` and ``_make_cache_key``. pyproject.toml pins django-ratelimit
exactly (``CHECKED_WITH``); ``tests/accounts/test_ratelimit_keys.py`` fails when another version is
installed: re-check this function against the new version's ``get_usage`` before moving the pin.
"""

from __future__ import annotations

from django_ratelimit.core import _get_window, _make_cache_key, get_usage

#: The django-ratelimit version this wrapper was checked against (pyproject.toml pins it with ``==``).
CHECKED_WITH = "4.1.0"


def count_key(group: str, value: str, rate: str, period: int) -> str:
    """The cache key under which ``get_usage(group=group, key=…→value, rate=rate, method=ALL)`` counts the
    current window (``period``: the rate's window in seconds)."""
    return _make_cache_key(group, _get_window(value, period), rate, value, get_usage.ALL)
