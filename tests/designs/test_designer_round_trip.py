"""A design with every feature (boards, a cell field, forms for each player, a fallback, values and counters a
check reads, actions, turns, trades, talk rooms, a poll, a timed challenge), exported, imported, then every page of
the designer saved as it shows it: the design stays the same, and its file too."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from genius.designs import rules as design_rules
from genius.designs import services
from genius.designs.documents import design_file, validate_design
from genius.designs.models import GameDesign
from tests.security.strategies import FORM, form_body

from .conftest import text_of
from .every_feature import every_feature
from .page_forms import form_values

pytestmark = pytest.mark.django_db


def file_of(doc: dict) -> bytes:
    """The design file of ``doc``, as the designer exports one."""
    return json.dumps(design_file(validate_design(doc)), ensure_ascii=False).encode()


def pages(doc: dict, pk: int) -> list[tuple[str, str | None]]:
    """Every edit page of the design (its URL and the id of its form)."""
    out = [(reverse("design-basics", args=[pk]), None), (reverse("design-setup", args=[pk]), None),
           (reverse("design-helpers", args=[pk]), None)]
    out += [(reverse("design-counter", args=[pk, c["key"]]), None) for c in doc.get("counters", [])]
    out += [(reverse("design-table", args=[pk, t["key"]]), None) for t in doc.get("tables", [])]
    out += [(reverse("design-board", args=[pk, b["key"]]), None) for b in doc.get("boards", [])]
    for phase in doc["phases"]:
        out.append((reverse("design-phase", args=[pk, phase["key"]]), "phase-form"))
        out += [(reverse("design-field", args=[pk, phase["key"], f["key"]]), None) for f in phase["fields"]]
        out.append((reverse("design-phase-more", args=[pk, phase["key"]]), "phase-more-form"))
        out += [(reverse("design-action-field", args=[pk, phase["key"], a["key"], f["key"]]), None)
                for a in phase.get("actions", []) for f in a["fields"]]
    return out


def test_a_design_with_every_feature_stays_the_same_through_export_import_and_every_page(host_client):
    upload = SimpleUploadedFile("every.genius-design.json", file_of(every_feature()))
    response = host_client.post(reverse("design-import"), {"file": upload})
    assert response.status_code == 302, text_of(response)[:2000]
    design = GameDesign.objects.latest("pk")
    exported = host_client.get(reverse("design-export", args=[design.pk])).content
    again = SimpleUploadedFile("again.genius-design.json", exported)
    assert host_client.post(reverse("design-import"), {"file": again}).status_code == 302
    design = GameDesign.objects.latest("pk")
    before = design.document
    visited = pages(before, design.pk)
    assert len(visited) == 3 + 2 + 1 + 3 + 3 + 6 + 3 + 1  # basics, set-up, helpers; counters, table, boards; phases
    for url, form_id in visited:
        page = host_client.get(url)
        assert page.status_code == 200, url
        data = form_values(page.content.decode(), form_id)
        response = host_client.post(url, form_body(data), content_type=FORM)
        assert response.status_code == 302, f"{url}: {text_of(response)[:3000]}"
        assert GameDesign.objects.get(pk=design.pk).document == before, url
    assert host_client.get(reverse("design-export", args=[design.pk])).content == exported


def test_lists_a_file_writes_in_its_own_order_keep_it_through_the_pages(host_client):
    doc = every_feature()
    play = doc["phases"][0]
    play["forms"] = [{"when": "me == players[0]", "fields": ["card", "at"]}, {"fields": ["suit", "bid"]}]
    play["trades"]["counters"] = ["gems", "coins"]
    upload = SimpleUploadedFile("every.genius-design.json", file_of(doc))
    assert host_client.post(reverse("design-import"), {"file": upload}).status_code == 302
    design = GameDesign.objects.latest("pk")
    before = design.document
    url = reverse("design-phase-more", args=[design.pk, "play"])
    data = form_values(host_client.get(url).content.decode(), "phase-more-form")
    assert host_client.post(url, form_body(data), content_type=FORM).status_code == 302
    assert GameDesign.objects.get(pk=design.pk).document == before


def test_every_feature_is_named_on_the_designs_pages(host_client):
    upload = SimpleUploadedFile("every.genius-design.json", file_of(every_feature()))
    host_client.post(reverse("design-import"), {"file": upload})
    design = GameDesign.objects.latest("pk")
    page = text_of(host_client.get(reverse("design", args=[design.pk])))
    assert "actions: Raise, Call" in page and "answered by the season" in page and "a timed challenge of 60 s" in page
    assert "a square grid of 6 × 5" in page and "a hex grid of radius 3" in page and "a loop of 12 spaces" in page
    play = text_of(host_client.get(reverse("design-phase", args=[design.pk, "play"])))
    assert "2 forms for its players" in play and "live turns of 30 s" in play and "2 actions" in play
    assert "a cell of the board grid, an empty one" in play


@pytest.mark.parametrize("slug", [d["slug"] for d in design_rules.shipped()])
def test_each_shipped_design_stays_the_same_through_every_page(host, host_client, slug):
    design = services.use_shipped(host, slug)
    before = design.document
    for url, form_id in pages(before, design.pk):
        data = form_values(host_client.get(url).content.decode(), form_id)
        response = host_client.post(url, form_body(data), content_type=FORM)
        assert response.status_code == 302, f"{url}: {text_of(response)[:3000]}"
        assert GameDesign.objects.get(pk=design.pk).document == before, url
