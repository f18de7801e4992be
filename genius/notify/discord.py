"""What a webhook is sent: the text with its mentions made inert, as Discord reads it, posted through the one
SSRF-safe client (``genius.core.safe_http``)."""

from __future__ import annotations

import json
from collections.abc import Mapping

from genius.core.safe_http import post
from genius.notify.mentions import mention

#: Put after each ``@`` and ``<`` of a webhook's text: ``@everyone``, ``@here``, ``<@123>``, ``<@&123>``,
#: ``<#123>`` and Slack's ``<!channel>`` then read the same and ping nobody.
ZERO_WIDTH_SPACE = "\u200b"
#: The signs a mention starts with, and their look-alikes (full-width and small ＠ and ＜, which a client may fold
#: to ``@`` and ``<``): each gets a zero-width space after it.
MENTION_SIGNS = ("@", "<", "\uff20", "\ufe6b", "\uff1c", "\ufe64")


def defuse_mentions(text: str) -> str:
    """``text`` with every mention made inert (a zero-width space after each ``@`` and ``<``).

    >>> defuse_mentions("@everyone <@123>") == "@\u200beveryone <\u200b@\u200b123>"
    True
    """
    for sign in MENTION_SIGNS:
        text = text.replace(sign, sign + ZERO_WIDTH_SPACE)
    return text


#: Discord refuses a message longer than this: a longer announcement is split at line ends (``webhooks.chunks``).
MAX_CONTENT = 2000


def webhook_body(content: str, people: Mapping[str, str] | None = None) -> bytes:
    """The JSON posted: the text with its mentions defused, then the linked players among ``people`` (user name
    -> Discord id) mentioned where it names them; Discord is told to ping exactly those and nobody else."""
    text, users = mention(defuse_mentions(content), people or {}, limit=MAX_CONTENT)
    allowed: dict[str, list[str]] = {"parse": [], "users": users} if users else {"parse": []}
    return json.dumps({"content": text, "allowed_mentions": allowed}).encode()


def post_json(url: str, content: str, timeout: float = 10.0, people: Mapping[str, str] | None = None) -> str:
    """POST ``content`` as JSON (see :func:`webhook_body`); "" on a 2xx answer, else what went wrong
    (``genius.core.safe_http.post``)."""
    return post(url, webhook_body(content, people), timeout)
