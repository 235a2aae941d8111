"""vmodgen audit on logs scripted with the log writer against a vmodgen-built minikit module:
an overstack, a move through an enemy ZOC it had to stop in and a unit left out of supply
unmarked give exactly those findings at the right steps; a clean log gives none."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from vmodgen.audit import audit
from vmodgen.builder.build import build_kit
from vmodgen.model.kit import load_kit
from vmodgen.testing.log_writer import LogWriter

DATA = Path(__file__).resolve().parent / "data"
PASSWORD = "s3cret-pw-xyz"


def variant_kit(dst: Path) -> Path:
    """The minikit with a Red supply phase, supply from the west edge (range 2), a stacking
    limit of 4 points and Blue's infantry set up on the map at 0504."""
    shutil.copytree(DATA / "minikit", dst)
    g = (dst / "game.toml").read_text()
    g = g.replace('[[sequence.phases]]\nid = "blue-move"',
                  '[[sequence.phases]]\nid = "red-supply"\nname = "Red Supply"\nside = "red"\nkind = "supply"\n\n'
                  '[[sequence.phases]]\nid = "blue-move"')
    g = g.replace("stacking_limit = 6\nsupply_range = 4",
                  'stacking_limit = 4\nsupply_range = 2\nsupply_sources = "edge:west"')
    (dst / "game.toml").write_text(g)
    r = (dst / "roster.csv").read_text().replace(",reserve,,", ",0504,,")
    (dst / "roster.csv").write_text(r)
    return dst


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    root = tmp_path_factory.mktemp("audit")
    kit_dir = variant_kit(root / "kit")
    kit = load_kit(kit_dir)
    result = build_kit(kit, root / "build", cache_dir=root / "cache")
    return kit_dir, kit, result.path, root


def script(kit, module: Path, dirty: bool = True, w: LogWriter | None = None) -> LogWriter:
    """The steps below, written by ``w`` (default: a writer from the module's set-up)."""
    if w is None:
        w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id=PASSWORD)
    w.move("R1", "0202").move("R1", "0302")                  # steps 1-2
    if dirty:
        w.move("R1", "0402")                                   # 3: out of supply range
        w.move("R3", "0102")                                   # 4: 2 + 3 points in 0102 > 4
    w.advance()                                                # 5 (dirty): end of Red Movement
    if dirty:
        w.move("R3", "0203")                                   # 6: the stack is legal again
    w.advance()                                                # 7: end of Red Combat
    w.roll("1d6", [5])                                         # 8
    w.advance()                                                # 9: end of Red Supply
    w.move("B2", "0503").move("B2", "0502")                   # 10-11 (0502: R1's ZOC when dirty)
    if dirty:
        w.move("B2", "0603")                                   # 12: left the ZOC it entered
    w.advance()
    return w


def test_dirty_log_gives_exactly_the_three_findings(mini):
    kit_dir, kit, module, root = mini
    log = script(kit, module).write(root / "dirty.vlog")
    r = audit([log], module=module, game=str(kit_dir))
    got = [(f.step, f.turn, f.phase, f.at, f.rule, f.kind, f.hexes, tuple(sorted(f.units))) for f in r.findings]
    assert got == [
        (5, 1, "red-move", "end", "GEN stacking", "stacking", ("0102",), ("R2", "R3")),
        (9, 1, "red-supply", "end", "GEN supply", "supply", ("0402",), ("R1",)),
        (12, 1, "blue-move", "during", "GEN zoc", "zoc", ("0502",), ("B2",)),
    ]
    assert r.exit_code == 1
    assert r.findings[2].side == "blue" and "0504 → 0503 → 0502 → 0603" in r.findings[2].message
    assert r.stats["moves_by_side"] == {"red": 5, "blue": 3}
    assert r.stats["die_rolls"]["Alice"]["count"] == 1


def test_clean_log_gives_none(mini):
    kit_dir, kit, module, root = mini
    log = script(kit, module, dirty=False).write(root / "clean.vlog")
    r = audit([log], module=module, game=str(kit_dir))
    assert r.findings == [] and r.exit_code == 0
    assert {x["rule"] for x in r.checked_rules} >= {"GEN stacking", "GEN supply", "GEN movement"}


def test_violation_reported_once_while_it_lasts(mini):
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R3", "0102").advance(3)          # overstack stays through three phase ends
    w.move("R3", "0203").advance(1)          # resolved (a move in Blue's phase: not a move check)
    w.move("R3", "0102").advance(1)          # back again: a new violation
    r = audit([w.write(root / "lasting.vlog")], module=module, game=str(kit_dir))
    stack = [f.step for f in r.findings if f.rule == "GEN stacking"]
    assert stack == [2, 8]


def test_undo_cuts_the_path(mini):
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R1", "0202").move("R1", "0302").move("R1", "0402")
    w.advance(3)
    w.move("B2", "0503").move("B2", "0502")
    w.undo()                                 # back to 0503: the ZOC entry is undone
    w.move("B2", "0603").advance()
    r = audit([w.write(root / "undo.vlog")], module=module, game=str(kit_dir))
    assert [f.rule for f in r.findings] == ["GEN supply"]
    assert r.stats["undos"] == 1


