"""The ways a play-by-email player cheats or slips in VASSAL, each recorded in real VASSAL 3.7.26
(one in 3.8.0-beta1) or changed afterwards with a zip tool (tests/data/cheats/README.md), and
what `vmodgen integrity` says of each (the table in examples/cheats.md). Every expectation is
read from the log itself (its de-obfuscated commands), not written in by hand."""
from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.cli import cli

DATA = Path(__file__).resolve().parent / "data" / "cheats"
ALICE = DATA / "alice-1.vlog"
PASSWORDS = ("alice-pw", "bob-pw")


def commands(path: Path) -> str:
    """The log's command text, de-obfuscated here (``!VCSK``, key, hex of byte XOR key)."""
    data = zipfile.ZipFile(path).read("savedGame")
    key = int(data[5:7], 16)
    return bytes(int(data[i:i + 2], 16) ^ key for i in range(7, len(data), 2)).decode("utf-8")


def integrity(*paths: Path, fmt: str = "json") -> tuple[dict | str, str]:
    r = CliRunner().invoke(cli, ["integrity", *map(str, paths), "--format", fmt])
    assert r.exit_code == 0, r.output
    for pw in PASSWORDS:                      # a password never reaches an output
        assert pw not in r.output
    return (json.loads(r.output)["integrity"] if fmt == "json" else r.output), r.output


def flags(sec: dict, prefix: str) -> list[str]:
    return [f for f in sec["flags"] if f.startswith(prefix)]


def test_honest_file_has_no_flag() -> None:
    sec, _ = integrity(ALICE, DATA / "bob-honest.vlog")
    assert sec["flags"] == []
    assert sec["seams"][0]["differences"] == 0


def test_private_roll_then_reload_cannot_be_told() -> None:
    # Bob rolled in a log he threw away, loaded Alice's save again and rolled anew: the file he
    # sends starts where Alice's ended and holds only the second roll (a limit, not a catch)
    sent, thrown = DATA / "bob-private.vlog", DATA / "bob-private-discarded.vlog"
    assert re.findall(r"\*\*\* 1d6 = (\d)", commands(thrown)) and "1d6" in commands(sent)
    sec, _ = integrity(ALICE, sent)
    assert sec["flags"] == []
    rolls = [r["values"] for r in sec["dice"]["rolls"] if r["player"] == "Bob"]
    assert rolls == [[int(v)] for v in re.findall(r"\*\*\* 1d6 = (\d)", commands(sent))]


def test_log_started_from_an_older_save_breaks_the_seam() -> None:
    sec, text = integrity(ALICE, DATA / "bob-older-save.vlog", fmt="text")
    moved = re.search(r"\+/(\d+)/[^\x1b]*3 Aufkl", commands(ALICE)).group(1)
    assert "! Seam: " in text and f"3 Aufkl ({moved}) moved" in text and "turn: " in text


def test_steps_made_while_not_logging_break_the_seam() -> None:
    # bob-unlogged.vlog ends, 3 Hus moves with no log running, bob-unlogged-2.vlog begins
    one, two = DATA / "bob-unlogged.vlog", DATA / "bob-unlogged-2.vlog"
    assert "3 Hus" not in commands(one).split("begin_save")[-1].split("end_save")[-1]
    sec, _ = integrity(ALICE, one, two)
    seam = [s for s in sec["seams"] if s["after"] == str(two)][0]
    assert seam["differences"] == 1 and seam.get("moved") == 1
    assert flags(sec, "Seam: " + str(two))


def test_opponent_unit_removed_is_listed() -> None:
    log = DATA / "bob-deletes-axis.vlog"
    removed = re.findall(r"(?:^|\t|\x1b)-/(\d+)", commands(log))
    sec, _ = integrity(ALICE, log)
    items = sec["pieces"]["items"]
    assert [(p["what"], p["id"], p["player"]) for p in items] == [("removed", i, "Bob") for i in removed]
    assert items[0]["name"] == "8 MG Bn"


def test_unit_added_is_listed() -> None:
    log = DATA / "bob-adds-unit.vlog"
    added = [i for i in re.findall(r"LOG\t\+/(\d+)/", commands(log))]
    sec, _ = integrity(ALICE, log)
    got = [(p["what"], p["id"], p["name"]) for p in sec["pieces"]["items"]]
    assert [g[1] for g in got if g[0] == "added"] == [i for i in added if i in {g[1] for g in got}]
    assert ("added", got[0][1], "6 RTR") in got


def test_clone_and_delete_in_a_foreign_module() -> None:
    log = DATA / "kassala-clone.vlog"
    sec, _ = integrity(log)
    whats = [(p["what"], p["name"]) for p in sec["pieces"]["items"]]
    assert ("added", "Christian_Infantry_4-2_Portuguese") in whats
    assert ("removed", "Moslem_Infantry_3-2_Nubian") in whats


