"""A match's own rules: the Markdown a game carries in its config (e.g. a host's design), read through the
engine's ``rules_text``; empty when the game's RULES.md is the rules page."""

from __future__ import annotations

from games.engines.protocol import EngineError
from genius.matches.models import Match
from genius.matches.services.engines import engine_of


def _seat_names(count: int) -> list[str]:
    return [f"seat {n}" for n in range(1, count + 1)]


def rules_text(match: Match) -> str:
    """The match's own rules (Markdown), or "" (then the game's RULES.md is its rules page).

    A started match asks the engine with its state. A lobby has no state yet: for a game whose config
    carries a document (a ``design`` setting), the engine's ``setup`` builds one from the lobby's config with
    stand-in seats, and is asked with that; other lobbies use the game's RULES.md. A config the engine
    refuses gives "" (the lobby's own page says what is wrong).
    """
    try:
        engine = engine_of(match.game)
    except KeyError:
        return ""
    if match.state is not None:
        return engine.rules_text(match.state)
    if not any(f.kind == "design" for f in engine.spec.config):
        return ""
    try:
        state = engine.setup(_seat_names(match.seats_wanted), dict(match.config or {}), {}, match.seed)
    except (EngineError, TypeError, ValueError, KeyError):
        return ""
    return engine.rules_text(state)
