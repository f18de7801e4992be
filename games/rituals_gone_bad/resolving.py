"""Applying a phase: each step a small function named after the rule it applies.

Order inside every ritual phase: look-ups first (answered as if at once), then
the phase itself. ``resolve_phase`` never changes the state it is given.
"""

from __future__ import annotations

import random

from games.engines import house_bots
from games.engines.protocol import HOST, PUBLIC, GarnetChange, LogLine, Payload, Resolution, Seat, State, fresh, rng_for
from games.kit.votes import count_ec_vote
from games.rituals_gone_bad.chart import BOOKS
from games.rituals_gone_bad.defaults import default_submission
from games.rituals_gone_bad.endgame import elimination, garnet_payout, most_points, tokens_of_life
from games.rituals_gone_bad.lookups import FIELD as LOOKUP
from games.rituals_gone_bad.lookups import buy, plural, requested_slots, target
from games.rituals_gone_bad.pairing import partner_of
from games.rituals_gone_bad.rituals import (
    DECISION,
    OVER,
    PREPARATION,
    RITUALS,
    SUMMONING,
    Record,
    cultists_of,
    current,
    join_names,
    new_ritual,
    pair_names,
    phase_number,
)
from games.rituals_gone_bad.scoring import book_counts, monsters_of, score_ritual, slot_monsters

Lines = list[LogLine]
Changes = list[GarnetChange]


def resolve_phase(state: State, submissions: dict[str, Payload], rng: random.Random) -> Resolution:
    """The new state, log and garnet changes of the open phase."""
    new = fresh(state)
    lines: Lines = []
    changes: Changes = []
    if new["step"] in (PREPARATION, SUMMONING):
        lines, changes = buy_submitted_lookups(new, submissions)
    if new["step"] == PREPARATION:
        lines += prepare_ritual(state, new, submissions)
    elif new["step"] == SUMMONING:
        more_lines, more_changes = summon_monsters(new, submissions)
        lines += more_lines
        changes += more_changes
    elif new["step"] == DECISION:
        lines += decide_elimination_candidate(new, submissions, rng)
    return Resolution(new, lines, changes)


# --- look-ups ------------------------------------------------------------------------------


def buy_submitted_lookups(state: State, submissions: dict[str, Payload]) -> tuple[Lines, Changes]:
    """Look-ups in the submissions that the state does not show as bought yet (a replay buys them here)."""
    lines: Lines = []
    changes: Changes = []
    record = target(state)
    if record is None:
        return lines, changes
    for player in state["players"]:
        raw = submissions.get(player, {}).get(LOOKUP)
        if raw:
            more_lines, more_changes = buy(state, player, requested_slots(record, player, raw))
            lines += more_lines
            changes += more_changes
    return lines, changes


# --- preparation ----------------------------------------------------------------------------


def drawn_default(state: State, player: str) -> Payload:
    """The default of a player whose submission left the choice out (e.g. a look-up only)."""
    return default_submission(state, player, rng_for(state["seed"], phase_number(state), f"default:{player}"))


def prepare_ritual(before: State, state: State, submissions: dict[str, Payload]) -> Lines:
    """Books are chosen, the cultists paired; the pairs are made public, the book counts told to the leader."""
    record = current(state)
    lines = choose_books(before, state, record, submissions)
    lines += pair_cultists(before, state, record, submissions)
    record["counts"] = book_counts(record["books"])
    record["monsters"] = monsters_of(record["pairs"], record["books"])
    lines.append(LogLine(f"Ritual {record['number']}: the pairs are {pair_names(record['pairs'])}.", PUBLIC))
    lines.append(LogLine(tell_leader_the_book_counts(record), Seat(record["leader"])))
    lines += [
        LogLine(f"Pair {i} ({a} & {b}): {record['books'][a]} + {record['books'][b]} summon {monster}.", HOST)
        for i, ((a, b), monster) in enumerate(zip(record["pairs"], record["monsters"], strict=True), start=1)
    ]
    state["step"] = SUMMONING
    return lines


def choose_books(before: State, state: State, record: Record, submissions: dict[str, Payload]) -> Lines:
    """Each cultist reads from the book they chose; a missing choice is drawn at random."""
    lines: Lines = []
    books: dict[str, str] = {}
    for player in cultists_of(state, record):
        sub = submissions.get(player, {})
        if "book" not in sub:
            sub = drawn_default(before, player)
        books[player] = sub["book"]
        drawn = " (you chose none, so it was drawn at random)" if sub.get("default") else ""
        lines.append(LogLine(f"Ritual {record['number']}: you read from the {sub['book']} book{drawn}.", Seat(player)))
        drawn = " (drawn at random)" if sub.get("default") else ""
        lines.append(LogLine(f"{player} reads from the {sub['book']} book{drawn}.", HOST))
    record["books"] = books
    return lines


