"""``vmodgen inspect`` shows a piece its owner masked (Mask, ``obs;``) or hid (Invisible,
``hide;``) as VASSAL 3.7.26 shows it to another player (Obscurable/Hideable: a masked piece
draws its mask image under the mask's name, its inner properties unseen; a hidden piece is not
drawn at all), unless ``--reveal-hidden``; the owner's password id (the traits' state) is never
printed either way."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.cli import cli
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.chains import join_chain

SECRET = "s3cr3t-horse"
# Rifles: plain and visible. Panzer Lehr: masked by its owner, a Marker outside the mask (seen
# by everyone) and one inside (not seen). Kampfgruppe: invisible, stacked with Rifles.


def _add(pid: str, types: list[str], states: list[str]) -> str:
    return f"+/{pid}/{join_chain(types)}/{join_chain(states)}"


RIFLES = _add("1", ["mark;Side", "piece;;;a.png;Rifles"], ["Allied", "Main Map;100;100"])
MASKED = _add("2", ["mark;Side", "obs;M;mask.png;Mask;G;Unknown unit", "mark;Strength", "piece;;;b.png;Panzer Lehr"],
              ["Axis", SECRET, "7-7", "Main Map;500;100"])
HIDDEN = _add("3", ["hide;H;;Hide", "mark;Strength", "piece;;;c.png;Kampfgruppe Peiper"],
              [SECRET, "5-5", "Main Map;100;100"])
STACK = "+/9/stack/Main Map;100;100;1;3"
START = "\x1b".join(["begin_save", "", RIFLES, MASKED, HIDDEN, STACK, "end_save"])


@pytest.fixture
def log(tmp_path: Path) -> Path:
    w = LogWriter(START, player="Alice", player_id=SECRET)
    w.move("1", ("Main Map", 300, 300), report=False)
    return w.write(tmp_path / "hidden.vlog")


def _run(path: Path, *args: str) -> str:
    r = CliRunner().invoke(cli, ["inspect", str(path), *args], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r.output


def _pieces(path: Path, *args: str) -> tuple[dict, dict[str, dict]]:
    d = json.loads(_run(path, "--json", *args))
    return d, {p["id"]: p for p in d["pieces"]}


def test_json_shows_hidden_pieces_as_an_opponent_sees_them(log: Path) -> None:
    d, by_id = _pieces(log, "--step", "0")
    assert by_id["1"]["name"] == "Rifles" and "hidden_by_owner" not in by_id["1"]
    # no id of a concealed piece: an alias, numbered in the order listed (ids tie files together)
    assert "2" not in by_id and "3" not in by_id
    masked = by_id["(concealed 1)"]
    assert masked["name"] == "Unknown unit" and masked["hidden_by_owner"] == "mask"
    # the Marker outside the mask is seen, the Strength inside it is not; the place is seen
    assert masked["properties"] == {"Side": "Axis"}
    assert (masked["map"], masked["x"], masked["y"]) == ("Main Map", 500, 100)
    hidden = by_id["(concealed 2)"]
    assert hidden["name"] == "(hidden)" and hidden["hidden_by_owner"] == "invisible"
    assert hidden["properties"] == {} and hidden["map"] is None and hidden["x"] is None
    assert hidden["stack"] is None
    assert [p["id"] for p in d["pieces"]][-1] == "(concealed 2)"   # listed last, not beside its stack mates
    assert [s["members"] for s in d["stacks"] if s["id"] == "9"] == [["1"]]
    assert "hidden_revealed" not in d


def test_json_reveal_hidden_shows_everything_and_says_so(log: Path) -> None:
    d, by_id = _pieces(log, "--step", "0", "--reveal-hidden")
    assert d["hidden_revealed"] is True
    assert by_id["2"]["name"] == "Panzer Lehr" and by_id["2"]["hidden_by_owner"] == "mask"
    assert by_id["2"]["properties"] == {"Side": "Axis", "Strength": "7-7"}
    assert by_id["3"]["name"] == "Kampfgruppe Peiper" and by_id["3"]["stack"] == "9"
    assert (by_id["3"]["map"], by_id["3"]["x"]) == ("Main Map", 100)
    assert [s["members"] for s in d["stacks"] if s["id"] == "9"] == [["1", "3"]]


def test_text_marks_hidden_pieces(log: Path) -> None:
    out = _run(log)
    rows = {" ".join(line.split()[:2]): line for line in out.splitlines()[1:] if line.startswith("(")}
    masked, hidden = rows["(concealed 1)"], rows["(concealed 2)"]
    assert "Unknown unit" in masked and "[mask]" in masked and "Side=Axis" in masked
    assert "Strength" not in masked and "Panzer Lehr" not in out
    assert "(hidden)" in hidden and "[invisible]" in hidden and "Main Map" not in hidden
    assert "Kampfgruppe" not in out and "revealed" not in out
    shown = _run(log, "--reveal-hidden")
    assert "Hidden  revealed" in shown and "Panzer Lehr" in shown and "Kampfgruppe Peiper" in shown
    assert "[mask]" in shown and "[invisible]" in shown


def test_owner_id_never_printed(log: Path) -> None:
    """The Mask's and Invisible's state is the owner's password id: in no output."""
    for args in ([], ["--json"], ["--reveal-hidden"], ["--json", "--reveal-hidden"],
                 ["--step", "0", "--json", "--indent", "2", "--reveal-hidden"]):
        out = _run(log, *args)
        assert SECRET not in out, args


