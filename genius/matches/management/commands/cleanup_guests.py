"""``manage.py cleanup_guests``: remove guest accounts idle for more than a week (see ``genius.matches.services.guest_cleanup``)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from genius.matches.services import guest_cleanup as guests


class Command(BaseCommand):
    help = (f"Remove guest accounts idle for more than {guests.IDLE_DAYS} days with no seat in a match still to be "
            "played (their seats in finished matches stay).")

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--dry-run", action="store_true", help="Only say how many would be removed.")

    def handle(self, *args: Any, dry_run: bool = False, **options: Any) -> None:
        if dry_run:
            count = guests.idle_guests().count()
            self.stdout.write(f"{count} idle guest account(s) would be removed.")
            return
        count = guests.remove_idle_guests()
        self.stdout.write(f"Removed {count} idle guest account(s).")
