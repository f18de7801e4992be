"""RULES.md's "Who sees what" table, cell by cell, against the engine's views (the kit's leak test style).

Each row of the table names one kind of value; the test writes a marker nothing else holds at that place of a
played match's state, then looks for it in what each viewer receives (``view``, ``board_text`` and, for a
seat, its ``panel``): found must be exactly what the table says."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from games.custom_game.engine import ENGINE
from games.engines.protocol import HOST, SPECTATOR, Seat, State, Viewer
from games.engines.runner import play_phase

from .rules_helpers import PLAYERS, design, start

RULES_MD = Path(__file__).resolve().parents[2] / "games" / "custom_game" / "RULES.md"
VIEWERS: dict[str, Viewer] = {"its player": Seat("ana"), "other players": Seat("ben"), "spectators": SPECTATOR,
                              "the host": HOST}
MARK = "MARK-7310-who"
NUMBER = 7_310_437


def _table() -> dict[str, dict[str, bool]]:
    text = RULES_MD.read_text(encoding="utf-8")
    block = text.split("<!-- who-sees-what")[1].split("<!-- end who-sees-what -->")[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in block.splitlines()
            if line.startswith("|")]
    header, body = rows[0], [r for r in rows[2:]]
    return {r[0]: {header[i]: r[i].split()[0] == "yes" for i in range(1, len(header))} for r in body}


def _played(reveal: bool) -> State:
    rules = 'announce("Bid closed.")\ntell("ana", "Only for ana.")\nkeep("pot", 3)\n' + ("reveal()\n" if reveal else "")
    doc = design(rules, tables=[{"key": "forks", "label": "Forks", "columns": ["fork", "gain"],
                                 "rows": [["left", 2], ["right", 3]]}])
    state = start(doc)
    moves = {p: {"bid": 1, "suit": "Red"} for p in PLAYERS}
    return play_phase(ENGINE, state, 21, moves).resolution.state


def _public_counter(s: State) -> None:
    s["counters"]["ana"]["points"] = NUMBER


def _private_counter(s: State) -> None:
    s["counters"]["ana"]["hidden"] = NUMBER


def _garnets(s: State) -> None:
    s["garnets"]["ana"] = NUMBER


def _answer(s: State) -> None:
    s["history"][0]["answers"]["ana"]["bid"] = NUMBER


def _announcement(s: State) -> None:
    s["history"][0]["ruling"]["announce"] = MARK


def _private_message(s: State) -> None:
    s["history"][0]["private"]["ana"] = MARK


def _table_cell(s: State) -> None:
    s["design"]["tables"][0]["rows"][0][0] = MARK


def _named_value(s: State) -> None:
    s["values"]["pot"] = MARK


#: Each row of the table: (revealed?, where its marker is written).
ROWS: dict[str, tuple[bool, Callable[[State], None]]] = {
    "a public counter": (False, _public_counter),
    "a private counter": (False, _private_counter),
    "garnets (the season wallet)": (False, _garnets),
    "an answer, until its phase is revealed": (False, _answer),
    "an answer, once its phase is revealed": (True, _answer),
    "the announcement of a ruling": (False, _announcement),
    "a private message (`tell`, or the host's)": (False, _private_message),
    "a table's cells": (False, _table_cell),
    "a named value (`values`, `keep`)": (False, _named_value),
}


def _seen(state: State, viewer: Viewer) -> str:
    observer = ENGINE.observer
    out = json.dumps(observer.view(state, viewer), ensure_ascii=False) + observer.board_text(state, viewer)
    if isinstance(viewer, Seat):
        out += json.dumps(observer.panel(state, viewer.name), ensure_ascii=False, default=str)
    return out


def test_the_table_has_a_row_for_each_kind_of_value_the_test_knows() -> None:
    assert sorted(_table()) == sorted(ROWS)


@pytest.mark.parametrize("row", sorted(ROWS))
def test_what_each_viewer_sees_is_what_rules_md_says(row: str) -> None:
    said = _table()[row]
    reveal, write = ROWS[row]
    state = copy.deepcopy(_played(reveal))
    assert state["history"][0]["revealed"] is reveal
    write(state)
    marker = re.escape(str(NUMBER)) + "|" + MARK
    for column, viewer in VIEWERS.items():
        found = re.search(marker, _seen(state, viewer)) is not None
        assert found is said[column], f"{row}: {column} {'sees' if found else 'does not see'} it; RULES.md says " \
                                      f"{'yes' if said[column] else 'no'}"
