"""The engine package is pure Python: no Django anywhere in it; its state is plain JSON; one seed, one match."""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

from games.black_and_white.engine import ENGINE
from games.engines.protocol import HOST, SPECTATOR, Seat

from .helpers import PLAYERS, bot_playout, round_trips

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "black_and_white"


def imported_modules(path: Path) -> set[str]:
    """Every module a source file imports (top level or inside functions)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_file_of_the_engine_package_imports_django() -> None:
    files = sorted(PACKAGE.glob("*.py"))
    assert {f.name for f in files} >= {"engine.py", "rules.py", "tiles.py", "views.py", "forms.py", "board_svg.py",
                                      "clock.py", "leaks.py"}
    for path in files:
        assert not any(name.split(".")[0] == "django" for name in imported_modules(path)), path.name


def test_importing_the_engine_and_the_renderer_loads_no_django() -> None:
    code = (
        "import sys; import games.black_and_white.engine, games.black_and_white.board_svg; "
        "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=PACKAGE.parents[1], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_the_engine_declares_its_game() -> None:
    assert ENGINE.slug == "black-and-white" and ENGINE.title == "Black and White"
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 2)
    assert (PACKAGE / "RULES.md").read_text(encoding="utf-8").startswith("# Black and White")


def test_the_state_round_trips_through_json_at_every_phase() -> None:
    _, states, _ = bot_playout(5)
    for state in states:
        again = json.loads(json.dumps(state))
        assert again == state
        # A state read back from JSON plays on exactly like the original.
        if ENGINE.phase(state) is not None:
            assert ENGINE.phase(again) == ENGINE.phase(state)
        for viewer in (SPECTATOR, HOST, *(Seat(p) for p in PLAYERS)):
            assert ENGINE.observer.view(again, viewer) == ENGINE.observer.view(state, viewer)
            assert round_trips(ENGINE.observer.view(state, viewer))


def test_the_same_seed_gives_the_same_match() -> None:
    for seed in (1, 2, 77):
        first_doc, first_states, first_results = bot_playout(seed)
        again_doc, again_states, again_results = bot_playout(seed)
        assert first_doc == again_doc and first_states == again_states
        assert [[line.text for line in r.resolution.log] for r in first_results] == \
               [[line.text for line in r.resolution.log] for r in again_results]
    assert bot_playout(1)[1][-1] != bot_playout(2)[1][-1]


def test_resolving_never_changes_the_state_it_is_given() -> None:
    _, states, _ = bot_playout(11)
    for state in states[:-1]:
        before = json.dumps(state, sort_keys=True)
        player = ENGINE.phase(state).actors[0]
        for submissions in ({player: ENGINE.bot(state, player, random.Random(1))}, {}):
            ENGINE.resolve(state, submissions, random.Random(2))
            assert json.dumps(state, sort_keys=True) == before
