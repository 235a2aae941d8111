"""The shape of the rule sets (issue 19): the move check and the enemy ZOC written once in the
base, the memory carried between phases typed per game, status aliases declared by the rules and
not by the neutral positions."""
from __future__ import annotations

import ast
import typing

from im_util import al, hexes, kit, x
from import_graph_util import ROOT
from rules_util import grid, head, position, unit
from vmodgen.positions.model import UnitState
from vmodgen.rules import REGISTRY, ruleset_class, ruleset_for
from vmodgen.rules.base import STATUS_ALIASES, memory_keys
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
    """Each game's MEMORY_KEYS are the keys of the memory type it declares (``RuleSet[M]``)."""
    for name in REGISTRY:
        cls = ruleset_class(name)
        base = next(b for b in getattr(cls, "__orig_bases__", ()) + tuple(
            ob for k in cls.__mro__ for ob in getattr(k, "__orig_bases__", ())) if typing.get_args(b))
        (mem,) = typing.get_args(base)
        assert cls.MEMORY_KEYS == memory_keys(mem), name
        assert name == "generic" or cls.MEMORY_KEYS, name


def test_remember_writes_the_declared_types():
    """Invasion: Malta, an Airborne phase end after a draw: what ``remember`` writes has the types
    its memory type declares (dict of hexes, lists of ids)."""
    before = position(kit("draw") + x("P", "axis-paradrop-kg1") + al("A", "2020", status=["activated"]))
    after = position(kit("airborne") + x("P", "2019", status=["oos"]) + al("A", "2020", status=["activated"])
                     + hexes("1623", markers=["airhead"], owner="axis"))
    rs = ruleset_for(after.game)
    memory: dict = {}
    rs.remember(before, after, memory)
    (mem,) = typing.get_args(next(b for k in type(rs).__mro__ for b in getattr(k, "__orig_bases__", ())
                                  if typing.get_args(b)))
    hints = typing.get_type_hints(mem)
    assert memory and set(memory) <= set(hints)
    for key, value in memory.items():
        assert isinstance(value, typing.get_origin(hints[key]) or hints[key]), key


def test_status_aliases_declared_by_the_rules():
    """The marker ids that stand for statuses are declared in rules/base.py, not in the neutral
    positions; a unit carrying the IM kit's ``excess-stacking`` marker answers to ``excess``."""
    text = (ROOT / "vmodgen" / "positions" / "model.py").read_text(encoding="utf-8")
    assert not [a for names in STATUS_ALIASES.values() for a in names if f'"{a}"' in text]
    pos = position(kit("draw") + x("P", "2019", status=["excess-stacking"]))
    u: UnitState = pos.unit("P")
    assert u.has("excess") and not u.has("oos")
