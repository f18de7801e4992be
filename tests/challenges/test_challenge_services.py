"""The rules of challenges, checked on the services (genius.challenges.services)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games.engines.spec import GameSpec, Offers
from genius.accounts.models import Profile
from genius.challenges import services
from genius.challenges.models import LIFETIME, Challenge
from genius.core.errors import ServiceError
from genius.matches.models import Match, Phase
from genius.notify import due
from genius.notify.digests import send_digests
from genius.notify.emails import send_alert_emails
from tests.challenges.conftest import DM_GAME, ITEMS_GAME, NOT_DM_GAME
from tests.confirmed_emails import confirm

pytestmark = pytest.mark.django_db


def challenge(challenger, to, **kwargs):
    kwargs.setdefault("game", DM_GAME)
    return services.create_challenge(challenger, to, **kwargs)


# --- which games -----------------------------------------------------------------------------------


def test_only_two_seat_death_match_games_can_be_challenged_to():
    slugs = [slug for slug, _ in services.challengeable_games()]
    assert DM_GAME in slugs and ITEMS_GAME in slugs
    assert NOT_DM_GAME not in slugs


def test_a_game_whose_phases_wait_for_a_host_cannot_be_challenged_to():
    duel = dict(slug="x", title="X", summary="x", min_players=2, max_players=2, offers=Offers(death_match=True))
    assert services.offers_challenges(GameSpec(**duel))
    assert not services.offers_challenges(GameSpec(**duel, phase_kinds=("main", "ruling")))  # type: ignore[arg-type]
    assert not services.offers_challenges(GameSpec(**{**duel, "min_players": 3, "max_players": 4}))
    assert not services.offers_challenges(GameSpec(**{**duel, "offers": Offers()}))


def test_a_game_that_is_not_a_death_match_game_is_refused(ana, ben):
    with pytest.raises(ServiceError) as exc:
        challenge(ana, "ben", game=NOT_DM_GAME)
    assert exc.value.field == "game" and "not a two-player Death Match game" in exc.value.message
    assert not Challenge.objects.exists()


def test_an_unknown_game_is_refused(ana, ben):
    with pytest.raises(ServiceError, match="no such game"):
        challenge(ana, "ben", game="../../etc")


# --- whom ------------------------------------------------------------------------------------------


def test_a_player_is_challenged_by_their_user_name_in_any_case(ana, ben):
    made = challenge(ana, "BEN")
    assert (made.challenger, made.challenged, made.status) == (ana, ben, Challenge.Status.PENDING)


def test_challenging_yourself_is_refused(ana):
    with pytest.raises(ServiceError, match="cannot challenge yourself") as exc:
        challenge(ana, "ana")
    assert exc.value.field == "to"


def test_an_unknown_player_is_refused_with_no_such_player(ana):
    with pytest.raises(ServiceError, match="There is no player called “nobody-here”") as exc:
        challenge(ana, "nobody-here")
    assert exc.value.field == "to"


def test_an_inactive_player_cannot_be_challenged(ana, ben):
    ben.is_active = False
    ben.save()
    with pytest.raises(ServiceError, match="no player called"):
        challenge(ana, "ben")


def test_a_guest_cannot_be_challenged(ana, guest):
    with pytest.raises(ServiceError, match="guests cannot be challenged"):
        challenge(ana, guest.username)


def test_a_guest_cannot_challenge(guest, ana):
    with pytest.raises(ServiceError, match="sign up to challenge"):
        challenge(guest, "ana")


def test_an_empty_name_asks_for_one(ana):
    with pytest.raises(ServiceError, match="Type the user name"):
        challenge(ana, "   ")


# --- how many --------------------------------------------------------------------------------------


def test_more_than_ten_pending_outgoing_challenges_are_refused(ana, make_user):
    for n in range(services.MAX_PENDING):
        challenge(ana, make_user(f"p{n}").username)
    make_user("p10")
    with pytest.raises(ServiceError, match="10 challenges waiting"):
        challenge(ana, "p10")
    assert Challenge.objects.filter(challenger=ana).count() == services.MAX_PENDING


def test_expired_and_answered_challenges_do_not_count_towards_the_ten(ana, make_user):
    old = timezone.now() - LIFETIME - timedelta(minutes=1)
    for n in range(services.MAX_PENDING):
        challenge(ana, make_user(f"p{n}").username, now=old)
    make_user("p10")
    assert challenge(ana, "p10").is_pending


def test_the_same_challenge_twice_is_refused_while_the_first_waits(ana, ben):
    challenge(ana, "ben")
    with pytest.raises(ServiceError, match="already challenged ben"):
        challenge(ana, "ben")


def test_a_challenge_back_points_to_the_one_waiting(ana, ben):
    challenge(ana, "ben")
    with pytest.raises(ServiceError, match="ana has already challenged you"):
        challenge(ben, "ana")


# --- settings --------------------------------------------------------------------------------------


def test_settings_are_checked_by_the_game_and_a_refusal_names_its_field(ana, ben):
    with pytest.raises(ServiceError) as exc:
        challenge(ana, "ben", settings={"first": "somebody"})
    assert exc.value.field == "first"
    assert not Challenge.objects.exists()


def test_a_setting_the_game_does_not_declare_is_refused(ana, ben):
    with pytest.raises(ServiceError, match="no setting called"):
        challenge(ana, "ben", settings={"__class__": 1})


def test_a_bad_seat_order_is_refused(ana, ben):
    with pytest.raises(ServiceError) as exc:
        challenge(ana, "ben", order="sideways")
    assert exc.value.field == "order"


def test_seat_settings_name_roles_until_the_match_starts(ana, ben):
    made = challenge(ana, "ben", game=ITEMS_GAME, settings={"items": {"mulligan": "opponent", "extra_tree": "you"}})
    assert made.settings == {"items": {"mulligan": "opponent", "extra_tree": "you"}}
    match = services.accept(made.pk, ben)
    assert match.config["items"] == {"mulligan": "ben", "extra_tree": "ana"}
    assert ("Items", "Mulligan: ben; Extra Tree: ana") in services.describe(made)


# --- answering -------------------------------------------------------------------------------------


def test_accepting_starts_a_match_with_both_players_seated_and_a_phase_open(ana, ben):
    made = challenge(ana, "ben", settings={"turn_s": 120, "first": "you"}, order=Challenge.Order.CHALLENGER_FIRST)
    match = services.accept(made.pk, ben)
    made.refresh_from_db()
    assert made.status == Challenge.Status.ACCEPTED and made.match == match and made.answered is not None
    assert match.status == Match.Status.RUNNING and match.season is None
    assert [(s.user, s.name) for s in match.seats.order_by("position")] == [(ana, "ana"), (ben, "ben")]
    assert match.config["first"] == "ana" and match.turn_seconds == 120
    assert Phase.objects.filter(match=match, status=Phase.Status.OPEN).exists()


def test_the_challenged_player_first_puts_them_in_the_first_seat(ana, ben):
    match = services.accept(challenge(ana, "ben", order=Challenge.Order.CHALLENGED_FIRST).pk, ben)
    assert [s.name for s in match.seats.order_by("position")] == ["ben", "ana"]


def test_accepting_a_challenge_not_addressed_to_you_is_refused(ana, ben, cat):
    made = challenge(ana, "ben")
    with pytest.raises(services.NotYours, match="not yours"):
        services.accept(made.pk, cat)
    with pytest.raises(services.NotYours, match="your own challenge"):
        services.accept(made.pk, ana)
    made.refresh_from_db()
    assert made.is_pending and not Match.objects.exists()


def test_only_the_challenger_can_cancel(ana, ben, cat):
    made = challenge(ana, "ben")
    with pytest.raises(services.NotYours, match="decline it instead"):
        services.cancel(made.pk, ben)
    with pytest.raises(services.NotYours):
        services.cancel(made.pk, cat)
    assert services.cancel(made.pk, ana).status == Challenge.Status.CANCELLED


def test_declining_ends_the_challenge_and_it_cannot_be_accepted_after(ana, ben):
    made = challenge(ana, "ben")
    assert services.decline(made.pk, ben).status == Challenge.Status.DECLINED
    with pytest.raises(ServiceError, match="was declined"):
        services.accept(made.pk, ben)
    assert not Match.objects.exists()


def test_a_cancelled_challenge_cannot_be_accepted(ana, ben):
    made = challenge(ana, "ben")
    services.cancel(made.pk, ana)
    with pytest.raises(ServiceError, match="ana cancelled this challenge"):
        services.accept(made.pk, ben)


def test_an_accepted_challenge_cannot_be_accepted_twice(ana, ben):
    made = challenge(ana, "ben")
    services.accept(made.pk, ben)
    with pytest.raises(ServiceError, match="already accepted"):
        services.accept(made.pk, ben)
    assert Match.objects.count() == 1


def test_a_challenge_expires_after_a_day_and_then_cannot_be_answered(ana, ben):
    made = challenge(ana, "ben", now=timezone.now() - LIFETIME - timedelta(seconds=1))
    with pytest.raises(ServiceError, match="expired"):
        services.accept(made.pk, ben)
    made.refresh_from_db()
    assert made.status == Challenge.Status.EXPIRED and made.answered is not None
    assert not Match.objects.exists()


def test_the_clock_sweep_expires_stale_challenges(ana, ben):
    made = challenge(ana, "ben", now=timezone.now() - LIFETIME - timedelta(seconds=1))
    services._last_sweep = 0.0
    services.sweep()
    made.refresh_from_db()
    assert made.status == Challenge.Status.EXPIRED


def test_a_challenge_younger_than_a_day_is_still_pending(ana, ben):
    made = challenge(ana, "ben", now=timezone.now() - LIFETIME + timedelta(minutes=5))
    assert services.expire_stale() == 0
    assert services.incoming_count(ben) == 1 and made.is_pending


def test_a_refusal_of_a_missing_challenge_is_clear(ben):
    for pk in (999, "x", None):
        with pytest.raises(ServiceError, match="no such challenge"):
            services.accept(pk, ben)


def test_a_match_that_cannot_start_leaves_the_challenge_waiting(ana, ben):
    made = challenge(ana, "ben")
    Challenge.objects.filter(pk=made.pk).update(settings={"first": "someone-else"})  # e.g. stored before a change
    with pytest.raises(ServiceError, match="could not start"):
        services.accept(made.pk, ben)
    made.refresh_from_db()
    assert made.is_pending and not Match.objects.exists()


def test_a_challenge_from_a_closed_account_cannot_be_accepted(ana, ben):
    made = challenge(ana, "ben")
    ana.is_active = False
    ana.save()
    with pytest.raises(ServiceError, match="account is closed"):
        services.accept(made.pk, ben)


# --- telling the challenged player ---------------------------------------------------------------


def test_the_challenged_player_is_told_in_the_page_alerts(ana, ben):
    made = challenge(ana, "ben")
    items, _ = due.look(ben)
    told = [i for i in items if i["kind"] == "challenge"]
    assert told == [{"key": f"challenge-{made.pk}", "kind": "challenge", "title": "New challenge",
                     "what": "ana challenges you to Black and White", "deadline": made.expires.isoformat(),
                     "soon": False, "url": "/challenges/"}]
    assert [i for i in due.look(ana)[0] if i["kind"] == "challenge"] == []


def test_an_answered_challenge_is_no_longer_in_the_alerts(ana, ben):
    made = challenge(ana, "ben")
    services.decline(made.pk, ben)
    assert [i for i in due.look(ben)[0] if i["kind"] == "challenge"] == []


def test_both_players_owe_a_move_in_the_alerts_once_the_match_starts(ana, ben):
    match = services.accept(challenge(ana, "ben", order=Challenge.Order.CHALLENGER_FIRST,
                                      settings={"first": "you"}).pk, ben)
    owed = [i for i in due.look(ana)[0] if i["kind"] in ("turn", "due")]
    assert owed and owed[0]["url"] == f"/matches/{match.pk}/"


def test_the_player_whose_turn_it_is_gets_the_usual_your_turn_email(ana, ben):
    for user in (ana, ben):
        confirm(user, f"{user.username}@example.org")
        Profile.objects.create(user=user, email_turn=True)
    services.accept(challenge(ana, "ben", order=Challenge.Order.CHALLENGER_FIRST, settings={"first": "you"}).pk, ben)
    send_alert_emails()  # a live turn of a minute gets no email of its own: the hourly digest has it
    send_digests()
    assert [(m.to, "Your turn in" in m.subject) for m in mail.outbox] == [(["ana@example.org"], True)]
