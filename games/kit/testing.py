"""The standard tests every game gets, written once: spec and observer, playout, purity, replay, form fuzz and
view leaks.

Pure Python (no Django, no test framework): each ``check_*`` raises AssertionError with a message
that names the game, the seed and the step. ``tests/games/test_standard_kit.py`` runs them over
every registered game, so a new game gets them by adding its line to the registry; a game's own
tests (``tests/<game>/``) check its rules.

A game lists what is secret to each seat in ``games/<game>/leaks.py``::

    def secret_paths(state: State, player: str) -> list[tuple[str | int, ...]]:
        '''Where in ``state`` the values only ``player`` (and the host) may see are kept now.'''

The leak check writes a unique marker at each of those paths and looks for it in what every
other seat and a spectator receive (``view``, ``board_text`` and their own ``panel``).
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import importlib
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import games
from games.engines import matchfile
from games.engines.protocol import (
    HOST,
    SPECTATOR,
    Engine,
    Host,
    Observer,
    Payload,
    Public,
    Seat,
    State,
    SubmissionError,
    Viewer,
    offer_problems,
)
from games.engines.runner import PhaseResult, bot_move, play_phase, play_recorded, play_ruling

#: Seat names for playouts (a game of up to 16 seats; the first two are people in the site's tests).
NAMES = ("ana", "ben", "cy", "dee", "eli", "fay", "gus", "hal", "ivy", "jo", "kim", "lou", "max", "nia", "oz", "pia")
#: A match that has not finished after this many phases is a bug (no game here plays 500 phases).
MAX_PHASES = 500
#: Top-level packages an engine package must never import: the web framework and the site.
FORBIDDEN = ("django", "genius", "channels", "celery", "redis")

SecretPaths = Callable[[State, str], Iterable[tuple[str | int, ...]]]


# --- what a game declares --------------------------------------------------------------------------------
def seat_range(engine: Engine) -> range:
    """The seat counts a game accepts: from its spec when it declares one, else from the engine."""
    spec = getattr(engine, "spec", None)  # the kit runs on engines from before GameSpec, too
    if spec is not None:
        return spec.seat_counts()
    return range(engine.min_players, engine.max_players + 1)


def phase_kinds(engine: Engine) -> tuple[str, ...] | None:
    """The phase kinds the game declares (None: it declares no spec)."""
    spec = getattr(engine, "spec", None)
    return None if spec is None else tuple(spec.phase_kinds)


def package_of(engine: Engine) -> ModuleType:
    """The game's package (its folder), found from the engine's class."""
    return importlib.import_module(type(engine).__module__.rpartition(".")[0])


def leaks_module(engine: Engine) -> ModuleType:
    """``games/<game>/leaks.py``: the game's ``secret_paths``; AssertionError naming the file when missing."""
    name = f"{package_of(engine).__name__}.leaks"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise AssertionError(
            f"{engine.slug}: add {name.replace('.', '/')}.py with secret_paths(state, player) "
            "listing where each seat's secrets are kept (see docs/NEW_GAME.md)"
        ) from None


# --- what a game offers, and its observer ----------------------------------------------------------------
#: What a viewer sees: the observer's methods, which no engine keeps (the site calls ``engine.observer``).
OBSERVER_METHODS = ("view", "board_text", "board_svg", "player_state", "panel")


def check_offers_implemented(engine: Engine) -> None:
    """What the spec offers, the engine implements (``reserve`` needs ``spend_reserve`` and ``concede``, ...)."""
    problems = offer_problems(engine)
    assert not problems, "; ".join(problems)