def test_unset_mask_hides_nothing(tmp_path: Path) -> None:
    """A Mask nobody set (state ``null``): the piece is shown as it is, no field added."""
    start = "\x1b".join(["begin_save", "", MASKED.replace(SECRET, "null"), "end_save"])
    path = LogWriter(start).write(tmp_path / "open.vlog")
    _, by_id = _pieces(path)
    assert by_id["2"]["name"] == "Panzer Lehr" and "hidden_by_owner" not in by_id["2"]
    assert by_id["2"]["properties"] == {"Side": "Axis", "Strength": "7-7"}


def test_a_prototype_without_the_module_is_said_to_hide_what_it_may_hide(tmp_path: Path) -> None:
    """A saved piece that uses a prototype (``prototype;Name``) may carry its Mask or Invisible
    there: without --module it cannot be seen, and inspect says so (with the module, or with
    --reveal-hidden, nothing is left unseen and nothing is said)."""
    proto = _add("4", ["prototype;Axis Unit", "piece;;;d.png;Hidden Reserve"], ["", "Main Map;700;100"])
    w = LogWriter("\x1b".join(["begin_save", "", RIFLES, proto, "end_save"]), player="Alice", player_id=SECRET)
    path = w.write(tmp_path / "proto.vlog")
    d, _ = _pieces(path)
    said = [m for m in d["warnings"] if "use prototypes" in m]
    assert len(said) == 1 and said[0].startswith("1 piece(s)") and "--module" in said[0]
    assert "use prototypes" in _run(path)                       # the text output says it too
    d, _ = _pieces(path, "--reveal-hidden")
    assert not any("use prototypes" in m for m in d["warnings"])
    d, _ = _pieces(_plain(tmp_path))
    assert not any("use prototypes" in m for m in d["warnings"])


def _plain(tmp_path: Path) -> Path:
    """A log whose pieces use no prototype."""
    return LogWriter("\x1b".join(["begin_save", "", RIFLES, "end_save"]), player="Alice",
                     player_id=SECRET).write(tmp_path / "plain.vlog")


def test_a_masked_piece_keeps_one_alias_in_its_row_and_its_stack(tmp_path: Path) -> None:
    """Panzer Lehr masked and stacked with Rifles (stack 9: 1 then 2): the stack's members name
    it by the alias of its row, never by its id "2"; with --reveal-hidden both show the id."""
    start = START.replace("Main Map;500;100", "Main Map;100;100").replace("1;3", "1;2")
    start = start.replace(HIDDEN + "\x1b", "")
    path = LogWriter(start).write(tmp_path / "stacked.vlog")
    d, by_id = _pieces(path)
    assert set(by_id) == {"1", "(concealed 1)"}
    assert [s["members"] for s in d["stacks"] if s["id"] == "9"] == [["1", "(concealed 1)"]]
    d, by_id = _pieces(path, "--reveal-hidden")
    assert [s["members"] for s in d["stacks"] if s["id"] == "9"] == [["1", "2"]]


def test_nothing_concealed_keeps_every_id(tmp_path: Path) -> None:
    """No Mask or Invisible set: every row and stack shows VASSAL's ids as before."""
    start = START.replace(SECRET, "null")
    d, by_id = _pieces(LogWriter(start).write(tmp_path / "open.vlog"))
    assert set(by_id) == {"1", "2", "3"}
    assert [s["members"] for s in d["stacks"] if s["id"] == "9"] == [["1", "3"]]
