"""A log played with another version of the module than the one given to the audit.

VASSAL 3.7.26 (``GameState.checkMetaData``) only warns in its chat when a save's module version
differs and plays on; every piece keeps the type saved in the file (``AddPiece`` carries it), so
the values a unit had in the version played stand. The logs were recorded in real VASSAL 3.7.26
with modules built from edited copies of the North Africa '41 kit (tests/data/recorded/README.md);
the tests build the same copies. Position: S1 Enter Rommel, turn 1 Axis Movement Phase, 3 Aufkl
moves 1503 → 0803, a path of 7 MP (NA41 5.1: a unit may not spend more than its movement
allowance; 5.3: extended movement allows 6 MP)."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from vmodgen.audit import audit
from vmodgen.vassal.reported_locations import report_pattern
from vmodgen.binding.saved_type import SavedTypes, saved_differences, unit_as_saved
from vmodgen.builder.build import build_kit
from vmodgen.model.kit import load_kit
from vmodgen.vassal.module import read_module
from vmodgen.vassal.savefile import read_save

from bundled_module_util import bundled_module
from conftest import ROOT

DATA = ROOT / "tests" / "data" / "recorded"
VALUES, GRID = DATA / "na41-skew-values.vlog", DATA / "na41-skew-grid.vlog"


def _edited_kit(tmp: Path, version: str, roster=None, map_edit=None) -> Path:
    """A copy of the bundled North Africa '41 kit with ``version`` and the edits given."""
    shutil.copytree(ROOT / "counters" / "north-africa-41", tmp / "counters" / "north-africa-41")
    shutil.copytree(ROOT / "maps" / "north-africa-41", tmp / "maps" / "north-africa-41")
    game = tmp / "counters" / "north-africa-41" / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(re.sub(r"(?m)^(subtitle = .*)$", lambda m: m.group(1) + f'\nversion = "{version}"', text, count=1),
                    encoding="utf-8")
    if roster:
        path = tmp / "counters" / "north-africa-41" / "roster.csv"
        path.write_text(roster(path.read_text(encoding="utf-8")), encoding="utf-8")
    if map_edit:
        path = tmp / "maps" / "north-africa-41" / "map.toml"
        path.write_text(map_edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return tmp / "counters" / "north-africa-41"


def _slow_aufkl(text: str) -> str:
    """3 Aufkl's movement 6 → 3, front and back (the recorded version 1.2)."""
    old = "3Aufkl,3 Aufkl,axis,wehrmacht,5lt,reconnaissance,battalion,2,,2,,2,6,elite,1,,,,1,,1,6,"
    assert old in text
    return text.replace(old, old.replace(",2,6,elite", ",2,3,elite").replace(",1,,1,6,", ",1,,1,3,"))


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    """(bundled kit, bundled module v1.0, module v1.2 with 3 Aufkl MA 3, module v1.4 re-gridded)."""
    b = bundled_module("north-africa-41", tmp_path_factory, "skew-logs")
    out, kits = {}, {}
    for name, version, roster, map_edit in (
            ("values", "1.2", _slow_aufkl, None),
            ("grid", "1.4", None, lambda t: t.replace("hex_height_px = 64", "hex_height_px = 60", 1))):
        root = tmp_path_factory.mktemp(f"kit-{name}")
        kits[name] = _edited_kit(root, version, roster, map_edit)
        kit = load_kit(kits[name])
        out[name] = build_kit(kit, root / "build", cache_dir=root / "cache").path
    return b.kit, b.module, out["values"], out["grid"], kits


def _need_logs():
    if not (VALUES.is_file() and GRID.is_file()):
        pytest.skip("recorded skew logs absent")


def test_kit_version_is_the_modules_and_its_saves(modules):
    """``[game] version`` is what the module and its scenario saves declare (what VASSAL compares)."""
    _, bundled, values, _, _ = modules
    assert read_module(values).version == "1.2"
    assert read_module(bundled).version == "1.0"


def test_saved_values_are_judged_as_saved_with_another_version(modules):
    """Played with v1.2 (3 Aufkl MA 3), audited with v1.0 (MA 6 in the kit): VASSAL plays the saved
    piece, so the 7 MP move breaks NA41 5.1; before, the audit took the kit's 6 and the extended
    movement (5.3) and said nothing. The report names the version and the unit's saved values."""
    _need_logs()
    kit, bundled, _, _, _ = modules
    assert kit.unit("3Aufkl").front["movement"] == 6
    r = audit([VALUES], module=bundled)
    assert [f.rule for f in r.findings] == ["NA41 5.1"] and "3Aufkl" in r.findings[0].units
    assert "3 movement points" in r.findings[0].message
    warned = " ".join(r.coverage["warnings"])
    assert "version '1.2'" in warned and "version '1.0'" in warned
    assert "3 Aufkl: movement 3 (kit: 6)" in warned and "judged as saved" in warned


def test_same_log_with_its_own_module_warns_of_nothing(modules):
    """With the module it was played with and its kit: the same finding, no version or saved-type
    warning. (With the bundled kit instead, the saved values differ from the kit's: said.)"""
    _need_logs()
    _, _, values, _, kits = modules
    r = audit([VALUES], module=values, game=str(kits["values"]))
    assert [f.rule for f in r.findings] == ["NA41 5.1"]
    assert not any("version" in w or "judged as saved" in w for w in r.coverage["warnings"])


def test_regridded_board_is_said_from_the_move_reports(modules):
    """Played with v1.4 (hex height 60), audited with v1.0 (64): VASSAL's move report says 0803,
    the module given reads another hex at the drop point: the report says positions read wrong.
    With its own module, no such warning and no finding (the clean game)."""
    _need_logs()
    _, bundled, _, grid, kits = modules
    wrong = audit([GRID], module=bundled)
    said = [w for w in wrong.coverage["warnings"] if "move reports" in w]
    assert len(said) == 1 and "reported 0803" in said[0] and "read wrong" in said[0]
    right = audit([GRID], module=grid, game=str(kits["grid"]))
    assert right.findings == [] and not any("move reports" in w for w in right.coverage["warnings"])


def test_cli_version_mismatch_is_not_refused_and_warns_on_stderr(modules, tmp_path):
    """Same module name, other version: no --force needed (VASSAL loads it too), one warning line
    per doubt on stderr, exit 1 for the finding."""
    _need_logs()
    _, bundled, _, _, _ = modules
    p = subprocess.run([sys.executable, "-m", "vmodgen", "audit", str(VALUES), "--module", str(bundled)],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 1, p.stderr
    assert "version '1.2'" in p.stderr and "judged as saved" in p.stderr
    assert "Traceback" not in p.stderr


def test_unit_as_saved_takes_known_values_and_keeps_unknown_ones(modules):
    """A saved Marker with zoc=no gives the unit no ZOC; a movement class the game lacks keeps the
    module's (and is named); a saved property the kit does not write is no difference."""
    kit, _, _, _, _ = modules
    unit = kit.unit("3Aufkl")
    props = {"zoc": "no", "movement_class": "hovercraft", "movement": "4", "something_new": "x"}
    diffs = saved_differences(kit.game, unit, props)
    assert {d[0] for d in diffs} == {"zoc", "movement_class", "movement"}
    got, kept = unit_as_saved(kit.game, unit, diffs)
    assert not got.exerts_zoc and unit.exerts_zoc
    assert got.front["movement"] == 4 and got.movement_class == unit.movement_class
    assert kept == ["movement_class"]


def test_unknown_unit_ids_are_named():
    st = SavedTypes(unknown={"Gone1": "Gone Bde"})
    assert "Gone Bde (Gone1)" in st.warnings("north-africa-41")[0]
    assert "not judged" in st.warnings("north-africa-41")[0]


@pytest.mark.parametrize("fmt,line,want", [
    ("$pieceName$ moves $previousLocation$ -> $location$ *", "* 3 Aufkl moves 1503 -> 0803 *", "0803"),
    ("$pieceName$ to $location$", "* Vogel 1 to W4213", "W4213"),
    ("$location$: $pieceName$ arrives", "* 2021: KG1 arrives", "2021"),
    # the word "location" in the format's own text once kept the group out (IndexError)
    ("$pieceName$ moves to location $location$", "* 3 Aufkl moves to location 0803", "0803"),
    ("$location$ (location $location$)", "* 0803 (location 0803)", "0803"),
])
def test_move_report_pattern(fmt, line, want):
    assert report_pattern(fmt).search(line).group("location").strip() == want


def test_move_report_pattern_without_location():
    assert report_pattern("$pieceName$ moves") is None


def test_recorded_logs_name_their_versions():
    _need_logs()
    assert read_save(VALUES).module_version == "1.2"
    assert read_save(GRID).module_version == "1.4"


# -- a module vmodgen did not build: Kassala 0.2.0 (the corpus module the kassala-* logs were
# recorded with in real VASSAL 3.7.26) against edited copies of it

KASSALA_LOGS = [DATA / f"kassala-{n}.vlog" for n in ("moslem", "christian", "locked")]
KASSALA_BINDING = ROOT / "examples" / "kassala" / "binding.toml"


def _edited_vmod(src: Path, dst: Path, edits: list[tuple[str, str]]) -> Path:
    """A copy of a module with regex edits of its buildFile and moduledata (each edit must apply)."""
    import zipfile
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        done = set()
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename in ("buildFile", "buildFile.xml", "moduledata"):
                text = data.decode("utf-8")
                for pat, repl in edits:
                    text, n = re.subn(pat, repl, text)
                    if n:
                        done.add(pat)
                data = text.encode("utf-8")
            zout.writestr(info, data)
    assert done == {p for p, _ in edits}
    return dst


def _kassala_logs():
    from conftest import shared_path
    vmod = shared_path("corpus", "kassala_Kassala.vmod")
    if not all(p.is_file() for p in KASSALA_LOGS):
        pytest.skip("recorded Kassala logs absent")
    return vmod


def test_foreign_module_regridded_says_the_version(tmp_path):
    """Kassala 0.2.0 logs, module edited to 0.3.1 with the HexGrid's x0 moved 51 → 165 (half a
    column): the three files are named with both versions (VASSAL's move reports say
    "offboard" in this module, so they cannot show the shift)."""
    vmod = _kassala_logs()
    b = _edited_vmod(vmod, tmp_path / "k031.vmod", [(r'version="0\.2\.0"', 'version="0.3.1"'),
                                                   (r"<version>0\.2\.0</version>", "<version>0.3.1</version>"),
                                                   (r'x0="51" y0="55"', 'x0="165" y0="55"')])
    r = audit(KASSALA_LOGS, module=b, binding=KASSALA_BINDING)
    said = [w for w in r.coverage["warnings"] if "version '0.2.0'" in w and "version '0.3.1'" in w]
    assert len(said) == 3 and all("positions may read wrong" in w for w in said)
    assert r.module_doubts == said
    same = audit(KASSALA_LOGS, module=vmod, binding=KASSALA_BINDING)
    assert not any("version" in w for w in same.coverage["warnings"]) and same.module_doubts == []


def test_foreign_module_with_a_renamed_map_says_where_the_pieces_are(tmp_path):
    """Module 0.3.0 names its map "Battle Map" (a binding naming it too): every piece of the log
    stands on "Main Map", which VASSAL 3.7.26 (BasicPiece.setState) reports as not found and puts
    on no map. The audit says so, besides the partial "no piece recognised"."""
    vmod = _kassala_logs()
    b = _edited_vmod(vmod, tmp_path / "k030.vmod", [(r'version="0\.2\.0"', 'version="0.3.0"'),
                                                   (r"<version>0\.2\.0</version>", "<version>0.3.0</version>"),
                                                   (r'mapName="Main Map"', 'mapName="Battle Map"')])
    text = KASSALA_BINDING.read_text(encoding="utf-8").replace("Main Map", "Battle Map")
    binding = tmp_path / "binding.toml"
    binding.write_text(text, encoding="utf-8")
    r = audit(KASSALA_LOGS[:1], module=b, binding=binding)
    lost = [w for w in r.coverage["warnings"] if "does not have" in w]
    assert len(lost) == 1 and "'Main Map' (23 piece(s))" in lost[0] and "'Battle Map'" in lost[0]
    assert r.findings == []


def test_integrity_and_inspect_name_the_module_version(modules, tmp_path):
    """``integrity --module`` flags the version and the move reports; ``inspect --module`` warns."""
    _need_logs()
    _, bundled, _, _, _ = modules
    p = subprocess.run([sys.executable, "-m", "vmodgen", "integrity", str(DATA / "na41-clean.vlog"), str(GRID),
                        "--module", str(bundled)], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    flags = [line for line in p.stdout.splitlines() if line.startswith("  ! Module: ")]
    assert len(flags) == 2 and "version '1.4'" in flags[0] and "reported 0803" in flags[1]
    assert any("module version changes from 1.0 to 1.4" in line for line in p.stdout.splitlines())
    q = subprocess.run([sys.executable, "-m", "vmodgen", "inspect", str(GRID), "--module", str(bundled), "--json"],
                       capture_output=True, text=True, cwd=ROOT)
    import json
    warned = json.loads(q.stdout)["warnings"]
    assert any("version '1.4'" in w for w in warned) and any("reported 0803" in w for w in warned)


def test_replay_page_names_the_version(modules, tmp_path):
    _need_logs()
    from vmodgen.viewer import replay_page
    _, bundled, _, _, _ = modules
    page = replay_page([str(VALUES)], module=str(bundled))
    assert "Warning: " in page and "1.2" in page


def test_renamed_prototype_is_said(modules, tmp_path):
    """The bundled module with its prototype "Type Tank" renamed "Type Armour" (a later version):
    the pieces of na41-clean (played with "Type Tank") name a prototype it lacks, whose traits
    VASSAL 3.7.26 (UsePrototype.getExpandedInner) then silently leaves out: said, with the count of
    pieces; the kit's units are still judged (the kit gives their type), the clean game stays clean."""
    _, bundled, _, _, _ = modules
    log = DATA / "na41-clean.vlog"
    if not log.is_file():
        pytest.skip("recorded na41-clean absent")
    renamed = _edited_vmod(bundled, tmp_path / "renamed.vmod", [(r'name="Type Tank"', 'name="Type Armour"')])
    r = audit([log], module=renamed)
    said = [w for w in r.coverage["warnings"] if "prototype" in w]
    tanks = sum(1 for u in load_kit("north-africa-41").units if u.type == "tank")
    assert len(said) == 1 and "'Type Tank' (" in said[0] and r.findings == []
    n = int(re.search(r"'Type Tank' \((\d+) piece", said[0]).group(1))
    assert 0 < n <= tanks
    assert not any("prototype" in w for w in audit([log], module=bundled).coverage["warnings"])


def test_renamed_board_is_said_not_a_silent_clean_audit(modules, tmp_path):
    """na41-dirty (recorded in VASSAL 3.7.26: 8 MG Bn moves 9 MP with MA 5, NA41 5.1) against the
    bundled module with its board "west" renamed "west-2": VASSAL 3.7.26 (BoardPicker.decode)
    silently leaves the unknown board out, every piece on the west map has no location, and the
    audit finds nothing there; it says why, instead of a silent 0 findings."""
    _, bundled, _, _, _ = modules
    log = DATA / "na41-dirty.vlog"
    if not log.is_file():
        pytest.skip("recorded na41-dirty absent")
    assert [f.rule for f in audit([log], module=bundled).findings] == ["NA41 5.1"]
    renamed = _edited_vmod(bundled, tmp_path / "board.vmod", [(r'name="west"', 'name="west-2"')])
    r = audit([log], module=renamed)
    said = [w for w in r.coverage["warnings"] if "board(s)" in w]
    assert r.findings == [] and len(said) == 1
    assert "'west' (its boards: 'west-2')" in said[0] and r.module_doubts == said


def test_chain_played_with_two_versions(modules):
    """na41-clean (v1.0) then na41-skew-values (v1.2), audited with v1.0: one version sentence, for
    the second file only; the finding is the second file's (3 Aufkl as saved there); the seam shows
    3 Aufkl's values changing between the files; integrity flags the version change."""
    _need_logs()
    _, bundled, _, _, _ = modules
    clean = DATA / "na41-clean.vlog"
    if not clean.is_file():
        pytest.skip("recorded na41-clean absent")
    r = audit([clean, VALUES], module=bundled, keep_order=True)
    versions = [w for w in r.coverage["warnings"] if "was saved with version" in w]
    assert len(versions) == 1 and versions[0].startswith(str(VALUES))
    assert [(Path(f.file).name, f.rule) for f in r.findings] == [(VALUES.name, "NA41 5.1")]
    assert any("movement=6" in c.was and "movement=3" in c.now for c in r.continuity)
    assert any("module version changes from 1.0 to 1.2" in f for f in r.integrity["flags"])


def test_a_changed_sourcing_note_alone_is_no_version_warning(modules):
    """A saved piece whose only difference from the kit is its 'illustrative' note (a kit's
    sourcing changed, the values not): judged the same, and no "other values" warning (which made
    `--strict` exit 3); a changed value still warns."""
    from vmodgen.binding.base import KitBinding
    from vmodgen.builder.pieces import unit_properties
    kit, module, _, _, _ = modules
    b = KitBinding(read_module(module), kit)
    unit = kit.unit("3Aufkl")
    props = unit_properties(kit.game, unit)
    props["illustrative"] = "no" if props.get("illustrative") == "yes" else "yes"
    assert b._as_saved_unit(unit, props) == unit
    assert b.warnings() == []
    props["movement"] = "4"
    b._as_saved_unit(unit, props)
    assert any("other values" in w for w in b.warnings())
