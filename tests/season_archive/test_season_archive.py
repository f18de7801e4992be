"""A whole season to take away (genius.seasons.archive): exported as one archive, imported elsewhere as a new
season with the same standings and every match replayed; a faulty archive is refused in one line, whole."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from genius.matches.models import Match
from genius.seasons import archive
from genius.seasons.models import Decision, Season

from .helpers import another_installation, facts, rewrite, simulated_season

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def exported(django_db_setup, django_db_blocker):
    """One simulated season's archive and facts (simulated once for the module, then rolled back)."""
    with django_db_blocker.unblock():
        from django.db import transaction

        with transaction.atomic():
            season = simulated_season()
            result = facts(season), archive.export_season(season), season.slug
            transaction.set_rollback(True)
    return result


def test_a_simulated_season_comes_back_from_its_archive_with_the_same_standings_ledgers_and_decisions(host, exported):
    before, data, slug = exported
    imported = archive.import_season(data, host)
    assert facts(imported) == before
    assert before["eliminated"] and before["decisions"] and before["tol"] and before["garnets"]
    assert imported.host == host and imported.slug == slug
    assert set(imported.matches.values_list("origin", flat=True)) == {Match.Origin.SEASON}  # each a season's match


def test_every_match_of_an_imported_season_replays_to_the_result_it_had(host, exported):
    before, data, _ = exported
    imported = archive.import_season(data, host)
    got = facts(imported)["matches"]
    assert [m[:7] for m in got] == [m[:7] for m in before["matches"]]
    assert all(m[3] == Match.Status.FINISHED for m in got)


def test_the_archive_holds_every_match_file_and_the_season_rows(exported):
    before, data, _ = exported
    members = zipfile.ZipFile(io.BytesIO(data)).namelist()
    manifest = json.loads(zipfile.ZipFile(io.BytesIO(data)).read("season.json"))
    assert len([n for n in members if n.startswith("matches/")]) == len(before["matches"]) == len(manifest["matches"])
    assert manifest["format"] == archive.FORMAT and manifest["standings"]
    assert len(manifest["decisions"]) == len(before["decisions"])
    assert len(manifest["garnets"]) == len(before["garnets"]) and len(manifest["tol"]) == len(before["tol"])


def test_importing_twice_gives_two_seasons_with_their_own_addresses(host, exported):
    _, data, slug = exported
    first, second = archive.import_season(data, host), archive.import_season(data, host)
    assert first.slug != second.slug and {first.slug, second.slug} >= {slug}


@pytest.mark.parametrize("change, reason", [
    (lambda m: m["standings"][0].update(tol=99), "standings do not come out as archived"),
    (lambda m: m["matches"][0].update(placement={"nobody": 1}), "does not replay as the season played it"),
    (lambda m: m["matches"][0].update(phases_resolved=1), "replays"),
    (lambda m: m["decisions"][0].update(decider="st\u0430ranger"), "is not a player of the season"),
    (lambda m: m["players"].append({"name": "@everyone"}), "cannot be used here"),
    (lambda m: m["players"].append({"name": "x\ud800y"}), "too long or not text"),
    (lambda m: m["garnets"][0].update(amount="²"), "must be a whole number"),
    (lambda m: m["garnets"][0].update(amount=2**70), "out of range"),
    (lambda m: m["announcements"].append({"text": "hi", "created": "yesterday"}), "not a date and time"),
    (lambda m: m.update(version=2), "this site reads version 1"),
    (lambda m: m.update(format="other"), "not a Genius season archive"),
    (lambda m: m["matches"][0].update(ref="m999"), "is not in the archive"),
    (lambda m: m["matches"][0].update(kind="😀"), "neither main nor death"),
])
def test_a_faulty_archive_is_refused_in_one_line_and_nothing_is_imported(host, exported, change, reason):
    _, data, _ = exported
    seasons_before, matches_before = Season.objects.count(), Match.objects.count()
    with pytest.raises(archive.ArchiveError, match=reason) as caught:
        archive.import_season(rewrite(data, change), host)
    assert "\n" not in caught.value.message and caught.value.message.startswith("This season archive is not valid")
    assert (Season.objects.count(), Match.objects.count()) == (seasons_before, matches_before)


