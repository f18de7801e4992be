"""``manage.py startgame SLUG``: write a new game's folder, a tiny playable game that passes the kit.

It writes ``games/<slug_with_underscores>/`` (engine with its ``spec``, observer.py (what each viewer sees), RULES.md,
board_svg.py, leaks.py) and ``tests/<slug_with_underscores>/test_rules.py``, then prints the next steps. A bad
slug or a folder that exists already: exit status 2 and one line, nothing written.
See docs/NEW_GAME.md.
"""

from __future__ import annotations

import keyword
import re
from pathlib import Path
from string import Template

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engines import registry

SLUG = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
MAX_SLUG = 40
#: Folder names under games/ that are not games.
TAKEN = {"engines", "kit"}


def check_slug(slug: str) -> str:
    """The package name of ``slug`` (``toss-up`` → ``toss_up``), or CommandError (exit 2)."""
    if len(slug) > MAX_SLUG or not SLUG.fullmatch(slug):
        raise CommandError(
            f"{slug!r} is not a game slug: use lower-case ASCII letters and digits in words joined by "
            f"single hyphens, starting with a letter, at most {MAX_SLUG} characters (e.g. toss-up)",
            returncode=2,
        )
    package = slug.replace("-", "_")
    if package in TAKEN or keyword.iskeyword(package) or slug in registry.GAME_MODULES:
        raise CommandError(f"{slug!r} is taken: pick another name for the game", returncode=2)
    return package


def title_of(slug: str) -> str:
    return " ".join(word.capitalize() for word in slug.split("-"))


def class_of(slug: str) -> str:
    return "".join(word.capitalize() for word in slug.split("-")) + "Engine"


class Command(BaseCommand):
    help = "Write a new game's folder: a tiny playable engine with its spec, rules page, board and tests."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the game's slug, e.g. toss-up (its folder: games/toss_up)")
        parser.add_argument("--into", default=None,
                            help="the project folder to write into (default: this project; tests use a tmp dir)")

    def handle(self, *args, **options) -> None:
        slug = options["slug"]
        package = check_slug(slug)
        root = Path(options["into"] or settings.BASE_DIR)
        game_dir, test_dir = root / "games" / package, root / "tests" / package
        for folder in (game_dir, test_dir):
            if folder.exists():
                raise CommandError(f"{folder} exists already: startgame never writes over a folder", returncode=2)
        names = {"slug": slug, "package": package, "title": title_of(slug), "cls": class_of(slug)}
        files = {game_dir / name: text for name, text in GAME_FILES.items()}
        files |= {test_dir / name: text for name, text in TEST_FILES.items()}
        for path, text in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(Template(text).substitute(names), encoding="utf-8")
            self.stdout.write(f"wrote {path}")
        self.stdout.write(NEXT_STEPS.substitute(names))


NEXT_STEPS = Template("""
Next steps (docs/NEW_GAME.md walks through each):
  1. Register the game: add this line to GAME_MODULES in games/engines/registry.py
         "$slug": "games.$package.engine",
  2. Run its tests, and the standard kit every game gets:
         .venv/bin/python -m pytest tests/$package tests/games -q
  3. Try it: bin/run, log in as admin / admin, create a $title match in /admin/ and play it.
  4. Now make it your game: the rules in games/$package/engine.py, what each viewer sees in observer.py,
     RULES.md, board_svg.py, leaks.py.
""")

GAME_FILES: dict[str, str] = {}
TEST_FILES: dict[str, str] = {}

GAME_FILES["__init__.py"] = '"""$title: a game for Genius (engine, observer, rules page, board drawing)."""\n'

