"""The clock's share of notifications (every tick of either clock, through the seasons' sweep)."""

from __future__ import annotations

import logging
from datetime import datetime

from genius.notify.digests import send_digests
from genius.notify.emails import send_alert_emails, send_decision_emails, send_phase_emails
from genius.notify.seat_emails import send_seat_emails
from genius.notify.webhooks import sweep_deliveries

log = logging.getLogger(__name__)


def sweep(now: datetime | None = None) -> None:
    """The clock's share of notifications: reminder emails, emails of seats given, webhook retries. Never
    raises."""
    for step in (send_phase_emails, send_alert_emails, send_decision_emails, send_seat_emails, send_digests,
                 sweep_deliveries):
        try:
            step(now)
        except Exception:
            log.exception("notifications: %s failed", step.__name__)
