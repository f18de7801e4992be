"""Export a match as a match file, and create a match by importing one (MATCHFILE.md)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from games.engines import house_bots, matchfile
from games.engines.matchfile import MatchFileError
from games.engines.protocol import EngineError, LogLine, Resolution, SubmissionError
from games.engines.runner import play_ruling
from genius.accounts.names import lookalike_groups, seat_name_problem
from genius.core.errors import ServiceError
from genius.matches.models import Match, Phase, Submission
from genius.matches.services import actions, conceding, outside_inputs, replays
from genius.matches.services.engines import engine_of, may_submit
from genius.matches.services.lifecycle import create_match, resolve_phase, start_match
from genius.matches.services.logs import write_log
from genius.seasons.models import Season


def export_match(match: Match) -> dict[str, Any]:
    """The match file of a match: every resolved phase's real (non-default) submissions."""
    engine = engine_of(match.game)
    merge = engine.merge_instant if engine.spec.offers.instant_keys else None
    seats = list(match.seats.order_by("position"))
    start = match.snapshots.filter(phase_number=0).first()
    garnets = {}
    if start is not None:
        garnets = {s.name: engine.observer.player_state(start.state, s.name).get("garnets", 0) for s in seats}
    phases = []
    # A game whose actions take effect at once records them apart, in order (``actions``); others fold them in.
    instants = Submission.objects.none() if engine.spec.offers.actions else Submission.objects.filter(
        kind=Submission.Kind.INSTANT)
    reserve_used = _reserve_used(match, engine, [s.name for s in seats]) if engine.spec.offers.reserve else {}
    for phase in match.phases.filter(status=Phase.Status.RESOLVED).order_by("number"):
        if phase.kind == "ruling":  # the phase's object is the host's published ruling
            phases.append(phase.ruling or {})
            continue
        entry: dict[str, Any] = {}
        for sub in phase.submissions.filter(is_default=False).select_related("seat").order_by("submitted_at", "pk"):
            if sub.kind == Submission.Kind.MOVE:
                entry[sub.seat.name] = {**entry.get(sub.seat.name, {}), **sub.payload}
        entry.update(outside_inputs.given(match, phase))  # answered from outside the match: a poll's answers
        for sub in instants.filter(phase=phase).select_related("seat").order_by("pk"):
            base = entry.get(sub.seat.name, {})
            entry[sub.seat.name] = merge(base, sub.payload) if merge else {**base, **sub.payload}
        order = [s.name for s in seats]
        phases.append(dict(sorted(entry.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))))
    doc = {
        "game": match.game,
        "seed": match.seed,
        "players": [s.name for s in seats],
        "garnets": {k: v for k, v in garnets.items() if v},
        "config": match.config,
        "phases": phases,
    }
    if reserve_used:
        doc["reserve_used"] = reserve_used
    taken = actions.actions_in_order(match) if engine.spec.offers.actions else {}
    if taken:
        doc["actions"] = taken
    bots = house_bots.of(start.state) if start is not None else []
    if bots:
        doc["house_bots"] = bots
    if not match.talk_enabled:
        doc["talk"] = False  # no press (missing: talk on, as every older file)
    concession = (match.outcome or {}).get(conceding.KEY)
    if concession:
        doc["concede"] = {"phase": concession["phase"], "player": concession["player"]}
    return doc


def _reserve_used(match: Match, engine: Any, names: list[str]) -> dict[str, dict[str, float]]:
    """Seconds of reserve each player used in each resolved phase (MATCHFILE ``reserve_used``): the
    difference of their ``reserve_s`` between the snapshots before and after the phase."""
    resolved = set(match.phases.filter(status=Phase.Status.RESOLVED).values_list("number", flat=True))
    before: dict[str, float] | None = None
    used: dict[str, dict[str, float]] = {}
    for number, state in match.snapshots.order_by("phase_number").values_list("phase_number", "state"):
        now = {name: float(engine.observer.player_state(state, name).get("reserve_s", 0)) for name in names}
        if before is not None and number in resolved:
            spent = {name: round(before[name] - now[name], 3) for name in names if before[name] - now[name] > 0.0005}
            if spent:
                used[str(number)] = spent
        before = now
    return used


def import_match(
    text: str | bytes, *, season: Season | None = None, title: str = "", phase_seconds: int = 24 * 3600,
    community_id: int | None = None,
) -> Match:
    """Create a match from a match file and play its phases; a bad file saves nothing.

    Seats are created unclaimed (the host gives them to players in the admin).
    Garnets brought in come from the file.
    """
    try:
        doc = matchfile.parse(text)
        matchfile.start(doc)  # checks the seats and config before anything is written
    except MatchFileError as exc:
        raise ServiceError(f"This match file is not valid: {exc}") from None
    for number, name in enumerate(doc["players"], start=1):
        if problem := seat_name_problem(name):
            raise ServiceError(f"This match file is not valid: players: seat {number}: {problem}")
    if twins := lookalike_groups(doc["players"]):
        raise ServiceError(f"This match file is not valid: players: {' and '.join(twins[0])} look alike.")
    engine = engine_of(doc["game"])
    with transaction.atomic(), replays.from_the_record():  # a draw in the file is history: nothing new starts
        match = create_match(
            game=doc["game"], title=title or f"{engine.title} (imported)", season=season,
            seats_wanted=len(doc["players"]), seed=doc["seed"], config=doc["config"], phase_seconds=phase_seconds,
            community_id=community_id, origin=Match.Origin.LOBBY, talk_enabled=doc.get("talk", True),
        )
        if not engine.min_players <= len(doc["players"]) <= engine.max_players:
            raise ServiceError(f"{engine.title} is for {engine.min_players}–{engine.max_players} players.")
        for position, name in enumerate(doc["players"], start=1):
            match.seats.create(position=position, name=name)
        _start_with_garnets(match, doc["garnets"], doc.get("house_bots", []))
        for number, submissions in enumerate(doc["phases"], start=1):
            if (doc.get("concede") or {}).get("phase") == number:  # conceded while this phase was open
                _concede_from_file(match, number, doc["concede"]["player"])
                break
            _play_file_phase(match, number, submissions, doc.get("reserve_used", {}).get(number, {}),
                             doc.get("actions", {}).get(number, []))
        match.refresh_from_db()
        return match


