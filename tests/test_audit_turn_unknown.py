"""A binding that reads the phase from chat but no turn (the Kassala corpus module, its example
binding switched to chat phases with no turn pattern): a phase earlier in the sequence than the
last one may be the next turn's, so the moves made in it are new moves, not the old phase's moves
going on (an Undo or a tracker sent back within known turns is the only return to a phase), and
the phase left ends, its end-of-phase rules judged (they did not run, silently)."""
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


@pytest.mark.skipif(not MODULE.exists(), reason="../shared/corpus is absent")
def test_the_last_phase_of_a_turn_ends_when_the_sequence_wraps_with_no_turn_known(tmp_path):
    """Kassala allows one unit a hex: a Christian unit moved onto another in the Christian
    Movement Phase, then the chat names the Moslem Movement Phase (the next turn's): the
    overstack at the end of the Christian phase is found (no finding before: the wrap was read as
    a step back, and a step back ends no phase)."""
    binding = _chat_binding(tmp_path)
    w = LogWriter.from_file(CORPUS / "kassala_Default_Setup.vsav", locate=read_module(MODULE).locate,
                            player="Christian")
    a, c = [p for p, r in w.state.pieces.items() if (r.name or "").startswith("Christian_Infantry")][:2]
    w.chat("Moslem Movement phase").chat("Christian Movement phase")
    w.move(c, w.where(a))
    w.chat("Moslem Movement phase")
    r = audit([w.write(tmp_path / "wrap.vlog")], module=MODULE, binding=binding)
    assert [(f.step, f.rule, f.phase) for f in r.findings] == [(4, "GEN stacking", "christian-movement")]
