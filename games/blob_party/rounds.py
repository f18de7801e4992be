"""One round, in the order of operations of RULES.md ("Order of operations"):

1. garnet→BP purchases; 2. this round's traps are placed; 3. board A is played out in turn
order (Kingwizard first), then board B, each landing resolving its tile at once; 4. battle BP
set aside is consumed; 5. the minigame is resolved and its BP consumed; 6. the next start
spaces are fixed and the results announced.
"""

from __future__ import annotations

from typing import Any

from games.blob_party.board import advance, next_start
from games.blob_party.common import BOARDS, ROUNDS, Log, plural
from games.blob_party.minigame import MINIGAME_PRIZE, describe_ties, minigame_winner
from games.blob_party.submissions import PURCHASES, card_name, card_value
from games.blob_party.tiles import TILE_LABELS, play_tile
from games.blob_party.traps import place_traps, spring_trap, trap_owner


def play_round(s: dict[str, Any], subs: dict[str, dict[str, Any]], log: Log) -> dict[str, Any]:
    """Play round ``s["step"]`` on ``s`` (already a copy) and return its public summary."""
    number = s["step"]
    plan = s["plan"]
    king = plan["king"]
    log.public(f"Round {number} results (Kingwizard {king}).")
    for player in s["players"]:
        s["space"][player] = {}
    buy_bp(s, subs, log)
    place_traps(s, king, plan["traps"], log)
    summary: dict[str, Any] = {"round": number, "king": king, "king_moves": {}, "moves": {}, "start_from": {}}
    travelled: dict[str, list[tuple[str, int, int]]] = {}
    for board in BOARDS:
        summary["start_from"][board] = s["start"][board]
        travelled[board] = play_board(s, board, plan, subs, log, summary)
    consume_battle_bp(s, subs, log)
    summary["minigame"] = play_minigame(s, subs, log)
    summary["start"] = fix_start_spaces(s, travelled, log)
    log.public("Standings: " + "; ".join(
        f"{p} {plural(s['orbs'][p], 'orb')}, {plural(s['stars'][p], 'star')}" for p in s["players"]
    ) + ".")
    return summary


# --- step 1 -------------------------------------------------------------------------


def buy_bp(s: dict[str, Any], subs: dict[str, dict[str, Any]], log: Log) -> None:
    """Step 1: each purchase turns 3 garnets into 5 BP or 4 garnets into 7 BP (private)."""
    for player in s["players"]:
        amount = subs[player].get("buy")
        if not amount:
            continue
        cost = PURCHASES[amount]
        if s["garnets"][player] < cost:
            log.private(player, f"{player} cannot pay {plural(cost, 'garnet')} for {amount} BP: no purchase.")
            continue
        s["garnets"][player] -= cost
        s["bp"][player] += amount
        log.garnet(player, -cost, f"bought {amount} BP")
        log.private(player, f"{player} buys {amount} BP for {plural(cost, 'garnet')} "
                            f"({s['bp'][player]} BP, {plural(s['garnets'][player], 'garnet')} left).")


# --- step 3 -------------------------------------------------------------------------


def king_steps(subs: dict[str, dict[str, Any]], king: str, group: list[str], board: str) -> int:
    """The Kingwizard moves the sum of the group's 0/1s and their own 0/1 for that board (0-4)."""
    own = subs[king].get("king", {}).get(board, 0)
    return own + sum(subs[player].get("king", 0) for player in group)


def battle_bp_for(subs: dict[str, dict[str, Any]], player: str, board: str, king: str) -> int:
    """The BP ``player`` set aside for battles on ``board`` (the Kingwizard sets it per board)."""
    amount = subs[player].get("battle_bp", 0)
    if player == king:
        return amount.get(board, 0) if isinstance(amount, dict) else 0
    return amount


