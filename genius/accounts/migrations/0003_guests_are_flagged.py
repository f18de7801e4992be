"""A guest is marked by a flag on its profile (``Profile.is_guest``), no longer told by its name.

Every existing account whose name starts with ``guest-`` (as ``genius.accounts.guests`` makes them) and that is
not staff is flagged: the name policy keeps that prefix for guests, so such an account was made as a guest, and
one that was given a password at ``/accounts/password/set/`` before guests were refused there stays a guest
until it signs up (which gives it a name under the policy). Going back drops the flag.
"""

from django.db import migrations, models

GUEST_PREFIX = "guest-"


def flag_guests(apps, schema_editor) -> None:
    User = apps.get_model("auth", "User")
    Profile = apps.get_model("accounts", "Profile")
    ids = list(User.objects.filter(username__startswith=GUEST_PREFIX, is_staff=False, is_superuser=False)
               .values_list("pk", flat=True))
    Profile.objects.filter(user_id__in=ids).update(is_guest=True)
    have = set(Profile.objects.filter(user_id__in=ids).values_list("user_id", flat=True))
    Profile.objects.bulk_create([Profile(user_id=pk, is_guest=True) for pk in ids if pk not in have], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_email_addresses_unconfirmed"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="is_guest",
            field=models.BooleanField(default=False, editable=False, verbose_name="Guest",
                                      help_text="Made on the fly for a practice match; cleared when the guest signs up."),
        ),
        migrations.RunPython(flag_guests, migrations.RunPython.noop),
    ]
