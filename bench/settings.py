"""The app's settings plus the benchmark's extra routes (a bare one-INSERT view, the stock consumer)."""

import os

from genius.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"

#: The browser section's pages load the site's scripts: served from the app and static folders, as ``bin/run``
#: does, rather than from a collectstatic the bench would have to run (production mode expects one).
if os.environ.get("BENCH_STATIC_FINDERS") == "1":
    WHITENOISE_USE_FINDERS = True
