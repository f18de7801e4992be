"""The engine's move-form fields of a player, remembered per state version (one process, a bounded cache)."""

from __future__ import annotations

from collections.abc import Hashable

from games.engines.protocol import Engine, Field, State
from genius.core.bounded_cache import BoundedCache

#: The engine's fields of a player's form, by the state's exact version and the player.
_FIELDS: BoundedCache[Hashable, tuple[Field, ...]] = BoundedCache(2048)


def move_fields(engine: Engine, state: State | None, player: str, version: Hashable | None) -> tuple[Field, ...]:
    """``engine.form_fields(state, player)``, worked out once per ``version`` and player when ``version`` names
    the state exactly (the match row's id and version: a state that changed has a new one). The fields are a
    pure function of the state and the player; building their labels took a fifth of a Trail Trouble move's
    CPU on the submission path."""
    if not state:
        return ()
    if version is None:
        return tuple(engine.form_fields(state, player))
    key = (version, player)
    fields = _FIELDS.get(key)
    if fields is None:
        fields = tuple(engine.form_fields(state, player))
        _FIELDS.put(key, fields)
    return fields
