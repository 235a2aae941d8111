"""Round 6 of real play recorded in real VASSAL (``tests/data/recorded``, README there,
``record6.py``): the messy games players make. Each finding is checked by hand against
``../shared/rules/*.md`` and the Japanese rulebooks (``../shared/seeds``); each silence is a listed
"not judged". The 3.8.0-beta1 twins (``-38``) are the same scripts played in VASSAL 3.8.0-beta1
and give the same findings."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bundled_module_util import bundled_module
from vmodgen.commands.audit import command
from vmodgen.vassal.replay import chat_lines
from vmodgen.vassal.savefile import read_save

DATA = Path(__file__).parent / "data" / "recorded"
KITS = {"om": "operation-mercury", "na41": "north-africa-41", "im": "invasion-malta"}


@pytest.fixture(scope="module")
def modules(tmp_path_factory) -> dict[str, Path]:
    return {k: bundled_module(kit, tmp_path_factory, f"rec6-{k}").module for k, kit in KITS.items()}


def _audit(module: Path, names: list[str], *extra: str) -> tuple[str, dict]:
    logs = [str(DATA / f"{n}.vlog") for n in names]
    text = CliRunner().invoke(command, ["--module", str(module), *extra, *logs])
    doc = CliRunner().invoke(command, ["--module", str(module), "--format", "json", *extra, *logs])
    # (CliRunner turns an exception into exit code 1: a crash must not pass for findings)
    assert text.exception is None and doc.exception is None, (text.exception, doc.exception)
    assert text.exit_code in (0, 1) and doc.exit_code in (0, 1), text.output + doc.output
    return text.output, json.loads(doc.stdout)


def _found(doc: dict) -> list[tuple]:
    return [(f["rule"], f["step"], f["turn"], f["phase"], f["hexes"], f["units"]) for f in doc["findings"]]


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_om_undo_chain(modules, suffix):
    """om-undo6, Scenario 3, German. GT1 Paradrop: 9/III/Sturm W4213, Vogel 1 W4212; a d10, Undo,
    a d10 again; Next, Undo (the tracker press taken back), Next. German Movement: 9/III/Sturm
    W4113, W4013 and Vogel 1 W4211, then three Undos in a row; Vogel 1 W4211 -> W4210 and
    9/III/Sturm W4113. Exactly OM 4.18 at step 27 (JP 4.18: a paradropped unit moves at most one
    hex in its arrival turn; Vogel 1 W4212 -> W4210 is two); the three undone drags are on no path
    (9/III/Sturm's W4213 -> W4113 is one hex: no finding) and the undone Next ends no phase."""
    text, doc = _audit(modules["om"], [f"om-undo6{suffix}"])
    assert _found(doc) == [("OM 4.18", 27, 1, "german-movement", ["W4212", "W4210"], ["G-Vogel-1"])]
    moves = doc["coverage"]["moves"]
    assert (moves["seen"], moves["judged"], moves["not_judged"]["undone"], moves["not_judged"]["off-map"]) == (11, 3, 6, 2)
    assert doc["partial"] is None
    assert doc["stats"]["undos"] == 6


def test_om_undo_reroll_flagged(modules):
    """om-undo6 step 14: the d10 undone at step 15 and rolled again at step 16: the integrity
    section names the re-roll when the faces differ (read from the log's own chat lines)."""
    text, doc = _audit(modules["om"], ["om-undo6"])
    rolls = [ln for ln in chat_lines(read_save(str(DATA / "om-undo6.vlog"))) if "1d10" in ln and "UNDO" not in ln]
    assert len(rolls) == 2
    faces = [ln.split("=")[1].split("*")[0].strip() for ln in rolls]
    assert ("Re-roll: German rolled 1d10" in text) == (faces[0] != faces[1])


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_om_combat_retreat_and_advance(modules, suffix):
    """om-combat6, Scenario 3, German. GT1 Paradrop: 9/III/Sturm W4214, Vogel 1 W4213. German
    Combat: a d10; the German player drags 19 NZ W4315 -> W4215 (it stands with 7 RTR there, a
    friendly combat unit: 9.63's exception, legal), then 9/III/Sturm W4214 -> W4315 -> W4316 ->
    W4317. Exactly OM 9.84 (an advance after combat covers at most 2 hexes; JP 9.84). Since
    retreat14 the Combat Phase's drags are judged as the retreat and the advance, at each drag: the
    finding is at step 24, where the advance (2 hexes in its first drag) reaches W4316, its third
    hex (before: at the end of the next phase, step 27, from the phase's hex changes). Whether
    W4215 is the target of a later declared combat (9.63's exception) a log does not say: named
    not judged, no finding."""
    text, doc = _audit(modules["om"], [f"om-combat6{suffix}"])
    assert _found(doc) == [("OM 9.84", 24, 1, "german-combat", ["W4316"], ["G-9-III-Sturm"])]
    assert not [m for m in doc["coverage"]["out_of_phase"] if m.get("combat_phase")]
    assert "OM 9.63: whether W4215, where 19 NZ (A-19-NZ-Eng) retreated into enemy ZOC beside a friendly unit" in text


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_om_japanese_chat_quoted(modules, suffix):
    """om-jpchat6: the tracker never pressed (GT1 Recovery Phase); the player announces the turn
    and phases in Japanese ("第1ターン ドイツ軍空挺降下フェイズ", "ドイツ軍移動フェイズ") and once as
    "GT1 - Germans now moving"; Vogel 1 W4212 -> W4211 -> W4210 (OM 4.18 if the phase were
    known). Not judged, and said: the two moves are listed as made in the Recovery Phase and the
    sentence quotes the last line typed before the first of them (before this branch it did not).
    The Japanese announcements (steps 1 and 4) set no phase: the tracker gives it (the file stays
    in the Recovery Phase, the paradrops at steps 2-3 and the moves at 6-7 are listed there), and
    the sentence says a phase announced in chat is not read."""
    text, doc = _audit(modules["om"], [f"om-jpchat6{suffix}"])
    assert doc["findings"] == []
    assert "partial: 4 of 4" in text
    said = next(m for m in doc["coverage"]["messages"] if "Was the tracker advanced?" in m)
    assert f'om-jpchat6{suffix}.vlog (step 5): "GT1 - Germans now moving"' in said
    assert "A phase announced in chat is not read where the turn tracker gives the phase." in said
    lines = chat_lines(read_save(str(DATA / f"om-jpchat6{suffix}.vlog")))
    assert lines[0].startswith("<German> - 第1ターン ドイツ軍空挺降下フェイズ") and lines[3] == "<German> - ドイツ軍移動フェイズ"
    assert doc["phase_source"] == "turn tracker"
    assert [(p["step"], p["turn"], p["phase"]) for p in doc["files"][0]["phases"]] == [(0, 1, "recovery")]
    assert [(m["step"], m["phase"], bool(m.get("from_box"))) for m in doc["coverage"]["out_of_phase"]] == [
        (2, "Recovery Phase", True), (3, "Recovery Phase", True), (6, "Recovery Phase", False),
        (7, "Recovery Phase", False)]


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_na41_retreat_into_zoc_and_advance(modules, suffix):
    """na41-combat6, S1, Axis. GT1 I1 Axis Movement: 5 Pz Rgt 1604 -> 1707. Axis Combat: 2d6; the
    Allied 6 RTR and 3 Hus retreat 1808 -> 1708, next to 5 Pz Rgt: NA41 12.2.1 for each (a retreat
    ending in an enemy ZOC eliminates the unit; 1809 and 1909 were free of it, 12.1.3), step 13;
    5 Pz Rgt advances 1707 -> 1808 (the vacated hex: its ZOC ignored) -> 1809 (next to them in
    1708) -> 1909, step 16. Every move judged. Before round left22 also NA41 14.4 at 1809 (the advance
    through their ZOC), though by 12.2.1 they were gone before it began: no second breach."""
    text, doc = _audit(modules["na41"], [f"na41-combat6{suffix}"])
    assert _found(doc) == [
        ("NA41 12.2.1", 13, 1, "i1-axis-combat", ["1708"], ["6RTR"]),
        ("NA41 12.2.1", 13, 1, "i1-axis-combat", ["1708"], ["3Hus"])]
    assert doc["coverage"]["moves"]["judged"] == doc["coverage"]["moves"]["seen"] == 6


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_na41_breakthrough(modules, suffix):
    """na41-breakthrough6, S1, Axis. Axis Combat: 2d6; 6 RTR and 3 Hus retreat 1808 -> 1809 ->
    1909 (no hex in 5 Pz Rgt's ZOC); 5 Pz Rgt advances into the vacated 1808, then 1809 (next to
    them: a breakthrough combat, 15.2.7); 2d6; they retreat again 1909 -> 2010 -> 2110, and 5 Pz
    Rgt advances into the hex they left, 1909 (15.2.6, 15.2.10: free after a successful
    breakthrough; 15.2.12: the combat cleared the ZOC). 0 findings, every move judged. Before this
    branch: two NA41 12.2.1 "retreated into 1809, which holds an enemy combat unit" (the first
    retreat judged again once 5 Pz Rgt stood in a hex it had passed through)."""
    text, doc = _audit(modules["na41"], [f"na41-breakthrough6{suffix}"])
    assert doc["findings"] == []
    assert doc["coverage"]["moves"]["judged"] == doc["coverage"]["moves"]["seen"] == 12


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_na41_palette(modules, suffix):
    """na41-palette6, S1, Axis, I1 Axis Movement: 8 MG Bn dragged into the Eliminated Units box,
    then a fresh 8 MG Bn taken from the palette onto 1606 (step 11); 5 Pz Rgt (21 Pz) taken from
    the palette straight onto 1808, where 6 RTR and 3 Hus stand (step 12). NA41 5.1 at step 12
    (no unit enters an enemy combat unit's hex). The second piece of 8 MG Bn is a warning naming
    the first in the Eliminated box (before this branch: silent, the unit counted twice). NA41 20.4.2
    at step 12 too (round na22): the 21st Panzer's units replace the 5th Light's only on turn 10."""
    text, doc = _audit(modules["na41"], [f"na41-palette6{suffix}"])
    assert _found(doc) == [("NA41 5.1", 12, 1, "i1-axis-movement", ["1808"], ["6RTR", "3Hus", "5Pz-21"]),
                           ("NA41 20.4.2", 12, 1, "i1-axis-movement", ["1808"], ["5Pz-21"])]
    twice = [w for w in doc["coverage"]["warnings"] if "one unit is now two pieces" in w]
    assert len(twice) == 1 and "step 11: a piece of 8 MG Bn (8MG)" in twice[0] and "in eliminated" in twice[0]
    assert "warning: " + twice[0] in text


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_im_activations(modules, suffix):
    """im-activation6, Scenario 3, one player for both sides. GT1 Draw: the 7th Flieger AM leaves
    the cup; 5/3 and KG1 unit 1 paradrop (2020, 2021); Movement: KG1 unit 1 2021 -> 2022 (formation
    7, active: legal). GT2: the AM back in the cup; Draw: the Allied Central sector AM; Movement:
    B/3 KOMR 1425 -> 1424 (Central sector: legal, 4.51) and the Axis 5/3 2020 -> 2019: exactly IM
    7.23 at step 34 (only the active formation's units move, 7.1, 7.23). IM 7.23 is judged, not
    listed as not judged (before this branch: "not recorded in a log", and 0 findings). No Airhead
    is on the map when GT1's Airborne Operations Phase ends (step 11) while KG1's two units dropped:
    IM 15.2 there (15.2 intro: with no airhead of its nationality on the map a KG cannot paradrop;
    imfix9, before it silent)."""
    text, doc = _audit(modules["im"], [f"im-activation6{suffix}"])
    assert _found(doc) == [("IM 15.2", 11, 1, "airborne", ["2020", "2021"], ["5/3", "S3-KG1-1"]),
                           ("IM 7.23", 34, 2, "movement", ["2019"], ["5/3"])]
    assert "sector-central" in doc["findings"][1]["message"]
    assert not any(r["rule"] == "IM 7.23" for r in doc["coverage"]["rules_not_judged"])


def test_na41_pbem_chain_38_then_37(modules):
    """na41-pbem6-1 (VASSAL 3.8.0-beta1, saved mid Axis Movement) continued by -2 and -3 (3.7.26).
    In play order: no continuity issue, the version change said, every move judged; the one
    finding is NA41 16.1 at the end of I1's Axis Supply Phase (file 3 step 3: 3 Aufkl in 1210
    cannot trace supply and carries no OOS marker, as in na41-supply)."""
    text, doc = _audit(modules["na41"], ["na41-pbem6-1", "na41-pbem6-2", "na41-pbem6-3"])
    assert [(f["rule"], Path(f["file"]).name, f["step"], f["hexes"]) for f in doc["findings"]] == [
        ("NA41 16.1", "na41-pbem6-3.vlog", 3, ["1210"])]
    assert doc["continuity"] == []
    assert "the VASSAL version changes from 3.8.0-beta1 to 3.7.26" in text
    assert doc["coverage"]["moves"]["judged"] == doc["coverage"]["moves"]["seen"] == 4


def test_na41_pbem_chain_wrong_order(modules):
    """The same chain given 2 1 3 (kept as given): the seams and the save dates say the order is
    wrong and which file goes before which; no file is called missing."""
    text, doc = _audit(modules["na41"], ["na41-pbem6-2", "na41-pbem6-1", "na41-pbem6-3"])
    warned = doc["coverage"]["warnings"]
    assert any("saved in the order na41-pbem6-1.vlog, na41-pbem6-2.vlog, na41-pbem6-3.vlog" in w for w in warned)
    assert not any("may be missing" in w for w in warned)


def test_na41_pbem_chain_missing_middle(modules):
    """File 2 left out (1 3): both files hold only the Axis's moves, and file 3 starts with two Axis
    units placed differently and the tracker moved on (Axis Movement -> Axis Combat): a file is
    missing, and it is the Axis's own (the tracker passed only the Axis Movement Phase between
    them); before an earlier branch the warning said "(the other side's)". The 16.1 finding in
    file 3 names a unit placed differently at the seam, so it says it rests on play no file holds."""
    text, doc = _audit(modules["na41"], ["na41-pbem6-1", "na41-pbem6-3"])
    miss = [w for w in doc["coverage"]["warnings"] if "may be missing" in w]
    assert len(miss) == 1 and "(axis's own: the turn tracker passed only its phases between them)" in miss[0]
    assert "the other side's" not in miss[0]
    assert Path(doc["findings"][0]["details"]["after_gap"]).name == "na41-pbem6-1.vlog"


def test_na41_pbem_chain_from_the_38_save(modules):
    """The save VASSAL 3.8.0-beta1 wrote mid Axis Movement (na41-pbem6-1.vsav: 3 Aufkl already
    moved 1503 -> 1208) given first, then the 3.7.26 files that continue it. No continuity issue
    (file 2 starts where the save ends); 3 Aufkl's 1208 -> 1210 is judged from where the save has
    it, and the report says so: the moves of that phase before the save are in no file (before
    this branch: nothing said, "judged 3" of 3)."""
    text, doc = _audit(modules["na41"], ["na41-pbem6-1", "na41-pbem6-2", "na41-pbem6-3"], "--keep-order")
    assert not any("starts inside" in m for m in doc["coverage"]["messages"])     # the log: whole
    logs = [str(DATA / "na41-pbem6-1.vsav")] + [str(DATA / f"na41-pbem6-{i}.vlog") for i in (2, 3)]
    got = CliRunner().invoke(command, ["--module", str(modules["na41"]), "--format", "json", "--keep-order", *logs])
    doc = json.loads(got.stdout)
    assert doc["continuity"] == [] and [f["rule"] for f in doc["findings"]] == ["NA41 16.1"]
    said = [m for m in doc["coverage"]["messages"] if "starts inside" in m]
    assert len(said) == 1 and said[0].startswith("na41-pbem6-1.vsav starts inside Impulse 1: Axis Movement Phase (turn 1)")
