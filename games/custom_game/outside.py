"""Input from outside the match (RULES.md, "Input from outside the match"): a phase whose ``answered_by`` is
``season`` or ``community`` is answered by people who hold no seat in the match.

The seats do not act in it. The site collects the outsiders' answers (each eligible person once) and hands
them to the engine when the phase closes as one submission of a reserved name, ``@season`` or ``@community``
(:func:`submitter`; no seat can be named so: seat names never start with ``@``): ``{"answers": [{field key: answer}, …]}``, in the order they
were given. Each answer is checked against the phase's form like a player's; the rules read them as
``outside``, ``{"voter 1": {…}, "voter 2": {…}}`` (the genre's functions take it as they take ``answers``:
``count(outside, "pick", "Red")``). Who answered is never in the match: only what they answered.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import OUTSIDE_SUBMITTERS, Payload, State, SubmissionError

from . import answers

#: The reserved submitters of the outsiders' answers (a match file's phase object holds them too).
SUBMITTERS = OUTSIDE_SUBMITTERS
#: The most outside answers one phase takes.
MAX_OUTSIDE = 5000


def submitter(current: dict[str, Any]) -> str | None:
    """The reserved submitter of the open phase's outside answers (``@season``, ``@community``), or None."""
    who = current.get("answered_by", "players")
    return None if who == "players" else f"@{who}"


def check(state: State, payload: Payload) -> Payload:
    """The outsiders' answers, each checked against the open phase's form (SubmissionError naming the first
    that is wrong)."""
    if not isinstance(payload, dict) or set(payload) != {"answers"} or not isinstance(payload["answers"], list):
        raise SubmissionError("", "the answers from outside the match are {\"answers\": [{field: answer}, …]}")
    given = payload["answers"]
    if len(given) > MAX_OUTSIDE:
        raise SubmissionError("", f"at most {MAX_OUTSIDE:,} answers from outside the match")
    fields, players = state["open"]["fields"], state["players"]
    checked = []
    for number, item in enumerate(given, start=1):
        if not isinstance(item, dict):
            raise SubmissionError("", f"outside answer {number} is not an object of answers")
        try:
            checked.append(answers.check(fields, players, item))
        except SubmissionError as exc:
            raise SubmissionError(exc.field, f"outside answer {number}: {exc.message}") from None
    return {"answers": checked}


def entry_of(fields: list[dict[str, Any]], submitted: Payload | None) -> dict[str, Payload]:
    """``outside`` as the rules read it: ``{"voter 1": answers, …}`` in the order given."""
    given = (submitted or {}).get("answers", [])
    return {f"voter {n}": answers.answers_of(item, fields) for n, item in enumerate(given, start=1)}