def pair_cultists(before: State, state: State, record: Record, submissions: dict[str, Payload]) -> Lines:
    """The leader's pairing stands; a missing pairing is drawn at random."""
    leader = record["leader"]
    sub = submissions.get(leader, {})
    if "pairs" not in sub:
        sub = drawn_default(before, leader)
    record["pairs"] = [list(pair) for pair in sub["pairs"]]
    if not sub.get("default"):
        return [LogLine(f"{leader} pairs the cultists: {pair_names(record['pairs'])}.", HOST)]
    return [
        LogLine(f"Ritual {record['number']}: you paired nobody, so the pairs were drawn at random.", Seat(leader)),
        LogLine(f"{leader} paired nobody; the pairs were drawn at random: {pair_names(record['pairs'])}.", HOST),
    ]


def tell_leader_the_book_counts(record: Record) -> str:
    """The leader privately learns how many cultists chose each book."""
    counts = record["counts"]
    parts = [f"{counts[colour]} {colour}" for colour in BOOKS]
    return f"Ritual {record['number']}: the cultists chose {join_names(parts)} books."


# --- summoning ----------------------------------------------------------------------------------


def summon_monsters(state: State, submissions: dict[str, Payload]) -> tuple[Lines, Changes]:
    """Predictions are scored; only the ritual's total is announced. Then the next ritual, or the end."""
    record = current(state)
    predictions = {p: predictions_of(record, p, submissions.get(p, {})) for p in state["players"]}
    score_ritual(record, predictions)
    for player, points in record["points"].items():
        state["points"][player] += points
    lines = [LogLine(tell_own_predictions(record, p), Seat(p)) for p in state["players"]]
    lines += [LogLine(host_prediction_line(record, p), HOST) for p in state["players"]]
    lines.append(
        LogLine(
            f"Ritual {record['number']} is complete: the players scored {plural(record['total'], 'point')} in total.",
            PUBLIC,
        )
    )
    if record["number"] < RITUALS:
        return lines + begin_next_ritual(state), []
    return end_match(state, lines)


def predictions_of(record: Record, player: str, payload: Payload) -> list[str | None]:
    """A player's predictions as a list: one for a cultist, one a pair for the leader."""
    guess = payload.get("predict")
    if record["leader"] == player:
        return list(guess) if guess else [None] * len(record["pairs"])
    return [guess]


def tell_own_predictions(record: Record, player: str) -> str:
    """A player's private reminder of what they predicted (never whether it was right)."""
    guesses = record["predictions"][player]
    if record["leader"] != player:
        said = f"you predicted {guesses[0]}" if guesses[0] else "you made no prediction"
        return f"Ritual {record['number']}: {said} for your pair with {partner_of(record['pairs'], player)}."
    parts = [
        f"pair {i} ({a} & {b}): {guess or 'no prediction'}"
        for i, ((a, b), guess) in enumerate(zip(record["pairs"], guesses, strict=True), start=1)
    ]
    return f"Ritual {record['number']}: your predictions were {'; '.join(parts)}."


def host_prediction_line(record: Record, player: str) -> str:
    """What a player predicted, what came and the points it scored (host only)."""
    guesses = record["predictions"][player]
    points = plural(record["points"][player], "point")
    if record["leader"] != player:
        monster = slot_monsters(record, player)[0]
        return f"{player} predicted {guesses[0] or 'nothing'}; their pair summoned {monster}: {points}."
    parts = [
        f"{guess or 'nothing'} (was {monster})" for guess, monster in zip(guesses, record["monsters"], strict=True)
    ]
    return f"{player}, Cult Leader, predicted {', '.join(parts)}: {points}."


def begin_next_ritual(state: State) -> Lines:
    """The next ritual starts with the next Cult Leader in the leader order."""
    state["ritual"] += 1
    leader = state["leaders"][state["ritual"] - 1]
    state["rituals"].append(new_ritual(state["ritual"], leader))
    state["step"] = PREPARATION
    return [LogLine(f"Ritual {state['ritual']} begins; its Cult Leader is {leader}.", PUBLIC)]


