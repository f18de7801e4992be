"""The docs name only what is there: every file or folder of the repository that README.md and docs/*.md write
in backticks or link to exists, and every `GENIUS_…` setting they name is read by the site or its tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: Where a repository path written in the docs starts.
TOP = ("games/", "genius/", "templates/", "static/", "tests/", "bench/", "reliability/", "docs/", "bin/",
       "requirements/", ".ci/")
ROOT_FILES = {"manage.py", "pyproject.toml", "README.md", "docker-compose.yml", "Dockerfile"}
#: Paths the docs name that are made by a run (git ignores them), or a new game's example name.
MADE_OR_EXAMPLE = ("bench/logs/", "bench/results/", "games/my_game/", "tests/browser/node/node_modules")
CODE = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
SETTING = re.compile(r"\bGENIUS_[A-Z0-9_]+\b")


def _path_of(text: str) -> str | None:
    """The repository path a backticked text names, or None when it names none (a command, a URL, a pattern)."""
    first = text.split()[0] if text.split() else ""
    first = first.split("::")[0].rstrip(".,:;)")
    first = re.sub(r":\d+$", "", first)
    if any(mark in first for mark in "<>*…{}$=?|"):
        return None
    if first.startswith(MADE_OR_EXAMPLE):
        return None
    if first.startswith(TOP) or first in ROOT_FILES:
        return first
    return None


def _named_paths(doc: Path) -> list[str]:
    text = doc.read_text()
    named = [p for p in (_path_of(t) for t in CODE.findall(text)) if p]
    for target in LINK.findall(text):
        if "://" in target or target.startswith(("#", "mailto:")):
            continue
        target = target.split("#")[0]
        if target:
            named.append(str((doc.parent / target).resolve().relative_to(ROOT)))
    return named


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_every_file_the_docs_name_exists(doc: Path):
    missing = sorted({p for p in _named_paths(doc) if not (ROOT / p).exists()})
    assert not missing, f"{doc.name} names files that are not there: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_every_setting_the_docs_name_is_read_by_the_site(doc: Path):
    files = [*(ROOT / "genius").rglob("*.py"), *(ROOT / "tests").rglob("*.py"), ROOT / "bin" / "test"]
    code = "\n".join(p.read_text() for p in files)
    missing = sorted({s for s in SETTING.findall(doc.read_text()) if s not in code})
    assert not missing, f"{doc.name} names settings the site never reads: {missing}"


def test_the_readme_is_a_front_door_of_at_most_about_150_lines():
    assert len((ROOT / "README.md").read_text().splitlines()) <= 160
