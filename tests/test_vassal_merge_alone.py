"""A move (``M/``) onto a point where a piece stands alone, and onto a stack topped by a piece
hidden from the other players, as VASSAL's ``MovePiece`` merge finder does it
(``createMergeFinder``: ``visitStack`` asks ``topPiece(playerId)`` and ``canMerge(p, s)`` with
the stack's top *visible* piece, ``visitDefault`` merges with a lone piece unless another player
hid it; ``StackMetrics.merge`` puts the piece above the top visible one; with no piece named
underneath it then goes to the bottom, ``getParent().insert(piece, 0)``).

Each position below was replayed in real VASSAL 3.7.26 (``vassal37 replay``, as an observer,
the log written by :class:`LogWriter` with the module of this file; ``a`` and ``e`` also in
3.8.0-beta1, the same): the expected stacks are VASSAL's ``FINAL|STACK`` member lists (and
``parent=null`` pieces). Before, vmodgen left a lone piece apart (``a``, ``b``, ``d2``: one
stack of the moved piece alone), put a piece dropped on a stack topped by a hidden piece above
the hidden one (``e``) and merged into a stack whose only piece is hidden (``f``, ``f2``)."""
from __future__ import annotations

from pathlib import Path

import pytest
from tiny_module_util import palette, write_module

from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.codec import encode
from vmodgen.vassal.inspecting import inspect_save
from vmodgen.vassal.module import read_module


def _module(tmp_path: Path) -> Path:
    panels, _ = palette({"Models": [("Guard", ""), ("Jack", "")]}, "PanelWidget")
    build = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.7.26" name="Tiny Pitch" nextPieceSlotId="9" version="1.0">
