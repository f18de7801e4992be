"""Announcement texts: a match's public log lines, grouped by phase, as chat-ready text.

Plain functions over the stored log (no templates): the match page shows them
(``genius.matches.presenters``) and the season's webhook posts them (``genius.notify.webhooks``).
"""

from __future__ import annotations

from typing import Any

from games.kit.reserve import is_reminder
from genius.matches.models import LogEntry, Match


def announcements(match: Match) -> list[dict[str, Any]]:
    """Public log lines grouped by phase, newest phase first, each as chat-ready text; the dealer's clock
    reminders of a phase are kept apart (``reminders``), folded under it on the page, left out of the text."""
    groups: dict[int, dict[str, Any]] = {}
    rows = match.log.filter(audience=LogEntry.Audience.PUBLIC).order_by("order")
    for phase_number, phase_name, text in rows.values_list("phase_number", "phase_name", "text"):
        group = groups.setdefault(phase_number, {"phase": phase_name, "lines": [], "reminders": []})
        group["reminders" if is_reminder(text) else "lines"].append(text)  # the clock's, folded under the turn
    result = []
    for number in sorted(groups, reverse=True):
        group = groups[number]
        text = f"**{match.title} — {group['phase']}**\n" + "\n".join(chat_line(line) for line in group["lines"])
        result.append({"number": number, "phase": group["phase"], "lines": group["lines"],
                       "reminders": group["reminders"], "text": text})
    return result


def chat_line(line: str) -> str:
    """A log line as chat text: multi-line boards go in a code block so their layout survives."""
    return f"```\n{line}\n```" if "\n" in line else line


def phase_text(match: Match, phase_number: int) -> str:
    """The chat-ready announcement of a resolved phase (the match page's copy text), or ""."""
    for group in announcements(match):
        if group["number"] == phase_number:
            return group["text"]
    return ""
