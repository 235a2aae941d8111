"""Load and validate a map: ``map.toml`` (sheets, hexsides, lines, places, boxes, areas) and one
terrain CSV per sheet (``hex,terrain,elevation,features,illustrative,note``)."""
from __future__ import annotations

import re
from pathlib import Path

from .. import limits
from ..errors import InputError, LimitError
from ..hexes.scheme import HexScheme
from .art import outside_kit
from .csvfile import CsvTable
from .game import Game
from .load_game import _id
from .mapdata import Area, Box, Hexside, HexInfo, LinePath, MapData, Place, ScannedImage, Sheet
from .tomldoc import Table, TomlDoc, shown
from .problems import item, report
from .schema import keys, top_tables


def is_file(p: Path) -> bool:
    """``p.is_file()``, False for a name the system refuses (too long, a NUL...)."""
    try:
        return p.is_file()
    except (OSError, ValueError):
        return False


ELEVATION_RE = re.compile(r"^[+-]?[0-9]{1,6}$")
SHEET_KEYS = keys("map.toml", "[[sheets]]")


def load_map(path: str | Path, game: Game) -> MapData:
    doc = TomlDoc(path)
    for key in doc.data:
        if key not in top_tables("map.toml"):
            raise InputError(path, f"unknown top-level table '{key}'", line=doc.header_line(key))
    m = doc.table("map")
    m.check_keys(keys("map.toml", "[map]"))
    mapdata = MapData(id=_id(m), name=m.str("name"),
                      hex_height_px=m.int("hex_height_px", 64, minimum=16),
                      default_terrain=m.str("default_terrain", "clear"),
                      illustrative_note=m.str("illustrative_note", ""))
    if mapdata.hex_height_px > 1000:
        raise m.error("'hex_height_px' may be at most 1000", "hex_height_px")
    if mapdata.default_terrain not in game.terrain:
        raise m.error(f"unknown terrain '{mapdata.default_terrain}'", "default_terrain")
    base = Path(path).parent
    for t in doc.tables("sheets"):
        with item():
            sheet = _sheet(t, base)
            if sheet.id in mapdata.sheets:
                raise t.error(f"duplicate sheet id '{sheet.id}'", "id")
            mapdata.sheets[sheet.id] = sheet
    if not mapdata.sheets:
        raise InputError(path, "a map needs at least one [[sheets]] entry", line=1)
    total = sum(s.scheme.n_lines * s.scheme.n_pos for s in mapdata.sheets.values())
    if total > limits.MAX_MAP_HEXES:
        raise LimitError(path, f"the sheets have {total} hexes in all, more than the limit of "
                               f"{limits.MAX_MAP_HEXES}", line=1)
    _check_sheets(doc, mapdata)
    for t in doc.tables("sheets"):
        if "hexes" in t:
            csv_path = base / t.str("hexes")
            if not is_file(csv_path):
                raise t.error(f"no terrain table file '{csv_path}'", "hexes")
            _load_terrain(csv_path, mapdata, game)
    _load_features(doc, mapdata, game)
    mapdata.invalidate()
    return mapdata


