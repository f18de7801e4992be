"""Every write goes through these services: check, then do, inside one transaction.

Views, admin actions, consumers and tasks call them and hold no rules.
"""

