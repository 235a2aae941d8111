"""--jobs 2 audits a file again after the workers only when the moves the file before it
carries (``MoveCarry``: it ended inside a movement phase) are actually used: the file starts in
that phase with a unit where its move had reached. A carry the file does not go on with changes
nothing: no second audit, and the result is the one job's either way."""
from __future__ import annotations

from pathlib import Path

from test_audit import mini, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.audit.engine import FileAuditor, MoveCarry
from vmodgen.testing.log_writer import LogWriter


def _runs_here(monkeypatch) -> list[str]:
    """The names of the files FileAuditor.run audits in this process (not in the workers)."""
    names: list[str] = []
    orig = FileAuditor.run

    def run(self, save, name, context=None, before=None):
        names.append(Path(name).name)
        return orig(self, save, name, context, before)
    monkeypatch.setattr(FileAuditor, "run", run)
    return names


def _same(a, b) -> bool:
    return ([f.to_json() for f in a.findings] == [f.to_json() for f in b.findings]
            and a.coverage == b.coverage and a.notes == b.notes and a.stats == b.stats)


def test_a_carry_the_next_file_does_not_use_is_no_reason_to_audit_it_again(mini, monkeypatch):
    """The minikit's sequence starts with Red Movement. File 1: R1 moves 0102 → 0202 and the
    file is saved in Red Movement (its end context carries R1's path). File "on": R1 goes on to
    0302 in the same phase, 2 hexes in one move: the carry is used, the file is audited again
    after the workers. File "later": the tracker moved on to Red Combat between the files (saved
    from there): the carry is not used, no second audit. Both give the one job's result."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    first = w.move("R1", "0202").write(root / "carry1.vlog")
    on = w.save_point().move("R1", "0302").advance().write(root / "carry-on.vlog")
    later = w.advance().save_point().move("B2", "0503").advance().write(root / "carry-later.vlog")
    runs = _runs_here(monkeypatch)
    seq_on = audit([first, on], module=module, game=str(kit_dir), jobs=1)
    runs.clear()
    par_on = audit([first, on], module=module, game=str(kit_dir), jobs=2)
    assert runs == ["carry-on.vlog"] and _same(par_on, seq_on)
    seq_later = audit([first, later], module=module, game=str(kit_dir), jobs=1)
    runs.clear()
    par_later = audit([first, later], module=module, game=str(kit_dir), jobs=2)
    assert runs == [] and _same(par_later, seq_later)


def test_usable_says_which_moves_go_on() -> None:
    """MoveCarry.usable: in the phase the moves were made, the pieces still where their path
    ended; in another phase, none."""
    carry = MoveCarry((1, "red-movement"), (("a", "0101"), ("b", "0303")),
                      (("a", ("0101", "0102")), ("b", ("0303", "0304"))), frozenset(), frozenset())
    where = {"a": "0102", "b": "0404"}
    assert carry.usable((1, "red-movement"), where.get) == {"a"}
    assert carry.usable((1, "red-combat"), where.get) == set()
    assert carry.usable(None, where.get) == set()
