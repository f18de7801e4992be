"""Every write goes through these services: check, then do, inside one transaction.

Views, admin actions, consumers and tasks call them and hold no rules.
"""

from genius.matches.services.errors import ServiceError  # noqa: F401
