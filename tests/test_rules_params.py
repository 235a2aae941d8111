"""Every parameter a rule set reads is declared once in its ``PARAMS`` (default and rule), read
with no inline default; a kit or a position naming a parameter the rule set does not take is
refused with its file and line and the nearest known name (issue 19 follow-up)."""
from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

from vmodgen.errors import InputError
from vmodgen.model.kit import load_kit
from vmodgen.rules import REGISTRY, ruleset_class, ruleset_for
from vmodgen.rules.generic import GenericRules
from vmodgen.rules.params_doc import BEGIN, END, params_section
from vmodgen.rules.position_file import load_position

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "vmodgen" / "rules"
GAMES = {"operation-mercury": "operation_mercury", "invasion-malta": "invasion_malta",
         "north-africa-41": "north_africa_41"}
READERS = ("param", "num", "flag", "sel", "is_")
#: reads whose name is computed, by file: the source of the name → every name it can be. Each is
#: guarded where the name comes from data (OM airfields: only the declared three are read; NA41
#: ports: only names of the ``port_capacity_<port>`` family)
COMPUTED = {
    "operation_mercury/places.py": {"f'om_sector_{which}'": {"om_sector_maleme_suda", "om_sector_retimo",
                                                              "om_sector_heraklion"},
                                    "own": {"airlanding_capacity_maleme_steps", "airlanding_capacity_retimo_steps",
                                            "airlanding_capacity_heraklion_steps"}},
    "north_africa_41/memory.py": {"f'na41_{name}_phase'": {"na41_initial_phase", "na41_recovery_phase",
                                                           "na41_delay_phase"},
                                  "name": set()},    # _ids(rs, name): its callers' names are read below
    "north_africa_41/ruleset.py": {"param": {"delay_marker_extra_mp", "strafing_extra_mp"}},
    "north_africa_41/supply.py": {"key": set()},    # port_capacity_<port>, read only when patterned
    "north_africa_41/units.py": {"key": {"na41_scenario_first_phase", "na41_italy_convoy_phases"}},
    "generic.py": {"key": {"stacking_unit", "supply_cost", "stacking_when", "stacking_free", "zoc_units", "zoc_exempt",
                           "supply_units", "supply_sources"},     # and the kit's supply_sources_<side>
                   "name": set()},                                # _terms(name): its callers' names are read below
}
#: helpers that read the parameter their argument names → the argument's index
HELPERS = {"_ids": 1, "_terms": 0}


def _reads(path: Path) -> list[tuple[str, ast.Call, ast.expr]]:
    """(reader, call, name expression) of every parameter read in ``path``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if isinstance(f, ast.Attribute) and name in READERS:
            at = 1 if name == "is_" else 0
            if len(node.args) > at:
                out.append((name, node, node.args[at]))
        elif name in HELPERS and len(node.args) > HELPERS[name]:
            out.append((name, node, node.args[HELPERS[name]]))
    return out


def _names(expr: ast.expr, rel: str) -> set[str]:
    """Every parameter name ``expr`` (the name argument of a read in file ``rel``) can be."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return {expr.value}
    if isinstance(expr, ast.IfExp):
        return _names(expr.body, rel) | _names(expr.orelse, rel)
    src = ast.unparse(expr)
    assert src in COMPUTED.get(rel, {}), f"{rel}:{expr.lineno}: a read whose name is computed ({src}): list it in COMPUTED"
    return COMPUTED[rel][src]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_read_names_a_declared_parameter_with_no_inline_default(game):
    """An AST walk of ``rules/games/<game>/**`` and of the generic layer it inherits: each call of
    ``param``/``num``/``flag``/``sel``/``is_`` names a parameter of the game's ``PARAMS`` (never a
    recorded-only one) and passes nothing more (the default is the declaration's)."""
    cls = ruleset_class(game)
    files = sorted((RULES / "games" / GAMES[game]).glob("*.py")) + [RULES / "generic.py"]
    seen = 0
    for path in files:
        rel = path.relative_to(RULES / "games").as_posix() if "games" in path.parts else path.name
        for reader, call, expr in _reads(path):
            at = 1 if reader == "is_" else 0
            if reader in READERS:
                assert len(call.args) == at + 1 and not call.keywords, \
                    f"{rel}:{call.lineno}: {ast.unparse(call)} passes a default; declare it in PARAMS"
            for name in _names(expr, rel):
                seen += 1
                assert name in cls.PARAMS, f"{rel}:{call.lineno}: '{name}' is not in {cls.__name__}.PARAMS"
                assert name not in cls.RECORDED, name
    assert seen > 50


