"""What a finished match says to the one looking at it: "You placed 6th of 7", and what to do next.

The public result (placement, prizes and what they mean) is the status part's; this is the viewer's own
line, rendered with the page and filled in by ``static/genius/results.js`` when the match ends live.
"""

from __future__ import annotations

from genius.matches.models import Match, Seat


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }".replace(" ", "")


def placed_text(match: Match, seat: Seat | None) -> str:
    """"You placed 6th of 7" for a seat of a finished match with a placement ("" otherwise)."""
    if seat is None or match.status != Match.Status.FINISHED:
        return ""
    placement = match.placement or {}
    place = placement.get(seat.name)
    if not isinstance(place, int) or isinstance(place, bool):
        return ""
    tied = sum(1 for p in placement.values() if p == place) > 1
    return f"You placed {ordinal(place)} of {len(placement)}" + (" (tied)" if tied else "")
