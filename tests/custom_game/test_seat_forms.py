"""A form for each player (RULES.md, "A form for each player"): options that come from the seat (its hand, the
players it may target, the doors of its room) and several forms in one phase, each for its own seats. Each seat
sees and sends only its own; bots pick from their own; the rules read each seat's answers under its own form."""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import pytest

from games.custom_game import phases
from games.custom_game.document import files
from games.custom_game.document.checks import validate_design
from games.custom_game.engine import ENGINE
from games.custom_game.leaks import secret_paths
from games.custom_game.seat_forms import _options
from games.custom_game.tools import TOOLS
from games.engines import matchfile
from games.engines.design_problems import DesignError
from games.engines.protocol import HOST, SPECTATOR, Seat, SubmissionError
from games.engines.runner import bot_move, play_phase
from games.kit import testing as kit

from .seat_form_helpers import PLAYERS, SEED, design, doc, options, start


def hand(state: dict, player: str) -> list[str]:
    return state["values"]["hands"][player]


def refusal(state: dict, player: str, payload: dict) -> SubmissionError:
    with pytest.raises(SubmissionError) as caught:
        ENGINE.check(state, player, payload)
    return caught.value


def saving_problems(document: dict) -> list[str]:
    """What saving ``document`` says: the document's checks, then its rules' and expressions' checks."""
    try:
        normalized = validate_design(document)
    except DesignError as exc:
        return [str(p) for p in exc.problems]
    return [str(p) for p in TOOLS.check_rules(normalized)]


# --- options that come from the seat ---------------------------------------------------------------------
def test_a_seat_sees_only_the_cards_in_its_own_hand() -> None:
    state = start()
    for player in ("ana", "ben", "dee"):
        assert options(state, player)["card"] == hand(state, player)
    others = {c for p in PLAYERS if p != "ana" for c in hand(state, p)}
    assert not others & set(options(state, "ana")["card"])


def test_a_seat_may_target_every_player_but_itself() -> None:
    state = start()
    assert options(state, "ana")["target"] == ["ben", "cy", "dee"]
    assert options(state, "dee")["target"] == ["ana", "ben", "cy"]


def test_each_room_answers_its_own_doors() -> None:
    d = doc(forms=[{"fields": ["door", "card", "target"]}])
    state = start(validate_design(d))
    assert options(state, "ana")["door"] == ["North door", "East door"]
    assert options(state, "ben")["door"] == ["South door", "West door", "Trapdoor ²"]
    assert ENGINE.check(state, "ben", {"door": "Trapdoor ²"})["door"] == "Trapdoor ²"
    error = refusal(state, "ana", {"door": "Trapdoor ²"})
    assert error.field == "door" and "North door, East door" in error.message


def test_a_card_from_another_seats_hand_is_refused_when_sent() -> None:
    state = start()
    theirs = hand(state, "ben")[0]
    error = refusal(state, "ana", {"card": theirs})
    assert error.field == "card"
    assert hand(state, "ben")[1] not in error.message  # the refusal lists the seat's own options only
    mine = hand(state, "ana")[0]
    assert ENGINE.check(state, "ana", {"card": mine, "target": "ben"}) == {"card": mine, "target": "ben"}


def test_an_imported_match_file_whose_move_plays_another_seats_card_is_not_valid() -> None:
    state = start()
    data = {"game": ENGINE.slug, "seed": SEED, "players": PLAYERS, "garnets": {p: 3 for p in PLAYERS},
            "config": {"design": design()},
            "phases": [{"ana": {"card": hand(state, "ben")[0], "target": "ben"}}]}
    with pytest.raises(matchfile.MatchFileError) as caught:
        matchfile.replay(matchfile.check_shape(json.loads(json.dumps(data))))
    assert "ana" in str(caught.value) and "card" in str(caught.value)