def test_reading_an_undeclared_parameter_is_a_fault_of_the_rule_set():
    """At run time too: a rule set reading a name it does not declare (a recorded-only one, OM
    22.1's auto_allied_victory_turn, or a misspelling) gets a LookupError, never a silent None."""
    rs = ruleset_for(load_kit("operation-mercury").game)
    assert rs.num("stacking_limit_points") == 6                      # OM 4.31, the kit's
    for name in ("auto_allied_victory_turn", "stacking_limit_pionts"):
        with pytest.raises(LookupError, match=name):
            rs.param(name)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_parameter_cites_its_rule(game):
    """Each parameter a game adds (and each it records) says the rule it comes from: a rule
    number, a spec reading (§11 #n) or an Expanded SoP step."""
    cls = ruleset_class(game)
    cites = re.compile(r"^(\d+(\.\d+)*[a-z]?|§\d+|S\d)")
    own = {k: why for k, (_, why) in cls.PARAMS.items() if k not in GenericRules.PARAMS or
           GenericRules.PARAMS[k] != cls.PARAMS[k]}
    assert len(own) > 20
    for name, why in [*own.items(), *cls.RECORDED.items()]:
        assert cites.match(why), f"{name}: {why!r} cites no rule"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_recorded_numbers_are_the_kits_and_read_by_no_rule(game):
    """``RECORDED`` holds exactly the bundled kit's ``[rules]`` keys that the rule set does not
    read (not in ``PARAMS``, not of a ``PATTERNS`` family); every kit key is known."""
    cls = ruleset_class(game)
    rules = load_kit(game).game.rules
    assert not set(cls.RECORDED) & set(cls.PARAMS)
    assert set(cls.RECORDED) == {k for k in rules if k not in cls.PARAMS and not cls.patterned(k)}
    assert all(cls.unknown_param(k) is None for k in rules)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_document_lists_the_parameters(game):
    """``docs/rules/<game>.md`` carries the parameters section written from the rule set's
    PARAMS (``python tools/rules_params_doc.py`` rewrites it): the two agree."""
    cls = ruleset_class(game)
    text = (ROOT / cls.PARAMS_DOC).read_text(encoding="utf-8")
    assert cls.PARAMS_DOC == f"docs/rules/{GAMES[game]}.md"
    got = BEGIN + text.split(BEGIN, 1)[1].split(END, 1)[0] + END
    assert got == params_section(cls)
    for name in cls.PARAMS:
        assert f"`{name}`" in got, name


