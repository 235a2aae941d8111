"""An audit is never silent: every report says what it judged (steps, unit moves judged and not
judged with why, the share of steps in a known phase, units per side, rules not judged); a log
played with another module is refused; moves made out of the tracker's phase are reported; the
files of a chain go in natural order and a wrong order is named; a violation is reported once
across the whole chain. Logs are written with the log writer against the minikit module (its
sequence: Red Movement, Red Combat, Red Supply, Blue Movement, Blue Combat) and read from the
corpus."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import shared_path
from test_audit import mini, script, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.audit.coverage import NO_PHASE, OFF_MAP, OUT_OF_PHASE, PUT_BACK, TAKEN_BACK, UNDONE
from vmodgen.audit.order import ORDER_CONSEQUENCE, natural_sorted
from vmodgen.commands.audit import command
from vmodgen.errors import InputError
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.savefile import Metadata, save_bytes


def test_every_report_carries_the_coverage(mini):
    """The dirty script of test_audit: 8 unit moves (R1 three times and R3 in Red Movement, R3
    advancing in Red Combat, B2 three times in Blue Movement), all on the map in a phase where
    the unit moves: all judged. Units on the map: R1, R2, R3 (red), B1, B2 (blue)."""
    kit_dir, kit, module, root = mini
    w = script(kit, module)
    n_steps = len(w.root.subs) - next(i for i, s in enumerate(w.root.subs) if s.text == "end_save") - 1
    r = audit([w.write(root / "cov.vlog")], module=module, game=str(kit_dir))
    c = r.coverage
    assert c["steps"] == n_steps and c["steps_phase_known"] == n_steps and c["phase_known_share"] == 1.0
    assert c["moves"]["seen"] == 8 and c["moves"]["judged"] == 8
    assert c["moves"]["not_judged"] == {NO_PHASE: 0, OUT_OF_PHASE: 0, OFF_MAP: 0, UNDONE: 0, TAKEN_BACK: 0,
                                           PUT_BACK: 0}
    assert c["units_by_side"] == {"blue": 2, "red": 3}
    assert c["warnings"] == [] and c["out_of_phase"] == []
    doc = json.loads(render(r, "json"))
    assert doc["coverage"]["moves"]["judged"] == 8 and doc["coverage"]["per_file"][0]["steps"] == n_steps
    text = render(r, "text")
    assert f"coverage: {n_steps} steps replayed" in text and "unit moves 8: judged 8" in text
    assert "units recognised: blue 2, red 3" in text
    page = render(r, "html", game=None, mapdata=None)
    assert "<h2>Coverage</h2>" in page and "Moves judged" in page


def test_moves_made_out_of_the_trackers_phase_are_reported(mini):
    """The tracker is left in Red Supply (a phase where no unit moves) while R1 moves, and Blue's
    B2 moves in Red Movement: neither is judged as a move, both are listed, and the report asks
    whether the tracker was advanced."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("B2", "0503")                     # step 1: Blue's unit in Red Movement
    w.advance(2)                             # steps 2-3: Red Supply
    w.move("R1", "0202")                     # step 4: a Red unit moves in Red Supply
    r = audit([w.write(root / "oop.vlog")], module=module, game=str(kit_dir))
    c = r.coverage
    assert c["moves"]["not_judged"][OUT_OF_PHASE] == 2 and c["moves"]["judged"] == 0
    got = [(m["step"], m["side"], m["from"], m["to"], m["phase"]) for m in c["out_of_phase"]]
    assert got == [(1, "blue", "0504", "0503", "Red Movement"), (4, "red", "0102", "0202", "Red Supply")]
    assert any("Was the tracker advanced?" in m and "step 1" in m for m in c["messages"])
    # "0 findings" is not a clean bill: the summary says at once that the moves went unjudged
    partial = "partial: 2 of 2 unit move(s) were not judged (not in a phase where the unit moves: 2)"
    text = render(r, "text").splitlines()
    assert text[text.index(next(t for t in text if t.startswith("0 findings"))) + 1].startswith(partial)
    assert partial in render(r, "html")


