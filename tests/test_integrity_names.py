"""The integrity report's undo list names pieces as a player knows them (issue: names): the
piece's name as it was when the undone step ran, a stack by its pieces' names, where it went by
map and hex label; a piece its owner masked or hid is named only as such, and the owner's
password (a Mask's state) never reaches an output. The replay's ids stay in the JSON, but for
a concealed piece's (an id ties it to where another file shows it unconcealed);
``--reveal-hidden`` names every piece in full and says so."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.cli import cli
from vmodgen.integrity.naming import MAX_STACK_NAMES, move_text, stack_name
from vmodgen.testing.log_writer import LogWriter

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
TLD = [SHARED / "corpus" / f"tld_game_0606-{i}.log" for i in range(1, 5)]
TLD_MODULE = SHARED / "corpus" / "tld_buildFile-only_stripped.vmod"
SECRET = "s3cr3t-horse"
# a piece named Rifles with a Text Label trait (its name shows the label; the name format is the
# 12th field, an empty one names the piece "" as VASSAL does), and a masked piece
# whose Mask (obs;) state is its owner's password id, as VASSAL writes it
RIFLES = "+/1/label;;;;;;;;;;;;$pieceName$ ($label$);;;;\tpiece;;;a.png;Rifles/1st\tMain Map;100;100"
MASKED = f"+/2/obs;M;mask.png;Mask;G;Unknown unit\tpiece;;;b.png;Panzer Lehr/{SECRET}\tMain Map;500;100"
START = "\x1b".join(["begin_save", "", RIFLES, MASKED, "end_save"])


def run(paths: list[Path], fmt: str = "json", *extra: str) -> tuple[int, str]:
    r = CliRunner().invoke(cli, ["integrity", *map(str, paths), "--format", fmt, *extra])
    return r.exit_code, r.output


def test_undo_names_the_piece_as_it_was_when_it_moved(tmp_path: Path) -> None:
    """The undone drag of Rifles (label "1st"): named "Rifles (1st)" as it was then; relabelling
    it later (step 4) does not rename what step 2 moved."""
    w = LogWriter(START, player="Alice", player_id=SECRET)
    w.move("1", ("Main Map", 300, 100), report=False).undo()
    w.set_state("1", w.current_state("1").replace("1st", "2nd", 1))
    sec = json.loads(run([w.write(tmp_path / "u.vlog")])[1])["integrity"]
    [u] = sec["undo"]["undos"]
    assert u["what"] == ["move of Rifles (1st) (1) to Main Map"]
    assert u["moves"][0]["name"] == "Rifles (1st)" and u["moves"][0]["id"] == "1"


def test_masked_piece_is_named_as_its_opponent_sees_it(tmp_path: Path) -> None:
    """A piece its owner masked (Mask trait set): the report says "a masked piece", never its
    name nor the password id the Mask's state holds, in any format."""
    w = LogWriter(START, player="Alice", player_id=SECRET)
    w.move("2", ("Main Map", 700, 100), report=False).undo()
    path = w.write(tmp_path / "m.vlog")
    for fmt in ("text", "json", "html"):
        code, out = run([path], fmt)
        assert code == 0 and SECRET not in out and "Panzer Lehr" not in out
    [u] = json.loads(run([path])[1])["integrity"]["undo"]["undos"]
    assert u["what"] == ["move of Unknown unit (masked) to Main Map"]
    assert u["moves"][0]["id"] == ""                 # no id: it would tie the mask to Panzer Lehr


def test_stack_names_are_capped() -> None:
    names = [f"u{i}" for i in range(MAX_STACK_NAMES + 2)]
    assert stack_name(names[:2]) == "stack of u0, u1"
    assert stack_name(names) == "stack of " + ", ".join(names[:MAX_STACK_NAMES]) + ", …"
    m = {"id": "9", "stack": True, "name": stack_name(names[:2]), "members": [], "map": "Normandy", "hex": "3824"}
    assert move_text(m) == "move of stack of u0, u1 (9) to Normandy 3824"
    # nothing known of it: the id alone, as before
    assert move_text({**m, "name": ""}) == "move of stack 9 to Normandy 3824"
    assert move_text({**m, "name": "", "stack": False, "map": None}) == "move of 9 to off the map"


