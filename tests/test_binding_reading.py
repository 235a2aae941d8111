"""The binding's reading of a piece (issue 20, round 14): it reads a copy of the piece, so a live
piece of a replay keeps its traits undecoded (each later step that moves or changes a decoded
piece walks its traits again), and what it reads is what the decoded piece reads, warnings
included; the position builder's remembered readings equal readings worked out afresh at every
call, while units flip and move."""
from __future__ import annotations

import pytest
from conftest import ROOT, shared_path

from vmodgen.binding.pieces import SlotIndex
from vmodgen.vassal.chains import join_chain
from vmodgen.vassal.codec import decode
from vmodgen.vassal.piece import Piece, decode_piece, expand_prototypes

MODULE = shared_path("corpus") / "tld_buildFile-only_stripped.vmod"
LOGS = [shared_path("corpus") / f"tld_game_0606-{i}.log" for i in (1, 2, 3)]
needs_tld = pytest.mark.skipif(not MODULE.is_file() or not all(p.is_file() for p in LOGS),
                               reason="../shared/corpus (The Longest Day logs) is absent")


@needs_tld
def test_reading_a_piece_leaves_it_undecoded_and_reads_what_the_decoded_piece_reads():
    """Every 7th palette slot of the TLD module as saved (prototypes to expand) and with its
    prototypes expanded (none left: the piece itself is read), 600 pieces: the facts of an
    undecoded piece equal those of the same piece decoded, and the undecoded one stays so."""
    from vmodgen.vassal.module import read_module
    module = read_module(str(MODULE))
    slots = SlotIndex(module)
    pieces = []
    for slot in module.piece_slots[::7]:
        fields = decode(slot.definition, "/")
        if len(fields) < 3:
            continue
        t, s = fields[2], fields[3] if len(fields) > 3 else ""
        pieces.append((t, s))
        pieces.append(expand_prototypes(t, s, module.prototypes))
    assert len(pieces) > 500
    expanded = 0
    for t, s in pieces:
        lazy, decoded = Piece(t, s), decode_piece(t, s)
        assert slots.facts(lazy) == slots.facts(decoded)
        assert lazy._traits is None
        expanded += "prototype;" not in t
    assert expanded > 250


def test_reading_reports_an_unknown_trait_as_decoding_the_piece_does():
    """A piece with a trait this reader does not know: reading it adds to the piece's warnings
    what decoding it adds, once, and leaves it undecoded."""
    from types import SimpleNamespace
    t = join_chain(["zzunknown;a;b", "mark;Side", "piece;;;inf.png;1 Inf"])
    s = join_chain(["", "Axis", "null;0;0;7"])
    slots = SlotIndex(SimpleNamespace(piece_slots=[], prototypes={}))
    read: list[str] = []
    decoded: list[str] = []
    piece = Piece(t, s, warnings=read, source="x.vlog")
    facts = slots.facts(piece)
    decode_piece(t, s, warnings=decoded)
    assert read == decoded and len(read) == 1 and "zzunknown" in read[0]
    assert piece._traits is None
    assert (facts.name, facts.markers) == ("1 Inf", {"Side": "Axis"})
    slots.facts(piece)
    assert read == decoded


@needs_tld
def test_tld_readings_remembered_equal_readings_worked_out_afresh(monkeypatch):
    """TLD logs 1-3 (the binding reads the reduced side from the Flip layer's ``_Active``): at
    every reading of a piece the builder makes, what it made equals a reading with the builder's
    and the binding's memos empty; units are read again as they flip (reduced changes for the
    same unit) and move."""
    from vmodgen.audit import audit, positions
    orig = positions.PositionBuilder._read_view
    seen = {"calls": 0, "flips": 0, "read": 0}
    last: dict[str, tuple] = {}

    def fields(v) -> tuple:
        return (v.pid, v.unit, v.reduced, v.hex, v.point, v.markers, v.status, v.lazy, v.concealed)

    def checked(self, rec, pid, pos, t, st, lazy):
        got = orig(self, rec, pid, pos, t, st, lazy)
        saved = (self._cache, self.binding._facts)
        self._cache, self.binding._facts = {}, {}
        try:
            fresh = orig(self, rec, pid, pos, t, st, lazy)
        finally:
            self._cache, self.binding._facts = saved
        assert fields(got) == fields(fresh), pid
        seen["calls"] += 1
        if got.unit is not None:
            seen["read"] += 1
            was = last.get(pid)
            seen["flips"] += was is not None and was[0] is got.unit and was[1] != got.reduced
            last[pid] = (got.unit, got.reduced)
        return got
    monkeypatch.setattr(positions.PositionBuilder, "_read_view", checked)
    audit(LOGS, module=MODULE, binding=ROOT / "examples" / "tld" / "binding.toml")
    assert seen["calls"] > 2000 and seen["read"] > 1000
    assert seen["flips"] > 50