def test_a_log_of_another_module_is_refused_unless_forced(mini, tmp_path):
    """vasltpl_full.vlog names VASL in its own metadata: with the minikit module it is refused
    (exit 2, one line naming the file); with --force it is audited, and the report warns that
    the module differs and that no piece is a unit."""
    kit_dir, kit, module, root = mini
    vasl = shared_path("corpus", "vasltpl_full.vlog")
    with pytest.raises(InputError) as e:
        audit([vasl], module=module, game=str(kit_dir))
    assert "VASL" in str(e.value) and "--force" in str(e.value)
    run = CliRunner().invoke(command, [str(vasl), "--module", str(module), "--game", str(kit_dir)],
                             standalone_mode=False, catch_exceptions=True)
    assert isinstance(run.exception, InputError)
    r = audit([vasl], module=module, game=str(kit_dir), force=True)
    warnings = r.coverage["warnings"]
    assert any("'VASL'" in w and "--force" in w for w in warnings)
    assert any(w.startswith("No piece of vasltpl_full.vlog was recognised as a unit") for w in warnings)
    assert r.coverage["units_by_side"] == {} and "warning: No piece" in render(r, "text")


def test_vmodgen_cli_refuses_another_modules_log_with_exit_2(mini, tmp_path):
    import subprocess
    import sys
    kit_dir, kit, module, root = mini
    vasl = shared_path("corpus", "vasltpl_full.vlog")
    repo = Path(__file__).resolve().parents[1]
    p = subprocess.run([sys.executable, "-m", "vmodgen", "audit", str(vasl), "--module", str(module),
                        "--game", str(kit_dir)], capture_output=True, text=True, cwd=repo,
                       env={"PYTHONPATH": str(repo), "PATH": "/usr/bin:/bin"})
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and str(vasl) in p.stderr and "VASL" in p.stderr


def _chain(kit, module: Path, root: Path, names: list[str]) -> list[Path]:
    """A chain of files, one move each (the next file starts where the last one ended), the
    last file's move followed by a phase end (a chain that reaches none is partial)."""
    w = LogWriter.from_module_setup(module, kit=kit)
    out = []
    for i, name in enumerate(names):
        w.move("R1", ["0202", "0302", "0402", "0302"][i % 4])
        if i == len(names) - 1:
            w.advance()
        out.append(w.write(root / name))
        w = w.save_point()
    return out


def test_natural_order_and_a_wrong_order_named(mini):
    kit_dir, kit, module, root = mini
    assert natural_sorted(["t10.vlog", "t2.vlog", "t1.vlog"]) == ["t1.vlog", "t2.vlog", "t10.vlog"]
    files = _chain(kit, module, root, ["turn2.vlog", "turn10.vlog"])
    # a shell glob gives turn10 before turn2: they are audited turn2 first, and the seam is clean
    r = audit(sorted(str(f) for f in files), module=module, game=str(kit_dir))
    assert [Path(f.path).name for f in r.files] == ["turn2.vlog", "turn10.vlog"]
    assert r.continuity == []
    assert any("natural name order (turn2.vlog, turn10.vlog)" in m for m in r.coverage["messages"])
    # kept in the wrong order: the seams say which file follows which
    r = audit([str(files[1]), str(files[0])], module=module, game=str(kit_dir), keep_order=True)
    doubts = [m for m in r.coverage["warnings"] if m.startswith("turn2.vlog ends where turn10.vlog starts (0 piece(s)")]
    assert len(doubts) == 1 and ORDER_CONSEQUENCE in r.coverage["warnings"]   # warnings, not remarks
    assert not any("ends where" in m for m in r.coverage["messages"])

    # --strict: nothing found, but the order is in doubt: exit 3, and the warning is on stderr
    args = [str(files[1]), str(files[0]), "--module", str(module), "--game", str(kit_dir), "--keep-order"]
    plain, strict = _run_cli(args), _run_cli([*args, "--strict"])
    assert (plain.returncode, strict.returncode) == (0, 3), (plain.stderr, strict.stderr)
    assert "warning: turn2.vlog ends where turn10.vlog starts" in strict.stderr
    in_order = _run_cli([str(files[0]), str(files[1]), *args[2:], "--strict"])
    assert in_order.returncode == 0 and "warning" not in in_order.stderr


