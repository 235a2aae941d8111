"""Load and validate a kit's ``game.toml`` into a :class:`~vmodgen.model.game.Game`."""
from __future__ import annotations

import math
import re
from pathlib import Path

from .game import (CounterField, Die, Formation, Game, HexsideFeature, LineFeature, Marker,
                   Named, Nationality, Phase, PointFeature, SequenceOfPlay, Side, Terrain,
                   UnitSize, UnitType)
from ..errors import InputError
from .tomldoc import Table, TomlDoc, shown
from .vocab import symbol_problems

ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
COLOR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")

#: the rule sets vmodgen knows (vmodgen.rules); a kit naming another is refused
KNOWN_RULESETS = ("generic", "operation-mercury", "invasion-malta", "north-africa-41")


def _id(t: Table, key: str = "id") -> str:
    v = t.str(key)
    if not ID_RE.match(v):
        raise t.error(f"'{key}' must be letters, digits, '-', '_' or '.', not {shown(v)}", key)
    return v


def _color(t: Table, key: str, default: str) -> str:
    v = t.str(key, default)
    if v and not COLOR_RE.match(v):
        raise t.error(f"'{key}' must be a colour like \"#1f3a5c\", not {shown(v)}", key)
    return v


def _collect(doc: TomlDoc, name: str, build) -> dict:
    out: dict = {}
    for t in doc.tables(name):
        item = build(t)
        if item.id in out:
            raise t.error(f"duplicate id '{item.id}'", "id")
        out[item.id] = item
    return out


def _named(t: Table, *extra: str) -> tuple[str, str, str]:
    t.check_keys(("id", "name", "note") + extra)
    return _id(t), t.str("name"), t.str("note", "")


