"""A finding: one rule broken, where and when, in words a player understands."""
from __future__ import annotations

from dataclasses import dataclass, field

KINDS = ("stacking", "zoc", "supply", "movement")


@dataclass(frozen=True)
class Finding:
    rule: str                          # "NA41 4.4.1", "OM 4.31", "IM 3.32", "GEN stacking"
    kind: str                          # stacking, zoc, supply, movement
    message: str
    hexes: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    turn: int | None = None
    phase: str = ""
    #: extra facts for reports (points, limit, cost...), JSON-ready
    details: dict = field(default_factory=dict, compare=False, hash=False)
    #: which check of a rule whose id another check shares ("" for the only one): what the
    #: illustrative tables key on (``"<rule>/<part>"``, rules/illustrative.py); no report shows it
    part: str = field(default="", compare=False, hash=False)
    #: the units the message names that are not in ``units`` (the enemies that made the finding):
    #: redaction withholds the finding if their owner concealed one (:attr:`~vmodgen.audit.model.AuditFinding.by`)
    by: tuple[str, ...] = field(default=(), compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"finding kind must be one of {KINDS}, not {self.kind!r}")

    def to_json(self) -> dict:
        return {"rule": self.rule, "kind": self.kind, "hexes": list(self.hexes), "units": list(self.units),
                "message": self.message, "turn": self.turn, "phase": self.phase}

    def __str__(self) -> str:
        when = []
        if self.turn is not None:
            when.append(f"turn {self.turn}")
        if self.phase:
            when.append(self.phase)
        head = f"[{self.rule}] " + (f"({', '.join(when)}) " if when else "")
        return head + self.message
