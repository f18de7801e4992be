"""Errors the match services raise beyond :class:`genius.core.errors.ServiceError`."""

from __future__ import annotations

from genius.core.errors import ServiceError


class PhaseClosed(ServiceError):
    """The phase's deadline has passed (or it is paused): the submission is refused."""
