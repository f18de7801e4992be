"""The user-name policy: which names a person may take, and which names look alike.

A user name becomes a seat name, and seat names show on boards, in logs, in live frames and in
webhook announcements. So a name may never read as a role (``host``, ``public``), mention anyone
(``@everyone``) or pass for another player's name. Pure functions, no Django.

>>> problem("ana.b") is None
True
>>> problem("@host")
'A user name cannot start with @.'
>>> problem("Public")
'This name is reserved: it reads as “public”.'
>>> canonical("Ana_B0") == canonical("ana-bo")
True
>>> problem("Guest-Zz9")
'Names starting with “guest-” are kept for guests (any case, any separator).'
>>> seat_name_problem("bo") is None
True
"""

from __future__ import annotations

import string
import unicodedata
from collections import defaultdict
from collections.abc import Iterable

MIN_LENGTH = 3
#: Fits a seat (``Seat.name`` holds 40) and the boards' name labels, which cut longer names.
MAX_LENGTH = 24
ALLOWED = frozenset(string.ascii_letters + string.digits + "_-.")
RULE = f"Use {MIN_LENGTH} to {MAX_LENGTH} of: letters a–z and A–Z, digits, and _ - ."

#: Names of roles, audiences and mentions, refused whatever their case or look-alike spelling.
RESERVED_WORDS = frozenset({
    "admin", "administrator", "all", "anonymous", "bot", "bots", "channel", "default", "discord",
    "everyone", "genius", "here", "host", "hosts", "mod", "moderator", "moderators", "nobody",
    "none", "null", "owner", "player", "players", "private", "public", "root", "seat", "server",
    "spectator", "spectators", "staff", "support", "system", "undefined", "viewer", "webhook",
})

#: Guests' names start with this (``genius.accounts.guests``): no one else may take it, in any case.
GUEST_PREFIX = "guest-"
GUEST_ONLY = "Names starting with “guest-” are kept for guests (any case, any separator)."

# Folded after NFKC and case folding: letters that pass for each other in common fonts, and the
# separators, which read alike at a glance.
_CONFUSABLES = (("rn", "m"), ("vv", "w"), ("0", "o"), ("1", "l"), ("i", "l"), ("|", "l"),
                ("_", "-"), (".", "-"))


def canonical(name: str) -> str:
    """The form two names share when they look alike: NFKC, case-folded, confusables folded."""
    text = unicodedata.normalize("NFKC", name).casefold()
    for seen, folded in _CONFUSABLES:
        text = text.replace(seen, folded)
    return text


def _bare(name: str) -> str:
    return canonical(name).replace("-", "")


_RESERVED = {_bare(word): word for word in RESERVED_WORDS}


def reserved_word(name: str) -> str | None:
    """The reserved word ``name`` reads as (``"ｐｕｂｌｉｃ"`` reads as ``"public"``), or None."""
    return _RESERVED.get(_bare(name))


def _describe(char: str) -> str:
    if char == " ":
        return "a space"
    code = f"U+{ord(char):04X}"
    # Never echo a character that cannot be shown (or encoded, like a lone surrogate).
    return f"“{char}” ({code})" if char.isprintable() and not char.isspace() else code


def looks_like_a_guest(name: str) -> bool:
    """Whether ``name`` starts like a guest's (``Guest-``, ``GUEST_``, ``guest.``… any case)."""
    return canonical(name).startswith(canonical(GUEST_PREFIX))


def problem(name: str, *, reserved: bool = True, guest: bool = False, min_length: int = MIN_LENGTH) -> str | None:
    """Why ``name`` breaks the policy, in one sentence for the sign-up form; None when it is fine.

    ``reserved=False`` skips the reserved words (for accounts the site's owner made, such as hosts);
    ``guest=True`` lets the name start with :data:`GUEST_PREFIX` (only the guest maker's own names).
    """
    if not name:
        return "Choose a user name."
    if len(name) > MAX_LENGTH:
        return f"A user name has at most {MAX_LENGTH} characters (this one has {len(name)})."
    if name.startswith("@") or canonical(name).startswith("@"):
        return "A user name cannot start with @."
    if reserved and (word := reserved_word(name)):
        return f"This name is reserved: it reads as “{word}”."
    bad = next((char for char in name if char not in ALLOWED), None)
    if bad is not None:
        return f"{_describe(bad)} is not allowed in a user name. {RULE}"
    if len(name) < min_length:
        return f"A user name has at least {min_length} characters."
    if not name[0].isalnum():
        return "A user name starts with a letter or a digit."
    if not guest and looks_like_a_guest(name):
        return GUEST_ONLY
    return None


def seat_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a seat name a host types (a bot) or a match file brings; None when it can.

    The user-name policy, with two differences: a seat name may be one or two characters long (no role
    or mention is that short), and it may start with ``guest-`` (a match file records the guests who
    played; an unclaimed seat is no account, so it cannot pass for one).
    """
    found = problem(name, guest=True, min_length=1)
    return found and found.replace("A user name", "A seat name").replace("a user name", "a seat name")


def lookalike_groups(names: Iterable[str]) -> list[list[str]]:
    """Groups of two or more names that look alike (share a canonical form), each sorted."""
    groups: dict[str, list[str]] = defaultdict(list)
    for name in names:
        groups[canonical(name)].append(name)
    return sorted(sorted(group) for group in groups.values() if len(group) > 1)


def is_lookalike(name: str, others: Iterable[str]) -> bool:
    """Whether ``name`` looks like one of ``others``."""
    mine = canonical(name)
    return any(canonical(other) == mine for other in others)
