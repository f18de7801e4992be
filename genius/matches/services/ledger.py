"""Garnet and ToL ledgers: every change is a row; balances are sums of rows.

A wallet is the ledger of one user in one season (or outside any season). Engines keep a copy of
each player's garnets in their state, taken when the match started, so two matches of one season
each hold a copy of the same wallet. A spend is therefore checked against the ledger itself, with
the wallet locked (:func:`lock_wallets`), at the moment it is made: when an instant action spends,
and when a phase resolves (``resolution``). No row ever takes a wallet below zero.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Q, Sum

from games.engines.protocol import GarnetChange
from genius.matches.models import GarnetEntry, Match, TolEntry
from genius.seasons.models import Season

log = logging.getLogger(__name__)

#: A wallet: (season id or None, user id).
Wallet = tuple[int | None, int]


def seat_users(match: Match) -> dict[str, int]:
    """Seat name → user id, for the seats of a match that belong to users."""
    return dict(match.seats.filter(user__isnull=False).values_list("name", "user_id"))


def lock_wallets(wallets: Iterable[Wallet]) -> None:
    """Hold these wallets until the transaction ends, so that spends from them are made one at a time.

    A season's wallets are held by the season's row (``FOR NO KEY UPDATE``: rows that merely refer
    to the season are not held up); wallets outside any season by the users' rows. Always in the
    same order (seasons, then users, by id), so two lockers never wait for each other. SQLite has
    no row locks: there every writing transaction starts with ``BEGIN IMMEDIATE`` (settings), which
    serializes them.
    """
    if not connection.features.has_select_for_update:  # SQLite: BEGIN IMMEDIATE already serialized us
        return
    wallets = set(wallets)
    season_ids = sorted({season_id for season_id, _ in wallets if season_id is not None})
    user_ids = sorted({user_id for season_id, user_id in wallets if season_id is None})
    if season_ids:
        seasons = Season.objects.select_for_update(no_key=True).filter(pk__in=season_ids).order_by("pk")
        list(seasons.values_list("pk", flat=True))
    if user_ids:
        users = get_user_model().objects.select_for_update(no_key=True).filter(pk__in=user_ids).order_by("pk")
        list(users.values_list("pk", flat=True))


def balances(wallets: Iterable[Wallet]) -> dict[Wallet, int]:
    """The balance of each wallet (one query)."""
    wallets = set(wallets)
    if not wallets:
        return {}
    where = Q()
    for season_id, user_id in wallets:
        where |= Q(season_id=season_id, user_id=user_id)
    sums = GarnetEntry.objects.filter(where).values_list("season_id", "user_id").annotate(total=Sum("amount"))
    found = {(season_id, user_id): total or 0 for season_id, user_id, total in sums.order_by()}
    return {wallet: found.get(wallet, 0) for wallet in wallets}


def net_changes(changes: Iterable[GarnetChange]) -> dict[str, tuple[int, int]]:
    """Player → (net change, garnets spent) of one resolution."""
    net: dict[str, int] = defaultdict(int)
    spent: dict[str, int] = defaultdict(int)
    for change in changes:
        net[change.player] += change.amount
        if change.amount < 0:
            spent[change.player] -= change.amount
    return {player: (net[player], spent[player]) for player in net}


def spending_wallets(season_id: int | None, changes: Iterable[GarnetChange], users: dict[str, int]) -> set[Wallet]:
    """The wallets a resolution spends from (seats of users only)."""
    return {(season_id, users[c.player]) for c in changes if c.amount < 0 and c.player in users}


def overspent(
    season_id: int | None, changes: Iterable[GarnetChange], users: dict[str, int], held: dict[Wallet, int]
) -> dict[str, tuple[int, int]]:
    """Player → (garnets the resolution spends, garnets the wallet holds) for each spend the wallet cannot cover."""
    out = {}
    for player, (net, spent) in net_changes(changes).items():
        wallet = (season_id, users.get(player, 0))
        if spent and player in users and wallet in held and held[wallet] + net < 0:
            out[player] = (spent, held[wallet])
    return out


class WalletShort(Exception):
    """A seat's wallet cannot cover what a resolution spends from it: ``spent`` garnets, ``held`` in it."""

    def __init__(self, spent: int, held: int) -> None:
        super().__init__(f"needs {spent}, holds {held}")
        self.spent, self.held = spent, held

    def words(self, what: str) -> str:
        """The refusal a player reads (``what``: "This action", "This move")."""
        return f"{what} needs {garnet_count(self.spent)} in your wallet; it holds {self.held}."


