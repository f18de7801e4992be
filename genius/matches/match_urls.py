"""The match page's address, two ways that must agree (``tests/matches/test_match_url_twins.py``):
:func:`match_url` builds it from the route reversed once per script prefix (``reverse`` cost about 60 µs of CPU
on every move), :func:`match_url_plainly` reverses the route each time."""

from __future__ import annotations

from functools import cache

from django.urls import get_script_prefix, reverse

#: The route is reversed with this id, then cut around its last occurrence (a script prefix may hold it too).
_PK_MARK = 987654321


@cache
def _around_pk(script_prefix: str) -> tuple[str, str]:
    """The match route's address before and after the id, under this script prefix (the cache's key)."""
    head, _, tail = reverse("match", args=[_PK_MARK]).rpartition(str(_PK_MARK))  # the id comes after the prefix
    return head, tail


def match_url(pk: int) -> str:
    """``reverse("match", args=[pk])`` without resolving the route every time."""
    head, tail = _around_pk(get_script_prefix())
    return f"{head}{pk}{tail}"


def match_url_plainly(pk: int) -> str:
    """:func:`match_url`'s plain twin."""
    return reverse("match", args=[pk])
