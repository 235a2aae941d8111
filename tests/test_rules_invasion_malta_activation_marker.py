"""Invasion: Malta, the kit's Activation marker read from a log of the bundled module (LogWriter),
and the rules that read it in positions. 7.22 「活性化した軍ユニット上に、活性化マーカーを置く。
回復フェイズ中に全ての活性化マーカーを取り去る」: the marker belongs to one unit, but a log gives a
hex's markers to every unit in it, so a marker in a hex with several units of one side has no
known owner (4.52, 7.23, 9.13, 10.14 not judged by it; 7.22 found once per marker)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bundled_module_util import bundled_module
from games_util import not_judged, palette_piece
from vmodgen.audit import audit
from vmodgen.rules import ruleset_for
from vmodgen.rules.position_file import load_position
from vmodgen.testing.log_writer import LogWriter

DRAW = "Draw (AM or CAS air unit) and pass option"


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-marker")


def _writer(kit, module) -> LogWriter:
    return LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")


def _rules(r) -> list[str]:
    return [f.rule for f in r.findings]


_not_judged = not_judged      # (each reason of the rule's one entry)


@pytest.mark.parametrize("stacked", [True, False], ids=["matilda-in-the-hex", "alone"])
def test_sector_change_marker_in_a_stack(im, stacked):
    """IM 4.52: GT1, B/3 KOMR (Allied, sector-central, 1425) moves to 1516 (sector-north) and gets
    the Activation marker there. In the next operation sequence of the turn the unit in 1516 that
    did not change sector moves on. With the Matilda standing in 1516 all along (it moves on), the
    marker's owner is unknown: no 4.52 finding, 4.52 said not judged. With B/3 alone in 1516 (it
    moves on itself), the marker is B/3's: found."""
    kit, module, root = im
    w = _writer(kit, module)
    if stacked:
        w.add(*palette_piece(module, "Matilda II tank"), "1516", report=False)
    w.set_turn(1, "Movement Phase")
    w.move("B/3 KOMR", "1516")
    w.add(*palette_piece(module, "activation"), "1516")
    w.advance(6)                                   # Movement ... Reset end of the first sequence
    w.set_turn(1, DRAW)                            # the next operation sequence, same turn
    w.advance(3)
    north = set(kit.map.areas["sector-north"].hexes)
    w.move("Matilda II tank" if stacked else "B/3 KOMR",
           next(h for h in kit.map.neighbours("1516") if h in north))
    w.advance(1)
    r = audit([w.write(root / f"stack-{stacked}.vlog")], module=module)
    if stacked:
        assert "IM 4.52" not in _rules(r)
        assert any("whose it is is not known" in why for why in _not_judged(r, "IM 4.52"))
    else:
        assert "IM 4.52" in _rules(r)


def test_marker_left_on_a_stack_found_once(im):
    """IM 7.22: one Activation marker left in 1424 (the Matilda and B/3 KOMR there) at the end of
    the Recovery Phase is one finding, not one per unit of the hex."""
    kit, module, root = im
    w = _writer(kit, module)
    w.add(*palette_piece(module, "Matilda II tank"), "1424", report=False)
    w.set_turn(1, "Reset Phase")
    w.add(*palette_piece(module, "activation"), "1424")
    w.move("B/3 KOMR", "1424")
    w.advance(3)
    r = audit([w.write(root / "recovery-marker.vlog")], module=module)
    assert _rules(r).count("IM 7.22") == 1
    # 10.34 needs declared attacks, which no log records: said so, not "the log ends before"
    assert any("declared attacks" in why for why in _not_judged(r, "IM 10.34"))


POSITION = """[position]
game = "invasion-malta"
scenario = "s3"
turn = 4
phase = "{phase}"

[state]
time = "am"
active = "7"
prev_fired = ["A1"]
marked_at_draw = []

[[hexes]]
hex = "2020"
markers = ["activation"]

[[units]]
id = "A1"
side = "axis"
type = "field-artillery"
formation = "army"
hex = "2020"
status = ["fired", "activation"]
values = {{attack = 0, defense = 1, movement = 3, stacking = 1, er = 4, fire = 4, range = 4}}
{mate}"""

MATE = """
[[units]]
id = "A2"
side = "axis"
type = "field-artillery"
formation = "army"
hex = "2020"
status = ["activation"]
values = {attack = 0, defense = 1, movement = 3, stacking = 1, er = 4, fire = 4, range = 4}
"""


