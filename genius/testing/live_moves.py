"""A live match played in browser pages (Playwright's sync API), and the time from each move's click to the
opponent's board redrawn: shared by ``tests/browser/test_live_without_reload.py`` and ``bin/bench --only browser``.

Every page gets :data:`WATCH_JS` before its own scripts: it notes the moment of every click on a move form's
button and of every redraw of the board part (a ``MutationObserver``), both as ``performance.timeOrigin +
performance.now()``: milliseconds on the machine's clock, so the pages of one machine compare directly. A move's
figure is the first redraw of the opponent's board at or after the click, once the opponent's page holds the
match's number after that move: the whole way from the click through the fetch, the server's check, store and
push, the socket, to the opponent's new board in its page (the DOM replaced). Beside it, the time to the paint that
shows it (the next animation frame drawn, told by a message posted from it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engines.protocol import Engine, Field, PhaseSpec
from games.engines.registry import get_engine
from games.engines.runner import bot_move
from genius.engine_forms.moves import is_instant
from genius.matches.models import Match, Phase

WATCH_JS = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__clicks = []; window.__redraws = []; window.__frames = [];
  const Native = window.WebSocket;  // note each socket frame's arrival, before the page's own handler runs
  const Watched = function (url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    ws.addEventListener("message", () => window.__frames.push(now()));
    return ws;
  };
  Watched.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach((k) => { Watched[k] = Native[k]; });
  window.WebSocket = Watched;
  document.addEventListener("click", (ev) => {
    if (ev.target.closest && ev.target.closest("form[data-in-place] button")) window.__clicks.push(now());
  }, true);
  // The paint that shows a redraw: a message posted from the next animation frame arrives once that frame is drawn.
  window.__paints = [];
  const painted = () => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => window.__paints.push(now());
    channel.port2.postMessage(0);
  });
  const watch = () => {
    const board = document.querySelector('[data-part="board"]');
    if (board) new MutationObserver(() => { window.__redraws.push(now()); painted(); }).observe(board, { childList: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch); else watch();
})();
"""

#: The opponent's page holds the match's number ``seq`` and has redrawn its board at or after ``t``.
_REDRAWN = """([seq, t]) => +document.getElementById("match").getAttribute("data-seq") >= seq
  && window.__redraws.some((r) => r >= t)"""


#: The last socket frame the opponent's page received between the click and its redraw (the one that brought it).
_FRAME = """([t, r]) => { const f = window.__frames.filter((x) => x >= t && x <= r); return f.length ? f[f.length - 1] : null; }"""


#: The opponent's first paint after its redraw at ``r`` (null until it is drawn).
_PAINTED = "r => window.__paints.find((p) => p >= r) || null"


@dataclass
class Move:
    """One move played in a page: who, in which phase, and the milliseconds to the opponent's new board."""

    player: str
    phase: str
    ms: float
    #: Of ``ms``: from the click to the socket frame that brought the opponent's new board (None if not seen).
    to_frame: float | None = None
    #: From the click to the opponent's first paint after its redraw (None if not seen).
    to_paint: float | None = None


def open_phase(match_id: int) -> tuple[Match, PhaseSpec | None]:
    """The match as stored now and its engine's open phase (None once it is over)."""
    match = Match.objects.get(pk=match_id)
    if match.status != Match.Status.RUNNING or match.state is None:
        return match, None
    return match, get_engine(match.game).phase(match.state)


def legal_payload(engine: Engine, match: Match, spec: PhaseSpec, name: str, salt: int = 0) -> dict[str, Any]:
    """A bot's legal move for ``name``, drawn again while it would take effect at once (a Mulligan)."""
    at_once = engine.spec.offers.at_once_keys
    payload: dict[str, Any] = {}
    for extra in range(salt, salt + 50):
        payload = bot_move(engine, match.started_state, match.seed + extra, spec, name)
        if not any(payload.get(key) for key in at_once):
            return payload
    return payload


