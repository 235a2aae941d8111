"""What real VASSAL 3.7.26 changed when its Editor re-saved a built module (issue 5 oracle run).

VASSAL (compiled from source, run under Xvfb) opened the four built modules in Player and Editor
mode with no error and no warning, and every scenario piece sat at its set-up hex; but the
Editor's re-save differed from our buildFile.xml in three places, now fixed in the builder:

* the DiceButton's label (attribute ``text``) stayed the default "2d6" whatever the dice, because
  the label was written as element text content (which VASSAL ignores and drops);
* the PieceWindow carried element text content "Counters" that VASSAL drops;
* VASSAL's ``ZonedGrid.build`` adds a ``ZonedGridHighlighter`` child when it is missing, and the
  Editor saves it.

Exercising the scenario pieces as a player would (select, Ctrl+F, Ctrl+D) found one more: every
unit's Delete command was greyed out and Ctrl+D did nothing, and the flip report read "... in *"
(blank ``$location$``). VASSAL 3.7 links only the *last* trait of a prototype to the counter it
expands in (``UsePrototype.buildPrototype`` re-links the trait above the prototype's BasicPiece;
the traits above it keep, in ``Decorator.innermost``, the prototype's empty BasicPiece, whose map
is null). The shared ``Unit`` prototype had report; and delete; above a Marker. Now each trait that
needs the counter's map is the last trait of its prototype; VASSAL then enabled Delete, deleted
the counter, and reported "1/1 Inf flipped to 1/1 Inf (reduced) in 0102".

Opening the Inventory ("Units") showed an empty tree: its ``include`` filter was empty, and in
VASSAL 3.7 an empty filter is a NullExpression whose value is never "true", so no piece passes.
The builder now writes ``{unit_id!=""}``; VASSAL then listed every unit with its hex or box.

These tests read the built module back and check each property VASSAL cared about.
"""
from __future__ import annotations

import zipfile

import pytest
from lxml import etree

from conftest import ROOT
from vmodgen.builder.build import build_kit
from vmodgen.model import load_kit
from vmodgen.vassal.codec import decode
from vmodgen.vassal.piece import decode_piece

#: the only elements whose text content VASSAL's Builder reads (FORMATS.md §1.4); any other
#: element's text is dropped by the Editor, so a canonical buildFile has none
TEXT_ELEMENTS = {"PieceSlot", "PrototypeDefinition", "entry", "option", "setup"}

#: traits whose VASSAL code asks their own getMap()/getPosition() (Delete enables itself only on a
#: map; Report Action fills $location$ from it; the others move or copy the piece on its map)
MAP_TRAITS = {"delete;", "report;", "clone;", "sendto;", "translate;", "return;", "placemark;",
              "replace;", "rotate;"}


def _traits(text: str):
    _, _, type_chain, state_chain = decode(text, "/")
    return decode_piece(type_chain, state_chain).traits


@pytest.fixture(scope="module")
def built_root(tmp_path_factory):
    out = tmp_path_factory.mktemp("vassal_findings")
    kit = load_kit(ROOT / "tests" / "data" / "minikit")
    result = build_kit(kit, out, force=True)
    with zipfile.ZipFile(result.path) as z:
        return kit, etree.fromstring(z.read("buildFile.xml"))


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def test_dice_button_label_names_the_dice_it_rolls(built_root):
    kit, root = built_root
    dice = [e for e in root.iter() if _short(e.tag) == "DiceButton"]
    assert len(dice) == 1
    d = dice[0]
    expected = f"{kit.game.die.count}d{kit.game.die.sides}"
    assert (d.get("nDice"), d.get("nSides")) == (str(kit.game.die.count), str(kit.game.die.sides))
    assert d.get("name") == expected
    assert d.get("text") == expected          # the button label VASSAL shows (was "2d6" for a 1d6)
    assert d.get("tooltip") == f"Roll {expected}"