def _check(tmp_path: Path, phase: str, mate: str) -> tuple[list[str], dict[str, str]]:
    f = tmp_path / "p.toml"
    f.write_text(POSITION.format(phase=phase, mate=mate), encoding="utf-8")
    pos = load_position(str(f))
    rules = ruleset_for(pos.game)
    return [x.rule for x in rules.check(pos)], rules.take_not_judged()


def test_reset_marker_in_a_stack(tmp_path):
    """IM 10.14 (7.22): the Army artillery A1, Fired at the end of formation 7's Reset Phase, in
    2020 under an Activation marker placed after the Draw phase. Alone there: the marker is A1's,
    found. With the Army artillery A2 in the hex, the marker may be A2's: not judged."""
    assert "IM 10.14" in _check(tmp_path, "reset", "")[0]
    rules, notes = _check(tmp_path, "reset", MATE)
    assert "IM 10.14" not in rules and "IM 10.14" in notes


def test_recovery_marker_per_hex_in_a_position(tmp_path):
    """IM 7.22: at the Recovery Phase end the one marker in 2020 over A1 and A2 is one finding."""
    rules = _check(tmp_path, "recovery", MATE)[0]
    assert rules.count("IM 7.22") == 1


KIT = Path(__file__).resolve().parents[1] / "counters" / "invasion-malta"
RALLY = """[position]
game = "{kit}"
scenario = "s3"
turn = 6
phase = "recovery"

[state]
time = "night"
prev_hexes = {{"B/3 KOMR" = "allied-eliminated"}}

[[units]]
unit = "B/3 KOMR"
hex = "2220"
reduced = true

[[units]]
unit = "{mate}"
hex = "2220"
"""


def _kit_flagging_hq_companies(tmp_path: Path) -> Path:
    """The bundled kit with one Allied HQ company added to its roster (``HQ/3 KOMR``, flag
    ``hq_label_only``): a kit that flags its HQ companies (the bundled one flags none)."""
    kit = tmp_path / "im-kit"
    kit.mkdir()
    game = (KIT / "game.toml").read_text(encoding="utf-8")
    game = game.replace('map = "../../maps/', f'map = "{KIT.parents[1] / "maps"}/')
    (kit / "game.toml").write_text(game, encoding="utf-8")
    (kit / "scenarios.toml").write_text((KIT / "scenarios.toml").read_text(encoding="utf-8"), encoding="utf-8")
    rows = (KIT / "roster.csv").read_text(encoding="utf-8").splitlines()
    b3 = next(r for r in rows if r.startswith("B/3 KOMR,"))
    rows.append(b3.replace("B/3 KOMR,B/3 KOMR,", "HQ/3 KOMR,HQ/3 KOMR,").replace(",komr,", ",komr;hq_label_only,")
                .replace(",1425,", ",,"))
    (kit / "roster.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return kit


@pytest.mark.parametrize("mate,verdict", [("Matilda II tank", "found"), ("HQ/3 KOMR", "not judged")])
def test_allied_back_with_no_hq_company_in_the_hex(tmp_path, mate, verdict):
    """IM 18.25 (17.1 note): B/3 KOMR back from elimination on a Night Recovery Phase onto 2220
    (no hospital). With a kit that flags its Allied HQ companies: beside the Matilda (a roster
    unit without the flag) it stands on no battalion HQ, found; beside HQ/3 KOMR (flagged), whose
    battalion it is is not recorded, not judged. The bundled kit flags none: not judged."""
    kit = _kit_flagging_hq_companies(tmp_path)
    f = tmp_path / "p.toml"
    f.write_text(RALLY.format(kit=kit, mate=mate), encoding="utf-8")
    pos = load_position(str(f))
    rules = ruleset_for(pos.game)
    found, notes = [x.rule for x in rules.check(pos)], rules.take_not_judged()
    assert ("IM 18.25" in found) == (verdict == "found")
    assert ("IM 18.25" in notes) == (verdict == "not judged")
    if mate != "HQ/3 KOMR":
        f.write_text(RALLY.format(kit="invasion-malta", mate=mate), encoding="utf-8")
        pos = load_position(str(f))
        rules = ruleset_for(pos.game)
        assert "IM 18.25" not in [x.rule for x in rules.check(pos)] and "IM 18.25" in rules.take_not_judged()
