"""The host's preview of typed forks: each fork read back in canonical text and words, or the first error.

Called through ``Engine.config_preview("forks", text)``; the set-up page shows the lines under the
box, or the error (line, column, what was expected, and the line with a caret under the column).
"""

from __future__ import annotations

from games.trail_trouble.config import ROUNDS
from games.trail_trouble.forks import FORKS_PER_ROUND, ForkSyntaxError, describe_path, format_fork, parse_fork
from games.trail_trouble.texts import path_cost_words

END_OF_LINE = "the end of the line"


def error_words(exc: ForkSyntaxError) -> str:
    """``expected ':coin:' or ':position:' after '+3', found “:coins:”``."""
    if not exc.found:
        return f"expected {exc.expected}"
    found = exc.found if exc.found == END_OF_LINE else f"\u201c{exc.found.strip()}\u201d"
    return f"expected {exc.expected}, found {found}"


def _error(exc: ForkSyntaxError, lines: list[str]) -> str:
    where = f"Line {exc.line}, column {exc.column}: {error_words(exc)}."
    if not 1 <= exc.line <= len(lines):
        return where
    shown = lines[exc.line - 1].replace("\t", " ")
    return f"{where}\n{shown}\n{' ' * (exc.column - 1)}^"


def preview_forks(text: str) -> list[str] | str:
    """One line a fork (``Round 1, fork 2: … Left (free): …; Right (costs 1 coin): …``), or the first error."""
    lines = text.splitlines()
    wanted = ROUNDS * FORKS_PER_ROUND
    shown: list[str] = []
    last = 0
    try:
        for number, raw in enumerate(lines, start=1):
            if not raw.strip():
                continue
            last = number
            if len(shown) == wanted:
                raise ForkSyntaxError(f"exactly {wanted} forks, {FORKS_PER_ROUND} a round; this is fork {wanted + 1}",
                                      number, 1, raw.strip())
            fork = parse_fork(raw, number)
            round_no, fork_no = divmod(len(shown), FORKS_PER_ROUND)
            shown.append(
                f"Round {round_no + 1}, fork {fork_no + 1}: {format_fork(fork)} \u2014 "
                f"Left ({path_cost_words(fork.left)}): {describe_path(fork.left)}; "
                f"Right ({path_cost_words(fork.right)}): {describe_path(fork.right)}."
            )
        if len(shown) != wanted:
            raise ForkSyntaxError(f"exactly {wanted} forks, {FORKS_PER_ROUND} a round, not {len(shown)}", last + 1, 1)
    except ForkSyntaxError as exc:
        return _error(exc, lines)
    return shown