def check_observer(engine: Engine) -> None:
    """One observer a game: ``engine.observer`` is the game's own :class:`Observer`, made with this engine,
    with its own ``view`` and ``player_state``; and the engine keeps none of the observer's methods."""
    observer = getattr(engine, "observer", None)
    assert isinstance(observer, Observer), f"{engine.slug}: engine.observer is {observer!r}, not an Observer"
    kind = type(observer)
    assert kind is not Observer, f"{engine.slug}: set observer_type to the game's own Observer subclass"
    assert observer.game is engine, f"{engine.slug}: the observer was made for another engine"
    for name in ("view", "player_state"):
        assert getattr(kind, name) is not getattr(Observer, name), f"{engine.slug}: {kind.__name__} lacks {name}"
    kept = [name for name in OBSERVER_METHODS if hasattr(type(engine), name)]
    assert not kept, f"{engine.slug}: the engine still has {', '.join(kept)}; they belong to its observer"


# --- playouts ------------------------------------------------------------------------------------------
@dataclass
class Playout:
    """A whole match played by bots: the match file's parts and every state and result on the way."""

    engine: Engine
    seed: int
    players: list[str]
    config: dict[str, Any]
    garnets: dict[str, int]
    states: list[State] = field(default_factory=list)
    results: list[PhaseResult] = field(default_factory=list)
    phases: list[dict[str, Payload]] = field(default_factory=list)

    @property
    def final(self) -> State:
        return self.states[-1]

    def match_file(self) -> dict[str, Any]:
        """The match file (MATCHFILE.md) of this playout, as JSON-able data."""
        return {"game": self.engine.slug, "seed": self.seed, "players": list(self.players),
                "garnets": dict(self.garnets), "config": copy.deepcopy(self.config),
                "phases": copy.deepcopy(self.phases)}


def where(engine: Engine, seed: int, number: int | None = None) -> str:
    return f"{engine.slug} seed {seed}" + ("" if number is None else f" phase {number}")


def json_round_trips(value: Any) -> bool:
    return json.loads(json.dumps(value)) == value


def random_playout(
    engine: Engine,
    seed: int,
    *,
    players: int | list[str] | None = None,
    config: dict[str, Any] | None = None,
    garnets: dict[str, int] | None = None,
    missing: float = 0.2,
    max_phases: int = MAX_PHASES,
) -> Playout:
    """Play a whole match with bots, leaving out about ``missing`` of the moves, checking the invariants.

    Every step: the open phase's actors are seats and its kind is one the game declares; submissions
    come only from actors; ``play_phase`` never changes the state it is given; every state and view is
    plain JSON; log lines are typed and not empty. At the end: finished within ``max_phases``, and an
    outcome that names only seats (see :func:`check_outcome`).
    """
    rng = random.Random(f"kit:{seed}")
    counts = seat_range(engine)
    if players is None:
        players = rng.choice(list(counts))
    names = list(NAMES[:players]) if isinstance(players, int) else list(players)
    wallets = {p: rng.randint(0, 5) for p in names} if garnets is None else dict(garnets)
    if config is None:  # a game with a required setting draws one (Engine.sample_config; the base: {})
        config = engine.sample_config(list(names), random.Random(f"kit-config:{seed}"))
    play = Playout(engine, seed, names, dict(config or {}), wallets)
    state = engine.setup(list(names), copy.deepcopy(play.config), dict(wallets), seed)
    assert json_round_trips(state), f"{where(engine, seed)}: the first state is not plain JSON"
    play.states.append(state)
    kinds = phase_kinds(engine)
    while (spec := engine.phase(state)) is not None:
        number = len(play.phases) + 1
        at = where(engine, seed, number)
        assert number <= max_phases, f"{at}: the match has not finished after {max_phases} phases"
        assert kinds is None or spec.kind in kinds, f"{at}: phase kind {spec.kind!r} is not declared in {kinds}"
        before = json.dumps(state, sort_keys=True)
        subs: dict[str, Any]
        if spec.kind == "ruling":  # the host's ruling (Offers.host_rulings): nobody acts, the host rules
            assert not spec.actors and spec.until_closed, f"{at}: a ruling phase has no actors and no deadline"
            subs = engine.bot_ruling(state, random.Random(f"kit-ruling:{seed}:{number}"))
            result = play_ruling(engine, state, seed, subs)
            assert result.ruling is not None and json_round_trips(result.ruling), f"{at}: the ruling is not JSON"
        else:
            assert spec.actors and set(spec.actors) <= set(names), f"{at}: actors {spec.actors} are not all seats"
            subs = {p: bot_move(engine, state, seed + number, spec, p) for p in spec.actors if rng.random() >= missing}
            result = play_phase(engine, state, seed, subs)
        assert json.dumps(state, sort_keys=True) == before, f"{at}: resolving changed the state it was given"
        assert result.spec.number == spec.number and set(result.submissions) == set(spec.actors), at
        new = result.resolution.state
        assert json_round_trips(new), f"{at}: the state after it is not plain JSON"
        for line in result.resolution.log:
            assert line.text.strip(), f"{at}: an empty log line"
            audience = line.audience
            assert isinstance(audience, Public | Host) or audience in {Seat(p) for p in names}, \
                f"{at}: log line for {audience!r}, who is not PUBLIC, HOST or a seat"
        for change in result.resolution.garnets:
            assert change.player in names and change.reason, f"{at}: garnet change {change}"
        for viewer in (SPECTATOR, HOST, Seat(names[0])):
            assert json_round_trips(engine.observer.view(new, viewer)), f"{at}: the view of {viewer!r} is not plain JSON"
        play.phases.append(subs)
        play.results.append(result)
        play.states.append(new)
        state = new
    check_outcome(play)
    return play