def test_bots_pick_only_from_their_own_options() -> None:
    state = start()
    spec = ENGINE.phase(state)
    assert spec is not None
    for seed in range(40):
        for player in spec.actors:
            move = bot_move(ENGINE, state, seed, spec, player)
            for key, value in move.items():
                if value is not None:
                    assert value in options(state, player)[key], (player, key, value)


def test_an_expression_that_reads_another_seats_hand_finds_nothing_there() -> None:
    d = doc()
    d["phases"][0]["fields"][0]["options_from"] = 'values["hands"]["ana"]'
    state = start(validate_design(d))
    assert options(state, "ana")["card"] == hand(state, "ana")
    assert options(state, "ben")["card"] == []  # ben's values["hands"] holds only ben's own
    assert any(p.startswith("ben: ") for p in state["open"]["form_problems"])
    assert "form_problems" in ENGINE.observer.view(state, HOST)["open"]
    assert "form_problems" not in json.dumps(ENGINE.observer.view(state, Seat("ben")))


# --- several forms in one phase -------------------------------------------------------------------------
def test_each_seat_answers_only_its_own_groups_form() -> None:
    state = start()
    assert set(options(state, "cy")) == {"door"}  # cy escaped in the set-up
    assert set(options(state, "ana")) == {"card", "target"}
    error = refusal(state, "cy", {"card": hand(state, "cy")[0]})
    assert "not a field of this form" in error.message


def test_a_seat_in_no_group_waits() -> None:
    d = doc()
    d["phases"][0]["forms"][1]["when"] = 'seat(me) != 4'
    state = start(validate_design(d))
    assert state["open"]["actors"] == ["ana", "ben", "cy"]
    assert ENGINE.form_fields(state, "dee") == []
    spec = ENGINE.phase(state)
    assert spec is not None and "dee" not in spec.actors


def test_the_next_round_opens_for_the_seats_that_have_a_form_and_says_so() -> None:
    d = doc()
    d["phases"][0]["forms"][1]["when"] = 'round == 1 or seat(me) != 4'
    result = play_phase(ENGINE, start(validate_design(d)), SEED, {})
    after = result.resolution.state
    assert after["open"]["round"] == 2 and "dee" not in after["open"]["actors"]
    opens = [line.text for line in result.resolution.log if "opens for" in line.text]
    assert opens == [f"{after['open']['name']} opens for {', '.join(after['open']['actors'])}."]


def test_a_ruling_that_opens_the_phase_with_its_own_fields_keeps_its_forms() -> None:
    state = start(design(close="hand"))
    after = play_phase(ENGINE, state, SEED, {}).resolution.state
    ruling = {"next": "play:2", "fields": copy.deepcopy(state["design"]["phases"][0]["fields"])}
    done = ENGINE.rule(after, ENGINE.check_ruling(after, ruling), random.Random(1)).state
    assert set(options(done, "cy")) == {"door"} and set(options(done, "ana")) == {"card", "target"}


def test_the_rules_read_each_seats_answer_under_its_own_forms_keys() -> None:
    state = start()
    moves = {"ana": {"card": hand(state, "ana")[0], "target": "ben"}, "cy": {"door": "East door"}}
    after = play_phase(ENGINE, state, SEED, moves).resolution.state
    answers = after["history"][-1]["answers"]
    assert answers["ana"] == moves["ana"] and answers["cy"] == {"door": "East door"}
    assert answers["ben"] == {"card": None, "target": None}
    assert after["counters"]["ana"]["points"] == 1 and after["counters"]["cy"]["points"] == 2
    assert after["values"]["escaped"] == ["ben", "cy"]  # ana's target escapes
    assert hand(after, "ana") == hand(state, "ana")[1:]  # the card played leaves the hand
    assert set(options(after, "ben")) == {"door"} and options(after, "ana")["card"] == hand(after, "ana")


