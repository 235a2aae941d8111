"""The replay page without a browser: its per-step deltas rebuild every position ``inspect``
gives, a flip changes the counter's image (the Step layer), the page is one file that needs no
network and holds no password, the audit report's links land on the page's finding, large boards
are downscaled, and bad input is refused (exit 2, one line, no page written)."""
from __future__ import annotations

import io
import json
import re
import zipfile

import pytest
from click.testing import CliRunner
from PIL import Image

from bundled_module_util import bundled_module
from viewer_util import na41_log
from vmodgen.cli import cli, main
from vmodgen.vassal.inspecting import inspect_save
from vmodgen.vassal.module import read_module
from vmodgen.vassal.savefile import read_save
from vmodgen.viewer import replay_page
from vmodgen.viewer.images import BOARD_MAX_SIDE, board_uri
from vmodgen.viewer.timeline import build_timeline


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    kit, module, root = bundled_module("north-africa-41", tmp_path_factory, "viewer-na41")
    return kit, module, na41_log(kit, module, root / "game.vlog"), root


def _data(page: str) -> dict:
    m = re.search(r"<script id='replay-data' type='application/json'>(.*?)</script>", page, re.S)
    return json.loads(m.group(1).replace("<\\/", "</"))


def test_deltas_rebuild_every_step_as_inspect(na41):
    """Applying the frames' deltas in order gives, at every step, the pieces inspect lists: map,
    point and place in their stack (bottom = 0)."""
    _, module, log, _ = na41
    mod = read_module(module)
    tl = build_timeline([(str(log), read_save(log))], read_module(module))
    cur: dict[int, list] = {}
    for k, frame in enumerate(tl.frames):
        for n, m, x, y, sp, look in frame["delta"]:
            if m < 0:
                cur.pop(n, None)
            else:
                cur[n] = [tl.maps[m], x, y, sp]
        got = inspect_save(log, mod, k)
        index = {pid: i for st in got["stacks"] if st["map"] is not None for i, pid in enumerate(st["members"])}
        want = {p["id"]: [p["map"], p["x"], p["y"], index.get(p["id"], 0)] for p in got["pieces"]
                if p["map"] is not None}
        assert {tl.pieces[n]: v for n, v in cur.items()} == want, f"step {k}"
    assert k == inspect_save(log, mod)["steps"]


def test_flip_shows_the_back_image(na41):
    """NA41 3 Ind Mot Bde flipped (Ctrl+F, the Step layer to level 2): its look after the flip
    draws the layer's level-2 image (the back) on top, and says Step_Level 2."""
    _, module, log, _ = na41
    tl = build_timeline([(str(log), read_save(log))], read_module(module))
    frames = [k for k, f in enumerate(tl.frames) if any("flipped" in c for c in f.get("chat", []))]
    assert frames, "the log has a flip"
    k = frames[0]
    before, after = None, None
    for f in tl.frames[:k]:
        for n, m, x, y, sp, look in f["delta"]:
            if tl.looks[look]["name"].startswith("3 Ind Mot"):
                before = look
    for n, m, x, y, sp, look in tl.frames[k]["delta"]:
        if tl.looks[look]["name"].startswith("3 Ind Mot"):
            after = look
    assert before is not None and after is not None and before != after
    props_after = dict(tl.looks[after]["properties"])
    assert props_after.get("Step_Level") == "2" and dict(tl.looks[before]["properties"]).get("Step_Level") == "1"
    top_before, top_after = tl.looks[before]["images"][-1], tl.looks[after]["images"][-1]
    assert top_before != top_after and top_after.endswith("_b.png")


def test_page_is_one_file_without_network_or_password(na41):
    kit, module, log, _ = na41
    page = replay_page([str(log)], module=str(module))
    assert not re.search(r"""(src|href)\s*=\s*['"]?(https?:|//)""", page, re.I)
    assert not re.search(r"url\(\s*['\"]?(https?:|//)|@import|<link\b|fetch\(|XMLHttpRequest", page, re.I)
    assert "pw-na41" not in page                       # the player's password id
    data = _data(page)
    assert data["images"] and all(i["uri"].startswith("data:image/") for i in data["images"])
    assert [b["kind"] for b in data["bookmarks"]][0] == "file"
    assert any(b["kind"] == "turn" for b in data["bookmarks"])
    assert len(data["findings"]) == 3                  # NA41 7.2, 4.4.1 and 16.1, as the audit finds
    assert all(f["hexes"] for f in data["findings"])
    # hovering a hex names its terrain, marked as the kit's illustrative value where it is one
    west = data["maps"][0]["hexes"]
    info = kit.map.info("3138")
    name = kit.game.terrain[info.terrain].name
    assert west["terrain"][west["labels"].index("3138")] == name + (", illustrative" if info.illustrative else "")