def fill_move(page: Any, engine: Engine, match: Match, name: str, payload: dict[str, Any]) -> str:
    """Fill the page's move form with ``payload`` as a player would; returns the selector of the button to click
    (the picked choice of a one-click form, else Lock in on a live turn, else "Save, I may change it")."""
    values = engine.form_initial(match.started_state, name, payload)
    fields: list[Field] = [f for f in engine.form_fields(match.started_state, name) if not is_instant(engine, f.name)]
    pick = None
    for f in fields:
        value = values.get(f.name)
        where = f"#move-form #f-{f.name}"
        if f.kind == "pick":
            pick = (f.name, str(value))
        elif f.kind == "choice":
            page.select_option(where, "" if value is None else str(value))
        elif f.kind == "multichoice":
            chosen = {str(v) for v in (value or [])}
            for box in page.query_selector_all(f'#move-form input[type=checkbox][name="{f.name}"]'):
                box.set_checked(box.get_attribute("value") in chosen)
        elif f.kind == "bool":
            page.set_checked(where, value in (True, "true", "on", "1"))
        else:
            page.fill(where, "" if value is None else str(value))
    if pick is not None:
        return f'#move-form button[name="{pick[0]}"][value="{pick[1]}"]'
    spec = engine.phase(match.started_state)
    if spec is not None and spec.kind in Phase.LIVE_KINDS and page.query_selector("#move-form button[name=lock]"):
        return "#move-form button[name=lock]"
    return "#move-form button[type=submit]:not([name])"  # "Save, I may change it": the phase runs to its clock


def play_move(pages: dict[str, Any], match_id: int, name: str, salt: int = 0, timeout: float = 15000) -> Move | None:
    """``name`` plays a legal move in its page (filled, then one click); returns the time from that click to
    the other pages' boards redrawn (the slowest of them), or None when ``name`` has no move now."""
    match, spec = open_phase(match_id)
    if spec is None or name not in spec.actors:
        return None
    engine = get_engine(match.game)
    page = pages[name]
    page.wait_for_selector(f'#move-form input[name=phase][value="{spec.number}"]', state="attached", timeout=timeout)
    button = fill_move(page, engine, match, name, legal_payload(engine, match, spec, name, salt))
    clicks = page.evaluate("window.__clicks.length")
    page.click(button, timeout=timeout)
    page.wait_for_function("n => window.__clicks.length > n && !document.querySelector('#match[data-sending]')",
                           arg=clicks, timeout=timeout)
    if page.query_selector("#move-form .field-error, #move-form .msg-error") is not None:
        raise AssertionError(f"{name}'s move was refused: {page.inner_text('#move-form')}")
    clicked = page.evaluate("window.__clicks[window.__clicks.length - 1]")
    seq = Match.objects.filter(pk=match_id).values_list("seq", flat=True).get()
    slowest, to_frame, to_paint = 0.0, None, None
    for other, opponent in pages.items():
        if other == name:
            continue
        opponent.wait_for_function(_REDRAWN, arg=[seq, clicked], timeout=timeout)
        redrawn = opponent.evaluate("t => window.__redraws.find((r) => r >= t)", clicked)
        frame = opponent.evaluate(_FRAME, [clicked, redrawn])
        paint = opponent.wait_for_function(_PAINTED, arg=redrawn, timeout=timeout).json_value()
        if redrawn - clicked >= slowest:
            slowest, to_frame = redrawn - clicked, None if frame is None else frame - clicked
            to_paint = paint - clicked
    return Move(name, spec.name, slowest, to_frame, to_paint)


def play_phase(pages: dict[str, Any], match_id: int, salt: int = 0) -> list[Move]:
    """Every actor of the open phase plays its move, in turn; returns their moves (none once the match is over)."""
    _, spec = open_phase(match_id)
    if spec is None:
        return []
    moves = []
    for name in spec.actors:
        move = play_move(pages, match_id, name, salt)
        if move is not None:
            moves.append(move)
    return moves
