"""Design tables written from a coded game's data (the Trail Trouble forks), for the shipped designs and the proof."""

from __future__ import annotations

from games.trail_trouble.forks import Path, parse_fork

FORK_COLUMNS = ["round", "fork", "side", "pay", "coins", "positions", "garnet", "at_most", "at_least", "ahead"]


def path_row(round_no: int, fork_no: int, side: str, path: Path) -> list[str | int]:
    """One path as a row; several conditions of a kind keep the strictest (all must hold); 0 is none."""
    at_most = [c.count for c in path.conditions if c.kind == "at_most"]
    at_least = [c.count for c in path.conditions if c.kind == "at_least"]
    ahead = [c.count for c in path.conditions if c.kind == "ahead"]
    return [round_no, fork_no, side, path.cost, path.coin_gain, path.positions, path.garnets,
            min(at_most) if at_most else 0, max(at_least) if at_least else 0, max(ahead) if ahead else 0]


def forks_table_rows(forks: list[list[str]]) -> list[list[str | int]]:
    """The forks of 4 rounds (fork lines in the notation) as the design's table rows, two a fork."""
    rows: list[list[str | int]] = []
    for round_no, lines in enumerate(forks, start=1):
        for fork_no, line in enumerate(lines, start=1):
            fork = parse_fork(line)
            rows.append(path_row(round_no, fork_no, "L", fork.left))
            rows.append(path_row(round_no, fork_no, "R", fork.right))
    return rows
