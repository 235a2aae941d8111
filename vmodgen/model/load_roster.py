"""Load and validate a roster CSV: one row per counter (see README, "Kit layout")."""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import InputError
from .art import art_key, find_art, outside_kit
from .csvfile import CsvTable
from .problems import item, report
from .game import Game
from .tomldoc import shown
from .unit import Unit, Value

REQUIRED = ("id", "name", "side", "nationality", "formation", "type", "size")
OPTIONAL = ("steps", "movement_class", "flags", "arrival", "illustrative", "notes", "short_name",
            "image", "back_image")
UNIT_ID_RE = re.compile(r"^[^\s,;|\\\t][^,;|\\\t\n]*$")
INT_RE = re.compile(r"^[+-]?[0-9]{1,9}$")   # at most 9 digits: no huge int() conversions


def _column_kind(col: str, game: Game) -> str:
    """'base', 'front', 'back', 'setup', 'arrival' or '' for an unknown column."""
    if col in REQUIRED or col in OPTIONAL:
        return "base"
    for prefix in ("front.", "back."):
        if col.startswith(prefix):
            return prefix[:-1] if col[len(prefix):] in game.fields else ""
    if col.startswith("setup:") and len(col) > 6:
        return "setup"
    if col.startswith("arrival:") and len(col) > 8:
        return "arrival"
    return ""


def load_roster(path: str | Path, game: Game, images_dir: Path | None = None,
                kit_dir: Path | None = None) -> list[Unit]:
    """Every counter of the roster; any fault raises ``InputError`` with ``file:line``.
    ``images_dir``: the kit's folder of unit images named by unit id (see :mod:`.art`)."""
    table = CsvTable(path, "roster")
    header = table.header
    missing = [col for col in REQUIRED if col not in header]
    if missing:     # every row would fail: one message for the header
        raise table.error(f"missing the column{'s' if len(missing) > 1 else ''} "
                          f"{', '.join(repr(c) for c in missing)}"
                          + _delimiter_hint(table))
    kinds = []
    for col in header:
        kind = _column_kind(col, game)
        if not kind:
            report(table.error(f"unknown column '{col}' (fields of this game: "
                               f"{', '.join(game.fields) or 'none'}; other columns: "
                               f"{', '.join(REQUIRED + OPTIONAL)}, setup:<scenario>, arrival:<scenario>)"))
        kinds.append(kind)
    units: list[Unit] = []
    ids: dict[str, int] = {}
    for line, cells in table.rows():
        with item():
            unit = _unit(path, line, cells, header, kinds, game, images_dir, kit_dir)
            if unit.id in ids:
                raise table.error(f"duplicate unit id '{unit.id}' (first on line {ids[unit.id]})", line)
            ids[unit.id] = line
            units.append(unit)
    return units


def _delimiter_hint(table: CsvTable) -> str:
    one = [h for h in table.header if any(d in h for d in ",;\t|")]
    return f" (the header was read with '{table.delimiter}' between cells)" if one else ""


def _art(path, line: int, cells: dict[str, str], uid: str, images_dir: Path | None,
         kit_dir: Path | None = None) -> tuple[str, str]:
    """The unit's images: the ``image``/``back_image`` cells (relative to the roster), else the
    images folder's files named by the unit id; each inside the kit (:func:`outside_kit`)."""
    home = kit_dir if kit_dir is not None else Path(path).parent
    out = []
    for col, back in (("image", False), ("back_image", True)):
        cell = cells.get(col, "")
        p: Path | None
        if cell:
            p = Path(path).parent / cell
            if not p.is_file():
                raise InputError(path, f"'{col}': no image file '{cell}' (relative to the roster)", line=line)
        else:
            p = find_art(images_dir, uid, back) if images_dir is not None else None
        why = outside_kit(p, home) if p is not None else None
        if why is not None:
            raise InputError(path, f"'{col}' of unit '{uid}': {why}", line=line)
        try:
            out.append(art_key(p) if p is not None else "")
        except InputError as e:
            raise InputError(path, f"unit '{uid}': {e}", line=line) from None
    return out[0], out[1]


