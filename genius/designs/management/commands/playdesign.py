"""``manage.py playdesign FILE [--against GAME] --matches N --seed S``: the proof of a designed game.

With ``--against``, N random matches are played with the same moves and settings through the design and
through the coded game, and every player's final counters, garnets, placement, Tokens of Life and
Elimination Candidates are compared; without it, N random matches are played through the design alone
and rules that failed or stopped are reported (bots take random legal actions where a phase offers them). The last line is ``agree K/N``. The logic is the proof
the designs' game declares in its spec (``design_tools.proof``); this command reads the arguments and
shows progress.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from genius.designs import rules
from genius.designs.documents import DesignError
from genius.progress import unwrapped


def _proof() -> Any:
    """The proof of the installed game that plays designs (declared in its spec's design tools)."""
    tools = rules.design_tools()
    if tools is None:
        raise CommandError("no installed game plays designs", returncode=2)
    return tools.proof


class Command(BaseCommand):
    help = "Play random matches of a design file, alone or against a coded game, and print agree K/N."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a .genius-design.json file")
        parser.add_argument("--against", default=None, help="a coded game the design is proved against")
        parser.add_argument("--matches", type=int, default=100, help="how many matches (default 100)")
        parser.add_argument("--seed", type=int, default=1, help="the proof's seed (default 1)")
        parser.add_argument("--workers", type=int, default=1, help="processes sharing the matches (default 1)")

    def handle(self, *args, **options) -> None:
        proof = _proof()
        against, matches = options["against"], options["matches"]
        if against is not None and against not in proof.ADAPTERS:
            raise CommandError(f"no proof for {against!r}: --against takes {', '.join(proof.ADAPTERS)}", returncode=2)
        if not 1 <= matches <= 1_000_000:
            raise CommandError("--matches must be between 1 and 1000000", returncode=2)
        try:
            design = proof.load_design(options["file"])
        except OSError as exc:
            raise CommandError(f"cannot read {options['file']}: {exc.strerror or exc}", returncode=2) from None
        except DesignError as exc:
            raise CommandError(f"{options['file']} is not a playable design: {exc}", returncode=2) from None
        with tqdm(total=matches, unit="match", file=unwrapped(self.stderr), disable=None) as bar:
            summary = proof.run_proof(design, against, matches, options["seed"], progress=lambda _r: bar.update(),
                                      workers=max(1, options["workers"]))
        for line in summary.lines(against):
            self.stdout.write(line)
