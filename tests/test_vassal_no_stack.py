"""Pieces that never stack, as VASSAL moves them (``MovePiece.stackOrPlacePiece`` and its merge
finder): an Immobilized trait without the 3.6 stacking option ``L`` (Dreadball's models,
``immob;;N`` in their prototype, VASSAL 3.2.8, copied into each piece VASSAL creates) or a Mat
makes ``Properties.NO_STACK`` true, so a move onto an empty point or onto another piece leaves
the piece alone, and a stack whose top piece never stacks takes no piece; a map whose
StackMetrics is ``disabled`` makes no stacks. A ``prototype;Name`` element left in a piece's
type answers nothing: VASSAL 3.7.26 stacks such pieces (``vassal37 replay`` of the same log and
module: one stack ``2,1``). Before, the replay put every moved piece in a stack (the recorded
Dreadball log: two of three models in stacks ``local-1``/``local-2`` where VASSAL 3.7.26 has
``parent=null``); and the starter binding took Dreadball's "With the ball" layer for the back
side, one of four layers on every model."""
from __future__ import annotations

from pathlib import Path

import pytest
from tiny_module_util import palette, prototypes, write_module

from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.codec import encode
from vmodgen.vassal.inspecting import inspect_save
from vmodgen.vassal.module import read_module
from vmodgen.vassal.piece_defs import definition, empty_basic_piece, layer
from vmodgen.vassal.piece_defs import Trait
from vmodgen.vassal.stacking import immobilized_never_stacks, never_stacks


def _module(tmp_path: Path, immob: str, disabled: bool | str = False) -> Path:
    """A map 'Pitch' (600x500, no grid) and two models whose prototype 'Model' holds ``immob``;
    ``disabled``: StackMetrics' attribute (a string: as written)."""
    model = definition([Trait(immob, ""), empty_basic_piece()]) if immob else definition([empty_basic_piece()])
    panels, _ = palette({"Models": [("Guard", "Model"), ("Jack", "Model")]}, "PanelWidget")
    value = disabled if isinstance(disabled, str) else str(disabled).lower()
    metrics = f'<VASSAL.build.module.map.StackMetrics disabled="{value}"/>'
    build = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.2.8" name="Tiny Pitch" nextPieceSlotId="9" version="1.0">
<VASSAL.build.module.BasicCommandEncoder/>
<VASSAL.build.module.PrototypesContainer>{prototypes({"Model": model})}</VASSAL.build.module.PrototypesContainer>
<VASSAL.build.module.Map mapName="Pitch">{metrics}<VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.boardPicker.Board image="map.png" name="Pitch" reversible="false"/>
</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>
<VASSAL.build.module.PieceWindow name="Pieces">{panels}</VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>
"""
    return write_module(tmp_path / "pitch.vmod", build)


def _add(pid: str, name: str, x: int, y: int, traits: str = "prototype;Model") -> str:
    """A ``+/`` of a piece ``traits`` + BasicPiece ``name`` at a point of the map 'Pitch'."""
    states = [""] * (len(traits.split("\t")) if traits else 0)
    state = "\t".join(states + [encode(["Pitch", str(x), str(y), pid], ";")])
    chain = "\t".join(([traits] if traits else []) + [f"piece;;;{name}.png;{name}"])
    return encode(["+", pid, chain, state], "/")


def _log(tmp_path: Path, traits: str = "prototype;Model") -> Path:
    """Guard (id 1) at (100,100) and Jack (id 2) at (300,300), each alone (no stack, as VASSAL
    saves a piece that never stacks), both of type ``traits`` + a BasicPiece; step 1 drags Guard
    to (200,200) (an empty point), step 2 drags Jack onto Guard's point (no piece named
    underneath, as a drop on an empty-looking point is written)."""
    start = "\x1b".join(["begin_save", "", _add("1", "Guard", 100, 100, traits),
                         _add("2", "Jack", 300, 300, traits), "end_save"])
    w = LogWriter(start)
    w.step(["M/1/Pitch/200/200/null/Pitch/100/100/null/Alice"])
    w.step(["M/2/Pitch/200/200/null/Pitch/300/300/null/Alice"])
    return w.write(tmp_path / "game.vlog")


def _stacks(tmp_path: Path, module: Path | None, traits: str = "prototype;Model") -> dict[str, str | None]:
    got = inspect_save(_log(tmp_path, traits), read_module(module) if module else None)
    return {p["name"]: p.get("stack") for p in got["pieces"]}


@pytest.mark.parametrize("trait,never", [("immob;;N", True), ("immob;g;N;R;", True), ("immob;;N;L;", False),
                                         ("immob;n;V", True)])
def test_immobilized_stacking_option(trait, never):
    """VASSAL 3.7 ``Immobilized.mySetType``: no stacking field = never (compatibility), ``L`` = stack."""
    assert immobilized_never_stacks(trait) is never
    assert never_stacks(f"{trait}\tpiece;;;a.png;A") is never


def test_prototype_immobilized_is_not_seen(tmp_path):
    """Position: two models whose type names their prototype (``prototype;Model``, which holds
    Immobilized ``immob;;N``) moved onto an empty point and then onto each other: VASSAL 3.7.26
    (``vassal37 replay``) makes one stack, Jack at its bottom (``2,1``): ``UsePrototype`` answers
    no ``NO_STACK``, so neither does the module's prototype here."""
    mod = _module(tmp_path, "immob;;N")
    stacks = _stacks(tmp_path, mod)
    assert stacks["Guard"] is not None and stacks["Guard"] == stacks["Jack"]
    assert not read_module(mod).never_stacks("prototype;Model\tpiece;;;Guard.png;Guard")
    got = inspect_save(_log(tmp_path), read_module(mod))
    assert [s["members"] for s in got["stacks"]] == [["2", "1"]]


