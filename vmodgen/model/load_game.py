"""Load and validate a kit's ``game.toml`` into a :class:`~vmodgen.model.game.Game`."""
from __future__ import annotations

import math
import re
from pathlib import Path

from .game import (CounterField, Die, Formation, Game, HexsideFeature, LineFeature, Marker,
                   Named, Nationality, Phase, PointFeature, SequenceOfPlay, Side, Terrain,
                   UnitSize, UnitType)
from ..errors import InputError
from ..rules import REGISTRY, unknown_param, wrong_param   # the one registry of rule sets (imports none until asked)
from .tomldoc import Table, TomlDoc, shown
from .problems import item, report
from .schema import TABLES, keys, top_tables
from .layout import ART_MODES, BOX_NAMES, COLOR_ROLES, KNOWN_LAYOUTS, LAYOUT_KEYS, LayoutData
from .vocab import symbol_problems

ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
COLOR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")

#: the rule sets vmodgen knows (vmodgen.rules); a kit naming another is refused


def _id(t: Table, key: str = "id") -> str:
    v = t.str(key)
    if not ID_RE.match(v):
        raise t.error(f"'{key}' must be ASCII letters (a-z, A-Z), digits, '-', '_' or '.', not {shown(v)} "
                      f"(an id is what the other files refer to; the 'name' may be in any script)", key)
    return v


def _color(t: Table, key: str, default: str) -> str:
    """A colour key: "#rrggbb" or a CSS colour name (Pillow's list), kept as "#rrggbb"."""
    v = t.str(key, default)
    if not v or COLOR_RE.match(v):
        return v
    if len(v) <= 40 and v.replace(" ", "").isalpha():
        return _color_value(t, key, v)
    raise t.error(f"'{key}' must be a colour like \"#1f3a5c\" or a CSS colour name, not {shown(v)}", key)


def _die(t: Table, key: str, text: str) -> Die:
    m = re.fullmatch(r"(\d+)d(\d+)", text)
    if not m or not (1 <= int(m.group(1)) <= 20 and 2 <= int(m.group(2)) <= 1000):
        raise t.error(f"'{key}' must look like 1d6 or 2d6, not {shown(text)}", key)
    return Die(int(m.group(1)), int(m.group(2)))


def _collect(doc: TomlDoc, name: str, build) -> dict:
    out: dict = {}
    for t in doc.tables(name):
        with item():
            got = build(t)
            if got.id in out:
                raise t.error(f"duplicate id '{got.id}'", "id")
            out[got.id] = got
    return out


def _named(t: Table, *extra: str) -> tuple[str, str, str]:
    name = t.what.replace("[sequence].phases", "[[sequence.phases]]")
    table = name if name in TABLES["game.toml"] else None
    allowed = keys("game.toml", table) if table else ("id", "name", "note") + extra
    t.check_keys(allowed)
    return _id(t), t.str("name"), t.str("note", "")


