"""A whole season to take away: one archive a host downloads, and another installation imports as a new season.

The archive is a zip file:

- ``season.json``: the season (name, players and their eliminations, episodes), every match's place in
  it (episode, kind, seat owners, Death Match pick, placement), the garnet and ToL ledgers, the
  decisions, the announcements and the standings when it was taken;
- ``matches/<ref>.json``: each started match's match file (docs/MATCHFILE.md);
- ``designs/<n>.json``: the game designs its matches used.

:func:`import_season` checks it as match files are checked: any fault is one line
(:class:`ArchiveError`) and nothing is saved (one transaction). Every match is replayed from its file;
its status and placement must come out as the archive says, and the standings computed from the imported
ledgers must equal the archived ones. Players are matched to accounts here by user name; a name with no
account here gets a new account without a password (the site's owner gives it one). Open decisions and
unfinished matches carry on from the import: their clocks start again with the time they had left.
"""

from __future__ import annotations

import io
import json
import zipfile
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.text import slugify

from games.engines.matchfile import MAX_BYTES as MATCH_FILE_BYTES
from games.engines.registry import get_engine, slugs
from genius.accounts import names
from genius.core.errors import ServiceError
from genius.designs.documents import DesignError, validate_design
from genius.designs.models import GameDesign
from genius.matches.models import GarnetEntry, Match, TolEntry
from genius.matches.services import lifecycle, lobbies, matchfiles
from genius.seasons.models import Decision, Episode, Season, SeasonAnnouncement, SeasonPlayer
from genius.seasons.services.standings import standings

FORMAT = "genius-season-archive"
VERSION = 1
#: An uploaded archive is at most this large, and unpacks to at most ``MAX_UNPACKED`` bytes.
MAX_BYTES = 50 * 1024 * 1024
MAX_UNPACKED = 200 * 1024 * 1024
MAX_MEMBERS = 5000
MAX_TEXT = 2000


class ArchiveError(ServiceError):
    """A season archive that cannot be imported; the message is one line saying why."""

    def __init__(self, message: str) -> None:
        super().__init__(f"This season archive is not valid: {message}")


# --- export ------------------------------------------------------------------------------------------------


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def _design_key() -> tuple[str, str] | None:
    for slug in slugs():
        for field in get_engine(slug).spec.config:
            if field.kind == "design":
                return slug, field.key
    return None


def archive_name(season: Season) -> str:
    return f"season-{season.slug}.zip"


