"""Round submissions: checking and normalizing them, the defaults, and random bot moves.

A player's round: a movement card, a 0/1 for the Kingwizard's movement, BP set aside for
battles and for the minigame, and at most one garnet→BP purchase. The Kingwizard gives a 0/1
and battle BP per board. The next round's Kingwizard adds their plan (``next``).
"""

from __future__ import annotations

import random
from typing import Any

from games.blob_party.common import BOARDS, as_int, plural, round_king
from games.blob_party.plan import check_plan, random_plan
from games.engines.protocol import SubmissionError

#: Garnet→BP purchases: BP bought → garnets it costs.
PURCHASES: dict[int, int] = {5: 3, 7: 4}
#: The movement cards each player starts with ("W" is the wild card).
CARDS: list[Any] = [1, 2, 3, 4, 5, "W"]

PLAYER_KEYS = ("card", "king", "battle_bp", "minigame_bp", "buy", "next")
KING_KEYS = ("king", "battle_bp", "minigame_bp", "buy")


# --- movement cards -------------------------------------------------------------


def card_value(card: Any) -> int:
    """The spaces a played card moves: its number, or the number given with the wild card (W4 → 4)."""
    return card if isinstance(card, int) else int(card[1:])


def card_name(card: Any) -> Any:
    """The card in a player's hand that ``card`` uses (W4 → W)."""
    return card if isinstance(card, int) else "W"


def lowest_card(cards: list[Any]) -> Any:
    """The default card: the lowest numbered card left; the wild card counts as 1 when it is all that is left."""
    numbers = [card for card in cards if isinstance(card, int)]
    return min(numbers) if numbers else "W1"


def parse_card(value: Any) -> Any:
    """A card as written (3, "3", "W4", "w 4") in normal form (3 or "W4"), or None if it is no card."""
    number = as_int(value)
    if number is not None:
        return number if 1 <= number <= 5 else None
    if isinstance(value, str):
        text = value.replace(" ", "").upper()
        if len(text) == 2 and text[0] == "W" and text[1] in "12345":
            return text
    return None


def check_card(cards: list[Any], value: Any) -> Any:
    """The card must be one of the player's cards left; the wild card needs its number (W1-W5)."""
    card = parse_card(value)
    if card is None:
        if isinstance(value, str) and value.strip().upper() == "W":
            raise SubmissionError("card", "Say which number the wild card stands for (W1 to W5)")
        raise SubmissionError("card", "Play a movement card: 1 to 5, or the wild card as W1 to W5")
    if card_name(card) not in cards:
        shown = "the wild card" if card_name(card) == "W" else f"card {card}"
        raise SubmissionError("card", f"You have already played {shown}")
    return card


# --- 0/1, BP and purchases ----------------------------------------------------------


def check_step(value: Any, field: str) -> int:
    """A 0/1 for the Kingwizard's movement."""
    number = as_int(value)
    if number not in (0, 1):
        raise SubmissionError(field, "The Kingwizard's movement takes 0 or 1")
    return number


def check_amount(value: Any, field: str) -> int:
    """A BP amount: a whole number, 0 or more."""
    number = as_int(value)
    if number is None or number < 0:
        raise SubmissionError(field, "Set aside a whole number of BP, 0 or more")
    return number


def check_buy(garnets: int, value: Any) -> int | None:
    """One purchase a round: 5 BP for 3 garnets or 7 BP for 4, refused without the garnets."""
    if value is None or value == "" or value == 0:
        return None
    amount = as_int(value)
    if amount not in PURCHASES:
        raise SubmissionError("buy", "You can buy 5 BP (3 garnets) or 7 BP (4 garnets)")
    cost = PURCHASES[amount]
    if garnets < cost:
        raise SubmissionError("buy", f"{amount} BP cost {plural(cost, 'garnet')} and you have {garnets}")
    return amount


def check_total(held: int, bought: int | None, battle: int, minigame: int) -> None:
    """Battle BP and minigame BP together may not exceed the BP held plus this round's purchase."""
    total = battle + minigame
    available = held + (bought or 0)
    if total > available:
        have = f"You have {held} BP" + (f" ({available} with your purchase)" if bought else "")
        raise SubmissionError("minigame_bp", f"{have}; battle and minigame BP together are {total}")


# --- whole submissions ----------------------------------------------------------------