def test_report_links_land_on_the_pages_finding(na41, tmp_path):
    """The audit's HTML report with ``viewer_page`` links each finding to the page's position of
    that finding, and the page lists the same finding there."""
    from vmodgen.audit import audit
    from vmodgen.report import render
    _, module, log, _ = na41
    page = _data(replay_page([str(log)], module=str(module)))
    report = render(audit([str(log)], module=module), "html", viewer_page="game.html")
    links = re.findall(r"href='game\.html#step=(\d+)&amp;finding=(\d+)'", report)
    assert len(links) == 3
    for step, i in links:
        f = page["findings"][int(i)]
        assert f["frame"] == int(step) and int(step) == f["step"]   # one file: frame = step


def test_large_board_is_downscaled(tmp_path):
    img = Image.new("RGB", (6000, 900), "#c0d0a0")
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    mod = tmp_path / "big.vmod"
    with zipfile.ZipFile(mod, "w") as z:
        z.writestr("buildFile.xml", "<VASSAL.build.GameModule name='Big' version='1'/>")
        z.writestr("images/big.png", buf.getvalue())
    uri = board_uri(read_module(mod), "big.png")
    assert uri.startswith("data:image/jpeg;base64,")
    import base64
    with Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1]))) as out:
        assert out.size == (BOARD_MAX_SIDE, 614)


def test_bad_input_exit_2_one_line_no_page(tmp_path, capsys, na41):
    _, module, log, _ = na41
    out = tmp_path / "game.html"
    bad = tmp_path / "bad.vlog"
    bad.write_bytes(b"\x00\x01 not a save")
    for args in ([str(tmp_path / "missing.vlog"), "-o", str(out)],
                 [str(bad), "-o", str(out)],
                 [str(log), "--module", str(module), "-o", str(log)],
                 [str(log), "--game", "north-africa-41", "-o", str(out)]):
        before = log.read_bytes()
        with pytest.raises(SystemExit) as exc:
            main(["replay", *args])
        assert exc.value.code == 2, args
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "Traceback" not in err, err
        assert not out.exists() and log.read_bytes() == before


