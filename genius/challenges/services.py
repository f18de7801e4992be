"""Challenges: a player challenges another to a two-seat Death Match game; the other accepts or declines.

Every rule lives here (the pages only call these): who may challenge whom, which games (those whose
declared spec offers a Death Match and seats two; read from the registry, never by name), how many
challenges may wait at once, who may answer, and what accepting does: a running match of the game with
both players seated, made and started by the match services (``lifecycle.start_match_between``), whose
phases then notify both players as every match does. A challenge waits :data:`~.models.LIFETIME`; an
older one is expired lazily (whenever challenges are listed or answered) and by the clock's sweep.
Check, then do, under the rows' locks (Zulip's ``check_*``/``do_*``).
"""

from __future__ import annotations

import random
import time
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from games.engines.spec import ConfigField, GameSpec
from genius.accounts import guests
from genius.challenges.models import CHALLENGED, CHALLENGER, LIFETIME, Challenge
from genius.core.errors import ServiceError
from genius.matches.models import Match
from genius.matches.services import lifecycle, lobbies
from genius.matches.services.engines import available_games, spec_of
from genius.matches.services.practice import turn_seconds_of

#: The most challenges one player may have waiting for an answer at once.
MAX_PENDING = 10
#: Config kinds whose values name seats: they hold a role until the match starts.
SEAT_KINDS = lobbies.SEAT_KINDS
#: The longest user name looked up (Django's own limit); a longer one is no one's.
NAME_MAX = 150
#: The clock's sweep expires stale challenges at most this often (seconds).
SWEEP_EVERY = 30.0


class NotYours(ServiceError):
    """The challenge exists but is not this person's to answer (the pages answer 403)."""


# --- which games, which players ---------------------------------------------------------------------


#: Phase kinds nobody resolves in a challenge, which has no host: a host's ruling.
HOSTED_KINDS = ("ruling",)


def offers_challenges(spec: GameSpec) -> bool:
    """A game can be a challenge: its spec offers a Death Match and two seats, and no phase waits for a host."""
    hosted = any(kind in HOSTED_KINDS for kind in spec.phase_kinds)
    return spec.offers.death_match and 2 in spec.seat_counts() and not hosted


def challengeable_games() -> list[tuple[str, str]]:
    """(slug, title) of the installed games a player may challenge another to, in registry order."""
    return [(slug, title) for slug, title in available_games() if offers_challenges(spec_of(slug))]


def is_guest_account(user: Any) -> bool:
    """A guest's account (made on the fly for a practice match, no password): it neither challenges nor is
    challenged."""
    return guests.is_guest_account(user)


def shown_name(text: Any, limit: int = 40) -> str:
    """``text`` as a message may quote it: no lone surrogates or control characters, at most ``limit`` long."""
    clean = str(text).encode("utf-8", "replace").decode("utf-8")
    clean = "".join(ch if ch.isprintable() else "?" for ch in clean).strip()
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


def find_player(name: Any) -> User:
    """The active, signed-up player called ``name`` (case ignored), or a ServiceError on the ``to`` field."""
    name = str(name or "").strip()
    if not name:
        raise ServiceError("Type the user name of the player you want to challenge.", "to")
    missing = ServiceError(f"There is no player called “{shown_name(name)}”. Check the spelling of their user "
                           "name.", "to")
    if len(name) > NAME_MAX or "\x00" in name or shown_name(name, NAME_MAX + 1) != name:
        raise missing  # surrogates, control characters, a name longer than any: nobody's
    users = get_user_model().objects.filter(is_active=True)
    found = list(users.filter(username__iexact=name)[:2])
    user = next((u for u in found if u.get_username() == name), found[0] if len(found) == 1 else None)
    if user is None or is_guest_account(user):
        if user is not None:
            raise ServiceError(f"{user.get_username()} is a guest playing practice matches: guests cannot be "
                               "challenged.", "to")
        raise missing
    return user


def _check_challenger(user: Any) -> None:
    if user is None or not user.is_authenticated:
        raise ServiceError("Log in to challenge a player.")
    if not user.is_active:
        raise ServiceError("This account is closed.")
    if is_guest_account(user):
        raise ServiceError("Guest accounts play practice matches only: sign up to challenge players.")


def check_game(game: Any) -> GameSpec:
    """The spec of a game a challenge may be for, or a ServiceError on the ``game`` field."""
    try:
        spec = spec_of(str(game))
    except KeyError:
        raise ServiceError("There is no such game here.", "game") from None
    if not offers_challenges(spec):
        raise ServiceError(f"{spec.title} is not a two-player Death Match game: challenges are for "
                           f"{_titles()}.", "game")
    return spec


def _titles() -> str:
    titles = [title for _, title in challengeable_games()]
    return " or ".join(titles) if titles else "no game installed here"


