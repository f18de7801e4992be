"""The Mulligan on the site (RULINGS, Bigfoot Sighting: "Mulligan"): it takes effect the moment it is played,
its holder may play it in a turn without a move of their own, and nobody's turn time or reserve is spent."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from games.engines import matchfile
from genius.core.errors import ServiceError
from genius.matches.models import Match, Phase, Submission
from genius.matches.services import matchfiles, resolution, submitting

from .helpers import bot_payload, fresh, new_duel, page, phase_of, play_setup, post_move

pytestmark = pytest.mark.django_db

FIXTURE = Path(__file__).parents[1] / "bigfoot_sighting" / "fixtures" / "mulligan_without_a_move.json"


def two_turns_played(duel: Match) -> Match:
    play_setup(duel)
    for _ in range(2):
        phase = phase_of(duel)
        for name in phase.actors:
            submitting.submit(duel.seats.get(name=name), bot_payload(duel, name), lock=True)
    return fresh(duel)


def reserve(match: Match) -> dict[str, float]:
    return dict(fresh(match).state["reserve_s"])


def test_a_mulligan_spends_nobodys_reserve(ana, ben):
    duel = two_turns_played(new_duel(ana, ben))
    phase = phase_of(duel)
    minute = phase.deadline
    resolution.resolve_phases([phase.pk], now=minute + timedelta(milliseconds=1))  # both now on reserve time
    phase.refresh_from_db()
    assert phase.reserve_from is not None and phase.status == Phase.Status.OPEN
    submitting.submit(duel.seats.get(name="ben"), bot_payload(duel, "ben"), now=minute + timedelta(seconds=30))
    assert reserve(duel)["ben"] == 270  # ben's move on reserve time is charged, as usual
    at = minute + timedelta(seconds=50)
    submitting.submit(duel.seats.get(name="ana"), {"mulligan": True}, now=at)  # 50 s into ana's reserve
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED  # at once, not at the end of the reserve
    state = fresh(duel).state
    assert state["mulligan_used"] and state["turn"] == 0
    assert state["reserve_s"] == {"ana": 300.0, "ben": 300.0}  # the cancelled turn cost nobody anything
    nxt = phase_of(duel)
    assert nxt.number == phase.number + 1 and nxt.reserve_from is None
    assert nxt.deadline - at >= timedelta(seconds=60) - timedelta(milliseconds=1)  # a full turn for both


def test_a_mulligan_resolves_the_turn_at_once_and_discards_the_moves_sent(client, ana, ben):
    duel = two_turns_played(new_duel(ana, ben))
    phase = phase_of(duel)
    sent = next(m for m in (bot_payload(duel, "ben", salt) for salt in range(0, 500, 50)) if m["move"] != "pass")
    submitting.submit(duel.seats.get(name="ben"), sent, lock=True)
    client.force_login(ana)
    response = post_move(client, duel, {"move": "", "mulligan": "on"})  # saved, not locked: it plays at once
    assert response.status_code in (200, 302)
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED
    state = fresh(duel).state
    assert state["mulligan_used"] and state["turn"] == 0
    texts = list(duel.log.filter(phase_number=phase.number).values_list("text", flat=True))
    assert f"ben's move ({sent['move']}) is dropped by the Mulligan." in texts
    assert not Submission.objects.filter(phase=phase_of(duel)).exists()  # the fresh turn starts empty


def import_until_the_mulligan(ana, ben) -> Match:
    """The fixture imported up to the turn where ana (the holder) has no move, the seats given to ana and ben."""
    doc = json.loads(FIXTURE.read_text())
    number = next(n for n, phase in enumerate(doc["phases"], start=1) if phase.get("ana", {}).get("mulligan"))
    doc["phases"] = doc["phases"][: number - 1]
    match = matchfiles.import_match(json.dumps(doc), title="Mulligan without a move")
    for seat, user in zip(match.seats.order_by("position"), (ana, ben), strict=True):
        seat.user = user
        seat.save(update_fields=["user"])
    phase = phase_of(match)
    assert phase.actors == ["ben"], phase.actors  # ana's board for this turn has ended
    return fresh(match)


def test_the_holder_without_a_move_is_offered_the_mulligan_button_and_it_plays_at_once(client, ana, ben):
    match = import_until_the_mulligan(ana, ben)
    phase = phase_of(match)
    client.force_login(ana)
    html = page(client, match)
    assert 'name="mulligan" value="true"' in html and "Play the Mulligan" in html
    hints = client.get(f"/matches/{match.pk}/hints/").json()
    assert hints["legal"] == {"mulligan": True}
    post_move(client, match, {"mulligan": "true", "lock": "1"})
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED
    state = fresh(match).state
    assert state["mulligan_used"] and not all(board["ended"] for board in state["boards"].values())
    assert "ana" in phase_of(match).actors  # her board is on again


def test_the_holder_without_a_move_may_send_nothing_but_the_mulligan(ana, ben):
    match = import_until_the_mulligan(ana, ben)
    with pytest.raises(ServiceError, match="only play the Mulligan"):
        submitting.submit(match.seats.get(name="ana"), {"move": "A R"})
    assert phase_of(match).status == Phase.Status.OPEN


def test_the_whole_mulligan_file_imports_and_replays_to_the_same_outcome():
    text = FIXTURE.read_text()
    match = matchfiles.import_match(text)
    assert match.status == Match.Status.FINISHED
    replayed = matchfile.replay(matchfile.parse(text))
    assert match.outcome["winner"] == replayed["outcome"]["winner"]
    assert match.outcome["placement"] == replayed["outcome"]["placement"]
    again = matchfile.replay(matchfile.parse(json.dumps(matchfiles.export_match(match))))
    assert again["log"] == replayed["log"]


def test_the_placement_shows_on_the_results(client):
    match = matchfiles.import_match(FIXTURE.read_text())
    placement = match.outcome["placement"]
    assert sorted(placement.values()) in ([1, 2], [1, 1])
    html = page(client, match)
    assert "Placement:" in html and all(name in html for name in placement)
