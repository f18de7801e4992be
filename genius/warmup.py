"""Start-up for long-running processes: load what every request needs, then freeze it for the GC.

A full collection of the objects Django and the app load at start-up (about 100,000) takes about
50 ms here, and CPython runs one whenever enough new objects have survived: a live turn that met
one was 50 ms late. ``gc.freeze()`` moves the start-up objects out of the collector's sight, so a
full collection only walks what requests made since (docs/PERFORMANCE.md, "Live turn").
"""

from __future__ import annotations

import gc
import importlib

#: Modules every request or task ends up importing: loaded before the freeze.
MODULES = ("genius.matches.views.pages", "genius.matches.presenters", "genius.live.consumers", "genius.matches.tasks",
           "genius.matches.admin", "genius.seasons.admin", "genius.notify.admin")
TEMPLATES = ("games/match.html", "games/parts/board.html", "games/parts/private.html", "games/parts/history_entry.html",
             "games/parts/move_form.html")


def warm_up_and_freeze() -> None:
    """Import the app's modules and templates, collect once, and freeze what is left."""
    from django.template import TemplateDoesNotExist
    from django.template.loader import get_template

    for name in MODULES:
        importlib.import_module(name)
    for name in TEMPLATES:
        try:
            get_template(name)
        except TemplateDoesNotExist:
            pass
    gc.collect()
    gc.freeze()
