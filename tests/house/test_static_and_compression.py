"""Page weight (docs/PERFORMANCE.md): collected static files carry a hash of their content and a gzipped copy,
so production serves them compressed and cached for a year; outside production the plain names are linked and
served from the folders; pages themselves are gzipped for a browser that accepts it."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.files.storage import storages
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse

from genius.staticstorage import SiteStaticStorage


@pytest.fixture
def collected(tmp_path: Path):
    """A tiny site's static folder, collected the production way into a folder of its own."""
    source = tmp_path / "source"
    (source / "site").mkdir(parents=True)
    (source / "site" / "page.js").write_text("// a script\n" + "var x = 1;\n" * 200)
    root = tmp_path / "collected"
    with override_settings(STATICFILES_DIRS=[source], STATIC_ROOT=root, WHITENOISE_USE_FINDERS=False,
                           STATICFILES_FINDERS=["django.contrib.staticfiles.finders.FileSystemFinder"]):
        call_command("collectstatic", "--noinput", "-v", "0")
        yield root


def test_a_collected_file_is_linked_by_its_hashed_name_and_has_a_gzipped_copy(collected: Path) -> None:
    assert isinstance(storages["staticfiles"], SiteStaticStorage)
    url = staticfiles_storage.url("site/page.js")
    name = url.rsplit("/", 1)[-1]
    assert name.startswith("page.") and name.endswith(".js") and name != "page.js", url
    assert (collected / "site" / name).exists()
    assert gzip.decompress((collected / "site" / f"{name}.gz").read_bytes()).startswith(b"// a script")


def test_a_file_missing_from_the_collected_manifest_is_linked_by_its_plain_name(collected: Path) -> None:
    assert staticfiles_storage.url("site/gone.js").endswith("/site/gone.js")


def test_outside_production_the_plain_name_is_linked() -> None:
    with override_settings(WHITENOISE_USE_FINDERS=True):
        assert staticfiles_storage.url("genius/live.js") == "/static/genius/live.js"


@pytest.mark.django_db
def test_a_page_is_gzipped_for_a_browser_that_accepts_it(client) -> None:
    plain = client.get(reverse("home"))
    packed = client.get(reverse("home"), HTTP_ACCEPT_ENCODING="gzip")
    assert packed.status_code == 200 and packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content).decode().count("<main") == plain.content.decode().count("<main") == 1
    assert "Content-Encoding" not in plain