@pytest.mark.skipif(not all(p.exists() for p in TLD + [TLD_MODULE]), reason="../shared/corpus TLD chain absent")
def test_tld_undos_name_units_and_hexes() -> None:
    """The public TLD chain (file 1, steps 553–557, Joel's follow-up movement): the undone drags
    name the units and the hex they went to on the Normandy map's grid."""
    code, out = run(TLD, "json", "--module", str(TLD_MODULE))
    undos = json.loads(out)["integrity"]["undo"]["undos"]
    by_step = {(Path(u["file"]).name, u["step"]): u for u in undos}
    u = by_step[("tld_game_0606-1.log", 562)]
    assert u["what"][0].startswith("move of 746 (1168285083512) to Normandy 3824")
    assert u["moves"][0] == {"step": 553, "id": "1168285083512", "stack": False, "name": "746", "members": [],
                             "map": "Normandy", "hex": "3824"}
    stack = by_step[("tld_game_0606-1.log", 558)]["moves"][0]
    assert stack["stack"] and [m["name"] for m in stack["members"]] == ["1", "DISRUPT", "3/22/4", "1/8/4"]
    assert stack["name"] == "stack of 1, DISRUPT, 3/22/4, …"
    # every undone move that went to the map's grid carries its hex; only pieces VASSAL gives no
    # name (a few supply counters, a piece the step deleted) go by id alone
    moves = [m for u in undos for m in u["moves"]]
    assert moves and all(m["hex"] for m in moves if m["map"] == "Normandy")
    assert sum(1 for m in moves if m["name"]) >= 0.9 * len(moves)


def test_hidden_piece_move_place_is_withheld(tmp_path: Path) -> None:
    """A piece its owner hid (Invisible trait set): named "a hidden piece", and where its undone
    move went is withheld (an opponent sees nothing of it); a visible piece's place is given."""
    hidden = f"+/3/hide;H;Hide\tpiece;;;c.png;Kampfgruppe/{SECRET}\tMain Map;100;300"
    w = LogWriter("\x1b".join(["begin_save", "", RIFLES, hidden, "end_save"]), player="Alice", player_id=SECRET)
    w.move("3", ("Main Map", 700, 300), report=False).undo()
    w.move("1", ("Main Map", 700, 100), report=False).undo()
    path = w.write(tmp_path / "h.vlog")
    for fmt in ("text", "json", "html"):
        code, out = run([path], fmt)
        assert code == 0 and SECRET not in out and "Kampfgruppe" not in out
    undos = json.loads(run([path])[1])["integrity"]["undo"]["undos"]
    assert [u["what"] for u in undos] == [["move of a hidden piece to (withheld)"],
                                          ["move of Rifles (1st) (1) to Main Map"]]
    assert (undos[0]["moves"][0]["map"], undos[0]["moves"][0]["hex"]) == ("(withheld)", None)


def test_reveal_hidden_names_every_piece_and_says_so(tmp_path: Path) -> None:
    """``vmodgen integrity --reveal-hidden``: the masked Panzer Lehr's undone move is named in
    full with its id, and each format says the report reveals (as ``audit --reveal-hidden``:
    text "hidden revealed: ...", JSON ``"hidden_revealed": true``); the password never shows."""
    w = LogWriter(START, player="Alice", player_id=SECRET)
    w.move("2", ("Main Map", 700, 100), report=False).undo()
    path = w.write(tmp_path / "m.vlog")
    code, out = run([path], "json", "--reveal-hidden")
    doc = json.loads(out)
    assert code == 0 and SECRET not in out and doc["hidden_revealed"] is True
    assert doc["concealed"]["revealed"] is True
    [u] = doc["integrity"]["undo"]["undos"]
    assert u["what"] == ["move of Panzer Lehr (2) to Main Map"] and u["moves"][0]["id"] == "2"
    code, text = run([path], "text", "--reveal-hidden")
    assert code == 0 and text.startswith("hidden revealed:") and "Panzer Lehr (2)" in text
    code, page = run([path], "html", "--reveal-hidden")
    assert code == 0 and "hidden revealed:" in page and SECRET not in page
    # without the flag: nothing said, nothing revealed
    code, out = run([path], "json")
    assert "hidden_revealed" not in json.loads(out) and "Panzer Lehr" not in out