def export_season(season: Season) -> bytes:
    """The season's archive (see the module's docstring), as the bytes of a zip file."""
    users = {u.pk: u.get_username() for u in get_user_model().objects.filter(season_entries__season=season)}
    matches = list(season.matches.order_by("pk"))
    ref: dict[int | None, str] = {match.pk: f"m{n}" for n, match in enumerate(matches, start=1)}  # None: no match
    decisions = list(Decision.objects.filter(episode__season=season).order_by("pk"))
    dref: dict[int | None, str] = {d.pk: f"d{n}" for n, d in enumerate(decisions, start=1)}
    design = _design_key()
    designs: list[dict[str, Any]] = []
    files: dict[str, bytes] = {}
    rows = []
    for match in matches:
        seat_users = dict(match.seats.filter(user__isnull=False).values_list("name", "user__username"))
        users.update(dict(match.seats.filter(user__isnull=False).values_list("user_id", "user__username")))
        rows.append({
            "ref": ref[match.pk], "title": match.title, "kind": match.kind,
            "episode": match.episode.number if match.episode else None,
            "status": match.status, "placement": match.placement or {}, "seat_users": seat_users,
            "bots": list(match.seats.filter(is_bot=True).values_list("name", flat=True)),
            "dm_pick": dref.get(match.dm_pick_id), "start_when_items_given": match.start_when_items_given,
            "phase_seconds": match.phase_seconds, "turn_seconds": match.turn_seconds,
            "decision_seconds": match.decision_seconds, "reminder_lead_seconds": match.reminder_lead_seconds,
            "phases_resolved": match.phases.filter(status="resolved").count(),
        })
        if match.status == Match.Status.LOBBY:  # not started (a Death Match waiting for its items): no match file
            rows[-1]["lobby"] = {"game": match.game, "seed": match.seed, "config": match.config,
                                 "seats_wanted": match.seats_wanted,
                                 "seats": [{"name": s.name, "user": s.user.get_username() if s.user else None,
                                            "is_bot": s.is_bot} for s in match.seats.select_related("user")]}
        else:
            files[f"matches/{ref[match.pk]}.json"] = json.dumps(matchfiles.export_match(match), indent=1).encode()
        if design and match.game == design[0] and isinstance(match.config.get(design[1]), dict):
            doc = match.config[design[1]]
            if doc not in designs:
                designs.append(doc)
    for n, doc in enumerate(designs, start=1):
        files[f"designs/{n}.json"] = json.dumps(doc, indent=1).encode()

    def ledger(rows_: Any) -> list[dict[str, Any]]:
        return [{"player": users.get(r.user_id) or r.user.get_username(), "amount": r.amount, "reason": r.reason,
                 "match": ref.get(r.match_id), "created": _when(r.created),
                 **({"phase_number": r.phase_number} if isinstance(r, GarnetEntry) else {})}
                for r in rows_.select_related("user").order_by("created", "pk")]

    manifest = {
        "format": FORMAT, "version": VERSION, "exported": _when(timezone.now()),
        "season": {"name": season.name, "slug": season.slug},
        "players": [{"name": e.user.get_username(), "eliminated_at": _when(e.eliminated_at),
                     "eliminated_in": ref.get(e.eliminated_in_id)}
                    for e in season.players.select_related("user").order_by("pk")],
        "episodes": list(season.episodes.order_by("number").values_list("number", flat=True)),
        "matches": rows,
        "garnets": ledger(season.garnet_entries),
        "tol": ledger(season.tol_entries),
        "decisions": [{
            "ref": dref[d.pk], "episode": d.episode.number, "match": ref.get(d.match_id), "kind": d.kind,
            "order": d.order, "decider": users.get(d.decider_id) or d.decider.get_username(), "status": d.status,
            "options": [users.get(o) or _username(o) for o in d.options], "can_leave": d.can_leave,
            "opened_at": _when(d.opened_at), "deadline": _when(d.deadline),
            "choice": (users.get(d.choice_id) or _username(d.choice_id)) if d.choice_id else None,
            "left": d.left, "by_default": d.by_default, "decided_at": _when(d.decided_at), "note": d.note,
            "reminded": d.reminded, "item": d.item,
        } for d in decisions],
        "announcements": [{"episode": a.episode.number if a.episode else None, "text": a.text,
                           "created": _when(a.created)}
                          for a in season.announcements.select_related("episode").order_by("created", "pk")],
        "standings": _standings(season),
        "designs": sorted(name for name in files if name.startswith("designs/")),
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("season.json", json.dumps(manifest, indent=1))
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue()


def _username(user_id: int) -> str:
    user = get_user_model().objects.filter(pk=user_id).first()
    return user.get_username() if user else f"user-{user_id}"


def _standings(season: Season) -> list[dict[str, Any]]:
    return [{"player": row.entry.user.get_username(), "tol": row.tol, "garnets": row.garnets,
             "still_in": row.still_in} for row in standings(season)]


# --- reading an archive safely ---------------------------------------------------------------------------------


def read_archive(data: bytes) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The manifest and the other members of an archive, or ArchiveError (size, members, JSON)."""
    if len(data) > MAX_BYTES:
        raise ArchiveError(f"the file is larger than {MAX_BYTES // (1024 * 1024)} MiB")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise ArchiveError("it is not a zip file (download it again from the season's host page)") from None
    if len(infos) > MAX_MEMBERS:
        raise ArchiveError(f"it holds more than {MAX_MEMBERS} files")
    if sum(i.file_size for i in infos) > MAX_UNPACKED:
        raise ArchiveError(f"it unpacks to more than {MAX_UNPACKED // (1024 * 1024)} MiB")
    members: dict[str, bytes] = {}
    for info in infos:
        name = info.filename
        if info.is_dir():
            continue
        ok = name == "season.json" or (
            name.count("/") == 1 and name.split("/")[0] in ("matches", "designs") and name.endswith(".json")
            and name.split("/")[1][:-5].isascii() and name.split("/")[1][:-5].isalnum())
        if not ok:
            raise ArchiveError(f"it holds a file it should not: {names_shown(name)}")
        if name in members:
            raise ArchiveError(f"it holds {name} twice")
        if info.file_size > MATCH_FILE_BYTES:
            raise ArchiveError(f"{name} is larger than {MATCH_FILE_BYTES // (1024 * 1024)} MiB")
        try:
            with archive.open(info) as handle:
                members[name] = handle.read(MATCH_FILE_BYTES + 1)
        except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError):
            raise ArchiveError(f"{name} cannot be unpacked (damaged or encrypted)") from None
        if len(members[name]) > MATCH_FILE_BYTES:
            raise ArchiveError(f"{name} is larger than it says")
    if "season.json" not in members:
        raise ArchiveError("it has no season.json (is it a season archive?)")
    manifest = _json(members.pop("season.json"), "season.json")
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise ArchiveError("season.json is not a Genius season archive's")
    if manifest.get("version") != VERSION:
        raise ArchiveError(f"it is version {names_shown(manifest.get('version'))}; this site reads version {VERSION}")
    return manifest, members


def names_shown(value: Any) -> str:
    """A value from the file, safe to show in one line (no control characters, at most 60 characters)."""
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    text = "".join(c if c.isprintable() else "\ufffd" for c in text)
    return repr(text[:60] + ("…" if len(text) > 60 else ""))


def _json(data: bytes, name: str) -> Any:
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ArchiveError(f"{name} is not valid JSON ({str(exc)[:80]})") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


class _Reader:
    """Typed fields of the manifest, each fault one line naming where it is."""

    def __init__(self, where: str, value: Any) -> None:
        if not isinstance(value, dict):
            raise ArchiveError(f"{where} is not an object")
        self.where, self.value = where, value

    def get(self, key: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
        if key not in self.value:
            if optional:
                return None
            raise ArchiveError(f"{self.where} has no {key!r}")
        value = self.value[key]
        if value is None and optional:
            return None
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ArchiveError(f"{self.where}: {key} must be a whole number, not {names_shown(value)}")
        if not isinstance(value, kind):
            raise ArchiveError(f"{self.where}: {key} has the wrong type ({names_shown(value)})")
        if isinstance(value, int) and not isinstance(value, bool) and not -(2**63) <= value < 2**63:
            raise ArchiveError(f"{self.where}: {key} is out of range")
        if isinstance(value, str) and (len(value) > MAX_TEXT or any(0xD800 <= ord(c) <= 0xDFFF for c in value)):
            raise ArchiveError(f"{self.where}: {key} is too long or not text")
        return value

    def when(self, key: str) -> datetime | None:
        value = self.get(key, str, optional=True)
        if value is None:
            return None
        try:
            parsed = parse_datetime(value)
        except ValueError:
            parsed = None
        if parsed is None or parsed.tzinfo is None:
            raise ArchiveError(f"{self.where}: {key} is not a date and time with its zone ({names_shown(value)})")
        return parsed


def _list(manifest: dict[str, Any], key: str) -> list[Any]:
    value = manifest.get(key, [])
    if not isinstance(value, list):
        raise ArchiveError(f"season.json: {key} is not a list")
    return value


# --- import ------------------------------------------------------------------------------------------------


def import_season(data: bytes, host: Any, *, name: str = "", now: datetime | None = None,
                  community: Any = None) -> Season:
    """A new season from an archive, every match replayed; refused whole (ArchiveError) if anything is wrong."""
    manifest, members = read_archive(data)
    now = now or timezone.now()
    with transaction.atomic():
        return _Importer(manifest, members, host, now, community).run(name)


class _Importer:
    def __init__(self, manifest: dict[str, Any], members: dict[str, bytes], host: Any, now: datetime,
                 community: Any = None) -> None:
        self.manifest, self.members, self.host, self.now = manifest, members, host, now
        self.community = community
        self.users: dict[str, Any] = {}
        self.matches: dict[str, Match] = {}
        self.episodes: dict[int, Episode] = {}

    def run(self, name: str) -> Season:
        info = _Reader("season.json: season", self.manifest.get("season"))
        title = (name or info.get("name", str)).strip()
        if not title or len(title) > 100:
            raise ArchiveError("the season's name must be 1 to 100 characters")
        season = Season.objects.create(name=title, slug=self._slug(info.get("slug", str)), host=self.host,
                                       community=self.community)
        self.season = season
        players = [_Reader(f"season.json: player {n}", p) for n, p in enumerate(_list(self.manifest, "players"), 1)]
        for player in players:
            self._user(player.get("name", str), player.where)
        entries = {n: SeasonPlayer.objects.create(season=season, user=u) for n, u in self.users.items()}
        if len(entries) != len(players):
            raise ArchiveError("a player is listed twice")
        for number in _list(self.manifest, "episodes"):
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 100_000 \
                    or number in self.episodes:
                raise ArchiveError(f"season.json: episodes holds {names_shown(number)}")
            self.episodes[number] = Episode.objects.create(season=season, number=number)
        self._designs()
        rows = [_Reader(f"match {n}", row) for n, row in enumerate(_list(self.manifest, "matches"), 1)]
        for row in rows:
            self._match(row)
        decisions = self._decisions()
        for row in rows:
            pick = row.get("dm_pick", str, optional=True)
            if pick is not None:
                if pick not in decisions:
                    raise ArchiveError(f"{row.where}: its Death Match pick {names_shown(pick)} is not a decision here")
                Match.objects.filter(pk=self.matches[row.get("ref", str)].pk).update(dm_pick=decisions[pick])
        for player in players:
            entry = entries[player.get("name", str)]
            entry.eliminated_at = player.when("eliminated_at")
            entry.eliminated_in = self._match_ref(player, "eliminated_in")
            entry.save(update_fields=["eliminated_at", "eliminated_in"])
        self._ledgers()
        for n, raw in enumerate(_list(self.manifest, "announcements"), 1):
            row = _Reader(f"announcement {n}", raw)
            SeasonAnnouncement.objects.create(season=season, episode=self._episode(row), text=row.get("text", str),
                                              created=row.when("created") or self.now)
        self._check_standings(season)
        return season

    # --- pieces ---

    def _slug(self, wanted: str) -> str:
        base = slugify(wanted)[:40] or "imported-season"
        slug, n = base, 1
        while Season.objects.filter(slug=slug).exists():
            n += 1
            slug = f"{base}-{n}"
        return slug

    def _user(self, username: str, where: str) -> Any:
        if username in self.users:
            return self.users[username]
        problem = names.problem(username, reserved=False, guest=True, min_length=1)
        if problem:
            raise ArchiveError(f"{where}: the user name {names_shown(username)} cannot be used here: {problem}")
        model = get_user_model()
        user = model.objects.filter(username=username).first()
        if user is None:
            user = model.objects.create_user(username=username)  # no password: the site's owner gives one
        self.users[username] = user
        return user

    def _player(self, row: _Reader, key: str, *, optional: bool = False) -> Any:
        value = row.get(key, str, optional=optional)
        if value is None:
            return None
        if value not in self.users:
            raise ArchiveError(f"{row.where}: {key} {names_shown(value)} is not a player of the season")
        return self.users[value]

    def _episode(self, row: _Reader) -> Episode | None:
        number = row.get("episode", int, optional=True)
        if number is None:
            return None
        if number not in self.episodes:
            raise ArchiveError(f"{row.where}: episode {number} is not in the season")
        return self.episodes[number]

    def _match_ref(self, row: _Reader, key: str) -> Match | None:
        ref = row.get(key, str, optional=True)
        if ref is None:
            return None
        if ref not in self.matches:
            raise ArchiveError(f"{row.where}: {key} {names_shown(ref)} is not a match of the archive")
        return self.matches[ref]

    def _designs(self) -> None:
        for name in _list(self.manifest, "designs"):
            if not isinstance(name, str) or name not in self.members or not name.startswith("designs/"):
                raise ArchiveError(f"season.json: the design {names_shown(name)} is not in the archive")
            try:
                doc = validate_design(_json(self.members[name], name))
            except DesignError as exc:
                raise ArchiveError(f"{name}: {str(exc)[:200]}") from None
            if not GameDesign.objects.filter(owner=self.host, document=doc).exists():
                GameDesign.objects.create(owner=self.host, title=str(doc.get("title", "Imported design"))[:80],
                                          document=doc, community=self.community)

    def _match(self, row: _Reader) -> None:
        ref = row.get("ref", str)
        if ref in self.matches:
            raise ArchiveError(f"{row.where}: {names_shown(ref)} is listed twice")
        if row.get("status", str) == Match.Status.LOBBY:
            self.matches[ref] = self._lobby(row)
            return
        file = f"matches/{ref}.json"
        if file not in self.members:
            raise ArchiveError(f"{row.where}: its match file {names_shown(file)} is not in the archive")
        kind = row.get("kind", str)
        if kind not in ("main", "death"):
            raise ArchiveError(f"{row.where}: kind {names_shown(kind)} is neither main nor death")
        lengths = {key: row.get(key, int) for key in ("phase_seconds", "turn_seconds", "decision_seconds",
                                                      "reminder_lead_seconds")}
        if not all(0 <= v <= 365 * 86400 for v in lengths.values()) or lengths["phase_seconds"] < 1:
            raise ArchiveError(f"{row.where}: a phase length is out of range (1 second to 365 days)")
        try:
            match = matchfiles.import_match(self.members[file], title=row.get("title", str)[:120],
                                            phase_seconds=lengths["phase_seconds"])
        except ServiceError as exc:
            raise ArchiveError(f"{file}: {exc.message.removeprefix('This match file is not valid: ')}") from None
        status, placement = row.get("status", str), row.get("placement", dict)
        resolved = match.phases.filter(status="resolved").count()
        if (match.status == Match.Status.FINISHED) != (status == Match.Status.FINISHED) or (
                status == Match.Status.FINISHED and match.placement != placement):
            raise ArchiveError(f"{file} does not replay as the season played it: it ends {match.status} with "
                               f"placement {names_shown(match.placement)}, the archive says {status} with "
                               f"{names_shown(placement)}")
        if resolved != row.get("phases_resolved", int):
            raise ArchiveError(f"{file} replays {resolved} phases; the season played {row.get('phases_resolved', int)}")
        seats = {s.name: s for s in match.seats.all()}
        owners = row.get("seat_users", dict)
        for seat_name, username in owners.items():
            if seat_name not in seats or not isinstance(username, str):
                raise ArchiveError(f"{row.where}: seat {names_shown(seat_name)} is not a seat of {file}")
            if username not in self.users:
                raise ArchiveError(f"{row.where}: seat {names_shown(seat_name)} belongs to "
                                   f"{names_shown(username)}, who is not a player of the season")
            seats[seat_name].user = self.users[username]
        bots = row.get("bots", list)
        for seat in seats.values():
            seat.is_bot = seat.name in bots
            seat.save(update_fields=["user", "is_bot"])
        Match.objects.filter(pk=match.pk).update(
            season=self.season, community_id=self.season.community_id, episode=self._episode(row), kind=kind,
            origin=Match.Origin.SEASON, start_when_items_given=bool(row.get("start_when_items_given", bool)), **lengths)
        self.matches[ref] = match

    def _lobby(self, row: _Reader) -> Match:
        """A match that had not started: its lobby again, seated as it was."""
        lobby = _Reader(f"{row.where}: lobby", row.get("lobby", dict))
        game, kind = lobby.get("game", str), row.get("kind", str)
        if game not in slugs():
            raise ArchiveError(f"{row.where}: there is no game {names_shown(game)} here")
        if kind not in ("main", "death"):
            raise ArchiveError(f"{row.where}: kind {names_shown(kind)} is neither main nor death")
        try:
            match = lifecycle.create_match(game=game, title=row.get("title", str)[:120], seed=lobby.get("seed", int),
                                           seats_wanted=lobby.get("seats_wanted", int), config=lobby.get("config", dict),
                                           phase_seconds=max(1, row.get("phase_seconds", int)),
                                           origin=Match.Origin.SEASON)
            for n, raw in enumerate(lobby.get("seats", list), 1):
                seat = _Reader(f"{row.where}: seat {n}", raw)
                lifecycle.add_seat(match, user=self._player(seat, "user", optional=True), name=seat.get("name", str),
                                   is_bot=seat.get("is_bot", bool))
            lobbies.check_config(get_engine(game), match.config, seed=match.seed, seats_wanted=match.seats_wanted,
                                 seated=list(match.seats.order_by("position").values_list("name", flat=True)))
        except ServiceError as exc:
            raise ArchiveError(f"{row.where}: {exc.message}") from None
        Match.objects.filter(pk=match.pk).update(
            season=self.season, community_id=self.season.community_id, episode=self._episode(row), kind=kind,
            start_when_items_given=row.get("start_when_items_given", bool),
            turn_seconds=row.get("turn_seconds", int), decision_seconds=row.get("decision_seconds", int))
        return match

    def _decisions(self) -> dict[str, Decision]:
        made: dict[str, Decision] = {}
        for n, raw in enumerate(_list(self.manifest, "decisions"), 1):
            row = _Reader(f"decision {n}", raw)
            ref = row.get("ref", str)
            kind, status = row.get("kind", str), row.get("status", str)
            if kind not in Decision.Kind.values or status not in Decision.Status.values or ref in made:
                raise ArchiveError(f"{row.where}: kind {names_shown(kind)} or status {names_shown(status)} is unknown")
            episode, match = self._episode(row), self._match_ref(row, "match")
            if episode is None or match is None:
                raise ArchiveError(f"{row.where} belongs to no episode or match")
            options = row.get("options", list)
            for option in options:
                if not isinstance(option, str) or option not in self.users:
                    raise ArchiveError(f"{row.where}: the option {names_shown(option)} is not a player of the season")
            opened, deadline = row.when("opened_at"), row.when("deadline")
            if status == Decision.Status.OPEN and opened and deadline:  # its clock starts again with the time left
                exported = _Reader("season.json", self.manifest).when("exported") or self.now
                left = max(deadline - exported, timedelta(0))
                opened, deadline = self.now, self.now + left
            made[ref] = Decision.objects.create(
                episode=episode, match=match, kind=kind, order=row.get("order", int), status=status,
                decider=self._player(row, "decider"), options=[self.users[o].pk for o in options],
                can_leave=row.get("can_leave", bool), opened_at=opened, deadline=deadline,
                choice=self._player(row, "choice", optional=True), left=row.get("left", bool),
                by_default=row.get("by_default", bool), decided_at=row.when("decided_at"),
                note=row.get("note", str)[:200], reminded=row.get("reminded", bool), item=row.get("item", str)[:40])
        return made

    def _ledgers(self) -> None:
        for key, model in (("garnets", GarnetEntry), ("tol", TolEntry)):
            for n, raw in enumerate(_list(self.manifest, key), 1):
                row = _Reader(f"{key} ledger row {n}", raw)
                extra = {"phase_number": row.get("phase_number", int, optional=True)} if model is GarnetEntry else {}
                entry = model.objects.create(user=self._player(row, "player"), season=self.season,
                                             match=self._match_ref(row, "match"), amount=row.get("amount", int),
                                             reason=row.get("reason", str)[:200], **extra)
                if created := row.when("created"):
                    model.objects.filter(pk=entry.pk).update(created=created)

    def _check_standings(self, season: Season) -> None:
        wanted = _list(self.manifest, "standings")
        got = _standings(season)
        if got != wanted:
            diff = next((f"{w.get('player') if isinstance(w, dict) else w}: archive {names_shown(w)}, here "
                         f"{names_shown(g)}" for w, g in zip(wanted, got, strict=False) if w != g),
                        f"{len(wanted)} rows in the archive, {len(got)} here")
            raise ArchiveError(f"the standings do not come out as archived ({diff})")
