"""Results that explain themselves: players equal by the game's measure share a rank ("Tied 1st (0 points)",
standard competition ranking: the next rank skips), a tie the game's rule broke names the rule ("1st on the
tie-break: most stars"), the game's placement rule is shown beside a tie, and a score of one is singular."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from genius.matches import results
from genius.matches.models import Match
from genius.matches.services import lifecycle, lobbies
from genius.matches.services.engines import engine_of, spec_of
from tests.seasons.helpers import T0, play_to_the_end

pytestmark = pytest.mark.django_db

RGB = ["ana", "ben", "cy", "dee", "eli", "fay", "gus"]


def finished(game: str, seats: list[str], **state_changes: dict) -> Match:
    """A match of bots played to its end, then its final state changed as given and its outcome taken again from
    the engine (as ``resolution.finish`` stores it)."""
    match = lobbies.create_lobby(game=game, seed=11, bots=seats, phase_seconds=60)
    lifecycle.start_match(match.pk, now=T0)
    play_to_the_end(match, T0)
    match.refresh_from_db()
    state = dict(match.state)
    for key, values in state_changes.items():
        state[key] = {**state[key], **values}
    outcome = engine_of(game).outcome(state)
    assert outcome is not None
    Match.objects.filter(pk=match.pk).update(state=state, outcome=outcome.as_dict(), placement=outcome.placement)
    match.refresh_from_db()
    return match


def seat_as(match: Match, name: str, user) -> None:
    match.seats.filter(name=name).update(user=user, is_bot=False)


def page(client, match: Match) -> str:
    return client.get(reverse("match", args=[match.pk])).content.decode()


def test_all_zero_scores_read_tied_first(client, ana):
    match = finished("rituals-gone-bad", RGB, points=dict.fromkeys(RGB, 0))
    assert sorted(match.placement.values()) == list(range(1, 8)), "the placement still orders them (drawn)"
    seat_as(match, "ben", ana)
    client.force_login(ana)
    html = page(client, match)
    assert "Tied 1st (0 points): " in html and "2nd" not in html
    assert "You tied for 1st of 7 (0 points)" in html and "You placed" not in html
    rule = spec_of("rituals-gone-bad").ranking.tie_rule
    assert f"Placement rule: {escape(rule)}" in html
    home = client.get(reverse("home")).content.decode()
    assert "Tied 1st (0 points): " in home and "Won by" not in home, "nobody won alone"


def test_equal_scores_share_a_rank_and_the_next_rank_skips(client):
    points = dict(zip(RGB, [3, 3, 1, 0, 0, 0, -1], strict=True))
    match = finished("rituals-gone-bad", RGB, points=points)
    standing = results.results(match)
    by_name = {line.name: line for line in standing.lines}
    assert [by_name[n].text for n in RGB] == ["Tied 1st (3 points)", "Tied 1st (3 points)", "3rd (1 point)",
                                               "Tied 4th (0 points)", "Tied 4th (0 points)", "Tied 4th (0 points)",
                                               "7th (-1 points)"]
    html = page(client, match)
    assert "Tied 1st (3 points): " in html and "3rd (1 point): cy" in html and "2nd" not in html


def test_one_point_is_singular(client, ana):
    match = finished("rituals-gone-bad", RGB, points={**dict.fromkeys(RGB, 0), "ana": 1})
    seat_as(match, "ana", ana)
    client.force_login(ana)
    html = page(client, match)
    assert "1st (1 point): ana" in html and "You placed 1st of 7 (1 point)" in html
    assert "1 points" not in html and " pts" not in html
    assert results.amount(1, ("point", "points")) == "1 point"
    assert results.amount(1.5, ("point", "points")) == "1.5 points"
    assert results.amount(2.0, ("orb", "orbs")) == "2 orbs"


def test_a_tie_broken_by_the_rule_names_the_rule(client, ana):
    names = ["ana", "ben", "cy", "dee", "eli", "fay", "gus"]
    match = finished("blob-party", names, orbs={**dict.fromkeys(names, 1), "ana": 5, "ben": 5},
                     stars={**dict.fromkeys(names, 0), "ana": 2, "ben": 1}, bp=dict.fromkeys(names, 0))
    seat_as(match, "ben", ana)
    client.force_login(ana)
    html = page(client, match)
    assert "1st on the tie-break: most stars (5 orbs): ana" in html
    assert "2nd on the tie-break: most stars (5 orbs): ben" in html
    assert "You placed 2nd of 7 on the tie-break: most stars (5 orbs)" in html
    assert "Tied 3rd (1 orb): " in html
    assert f"Placement rule: {escape(spec_of('blob-party').ranking.tie_rule)}" in html


def test_a_rule_that_decides_a_deeper_tie_is_named_alone():
    from games.kit.placement import rank_by

    standing = rank_by(["a", "b", "c"], {"a": (5, 1, 9), "b": (5, 1, 3), "c": (2, 0, 0)}.__getitem__,
                       ("most stars", "most BP left"))
    assert standing["a"] == {"rank": 1, "score": 5, "tie_break": "most BP left"}
    assert standing["c"] == {"rank": 3, "score": 2, "tie_break": ""}


def test_a_match_without_a_standing_reads_its_placement_with_ties(client):
    match = finished("rituals-gone-bad", RGB)
    outcome = dict(match.outcome)
    outcome.pop("standing")
    Match.objects.filter(pk=match.pk).update(outcome=outcome, placement={**dict.fromkeys(RGB, 2), "ana": 1})
    match.refresh_from_db()
    assert results.results(match).text == "1st: ana; Tied 2nd: " + ", ".join(sorted(RGB[1:]))


def test_every_game_declares_its_placement_rule():
    from genius.matches.services.engines import available_games

    for slug, _ in available_games():
        assert spec_of(slug).ranking.tie_rule.strip(), slug


def test_the_seasons_announcement_of_a_finished_main_match_reads_ties_as_ties():
    from genius.seasons.models import SeasonAnnouncement
    from genius.seasons.services.results import on_match_finished
    from tests.seasons.helpers import make_season

    season = make_season(RGB)
    match = finished("rituals-gone-bad", RGB, points=dict.fromkeys(RGB, 0))
    Match.objects.filter(pk=match.pk).update(season=season, kind="main", outcome={**match.outcome, "ec": []})
    match.refresh_from_db()
    match.seats.update(is_bot=False)
    for seat in match.seats.all():
        seat.user = season.players.get(user__username=seat.name).user
        seat.save(update_fields=["user"])
    on_match_finished(match)
    [text] = [a.text for a in SeasonAnnouncement.objects.filter(season=season) if " is over." in a.text]
    assert "Placement: Tied 1st (0 points): " in text and "2nd" not in text


def test_the_replays_last_step_reads_ties_as_ties(client):
    match = finished("rituals-gone-bad", RGB, points=dict.fromkeys(RGB, 0))
    html = client.get(reverse("match-replay", args=[match.pk])).content.decode()
    assert "Placement:</strong> Tied 1st (0 points): " in html and "2nd" not in html
    assert "0 points" in html and " pts" not in html
