"""The web form of the open phase: flat named fields, parsed back into a payload."""

from __future__ import annotations

from typing import Any

from games.blob_party.common import BOARDS, ROUNDS, plural, round_king
from games.blob_party.plan import GROUP_SIZE, group_field, ordinal, plan_players, trap_field
from games.blob_party.submissions import CARDS, PURCHASES, card_value
from games.blob_party.tiles import TILE_LABELS, trap_spaces
from games.engines.protocol import Field, SubmissionError
from games.kit.numbers import INT64_MAX, parse_int

NO_PURCHASE = ("", "No purchase")
#: Choices that offer their own blank ("Random", "No purchase") are marked required so that the
#: page adds no second, unexplained blank option; leaving them blank is still allowed.
OWN_BLANK = True


def form_fields(engine: Any, state: dict[str, Any], player: str) -> list[Field]:
    """The fields ``player`` fills in the open phase (none if they do not act)."""
    spec = engine.phase(state)
    if spec is None or player not in spec.actors:
        return []
    step = state["step"]
    if step == 0:
        return plan_fields(state, player, "", 1)
    if step > ROUNDS:
        return [decision_field(state)]
    if player == round_king(state, step):
        fields = king_fields(state, player)
    else:
        fields = player_fields(state, player)
    if player == round_king(state, step + 1):
        fields += plan_fields(state, player, "next_", step + 1)
    return fields


def balance_help(state: dict[str, Any], player: str) -> str:
    """The BP balance shown beside the BP fields."""
    return (f"You have {state['bp'][player]} BP (and {plural(state['garnets'][player], 'garnet')}). Battle and minigame BP "
            "together may not exceed your BP plus this round's purchase; all of it is consumed.")


MINIGAME_HELP = ("All seven play: the highest bid nobody else made wins 10 orbs (0 wins nothing). Only the winner is "
                 "announced; every bid is consumed.")


def buy_field(state: dict[str, Any], player: str) -> Field:
    """One garnet→BP purchase a round; only what the player can afford is offered."""
    garnets = state["garnets"][player]
    choices = [NO_PURCHASE] + [
        (str(bp), f"{bp} BP for {plural(cost, 'garnet')}") for bp, cost in PURCHASES.items() if garnets >= cost
    ]
    note = "" if len(choices) > 1 else " 5 BP cost 3 garnets, 7 BP cost 4."
    return Field("buy", "Buy BP with garnets", "choice", tuple(choices), required=OWN_BLANK,
                 help=f"You have {plural(garnets, 'garnet')}; one purchase a round, made before anyone moves.{note}",
                 group="Battle points")


def card_label(card: Any) -> str:
    """A card as a player names it."""
    return "the wild card" if card == "W" else f"card {card}"


def my_place(state: dict[str, Any], player: str) -> tuple[str, int] | None:
    """The board ``player`` plays this round and their place in its turn order (the Kingwizard is 1st)."""
    plan = state.get("plan") or {}
    for board in BOARDS:
        group = (plan.get("groups") or {}).get(board) or []
        if player in group:
            return board, group.index(player) + 2
    return None


def player_fields(state: dict[str, Any], player: str) -> list[Field]:
    """A player's round: card, 0/1, battle BP, minigame BP, purchase."""
    cards = []
    for card in state["cards"][player]:
        if card == "W":
            cards += [(f"W{n}", f"Wild card as {n}") for n in range(1, 6)]
        else:
            cards.append((str(card), f"Card {card}"))
    used = [card for card in CARDS if card not in state["cards"][player]]
    played = f" Already played: {', '.join(card_label(c) for c in used)}." if used else ""
    place = my_place(state, player)
    heading = "Moving"
    if place is not None:
        board, nth = place
        order = [state["plan"]["king"], *state["plan"]["groups"][board]]
        heading = f"Board {board}: you move {ordinal(nth)} (after {', '.join(order[:nth - 1])})"
    return [
        Field("card", "Movement card", "choice", tuple(cards),
              help=f"You move that many spaces, skipping occupied ones. Each card is played once.{played} "
                   "Without a choice your lowest card is played.", group=heading),
        Field("king", "Your 0/1 for the Kingwizard's movement", "choice", (("0", "0"), ("1", "1")),
              help="Your group's 0/1s and the Kingwizard's own make the Kingwizard's move on your board; "
                   "only the sum is announced.", group=heading),
        Field("battle_bp", "BP set aside for battles", "int", required=False,
              help="To win a battle on your board, at least the monster's cost. " + balance_help(state, player),
              group="Battle points"),
        Field("minigame_bp", "BP bid in the minigame", "int", required=False, help=MINIGAME_HELP,
              group="Battle points"),
        buy_field(state, player),
    ]


