"""The Blob Party match page: both boards drawn as loops of 20 spaces, the standings, the round's
public results as the announcement, and each viewer's own panel."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from genius.matches.services import lifecycle

from .helpers import client_for, match_page, post_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def after_round_one(bp_match, ana, ben):
    """ana's pregame plan (ben, cat, dan on A; eli, fay, gil on B; traps on A 3 and B 4) and round 1 played."""
    plan = {"group_A_1": "ben", "group_A_2": "cat", "group_A_3": "dan", "group_B_1": "eli", "group_B_2": "fay",
            "group_B_3": "gil", "trap_A": "3", "trap_B": "4"}
    state = bp_match.state
    assert all(state["boards"][b][int(plan[f"trap_{b}"]) - 1] not in ("garnet", "big") for b in "AB")
    post_move(client_for(ana), bp_match, plan)
    lifecycle.resolve_now(bp_match.pk)
    post_move(client_for(ana), bp_match, {"king_A": "1", "king_B": "1", "minigame_bp": "12"})
    post_move(client_for(ben), bp_match, {"card": "5", "king": "1", "minigame_bp": "3"})
    lifecycle.resolve_now(bp_match.pk)
    bp_match.refresh_from_db()
    return bp_match


def svgs(page: str) -> list[str]:
    return re.findall(r'<svg .*?</svg>', page, re.S)


def test_both_boards_are_drawn_as_loops_of_20_spaces_with_start_spaces_traps_and_players(after_round_one, client):
    page = match_page(client, after_round_one)
    drawn = svgs(page)
    boards = [svg for svg in drawn if 'aria-label="Board ' in svg]
    assert len(boards) == 2 and 'aria-label="Board A, round 2' in boards[0] and 'aria-label="Board B' in boards[1]
    state = after_round_one.state
    for board, svg in zip("AB", boards, strict=True):
        assert len(re.findall(r"<title>Space \d+: ", svg)) == 20
        assert f"<title>Space {state['start'][board]}: " in svg and "START" in svg
        for name, spaces in state["space"].items():
            if board in spaces:
                assert re.search(rf"<title>Space {spaces[board]}: [^<]*, {name}</title>", svg)
        for space in state["traps"][board]:
            assert re.search(rf"<title>Space {space}: [^<]*, trap[,<]", svg)
        assert "Round 2 turn order:" in svg and "1. ben (Kingwizard)" in svg
    assert "<script" not in "".join(drawn).lower()


def test_the_standings_show_everyones_orbs_stars_and_kingwizard_round(after_round_one, client):
    page = match_page(client, after_round_one)
    state = after_round_one.state
    assert "Orbs and stars of everyone" in page
    for number, name in enumerate(state["kings"], start=1):
        row = re.search(rf'<tr><th scope="row">{name}(?: <small>[^<]*</small>)?</th><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td>', page)
        assert row and row.groups() == (str(state["orbs"][name]), str(state["stars"][name]), str(number))
    assert "ben <small>(Kingwizard)</small>" in page


def test_the_rounds_public_results_read_as_the_announcement(after_round_one, client):
    page = match_page(client, after_round_one)
    section = page[page.index('id="part-announcements"'):]
    first = section[: section.index("</article>")]
    assert "<strong>round 1</strong>" in first
    assert "Round 1 results (Kingwizard ana)." in first
    for board in "AB":
        assert f"Board {board} (start space 1): the Kingwizard&#x27;s movement adds up to" in first
    assert "Board A: ben moves 5" in first and "Minigame:" in first
    assert "Round 2: Kingwizard ben; board A: ben, then" in first
    assert "data-copy=" in first  # the chat-ready copy


def test_the_board_has_a_text_form(after_round_one, client):
    page = match_page(client, after_round_one)
    text = page[page.index('<pre class="board-text"'):]
    assert "Board A (start space" in text and "Board B (start space" in text
    assert re.search(r"\n *20 [^\n]*\n", text) and "Orbs and stars: ana " in text and "Kingwizards: round 1 ana" in text


def test_a_players_panel_reads_in_words_and_marks_their_own_traps(after_round_one, ana, ben):
    page = match_page(client_for(ana), after_round_one)
    panel = page[page.index('id="part-private"'):]
    assert "<dt>Kingwizard in</dt><dd>round 1 (done)</dd>" in panel
    assert "<dt>Cards left</dt><dd>1, 2, 3, 4, 5, wild</dd>" in panel
    state = after_round_one.state
    mine = [f"board {b} space {s}" for b in "AB" for s, owner in sorted(state["traps"][b].items()) if owner == "ana"]
    assert mine and f"<dt>Your traps</dt><dd>{', '.join(mine)}</dd>" in panel
    assert "MY TRAP" in page and ", your trap" in page
    ben_page = match_page(client_for(ben), after_round_one)
    assert "<dt>Cards left</dt><dd>1, 2, 3, 4, wild</dd>" in ben_page and "MY TRAP" not in ben_page
    assert "<dt>Kingwizard in</dt><dd>round 2 (now)</dd>" in ben_page


def test_the_host_sees_whose_trap_is_where(after_round_one, host):
    page = match_page(client_for(host), after_round_one)
    assert "TRAP ana" in page and "trap of ana" in page


def test_the_live_json_of_a_player_holds_their_own_board_and_panel(after_round_one, ana):
    live = client_for(ana).get(reverse("match-live", args=[after_round_one.pk])).json()
    assert {"status", "board", "announcements", "private"} <= set(live["parts"])
    assert "MY TRAP" in live["parts"]["board"] and "Only you see this" in live["parts"]["private"]
