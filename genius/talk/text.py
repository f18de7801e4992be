"""A message's text as it is kept and shown: checked, cleaned and with its mentions defused.

Refused with a clear reason: no text, more than :data:`MAX_LENGTH` characters, or characters that are not text
(lone surrogates). Removed: control characters other than a line break or tab (NULs among them) and the
direction overrides and isolates (U+202A–U+202E, U+2066–U+2069), which could make a message read backwards
or spoof who wrote it. Mentions (``@everyone``, ``@here``, ``<@id>`` and their full-width and small look-alikes)
are defused with the notify app's own :func:`~genius.notify.discord.defuse_mentions`, the one used for
Discord webhooks: what is kept pings nobody wherever it goes. The page escapes it like any text.
"""

from __future__ import annotations

import re

from genius.notify.discord import defuse_mentions

#: The most characters a message may have (counted before defusing).
MAX_LENGTH = 1000
#: The most line breaks a message may have (a wall of empty lines is not a message).
MAX_LINES = 20

_REMOVED = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ufeff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


class TextRefused(ValueError):
    """The text cannot be said; the message says why, in the player's words."""


def clean(raw: object) -> str:
    """The text to keep (cleaned and defused), or :class:`TextRefused` saying what is wrong."""
    if not isinstance(raw, str):
        raise TextRefused("Write a message first.")
    if _SURROGATE.search(raw):
        raise TextRefused("That message holds characters that are not text (a broken emoji?): write it again.")
    text = _REMOVED.sub("", raw.replace("\r\n", "\n").replace("\r", "\n")).strip()
    if not text:
        raise TextRefused("Write a message first: this one is empty.")
    if len(text) > MAX_LENGTH:
        raise TextRefused(f"A message has at most {MAX_LENGTH:,} characters; this one has {len(text):,}.")
    if text.count("\n") >= MAX_LINES:
        raise TextRefused(f"A message has at most {MAX_LINES} lines.")
    return defuse_mentions(text)
