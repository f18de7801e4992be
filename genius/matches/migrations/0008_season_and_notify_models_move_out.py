"""The seasons' and the notify app's models leave the matches app (label ``games``), tables and rows as they are.

``seasons.0001_initial`` and ``notify.0002_notices_and_webhooks_move_here`` took them into their apps' state
with the same tables; here the match's links and the ledgers' season point at the new models, and the old
entries leave this app's state. Nothing in the database changes but the content types (and so the
permissions given to them), which follow their models to the new app labels.
"""

import django.db.models.deletion
from django.db import migrations, models

MOVED = {"seasons": ["season", "seasonplayer", "episode", "decision", "seasonannouncement"],
         "notify": ["notice", "webhookdelivery"]}


def _move_content_types(apps, schema_editor, *, forward: bool) -> None:
    content_type = apps.get_model("contenttypes", "ContentType")
    for app, names in MOVED.items():
        old, new = ("games", app) if forward else (app, "games")
        for name in names:
            if not content_type.objects.filter(app_label=new, model=name).exists():
                content_type.objects.filter(app_label=old, model=name).update(app_label=new)


def forward(apps, schema_editor) -> None:
    _move_content_types(apps, schema_editor, forward=True)


def backward(apps, schema_editor) -> None:
    _move_content_types(apps, schema_editor, forward=False)


class Migration(migrations.Migration):

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('games', '0007_match_community_season_community'),
        # the first community's data migration reads games.Season: it runs while the model is still here
        ('communities', '0002_first_community'),
        ('notify', '0002_notices_and_webhooks_move_here'),
        ('seasons', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='match',
                    name='season',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='matches', to='seasons.season'),
                ),
                migrations.AlterField(
                    model_name='match',
                    name='episode',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='matches', to='seasons.episode'),
                ),
                migrations.AlterField(
                    model_name='match',
                    name='dm_pick',
                    field=models.ForeignKey(blank=True, help_text="A Death Match: the EC's pick it was created from.", null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='death_matches', to='seasons.decision'),
                ),
                migrations.AlterField(
                    model_name='garnetentry',
                    name='season',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='garnet_entries', to='seasons.season'),
                ),
                migrations.AlterField(
                    model_name='tolentry',
                    name='season',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='tol_entries', to='seasons.season'),
                ),
                migrations.DeleteModel(name='Notice'),
                migrations.DeleteModel(name='WebhookDelivery'),
                migrations.DeleteModel(name='SeasonAnnouncement'),
                migrations.DeleteModel(name='Decision'),
                migrations.DeleteModel(name='SeasonPlayer'),
                migrations.DeleteModel(name='Episode'),
                migrations.DeleteModel(name='Season'),
            ],
            database_operations=[migrations.RunPython(forward, backward)],
        ),
    ]