def _sheet(t: Table, base: Path) -> Sheet:
    t.check_keys(SHEET_KEYS)
    scheme = HexScheme(
        prefix=t.str("prefix", ""), lines=t.str("lines", "columns"),  # type: ignore[arg-type]
        line_first=t.bool("line_first", True), line_digits=t.int("line_digits", 2, minimum=1),
        pos_digits=t.int("pos_digits", 2, minimum=1), separator=t.str("separator", ""),
        line_range=t.int_pair("line_range"), pos_range=t.int_pair("pos_range"),  # type: ignore[arg-type]
        line_grows=t.str("line_grows", "east"), pos_grows=t.str("pos_grows", "south"),
        shift=t.str("shift", "odd"),  # type: ignore[arg-type]
    )
    if scheme.line_range is None or scheme.pos_range is None:
        raise t.error("a sheet needs 'line_range' and 'pos_range'")
    for key in ("line_digits", "pos_digits"):
        if getattr(scheme, key) > 9:
            raise t.error(f"'{key}' may be at most 9", key)
    for key in ("prefix", "separator"):
        if len(getattr(scheme, key)) > 16:
            raise t.error(f"'{key}' may be at most 16 characters long", key)
    for key in ("line_range", "pos_range"):
        if max(abs(v) for v in getattr(scheme, key)) > 999_999_999:
            raise t.error(f"'{key}' numbers may have at most 9 digits", key)
    problems = scheme.problems()
    if problems:
        raise t.error("; ".join(problems))
    n = scheme.n_lines * scheme.n_pos
    if n > 250_000:
        raise t.error(f"a sheet of {n} hexes is larger than the limit of 250000")
    image = None
    img = t.sub("image")
    if img is not None:
        img.check_keys(keys("map.toml", "[sheets.image]"))
        image = ScannedImage(file=str(base / img.str("file")),
                             hex_height_px=float(img.required_number("hex_height_px", minimum=4)),
                             origin=img.int_pair("origin"))  # type: ignore[arg-type]
        if image.origin is None:
            raise img.error("a scanned image needs 'origin', the pixel centre of the first hex")
        if not is_file(Path(image.file)):
            raise img.error(f"no image file '{image.file}'", "file")
        why = outside_kit(Path(image.file), base)
        if why is not None:
            raise img.error(why, "file")
    return Sheet(id=_id(t), name=t.str("name", t.str("id")), scheme=scheme,
                 offset=t.int_pair("offset"), image=image, line=t.line or 0)


def _check_sheets(doc: TomlDoc, mapdata: MapData) -> None:
    seen: dict[str, str] = {}
    for sheet in mapdata.sheets.values():
        hexes = sheet.scheme.hexes()
        for hid in dict.fromkeys(sheet.scheme.format(h) for h in (hexes[0], hexes[-1])):   # one hex: once
            if hid in seen:
                raise InputError(doc.path, f"sheets '{seen[hid]}' and '{sheet.id}' both have a hex "
                                           f"'{hid}': give them different prefixes", line=sheet.line)
            seen[hid] = sheet.id
    placed = [s for s in mapdata.sheets.values() if s.offset is not None]
    for s in placed[1:]:
        a, b = placed[0].scheme, s.scheme
        if (a.lines, a.line_grows, a.pos_grows) != (b.lines, b.line_grows, b.pos_grows):
            raise InputError(doc.path, f"sheet '{s.id}' is placed beside '{placed[0].id}' but its "
                                       "lines run another way", line=s.line)


def _load_terrain(path: Path, mapdata: MapData, game: Game) -> None:
    table = CsvTable(path, "terrain table")
    allowed = keys("<sheet>.csv", "columns")
    for col in table.header:
        if col not in allowed:
            report(table.error(f"unknown column '{col}' (known: {', '.join(allowed)})"))
    if "hex" not in table.header or "terrain" not in table.header:
        raise table.error("a terrain table needs the columns 'hex' and 'terrain'")
    for line, cells in table.rows():
        with item():
            hid = cells["hex"]
            if not mapdata.has_hex(hid):
                raise InputError(path, f"hex '{hid}' is not on the map ({mapdata.hex_hint(hid)})", line=line)
            if hid in mapdata.hexes:
                raise InputError(path, f"hex '{hid}' is listed twice", line=line)
            terrain = cells["terrain"]
            if terrain not in game.terrain:
                raise InputError(path, f"unknown terrain '{terrain}' (known: {', '.join(game.terrain)})", line=line)
            elev = cells.get("elevation", "")
            if elev and not ELEVATION_RE.match(elev):
                raise InputError(path, f"'elevation' must be a whole number, not {shown(elev)}", line=line)
            features = frozenset(f.strip() for f in cells.get("features", "").split(";") if f.strip())
            for f in features:
                if f not in game.point_features:
                    raise InputError(path, f"unknown feature '{f}' (known: {', '.join(game.point_features)})", line=line)
            illus = cells.get("illustrative", "yes").lower()
            if illus not in ("", "yes", "no", "true", "false", "1", "0"):
                raise InputError(path, f"'illustrative' must be yes or no, not {shown(illus)}", line=line)
            mapdata.hexes[hid] = HexInfo(terrain=terrain, elevation=int(elev) if elev else None,
                                         features=features, illustrative=illus in ("", "yes", "true", "1"),
                                         note=cells.get("note", ""))