def test_a_ruling_that_opens_another_form_gives_every_seat_that_form() -> None:
    state = start()
    fields = [{"key": "note", "label": "Note", "kind": "text"}]
    d = design(close="hand")
    state = start(d)
    after = play_phase(ENGINE, state, SEED, {}).resolution.state
    ruling = {"next": "play:2", "fields": fields, "actors": ["ana", "cy"]}
    done = ENGINE.rule(after, ENGINE.check_ruling(after, ruling), random.Random(1)).state
    assert [f.name for f in ENGINE.form_fields(done, "cy")] == ["note"]
    assert "seats" not in done["open"]


# --- the leak test, playouts, replays ---------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(8))
def test_a_seeded_random_playout_of_hands_and_doors_leaks_no_seats_form_and_replays(seed: int) -> None:
    players = PLAYERS[: 2 + seed % 3]
    play = kit.random_playout(ENGINE, seed, players=players, config={"design": design()})
    assert kit.engine_finished(play)
    assert kit.check_no_view_leaks(play, secret_paths) > 0
    kit.check_replays_the_same(play)
    for state in play.states:
        for player in (state["open"] or {}).get("seats", {}):
            assert set(options(state, player).get("card", [])) <= set(hand(state, player))
    answered = [a for entry in play.final["history"] for a in entry["answers"].values()]
    assert any("door" in a for a in answered) and any("card" in a for a in answered)


def test_the_leak_test_finds_a_form_that_shows_another_seats_options(monkeypatch: pytest.MonkeyPatch) -> None:
    play = kit.random_playout(ENGINE, 1, players=PLAYERS, config={"design": design()})
    own = phases.fields_for

    def every_seats_options(state: dict, player: str) -> list[dict]:  # a form that shows every seat's form
        shown = json.dumps((state["open"] or {}).get("seats", {}), ensure_ascii=False)
        return [*own(state, player), {"key": "x", "label": "x", "kind": "text", "max_length": 9, "help": shown}]

    monkeypatch.setattr(phases, "fields_for", every_seats_options)
    with pytest.raises(AssertionError, match="receives"):
        kit.check_no_view_leaks(play, secret_paths)


def test_no_viewer_but_the_seat_and_the_host_reads_its_options() -> None:
    state = start()
    mine = hand(state, "ana")
    for viewer in (SPECTATOR, Seat("ben"), Seat("cy"), Seat("stranger")):
        seen = json.dumps(ENGINE.observer.view(state, viewer), ensure_ascii=False)
        seen += ENGINE.observer.board_text(state, viewer)
        if isinstance(viewer, Seat) and viewer.name in PLAYERS:
            seen += json.dumps([dataclasses.asdict(f) for f in ENGINE.form_fields(state, viewer.name)],
                               ensure_ascii=False)
        assert not any(card in seen for card in mine), viewer


# --- checked when saved ------------------------------------------------------------------------------------
def test_a_design_with_a_form_for_each_player_passes_its_checks_and_keeps_them_when_exported() -> None:
    normalized = design()
    assert TOOLS.check_rules(normalized) == []
    again = files.read_design_file(json.loads(json.dumps(files.design_file(normalized))))
    assert again["phases"][0]["forms"] == normalized["phases"][0]["forms"]
    assert again["phases"][0]["fields"] == normalized["phases"][0]["fields"]


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["phases"][0]["fields"][0].update(kind="number", min=0, max=3), "options_from is for a choice"),
    (lambda d: d["phases"][0]["fields"][0].update(options=["A"]), "has no options of its own"),
    (lambda d: d["phases"][0]["fields"][0].update(default="A ♠"), "can only default to no answer"),
    (lambda d: d["phases"][0]["forms"][1].update(fields=["card", "target", "door"]), "belongs to one form"),
    (lambda d: d["phases"][0]["forms"][1].update(fields=["card"]), "is in no form"),
    (lambda d: d["phases"][0]["forms"][1].update(fields=["card", "target", "bid"]), "not a field of this phase"),
    (lambda d: d["phases"][0]["forms"][0].pop("when"), "only the last form may leave when out"),
    (lambda d: d["phases"][0].update(forms=[{"fields": ["card"]}] * 7), "at most 6 forms"),
    (lambda d: d["phases"][0].update(forms="door"), "forms must be a list"),
    (lambda d: d["phases"][0]["fields"][0].update(options_from="x" * 1001), "at most 1000 characters"),
    (lambda d: d["phases"][0]["fields"][0].update(options_from='answers["ana"]'), "“answers” is not a name"),
    (lambda d: d["phases"][0]["fields"][0].update(options_from="tables"), "“tables” is not a name"),
    (lambda d: d["phases"][0]["forms"][0].update(when='values["pot"] > 0'), "cannot read the value “pot”"),
    (lambda d: d["phases"][0]["forms"][0].update(when="answer != None"), "“answer” is not a name"),
])
def test_a_form_for_each_player_is_checked_when_the_design_is_saved(change, words: str) -> None:
    d = doc()
    change(d)
    found = saving_problems(d)
    assert any(words in p for p in found), found


