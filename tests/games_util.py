"""Audit helpers shared by the tests of the three games in logs: an audit of a chain of files that
also hands back what the rule set could not judge (``FileAudit.not_judged``), the chains of a
module's palette pieces for the markers a script places, readers of an audit's findings and
rules not judged, and the usual start of an Invasion: Malta log (LogWriter)."""
from __future__ import annotations

from pathlib import Path

from vmodgen.audit import audit
from vmodgen.audit.coverage import reasons
from vmodgen.audit.engine import FileAuditor
from vmodgen.audit.model import AuditResult
from vmodgen.audit.run import assemble, make_binding
from vmodgen.rules import ruleset_for
from vmodgen.vassal.codec import decode
from vmodgen.vassal.module import read_module
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.savefile import read_save

IM_AIRBORNE = "Airborne Operations Phase (paradrop or air transport)"


def audit_chain(paths: list[Path], module: Path) -> tuple[AuditResult, dict[str, str]]:
    """The audit of ``paths`` in order (as ``vmodgen audit`` does for the three games) and the
    rules not judged in any of them (rule id → why, the first reason)."""
    b, mod = make_binding(str(module))
    rs = ruleset_for(b.game)
    b.reset()
    auditor = FileAuditor(b, mod, rs)
    results = [auditor.run(read_save(str(p)), str(p)) for p in paths]
    not_judged: dict[str, str] = {}
    for fa in results:
        for rule, why in fa.not_judged.items():
            not_judged.setdefault(rule, why)
    return assemble(results, b, rs.rules(), never_judged=rs.never_judged_in_a_log()), not_judged


def palette_piece(module: Path, ref: str) -> tuple[str, str]:
    """(type chain, state chain) of the palette piece whose ``unit_id`` or ``marker`` Marker value
    is ``ref`` (a unit id, or a kit marker id such as "airhead"), with its prototypes expanded as
    VASSAL does when a piece is dragged from the palette."""
    from vmodgen.vassal.traits import Marker
    from vmodgen.vassal.piece import Piece, expand_prototypes
    m = read_module(str(module))
    for slot in m.piece_slots:
        if ref not in slot.definition:
            continue
        parts = decode(slot.definition, "/")
        t, st = expand_prototypes(parts[2], parts[3], m.prototypes)
        props: dict[str, str] = {}
        for trait in Piece(t, st).traits:
            if isinstance(trait, Marker):
                props.update(trait.properties())
        if ref in (props.get("unit_id"), props.get("marker")):
            return t, st
    raise KeyError(f"{module}: no palette piece for '{ref}'")


def found(result: AuditResult) -> list[tuple]:
    """(step, turn, phase, rule, units) of each finding, in report order."""
    return [(f.step, f.turn, f.phase, f.rule, tuple(f.units)) for f in result.findings]


def rule_findings(result: AuditResult, prefix: str) -> list[tuple[str, int, tuple]]:
    """(rule, step, units) of each finding whose rule starts with ``prefix``, in report order."""
    return [(f.rule, f.step, f.units) for f in result.findings if f.rule.startswith(prefix)]


def not_judged(result: AuditResult, rule: str) -> list[str]:
    """Why ``rule`` was not judged, each reason the audit's coverage gives (one entry per rule, its
    reasons joined: :func:`vmodgen.audit.coverage.reasons`)."""
    return [why for x in result.coverage.get("rules_not_judged", []) if x["rule"] == rule for why in reasons(x["why"])]


def im_log(module: Path, kit, *, central: bool = False) -> tuple[LogWriter, str | None]:
    """A log of Invasion: Malta's bundled ``module`` (no scenario; player Carol, password pw-im)
    and, with ``central``, the id of the Allied Central sector AM it first puts in the cup."""
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    return w, (w.add(*palette_piece(module, "am-sector-central"), "cup", report=False) if central else None)


def im_airhead_drops(w: LogWriter, module: Path, drops: list[tuple[str, str]]) -> None:
    """GT1's Airborne Operations Phase: an Airhead on 1424, then each (unit, hex) of ``drops``."""
    w.set_turn(1, IM_AIRBORNE)
    w.add(*palette_piece(module, "airhead"), "1424", report=False)
    for unit, h in drops:
        w.move(unit, h)


def audit_log(w: LogWriter, path: Path, module: Path) -> AuditResult:
    """The audit of ``w`` written to ``path`` after one more Next."""
    return audit([w.advance(1).write(path)], module=module)
