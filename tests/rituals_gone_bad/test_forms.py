"""The web form of each phase: fields, posted strings to payloads, payloads back to field values.

``post`` copies what the platform does (genius/engine_forms/moves.py): the ``lookup`` field
(an instant key) goes in a form of its own, everything else in the move form.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.engines.protocol import State, SubmissionError
from games.rituals_gone_bad.engine import ENGINE

from .helpers import PLAYERS, prepare, start, summon


def is_instant(name: str) -> bool:
    return any(name == key or name.startswith(f"{key}_") for key in ENGINE.spec.offers.instant_keys)


def post(state: State, player: str, values: dict[str, Any], instant: bool = False) -> dict[str, Any]:
    """Form data as the platform posts it: a string a field, a list for multiple choices."""
    data: dict[str, Any] = {}
    for field in ENGINE.form_fields(state, player):
        if is_instant(field.name) != instant:
            continue
        value = values.get(field.name)
        if field.kind == "multichoice":
            data[field.name] = [str(v) for v in value or []]
        elif field.kind == "bool":
            data[field.name] = "true" if value else ""
        else:
            data[field.name] = "" if value is None else str(value)
    return data


def names(state: State, player: str) -> list[str]:
    return [f.name for f in ENGINE.form_fields(state, player)]


def ritual_2(garnets: dict[str, int] | None = None) -> State:
    """Ritual 2's preparation, after a ritual 1 (all books red) where ben and ana predicted."""
    state, _ = prepare(start(garnets=garnets or {p: 2 for p in PLAYERS}), "red")
    state, _ = summon(state, {"ben": "cyan", "ana": ["cyan", None, "yellow"]})
    return state


def test_a_cultist_chooses_a_book_in_the_preparation_form_starting_on_no_choice() -> None:
    (field,) = ENGINE.form_fields(start(), "ben")
    assert (field.name, field.kind, field.required) == ("book", "choice", True)
    assert [value for value, _ in field.choices] == ["", "red", "green", "blue"]
    assert field.choices[0][1].startswith("Choose")


def test_the_leader_pairs_the_cultists_in_one_control_listing_every_pairing() -> None:
    (field,) = ENGINE.form_fields(start(), "ana")
    assert (field.name, field.kind, field.required) == ("pairs", "choice", True)
    assert field.choices[0] == ("", "Choose the pairs…")
    pairings = field.choices[1:]
    assert len(pairings) == 15  # 5 × 3 × 1 ways to pair six cultists
    assert pairings[0] == ("ben+cy,dee+eve,fay+gus", "ben & cy · dee & eve · fay & gus")
    for value, _ in pairings:
        names = value.replace("+", ",").split(",")
        assert sorted(names) == ["ben", "cy", "dee", "eve", "fay", "gus"]


def test_every_required_choice_of_rituals_gone_bad_starts_on_an_empty_choose_option() -> None:
    from .test_endgame import finish_with

    decision, _ = finish_with([9, 9, 7, 6, 5, 2, 2])
    for state, player in [(start(), "ben"), (start(), "ana"), (decision, "ana")]:
        for field in ENGINE.form_fields(state, player):
            if field.kind == "choice" and field.required:
                assert field.choices[0][0] == "" and field.choices[0][1].startswith("Choose"), field.name
                assert ENGINE.form_initial(state, player, None).get(field.name) in (None, "")


def test_the_summoning_form_asks_each_pair_of_the_leader_and_one_monster_of_a_cultist() -> None:
    state, _ = prepare(start())
    assert names(state, "ana") == ["predict1", "predict2", "predict3"]
    (field,) = ENGINE.form_fields(state, "ben")
    assert field.name == "predict" and not field.required
    assert field.choices[0] == ("", "No prediction")
    assert "cy" in field.label


def test_a_player_who_does_not_act_gets_no_fields() -> None:
    assert ENGINE.form_fields(start(), "zed") == []


@pytest.mark.parametrize(
    ("phase", "player", "payload"),
    [
        ("preparation", "ben", {"book": "green"}),
        ("preparation", "ana", {"pairs": [["ben", "dee"], ["cy", "gus"], ["eve", "fay"]]}),
        ("summoning", "ben", {"predict": "yellow"}),
        ("summoning", "ben", {"predict": None}),
        ("summoning", "ana", {"predict": ["cyan", None, "magenta"]}),
    ],
)
def test_form_values_of_a_payload_post_back_to_the_same_payload(phase: str, player: str, payload: dict) -> None:
    state = start() if phase == "preparation" else prepare(start())[0]
    values = ENGINE.form_initial(state, player, payload)
    assert ENGINE.parse_form(state, player, post(state, player, values)) == payload


