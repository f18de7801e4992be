"""The seasons' models move here from the matches app (label ``games``), tables and rows as they are.

State only: each model keeps its table (``games_season`` …), so nothing in the database changes;
``games.0008_season_and_notify_models_move_out`` then drops them from the matches app's state.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0007_match_community_season_community'),
        ('communities', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Season',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=100)),
                        ('slug', models.SlugField(unique=True)),
                        ('webhook_url', models.URLField(blank=True, help_text='Optional: each announcement is posted here as JSON {content}.')),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('host', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
                        ('community', models.ForeignKey(blank=True, help_text='The community that runs it: its owners and hosts host the season.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='seasons', to='communities.community')),
                    ],
                    options={
                        'db_table': 'games_season',
                        'ordering': ['-created'],
                    },
                ),
                migrations.CreateModel(
                    name='Episode',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveIntegerField()),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='episodes', to='seasons.season')),
                    ],
                    options={
                        'db_table': 'games_episode',
                        'ordering': ['season', 'number'],
                    },
                ),
                migrations.CreateModel(
                    name='SeasonAnnouncement',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('text', models.TextField()),
                        ('created', models.DateTimeField()),
                        ('episode', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='announcements', to='seasons.episode')),
                        ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='announcements', to='seasons.season')),
                    ],
                    options={
                        'db_table': 'games_seasonannouncement',
                        'ordering': ['created', 'pk'],
                    },
                ),
                migrations.CreateModel(
                    name='SeasonPlayer',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('eliminated_at', models.DateTimeField(blank=True, null=True)),
                        ('eliminated_in', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='games.match')),
                        ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='players', to='seasons.season')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='season_entries', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_seasonplayer',
                    },
                ),
                migrations.CreateModel(
                    name='Decision',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('give_tol', 'Hand out a Token of Life'), ('death_match', 'Pick a Death Match opponent'), ('give_item', 'Give a Death Match item to a duelist')], max_length=12)),
                        ('order', models.PositiveSmallIntegerField(default=0, help_text='Decisions open in this order (equal: together).')),
                        ('status', models.CharField(choices=[('waiting', 'Waiting for an earlier decision'), ('open', 'Open'), ('decided', 'Decided')], default='waiting', max_length=8)),
                        ('options', models.JSONField(blank=True, default=list)),
                        ('can_leave', models.BooleanField(default=False, help_text='An EC holding a ToL may spend it to leave the DM.')),
                        ('opened_at', models.DateTimeField(blank=True, null=True)),
                        ('deadline', models.DateTimeField(blank=True, null=True)),
                        ('left', models.BooleanField(default=False, help_text='The EC spent a ToL to leave the Death Match.')),
                        ('by_default', models.BooleanField(default=False, help_text='Drawn at random: no choice by the deadline.')),
                        ('decided_at', models.DateTimeField(blank=True, null=True)),
                        ('note', models.CharField(blank=True, max_length=200)),
                        ('reminded', models.BooleanField(default=False)),
                        ('item', models.CharField(blank=True, help_text='A give_item decision: the item key (``match`` is the Death Match it is for).', max_length=40)),
                        ('choice', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('decider', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='season_decisions', to=settings.AUTH_USER_MODEL)),
                        ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='season_decisions', to='games.match')),
                        ('episode', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='decisions', to='seasons.episode')),
                    ],
                    options={
                        'db_table': 'games_decision',
                        'ordering': ['episode', 'order', 'pk'],
                        'indexes': [models.Index(fields=['status', 'deadline'], name='decision_due_idx')],
                    },
                ),
                migrations.AddConstraint(
                    model_name='episode',
                    constraint=models.UniqueConstraint(fields=('season', 'number'), name='one_episode_per_number'),
                ),
                migrations.AddConstraint(
                    model_name='seasonplayer',
                    constraint=models.UniqueConstraint(fields=('season', 'user'), name='one_entry_per_season'),
                ),
            ],
            database_operations=[],
        ),
    ]
