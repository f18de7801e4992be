"""Code that leans on a library's private names holds only for the versions it was checked with: each such
library is listed here, and a test fails, saying which module to re-check, when another version is installed.
No module imports a library's private name except the one small wrapper module of that library (``WRAPPERS``).

Wrapped and pinned exactly in pyproject.toml and requirements/run.txt: django-ratelimit (``genius/accounts/ratelimit_keys.py``, tested
in tests/accounts/test_ratelimit_keys.py) and channels-redis (``genius/live/layer.py``). Guarded by their
minor version (pyproject.toml already keeps them in a range): Django and psycopg, whose private names are
used where the modules below say.
"""

from __future__ import annotations

import ast
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

from genius.accounts import ratelimit_keys
from genius.live import layer

ROOT = Path(__file__).resolve().parents[2]

#: (distribution, the version the code was checked with, where its private names are used, which ones)
EXACT = [
    ("django-ratelimit", ratelimit_keys.CHECKED_WITH, "genius/accounts/ratelimit_keys.py", "_get_window, _make_cache_key"),
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


@pytest.mark.parametrize(("dist", "checked", "where", "names"), EXACT)
def test_the_lock_file_pins_a_library_whose_internals_are_copied_exactly(dist, checked, where, names):
    assert f"\n{dist}=={checked} " in (ROOT / "requirements/run.txt").read_text(), (
        f"requirements/run.txt must lock {dist}=={checked} ({where})")


#: The one module allowed to import a library's private names, by the library's top-level package.
WRAPPERS = {"django_ratelimit": "genius/accounts/ratelimit_keys.py"}
#: The project's own top-level packages (their private names are theirs to use).
OURS = {"genius", "games", "bench", "reliability", "tools", "tests"}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports() -> list[tuple[str, str, str]]:
    """(module file, library package, private name) for every import of a library's private name."""
    found = []
    for top in sorted(OURS - {"tests"}):
        for path in sorted((ROOT / top).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    imported = [(node.module, [a.name for a in node.names])]
                elif isinstance(node, ast.Import):
                    imported = [(a.name, []) for a in node.names]
                else:
                    continue
                for module, names in imported:
                    library = module.split(".")[0]
                    if library not in OURS:
                        found += [(str(path.relative_to(ROOT)), library, name)
                                  for name in [*module.split("."), *names] if _private(name)]
    return found


def test_no_import_of_a_librarys_private_name_is_left_unwrapped():
    found = private_imports()
    unwrapped = [f for f in found if WRAPPERS.get(f[1]) != f[0]]
    assert not unwrapped, (
        f"{unwrapped}: a library's private name goes through its one wrapper module (WRAPPERS), with a test "
        "pinned to the installed version")
    assert {lib for _, lib, _ in found} == set(WRAPPERS), "each wrapper still wraps something (else drop it)"


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
