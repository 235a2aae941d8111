"""``vmodgen inspect`` through the CLI: VASSAL's own final state of moves.vlog, the TLD logs,
module summaries, and hostile input (exit 2, one line naming the file)."""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.cli import cli, main

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
RUN = SHARED / "golden" / "vassal-run"
CORPUS = SHARED / "corpus"


def _need(p: Path) -> Path:
    if not p.exists():
        pytest.skip(f"{p} is absent (the read-only ../shared folder is not beside the project)")
    return p


def _run(*args: str):
    return CliRunner().invoke(cli, ["inspect", *args], catch_exceptions=False)


def _json(*args: str) -> dict:
    res = _run(*args, "--json")
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


def _final(report: Path) -> tuple[dict, dict]:
    pieces, stacks = {}, {}
    for line in report.read_text(encoding="utf-8").splitlines():
        f = line.split("|")
        if f[0] != "FINAL":
            continue
        if f[1] == "PIECE":
            props = dict(kv.split("=", 1) for kv in f[8:] if not kv.startswith("parent="))
            parent = next(kv.split("=", 1)[1] for kv in f[8:] if kv.startswith("parent="))
            pieces[f[2]] = {"map": f[3], "x": int(f[4]), "y": int(f[5]), "hex": f[6], "name": f[7],
                            "props": props, "stack": parent}
        else:
            stacks[f[2]] = [m for m in f[7].split(",") if m]
    return pieces, stacks


def test_moves_vlog_ends_as_vassal_reported():
    """The done criterion: exactly VASSAL's FINAL pieces, positions, labels, properties, stacks."""
    log, vmod = _need(RUN / "moves.vlog"), _need(RUN / "HexTest.vmod")
    want_pieces, want_stacks = _final(RUN / "vassal-report.txt")
    d = _json(str(log), "--module", str(vmod))
    assert d["kind"] == "log" and d["encoding"] in ("VCSK", "plain") and d["steps"] > 0
    assert d["vassal_version"].startswith("3.7")
    got = {p["id"]: p for p in d["pieces"]}
    assert set(got) == set(want_pieces)
    for pid, w in want_pieces.items():
        g = got[pid]
        assert (g["map"], g["x"], g["y"], g["hex"], g["name"]) == (w["map"], w["x"], w["y"], w["hex"], w["name"])
        for k, v in w["props"].items():
            assert g["properties"].get(k) == v, (pid, k)
        assert g["stack"] == w["stack"]
    # stack membership, bottom to top, for every non-empty stack VASSAL reported
    members: dict[str, list[str]] = {}
    for p in d["pieces"]:
        members.setdefault(p["stack"], []).append(p["id"])
    for sid, ids in want_stacks.items():
        if ids:
            assert members.get(sid) == ids, sid
    # the starting state is the scenario VASSAL loaded (SCEN lines)
    start = {p["id"]: p for p in _json(str(log), "--module", str(vmod), "--step", "0")["pieces"]}
    assert start["1700000000000"]["hex"] == "0203" and start["1700000000002"]["hex"] == "0405"


def test_moves_vlog_text_table_and_no_password():
    log, vmod = _need(RUN / "moves.vlog"), _need(RUN / "HexTest.vmod")
    res = _run(str(log), "--module", str(vmod))
    assert res.exit_code == 0
    assert "1st Infantry" in res.output and "0304" in res.output


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_tld_logs_replay_with_labels(n):
    log = _need(CORPUS / f"tld_game_0606-{n}.log")
    vmod = _need(CORPUS / "tld_buildFile-only_stripped.vmod")
    d = _json(str(log), "--module", str(vmod))
    # top-level LOG commands after end_save (log 1: 1091 of them, 2213 LOG nodes in all)
    assert d["kind"] == "log" and d["encoding"] == "VCSK"
    assert d["steps"] == {1: 1091, 2: 841, 3: 468, 4: 74}[n]
    assert d["vassal_version"] == "2.9.8"
    on_normandy = [p for p in d["pieces"] if p["map"] == "Normandy"]
    assert len(on_normandy) > 300
    zones = {"Cherbourg Alarm Units", "711 Infanterie Division"}
    for p in on_normandy:   # every piece on the hex map gets a 4-digit hex ID or a zone's name
        assert (len(p["hex"]) == 4 and p["hex"].isdigit()) or p["hex"] in zones, p
    coup = next(p for p in on_normandy if p["name"] == "COUP")
    assert (coup["x"], coup["y"], coup["hex"]) == (756, 352, "1406")
    dump = json.dumps(d)
    for pid in _player_ids(log):               # PLAYER commands carry the password id
        assert f'"{pid}"' not in dump
    if n == 4:
        text = _run(str(log), "--module", str(vmod)).output
        assert "blprez" not in text and "COUP" in text and "1406" in text


