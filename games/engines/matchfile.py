"""Match files (docs/MATCHFILE.md): reading, checking and replaying them.

Pure Python: used by ``manage.py replay``, by export/import, and by tests.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError, validators

from games.engines import house_bots
from games.engines.protocol import OUTSIDE_SUBMITTERS, TIMED_SUBMITTER, ConfigError, EngineError, State, SubmissionError
from games.engines.registry import get_engine, slugs
from games.engines.runner import play_recorded
from games.engines.values import INT64_MAX, INT64_MIN, is_int, shown

#: Match files larger than this are refused before parsing.
MAX_BYTES = 5 * 1024 * 1024
MAX_PHASES = 2000
#: Objects and lists nest at most this deep (a real file nests 6 deep); checked before parsing.
MAX_DEPTH = 20
#: A seat name fits the platform's seat row (``Seat.name``).
MAX_NAME = 40
#: Any other text in the file (a fork line, a board, a move, a custom game's rules) is at most this long.
MAX_TEXT = 20_000
#: A wallet brought in holds at most this many garnets.
MAX_GARNETS = 1_000_000

#: A JSON string; one left open runs to the end (so a scan never backtracks from every quote).
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_SURROGATE = re.compile("[\ud800-\udfff]")


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
    """Parse and check the shape of a match file (not yet its moves).

    Whatever the bytes, the answer is a checked document or one MatchFileError: the size and
    the nesting depth are checked before parsing, and NaN, lone surrogates and numbers beyond
    64 bits are refused.
    """
    if len(text) > MAX_BYTES:
        raise MatchFileError(f"the file is larger than {MAX_BYTES // (1024 * 1024)} MiB")
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode(json.detect_encoding(text))
        except (UnicodeDecodeError, LookupError):
            raise MatchFileError("not valid JSON (the file is not UTF-8 text)") from None
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise MatchFileError(f"not a match file: its objects and lists nest {depth} deep (at most {MAX_DEPTH})")
    try:
        doc = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise MatchFileError(f"not a match file: its objects and lists nest deeper than {MAX_DEPTH}") from None
    except ValueError as exc:
        raise MatchFileError(f"not valid JSON ({_first_line(exc)})") from None
    return check_shape(doc)


def nesting_depth(text: str) -> int:
    """How deep the objects and lists of a JSON text nest (brackets inside strings do not count).

    >>> nesting_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    for bracket in _NOT_BRACKETS.sub("", _STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _first_line(exc: Exception) -> str:
    return str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__


def check_values(value: Any, where: str = "the file") -> None:
    """Every key and text in ``value`` is real characters (MAX_TEXT at most), every number finite and 64-bit."""
    stack = [(value, where)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise MatchFileError(f"{at} holds a lone surrogate ({shown(item)}), which is not a character")
            if len(item) > MAX_TEXT:
                raise MatchFileError(f"{at} holds a text of {len(item)} characters (at most {MAX_TEXT})")
        elif isinstance(item, dict):
            for key, inner in item.items():
                if not isinstance(key, str):
                    raise MatchFileError(f"{at} has a key that is not a text: {shown(key)}")
                stack.append((key, at))
                stack.append((inner, at))
        elif isinstance(item, list):
            stack.extend((inner, at) for inner in item)
        elif isinstance(item, float) and not math.isfinite(item):
            raise MatchFileError(f"{at} holds {item}, which is not a number JSON allows")
        elif is_int(item) and not INT64_MIN <= item <= INT64_MAX:
            raise MatchFileError(f"{at} holds a number beyond 64 bits ({shown(item)})")


def check_name(name: Any) -> str | None:
    """Why ``name`` cannot be a seat name in a file, or None."""
    if not isinstance(name, str) or not name.strip():
        return f"{shown(name)} is not a name"
    if len(name) > MAX_NAME:
        return f"a seat name is at most {MAX_NAME} characters ({shown(name)} has {len(name)})"
    if _SURROGATE.search(name) or not name.isprintable():
        return f"the name {shown(name)} holds a character that cannot be shown"
    return None


def check_shape(doc: Any) -> dict[str, Any]:  # noqa: C901
    """Check the document against the published schema (:data:`SCHEMA_PATH`), then what a schema cannot say.

    The first error the schema finds (in the order of its keys: game, seed, players, garnets, config,
    phases) becomes one line naming the field, the phase and the player (:func:`schema_message`).
    """
    error = next(iter(_validator(tuple(sorted(slugs()))).iter_errors(doc)), None)
    if error is not None:
        raise schema_message(error, doc)
    players = doc["players"]
    for name in players:
        if problem := check_name(name):
            raise MatchFileError(f"players: {problem}")
    check_values(doc)
    garnets = doc.get("garnets", {})
    for name in garnets:
        if name not in players:
            raise MatchFileError(f"garnets names {shown(name)}, who is not a player")
    phases = doc.get("phases", [])
    if not get_engine(doc["game"]).spec.offers.host_rulings:  # else a phase may be a ruling: replay checks
        for number, phase in enumerate(phases, start=1):
            check_submissions(phase, players, number)
    reserve_used: dict[int, dict[str, float]] = {}
    for key, used in doc.get("reserve_used", {}).items():
        number = int(key)
        if number > len(phases):
            raise MatchFileError(f"reserve_used names phase {number}; the file has {len(phases)} phases")
        for name in used:
            if name not in players:
                raise MatchFileError("reserve_used: not a player of this match", number, name)
        reserve_used[number] = {name: float(used[name]) for name in players if name in used}
    checked = {
        "game": doc["game"],
        "seed": doc["seed"],
        "players": players,
        "garnets": {p: int(garnets.get(p, 0)) for p in players},
        "config": doc.get("config", {}),
        "phases": phases,
    }
    if reserve_used:
        checked["reserve_used"] = dict(sorted(reserve_used.items()))
    for name in doc.get("house_bots", []):
        if name not in players:
            raise MatchFileError(f"house_bots names {shown(name)}, who is not a player")
    if doc.get("house_bots"):
        checked["house_bots"] = [p for p in players if p in set(doc["house_bots"])]
    actions = check_actions(doc.get("actions", {}), players, len(phases))
    if actions:
        checked["actions"] = actions
    if doc.get("talk") is False:  # no press: the lobby turned talk off (missing: on)
        checked["talk"] = False
    if "concede" in doc:
        concession = doc["concede"]
        if concession["player"] not in players:
            raise MatchFileError("concede: not a player of this match", concession["phase"], concession["player"])
        if concession["phase"] > len(phases):
            raise MatchFileError(f"concede names phase {concession['phase']}; the file has {len(phases)} phases")
        checked["concede"] = {"phase": concession["phase"], "player": concession["player"]}
    return checked


def check_actions(raw: dict[str, Any], players: list[str], phase_count: int) -> dict[int, list[dict[str, Any]]]:
    """The file's ``actions`` (games whose spec offers actions): phase number → the actions taken at once in that
    phase, in the order they were applied, each ``{"player": name, ...the action}``."""
    out: dict[int, list[dict[str, Any]]] = {}
    for key, taken in raw.items():
        number = int(key)
        if number > phase_count:
            raise MatchFileError(f"actions names phase {number}; the file has {phase_count} phases")
        for n, action in enumerate(taken, start=1):
            name = action.get("player")
            if name not in players:
                raise MatchFileError(f"actions: action {n} names {shown(name)}, who is not a player", number)
        out[number] = [dict(a) for a in taken]
    return dict(sorted(out.items()))


def take_actions(engine: Any, state: State, taken: list[dict[str, Any]], number: int, log: list[str]) -> State:
    """Take the phase's actions again, in the file's order, before its moves are played (``actions``)."""
    if taken and not engine.spec.offers.actions:
        raise MatchFileError(f"actions: {engine.title} takes no actions", number)
    for n, action in enumerate(taken, start=1):
        player = action["player"]
        payload = {k: v for k, v in action.items() if k != "player"}
        try:
            result = engine.instant(state, player, payload)
        except SubmissionError as exc:
            raise MatchFileError(f"action {n}: {exc.message}", number, player) from None
        except EngineError as exc:
            raise MatchFileError(f"action {n}: {exc}", number, player) from None
        if result is None:
            raise MatchFileError(f"action {n}: not an action of this phase", number, player)
        state = result.state
        log.extend(line.text for line in result.log)
    return state


def check_submissions(phase: dict[str, Any], players: list[str], number: int) -> None:
    """A players' phase: objects keyed by players of the match (MatchFileError naming the phase and player)."""
    for name, move in phase.items():
        if name not in players:
            raise MatchFileError("not a player of this match", number, name)
        if not isinstance(move, dict):
            raise MatchFileError("a submission must be an object", number, name)


# --- the published schema --------------------------------------------------------------------------------

#: The match file's shape as a JSON Schema (draft 2020-12), published with the project (README, MATCHFILE.md).
SCHEMA_PATH = Path(__file__).with_name("matchfile.schema.json")
#: JSON Schema counts 7.0 as an integer; a match file does not (nor ``true``).
_Validator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", lambda _checker, value: is_int(value)),
)


def schema() -> dict[str, Any]:
    """The published schema (a fresh copy)."""
    return json.loads(SCHEMA_PATH.read_text())


@functools.lru_cache(maxsize=4)
def _validator(games: tuple[str, ...]) -> Any:
    """The schema's validator, its ``game`` narrowed to the registered games."""
    checked = schema()
    checked["properties"]["game"]["enum"] = list(games)
    return _Validator(checked)


def schema_message(error: ValidationError, doc: Any) -> MatchFileError:
    """One line for the schema's ``error``, naming the field (and the phase and player) it is about."""
    path = list(error.absolute_path)
    field = path[0] if path else None
    kind = error.validator
    if field is None:
        if kind == "required":
            required = error.validator_value if isinstance(error.validator_value, list) else []
            missing = next(k for k in required if k not in doc)
            if missing == "game":
                return MatchFileError(f"game must be one of {', '.join(sorted(slugs()))} (the file has no game)")
            return MatchFileError(f"{_EXPECTED[missing]} (the file has no {missing})")
        return MatchFileError("the file must hold one JSON object")
    if field == "game":
        return MatchFileError(f"game must be one of {', '.join(sorted(slugs()))}, not {shown(error.instance)}")
    if field == "seed" and kind in ("minimum", "maximum"):
        return MatchFileError(f"seed must be an integer from {INT64_MIN} to {INT64_MAX} (64 bits)")
    if field == "players" and len(path) == 2:
        return MatchFileError(f"players: {check_name(error.instance) or f'{shown(error.instance)} is not a name'}")
    if field == "players" and kind == "uniqueItems":
        return MatchFileError("players must not repeat a name")
    if field == "players" and kind == "maxItems":
        return MatchFileError(f"players: at most {error.validator_value} seats")
    if field == "garnets" and len(path) == 2:
        return MatchFileError(f"garnets of {shown(path[1])} must be a whole number from 0 to {MAX_GARNETS}")
    if field == "phases" and kind == "maxItems":
        return MatchFileError(f"more than {MAX_PHASES} phases")
    if field == "phases" and len(path) == 3:
        return MatchFileError("a submission must be an object", int(path[1]) + 1, str(path[2]))
    if field == "phases" and len(path) == 2:
        if kind == "maxProperties":
            return MatchFileError(f"a phase holds at most {error.validator_value} players' moves", int(path[1]) + 1)
        return MatchFileError("a phase must be an object keyed by player", int(path[1]) + 1)
    if field in _EXPECTED:
        return MatchFileError(_EXPECTED[field])
    return MatchFileError(f"{'/'.join(map(str, path))}: {error.message.splitlines()[0][:200]}")


#: What each top-level field must be, in the words of a refusal.
_EXPECTED = {
    "seed": "seed must be an integer",
    "players": "players must be a list of names",
    "garnets": "garnets must be an object of name: number",
    "config": "config must be an object",
    "phases": "phases must be a list of objects keyed by player",
    "reserve_used": "reserve_used must be an object of phase number: {player: seconds from 0 to 86400}",
    "house_bots": "house_bots must be a list of seat names",
    "concede": "concede must be an object {\"phase\": number, \"player\": name}",
    "actions": "actions must be an object of phase number: [{\"player\": name, ...the action}, ...]",
}


def start(doc: dict[str, Any]) -> State:
    """The first state of the match a (checked) file describes."""
    engine = get_engine(doc["game"])
    try:
        state = engine.setup(list(doc["players"]), dict(doc["config"]), dict(doc["garnets"]), doc["seed"])
        return house_bots.seat(state, doc.get("house_bots", []))
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
    for number, submissions in enumerate(phases, start=1):  # a ruling phase's object is the host's ruling
        if engine.phase(state) is None:
            raise MatchFileError("the match is already over; this phase is one too many", number)
        state = spend_reserve(engine, state, doc.get("reserve_used", {}).get(number, {}), number, log)
        state = concede(engine, state, doc.get("concede"), number, log)
        if engine.phase(state) is not None:  # the actions taken at once in this phase, in order, then its moves
            state = take_actions(engine, state, doc.get("actions", {}).get(number, []), number, log)
        if engine.phase(state) is None:  # a player ran out of time in this phase: it was never played
            played += 1
            if progress:
                progress(played, len(phases))
            continue
        open_spec = engine.phase(state)
        ruling = open_spec is not None and open_spec.kind == "ruling"  # the kind decides, never a key's spelling
        if not ruling:  # a poll's or a timed challenge's phase holds its reserved submitter's answers
            reserved = (*OUTSIDE_SUBMITTERS, TIMED_SUBMITTER)
            outsiders = [name for name in open_spec.optional if name in reserved] if open_spec else []
            check_submissions(submissions, doc["players"] + outsiders, number)
        try:
            result = play_recorded(engine, state, doc["seed"], submissions)
        except SubmissionError as exc:
            if ruling:
                raise MatchFileError(f"the host's ruling: {exc}", number) from None
            raise MatchFileError(exc.message if exc.field == "" else str(exc), number, getattr(exc, "player", None)) from None
        except EngineError as exc:
            raise MatchFileError(str(exc), number) from None
        state = result.resolution.state
        log.extend(line.text for line in result.resolution.log)
        played += 1
        if progress:
            progress(played, len(phases))
    return summary(doc["game"], state, played, log)


def spend_reserve(engine: Any, state: State, used: dict[str, float], number: int, log: list[str]) -> State:
    """Take the reserve time the file says each player used in phase ``number`` (``reserve_used``) off
    their reserve before the phase is played, in the order it was used (the least first: every reserve in
    a phase runs from the same moment), and a reserve at zero ends the match on time."""
    if not used:
        return state
    if not engine.spec.offers.reserve:
        raise MatchFileError(f"reserve_used: {engine.title} has no reserve time", number)
    try:
        result = engine.spend_reserves(state, dict(used))  # from the same moment: two out at once is one outcome
    except EngineError as exc:
        name = next((n for n in used if n in str(exc)), None)
        raise MatchFileError(f"reserve_used: {exc}", number, name) from None
    log.extend(line.text for line in result.log)
    return result.state


def concede(engine: Any, state: State, concession: dict[str, Any] | None, number: int, log: list[str]) -> State:
    """The file's concession (``concede``), when it was made while phase ``number`` was open: the engine
    ends the match (``Engine.concede``), and that phase is not played (its moves are kept and ignored)."""
    if not concession or concession["phase"] != number or engine.phase(state) is None:
        return state
    try:
        result = engine.concede(state, concession["player"])
    except (EngineError, NotImplementedError) as exc:
        raise MatchFileError(f"concede: {exc or engine.title + ' cannot be conceded'}", number,
                             concession["player"]) from None
    log.extend(line.text for line in result.log)
    return result.state


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
        "players": {p: engine.observer.player_state(state, p) for p in state_players(engine, state)},
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
            if outcome.placement:  # the public placement, 1..n, where the game states one
                out["outcome"]["placement"] = outcome.placement
    out["log"] = log
    return out


def state_players(engine: Any, state: State) -> list[str]:
    """Seat names in seat order (every engine keeps them under ``players``)."""
    return list(state["players"])