def engine_finished(play: Playout) -> bool:
    """Whether the playout's last state is a finished match with no phase open."""
    return play.engine.finished(play.final) and play.engine.phase(play.final) is None


def check_outcome(play: Playout) -> None:
    """A finished match's outcome names only seats, each once where it must, and winner ≠ loser."""
    engine, final, names = play.engine, play.final, set(play.players)
    at = where(engine, play.seed)
    assert engine.finished(final), f"{at}: no phase is open but the match is not finished"
    outcome = engine.outcome(final)
    assert outcome is not None, f"{at}: a finished match has no outcome"
    assert outcome.pending is None, f"{at}: a decision is pending with no phase open"
    assert set(outcome.tol) <= names and set(outcome.tol_to_give) <= names, f"{at}: ToL for a non-seat"
    assert set(outcome.ec) <= names and len(set(outcome.ec)) == len(outcome.ec), f"{at}: EC {outcome.ec}"
    assert set(outcome.garnets_earned) <= names and set(outcome.dm_pick_order) <= names, at
    assert all(n >= 0 for n in outcome.tol.values()), f"{at}: negative ToL {outcome.tol}"
    for person in (outcome.winner, outcome.loser):
        assert person is None or person in names, f"{at}: winner/loser {person!r} is not a seat"
    assert outcome.winner is None or outcome.winner != outcome.loser, f"{at}: the winner is the loser"
    assert json_round_trips(outcome.as_dict()), f"{at}: the outcome is not plain JSON"


# --- purity --------------------------------------------------------------------------------------------
def imported_modules(path: Path) -> set[str]:
    """Every absolute module a source file imports, at the top or inside functions."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def check_imports_no_site(engine: Engine) -> None:
    """No file of the game's folder imports Django or the site (read from the source)."""
    folder = Path(package_of(engine).__file__ or "").parent
    files = sorted(folder.glob("*.py"))
    assert files, f"{engine.slug}: no Python files in {folder}"
    for path in files:
        bad = sorted(n for n in imported_modules(path) if n.split(".")[0] in FORBIDDEN)
        assert not bad, f"{engine.slug}: {path.name} imports {', '.join(bad)}"


