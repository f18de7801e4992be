"""The host's rulings: drafts and publishing, for games whose spec offers ``host_rulings`` (e.g. games a host
designs on the site, when a phase is closed by the host confirming its rules or by hand).

A ``ruling`` phase has no deadline: it is closed only by :func:`publish`, once, under the phase's row lock,
and resolved through the same path as every phase (``resolution.resolve_locked``: log, garnet ledger,
snapshot, sequence number, the push after commit, the season's webhook, the next phase). A draft
(:func:`save_draft`) may be saved any number of times; players never see it.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.engines.protocol import RulingForm, SubmissionError
from games.engines.runner import PhaseResult, play_ruling
from genius.access import hosts
from genius.core.errors import ServiceError
from genius.matches.models import Match, Phase
from genius.matches.services import ledger
from genius.matches.services.engines import engine_of
from genius.matches.services.resolution import resolve_locked

#: The keys a ruling may hold (the engine checks their values when it is published).
RULING_KEYS = frozenset({"announce", "private", "counters", "garnets", "reveal", "next", "actors", "fields", "seconds",
                         "placement", "tol", "ec", "ec_decide", "boards"})
#: A ruling (or a draft) is at most this big, as JSON.
MAX_BYTES = 256 * 1024
#: Lists and objects nest at most this deep in a ruling (``fields[1].options`` is 4 deep).
MAX_DEPTH = 8


def offers_rulings(match: Match) -> bool:
    """Whether the match's game has ruling phases (its spec's ``offers.host_rulings``)."""
    return engine_of(match.game).spec.offers.host_rulings


def open_ruling_phase(match: Match) -> Phase | None:
    """The match's open (or paused) ruling phase, or None."""
    phase = match.phases.exclude(status=Phase.Status.RESOLVED).order_by("-number").first()
    return phase if phase is not None and phase.kind == "ruling" else None


def ruling_form(match: Match) -> RulingForm:
    """What the adjudication page offers for the match's open ruling phase (from the engine)."""
    if match.state is None or not offers_rulings(match):
        raise ServiceError("This match has no ruling to make.")
    spec = engine_of(match.game).phase(match.state)
    if spec is None or spec.kind != "ruling":
        raise ServiceError("No phase is waiting for your ruling now.")
    return engine_of(match.game).ruling_form(match.state)


def check_shape(ruling: Any) -> dict[str, Any]:
    """The ruling if its shape may be stored (an object of known keys, JSON text without lone surrogates or
    NUL characters, small enough); ServiceError otherwise. Its values are the engine's to check."""
    if not isinstance(ruling, dict):
        raise ServiceError("A ruling is a set of named parts (announce, private, counters, next, ...).")
    unknown = sorted(str(key) for key in ruling if key not in RULING_KEYS)
    if unknown:
        raise ServiceError(f"A ruling has no part called {', '.join(repr(k) for k in unknown[:3])}.")
    _check_text(ruling, "", 0)
    try:
        size = len(json.dumps(ruling, ensure_ascii=False, allow_nan=False).encode("utf-8"))
    except (TypeError, ValueError):
        raise ServiceError("A ruling holds only text, whole numbers, yes/no and lists of them.") from None
    if size > MAX_BYTES:
        raise ServiceError(f"This ruling is too long ({size // 1024} KB; at most {MAX_BYTES // 1024} KB).")
    return ruling


