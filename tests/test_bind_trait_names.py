"""``vmodgen bind --rules generic`` on a module shaped like C&C Napoleonics (a module vmodgen did
not build): each property is named by the trait that defines it, as VASSAL 3.7.26's editor names
the trait (``Editor.DynamicProperty.trait_description`` = "Dynamic Property", ``Editor.Marker`` =
"Marker"), and a palette folder named after a side whose pieces show no unit value (the module's
``GuerillaCount-French`` counters) is no side class. Before: "French units (Marker property Side)"
for a Dynamic Property, and the counters' folders bound as French and Allied units."""
from __future__ import annotations

import tomllib

from tiny_module_util import hex_board_build, write_module

from vmodgen.binding.pieces import SlotIndex
from vmodgen.binding.starter import generic_starter
from vmodgen.binding.trait_names import defining_trait, property_trait, property_words
from vmodgen.vassal.module import read_module
from vmodgen.vassal.piece_defs import definition, empty_basic_piece, marker
from vmodgen.vassal.traits import DynamicProperty


def _dynamic(key: str, value: str) -> DynamicProperty:
    """A Dynamic Property trait (``PROP;name;constraints;commands`` / its value)."""
    return DynamicProperty(f"PROP;{key};false,0,100,false;", value)


def tiny_dynamic(tmp_path, strength_as_marker: bool = False, more: dict | None = None):
    """Units whose side is the Dynamic Property Side and whose values are in their names; two
    folders of counters named after the sides (a count each, no value); a folder of French
    reinforcements with no Side property but values in their names; ``more`` palette folders."""
    strength = marker({"Strength": "4"}) if strength_as_marker else _dynamic("Strength", "4")
    protos = {
        "French Army": definition([_dynamic("Side", "French"), strength, empty_basic_piece()]),
        "Allied Army": definition([_dynamic("Side", "Allies"), _dynamic("Strength", "3"), empty_basic_piece()]),
        "GuerillaCounter": definition([marker({"GuerillaCount": "french"}), empty_basic_piece()]),
    }
    slots = {"Units": [("French Line Infantry 4-1", "French Army"), ("French Cavalry 3-3", "French Army"),
                       ("British Line Infantry 4-1", "Allied Army"), ("Russian Cossacks 3-3", "Allied Army")],
             "GuerillaCount-French": [("0", "GuerillaCounter"), ("1", "GuerillaCounter")],
             "GuerillaCount-Allies": [("0", "GuerillaCounter")],
             "French Reinforcements": [("French Guard Infantry 5-1", "")], **(more or {})}
    build = hex_board_build("Tiny Dynamic", "1", ["Allies", "French"], protos, slots)
    return read_module(write_module(tmp_path / "tiny-dynamic.vmod", build))


def test_a_dynamic_property_is_named_as_the_editor_names_its_trait(tmp_path):
    module = tiny_dynamic(tmp_path)
    slots = SlotIndex(module).slots
    unit = next(s for s in slots if s.facts.display == "French Cavalry 3-3")
    counter = next(s for s in slots if s.facts.folder.endswith("GuerillaCount-French"))
    assert defining_trait(unit, "Side", module.prototypes) == "Dynamic Property"
    assert defining_trait(counter, "GuerillaCount", module.prototypes) == "Marker"
    st = generic_starter(module)
    names = [c["name"] for c in tomllib.loads(st.text)["class"]]
    assert "French units (Dynamic Property Side)" in names and "Allies units (Dynamic Property Side)" in names
    assert "Marker property Side" not in st.text
    assert "unit sides from the Dynamic Property 'Side'" in st.inferred


def test_a_property_held_by_two_traits_names_both_the_commonest_first(tmp_path):
    """Strength a Marker in the French units (2 pieces) and a Dynamic Property in the Allied (2, a tie: by name):
    both named, so the binding's author looks for both in the editor."""
    module = tiny_dynamic(tmp_path, strength_as_marker=True)
    slots = SlotIndex(module).slots
    assert property_trait(slots, "Strength", module.prototypes) == "Dynamic Property or Marker"
    assert property_words("Dynamic Property or Marker", "Strength") == "Dynamic Property or Marker property 'Strength'"


def test_a_side_named_folder_of_counters_is_no_side_class(tmp_path):
    """The units show values (in their names); the GuerillaCount folders' pieces show none and
    carry no Side: not bound to a side, said in the binding and in what was inferred. The French
    reinforcements (values in their names, no Side) stay bound by their folder."""
    st = generic_starter(tiny_dynamic(tmp_path))
    data = tomllib.loads(st.text)
    folders = [c["folder"] for c in data["class"] if "folder" in c and "side" in c]
    assert folders == ["^Pieces/pieces/French Reinforcements(/|$)"], folders
    assert any(m.startswith("not French units: palette folder(s) Pieces/pieces/GuerillaCount-French") for m in st.inferred)
    assert any(m.startswith("not Allies units: palette folder(s) Pieces/pieces/GuerillaCount-Allies") for m in st.inferred)
    assert "# Palette folders named after a side but not bound to it" in st.text


def test_where_no_unit_value_is_read_a_side_folder_is_kept(tmp_path):
    """With no value anywhere nothing tells a unit from a marker: the folders stay side classes
    (as The Longest Day's, whose units show no value the starter reads)."""
    from vmodgen.binding.starter import _valueless_folders
    module = tiny_dynamic(tmp_path)
    slots = [s for s in SlotIndex(module).slots if "Units" not in s.facts.folder
             and "Reinforcements" not in s.facts.folder]
    assert _valueless_folders(slots, None, {"French": {"Pieces/pieces/GuerillaCount-French"}}, lambda k: "Marker") == {}


def test_a_side_folder_of_leaders_keeps_its_side(tmp_path):
    """Review of left11 (6): a "French Leaders" folder (Napoleon, Ney: no value, no Side property)
    was classed "hq" by its name and yet dropped from the French side as markers, leaving the
    leaders units of no side. A folder the starter classes as a unit kind by its name stays a
    side class; the GuerillaCount folders are still dropped."""
    st = generic_starter(tiny_dynamic(tmp_path, more={"French Leaders": [("Napoleon", ""), ("Ney", "")]}))
    data = tomllib.loads(st.text)
    folders = [c["folder"] for c in data["class"] if "folder" in c and "side" in c]
    assert folders == ["^(Pieces/pieces/French Leaders|Pieces/pieces/French Reinforcements)(/|$)"], folders
    assert any(c.get("kind") == "hq" and "French Leaders" in c["folder"] for c in data["class"])
    assert not any("French Leaders" in m for m in st.inferred if m.startswith("not French units"))
    assert any(m.startswith("not French units: palette folder(s) Pieces/pieces/GuerillaCount-French") for m in st.inferred)
