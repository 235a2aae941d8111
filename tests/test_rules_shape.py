"""The shape of the rule sets (issue 19): the move check and the enemy ZOC written once in the
base, the memory carried between phases typed per game, status aliases declared by the rules and
not by the neutral positions."""
from __future__ import annotations

import ast
import dataclasses

import pytest

from im_util import al, hexes, kit, x
from import_graph_util import ROOT
from rules_util import grid, head, position, unit
from vmodgen.positions.model import UnitState
from vmodgen.rules import REGISTRY, ruleset_class, ruleset_for
from vmodgen.rules.base import Memory
from vmodgen.rules.core import Board

RULES = ROOT / "vmodgen" / "rules"


def defined(name: str) -> list[str]:
    """The files below vmodgen/rules that define a function or method ``name``."""
    out = []
    for f in sorted(RULES.rglob("*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.FunctionDef) and n.name == name for n in ast.walk(tree)):
            out.append(str(f.relative_to(RULES)))
    return out


def test_move_check_and_enemy_zoc_written_once():
    """The move check's skeleton (``check_moves``), the trial of unannounced modes
    (``unannounced``), the merged enemy ZOC (``enemy_field``) and the standard ZOC objections are
    defined in one place each; the games answer the hooks."""
    assert defined("check_moves") == ["base.py"]
    assert defined("unannounced") == ["base.py"]          # games give their trials (and wording)
    assert defined("enemy_field") == ["base.py"]
    for text in ("it entered enemy ZOC at", "moved directly from enemy ZOC"):
        holders = [str(f.relative_to(RULES)) for f in sorted(RULES.rglob("*.py"))
                   if text in f.read_text(encoding="utf-8")]
        assert holders == ["core/movement.py"], text


def test_enemy_zoc_is_the_merged_field():
    """Generic ZOC (every neighbour of an exerting unit): ``enemy_zoc`` (the generic set's cached
    table) gives the hexes of ``enemy_field``, the one ZOC form; blue's ZOC reaches red's side."""
    pos = position(head("generic", ("red", "blue")) + grid((1, 12), (1, 12))
                   + unit("R", "red", "0505") + unit("B", "blue", "0705"))
    rs = ruleset_for(pos.game)
    board = Board(pos)
    field = rs.enemy_field(board, "red")
    assert field.hexes() and set(board.neighbours("0705")) <= field.hexes()
    assert rs.enemy_zoc(board, "red") == field.hexes()


def test_memory_keys_are_the_declared_memory_type():
    """Each game's MEMORY_KEYS are the fields of the memory dataclass it declares
    (``memory_type``, a :class:`Memory`); the generic set carries nothing."""
    for name in REGISTRY:
        cls = ruleset_class(name)
        mem = cls.memory_type
        assert dataclasses.is_dataclass(mem) and issubclass(mem, Memory), name
        assert cls.MEMORY_KEYS == tuple(f.name for f in dataclasses.fields(mem)), name
        assert (name == "generic") == (not cls.MEMORY_KEYS), name


def test_memory_snapshot_is_a_shallow_copy_of_the_same_type():
    """``Memory.snapshot`` (each judged position's memory): the game's own memory type, equal to
    the memory, sharing its values; replacing a field of either leaves the other as it was."""
    for name in REGISTRY:
        memory = ruleset_class(name).memory_type()
        for f in dataclasses.fields(memory):
            setattr(memory, f.name, {"from": f.name})
        snap = memory.snapshot()
        assert type(snap) is type(memory) and snap == memory and snap is not memory, name
        for f in dataclasses.fields(memory):
            assert getattr(snap, f.name) is getattr(memory, f.name), name
            setattr(snap, f.name, None)
            assert getattr(memory, f.name) == {"from": f.name}, name


def test_remember_writes_the_declared_types():
    """Invasion: Malta, an Airborne phase end after a draw: what ``remember`` writes into the
    memory dataclass has the types its fields declare (dict of hexes, lists of ids)."""
    before = position(kit("draw") + x("P", "axis-paradrop-kg1") + al("A", "2020", status=["activated"]))
    after = position(kit("airborne") + x("P", "2019", status=["oos"]) + al("A", "2020", status=["activated"])
                     + hexes("1623", markers=["airhead"], owner="axis"))
    rs = ruleset_for(after.game)
    memory = rs.new_memory()
    rs.remember(before, after, memory)
    written = memory.stated()
    assert written and set(written) <= set(rs.MEMORY_KEYS)
    for key, value in written.items():
        assert memory.refusal(key, value) is None, key
    assert memory.prev_hexes == {"P": "2019", "A": "2020"}


def test_status_aliases_declared_by_the_rules():
    """The marker ids that stand for statuses are declared by each rule set, not in the neutral
    positions: a unit carrying the IM kit's ``excess-stacking`` marker answers to ``excess`` in an
    Invasion: Malta position (IM 3.34); the generic rule set knows no such name (a position
    saying it is refused), and the Operation Mercury aliases (``fatigue``) are not Invasion:
    Malta's."""
    text = (ROOT / "vmodgen" / "positions" / "model.py").read_text(encoding="utf-8")
    for name in REGISTRY:
        aliases = ruleset_class(name).status_aliases
        assert not [a for names in aliases.values() for a in names if f'"{a}"' in text], name
    assert ruleset_class("generic").status_aliases == {}
    assert ruleset_class("invasion-malta").status_aliases == {"excess": ("excess-stacking",),
                                                              "activated": ("activation",)}
    pos = position(kit("draw") + x("P", "2019", status=["excess-stacking"]))
    u: UnitState = pos.unit("P")
    assert u.has("excess") and not u.has("oos") and not u.has("fatigued")
    from vmodgen.errors import InputError
    with pytest.raises(InputError, match="unknown status 'excess-stacking'"):
        position(head("generic", ("red", "blue")) + grid((1, 4), (1, 4))
                 + unit("R", "red", "0101", status=["excess-stacking"]))


def test_position_memory_fields_fill_the_dataclass_and_are_type_checked(tmp_path):
    """A position file's ``[state]`` keys that are fields of the rule set's memory fill
    ``Position.memory`` (NA41 12.1.4's ``na41_retreat_overstack``); the others stay in
    ``Position.state``; a field stated with the wrong type is refused with its line."""
    from vmodgen.errors import InputError
    from vmodgen.rules.position_file import load_position
    p = tmp_path / "pos.toml"
    p.write_text('[position]\ngame = "north-africa-41"\nturn = 3\n\n[state]\n'
                 'na41_comando_supremo = true\nna41_retreat_overstack = {"2020" = "allied"}\n')
    pos = load_position(p)
    assert pos.memory.na41_retreat_overstack == {"2020": "allied"}
    assert pos.state == {"na41_comando_supremo": True}
    p.write_text('[position]\ngame = "north-africa-41"\nturn = 3\n\n[state]\n'
                 'na41_extended_moved = ["A", 3]\n')
    with pytest.raises(InputError) as e:
        load_position(p)
    assert e.value.line == 6 and "[state] na41_extended_moved" in e.value.message
    # a field no game validator looks at is checked against its declared type (dict[str, str])
    p.write_text('[position]\ngame = "operation-mercury"\nturn = 3\n\n[state]\nom_end_hexes = {A = 3}\n')
    with pytest.raises(InputError) as e:
        load_position(p)
    assert e.value.line == 6 and e.value.message.startswith("[state] om_end_hexes must be a table like {name = text}")


def test_games_subclass_the_generic_rule_set():
    """Generic, then a game overrides these hooks: every game's rule set is a ``GenericRules``
    whose parameters extend the generic's; the generic behaviour a game does not take is the
    base's, said in the game's first layer. Operation Mercury (OM 5.15: a ZOC does not cross a
    cliff): the Allied unit in 4314 gives the German unit in 4315, behind a cliff hexside, no
    enemy ZOC there, where the generic table (every neighbour of an exerting unit) would."""
    from om_util import H, a, g
    from rules_util import table
    from vmodgen.rules.base import RuleSet
    from vmodgen.rules.generic import GenericRules
    for name in REGISTRY:
        cls = ruleset_class(name)
        assert issubclass(cls, GenericRules), name
        assert set(GenericRules.PARAMS) <= set(cls.PARAMS), name
        if name != "generic":
            assert cls.allowance_field is RuleSet.allowance_field and cls.REFUSES_UNKNOWN_PARAMS, name
            assert cls.zoc is not GenericRules.zoc and cls.move_model is not GenericRules.move_model, name
    assert ruleset_class("operation-mercury").check_retreat is RuleSet.check_retreat
    pos = position(H + table("hexsides", hexes=["4314", "4315"], feature="cliff") + a("A", "4314")
                   + g("G", "4315"))
    rs = ruleset_for(pos.game)
    board = Board(pos)
    assert rs.enemy_zoc(board, "german") == rs.enemy_field(board, "german").hexes()
    assert "4315" not in rs.enemy_zoc(board, "german") and "4315" in GenericRules._zoc_reach(rs, board, "4314")


def test_game_parameters_extend_the_generic_ones(tmp_path):
    """A game's PARAMS are the generic's plus its rulebook numbers, each with its default (OM
    4.31: 6 stacking points), read from there; a value of the wrong type is refused with the line
    of the parameter, as the generic set refuses its own."""
    from vmodgen.errors import InputError
    from vmodgen.rules.generic import GenericRules
    from vmodgen.rules.position_file import load_position
    om = ruleset_class("operation-mercury")
    assert om.PARAMS["stacking_limit_points"][0] == 6 and "4.31" in om.PARAMS["stacking_limit_points"][1]
    assert set(om.PARAMS) - set(GenericRules.PARAMS) >= {"zoc_to_zoc_min_ma", "om_box_stacking"}
    p = tmp_path / "pos.toml"
    p.write_text('[position]\ngame = "operation-mercury"\nturn = 3\n\n[rules]\nstacking_limit_points = 4\n')
    pos = load_position(p)
    assert ruleset_for(pos.game).stacking_limit() == 4
    p.write_text('[position]\ngame = "operation-mercury"\nturn = 3\n\n[rules]\nom_box_stacking = "yes"\n')
    with pytest.raises(InputError) as e:
        load_position(p)
    assert e.value.line == 6 and "'om_box_stacking' must be true or false" in e.value.message
