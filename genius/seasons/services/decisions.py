"""The decisions after a Main Match: a ToL to hand out, an EC's pick of an opponent (or leaving with a ToL).

The ToL are handed out first (together), then the ECs decide one at a time in the game's pick order. A
decider chooses by a deadline; a missing choice is drawn at random from the allowed options, and said so.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from games.kit.numbers import INT64_MAX, NumberError, parse_int, shown
from genius.core.errors import ServiceError
from genius.matches.models import tol_balance
from genius.matches.services.errors import PhaseClosed
from genius.notify import sweeps
from genius.seasons import invitation_emails
from genius.seasons.models import Decision, Episode, Season
from genius.seasons.services.items import items_given
from genius.seasons.services.recording import (
    announce,
    apply_decision,
    by_name,
    decider_is_bot,
    decision_rng,
    lock_decision,
    name_of,
)
from genius.seasons.services.standings import players_still_in

log = logging.getLogger(__name__)


def open_decisions(user: AbstractBaseUser, season: Season | None = None) -> QuerySet[Decision]:
    """The decisions ``user`` has to make now."""
    rows = Decision.objects.filter(decider_id=user.pk, status=Decision.Status.OPEN)
    if season is not None:
        rows = rows.filter(episode__season=season)
    return rows.select_related("episode__season", "match")


def option_users(decision: Decision) -> list[AbstractBaseUser]:
    """The users a decision may name, by name."""
    users = get_user_model().objects.filter(pk__in=decision.options)
    return sorted(users, key=lambda u: u.get_username())


def advance(episode: Episode, now: datetime) -> None:
    """Open the next decisions once the earlier ones are made (ToL handed out first, then each EC in turn).

    Death Match items (``give_item``) open with their Death Match and are no part of this order.
    """
    while True:
        rows = list(episode.decisions.exclude(kind=Decision.Kind.GIVE_ITEM))
        if any(d.status == Decision.Status.OPEN for d in rows):
            return
        waiting = [d for d in rows if d.status == Decision.Status.WAITING]
        if not waiting:
            return
        first = min(d.order for d in waiting)
        for decision in [d for d in waiting if d.order == first]:
            _open(decision, now)


def _eligible_opponents(episode: Episode, ec_id: int) -> list[int]:
    """Who an EC may pick: players still in, not a ToL holder, not an EC of this episode, not picked already.

    When every one of them holds a Token of Life, the protection gives way (so every EC plays a Death
    Match): the EC picks among them all, and nobody's token is spent.
    """
    decisions = episode.decisions.filter(kind=Decision.Kind.DEATH_MATCH)
    taken = set(decisions.values_list("decider_id", flat=True)) | set(
        decisions.filter(choice__isnull=False).values_list("choice_id", flat=True))
    ids = [p.user_id for p in players_still_in(episode.season_id) if p.user_id != ec_id and p.user_id not in taken]
    unprotected = [uid for uid in ids if tol_balance(uid, episode.season_id) < 1]
    return unprotected or ids


def _recipients(episode: Episode, giver_id: int) -> list[int]:
    return [p.user_id for p in players_still_in(episode.season_id) if p.user_id != giver_id]


def _open(decision: Decision, now: datetime) -> None:
    """Open a decision with its options (or settle it at once when there is nothing to choose)."""
    episode, match = decision.episode, decision.match
    season = episode.season
    who = name_of(decision.decider_id)
    if decision.kind == Decision.Kind.GIVE_TOL:
        decision.options = _recipients(episode, decision.decider_id)
    else:
        decision.options = _eligible_opponents(episode, decision.decider_id)
        decision.can_leave = tol_balance(decision.decider_id, season.pk) >= 1
    if not decision.options:
        why = ("nobody else is still in" if decision.kind == Decision.Kind.GIVE_TOL
               else "every other player is already in a Death Match")
        decision.status, decision.decided_at, decision.note = Decision.Status.DECIDED, now, why[:200]
        decision.save()
        text = (f"{who} has a Token of Life to give but no one to give it to ({why})."
                if decision.kind == Decision.Kind.GIVE_TOL else f"{who} has no one to pick ({why}): no Death Match.")
        announce(season, episode, text, now)
        return
    decision.status, decision.opened_at = Decision.Status.OPEN, now
    decision.deadline = now + timedelta(seconds=match.decision_seconds)
    decision.save()
    if decider_is_bot(decision):
        rng = decision_rng(decision, "bot")
        leave = decision.can_leave and rng.random() < 0.5
        apply_decision(decision, None if leave else rng.choice(by_name(decision.options)), leave=leave, now=now)
    else:
        what = ("hand out a Token of Life" if decision.kind == Decision.Kind.GIVE_TOL
                else "leave the Death Match with a Token of Life or pick an opponent" if decision.can_leave
                else "pick a Death Match opponent")
        announce(season, episode, f"{who} is to {what}.", now)


def _resolve_choice(decision: Decision, choice: str | int | None) -> int:
    """The user id a decider named (by name or id), or a ServiceError."""
    if choice in (None, ""):
        raise ServiceError("Choose a player.", "choice")
    users = {u.get_username(): u.pk for u in option_users(decision)}
    if isinstance(choice, str) and choice in users:
        return users[choice]
    try:
        uid = parse_int(choice, field="choice", lo=1, hi=INT64_MAX)
    except NumberError:
        uid = None
    if uid is not None and uid in decision.options:
        return uid
    allowed = ", ".join(users) or "nobody"
    named = choice if isinstance(choice, str) and len(choice) <= 40 and choice.isprintable() else shown(choice)
    raise ServiceError(f"{named} cannot be named here; the choices are: {allowed}.", "choice")


def decide(decision_id: int, user: AbstractBaseUser, *, choice: str | int | None = None, leave: bool = False,
           now: datetime | None = None) -> Decision:
    """A decider's choice: a player to hand a ToL to or to pick, or (an EC with a ToL) leaving the DM."""
    now = now or timezone.now()
    with transaction.atomic():
        decision = lock_decision(decision_id)
        if decision is None:
            raise ServiceError("There is no such decision.")
        if decision.decider_id != user.pk:
            raise ServiceError("This decision is not yours to make.")
        if decision.status == Decision.Status.WAITING:
            raise ServiceError("This decision is not open yet: an earlier one is still being made.")
        if decision.status == Decision.Status.DECIDED:
            raise PhaseClosed("This decision has been made already.")
        if decision.deadline is not None and now >= decision.deadline:
            raise PhaseClosed(f"Too late: the deadline passed at {timezone.localtime(decision.deadline):%H:%M:%S %Z}; "
                              "the choice is drawn at random.")
        if leave:
            if decision.kind != Decision.Kind.DEATH_MATCH or not decision.can_leave:
                raise ServiceError("Only an Elimination Candidate holding a Token of Life may leave.", "leave")
            if tol_balance(decision.decider_id, decision.episode.season_id) < 1:
                raise ServiceError("You hold no Token of Life to spend.", "leave")
            apply_decision(decision, None, leave=True, now=now)
        else:
            choice_id = _resolve_choice(decision, choice)
            if choice_id not in _still_allowed(decision):
                raise ServiceError(f"{name_of(choice_id)} can no longer be named (eliminated, or now holds a "
                                   "Token of Life).", "choice")
            apply_decision(decision, choice_id, leave=False, now=now)
        _after(decision, now)
        return decision