# --- the end of the match --------------------------------------------------------------------------


def end_match(state: State, lines: Lines) -> tuple[Lines, Changes]:
    """Scores become public; Tokens of Life, the Elimination Candidate (or the decision) and the payout."""
    points, players = state["points"], state["players"]
    ranking = sorted(players, key=lambda p: -points[p])
    lines.append(LogLine("Final points: " + ", ".join(f"{p} {points[p]}" for p in ranking) + "."
                         + house_bots.note(state), PUBLIC))
    season = house_bots.ranked(players, state)  # RULES.md: the awards are decided as if house bots were not ranked
    state["tol"] = tokens_of_life(points, season)
    lines.append(LogLine(announce_tokens_of_life(state), PUBLIC))
    state["ec"], state["decision"] = elimination(points, season)
    lines.append(LogLine(announce_elimination(state), PUBLIC))
    changes = pay_garnets(state)
    payout = state["payout"]
    lines.append(
        LogLine(
            "Garnet payout, 1 for every 2 points: " + ", ".join(f"{p} {payout[p]}" for p in season) + ".", PUBLIC
        )
    )
    state["step"] = DECISION if state["decision"] else OVER
    return lines, changes


def announce_tokens_of_life(state: State) -> str:
    """2 ToL to a sole winner, 1 each to 2–3 tied winners, none when 4 or more tie."""
    winners = most_points(state["points"], house_bots.ranked(state["players"], state))
    top = state["points"][winners[0]]
    if len(winners) == 1:
        return f"{winners[0]} has the most points ({top}) and wins 2 Tokens of Life."
    if not state["tol"]:
        return f"{len(winners)} players tie for the most points ({top}): no Token of Life is given."
    return f"{join_names(winners)} tie for the most points ({top}) and win 1 Token of Life each."


def announce_elimination(state: State) -> str:
    """The player with the fewest points is the EC; a tie goes to the winners' decision."""
    if state["ec"]:
        ec = state["ec"][0]
        return f"{ec} has the fewest points ({state['points'][ec]}) and is the Elimination Candidate."
    between, deciders = state["decision"]["between"], state["decision"]["deciders"]
    low = state["points"][between[0]]
    return (
        f"{join_names(between)} tie for the fewest points ({low}); the player{'s' if len(deciders) > 1 else ''} "
        f"with the most points ({join_names(deciders)}) will choose the Elimination Candidate among them."
    )


def pay_garnets(state: State) -> Changes:
    """Every player receives 1 garnet for every 2 points, credited now (even while a decision is open)."""
    bots = set(house_bots.of(state))  # a house bot holds no season wallet: it is paid nothing
    state["payout"] = {p: 0 if p in bots else n for p, n in garnet_payout(state["points"]).items()}
    changes: Changes = []
    for player in state["players"]:
        amount = state["payout"][player]
        if amount:
            state["garnets"][player] += amount
            changes.append(GarnetChange(player, amount, f"end-of-match payout: {plural(state['points'][player], 'point')}"))
    return changes


def decide_elimination_candidate(state: State, submissions: dict[str, Payload], rng: random.Random) -> Lines:
    """The name named most by the deciders is the EC; a tie, or no name at all, is drawn at random
    (:func:`games.kit.votes.count_ec_vote`)."""
    between, deciders = state["decision"]["between"], state["decision"]["deciders"]
    choices = {decider: (submissions.get(decider) or {}).get("ec") for decider in deciders}
    vote = count_ec_vote(between, deciders, choices, rng)
    lines: Lines = []
    for decider in deciders:
        state["votes"][decider] = choices[decider]
        if decider in vote.named:
            lines.append(LogLine(f"{decider} names {vote.named[decider]}.", HOST))
        else:
            lines.append(LogLine(f"{decider} named nobody in time and abstains.", PUBLIC))
    if not vote.named:
        text = (
            f"Nobody named anyone in time, so the Elimination Candidate was drawn at random among {join_names(between)}"
        )
    else:
        votes = ", ".join(f"{name} {count}" for name, count in vote.tally.items())
        text = f"Votes for the Elimination Candidate: {votes}" + (" (a tie, drawn at random)" if vote.drawn else "")
    lines.append(LogLine(f"{text}. {vote.chosen} is the Elimination Candidate.", PUBLIC))
    state["ec"] = [vote.chosen]
    state["step"] = OVER
    return lines
