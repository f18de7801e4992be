"""The table of figures: one row a scenario, with what was tried, lost, duplicated, refused, and recovery time."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

COLUMNS = ["scenario", "tried", "lost", "duplicated", "refused", "recovery", "result"]


@dataclass
class Row:
    """One scenario's figures. ``lost`` and ``duplicated`` must be 0; ``problems`` says what went wrong."""

    scenario: str
    tried: str
    lost: int = 0
    duplicated: int = 0
    refused: str = "0"
    recovery: str = "—"
    problems: list[str] = field(default_factory=list)
    key: str = ""
    figures: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.lost == 0 and self.duplicated == 0 and not self.problems

    def cells(self) -> list[str]:
        result = "ok" if self.ok else "FAILED: " + "; ".join(self.problems[:3]) if self.problems else "FAILED"
        return [self.scenario, self.tried, str(self.lost), str(self.duplicated), self.refused, self.recovery, result]

    def as_dict(self) -> dict:
        return {**asdict(self), "ok": self.ok}


def seconds(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f} s"


def markdown(rows: list[Row]) -> str:
    """The table in Markdown (what docs/RELIABILITY.md holds and the command prints)."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for row in rows:
        lines.append("| " + " | ".join(c.replace("|", "/") for c in row.cells()) + " |")
    return "\n".join(lines)
