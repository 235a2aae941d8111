"""A ZOC finding tells of the enemy whose ZOC was entered, though it does not name it: when that
enemy is concealed by its owner (VASSAL's Invisible or Mask trait), the report conceals the
finding as one naming it (vmodgen.audit.redact), unless ``--reveal-hidden``; VASSAL shows an
opponent nothing of a hidden unit and not a masked unit's side. Found on real VASSAL logs
(tests/test_foreign_tour.py: a Goblin entered the ZOC of a Tiger its owner hid; the report said
"entered enemy ZOC at F5", telling the Goblin's player where the hidden Tiger stood).

Position: the dirty log of tests/test_audit.py on the minikit (GEN rules): step 12, Blue
Movement, Blue's B2 entered the ZOC of Red's R1 (0402) at 0502 and moved on to 0603; R1 is the
only Red unit beside 0502. Here R1 is hidden (or masked) by its owner, B2 is not."""
from __future__ import annotations

import pytest
from test_audit import script
from test_audit_concealed import INVISIBLE, PASSWORD, PLAIN_MASK, conceal, mini  # noqa: F401

from vmodgen.audit import audit
from vmodgen.audit.redact import for_report
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.traits import Hideable, Obscurable


def _zoc(mini, tmp_path, trait, type_text):  # noqa: F811
    kit_dir, kit, module, root = mini
    start = conceal(LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id=PASSWORD),
                    {"R1": (trait, type_text)})
    log = script(kit, module, w=start).write(tmp_path / "r1.vlog")
    r = audit([log], module=module, game=str(kit_dir))
    return next(f for f in r.findings if f.rule == "GEN zoc"), r


@pytest.mark.parametrize("trait, type_text, kind", [(Hideable, INVISIBLE, "invisible"),
                                                     (Obscurable, PLAIN_MASK, "mask")])
def test_the_zoc_of_a_concealed_enemy(mini, tmp_path, trait, type_text, kind):  # noqa: F811
    f, r = _zoc(mini, tmp_path, trait, type_text)
    assert (f.step, f.hexes, f.units) == (12, ("0502",), ("B2",))      # judged on the real units
    assert f.by == ("R1",) and f.concealed_kinds() == [kind]
    shown = next(g for g in for_report(r).findings if g.rule == "GEN zoc")
    revealed = next(g for g in for_report(r, reveal=True).findings if g.rule == "GEN zoc")
    assert "0502" in revealed.message and revealed.hexes == ("0502",)
    if kind == "invisible":       # nothing of where: no hex, no unit, no reckoning
        assert shown.hexes == () and "0502" not in shown.message and "0402" not in shown.message
    else:                          # the mask is seen where it stands: the hex stays, the reckoning goes
        assert shown.hexes == ("0502",) and "withheld" in shown.message and "enemy ZOC" not in shown.message


def test_an_unconcealed_enemy_explains_the_finding(mini, tmp_path):  # noqa: F811
    """B2 (the mover) hidden, R1 seen: the ZOC is R1's, which its opponent sees: nothing in ``by``."""
    kit_dir, kit, module, root = mini
    start = conceal(LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id=PASSWORD),
                    {"B2": (Hideable, INVISIBLE)})
    r = audit([script(kit, module, w=start).write(tmp_path / "b2.vlog")], module=module, game=str(kit_dir))
    f = next(f for f in r.findings if f.rule == "GEN zoc")
    assert f.by == () and f.concealed_kinds() == ["invisible"]        # B2's own concealment only


def test_an_enemy_beside_that_exerts_no_zoc_explains_nothing(tmp_path):
    """R1 hidden at 0402, R2 (flag ``no_zoc``: GEN zoc_exempt) seen at 0501, both beside 0502:
    the ZOC B2 entered at 0502 is R1's alone (R2 exerts none), so the finding is concealed as one
    naming R1 (before: R2 beside the hex was taken for a source and the finding was shown in
    full, telling where the hidden R1 stood)."""
    from test_audit import variant_kit
    from vmodgen.builder.build import build_kit
    from vmodgen.model.kit import load_kit

    kit_dir = variant_kit(tmp_path / "kit")
    roster = kit_dir / "roster.csv"
    rows = roster.read_text().splitlines()
    rows = [r.replace("R2,2/1 Inf,red,redland,1div,infantry,battalion,2,,4,3,4,2,2,2,4,2,0102,",
                      "R2,2/1 Inf,red,redland,1div,infantry,battalion,2,no_zoc,4,3,4,2,2,2,4,2,0501,") for r in rows]
    assert any(",no_zoc,4,3,4,2,2,2,4,2,0501," in r for r in rows)
    roster.write_text("\n".join(rows) + "\n")
    kit = load_kit(kit_dir)
    module = build_kit(kit, tmp_path / "build", cache_dir=tmp_path / "cache").path
    start = conceal(LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id=PASSWORD),
                    {"R1": (Hideable, INVISIBLE)})
    r = audit([script(kit, module, w=start).write(tmp_path / "r2.vlog")], module=module, game=str(kit_dir))
    f = next(f for f in r.findings if f.rule == "GEN zoc")
    assert (f.hexes, f.units) == (("0502",), ("B2",))
    assert any(e[0] == "R2" and e[1] == "0501" for e in f.scene)     # R2 stands beside 0502, seen
    assert f.by == ("R1",) and f.concealed_kinds() == ["invisible"]
    shown = next(g for g in for_report(r).findings if g.rule == "GEN zoc")
    assert shown.hexes == () and "0502" not in shown.message and "0402" not in shown.message
