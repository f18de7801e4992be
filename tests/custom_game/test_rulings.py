"""The host's rulings: what the page offers, what a ruling may say, and what applying it does."""

from __future__ import annotations

import pytest

from games.custom_game.engine import ENGINE
from games.engines.protocol import HOST, PUBLIC, SPECTATOR, Seat, SubmissionError
from games.engines.runner import play_phase

from .helpers import PLAYERS, SEED, at_first_ruling, play, rule, start


def refused(state, ruling) -> SubmissionError:
    with pytest.raises(SubmissionError) as caught:
        ENGINE.check_ruling(state, ruling)
    return caught.value


def test_a_closed_phase_opens_the_hosts_ruling_with_no_actors_and_no_deadline() -> None:
    spec = ENGINE.phase(at_first_ruling())
    assert (spec.number, spec.name, spec.kind, spec.actors, spec.until_closed) == \
        (2, "Bid: the host's ruling", "ruling", (), True)
    with pytest.raises(SubmissionError, match="play_ruling"):
        play_phase(ENGINE, at_first_ruling(), SEED, {})


def test_the_ruling_form_shows_every_answer_and_what_may_open_next() -> None:
    state = at_first_ruling(ana={"amount": 7, "suit": "Red"})
    form = ENGINE.ruling_form(state)
    assert form.phase_name == "Bid" and form.columns == ("Your bid", "Suit") and form.players == tuple(PLAYERS)
    assert form.rows[0] == ("ana", ("7", "Red"), False) and form.rows[1] == ("ben", ("0", "—"), True)
    assert form.default_next == "vote:1" and form.next_options[-1] == ("end", "End the match")
    assert ("vote:2", "Vote, round 2 of 2") in form.next_options
    assert form.next_actors["accuse:1"] == () and form.next_actors["vote:1"] == tuple(PLAYERS)
    assert form.counters == (("points", "Points"), ("coins", "Coins")) and form.counter_values["ana"]["coins"] == 5
    assert form.garnets["ana"] == 2 and form.next_fields["bid:1"][0]["key"] == "amount"


def test_counter_changes_are_public_or_told_only_to_their_seat() -> None:
    result = rule(at_first_ruling(), {"counters": {"ana": {"points": 3, "coins": -2}}})
    assert result.resolution.state["counters"]["ana"] == {"points": 3, "coins": 3}
    lines = {(line.text, line.audience) for line in result.resolution.log}
    assert ("ana: Points +3 (now 3)", PUBLIC) in lines and ("ana: Coins -2 (now 3)", Seat("ana")) in lines


def test_unknown_players_and_counters_are_refused_naming_the_field() -> None:
    assert refused(at_first_ruling(), {"counters": {"zed": {"points": 1}}}).field == "counters.zed"
    assert refused(at_first_ruling(), {"counters": {"ana": {"gold": 1}}}).field == "counters.ana.gold"
    assert refused(at_first_ruling(), {"counters": {"ana": {"points": "²"}}}).field == "counters.ana.points"
    assert refused(at_first_ruling(), {"bonus": 1}).field == "bonus"


def test_garnets_change_through_the_ledger_and_a_wallet_cannot_go_below_zero() -> None:
    result = rule(at_first_ruling(), {"garnets": {"ana": 1, "ben": -2}})
    assert [(g.player, g.amount) for g in result.resolution.garnets] == [("ana", 1), ("ben", -2)]
    assert result.resolution.state["garnets"] == {**{p: 2 for p in PLAYERS}, "ana": 3, "ben": 0}
    error = refused(at_first_ruling(), {"garnets": {"ben": -3}})
    assert error.field == "garnets.ben" and "cannot take 3" in error.message


def test_a_private_message_reaches_only_its_seat() -> None:
    result = rule(at_first_ruling(), {"private": {"cy": "You found the key.", "ana": "  "}})
    lines = [(line.text, line.audience) for line in result.resolution.log if "key" in line.text]
    assert lines == [("To cy from the host: You found the key.", Seat("cy"))]
    state = result.resolution.state
    assert "You found the key." in str(ENGINE.observer.view(state, Seat("cy"))) and "key" in str(ENGINE.observer.view(state, HOST))
    assert "You found the key." not in str(ENGINE.observer.view(state, Seat("ana")))
    assert "You found the key." not in str(ENGINE.observer.view(state, SPECTATOR))


def test_answers_stay_secret_until_a_ruling_reveals_them() -> None:
    state = at_first_ruling(ana={"amount": 9, "suit": "Red"})
    hidden = rule(state, {"next": "vote:1"}).resolution.state
    assert "ana" not in ENGINE.observer.view(hidden, SPECTATOR)["history"][0]["answers"]
    assert ENGINE.observer.view(hidden, Seat("ana"))["history"][0]["answers"]["ana"] == ["9", "Red"]
    shown = rule(state, {"reveal": True}).resolution
    assert ENGINE.observer.view(shown.state, SPECTATOR)["history"][0]["answers"]["ana"] == ["9", "Red"]
    assert any(line.audience == PUBLIC and "ana: Your bid: 9 · Suit: Red" in line.text for line in shown.log)


def test_the_announcement_is_a_public_line_in_the_hosts_own_words() -> None:
    log = rule(at_first_ruling(), {"announce": "  **@everyone** ² wins  "}).resolution.log
    assert (log[0].text, log[0].audience) == ("**@everyone** ² wins", PUBLIC)
    assert refused(at_first_ruling(), {"announce": "x" * 5001}).field == "announce"


