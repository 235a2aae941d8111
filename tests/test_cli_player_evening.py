"""A play-by-email player's first evening: following each message and ``--help`` literally.

Each test is a slip a player made with real files (a log of another game, a folder, a lone
save) and checks that the answer is one he can act on: the option a message names exists, the
warning that makes the rest of the output wrong comes first."""
from __future__ import annotations

from pathlib import Path

from cli_util import one_error, run
from conftest import shared_path
from test_audit import mini  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter


def test_a_log_of_another_module_refused_by_integrity_and_replay_names_an_option_they_have(mini, tmp_path, capsys):
    """The refusal says "give the module it was played with, or --force": integrity and replay
    take --force as audit does, and then read the file, saying the module differs."""
    kit_dir, kit, module, root = mini
    vasl = str(shared_path("corpus", "vasltpl_full.vlog"))
    page = tmp_path / "page.html"
    for args in (["integrity", vasl, "--module", str(module)],
                 ["replay", vasl, "--module", str(module), "-o", str(page)]):
        line = one_error(capsys, *args)
        assert vasl in line and "'VASL'" in line and "--force" in line, line
        assert not page.exists()
        code, out, err = run(capsys, *args, "--force")
        assert code == 0, err
        assert "No such option" not in err
    code, out, err = run(capsys, "integrity", vasl, "--module", str(module), "--force")
    assert "Module:" in out and "'VASL'" in out and "--force" in out, out
    assert page.is_file() and "VASL" in page.read_text(encoding="utf-8")


def test_inspect_with_another_games_module_says_so_before_the_table(mini, capsys):
    """`vmodgen inspect LOG --module OTHER.vmod` reads hexes and the tracker with the wrong module:
    the warning saying so is the first line after the header, not under hundreds of rows."""
    kit_dir, kit, module, root = mini
    vasl = str(shared_path("corpus", "vasltpl_full.vlog"))
    code, out, err = run(capsys, "inspect", vasl, "--module", str(module))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1].startswith("warning: the file was saved with module 'VASL"), lines[:3]
    assert "give the module it was played with" in lines[1]
    first_other = next(i for i, line in enumerate(lines[1:], 1) if not line.startswith("warning:"))
    assert not any(line.startswith("warning:") for line in lines[first_other:])   # all of them on top


def test_a_save_alone_is_a_partial_audit_not_a_clean_bill(mini, capsys):
    """A player audits the save his opponent sent (no log): it holds one position and no step, so
    no phase end where stacking is judged (GEN stacking: 7 points in 0202, limit 4, stand in it).
    "0 findings" alone read as a clean bill: the report says partial in every format, and
    --strict exits 3."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R1", "0202").move("R3", "0202").move("R2", "0202").advance().advance().advance()
    played = w.write(root / "played.vlog")
    save = w.save_point().write(root / "sent.vsav")
    assert audit([str(played)], module=module, game=str(kit_dir)).findings     # the overstack is there
    r = audit([str(save)], module=module, game=str(kit_dir))
    assert r.findings == [] and r.coverage["steps"] == 0
    for fmt in ("text", "html"):
        assert "partial: the files reach no phase end" in render(r, fmt), fmt
    assert r.to_json()["partial"].startswith("partial: the files reach no phase end")
    assert "GEN stacking not judged" in r.to_json()["partial"]
    code, out, err = run(capsys, "audit", str(save), "--module", str(module), "--game", str(kit_dir), "--strict")
    assert code == 3 and out.splitlines()[1].startswith("partial: "), out


def test_a_save_alone_with_a_finding_does_not_say_no_rule_was_judged(mini):
    """R1 (red) and B2 (blue) share 0202, saved, the save audited alone: the rules checked at
    every position ("during every phase": GEN stacking's no shared hexes) judge the save's
    position and find it; only the end-of-phase ones wait. The partial sentence names what was
    not judged and says the others were, never "no rule was judged" above a finding."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("B2", "0202").move("R1", "0202")
    save = w.save_point().write(root / "mixed.vsav")
    r = audit([str(save)], module=module, game=str(kit_dir))
    assert [f.rule for f in r.findings] == ["GEN stacking"] and r.findings[0].step == 0
    text = render(r, "text")
    assert "no rule was judged" not in text
    partial = r.to_json()["partial"]
    assert "GEN stacking not judged" in partial and "the rules that hold at every position were judged" in partial


def test_a_log_of_one_chat_line_after_an_unjudged_save_is_as_partial_as_the_save(mini, capsys):
    """The overstacked save (GEN stacking: 7 points in 0202, limit 4) opened, one chat line
    typed, logged: the log has one step and still no phase end, so the stacking limit judged at
    phase ends never ran. It is partial like the save, --strict exits 3, and the reason is said
    once (the coverage section's "ends before the end of ..." line, the partial's summary)."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R1", "0202").move("R3", "0202").move("R2", "0202")
    save = w.save_point().write(root / "sent2.vsav")
    opened = LogWriter.from_file(save, locate=None)
    opened.chat("your turn")
    log = opened.write(root / "opened.vlog")
    for f in (save, log):
        code, out, err = run(capsys, "audit", str(f), "--module", str(module), "--game", str(kit_dir), "--strict")
        assert code == 3, (f.name, out)
        assert out.splitlines()[1].startswith("partial: the files reach no phase end"), (f.name, out)
    r = audit([str(log)], module=module, game=str(kit_dir))
    assert r.coverage["steps"] == 1 and r.coverage["phase_ends"] == 0
    assert render(r, "text").count("ends before the end of") == 1


def test_the_partial_advice_follows_why_no_phase_end_was_reached(mini):
    """The partial sentence's advice fits its reason, in every format: a save alone holds no play
    and a log that stops inside the phase it starts in (one chat line) are each asked for the log
    played after them; neither is told the tracker was left behind (om-notracker's case, in
    test_audit_messy_recorded)."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R1", "0202").move("R3", "0202").move("R2", "0202")
    save = w.save_point().write(root / "advice.vsav")
    opened = LogWriter.from_file(save, locate=None)
    opened.chat("your turn")
    log = opened.write(root / "advice.vlog")
    for f, why in ((save, "a save holds one position and no play"),
                   (log, "they stop inside the phase they start in")):
        r = audit([str(f)], module=module, game=str(kit_dir))
        said = [render(r, "text"), render(r, "html"), r.to_json()["partial"]]
        for fmt, out in zip(("text", "html", "json"), said):
            assert f"the files reach no phase end ({why})" in out, (f.name, fmt)
            assert "(give the log played after it too)" in out and "turn tracker is never advanced" not in out