def test_nothing_concealed_says_nothing(tmp_path: Path) -> None:
    """A file with nothing masked or hidden: no concealment key nor line (the report as before)."""
    w = LogWriter(START.replace(MASKED, RIFLES.replace("+/1/", "+/2/")), player="Alice", player_id=SECRET)
    w.move("2", ("Main Map", 700, 100), report=False).undo()
    path = w.write(tmp_path / "open.vlog")
    doc = json.loads(run([path])[1])
    assert "concealed" not in doc and "hidden_revealed" not in doc
    text = run([path], "text")[1]
    assert text.startswith("integrity:") and "concealed:" not in text and "hidden revealed" not in text


def test_a_look_is_named_once_for_all_the_files_an_auditor_reads() -> None:
    # the auditor gives every file's PieceNames one ``looks`` dict: the same piece text seen in
    # the next file is not named again; --reveal-hidden is part of the key
    from vmodgen.integrity.naming import PieceNames
    piece = "piece;;;a.png;Rifles/Main Map;100;100"
    typ, state = piece.rsplit("/", 1)
    memo: dict = {}
    first = PieceNames(looks=memo)
    first.seen[(3, "7")] = (typ, state, None, None)
    assert first.listed(3, "7") == ("Rifles", False) and len(memo) == 1
    second = PieceNames(looks=memo)
    second.seen[(9, "8")] = (typ, state, None, None)
    memo[next(iter(memo))] = ("from the memo", False)
    assert second.listed(9, "8") == ("from the memo", False)
    revealed = PieceNames(reveal=True, looks=memo)
    revealed.seen[(1, "8")] = (typ, state, None, None)
    assert revealed.listed(1, "8") == ("Rifles", False) and len(memo) == 2


def test_undone_removal_and_add_are_named(tmp_path: Path) -> None:
    """An undone deletion names the piece it removed, as it was (VASSAL's Delete, then Undo:
    om-retreat19 said "a step with no visible effect"); an undone add names the piece added and
    where its add put it (Main Map: this map has no grid). A
    masked piece deleted is named only as masked, with no id, in every format."""
    w = LogWriter(START, player="Alice", player_id=SECRET)
    w.delete("1").undo()
    new = w.add("piece;;;c.png;Gunners", "Main Map;40;40", report=False)
    w.undo()
    w.delete("2").undo()
    path = w.write(tmp_path / "d.vlog")
    undos = json.loads(run([path])[1])["integrity"]["undo"]["undos"]
    # the add's own place, from its ``+/`` state (a palette drop writing no ``M/``; before: no place)
    assert [u["what"] for u in undos] == [["removal of Rifles (1st) (1)"], [f"add of Gunners ({new}) on Main Map"],
                                          ["removal of Unknown unit (masked)"]]
    for fmt in ("text", "json", "html"):
        code, out = run([path], fmt)
        assert code == 0 and SECRET not in out and "Panzer Lehr" not in out and "no visible effect" not in out


def test_an_undone_palette_drop_onto_a_piece_is_one_add(tmp_path: Path) -> None:
    """A palette drop onto a piece writes the new piece's ``+/`` and its ``M/`` onto that piece in
    one step (VASSAL 2.9.8, TLD file 1 step 488): its undo names one event, the add and where it
    went, not a move and an add with no place."""
    w = LogWriter(START, player="Alice", player_id=SECRET)
    new = w.add("piece;;;c.png;Gunners", "null;0;0", ("Main Map", 100, 100), report=False)
    w.undo()
    path = w.write(tmp_path / "drop.vlog")
    [undo] = json.loads(run([path])[1])["integrity"]["undo"]["undos"]
    assert undo["what"] == [f"add of Gunners ({new}) on Main Map"]