def test_seat_taken_with_the_opponents_password() -> None:
    sec, text = integrity(ALICE, DATA / "bob-axis-seat.vlog", fmt="text")
    assert "! Seats: Axis changed hands from Alice to Bob" in text
    assert "! Seats: Alice and Bob joined with the same password" in text


def test_observer_moving_pieces_while_only_one_side_is_held() -> None:
    # only Alice holds a side in these files: an observer's moves are for nobody
    sec, _ = integrity(ALICE, DATA / "bob-observer.vlog")
    assert any("Bob moved pieces" in f and "<observer>" in f and "Axis" in f for f in flags(sec, "Seats:"))


def test_another_dice_button_is_shown_not_flagged() -> None:
    sec, _ = integrity(ALICE, DATA / "bob-other-button.vlog")
    assert sec["dice"]["players"]["Bob"]["d6"]["buttons"] == {"2d6": 1}
    assert flags(sec, "Dice:") == []


def test_edited_dice_button_values_outside_the_faces() -> None:
    log = DATA / "bob-edited-dice.vlog"
    values = [int(v) for v in re.findall(r"\*\*\* 1d6 = (\d+)", commands(log))]
    outside = [v for v in values if not 1 <= v <= 6]
    assert outside, "the edited button (adds 1) gave no 7 in this recording"
    sec, _ = integrity(ALICE, log)
    assert len(sec["dice"]["players"]["Bob"]["d6"]["outside_faces"]) == len(outside)
    assert any(f"{len(outside)} of Bob's d6 roll(s) show a value a d6 cannot give" in f for f in flags(sec, "Dice:"))


def test_chat_line_edited_after_vassal_wrote_it() -> None:
    log = DATA / "bob-hand-edited.vlog"
    text = commands(log)
    chat = re.findall(r"\*\*\* 1d6 = (\d+)", text)
    prop = re.findall(r"MutableProperty\t1d6_result\t[^\t]*\t(\d+)", text)
    assert chat != prop
    sec, _ = integrity(ALICE, log)
    assert [e["result_property"] for e in sec["dice"]["edited"]] == prop
    assert len(flags(sec, f"File: {log}")) == 2          # re-packed; savedata's date off


def test_savedata_swapped_in_from_another_file() -> None:
    log = DATA / "bob-meta-swapped.vlog"
    assert zipfile.ZipFile(log).read("savedata") == zipfile.ZipFile(ALICE).read("savedata")
    sec, _ = integrity(ALICE, log)
    assert any("not written as VASSAL's Java zip writer" in f for f in flags(sec, f"File: {log}"))
    assert any("savedata's date" in f for f in flags(sec, f"File: {log}"))
    assert sec["versions"]["changes"] == []       # what the swap hid: the file says 3.7.26 as before


@pytest.mark.parametrize("log", sorted(p.name for p in DATA.glob("*.vlog")
                                       if p.name not in ("bob-hand-edited.vlog", "bob-meta-swapped.vlog", "bob-added-roll.vlog")))
def test_files_vassal_wrote_raise_no_file_doubt(log: str) -> None:
    sec, _ = integrity(DATA / log)
    assert flags(sec, "File:") == []


# -- with the rules (vmodgen audit): whose units moved -----------------------------------------
@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    from bundled_module_util import bundled_module
    return bundled_module("north-africa-41", tmp_path_factory, "cheats-na41")


def audit_json(module: Path, *paths: Path) -> dict:
    r = CliRunner().invoke(cli, ["audit", *map(str, paths), "--module", str(module), "--format", "json"])
    assert r.exit_code in (0, 1), r.output
    for pw in PASSWORDS:
        assert pw not in r.output
    return json.loads(r.output)["integrity"]


def test_opponent_unit_moved_is_flagged(na41) -> None:
    # Allied Movement Phase of Impulse 2 (bob-moves-axis.script): Bob, seated Allied, drags
    # Alice's 3 Aufkl from 0803 back to 1503 (NA41's units carry their side; the roster Bob's)
    log = DATA / "bob-moves-axis.vlog"
    aufkl = re.search(r"\+/(\d+)/[^\x1b]*3 Aufkl", commands(ALICE)).group(1)
    moved = [m for m in re.findall(r"M/(\d+)/", commands(log))]
    assert aufkl in moved
    sec = audit_json(na41.module, ALICE, log)
    entry = [f for f in sec["seats"]["files"] if f["file"] == str(log)][0]
    (crossed,) = entry["other_sides_moved"]
    assert (crossed["player"], crossed["player_side"], crossed["unit_side"]) == ("Bob", "Allied", "Axis")
    assert [(m["id"], m["name"]) for m in crossed["moves"]] == [(aufkl, "3 Aufkl")]
    assert any(f.startswith("Seats: Bob (Allied) moved units of Axis 1 time(s)") for f in sec["flags"])


