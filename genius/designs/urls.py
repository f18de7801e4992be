"""URLs of the designer's pages (mounted at ``designs/``)."""

from collections.abc import Callable

from django.http import HttpResponse
from django.urls import URLPattern, include, path

from genius.designs import action_views, board_views, helpers_views, part_views, phase_more_views, rules_views, views


def _change(route: str, part: str, action: str) -> URLPattern:
    """The button that deletes or moves a part of a design (``design-<part>-<action>``)."""
    return path(route, part_views.change, {"part": part, "action": action}, name=f"design-{part}-{action}")


def _parts(route: str, part: str, view: Callable[..., HttpResponse], *, movable: bool = False) -> list[URLPattern]:
    """The pages of a list of parts (counters, phases, fields, tables) at ``route``: ``new/`` adds one
    (``design-<part>-new``), ``<key>/`` edits one (``design-<part>``), and the buttons ``<key>/delete/``
    and, for a part the designer orders, ``<key>/move/`` (``design-<part>-delete``, ``design-<part>-move``)."""
    pages = [
        path(f"{route}/new/", view, name=f"design-{part}-new"),
        path(f"{route}/<slug:key>/", view, name=f"design-{part}"),
        _change(f"{route}/<slug:key>/delete/", part, "delete"),
    ]
    if movable:
        pages.append(_change(f"{route}/<slug:key>/move/", part, "move"))
    return pages


#: One design's pages, under ``<int:pk>/``.
design_pages = [
    path("", views.detail, name="design"),
    path("basics/", views.basics, name="design-basics"),
    *_parts("counters", "counter", views.counter),
    *_parts("phases", "phase", views.phase, movable=True),
    *_parts("phases/<slug:phase_key>/fields", "field", views.field, movable=True),
    path("phases/<slug:key>/preset/", rules_views.preset, name="design-phase-preset"),
    path("phases/<slug:key>/try/", rules_views.try_rules, name="design-phase-try"),
    path("setup/", rules_views.setup, name="design-setup"),
    path("helpers/", helpers_views.helpers, name="design-helpers"),
    *_parts("tables", "table", rules_views.table),
    *_parts("boards", "board", board_views.board),
    path("phases/<slug:key>/more/", phase_more_views.more, name="design-phase-more"),
    path("phases/<slug:phase_key>/actions/<slug:action_key>/fields/new/", action_views.action_field,
         name="design-action-field-new"),
    path("phases/<slug:phase_key>/actions/<slug:action_key>/fields/<slug:key>/", action_views.action_field,
         name="design-action-field"),
    path("phases/<slug:phase_key>/actions/<slug:action_key>/fields/<slug:key>/delete/",
         action_views.delete_action_field, name="design-action-field-delete"),
    path("copy/", views.copy, name="design-copy"),
    path("template/", views.template, name="design-template"),
    path("export/", views.export, name="design-export"),
    path("delete/", views.delete, name="design-delete"),
    path("lobby/", views.lobby, name="design-lobby"),
]

urlpatterns = [
    path("", views.index, name="designs"),
    path("new/", views.new, name="design-new"),
    path("import/", views.import_design, name="design-import"),
    path("<int:pk>/", include(design_pages)),
    path("shipped/<slug:slug>/", rules_views.shipped, name="design-shipped"),
    path("shipped/<slug:slug>/use/", rules_views.use_shipped, name="design-shipped-use"),
]
