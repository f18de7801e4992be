"""No press in match files (docs/MATCHFILE.md, ``talk``): an export of a match without talk says ``"talk": false``,
an import keeps the switch, ``replay`` plays the file the same either way, and a ``talk`` that is not yes/no is
refused with one clear line."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from games.engines import matchfile
from genius.matches.models import Match
from genius.matches.services import lifecycle, matchfiles

pytestmark = pytest.mark.django_db


def test_a_no_press_match_exports_talk_false_and_imports_without_talk(rgb_match, tmp_path):
    Match.objects.filter(pk=rgb_match.pk).update(talk_enabled=False)
    lifecycle.resolve_now(rgb_match.pk)
    rgb_match.refresh_from_db()
    doc = matchfiles.export_match(rgb_match)
    assert doc["talk"] is False
    copy = matchfiles.import_match(json.dumps(doc))
    assert copy.talk_enabled is False
    assert matchfiles.export_match(copy)["talk"] is False  # the round trip keeps it
    path = tmp_path / "quiet.json"
    path.write_text(json.dumps(doc))
    quiet = io.StringIO()
    call_command("replay", str(path), stdout=quiet)
    path.write_text(json.dumps({k: v for k, v in doc.items() if k != "talk"}))
    loud = io.StringIO()
    call_command("replay", str(path), stdout=loud)
    assert json.loads(quiet.getvalue()) == json.loads(loud.getvalue())


def test_a_match_with_talk_writes_no_talk_key_and_imports_with_talk(rgb_match):
    doc = matchfiles.export_match(rgb_match)
    assert "talk" not in doc
    assert matchfiles.import_match(json.dumps(doc)).talk_enabled is True
    assert matchfiles.import_match(json.dumps({**doc, "talk": True})).talk_enabled is True


@pytest.mark.parametrize("talk", ["no", 0, None, [], {"rooms": "x"}, "ｆａｌｓｅ"])
def test_a_talk_that_is_not_yes_or_no_is_refused_clearly(rgb_match, talk):
    doc = {**matchfiles.export_match(rgb_match), "talk": talk}
    with pytest.raises(matchfile.MatchFileError, match="talk"):
        matchfile.check_shape(doc)
