"""Polls from outside the match: who may answer (the eligible outsiders, once each), answering, the open polls a
person may answer, and the answers handed to the resolution (``genius.matches.services.outside_inputs``).

Who answers a phase is the engine's word: the open phase's ``PhaseSpec.optional`` names ``@season`` (the season's
players who hold no seat in the match) or ``@community`` (the community's members who hold none). Ruled: the
match's hosts do not answer (they rule on it); a person seated in the match never does; a season player who was
eliminated still answers (they are the "other players" the genre's polls ask). An answer is checked by the engine
as the phase's form, under the match's lock, while the phase is open; each person answers once and cannot change
it. The match keeps only what was answered, in the order given, never who answered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from games.engines.protocol import OUTSIDE_COMMUNITY, OUTSIDE_SEASON, Field, Payload, SubmissionError
from genius.access.hosts import is_host_of
from genius.communities.models import Membership
from genius.matches.models import Match, Phase
from genius.matches.services.engines import engine_of
from genius.polls.models import OutsideAnswer
from genius.seasons.models import SeasonPlayer

WHO = {OUTSIDE_SEASON: "the season's other players", OUTSIDE_COMMUNITY: "the community's members"}


class PollRefused(ValueError):
    """The answer is refused; the message says why, in the person's words."""


@dataclass
class OpenPoll:
    """A phase answered from outside the match, open now: the match, its phase, who answers, the form."""

    match: Match
    phase: Phase
    submitter: str
    fields: list[Field]

    @property
    def who(self) -> str:
        return WHO[self.submitter]


def open_poll(match: Match) -> OpenPoll | None:
    """The match's open phase if it is answered from outside the match (no query beyond the open phase)."""
    if match.status != Match.Status.RUNNING or match.state is None:
        return None
    engine = engine_of(match.game)
    spec = engine.phase(match.state)
    submitter = next((name for name in spec.optional if name in WHO), None) if spec is not None else None
    if submitter is None:
        return None
    phase = match.phases.filter(number=spec.number, status=Phase.Status.OPEN).first() if spec else None
    if phase is None:
        return None
    return OpenPoll(match, phase, submitter, engine.form_fields(match.state, submitter))


def eligible(poll: OpenPoll, user: Any) -> bool:
    """Whether ``user`` may answer the poll: signed in, no seat in the match, not its host, and a player of its
    season (``@season``) or a member of its community (``@community``)."""
    if user is None or not user.is_authenticated:
        return False
    match = poll.match
    if match.seats.filter(user=user).exists() or is_host_of(match, user, seated=False):
        return False
    if poll.submitter == OUTSIDE_SEASON:
        return match.season_id is not None and SeasonPlayer.objects.filter(season_id=match.season_id,
                                                                            user=user).exists()
    return match.community_id is not None and Membership.objects.filter(community_id=match.community_id,
                                                                        user=user).exists()


def answered(poll: OpenPoll, user: Any) -> bool:
    return OutsideAnswer.objects.filter(match=poll.match, phase_number=poll.phase.number, user=user).exists()


def answer(match: Match, user: Any, data: dict[str, Any]) -> OutsideAnswer:
    """Keep ``user``'s answers (the form's raw values) to the match's open poll, or :class:`PollRefused`."""
    with transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        poll = open_poll(locked)
        if poll is None:
            raise PollRefused("This match has no poll open now: it may have closed.")
        if not eligible(poll, user):
            raise PollRefused(f"This poll is answered by {poll.who}, outside the match; you are not one of them.")
        if answered(poll, user):
            raise PollRefused("You have answered this poll already: each person answers once.")
        engine, state = engine_of(locked.game), locked.state
        assert state is not None  # a running match has its state (open_poll read it)
        try:
            payload = engine.parse_form(state, poll.submitter, data)
            checked = engine.check(state, poll.submitter, {"answers": [payload]})["answers"][0]
        except SubmissionError as exc:
            raise PollRefused(exc.message) from None
        except (ValueError, TypeError, KeyError) as exc:
            raise PollRefused(str(exc) or "That answer could not be read.") from None
        try:
            with transaction.atomic():
                return OutsideAnswer.objects.create(match=locked, phase_number=poll.phase.number, user=user,
                                                    submitter=poll.submitter, answers=checked,
                                                    given_at=timezone.now())
        except IntegrityError:
            raise PollRefused("You have answered this poll already: each person answers once.") from None


def open_polls_for(user: Any, matches: QuerySet[Match]) -> list[OpenPoll]:
    """The open polls among ``matches`` (a season's or a community's running ones) that ``user`` may answer and
    has not answered yet."""
    found = []
    for match in matches.filter(status=Match.Status.RUNNING):
        poll = open_poll(match)
        if poll is not None and eligible(poll, user) and not answered(poll, user):
            found.append(poll)
    return found


def given(match: Match, phase: Phase) -> dict[str, Payload]:
    """The answers to the phase, in the order given, as the engine takes them (``{}``: none)."""
    rows = list(OutsideAnswer.objects.filter(match=match, phase_number=phase.number).values_list("submitter",
                                                                                              "answers"))
    if not rows:
        return {}
    return {rows[0][0]: {"answers": [answers for _, answers in rows]}}


class AnswersSource:
    """The outside answers as ``genius.matches.services.outside_inputs`` asks for them."""

    def given(self, match: Match, phase: Phase) -> dict[str, Payload]:
        return given(match, phase)

    def record(self, match: Match, phase: Phase, submitter: str, payload: Payload) -> None:
        now = phase.opened_at or timezone.now()
        OutsideAnswer.objects.bulk_create([OutsideAnswer(match=match, phase_number=phase.number, user=None,
                                                         submitter=submitter, answers=item, given_at=now)
                                           for item in payload.get("answers", [])])
