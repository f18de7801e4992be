"""The proof's runs in the suite: a design against its coded game, rules and move checks run in the test's own
process (the same Starlark under the same limits, without the worker's round trip per phase and per check), so
that a thousand seeded matches take a few minutes of one core at most."""

from __future__ import annotations

from typing import Any

import pytest

from games.custom_game import proof
from games.custom_game.rules import RuleLimits, check_run, limits_in_effect

#: The issues' figure: a shipped twin of a coded game agrees on 1,000 of 1,000 seeded matches.
PROOF_MATCHES = 1000


def _no_worker(*args: Any, **kwargs: Any) -> Any:
    raise OSError("the proof's test runs the rules and checks here")


def run_in_process(monkeypatch: pytest.MonkeyPatch, design: dict[str, Any], game: str, matches: int = PROOF_MATCHES,
                   seed: int = 21) -> proof.ProofSummary:
    """``playdesign --against game --matches matches --seed seed`` run here (as where no worker can start)."""
    monkeypatch.setattr(check_run.CHECK_WORKER, "call", _no_worker)
    with limits_in_effect(RuleLimits(isolate=False)):
        return proof.run_proof(design, game, matches, seed=seed)
