"""The replay page draws a piece its owner masked or hid as VASSAL 3.7.26 draws it for another
player (Obscurable: the mask image under the mask, nothing from inside it; Hideable: nothing at
all, so neither its counter nor its move arrows), with no side from the binding; with
``--reveal-hidden`` everything, and the page says so. The owner's id is never in the page."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from test_inspect_hidden import SECRET, START
from viewer_util import browser, check_steps
from vmodgen.cli import cli
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.savefile import read_save
from vmodgen.viewer import replay_page
from vmodgen.viewer.timeline import build_timeline


@pytest.fixture(scope="module")
def log(tmp_path_factory) -> Path:
    """Step 1: Rifles (visible) moves; step 2: the hidden Kampfgruppe moves alone; step 3: the
    masked Panzer Lehr moves."""
    w = LogWriter(START, player="Alice", player_id=SECRET)
    w.move("1", ("Main Map", 300, 300), report=False).move("3", ("Main Map", 700, 700), report=False)
    w.move("2", ("Main Map", 500, 300), report=False)
    return w.write(tmp_path_factory.mktemp("viewer-hidden") / "hidden.vlog")


def _data(page: str) -> dict:
    m = re.search(r"<script id='replay-data' type='application/json'>(.*?)</script>", page, re.S)
    return json.loads(m.group(1).replace("<\\/", "</"))


def _looks_by_piece(d: dict) -> dict[str, dict]:
    """The last look each piece id is given in the frames."""
    out: dict[str, dict] = {}
    for fr in d["frames"]:
        for n, *_, look in fr["delta"]:
            out[d["pieces"][n]] = d["looks"][look]
    return out


def test_page_draws_hidden_pieces_as_an_opponent_sees_them(log: Path) -> None:
    page = replay_page([str(log)])
    assert SECRET not in page and "Panzer Lehr" not in page and "Kampfgruppe" not in page
    d = _data(page)
    # the concealed pieces by aliases, in piece order (stack 9 first: Rifles 1, then the hidden 3;
    # then the masked 2), never by their ids, which would tie them to other files
    assert d["pieces"] == ["1", "(concealed 1)", "(concealed 2)"]
    assert _looks_by_piece(d)["(concealed 1)"].get("hidden") is True
    # image names before the page numbers them (the page drops images no module holds)
    looks = _looks_by_piece(build_timeline([(str(log), read_save(log))], None).to_json())
    masked, hidden = looks["(concealed 2)"], looks["(concealed 1)"]
    assert masked["name"] == "Unknown unit" and masked["images"] == ["mask.png"]
    assert masked["properties"] == [["Side", "Axis"]] and masked["side"] == ""
    assert hidden.get("hidden") is True and hidden["images"] == []
    assert looks["1"]["name"] == "Rifles" and "hidden" not in looks["1"]
    assert not any("--reveal-hidden" in n for n in d["notes"])


def test_reveal_hidden_page_shows_everything_and_says_so(log: Path, tmp_path: Path) -> None:
    out = tmp_path / "all.html"
    r = CliRunner().invoke(cli, ["replay", str(log), "--reveal-hidden", "-o", str(out)])
    assert r.exit_code == 0, r.output
    page = out.read_text(encoding="utf-8")
    assert SECRET not in page
    d = _data(page)
    assert sorted(d["pieces"]) == ["1", "2", "3"]          # the ids, revealed
    assert "hidden" not in _looks_by_piece(d)["3"]
    looks = _looks_by_piece(build_timeline([(str(log), read_save(log))], None, reveal_hidden=True).to_json())
    assert looks["2"]["name"] == "Panzer Lehr" and looks["2"]["images"] == ["b.png"]
    assert dict(map(tuple, looks["2"]["properties"])) == {"Side": "Axis", "Strength": "7-7"}
    assert looks["3"]["name"] == "Kampfgruppe Peiper" and "hidden" not in looks["3"]
    assert any("--reveal-hidden" in n for n in d["notes"])


_ARROWS = "return document.querySelectorAll('line[marker-end], circle[r=\"30\"]').length"


def test_browser_hides_the_hidden_piece_and_its_move(log: Path, tmp_path: Path) -> None:
    """In Chromium: at every step the drawn counters are inspect's (the hidden piece has no
    place there and is not drawn); its move (step 2) draws no arrow, the others' moves do."""
    driver = browser()
    try:
        page = tmp_path / "p.html"
        page.write_text(replay_page([str(log)]), encoding="utf-8")
        counts = check_steps(driver, page, [log], None, [(0, 0), (0, 1), (0, 2), (0, 3)])
        assert counts == [2, 2, 2, 2]
        arrows = []
        for step in (1, 2, 3):
            frame = driver.execute_script("return vmodgenViewer.frameOf(0, arguments[0])", step)
            driver.execute_script("vmodgenViewer.goTo(arguments[0])", frame)
            arrows.append(driver.execute_script(_ARROWS))
        assert arrows == [1, 0, 1]
    finally:
        driver.quit()


def test_stack_layout_leaves_hidden_pieces_out(tmp_path: Path) -> None:
    """VASSAL's StackMetrics.layout gives a piece invisible to the viewer no place in its stack:
    with the hidden Kampfgruppe below Rifles in stack 9, Rifles is drawn at the stack's bottom
    (index 0); when its owner shows it again (step 1: the Invisible's state cleared), Rifles
    moves up to index 1 in that step's delta, and back to 0 when it is hidden again (step 2)."""
    start = START.replace("+/9/stack/Main Map;100;100;1;3", "+/9/stack/Main Map;100;100;3;1")
    w = LogWriter(start, player="Alice", player_id=SECRET)
    hidden = w.current_state("3")
    w.set_state("3", hidden.replace(SECRET, "null", 1)).set_state("3", hidden)
    log = w.write(tmp_path / "stack.vlog")

    def rifles_rank(reveal: bool) -> list[int]:
        d = build_timeline([(str(log), read_save(log))], None, reveal_hidden=reveal).to_json()
        rifles = d["pieces"].index("1")
        return [e[4] for fr in d["frames"] for e in fr["delta"] if e[0] == rifles]

    assert rifles_rank(False) == [0, 1, 0]
    assert rifles_rank(True) == [1]