def test_a_pairing_in_any_order_shows_as_the_same_choice_in_the_one_control() -> None:
    values = ENGINE.form_initial(start(), "ana", {"pairs": [["gus", "cy"], ["dee", "ben"], ["fay", "eve"]]})
    assert values == {"pairs": "ben+dee,cy+gus,eve+fay"}
    assert values["pairs"] in [value for value, _ in ENGINE.form_fields(start(), "ana")[0].choices]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("ben+cy,cy+dee,eve+fay", "cy is already in pair 1"),
        ("ben+cy,ana+dee,eve+fay", "You lead this ritual"),
        ("ben+cy,dee+zed,eve+fay", "zed is not a cultist"),
        ("ben+cy,dee+eve", "Choose 3 pairs of two cultists"),
        ("", "Choose the pairs"),
    ],
)
def test_a_bad_pairing_is_refused_on_the_one_pairing_control_with_the_slot_message(value: str, words: str) -> None:
    with pytest.raises(SubmissionError) as err:
        ENGINE.parse_form(start(), "ana", {"pairs": value})
    assert err.value.field == "pairs"
    assert words in err.value.message


def test_an_empty_book_is_refused_on_the_book_field() -> None:
    with pytest.raises(SubmissionError) as err:
        ENGINE.parse_form(start(), "ben", post(start(), "ben", {}))
    assert err.value.field == "book"


def test_there_is_no_lookup_field_in_ritual_1() -> None:
    assert "lookup" not in names(start(garnets={"ben": 5}), "ben")


def test_the_lookup_field_offers_what_can_still_be_bought() -> None:
    state = ritual_2()
    ben = next(f for f in ENGINE.form_fields(state, "ben") if f.name == "lookup")
    assert (ben.kind, ben.required) == ("bool", False)
    ana = next(f for f in ENGINE.form_fields(state, "ana") if f.name == "lookup")
    assert ana.kind == "multichoice"
    assert [value for value, _ in ana.choices] == ["1", "3"]  # no prediction was made for pair 2
    assert "lookup" not in names(state, "cy")  # cy made no prediction
    state = ENGINE.instant(state, "ana", {"lookup": [3]}).state
    ana = next(f for f in ENGINE.form_fields(state, "ana") if f.name == "lookup")
    assert [value for value, _ in ana.choices] == ["1"]


def test_there_is_no_lookup_field_without_a_garnet() -> None:
    assert "lookup" not in names(ritual_2({p: 0 for p in PLAYERS}), "ben")


def test_the_lookup_form_posted_alone_buys_at_once() -> None:
    state = ritual_2()
    payload = ENGINE.parse_form(state, "ana", post(state, "ana", {"lookup": ["1", "3"]}, instant=True))
    assert payload == {"lookup": [1, 3]}
    result = ENGINE.instant(state, "ana", payload)
    assert result.state["garnets"]["ana"] == 0
    payload = ENGINE.parse_form(state, "ben", post(state, "ben", {"lookup": True}, instant=True))
    assert payload == {"lookup": True}


def test_an_empty_lookup_form_is_refused_on_the_lookup_field() -> None:
    state = ritual_2()
    with pytest.raises(SubmissionError) as err:
        ENGINE.parse_form(state, "ben", post(state, "ben", {}, instant=True))
    assert err.value.field == "lookup"


def test_the_move_form_never_holds_the_lookup() -> None:
    state = ritual_2()
    payload = ENGINE.parse_form(state, "cy", post(state, "cy", {"book": "blue"}))
    assert payload == {"book": "blue"}


def test_form_initial_leaves_out_lookups_already_bought() -> None:
    state = ritual_2()
    assert ENGINE.form_initial(state, "ana", {"book": "red", "lookup": [1, 3]})["lookup"] == ["1", "3"]
    state = ENGINE.instant(state, "ana", {"lookup": [1]}).state
    assert ENGINE.form_initial(state, "ana", {"book": "red", "lookup": [1, 3]})["lookup"] == ["3"]
    assert ENGINE.form_initial(state, "ana", None) == {}


def test_the_ec_decision_form_lists_the_tied_players() -> None:
    from .test_endgame import finish_with

    state, _ = finish_with([9, 9, 7, 6, 5, 2, 2])
    (field,) = ENGINE.form_fields(state, "ana")
    assert field.name == "ec" and [value for value, _ in field.choices] == ["", "fay", "gus"]
    assert ENGINE.parse_form(state, "ana", {"ec": "gus"}) == {"ec": "gus"}
    assert ENGINE.form_initial(state, "ana", {"ec": "gus"}) == {"ec": "gus"}
    with pytest.raises(SubmissionError) as err:
        ENGINE.parse_form(state, "ana", {"ec": ""})
    assert err.value.field == "ec"