def check_loads_no_django(engine: Engine) -> None:
    """Loading every module of the game's folder, in a fresh interpreter, loads no Django and no site."""
    package = package_of(engine)
    folder = Path(package.__file__ or "").parent
    modules = [f"{package.__name__}.{p.stem}" for p in sorted(folder.glob("*.py")) if p.stem != "__init__"]
    code = (
        "import importlib, sys, games\n"
        f"games.__path__[:] = {list(games.__path__)!r}\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    root = Path(games.__path__[0]).parent
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"{engine.slug}: loading its modules failed:\n{done.stderr[-2000:]}"
    assert done.stdout.strip() == "", f"{engine.slug}: loading its modules loaded {done.stdout.strip()}"


def check_same_seed_same_match(engine: Engine, seed: int, **options: Any) -> None:
    """Two playouts from the same seed (and moves) give the very same states."""
    first, second = random_playout(engine, seed, **options), random_playout(engine, seed, **options)
    assert first.states == second.states, f"{where(engine, seed)}: the same seed gave two different matches"


def check_resolve_leaves_its_input(play: Playout) -> None:
    """``resolve`` (and ``check``, ``view``, ``form_fields``) never change the state they are given."""
    engine = play.engine
    for number, (state, result) in enumerate(zip(play.states, play.results, strict=False), start=1):
        before = copy.deepcopy(state)
        if result.ruling is not None:
            engine.rule(state, engine.check_ruling(state, copy.deepcopy(result.ruling)), random.Random(number))
        else:
            subs = {p: copy.deepcopy(s) for p, s in result.submissions.items()}
            engine.resolve(state, subs, random.Random(number))
        for player in result.spec.actors:
            if player not in result.defaulted:  # a default need not be a move a player could send
                engine.check(state, player, copy.deepcopy(result.submissions[player]))
            engine.form_fields(state, player)
        viewers: list[Viewer] = [HOST, SPECTATOR, *map(Seat, play.players)]
        for viewer in viewers:
            engine.observer.view(state, viewer)
            engine.observer.board_text(state, viewer)
        assert state == before, f"{where(engine, play.seed, number)}: reading or resolving changed its input"


# --- replay --------------------------------------------------------------------------------------------
def check_replays_the_same(play: Playout) -> dict[str, Any]:
    """The playout's match file, through ``matchfile.parse`` and ``replay``, ends where the playout did."""
    engine = play.engine
    doc = matchfile.parse(json.dumps(play.match_file()))
    out = matchfile.replay(doc)
    at = where(engine, play.seed)
    assert out["finished"] is True and out["next_phase"] is None, f"{at}: the replay did not finish"
    assert out["phases_played"] == len(play.phases), f"{at}: replay played {out['phases_played']} phases"
    assert out["players"] == {p: engine.observer.player_state(play.final, p) for p in play.players}, f"{at}: other players"
    assert out["log"] == [line.text for r in play.results for line in r.resolution.log], f"{at}: another log"
    outcome = engine.outcome(play.final)
    assert outcome is not None and out["outcome"]["ec"] == outcome.ec and out["outcome"]["tol"] == outcome.tol, at
    state = matchfile.start(doc)
    for recorded in doc["phases"]:  # submissions keyed by player, or a ruling phase's ruling
        state = play_recorded(engine, state, doc["seed"], recorded).resolution.state
    assert state == play.final, f"{at}: replaying phase by phase gave another final state"
    return out


def check_fixture_replays(path: Path) -> dict[str, Any]:
    """A saved match file replays to a finished match."""
    out = matchfile.replay(matchfile.parse(path.read_text(encoding="utf-8")))
    assert out["finished"] is True and out["next_phase"] is None, f"{path}: the replay did not finish"
    json.dumps(out)
    return out


def write_fixture(play: Playout, path: Path) -> None:
    """Save a playout as a match file fixture (``tests/<game>/fixtures/full_match.json``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(play.match_file(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# --- forms ---------------------------------------------------------------------------------------------
#: Texts that broke, or could break, a parser: digits that are not ASCII, signs, separators, roles,
#: look-alikes, controls, lone surrogates, numbers beyond 64 bits, markup.
TRAPS = (
    "²", "1²", "-²", "٣", "३", "３", "𝟑", "Ⅻ", "½", "1_000", " 7 ", "+1", "-0", "-1", "0x10", "1e3", "1.5", "0",
    "\u200b1", "\u00a01", "\t2\n", "\x00", "\x7f", "\u202eRLO", "\ufeff3", "\ud800", "a\ud800b", "\udbff\udc00",
    "@everyone", "@host", "host", "public", "ｐｕｂｌｉｃ", "", " ", "null", "true", "NaN", "Infinity", "[]", "{}",
    "<script>", str(2**63), str(2**64), "-" + str(2**70), "9" * 4301, "W²", "L", "R", "LRLL", "a1", "ana",
)


def hostile_text(rng: random.Random) -> str:
    """Any code points (lone surrogates included), a trap, a trap inside other text, or a very long run."""
    pick = rng.randrange(4)
    if pick == 0:
        return "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randrange(12)))
    if pick == 1:
        return rng.choice(TRAPS)
    if pick == 2:
        return chr(rng.randrange(0x3000)) + rng.choice(TRAPS) + chr(rng.randrange(0x110000))
    return rng.choice(["9", "²", "a", "@", "\ud800"]) * rng.randrange(200, 20_000)


def hostile_form(rng: random.Random, fields: list[Any], valid: dict[str, Any] | None = None) -> dict[str, Any]:
    """Form data as the site posts it (a text a field, a list for a multiple choice), some of it hostile."""
    data: dict[str, Any] = dict(valid or {})
    for f in [*fields, None]:
        name = "bogus" if f is None else f.name
        roll = rng.random()
        if roll < 0.2:
            data.pop(name, None)
        elif roll < 0.7 or name not in data:
            many = f is not None and f.kind == "multichoice"
            data[name] = [hostile_text(rng) for _ in range(rng.randrange(4))] if many else hostile_text(rng)
    return data


def check_forms_take_hostile_text(play: Playout, tries: int = 30) -> int:
    """``parse_form`` of hostile text raises only SubmissionError; what it accepts the engine's check accepts.

    And a bot's move shown in the form (``form_initial``) and posted back parses to a move the check accepts.
    Returns how many forms were posted.
    """
    engine = play.engine
    rng = random.Random(f"forms:{play.seed}")
    posted = 0
    for number, (state, result) in enumerate(zip(play.states, play.results, strict=False), start=1):
        for player in result.spec.actors:
            at = f"{where(engine, play.seed, number)}, {player}"
            fields = engine.form_fields(state, player)
            sent = None if player in result.defaulted else result.submissions[player]
            initial = posted_form(fields, engine.form_initial(state, player, sent))
            if sent is not None:
                try:
                    engine.check(state, player, engine.parse_form(state, player, copy.deepcopy(initial)))
                except SubmissionError as exc:
                    raise AssertionError(f"{at}: the form of {sent} does not parse back: {exc}") from None
            for _ in range(tries):
                data = hostile_form(rng, fields, initial if rng.random() < 0.5 else None)
                try:
                    payload = engine.parse_form(state, player, data)
                    engine.check(state, player, payload)
                except SubmissionError:
                    pass
                except Exception as exc:  # noqa: BLE001 - the point: anything else is a bug
                    raise AssertionError(f"{at}: {type(exc).__name__}: {exc} for form {data!r:.300}") from exc
                posted += 1
    return posted


def posted_form(fields: list[Any], initial: dict[str, Any]) -> dict[str, Any]:
    """Form values as a browser posts them: texts, a list for a multiple choice, ``"true"``/``""`` for a box."""
    data: dict[str, Any] = {}
    for f in fields:
        value = initial.get(f.name)
        if f.kind == "multichoice":
            data[f.name] = [str(v) for v in value or []]
        elif f.kind == "bool":
            data[f.name] = "true" if value else ""
        elif value is not None:
            data[f.name] = str(value)
    return data


# --- leaks ---------------------------------------------------------------------------------------------
def marked(state: State, player: str, paths: Iterable[tuple[str | int, ...]]) -> tuple[State, list[str]]:
    """A copy of ``state`` with a unique marker written at each of ``player``'s secret paths."""
    new = copy.deepcopy(state)
    marks: list[str] = []
    for path in paths:
        holder: Any = new
        for key in path[:-1]:
            holder = holder[key]
        old = holder[path[-1]]  # KeyError/IndexError: the game named a path that is not in the state
        holder[path[-1]] = _marker(old, marks)
    return new, marks


def _marker(old: Any, marks: list[str]) -> Any:
    """A value shaped like ``old`` (so the views can still sort and add it) that nothing else holds."""
    number = 7_310_000_000 + 1_000 * len(marks) + 37
    if isinstance(old, list):
        return [_marker(old[0] if old else "", marks)]
    if isinstance(old, dict):
        key = f"SECRET-{len(marks)}-kit"
        marks.append(key)
        return {key: _marker(next(iter(old.values()), ""), marks)}
    if isinstance(old, bool) or old is None or isinstance(old, str):
        marks.append(f"SECRET-{len(marks)}-kit")
        return marks[-1]
    marks.append(str(number))
    return number if isinstance(old, int) else float(number)


def talk_seen(engine: Engine, state: State, viewer: Viewer) -> str:
    """What the talk tells ``viewer`` of its channels (``Engine.talk``): the key, name and members of each channel
    it is a member of (a room's players see their room; nobody else is told of it). Spectators and strangers
    are members of none."""
    me = viewer.name if isinstance(viewer, Seat) else None
    return json.dumps([[c.key, c.name, list(c.members), c.open] for c in engine.talk(state) or [] if me in c.members],
                      ensure_ascii=False)


def check_no_view_leaks(play: Playout, secret_paths: SecretPaths, every: int = 1) -> int:
    """No other seat, spectator or stranger receives a seat's secrets: not in ``view``, ``board_text``, nor
    their own ``panel`` or move form (``form_fields``: its options, labels and help), nor the talk channels they are
    told of (:func:`talk_seen`: a room's channel is told to its members only). The host does see them. Returns how
    many secrets were checked."""
    engine = play.engine
    checked = 0
    for number, state in enumerate(play.states[::every]):
        for player in play.players:
            paths = list(secret_paths(state, player))
            if not paths:
                continue
            at = f"{where(engine, play.seed, number * every)}, {player}'s secrets"
            try:
                new, marks = marked(state, player, paths)
            except (KeyError, IndexError, TypeError) as exc:
                raise AssertionError(f"{at}: a secret path is not in the state ({exc!r})") from None
            others: list[Viewer] = [SPECTATOR, Seat("stranger-kit"), *(Seat(p) for p in play.players if p != player)]
            for viewer in others:
                seen = json.dumps(engine.observer.view(new, viewer), ensure_ascii=False) + engine.observer.board_text(new, viewer)
                seen += talk_seen(engine, new, viewer)
                if isinstance(viewer, Seat) and viewer.name in play.players:
                    seen += json.dumps(engine.observer.panel(new, viewer.name), ensure_ascii=False, default=str)
                    seen += json.dumps([dataclasses.asdict(f) for f in engine.form_fields(new, viewer.name)],
                                       ensure_ascii=False, default=str)  # its move form: its own options only
                leaked = [m for m in marks if m in seen]
                assert not leaked, f"{at}: {viewer!r} receives {leaked} (written at {paths})"
            engine.observer.view(new, HOST)
            checked += len(marks)
    return checked


__all__ = [
    "NAMES", "Playout", "check_fixture_replays", "check_observer", "check_offers_implemented", "check_forms_take_hostile_text", "check_imports_no_site",
    "check_loads_no_django", "check_no_view_leaks", "check_outcome", "check_replays_the_same",
    "check_resolve_leaves_its_input", "check_same_seed_same_match", "hostile_text", "leaks_module", "random_playout",
    "seat_range", "talk_seen", "write_fixture",
]