def test_chain_continuity_and_no_double_report(mini):
    kit_dir, kit, module, root = mini
    w1 = LogWriter.from_module_setup(module, kit=kit)
    w1.move("R3", "0102").advance()          # overstack at the end of Red Movement
    f1 = w1.write(root / "c1.vlog")
    w2 = w1.save_point()
    w2.roll("1d6", [2]).advance()            # still overstacked at its first check: not reported again
    f2 = w2.write(root / "c2.vlog")
    w3 = w2.save_point()
    w3.move("B1", "0405")                    # a gap: file 3 starts elsewhere
    w4 = LogWriter(w3.save_text(), place=w3.place, phases=w3.phases, locate=w3.locate)
    w4.advance()
    f3 = w4.write(root / "c3.vlog")
    for jobs in (1, 2):
        r = audit([f1, f2, f3], module=module, game=str(kit_dir), jobs=jobs)
        assert [(Path(f.file).name, f.step, f.rule) for f in r.findings] == [("c1.vlog", 2, "GEN stacking")]
        assert [(Path(c.after).name, c.what, c.name) for c in r.continuity] == [("c3.vlog", "moved", "B1")]
        assert "0404" in r.continuity[0].was and "0405" in r.continuity[0].now


def test_cli_text_json_exit_codes_and_no_password(mini, tmp_path):
    from click.testing import CliRunner
    from vmodgen.commands.audit import command
    kit_dir, kit, module, root = mini
    w = script(kit, module)
    w.step(["PLAYER\t" + PASSWORD + "\tAlice\tRed"])
    log = w.write(tmp_path / "dirty.vlog")
    before = log.read_bytes()
    runner = CliRunner()
    res = runner.invoke(command, [str(log), "--module", str(module), "--game", str(kit_dir)],
                        standalone_mode=False)
    assert res.return_value == 1
    lines = res.output.splitlines()
    assert lines[0].startswith(f"{log}:5: turn 1, end of Red Movement (red): [GEN stacking]")
    out = tmp_path / "r.json"
    res = runner.invoke(command, [str(log), "--module", str(module), "--game", str(kit_dir), "--format", "json",
                                  "-o", str(out)], standalone_mode=False)
    data = json.loads(out.read_text())
    assert set(data) >= {"findings", "continuity", "stats", "files", "checked_rules", "skipped_rules"}
    assert len(data["findings"]) == 3
    for text in (res.output, out.read_text()):
        assert PASSWORD not in text
    assert log.read_bytes() == before
    clean = script(kit, module, dirty=False).write(tmp_path / "clean.vlog")
    res = runner.invoke(command, [str(clean), "--module", str(module), "--game", str(kit_dir)],
                        standalone_mode=False)
    assert res.return_value == 0


def test_bad_input_is_an_input_error(mini, tmp_path):
    from vmodgen.errors import InputError
    kit_dir, kit, module, root = mini
    junk = tmp_path / "junk.vlog"
    junk.write_bytes(b"not a save")
    with pytest.raises(InputError):
        audit([junk], module=module, game=str(kit_dir))
    with pytest.raises(InputError):
        audit([junk], module=None)


def test_html_report_is_self_contained_with_a_picture_per_finding(mini, tmp_path):
    import base64
    import io
    import re
    from PIL import Image
    from vmodgen.report import render
    kit_dir, kit, module, root = mini
    log = script(kit, module).write(tmp_path / "dirty.vlog")
    r = audit([log], module=module, game=str(kit_dir))
    page = render(r, "html")
    assert "http://" not in page and "https://" not in page
    imgs = re.findall(r"src='data:image/png;base64,([^']+)'", page)
    assert len(imgs) == 3
    im = Image.open(io.BytesIO(base64.b64decode(imgs[2]))).convert("RGB")
    assert im.width < 700 and (220, 0, 0) in {im.getpixel((x, y)) for x in range(im.width) for y in range(0, im.height, 3)}
    assert "Blue Inf" in page and PASSWORD not in page


def test_a_marker_piece_gives_its_status_to_the_units_in_its_hex(mini):
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R1", "0202").move("R1", "0302").move("R1", "0402")
    marker = w.add("piece;;;oos.png;Out of supply", "null;0;0;0;0", "0402")   # the kit's 'oos' marker
    w.advance(3)                                 # end of Red Supply: R1 is marked, no finding
    w.delete(marker)
    w.advance(6)                                 # next turn's Red Supply ends with R1 unmarked
    r = audit([w.write(root / "marker.vlog")], module=module, game=str(kit_dir))
    assert [(f.rule, f.turn, f.units) for f in r.findings] == [("GEN supply", 2, ("R1",))]


def test_bad_file_among_parallel_jobs_and_report_over_an_input(mini, tmp_path):
    from click.testing import CliRunner
    from vmodgen.commands.audit import command
    from vmodgen.errors import InputError
    kit_dir, kit, module, root = mini
    good = script(kit, module).write(tmp_path / "good.vlog")
    junk = tmp_path / "junk.vlog"
    junk.write_bytes(b"junk")
    with pytest.raises(InputError) as err:
        audit([good, junk], module=module, game=str(kit_dir), jobs=2)
    assert str(junk) in str(err.value)
    before = good.read_bytes()
    sneaky = tmp_path / "sub" / ".." / "good.vlog"
    (tmp_path / "sub").mkdir()
    with pytest.raises(InputError):
        CliRunner().invoke(command, [str(good), "--module", str(module), "--game", str(kit_dir), "-o", str(sneaky)],
                           standalone_mode=False, catch_exceptions=False)
    assert good.read_bytes() == before


def test_a_tracker_moved_back_ends_no_phase(mini):
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R1", "0202").move("R1", "0302").move("R1", "0402")
    w.advance(3)                     # end of Red Supply: R1 out of supply (step 6)
    w.move("R3", "0102")             # overstack during Blue Movement (step 7)...
    w.set_turn(1, 2)                 # ...but the tracker goes back to Red Supply: no end of Blue Movement
    w.move("R3", "0203")             # resolved before any phase ends
    w.advance()                      # Red Supply ends again: R1 still out (already reported)
    w.undo()                         # an undone advance ends nothing either
    r = audit([w.write(root / "back.vlog")], module=module, game=str(kit_dir))
    assert [(f.step, f.rule) for f in r.findings] == [(6, "GEN supply")]