# --- settings: roles and names ----------------------------------------------------------------------


def _named(value: Any, names: dict[str, str]) -> Any:
    """A seat-naming setting with its roles turned into user names (lists and mappings too)."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_named(v, names) for v in value]
    if isinstance(value, dict):
        return {k: _named(v, names) for k, v in value.items()}
    return value


def config_for(spec: GameSpec, settings: dict[str, Any], challenger: str, challenged: str) -> dict[str, Any]:
    """The match's config: the settings, with the seat-naming ones naming the two players."""
    names = {CHALLENGER: challenger, CHALLENGED: challenged}
    config = {}
    for key, value in settings.items():
        field = spec.config_field(key)
        config[key] = _named(value, names) if field is not None and field.kind in SEAT_KINDS else value
    return config


def _check_settings(spec: GameSpec, settings: Any, challenger: str, challenged: str) -> dict[str, Any]:
    """Only declared settings, read by the engine for these two players (a refusal names its field)."""
    if not isinstance(settings, dict):
        raise ServiceError("The settings must be an object of named entries.", "config")
    unknown = [key for key in settings if spec.config_field(str(key)) is None]
    if unknown:
        raise ServiceError(f"{spec.title} has no setting called “{shown_name(unknown[0])}”.", "config")
    lobbies.check_lobby(spec.slug, seats_wanted=2, config=config_for(spec, settings, challenger, challenged),
                        seed=lobbies.draw_seed(), seated=[challenger, challenged])
    return dict(settings)


# --- expiry -----------------------------------------------------------------------------------------


def _stale(now: datetime) -> Q:
    return Q(status=Challenge.Status.PENDING, created__lte=now - LIFETIME)


def expire_stale(now: datetime | None = None) -> int:
    """Mark every pending challenge older than a day expired; how many were."""
    now = now or timezone.now()
    return Challenge.objects.filter(_stale(now)).update(status=Challenge.Status.EXPIRED, answered=now)


_last_sweep = 0.0


def sweep() -> None:
    """The clock's sweep (every tick): expire stale challenges, at most every :data:`SWEEP_EVERY` seconds."""
    global _last_sweep
    if time.monotonic() - _last_sweep < SWEEP_EVERY:
        return
    _last_sweep = time.monotonic()
    expire_stale()


def pending(now: datetime | None = None) -> QuerySet[Challenge]:
    """The challenges still waiting for an answer (younger than a day)."""
    now = now or timezone.now()
    return Challenge.objects.filter(status=Challenge.Status.PENDING, created__gt=now - LIFETIME)


def incoming_count(user: Any) -> int:
    """How many challenges wait for ``user``'s answer (0 for a visitor)."""
    if user is None or not user.is_authenticated:
        return 0
    return pending().filter(challenged=user).count()


def owed_answers(user: Any, now: datetime | None = None) -> list[dict]:
    """The challenges waiting for ``user``'s answer, as the page's alerts show owed things
    (``genius.notify.due``): "ana challenges you to <game>", until it expires."""
    now = now or timezone.now()
    rows = pending(now).filter(challenged=user).select_related("challenger").order_by("created")[:50]
    url = reverse("challenges")
    return [{
        "key": f"challenge-{c.pk}",
        "kind": "challenge",
        "title": "New challenge",
        "what": f"{c.challenger.get_username()} challenges you to {_title(c.game)}",
        "deadline": c.expires.isoformat(),
        "soon": False,
        "url": url,
    } for c in rows]


def _title(game: str) -> str:
    try:
        return spec_of(game).title
    except KeyError:
        return game


# --- challenging ------------------------------------------------------------------------------------