def check_round(state: dict[str, Any], player: str, payload: dict[str, Any]) -> dict[str, Any]:
    """Check a round submission and return it in normal form, missing parts filled with defaults."""
    number = state["step"]
    if player == round_king(state, number):
        return check_king_round(state, player, payload)
    for key in payload:
        if key not in PLAYER_KEYS:
            raise SubmissionError("", f"'{key}' is not part of a round submission")
    out: dict[str, Any] = {}
    cards = state["cards"][player]
    out["card"] = lowest_card(cards) if payload.get("card") in (None, "") else check_card(cards, payload["card"])
    out["king"] = check_step(payload.get("king", 0), "king")
    if isinstance(payload.get("battle_bp"), dict):
        raise SubmissionError("battle_bp", "Only the Kingwizard sets battle BP per board; give one amount")
    out["battle_bp"] = check_amount(payload.get("battle_bp", 0), "battle_bp")
    out["minigame_bp"] = check_amount(payload.get("minigame_bp", 0), "minigame_bp")
    buy = check_buy(state["garnets"][player], payload.get("buy"))
    if buy is not None:
        out["buy"] = buy
    check_total(state["bp"][player], buy, out["battle_bp"], out["minigame_bp"])
    if "next" in payload:
        next_king = round_king(state, number + 1)
        if player != next_king:
            raise SubmissionError("", "Only the next round's Kingwizard names groups and traps")
        plan = check_plan(state, player, payload["next"], "next_")
        if plan:
            out["next"] = plan
    return out


def check_king_round(state: dict[str, Any], player: str, payload: dict[str, Any]) -> dict[str, Any]:
    """The Kingwizard's round: a 0/1 and battle BP for each board, minigame BP, a purchase."""
    for key in payload:
        if key not in KING_KEYS:
            if key == "card":
                raise SubmissionError("", "The Kingwizard plays no movement card this round")
            raise SubmissionError("", f"'{key}' is not part of the Kingwizard's submission")
    steps = payload.get("king") or {}
    if not isinstance(steps, dict) or any(board not in BOARDS for board in steps):
        raise SubmissionError("king_A", "Give your 0/1 for each board, as {'A': 0 or 1, 'B': 0 or 1}")
    battle = payload.get("battle_bp") or {}
    if not isinstance(battle, dict) or any(board not in BOARDS for board in battle):
        raise SubmissionError("battle_bp_A", "As the Kingwizard, give your battle BP for each board")
    out: dict[str, Any] = {
        "king": {board: check_step(steps.get(board, 0), f"king_{board}") for board in BOARDS},
        "battle_bp": {board: check_amount(battle.get(board, 0), f"battle_bp_{board}") for board in BOARDS},
        "minigame_bp": check_amount(payload.get("minigame_bp", 0), "minigame_bp"),
    }
    buy = check_buy(state["garnets"][player], payload.get("buy"))
    if buy is not None:
        out["buy"] = buy
    check_total(state["bp"][player], buy, sum(out["battle_bp"].values()), out["minigame_bp"])
    return out


def default_round(state: dict[str, Any], player: str) -> dict[str, Any]:
    """No submission: the lowest card, 0 for the Kingwizard, no BP set aside, no purchase.

    The next Kingwizard's missing plan is drawn at random when the round resolves.
    """
    if player == round_king(state, state["step"]):
        return {"king": {"A": 0, "B": 0}, "battle_bp": {"A": 0, "B": 0}, "minigame_bp": 0}
    return {"card": lowest_card(state["cards"][player]), "king": 0, "battle_bp": 0, "minigame_bp": 0}


def bot_round(state: dict[str, Any], player: str, rng: random.Random) -> dict[str, Any]:
    """A random legal round submission."""
    number = state["step"]
    garnets = state["garnets"][player]
    affordable = [amount for amount, cost in PURCHASES.items() if garnets >= cost]
    buy = rng.choice(affordable) if affordable and rng.random() < 0.4 else None
    available = state["bp"][player] + (buy or 0)
    minigame = rng.randint(0, min(available, 12))
    out: dict[str, Any]
    if player == round_king(state, number):
        battle_a = rng.randint(0, min(available - minigame, 26))
        battle_b = rng.randint(0, min(available - minigame - battle_a, 26))
        out = {
            "king": {"A": rng.randint(0, 1), "B": rng.randint(0, 1)},
            "battle_bp": {"A": battle_a, "B": battle_b},
            "minigame_bp": minigame,
        }
    else:
        card = rng.choice(state["cards"][player])
        if card == "W":
            card = f"W{rng.randint(1, 5)}"
        out = {
            "card": card,
            "king": rng.randint(0, 1),
            "battle_bp": rng.randint(0, min(available - minigame, 26)),
            "minigame_bp": minigame,
        }
        if player == round_king(state, number + 1) and rng.random() < 0.9:
            out["next"] = random_plan(state, player, rng)
    if buy is not None:
        out["buy"] = buy
    return out
