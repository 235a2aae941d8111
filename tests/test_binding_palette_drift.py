"""A foreign module's saved piece values against its palette (binding files): VASSAL plays a
piece as its saved type and state say (``GameModule.createPiece``), never from the palette, so a
log played with another version of the module keeps that version's Marker values. The binding
judges the saved values and warns which pieces differ from the palette piece they were found by,
as the kit binding does for vmodgen's kits (``binding/saved_type.py``)."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.audit import audit
from vmodgen.binding.file import load_binding
from vmodgen.binding.pieces import SlotIndex
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.module import read_module
from vmodgen.vassal.piece import Piece
from vmodgen.vassal.savefile import read_save

from conftest import shared_path
from test_binding_file import GOOD, write


@pytest.fixture(scope="module")
def hextest():
    return read_module(shared_path("golden", "vassal-run", "HexTest.vmod"))


def _played_with_other_version(shared, tmp_path: Path, old: str, new: str) -> Path:
    """VASSAL's moves.vlog with 2nd Armor's saved Marker values ``old`` → ``new`` everywhere
    (as a module version that printed another attack strength would have saved it)."""
    text = read_save(shared("golden", "vassal-run", "moves.vlog")).text
    assert text.count(old) >= 2
    return LogWriter(text.replace(old, new)).write(tmp_path / "other-version.vlog")


def test_slot_found_by_type_reports_marker_difference(hextest):
    """2nd Armor saved with attack 7 where the palette piece (same type chain) says 6."""
    slot = next(s for s in hextest.piece_slots if s.name == "2nd Armor")
    tokens = slot.definition.split("/")
    idx = SlotIndex(hextest)
    same = idx.facts(Piece(*_type_state(slot.definition)))
    assert same.palette_diffs == () and same.markers["attack"] == "6"
    t, s = _type_state(slot.definition)
    other = idx.facts(Piece(t, s.replace("Allied,armor,6", "Allied,armor,7")))
    assert other.slot == "2nd Armor" and tokens
    assert other.palette_diffs == (("attack", "7", "6"),)
    assert other.properties["attack"] == "7"           # judged as saved


def _type_state(definition: str) -> tuple[str, str]:
    from vmodgen.vassal.codec import decode
    tokens = decode(definition, "/")
    return tokens[2], tokens[3]


def test_audit_warns_of_pieces_played_with_another_version(hextest, shared, tmp_path):
    """Position: VASSAL's moves.vlog (HexTest, generic rules); 2nd Armor's saved attack is 7,
    the module's palette says 6: the audit warns once, naming the piece and both values, and
    the stacking finding of step 3 (GEN stacking) is unchanged."""
    log = _played_with_other_version(shared, tmp_path, "Allied,armor,6", "Allied,armor,7")
    b = load_binding(write(tmp_path, GOOD), hextest)
    r = audit([str(log)], preset=(b, hextest))
    drift = [w for w in r.coverage["warnings"] if "other Marker values than the module's palette" in w]
    assert len(drift) == 1 and "2nd Armor: attack 7 (module: 6)" in drift[0]
    assert drift[0].startswith("1 kind(s) of piece")
    assert [(f.step, f.rule) for f in r.findings] == [(3, "GEN stacking")]


def test_audit_same_version_no_warning(hextest, shared, tmp_path):
    """The unchanged log: every piece's Marker values are the palette's, no such warning."""
    b = load_binding(write(tmp_path, GOOD), hextest)
    r = audit([shared("golden", "vassal-run", "moves.vlog")], preset=(b, hextest))
    assert not [w for w in r.coverage["warnings"] if "palette" in w]


def test_parallel_audit_gathers_the_warning(shared, tmp_path):
    """With two workers (``--jobs 2``, each file read in its own process with its own binding)
    the difference a worker saw reaches the report through the binding's observations; the
    unchanged second file adds none."""
    log = _played_with_other_version(shared, tmp_path, "Allied,armor,6", "Allied,armor,9")
    b = write(tmp_path, GOOD)
    module = shared("golden", "vassal-run", "HexTest.vmod")
    r = audit([str(log), shared("golden", "vassal-run", "moves.vlog")], module=module, binding=b, jobs=2)
    drift = [w for w in r.coverage["warnings"] if "palette" in w]
    assert len(drift) == 1 and "2nd Armor: attack 9 (module: 6)" in drift[0]
