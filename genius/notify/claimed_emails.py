"""Emails sent once each, whichever process gets there first: each row is claimed (its "emailed" time set where it
was still empty) and then sent to its person's confirmed address; a row whose person has none is claimed and
skipped (the page's alert tells them), and a failed send is logged, not tried again."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TypeVar

from django.core.mail import EmailMessage, get_connection
from django.db import models

from genius.accounts.email_addresses import confirmed_addresses

Row = TypeVar("Row", bound=models.Model)


def send_each_once(rows: Sequence[Row], *, user_id: Callable[[Row], int | None], claim: Callable[[Row], bool],
                   message: Callable[[Row, str], EmailMessage], log: logging.Logger, failed: str) -> int:
    """Email each of ``rows`` that ``claim`` wins (False: another process has it) to its person's (``user_id``)
    confirmed address; ``failed`` (with the row's pk) is logged when a send fails. How many were sent."""
    addresses = confirmed_addresses([uid for uid in map(user_id, rows) if uid])
    sent = 0
    for row in rows:
        if not claim(row):
            continue  # another process claimed it
        to = addresses.get(user_id(row) or 0)
        if not to:
            continue  # no confirmed address: the page's alert tells them
        try:
            get_connection(fail_silently=False).send_messages([message(row, to)])
            sent += 1
        except Exception:
            log.warning(failed, row.pk, exc_info=True)
    return sent