def _hex_ref(t: Table, mapdata: MapData, key: str, value: str) -> str:
    if not mapdata.has_hex(value):
        raise InputError(t.doc.path, f"{t.what}: hex '{value}' is not on the map ({mapdata.hex_hint(value)})",
                         line=t.doc.value_line(value, t.line) or t.line)
    return value


def _load_features(doc: TomlDoc, mapdata: MapData, game: Game) -> None:
    for t in doc.tables("hexsides"):
        with item():
            t.check_keys(keys("map.toml", "[[hexsides]]"))
            pair = t.str_list("hexes")
            if len(pair) != 2:
                raise t.error("'hexes' must name exactly two hexes", "hexes")
            a, b = (_hex_ref(t, mapdata, "hexes", h) for h in pair)
            feature = t.str("feature")
            if feature not in game.hexside_features:
                raise t.error(f"unknown hexside feature '{feature}' (known: {', '.join(game.hexside_features)})", "feature")
            if not mapdata.adjacent(a, b):
                raise t.error(f"hexes '{a}' and '{b}' are not adjacent, so they share no hexside", "hexes")
            up = t.str("up", "")
            if up and up not in (a, b):
                raise t.error(f"'up' must be one of the two hexes, not '{up}'", "up")
            if game.hexside_features[feature].directional and not up:
                raise t.error(f"'{feature}' has an up side: say which hex is higher with 'up'", "feature")
            mapdata.hexsides.append(Hexside(a, b, feature, up, t.bool("illustrative", True)))
    for t in doc.tables("lines"):
        with item():
            t.check_keys(keys("map.toml", "[[lines]]"))
            kind = t.str("kind")
            if kind not in game.line_features:
                raise t.error(f"unknown line feature '{kind}' (known: {', '.join(game.line_features)})", "kind")
            chain = t.str_list("hexes")
            if len(chain) < 2:
                raise t.error("a road, track or railway needs at least two hexes", "hexes")
            for h in chain:
                _hex_ref(t, mapdata, "hexes", h)
            for x, y in zip(chain, chain[1:]):
                if not mapdata.adjacent(x, y):
                    raise InputError(doc.path, f"{t.what}: '{kind}' runs from '{x}' to '{y}', which are not adjacent",
                                     line=doc.value_line(y, t.line) or t.line)
            mapdata.lines.append(LinePath(kind, chain, t.str("name", ""), t.bool("illustrative", True)))
    for t in doc.tables("places"):
        with item():
            t.check_keys(keys("map.toml", "[[places]]"))
            hid = _hex_ref(t, mapdata, "hex", t.str("hex"))
            kind = t.str("kind", "")
            if kind and kind not in game.point_features:
                raise t.error(f"unknown feature '{kind}' (known: {', '.join(game.point_features)})", "kind")
            mapdata.places.append(Place(t.str("name"), hid, kind, t.bool("illustrative"), t.str("note", "")))
    for t in doc.tables("boxes"):
        with item():
            t.check_keys(keys("map.toml", "[[boxes]]"))
            bid = _id(t)
            if bid in mapdata.boxes or mapdata.has_hex(bid):
                raise t.error(f"duplicate box id '{bid}'", "id")
            side = t.str("side", "")
            if side and side not in game.sides:
                raise t.error(f"unknown side '{side}'", "side")
            kind = t.str("kind", "offmap")
            if kind not in ("offmap", "holding", "track", "display"):
                raise t.error(f"box kind must be offmap, holding, track or display, not '{kind}'", "kind")
            adj = tuple(_hex_ref(t, mapdata, "adjacent", h) for h in t.str_list("adjacent"))
            mapdata.boxes[bid] = Box(bid, t.str("name"), kind, side, adj, t.str("note", ""), t.bool("units", True))
    for t in doc.tables("areas"):
        with item():
            t.check_keys(keys("map.toml", "[[areas]]"))
            aid = _id(t)
            if aid in mapdata.areas:
                raise t.error(f"duplicate area id '{aid}'", "id")
            hexes = tuple(_hex_ref(t, mapdata, "hexes", h) for h in t.str_list("hexes"))
            mapdata.areas[aid] = Area(aid, t.str("name"), t.str("kind", "sector"), hexes, t.bool("illustrative", True))