def _start_with_garnets(match: Match, garnets: dict[str, int], bots: list[str]) -> None:
    start_match(match.pk)
    if any(garnets.values()) or bots:  # the file's wallets and house bots, as the file's first state has them
        match.refresh_from_db()
        engine = engine_of(match.game)
        state = engine.setup([s.name for s in match.seats.order_by("position")], dict(match.config), garnets, match.seed)
        state = house_bots.seat(state, bots)
        Match.objects.filter(pk=match.pk).update(state=state)
        match.snapshots.filter(phase_number=0).update(state=state)


def _play_file_phase(match: Match, number: int, submissions: dict[str, Any], reserve_used: dict[str, float],
                     taken: list[dict[str, Any]]) -> None:
    match.refresh_from_db()
    phase = match.phases.filter(status=Phase.Status.OPEN).order_by("-number").first()
    if phase is None:
        raise ServiceError(f"This match file is not valid: phase {number}: the match is already over.")
    engine = engine_of(match.game)
    if phase.kind == "ruling":  # the phase's object is the host's published ruling
        _play_file_ruling(match, phase, number, submissions)
        return
    seats = {s.name: s for s in match.seats.all()}
    _take_file_actions(match, phase, number, seats, taken)
    for name, payload in submissions.items():
        if not may_submit(match, phase, name):
            raise ServiceError(f"This match file is not valid: phase {number}, player {name}: does not act in {phase.name}.")
        try:
            checked = engine.check(match.started_state, name, payload)
        except (SubmissionError, EngineError) as exc:
            raise ServiceError(f"This match file is not valid: phase {number}, player {name}: {exc}") from None
        if name in outside_inputs.names():  # a poll's or a timed challenge's answers, kept by their app
            outside_inputs.record(match, phase, name, checked)
            continue
        Submission.objects.update_or_create(
            phase=phase, seat=seats[name], kind=Submission.Kind.MOVE,
            defaults={"payload": checked, "submitted_at": phase.opened_at, "is_default": False},
        )
    _spend_file_reserve(match, phase, number, reserve_used)
    resolve_phase(phase.pk, force=True)


def _take_file_actions(match: Match, phase: Phase, number: int, seats: dict[str, Any], taken: list[dict[str, Any]]) -> None:
    """The phase's actions, taken again in the file's order before its moves (as replay takes them)."""
    if taken and not engine_of(match.game).spec.offers.actions:
        raise ServiceError(f"This match file is not valid: phase {number}: actions: this game takes no actions.")
    for n, action in enumerate(taken, start=1):
        name = action["player"]
        payload = {k: v for k, v in action.items() if k != "player"}
        try:
            actions.apply_action(match, phase, seats[name], payload, phase.opened_at)
        except ServiceError as exc:
            raise ServiceError(f"This match file is not valid: phase {number}, player {name}: action {n}: "
                               f"{exc.message}") from None


def _concede_from_file(match: Match, number: int, player: str) -> None:
    """The file's concession, made while phase ``number`` was open: the match ends as it did."""
    match.refresh_from_db()
    phase = match.phases.filter(status=Phase.Status.OPEN).order_by("-number").first()
    if phase is None or phase.number != number:
        raise ServiceError(f"This match file is not valid: concede: phase {number} is not open then.")
    conceding.concede_locked(match, phase, player, timezone.now())


def _play_file_ruling(match: Match, phase: Phase, number: int, ruling: dict[str, Any]) -> None:
    """A ruling phase of a file: the host's ruling, checked by the engine, kept as published and resolved."""
    try:
        checked = play_ruling(engine_of(match.game), match.started_state, match.seed, ruling).ruling
    except (SubmissionError, EngineError) as exc:
        where = f" ({exc.field})" if isinstance(exc, SubmissionError) and exc.field else ""
        raise ServiceError(f"This match file is not valid: phase {number}, the host's ruling{where}: "
                           f"{getattr(exc, 'message', exc)}") from None
    Phase.objects.filter(pk=phase.pk).update(ruling=checked)
    resolve_phase(phase.pk, force=True)


def _spend_file_reserve(match: Match, phase: Phase, number: int, used: dict[str, float]) -> None:
    """The reserve the file says was used in this phase, taken off as replay does (before the phase plays;
    a reserve at zero ends the match on time, and the phase is then closed unplayed)."""
    if not used:
        return
    log: list[str] = []
    try:
        state = matchfile.spend_reserve(engine_of(match.game), match.started_state, used, number, log)
    except MatchFileError as exc:
        raise ServiceError(f"This match file is not valid: {exc}") from None
    write_log(match, phase, Resolution({}, [LogLine(text) for text in log]))
    Match.objects.filter(pk=match.pk).update(state=state)
