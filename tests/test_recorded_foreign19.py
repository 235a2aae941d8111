"""Round foreign19: real VASSAL play in a module vmodgen did not build (The Longest Day), with no
binding, and with another module than the one played (tests/data/recorded/foreign19/README.md).

The TLD logs hold the module's piece definitions and its repository states no licence: they are
not in this repository. ``record_foreign19.py --out DIR`` makes them (VASSAL 3.7.26, and with
``--vassal .../vassal38 --suffix=-38`` 3.8.0-beta1); set ``VMODGEN_FOREIGN19_REC=DIR`` to run the
tests that read them. The others read the corpus (../shared) and the committed Kassala logs.

Binding: examples/tld/binding.toml (generic rules: 3 units per hex at the end of movement phases,
no hex shared by both sides, a unit entering an enemy ZOC stops; every ground unit but HQs and
supply exerts one; each an assumption of the binding). Hexes are the module's labels (CCRR, a
column-staggered HexGrid: odd columns half a hex lower)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from vmodgen.audit import audit
from vmodgen.vassal.module import read_module
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.codec import encode
from vmodgen.vassal.commands import Command
from vmodgen.vassal.reported_locations import (compare_names, compare_recorded_names, compare_saved_names, names_note,
                                               names_warning, recorded_names)
from vmodgen.vassal.savefile import read_save, rewrite_save

from bundled_module_util import bundled_module
from conftest import ROOT, shared_path

BINDING = ROOT / "examples" / "tld" / "binding.toml"
KASSALA_BINDING = ROOT / "examples" / "kassala" / "binding.toml"
RECORDED = ROOT / "tests" / "data" / "recorded"
REC_ENV = "VMODGEN_FOREIGN19_REC"


def vmodgen(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vmodgen", *args], capture_output=True, text=True, cwd=ROOT)


def edited_module(src: Path, dst: Path, edits: list[tuple[str, str]]) -> Path:
    """A copy of a module with regex edits of its buildFile (each edit must apply)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        done = set()
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename in ("buildFile", "buildFile.xml"):
                text = data.decode("utf-8")
                for pat, repl in edits:
                    text, n = re.subn(pat, repl, text)
                    done.add(pat) if n else None
                data = text.encode("utf-8")
            zout.writestr(info, data)
    assert done == {p for p, _ in edits}
    return dst


# ---- the recorded TLD logs (VMODGEN_FOREIGN19_REC) --------------------------------------------
@pytest.fixture(scope="module")
def rec() -> Path:
    where = os.environ.get(REC_ENV)
    if not where:
        pytest.skip(f"the TLD logs are not committed (no licence): make them with "
                    f"tests/data/recorded/foreign19/record_foreign19.py --out DIR and set {REC_ENV}=DIR")
    folder = Path(where)
    if not (folder / "tld.vmod").is_file() or not (folder / "tld-allied19.vlog").is_file():
        pytest.skip(f"{folder} lacks tld.vmod or tld-allied19.vlog (record_foreign19.py writes them)")
    return folder


def chain(rec: Path, suffix: str, names=("allied", "german", "observer")) -> list[Path]:
    logs = [rec / f"tld-{n}19{suffix}.vlog" for n in names]
    if not all(p.is_file() for p in logs):
        pytest.skip(f"{rec} lacks the {suffix or '3.7.26'} logs")
    return logs


