"""The web form of the open phase: flat named fields, parsed back into a payload."""

from __future__ import annotations

from typing import Any

from games.engines.protocol import Field, SubmissionError

from .common import BOARDS, ROUNDS, round_king
from .plan import GROUP_SIZE, group_field, plan_players, trap_field
from .submissions import PURCHASES, card_value
from .tiles import TILE_LABELS, trap_spaces

NO_PURCHASE = ("", "No purchase")


def form_fields(engine: Any, state: dict[str, Any], player: str) -> list[Field]:
    """The fields ``player`` fills in the open phase (none if they do not act)."""
    spec = engine.phase(state)
    if spec is None or player not in spec.actors:
        return []
    step = state["step"]
    if step == 0:
        return plan_fields(state, player, "", "Round 1")
    if step > ROUNDS:
        between = state["result"]["pending"]["between"]
        return [Field("ec", "Elimination Candidate", "choice", tuple((p, p) for p in between),
                      help="Name one of the players tied for the fewest orbs.")]
    if player == round_king(state, step):
        fields = king_fields(state, player)
    else:
        fields = player_fields(state, player)
    if player == round_king(state, step + 1):
        fields += plan_fields(state, player, "next_", f"Round {step + 1}")
    return fields


def balance_help(state: dict[str, Any], player: str) -> str:
    """The BP balance shown beside the BP fields."""
    return (f"You have {state['bp'][player]} BP (and {state['garnets'][player]} garnets). Battle and minigame BP "
            "together may not exceed your BP plus this round's purchase; all of it is consumed.")


def buy_field(state: dict[str, Any], player: str) -> Field:
    """One garnet→BP purchase a round; only what the player can afford is offered."""
    garnets = state["garnets"][player]
    choices = [NO_PURCHASE] + [
        (str(bp), f"{bp} BP for {cost} garnets") for bp, cost in PURCHASES.items() if garnets >= cost
    ]
    return Field("buy", "Buy BP with garnets", "choice", tuple(choices), required=False,
                 help=f"You have {garnets} garnets; one purchase a round.", group="BP")


def player_fields(state: dict[str, Any], player: str) -> list[Field]:
    """A player's round: card, 0/1, battle BP, minigame BP, purchase."""
    cards = []
    for card in state["cards"][player]:
        if card == "W":
            cards += [(f"W{n}", f"Wild card as {n}") for n in range(1, 6)]
        else:
            cards.append((str(card), f"Card {card}"))
    help_bp = balance_help(state, player)
    return [
        Field("card", "Movement card", "choice", tuple(cards),
              help="Each card is used once. Without a choice your lowest card is played.", group="Move"),
        Field("king", "Your 0/1 for the Kingwizard's movement", "choice", (("0", "0"), ("1", "1")),
              help="Your group's 0/1s and the Kingwizard's own make the Kingwizard's move on your board.",
              group="Move"),
        Field("battle_bp", "BP set aside for battles", "int", required=False, help=help_bp, group="BP"),
        Field("minigame_bp", "BP bid in the minigame", "int", required=False,
              help="The highest unique bid wins 10 orbs. " + help_bp, group="BP"),
        buy_field(state, player),
    ]


def king_fields(state: dict[str, Any], player: str) -> list[Field]:
    """The Kingwizard's round: a 0/1 and battle BP per board, minigame BP, purchase."""
    help_bp = balance_help(state, player)
    fields = []
    for board in BOARDS:
        fields.append(Field(f"king_{board}", f"Your 0/1 on board {board}", "choice", (("0", "0"), ("1", "1")),
                            help=f"Added to board {board}'s group's 0/1s: the sum is how far you move there.",
                            group=f"Board {board}"))
        fields.append(Field(f"battle_bp_{board}", f"BP set aside for battles on board {board}", "int",
                            required=False, help=help_bp, group=f"Board {board}"))
    fields.append(Field("minigame_bp", "BP bid in the minigame", "int", required=False,
                        help="The highest unique bid wins 10 orbs. " + help_bp, group="BP"))
    fields.append(buy_field(state, player))
    return fields


def plan_fields(state: dict[str, Any], king: str, prefix: str, title: str) -> list[Field]:
    """A Kingwizard's plan: who plays each board in which order, and a trap space per board."""
    people = (("", "Random"),) + tuple((p, p) for p in plan_players(state, king))
    fields = []
    for board in BOARDS:
        for place in range(1, GROUP_SIZE + 1):
            fields.append(Field(group_field(prefix, board, place), f"Board {board}, mover {place + 1}", "choice",
                                people, required=False, group=f"{title}: board {board}",
                                help="You move first; left blank, a place is filled at random."))
        spaces = (("", "Random"),) + tuple(
            (str(n), f"{n} · {TILE_LABELS[state['boards'][board][n - 1]]}") for n in trap_spaces(state, board))
        fields.append(Field(trap_field(prefix, board), f"Trap space on board {board}", "choice", spaces,
                            required=False, group=f"{title}: board {board}",
                            help="Not on the Garnet or Big Battle tile; left blank, drawn at random."))
    return fields