def _unit(path, line: int, cells: dict[str, str], header: list[str], kinds: list[str], game: Game,
          images_dir: Path | None = None, kit_dir: Path | None = None) -> Unit:
    def bad(msg: str) -> InputError:
        return InputError(path, msg, line=line)

    uid = cells["id"]
    if not UNIT_ID_RE.match(uid):
        raise bad(f"unit id {shown(uid)} is empty or has one of , ; | \\ or a tab")
    if not cells["name"]:
        raise bad(f"unit '{uid}' has no name")
    side = cells["side"]
    if side not in game.sides:
        raise bad(f"unknown side '{side}' (known: {', '.join(game.sides)})")
    nat = cells["nationality"]
    if nat not in game.nationalities:
        raise bad(f"unknown nationality '{nat}' (known: {', '.join(game.nationalities)})")
    if game.nationalities[nat].side != side:
        raise bad(f"nationality '{nat}' belongs to side '{game.nationalities[nat].side}', not '{side}'")
    formation = cells["formation"]
    if formation and formation not in game.formations:
        raise bad(f"unknown formation '{formation}' (known: {', '.join(game.formations)})")
    utype = cells["type"]
    if utype not in game.unit_types:
        raise bad(f"unknown unit type '{utype}' (known: {', '.join(game.unit_types)})")
    size = cells["size"]
    if size and size not in game.unit_sizes:
        raise bad(f"unknown unit size '{size}' (known: {', '.join(game.unit_sizes)})")
    steps_text = cells.get("steps", "") or "1"
    if not INT_RE.match(steps_text) or int(steps_text) < 1:
        raise bad(f"'steps' must be a whole number of at least 1, not {shown(steps_text)}")
    mclass = cells.get("movement_class", "") or game.unit_types[utype].movement_class
    if mclass and mclass not in game.movement_classes:
        raise bad(f"unknown movement class '{mclass}' (known: {', '.join(game.movement_classes)})")
    flags = frozenset(f.strip() for f in cells.get("flags", "").split(";") if f.strip())
    for f in flags:
        if f not in game.flags:
            raise bad(f"unknown flag '{f}' (known: {', '.join(game.flags) or 'none'})")
    front: dict[str, Value] = {}
    back: dict[str, Value] = {}
    setup: dict[str, str] = {}
    arrival: dict[str, int] = {}
    for col, kind in zip(header, kinds):
        cell = cells[col]
        if kind in ("front", "back"):
            fid = col.split(".", 1)[1]
            if not cell:
                continue
            if game.fields[fid].kind == "int":
                if not INT_RE.match(cell):
                    raise bad(f"'{col}' must be a whole number of at most 9 digits, not {shown(cell)}")
                value: Value = int(cell)
            else:
                value = cell
            (front if kind == "front" else back)[fid] = value
        elif kind == "setup" and cell:
            setup[col.split(":", 1)[1]] = cell
        elif kind == "arrival" and cell:
            if not INT_RE.match(cell):
                raise bad(f"'{col}' must be a turn number, not {shown(cell)}")
            arrival[col.split(":", 1)[1]] = int(cell)
    if cells.get("arrival"):
        if not INT_RE.match(cells["arrival"]):
            raise bad(f"'arrival' must be a turn number, not {shown(cells['arrival'])}")
        arrival[""] = int(cells["arrival"])
    illus_text = cells.get("illustrative", "")
    illus = frozenset(c.strip() for c in illus_text.split(";") if c.strip())
    for c in illus:
        if c != "*" and c not in cells:
            raise bad(f"'illustrative' names '{c}', which is not a column of this roster")
    return Unit(id=uid, name=cells["name"], side=side, nationality=nat, formation=formation,
                type=utype, size=size, steps=int(steps_text), movement_class=mclass, flags=flags,
                front=front, back=back or None, setup=setup, arrival=arrival, illustrative=illus,
                notes=cells.get("notes", ""), line=line, short_name=cells.get("short_name", ""),
                art=_art(path, line, cells, uid, images_dir, kit_dir))
