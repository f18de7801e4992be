"""A posted move read the fast way (``genius.matches.posted_moves.read_posted``: the fields remembered per state
version, an accepted move read without the form) and the plain way (``read_posted_plainly``: the form built and
asked) give the same answer for every game: the same payload, and when refused the same words beside the same
fields and the same note for the host; also for a form sent for a phase that is over (``checks=False``)."""

from __future__ import annotations

from typing import Any

import pytest
from django.http import QueryDict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines import registry
from games.engines.protocol import Engine, State
from genius.matches.posted_moves import PostedMove, read_posted, read_posted_plainly
from tests.matches.test_move_read_without_the_form import legal_body, moments
from tests.security.strategies import form_body, form_value

FUZZ = settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))


def answer(posted: PostedMove) -> tuple[Any, dict[str, list[str]], str | None]:
    form = posted.the_form()
    errors = {name: [str(e) for e in errs] for name, errs in form.errors.items()} if posted.payload is None else {}
    return posted.payload, errors, form.check_problem if posted.payload is None else None


def same_answer(engine: Engine, state: State, player: str, body: str, version: Any) -> bool:
    """Whether both ways read the post alike, for a move and an action answered at once, checked or not; True
    when the move was accepted (so a test of legal moves proves something)."""
    accepted = False
    for instant in (False, True):
        for checks in (True, False):
            fast = read_posted(engine, state, player, QueryDict(body), instant=instant, checks=checks,
                               version=version)
            plain = read_posted_plainly(engine, state, player, QueryDict(body), instant=instant, checks=checks)
            assert answer(fast) == answer(plain), (body, instant, checks)
            accepted |= checks and fast.payload is not None
    return accepted


@pytest.mark.parametrize("slug", registry.slugs())
def test_a_post_is_read_alike_the_fast_way_and_the_plain_way(slug: str) -> None:
    engine = registry.get_engine(slug)
    cases = moments(slug)
    accepted = 0
    for at, (state, player) in enumerate(cases):
        legal = legal_body(engine, state, player)
        accepted += same_answer(engine, state, player, form_body(legal), ("twins", slug, at))
        same_answer(engine, state, player, form_body({name: "²" for name in legal}), ("twins", slug, at))
        same_answer(engine, state, player, form_body({}), None)
    assert accepted, f"{slug}: no legal move was read (the test would prove nothing)"


@pytest.mark.parametrize("slug", registry.slugs()[:3])
def test_any_text_is_read_alike_the_fast_way_and_the_plain_way(slug: str) -> None:
    engine = registry.get_engine(slug)
    cases = moments(slug)
    names = sorted({f.name for state, player in cases for f in engine.form_fields(state, player)})

    @FUZZ
    @given(st.sampled_from(range(len(cases))), st.dictionaries(st.sampled_from(names), form_value,
                                                                max_size=len(names)))
    def hostile(at: int, data: dict[str, Any]) -> None:
        state, player = cases[at]
        same_answer(engine, state, player, form_body({**legal_body(engine, state, player), **data}),
                    ("twins", slug, at))

    hostile()
