"""What someone came for, kept in their session while they sign up or log in.

A page that needs an account (an invitation link opened while signed out) remembers its own address and a few
words saying what it is ("join Simply Genius"). Signing up, logging in and confirming an email address then bring
the person back to it (``allauth_adapter``), the welcome banner names it, and the home page offers it until the
person has been back there. Only an address on this site is kept (a path starting with one ``/``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest

SESSION_KEY = "genius_next_step"
LABEL_MAX = 160


@dataclass(frozen=True)
class NextStep:
    """A page on this site to go back to (``url``, a path) and what it is, in words (``label``)."""

    url: str
    label: str


def _on_this_site(url: str) -> bool:
    return url.startswith("/") and not url.startswith("//") and "\\" not in url and url.isprintable()


def remember(request: HttpRequest, url: str, label: str) -> None:
    """Keep ``url`` (a path on this site) as where ``request``'s person goes once signed in."""
    if _on_this_site(url):
        request.session[SESSION_KEY] = {"url": url, "label": label[:LABEL_MAX]}


def pending(request: HttpRequest) -> NextStep | None:
    """The step kept for ``request``'s person (None: nothing, or something this module did not write)."""
    session = getattr(request, "session", None)
    kept = session.get(SESSION_KEY) if session is not None else None
    if not isinstance(kept, dict):
        return None
    url, label = kept.get("url"), kept.get("label")
    if not isinstance(url, str) or not isinstance(label, str) or not _on_this_site(url):
        return None
    return NextStep(url, label)


def forget(request: HttpRequest, url: str | None = None) -> None:
    """Drop the kept step (only if it is ``url``, when given): the person is back on it."""
    step = pending(request)
    if step is not None and (url is None or step.url == url):
        request.session.pop(SESSION_KEY, None)