# --- posted data → payload ----------------------------------------------------------------


def text(data: dict[str, Any], name: str) -> str:
    """A posted value as stripped text ('' when absent)."""
    value = data.get(name, "")
    if isinstance(value, list):
        value = value[-1] if value else ""
    return "" if value is None else str(value).strip()


def number(data: dict[str, Any], name: str) -> int:
    """A posted BP amount ('' is 0)."""
    value = text(data, name)
    if value == "":
        return 0
    if not value.isdigit():
        raise SubmissionError(name, "Write a whole number of BP, 0 or more")
    return int(value)


def parse_plan(data: dict[str, Any], prefix: str) -> dict[str, Any]:
    """The plan fields → ``{"groups": ..., "traps": ...}`` (blank places stay random)."""
    groups = {board: [text(data, group_field(prefix, board, n)) or None for n in range(1, GROUP_SIZE + 1)]
              for board in BOARDS}
    traps = {board: text(data, trap_field(prefix, board)) for board in BOARDS}
    plan: dict[str, Any] = {}
    if any(name for names in groups.values() for name in names):
        plan["groups"] = groups
    if any(traps.values()):
        plan["traps"] = {board: value for board, value in traps.items() if value}
    return plan


def parse_form(engine: Any, state: dict[str, Any], player: str, data: dict[str, Any]) -> dict[str, Any]:
    """Posted strings → the payload, checked by the engine (errors name the field)."""
    spec = engine.phase(state)
    if spec is None or player not in spec.actors:
        raise SubmissionError("", "You have nothing to submit in this phase")
    step = state["step"]
    payload: dict[str, Any]
    if step == 0:
        payload = parse_plan(data, "")
    elif step > ROUNDS:
        payload = {"ec": text(data, "ec")}
    elif player == round_king(state, step):
        payload = {
            "king": {board: text(data, f"king_{board}") or 0 for board in BOARDS},
            "battle_bp": {board: number(data, f"battle_bp_{board}") for board in BOARDS},
            "minigame_bp": number(data, "minigame_bp"),
        }
    else:
        payload = {
            "king": text(data, "king") or 0,
            "battle_bp": number(data, "battle_bp"),
            "minigame_bp": number(data, "minigame_bp"),
        }
        if text(data, "card"):
            payload["card"] = text(data, "card")
        if player == round_king(state, step + 1):
            plan = parse_plan(data, "next_")
            if plan:
                payload["next"] = plan
    if 1 <= step <= ROUNDS and text(data, "buy"):
        payload["buy"] = text(data, "buy")
    return engine.check(state, player, payload)


def plan_initial(plan: dict[str, Any] | None, prefix: str) -> dict[str, str]:
    """A plan → its field values."""
    values: dict[str, str] = {}
    plan = plan or {}
    for board in BOARDS:
        names = (plan.get("groups") or {}).get(board) or []
        for n in range(1, GROUP_SIZE + 1):
            values[group_field(prefix, board, n)] = (names[n - 1] or "") if n <= len(names) else ""
        trap = (plan.get("traps") or {}).get(board)
        values[trap_field(prefix, board)] = "" if trap is None else str(trap)
    return values


def form_initial(state: dict[str, Any], player: str, payload: dict[str, Any] | None) -> dict[str, Any]:
    """The form values that show ``payload`` (empty fields when there is none)."""
    payload = payload or {}
    step = state["step"]
    if step == 0:
        return plan_initial(payload, "")
    if step > ROUNDS:
        return {"ec": payload.get("ec", "")}
    buy = payload.get("buy")
    values: dict[str, Any] = {"minigame_bp": str(payload.get("minigame_bp", 0)), "buy": str(buy) if buy else ""}
    if player == round_king(state, step):
        steps = payload.get("king") or {}
        battle = payload.get("battle_bp") or {}
        for board in BOARDS:
            values[f"king_{board}"] = str(steps.get(board, 0))
            values[f"battle_bp_{board}"] = str(battle.get(board, 0))
        return values
    card = payload.get("card")
    values["card"] = "" if card is None else (card if isinstance(card, str) else str(card_value(card)))
    values["king"] = str(payload.get("king", 0))
    values["battle_bp"] = str(payload.get("battle_bp", 0))
    if player == round_king(state, step + 1):
        values.update(plan_initial(payload.get("next"), "next_"))
    return values
