"""The app's settings plus the benchmark's extra routes (a bare one-INSERT view, the stock consumer)."""

import os

from genius.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
#: The crowds of spectators all come from 127.0.0.1: no bound on sockets per address here.
GENIUS_SOCKETS_PER_ADDRESS = int(os.environ.get("GENIUS_SOCKETS_PER_ADDRESS", "0"))

#: The browser section's pages load the site's scripts: served from the app and static folders, as ``bin/run``
#: does, rather than from a collectstatic the bench would have to run (production mode expects one).
if os.environ.get("BENCH_STATIC_FINDERS") == "1":
    WHITENOISE_USE_FINDERS = True
#: The page-weight section serves what production serves: a collectstatic (hashed, gzipped) into this folder.
if os.environ.get("BENCH_STATIC_ROOT"):
    STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]
