"""Matches, players and signed-in sessions for the benchmarks (made through the services)."""

from __future__ import annotations

import copy
import random
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.db import transaction
from django.utils.crypto import get_random_string

from games.custom_game.document.files import read_design_file
from games.engines.protocol import Engine, State
from games.engines.registry import get_engine
from games.engines.runner import bot_move
from genius.matches.models import Match, Phase, Seat, Submission
from genius.matches.services import lifecycle, rulings

CSRF = "benchcsrftoken0123456789abcdefgh"  # 32 characters: Django accepts it unmasked as cookie and field


def users(prefix: str, count: int) -> list[User]:
    """``count`` players (no password hashing: they sign in through sessions made here)."""
    made = [User(username=f"{prefix}{i}", password="!") for i in range(count)]
    User.objects.bulk_create(made, ignore_conflicts=True)
    return list(User.objects.filter(username__in=[u.username for u in made]).order_by("id"))


def session_cookie(user: User) -> str:
    """The Cookie header of a signed-in browser of ``user`` (session and CSRF token)."""
    backend = "django.contrib.auth.backends.ModelBackend"
    if backend not in settings.AUTHENTICATION_BACKENDS:
        backend = settings.AUTHENTICATION_BACKENDS[-1]
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = backend
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return f"{settings.SESSION_COOKIE_NAME}={store.session_key}; {settings.CSRF_COOKIE_NAME}={CSRF}"


@lru_cache(maxsize=8)
def _shipped(folder: str) -> tuple[dict, ...]:
    return tuple(read_design_file(path.read_bytes()) for path in sorted(Path(folder).glob("*.genius-design.json")))


def shipped_designs(engine: Engine) -> list[dict]:
    """The designs shipped with ``engine`` (a game that plays hosts' designs), by file name; [] for any other."""
    tools = engine.spec.design_tools
    return list(_shipped(tools.shipped_dir)) if tools is not None and Path(tools.shipped_dir).is_dir() else []


def shipped_design(engine: Engine, stem: str) -> dict:
    """The design shipped with ``engine`` in ``<stem>.genius-design.json`` (``black-and-white``)."""
    tools = engine.spec.design_tools
    assert tools is not None, f"{engine.slug} ships no designs"
    return read_design_file((Path(tools.shipped_dir) / f"{stem}.genius-design.json").read_bytes())


def design_for(engine: Engine, seed: int, players: int | None = None) -> dict | None:
    """The shipped design a bench match of ``engine`` plays at ``seed`` (every one in turn; among those for
    ``players`` players when given), or None for a game that ships none."""
    designs = [d for d in shipped_designs(engine) if players is None or d["min_players"] <= players <= d["max_players"]]
    return designs[seed % len(designs)] if designs else None


def sample_config(engine: Engine, players: list[str], seed: int) -> dict:
    """The settings a bench match of ``engine`` is played with: a game that ships designs plays one of them,
    any other game the engine's own sample (``Engine.sample_config``: ``{}`` for most games)."""
    design = design_for(engine, seed)  # the one ``seats_for`` sized the match for, else one for these players
    if design is not None and not design["min_players"] <= len(players) <= design["max_players"]:
        design = design_for(engine, seed, len(players))
    if design is not None:
        return {"design": design}
    return engine.sample_config(list(players), random.Random(f"bench-config:{engine.slug}:{seed}"))


def seats_for(engine: Engine, seed: int, wanted: int | None = None) -> int:
    """How many seats a bench match of ``engine`` at ``seed`` has: ``wanted`` (default the game's most), kept
    within the players the design played at ``seed`` takes (a game that ships designs)."""
    count = wanted or engine.max_players
    design = design_for(engine, seed)
    if design is None:
        return count
    return max(design["min_players"], min(count, design["max_players"]))


def bench_setup(engine: Engine, players: list[str], seed: int, garnets: dict[str, int] | None = None) -> State:
    """The first state of a bot match of ``engine`` (the engines section's matches)."""
    wallets = garnets if garnets is not None else {p: seed % 9 for p in players}
    return engine.setup(list(players), sample_config(engine, players, seed), wallets, seed)


def match(game: str, humans: list[User], seed: int, *, seats: int | None = None, phase_seconds: int = 86400,
          turn_seconds: int = 3600, title: str = "", design: dict | None = None) -> Match:
    """A running match: ``humans`` take the first seats, bots the rest (a game with a required setting
    plays a shipped design, or its engine's sample config; ``design``: that design, ``seats`` or its most)."""
    engine = get_engine(game)
    wanted = seats_for(engine, seed, seats) if design is None else min(seats or design["max_players"],
                                                                         design["max_players"])
    people = humans[:wanted]
    bots = [f"bot{i}-{get_random_string(4)}" for i in range(wanted - len(people))]
    config = ({"design": design} if design is not None
              else sample_config(engine, [u.username for u in people] + bots, seed))
    m = lifecycle.create_match(game=game, title=title or f"bench {game} {seed}", seed=seed, seats_wanted=wanted,
                               config=config, phase_seconds=phase_seconds, turn_seconds=turn_seconds,
                               decision_seconds=phase_seconds)
    for user in people:
        lifecycle.add_seat(m, user=user)
    for name in bots:
        lifecycle.add_seat(m, name=name, is_bot=True)
    lifecycle.start_match(m.pk)
    return Match.objects.get(pk=m.pk)


