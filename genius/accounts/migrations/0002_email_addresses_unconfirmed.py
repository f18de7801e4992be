"""Every account's email address becomes an allauth ``EmailAddress`` row, not confirmed.

Before allauth any address typed was used at once, someone else's too: none was ever confirmed, so none is
marked so here. Reminders and password resets wait until the owner clicks the link the profile page sends
(README, "Notifications and time zones"). Addresses are stored in lower case, as allauth keeps them; the
account's own ``User.email`` is left as it was.
"""

from django.db import migrations


def add_unconfirmed_rows(apps, schema_editor) -> None:
    User = apps.get_model("auth", "User")
    EmailAddress = apps.get_model("account", "EmailAddress")
    rows = [EmailAddress(user_id=user_id, email=email.strip().lower(), verified=False, primary=True)
            for user_id, email in User.objects.exclude(email="").values_list("pk", "email").iterator()
            if email.strip()]
    EmailAddress.objects.bulk_create(rows, batch_size=500, ignore_conflicts=True)


def remove_rows(apps, schema_editor) -> None:
    apps.get_model("account", "EmailAddress").objects.filter(verified=False).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0001_profile"),
        ("account", "0009_emailaddress_unique_primary_email"),
    ]

    operations = [migrations.RunPython(add_unconfirmed_rows, remove_rows)]
