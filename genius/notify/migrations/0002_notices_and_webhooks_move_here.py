"""Notice and WebhookDelivery move here from the matches app (label ``games``), tables and rows as they are.

State only: each keeps its table (``games_notice``, ``games_webhookdelivery``).
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0007_match_community_season_community'),
        ('notify', '0001_alert_rounds'),
        ('seasons', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Notice',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('opened', 'Opened'), ('reminder', 'Before the deadline')], max_length=8)),
                        ('recipients', models.JSONField(blank=True, default=list)),
                        ('error', models.CharField(blank=True, max_length=300)),
                        ('sent_at', models.DateTimeField()),
                        ('decision', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='notices', to='seasons.decision')),
                        ('phase', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='notices', to='games.phase')),
                    ],
                    options={
                        'db_table': 'games_notice',
                        'ordering': ['-sent_at'],
                        'constraints': [models.UniqueConstraint(condition=models.Q(('phase__isnull', False)), fields=('phase', 'kind'), name='one_notice_per_phase'), models.UniqueConstraint(condition=models.Q(('decision__isnull', False)), fields=('decision', 'kind'), name='one_notice_per_decision')],
                    },
                ),
                migrations.CreateModel(
                    name='WebhookDelivery',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('url', models.URLField(max_length=500)),
                        ('content', models.TextField()),
                        ('status', models.CharField(choices=[('pending', 'Pending'), ('sent', 'Sent'), ('failed', 'Failed')], default='pending', max_length=8)),
                        ('attempts', models.PositiveSmallIntegerField(default=0)),
                        ('next_try_at', models.DateTimeField()),
                        ('last_error', models.CharField(blank=True, max_length=300)),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('sent_at', models.DateTimeField(blank=True, null=True)),
                        ('match', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='games.match')),
                        ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='webhook_deliveries', to='seasons.season')),
                    ],
                    options={
                        'verbose_name_plural': 'webhook deliveries',
                        'db_table': 'games_webhookdelivery',
                        'ordering': ['-created', '-pk'],
                        'indexes': [models.Index(fields=['status', 'next_try_at'], name='webhook_due_idx')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
