"""What an audit produces: findings placed in the log (file, step, turn, phase), continuity
issues between files, statistics, and the JSON shape documented in ``docs/audit-json.md``."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules.finding import Breach, at_its_hexes
from .concealment import Concealment, finding_units, stronger
from .coverage import not_judged_sentence, partial_sentence

JSON_VERSION = 1


@dataclass
class AuditFinding:
    """One rule broken, once while it lasts: where in the log, when in the game, what and who."""
    file: str
    step: int                          # 0 = the file's starting position
    turn: int | None
    phase: str                         # phase id ("" = unknown)
    phase_name: str
    side: str                          # the phasing side ("" = unknown / both)
    at: str                            # "during" the phase, or at its "end"
    rule: str
    kind: str
    message: str
    hexes: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    unit_names: tuple[str, ...] = ()
    #: units near the finding as they stood: (unit id, hex, reduced, name, side), for pictures
    #: (not in JSON)
    scene: tuple[tuple[str, str, bool, str, str], ...] = field(default=(), compare=False, repr=False)
    details: dict = field(default_factory=dict, compare=False)
    #: units the finding does not name but that made it, when an opponent could not see them:
    #: the masked or hidden enemies that alone exert the ZOC a unit entered (not in JSON; the
    #: report conceals the finding as one naming them, vmodgen.audit.redact)
    by: tuple[str, ...] = field(default=(), compare=False, repr=False)
    #: unit id → (kind, shown name) of the units of the finding and of its scene that their owner
    #: masked or hid at its step (vmodgen.audit.concealment); the report names them as an opponent
    #: sees them (vmodgen.audit.redact)
    concealed: dict[str, Concealment] = field(default_factory=dict, compare=False, repr=False)
    #: on the report's copy (vmodgen.audit.redact), which no longer holds ``concealed``: the
    #: kinds of the units it names as an opponent sees them
    redacted: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    #: the illustrative values the verdict rests on (vmodgen.rules.illustrative.Input); in JSON
    #: as ``illustrative`` when there are some
    illustrative: tuple = field(default=(), compare=False)
    #: which breach it is, as its rule's ``Rule.breach`` made it when the audit found it (not in
    #: JSON); None: the default (:func:`~vmodgen.rules.finding.at_its_hexes`)
    breach: Breach | None = field(default=None, compare=False, repr=False)

    @property
    def key(self) -> Breach:
        """The breach the finding reports: what the audit's standing sets hold, the same key the
        engine, the chain's assembly and the take-backs compare (units a merged finding adds, or
        hexes a unit moved on to, do not change it)."""
        return self.breach if self.breach is not None else at_its_hexes(self)

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "step": self.step, "turn": self.turn, "phase": self.phase,
                "phase_name": self.phase_name, "side": self.side, "at": self.at, "rule": self.rule,
                "kind": self.kind, "hexes": list(self.hexes), "units": list(self.units),
                "unit_names": list(self.unit_names), "message": self.message,
                "details": _jsonable(self.details), **self._concealed_json(),
                **({"illustrative": [i.to_json() for i in self.illustrative]} if self.illustrative else {})}

    def concealed_kinds(self) -> list[str]:
        """The kind of each unit of the finding its owner masked or hid (and of each hidden unit
        standing in its hexes): no identity."""
        if self.redacted is not None:
            return list(self.redacted)
        return [k for _, k in finding_units(self.units, self.hexes, self.scene, self.concealed, self.by)]

    def _concealed_json(self) -> dict[str, Any]:
        kinds = self.concealed_kinds() if self.concealed or self.redacted else []
        return {"concealed": kinds} if kinds else {}

    def where(self) -> str:
        parts = []
        if self.turn is not None:
            parts.append(f"turn {self.turn}")
        if self.phase_name:
            parts.append(("end of " if self.at == "end" else "") + self.phase_name)
        return ", ".join(parts)


@dataclass
class ContinuityIssue:
    """A difference between the end of one file and the start of the next."""
    before: str                        # the earlier file
    after: str                         # the later file
    what: str                          # moved, changed, missing, added, turn
    piece: str                         # piece id ("" for turn)
    name: str                          # piece name / unit id / tracker
    was: str
    now: str
    #: (as the earlier file ended, as the later one started): the piece's concealment by its owner
    #: ((kind, shown name) or None), when either is set; () otherwise
    concealed: tuple = ()

    def to_json(self) -> dict[str, Any]:
        out = dict(vars(self))
        del out["concealed"]
        hid = self.concealment()
        if hid is not None:
            out["concealed"] = [hid[0]]
        return out

    def concealment(self) -> Concealment | None:
        """The stronger concealment of the two sides of the seam, None when neither is set."""
        return stronger(*self.concealed) if self.concealed else None

    def __str__(self) -> str:
        label = f"{self.name} ({self.piece})" if self.piece else self.name
        return f"{self.after}: does not start where {self.before} ended: {label} {self.what}: {self.was} -> {self.now}"


@dataclass
class FileInfo:
    path: str
    steps: int
    kind: str                          # "log" or "save"
    module_name: str = ""
    vassal_version: str = ""
    players: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: where the phase changed: {"step", "turn", "phase"}
    phases: list[dict] = field(default_factory=list)
    #: the file's own save date (VASSAL's savedata ``dateSaved``, ms since the epoch), "" if none
    date_saved: str = ""

    def to_json(self) -> dict[str, Any]:
        return dict(vars(self))


@dataclass
class AuditResult:
    findings: list[AuditFinding]
    continuity: list[ContinuityIssue]
    stats: dict[str, Any]
    files: list[FileInfo]
    checked_rules: list[dict[str, str]]
    skipped_rules: list[dict[str, str]]
    notes: list[str] = field(default_factory=list)
    game: str = ""
    binding: str = ""
    phase_source: str = ""
    #: the Binding used (for pictures); not part of the JSON
    binding_obj: Any = field(default=None, repr=False, compare=False)
    #: what was judged and what not (docs/audit-json.md, "coverage"; vmodgen.audit.coverage)
    coverage: dict[str, Any] = field(default_factory=dict)
    #: dice, undo and re-roll forensics, seats, versions, seams (vmodgen.integrity)
    integrity: dict = field(default_factory=dict)
    #: set by the report (vmodgen.audit.redact): how many units their owner masked or hid, and
    #: whether they are named as an opponent sees them or in full (``revealed``); empty when the
    #: audit met no such unit and nothing was asked
    concealment: dict = field(default_factory=dict)
    #: what the files' own metadata and move reports say against the module given (another
    #: version, positions read otherwise); also among the coverage warnings; not part of the JSON
    module_doubts: list[str] = field(default_factory=list, repr=False, compare=False)
    #: the files given again (the same path, or the same bytes under another name), each named:
    #: skipped, each file audited once; also among the coverage warnings; not part of the JSON
    given_again: list[str] = field(default_factory=list, repr=False, compare=False)
    #: the doubts about the files' order and seams, each with its kind (audit.order: ORDER, BRANCH,
    #: SEAM, FOR_RULES: what a doubt means for the rules judged); also among the coverage
    #: warnings; not part of the JSON
    order_doubts: list[tuple[str, str]] = field(default_factory=list, repr=False, compare=False)

    @property
    def exit_code(self) -> int:
        return 1 if self.findings else 0

    def to_json(self) -> dict[str, Any]:
        return {"version": JSON_VERSION, "game": self.game, "binding": self.binding,
                "phase_source": self.phase_source,
                # (first, before the findings: what a player reads first, im23)
                "partial": partial_sentence(self.coverage), "not_judged": not_judged_sentence(self.coverage),
                "findings": [f.to_json() for f in self.findings],
                "continuity": [c.to_json() for c in self.continuity],
                "stats": self.stats, "files": [f.to_json() for f in self.files],
                "checked_rules": self.checked_rules, "skipped_rules": self.skipped_rules,
                "notes": self.notes,
                "coverage": _jsonable(self.coverage), "integrity": self.integrity,
                **({"hidden_revealed": True} if self.concealment.get("revealed") else {}),
                **({"concealed": self.concealment} if self.concealment else {})}


def _jsonable(v):
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple, set, frozenset)):
        return [_jsonable(x) for x in v]
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    return str(v)
