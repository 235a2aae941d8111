"""Position files of inline games say what they mean (issue 19): a sequence of play so that
``phase`` and ``at`` work; ``default_terrain = "sea"`` is water; a map or unit name the rule set
does not read is refused with its line (a game's rule set) or listed as ignored (generic)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rules_util import POSITIONS, section, table, unit
from vmodgen.commands.check import command as check_command
from vmodgen.errors import InputError
from vmodgen.rules import ruleset_for
from vmodgen.rules.position_file import load_position

HEAD = '[position]\nruleset = "generic"\nsides = ["red", "blue"]\nturn = 1\n'
PHASES = (table("phases", id="red-move", kind="movement", side="red")
          + table("phases", id="red-combat", kind="combat", side="red"))
#: three red infantry in 0303 with a limit of 2: GEN stacking at a phase end
OVERSTACK = section("rules", stacking_limit=2) + "".join(unit(f"R{i}", "red", "0303") for i in range(3))


def line_of(text: str, needle: str) -> int:
    """The 1-based line of ``text`` holding ``needle`` first."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def rule_ids(text: str) -> list[str]:
    pos = load_position(POSITIONS / "inline.toml", text)
    return [f.rule for f in ruleset_for(pos.game).check(pos)]


def test_inline_phases_let_at_during_skip_the_phase_end_stacking_limit():
    """GEN stacking (``stacking_when = "phase_end"``): 3 units over a limit of 2 in 0303 while
    the inline game's Red Movement Phase runs (``at = "during"``: units passing through) is legal;
    at the end of that phase it is not."""
    during = HEAD + 'phase = "red-move"\nat = "during"\n' + PHASES + OVERSTACK
    end = HEAD + 'phase = "red-move"\n' + PHASES + OVERSTACK
    assert rule_ids(during) == []
    assert rule_ids(end) == ["GEN stacking"]
    pos = load_position(POSITIONS / "inline.toml", during)
    assert (pos.phase_kind, pos.side) == ("movement", "red")


@pytest.mark.parametrize("text, line, needle", [
    (HEAD + 'at = "during"\n' + OVERSTACK, 5, "needs the 'phase'"),
    (HEAD + 'phase = "lunch"\n' + PHASES, 5, "unknown phase 'lunch' (phases of this game: red-move, red-combat)"),
    (HEAD + table("phases", id="red-move", side="green"), 8, "unknown side 'green'"),
    (HEAD + table("phases", id="a") + table("phases", id="a"), 10, "named twice"),
    ('[position]\ngame = "../minikit"\n' + PHASES, 4, "only for inline games"),
])
def test_inline_phase_faults_refused_with_their_line(text, line, needle):
    """An ``at = "during"`` with no phase (it would be checked as a phase end), an unknown phase,
    a phase of an unknown side, a phase named twice, [[phases]] in a kit game: refused."""
    with pytest.raises(InputError) as e:
        load_position(POSITIONS / "bad.toml", text)
    assert needle in str(e.value) and e.value.line == line, str(e.value)


def test_default_terrain_sea_is_water():
    """GEN movement (water is prohibited, costs): a red unit moving 0101 → 0102 on a grid whose
    ``default_terrain`` is "sea" enters water; with 0102 stated as clear it is legal."""
    grid = section("grid", default_terrain="sea")
    land = table("hexes", hex="0101", terrain="clear")
    move = unit("R", "red", "0102", previous="0101", values={"movement": 4})
    assert rule_ids(HEAD + grid + land + move) == ["GEN movement"]
    assert rule_ids(HEAD + grid + land + table("hexes", hex="0102", terrain="clear") + move) == []
    pos = load_position(POSITIONS / "inline.toml", HEAD + grid + move)
    assert pos.game.terrain["sea"].water and pos.map.default_terrain == "sea"


def test_generic_lists_the_names_it_does_not_read():
    """The generic rule set reads terrain names through ``move_cost_<terrain>``: "swamp" where the
    parameters name "marsh" is listed as ignored with its line; "marsh" is not, nor a unit type a
    selector reads (``zoc_exempt``'s default ``kind:hq`` is no type; ``type:tank`` in
    ``stacking_free`` is)."""
    text = (HEAD + section("rules", move_cost_marsh=2, stacking_free="type:tank")
            + table("hexes", hex="0303", terrain="swamp") + table("hexes", hex="0304", terrain="marsh")
            + unit("R", "red", "0303", type="tank") + unit("B", "blue", "0909", type="cavalry"))
    pos = load_position(POSITIONS / "inline.toml", text)
    assert len(pos.ignored) == 2, pos.ignored
    assert pos.ignored[0].startswith(f"{POSITIONS / 'inline.toml'}:{line_of(text, 'swamp')}: terrain 'swamp'")
    assert "reads: all_sea, all_water, clear, marsh, sea, water" in pos.ignored[0]
    assert pos.ignored[1].startswith(f"{POSITIONS / 'inline.toml'}:{line_of(text, 'cavalry')}: unit type 'cavalry'")


