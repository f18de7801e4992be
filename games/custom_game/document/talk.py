"""The design's ``talk`` checked and normalized: no press, the site's talk, or rooms that follow a kept value
(games/custom_game/RULES.md, "Talk that follows the game"; played by :mod:`games.custom_game.talk_rooms`)."""

from __future__ import annotations

import re
from typing import Any

from games.engines.design_problems import Problem
from games.kit.numbers import shown

from .limits import KEY_PATTERN

_NAME = re.compile(f"^{KEY_PATTERN}$")


def check_talk(raw: Any, problems: list[Problem]) -> dict[str, Any]:
    """The design's ``talk`` normalized ({} for the site's talk), or problems naming what is wrong."""
    if raw is None or raw is True:
        return {}
    if raw is False:
        return {"talk": False}
    if not isinstance(raw, dict):
        problems.append(Problem("Talk", f"talk is yes, no, or {{\"rooms\": value name}}, not {shown(raw)}", "talk"))
        return {}
    unknown = sorted(str(k) for k in raw if k not in ("rooms", "everyone"))
    if unknown:
        problems.append(Problem("Talk", f"talk has no setting {shown(unknown[0])} (its settings: rooms, everyone)",
                                "talk"))
    rooms, everyone = raw.get("rooms"), raw.get("everyone", True)
    if not isinstance(rooms, str) or not _NAME.match(rooms):
        problems.append(Problem("Talk", "the rooms are a kept value's name (lower-case letters, digits and _, "
                                        f"as keep(\"rooms\", …) names it), not {shown(rooms)}", "talk"))
        rooms = None
    if not isinstance(everyone, bool):
        problems.append(Problem("Talk", f"talk's everyone is yes or no, not {shown(everyone)}", "talk"))
        everyone = True
    return {"talk": {"rooms": rooms, "everyone": everyone}} if rooms else {}
