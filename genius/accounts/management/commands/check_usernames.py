"""``manage.py check_usernames``: list stored user names that break the user-name policy.

Reports each name that breaks ``genius.accounts.names`` (with the reason) and each group of names
that look alike. Staff accounts (hosts, made by the site's owner) may hold a reserved word such as
the demo's ``admin``; every other rule applies to them too. Only guest accounts (flagged so on their profile,
made by ``genius.accounts.guests``) may start with ``guest-``. Exit status 0 when every name is fine,
1 when something was found. Names are printed escaped, so any name can be shown.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from genius.accounts import guests, names


def _shown(name: str) -> str:
    return ascii(name)


class Command(BaseCommand):
    help = "List user names that break the user-name policy, and names that look alike. Exit 1 if any."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--quiet", action="store_true", help="print nothing when every name is fine")

    def handle(self, *args, **options) -> None:
        rows = list(get_user_model().objects.order_by("pk").values_list("pk", "username", "is_staff"))
        flagged = set(guests.guest_users().values_list("pk", flat=True))
        found = 0
        for pk, username, is_staff in rows:
            reason = names.problem(username, reserved=not is_staff, guest=pk in flagged)
            if reason:
                found += 1
                self.stdout.write(f"user {pk} {_shown(username)}: {reason}")
        for group in names.lookalike_groups(row[1] for row in rows):
            found += 1
            self.stdout.write("look alike: " + ", ".join(_shown(name) for name in group))
        if found:
            raise CommandError(f"{found} problem(s) among {len(rows)} user names.", returncode=1)
        if not options["quiet"]:
            self.stdout.write(f"All {len(rows)} user names follow the policy.")
