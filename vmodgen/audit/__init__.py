"""Audit saves and play-by-email logs: replay them through the rules of the game they were
played with and report every violation (once while it lasts), continuity gaps between files
and the statistics players want.

    from vmodgen.audit import audit
    result = audit(["turn1.vlog", "turn2.vlog"], module="game.vmod")
    for f in result.findings: print(f.file, f.step, f.rule, f.message)

Pieces: :mod:`.run` (binding choice, files, parallel jobs, merging), :mod:`.engine` (one file:
positions, moments, paths, dedup), :mod:`.positions` (states → rule positions through a
:class:`~vmodgen.binding.base.Binding`), :mod:`.continuity`, :mod:`.stats`, :mod:`.model`.
"""
from .model import AuditFinding, AuditResult, ContinuityIssue, FileInfo
from .run import audit, make_binding

__all__ = ["AuditFinding", "AuditResult", "ContinuityIssue", "FileInfo", "audit", "make_binding"]