@pytest.mark.parametrize("game,typo,meant,line", [
    ("operation-mercury", "om_box_stackng = true", "om_box_stacking", 6),          # §11 #16
    ("invasion-malta", "stacking_limit_point = 9", "stacking_limit_points", 6),   # 3.32
    ("north-africa-41", "ezoc_exit_mps = 2", "ezoc_exit_mp", 6),                  # 7.2
])
def test_a_position_naming_an_unknown_parameter_is_refused(tmp_path, game, typo, meant, line):
    """A position of each game whose ``[rules]`` misspells a parameter is refused with the line
    of the key and the name meant; spelt right, it loads."""
    p = tmp_path / "pos.toml"
    p.write_text(f'[position]\ngame = "{game}"\nturn = 3\n\n[rules]\n{typo}\n', encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_position(p)
    assert e.value.path == str(p) and e.value.line == line
    assert f"unknown rule parameter '{typo.split()[0]}'" in e.value.message and f"did you mean '{meant}'?" in e.value.message
    p.write_text(f'[position]\ngame = "{game}"\nturn = 3\n\n[rules]\n{meant} {typo.split(" ", 1)[1]}\n', encoding="utf-8")
    assert ruleset_for(load_position(p).game).param(meant) is not None


def test_generic_position_keeps_listing_its_parameters(tmp_path):
    """The generic rule set's refusal still names every parameter it takes, and a near miss."""
    p = tmp_path / "pos.toml"
    p.write_text('[position]\nruleset = "generic"\nsides = ["a", "b"]\n\n[rules]\nzoc_stopp = true\n', encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_position(p)
    assert e.value.line == 6 and "did you mean 'zoc_stop'?" in e.value.message and "known: stacking_limit" in e.value.message


@pytest.fixture(scope="module")
def om_module(tmp_path_factory):
    from bundled_module_util import bundled_module
    return bundled_module("operation-mercury", tmp_path_factory, "rules-params").module


def _misspelt_kit(tmp_path: Path) -> tuple[Path, int]:
    """A copy of the bundled Operation Mercury kit whose ``reaction_min_ma`` (7.41) is misspelt;
    the line of the misspelt key."""
    kit = tmp_path / "counters" / "om"
    shutil.copytree(ROOT / "counters" / "operation-mercury", kit)
    (tmp_path / "maps").symlink_to(ROOT / "maps")
    game = kit / "game.toml"
    lines = game.read_text(encoding="utf-8").split("\n")
    at = next(i for i, x in enumerate(lines) if x.startswith("reaction_min_ma ="))
    lines[at] = lines[at].replace("reaction_min_ma", "reaction_min_mma", 1)
    game.write_text("\n".join(lines), encoding="utf-8")
    return kit, at + 1


def _cli(args: list[str], capsys) -> tuple[int, str]:
    from vmodgen import cli
    with pytest.raises(SystemExit) as e:
        cli.main(args)
    return e.value.code, capsys.readouterr().err


def test_a_kit_naming_an_unknown_parameter_is_refused_by_every_command(tmp_path, capsys, om_module):
    """A kit whose ``[rules]`` misspells a parameter: ``validate``, ``build``, ``check`` (a position
    of that kit) and ``audit`` (a log with ``--game`` that kit) exit 2 with one line naming the
    kit's game.toml, the key's line and the name meant; nothing is built, the kit is unchanged."""
    kit, line = _misspelt_kit(tmp_path)
    before = (kit / "game.toml").read_bytes()
    pos = tmp_path / "pos.toml"
    pos.write_text(f'[position]\ngame = "{kit}"\nturn = 3\n', encoding="utf-8")
    out = tmp_path / "out"
    log = ROOT / "tests" / "data" / "recorded" / "om-clean.vlog"
    for args in (["validate", str(kit)], ["build", str(kit), "-o", str(out)], ["check", str(pos)],
                 ["audit", str(log), "--module", str(om_module), "--game", str(kit)]):
        code, err = _cli(args, capsys)
        assert code == 2, args
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"vmodgen: {kit / 'game.toml'}:{line}: "), (args, err)
        assert "unknown rule parameter 'reaction_min_mma'" in err and "did you mean 'reaction_min_ma'?" in err
        assert "Traceback" not in err
    assert not out.exists() and (kit / "game.toml").read_bytes() == before


def test_bundled_kits_load_with_every_parameter_known():
    """The three bundled kits load (the loader refuses an unknown parameter), and each sets some
    parameters its rules read and some the players only read."""
    for game in GAMES:
        cls = ruleset_class(game)
        rules = load_kit(game).game.rules
        assert any(k in cls.PARAMS for k in rules) and any(k in cls.RECORDED for k in rules), game
    assert set(GAMES) | {"generic"} == set(REGISTRY)


@pytest.mark.parametrize("game,limit", [("invasion-malta", 9), ("north-africa-41", 5)])
def test_a_position_may_give_the_points_limit_by_its_generic_name(tmp_path, game, limit):
    """IM 3.32 (9 SP) and NA41 4.1 (5 points) read ``stacking_limit_points``; an inline position of
    the game that sets only the generic ``stacking_limit`` sets the limit too (as before the
    parameters were declared), and ``stacking_limit_points`` wins when both are set."""
    p = tmp_path / "pos.toml"
    head = f'[position]\nruleset = "{game}"\nsides = ["axis", "allied"]\n\n[rules]\n'
    for rules, want in (("", limit), ("stacking_limit = 2\n", 2),
                        ("stacking_limit = 2\nstacking_limit_points = 4\n", 4)):
        p.write_text(head + rules, encoding="utf-8")
        assert ruleset_for(load_position(p).game).stacking_limit() == want, rules


@pytest.mark.parametrize("game,name", [("operation-mercury", "zoc_stop"), ("invasion-malta", "supply_range"),
                                       ("north-africa-41", "stacking_unit"), ("operation-mercury", "supply_sources_german")])
def test_a_generic_parameter_the_game_does_not_read_is_refused(tmp_path, game, name):
    """A game's own rules replace the generic ones (OM 5.11-5.16 ZOC, IM 6.1 supply, NA41 4.2
    stacking points): a position setting the generic parameter those would read is refused with
    its line, not silently ignored."""
    cls = ruleset_class(game)
    assert name in cls.NOT_TAKEN or not cls.patterned(name)
    p = tmp_path / "pos.toml"
    p.write_text(f'[position]\ngame = "{game}"\nturn = 3\n\n[rules]\n{name} = 1\n', encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_position(p)
    assert e.value.line == 6 and f"'{name}'" in e.value.message and cls.PARAMS_DOC in e.value.message


def test_a_parameter_of_the_wrong_type_is_refused_with_its_line(tmp_path):
    """IM 8.33: ``road_cost_axis_mp`` is a number (0.5 by default, a fraction): text there is
    refused when the position loads, with the key's line, not when a move first reads it."""
    p = tmp_path / "pos.toml"
    p.write_text('[position]\ngame = "invasion-malta"\nturn = 3\n\n[rules]\nroad_cost_axis_mp = "half"\n', encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_position(p)
    assert e.value.line == 6 and "'road_cost_axis_mp' must be a number" in e.value.message
    p.write_text('[position]\ngame = "invasion-malta"\nturn = 3\n\n[rules]\nroad_cost_axis_mp = 1\n', encoding="utf-8")
    assert ruleset_for(load_position(p).game).num("road_cost_axis_mp") == 1
