"""Piece definitions written by vmodgen are character-identical to VASSAL's canonical form
(golden/vassal-run/canonical_buildFile.xml, re-saved by VASSAL 3.7.26's Editor)."""
import re

from conftest import shared_path
from vmodgen.vassal.piece_defs import (basic_piece, chain, definition, delete, empty_basic_piece, label,
                                       layer, marker, prototype)


def _golden():
    return shared_path("golden", "vassal-run", "canonical_buildFile.xml").read_text(encoding="utf-8")


def test_piece_slot_matches_vassal_canonical_text():
    text = _golden()
    for name, gpid, img, side, typ, attack in [("1st Infantry", 2, "al_inf", "Allied", "infantry", "4"),
                                                ("2nd Armor", 3, "al_arm", "Allied", "armor", "6"),
                                                ("101st Grenadier", 4, "ax_inf", "Axis", "infantry", "5")]:
        golden = re.search(rf'entryName="{name}" gpid="{gpid}" height="50" width="50">(.*?)</VASSAL', text).group(1)
        mine = definition([prototype("Unit"), layer("Step", [f"{img}.png", f"{img}_b.png"], ["", "+ (reduced)"]),
                           marker({"side": side, "type": typ, "attack": attack}),
                           basic_piece(f"{img}.png", name, gpid)])
        assert mine == golden


def test_prototype_definition_matches_vassal_canonical_text():
    golden = re.search(r'name="Unit">(.*?)</VASSAL', _golden()).group(1)
    assert definition([label(), delete(), empty_basic_piece()]) == golden


def test_chain_escapes_one_more_backslash_per_level():
    assert chain(["a", "b", "c"]) == "a\tb\\\tc"
    assert chain(["only"]) == "only"


def test_slash_in_a_report_format_is_escaped():
    text = definition([marker({"note": "a/b"}), basic_piece("x.png", "X")])
    assert "a\\/b" in text