def king_fields(state: dict[str, Any], player: str) -> list[Field]:
    """The Kingwizard's round: a 0/1 and battle BP per board, minigame BP, purchase."""
    groups = (state.get("plan") or {}).get("groups") or {}
    fields = []
    for board in BOARDS:
        heading = f"Board {board}: you move first, then {', '.join(groups.get(board) or [])}"
        fields.append(Field(f"king_{board}", f"Your 0/1 on board {board}", "choice", (("0", "0"), ("1", "1")),
                            help=f"Added to board {board}'s group's 0/1s: the sum (0 to 4) is how far you move "
                                 "there; with 0 you stay put and play no tile.", group=heading))
        fields.append(Field(f"battle_bp_{board}", f"BP set aside for battles on board {board}", "int",
                            required=False, help=balance_help(state, player), group=heading))
    fields.append(Field("minigame_bp", "BP bid in the minigame", "int", required=False, help=MINIGAME_HELP,
                        group="Battle points"))
    fields.append(buy_field(state, player))
    return fields


def plan_fields(state: dict[str, Any], king: str, prefix: str, number: int) -> list[Field]:
    """A Kingwizard's plan: who plays each board in which order, and a trap space per board."""
    people = (("", "Random"),) + tuple((p, p) for p in plan_players(state, king))
    ahead = "" if number == 1 else " You choose without knowing how this round turns out."
    fields = []
    for board in BOARDS:
        heading = f"Your plan for round {number}, board {board}"
        for place in range(1, GROUP_SIZE + 1):
            fields.append(Field(group_field(prefix, board, place), f"Board {board}, {ordinal(place + 1)} to move",
                                "choice", people, required=OWN_BLANK, group=heading,
                                help="" if place > 1 else "You move 1st on both boards. Each player goes in one "
                                     f"place; a place left blank is filled at random.{ahead}"))
        fields.append(Field(trap_field(prefix, board), f"Trap space on board {board}", "choice",
                            trap_choices(state, board), required=OWN_BLANK, group=heading,
                            help="Not on the Garnet or Big Battle tile; it may cover an older trap. "
                                 "Left blank, drawn at random."))
    return fields


def trap_choices(state: dict[str, Any], board: str) -> tuple[tuple[str, str], ...]:
    """The spaces a trap may go on, each with its tile (and the start space or a trap already there)."""
    choices = [("", "Random")]
    for n in trap_spaces(state, board):
        label = f"{n} · {TILE_LABELS[state['boards'][board][n - 1]]}"
        if n == state["start"][board]:
            label += " (start space)"
        if str(n) in state["traps"][board]:
            label += " (a trap is there)"
        choices.append((str(n), label))
    return tuple(choices)


def decision_field(state: dict[str, Any]) -> Field:
    """The EC decision: one of the players tied for the fewest orbs."""
    between = state["result"]["pending"]["between"]
    orbs = state["orbs"][between[0]]
    return Field("ec", "Elimination Candidate", "choice", tuple((p, p) for p in between),
                 help=f"{', '.join(between)} tie for the fewest orbs ({orbs}). The player named most by the deciders "
                      "is the Elimination Candidate; a tie between names is drawn at random.")


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
    return parse_int(value, field=name, lo=0, hi=INT64_MAX, message="Write a whole number of BP, 0 or more")


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
