"""What is wrong with a host's design: the problems the game that plays designs finds and the site shows.

Shared by that game (its document checks, its rules' checks) and the designer pages, which reach the checks
through the game's spec (``GameSpec.design_tools``) and show each problem beside the input its ``part`` names.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a design: where (in human words) and what.

    ``part`` is the path of the value at fault in the checked document (``phases[1].fields[0].options``,
    ``min_players``; "" when it is about the whole), for a page that shows the problem beside its input.
    """

    where: str
    message: str
    part: str = ""

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class DesignError(ValueError):
    """A design that cannot be played; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(str(p) for p in self.problems))