def test_a_match_file_that_does_not_play_is_refused_with_its_name(host, exported):
    _, data, _ = exported
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            body = src.read(info)
            if info.filename == "matches/m1.json":
                doc = json.loads(body)
                doc["phases"][0] = {doc["players"][0]: {"nonsense": "²"}}
                body = json.dumps(doc).encode()
            dst.writestr(info.filename, body)
    with pytest.raises(archive.ArchiveError, match="matches/m1.json: phase 1"):
        archive.import_season(out.getvalue(), host)
    assert not Season.objects.exists()


@pytest.mark.parametrize("data, reason", [
    (b"", "not a zip file"),
    ("@everyone ² \U0001F600".encode(), "not a zip file"),
])
def test_a_file_that_is_not_an_archive_is_refused(host, data, reason):
    with pytest.raises(archive.ArchiveError, match=reason):
        archive.import_season(data, host)


def test_an_archive_with_foreign_files_or_without_season_json_is_refused(host):
    for members, reason in (({"../evil.json": b"{}"}, "a file it should not"),
                            ({"matches/m1.json": b"{}"}, "no season.json"),
                            ({"season.json": b"{NaN"}, "not valid JSON")):
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as dst:
            for name, body in members.items():
                dst.writestr(name, body)
        with pytest.raises(archive.ArchiveError, match=reason):
            archive.import_season(out.getvalue(), host)


def test_an_archive_that_unpacks_to_too_much_is_refused_before_unpacking(host, monkeypatch):
    monkeypatch.setattr(archive, "MAX_UNPACKED", 1000)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        dst.writestr("season.json", b" " * 5000)
    with pytest.raises(archive.ArchiveError, match="unpacks to more than"):
        archive.import_season(out.getvalue(), host)


def test_open_decisions_carry_on_from_the_import_with_the_time_they_had_left(host, exported):
    _, data, _ = exported

    def reopen(manifest):
        d = manifest["decisions"][-1]
        d.update(status="open", choice=None, decided_at=None, opened_at=manifest["exported"],
                 deadline=manifest["exported"][:-6] + "+00:00")

    imported = archive.import_season(rewrite(data, reopen), host)
    last = Decision.objects.filter(episode__season=imported).order_by("pk").last()
    assert last.status == Decision.Status.OPEN and last.deadline >= last.opened_at