def create_challenge(
    challenger: Any,
    to: Any,
    *,
    game: str,
    settings: dict[str, Any] | None = None,
    order: str = Challenge.Order.RANDOM,
    turn_seconds: int | None = None,
    phase_seconds: int = 24 * 3600,
    now: datetime | None = None,
) -> Challenge:
    """``challenger`` challenges the player called ``to`` to ``game`` with these settings; nothing is saved
    when a check fails (each refusal a ServiceError naming its form field)."""
    now = now or timezone.now()
    _check_challenger(challenger)
    challenged = to if isinstance(to, get_user_model()) else find_player(to)
    if not challenged.is_active or is_guest_account(challenged):
        raise ServiceError(f"{challenged.get_username()} cannot be challenged.", "to")
    if challenged.pk == challenger.pk:
        raise ServiceError("You cannot challenge yourself: pick another player.", "to")
    spec = check_game(game)
    if order not in Challenge.Order.values:
        raise ServiceError("Pick who takes the first seat: random, you or your opponent.", "order")
    if turn_seconds is not None and not 1 <= turn_seconds <= 3600:
        raise ServiceError("A turn lasts from 1 second to an hour.", "turn_seconds")
    if not 60 <= phase_seconds <= 7 * 24 * 3600:
        raise ServiceError("A phase lasts from 1 minute to 7 days.", "phase_hours")
    checked = _check_settings(spec, settings or {}, challenger.get_username(), challenged.get_username())
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=challenger.pk).first()  # one count at a time
        waiting = pending(now).filter(challenger=challenger)
        if waiting.count() >= MAX_PENDING:
            raise ServiceError(f"You have {MAX_PENDING} challenges waiting for an answer, the most at once: "
                               "cancel one, or wait for answers.")
        name = challenged.get_username()
        if waiting.filter(challenged=challenged, game=spec.slug).exists():
            raise ServiceError(f"You have already challenged {name} to {spec.title}: wait for their answer, "
                               "or cancel that challenge first.", "to")
        if pending(now).filter(challenger=challenged, challenged=challenger, game=spec.slug).exists():
            raise ServiceError(f"{name} has already challenged you to {spec.title}: accept their challenge "
                               "from your challenges.", "to")
        return Challenge.objects.create(
            challenger=challenger, challenged=challenged, game=spec.slug, settings=checked, order=order,
            turn_seconds=turn_seconds, phase_seconds=phase_seconds, created=now,
        )


# --- answering --------------------------------------------------------------------------------------


def _locked(challenge_id: Any, user: Any, *, party: str, now: datetime) -> Challenge:
    """The challenge, locked, if ``user`` is its ``party`` ("challenged" answers, "challenger" cancels)
    and it still waits; else a clear refusal (:class:`NotYours` for anyone else's)."""
    if user is None or not user.is_authenticated:
        raise NotYours("Log in to answer your challenges.")
    try:
        pk = int(challenge_id)
    except (TypeError, ValueError):
        raise ServiceError("There is no such challenge.") from None
    challenge = Challenge.objects.select_for_update().select_related("challenger", "challenged").filter(pk=pk).first()
    if challenge is None:
        raise ServiceError("There is no such challenge.")
    mine = challenge.challenged_id if party == "challenged" else challenge.challenger_id
    if mine != user.pk:
        if party == "challenged" and challenge.challenger_id == user.pk:
            raise NotYours("This is your own challenge: only the player you challenged can accept or decline it.")
        if party == "challenger" and challenge.challenged_id == user.pk:
            raise NotYours("Only the challenger can cancel a challenge: decline it instead.")
        raise NotYours("This challenge is not yours.")
    if challenge.is_pending and challenge.created <= now - LIFETIME:  # the caller expired it just before
        challenge.status = Challenge.Status.EXPIRED
    if not challenge.is_pending:
        raise ServiceError(_no_longer(challenge))
    return challenge


def _no_longer(challenge: Challenge) -> str:
    status = Challenge.Status
    who = challenge.challenger.get_username()
    said: dict[str, str] = {
        status.ACCEPTED: "This challenge was already accepted: its match is under way.",
        status.DECLINED: "This challenge was declined: it can no longer be answered.",
        status.CANCELLED: f"{who} cancelled this challenge.",
        status.EXPIRED: "This challenge expired: a challenge waits 24 hours for its answer.",
    }
    return said.get(challenge.status, "This challenge no longer waits for an answer.")


def _answer(challenge_id: Any, user: Any, *, party: str, now: datetime | None, to: str) -> Challenge:
    now = now or timezone.now()
    expire_stale(now)
    with transaction.atomic():
        challenge = _locked(challenge_id, user, party=party, now=now)
        challenge.status, challenge.answered = to, now
        challenge.save(update_fields=["status", "answered"])
    return challenge


def decline(challenge_id: Any, user: Any, *, now: datetime | None = None) -> Challenge:
    """The challenged player says no."""
    return _answer(challenge_id, user, party="challenged", now=now, to=Challenge.Status.DECLINED)


def cancel(challenge_id: Any, user: Any, *, now: datetime | None = None) -> Challenge:
    """The challenger takes the challenge back before it is answered."""
    return _answer(challenge_id, user, party="challenger", now=now, to=Challenge.Status.CANCELLED)


def accept(challenge_id: Any, user: Any, *, now: datetime | None = None) -> Match:
    """The challenged player says yes: a running match of the game with both seated (the seat order as the
    challenger chose), its first phase open. When the match cannot start, nothing changes and the refusal
    says why."""
    now = now or timezone.now()
    expire_stale(now)
    with transaction.atomic():
        challenge = _locked(challenge_id, user, party="challenged", now=now)
        return _start(challenge, now)


