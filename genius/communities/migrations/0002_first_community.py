"""Carry an existing site over: every season, every hosted match and every design goes into a first community
whose owners are today's staff users (who hosted everything until now), so nothing is lost and every host keeps
hosting what they hosted. Practice matches and challenges stay outside any community: only their players see
them, as before. A fresh database (no staff, nothing hosted) gets no community."""

from django.db import migrations

NAME, SLUG = "First community", "first"
PRACTICE_PREFIX = "Practice: "  # genius.matches.services.solo.TITLE_PREFIX, frozen here


def forwards(apps, schema_editor):
    User = apps.get_model("auth", "User")
    Community = apps.get_model("communities", "Community")
    Membership = apps.get_model("communities", "Membership")
    Season = apps.get_model("games", "Season")
    Match = apps.get_model("games", "Match")
    GameDesign = apps.get_model("designs", "GameDesign")
    Challenge = apps.get_model("challenges", "Challenge")

    challenged = Challenge.objects.exclude(match__isnull=True).values("match_id")
    matches = (Match.objects.exclude(season__isnull=True, title__startswith=PRACTICE_PREFIX)
               .exclude(pk__in=challenged))
    staff = User.objects.filter(is_staff=True).order_by("pk")
    if not (staff.exists() or Season.objects.exists() or matches.exists() or GameDesign.objects.exists()):
        return
    slug, n = SLUG, 1
    while Community.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{SLUG}-{n}"
    community = Community.objects.create(
        name=NAME, slug=slug, visibility="public", joining="request", created_by=staff.first(),
        description="The community every season, lobby and design made before communities belongs to.")
    Membership.objects.bulk_create([Membership(community=community, user=u, role="owner") for u in staff])
    Season.objects.filter(community__isnull=True).update(community=community)
    matches.filter(community__isnull=True).update(community=community)
    GameDesign.objects.filter(community__isnull=True).update(community=community)


def backwards(apps, schema_editor):
    Community = apps.get_model("communities", "Community")
    for name in ("Season", "Match"):
        apps.get_model("games", name).objects.filter(community__slug__startswith=SLUG).update(community=None)
    apps.get_model("designs", "GameDesign").objects.filter(community__slug__startswith=SLUG).update(community=None)
    Community.objects.filter(slug__startswith=SLUG, name=NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("communities", "0001_initial"),
        ("games", "0007_match_community_season_community"),
        ("designs", "0002_gamedesign_community"),
        ("challenges", "0001_initial"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
