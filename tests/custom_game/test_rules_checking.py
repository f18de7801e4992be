"""What a design's rules are checked for when saved, and the design document's rules parts."""

from __future__ import annotations

import pytest

from games.custom_game.document.checks import validate_design
from games.custom_game.rules import check_design_rules
from games.engines.design_problems import DesignError

from .rules_helpers import design


def _problems(rules: str, **extra) -> list[tuple[str, str, str]]:
    return [(p.part, p.where, p.message) for p in check_design_rules(design(rules, **extra))]


def test_unknown_name_is_refused_at_save_with_its_line() -> None:
    assert _problems('score = 1\nadd("ana", "points", scroe)') == [
        ("phases.0.rules", "Phase 1 “Bid”, rules, line 2", "“scroe” is not a name the rules know (did you mean score?)")
    ]


def test_a_syntax_error_is_refused_with_its_line() -> None:
    (part, where, message), = _problems('x = 1\nif x\n    pass')
    assert part == "phases.0.rules" and where.endswith("line 2") and "cannot be read" not in message


def test_while_is_refused_in_a_hosts_words() -> None:
    (_, where, message), = _problems('while True:\n    pass')
    assert "`while` is not part of the language" in message and where.endswith("line 1")


def test_a_field_key_the_phase_lacks_is_refused() -> None:
    messages = [m for _, _, m in _problems('a = answers["ana"]["bidd"]\nn = count(answers, "sut", "Red")')]
    assert messages == ["“bidd” is not a field of Bid (its fields: bid, suit)",
                        "“sut” is not a field of Bid (its fields: bid, suit)"]


def test_a_choice_value_that_is_not_an_option_is_refused() -> None:
    rules = ('for p, a in answers.items():\n    if a["suit"] == "Green":\n        pass\n'
             'n = count(answers, "suit", "Bleu")\nok = answers["ana"]["suit"] in ["Red", "Blue"]')
    messages = [m for _, _, m in _problems(rules)]
    assert messages == ["“Green” is not an option of Suit (its options: Red, Blue)",
                        "“Bleu” is not an option of Suit (its options: Red, Blue)"]


def test_counter_table_goto_and_kept_value_names_are_checked() -> None:
    rules = ('add("ana", "pts", 1)\nx = counters["ana"]["coins"]\nr = rows("forks")\ngoto("vote:2")\n'
             'y = values["nothing"]\nkeep("kept", 1)\nz = values["kept"]')
    messages = [m for _, _, m in _problems(rules)]
    assert messages == [
        "add: “pts” is not a counter of this game (its counters: hidden, points)",
        "“coins” is not a counter of this game (its counters: hidden, points)",
        "“forks” is not a table of this design (its tables: none)",
        "goto: “vote:2” is not a phase and round of this game (bid:1, bid:2, vote:1, end)",
        "no phase keeps a value named “nothing” (kept: kept)",
    ]


def test_a_function_that_calls_itself_is_refused_when_saved() -> None:
    (_, where, message), = _problems('def f(n):\n    return f(n + 1)\nf(1)')
    assert "calls itself" in message and where.endswith("line 2")


def test_good_rules_have_no_problems() -> None:
    assert check_design_rules(design()) == []


def test_setup_and_values_are_checked_in_their_own_parts() -> None:
    doc = design(setup='leadr = choice(playrs)')
    doc["phases"][0]["values"] = [{"name": "v", "formula": "len(answer)"}]
    parts = [p.part for p in check_design_rules(doc)]
    assert parts == ["setup", "phases.0.values.0"]


def test_existing_designs_close_by_hand_with_no_rules() -> None:
    doc = validate_design({"title": "Old", "min_players": 2, "max_players": 4,
                           "phases": [{"name": "Only", "fields": [{"label": "Yes?", "kind": "yesno"}]}]})
    assert doc["phases"][0]["close"] == "hand" and doc["phases"][0]["rules"] == "" and doc["phases"][0]["values"] == []
    assert doc["tables"] == [] and doc["setup"] == "" and validate_design(doc) == doc


def test_a_phase_its_rules_close_needs_rules_and_a_known_close() -> None:
    with pytest.raises(DesignError) as caught:
        design("", close="rules")
    assert caught.value.problems[0].part == "phases[0].rules"
    with pytest.raises(DesignError, match="rules, confirm or hand"):
        design(close="by-magic")


def test_tables_are_checked_cell_by_cell() -> None:
    good = {"key": "colours", "label": "Colour chart", "columns": ["first", "second", "result"],
            "rows": [["red", "green", "yellow"], ["red", "blue", 3]]}
    doc = design(tables=[good])
    assert doc["tables"][0]["rows"][1] == ["red", "blue", 3]
    with pytest.raises(DesignError) as caught:
        design(tables=[{**good, "rows": [["red", "green"]]}, {**good, "key": "x", "columns": ["Bad Col"]}])
    assert [p.part for p in caught.value.problems] == ["tables[0].rows[0]", "tables[1].columns",
                                                       "tables[1].rows[0]", "tables[1].rows[1]"]


def test_rules_keep_their_line_numbers_and_refuse_control_characters() -> None:
    assert design("\n\nannounce('x')\n")["phases"][0]["rules"] == "\n\nannounce('x')"
    with pytest.raises(DesignError, match="control character"):
        design("announce('x')\x00")
    with pytest.raises(DesignError, match="lone surrogate"):
        design("announce('\ud800')")


def test_an_amount_written_as_a_text_and_effects_the_setup_may_not_use_are_refused() -> None:
    messages = [m for _, _, m in _problems('add("ana", "points", "3")\ngarnet("ana", 1.5)')]
    assert messages == ["add: '3' is not a whole number", "garnet: 1.5 is not a whole number"]
    setup = [p.message for p in check_design_rules(design(setup='end()\ngarnet("ana", 1)'))]
    assert setup == ["end: the set-up rules cannot use end (only a phase's rules can)",
                     "garnet: the set-up rules cannot use garnet (only a phase's rules can)"]


def test_the_setup_may_goto_the_phase_that_opens_first_but_never_the_end() -> None:
    assert check_design_rules(design(setup='goto("vote:1", actors = [players[0]])')) == []
    setup = [p.message for p in check_design_rules(design(setup='goto("end")'))]
    assert setup == ["goto: “end” is not a phase and round of this game (bid:1, bid:2, vote:1)"]
