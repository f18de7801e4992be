"""What the shipped designs' tests share: a shipped design read from its file, its proof (seeded random matches
played to the end with no rule failing), a random playout checked for leaks and replayed, and a move's refusal."""

from __future__ import annotations

from typing import Any

from games.custom_game import proof
from games.custom_game.document.files import read_design_file
from games.engines.protocol import SubmissionError
from tools.shipped_designs import build

#: How many seeded random matches each shipped design's proof plays in the suite.
MATCHES = 50


def design(name: str) -> dict[str, Any]:
    """The shipped design ``name`` (``tools/shipped_designs``), read as a design file's import reads it."""
    return read_design_file(build.path_of(name).read_bytes())


def assert_plays_seeded_matches(name: str, seed: int, matches: int = MATCHES) -> None:
    """The shipped design ``name`` plays ``matches`` seeded random matches to the end with no rule failing."""
    summary = proof.run_proof(design(name), None, matches, seed=seed)
    assert summary.agreed == matches, summary.lines(None)


def assert_random_playout_leaks_nothing(name: str) -> None:
    """A random playout of the shipped design ``name`` (its fewest players) leaks no seat's secret to another
    and replays the same."""
    from games.custom_game import leaks
    from games.custom_game.engine import ENGINE
    from games.kit import testing as kit

    doc = design(name)
    players = [f"p{n}" for n in range(1, doc["min_players"] + 1)]
    play = kit.random_playout(ENGINE, 3, players=players, config={"design": doc})
    assert kit.check_no_view_leaks(play, leaks.secret_paths, every=2) > 0
    kit.check_replays_the_same(play)


def refusal(match: proof.DesignMatch, player: str, answer: dict[str, Any]) -> tuple[str | None, str] | None:
    """Why ``player``'s move is refused when it is sent (field, words), or None when it is accepted."""
    try:
        match.engine.check(match.state, player, answer)
    except SubmissionError as exc:
        return exc.field, exc.message
    return None


def options(match: proof.DesignMatch, player: str, key: str) -> list[str]:
    """The values ``player``'s form offers now in its field ``key``."""
    field = next(f for f in match.engine.form_fields(match.state, player) if f.name == key)
    return [value for value, _ in field.choices]
