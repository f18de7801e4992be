"""Static files from the games' own folders: each registered game's ``static/`` folder.

A game keeps its page parts (scripts, styles, images) in ``games/<game>/static/<game>/…`` and its spec names
them as ``{% static %}`` takes them (``PageParts(scripts=("<game>/board.js",))``). This finder, listed in
``STATICFILES_FINDERS``, serves those folders in development (WhiteNoise with ``WHITENOISE_USE_FINDERS``)
and hands them to ``collectstatic`` for production. It finds the folders through the registry
(:func:`games.engines.registry.game_dir`) and never names a game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.staticfiles.finders import AppDirectoriesFinder, BaseFinder
from django.core.files.storage import FileSystemStorage

from games.engines import registry


def game_static_dirs() -> dict[str, Path]:
    """Game slug → its ``static/`` folder, for the registered games that have one (registry order)."""
    folders = {}
    for slug in registry.slugs():
        folder = registry.game_dir(slug) / AppDirectoriesFinder.source_dir
        if folder.is_dir():
            folders[slug] = folder
    return folders


class GameFolderFinder(AppDirectoriesFinder):
    """:class:`AppDirectoriesFinder`'s search (first match wins, in registry order) over the games' folders
    instead of the Django apps' (``app_names`` here are game slugs)."""

    def __init__(self, app_names: list[str] | None = None, *args: Any, **kwargs: Any) -> None:
        wanted = set(app_names) if app_names else None
        self.apps: list[str] = []
        self.storages: dict[str, FileSystemStorage] = {}
        for slug, folder in game_static_dirs().items():
            if wanted is None or slug in wanted:
                self.apps.append(slug)
                self.storages[slug] = self.storage_class(str(folder))
        BaseFinder.__init__(self, *args, **kwargs)