GAME_FILES["engine.py"] = '''"""$title: the engine (pure Python, no Django). Written by ``manage.py startgame``.

The skeleton game, "highest number wins": each player holds the numbers 1 to 5 and plays one of them
secretly each round, for three rounds; the highest number played by one player alone scores a point
(ties score nothing). Most points wins. Replace the rules with your game's; keep the protocol.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.protocol import (
    ConfigError,
    Engine,
    Field,
    LogLine,
    Outcome,
    Payload,
    PhaseSpec,
    Resolution,
    State,
    SubmissionError,
    fresh,
)
from games.engines.spec import ConfigField, GameSpec
from games.kit.checks import open_phase_for
from games.kit.numbers import NumberError, check_int, parse_int

from .observer import ${cls}Observer

ROUNDS = 3
NUMBERS = (1, 2, 3, 4, 5)


class $cls(Engine):
    """Highest number wins: a number from your hand each round, the highest one alone scores."""

    observer_type = ${cls}Observer
    spec = GameSpec(
        slug="$slug",
        title="$title",
        summary="Each round everyone plays a number from their hand in secret; the highest one alone scores.",
        min_players=2,
        max_players=6,
        phase_kinds=("main",),
        config=(ConfigField("rounds", "Rounds", "int", help="How many rounds (1 to 5).", default=ROUNDS, lo=1, hi=5),),
    )

    # --- set-up ---------------------------------------------------------------------------------
    def setup(self, players: list[str], config: dict[str, Any], garnets: dict[str, int], seed: int) -> State:
        if len(players) not in self.spec.seat_counts() or len(set(players)) != len(players):
            raise ConfigError("players", f"$title is played by 2 to 6 different players, not {len(players)}.")
        if not isinstance(config, dict) or set(config) - {"rounds"}:
            raise ConfigError("config", "The only setting is rounds.")
        try:
            rounds = check_int(config.get("rounds", ROUNDS), field="rounds", lo=1, hi=5)
        except NumberError as exc:
            raise ConfigError("rounds", exc.message) from None
        return {
            "game": "$slug",
            "players": list(players),
            "rounds": rounds,
            "round": 1,
            "hands": {p: list(NUMBERS) for p in players},
            "points": {p: 0 for p in players},
            "garnets": {p: int(garnets.get(p, 0)) for p in players},
            "history": [],
        }

    # --- the open phase -------------------------------------------------------------------------
    def phase(self, state: State) -> PhaseSpec | None:
        number = state["round"]
        if number > state["rounds"]:
            return None
        return PhaseSpec(number, f"round {number}", tuple(state["players"]))

    def finished(self, state: State) -> bool:
        return state["round"] > state["rounds"]

    # --- submissions: checking, apart from applying -------------------------------------------------
    def check(self, state: State, player: str, payload: Payload) -> Payload:
        open_phase_for(self, state, player, payload)
        if set(payload) != {"number"}:
            raise SubmissionError("number", "Play one number.")
        number = check_int(payload["number"], field="number", lo=1, hi=max(NUMBERS))
        if number not in state["hands"][player]:
            raise SubmissionError("number", f"You have played your {number} already.")
        return {"number": number}

    def default(self, state: State, player: str, rng: random.Random) -> Payload:
        return {"number": min(state["hands"][player])}

    def bot(self, state: State, player: str, rng: random.Random) -> Payload:
        return {"number": rng.choice(state["hands"][player])}

    # --- applying -------------------------------------------------------------------------------
    def resolve(self, state: State, submissions: dict[str, Payload], rng: random.Random) -> Resolution:
        new = fresh(state)
        played = {p: submissions[p]["number"] for p in state["players"]}
        for player, number in played.items():
            new["hands"][player].remove(number)
        top = max(played.values())
        best = [p for p, n in played.items() if n == top]
        winner = best[0] if len(best) == 1 else None
        if winner:
            new["points"][winner] += 1
        new["history"].append({"round": state["round"], "played": played, "winner": winner})
        new["round"] += 1
        shown = ", ".join(f"{p} {n}" for p, n in played.items())
        text = f"Round {state['round']}: {shown}. " + (f"{winner} scores." if winner else "A tie: nobody scores.")
        return Resolution(new, [LogLine(text)])

    # --- reading --------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if not self.finished(state):
            return None
        points = state["points"]
        players = state["players"]
        top, low = max(points.values()), min(points.values())
        leaders = [p for p in players if points[p] == top]
        winner = leaders[0] if len(leaders) == 1 else None
        loser = None
        if len(players) == 2 and winner:
            loser = next(p for p in players if p != winner)
        ec = [p for p in players if points[p] == low][:1] if low < top else []
        return Outcome(tol={winner: 1} if winner else {}, ec=ec, winner=winner, loser=loser,
                       garnets_earned={p: 0 for p in players})

    # --- forms ----------------------------------------------------------------------------------
    def form_fields(self, state: State, player: str) -> list[Field]:
        if self.phase(state) is None or player not in state["players"]:
            return []
        choices = tuple((str(n), str(n)) for n in state["hands"][player])
        return [Field("number", "Your number", "choice", choices)]

    def parse_form(self, state: State, player: str, data: dict[str, Any]) -> Payload:
        return {"number": parse_int(data.get("number", ""), field="number", lo=1, hi=max(NUMBERS))}

    def form_initial(self, state: State, player: str, payload: Payload | None) -> dict[str, Any]:
        return {"number": str(payload["number"])} if payload else {}


ENGINE = $cls()
'''