@pytest.mark.parametrize("traits", ["immob;;N", "mat;Board;"])
def test_own_trait_never_stacks(tmp_path, traits):
    """The same moves with the trait in each piece's own type (an Immobilized without stacking
    option; a Mat, ``Mat.getProperty(NO_STACK)`` true): VASSAL 3.7.26 leaves both alone
    (``parent=null``), with or without the module."""
    mod = _module(tmp_path, "")
    assert _stacks(tmp_path, mod, traits) == {"Guard": None, "Jack": None}
    assert _stacks(tmp_path, None, traits) == {"Guard": None, "Jack": None}


@pytest.mark.parametrize("chain,never", [
    ("mat;Board;\timmob;;N;L;\tpiece;;;a.png;A", True),      # the Mat outermost: never
    ("immob;;N;L;\tmat;Board;\tpiece;;;a.png;A", False),     # Immobilized outermost answers null
    ("immob;;N;R;\tmat;Board;\tpiece;;;a.png;A", True),
    ("matPiece;;\tpiece;;;a.png;A", False),                   # a Mat's cargo stacks
    ("prototype;Mat\tpiece;;;a.png;A", False),
])
def test_outermost_of_mat_and_immobilized_answers(chain, never):
    """``Immobilized.getProperty(NO_STACK)`` answers ``canStack ? null : TRUE`` and ``Mat`` TRUE,
    neither asking the traits inside: the outermost of the two tells."""
    assert never_stacks(chain) is never


def test_stack_topped_by_a_piece_that_never_stacks(tmp_path):
    """Position: stack 9 at (200,200) holding only Guard (``immob;;N;R;``, never stacks: a save
    can hold it so), Jack (stacks) dragged onto that point: the merge finder's ``canMerge(p, s)``
    refuses the stack (its top piece never stacks), so Jack gets a stack of its own (VASSAL
    3.7.26: ``FINAL|STACK|9|..|1,`` and a new stack ``2,``)."""
    start = "\x1b".join(["begin_save", "", _add("1", "Guard", 200, 200, "immob;;N;R;"),
                         _add("2", "Jack", 300, 300, ""), "+/9/stack/Pitch;200;200;1", "end_save"])
    w = LogWriter(start)
    w.step(["M/2/Pitch/200/200/null/Pitch/300/300/null/Alice"])
    got = inspect_save(w.write(tmp_path / "topns.vlog"), None)
    stacks = {p["name"]: p.get("stack") for p in got["pieces"]}
    assert stacks["Guard"] == "9" and stacks["Jack"] not in (None, "9")
    assert sorted(s["members"] for s in got["stacks"]) == [["1"], ["2"]]