def test_a_log_that_reaches_a_phase_end_is_not_called_partial_for_its_last_phase(mini):
    """Moves, then the tracker advanced (a phase end, where GEN stacking judges the overstack),
    then the log ends inside the next phase: the coverage names what waits for that phase's end,
    but the audit judged phase ends, so no partial sentence."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R1", "0202").move("R3", "0202").move("R2", "0202").advance()
    log = w.write(root / "one-end.vlog")
    r = audit([str(log)], module=module, game=str(kit_dir))
    assert r.coverage["phase_ends"] >= 1 and r.findings
    assert r.to_json()["partial"] is None


def test_a_folder_of_logs_given_to_audit_names_the_pattern_that_gives_them(tmp_path, capsys):
    """`vmodgen audit games/` (the folder the opponent's files were saved into): one line that
    says how to give the files in it; a folder given as --module, or with no save in it, is
    refused as before, with no pattern to suggest."""
    games = tmp_path / "games"
    games.mkdir()
    for name in ("turn1.vlog", "turn2.vlog", "notes.txt"):
        (games / name).write_bytes(b"")
    line = one_error(capsys, "audit", str(games), "--module", str(games / "notes.txt"))
    assert line == f'vmodgen: {games}: is a folder, not a file: give the files in it: "{games}/*.vlog" (2 files)'
    line = one_error(capsys, "integrity", str(tmp_path / "games" / "turn1.vlog"), "--module", str(games))
    assert line == f"vmodgen: {games}: is a folder, not a file"
    (tmp_path / "empty").mkdir()
    assert one_error(capsys, "replay", str(tmp_path / "empty"), "-o", str(tmp_path / "r.html")).endswith(
        "empty: is a folder, not a file")


def test_the_folder_pattern_is_spelt_as_the_files_are_quoted_and_names_every_suffix(tmp_path, capsys):
    """A folder "my games" holding T1.VLOG, T2.VLOG and old.log: the pattern keeps the suffix's
    case (a pattern is case-sensitive), is quoted (the space would split it in a shell) and the
    .log file's pattern is named too. The pattern given back, as typed, finds the files."""
    import shutil
    games = tmp_path / "my games"
    games.mkdir()
    shutil.copy(RECORDED / "om-pbem-1.vlog", games / "T1.VLOG")
    shutil.copy(RECORDED / "om-pbem-2.vlog", games / "T2.VLOG")
    (games / "old.log").write_bytes(b"")
    line = one_error(capsys, "integrity", str(games))
    assert line == (f'vmodgen: {games}: is a folder, not a file: give the files in it: "{games}/*.VLOG" (2 files); '
                    f'also "{games}/*.log" (1 file)'), line
    pattern = line.split('"')[1]
    code, out, err = run(capsys, "integrity", pattern)
    assert code == 0 and "T1.VLOG" in out + err and "T2.VLOG" in out + err, (out, err)


RECORDED = Path(__file__).resolve().parent / "data" / "recorded"


def test_integrity_of_files_out_of_order_says_what_their_save_dates_and_seams_say(capsys):
    """om-pbem-3 (the Allied file) given before om-pbem-1 and -2 (recorded in VASSAL 3.7.26,
    saved in the order 1, 2, 3): integrity, which a player runs first, flags the order as the
    audit warns of it, not only 'does not start where ... ended'; with the files in play order,
    or read as given with --keep-order, no order flag."""
    one, two, three = (str(RECORDED / f"om-pbem-{i}.vlog") for i in (1, 2, 3))
    code, out, err = run(capsys, "integrity", three, one, two)
    assert code == 0, err
    flags = [line.strip() for line in out.splitlines() if line.strip().startswith("! Order: ")]
    assert any("By their own save dates the files were saved in the order om-pbem-1.vlog, om-pbem-2.vlog, "
               "om-pbem-3.vlog" in f for f in flags), out
    assert "rules' memory" not in out and "judged in this order" not in out     # integrity runs no rules
    code, out, err = run(capsys, "integrity", one, two, three)
    assert code == 0 and "! Order: " not in out, out
    code, out, err = run(capsys, "integrity", one, two, three, "--keep-order")
    assert code == 0 and "! Order: " not in out, out


def test_integrity_labels_a_branch_by_its_kind_and_words_a_repeat_as_read(capsys):
    """om-jp8-1 2 3 4 (recorded in VASSAL 3.7.26: file 4 played from file 1's save): integrity
    flags the branch as "Branch:", not "Order:" (the audit's sentence kinds kept on its result);
    a file given twice is "read once", in integrity's own words, not the audit's."""
    one, two, three, four = (str(RECORDED / f"om-jp8-{i}.vlog") for i in (1, 2, 3, 4))
    code, out, err = run(capsys, "integrity", one, two, three, four)
    assert code == 0, err
    flags = [line.strip() for line in out.splitlines() if line.strip().startswith("! ")]
    assert [f for f in flags if "both start where om-jp8-1.vlog ended" in f] == [
        next(f for f in flags if f.startswith("! Branch: om-jp8-2.vlog and om-jp8-4.vlog both start where"))]
    code, out, err = run(capsys, "integrity", one, one, two)
    assert code == 0, err
    assert "! Files: om-jp8-1.vlog is given again: the same play, read once; the repeat was skipped." in out
    assert "audited" not in out


def test_replay_keeps_the_order_given_with_keep_order(tmp_path, capsys):
    """The opponent named his files t10 (played first) and t2: given in plain name order, as a
    shell glob gives them, they are replayed in natural order (t2 first); --keep-order, which
    audit has, replays them as given."""
    import shutil
    shutil.copy(RECORDED / "om-pbem-1.vlog", tmp_path / "t10.vlog")
    shutil.copy(RECORDED / "om-pbem-2.vlog", tmp_path / "t2.vlog")
    given = [str(tmp_path / "t10.vlog"), str(tmp_path / "t2.vlog")]
    page = tmp_path / "game.html"
    code, out, err = run(capsys, "replay", *given, "-o", str(page))
    assert code == 0, err
    assert "<title>t2.vlog, t10.vlog</title>" in page.read_text(encoding="utf-8")
    code, out, err = run(capsys, "replay", *given, "--keep-order", "-o", str(page))
    assert code == 0, err
    assert "<title>t10.vlog, t2.vlog</title>" in page.read_text(encoding="utf-8")


def test_two_files_of_one_side_with_a_gap_are_a_seam_not_an_order_doubt(tmp_path):
    """na41-pbem6-1 and -3 (file 2 left out, both the Axis's): "a file between them may be
    missing" was followed by "The files may not be in play order ... --keep-order", which no order
    of the two files given explains. With only these two files it is a seam that does not close;
    with another file also given, of the other side or of the same (t2, given last: it may belong
    between them), it stays an order doubt, with the --keep-order advice."""
    from types import SimpleNamespace

    from vmodgen.audit.order import ORDER_CONSEQUENCE, SEAM_CONSEQUENCE, order_messages

    def _sentences(said: tuple) -> list[str]:
        return [m for _, m in said[1]]

    def result(name: str, side: str, start: dict, end: dict) -> SimpleNamespace:
        (tmp_path / name).write_bytes(name.encode())
        return SimpleNamespace(path=str(tmp_path / name), date_saved="", start={"pieces": start},
                               end={"pieces": end}, stats=SimpleNamespace(moves_by_side={side: 1}))

    def at(x: int) -> tuple:
        return (("Main Map", x, 10), "", "", "", "")

    first = result("t1.vlog", "axis", {"u": at(1)}, {"u": at(2)})
    third = result("t3.vlog", "axis", {"u": at(3)}, {"u": at(4)})
    doubts = _sentences(order_messages([first, third], None))
    assert any("may be missing" in d for d in doubts), doubts
    assert SEAM_CONSEQUENCE in doubts and ORDER_CONSEQUENCE not in doubts
    allied = result("t9.vlog", "allied", {"u": at(4)}, {"u": at(4)})
    doubts = _sentences(order_messages([first, third, allied], None))
    assert ORDER_CONSEQUENCE in doubts
    # a third file of the same side given last (no save dates, no seam that fits clearly
    # better: its v stands elsewhere) may be the one between: an order doubt
    first = result("a1.vlog", "axis", {"u": at(1), "v": at(0)}, {"u": at(2), "v": at(0)})
    third = result("a3.vlog", "axis", {"u": at(3), "v": at(0)}, {"u": at(4), "v": at(0)})
    second = result("a2.vlog", "axis", {"u": at(2), "v": at(7)}, {"u": at(3), "v": at(7)})
    doubts = _sentences(order_messages([first, third, second], None))
    assert any(d.startswith("a1.vlog and a3.vlog both hold only axis's moves") for d in doubts), doubts
    assert ORDER_CONSEQUENCE in doubts and SEAM_CONSEQUENCE not in doubts, doubts


def test_integrity_says_the_order_it_read_the_files_in_and_how_to_keep_the_order_given(tmp_path, capsys):
    """om-pbem-1 saved as t10.vlog, om-pbem-2 as t2.vlog, given in true play order t10 t2 (plain
    name order, as a shell glob gives them): integrity reads them t2 first and flags the order.
    It says it read them so and that --keep-order reads them as given, in its own words (read,
    not audited: integrity judges no rule); with --keep-order no order flag is left."""
    import shutil
    shutil.copy(RECORDED / "om-pbem-1.vlog", tmp_path / "t10.vlog")
    shutil.copy(RECORDED / "om-pbem-2.vlog", tmp_path / "t2.vlog")
    given = [str(tmp_path / "t10.vlog"), str(tmp_path / "t2.vlog")]
    code, out, err = run(capsys, "integrity", *given)
    assert code == 0, err
    flags = [line.strip() for line in out.splitlines() if line.strip().startswith("! Order: ")]
    assert flags[0] == ("! Order: The files were read in this order: t2.vlog, t10.vlog (natural name order, not "
                        "the plain name order they were given in); --keep-order reads them as given."), flags
    assert len(flags) > 1 and not any("audited" in f for f in flags), flags
    code, out, err = run(capsys, "integrity", *given, "--keep-order")
    assert code == 0 and "! Order: " not in out, out


def test_a_phase_end_taken_back_by_undo_is_no_phase_end(mini):
    """VASSAL 3.7.26 `BasicLogger.undo` logs the inverse of the tracker's `SetTurn` (the old state):
    the phase goes on. Moves overstack 0202 (GEN stacking, judged at a phase end), Next, Undo: no
    phase end stands, so the stacking limit was not judged (partial, coverage `phase_ends` 0), and
    no finding rests on the Next taken back. Then R3 leaves 0202 (R1 and R2 are within the limit)
    and Next stands: 0 findings, one phase end (before, the taken-back Next judged the overstack
    the players then undid)."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R1", "0202").move("R3", "0202").move("R2", "0202").advance().undo()
    r = audit([str(w.write(root / "next-undone.vlog"))], module=module, game=str(kit_dir))
    assert r.findings == [] and r.coverage["phase_ends"] == 0
    assert "GEN stacking not judged" in r.to_json()["partial"]
    w.move("R3", "0303").advance()
    r = audit([str(w.write(root / "next-undone-then-fixed.vlog"))], module=module, game=str(kit_dir))
    assert r.findings == [] and r.coverage["phase_ends"] == 1 and r.to_json()["partial"] is None
