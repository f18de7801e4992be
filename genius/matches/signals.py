"""What the matches app announces, for the apps above it to hear (matches never imports them).

``match_finished(sender=Match, match=match, now=now)``: sent inside the resolution's transaction, once the
match's outcome and its Tokens of Life are stored; receivers run in the same transaction (a season
hands out its decisions and Death Matches there) and an exception from one fails the resolution,
so receivers that must never fail it catch their own errors (``genius.seasons``).

``phase_resolved(sender=Match, match_id=…, phase_id=…)``: sent after the commit of a resolution, for each
phase of a match in a season (its public announcement goes to the season's webhook: ``genius.notify``).
"""

from __future__ import annotations

from django.dispatch import Signal

match_finished = Signal()
phase_resolved = Signal()
