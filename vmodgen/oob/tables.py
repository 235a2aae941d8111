"""Flat rows of an order of battle, shared by CSV, Markdown and JSON: one row per unit (kit) or
per palette piece (module), with the column order each format prints."""
from __future__ import annotations

from ..model.scenario import Reinforcement
from .collect import KitOob, ModuleOob


def kit_columns(oob: KitOob) -> list[str]:
    cols = ["side", "formation", "id", "name", "nationality", "type", "size", "steps", "movement_class", "flags"]
    cols += [f"front.{f}" for f in oob.fields]
    if any(u.unit.back is not None for s in oob.sides for g in s.groups for u in g.units):
        cols += [f"back.{f}" for f in oob.fields]
    cols += [f"setup:{s}" for s in oob.scenarios] + [f"arrival:{s}" for s in oob.scenarios] + ["illustrative"]
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
                for s in oob.kit.scenarios.values():
                    p = s.placement_of(u.id)
                    row[f"setup:{s.id}"] = p.location if p else ""
                    r = next((r for r in s.reinforcements if r.unit == u.id), None)
                    row[f"arrival:{s.id}"] = "" if r is None else f"{r.turn}" + (f"@{r.location}" if r.location else "")
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


def setups_of(oob: KitOob, unit) -> list[tuple[str, str]]:
    """(scenario name, where it sets up) for every scenario that places ``unit``."""
    out = []
    for s in oob.kit.scenarios.values():
        p = s.placement_of(unit.id)
        if p is not None:
            out.append((s.name, location_name(oob, p.location)))
    return out


def reinforcements_of(oob: KitOob, unit) -> list[tuple[str, Reinforcement]]:
    """(scenario id, entry) for every scenario in which ``unit`` arrives later."""
    return [(s.id, r) for s in oob.kit.scenarios.values() for r in s.reinforcements if r.unit == unit.id]


def arrivals_of(oob: KitOob, unit) -> list[str]:
    """``Scenario 1: turn 3 at W4215`` for every scenario in which ``unit`` arrives later, marked
    ``(illustrative)`` where the kit says the rulebook does not give that arrival."""
    return [f"{oob.kit.scenarios[sid].name}: turn {r.turn}"
            + (f" at {location_name(oob, r.location)}" if r.location else "")
            + (" (illustrative)" if r.illustrative else "")
            for sid, r in reinforcements_of(oob, unit)]


def group_fields(oob: KitOob, units) -> list[str]:
    """The game's fields, in printed order, that any unit of ``units`` carries."""
    return [f for f in oob.fields if any(f in (u.front or {}) or f in (u.back or {}) for u in units)]


def field_cell(unit, field_id: str) -> str:
    """``3`` or ``3 / 1`` (front / back)."""
    front = unit.front.get(field_id)
    back = unit.back.get(field_id) if unit.back is not None else None
    if back is None or back == front:
        return "" if front is None else str(front)
    return f"{'' if front is None else front} / {back}"
