"""A short, human-readable summary of a loaded kit (used by ``games`` and ``validate``)."""
from __future__ import annotations

from collections import Counter

from .kit import Kit


def kit_summary(kit: Kit) -> dict:
    """Counts a player or author checks at a glance, as a JSON-ready dict."""
    by_side = Counter(u.side for u in kit.units)
    return {
        "id": kit.game.id,
        "name": kit.game.name,
        "subtitle": kit.game.subtitle,
        "ruleset": kit.game.ruleset,
        "path": str(kit.path),
        "sides": {s.id: {"name": s.name, "units": by_side.get(s.id, 0)} for s in kit.game.sides.values()},
        "units": len(kit.units),
        "two_sided_units": sum(1 for u in kit.units if u.two_sided),
        "sheets": {s.id: f"{s.scheme.format(s.scheme.hexes()[0])}..{s.scheme.format(s.scheme.hexes()[-1])}"
                   for s in kit.map.sheets.values()},
        "hexes": len(kit.map.index),
        "places": len(kit.map.places),
        "boxes": len(kit.map.boxes),
        "scenarios": {s.id: {"name": s.name, "setup": len(s.setup), "reinforcements": len(s.reinforcements)}
                      for s in kit.scenarios.values()},
        "phases": len(kit.game.sequence.phases),
        "illustrative": {
            "units_with_illustrative_values": sum(1 for u in kit.units if u.illustrative),
            "illustrative_terrain_hexes": sum(1 for h in kit.map.hexes.values() if h.illustrative),
            "illustrative_rule_parameters": sorted(kit.game.illustrative_rules),
        },
    }


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def kit_summary_text(kit: Kit) -> str:
    s = kit_summary(kit)
    sides = ", ".join(f"{v['name']} {v['units']}" for v in s["sides"].values())
    scen = "; ".join(f"{k} ({v['setup']} set up, {v['reinforcements']} later)" for k, v in s["scenarios"].items())
    ill = s["illustrative"]
    lines = [
        f"{s['id']}: {s['name']}" + (f" — {s['subtitle']}" if s["subtitle"] else ""),
        f"  rule set {s['ruleset']}; {s['units']} counters ({sides}); {s['two_sided_units']} two-sided",
        f"  map: {_count(s['hexes'], 'hex', 'hexes')} on {_count(len(s['sheets']), 'sheet', 'sheets')} "
        f"({', '.join(f'{k} {v}' for k, v in s['sheets'].items())}); {_count(s['places'], 'place', 'places')}, "
        f"{_count(s['boxes'], 'box', 'boxes')}",
        f"  scenarios: {scen or 'none'}",
    ]
    if ill["units_with_illustrative_values"] or ill["illustrative_terrain_hexes"] or ill["illustrative_rule_parameters"]:
        lines.append(f"  ILLUSTRATIVE (not from the rulebook): {ill['units_with_illustrative_values']} units' values, "
                     f"{ill['illustrative_terrain_hexes']} terrain hexes"
                     + (f", rule parameters {', '.join(ill['illustrative_rule_parameters'])}"
                        if ill["illustrative_rule_parameters"] else ""))
    return "\n".join(lines)