<VASSAL.build.module.BasicCommandEncoder/>
<VASSAL.build.module.Map mapName="Pitch"><VASSAL.build.module.map.StackMetrics/><VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.boardPicker.Board image="map.png" name="Pitch" reversible="false"/>
</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>
<VASSAL.build.module.PieceWindow name="Pieces">{panels}</VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>
"""
    return write_module(tmp_path / "pitch.vmod", build)


def _add(pid: str, name: str, x: int, y: int, hidden: str | None = None) -> str:
    """A ``+/`` of a piece at a point of 'Pitch'; ``hidden``: it has an Invisible trait that
    this player id set (``hiddenBy``)."""
    basic = encode(["Pitch", str(x), str(y), pid], ";")
    if hidden is None:
        return encode(["+", pid, f"piece;;;{name}.png;{name}", basic], "/")
    chain = f"hide;73,130;Invisible;;;0.3;;false\tpiece;;;{name}.png;{name}"
    return encode(["+", pid, chain, f"{hidden}\t{basic}"], "/")


GUARD, JACK, KIM, LOU = "1", "2", "3", "4"
CASES = {
    # position: (the save's pieces and stacks, the move, VASSAL 3.7.26's stacks at the point)
    "a": ([_add(GUARD, "Guard", 200, 200), _add(JACK, "Jack", 300, 300)],
          "M/2/Pitch/200/200/null/Pitch/300/300/null/Alice", [[JACK, GUARD]]),
    "b": ([_add(GUARD, "Guard", 200, 200), _add(JACK, "Jack", 300, 300), _add(KIM, "Kim", 400, 400)],
          "M/2/Pitch/200/200/3/Pitch/300/300/null/Alice", [[GUARD, JACK]]),
    "c": ([_add(GUARD, "Guard", 200, 200, "Bob"), _add(JACK, "Jack", 300, 300)],
          "M/2/Pitch/200/200/null/Pitch/300/300/null/Alice", [[GUARD], [JACK]]),
    "d": ([_add(GUARD, "Guard", 200, 200, "Alice"), _add(JACK, "Jack", 300, 300)],
          "M/2/Pitch/200/200/null/Pitch/300/300/null/Alice", [[GUARD], [JACK]]),
    "d2": ([_add(GUARD, "Guard", 200, 200, "Alice"), _add(JACK, "Jack", 300, 300, "Alice")],
           "M/2/Pitch/200/200/null/Pitch/300/300/null/Alice", [[JACK, GUARD]]),
    "e": ([_add(GUARD, "Guard", 200, 200, "Bob"), _add(JACK, "Jack", 200, 200), _add(KIM, "Kim", 400, 400),
           _add(LOU, "Lou", 500, 400), "+/9/stack/Pitch;200;200;2;1"],
          "M/3/Pitch/200/200/4/Pitch/400/400/null/Alice", [[JACK, KIM, GUARD]]),
    "f": ([_add(GUARD, "Guard", 200, 200, "Bob"), _add(JACK, "Jack", 300, 300), "+/9/stack/Pitch;200;200;1"],
          "M/2/Pitch/200/200/null/Pitch/300/300/null/Alice", [[GUARD], [JACK]]),
    "f2": ([_add(GUARD, "Guard", 200, 200, "Bob"), _add(JACK, "Jack", 300, 300), "+/9/stack/Pitch;200;200;1"],
           "M/2/Pitch/200/200/null/Pitch/300/300/null/Bob", [[GUARD], [JACK]]),
    "g": ([_add(GUARD, "Guard", 200, 200, "Bob"), _add(JACK, "Jack", 200, 200), _add(KIM, "Kim", 400, 400),
           "+/9/stack/Pitch;200;200;2;1"],
          "M/3/Pitch/200/200/null/Pitch/400/400/null/Alice", [[KIM, JACK, GUARD]]),
}


def _stacks_at_point(tmp_path: Path, name: str) -> list[list[str]]:
    opening, move, _ = CASES[name]
    w = LogWriter("\x1b".join(["begin_save", "", *opening, "end_save"]))
    w.step([move])
    got = inspect_save(w.write(tmp_path / f"{name}.vlog"), read_module(_module(tmp_path)), reveal_hidden=True)
    at = [s["members"] for s in got["stacks"] if (s["x"], s["y"]) == (200, 200)]
    alone = [[p["id"]] for p in got["pieces"] if (p["x"], p["y"]) == (200, 200) and p.get("stack") is None]
    return sorted(at + alone)


@pytest.mark.parametrize("name", sorted(CASES))
def test_merge_as_vassal_replays_it(tmp_path, name):
    """Positions (all on map 'Pitch', the point (200,200); ids Guard 1, Jack 2, Kim 3, Lou 4;
    ``hidden``: an Invisible trait set by that player; the observer replays):
    a) Guard alone, Jack dropped there naming no piece underneath: one stack, Jack at the bottom;
    b) the same naming Kim underneath, who is elsewhere: Guard, then Jack on top;
    c) Guard alone hidden by Bob, Jack moved by Alice: not merged (``visitDefault``'s hiddenBy);
    d) Guard hidden by Alice, Jack (visible) moved by Alice: not merged (``canPiecesMerge``:
       one visible, one not, hidden by different ids);
    d2) both hidden by Alice, moved by Alice: merged (hidden by the same player);
    e) stack 9 = Jack, Guard (hidden by Bob) on top; Kim dropped naming Lou (elsewhere):
       Kim goes right above Jack, the top *visible* piece (``StackMetrics.merge``);
    f) stack 9 = Guard hidden by Bob alone; Jack moved by Alice: ``topPiece(Alice)`` is none,
       so a stack of its own; f2) moved by Bob: the observer sees no top piece, the same;
    g) stack 9 = Jack, Guard hidden by Bob; Kim, no piece underneath: to the bottom of 9."""
    assert _stacks_at_point(tmp_path, name) == sorted(CASES[name][2])


def test_piece_placed_alone_in_a_step_merges(tmp_path):
    """Position: step 1 adds Guard at (200,200) with no stack (a ``+/`` of the piece alone, as
    ``Map.placeOrMerge`` leaves a marker or clone placed on an empty point); step 2 drops Jack
    on that point naming no piece: the merge finder finds Guard alone there (``visitDefault``),
    so one stack, Jack at its bottom (VASSAL 3.7.26 ``replay``: ``2,1``)."""
    w = LogWriter("\x1b".join(["begin_save", "", _add(JACK, "Jack", 300, 300), "end_save"]))
    w.step([_add(GUARD, "Guard", 200, 200)])
    w.step(["M/2/Pitch/200/200/null/Pitch/300/300/null/Alice"])
    got = inspect_save(w.write(tmp_path / "placed.vlog"), None)
    assert [s["members"] for s in got["stacks"]] == [[JACK, GUARD]]


def test_piece_taken_out_of_a_stack_stands_alone(tmp_path):
    """Position: Guard alone at (100,100); step 1 moves it to (200,200) (it was in no stack:
    ``stackOrPlacePiece`` makes it a stack); step 2 moves it on to (300,300) with no stack
    logged after (as a Send To Location or a trait's move writes it): it was in a stack, so
    ``Map.placeAt`` → ``addPiece`` takes it out and it stands alone (VASSAL 3.7.26 ``replay``:
    ``parent=null``). Before, vmodgen made a new stack for it."""
    add = encode(["+", GUARD, "piece;;;Guard.png;Guard", encode(["Pitch", "100", "100", GUARD], ";")], "/")
    w = LogWriter("\x1b".join(["begin_save", "", add, "end_save"]))
    w.step(["M/1/Pitch/200/200/null/Pitch/100/100/null/Alice"])
    w.step(["M/1/Pitch/300/300/null/Pitch/200/200/null/Alice"])
    path = w.write(tmp_path / "out.vlog")
    assert inspect_save(path, None, step=1)["pieces"][0]["stack"] is not None
    got = inspect_save(path, None)
    assert got["pieces"][0]["stack"] is None and (got["pieces"][0]["x"], got["pieces"][0]["y"]) == (300, 300)


def test_removed_stack_leaves_its_pieces_on_no_map(tmp_path):
    """Position: stack 9 holds Guard at (200,200); ``-/9`` removes the stack: VASSAL's
    ``RemovePiece`` leaves Guard its parent (the removed stack, ``setMap(null)``), so Guard is
    on no map (the oracle reports it gone); Jack dropped on (200,200) naming no piece finds
    nothing there and starts a stack of his own. Then Guard is moved to (250,250): it had a
    parent, so it stands alone (VASSAL 3.7.26 ``replay``: ``GONE`` Guard,
    Jack ``parent=`` a new stack, then Guard ``parent=null`` at (250,250))."""
    w = LogWriter("\x1b".join(["begin_save", "", _add(GUARD, "Guard", 200, 200), _add(JACK, "Jack", 300, 300),
                               "+/9/stack/Pitch;200;200;1", "end_save"]))
    w.step(["-/9"])
    w.step(["M/2/Pitch/200/200/null/Pitch/300/300/null/Alice"])
    w.step(["M/1/Pitch/250/250/null/Pitch/200/200/null/Alice"])
    path = w.write(tmp_path / "removed.vlog")
    after = {p["id"]: p for p in inspect_save(path, None, step=2)["pieces"]}
    assert after[GUARD]["map"] is None
    assert after[JACK]["stack"] is not None
    end = {p["id"]: p for p in inspect_save(path, None)["pieces"]}
    assert (end[GUARD]["map"], end[GUARD]["x"], end[GUARD]["y"], end[GUARD]["stack"]) == ("Pitch", 250, 250, None)


def _layered_module(tmp_path: Path) -> Path:
    """'Pitch' with Game Piece Layers: property ``Layer``, layers Units then Markers."""
    panels, _ = palette({"Models": [("Guard", ""), ("Jack", "")]}, "PanelWidget")
    build = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.7.26" name="Tiny Pitch" nextPieceSlotId="9" version="1.0">
<VASSAL.build.module.BasicCommandEncoder/>
<VASSAL.build.module.Map mapName="Pitch"><VASSAL.build.module.map.StackMetrics/><VASSAL.build.module.map.LayeredPieceCollection layerOrder="Units,Markers" property="Layer"/><VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.boardPicker.Board image="map.png" name="Pitch" reversible="false"/>
</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>
<VASSAL.build.module.PieceWindow name="Pieces">{panels}</VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>
"""
    return write_module(tmp_path / "layers.vmod", build)


def _marked(pid: str, name: str, x: int, y: int, layer: str | None) -> str:
    """A ``+/`` of a piece whose Marker ``Layer`` is ``layer`` (None: no such Marker)."""
    basic = encode(["Pitch", str(x), str(y), pid], ";")
    if layer is None:
        return encode(["+", pid, f"piece;;;{name}.png;{name}", basic], "/")
    return encode(["+", pid, f"mark;Layer\tpiece;;;{name}.png;{name}", f"{layer}\t{basic}"], "/")


@pytest.mark.parametrize("guard,jack,stack,expected", [
    ("Markers", "Units", False, [[GUARD], [JACK]]),
    ("Markers", "Markers", False, [[JACK, GUARD]]),
    ("Markers", None, False, [[GUARD], [JACK]]),
    ("Units", "Markers", True, [[GUARD], [JACK]]),
    ("Units", "Units", True, [[JACK, GUARD]]),
])
def test_merge_only_within_a_game_piece_layer(tmp_path, guard, jack, stack, expected):
    """Position: Guard at (200,200), alone or in stack 9, its Marker ``Layer`` = ``guard``; Jack
    (``Layer`` = ``jack``; None: no Marker, so the top layer, Markers' index + 1) dropped there
    naming no piece. ``LayeredPieceCollection.canPiecesMerge`` merges only pieces of the same
    layer (VASSAL 3.7.26 ``replay`` of each: ``2,1`` where the layers match, else Jack's own
    stack). Before, vmodgen merged Jack into stack 9 whatever the layers."""
    opening = [_marked(GUARD, "Guard", 200, 200, guard), _marked(JACK, "Jack", 300, 300, jack)]
    w = LogWriter("\x1b".join(["begin_save", "", *opening, *(["+/9/stack/Pitch;200;200;1"] if stack else []),
                               "end_save"]))
    w.step(["M/2/Pitch/200/200/null/Pitch/300/300/null/Alice"])
    got = inspect_save(w.write(tmp_path / "layers.vlog"), read_module(_layered_module(tmp_path)))
    at = [s["members"] for s in got["stacks"] if s["members"]]
    alone = [[p["id"]] for p in got["pieces"] if p.get("stack") is None]
    assert sorted(at + alone) == sorted(expected)
    assert read_module(_layered_module(tmp_path)).map_layers("Pitch") == ("Layer", ("Units", "Markers"))


def test_piece_moved_onto_its_own_point_stays_in_its_stack(tmp_path):
    """Position: stack 9 holds only Guard at (200,200), Jack alone at (300,300). Step 1 moves
    Guard onto (200,200) itself naming no piece underneath: VASSAL's merge finder finds Guard's
    own stack (``visitStack``) and ``StackMetrics.merge`` of a piece with itself does nothing,
    so Guard stays in stack 9. Step 2 drops Jack there (no piece underneath): to the bottom of
    stack 9. Step 3 moves stack 9 to (400,400): both go (VASSAL 3.7.26 ``replay``: stack 9
    = ``2,1`` at (400,400)). Before, Guard was left outside stack 9 (empty), so step 3 moved
    nothing."""
    w = LogWriter("\x1b".join(["begin_save", "", _add(GUARD, "Guard", 200, 200), _add(JACK, "Jack", 300, 300),
                               "+/9/stack/Pitch;200;200;1", "end_save"]))
    w.step(["M/1/Pitch/200/200/null/Pitch/200/200/null/Alice"])
    w.step(["M/2/Pitch/200/200/null/Pitch/300/300/null/Alice"])
    w.step(["M/9/Pitch/400/400/null/Pitch/200/200/null/Alice"])
    path = w.write(tmp_path / "own.vlog")
    first = inspect_save(path, None, step=1)
    assert [s["members"] for s in first["stacks"] if s["id"] == "9"] == [[GUARD]]
    got = inspect_save(path, None)
    assert [(s["id"], s["members"], s["x"], s["y"]) for s in got["stacks"] if s["members"]] \
        == [("9", [JACK, GUARD], 400, 400)]
    assert {(p["id"], p["x"], p["y"]) for p in got["pieces"]} == {(GUARD, 400, 400), (JACK, 400, 400)}


def test_layer_named_by_a_calculated_property(tmp_path):
    """Position: Guard at (200,200) alone, its Marker ``Layer`` = Markers; Jack's ``Layer`` is a
    Calculated Property ``{"Mark" + "ers"}`` (VASSAL's ``getProperty`` evaluates it: Markers);
    Jack dropped on Guard naming no piece: same layer, so one stack, Jack at its bottom
    (VASSAL 3.7.26 ``replay``: ``2,1``). Before, vmodgen read only stored trait properties, put
    Jack in the top layer and left the two apart."""
    calc = "calcProp;" + encode(["Layer", '{"Mark" + "ers"}', ""], ";")
    jack = encode(["+", JACK, f"{calc}\tpiece;;;Jack.png;Jack",
                   "\t" + encode(["Pitch", "300", "300", JACK], ";")], "/")
    opening = [_marked(GUARD, "Guard", 200, 200, "Markers"), jack]
    w = LogWriter("\x1b".join(["begin_save", "", *opening, "end_save"]))
    w.step(["M/2/Pitch/200/200/null/Pitch/300/300/null/Alice"])
    got = inspect_save(w.write(tmp_path / "calc.vlog"), read_module(_layered_module(tmp_path)))
    assert [s["members"] for s in got["stacks"] if s["members"]] == [[JACK, GUARD]]
