"""What the matches app announces, for the apps above it to hear (matches never imports them).

``match_finished(sender=Match, match=match, now=now)``: sent inside the resolution's transaction, once the
match's outcome and its Tokens of Life are stored; receivers run in the same transaction (a season
hands out its decisions and Death Matches there) and an exception from one fails the resolution,
so receivers that must never fail it catch their own errors (``genius.seasons``).
"""

from __future__ import annotations

from django.dispatch import Signal

match_finished = Signal()
