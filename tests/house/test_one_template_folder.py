"""Templates live in one place: the top-level ``templates/`` folder, one folder in it per app or part of the site
(docs/ARCHITECTURE.md, "Rooms"). No app of the site keeps a ``templates/`` folder of its own, except for the
templates of form widgets: Django's form renderer reads only the apps' folders."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


#: The form widgets' templates (a widget's ``template_name``), which Django's form renderer finds only in an app.
WIDGETS = {"genius/hosting/templates/hosting/picks.html"}


def test_no_app_of_the_site_keeps_templates_of_its_own_but_form_widgets():
    found = {str(p.relative_to(ROOT)) for p in (ROOT / "genius").rglob("templates/**/*") if p.is_file()}
    assert found == WIDGETS, (
        f"{sorted(found - WIDGETS)}: templates go under the top-level templates/<app>/ (docs/ARCHITECTURE.md); "
        "only a form widget's template stays in its app")


def test_the_site_s_templates_are_under_the_top_level_folder():
    assert (ROOT / "templates" / "base.html").is_file()
    assert (ROOT / "templates" / "communities" / "page.html").is_file()
