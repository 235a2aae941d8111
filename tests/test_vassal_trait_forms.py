"""Movement Trail and Multi-Location Command in VASSAL 3.7's and 3.8's forms (FORMATS.md §8.2),
against each version's own re-encoding of the same bare definitions
(``golden/vassal-3.8/traits-canonical-*.txt``)."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.vassal.piece import Piece
from vmodgen.vassal.piece_defs import movement_trail, multi_location_command
from vmodgen.vassal.definition_forms import canonical_definition
from vmodgen.vassal.trait_forms import canonical_state, canonical_type, form_of, java_double, trail_state
from vmodgen.vassal.traits import MovementTrail, MultiLocationCommand

V38 = Path(__file__).resolve().parents[1].parent / "shared" / "golden" / "vassal-3.8"
VERSIONS = {"3.7": "traits-canonical-3.7.26.txt", "3.8": "traits-canonical-3.8.0-beta1.txt"}


def _diffs(target: str) -> dict[str, tuple[str, str]]:
    """slot name -> (ORIG, RE) definitions of one version's file (``<T>`` is a TAB)."""
    path = V38 / VERSIONS[target]
    if not path.exists():
        pytest.skip(f"{path} is absent (the read-only ../shared folder is not beside the project)")
    out: dict[str, tuple[str, str]] = {}
    name, orig = "", ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("SLOT-DIFF|"):
            name = line.split("|", 1)[1]
        elif line.startswith("  ORIG "):
            orig = line[len("  ORIG "):].replace("<T>", "\t")
        elif line.startswith("  RE   "):
            out[name] = (orig, line[len("  RE   "):].replace("<T>", "\t"))
    assert set(out) == {"1st Infantry", "2nd Armor"}
    return out


def _first(definition: str) -> tuple[str, str]:
    text = definition.split("/", 2)[2]
    p = Piece(*text.rsplit("/", 1))
    return p.traits[0].type, p.traits[0].state


@pytest.mark.parametrize("target", ["3.7", "3.8"])
def test_bare_definitions_become_each_versions_canonical(target):
    for orig, re_encoded in _diffs(target).values():
        assert canonical_definition(orig, target) == re_encoded
        assert canonical_definition(re_encoded, target) == re_encoded      # kept as it is


def test_one_versions_form_becomes_the_others():
    d37, d38 = _diffs("3.7"), _diffs("3.8")
    for name in d37:
        re37, re38 = d37[name][1], d38[name][1]
        assert re37 != re38
        assert canonical_definition(re37, "3.8") == re38
        assert canonical_definition(re38, "3.7") == re37


def test_reading_both_forms():
    d37, d38 = _diffs("3.7"), _diffs("3.8")
    for diffs, form in ((d37, "3.7"), (d38, "3.8")):
        t, s = _first(diffs["1st Infantry"][1])
        trail = Piece(t, s).traits[0]
        assert isinstance(trail, MovementTrail) and trail.form == form
        assert trail.ignore_same_location is False and trail.points == []
        t, _ = _first(diffs["2nd Armor"][1])
        mlc = Piece(t, "").traits[0]
        assert isinstance(mlc, MultiLocationCommand) and mlc.form == form
        assert (mlc.sort_expression, mlc.ascending, mlc.numeric) == ("", True, False)


def test_38_trail_state_with_points():
    """FORMATS.md §8.2's example state: four points, last confirmed count 0; 3.7 drops it,
    and a 3.7 state read by 3.8 takes the point count."""
    t38 = canonical_type("footprint;", "3.8")
    state = "false;Map0;4;281,395;281,459;337,555;337,619;true;0"
    s = trail_state(t38, state)
    assert s["points"] == [(281, 395), (281, 459), (337, 555), (337, 619)]
    assert s["start_map"] == "Map0" and s["initialised"] and s["last_point_count"] == 0
    assert canonical_state(t38, state, "3.8") == state
    s37 = canonical_state(t38, state, "3.7")
    assert s37 == "false;Map0;4;281,395;281,459;337,555;337,619;true"
    assert canonical_state(t38, s37, "3.8") == s37 + ";4"
    assert trail_state(t38, "false;;999999999")["points"] == []          # a huge count is bounded


def test_type_fields_decoded_as_vassal():
    """Defaults fill missing fields, a one-letter key is that key with Ctrl, bad numbers
    fall back to the default, a 3.8 field is dropped for 3.7."""
    t = canonical_type("footprint;T;Trail;yes;true;x;;;;;;;2;;;;;true", "3.8")
    assert t == "footprint;84,130;Trail;false;true;10;;;100;50;20;30;2.0;;;;;true"
    assert canonical_type(t, "3.7") == "footprint;84,130;Trail;false;true;10;;;100;50;20;30;2.0;;;;"
    assert form_of(t) == "3.8" and form_of(canonical_type(t, "3.7")) == "3.7"
    assert form_of("mark;x") is None
    assert [java_double(v) for v in (1.0, 2.5, 1e-5, 12345678.9)] == ["1.0", "2.5", "1.0E-5", "1.23456789E7"]


def test_writers_give_each_versions_canonical_form():
    d37, d38 = _diffs("3.7"), _diffs("3.8")
    for target, diffs in (("3.7", d37), ("3.8", d38)):
        assert tuple(movement_trail(target)) == _first(diffs["1st Infantry"][1])
        assert tuple(multi_location_command(target, "Do Something At $LocationOfCommand$")) == \
            _first(diffs["2nd Armor"][1])
    with pytest.raises(ValueError):
        movement_trail("3.7", ignore_same_location=True)
    with pytest.raises(ValueError):
        multi_location_command("3.7", "x", sort_expression="$LocationOfCommand$")
    t = movement_trail("3.8", ignore_same_location=True)
    assert Piece(t.type, t.state).traits[0].ignore_same_location


def test_t38_module_trails_are_38_form():
    """t38.vmod, saved by VASSAL 3.8.0-beta1: its counters' trails carry the 3.8 fields."""
    from vmodgen.vassal.module import read_module
    path = V38 / "t38.vmod"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    m = read_module(path)
    trails = [t for s in m.piece_slots for t in Piece(*s.definition.split("/", 2)[2].rsplit("/", 1)).traits
              if isinstance(t, MovementTrail)]
    assert trails and all(t.form == "3.8" for t in trails)
    assert any(t.ignore_same_location for t in trails)
    for s in m.piece_slots:
        assert canonical_definition(s.definition, "3.8") == s.definition
