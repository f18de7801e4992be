"""The boundary between the games and the site, the games' independence and layers, and the site's layers, are
contracts (pyproject.toml); no module of the games or the site is in an import cycle.

``lint-imports`` checks them (bin/test runs it once, after ruff); these tests check that the contracts are there, and the
ports that keep services importing downward only: a finished match is announced by a signal, the
live layer hears changes through ``genius.matches.events``, and "resolve at" goes through
``genius.matches.scheduler``.
"""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest
from django.db import transaction

from genius.matches import events, scheduler
from genius.matches.models import Match
from genius.matches.signals import match_finished
from genius.seasons.models import Decision
from genius.seasons.services.decisions import sweep
from genius.seasons.services.episodes import create_episode
from tests.seasons.helpers import T0, make_season, play_to_the_end

ROOT = Path(__file__).resolve().parents[2]


def test_the_contracts_cover_the_games_the_layers_and_the_service_cycles():
    text = (ROOT / "pyproject.toml").read_text()
    for contract in ("games-are-pure", "games-are-independent", "games-kit-over-engines", "games-without-cycles",
                     "site-reaches-games-through-the-engines", "site-apps-in-layers", "models-in-layers",
                     "models-import-no-services", "matches-core-in-layers", "services-without-cycles"):
        assert f'id = "{contract}"' in text


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The import cycles of the graph's modules: its strongly connected components of more than one module."""
    imports = {m: sorted(graph.find_modules_directly_imported_by(m) & graph.modules) for m in graph.modules}
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []
    for root in sorted(imports):  # Tarjan's algorithm, iterative (no recursion limit)
        if root in order:
            continue
        work = [(root, 0)]
        while work:
            module, i = work.pop()
            if i == 0:
                order[module] = low[module] = len(order)
                stack.append(module)
            if i < len(imports[module]):
                work.append((module, i + 1))
                nxt = imports[module][i]
                if nxt not in order:
                    work.append((nxt, 0))
                elif nxt in stack:
                    low[module] = min(low[module], order[nxt])
                continue
            if low[module] == order[module]:
                component = []
                while True:
                    top = stack.pop()
                    component.append(top)
                    if top == module:
                        break
                if len(component) > 1:
                    cycles.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
    return cycles


def test_no_module_of_the_games_or_the_site_is_in_an_import_cycle():
    """Module by module (a package's ``__init__`` too, function-local imports included), not only among siblings."""
    assert _cycles(grimp.build_graph("games", "genius", cache_dir=None)) == []


def test_an_import_cycle_is_found():
    graph = grimp.ImportGraph()
    for importer, imported in (("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")):
        graph.add_import(importer=importer, imported=imported)
    assert _cycles(graph) == [["a", "b", "c"]]


def test_no_import_in_the_games_or_the_site_hides_inside_a_function_but_startup_hooks():
    """Function-local imports hid the cycles; only AppConfig.ready (startup order) and settings/celery keep any."""
    allowed = {"apps.py", "settings.py", "celery.py"}
    hidden = []
    for path in [*(ROOT / "genius").rglob("*.py"), *(ROOT / "games").rglob("*.py")]:
        if path.name in allowed or "migrations" in path.parts:
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            stripped = line.lstrip()
            if line != stripped and stripped.startswith(("from genius", "import genius", "from games", "import games")):
                hidden.append(f"{path.relative_to(ROOT)}:{number}: {stripped}")
    assert not hidden, "\n".join(hidden)


@pytest.mark.django_db(transaction=True)
def test_a_finished_match_is_announced_to_seasons_by_a_signal():
    heard = []

    def spy(sender, match, **kwargs):
        heard.append((sender, match.pk, match.status, transaction.get_connection().in_atomic_block))

    match_finished.connect(spy)
    try:
        season = make_season()
        match = create_episode(season.pk, game="trail-trouble", seed=11, bot_players=True, start=True, now=T0)
        play_to_the_end(match, T0)
    finally:
        match_finished.disconnect(spy)
    # once, inside the resolution's transaction, with the match finished
    assert heard == [(Match, match.pk, Match.Status.FINISHED, True)]
    # and the season heard it too (its receiver is connected in SeasonsConfig.ready): the ECs' picks are open
    assert Decision.objects.filter(match=match).exists()


def test_the_matches_app_announces_to_seasons_without_importing_them():
    assert match_finished.has_listeners(Match)
    assert sweep in scheduler._sweeps


def test_notify_hears_resolved_phases_by_a_signal_and_registers_the_matches_due_items():
    from genius.matches.ruling_alerts import rulings_waiting
    from genius.matches.services.seating import full_lobbies
    from genius.matches.signals import phase_resolved
    from genius.notify import due

    assert phase_resolved.has_listeners(Match)
    assert {full_lobbies, rulings_waiting} <= set(due._sources)


def test_the_live_layer_hears_changes_through_the_events_port():
    from genius.live import pushes

    assert pushes.push_announced in events._listeners


@pytest.mark.django_db
def test_resolve_at_goes_to_the_clock_that_registered_itself(settings, rgb_match, django_capture_on_commit_callbacks):
    from genius.matches.models import Phase

    phase = Phase(match=rgb_match, number=99, name="turn", kind="turn", actors=["ana"], deadline=T0)
    calls = []
    scheduler.register("test-clock", lambda phase_id, deadline: calls.append(deadline))
    try:
        settings.GENIUS_CLOCK = "test-clock"
        with django_capture_on_commit_callbacks(execute=True):
            scheduler.schedule_resolution(phase)
            assert calls == []  # only after the commit
        assert calls == [T0]
        settings.GENIUS_CLOCK = "embedded"  # nothing registered: the tick finds the phase anyway
        with django_capture_on_commit_callbacks(execute=True):
            scheduler.schedule_resolution(phase)
        assert calls == [T0]
    finally:
        scheduler._backends.pop("test-clock", None)


@pytest.mark.django_db
def test_with_celery_a_live_phase_gets_a_task_due_at_its_deadline_after_the_commit(
        settings, rgb_match, monkeypatch, django_capture_on_commit_callbacks):
    from django.utils import timezone

    from genius.matches import tasks
    from genius.matches.models import Phase

    sent = []
    monkeypatch.setattr(tasks.resolve_phase_at, "apply_async", lambda args, eta: sent.append((args, eta)))
    settings.GENIUS_CLOCK = "celery"
    soon, late = timezone.now() + tasks.MAX_TASK_DELAY / 2, timezone.now() + tasks.MAX_TASK_DELAY * 2
    live = Phase(pk=7, match=rgb_match, number=9, name="turn", kind="turn", actors=["ana"], deadline=soon)
    far = Phase(pk=8, match=rgb_match, number=9, name="turn", kind="turn", actors=["ana"], deadline=late)
    main = Phase(pk=9, match=rgb_match, number=9, name="vote", kind="main", actors=["ana"], deadline=soon)
    with django_capture_on_commit_callbacks(execute=True):
        for phase in (live, far, main):
            scheduler.schedule_resolution(phase)
    # the far deadline is left to the beat's sweep (the broker redelivers long ETAs); main phases never get one
    assert sent == [((7, soon.isoformat()), soon)]