def brief(r) -> list[tuple[str, int, str, tuple[str, ...]]]:
    return [(Path(f.file).name.replace("-38", ""), f.step, f.rule, tuple(f.hexes)) for f in r.findings]


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_tld_chain_findings_are_the_binding_rules(rec, suffix):
    """Allied follow-up movement (file 1), German movement (file 2), an observer's drag (file 3).
    File 1: 2/22/4 4124 -> 4125 (next to 32/3/32 in 4226) -> 4026: entered an enemy ZOC and moved
    on (GEN zoc, step 4); 3/12/4 onto 4024's three units; at the end of the phase (the chat "Ready
    for your movement phase", step 10) every hex over 3 units: 4024 and the set-up's invasion
    stacks. File 2: 8/1716 4425 -> 4324 (next to the Allied stacks in 4223/4224) -> 4224, an
    Allied stack: ZOC, an enemy hex and a shared hex, all at step 3. 4226 held four German units
    mid-phase, three at its end: no finding. File 3 (2/22/4 into a German ZOC, stopping): none."""
    r = audit(chain(rec, suffix), module=rec / "tld.vmod", binding=BINDING)
    got = brief(r)
    assert got[0] == ("tld-allied19.vlog", 4, "GEN zoc", ("4125",))
    stacking = [g for g in got if g[0] == "tld-allied19.vlog" and g[2] == "GEN stacking"]
    assert all(g[1] == 10 for g in stacking) and ("tld-allied19.vlog", 10, "GEN stacking", ("4024",)) in stacking
    four = next(f for f in r.findings if tuple(f.hexes) == ("4024",))
    assert "holds 4 Allies units" in four.message and "3/12/4" in four.message
    assert not any("4226" in g[3] for g in got)
    assert sorted(g[2] for g in got if g[0] == "tld-german19.vlog") == ["GEN movement", "GEN stacking", "GEN zoc"]
    assert {g[1] for g in got if g[0] == "tld-german19.vlog"} == {3}
    assert not [g for g in got if g[0] == "tld-observer19.vlog"]
    assert len(got) == 1 + len(stacking) + 3
    # the German unit Joel dragged in his own phase: not judged, said
    assert r.coverage["moves"]["not_judged"]["not in a phase where the unit moves"] == 1
    flags = " ".join(r.integrity["flags"])
    assert "Joel (Allies) moved units of Germans 1 time(s)" in flags and "435 (step 9)" in flags
    assert "Sam moved pieces" in flags and "'<observer>'" in flags
    assert r.integrity["seats"]["whose_units_judged"] is True
    assert not re.search(r"pw-(joel|nate|sam)19", json.dumps(r.to_json()))     # the seats' passwords


def test_tld_chain_same_in_both_vassal_versions(rec):
    a = audit(chain(rec, ""), module=rec / "tld.vmod", binding=BINDING)
    b = audit(chain(rec, "-38"), module=rec / "tld.vmod", binding=BINDING)
    assert brief(a) == brief(b) and a.coverage["moves"] == b.coverage["moves"]


def test_tld_second_file_alone_says_its_phase_is_unknown(rec):
    """tld-german19 alone: its own chat ("German movement") names no phase of the binding (the
    German movement began with file 1's last line): its moves are not judged and the report says
    so; only the shared hex (a rule that needs no phase) is found."""
    r = audit([rec / "tld-german19.vlog"], module=rec / "tld.vmod", binding=BINDING)
    assert [(f.rule, f.step) for f in r.findings] == [("GEN stacking", 3)]
    assert "both sides" in r.findings[0].message
    assert r.coverage["moves"]["not_judged"]["no phase known"] == 7
    assert "no phase known: 7" in r.to_json()["partial"]