def test_cli_writes_the_page(na41, tmp_path):
    _, module, log, _ = na41
    out = tmp_path / "game.html"
    r = CliRunner().invoke(cli, ["replay", str(log), "--module", str(module), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert out.name in r.output and "MB" in r.output
    assert _data(out.read_text(encoding="utf-8"))["files"] == [log.name]


def test_masked_piece_shows_its_mask_only():
    """A piece masked by its owner (Mask trait state = the owner's id) looks as the opponent sees
    it: the mask image, no name, nothing from inside the mask, and never the id."""
    from vmodgen.vassal.chains import join_chain
    from vmodgen.vassal.piece import Piece
    from vmodgen.viewer.looks import look_of
    t = join_chain(["mark;Side", "obs;M;mask.png;Mask;G", "mark;Strength", "piece;;;unit.png;1st Panzer"])
    open_look = look_of(Piece(t, join_chain(["German", "null", "7", "Main;10;20"])), None)
    assert open_look.images == ("unit.png",) and open_look.name == "1st Panzer"
    assert dict(open_look.properties) == {"Side": "German", "Strength": "7"}
    masked = look_of(Piece(t, join_chain(["German", "pw-secret", "7", "Main;10;20"])), None)
    assert masked.images == ("mask.png",) and masked.name == "(masked)"
    assert dict(masked.properties) == {"Side": "German"}
    assert "pw-secret" not in repr(masked)


def test_turns_inferred_from_chat_when_nothing_else_tells():
    """Without a tracker or a binding's phases, the first chat line naming each higher turn
    number is a bookmark; a turn mentioned again or an earlier one is not."""
    from vmodgen.viewer import chat_turns
    frames = [{"chat": ["hello"]}, {"chat": ["Starting Turn 1"]}, {}, {"chat": ["back to turn 1?"]},
              {"chat": ["x", "GAME TURN 2 begins"]}, {"chat": ["recall turn 1"]}, {"chat": ["Turn #3"]}]
    assert [(b["frame"], b["text"]) for b in chat_turns(frames)] == [
        (1, "turn 1 (from chat)"), (4, "turn 2 (from chat)"), (6, "turn 3 (from chat)")]


def test_stack_offsets_follow_each_maps_stack_metrics(tmp_path):
    """VASSAL draws a stack that is not expanded with each piece unexSepX right and unexSepY up
    of the one below (StackMetrics of the map; 2 and 4 when unset); none when disabled."""
    from vmodgen.viewer.maps import stack_offsets
    xml = ("<VASSAL.build.GameModule name='S' version='1'>"
           "<VASSAL.build.module.Map mapName='A'><VASSAL.build.module.map.StackMetrics unexSepX='5' unexSepY='7'/></VASSAL.build.module.Map>"
           "<VASSAL.build.module.Map mapName='B'><VASSAL.build.module.map.StackMetrics disabled='true'/></VASSAL.build.module.Map>"
           "<VASSAL.build.module.Map mapName='C'><VASSAL.build.module.map.StackMetrics/></VASSAL.build.module.Map>"
           "</VASSAL.build.GameModule>")
    mod = tmp_path / "s.vmod"
    with zipfile.ZipFile(mod, "w") as z:
        z.writestr("buildFile.xml", xml)
    assert stack_offsets(read_module(mod)) == {"A": (5, -7), "B": (0, 0), "C": (2, -4)}


def test_own_kit_module_replays_without_its_kit_and_is_audited_with_it(tmp_path_factory):
    """A module built from a kit that is not bundled (the tests' minikit) replays without
    ``--game`` (the page says the rules were not checked and why) and with ``--game`` its
    findings are those the audit gives."""
    from conftest import DATA
    from vmodgen.audit import audit
    from vmodgen.testing.log_writer import LogWriter
    kit, module, root = bundled_module(str(DATA / "minikit"), tmp_path_factory, "viewer-minikit")
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Ann")
    log = w.move("R1", "0303").move("R2", "0303").move("R3", "0303").advance(3).write(root / "g.vlog")
    alone = _data(replay_page([str(log)], module=str(module)))
    assert alone["findings"] == [] and any(n.startswith("No rules were checked") for n in alone["notes"])
    ruled = _data(replay_page([str(log)], module=str(module), game=str(DATA / "minikit")))
    want = audit([str(log)], module=module, game=str(DATA / "minikit")).findings
    assert want                                  # 0303 overstacked (7 points, limit 6)
    assert [(f["rule"], f["step"]) for f in ruled["findings"]] == [(f.rule, f.step) for f in want]
    assert alone["frames"] == ruled["frames"]


def test_audit_writes_the_replay_and_links_findings_to_it(tmp_path_factory):
    """``vmodgen audit ... --format html -o report.html --replay game.html``: the page is written
    and each finding of the report links to it at its step; files globbed in shell order
    (turn1, turn10, turn2) are put in play order in both."""
    kit, module, root = bundled_module("north-africa-41", tmp_path_factory, "viewer-audit-link")
    first = na41_log(kit, module, root / "turn1.vlog")
    import zipfile
    # the same play re-zipped with other times: not the same bytes (a repeat of the same bytes
    # is audited once, left10)
    for n in (2, 10):
        with zipfile.ZipFile(first) as src, zipfile.ZipFile(root / f"turn{n}.vlog", "w") as dst:
            for info in src.infolist():
                dst.writestr(zipfile.ZipInfo(info.filename, date_time=(2020, 1, n, 0, 0, 0)), src.read(info))
    files = sorted(str(p) for p in root.glob("turn*.vlog"))          # turn1, turn10, turn2
    r = CliRunner().invoke(cli, ["audit", *files, "--module", str(module), "--format", "html",
                                 "-o", str(root / "report.html"), "--replay", str(root / "game.html")])
    assert r.exit_code == 0 and " 0 finding" not in r.output, r.output
    page = (root / "game.html").read_text(encoding="utf-8")
    report = (root / "report.html").read_text(encoding="utf-8")
    links = re.findall(r"href=['\"](game\.html#step=\d+&(?:amp;)?finding=\d+)['\"]", report)
    assert links and len(links) == len(re.findall(r"finding=\d+", report))
    # the files are replayed turn1, turn2, turn10 (natural order), as the audit read them
    order = re.findall(r"turn(\d+)\.vlog", page)
    assert list(dict.fromkeys(order)) == ["1", "2", "10"]
