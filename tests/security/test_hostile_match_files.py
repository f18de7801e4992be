"""Hostile match files: each is refused with one clear line, saves nothing, and ``replay`` exits 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.engines import matchfile
from games.engines.matchfile import MatchFileError
from genius.core.errors import ServiceError
from genius.matches.models import Match, Seat
from genius.matches.services import matchfiles
from tests.security.strategies import deeply_nested

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "bigfoot_sighting" / "fixtures" / "full_match.json"


def base() -> dict:
    return json.loads(FIXTURE.read_text())


def with_(**changes) -> str:
    return json.dumps({**base(), **changes})


def replay(path: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    return subprocess.run([sys.executable, "manage.py", "replay", str(path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def refused_by_import(text: str | bytes) -> str:
    before = (Match.objects.count(), Seat.objects.count())
    with pytest.raises(ServiceError) as refusal:
        matchfiles.import_match(text)
    assert (Match.objects.count(), Seat.objects.count()) == before
    assert refusal.value.message.startswith("This match file is not valid: ")
    assert "\n" not in refusal.value.message
    return refusal.value.message


# --- replay: exit 2, one line, never a traceback -----------------------------------------------------------

BAD_FILES = {
    "deeply nested": deeply_nested(100_000).encode(),
    "deeply nested inside the file": with_(config="@@").replace('"@@"', deeply_nested(5_000)).encode(),
    "a seed of 2**70": with_(seed=2**70).encode(),
    "a float seed": with_(seed=7.0).encode(),
    "a bool seed": with_(seed=True).encode(),
    "a lone surrogate in a name": with_(players=["ana", "\ud800"]).encode(),
    "a name of 500 characters": with_(players=["ana", "b" * 500]).encode(),
    "NaN in a submission": with_(phases=[{"ana": {"board": float("nan")}}]).encode(),
    "a number of 5000 digits": with_(config="@@").replace('"@@"', "9" * 5000).encode(),
    "a number beyond 64 bits in a submission": with_(phases=[{"ana": {"board": 2**64}}]).encode(),
    "not UTF-8": b'{"game": "\xff\xfe\xfd"}',
    "empty": b"",
    "a list of objects nested 21 deep": json.dumps({"game": "bigfoot-sighting", "x": deeply_nested(21)}).encode(),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_replay_of_any_bad_file_exits_2_with_one_line_and_no_traceback(name, tmp_path):
    path = tmp_path / "match.json"
    path.write_bytes(BAD_FILES[name])
    out = replay(path)
    assert out.returncode == 2, out.stderr
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("replay: "), out.stderr
    assert "Traceback" not in out.stderr


def test_replay_of_a_deeply_nested_file_exits_2_with_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text(deeply_nested(100_000))
    out = replay(path)
    assert out.returncode == 2
    assert out.stderr == "replay: not a match file: its objects and lists nest 100000 deep (at most 20)\n"


def test_replay_of_a_file_larger_than_the_limit_is_refused_unread(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (matchfile.MAX_BYTES + 10))
    out = replay(path)
    assert out.returncode == 2 and out.stderr == "replay: the file is larger than 5 MiB\n"


# --- the parser and the importer ---------------------------------------------------------------------------


def test_a_deeply_nested_file_is_refused_before_parsing():
    with pytest.raises(MatchFileError, match="nest 100000 deep"):
        matchfile.parse(deeply_nested(100_000))
    assert matchfile.nesting_depth('{"a": "[[[[", "b": [{"c": "\\"]]"}]}') == 3


def test_brackets_in_texts_do_not_count_as_nesting():
    doc = base()
    doc["phases"][0]["ana"] = {"board": 1, "note": "[" * 500}
    with pytest.raises(MatchFileError) as refusal:
        matchfile.replay(matchfile.parse(json.dumps(doc)))
    assert "nest" not in str(refusal.value)


@pytest.mark.django_db
def test_a_seed_of_two_to_the_seventy_is_refused():
    message = refused_by_import(with_(seed=2**70))
    assert "seed must be an integer from -9223372036854775808 to 9223372036854775807" in message
    assert matchfile.parse(with_(seed=2**63 - 1))["seed"] == 2**63 - 1
    assert matchfile.parse(with_(seed=-(2**63)))["seed"] == -(2**63)


@pytest.mark.parametrize("seed", [7.0, 7.5, True, "7", None, [7]])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    with pytest.raises(MatchFileError, match="seed must be an integer"):
        matchfile.parse(with_(seed=seed))


@pytest.mark.django_db
def test_a_lone_surrogate_in_a_name_is_refused_and_nothing_is_saved():
    message = refused_by_import(with_(players=["ana", "b\ud800"]))
    assert "holds a character that cannot be shown" in message and "\\ud800" in message


@pytest.mark.django_db
def test_a_lone_surrogate_anywhere_in_the_file_is_refused_and_nothing_is_saved():
    doc = base()
    doc["phases"][0]["ana"] = {"board": "\udfff"}
    assert "lone surrogate" in refused_by_import(json.dumps(doc))


@pytest.mark.django_db
def test_a_name_longer_than_a_seat_holds_is_refused_and_nothing_is_saved():
    message = refused_by_import(with_(players=["ana", "b" * 41]))
    assert "a seat name is at most 40 characters" in message
    assert matchfile.check_name("b" * 40) is None


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999", str(2**64), "9" * 5000])
def test_nan_infinity_and_numbers_beyond_64_bits_are_refused(value):
    text = with_(config="@@").replace('"@@"', f'{{"reserve_s": {value}}}')
    refused_by_import(text)


@pytest.mark.django_db
def test_a_text_longer_than_any_field_needs_is_refused():
    doc = base()
    doc["phases"][0]["ana"] = {"board": "x" * (matchfile.MAX_TEXT + 1)}
    assert f"at most {matchfile.MAX_TEXT}" in refused_by_import(json.dumps(doc))


@pytest.mark.django_db
def test_the_admin_import_of_a_deeply_nested_file_shows_the_message_and_saves_nothing(client, host):
    client.force_login(host)
    upload = SimpleUploadedFile("deep.json", deeply_nested(50_000).encode(), content_type="application/json")
    response = client.post(reverse("admin:games_match_import"), {"file": upload, "phase_seconds": 3600})
    assert response.status_code == 400
    assert "nest 50000 deep (at most 20)" in response.content.decode()
    assert not Match.objects.exists()
