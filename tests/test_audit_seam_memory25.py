"""Invasion: Malta's memory of the previous phase end (``prev_oos``, ``prev_reduced``,
``prev_disrupted``) at a file seam with a gap (review rv-n23 item 4): the next file starts later
than the last one ended (steps missing), so the phase end the memory holds is not the one before
the next file's first phase end. Logs are written with the project's log writer and the bundled
module, the missing play in a writer whose log is never written."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import audit_chain, found, palette_piece
from im_util import H, INF, kit, state, x
from rules_util import position, rules
from vmodgen.rules import ruleset_for
from vmodgen.rules.games.invasion_malta.carried import MaltaMemory
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-seam25")


def _ids(kit) -> list[str]:
    return [p.id for p in kit.game.sequence.phases]


def _oos_chain(im, name: str, in_gap: bool):
    """GT1: 5/3 drops onto 2020 (an airhead there); file 1 ends in GT3's (Night) Movement Phase.
    The missing play runs to GT3's Recovery Phase, its Supply Status Phase putting an OoS marker
    on 5/3 when ``in_gap`` (6.12 「夜ターンの補給状態フェイズ」: its phase). File 2 starts in GT3's
    Recovery Phase, places the marker there unless the gap did, and ends the phase."""
    kit_, module, root = im
    ids = _ids(kit_)
    w = LogWriter.from_module_setup(module, kit=kit_, player="Axis", player_id="pw-im")
    w.advance(ids.index("airborne"))
    w.move("5/3", "2020")
    w.add(*palette_piece(module, "airhead"), "2020")
    w.advance(2 * len(ids) + ids.index("movement") - ids.index("airborne"))     # GT3 Movement
    one = w.write(root / f"{name}-1.vlog")
    w.advance(ids.index("supply-status") - ids.index("movement"))
    if in_gap:
        w.add(*palette_piece(module, "oos"), "2020")
    w.advance(1)                                                                  # GT3 Recovery
    w = w.save_point()
    if not in_gap:
        w.add(*palette_piece(module, "oos"), "2020")
    return audit_chain([one, w.advance(1).write(root / f"{name}-2.vlog")], module)


def test_an_oos_marker_placed_in_the_gap_is_no_finding(im):
    """The marker placed in the gap's Supply Status Phase: before the fix the memory of file 1's
    last phase end (no OoS on 5/3) made it one placed in the Recovery Phase, an IM 6.12 finding at
    file 2's phase end (step 1). Now 5/3's entry is unknown (it starts otherwise than the memory
    says) and IM 6.12 is named not judged for it."""
    r, not_judged = _oos_chain(im, "oos-gap", in_gap=True)
    assert found(r) == []
    assert "5/3: whether it carried an OoS marker at the previous phase end is unknown" in not_judged["IM 6.12"]


def test_an_oos_marker_placed_after_the_gap_is_still_found(im):
    """The same gap (the tracker moved on: GT3 Movement → Recovery) with 5/3 starting file 2 as the
    memory says (no marker): the marker file 2 places in the Recovery Phase is IM 6.12's, as without
    a gap."""
    r, _ = _oos_chain(im, "oos-after-gap", in_gap=False)
    assert [(f[3], f[4]) for f in found(r)] == [("IM 6.12", ("5/3",))]


def test_a_disruption_unknown_after_a_gap_names_13_37_not_judged():
    """D (MA 1, halved to 0 by its Disrupted marker, 3.83) retreated 2017 → 2018 → 2019. With
    ``prev_disrupted`` showing the marker before its combat it was 0-MA: IM 13.37 (eliminated
    instead). When the entry is unknown after a gap (``status_unknown``), the marker may be this
    combat's (3.82, 13.45D): no verdict, 13.37 named not judged with the reason."""
    unit = x("D", "2019", values=dict(INF, movement=1), status=["disrupted"], mode="retreat",
             path=["2017", "2018", "2019"])
    assert rules(H + unit + state(prev_disrupted=["D"])) == ["IM 13.37"]
    pos = position(H + unit + state(prev_disrupted=["D"], status_unknown={"prev_disrupted": ["D"]}))
    rs = ruleset_for(pos.game)
    assert [f.rule for f in rs.check(pos)] == []
    why = rs.take_not_judged()["IM 13.37"]
    assert "does not start where the previous one ended" in why and "status_unknown" in why


