"""The app's settings plus the benchmark's extra routes (a bare one-INSERT view, the stock consumer)."""

from genius.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
