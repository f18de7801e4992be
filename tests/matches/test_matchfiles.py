"""Match files: export, import and ``manage.py replay`` exactly as MATCHFILE.md says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.engines import matchfile
from genius.core.errors import ServiceError
from genius.matches.models import Match
from genius.matches.services import matchfiles
from genius.matches.services.engines import engine_of
from tests.matches.test_lifecycle import play_to_the_end

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted(ROOT.glob("tests/*/fixtures/full_match.json"))


def run_replay(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "replay", *args], cwd=ROOT, capture_output=True, text=True, input=stdin,
        timeout=120,
    )


@pytest.mark.django_db
def test_replay_of_an_exported_match_gives_the_same_result(rgb_match):
    match = play_to_the_end(rgb_match)
    doc = matchfiles.export_match(match)
    result = matchfile.replay(matchfile.check_shape(json.loads(json.dumps(doc))))
    engine = engine_of(match.game)
    assert result["finished"] is True
    assert result["players"] == {s.name: engine.observer.player_state(match.state, s.name) for s in match.seats.all()}
    assert result["outcome"]["ec"] == match.outcome["ec"]


@pytest.mark.django_db
def test_replay_of_a_half_played_export_stops_at_the_open_phase(rgb_match):
    from genius.matches.services import lifecycle

    for _ in range(3):
        lifecycle.resolve_now(rgb_match.pk)
    rgb_match.refresh_from_db()
    result = matchfile.replay(matchfile.check_shape(matchfiles.export_match(rgb_match)))
    assert result["phases_played"] == 3 and result["finished"] is False
    assert result["next_phase"]["name"] == rgb_match.current_phase.name
    assert "outcome" not in result


@pytest.mark.django_db
def test_importing_a_match_file_plays_it_to_the_same_state(rgb_match):
    match = play_to_the_end(rgb_match)
    text = json.dumps(matchfiles.export_match(match))
    copy = matchfiles.import_match(text)
    assert copy.status == Match.Status.FINISHED
    assert copy.state == match.state
    assert copy.outcome == match.outcome


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("not json", "not valid JSON"),
        ('{"game": "chess", "seed": 1, "players": []}', "game must be one of"),
        ('{"game": "rituals-gone-bad", "seed": "x", "players": []}', "seed must be an integer"),
        ('{"game": "rituals-gone-bad", "seed": 1, "players": ["a", "a"]}', "repeat"),
        ('{"game": "rituals-gone-bad", "seed": 1, "players": ["a","b","c","d","e","f","g"],'
         ' "phases": [{"zed": {}}]}', "phase 1, player zed"),
    ],
)
def test_a_bad_match_file_is_refused_with_a_clear_message_and_saves_nothing(text, says):
    before = Match.objects.count()
    with pytest.raises(ServiceError, match=says):
        matchfiles.import_match(text)
    assert Match.objects.count() == before


def test_an_oversized_match_file_is_refused_before_parsing():
    with pytest.raises(matchfile.MatchFileError, match="larger than"):
        matchfile.parse(b" " * (matchfile.MAX_BYTES + 1))


@pytest.mark.parametrize("fixture", FIXTURES, ids=[p.parent.parent.name for p in FIXTURES])
def test_replay_command_prints_the_result_of_each_games_fixture(fixture):
    out = run_replay(str(fixture))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["finished"] is True
    assert set(result) >= {"game", "finished", "phases_played", "next_phase", "players", "outcome", "log"}
    until = run_replay(str(fixture), "--until", "1")
    assert json.loads(until.stdout)["phases_played"] == 1


def test_replay_command_refuses_a_bad_file_with_one_line_and_status_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "rituals-gone-bad", "seed": 1, "players": ["a", "b", "c", "d", "e", "f", "g"],
                               "phases": [{"a": {"book": "purple"}}]}))
    out = run_replay(str(bad))
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert "phase 1" in out.stderr and "player a" in out.stderr
    missing = run_replay(str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr


# --- the published schema (games/engines/matchfile.schema.json) -------------------------------------------


def test_the_published_schema_accepts_every_fixture_and_refuses_a_missing_seed():
    import jsonschema

    published = json.loads(matchfile.SCHEMA_PATH.read_text())
    jsonschema.Draft202012Validator.check_schema(published)
    assert FIXTURES
    for fixture in FIXTURES:
        doc = json.loads(fixture.read_text())
        jsonschema.validate(doc, published, cls=jsonschema.Draft202012Validator)
        assert matchfile.check_shape(doc)["seed"] == doc["seed"]
        del doc["seed"]
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(doc, published, cls=jsonschema.Draft202012Validator)
        with pytest.raises(matchfile.MatchFileError, match=r"^seed must be an integer \(the file has no seed\)$"):
            matchfile.check_shape(doc)


def test_the_published_schema_holds_the_same_limits_as_the_checker():
    properties = matchfile.schema()["properties"]
    assert properties["seed"]["minimum"] == -(2**63) and properties["seed"]["maximum"] == 2**63 - 1
    assert properties["players"]["items"]["maxLength"] == matchfile.MAX_NAME
    assert properties["garnets"]["additionalProperties"]["maximum"] == matchfile.MAX_GARNETS
    assert properties["phases"]["maxItems"] == matchfile.MAX_PHASES


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"garnets": {"a": -1}}, "garnets of 'a' must be a whole number from 0 to 1000000"),
        ({"garnets": []}, "garnets must be an object of name: number"),
        ({"config": 7}, "config must be an object"),
        ({"phases": [{}, {"b": 7}]}, "phase 2, player b: a submission must be an object"),
        ({"phases": [{}, []]}, "phase 2: a phase must be an object keyed by player"),
        ({"phases": {}}, "phases must be a list of objects keyed by player"),
        ({"players": ["a", " "]}, "players: ' ' is not a name"),
        ({"players": "ab"}, "players must be a list of names"),
        ({"seed": 7.0}, "seed must be an integer"),
    ],
)
def test_a_schema_error_is_one_line_naming_the_field_phase_and_player(change, says):
    doc = {"game": "rituals-gone-bad", "seed": 1, "players": ["a", "b"], **change}
    with pytest.raises(matchfile.MatchFileError) as refusal:
        matchfile.check_shape(doc)
    assert str(refusal.value) == says


def test_a_file_of_a_million_phases_is_refused_at_once():
    text = json.dumps({"game": "rituals-gone-bad", "seed": 1, "players": ["a"], "phases": [{}] * 1_000_000})
    with pytest.raises(matchfile.MatchFileError, match="more than 2000 phases"):
        matchfile.parse(text)


class _CountedPhases(list):
    """A list of phases that counts how many of its items a check has looked at."""

    looked_at = 0

    def __iter__(self):
        for item in super().__iter__():
            type(self).looked_at += 1
            yield item


def test_too_many_phases_are_refused_before_any_phase_is_read():
    phases = _CountedPhases([{}] * 1_000_000)
    doc = {"game": "rituals-gone-bad", "seed": 1, "players": ["a"], "phases": phases}
    with pytest.raises(matchfile.MatchFileError, match="more than 2000 phases"):
        matchfile.check_shape(doc)
    assert _CountedPhases.looked_at == 0
