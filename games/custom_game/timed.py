"""Timed challenges (RULES.md, "Timed challenges"): a phase whose players each start their own clock.

The seats do not send this phase's move through the usual form: each player starts the challenge when they
choose (the site keeps when), then sees their questions, drawn for them from the host's table by the match's
seed, and answers within the challenge's seconds. The site hands every answer given in time to the engine as
one submission of :data:`SUBMITTER` (``{"answers": {player: move}}``); a player who did not start, or answered
late, gets the form's defaults. The rules read ``answers`` as in any phase, and ``challenges``: each player's
drawn rows (every column, for the rules to score with).
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import TIMED_SUBMITTER, Payload, State, SubmissionError, TimedChallenge, rng_for

from . import answers

SUBMITTER = TIMED_SUBMITTER


def takers(current: dict[str, Any]) -> list[str]:
    """The players who take the open timed challenge (none when it is not one)."""
    return list(current.get("takers", [])) if current.get("timed") else []


def drawn_rows(state: State, player: str) -> list[dict[str, Any]]:
    """The rows ``player`` draws for the open challenge: the same every time, from the seed, phase and player."""
    current = state["open"]
    timed = current["timed"]
    table = next(t for t in state["design"]["tables"] if t["key"] == timed["table"])
    rows = [dict(zip(table["columns"], row, strict=True)) for row in table["rows"]]
    rng = rng_for(state["seed"], state["number"], f"timed:{player}")
    return rng.sample(rows, min(timed["draw"], len(rows)))


def content(state: State, player: str) -> TimedChallenge | None:
    """``player``'s challenge as they see it once started: only the shown columns."""
    current = state.get("open") or {}
    if player not in takers(current):
        return None
    show = current["timed"]["show"]
    questions = tuple(tuple((c, "" if row.get(c) is None else str(row[c])) for c in show)
                      for row in drawn_rows(state, player))
    return TimedChallenge(int(current["timed"]["seconds"]), questions)


def check(state: State, payload: Payload) -> Payload:
    """The answers given in time, each checked against the form as a player's move."""
    if not isinstance(payload, dict) or set(payload) != {"answers"} or not isinstance(payload["answers"], dict):
        raise SubmissionError("", "a timed challenge's answers are {\"answers\": {player: {field: answer}}}")
    allowed = takers(state["open"])
    out: dict[str, Payload] = {}
    for player, move in payload["answers"].items():
        if player not in allowed:
            raise SubmissionError("", f"{player} does not take this timed challenge")
        if not isinstance(move, dict):
            raise SubmissionError("", f"{player}'s answers are not an object")
        try:
            out[player] = answers.check(state["open"]["fields"], state["players"], move)
        except SubmissionError as exc:
            raise SubmissionError(exc.field, f"{player}: {exc.message}") from None
    return {"answers": out}


def moves_of(state: State, submissions: dict[str, Payload]) -> dict[str, Payload]:
    """Each taker's answers given in time (the others are left out: they get the defaults)."""
    return dict((submissions.get(SUBMITTER) or {}).get("answers", {}))


def challenges(state: State) -> dict[str, list[dict[str, Any]]]:
    """``challenges`` as the rules read it: each taker's drawn rows."""
    return {p: drawn_rows(state, p) for p in takers(state["open"])}
