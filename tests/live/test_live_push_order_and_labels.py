"""What a live move costs the server before the opponent sees it: a history's past forms are drawn once a
process, not on every push, and a push sends the seats waiting for a move before the seat that made it
(docs/PERFORMANCE.md, "Browser latency, third pass")."""

from __future__ import annotations

import pytest

from genius.live import pushes as live
from genius.live.fanout import audience
from genius.matches import presenters
from genius.matches.models import Match
from genius.matches.services import submitting
from genius.matches.services.engines import engine_of
from tests.matches.test_leaks import legal_move
from tests.matches.test_replays import new_match, play

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_past_forms_labels_are_drawn_once_and_read_the_same_after(ana, ben, monkeypatch):
    match = play(new_match("rituals-gone-bad", ana, ben), phases=3)
    seat = match.seats.get(name="ana")
    engine = engine_of(match.game)
    drawn: list[str] = []
    form_fields = engine.form_fields

    def counted(state, player):
        drawn.append(player)
        return form_fields(state, player)

    monkeypatch.setattr(presenters, "_LABELS", type(presenters._LABELS)())
    monkeypatch.setattr(engine, "form_fields", counted)
    first = presenters.private_history(match, seat)
    assert drawn, "the history names its moves' fields"
    again = len(drawn)
    second = presenters.private_history(match, seat)
    assert len(drawn) == again, "a past form is not drawn again"
    assert [e["labels"] for e in first] == [e["labels"] for e in second]
    assert any(e["labels"] for e in second)


def test_a_push_sends_the_seats_waiting_for_a_move_before_the_seat_that_made_it(rgb_match, monkeypatch):
    seats = {s.name: s for s in rgb_match.seats.filter(user__isnull=False)}
    order: list[str] = []

    async def capture(messages: list[tuple[str, dict]]) -> None:
        order.extend(group for group, _ in messages)

    monkeypatch.setattr(audience, "watchers", lambda match_id: audience.Watchers({s.pk for s in seats.values()}, False))
    monkeypatch.setattr(live, "_send_all", capture)
    for mover, waiting in (("ana", "ben"), ("ben", "ana"), ("ana", "ben")):
        match = Match.objects.get(pk=rgb_match.pk)
        submitting.submit(match.seats.get(name=mover), legal_move(match, mover))
        order.clear()
        live.push_update(rgb_match.pk)
        assert order == [
            live.seat_group(rgb_match.pk, seats[waiting].pk),
            live.seat_group(rgb_match.pk, seats[mover].pk),
        ]


def test_a_seats_history_is_rendered_once_a_phase_and_reads_the_same_as_drawn_whole(ana, ben, monkeypatch):
    match = play(new_match("bigfoot-sighting", ana, ben), phases=8)
    seats = list(match.seats.filter(user__isnull=False))
    monkeypatch.setattr(presenters, "_HISTORY", type(presenters._HISTORY)())
    entries: list[str] = []
    render = presenters.render_to_string

    def counted(name, context=None, *args, **kwargs):
        if name == "games/parts/history_entry.html":
            entries.append(name)
        return render(name, context, *args, **kwargs)

    def pushed() -> dict[int, str]:
        reads = presenters.Reads(Match.objects.get(pk=match.pk))
        reads.load_seats(seats)
        return {seat.pk: presenters.private_part(reads.match, seat, reads) for seat in seats}

    monkeypatch.setattr(presenters, "render_to_string", counted)
    pushed()
    assert len(entries) >= 8, "a first render draws every phase's entry"
    for _ in range(4):
        play(match, phases=1)
        entries.clear()
        views = pushed()
        assert len(entries) <= 2 * len(seats), "only the phases since the last push: the new one and the open one"
        now = Match.objects.get(pk=match.pk)
        for seat in seats:
            whole = render(
                "games/parts/private.html",
                {
                    "seat": seat,
                    "mine": engine_of(now.game).observer.panel(now.state, seat.name),
                    "match": now,
                    "history": presenters.history_part(now, seat, presenters.Reads(now, cached=False)),
                },
            )
            assert views[seat.pk] == whole, "the cached entries read as the whole history drawn again"
            assert presenters.private_history(now, seat), "without the cache, the history is whole"
