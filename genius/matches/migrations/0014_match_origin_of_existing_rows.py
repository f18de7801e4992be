"""``Match.origin`` of the rows made before it (the field and its index come in ``0013_match_origin``, in a
migration of their own: PostgreSQL builds no index in a transaction that has just updated the table's rows).

This is the one place that reads a title to learn a match's sort: the rows made before the field had nothing
else to tell a practice match by. The prefixes are frozen here as they were written then
(``genius.matches.services.solo.TITLE_PREFIX``, the challenges' "Challenge: a vs b"):

- a match of a season's episode (its Main Match, a Death Match from an EC's pick, either played again) → season;
- a match some challenge started → challenge (so is one titled "Challenge: …" outside any season and community);
- a match outside any season and community titled "Practice: …" → practice (a hosted lobby a host titled so
  stays a lobby);
- everything else → lobby: a host's or a design's lobby (a season's too), the admin's, an imported match file,
  and a Death Match a host set up at /dm/new/, which nothing recorded apart from a lobby (its title is the
  host's to choose, and its seats' answers are cleared once accepted).
"""

from django.db import migrations

PRACTICE_PREFIX = "Practice: "  # genius.matches.services.solo.TITLE_PREFIX, frozen here
CHALLENGE_PREFIX = "Challenge: "  # genius.challenges.services: f"Challenge: {a} vs {b}", frozen here


def forwards(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Challenge = apps.get_model("challenges", "Challenge")
    outside = Match.objects.filter(season__isnull=True, community__isnull=True)
    Match.objects.update(origin="lobby")
    Match.objects.filter(episode__isnull=False).update(origin="season")
    challenged = Challenge.objects.exclude(match__isnull=True).values("match_id")
    Match.objects.filter(pk__in=challenged).update(origin="challenge")
    outside.filter(episode__isnull=True, title__startswith=CHALLENGE_PREFIX).update(origin="challenge")
    outside.filter(episode__isnull=True, title__startswith=PRACTICE_PREFIX).update(origin="practice")


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0013_match_origin'),
        ('challenges', '0001_initial'),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