def garnet_count(count: int) -> str:
    """``1 garnet``, ``3 garnets``."""
    return f"{count} garnet" + ("" if count == 1 else "s")


def check_seat_spend(season_id: int | None, changes: list[GarnetChange], seat_name: str,
                     user_id: int | None) -> dict[Wallet, int] | None:
    """Check one seat's spends of a resolution taken at once (an action) against its season wallet, read locked:
    another match of the season may have spent it. The balances held (for :func:`record_garnets`; None: nothing
    spent from a user's wallet), or :class:`WalletShort`."""
    users = {seat_name: user_id} if user_id else {}
    wallets = spending_wallets(season_id, changes, users)
    if not wallets:
        return None
    lock_wallets(wallets)
    held = balances(wallets)
    over = overspent(season_id, changes, users, held).get(seat_name)
    if over is not None:
        raise WalletShort(*over)
    return held


def advance(held: dict[Wallet, int], season_id: int | None, changes: Iterable[GarnetChange],
            users: dict[str, int]) -> None:
    """Move the balances in ``held`` on by a resolution's changes (wallets not in ``held`` are left out)."""
    for change in changes:
        wallet = (season_id, users.get(change.player, 0))
        if change.player in users and wallet in held:
            held[wallet] += change.amount


def record_garnets(match: Match, phase_number: int | None, changes: list[GarnetChange], *,
                   users: dict[str, int] | None = None, held: dict[Wallet, int] | None = None) -> None:
    """Write the garnet changes of a resolution for the seats that belong to users."""
    record_many([(match, phase_number, changes, users)], held=held)


def record_many(
    items: list[tuple[Match, int | None, list[GarnetChange], dict[str, int] | None]],
    *,
    held: dict[Wallet, int] | None = None,
) -> None:
    """Write the garnet changes of several resolutions in one INSERT, never taking a wallet below zero.

    ``held``: the balances read under the wallets' locks by the caller, who checked the spends;
    without it the wallets that are spent from are locked and read here. A spend the wallet cannot
    cover is a bug upstream: it is left out of the ledger and logged, never written.
    """
    items = [(m, n, [c for c in changes if c.amount], u) for m, n, changes, u in items if any(c.amount for c in changes)]
    if not items:
        return
    seated = [(m, n, changes, seat_users(m) if u is None else u) for m, n, changes, u in items]
    if held is None:
        wallets = set().union(*(spending_wallets(m.season_id, changes, u) for m, _, changes, u in seated))
        if wallets:
            lock_wallets(wallets)
        held = balances(wallets)
    held = dict(held)
    rows = []
    for match, phase_number, changes, users in seated:
        refused = overspent(match.season_id, changes, users, held)
        for player, (spent, balance) in refused.items():
            log.error("match %s: %s would spend %s garnets with %s in the wallet: the spend is not recorded",
                      match.pk, player, spent, balance)
        kept = [c for c in changes if c.player in users and not (c.player in refused and c.amount < 0)]
        advance(held, match.season_id, kept, users)
        rows += [
            GarnetEntry(user_id=users[c.player], season_id=match.season_id, match=match, phase_number=phase_number,
                        amount=c.amount, reason=c.reason[:200])
            for c in kept
        ]
    GarnetEntry.objects.bulk_create(rows)


def apply_outcome(match: Match) -> None:
    """Credit the Tokens of Life a finished match grants to its seats' users."""
    outcome = match.outcome or {}
    users = seat_users(match)
    rows = [
        TolEntry(user_id=users[name], season_id=match.season_id, match=match, amount=count,
                 reason=f"won in {match.title}")
        for name, count in (outcome.get("tol") or {}).items()
        if name in users and count
    ]
    TolEntry.objects.bulk_create(rows)