def play_board(s: dict[str, Any], board: str, plan: dict[str, Any], subs: dict[str, dict[str, Any]],
               log: Log, summary: dict[str, Any]) -> list[tuple[str, int, int]]:
    """Step 3: play one board out, Kingwizard first, then the group in turn order.

    Returns who moved how far and where: (player, spaces advanced, landing space), in order.
    """
    king = plan["king"]
    group = plan["groups"][board]
    start = s["start"][board]
    occupied: set[int] = set()
    moves: list[tuple[str, int, int]] = []
    record: list[dict[str, Any]] = []
    steps = king_steps(subs, king, group, board)
    summary["king_moves"][board] = steps
    log.public(f"Board {board} (start space {start}): the Kingwizard's movement adds up to {steps}.")
    for player in group:
        log.private(player, f"{player} gave {subs[player].get('king', 0)} for the Kingwizard's movement.")
    log.private(king, f"{king} gave {subs[king].get('king', {}).get(board, 0)} for their own movement on board {board}.")
    if steps == 0:
        log.public(f"Board {board}: {king} (Kingwizard) does not move and plays no tile.")
    else:
        move_and_land(s, board, king, steps, start, occupied, moves, record, subs, king, log)
    for player in group:
        card = subs[player]["card"]
        s["cards"][player].remove(card_name(card))
        if card_name(card) == "W":
            log.private(player, f"{player} plays the wild card as {card_value(card)}.")
        move_and_land(s, board, player, card_value(card), start, occupied, moves, record, subs, king, log)
    summary["moves"][board] = record
    return moves


def move_and_land(s: dict[str, Any], board: str, player: str, steps: int, start: int, occupied: set[int],
                  moves: list[tuple[str, int, int]], record: list[dict[str, Any]],
                  subs: dict[str, dict[str, Any]], king: str, log: Log) -> None:
    """Move ``player`` (occupied spaces skipped) and play what is on the landing space at once."""
    space, advanced = advance(start, steps, occupied)
    occupied.add(space)
    moves.append((player, advanced, space))
    s["space"][player][board] = space
    who = f"{player} (Kingwizard)" if player == king else player
    skipped = advanced - steps
    how = f"moves {steps}" + (f", skipping {plural(skipped, 'occupied space')}," if skipped else "")
    side = Log()
    if trap_owner(s, board, space) is not None:
        effect = spring_trap(s, board, space, player, side)
        tile = "Trap"
    else:
        tile = TILE_LABELS[s["boards"][board][space - 1]]
        effect = play_tile(s, board, space, player, battle_bp_for(subs, player, board, king), side)
    log.public(f"Board {board}: {who} {how} to space {space} ({tile}): {effect}.")
    log.lines.extend(side.lines)
    log.garnets.extend(side.garnets)
    record.append({"player": player, "steps": steps, "advanced": advanced, "space": space, "tile": tile})


# --- steps 4 and 5 ------------------------------------------------------------------


def consume_battle_bp(s: dict[str, Any], subs: dict[str, dict[str, Any]], log: Log) -> None:
    """Step 4: all BP set aside for battles is consumed, whether it was used or not."""
    for player in s["players"]:
        amount = subs[player].get("battle_bp", 0)
        total = sum(amount.values()) if isinstance(amount, dict) else amount
        if total:
            s["bp"][player] = max(0, s["bp"][player] - total)
            log.private(player, f"{player}'s {total} BP set aside for battles are consumed ({s['bp'][player]} BP left).")


def play_minigame(s: dict[str, Any], subs: dict[str, dict[str, Any]], log: Log) -> str | None:
    """Step 5: the highest unique bid wins 10 orbs; every bid is consumed; only the winner is announced."""
    bids = {player: subs[player].get("minigame_bp", 0) for player in s["players"]}
    for player, amount in bids.items():
        s["bp"][player] = max(0, s["bp"][player] - amount)
        log.private(player, f"{player} bid {amount} BP in the minigame ({s['bp'][player]} BP left).")
    winner, passed = minigame_winner(bids)
    if passed:
        log.host(f"Minigame ties passed the win down: {describe_ties(passed)}.")
    if winner is None:
        log.public("Minigame: nobody wins.")
        return None
    s["orbs"][winner] += MINIGAME_PRIZE
    log.host(f"{winner} won the minigame with the highest unique bid, {bids[winner]} BP.")
    log.public(f"Minigame: {winner} wins {MINIGAME_PRIZE} orbs ({s['orbs'][winner]}).")
    return winner


# --- step 6 -------------------------------------------------------------------------


def fix_start_spaces(s: dict[str, Any], travelled: dict[str, list[tuple[str, int, int]]], log: Log) -> dict[str, int]:
    """Step 6: each board's next start space is where the furthest traveller stands (later mover on a tie)."""
    for board in BOARDS:
        space, player = next_start(travelled[board], s["start"][board])
        s["start"][board] = space
        if player is not None and s["step"] < ROUNDS:
            log.public(f"Board {board}'s next start space is space {space}, where {player} stands (travelled furthest).")
    return dict(s["start"])