def test_own_units_moved_are_not_flagged(na41) -> None:
    sec = audit_json(na41.module, ALICE, DATA / "bob-honest.vlog")
    assert not any("other_sides_moved" in f for f in sec["seats"]["files"])
    assert flags(sec, "Seats:") == []


def test_dynamic_property_set_in_play_is_listed(na41, tmp_path) -> None:
    """A counter's Dynamic Property stepped twice in play: a ``D/`` whose PROP state changes, as
    VASSAL writes for its Increase key. Recorded in real VASSAL on Almoravid's Provender counter
    (``almoravid-values.script``; the log is not committed: it holds that module's whole game and
    the module has no licence; ``record.sh`` writes it here, and the test below then reads it);
    here the same commands, written by the test log writer on the bundled module."""
    from vmodgen.testing.log_writer import LogWriter
    w = LogWriter.from_module_setup(na41.module, player="Bob", player_id="bob-pw")
    where = next(iter(w.state.pieces.values())).position
    pid = w.add("PROP;CounterSide;true,1,4,false;;\tpiece;;;;Supply counter", "1\tnull;0;0;0;0", where)
    w.save_point()
    for value in ("2", "3"):
        state = w.current_state(pid)
        w.set_state(pid, value + state[state.index("\t"):])
    sec, _ = integrity(w.write(tmp_path / "values.vlog"))
    assert [(e["id"], e["name"], e["trait"], e["property"], e["old"], e["new"]) for e in sec["edits"]] == \
        [(pid, "Supply counter", "Dynamic Property", "CounterSide", "1", "2"),
         (pid, "Supply counter", "Dynamic Property", "CounterSide", "2", "3")]


def test_dynamic_property_set_in_real_vassal_is_listed() -> None:
    """The same, in the log real VASSAL wrote (when ``record.sh`` has made it here)."""
    log = DATA / "almoravid-values.vlog"
    if not log.exists():
        pytest.skip("almoravid-values.vlog is not committed (no licence): tests/data/cheats/record.sh makes it")
    news = re.findall(r"D/1677335665918/([^\t/]*)\t", commands(log))
    sec, text = integrity(log)
    edits = sec["edits"]
    assert [(e["id"], e["trait"], e["property"], e["new"]) for e in edits] == \
        [("1677335665918", "Dynamic Property", "CounterSide", v) for v in news]
    assert [e["old"] for e in edits[1:]] == news[:-1]
    assert all(e["name"] == "Provender" for e in edits)


def test_flip_and_moves_are_no_value_edits() -> None:
    # a Layer flip (golden moves.vlog, real VASSAL 3.7.26: one D/) and drags are play, not values set
    golden = DATA.parents[2].parent / "shared" / "golden" / "vassal-run" / "moves.vlog"
    if not golden.exists():
        pytest.skip("../shared/golden is absent")
    assert "D/" in commands(golden)
    sec, _ = integrity(golden)
    assert "edits" not in sec
    sec, _ = integrity(ALICE, DATA / "bob-moves-axis.vlog")
    assert "edits" not in sec


CHAINS = [("alice-1", "bob-edited-dice"), ("alice-1", "bob-hand-edited"), ("alice-1", "bob-added-roll"), ("alice-1", "bob-meta-swapped"),
          ("alice-1", "bob-deletes-axis"), ("alice-1", "bob-adds-unit"), ("alice-1", "bob-observer"),
          ("kassala-clone",)]


@pytest.mark.parametrize("names", CHAINS, ids=lambda n: "+".join(n))
def test_reports_fit_the_schema(names: tuple[str, ...]) -> None:
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    schema = json.loads((DATA.parents[2] / "docs" / "audit-report.schema.json").read_text(encoding="utf-8"))
    registry = Registry().with_resource(schema["$id"], Resource.from_contents(schema))
    v = Draft202012Validator({"$ref": schema["$id"] + "#/$defs/integrity_report"}, registry=registry)
    _, out = integrity(*(DATA / f"{n}.vlog" for n in names))
    assert [e.message[:200] for e in v.iter_errors(json.loads(out))] == []


def test_audit_report_with_other_sides_fits_the_schema(na41) -> None:
    from jsonschema import Draft202012Validator
    schema = json.loads((DATA.parents[2] / "docs" / "audit-report.schema.json").read_text(encoding="utf-8"))
    r = CliRunner().invoke(cli, ["audit", str(ALICE), str(DATA / "bob-moves-axis.vlog"), "--module",
                                 str(na41.module), "--format", "json"])
    doc = json.loads(r.output)
    assert doc["integrity"]["seats"]["files"][1]["other_sides_moved"]
    assert [e.message[:200] for e in Draft202012Validator(schema).iter_errors(doc)] == []


