"""Game designs: who sees and edits which, saving (always the whole document validated), copies,
templates, files, and lobbies opened from a design.

The pages call these and hold no rules. A design is saved only when ``validate_design`` accepts the
whole changed document: a refused change raises ``DesignError`` (every problem listed) and leaves what
was saved as it was. The game that plays designs is found by its spec (a config field of kind
``design``); it is never named here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.text import slugify

from games.engines.registry import get_engine, slugs
from genius.access import hosts
from genius.core.errors import ServiceError
from genius.designs import clock, rules
from genius.designs.documents import (
    DesignError,
    Problem,
    blank_design,
    design_file,
    read_design_file,
    validate_design,
)
from genius.designs.editing import copy_title
from genius.designs.models import GameDesign
from genius.matches.models import Match
from genius.matches.services import lobbies
from genius.seasons.models import Season

#: The largest design file the import page reads.
MAX_IMPORT_BYTES = 256 * 1024
#: What an exported file's name ends with.
FILE_SUFFIX = ".genius-design.json"

Change = Callable[[dict[str, Any]], dict[str, Any]]


# --- who sees what -------------------------------------------------------------------------------------
# A community's designs belong to the community: its current owners and hosts keep them (read, change, export,
# delete, share, open lobbies), whoever made them; a person who stops hosting it (removed, demoted) loses them
# at once. A design of no community is its maker's own. A template is shared with every host, who may read it,
# copy it and open lobbies of it; only those who keep it change, delete or stop sharing it.
def kept(user: Any) -> Q:
    """The rule of who keeps a design, as a filter: the current owners and hosts of its community
    (``hosts.hosted``), or its maker when it belongs to no community."""
    if user is None or not user.is_authenticated:
        return Q(pk__in=[])
    return hosts.hosted(user, hosts.COMMUNITY) | Q(community__isnull=True, owner_id=user.pk)


def usable_by(user: Any) -> QuerySet[GameDesign]:
    """The designs ``user`` may see, copy, export and open lobbies from: those they keep, and every template."""
    return GameDesign.objects.filter(kept(user) | Q(is_template=True)).select_related("owner")


def kept_by(user: Any) -> QuerySet[GameDesign]:
    """The designs ``user`` keeps (:func:`kept`): their communities' and their own of no community."""
    return GameDesign.objects.filter(kept(user)).select_related("owner")


def may_edit(user: Any, design: GameDesign) -> bool:
    """Whether ``user`` keeps ``design`` (:func:`kept`): changes it, deletes it, shares it as a template."""
    if design.community_id is not None:
        return hosts.hosts_community(design.community_id, user)
    return user is not None and user.is_authenticated and design.owner_id == user.pk


#: A new design's player count: a small group fits (the host changes it in the basics).
NEW_PLAYERS = (3, 10)


# --- saving --------------------------------------------------------------------------------------------
def checked(doc: Any) -> dict[str, Any]:
    """``doc`` validated whole: the document (``validate_design``), then its rules; DesignError listing every
    problem otherwise."""
    document = validate_design(doc)
    rules.check(document)
    return document


def create(owner: Any, title: str) -> GameDesign:
    """A new design from the blank one (one phase with one yes/no field) with ``title``, for 3–10 players."""
    low, high = NEW_PLAYERS
    document = validate_design({**blank_design(title), "min_players": low, "max_players": high})
    return GameDesign.objects.create(owner=owner, title=document["title"], document=document)


def edit(design_id: int, owner: Any, change: Change) -> GameDesign:
    """Apply ``change`` to the saved document under the row's lock and save it if the whole result is valid.

    Raises DesignError (nothing saved) or ServiceError when the design is gone or not ``owner``'s.
    """
    with transaction.atomic():
        design = GameDesign.objects.select_for_update().filter(pk=design_id).first()
        if design is None:
            raise ServiceError("This design is gone.")
        if not may_edit(owner, design):
            raise ServiceError("Only the design's keepers may change it: its community's hosts (its maker's "
                               "own when it has no community).")
        document = checked(change(design.document))
        design.document, design.title = document, document["title"]
        design.save(update_fields=["document", "title", "updated"])
    return design


def copy(design: GameDesign, owner: Any) -> GameDesign:
    """A copy of ``design`` owned by ``owner`` (not a template), titled "Copy of …"."""
    document = validate_design({**design.document, "title": copy_title(design.title)})
    return GameDesign.objects.create(owner=owner, title=document["title"], document=document)


def set_template(design_id: int, owner: Any, is_template: bool) -> GameDesign:
    """Share the design as a template with every host, or stop sharing it (those who keep it only)."""
    with transaction.atomic():
        design = GameDesign.objects.select_for_update().filter(pk=design_id).first()
        if design is None or not may_edit(owner, design):
            raise ServiceError("Only the design's keepers may share it as a template.")
        design.is_template = is_template
        design.save(update_fields=["is_template", "updated"])
    return design


