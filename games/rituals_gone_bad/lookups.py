"""Garnet look-ups: 1 garnet to learn whether a prediction of the previous ritual was correct.

- Sold from ritual 2 on, in either phase of ritual r, about ritual r−1 only.
- A cultist of ritual r−1 buys the answer about their one prediction (``"lookup": true``).
- The Cult Leader of ritual r−1 names the pairs, up to 3 (``"lookup": [1, 3]``).
- Refused and not charged: any look-up in ritual 1, the same answer twice, a
  prediction that was not made, not holding enough garnets.
- Answered at once and privately; what was bought is recorded in the ritual's
  ``looked_up`` so it cannot be bought twice (and a replay does not charge twice).

Each player's predictions of a ritual are "slots" numbered from 1: a cultist has
one, the leader one a pair.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import HOST, GarnetChange, LogLine, Payload, Seat, State, SubmissionError
from games.rituals_gone_bad.rituals import Record, in_a_ritual, previous

#: Garnets a look-up costs.
COST = 1
FIELD = "lookup"


def target(state: State) -> Record | None:
    """The ritual look-ups are about now (the previous one), or None when none can be bought."""
    return previous(state) if in_a_ritual(state) else None


def is_leader_of(record: Record, player: str) -> bool:
    return record["leader"] == player


def bought(record: Record, player: str) -> list[int]:
    """The slots ``player`` already looked up in ``record``."""
    return list(record["looked_up"].get(player, []))


def buyable(state: State, player: str) -> list[int]:
    """The slots ``player`` may still buy now: predictions made and not yet looked up."""
    record = target(state)
    if record is None:
        return []
    done = bought(record, player)
    made = record["predictions"][player]
    return [slot for slot, guess in enumerate(made, start=1) if guess is not None and slot not in done]


def requested_slots(record: Record, player: str, raw: Any) -> list[int]:
    """Read the ``lookup`` entry: ``true`` for a cultist, a list of pair numbers for the previous leader."""
    if raw is None or raw is False or raw == []:
        return []
    number = record["number"]
    if not is_leader_of(record, player):
        if raw is True:
            return [1]
        raise SubmissionError(
            FIELD,
            f"You made one prediction in ritual {number}: tick the look-up (true) to learn whether it was correct.",
        )
    if not isinstance(raw, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw):
        raise SubmissionError(
            FIELD, f"As the Cult Leader of ritual {number}, name the pairs (1 to 3) whose result you want to learn."
        )
    for slot in raw:
        if not 1 <= slot <= len(record["pairs"]):
            raise SubmissionError(FIELD, f"There is no pair {slot}: the pairs of ritual {number} are numbered 1 to 3.")
    for slot in raw:
        if raw.count(slot) > 1:
            raise SubmissionError(FIELD, f"You named pair {slot} twice.")
    return sorted(raw)


def check_lookup(state: State, player: str, raw: Any) -> list[int]:
    """The slots a ``lookup`` entry buys, or SubmissionError when any rule refuses it (nothing is charged)."""
    if raw is None or raw is False or raw == []:
        return []
    if not in_a_ritual(state):
        raise SubmissionError(FIELD, "Look-ups are only sold during the rituals.")
    record = target(state)
    if record is None:
        raise SubmissionError(FIELD, "Look-ups start in ritual 2: there is no earlier ritual to ask about yet.")
    slots = requested_slots(record, player, raw)
    for slot in slots:
        refuse_prediction_not_made(record, player, slot)
        refuse_answer_already_bought(record, player, slot)
    refuse_without_enough_garnets(state, player, len(slots))
    return slots


def refuse_prediction_not_made(record: Record, player: str, slot: int) -> None:
    """You cannot buy the result of a prediction you did not make."""
    if record["predictions"][player][slot - 1] is None:
        if is_leader_of(record, player):
            message = (
                f"You made no prediction for pair {slot} in ritual {record['number']}: there is nothing to look up."
            )
        else:
            message = f"You made no prediction in ritual {record['number']}: there is nothing to look up."
        raise SubmissionError(FIELD, message)


def refuse_answer_already_bought(record: Record, player: str, slot: int) -> None:
    """The same answer cannot be bought twice."""
    if slot in bought(record, player):
        if is_leader_of(record, player):
            message = f"You already bought the result of pair {slot} of ritual {record['number']}."
        else:
            message = f"You already know whether your ritual {record['number']} prediction was correct."
        raise SubmissionError(FIELD, message)


def refuse_without_enough_garnets(state: State, player: str, count: int) -> None:
    """Each look-up costs 1 garnet from the wallet held now."""
    held = state["garnets"][player]
    cost = count * COST
    if cost > held:
        raise SubmissionError(
            FIELD, f"You have {plural(held, 'garnet')}; {plural(count, 'look-up')} cost {plural(cost, 'garnet')}."
        )


def payload_value(record: Record, player: str, slots: list[int]) -> bool | list[int]:
    """The ``lookup`` entry for ``slots``: ``true`` for a cultist, the pair numbers for the leader."""
    return list(slots) if is_leader_of(record, player) else True


def buy(state: State, player: str, slots: list[int]) -> tuple[list[LogLine], list[GarnetChange]]:
    """Charge and answer the look-ups of ``slots`` not already bought (changes ``state``, a fresh copy)."""
    record = target(state)
    lines: list[LogLine] = []
    changes: list[GarnetChange] = []
    if record is None:
        return lines, changes
    for slot in slots:
        if slot in bought(record, player) or state["garnets"][player] < COST:
            continue
        state["garnets"][player] -= COST
        record["looked_up"][player] = sorted([*bought(record, player), slot])
        changes.append(GarnetChange(player, -COST, reason(record, player, slot)))
        lines.append(LogLine(answer(record, player, slot), Seat(player)))
        lines.append(LogLine(host_answer(record, player, slot), HOST))
    return lines, changes


def reason(record: Record, player: str, slot: int) -> str:
    """The ledger's reason for a look-up."""
    if is_leader_of(record, player):
        return f"look-up: ritual {record['number']}, pair {slot}"
    return f"look-up: ritual {record['number']} prediction"


