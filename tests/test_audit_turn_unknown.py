"""A binding that reads the phase from chat but no turn (the Kassala corpus module, its example
binding switched to chat phases with no turn pattern): a phase earlier in the sequence than the
last one may be the next turn's, so the moves made in it are new moves, not the old phase's moves
going on (an Undo or a tracker sent back within known turns is the only return to a phase)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from vmodgen.audit.run import audit
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.module import read_module

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
MODULE = CORPUS / "kassala_Kassala.vmod"


def _chat_binding(tmp_path: Path) -> Path:
    text = (ROOT / "examples" / "kassala" / "binding.toml").read_text(encoding="utf-8")
    text = text.replace('source = "player"', 'source = "chat"')
    text = re.sub(r"(?m)^turn = .*\n|^start_turn = .*\n|^starts = .*\n", "", text)
    for name in ("Moslem Movement", "Moslem Combat", "Christian Movement", "Christian Combat"):
        text = re.sub(rf'(?m)^(name = "{name}"\n)', rf'\1chat = ["{name} phase"]\n', text)
    out = tmp_path / "chat.toml"
    out.write_text(text, encoding="utf-8")
    return out


@pytest.mark.skipif(not MODULE.exists(), reason="../shared/corpus is absent")
def test_a_phase_met_again_with_no_turn_known_starts_new_moves(tmp_path):
    binding = _chat_binding(tmp_path)
    w = LogWriter.from_file(CORPUS / "kassala_Default_Setup.vsav", locate=read_module(MODULE).locate,
                            player="Moslem")
    pid = next(p for p, r in w.state.pieces.items() if r.name == "Moslem_Infantry_3-2_Nubian")
    m, x, y = w.where(pid)
    w.chat("Moslem Movement phase")
    w.move(pid, (m, x, y + 266)).move(pid, (m, x, y + 532))        # two hexes: its whole MA of 2
    w.chat("Christian Movement phase").chat("Moslem Movement phase")  # the next turn's (no turn said)
    w.move(pid, (m, x, y + 798))                                    # one hex more: a new move
    r = audit([w.write(tmp_path / "noturn.vlog")], module=MODULE, binding=binding)
    assert [f.rule for f in r.findings if f.rule == "GEN movement"] == []
    assert any(p["phase"] == "moslem-movement" for p in r.files[0].phases)