def test_next_may_open_any_round_with_another_form_other_actors_and_length() -> None:
    ruling = {"next": "vote:2", "actors": ["cy", "ana"], "seconds": 600,
              "fields": [{"label": "Guess", "kind": "number", "min": 1, "max": 3}]}
    state = rule(at_first_ruling(), ruling).resolution.state
    spec = ENGINE.phase(state)
    assert (spec.number, spec.name, spec.actors, spec.seconds, spec.until_closed) == \
        (3, "Vote, round 2 of 2", ("ana", "cy"), 600.0, False)
    assert [f.name for f in ENGINE.form_fields(state, "ana")] == ["guess"]
    assert ENGINE.phase(rule(at_first_ruling(), {"next": "vote:1", "seconds": None}).resolution.state).until_closed


def test_a_changed_form_is_checked_like_the_designs() -> None:
    error = refused(at_first_ruling(), {"fields": [{"label": "Ok"}, {"label": "W", "kind": "choice"}]})
    assert error.field == "fields[0].kind"
    error = refused(at_first_ruling(), {"fields": [{"label": "W", "kind": "choice", "options": []}]})
    assert error.field == "fields[0].options" and "a choice needs at least one option" in error.message
    assert refused(at_first_ruling(), {"next": "vote:3"}).field == "next"
    assert refused(at_first_ruling(), {"seconds": 5}).field == "seconds"


def test_a_phase_whose_players_the_host_names_needs_them_named() -> None:
    error = refused(at_first_ruling(), {"next": "accuse:1"})
    assert error.field == "actors" and "host names who acts" in error.message
    assert refused(at_first_ruling(), {"next": "accuse:1", "actors": []}).field == "actors"
    assert refused(at_first_ruling(), {"next": "accuse:1", "actors": ["zed"]}).field == "actors"


def test_without_next_the_design_goes_on_to_its_following_round() -> None:
    state = rule(at_first_ruling(), {}).resolution.state
    assert ENGINE.phase(state).name == "Vote, round 1 of 2"


def test_ending_parts_only_end_the_match_and_nothing_opens_after_the_end() -> None:
    assert refused(at_first_ruling(), {"next": "vote:1", "ec": ["ana"]}).field == "ec"
    assert refused(at_first_ruling(), {"next": "end", "actors": ["ana"]}).field == "actors"


def test_the_end_sets_placement_tokens_of_life_and_ecs() -> None:
    ruling = {"next": "end", "counters": {"dee": {"points": 5}}, "placement": {"cy": 1, "ana": 1},
              "tol": {"cy": 1, "ben": 0}, "ec": ["gus", "fay"]}
    state = rule(at_first_ruling(), ruling).resolution.state
    assert ENGINE.finished(state) and ENGINE.phase(state) is None
    outcome = ENGINE.outcome(state)
    assert outcome.ec == ["fay", "gus"] and outcome.tol == {"cy": 1} and outcome.pending is None
    assert {outcome.placement["cy"], outcome.placement["ana"]} == {1, 2} and outcome.placement["dee"] == 3
    assert sorted(outcome.placement.values()) == list(range(1, 8)) and outcome.garnets_earned == {}
    assert refused(at_first_ruling(), {"next": "end", "placement": {"ana": 8}}).field == "placement.ana"


def test_an_ec_decision_counts_the_most_named_and_silent_deciders_abstain() -> None:
    ruling = {"next": "end", "ec_decide": {"between": ["ben", "gus"], "deciders": ["ana", "cy", "dee"]}}
    state = rule(at_first_ruling(), ruling).resolution.state
    spec = ENGINE.phase(state)
    assert (spec.kind, spec.actors) == ("decision", ("ana", "cy", "dee"))
    outcome = ENGINE.outcome(state)
    assert outcome.pending == {"decide": "ec", "between": ["ben", "gus"], "deciders": ["ana", "cy", "dee"]}
    assert ENGINE.finished(state) and outcome.ec == []
    result = play(state, {"ana": {"ec": "gus"}, "cy": {"ec": "gus"}})
    done = result.resolution.state
    assert ENGINE.outcome(done).ec == ["gus"] and ENGINE.outcome(done).pending is None
    assert "dee abstained" in result.resolution.log[0].text and ENGINE.phase(done) is None
    with pytest.raises(SubmissionError, match="Name one of the candidates"):
        ENGINE.check(state, "ana", {"ec": "ana"})


def test_a_tied_or_silent_decision_is_drawn_from_the_seed() -> None:
    ruling = {"next": "end", "ec_decide": {"between": ["ben", "gus"], "deciders": ["ana"]}}
    state = rule(at_first_ruling(), ruling).resolution.state
    first = ENGINE.outcome(play(state, {}).resolution.state).ec
    assert first in (["ben"], ["gus"]) and ENGINE.outcome(play(state, {}).resolution.state).ec == first


def test_an_ec_decision_needs_two_candidates_and_replaces_naming_ecs() -> None:
    assert refused(at_first_ruling(), {"next": "end", "ec_decide": {"between": ["ben"], "deciders": ["ana"]}}) \
        .field == "ec_decide.between"
    assert refused(at_first_ruling(), {"next": "end", "ec": ["cy"],
                                       "ec_decide": {"between": ["ben", "gus"], "deciders": ["ana"]}}).field == "ec"


def test_a_ruling_is_refused_when_no_ruling_is_open() -> None:
    assert "no ruling is open" in refused(start(), {}).message