def answer(record: Record, player: str, slot: int) -> str:
    """The private answer: was that prediction correct?"""
    guess = record["predictions"][player][slot - 1]
    verdict = "correct" if record["correct"][player][slot - 1] else "wrong"
    if is_leader_of(record, player):
        a, b = record["pairs"][slot - 1]
        return f"Ritual {record['number']} look-up, pair {slot} ({a} & {b}): your prediction ({guess}) was {verdict}."
    return f"Ritual {record['number']} look-up: your prediction ({guess}) was {verdict}."


def host_answer(record: Record, player: str, slot: int) -> str:
    """The host's line about a look-up."""
    guess = record["predictions"][player][slot - 1]
    verdict = "correct" if record["correct"][player][slot - 1] else "wrong"
    about = f"pair {slot} ({guess})" if is_leader_of(record, player) else f"their prediction ({guess})"
    return f"{player} paid {plural(COST, 'garnet')} for a ritual {record['number']} look-up: {about} was {verdict}."


def merge_instant(payload: Payload | None, instant_payload: Payload | None) -> Payload:
    """``payload`` with the look-ups of ``instant_payload`` added (``[1]`` then ``[3]`` gives ``[1, 3]``)."""
    merged = dict(payload or {})
    new = (instant_payload or {}).get(FIELD)
    if not new:
        return merged
    old = merged.get(FIELD)
    if new is True or old is True:
        merged[FIELD] = True
    else:
        merged[FIELD] = sorted(set(old or []) | set(new))
    return merged


def plural(count: int, word: str) -> str:
    """``"1 garnet"``, ``"2 garnets"``."""
    return f"{count} {word}{'' if count == 1 else 's'}"
