"""The notify app: emails, webhooks, what a person owes now, and the alert rounds it sends."""

from django.apps import AppConfig


class NotifyConfig(AppConfig):
    name = "genius.notify"
    label = "notify"

    def ready(self) -> None:
        from genius.matches import ruling_alerts
        from genius.matches.models import Match
        from genius.matches.services import check_alerts, seat_answers, seating
        from genius.matches.signals import phase_resolved
        from genius.notify import due, webhooks

        due.add_source(seating.full_lobbies)  # "Your lobby is full: start it" for its host
        due.add_source(seat_answers.seats_to_answer)  # "You are asked to play …": a seat the host gave
        due.add_source(seat_answers.declined_seats)  # "ana declined …" for the match's host
        due.add_source(ruling_alerts.rulings_waiting)  # "The rules stopped: rule by hand" for the match's host
        due.add_source(check_alerts.checks_failing)  # "A check of moves failed" for the match's host
        phase_resolved.connect(webhooks.phase_resolved_receiver, sender=Match,
                               dispatch_uid="genius.notify.announce_phase")
