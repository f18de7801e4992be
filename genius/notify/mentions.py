"""Players mentioned in the announcements posted to Discord: a player who linked a Discord account is pinged
(``<@id>``) where the announcement names them, and nobody else is, ever.

The text is defused first (``discord.defuse_mentions``: ``@everyone``, ``@here`` and any ``<@…>`` typed by a
person read the same and ping nobody); then each linked player's name, where it stands as a whole name, gets
its mention after it, and Discord is told to ping exactly those users (``allowed_mentions``). User names
hold only letters, digits, ``_``, ``-`` and ``.`` (``genius.accounts.names``), and a Discord id only digits,
so nothing a person chose can make a mention of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from genius.accounts.discord.links import discord_ids
from genius.seasons.models import SeasonPlayer

#: Discord pings at most this many users named in ``allowed_mentions.users``.
MAX_USERS = 100
#: The characters of a user name: a name stands alone when none of these touches it (a full stop may end it).
_NAME_CHAR = r"A-Za-z0-9_\-"


def season_people(season_id: int | None) -> dict[str, str]:
    """The season's players who linked Discord: user name -> Discord id."""
    if season_id is None:
        return {}
    players = dict(SeasonPlayer.objects.filter(season_id=season_id).values_list("user_id", "user__username"))
    return {players[user_id]: uid for user_id, uid in discord_ids(players).items()}


def mention(text: str, people: Mapping[str, str], *, limit: int) -> tuple[str, list[str]]:
    """``text`` (already defused) with ``name (<@id>)`` where it names one of ``people``; and the ids mentioned.

    A mention that would take the text past ``limit`` characters is left out (the name stays).
    """
    wanted = {name: uid for name, uid in people.items() if name and uid.isdigit()}
    if not wanted:
        return text, []
    names = sorted(wanted, key=len, reverse=True)
    pattern = re.compile(rf"(?<![{_NAME_CHAR}.])({'|'.join(map(re.escape, names))})(?![{_NAME_CHAR}]|\.[{_NAME_CHAR}])")
    used: list[str] = []
    room = limit - len(text)

    def add(found: re.Match) -> str:
        nonlocal room
        name = found.group(1)
        uid = wanted[name]
        extra = f" (<@{uid}>)"
        if len(extra) > room or (uid not in used and len(used) >= MAX_USERS):
            return name
        room -= len(extra)
        if uid not in used:
            used.append(uid)
        return name + extra

    return pattern.sub(add, text), used
