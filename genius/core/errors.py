"""The error every service raises when it refuses a request, with a message a person can act on."""

from __future__ import annotations


class ServiceError(ValueError):
    """A refused request; ``field`` names the form field at fault, when there is one."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field
