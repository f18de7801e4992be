"""The Elimination Candidate vote, counted once for every game: most named wins, a tie is drawn at random.

Deciders each name one of the tied players (``between``). The name named most is the Elimination
Candidate; when several are named equally often (or nobody names anyone), one of them is drawn from the
match's seeded generator. A decider who names nobody, or a name that is not one of ``between``, abstains.
The count says who named whom and who abstained, so each game writes its own log lines from it.

>>> import random
>>> vote = count_ec_vote(["ana", "ben"], ["cy", "dee", "eli"], {"cy": "ana", "dee": "ana", "eli": "ben"},
...                      random.Random(1))
>>> vote.chosen, vote.tally, vote.drawn
('ana', {'ana': 2, 'ben': 1}, False)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engines.protocol import Payload, SubmissionError
from games.kit.numbers import shown


@dataclass(frozen=True)
class EcVote:
    """A counted EC vote."""

    #: The Elimination Candidate.
    chosen: str
    #: Every option of ``between``, in its order, with how many deciders named it.
    tally: dict[str, int]
    #: Decider → the option they named (only deciders who named an option), in deciders' order.
    named: dict[str, str]
    #: Deciders who named no option, in deciders' order.
    abstained: list[str]
    #: The options named most (more than one: a tie, drawn at random; all of them when nobody named anyone).
    leading: list[str]

    @property
    def drawn(self) -> bool:
        """Whether a draw among tied options decided it (a tie, or nobody named anyone among several)."""
        return len(self.leading) > 1


def count_ec_vote(
    between: Sequence[str], deciders: Sequence[str], choices: Mapping[str, Any], rng: random.Random
) -> EcVote:
    """Count ``choices`` (decider → the name they gave, or None) among ``between``: most named wins.

    The generator is drawn from only on a tie, so a vote with a clear winner uses no randomness.
    """
    if not between:
        raise ValueError("an EC vote needs at least one player to choose between")
    named = {d: choices[d] for d in deciders if choices.get(d) in between}
    abstained = [d for d in deciders if d not in named]
    tally = {option: 0 for option in between}
    for option in named.values():
        tally[option] += 1
    top = max(tally.values())
    leading = [option for option in between if tally[option] == top]
    chosen = leading[0] if len(leading) == 1 else rng.choice(leading)
    return EcVote(chosen, tally, named, abstained, leading)


def checked_ec_vote(payload: Payload, between: Sequence[str], whom: str) -> dict[str, str]:
    """A decider's EC vote (``{"ec": name}``) read from ``payload``: it names one of ``between`` and holds nothing
    else; ``whom`` says, when it does not, whom to name (``the candidates``)."""
    for key in payload:
        if key != "ec":
            raise SubmissionError("", f"{shown(key)} is not part of the EC decision")
    name = payload.get("ec")
    if name not in between:
        raise SubmissionError("ec", f"Name one of {whom}: {', '.join(between)}")
    return {"ec": str(name)}
