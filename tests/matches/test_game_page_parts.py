"""A game carries its own page parts: its scripts live in its folder (``games/<game>/static/<game>/``), found by
the site's ``GameFolderFinder`` through the registry; the site's templates and static files name no game, and the
season rules page names games from the registry and their specs."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from games.engines import registry
from genius.matches.staticfinders import GameFolderFinder, game_static_dirs
from genius.seasons import views
from genius.seasons.services.death_matches import two_player_games

ROOT = Path(__file__).resolve().parents[2]
GAMES = registry.slugs()
MODULES = dict(registry.GAME_MODULES)


def only(monkeypatch: pytest.MonkeyPatch, *slugs: str) -> None:
    """Register only ``slugs`` for one test."""
    monkeypatch.setattr(registry, "GAME_MODULES", {s: MODULES[s] for s in slugs})


@pytest.mark.parametrize("slug", GAMES)
def test_every_script_a_spec_names_is_found_in_its_own_game_folder(slug: str) -> None:
    folder = registry.game_dir(slug) / "static"
    for script in registry.get_engine(slug).spec.page.scripts:
        found = finders.find(script)
        assert found, f"{slug}: {script} is not found by any static finder"
        assert Path(found).is_relative_to(folder), f"{slug}: {script} is served from {found}, not its folder"


@pytest.mark.parametrize("slug", GAMES)
def test_a_game_keeps_its_static_files_under_its_own_folder_name(slug: str) -> None:
    folder = registry.game_dir(slug) / "static"
    files = [p for p in folder.rglob("*") if p.is_file()] if folder.is_dir() else []
    strays = [str(p.relative_to(folder)) for p in files if p.relative_to(folder).parts[0] != folder.parent.name]
    assert not strays, f"{slug}: put {strays} under static/{folder.parent.name}/ (one namespace a game)"


def test_the_finder_serves_only_the_registered_games_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    with_scripts = [s for s in GAMES if registry.get_engine(s).spec.page.scripts]
    assert with_scripts, "at least one game brings a script of its own"
    slug = with_scripts[0]
    assert slug in game_static_dirs()
    scripts = registry.get_engine(slug).spec.page.scripts
    only(monkeypatch, *(s for s in GAMES if s != slug))
    finder = GameFolderFinder()
    assert slug not in finder.apps and all(finder.find(script) == [] for script in scripts)
    only(monkeypatch, slug)
    listed = [path for path, _ in GameFolderFinder().list([])]
    assert set(scripts) <= set(listed)


def test_the_finder_finds_every_copy_when_asked_for_all() -> None:
    finder = GameFolderFinder()
    for slug in finder.apps:
        for script in registry.get_engine(slug).spec.page.scripts:
            assert finder.find(script, find_all=True) == [str(registry.game_dir(slug) / "static" / script)]


@pytest.mark.django_db
def test_a_game_script_is_served_outside_production_without_collectstatic(client) -> None:
    scripts = [script for slug in GAMES for script in registry.get_engine(slug).spec.page.scripts]
    for script in scripts:
        response = client.get(f"/static/{script}")
        assert response.status_code == 200, script
        assert b"".join(response.streaming_content if response.streaming else [response.content])


def test_no_template_or_site_static_file_names_a_game() -> None:
    names = set(GAMES) | {registry.get_engine(s).spec.title for s in GAMES} | {registry.game_dir(s).name for s in GAMES}
    found = []
    for base in (ROOT / "templates", ROOT / "static" / "genius"):
        for path in sorted(p for p in base.rglob("*") if p.is_file()):
            text = path.read_text(encoding="utf-8")
            found += [f"{path.relative_to(ROOT)} names {name!r}" for name in sorted(names) if name in text]
    assert not found, "\n".join(found)


@pytest.mark.django_db
def test_the_season_rules_page_names_the_death_match_game_from_the_registry(client, monkeypatch) -> None:
    dm_games = [slug for slug, _ in two_player_games()]
    for slug in dm_games:
        monkeypatch.setattr(views, "default_dm_game", lambda slug=slug: slug)
        title = registry.get_engine(slug).spec.title
        html = client.get(reverse("season-rules")).content.decode()
        assert f"is played in {title} unless the host" in html


@pytest.mark.django_db
def test_the_season_rules_page_names_no_game_when_none_is_a_death_match(client, monkeypatch) -> None:
    monkeypatch.setattr(views, "default_dm_game", lambda: None)
    html = client.get(reverse("season-rules")).content.decode()
    assert "is played in the two-player game the host chooses" in html


@pytest.mark.django_db
def test_the_season_rules_page_lists_items_and_placement_games_from_the_specs(client) -> None:
    html = " ".join(client.get(reverse("season-rules")).content.decode().split())
    for slug in GAMES:
        spec = registry.get_engine(slug).spec
        if spec.offers.death_match and spec.offers.death_match_items:
            items = ", ".join(title for _, title in spec.offers.death_match_items)
            assert f"{spec.title}: {items}" in html
        if any(f.from_placement for f in spec.config):
            assert spec.title in html.split("follows the placement", 1)[1][:200]
