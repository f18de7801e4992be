"""``Match.origin``: what sort of match it is (practice, lobby, challenge, season, a host's Death Match), set
where a match is made; ``0014_match_origin_of_existing_rows`` gives the rows made before it theirs."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0012_match_closes_when_all_locked_in'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='origin',
            field=models.CharField(choices=[('practice', 'Practice against bots'), ('lobby', 'Lobby'), ('challenge', 'Challenge between two players'), ('season', "Season's match (Main Match or Death Match from an EC's pick)"), ('death_match', 'Death Match set up by a host')], db_index=True, default='lobby', help_text="What sort of match it is, by the path that made it: practice against bots, a lobby (a host's, a design's, the admin's, an imported match file), a challenge between two players, a season's Main Match or Death Match from an EC's pick, or a Death Match a host set up at /dm/new/. Never read from the title.", max_length=12),
        ),
    ]
