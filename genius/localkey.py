"""The secret key of a run on this machine: random, made once, kept in a file git ignores.

The embedded default (``bin/run``, the tests, ``manage.py`` commands) never signs with a key
published in the repository. Production sets ``SECRET_KEY`` instead (and refuses to start
without it). Several processes may start at once: the first to link its file in wins, the
others read that one.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def local_secret_key(path: Path) -> str:
    """The key kept in ``path``, made (50 random bytes, URL-safe, readable by the owner only) if missing."""
    if key := _read(path):
        return key
    draft = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(secrets.token_urlsafe(50) + "\n")
    try:
        os.link(draft, path)  # atomic: fails if another process made the key first
    except FileExistsError:
        if not _read(path):  # an empty file left behind: replace it
            os.replace(draft, path)
    finally:
        draft.unlink(missing_ok=True)
    return _read(path)


def _read(path: Path) -> str:
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        return ""
