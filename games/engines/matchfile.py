"""Match files (shared/spec/MATCHFILE.md): reading, checking and replaying them.

Pure Python: used by ``manage.py replay``, by export/import, and by tests.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .protocol import ConfigError, EngineError, State, SubmissionError
from .registry import get_engine, slugs
from .runner import play_phase

#: Match files larger than this are refused before parsing.
MAX_BYTES = 5 * 1024 * 1024
MAX_PHASES = 2000


class MatchFileError(ValueError):
    """A match file that is not valid; the message names the phase and the player."""

    def __init__(self, message: str, phase: int | None = None, player: str | None = None) -> None:
        where = []
        if phase is not None:
            where.append(f"phase {phase}")
        if player is not None:
            where.append(f"player {player}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.phase = phase
        self.player = player


def parse(text: str | bytes) -> dict[str, Any]:
    """Parse and check the shape of a match file (not yet its moves)."""
    if len(text) > MAX_BYTES:
        raise MatchFileError(f"the file is larger than {MAX_BYTES // (1024 * 1024)} MiB")
    try:
        doc = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise MatchFileError(f"not valid JSON ({exc})") from None
    return check_shape(doc)


def check_shape(doc: Any) -> dict[str, Any]:
    """Check the top-level keys and their types."""
    if not isinstance(doc, dict):
        raise MatchFileError("the file must hold one JSON object")
    game = doc.get("game")
    if game not in slugs():
        raise MatchFileError(f"game must be one of {', '.join(sorted(slugs()))}, not {game!r}")
    seed = doc.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise MatchFileError("seed must be an integer")
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise MatchFileError("players must be a list of names")
    if len(set(players)) != len(players):
        raise MatchFileError("players must not repeat a name")
    garnets = doc.get("garnets", {})
    if not isinstance(garnets, dict):
        raise MatchFileError("garnets must be an object of name: number")
    for name, value in garnets.items():
        if name not in players:
            raise MatchFileError(f"garnets names {name!r}, who is not a player")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise MatchFileError(f"garnets of {name} must be a whole number, 0 or more")
    config = doc.get("config", {})
    if not isinstance(config, dict):
        raise MatchFileError("config must be an object")
    phases = doc.get("phases", [])
    if not isinstance(phases, list) or not all(isinstance(p, dict) for p in phases):
        raise MatchFileError("phases must be a list of objects keyed by player")
    if len(phases) > MAX_PHASES:
        raise MatchFileError(f"more than {MAX_PHASES} phases")
    for number, phase in enumerate(phases, start=1):
        for name, payload in phase.items():
            if name not in players:
                raise MatchFileError("not a player of this match", number, name)
            if not isinstance(payload, dict):
                raise MatchFileError("a submission must be an object", number, name)
    return {
        "game": game,
        "seed": seed,
        "players": players,
        "garnets": {p: int(garnets.get(p, 0)) for p in players},
        "config": config,
        "phases": phases,
    }


def start(doc: dict[str, Any]) -> State:
    """The first state of the match a (checked) file describes."""
    engine = get_engine(doc["game"])
    try:
        return engine.setup(list(doc["players"]), dict(doc["config"]), dict(doc["garnets"]), doc["seed"])
    except ConfigError as exc:
        raise MatchFileError(f"config: {exc}") from None
    except EngineError as exc:
        raise MatchFileError(str(exc)) from None


def replay(
    doc: dict[str, Any],
    until: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play a checked match file through its engine and return the MATCHFILE output."""
    engine = get_engine(doc["game"])
    state = start(doc)
    log: list[str] = []
    phases = doc["phases"] if until is None else doc["phases"][: max(until, 0)]
    played = 0
    for number, submissions in enumerate(phases, start=1):
        if engine.phase(state) is None:
            raise MatchFileError("the match is already over; this phase is one too many", number)
        try:
            result = play_phase(engine, state, doc["seed"], submissions)
        except SubmissionError as exc:
            raise MatchFileError(exc.message if exc.field == "" else str(exc), number, getattr(exc, "player", None)) from None
        except EngineError as exc:
            raise MatchFileError(str(exc), number) from None
        state = result.resolution.state
        log.extend(line.text for line in result.resolution.log)
        played += 1
        if progress:
            progress(played, len(phases))
    return summary(doc["game"], state, played, log)


def summary(game: str, state: State, played: int, log: list[str]) -> dict[str, Any]:
    """The replay output for ``state`` (MATCHFILE.md, "The output")."""
    engine = get_engine(game)
    spec = engine.phase(state)
    finished = engine.finished(state)
    out: dict[str, Any] = {
        "game": game,
        "finished": finished,
        "phases_played": played,
        "next_phase": None if spec is None else {"name": spec.name, "actors": list(spec.actors)},
        "players": {p: engine.player_state(state, p) for p in state_players(engine, state)},
    }
    if finished:
        outcome = engine.outcome(state)
        if outcome is not None:
            out["outcome"] = {
                "tol": outcome.tol,
                "tol_to_give": outcome.tol_to_give,
                "ec": outcome.ec,
                "pending": outcome.pending,
                "garnets_earned": outcome.garnets_earned,
                "dm_pick_order": outcome.dm_pick_order,
            }
            if engine.max_players == 2:  # a Death Match: who won and who is eliminated
                out["outcome"]["winner"] = outcome.winner
                out["outcome"]["loser"] = outcome.loser
    out["log"] = log
    return out


def state_players(engine: Any, state: State) -> list[str]:
    """Seat names in seat order (every engine keeps them under ``players``)."""
    return list(state["players"])