def test_a_host_downloads_the_archive_from_the_season_page_and_imports_it_on_the_import_page(client, host, exported):
    before, data, _ = exported
    client.force_login(host)
    imported = archive.import_season(data, host)
    response = client.get(reverse("season-archive", args=[imported.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert f'filename="season-{imported.slug}.zip"' in response["Content-Disposition"]
    page = client.get(reverse("season", args=[imported.slug])).content.decode()
    assert reverse("season-archive", args=[imported.slug]) in page and reverse("season-import") in page
    another_installation(imported)
    upload = io.BytesIO(response.content)
    upload.name = "season.zip"
    answer = client.post(reverse("season-import"), {"archive": upload})
    assert answer.status_code == 302
    new = Season.objects.get()
    assert answer["Location"] == reverse("season", args=[new.slug])
    assert facts(new)["standings"] == before["standings"]


def test_the_import_page_refuses_a_bad_archive_with_its_reason_and_no_500(client, host):
    client.force_login(host)
    upload = io.BytesIO("not a zip ² @everyone".encode())
    upload.name = "x.zip"
    answer = client.post(reverse("season-import"), {"archive": upload})
    assert answer.status_code == 400
    assert "This season archive is not valid: it is not a zip file" in answer.content.decode()
    assert not Season.objects.exists()


def test_only_hosts_download_and_import_season_archives(client, ana, exported, host):
    _, data, _ = exported
    imported = archive.import_season(data, host)
    client.force_login(ana)
    assert client.get(reverse("season-archive", args=[imported.slug])).status_code == 404
    assert client.get(reverse("season-import")).status_code in (403, 404)


def test_the_import_command_imports_an_archive_file_and_refuses_a_bad_one_in_one_line(tmp_path, host, exported):
    before, data, _ = exported
    path = tmp_path / "season.zip"
    path.write_bytes(data)
    out = io.StringIO()
    call_command("import_season", str(path), "--host", "host", "--community", "house", stdout=out)
    assert "Imported" in out.getvalue()
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"nope")
    with pytest.raises(CommandError, match="not a zip file"):
        call_command("import_season", str(bad), "--host", "host", "--community", "house")
    exported_file = tmp_path / "again.zip"
    season = Season.objects.get()
    call_command("export_season", season.slug, str(exported_file), stdout=io.StringIO())
    assert zipfile.ZipFile(exported_file).read("season.json")


def test_a_season_whose_next_match_waits_in_its_lobby_comes_back_with_that_lobby_seated_as_it_was(host, make_user):
    from genius.seasons.models import SeasonPlayer
    from genius.seasons.services.episodes import create_episode

    season = Season.objects.create(name="Waiting", slug="waiting")
    for n in range(3):
        SeasonPlayer.objects.create(season=season, user=make_user(f"p{n}x"))
    lobby = create_episode(season.pk, game="rituals-gone-bad", seed=9, house_bots=True)
    seats = sorted(lobby.seats.values_list("name", "user__username", "is_bot"))
    data = archive.export_season(season)
    another_installation(season)
    imported = archive.import_season(data, host)
    again = imported.matches.get()
    assert again.status == Match.Status.LOBBY and again.episode.number == 1 and again.seed == 9
    assert sorted(again.seats.values_list("name", "user__username", "is_bot")) == seats


def test_a_lobby_in_an_archive_with_settings_its_game_refuses_is_refused(host, make_user):
    from genius.seasons.models import SeasonPlayer
    from genius.seasons.services.episodes import create_episode

    season = Season.objects.create(name="Waiting", slug="waiting")
    for n in range(3):
        SeasonPlayer.objects.create(season=season, user=make_user(f"p{n}x"))
    create_episode(season.pk, game="rituals-gone-bad", seed=9, house_bots=True)
    data = rewrite(archive.export_season(season),
                   lambda m: m["matches"][0]["lobby"].update(config={"leaders": ["\u00b2"] * 3}))
    another_installation(season)
    with pytest.raises(archive.ArchiveError, match="match 1: "):
        archive.import_season(data, host)
    assert not Season.objects.exists()


def test_the_designs_a_seasons_matches_used_travel_with_its_archive_and_come_back_as_the_hosts_designs(host, make_user):
    from genius.designs import services as designs
    from genius.designs.models import GameDesign
    from genius.seasons.models import SeasonPlayer

    owner = make_user("designer", staff=True)
    design = designs.create(owner, "Our own game")
    season = Season.objects.create(name="Custom", slug="custom")
    SeasonPlayer.objects.create(season=season, user=make_user("cz1"))
    designs.open_lobby(design, title="", seats_wanted=7, season=season, phase_seconds=3600)
    data = archive.export_season(season)
    assert [n for n in zipfile.ZipFile(io.BytesIO(data)).namelist() if n.startswith("designs/")] == ["designs/1.json"]
    another_installation(season)
    imported = archive.import_season(data, host)
    mine = GameDesign.objects.get(owner=host)
    assert mine.document == design.document and mine.title == "Our own game"
    assert imported.matches.get().config == {"design": design.document}
    broken = rewrite(data, lambda m: m.update(designs=["designs/9.json"]))
    with pytest.raises(archive.ArchiveError, match="the design 'designs/9.json' is not in the archive"):
        archive.import_season(broken, host)