# --- Unicode ---------------------------------------------------------------------------------------------
def test_options_from_texts_are_cleaned_as_a_designs_options_are() -> None:
    assert _options(["  ²  ", "e\u0301", "é", "@everyone", "", "X", "x", "ｃａｒｄ"], "o") == \
        (["²", "é", "@everyone", "X", "ｃａｒｄ"], None)
    assert _options(["ok", "\ud800"], "o")[1] is not None  # a lone surrogate: no options at all
    assert _options(["a\x07"], "o")[1] is not None
    assert _options([3], "o")[1] is not None and _options("A", "o")[1] is not None
    assert _options(["a" * 101], "o")[1] is not None and _options([str(n) for n in range(101)], "o")[1] is not None


UNICODE_SETUP = '''\
keep("hands", {p: ["²", "é", "@everyone", "ǅ", "\u202e"] for p in players})
keep("doors", {p: ["North door"] for p in players})
keep("escaped", [])
'''


def test_unicode_options_accept_only_their_own_text_and_its_nfc_form() -> None:
    state = start(validate_design({**doc(), "setup": UNICODE_SETUP}))
    assert options(state, "ana")["card"] == ["²", "é", "@everyone", "ǅ"]  # a bidi mark alone strips to nothing
    assert ENGINE.check(state, "ana", {"card": "e\u0301"})["card"] == "é"
    for look_alike in ("2", "\uff12", "Ǆ", "DŽ", "@everyone\u200b", "\ud800", "e", "＠everyone"):
        assert refusal(state, "ana", {"card": look_alike}).field == "card"


def test_hostile_unicode_cards_are_refused_or_one_of_the_seats_own() -> None:
    state = start()
    rng = random.Random(39)
    mine = set(hand(state, "ana"))
    for _ in range(300):
        value = kit.hostile_text(rng) if rng.random() < 0.8 else rng.choice(sorted(mine)) + rng.choice(["", " ", "\u200b"])
        try:
            checked = ENGINE.check(state, "ana", {"card": value, "target": "ben"})
        except SubmissionError as exc:
            assert exc.field == "card" and len(exc.message) <= 300
            continue
        assert checked["card"] in mine


def test_a_match_of_hands_and_doors_is_the_same_from_the_same_seed() -> None:
    a = kit.random_playout(ENGINE, 5, players=PLAYERS, config={"design": design()})
    b = kit.random_playout(ENGINE, 5, players=PLAYERS, config={"design": copy.deepcopy(design())})
    assert a.final == b.final


def test_try_these_rules_shows_the_host_an_expression_that_failed_for_a_seat() -> None:
    d = doc()
    d["phases"][0]["fields"][0]["options_from"] = 'values["hands"]["ana"]'
    preview = TOOLS.try_phase(validate_design(d), "play", 1, None, SEED, PLAYERS)
    assert any(line.startswith("The form for ben: the options of Your card") for line in preview.host), preview.host
    assert not any(line.startswith("The form for ana") for line in preview.host)
