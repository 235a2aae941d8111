"""Flat rows of an order of battle, shared by CSV, Markdown and JSON: one row per unit (kit) or
per palette piece (module), with the column order each format prints."""
from __future__ import annotations

from .collect import KitOob, ModuleOob


def kit_columns(oob: KitOob) -> list[str]:
    cols = ["side", "formation", "id", "name", "nationality", "type", "size", "steps", "movement_class", "flags"]
    cols += [f"front.{f}" for f in oob.fields]
    if any(u.unit.back is not None for s in oob.sides for g in s.groups for u in g.units):
        cols += [f"back.{f}" for f in oob.fields]
    cols += [f"setup:{s}" for s in oob.scenarios] + ["arrival", "illustrative"]
    return cols


def kit_rows(oob: KitOob) -> list[dict[str, str]]:
    game = oob.kit.game
    rows = []
    for side in oob.sides:
        for group in side.groups:
            for item in group.units:
                u = item.unit
                row = {"side": side.name, "formation": group.title, "id": u.id, "name": u.name,
                       "nationality": game.nationalities[u.nationality].name, "type": game.unit_types[u.type].name,
                       "size": game.unit_sizes[u.size].name if u.size else "", "steps": str(u.steps),
                       "movement_class": u.movement_class, "flags": ";".join(sorted(u.flags))}
                for f in oob.fields:
                    v = u.front.get(f)
                    row[f"front.{f}"] = "" if v is None else str(v)
                    b = u.back.get(f) if u.back is not None else None
                    row[f"back.{f}"] = "" if b is None else str(b)
                for s in oob.scenarios:
                    row[f"setup:{s}"] = u.setup.get(s, "")
                arrival = u.arrival_in(oob.scenarios[0]) if oob.scenarios else u.arrival.get("")
                row["arrival"] = "" if arrival is None else str(arrival)
                row["illustrative"] = ";".join(sorted(u.illustrative))
                rows.append(row)
    return rows


def module_columns(oob: ModuleOob) -> list[str]:
    keys: dict[str, None] = {}
    for p in oob.pieces:
        for k in p.properties:
            keys.setdefault(k, None)
    return ["palette", "name", "gpid", "images"] + [k for k in keys if k != "BasicName"]


def module_rows(oob: ModuleOob) -> list[dict[str, str]]:
    rows = []
    for p in oob.pieces:
        row = {"palette": " / ".join(p.path), "name": p.name, "gpid": p.gpid, "images": ";".join(p.images)}
        row.update({k: v for k, v in p.properties.items() if k != "BasicName"})
        rows.append(row)
    return rows


def value_line(oob: KitOob, values: dict | None) -> str:
    """Printed values in the game's field order, e.g. ``attack 4 · defense 3 · movement 5``."""
    if not values:
        return ""
    game = oob.kit.game
    return " · ".join(f"{game.fields[f].abbrev or game.fields[f].name} {values[f]}" for f in oob.fields if f in values)


def location_name(oob: KitOob, loc: str) -> str:
    """A set-up location as a player reads it: a hex ID, or an off-map box's name."""
    box = oob.kit.map.boxes.get(loc)
    return box.name if box else loc
