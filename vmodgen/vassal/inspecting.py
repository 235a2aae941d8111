"""The library side of ``vmodgen inspect``: summaries of modules, and the pieces of a save or
log after a given step, as plain dicts (JSON-ready) and as readable text tables.

Passwords never appear: piece properties are limited to Marker values, Layer levels and
other trait properties that cannot hold a player id, and no command text is printed.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .buildfile import grid_summary
from .module import Module

# properties that can carry a player's id (VASSAL's password id) or are internal
_SECRET_PROPS = {"ObscuredBy", "HiddenBy", "RestrictedBy", "Owner", "playerId", "PlayerId"}


# ------------------------------------------------------------------ modules

def _level(level) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": level.kind, "property": level.property_name}
    a = level.attributes
    if level.kind == "CounterTurnLevel":
        out.update({k: a[k] for k in ("start", "incr", "loop", "loopLimit") if k in a})
    elif level.kind == "ListTurnLevel":
        out["list"] = level.items
    if level.levels:
        out["levels"] = [_level(sub) for sub in level.levels]
    return out


def module_summary(m: Module) -> dict[str, Any]:
    """Everything ``inspect`` shows about a module, JSON-ready."""
    maps = []
    for mp in m.maps.values():
        placed = {p.board.name: p for p in (mp.layout or [])}
        boards = []
        for b in mp.boards.values():
            p = placed.get(b.name)
            boards.append({
                "name": b.name, "image": b.image or None, "size": list(b.size) if b.size else None,
                "reversible": b.reversible, "grid": grid_summary(b.grid),
                "placed": None if p is None else {"column": p.column, "row": p.row, "x": p.x, "y": p.y,
                                                  "reversed": p.reversed}})
        maps.append({"name": mp.name, "kind": mp.kind, "edge": list(mp.edge), "boards": boards,
                     "board_choice": "fixed" if mp.layout else "chosen at game start"})
    slots: dict[str, int] = {}
    for s in m.piece_slots:
        slots[s.kind] = slots.get(s.kind, 0) + 1
    return {
        "kind": "module", "file": m.path, "name": m.name, "version": m.version,
        "vassal_version": m.vassal_version, "build_file": m.build_file,
        "description": m.attributes.get("description") or m.metadata.get("description", ""),
        "maps": maps,
        "piece_slot_counts": slots,
        "piece_slots": [{"name": s.name, "gpid": s.gpid, "kind": s.kind, "palette": " / ".join(s.path)}
                        for s in m.piece_slots],
        "prototypes": list(m.prototypes),
        "sides": m.sides,
        "turn_trackers": [{"name": t.name, "levels": [_level(lv) for lv in t.levels]}
                          for t in m.turn_trackers],
        "setups": [{"name": s.name, "file": s.file or None, "menu": s.is_menu,
                    "in": " / ".join(s.path) or None} for s in m.setups],
        "images": len(m.images),
        "warnings": list(m.warnings),
    }


def module_text(d: dict[str, Any]) -> str:
    lines = [f"Module  {d['name']} {d['version']}  (VASSAL {d['vassal_version'] or '?'}, {d['build_file']})"]
    if d["description"]:
        lines.append(f"        {d['description']}")
    lines.append(f"Maps    {len(d['maps'])}")
    for mp in d["maps"]:
        lines.append(f"  {mp['name']}  [{mp['kind']}, edge {mp['edge'][0]}x{mp['edge'][1]}, "
                     f"boards {mp['board_choice']}]")
        for b in mp["boards"]:
            size = f"{b['size'][0]}x{b['size'][1]}" if b["size"] else "size unknown"
            where = (f" at ({b['placed']['x']},{b['placed']['y']})" if b["placed"] else "")
            lines.append(f"    board {b['name']}: {b['image'] or 'no image'} {size}{where}")
            lines.append(f"      {b['grid']}")
    counts = ", ".join(f"{n} {k}s" for k, n in d["piece_slot_counts"].items()) or "none"
    lines.append(f"Pieces  {counts}")
    palettes: dict[str, int] = {}
    for s in d["piece_slots"]:
        palettes[s["palette"]] = palettes.get(s["palette"], 0) + 1
    for name, n in list(palettes.items())[:40]:
        lines.append(f"  {n:5d}  {name or '(top level)'}")
    if len(palettes) > 40:
        lines.append(f"  ... {len(palettes) - 40} more palettes (--json lists every slot)")
    protos = d["prototypes"]
    lines.append(f"Prototypes {len(protos)}" + (": " + ", ".join(protos[:12]) if protos else "")
                 + (" ..." if len(protos) > 12 else ""))
    lines.append("Sides   " + (", ".join(d["sides"]) or "none"))
    for t in d["turn_trackers"]:
        lines.append(f"Turns   {t['name']}: " + _levels_text(t["levels"]))
    lines.append(f"Setups  {len(d['setups'])}")
    for s in d["setups"]:
        kind = "menu" if s["menu"] else (s["file"] or "no file")
        lines.append(f"  {(s['in'] + ' / ') if s['in'] else ''}{s['name']}  ({kind})")
    lines.append(f"Images  {d['images']}")
    for w in d["warnings"]:
        lines.append(f"warning: {w}")
    return "\n".join(lines)


def _levels_text(levels: list[dict]) -> str:
    parts = []
    for lv in levels:
        if lv["kind"] == "CounterTurnLevel":
            s = f"{lv['property'] or 'counter'} (from {lv.get('start', '1')})"
        elif lv["kind"] == "ListTurnLevel":
            s = f"{lv['property'] or 'list'} ({', '.join(lv.get('list', []))})"
        else:
            s = lv["kind"]
        if lv.get("levels"):
            s += " > " + _levels_text(lv["levels"])
        parts.append(s)
    return "; ".join(parts)


# ------------------------------------------------------------------ saves and logs

def inspect_save(path: str | Path, module: Module | None = None, step: int | None = None) -> dict[str, Any]:
    """The pieces of a save or log after ``step`` (see module docstring), JSON-ready."""
    raise NotImplementedError


def save_text(d: dict[str, Any]) -> str:
    raise NotImplementedError