def _check_text(value: Any, where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise ServiceError("This ruling nests too deep.", where)
    if isinstance(value, str):
        if "\x00" in value or any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
            raise ServiceError("This text holds a character that cannot be stored (a NUL or a lone surrogate).",
                               where)
    elif isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ServiceError("A ruling's names are text.", where)
            _check_text(key, where, depth + 1)
            _check_text(item, f"{where}.{key}" if where else key, depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_text(item, f"{where}[{index}]", depth + 1)
    elif value is not None and not isinstance(value, bool | int | float):
        raise ServiceError("A ruling holds only text, whole numbers, yes/no and lists of them.", where)


def _refuse_non_host(match: Match, by: Any) -> None:
    if not hosts.is_host_of(match, by):
        raise ServiceError("Only the host of this match can write its rulings.")


def _locked(match: Match, phase: Phase) -> tuple[Match, Phase]:
    """The phase and its match, locked (phases before matches, as the clock locks them), still a ruling to make."""
    locked = Phase.objects.select_for_update().filter(pk=phase.pk, match_id=match.pk).first()
    if locked is None:
        raise ServiceError("There is no such phase in this match.")
    if locked.kind != "ruling":
        raise ServiceError(f"{locked.name} is played by the players: it is not a ruling phase.")
    if locked.ruling is not None or locked.status == Phase.Status.RESOLVED:
        raise ServiceError(f"The ruling on {locked.name} is published already: a published ruling cannot change.")
    return Match.objects.select_for_update().get(pk=match.pk), locked


def save_draft(match: Match, phase: Phase, ruling: Any, by: Any) -> Phase:
    """Keep the host's draft of the open ruling (any number of times; only its shape is checked)."""
    _refuse_non_host(match, by)
    ruling = check_shape(ruling)
    with transaction.atomic():
        match, phase = _locked(match, phase)
        phase.ruling_draft = ruling
        phase.save(update_fields=["ruling_draft"])
    return phase


def preview(match: Match, ruling: Any) -> PhaseResult:
    """What publishing ``ruling`` now would do (nothing is written): the engine's checked ruling and its log,
    for the host's confirmation step. Raises ServiceError naming the ruling field at fault."""
    ruling = check_shape(ruling)
    if match.state is None:
        raise ServiceError("This match has not started.")
    try:
        return play_ruling(engine_of(match.game), match.state, match.seed, ruling)
    except SubmissionError as exc:
        raise ServiceError(exc.message, exc.field) from None


def publish(match: Match, phase: Phase, ruling: Any, by: Any, *, now: datetime | None = None) -> Phase:
    """Publish the host's ruling on the open ruling phase, once, and resolve the phase through the same path
    as every phase (its log, the garnet ledger, the snapshot, the next phase, the push and the season's
    webhook after commit). Raises ServiceError (``field``: the ruling field at fault) and changes nothing
    when it is refused."""
    _refuse_non_host(match, by)
    ruling = check_shape(ruling)
    now = now or timezone.now()
    with transaction.atomic():
        match, phase = _locked(match, phase)
        if match.status == Match.Status.PAUSED:
            raise ServiceError("The match is paused: resume it to publish your ruling.")
        if match.status != Match.Status.RUNNING:
            raise ServiceError("The match is not running: there is nothing to publish.")
        spec = engine_of(match.game).phase(match.started_state)
        if spec is None or spec.kind != "ruling" or spec.number != phase.number:
            raise ServiceError(f"{phase.name} is not the phase open now.")
        try:
            result = play_ruling(engine_of(match.game), match.started_state, match.seed, ruling)
        except SubmissionError as exc:
            raise ServiceError(exc.message, exc.field) from None
        _check_wallets(match, result)
        phase.ruling = result.ruling
        phase.save(update_fields=["ruling"])
        resolve_locked([(match, phase)], now)
    return phase


def _check_wallets(match: Match, result: PhaseResult) -> None:
    """Refuse a ruling that takes a season wallet below zero by the ledger itself (another match of the season
    may have spent garnets the engine still counts); the wallets stay locked until the ruling is written."""
    changes = result.resolution.garnets
    users = ledger.seat_users(match)
    wallets = ledger.spending_wallets(match.season_id, changes, users)
    if not wallets:
        return
    ledger.lock_wallets(wallets)
    held = ledger.balances(wallets)
    for player, (spent, balance) in ledger.overspent(match.season_id, changes, users, held).items():
        raise ServiceError(f"{player}'s wallet holds {balance} garnet{'s' if balance != 1 else ''}: "
                           f"taking {spent} would leave it below zero.", f"garnets.{player}")