def test_tld_without_binding_is_refused_plainly(rec):
    done = vmodgen("audit", "--module", str(rec / "tld.vmod"), str(rec / "tld-allied19.vlog"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "not built by vmodgen" in done.stderr and "--binding" in done.stderr and done.stdout == ""


def test_tld_integrity_without_rules_says_what_it_did_not_look_for(rec):
    """integrity runs no rules: Joel's drag of a German unit cannot be told (no unit's side is
    known), and the report says so instead of showing no seat flag."""
    logs = [str(p) for p in chain(rec, "", ("allied", "german"))]
    done = vmodgen("integrity", "--module", str(rec / "tld.vmod"), *logs)
    assert done.returncode == 0
    assert "moved units of" not in done.stdout and "whose units moved: not looked for" in done.stdout
    assert "pw-" not in done.stdout + done.stderr
    js = json.loads(vmodgen("integrity", "--module", str(rec / "tld.vmod"), "--format", "json", *logs).stdout)
    assert js["integrity"]["seats"]["whose_units_judged"] is False


def test_tld_regridded_module_is_said_from_the_names_vassal_kept(rec, tmp_path):
    """The TLD module writes no move reports (Global Options autoReport="Never"), so the grid
    cannot be checked against them; VASSAL 3.x keeps the name of the point each moved piece left
    (OldLocationName). A copy of the module with the HexGrid's dy 64 -> 60 reads 4124 as 4426:
    every finding names other hexes, and the audit says why. Before: only the version sentence
    (and with the same version, nothing at all)."""
    regridded = edited_module(rec / "tld.vmod", tmp_path / "tld-dy60.vmod",
                              [(r'dy="64\.0"( edgesLegal="false" sideways="false" visible="false" x0="-19")',
                                r'dy="60.0"\1')])
    logs = chain(rec, "", ("allied", "german"))
    r = audit(logs, module=regridded, binding=BINDING)
    said = [w for w in r.coverage["warnings"] if "OldLocationName" in w]
    assert len(said) == 2 and all("re-gridded" in w and "no move report" in w for w in said)
    assert "3 of 3" in said[0] and "5 of 5" in said[1]
    right = audit(logs, module=rec / "tld.vmod", binding=BINDING)
    assert not any("OldLocationName" in w or "re-gridded" in w for w in right.coverage["warnings"] + right.module_doubts)


# ---- the corpus TLD log and the committed Kassala logs ----------------------------------------
def test_tld_log_with_another_game_module_is_refused_or_says_nothing_was_judged(tmp_path):
    """A TLD log given with Kassala's module: refused (its metadata names The Longest Day); with
    --force, no piece is a Kassala unit: the report says nothing was judged, never a bare
    "0 findings"."""
    log = shared_path("corpus", "tld_game_0606-4.log")
    kassala = shared_path("corpus", "kassala_Kassala.vmod")
    done = vmodgen("audit", "--module", str(kassala), "--binding", str(KASSALA_BINDING), str(log))
    assert done.returncode == 2 and "'The Longest Day'" in done.stderr and "--force" in done.stderr
    done = vmodgen("audit", "--module", str(kassala), "--binding", str(KASSALA_BINDING), "--force",
                   "--format", "json", str(log))
    js = json.loads(done.stdout)
    assert js["findings"] == [] and js["partial"].startswith("partial: no piece was recognised as a unit")
    assert any("not 'Kassala'" in w for w in js["coverage"]["warnings"])
    # Nate and Joel sit at Germans and Allies, which no [[side]] of Kassala's binding names (it
    # said "the log names no player on its moves", and the log names them on every move)
    said = [m for m in js["coverage"]["messages"] if m.startswith("No phase could be read")]
    assert said == ["No phase could be read (phase source: player): no step was made by a player the files' "
                    "roster seats at a side the binding names ([[side]] players: Christian, Moslem): only the "
                    "rules that need no phase were checked."]
    text = vmodgen("audit", "--module", str(kassala), "--binding", str(KASSALA_BINDING), "--force", str(log)).stdout
    assert "0 findings" in text and "partial: no piece was recognised" in text


def test_a_log_with_no_roster_says_it_has_none():
    """Review of foreign19 #6: vassal_tour.log (no PLAYER command at all) audited with Kassala's
    binding (--force) was told "no step was made by a player the files' roster seats at a side the
    binding names", implying a roster; now it says the files have none."""
    log = shared_path("corpus", "vassal_tour.log")
    kassala = shared_path("corpus", "kassala_Kassala.vmod")
    done = vmodgen("audit", "--module", str(kassala), "--binding", str(KASSALA_BINDING), "--force",
                   "--format", "json", str(log))
    said = [m for m in json.loads(done.stdout)["coverage"]["messages"] if m.startswith("No phase could be read")]
    assert said == ["No phase could be read (phase source: player): no step was made by a player the files' "
                    "roster seats at a side the binding names ([[side]] players: Christian, Moslem) (the files "
                    "have no roster): only the rules that need no phase were checked."]


def test_tld_log_without_binding_is_refused(tmp_path):
    log = shared_path("corpus", "tld_game_0606-4.log")
    module = shared_path("corpus", "tld_buildFile-only_stripped.vmod")
    done = vmodgen("audit", "--module", str(module), str(log))
    assert done.returncode == 2 and "--binding" in done.stderr and "Traceback" not in done.stderr


def test_integrity_says_whose_units_it_did_not_look_for():
    """Kassala logs (committed; the module from the corpus): integrity knows no unit's side and
    says so; the audit with the binding looks (and finds no other side's unit moved)."""
    kassala = shared_path("corpus", "kassala_Kassala.vmod")
    logs = [str(RECORDED / f"kassala-{n}.vlog") for n in ("moslem", "christian")]
    text = vmodgen("integrity", "--module", str(kassala), *logs).stdout
    assert "whose units moved: not looked for" in text
    html = vmodgen("integrity", "--module", str(kassala), "--format", "html", *logs).stdout
    assert "Whose units moved: not looked for" in html
    r = audit([Path(p) for p in logs], module=kassala, binding=KASSALA_BINDING)
    assert r.integrity["seats"]["whose_units_judged"] is True
    done = vmodgen("audit", "--module", str(kassala), "--binding", str(KASSALA_BINDING), *logs)
    assert "whose units moved: not looked for" not in done.stdout


# ---- the names VASSAL keeps with moved pieces ----------------------------------------------------
def test_recorded_names_read_vassal_3_basic_piece_state():
    """A VASSAL 3.7.26 D/ of The Longest Day (2/22/4 before its drag from 4124): the name VASSAL
    gave the point the piece left, with that point."""
    text = ("LOG\tD/1168648174289/\ttrue\\\t\\\\\t-1\\\\\\\tNormandy;2253;1536;;8;OldZone;;UniqueID;1168648174289;"
            "OldLocationName;4124;OldDeckName;;OldX;2253;OldY;1536;OldBoard;Normandy;OldMap;Normandy/\tfalse\\\t"
            "\\\\\t-1\\\\\\\tNormandy;2253;1536;;8;OldZone;;UniqueID;1168648174289;OldLocationName;4124;"
            "OldDeckName;;OldX;2253;OldY;1536;OldBoard;Normandy;OldMap;Normandy")
    assert recorded_names(text) == {("Normandy", 2253, 1536): "4124"}
    assert recorded_names("LOG\tD/1/\tx;1;2;;8;OldZone;;OldLocationName;;OldX;1;OldY;2;OldMap;M") == {}


def test_save_with_a_regridded_module_is_noted_not_doubted(tmp_path_factory, tmp_path):
    """na41-pbem6-1.vsav (VASSAL 3.7.26, North Africa '41): a save's pieces keep the name VASSAL
    gave the point each left when it last moved, by whatever module ran then (an earlier session,
    the designer's set-up): no proof against the module given. With the module re-gridded
    (HexGrid dy 64 -> 60) it is an advisory note, not a module doubt."""
    save = RECORDED / "na41-pbem6-1.vsav"
    b = bundled_module("north-africa-41", tmp_path_factory, "foreign19")
    compared, bad = compare_saved_names(read_save(save), read_module(b.module))
    assert compared >= 1 and bad == 0
    assert compare_recorded_names(read_save(save), read_module(b.module)) == (0, 0)   # a save has no step
    assert not any("OldLocationName" in w for w in audit([save], module=b.module).coverage["warnings"])
    regridded = edited_module(b.module, tmp_path / "na41-dy60.vmod", [(r'dy="64\.0"', 'dy="60.0"')])
    r = audit([save], module=regridded)
    said = [w for w in file_warnings(r) if "OldLocationName" in w]
    assert len(said) == 1 and f"{compared} of {compared}" in said[0] and "re-gridded board or a translation" in said[0]
    assert not r.module_doubts


def file_warnings(r) -> list[str]:
    """The warnings of each file of an audit (where a file's advisory notes go)."""
    return [w for f in r.files for w in f.warnings]


def old_named_save(tmp_path: Path) -> Path:
    """na41-pbem6-1.vsav with the name kept in its saved state rewritten as an older version of the
    module would have written it: CCN's own set-up "LC01 - Maida.vsav" keeps "Battlefield" (a zone
    of an older version) where the module it ships in reads D03."""
    src = RECORDED / "na41-pbem6-1.vsav"
    text = read_save(src).text
    assert text.count(";OldLocationName;1503;") == 1
    out = tmp_path / "na41-old-names.vsav"
    rewrite_save(src, out, text.replace(";OldLocationName;1503;", ";OldLocationName;Battlefield;"))
    return out


def test_old_names_in_the_saved_state_are_no_module_doubt(tmp_path_factory, tmp_path):
    """Review of foreign19 #1/#7: a save whose pieces keep a name an older module version gave
    (1 of 1 point here, 1 of 22 in CCN's LC01) was said to be played with a re-gridded module
    ("give the module it was played with"), in inspect, the audit and integrity's Module: flags.
    Now a note says an older version named it otherwise; no doubt."""
    b = bundled_module("north-africa-41", tmp_path_factory, "foreign19")
    save = old_named_save(tmp_path)
    r = audit([save], module=b.module)
    assert not r.module_doubts and not any("re-gridded, renumbered or swapped" in w for w in r.coverage["warnings"])
    noted = [w for w in file_warnings(r) if "OldLocationName" in w]
    assert len(noted) == 1 and "last moved with a module that named 1 of 1 map point(s) otherwise" in noted[0]
    done = vmodgen("inspect", str(save), "--module", str(b.module))
    assert done.returncode == 0 and "give the module it was played with" not in done.stdout + done.stderr
    assert "an older version of the module" in done.stdout + done.stderr


PIECE = "1700000000023"      # the 3 Aufkl of na41-pbem6-1.vsav, whose saved state keeps the name


def test_a_flip_repeating_an_old_name_is_no_module_doubt(tmp_path_factory, tmp_path):
    """Review of foreign19 #1/#7: VASSAL writes a D/ with the piece's whole state, so flipping a
    piece last moved in an earlier session repeats the name that session's module gave. Such a
    step was read as the log's own module naming the point: "1 of 1 ... re-gridded". Only a name
    a move of the same step wrote counts now."""
    b = bundled_module("north-africa-41", tmp_path_factory, "foreign19")
    w = LogWriter.from_file(old_named_save(tmp_path))
    w.set_state(PIECE, w.current_state(PIECE), "* 3 Aufkl flipped *")
    log = w.write(tmp_path / "flip.vlog")
    assert compare_recorded_names(read_save(log), read_module(b.module)) == (0, 0)
    r = audit([log], module=b.module)
    assert not r.module_doubts
    assert any("last moved with a module that named 1 of 1" in x for x in file_warnings(r))


def moved_with_names(tmp_path: Path, module: Path) -> Path:
    """A log of one drag of the 3 Aufkl as VASSAL 3.7.26 writes it (tld-allied19's step 3): a D/
    setting the Old* properties to the point it leaves and the name the running module gives it,
    then the M/ from that point."""
    w = LogWriter.from_file(RECORDED / "na41-pbem6-1.vsav", locate=read_module(module).locate)
    map_name, x, y = w.where(PIECE)
    label = read_module(module).locate(map_name, x, y)
    old = w.current_state(PIECE)
    new = re.sub(r";OldLocationName;[^;]*;(.*?);OldX;-?\d+;OldY;-?\d+;(.*?);OldMap;[^;\\\t]*",
                 lambda m: f";OldLocationName;{label};{m.group(1)};OldX;{x};OldY;{y};{m.group(2)};OldMap;{map_name}",
                 old, count=1)
    assert new != old and label
    w.move(PIECE, (map_name, 232, 1407), report=False)
    node = w.root.subs.pop()
    w.root.subs.append(Command("LOG\t" + encode(["D", PIECE, new, old], "/"),
                               [Command(node.text), *node.subs]))
    return w.write(tmp_path / "moved.vlog")


def test_names_a_logs_moves_wrote_say_a_regridded_module(tmp_path_factory, tmp_path):
    """The names the log's own moves wrote still say a re-gridded module (HexGrid dy 64 -> 60):
    a module doubt; with the module played, none."""
    b = bundled_module("north-africa-41", tmp_path_factory, "foreign19")
    log = moved_with_names(tmp_path, b.module)
    assert compare_recorded_names(read_save(log), read_module(b.module)) == (1, 0)
    assert not audit([log], module=b.module).module_doubts
    regridded = edited_module(b.module, tmp_path / "na41-dy60.vmod", [(r'dy="64\.0"', 'dy="60.0"')])
    r = audit([log], module=regridded)
    assert len(r.module_doubts) == 1 and "1 of 1 map point(s) its pieces left in this file's moves" in r.module_doubts[0]


def test_a_few_names_otherwise_are_no_regridding():
    """Review of foreign19 #1: 1 point of 22 named otherwise (a zone renamed) gave the full claim
    that every position reads wrong; re-gridding is claimed only when most disagree."""
    assert names_warning("f.vlog", 22, 1) is None
    assert "not enough to doubt" in (names_note("f.vlog", 22, 1, saved=False) or "")
    assert names_warning("f.vlog", 5, 3) is not None and names_note("f.vlog", 5, 3, saved=False) is None
    assert names_note("f.vsav", 5, 5, saved=True) is not None


def test_points_on_a_board_of_unknown_size_or_offboard_are_not_compared(tmp_path_factory):
    """Review of foreign19 #4: the stripped corpus TLD module has no board image, so its lone board
    seemed to reach every point right and below: Normandy (9000, 1536), which VASSAL (knowing the
    size) named "offboard" (or "Offboard", "fuori mappa", ... in the player's language), read 16324
    and counted as named otherwise. A board of known size still compares."""
    module = read_module(shared_path("corpus", "tld_buildFile-only_stripped.vmod"))
    assert module.locate("Normandy", 9000, 1536) == "16324"          # what it reads, unknowing
    assert compare_names({("Normandy", 9000, 1536): "offboard"}, module) == (0, 0)
    assert compare_names({("Normandy", 2253, 1536): "4124"}, module) == (0, 0)   # size unknown: no compare
    na41 = read_module(bundled_module("north-africa-41", tmp_path_factory, "foreign19").module)
    point = ("West map (Cyrenaica)", 232, 1407)
    assert compare_names({point: "1503"}, na41) == (1, 0) and compare_names({point: "1504"}, na41) == (1, 1)
    assert compare_names({point: "fuori mappa"}, na41) == (0, 0)


def test_points_whose_label_names_a_game_property_are_not_compared(tmp_path_factory, tmp_path):
    """Review of foreign19 #3: VASSAL evaluates a Zone's or grid numbering's locationFormat with the
    module's properties (a Global Property such as $Weather$); vmodgen knows only name,
    gridLocation, row and column, so such a label always disagreed. Those points are skipped; the
    plain formats still compare."""
    b = bundled_module("north-africa-41", tmp_path_factory, "foreign19")
    hexes, box = ("West map (Cyrenaica)", 232, 1407), ("Off-map boxes", 160, 137)
    plain = read_module(b.module)
    assert compare_names({hexes: "1503", box: "Italy"}, plain) == (2, 0)
    weather = read_module(edited_module(b.module, tmp_path / "na41-weather.vmod", [
        (r'locationFormat="\$gridLocation\$"', 'locationFormat="$gridLocation$ ($Weather$)"'),
        (r'locationFormat="\$name\$"', 'locationFormat="$name$ $Weather$"')]))
    assert weather.locate(*hexes) == "1503 ()" and weather.locate(*box) == "Italy "
    assert compare_names({hexes: "1503 (Sandstorm)", box: "Italy Sandstorm"}, weather) == (0, 0)


def test_zone_names_of_a_translated_module_are_not_compared(tmp_path_factory, tmp_path):
    """Review of foreign19 #2: with a module translation active VASSAL replaces a Zone's name and
    format, a Region's or a Deck's name (Localization.translate), so a German player's file names
    "Italien" where vmodgen reads the untranslated buildFile's "Italy". A module holding a
    translation (Module_de.properties) had those points skipped; since foreign20 they are compared
    with the translations it holds (VASSAL's key for a Zone's name ends ``.Zone.<name>.name``)."""
    b = bundled_module("north-africa-41", tmp_path_factory, "foreign19")
    hexes, box = ("West map (Cyrenaica)", 232, 1407), ("Off-map boxes", 160, 137)
    names = {hexes: "1503", box: "Italien"}
    assert compare_names(names, read_module(b.module)) == (2, 1)
    translated = tmp_path / "na41-de.vmod"
    edited_module(b.module, translated, [(r"(</VASSAL\.build\.GameModule>)", r'<VASSAL.i18n.Language><VASSAL.i18n.Translation '
                                         r'locale="de,"/></VASSAL.i18n.Language>\1')])
    with zipfile.ZipFile(translated, "a") as zout:
        zout.writestr("Module_de.properties", "Map.Off-map\\ boxes..ZonedGrid..Zone.Italy.name=Italien\n")
    module = read_module(translated)
    assert module.translated and not read_module(b.module).translated
    assert compare_names(names, module) == (2, 0)
    assert compare_names({hexes: "1503", box: "Sizilien"}, module) == (2, 1)   # no translation says so


def test_inspect_says_a_board_the_module_lacks():
    """tld-mod's scenario 1 (VASSAL 2.9.8) lays out "Board F" on the map Normandy, a board the
    buildFile of the corpus no longer has (only "Normandy"): VASSAL leaves it out, every piece has
    no location. inspect showed 45 pieces with no hex and no word why; the audit said it. Now
    inspect says it too (text and JSON)."""
    save = shared_path("corpus", "tld_scenario_1.sav")
    module = shared_path("corpus", "tld_buildFile-only_stripped.vmod")
    done = vmodgen("inspect", str(save), "--module", str(module))
    assert done.returncode == 0 and "'Board F' (its boards: 'Normandy')" in done.stderr + done.stdout
    js = json.loads(vmodgen("inspect", str(save), "--module", str(module), "--json").stdout)
    assert any("'Board F'" in w for w in js["warnings"]) and all(p["hex"] is None for p in js["pieces"])