def delete(design_id: int, owner: Any) -> None:
    """Delete a design (those who keep it only: :func:`kept`); lobbies made from it keep their own copy."""
    deleted, _ = GameDesign.objects.filter(kept(owner), pk=design_id).delete()
    if not deleted:
        raise ServiceError("Only the design's keepers may delete it.")


# --- files ---------------------------------------------------------------------------------------------
def export_name(design: GameDesign) -> str:
    """``<slug>.genius-design.json`` from the title (``design`` when the title gives no ASCII slug)."""
    return (slugify(design.title)[:60].strip("-") or "design") + FILE_SUFFIX


def export_bytes(design: GameDesign) -> bytes:
    """The design file: ``design_file`` of the document, as indented UTF-8 JSON."""
    return json.dumps(design_file(design.document), ensure_ascii=False, indent=2).encode("utf-8") + b"\n"


def read_upload(data: bytes) -> dict[str, Any]:
    """The design a file holds, or DesignError saying what is wrong with it in plain words."""
    if len(data) > MAX_IMPORT_BYTES:
        raise DesignError([Problem("File", f"the file is too big: a design file is at most "
                                           f"{MAX_IMPORT_BYTES // 1024} KB (this one is {len(data) // 1024} KB)")])
    if not data.strip():
        raise DesignError([Problem("File", "the file is empty")])
    return read_design_file(data)


def import_file(owner: Any, data: bytes) -> GameDesign:
    """A new design of ``owner`` from an exported file, its rules checked too (DesignError: nothing is saved)."""
    document = read_upload(data)
    rules.check(document)
    return GameDesign.objects.create(owner=owner, title=document["title"], document=document)


def use_shipped(owner: Any, slug: str) -> GameDesign:
    """A new design of ``owner`` from a design shipped with the site (ServiceError when there is none)."""
    found = rules.shipped_design(slug)
    if found is None:
        raise ServiceError("There is no such template.")
    document = validate_design(found["document"])
    return GameDesign.objects.create(owner=owner, title=document["title"], document=document)


# --- lobbies -------------------------------------------------------------------------------------------
def design_game() -> tuple[str, str] | None:
    """(game slug, config key) of the first installed game whose spec has a config field of kind ``design``."""
    for slug in slugs():
        for field in get_engine(slug).spec.config:
            if field.kind == "design":
                return slug, field.key
    return None


def seat_counts(document: dict[str, Any]) -> list[int]:
    """The seat counts a lobby of this design may have: the design's range within the game's own."""
    found = design_game()
    if found is None:
        return []
    allowed = get_engine(found[0]).spec.seat_counts()
    return [n for n in range(document["min_players"], document["max_players"] + 1) if n in allowed]


def lobby_clocked(document: dict[str, Any], *, turn_seconds: int | None, reserve: int | None) -> dict[str, Any]:
    """The lobby's copy of a design document with the lobby's own clock (``genius.designs.clock``; None: the
    design's), the numbers checked (ServiceError beside ``turn_seconds`` or ``reserve_seconds``). A design
    without live turns comes back unchanged. The design's lobby page and the host pages both set it here."""
    if turn_seconds is not None and not clock.TURN_MIN <= turn_seconds <= clock.TURN_MAX:
        raise ServiceError("A turn lasts from 10 seconds to an hour.", "turn_seconds")
    if reserve is not None and not 0 <= reserve <= clock.RESERVE_MAX:
        raise ServiceError("Reserve time is from 0 seconds to a day.", "reserve_seconds")
    return clock.with_clock(document, turn_seconds=turn_seconds, reserve=reserve)


def open_lobby(design: GameDesign, *, title: str, seats_wanted: int, season: Season | None, phase_seconds: int,
               bots: Sequence[str] = (), community_id: int | None = None,
               closes_when_all_locked_in: bool | None = None, turn_seconds: int | None = None,
               reserve: int | None = None) -> Match:
    """A lobby of the game that plays designs, with this design's document as its config.

    ``phase_seconds``: the match's phase length (phases without a length of their own, the EC decision).
    ``turn_seconds``, ``reserve``: the lobby's own clock for a design with live turns (``genius.designs.clock``;
    None: the design's).
    Refused (ServiceError) when no installed game plays designs, or by the usual lobby checks.
    """
    found = design_game()
    if found is None:
        raise ServiceError("No installed game plays designs here.")
    slug, key = found
    if seats_wanted not in seat_counts(design.document):
        low, high = design.document["min_players"], design.document["max_players"]
        raise ServiceError(f"This design is for {low}–{high} players, not {seats_wanted}.", "seats_wanted")
    document = lobby_clocked(design.document, turn_seconds=turn_seconds, reserve=reserve)
    return lobbies.create_lobby(game=slug, title=title or design.title, season=season, seats_wanted=seats_wanted,
                                config={key: validate_design(document)}, phase_seconds=phase_seconds,
                                bots=bots, community_id=community_id, closes_when_all_locked_in=closes_when_all_locked_in,
                                turn_seconds=clock.turn_seconds_of(document) or 60)
