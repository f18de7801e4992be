"""A small fake game whose spec declares one setting of every kind, for the host pages' tests."""

from __future__ import annotations

from typing import Any

from games.engines.protocol import ConfigError, Engine, State
from games.engines.spec import ConfigField, GameSpec

SLUG = "fake-game"


class FakeEngine(Engine):
    """Only ``setup`` is played: it checks the settings as a real engine would and keeps them."""

    spec = GameSpec(
        slug=SLUG, title="Fake Game", summary="A game of settings only.", min_players=2, max_players=4,
        config=(
            ConfigField("laps", "Laps", "int", lo=1, hi=9),
            ConfigField("think", "Thinking time", "minutes", lo=1, hi=600),
            ConfigField("grace", "Grace", "seconds", lo=0, hi=60),
            ConfigField("mode", "Mode", "choice", choices=(("calm", "Calm"), ("wild", "Wild"))),
            ConfigField("notes", "Notes", "text", lines=3),
            ConfigField("fast", "Fast", "bool"),
            ConfigField("first", "Who starts", "seat"),
            ConfigField("order", "Order", "seat_order"),
            ConfigField("items", "Items", "seat_each", choices=(("hat", "Hat"), ("cane", "Cane"))),
        ),
    )

    def setup(self, players: list[str], config: dict[str, Any], garnets: dict[str, int], seed: int) -> State:
        notes = config.get("notes")
        if notes is not None and not notes.startswith("ok"):
            raise ConfigError("notes", "notes must start with “ok”")
        named = [config.get("first"), *(config.get("order") or []), *(config.get("items") or {}).values()]
        strangers = [name for name in named if name is not None and name not in players]
        if strangers:
            raise ConfigError("order", f"{strangers[0]} is not a player of this match")
        return {"players": players, "config": dict(config)}

    def config_preview(self, key: str, text: str) -> list[str] | str:
        if key != "notes":
            return ""
        return [f"note: {line}" for line in text.splitlines()] if text.startswith("ok") else "Start with “ok”."
