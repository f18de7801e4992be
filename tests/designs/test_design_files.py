"""Design files: export, import (with a clear message for every kind of bad file), and the admin's form."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.custom_game.document.files import design_file
from genius.designs import services
from genius.designs.models import GameDesign

from .conftest import errors_of

pytestmark = pytest.mark.django_db

IMPORT = reverse("design-import")


def upload(content: bytes, name: str = "game.genius-design.json") -> dict:
    return {"file": SimpleUploadedFile(name, content, content_type="application/json")}


def test_an_exported_design_imports_back_the_same(host_client, design):
    services.edit(design.pk, design.owner, lambda doc: {
        **doc, "title": "Enchères ² — 秘密", "rules": "## Règles\n\n`<b>`", "counters": [
            {"key": "points", "label": "Points", "start": 0, "visibility": "public"}]})
    design.refresh_from_db()
    response = host_client.get(reverse("design-export", args=[design.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="encheres-2.genius-design.json"'
    data = b"".join(response.streaming_content) if response.streaming else response.content
    assert json.loads(data) == design_file(design.document)
    response = host_client.post(IMPORT, upload(data))
    imported = GameDesign.objects.exclude(pk=design.pk).get()
    assert response.status_code == 302 and response["Location"] == reverse("design", args=[imported.pk])
    assert imported.document == design.document and imported.owner == design.owner and not imported.is_template


def test_a_title_with_no_ascii_letters_exports_as_design(design):
    design.title = "秘密"
    assert services.export_name(design) == "design.genius-design.json"


@pytest.mark.parametrize("content, message", [
    (b"{not json", "not valid JSON"),
    (b"", "the file is empty"),
    (b"\xff\xfe\x00", "not UTF-8 text"),
    (b"[1, 2]", "not a Genius design file"),
    (json.dumps({"title": "x"}).encode(), "not a Genius design file"),
    (json.dumps({"genius_design": 2, "title": "x"}).encode(), "this site reads design files of format 1, not 2"),
    (json.dumps({"genius_design": 1, "title": "", "min_players": 1, "max_players": 3, "phases": [
        {"name": "Vote", "fields": [{"label": "Who", "kind": "choice", "options": []}]}]}).encode(),
     "a choice needs at least one option"),
    (b"[" * 5000 + b"]" * 5000, "too deep"),
    (b'{"genius_design": 1, "min_players": NaN}', "NaN is not a number JSON allows"),
])
def test_a_bad_file_is_refused_with_a_clear_message_and_nothing_imported(host_client, content, message):
    response = host_client.post(IMPORT, upload(content))
    assert response.status_code == 400
    errors = errors_of(response)
    assert any(message.casefold() in e.casefold() for e in errors), errors
    assert not GameDesign.objects.exists()


def test_an_invalid_design_lists_every_problem(host_client):
    content = json.dumps({"genius_design": 1, "title": "", "min_players": 1, "max_players": 3, "phases": [
        {"name": "Vote", "fields": [{"label": "N", "kind": "number", "min": 5, "max": 2}]}]}).encode()
    errors = errors_of(host_client.post(IMPORT, upload(content)))
    for words in ("the title is empty", "at least 2 players", "the lowest number (5) is above the highest (2)"):
        assert any(words in e for e in errors), errors


def test_a_file_over_256_kb_is_refused_unread(host_client):
    content = b'{"genius_design": 1, "rules": "' + b"x" * (256 * 1024) + b'"}'
    response = host_client.post(IMPORT, upload(content))
    assert response.status_code == 400 and any("too big" in e and "256 KB" in e for e in errors_of(response))
    assert not GameDesign.objects.exists()


def test_importing_with_no_file_asks_for_one(host_client):
    response = host_client.post(IMPORT, {})
    assert response.status_code == 400 and "Choose a design file to import." in errors_of(response)


# --- the admin ------------------------------------------------------------------------------------------------


def test_the_admin_lists_designs_and_shows_the_document(client, host, design):
    client.force_login(host)
    assert "Auction of Secrets" in client.get(reverse("admin:designs_gamedesign_changelist")).content.decode()
    page = client.get(reverse("admin:designs_gamedesign_change", args=[design.pk])).content.decode()
    assert "The document as saved" in page and "&quot;phases&quot;" in page


@pytest.mark.parametrize("document, message", [
    ("{oops", "This is not valid JSON"),
    (json.dumps({"title": "T", "min_players": 2, "max_players": 3, "phases": [
        {"name": "P", "fields": [{"label": "C", "kind": "choice", "options": []}]}]}), "a choice needs at least one option"),
    (json.dumps({"title": "T", "min_players": 2, "max_players": 3, "phases": [{"name": "P", "fields": []}]}),
     "a phase needs at least one field"),
])
def test_the_admin_form_refuses_a_bad_document_with_its_problems(client, host, design, document, message):
    client.force_login(host)
    before = design.document
    response = client.post(reverse("admin:designs_gamedesign_change", args=[design.pk]),
                           {"owner": host.pk, "document": document, "is_template": ""})
    assert response.status_code == 200 and message in response.content.decode()
    design.refresh_from_db()
    assert design.document == before


def test_the_admin_form_saves_a_valid_document_normalized(client, host, design):
    client.force_login(host)
    document = {**design.document, "title": "  Renamed  "}
    response = client.post(reverse("admin:designs_gamedesign_change", args=[design.pk]),
                           {"owner": host.pk, "document": json.dumps(document), "is_template": "on"})
    assert response.status_code == 302
    design.refresh_from_db()
    assert design.title == "Renamed" == design.document["title"] and design.is_template