def load_game(path: str | Path) -> tuple[Game, TomlDoc]:
    """Read ``game.toml``; every reference inside it is checked. Returns the game and the doc
    (whose ``[game]`` table names the roster, map and scenario files)."""
    doc = TomlDoc(path)
    doc.data.setdefault("game", {})
    top_keys = {"game", "sides", "nationalities", "formations", "unit_types", "unit_sizes",
                "fields", "movement_classes", "flags", "terrain", "hexside_features",
                "line_features", "point_features", "markers", "sequence", "rules"}
    for key in doc.data:
        if key not in top_keys:
            raise InputError(doc.path, f"unknown top-level table '{key}' (known: "
                             f"{', '.join(sorted(top_keys))})",
                             line=doc.header_line(key) or doc.key_line(key))
    g = doc.table("game")
    g.check_keys(("id", "name", "subtitle", "ruleset", "die", "map", "roster", "scenarios",
                  "counter_layout", "counter_size_mm", "source", "illustrative_note"))
    die_text = g.str("die", "1d6")
    m = re.fullmatch(r"(\d+)d(\d+)", die_text)
    if not m or not (1 <= int(m.group(1)) <= 20 and 2 <= int(m.group(2)) <= 1000):
        raise g.error(f"'die' must look like 1d6 or 2d6, not {shown(die_text)}", "die")
    ruleset = g.str("ruleset", "generic")
    if ruleset not in KNOWN_RULESETS:
        raise g.error(f"unknown rule set '{ruleset}' (known: {', '.join(KNOWN_RULESETS)})", "ruleset")
    game = Game(
        id=_id(g), name=g.str("name"), subtitle=g.str("subtitle", ""), ruleset=ruleset,
        die=Die(int(m.group(1)), int(m.group(2))),
        counter_layout=g.str("counter_layout", "generic"),
        counter_size_mm=float(g.number("counter_size_mm", 12.7, minimum=5)),
        source=g.str("source", ""), illustrative_note=g.str("illustrative_note", ""),
    )

    def side(t: Table) -> Side:
        i, n, note = _named(t, "color")
        return Side(i, n, note, color=_color(t, "color", "#808080"))
    game.sides = _collect(doc, "sides", side)
    if len(game.sides) < 2:
        raise InputError(
            doc.path, "a game needs at least two [[sides]]", line=doc.header_line("sides") or 1)

    def nationality(t: Table) -> Nationality:
        i, n, note = _named(t, "side", "color", "text_color", "illustrative")
        s = t.str("side")
        if s not in game.sides:
            raise t.error(f"unknown side '{s}'", "side")
        return Nationality(i, n, note, side=s, color=_color(t, "color", "#c0c0c0"),
                           text_color=_color(t, "text_color", "#000000"),
                           illustrative=t.bool("illustrative"))
    game.nationalities = _collect(doc, "nationalities", nationality)

    def formation(t: Table) -> Formation:
        i, n, note = _named(t, "nationality", "color", "illustrative")
        nat = t.str("nationality", "")
        if nat and nat not in game.nationalities:
            raise t.error(f"unknown nationality '{nat}'", "nationality")
        return Formation(i, n, note, nationality=nat, color=_color(t, "color", ""),
                         illustrative=t.bool("illustrative"))
    game.formations = _collect(doc, "formations", formation)

    def plain(t: Table) -> Named:
        return Named(*_named(t))
    game.movement_classes = _collect(doc, "movement_classes", plain)
    game.flags = _collect(doc, "flags", plain)

    def unit_type(t: Table) -> UnitType:
        i, n, note = _named(t, "symbol", "movement_class", "kind")
        mc = t.str("movement_class", "")
        if mc and mc not in game.movement_classes:
            raise t.error(f"unknown movement class '{mc}'", "movement_class")
        kind = t.str("kind", "ground")
        if kind not in ("ground", "air", "naval", "marker", "supply", "hq", "other"):
            raise t.error(f"unknown kind '{kind}'", "kind")
        symbol = t.str("symbol", "infantry")
        problems = symbol_problems(symbol)
        if problems:
            raise t.error("; ".join(problems), "symbol")
        return UnitType(i, n, note, symbol=symbol, movement_class=mc, kind=kind)
    game.unit_types = _collect(doc, "unit_types", unit_type)

    def unit_size(t: Table) -> UnitSize:
        i, n, note = _named(t, "mark")
        return UnitSize(i, n, note, mark=t.str("mark", ""))
    game.unit_sizes = _collect(doc, "unit_sizes", unit_size)

    def counter_field(t: Table) -> CounterField:
        i, n, note = _named(t, "kind", "abbrev")
        kind = t.str("kind", "int")
        if kind not in ("int", "text"):
            raise t.error(f"'kind' must be int or text, not '{kind}'", "kind")
        if "." in i or ":" in i:
            raise t.error("a field id may not contain '.' or ':'", "id")
        return CounterField(i, n, note, kind=kind, abbrev=t.str("abbrev", ""))
    game.fields = _collect(doc, "fields", counter_field)

    def terrain(t: Table) -> Terrain:
        i, n, note = _named(t, "color", "pattern", "water")
        return Terrain(i, n, note, color=_color(t, "color", "#e8e0c0"), pattern=t.str("pattern", ""),
                       water=t.bool("water"))
    game.terrain = _collect(doc, "terrain", terrain)

    def hexside(t: Table) -> HexsideFeature:
        i, n, note = _named(t, "color", "directional")
        return HexsideFeature(i, n, note, color=_color(t, "color", "#000000"),
                              directional=t.bool("directional"))
    game.hexside_features = _collect(doc, "hexside_features", hexside)

    def line_feature(t: Table) -> LineFeature:
        i, n, note = _named(t, "color", "width", "dashed")
        return LineFeature(i, n, note, color=_color(t, "color", "#804000"),
                           width=float(t.number("width", 0.08, minimum=0.005)), dashed=t.bool("dashed"))
    game.line_features = _collect(doc, "line_features", line_feature)

    def point_feature(t: Table) -> PointFeature:
        i, n, note = _named(t, "symbol")
        return PointFeature(i, n, note, symbol=t.str("symbol", i))
    game.point_features = _collect(doc, "point_features", point_feature)

    def marker(t: Table) -> Marker:
        i, n, note = _named(t, "color", "text")
        return Marker(i, n, note, color=_color(t, "color", "#ffffff"), text=t.str("text", ""))
    game.markers = _collect(doc, "markers", marker)

    seq = doc.table("sequence", required=False)
    seq.check_keys(("turn_name", "first_turn", "last_turn", "phases"))
    phases = []
    seen = set()
    for t in seq.subs("phases"):
        i, n, note = _named(t, "side", "segments", "kind")
        if i in seen:
            raise t.error(f"duplicate phase id '{i}'", "id")
        seen.add(i)
        s = t.str("side", "")
        if s and s not in game.sides:
            raise t.error(f"unknown side '{s}'", "side")
        phases.append(Phase(i, n, note, side=s, segments=t.str_list("segments"), kind=t.str("kind", "")))
    game.sequence = SequenceOfPlay(turn_name=seq.str("turn_name", "Turn"),
                                   first_turn=seq.int("first_turn", 1),
                                   last_turn=seq.int("last_turn", None, minimum=1),
                                   phases=tuple(phases))

    rules = doc.table("rules", required=False)
    illus = rules.str_list("illustrative")
    params: dict = {}
    for key, value in rules.data.items():
        if key == "illustrative":
            continue
        if isinstance(value, bool) or isinstance(value, (int, float, str)):
            if isinstance(value, float) and not math.isfinite(value):
                raise rules.error(f"rule parameter '{key}' must be a finite number, not {value}", key)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
                raise rules.error(f"rule parameter '{key}' may not be negative ({value})", key)
            params[key] = value
        else:
            raise rules.error(f"rule parameter '{key}' must be a number, true/false or text", key)
    for key in illus:
        if key not in params:
            raise rules.error(f"'illustrative' names '{key}', which is not a rule parameter", "illustrative")
    game.rules = params
    game.illustrative_rules = frozenset(illus)
    return game, doc