def _still_allowed(decision: Decision) -> list[int]:
    """Who a decision may name now: a ToL's recipients, an EC's eligible opponents, or an item's two duelists."""
    if decision.kind == Decision.Kind.GIVE_TOL:
        return _recipients(decision.episode, decision.decider_id)
    if decision.kind == Decision.Kind.GIVE_ITEM:
        return list(decision.options)
    return _eligible_opponents(decision.episode, decision.decider_id)


def _after(decision: Decision, now: datetime) -> None:
    """What a made decision opens: the next decisions of the episode, or (the last item given) its Death Match."""
    if decision.kind == Decision.Kind.GIVE_ITEM:
        items_given(decision.match, decision.episode, now)
    else:
        advance(decision.episode, now)


def _draw(decision: Decision, now: datetime) -> None:
    """The default of a missing decision: drawn at random from the allowed options (never leaving)."""
    options = _still_allowed(decision)
    options = by_name(list(set(options) & set(decision.options)) or options)
    if not options:
        decision.status, decision.decided_at, decision.by_default = Decision.Status.DECIDED, now, True
        decision.note = "no one could be named at the deadline"
        decision.save()
        announce(decision.episode.season, decision.episode,
                 f"{name_of(decision.decider_id)} made no choice in time, and no one can be named now.", now)
        return
    apply_decision(decision, decision_rng(decision, "default").choice(options), leave=False, now=now, drawn=True)


def close_due_decisions(now: datetime | None = None) -> int:
    """Draw every decision whose deadline has passed (the clock's tick); returns how many."""
    now = now or timezone.now()
    done = 0
    due = Decision.objects.filter(status=Decision.Status.OPEN, deadline__lte=now).order_by("deadline")
    for decision_id in list(due.values_list("pk", flat=True)[:200]):
        try:
            with transaction.atomic():
                decision = lock_decision(decision_id, skip_locked=True)
                if decision is None or decision.status != Decision.Status.OPEN:
                    continue
                if decision.deadline is None or decision.deadline > now:
                    continue
                _draw(decision, now)
                _after(decision, now)
                done += 1
        except Exception:  # one broken decision must not stop the clock
            log.exception("closing decision %s failed", decision_id)
    return done


def close_decision_now(decision_id: int, now: datetime | None = None) -> None:
    """The host closes an open decision at once: drawn at random, as at its deadline."""
    now = now or timezone.now()
    with transaction.atomic():
        decision = lock_decision(decision_id)
        if decision is None or decision.status != Decision.Status.OPEN:
            raise ServiceError("Only an open decision can be closed.")
        _draw(decision, now)
        _after(decision, now)


def sweep(now: datetime | None = None) -> None:
    """One tick of the season clock: due decisions, invitation and reminder emails, webhook retries. Never
    raises."""
    try:
        close_due_decisions(now)
    except Exception:
        log.exception("closing due season decisions failed")
    try:
        invitation_emails.send_invitation_emails(now)
    except Exception:
        log.exception("emailing season invitations failed")
    sweeps.sweep(now)


