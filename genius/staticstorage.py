"""The static files' storage: in production, names with a hash of their content and gzipped copies (WhiteNoise).

``collectstatic`` writes each file under its hashed name (``live.3f2a….js``) beside a ``.gz`` copy, and the
pages link the hashed names: WhiteNoise serves them compressed and cached for a year (``immutable``), and a
new deployment links new names, so no browser keeps an old script. Outside production (``bin/run``, the tests,
the benchmark's browser pages) WhiteNoise serves the app and static folders as they are (its finders), so the
pages link the plain names and no ``collectstatic`` is needed.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.staticfiles.storage import StaticFilesStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage


class SiteStaticStorage(CompressedManifestStaticFilesStorage):
    """Hashed, gzipped static files where they were collected; the plain name where WhiteNoise serves the
    folders themselves (``WHITENOISE_USE_FINDERS``) or a file is missing from the collected manifest (it is then
    a 404 as before, not an error of the whole page)."""

    def url(self, name: str | None, force: bool = False) -> str:
        if not settings.WHITENOISE_USE_FINDERS:
            try:
                return str(super().url(name, force))
            except ValueError:
                pass
        return str(StaticFilesStorage.url(self, name))