GAME_FILES["observer.py"] = '''"""$title: what each viewer sees (the game's observer, kept apart from its rules). Written by ``startgame``.

Public: points and every played round. A seat also sees its own hand; the host sees every hand.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import Host, Observer, State, Viewer, fresh, seat_of, viewer_role

from .board_svg import render_board


class ${cls}Observer(Observer):
    """The view, the board as text and drawn, a player's full state (its panel: all of it)."""

    def player_state(self, state: State, player: str) -> dict[str, Any]:
        return {"points": state["points"][player], "hand": list(state["hands"][player]),
                "garnets": state["garnets"][player]}

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """Public: points and every played round. A seat also sees its own hand; the host sees every hand."""
        spec = self.game.phase(state)
        out: dict[str, Any] = {
            "game": "$slug",
            "title": self.game.title,
            "viewer": viewer_role(viewer, state["players"]),
            "phase": None if spec is None else spec.name,
            "finished": self.game.finished(state),
            "players": list(state["players"]),
            "points": dict(state["points"]),
            "history": fresh(state["history"]),
        }
        seat = seat_of(viewer, state["players"])
        if isinstance(viewer, Host):
            out["hands"] = fresh(state["hands"])
        elif seat is not None:
            out["you"] = {"name": seat, "hand": list(state["hands"][seat])}
        return out

    def board_text(self, state: State, viewer: Viewer) -> str:
        view = self.view(state, viewer)
        lines = [f"{p}: {n} point(s)" for p, n in view["points"].items()]
        if "you" in view:
            lines.append("Your hand: " + ", ".join(map(str, view["you"]["hand"])))
        return "\\n".join(lines)

    def board_svg(self, view: dict[str, Any]) -> str:
        return render_board(view)
'''

GAME_FILES["board_svg.py"] = '''"""$title: the board drawn as inline SVG from a view (pure string building; every text escaped)."""

from __future__ import annotations

from html import escape
from typing import Any

ROW = 28


def render_board(view: dict[str, Any]) -> str:
    """One row a player: their name and a bar as long as their points."""
    rows = []
    for i, (name, points) in enumerate(view["points"].items()):
        y = 10 + i * ROW
        rows.append(f'<text x="8" y="{y + 16}">{escape(str(name))}</text>'
                    f'<rect x="120" y="{y + 4}" width="{20 * int(points)}" height="16" fill="#1565c0"/>')
    height = 20 + ROW * len(view["points"])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 {height}" role="img" '
            f'aria-label="{escape(str(view["title"]))}">' + "".join(rows) + "</svg>")
'''

GAME_FILES["leaks.py"] = '''"""What is secret to each seat (the standard kit's leak check, games/kit/testing.py)."""

from __future__ import annotations

from games.engines.protocol import State


def secret_paths(state: State, player: str) -> list[tuple[str | int, ...]]:
    """Where ``player``'s secrets are kept: the numbers left in their hand, and their wallet."""
    return [("hands", player), ("garnets", player)]
'''

GAME_FILES["RULES.md"] = '''# $title

Each player holds the numbers 1 to 5. Each round, everyone plays one number from their hand in
secret; when the round closes all the numbers are shown. The highest number played by one player
alone scores a point; when the highest number is tied, nobody scores. A played number is gone.

After the last round (three, unless the host sets 1 to 5), the player with the most points wins
(a Token of Life); with two players, the other player loses. A player who sends nothing plays the
lowest number left in their hand.
'''

TEST_FILES["__init__.py"] = ""

TEST_FILES["test_rules.py"] = '''"""$title: its rules (the standard tests every game gets are in tests/games/test_standard_kit.py)."""

from __future__ import annotations

import pytest

from games.engines.protocol import SubmissionError
from games.engines.runner import play_phase
from games.$package.engine import ENGINE


def test_the_highest_number_played_alone_scores_a_point() -> None:
    state = ENGINE.setup(["ana", "ben", "cy"], {}, {}, seed=1)
    result = play_phase(ENGINE, state, 1, {"ana": {"number": 5}, "ben": {"number": 5}, "cy": {"number": 4}})
    assert result.resolution.state["points"] == {"ana": 0, "ben": 0, "cy": 0}
    result = play_phase(ENGINE, result.resolution.state, 1,
                        {"ana": {"number": 1}, "ben": {"number": 4}, "cy": {"number": 3}})
    assert result.resolution.state["points"] == {"ana": 0, "ben": 1, "cy": 0}


def test_a_number_played_already_is_refused() -> None:
    state = ENGINE.setup(["ana", "ben"], {}, {}, seed=1)
    state = play_phase(ENGINE, state, 1, {"ana": {"number": 5}, "ben": {"number": 2}}).resolution.state
    with pytest.raises(SubmissionError, match="already"):
        ENGINE.check(state, "ana", {"number": 5})
'''