def test_check_prints_the_ignored_names(tmp_path):
    """``vmodgen check`` shows the ignored names, in text and in JSON, and still judges; with no
    finding it says "partial", not "legal" (a name no rule reads may hide a misspelt rule)."""
    f = tmp_path / "p.toml"
    body = HEAD + table("hexes", hex="0303", terrain="swamp") + unit("R", "red", "0303")
    f.write_text(body, encoding="utf-8")
    where = f"{f}:{line_of(body, 'swamp')}: terrain 'swamp'"
    text = CliRunner().invoke(check_command, [str(f)], standalone_mode=False)
    assert text.return_value == 0 and f"ignored: {where}" in text.output
    assert "partial: no findings" in text.output and "legal" not in text.output
    as_json = CliRunner().invoke(check_command, [str(f), "--json"], standalone_mode=False)
    assert json.loads(as_json.output)["ignored"][0].startswith(where) and json.loads(as_json.output)["partial"]


@pytest.mark.parametrize("ruleset, text, bad, needle", [
    ("invasion-malta", table("hexes", hex="0303", terrain="swamp"), "swamp", "unknown terrain 'swamp'"),
    ("north-africa-41", table("hexsides", hexes=["0303", "0304"], feature="cliff"), "cliff", "unknown hexside feature"),
    ("operation-mercury", table("lines", kind="railway", hexes=["0303", "0304"]), "railway",
     "unknown road or line 'railway'"),
    ("invasion-malta", unit("A", "axis", "0303", movement_class="tracked"), "tracked",
     "unknown movement class 'tracked'"),
])
def test_a_game_rule_set_refuses_names_outside_its_kit(ruleset, text, bad, needle):
    """A game's rule set reads its kit's names (IM has no terrain "swamp"; NA41 no "cliff"
    hexside; OM no "railway"; IM no "tracked" class): in an inline game another name is refused
    with its line and the names it knows."""
    head = f'[position]\nruleset = "{ruleset}"\nsides = ["axis", "allied"]\nturn = 1\n'
    with pytest.raises(InputError) as e:
        load_position(POSITIONS / "bad.toml", head + text)
    assert needle in str(e.value) and "known:" in str(e.value), str(e.value)
    assert e.value.line == line_of(head + text, bad), str(e.value)


def test_a_game_rule_set_lists_an_unknown_unit_type_as_ignored():
    """NA41 reads unit types through selectors only ("panzer" is no type of its kit): an inline
    unit of that type is judged by its values and class, and the type is listed as ignored."""
    text = ('[position]\nruleset = "north-africa-41"\nsides = ["axis", "allied"]\nturn = 1\n'
            + unit("A", "axis", "0303", type="panzer"))
    pos = load_position(POSITIONS / "inline.toml", text)
    assert [n.split(": ", 1)[1][:24] for n in pos.ignored] == ["unit type 'panzer' is re"]
    assert pos.ignored[0].startswith(f"{POSITIONS / 'inline.toml'}:{line_of(text, 'panzer')}:")


def test_a_kit_game_refuses_an_unknown_movement_class():
    """An inline unit in a kit game may only use the kit's movement classes (NA41: mech, non-mech)."""
    text = ('[position]\ngame = "north-africa-41"\n'
            + unit("A", "axis", "2020", type="infantry", movement_class="hover"))
    with pytest.raises(InputError) as e:
        load_position(POSITIONS / "bad.toml", text)
    assert "unknown movement class 'hover'" in str(e.value) and e.value.line == line_of(text, "hover"), str(e.value)


def test_docs_list_the_names_each_game_reads():
    """docs/position-format.md's table "Names the rules read" is the bundled kits' names."""
    from vmodgen.model.kit import load_kit
    doc = (POSITIONS.parents[2] / "docs" / "position-format.md").read_text(encoding="utf-8")
    rows = {cells[0].strip("`"): cells[1:] for cells in
            ([c.strip() for c in line.strip("|").split("|")] for line in doc.splitlines()
             if line.startswith("| `") and line.count("|") == 7)}
    for game in ("operation-mercury", "invasion-malta", "north-africa-41"):
        g = load_kit(game).game
        want = [", ".join(sorted(getattr(g, t))) for t in
                ("terrain", "hexside_features", "line_features", "point_features", "movement_classes")]
        assert rows[game] == want, game
