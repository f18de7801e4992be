"""A game's own check of a move that failed (not the move): the move is refused in safe words, and the host is told.

An engine raises :class:`CheckFailed` from ``check`` when a check the host wrote fails or runs past its limits
(a custom game's check when a move is sent, say). It is a :class:`SubmissionError`, so every path that refuses a
move refuses this one; the site also tells the match's host its :attr:`~CheckFailed.problem`.
"""

from __future__ import annotations

from .protocol import SubmissionError


class CheckFailed(SubmissionError):
    """The move is refused with ``message`` (the players' words); ``problem`` is why, in the host's words."""

    def __init__(self, field: str, message: str, problem: str) -> None:
        super().__init__(field, message)
        self.problem = problem
