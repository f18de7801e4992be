"""Code that leans on a library's private names holds only for the versions it was checked with: each such
library is listed here, and a test fails, saying which module to re-check, when another version is installed.

Wrapped and pinned exactly in pyproject.toml: django-ratelimit (``genius/accounts/ratelimit_keys.py``, tested
in tests/accounts/test_ratelimit_keys.py) and channels-redis (``genius/live/layer.py``). Guarded by their
minor version (pyproject.toml already keeps them in a range): Django and psycopg, whose private names are
used where the modules below say.
"""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

from genius.live import layer

ROOT = Path(__file__).resolve().parents[2]

#: (distribution, the version the code was checked with, where its private names are used, which ones)
EXACT = [
    ("channels-redis", layer.CHECKED_WITH, "genius/live/layer.py",
     "RedisChannelLayer.group_send copied; _group_key, _map_channel_keys_to_connection"),
]
MINOR = [
    ("django", "5.2", "genius/accounts/sessions.py",
     "cached_db.SessionStore._cache/_get_session_from_db/_aget_session_from_db, RedisCacheClient._get_connection_pool"),
    ("django", "5.2", "genius/core/prepared.py", "BaseDatabaseWrapper._prepare_cursor"),
    ("django", "5.2", "genius/accounts/signed_in.py", "request._cached_user (AuthenticationMiddleware's lazy user)"),
    ("psycopg", "3.3", "genius/core/prepared.py", "Cursor._query (what Django's query log reads)"),
]


@pytest.mark.parametrize(("dist", "checked", "where", "names"), EXACT)
def test_a_library_whose_internals_are_copied_is_the_version_they_were_copied_from(dist, checked, where, names):
    installed = version(dist)
    assert installed == checked, (
        f"{dist} {installed} is installed, but {where} was checked with {checked} ({names}): re-check it "
        "against the new version, then move its CHECKED_WITH and the pin in pyproject.toml together"
    )


@pytest.mark.parametrize(("dist", "checked", "where", "names"), EXACT)
def test_pyproject_pins_a_library_whose_internals_are_copied_exactly(dist, checked, where, names):
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert f"{dist}=={checked}" in dependencies, f"pyproject.toml must pin {dist}=={checked} ({where})"


@pytest.mark.parametrize(("dist", "checked", "where", "names"), MINOR)
def test_a_library_whose_private_names_are_used_is_the_minor_version_they_were_checked_with(dist, checked, where,
                                                                                             names):
    installed = version(dist)
    assert installed.split(".")[:2] == checked.split("."), (
        f"{dist} {installed} is installed, but {where} uses its private names ({names}) as of {checked}: "
        "re-check them against the new version, then update this table"
    )


@pytest.mark.parametrize("where", sorted({where for _, _, where, _ in EXACT + MINOR}))
def test_every_module_named_here_exists(where):
    assert (ROOT / where).is_file()