def bench_host() -> User:
    """The staff account that publishes the bench matches' rulings (a game the host adjudicates)."""
    host, _ = User.objects.get_or_create(username="bench-host", defaults={"is_staff": True, "password": "!"})
    return host


def publish_bot_rulings(match_ids: list[int]) -> int:
    """Publish a bot's ruling on every open ruling phase of ``match_ids`` (nobody plays those; the host rules);
    returns how many were published."""
    host = bench_host()
    published = 0
    for phase in Phase.objects.filter(match_id__in=match_ids, status=Phase.Status.OPEN, kind="ruling"):
        m = Match.objects.get(pk=phase.match_id)
        ruling = get_engine(m.game).bot_ruling(m.state, random.Random(f"bench-ruling:{m.seed}:{phase.number}"))
        rulings.publish(m, phase, ruling, host)
        published += 1
    return published


def form_fields(m: Match, name: str, salt: int = 0) -> list[tuple[str, str]] | None:
    """A legal move of seat ``name`` for the open phase, as the fields its form would post."""
    engine = get_engine(m.game)
    spec = engine.phase(m.state)
    if spec is None or name not in spec.actors:
        return None
    payload = bot_move(engine, m.state, m.seed + salt, spec, name)
    values = engine.form_initial(m.state, name, payload)
    fields: list[tuple[str, str]] = [("csrfmiddlewaretoken", CSRF), ("phase", str(spec.number))]
    for f in engine.form_fields(m.state, name):
        value = values.get(f.name)
        if value is None or value == "" or value is False:
            continue
        if isinstance(value, list | tuple):
            fields += [(f.name, str(v)) for v in value]
        elif f.kind == "bool":
            fields.append((f.name, "on"))
        else:
            fields.append((f.name, str(value)))
    return fields


def copy_matches(template_ids: list[int], count: int, title: str) -> list[int]:
    """``count`` copies of the running matches ``template_ids`` (round robin, a few hundred rows an INSERT): each
    its match row, seats, open phase and the bots' moves in it, as the services left them. Makes a mass of
    running matches in seconds where the services take a third of a second each; the copies of one match play
    the same moves (the same state and seed), so a run over copies resolves as many distinct games as there are
    templates. Returns the new matches' ids."""
    templates = list(Match.objects.filter(pk__in=template_ids, status=Match.Status.RUNNING).order_by("pk"))
    phases = {p.match_id: p for p in Phase.objects.filter(match_id__in=[m.pk for m in templates],
                                                          status=Phase.Status.OPEN)}
    templates = [m for m in templates if m.pk in phases]
    if not templates:
        return []
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(match_id__in=[m.pk for m in templates]).order_by("position"):
        seats.setdefault(seat.match_id, []).append(seat)
    moves: dict[int, list[Submission]] = {}
    for sub in Submission.objects.filter(phase_id__in=[p.pk for p in phases.values()]):
        moves.setdefault(sub.phase_id, []).append(sub)
    made: list[int] = []
    for start in range(0, count, 500):
        chunk = [templates[(start + i) % len(templates)] for i in range(min(500, count - start))]
        with transaction.atomic():
            new = [copy.copy(m) for m in chunk]
            for m in new:
                m.pk = m.id = None
                m.title = f"{title} {len(made) + 1}"
                m.replay_of_id = None
            Match.objects.bulk_create(new)
            new_seats, new_phases = [], []
            for template, m in zip(chunk, new, strict=True):
                for seat in seats.get(template.pk, []):
                    s = copy.copy(seat)
                    s.pk = s.id = None
                    s.match_id = m.pk
                    s.template_id = seat.pk  # type: ignore[attr-defined]
                    new_seats.append(s)
                p = copy.copy(phases[template.pk])
                p.pk = p.id = None
                p.match_id = m.pk
                p.template_id = phases[template.pk].pk  # type: ignore[attr-defined]
                new_phases.append(p)
            Seat.objects.bulk_create(new_seats)
            Phase.objects.bulk_create(new_phases)
            seat_of = {(s.match_id, s.template_id): s.pk for s in new_seats}  # type: ignore[attr-defined]
            new_moves = []
            for p in new_phases:
                for sub in moves.get(p.template_id, []):  # type: ignore[attr-defined]
                    c = copy.copy(sub)
                    c.pk = c.id = None
                    c.phase_id, c.seat_id = p.pk, seat_of[(p.match_id, sub.seat_id)]
                    new_moves.append(c)
            Submission.objects.bulk_create(new_moves)
        made += [m.pk for m in new]
    return made
