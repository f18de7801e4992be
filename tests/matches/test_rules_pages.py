"""Rules pages read as rules for players: a table of contents, and no names from inside the code."""

from __future__ import annotations

import inspect
import re

import pytest
from django.test import Client
from django.urls import reverse

from genius.matches.services.engines import available_games, engine_of

pytestmark = pytest.mark.django_db

GAMES = [slug for slug, _ in available_games()]

#: Names a player should never meet: outcome keys, roles as the code spells them, identifiers with underscores.
INTERNAL = re.compile(r"dm_pick_order|@host|\bHOST\b|\bSPECTATOR\b|\b[a-z]+_[a-z0-9_]+\b|RULINGS\.md|shared/rules")


def page_text(content: str) -> str:
    """What a reader sees: the page without its tags, scripts or styles."""
    main = content.split("<main", 1)[1].split("</main>", 1)[0]
    main = re.sub(r"<(script|style)\b.*?</\1>", " ", main, flags=re.S)
    return re.sub(r"<[^>]+>", " ", main)


@pytest.mark.parametrize("game", GAMES)
def test_a_games_rules_page_has_a_table_of_contents_linking_every_section(game):
    content = Client().get(reverse("rules", args=[game])).content.decode()
    assert 'class="rules-toc"' in content and "Contents" in content
    sections = re.findall(r'<h2 id="([^"]+)">', content)
    assert len(sections) >= 3
    toc = content.split('class="rules-toc"', 1)[1].split("</details>", 1)[0]
    for anchor in sections:
        assert f'href="#{anchor}"' in toc


def language_words(game: str) -> set[str]:
    """The words of the rules language a game lets hosts write (its functions, effects, read names and their
    keyword arguments): they are the host's vocabulary, not names from inside the code."""
    tools = engine_of(game).spec.design_tools
    if tools is None:
        return set()
    from games.custom_game.document import actions as action_design
    from games.custom_game.document import boards as board_design
    from games.custom_game.document import move_checks as move_check_design
    from games.custom_game.document import seat_forms as seat_form_design
    from games.custom_game.rules import board_rules, check_run, checking, effects, library

    words = set(checking.KNOWN) | set(check_run.KNOWN) | set(move_check_design.DESIGN_KEYS)  # rules, checks
    words |= set(board_design.DESIGN_KEYS)  # boards
    words |= set(seat_form_design.DESIGN_KEYS)  # a form for each player
    words |= set(action_design.TRADE_KEYS) | set(action_design.ACTION_SWITCHES)  # trades and gifts; actions
    words |= {"answered_by"}  # a phase's key: who answers it (polls from outside the match)
    for cls in (library.Library, effects.Effects, board_rules.BoardRules):
        for member in vars(cls).values():
            if callable(member):
                words |= set(inspect.signature(member).parameters)
    return words


@pytest.mark.parametrize("game", GAMES)
def test_a_games_rules_page_names_nothing_from_inside_the_code(game):
    text = page_text(Client().get(reverse("rules", args=[game])).content.decode())
    assert [w for w in INTERNAL.findall(text) if w not in language_words(game)] == []


def test_the_season_rules_page_has_contents_and_names_nothing_from_inside_the_code():
    content = Client().get(reverse("season-rules")).content.decode()
    assert 'class="rules-toc"' in content
    for anchor in re.findall(r'<h2 id="([^"]+)">', content):
        assert f'href="#{anchor}"' in content
    assert INTERNAL.findall(page_text(content)) == []


def test_the_rules_page_leaves_the_match_file_notes_to_the_file():
    content = Client().get(reverse("rules", args=["black-and-white"])).content.decode()
    assert "Match files" not in content and "Rulings made here" in content
