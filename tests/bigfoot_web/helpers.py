"""Builders for the live web side of Bigfoot Sighting: a Death Match between ana and ben, driven to any phase."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games.engines.runner import bot_move
from genius.matches.models import Match, Phase
from genius.matches.services import lifecycle
from genius.matches.services.engines import engine_of
from tests.bigfoot_sighting.helpers import board_text

#: Three host boards: on board 1 a tree on b2 would cut lumberjack A (a1) off from Bigfoot (a2 and b1 hold trees).
BOARDS = [
    board_text(("a2", "b1", "c3", "f6")),
    board_text(("b2", "d6", "g4", "g5")),
    board_text(("e3", "h2")),
]
ITEMS = {"choose_layout": "ana", "extra_tree": "ben", "mulligan": "ana", "plus_1_5": "ben"}


def new_duel(ana: Any, ben: Any, *, items: dict[str, Any] | None = None, turn_seconds: int = 60,
             seed: int = 5) -> Match:
    """A running Death Match (host boards, ana holds Choose Layout and the Mulligan, ben the Extra Tree)."""
    config = {"boards": "\n\n".join(BOARDS), "items": ITEMS if items is None else items, "reserve_s": 300}
    return lifecycle.start_match_between([ana, ben], game="bigfoot-sighting", title="Death Match: ana vs ben",
                                         turn_seconds=turn_seconds, config=config, seed=seed)


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def phase_of(match: Match) -> Phase:
    return fresh(match).current_phase


def play_setup(match: Match, ana_board: int = 1, ben_board: int = 2, tree: str | None = None) -> Match:
    """Both picks and the extra tree, as the players would send them, each phase resolved at once."""
    from genius.matches.services import submitting

    picks = {"ana": {"board": ana_board}, "ben": {"board": ben_board}}
    while phase_of(match).kind == "setup":
        phase = phase_of(match)
        name = phase.actors[0]
        payload = picks[name] if "layout" in phase.name else {"tree": tree}
        submitting.submit(match.seats.get(name=name), payload, lock=True)
    return fresh(match)


def bot_payload(match: Match, name: str, salt: int = 0) -> dict[str, Any]:
    """A legal move for ``name`` now: a bot's, drawn again while it would play the Mulligan."""
    match = fresh(match)
    engine = engine_of(match.game)
    spec = engine.phase(match.state)
    for extra in range(salt, salt + 50):
        payload = bot_move(engine, match.state, match.seed + extra, spec, name)
        if not payload.get("mulligan"):
            return payload
    raise AssertionError("the bot keeps playing the Mulligan")


def post_move(client: Any, match: Match, data: dict[str, Any], *, lock: bool = False) -> Any:
    """Post the move form of the open phase, as the browser does."""
    form = {"phase": str(phase_of(match).number), **{k: str(v) for k, v in data.items()}}
    if lock:
        form["lock"] = "1"
    return client.post(reverse("match-submit", args=[match.pk]), form)


def page(client: Any, match: Match) -> str:
    return client.get(reverse("match", args=[match.pk])).content.decode()


def resolve_now(match: Match) -> Match:
    lifecycle.resolve_now(match.pk)
    return fresh(match)


def accepted(match):
    """A Death Match from the host's page once both players said yes (it waits for them, then starts)."""
    from genius.matches.models import Seat
    from genius.matches.services import seat_answers

    for seat in match.seats.filter(answer=Seat.Answer.WAITING).select_related("user"):
        seat_answers.accept(match.pk, seat.user)
    match.refresh_from_db()
    return match