def load_game(path: str | Path) -> tuple[Game, TomlDoc]:
    """Read ``game.toml``; every reference inside it is checked. Returns the game and the doc
    (whose ``[game]`` table names the roster, map and scenario files)."""
    doc = TomlDoc(path)
    doc.data.setdefault("game", {})
    top_keys = top_tables("game.toml")
    for key in doc.data:
        if key not in top_keys:
            report(InputError(doc.path, f"unknown top-level table '{key}' (known: "
                              f"{', '.join(sorted(top_keys))})",
                              line=doc.header_line(key) or doc.key_line(key)))
    g = doc.table("game")
    g.check_keys(keys("game.toml", "[game]"))
    die = _die(g, "die", g.str("die", "1d6"))
    dice = tuple(_die(g, "dice", text) for text in g.str_list("dice", ()))
    if len(dice) > 8:
        raise g.error("'dice' may name at most 8 dice buttons", "dice")
    counter_px = g.int("counter_px", None, minimum=16)
    if counter_px is not None and counter_px > 1000:
        raise g.error(f"'counter_px' may be at most 1000, not {counter_px}", "counter_px")
    ruleset = g.str("ruleset", "generic")
    if ruleset not in REGISTRY:
        raise g.error(f"unknown rule set '{ruleset}' (known: {', '.join(REGISTRY)})", "ruleset")
    game = Game(
        id=_id(g), name=g.str("name"), subtitle=g.str("subtitle", ""), ruleset=ruleset,
        version=g.str("version", "1.0") or "1.0",
        die=die, dice=tuple(dict.fromkeys((die,) + dice)),
        counter_layout=_layout_name(g, "counter_layout", "generic"),
        counter_size_mm=_counter_mm(g),
        counter_px=counter_px,
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
    seq.check_keys(keys("game.toml", "[sequence]"))
    phases = []
    seen = set()
    for t in seq.subs("phases"):
        with item():
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
                report(rules.error(f"rule parameter '{key}' may not be negative ({value})", key))
                continue
            refused = unknown_param(ruleset, key)
            if refused is not None:
                report(rules.error(refused, key))
                continue
            wrong = wrong_param(ruleset, key, value)
            if wrong is not None:
                report(rules.error(wrong, key))
                continue
            params[key] = value
        else:
            report(rules.error(f"rule parameter '{key}' must be a number, true/false or text", key))
    for key in illus:
        if key not in params and key in rules.data:
            continue            # a bad parameter, reported above
        if key not in params:
            report(rules.error(f"'illustrative' names '{key}', which is not a rule parameter", "illustrative"))
    game.rules = params
    game.illustrative_rules = frozenset(illus)
    if "layout" in doc.data:
        with item():
            _game_layout(doc, game)
    return game, doc


def _game_layout(doc: TomlDoc, game: Game) -> None:
    """The kit's ``[layout]`` table, its field ids checked against the game's fields."""
    lt = doc.table("layout")
    layout, keys = load_layout_table(lt, game.counter_layout)
    for key in ("row", "left", "right", "superscript", "hide"):
        for fid in getattr(layout, key):
            if fid not in game.fields:
                raise lt.error(f"'{key}' names '{fid}', which is not one of the game's [[fields]] "
                               f"({', '.join(game.fields) or 'none'})", key)
    game.layout, game.layout_keys, game.counter_layout = layout, keys, layout.base


#: the largest printed counter (mm): the print sheet needs one on an A4 and a Letter page
#: (a 5-inch counter; 1e300 was an internal error at the sheet)
MAX_COUNTER_MM = 127.0


def _counter_mm(g: Table) -> float:
    size = float(g.number("counter_size_mm", 12.7, minimum=5))
    if size > MAX_COUNTER_MM:
        raise g.error(f"'counter_size_mm' may be at most {MAX_COUNTER_MM:g} (a counter on a printed page), "
                      f"not {size:g}", "counter_size_mm")
    return size


def _layout_name(t: Table, key: str, default: str) -> str:
    name = t.str(key, default)
    if name not in KNOWN_LAYOUTS:
        raise t.error(f"unknown counter layout '{name}' (known: {', '.join(KNOWN_LAYOUTS)}; "
                      "describe your own in a [layout] table)", key)
    return name


def _color_value(t: Table, key: str, value) -> str:
    """A "#rrggbb" colour, or a CSS colour name (Pillow's list), as "#rrggbb"."""
    from PIL import ImageColor
    if not isinstance(value, str):
        raise t.error(f"colour '{key}' must be text like \"#1f3a5c\" or \"navy\", not {shown(value)}", key)
    try:
        r, g, b = ImageColor.getrgb(value)[:3]
    except ValueError:
        raise t.error(f"colour '{key}' must be like \"#1f3a5c\" or a CSS colour name, not {shown(value)}", key) from None
    return f"#{r:02x}{g:02x}{b:02x}"


def load_layout_table(t: Table, default_base: str) -> tuple[LayoutData, frozenset[str]]:
    """A ``[layout]`` table (or a bundled layout file's): the layout and the keys it gives."""
    t.check_keys(LAYOUT_KEYS)
    given = set(t.data) - {"base", "font"}
    base = _layout_name(t, "base", default_base)
    boxes = []
    bt = t.sub("boxes")
    if bt is not None:
        for name, value in bt.data.items():
            if name not in BOX_NAMES:
                raise bt.error(f"unknown box '{name}' (known: {', '.join(BOX_NAMES)})", name)
            if (not isinstance(value, list) or len(value) != 4
                    or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
                raise bt.error(f"box '{name}' must be [x0, y0, x1, y1] in fractions of the counter side", name)
            x0, y0, x1, y1 = (float(v) for v in value)
            if not (0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1):
                raise bt.error(f"box '{name}' must lie inside the counter (0..1) with x0 < x1 and y0 < y1, "
                               f"not {value}", name)
            boxes.append((name, (x0, y0, x1, y1)))
    colors = []
    ct = t.sub("colors")
    if ct is not None:
        for role, value in ct.data.items():
            if role not in COLOR_ROLES:
                raise ct.error(f"unknown colour role '{role}' (known: {', '.join(COLOR_ROLES)})", role)
            colors.append((role, _color_value(ct, role, value)))
    font = t.str("font", "bold")
    if font not in ("bold", "regular"):
        raise t.error(f"'font' must be \"bold\" or \"regular\", not {shown(font)}", "font")
    if "font" in t.data:
        given.add("bold")
    own_font = _font_file(t) if "font_file" in t.data else ""
    art = t.str("art", "face")
    if art not in ART_MODES:
        raise t.error(f"'art' must be one of {', '.join(ART_MODES)}, not {shown(art)}", "art")
    data = LayoutData(base=base, boxes=tuple(boxes), row=t.str_list("row"), left=t.str_list("left"),
                      right=t.str_list("right"), superscript=t.str_list("superscript"),
                      hide=t.str_list("hide"), bold=font == "bold", colors=tuple(colors), art=art,
                      font_file=own_font)
    return data, frozenset(given)


#: the largest font file a kit may name (a full CJK font is 10-20 MB)
MAX_FONT_BYTES = 32 * 1024 * 1024


def _font_file(t: Table) -> str:
    """``[layout] font_file``: ``path#digest`` of a font inside the kit that both its readers
    take: FreeType (Pillow) draws with it, fpdf2 embeds it in the print sheet (stricter: it
    needs the OS/2, post and name tables). Every fault names game.toml and the line."""
    import hashlib
    from .art import outside_kit
    from ..safeio import read_bytes
    home = Path(t.doc.path).parent
    path = home / t.str("font_file")
    try:
        found = path.is_file()
    except (OSError, ValueError) as e:          # a name too long, an embedded NUL...
        raise t.error(f"font file '{path}' cannot be read ({getattr(e, 'strerror', None) or e})",
                      "font_file") from None
    if not found:
        raise t.error(f"no font file '{path}'", "font_file")
    why = outside_kit(path, home)
    if why is not None:
        raise t.error(why.replace("images are read", "files are read"), "font_file")
    try:
        data = read_bytes(path, MAX_FONT_BYTES, "font file")
    except InputError as e:
        raise t.error(f"font file '{path}': {e.message}", "font_file") from None
    digest = hashlib.sha256(data).hexdigest()[:16]
    key = f"{path.resolve()}#{digest}"
    if key not in _FONT_FAULTS:             # a kit loaded again is not parsed again
        _FONT_FAULTS[key] = _unreadable_font(str(path), data)
    why = _FONT_FAULTS[key]
    if why:
        raise t.error(f"'{path}' {why}", "font_file")
    return key


#: ``path#digest`` of each font file checked -> why it cannot be used ("" = it can)
_FONT_FAULTS: dict[str, str] = {}


def _unreadable_font(path: str, data: bytes) -> str:
    """Why FreeType or fpdf2 cannot use the font ``data`` read from ``path`` ("" = both can)."""
    import io
    from PIL import ImageFont
    try:
        ImageFont.truetype(io.BytesIO(data), 20).getbbox("0")
    except (OSError, ValueError) as e:
        return f"is not a TrueType or OpenType font FreeType can read ({e})"
    from fpdf import FPDF
    try:
        FPDF().add_font("vmg-check", "", path)
    except Exception as e:      # fpdf2 and fontTools raise KeyError, AssertionError, TTLibError...
        return (f"is a font FreeType reads but fpdf2, which embeds it in the print sheet, cannot "
                f"({type(e).__name__}: {e}); give the font file as .ttf or .otf with its OS/2, post "
                f"and name tables")
    return ""