def test_the_gap_makes_unknown_only_what_the_start_contradicts():
    """resumed_after_gap: P starts disrupted and R without its OoS marker, though the memory says
    otherwise; Q starts as the memory says (OoS): only P's and R's entries become unknown, each
    under its list, and the next phase end knows them again."""
    start = position(kit("movement") + x("P", "2019", status=["disrupted"]) + x("Q", "2020", status=["oos"])
                     + x("R", "2021"))
    rs = ruleset_for(start.game)
    memory = MaltaMemory(prev_oos=["Q", "R"], prev_reduced=[], prev_disrupted=[])
    rs.resumed_after_gap(start, memory)
    assert memory.status_unknown == {"prev_oos": ["R"], "prev_disrupted": ["P"]}
    rs.remember(start, start, memory)            # the next phase end: known again
    assert memory.status_unknown is None and memory.prev_disrupted == ["P"] and memory.prev_oos == ["Q"]


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-seam25")


def test_om_fatigue_placed_in_the_gap_is_no_9_71_finding(om):
    """Operation Mercury's ``om_fatigued`` has the same fault: file 1 ends in GT1's Air Unit
    Allocation Phase (its last phase end the Evacuation Determination Phase's, which resolves no
    combat); in the missing play the German Combat Phase puts a Fatigue marker on 19 NZ (W4315: a
    combat result, 9.7); file 2 starts in GT2's Evacuation Determination Phase and ends it. Before
    the fix the memory of file 1's last phase end (19 NZ not fatigued) made the marker one no rule
    placed: OM 9.71 at that phase end. Now 19 NZ's entry is unknown and OM 9.71 is named not judged
    for it."""
    kit_, module, root = om
    ids = _ids(kit_)
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit_)
    w.advance(ids.index("air-allocation"))
    one = w.write(root / "om-fatigue-gap-1.vlog")
    w.advance(ids.index("german-combat") - ids.index("air-allocation"))
    w.add(*palette_piece(module, "fatigue"), "W4315")
    w.advance(len(ids) - ids.index("german-combat") + ids.index("evacuation-determination"))
    two = w.save_point().advance(1).write(root / "om-fatigue-gap-2.vlog")
    r, not_judged = audit_chain([one, two], module)
    assert [f for f in found(r) if f[3] == "OM 9.71"] == []
    assert "19 NZ (A-19-NZ-Eng): whether it was fatigued at the previous phase end is unknown" in not_judged["OM 9.71"]


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-seam25-same")


@pytest.mark.parametrize("split", [True, False], ids=["two-files", "one-file"])
def test_a_gap_inside_one_phase_keeps_the_memory(om, split):
    """Review rv-u25 item 1: file 1 ends inside GT2's Evacuation Determination Phase; the missing
    steps put a Fatigue marker on 19 NZ (W4315) in that same phase, and file 2 ends the phase. No
    phase end lies in the gap, so the memory of the last phase end still stands: OM 9.71 (a marker
    in a phase resolving no combat, 9.7) is found as in one file, not named not judged."""
    kit_, module, root = om
    ids = _ids(kit_)
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit_)
    w.advance(len(ids) + ids.index("evacuation-determination"))       # GT2 Evacuation Determination
    one = w.write(root / f"same{split}-1.vlog")
    w.add(*palette_piece(module, "fatigue"), "W4315")
    if split:
        w = w.save_point()                                            # the add is in no file
    two = w.advance(1).write(root / f"same{split}-2.vlog")
    r, nj = audit_chain([one, two] if split else [two], module)
    assert [f[3] for f in found(r) if f[3] == "OM 9.71"] == ["OM 9.71"]
    assert "OM 9.71" not in nj
