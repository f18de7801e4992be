"""URLs of the designer's pages (mounted at ``designs/``)."""

from django.urls import URLPattern, path

from genius.designs import part_views, rules_views, views


def _change(route: str, part: str, action: str) -> URLPattern:
    """The button that deletes or moves a part of a design (``design-<part>-<action>``)."""
    return path(route, part_views.change, {"part": part, "action": action}, name=f"design-{part}-{action}")


urlpatterns = [
    path("", views.index, name="designs"),
    path("new/", views.new, name="design-new"),
    path("import/", views.import_design, name="design-import"),
    path("<int:pk>/", views.detail, name="design"),
    path("<int:pk>/basics/", views.basics, name="design-basics"),
    path("<int:pk>/counters/new/", views.counter, name="design-counter-new"),
    path("<int:pk>/counters/<slug:key>/", views.counter, name="design-counter"),
    _change("<int:pk>/counters/<slug:key>/delete/", "counter", "delete"),
    path("<int:pk>/phases/new/", views.phase, name="design-phase-new"),
    path("<int:pk>/phases/<slug:key>/", views.phase, name="design-phase"),
    _change("<int:pk>/phases/<slug:key>/delete/", "phase", "delete"),
    _change("<int:pk>/phases/<slug:key>/move/", "phase", "move"),
    path("<int:pk>/phases/<slug:phase_key>/fields/new/", views.field, name="design-field-new"),
    path("<int:pk>/phases/<slug:phase_key>/fields/<slug:key>/", views.field, name="design-field"),
    _change("<int:pk>/phases/<slug:phase_key>/fields/<slug:key>/delete/", "field", "delete"),
    _change("<int:pk>/phases/<slug:phase_key>/fields/<slug:key>/move/", "field", "move"),
    path("<int:pk>/phases/<slug:key>/preset/", rules_views.preset, name="design-phase-preset"),
    path("<int:pk>/phases/<slug:key>/try/", rules_views.try_rules, name="design-phase-try"),
    path("<int:pk>/setup/", rules_views.setup, name="design-setup"),
    path("<int:pk>/tables/new/", rules_views.table, name="design-table-new"),
    path("<int:pk>/tables/<slug:key>/", rules_views.table, name="design-table"),
    _change("<int:pk>/tables/<slug:key>/delete/", "table", "delete"),
    path("shipped/<slug:slug>/", rules_views.shipped, name="design-shipped"),
    path("shipped/<slug:slug>/use/", rules_views.use_shipped, name="design-shipped-use"),
    path("<int:pk>/copy/", views.copy, name="design-copy"),
    path("<int:pk>/template/", views.template, name="design-template"),
    path("<int:pk>/export/", views.export, name="design-export"),
    path("<int:pk>/delete/", views.delete, name="design-delete"),
    path("<int:pk>/lobby/", views.lobby, name="design-lobby"),
]