def test_roll_line_put_in_by_hand_has_no_press_behind_it() -> None:
    log = DATA / "bob-added-roll.vlog"
    honest = commands(DATA / "bob-honest.vlog")
    added = commands(log)[len(honest):]          # what the edit appended: a chat line alone
    assert "1d6 = 6" in added and "MutableProperty" not in added
    sec, _ = integrity(ALICE, log)
    (m,) = sec["dice"]["without_press"]
    assert (m["button"], m["values"]) == ("1d6", [6])
    assert any("no press of a dice button behind it" in f for f in flags(sec, "Dice:"))
    # the honest file's roll had its press: nothing of the kind
    sec, _ = integrity(ALICE, DATA / "bob-honest.vlog")
    assert "without_press" not in sec["dice"]


# -- what is no cheat: written here with the project's log writer (VASSAL 3.7.0 metadata) -----
def _one_step_log(tmp_path: Path, commands_: list[str]) -> Path:
    from vmodgen.testing.log_writer import LogWriter
    start = "\x1b".join(["begin_save", "", "+/1/piece;;;a.png;Rifles/Main Map;100;100", "end_save"])
    return LogWriter(start, player="Alice", player_id="alice-pw").step(commands_).write(tmp_path / "t.vlog")


def test_button_reporting_its_total_is_no_edit(tmp_path: Path) -> None:
    # a DiceButton with "report total" sets <name>_result to the total while its own format
    # may still show each die ($result1$, $result2$): the same roll, not an edited line
    log = _one_step_log(tmp_path, ["CHAT*** 2d6 = 3,4 *** &lt;Alice&gt;",
                                   "MutableProperty\t2d6_result\t\t7\tModule"])
    sec, _ = integrity(log)
    assert "edited" not in sec["dice"] and "without_press" not in sec["dice"]


def test_translated_button_name_is_a_press(tmp_path: Path) -> None:
    # the report shows the button's translated name, its property keeps the configured one
    log = _one_step_log(tmp_path, ["CHAT*** 2W6 = 3,4 *** &lt;Alice&gt;",
                                   "MutableProperty\t2d6_result\t\t3,4\tModule"])
    sec, _ = integrity(log)
    assert "without_press" not in sec["dice"]
    log = _one_step_log(tmp_path, ["CHAT*** 2W6 = 3,4 *** &lt;Alice&gt;"])
    sec, _ = integrity(log)
    assert [m["button"] for m in sec["dice"]["without_press"]] == ["2W6"]


def test_pieces_text_puts_one_name_put_down_again_and_again_on_one_line() -> None:
    """A marker a player puts down forty times in a file is one line (its steps), a unit removed
    once is its own line with its id; all of them stay in JSON and HTML."""
    from vmodgen.integrity.render import MAX_STEPS_SHOWN, _pieces_text

    def item(step: int, what: str, name: str, pid: str) -> dict:
        return {"file": "t.vlog", "step": step, "player": "Joel", "what": what, "name": name, "id": pid}
    items = [item(s, "added", "DISRUPT", f"d{s}") for s in range(1, 12)]
    items.insert(3, item(99, "removed", "2/502/101", "u1"))
    items.append(item(120, "added", "", "x9"))
    lines = _pieces_text({"added": 12, "removed": 1, "items": items})
    assert lines[1] == ("    t.vlog Joel added DISRUPT x11 (steps "
                        + ", ".join(str(s) for s in range(1, MAX_STEPS_SHOWN + 1)) + ", …)")
    assert lines[2] == "    t.vlog:99 Joel removed 2/502/101 (u1)"
    assert lines[3] == "    t.vlog:120 Joel added x9"
    assert len(lines) == 4


def test_zip_entries_with_no_valid_date_are_a_file_doubt_not_a_crash(tmp_path) -> None:
    """A zip tool that writes DOS date 0 (zipfile reads it as 1980-00-00): flagged, no traceback."""
    bad = tmp_path / "zero-date.vlog"
    with zipfile.ZipFile(DATA / "bob-honest.vlog") as src, zipfile.ZipFile(bad, "w") as dst:
        for info in src.infolist():
            zi = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
            dst.writestr(zi, src.read(info.filename))
    raw = bytearray(bad.read_bytes())
    for sig, at in ((b"PK\x03\x04", 12), (b"PK\x01\x02", 14)):      # the date fields: 0
        i = raw.find(sig)
        while i >= 0:
            raw[i + at:i + at + 2] = b"\0\0"
            i = raw.find(sig, i + 4)
    bad.write_bytes(bytes(raw))
    sec, _ = integrity(bad)
    assert any("carry no valid date" in f for f in flags(sec, "File:"))