def _run_cli(args: list[str]):
    """``vmodgen audit ARGS`` in its own process (the exit code is the entry point's)."""
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "vmodgen", "audit", *args], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1])

def test_save_dates_against_the_order(mini):
    """Files whose own save dates (savedata dateSaved) run backwards are named."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    paths = []
    for i, (hexid, date) in enumerate([("0202", "1700000300000"), ("0302", "1700000100000"),
                                       ("0402", "1700000200000")]):
        w.move("R1", hexid)
        p = root / f"dated{i + 1}.vlog"
        p.write_bytes(save_bytes(w.text(), savedata=Metadata(version="1.0", vassal_version="3.7.0", date_saved=date)))
        paths.append(str(p))
        w = w.save_point()
    r = audit(paths, module=module, game=str(kit_dir))
    assert ("By their own save dates the files were saved in the order dated2.vlog, dated3.vlog, dated1.vlog: "
            "the order audited may be wrong.") in r.coverage["warnings"]
    assert ORDER_CONSEQUENCE in r.coverage["warnings"]
    assert [f.date_saved for f in r.files] == ["1700000300000", "1700000100000", "1700000200000"]


def test_a_violation_is_reported_once_across_the_whole_chain(mini):
    """An overstack at the end of Red Movement in file 1 (R3 joins R1 and R2 in 0102: 7 points
    over the limit of 4); file 2 ends no phase (a die roll); file 3 ends Red Combat with the
    overstack still standing: it is the same violation, not reported again (de-duplication
    used to look one file back only)."""
    kit_dir, kit, module, root = mini
    w1 = LogWriter.from_module_setup(module, kit=kit)
    w1.move("R3", "0102").advance()
    f1 = w1.write(root / "once1.vlog")
    w2 = w1.save_point()
    w2.roll("1d6", [4])
    f2 = w2.write(root / "once2.vlog")
    w3 = w2.save_point()
    w3.advance()
    f3 = w3.write(root / "once3.vlog")
    r = audit([f1, f2, f3], module=module, game=str(kit_dir))
    assert [(Path(f.file).name, f.rule) for f in r.findings if f.kind == "stacking"] == [("once1.vlog", "GEN stacking")]


def test_an_undone_move_is_never_a_finding(mini):
    """B2 enters R1's ZOC at 0502 and moves on to 0603 (a ZOC violation, GEN zoc), then the
    player presses Undo (VASSAL 3.x writes the inverse move): the move taken back is no
    finding, and neither it nor the undo's inverse move is judged as a move. Left: R1 out of
    supply at 0402 (GEN supply), as in test_audit's dirty script."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R1", "0202").move("R1", "0302").move("R1", "0402")
    w.advance(3)                                             # Blue Movement
    w.move("B2", "0503").move("B2", "0502").move("B2", "0603")
    w.undo()                                                 # back to 0502: it stopped in the ZOC
    w.advance()
    r = audit([w.write(root / "undone.vlog")], module=module, game=str(kit_dir))
    assert [f.rule for f in r.findings] == ["GEN supply"]
    assert r.coverage["moves"]["not_judged"][UNDONE] == 2
    assert r.stats["undos"] == 1
    assert any("taken back with Undo" in m for m in r.coverage["messages"])


def test_an_undone_roll_is_not_a_roll(mini):
    kit_dir, kit, module, root = mini
    from vmodgen.vassal.commands import Command
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice")
    w.roll("1d6", [2])
    w.move("R1", "0202")
    # the same step reports a roll (a move with a dice report in one entry), then Undo
    w.root.subs[-1].subs.append(Command("LOG\tCHAT*** 1d6 = 6 *** &lt;Alice&gt;"))
    w.undo()
    r = audit([w.write(root / "undone-roll.vlog")], module=module, game=str(kit_dir))
    assert r.stats["die_rolls"]["Alice"]["count"] == 1
    assert [(u["player"], u["values"], u["step"]) for u in r.stats["undone_rolls"]] == [("Alice", [6], 2)]
    text = render(r, "text")
    assert "undone rolls (1, left out of the tests): " in text and "undone-roll.vlog:2 Alice 1d6=6" in text


