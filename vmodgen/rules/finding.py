"""A finding: one rule broken, where and when, in words a player understands."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

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


class Breach(NamedTuple):
    """What one breach of a rule is: the audit reports a breach once while it stands (a later
    check finding the same key adds nothing), withdraws it when a take-back leaves it no longer
    standing, and carries it from file to file by this key (``Rule.breach`` makes it)."""
    rule: str
    kind: str
    hexes: tuple[str, ...]
    units: tuple[str, ...]
    #: which check of the rule, for a breach of hexes whichever units (:func:`at_the_hexes`): two
    #: limits of one hex are two breaches (review rv-k23 item 1); "" for the other keys
    part: str = ""


class _Broken(Protocol):
    """A rule's finding or the audit's (both name the rule, the kind, the hexes and the units)."""
    @property
    def rule(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def hexes(self) -> tuple[str, ...]: ...
    @property
    def units(self) -> tuple[str, ...]: ...


def at_its_hexes(f: _Broken) -> Breach:
    """The default breach: these units at these hexes (the same units breaking the rule at
    another hex, a unit that moved on, are a new breach)."""
    return Breach(f.rule, f.kind, tuple(sorted(f.hexes)), tuple(sorted(f.units)))


def wherever_they_stand(f: _Broken) -> Breach:
    """A breach of the units wherever they stand (a unit that should not be in the game): moved
    on, it is the same breach until it no longer stands."""
    return Breach(f.rule, f.kind, (), tuple(sorted(f.units)))


def at_the_hexes(f: Finding) -> Breach:
    """A breach of the hexes whichever units make it (a hex over a limit): a unit joining it is the
    same breach until it no longer stands. One per check of the rule (:attr:`Finding.part`): another
    limit of the same hex is another breach."""
    return Breach(f.rule, f.kind, tuple(sorted(f.hexes)), (), f.part)


def one_move(k: Breach) -> tuple:
    """What makes a rule's breaches in one phase's moves one breach (the audit reports it once in
    the phase): the rule and the units, whose moves in a phase are one move though the hex it is
    broken at changes; for a breach of hexes whichever units (:func:`at_the_hexes`), the rule and the
    hexes."""
    return (k.rule, k.units) if k.units else (k.rule, k.hexes, k.part)


def of_hexes(move_key: tuple) -> bool:
    """Whether a key :func:`one_move` made is of a breach of hexes whichever units (rule, hexes,
    part), not of a unit's moves (rule, units)."""
    return len(move_key) == 3