def test_pieces_that_stack_still_stack(tmp_path):
    """The same moves with the 3.6 option ``L`` (stack as normal): one stack, Jack at its bottom
    (``getParent().insert(piece, 0)``)."""
    stacks = _stacks(tmp_path, _module(tmp_path, "immob;;N;L;"))
    assert stacks["Guard"] is not None and stacks["Guard"] == stacks["Jack"]


def test_stacking_disabled_map(tmp_path):
    """A map whose StackMetrics is disabled (``isStackingEnabled`` false): no stack at all."""
    mod = _module(tmp_path, "", disabled=True)
    assert not read_module(mod).maps["Pitch"].stacking
    assert _stacks(tmp_path, mod) == {"Guard": None, "Jack": None}


def test_stacking_disabled_read_in_any_case(tmp_path):
    """StackMetrics reads ``disabled`` with ``Boolean.valueOf``: ``TRUE`` disables too."""
    assert not read_module(_module(tmp_path, "", disabled="TRUE")).maps["Pitch"].stacking
    assert read_module(_module(tmp_path, "", disabled="False")).maps["Pitch"].stacking


def test_every_state_of_a_replay_stacks_as_its_final(tmp_path):
    """A replay with the module of a map with stacking off: ``states()``/``state_at`` re-run the
    file told the same (before, they re-ran without the module and stacked both models)."""
    from vmodgen.vassal.replay import replay
    from vmodgen.vassal.savefile import read_save
    module = read_module(_module(tmp_path, "", disabled=True))
    rp = replay(read_save(_log(tmp_path)), apply_boards=module.apply_board_command, stacking=module)
    assert not rp.final.stacks
    assert [len(state.stacks) for _k, state in rp.states()] == [0, 0, 0]
    assert not rp.state_at(1).stacks and not rp.saved.stacks


def test_starter_does_not_guess_between_equal_layers(tmp_path):
    """Four one-image layers on every model (Dreadball: Knocked Down, Number, Position, With the
    ball): none named as a flip, so no ``reduced`` line, and the starter says why; with a two-image
    layer named 'Flip' beside Knocked Down, that one is taken."""
    from vmodgen.binding.starter import generic_starter

    def module(names: list[str], where: Path) -> Path:
        where.mkdir(exist_ok=True)
        proto = definition([layer(n, [f"{n}.png"] + ([f"{n}-back.png"] if n == "Flip" else []),
                                  [""] * (2 if n == "Flip" else 1)) for n in names] + [empty_basic_piece()])
        panels, _ = palette({side: [(f"{side} model {i}", "Model") for i in range(6)] for side in ("Home", "Visitor")},
                            "PanelWidget")
        build = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.2.8" name="Tiny Ball" nextPieceSlotId="99" version="1.0">
<VASSAL.build.module.PlayerRoster buttonText="Retire"><entry>Home</entry><entry>Visitor</entry></VASSAL.build.module.PlayerRoster>
<VASSAL.build.module.PrototypesContainer>{prototypes({"Model": proto})}</VASSAL.build.module.PrototypesContainer>
<VASSAL.build.module.Map mapName="Pitch"><VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.boardPicker.Board image="map.png" name="Pitch" reversible="false"/>
</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>
<VASSAL.build.module.PieceWindow name="Pieces">{panels}</VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>
"""
        return write_module(where / "ball.vmod", build)
    four = generic_starter(read_module(module(["Knocked Down", "Number", "Position", "With the ball"],
                                              tmp_path / "a")))
    assert "reduced =" not in four.text
    assert any("4 layers are on as many pieces" in m and "'With the ball'" in m for m in four.missing)
    flip = generic_starter(read_module(module(["Knocked Down", "Flip"], tmp_path / "b")))
    assert 'reduced = { property = { Flip_Level = "^[2-9]" } }' in flip.text


def test_viewer_draws_no_stack_offset_where_stacking_is_off(tmp_path):
    """The replay page draws a stack's pieces apart by StackMetrics' offsets, none on a map whose
    stacking is off, read once by the module (``disabled="TRUE"`` too, as ``Boolean.valueOf``)."""
    from vmodgen.viewer.maps import stack_offsets
    assert stack_offsets(read_module(_module(tmp_path, "", disabled="TRUE"))) == {"Pitch": (0, 0)}
    assert stack_offsets(read_module(_module(tmp_path, "", disabled="false"))) == {"Pitch": (2, -4)}