def _no_phase_binding(kit, module):
    """The minikit's own binding with its turn tracker unknown: no phase can be read."""
    from vmodgen.binding.base import KitBinding
    from vmodgen.vassal.module import read_module
    mod = read_module(module)
    b = KitBinding(mod, kit)
    b.tracker, b.phase_source = None, "none"
    return b, mod


def test_no_phase_turns_inferred_from_who_moves(mini):
    """No phase can be read (no tracker): Alice (Red) moves R3 into 0102 (with R1 and R2: 7
    stacking points, the limit is 4), then Bob (Blue) moves. The end of Alice's run of moves is
    the end of her turn as far as the log shows: the overstack is found there, once; the report
    says the turns were inferred."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-alice")
    w.step(["PLAYER\tpw-alice\tAlice\tRed", "PLAYER\tpw-bob\tBob\tBlue"])
    w.move("R1", "0202").move("R1", "0102").move("R3", "0102")        # steps 2-4: Alice
    w.player, w.player_id = "Bob", "pw-bob"
    w.move("B2", "0503").move("B2", "0403")                           # steps 5-6: Bob
    r = audit([w.write(root / "nophase.vlog")], preset=_no_phase_binding(kit, module))
    got = [(f.step, f.at, f.rule, f.hexes, f.details.get("turn_inferred")) for f in r.findings]
    assert got == [(4, "end", "GEN stacking", ("0102",), "Alice")]
    assert r.findings[0].where() == "end of Alice's moves (turn inferred)"
    c = r.coverage
    assert c["steps_phase_known"] == 0 and c["inferred_turn_ends"] == 2
    assert c["moves"]["not_judged"][NO_PHASE] == 5
    assert any(m.startswith("No phase could be read (phase source: none): each player's turn was inferred")
               for m in c["messages"])


def test_no_phase_and_no_player_says_so(mini):
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R3", "0102")
    r = audit([w.write(root / "nophase-noplayer.vlog")], preset=_no_phase_binding(kit, module))
    assert r.findings == []
    assert any("names no player on its moves to infer turns from" in m for m in r.coverage["messages"])


def test_chat_patterns_that_stop_matching_are_named():
    """The public TLD chain read with examples/tld/binding.toml, and one more file after
    tld_game_0606-4.log (written with the log writer from its end) in which 24 German units move
    and the phases are announced in other words ("Now: Germans moving"): the report names that
    file and the last announcement that matched, instead of a count of unread positions."""
    from vmodgen.binding.file import load_binding
    from vmodgen.vassal.module import read_module
    from vmodgen.vassal.savefile import read_save
    root_dir = Path(__file__).resolve().parents[1]
    mod_path = shared_path("corpus", "tld_buildFile-only_stripped.vmod")
    log4 = shared_path("corpus", "tld_game_0606-4.log")
    mod = read_module(mod_path)
    b = load_binding(root_dir / "examples" / "tld" / "binding.toml", mod)
    w = LogWriter(read_save(log4)).save_point()
    w.player = "Nate"
    german = [pid for pid, rec in w.state.pieces.items()
              if rec.position[0] == "Normandy" and b.facts(rec)[1].get("side") == "german"][:25]
    w.chat("Now: Germans moving")
    for a, c in zip(german, german[1:]):
        w.move(a, w.where(c))
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        f5 = w.write(Path(tmp) / "tld_game_0606-5.vlog")
        r = audit([log4, f5], module=mod_path, binding=root_dir / "examples" / "tld" / "binding.toml",
                  keep_order=True)
    said = [m for m in r.coverage["messages"] if "chat patterns matched no phase announcement" in m]
    assert len(said) == 1
    assert said[0].startswith("tld_game_0606-5.vlog: the binding's chat patterns matched no phase announcement in "
                              "its 25 step(s) (24 unit moves) from step 1 on (the last one matched: "
                              "tld_game_0606-4.log step 37): every step was read as reset of turn 7.")


@pytest.fixture(scope="module")
def no_allowance(tmp_path_factory):
    """The test_audit minikit variant, with Blue's infantry B2 printed without a movement
    allowance (as a binding's units often are): the length of its moves cannot be judged."""
    from vmodgen.builder.build import build_kit
    from vmodgen.model.kit import load_kit
    root = tmp_path_factory.mktemp("noallow")
    kit_dir = variant_kit(root / "kit")
    roster = (kit_dir / "roster.csv").read_text()
    row = next(line for line in roster.splitlines() if line.startswith("B2,"))
    assert ",3,3,3,2,1,1,3,2," in row
    roster = roster.replace(row, row.replace(",3,3,3,2,1,1,3,2,", ",3,3,,2,1,1,,2,"))
    (kit_dir / "roster.csv").write_text(roster)
    kit = load_kit(kit_dir)
    return kit_dir, kit, build_kit(kit, root / "build", cache_dir=root / "cache").path, root


def test_a_long_drag_without_allowance_is_judged_where_it_ended(no_allowance):
    """R1 stands in 0402 (its ZOC covers 0502). In Blue Movement B2 (no allowance) is dragged
    0504 → 0502 in one drag (two hexes) and on to 0603: it stopped in enemy ZOC at 0502 and
    moved on (GEN zoc, rule of the generic set: a unit entering enemy ZOC stops). Before, a drag
    over several hexes of a unit without allowance was not judged at all."""
    kit_dir, kit, module, root = no_allowance
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R1", "0202").move("R1", "0302").move("R1", "0402")
    w.advance(3)                                             # Blue Movement
    w.move("B2", "0502").move("B2", "0603")
    w.advance()
    r = audit([w.write(root / "drag.vlog")], module=module, game=str(kit_dir))
    zoc = [f for f in r.findings if f.rule == "GEN zoc"]
    assert [(f.step, f.hexes, f.units) for f in zoc] == [(8, ("0502",), ("B2",))]
    assert zoc[0].details["path_inferred"][0] == "0504" and "0502" in zoc[0].details["path_inferred"]
    assert "judged at the hexes where the log's drags ended" in zoc[0].message
    m = r.coverage["moves"]
    assert m["long_drags_judged"] == 1 and m["judged_without_allowance"] == 2


def test_tracker_never_clicked_turns_inferred(mini):
    """A vmodgen module whose players never click the turn tracker: it stays in Red Movement
    (turn 1). Alice (Red) moves R3 into 0102 (7 stacking points with R1 and R2, the limit is 4);
    then Bob (Blue) moves B2, out of the tracker's phase. Red Movement never ends on the tracker,
    so only the inferred end of Alice's moves finds the overstack (GEN stacking); Bob's move is
    reported as made out of phase."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-alice")
    w.step(["PLAYER\tpw-alice\tAlice\tRed", "PLAYER\tpw-bob\tBob\tBlue"])
    w.move("R3", "0102")                                              # step 2: Alice
    w.player, w.player_id = "Bob", "pw-bob"
    w.move("B2", "0503")                                              # step 3: Bob, still "Red Movement"
    r = audit([w.write(root / "noclick.vlog")], module=module, game=str(kit_dir))
    got = [(f.step, f.at, f.rule, f.hexes, f.details.get("turn_inferred")) for f in r.findings]
    assert got == [(2, "end", "GEN stacking", ("0102",), "Alice")]
    c = r.coverage
    assert c["moves"]["judged"] == 1 and c["moves"]["not_judged"][OUT_OF_PHASE] == 1
    assert [m["unit"] for m in c["out_of_phase"]] == ["Blue Inf"]
    assert c["inferred_turn_ends"] == 2
    assert any("each player's run of moves was taken as that player's turn" in m for m in c["messages"])


def test_real_vassal_undo_gives_no_finding_for_the_undone_move(tmp_path_factory):
    """tests/data/recorded/im-undo.vlog, written by real VASSAL 3.7.26 (the games branch's
    recording, script beside it): in Invasion: Malta's GT1 Movement Phase KG1 unit 2, paradropped
    this activation (it may move 1 hex, IM 15.16), moves 2021 → 2022 → 2023; Undo takes the second
    hex back. Before, the undone move was reported (IM 15.16 at step 13); now the undone move and
    the undo's inverse are not judged and there is no finding."""
    from bundled_module_util import bundled_module
    log = Path(__file__).resolve().parent / "data" / "recorded" / "im-undo.vlog"
    im = bundled_module("invasion-malta", tmp_path_factory, "im-undo")
    r = audit([log], module=im.module)
    assert r.findings == []
    assert r.stats["undos"] == 1 and r.coverage["moves"]["not_judged"][UNDONE] == 2


def test_public_tld_chain_no_finding_from_an_undo():
    """The public TLD chain (four VASSAL 2.9.8 logs, examples/tld/binding.toml): no finding
    stands at a step an undo took back or at an undo (the replay pairs 196 undos, every `* UNDO:` record among them).
    Three of the twelve ZOC findings the audit gave before were the inverse moves of an undo:
    E&F/1 at file 1 step 707 (undone by 708), 642 at file 2 step 529 (undone by 582; the same
    move made again at step 590 is judged there) and CSR/3 C's path through 6929 (step 713,
    undone by 714): all three are gone."""
    from vmodgen.vassal.module import read_module
    from vmodgen.vassal.replay import replay
    from vmodgen.vassal.savefile import read_save
    root_dir = Path(__file__).resolve().parents[1]
    mod_path = shared_path("corpus", "tld_buildFile-only_stripped.vmod")
    logs = [shared_path("corpus", f"tld_game_0606-{i}.log") for i in range(1, 5)]
    r = audit(logs, module=mod_path, binding=root_dir / "examples" / "tld" / "binding.toml")
    mod = read_module(mod_path)
    taken_back = set()
    for log in logs:
        for s in replay(read_save(log), apply_boards=mod.apply_board_command).steps:
            if s.undone_by is not None or s.undo:
                taken_back.add((Path(log).name, s.index))
    assert len([1 for f in r.findings if f.at == "during" and (Path(f.file).name, f.step) in taken_back]) == 0
    zoc = {(Path(f.file).name, f.step, f.unit_names[0]) for f in r.findings if f.kind == "zoc"}
    assert ("tld_game_0606-1.log", 707, "E&F/1") not in zoc
    assert ("tld_game_0606-2.log", 529, "642") not in zoc and ("tld_game_0606-2.log", 590, "642") in zoc
    assert not any("6929" in f.message for f in r.findings if "CSR/3 C" in f.unit_names)
    assert r.stats["undos"] == 196 and r.coverage["moves"]["not_judged"][UNDONE] > 0


def test_rules_not_judged_for_one_reason_are_printed_once(mini):
    """Rules not judged for the same reason (the phases a log ends in judge several rules at
    their end) share one line in text and one row in HTML, in the order the reasons first come;
    JSON keeps one entry per rule."""
    kit_dir, kit, module, root = mini
    r = audit([script(kit, module).write(root / "nj.vlog")], module=module, game=str(kit_dir))
    why = "the log ends before the end of the Red Movement Phase (turn 1, nj.vlog), where it is judged"
    r.coverage["rules_not_judged"] = [{"rule": "X 1.1", "why": why}, {"rule": "X 2.2", "why": "other"},
                                      {"rule": "X 3.3", "why": why}]
    text = render(r, "text")
    assert f"coverage: rules not judged: X 1.1, X 3.3: {why}; X 2.2: other" in text
    assert text.count(why) == 1
    page = render(r, "html", game=None, mapdata=None)
    assert "Rules not judged: X 1.1, X 3.3" in page and "Rule not judged: X 2.2" in page
    assert [e["rule"] for e in json.loads(render(r, "json"))["coverage"]["rules_not_judged"]] == ["X 1.1", "X 2.2", "X 3.3"]


def test_no_kit_deletions_and_placements_not_paired_are_said_in_every_format():
    """The public TLD chain (examples/tld/binding.toml: no kit, each unit named after its piece):
    a unit's piece deleted and a new piece of a unit of the same printed name and side placed in
    another hex in the same phase is the case the by-hand check judges with a kit. Here it cannot
    tell the units apart: every report says so, once, in the coverage messages (text, JSON, HTML),
    naming the first pair. Review of left11 (1): the first pair was C/80/82 deleted (0606-3 step
    29) and the unit 4 added (step 166, after the chat "I'm adding it now"), two units; by name,
    4 deleted in 4123 at step 297 and 4 placed in 4322 at step 324."""
    from recorded_audit_util import audit_formats
    root_dir = Path(__file__).resolve().parents[1]
    mod_path = shared_path("corpus", "tld_buildFile-only_stripped.vmod")
    logs = [shared_path("corpus", f"tld_game_0606-{i}.log") for i in range(1, 5)]
    text, doc, html = audit_formats(mod_path, logs, (), "--binding", str(root_dir / "examples" / "tld" / "binding.toml"))
    said = [m for m in doc["coverage"]["messages"] if "a unit deleted and put back elsewhere" in m]
    assert len(said) == 1 and "because the binding has no kit" in said[0], doc["coverage"]["messages"]
    assert said[0].startswith("2 unit piece(s)"), said[0]
    assert ": 4 deleted in 4123, a piece named 4 placed in 4322)" in said[0] and "C/80/82" not in said[0]
    assert f"coverage: {said[0]}" in text
    assert "because the binding has no kit" in html


@pytest.mark.parametrize("kit_name, setup", [("operation-mercury", "Scenario 3: Maleme-Suda, May 20-23"),
                                             ("invasion-malta", "Scenario 4: Leros 1943"),
                                             ("north-africa-41", "S1 Enter Rommel")])
def test_a_log_lists_no_rule_checked_that_it_names_never_judged(kit_name, setup, tmp_path_factory):
    """A log's report does not contradict itself (round omfix23): a rule whose check no log can
    satisfy (``LOG_PRECONDITIONS``: declared attacks, supply levels, the scenario, a roster...; each
    one's check read: it judges only what a position file states) is named not judged with its
    reason and is not listed in ``checked_rules`` (before: both). A rule a log still judges in part
    (``LOG_PARTLY_JUDGED``: OM 6.12's entry holds 17.43 A2, IM 18.11's 8.41) stays listed checked,
    and named not judged for the part a log lacks; IM 18.11's part runs only where the kit sets
    ``im_allied_artillery_motor_pool_only``, which the bundled kit does not, so there it is not
    listed checked (review rv-e22 item 1). The log: the scenario's set-up, two phases."""
    from bundled_module_util import bundled_module
    from vmodgen.rules import ruleset_for
    kit, module, root = bundled_module(kit_name, tmp_path_factory, f"never-{kit_name}")
    rs = ruleset_for(kit.game)
    r = audit([LogWriter.from_module_setup(module, setup, kit=kit).advance(2).write(root / "two.vlog")],
              module=module)
    checked = {c["rule"] for c in r.checked_rules}
    named = {x["rule"] for x in r.coverage["rules_not_judged"]}
    partly = rs.log_partly_judged()
    never = set(rs.LOG_PRECONDITIONS) - set(partly)
    assert never and never <= named, never - named
    assert never.isdisjoint(checked), never & checked
    ids = {rule.id for rule in rs.rules()}
    assert set(partly) <= set(rs.LOG_PRECONDITIONS) & ids
    assert set(partly) <= checked & named
    assert never == set(rs.never_judged_in_a_log()) - set(rs.POSITION_FILE_ONLY)
    if kit_name == "invasion-malta":
        assert "IM 18.11" in named and "IM 18.11" not in checked