def _start(challenge: Challenge, now: datetime) -> Match:
    challenger, challenged = challenge.challenger, challenge.challenged
    if not challenger.is_active:
        raise ServiceError(f"{challenger.get_username()}'s account is closed: this challenge cannot be played.")
    try:
        spec = check_game(challenge.game)
    except ServiceError:
        raise ServiceError("The game of this challenge is no longer offered here.") from None
    players = [challenger, challenged]
    if challenge.order == Challenge.Order.CHALLENGED_FIRST or (
            challenge.order == Challenge.Order.RANDOM and random.SystemRandom().random() < 0.5):
        players.reverse()
    a, b = challenger.get_username(), challenged.get_username()
    try:
        with transaction.atomic():  # as lifecycle.start_match_between, with the challenge's phase length
            match = lifecycle.create_match(
                game=spec.slug, title=f"Challenge: {a} vs {b}"[:120], origin=Match.Origin.CHALLENGE, seats_wanted=2,
                config=config_for(spec, challenge.settings or {}, a, b), phase_seconds=challenge.phase_seconds,
                turn_seconds=challenge.turn_seconds or turn_seconds_of(spec.slug),
            )
            for player in players:
                lifecycle.add_seat(match, user=player)
            match = lifecycle.start_match(match.pk, now=now)
    except ServiceError as exc:
        raise ServiceError(f"The match could not start: {exc.message}") from None
    challenge.status, challenge.answered, challenge.match = Challenge.Status.ACCEPTED, now, match
    challenge.save(update_fields=["status", "answered", "match"])
    return match


# --- reading ----------------------------------------------------------------------------------------


def seen_by(challenge_id: int, user: Any, *, now: datetime | None = None) -> Challenge | None:
    """The challenge, if ``user`` is one of its two players (a stale one expired first); else None."""
    challenge = Challenge.objects.filter(Q(challenger=user) | Q(challenged=user), pk=challenge_id).first()
    if challenge is not None and challenge.is_pending and challenge.created <= (now or timezone.now()) - LIFETIME:
        expire_stale(now)
        challenge.refresh_from_db()
    return challenge


def lists_for(user: Any, *, now: datetime | None = None, answered: int = 20) -> dict[str, list[Challenge]]:
    """``user``'s challenges: ``incoming`` and ``outgoing`` still waiting (oldest first), and the latest
    ``answered`` others (newest first). Stale ones are expired first."""
    now = now or timezone.now()
    expire_stale(now)
    mine = Challenge.objects.filter(Q(challenger=user) | Q(challenged=user)).select_related(
        "challenger", "challenged", "match")
    waiting = mine.filter(status=Challenge.Status.PENDING).order_by("created")
    return {
        "incoming": [c for c in waiting if c.challenged_id == user.pk],
        "outgoing": [c for c in waiting if c.challenger_id == user.pk],
        "answered": list(mine.exclude(status=Challenge.Status.PENDING).order_by("-answered", "-created")[:answered]),
    }


def _value_text(field: ConfigField, value: Any, names: dict[str, str]) -> str:
    if field.kind == "minutes" and isinstance(value, int):
        return f"{value // 60} min"
    if field.kind == "seconds" and isinstance(value, int | float):
        return f"{value:g} s"
    if field.kind == "bool":
        return "yes" if value else "no"
    if field.kind == "choice":
        return dict(field.choices).get(value, str(value))
    if field.kind == "seat":
        return names.get(value, str(value))
    if field.kind == "seat_order" and isinstance(value, list):
        return ", then ".join(names.get(v, str(v)) for v in value)
    if field.kind == "seat_each" and isinstance(value, dict):
        titles = dict(field.choices)
        return "; ".join(f"{titles.get(k, k)}: {names.get(v, str(v))}" for k, v in value.items())
    text = str(value).strip()
    lines = text.splitlines()
    return lines[0][:60] + (f" (and {len(lines) - 1} more lines)" if len(lines) > 1 else "") if lines else ""


def describe(challenge: Challenge) -> list[tuple[str, str]]:
    """The challenge's settings as (label, value) lines in plain units, seats by the players' names."""
    names = {CHALLENGER: challenge.challenger.get_username(), CHALLENGED: challenge.challenged.get_username()}
    first: dict[str, str] = {Challenge.Order.CHALLENGER_FIRST: names[CHALLENGER],
                             Challenge.Order.CHALLENGED_FIRST: names[CHALLENGED]}
    lines = [("First seat", first.get(challenge.order, "drawn at random"))]
    try:
        spec = spec_of(challenge.game)
    except KeyError:
        return lines
    if challenge.turn_seconds and spec.config_field(lifecycle.TURN_KEY) is None and spec.offers.live_clock:
        lines.append(("Turn length", f"{challenge.turn_seconds} s"))
    if not spec.offers.live_clock:
        lines.append(("Phase length", lifecycle.hours_minutes_text(challenge.phase_seconds)))
    for field in spec.config:
        if field.key in (challenge.settings or {}):
            lines.append((field.label, _value_text(field, challenge.settings[field.key], names)))
    return lines