def test_piece_window_label_is_an_attribute(built_root):
    _, root = built_root
    pw = next(e for e in root.iter() if _short(e.tag) == "PieceWindow")
    assert pw.get("text") == pw.get("name") == "Counters"
    assert not (pw.text or "").strip()


def test_only_elements_vassal_reads_text_from_carry_text(built_root):
    _, root = built_root
    with_text = {_short(e.tag) for e in root.iter() if (e.text or "").strip()}
    assert with_text, "the module has piece definitions"
    assert with_text <= TEXT_ELEMENTS, with_text - TEXT_ELEMENTS


def test_zoned_grid_ends_with_its_highlighter(built_root):
    _, root = built_root
    grids = [e for e in root.iter() if _short(e.tag) == "ZonedGrid"]
    assert grids, "the minikit has off-map boxes"
    for g in grids:
        kids = [_short(c.tag) for c in g]
        assert kids.count("ZonedGridHighlighter") == 1
        assert kids[-1] == "ZonedGridHighlighter"
        assert kids[:-1] and set(kids[:-1]) == {"Zone"}
        assert not g[-1].attrib and not (g[-1].text or "").strip()


def test_map_traits_are_the_last_trait_of_their_prototype(built_root):
    _, root = built_root
    protos = {e.get("name"): [t.id for t in _traits(e.text)]
              for e in root.iter() if _short(e.tag) == "PrototypeDefinition"}
    assert any("delete;" in ids for ids in protos.values())
    assert any("report;" in ids for ids in protos.values())
    for name, ids in protos.items():
        assert ids[-1] == "piece;", name
        needing_map = [i for i, t in enumerate(ids) if t in MAP_TRAITS]
        # at most one, and right above the prototype's BasicPiece (the trait VASSAL re-links)
        assert needing_map in ([], [len(ids) - 2]), (name, ids)


def test_every_unit_can_be_deleted_and_two_sided_ones_report_flips(built_root):
    kit, root = built_root
    protos = {e.get("name"): [t.id for t in _traits(e.text)]
              for e in root.iter() if _short(e.tag) == "PrototypeDefinition"}
    units = {u.name: u for u in kit.units}
    seen = 0
    for e in root.iter():
        if _short(e.tag) != "PieceSlot" or e.get("entryName") not in units:
            continue
        seen += 1
        traits = _traits(e.text)
        used = [t.name for t in traits if t.id == "prototype;"]
        expanded = [i for n in used for i in protos[n]] + [t.id for t in traits]
        assert expanded.count("delete;") == 1, e.get("entryName")
        two_sided = units[e.get("entryName")].two_sided
        assert expanded.count("report;") == (1 if two_sided else 0), e.get("entryName")
        if two_sided:   # the report wraps the Step layer, so it sees the new side's name
            at_flip = next(i for i, t in enumerate(traits) if t.id == "prototype;" and "report;" in protos[t.name])
            assert at_flip < [t.id for t in traits].index("emb2;")
    assert seen == len(units)
    report = next(e for e in root.iter() if _short(e.tag) == "PrototypeDefinition" and "report;" in e.text)
    assert "$location$" in report.text and "$oldPieceName$" in report.text


def test_inventory_filter_lists_every_unit_and_no_marker(built_root):
    kit, root = built_root
    inv = [e for e in root.iter() if _short(e.tag) == "Inventory"]
    assert len(inv) == 1
    include = inv[0].get("include")
    assert include == '{unit_id!=""}'          # non-empty: VASSAL lists nothing for ""
    slots = {e.get("entryName"): e.text for e in root.iter() if _short(e.tag) == "PieceSlot"}
    units = {u.name for u in kit.units}
    for name, text in slots.items():
        props = {}
        for t in _traits(text):
            if t.id == "mark;":
                props.update(t.properties() if callable(getattr(t, "properties", None)) else {})
        has_id = bool(props.get("unit_id"))
        assert has_id == (name in units), name