def _player_ids(path: Path) -> set[str]:
    from vmodgen.vassal.savefile import read_save
    from vmodgen.vassal.typed import Player
    ids = set()
    for node in read_save(path).tree.walk():
        text = node.text[4:] if node.text.startswith("LOG\t") else node.text
        if text.startswith("PLAYER\t"):
            cmd = node.typed() if node.text == text else None
            if isinstance(cmd, Player) and cmd.player_id:
                ids.add(cmd.player_id)
            else:
                ids.add(text.split("\t")[1])
    return {i for i in ids if i}


def test_module_summary_cli():
    d = _json(str(_need(RUN / "HexTestPhases.vmod")))
    assert d["kind"] == "module" and d["name"] == "HexTest"
    assert d["piece_slot_counts"] == {"PieceSlot": 3}
    board = d["maps"][0]["boards"][0]
    assert board["size"] == [640, 600] and "HexGrid" in board["grid"]
    levels = d["turn_trackers"][0]["levels"]
    assert levels[0]["kind"] == "CounterTurnLevel" and levels[0]["levels"][0]["kind"] == "ListTurnLevel"
    text = _run(str(RUN / "HexTestPhases.vmod")).output
    assert "Main Map" in text and "Prototypes 1: Unit" in text


def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return buf.getvalue()


@pytest.mark.parametrize("name, content", [
    ("notzip.vmod", b"\x00\x01 this is not a zip"),
    ("lol.vmod", _zip({"buildFile.xml": b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "a"><!ENTITY b "&a;&a;">]>'
                                        b"<VASSAL.build.GameModule>&b;</VASSAL.build.GameModule>"})),
    ("bomb.vmod", _zip({"buildFile.xml": b"<a>" + b" " * (20 * 1024 * 1024) + b"</a>"})),
    ("escape.vmod", _zip({"buildFile.xml": b"<VASSAL.build.GameModule/>", "../../x": b"x"})),
    ("other.zip", _zip({"readme.txt": b"hi"})),
], ids=lambda v: v if isinstance(v, str) else "")
def test_hostile_files_exit_2_with_one_message(tmp_path, capsys, name, content):
    p = tmp_path / name
    p.write_bytes(content)
    with pytest.raises(SystemExit) as exc:
        main(["inspect", str(p)])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and name in err[0]


def test_hostile_module_option(tmp_path, capsys):
    log = _need(RUN / "moves.vlog")
    p = tmp_path / "bad.vmod"
    p.write_bytes(b"nope")
    with pytest.raises(SystemExit) as exc:
        main(["inspect", str(log), "--module", str(p)])
    assert exc.value.code == 2
    assert "bad.vmod" in capsys.readouterr().err


def test_turns_vlog_turn_text_and_moves():
    log, vmod = _need(RUN / "turns.vlog"), _need(RUN / "HexTestPhases.vmod")
    report = (RUN / "turns-report.txt").read_text(encoding="utf-8").splitlines()
    last_turn = [l.split("|") for l in report if l.startswith("TURNSTATE|")][-1]
    last_move = [l.split("|") for l in report if l.startswith("MOVED|")][-1]
    d = _json(str(log), "--module", str(vmod))
    tracker = d["turns"]["TurnTracker0"]
    assert tracker["text"] == last_turn[-1]
    assert tracker["state"] == "|".join(last_turn[2:-1])
    inf = next(p for p in d["pieces"] if p["name"] == "1st Infantry")
    assert (inf["x"], inf["y"], inf["hex"]) == (int(last_move[2]), int(last_move[3]), last_move[4])
    start = _json(str(log), "--module", str(vmod), "--step", "0")["turns"]["TurnTracker0"]
    assert start["text"] == "Turn 1 Axis Movement"
    with pytest.raises(SystemExit) as exc:
        main(["inspect", str(log), "--step", "99"])
    assert exc.value.code == 2


def test_inspect_json_compact_by_default_indented_on_request(tmp_path) -> None:
    """``--json`` prints one compact line (a log's pieces make a large document); ``--indent N``
    the same values indented; both parse to the same object."""
    import json as _json
    from click.testing import CliRunner
    from vmodgen.cli import cli
    from vmodgen.vassal.savefile import write_save
    save = tmp_path / "g.vsav"
    write_save(save, "begin_save\x1b+/1/piece;;;a.gif;Alpha/null;10;20;;0\x1bend_save", key=7)
    compact = CliRunner().invoke(cli, ["inspect", str(save), "--json"])
    wide = CliRunner().invoke(cli, ["inspect", str(save), "--json", "--indent", "2"])
    assert compact.exit_code == 0 and wide.exit_code == 0, compact.output + wide.output
    assert compact.output.count("\n") == 1 and ": " not in compact.output.replace("Alpha", "")
    assert "\n  \"kind\": " in wide.output
    assert _json.loads(compact.output) == _json.loads(wide.output)
    assert _json.loads(compact.output)["pieces"][0]["x"] == 10
