"""Write the Operation Mercury map kit: maps/operation-mercury/{map.toml,west.csv,east.csv}.

The rulebook text gives no map art. This script draws plausible, deterministic geography around
the hexes the text does give (Maleme W4415, Canea W4227/W4228, Galatas W4123, Suda W4031,
Kisamos W4003, Alikianou W3720, Heraklion E3135/E3136, and the terrain the rules' examples
describe near Maleme). Everything else is marked illustrative. Run: python tools/kit_operation_mercury_map.py
"""
from __future__ import annotations

import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vmodgen.hexes import grid  # noqa: E402
from vmodgen.hexes.grid import Hex  # noqa: E402

OUT = ROOT / "maps" / "operation-mercury"
SHEETS = {"W": ((16, 46), (1, 40)), "E": ((14, 36), (1, 45))}
SHIFT = "odd"


def hid(prefix: str, h: Hex) -> str:
    return f"{prefix}{h.line:02d}{h.pos:02d}"


def noise(*key) -> float:
    """A deterministic number in [0, 1) for a key."""
    return (zlib.crc32(repr(key).encode()) & 0xFFFF) / 65536.0


def interp(points: dict[int, int], p: int) -> int:
    xs = sorted(points)
    if p <= xs[0]:
        return points[xs[0]]
    for a, b in zip(xs, xs[1:]):
        if a <= p <= b:
            return round(points[a] + (points[b] - points[a]) * (p - a) / (b - a))
    return points[xs[-1]]


# ---- West sheet geography -------------------------------------------------------------
W_NORTH = {1: 45, 2: 45, 3: 40, 4: 41, 5: 46, 6: 46, 7: 44, 8: 43, 12: 43, 13: 44, 14: 44, 15: 44, 16: 43,
           26: 43, 27: 42, 28: 42, 29: 46, 35: 46, 36: 44, 37: 40, 40: 40}
W_SOUTH = {1: 21, 5: 20, 6: 18, 14: 18, 15: 19, 25: 19, 26: 20, 34: 20, 35: 21, 40: 21}
# Suda Bay: a narrow bay between the Akrotiri peninsula and the south shore (spec 3.1)
W_BAY = {(41, p) for p in range(31, 38)} | {(42, p) for p in range(32, 37)}
W_FIXED = {  # terrain the rules' examples describe (not illustrative)
    (42, 15): "rough",        # Koch lands in 4215: +2 for rough terrain (6.42 example)
    (43, 14): "hills",        # 4314: terrain prohibited to armor (reaction example after 8.14); Hill 107
    (44, 16): "all_water",    # drift 1 hex north-east from 4315 lands in an all-water hex (6.42 example)
    (45, 14): "all_water",    # drift 1 hex north-east from 4414 lands in an all-water hex (6.42 example)
    (42, 28): "city",         # W4228 Canea: city, TDV 2 (example after 12.54)
}
W_FIXED_NOTE = {
    (42, 15): "6.42 example: rough", (43, 14): "reaction example after 8.14: prohibited to armor",
    (44, 16): "6.42 example: all-water", (45, 14): "6.42 example: all-water", (42, 28): "example after 12.54: city",
}


def west_terrain(r: int, p: int) -> str:
    if (r, p) in W_FIXED:
        return W_FIXED[(r, p)]
    north, south = interp(W_NORTH, p), interp(W_SOUTH, p)
    if (r, p) in W_BAY:
        return "partial_sea"
    if r > north or r < south:
        return "all_water"
    n = noise("W", r, p)
    # White Mountains (Lefka Ori) and the western highlands
    dm = ((r - 28) / 6.0) ** 2 + ((p - 27) / 8.0) ** 2
    dw = ((r - 31) / 5.0) ** 2 + ((p - 9) / 4.0) ** 2
    if r >= north - 0 and n < 0.3 and not (14 <= p <= 26):
        return "partial_sea"
    if dm < 0.55 or dw < 0.3:
        return "mountain"
    if dm < 1.1 or dw < 0.8:
        return "hills" if n < 0.7 else "rough"
    if (r, p) in {(42, 27), (42, 28)}:
        return "city"
    if r >= north - 1 and 15 <= p <= 26:
        return "clear_beach" if n < 0.5 else "clear"
    if r >= north - 4 and 8 <= p <= 30:
        return "orchard_woods" if n < 0.45 else ("clear" if n < 0.85 else "rough")
    if 35 <= r <= 38 and 18 <= p <= 24:          # Prison Valley (Alikianou - Agia)
        return "clear" if n < 0.6 else "orchard_woods"
    if r <= south + 1:
        return "rough" if n < 0.5 else "hills"
    return ("rough", "broken", "hills", "clear", "orchard_woods")[int(n * 5)]


# ---- East sheet geography -------------------------------------------------------------
E_NORTH = {1: 33, 4: 33, 5: 34, 12: 34, 16: 33, 20: 33, 21: 34, 26: 34, 27: 32, 33: 32, 34: 31, 45: 31}


def east_terrain(r: int, p: int) -> str:
    north = interp(E_NORTH, p)
    if r > north:
        return "all_water"
    n = noise("E", r, p)
    di = ((r - 21) / 6.0) ** 2 + ((p - 21) / 7.0) ** 2      # Psiloritis (Mount Ida)
    dk = ((r - 18) / 4.0) ** 2 + ((p - 7) / 4.0) ** 2       # Kedros
    if r == north and n < 0.25 and p not in (9, 14, 15, 35, 36, 39, 40):
        return "partial_sea"
    if di < 0.5 or dk < 0.35:
        return "mountain"
    if di < 1.0 or dk < 0.8:
        return "hills" if n < 0.7 else "rough"
    if (r, p) == (31, 35):
        return "city"
    if (r, p) == (34, 9):
        return "town"
    if r >= north - 1:
        return "clear_beach" if n < 0.4 else "clear"
    if r >= north - 4:
        return "orchard_woods" if n < 0.4 else ("clear" if n < 0.8 else "broken")
    return ("rough", "broken", "hills", "clear", "orchard_woods", "hills")[int(n * 6)]


TERRAIN = {"W": west_terrain, "E": east_terrain}


def all_hexes(prefix: str) -> list[Hex]:
    (l0, l1), (p0, p1) = SHEETS[prefix]
    return [Hex(r, p) for r in range(l0, l1 + 1) for p in range(p0, p1 + 1)]


def inside(prefix: str, h: Hex) -> bool:
    (l0, l1), (p0, p1) = SHEETS[prefix]
    return l0 <= h.line <= l1 and p0 <= h.pos <= p1


class Sheet:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.terrain = {h: TERRAIN[prefix](h.line, h.pos) for h in all_hexes(prefix)}

    def land(self, h: Hex) -> bool:
        return inside(self.prefix, h) and self.terrain[h] != "all_water"

    def path(self, waypoints: list[tuple[int, int]]) -> list[Hex]:
        """A chain of adjacent land hexes through the waypoints (cheapest by terrain, Dijkstra)."""
        import heapq
        cost = {"mountain": 4.0, "hills": 2.0, "rough": 1.6, "broken": 1.6, "partial_sea": 1.5}
        out = [Hex(*waypoints[0])]
        for target in waypoints[1:]:
            t, s0 = Hex(*target), out[-1]
            if not self.land(t):
                raise SystemExit(f"road waypoint {t} is not land on sheet {self.prefix}")
            best = {s0: 0.0}
            prev: dict[Hex, Hex] = {}
            heap = [(0.0, s0)]
            while heap:
                d, cur = heapq.heappop(heap)
                if cur == t:
                    break
                if d > best[cur]:
                    continue
                for n in grid.neighbours(cur, SHIFT):
                    if not self.land(n) or (n in out and n != t):
                        continue
                    nd = d + cost.get(self.terrain[n], 1.0)
                    if nd < best.get(n, 1e18):
                        best[n], prev[n] = nd, cur
                        heapq.heappush(heap, (nd, n))
            if t not in prev:
                raise SystemExit(f"no land path from {s0} to {t} on sheet {self.prefix}")
            seg = [t]
            while seg[-1] != s0:
                seg.append(prev[seg[-1]])
            out.extend(reversed(seg[:-1]))
        return out

    def river(self, col: int, rows: tuple[int, int]) -> list[tuple[Hex, Hex]]:
        """Hexsides between positions <= col and > col, on land, within the rows."""
        out = []
        for h in all_hexes(self.prefix):
            if h.pos != col or not (rows[0] <= h.line <= rows[1]) or not self.land(h):
                continue
            for n in grid.neighbours(h, SHIFT):
                if n.pos == col + 1 and rows[0] <= n.line <= rows[1] and self.land(n):
                    out.append((h, n))
        return out


def toml_list(items: list[str], per_line: int = 12, indent: str = "  ") -> str:
    rows = [", ".join(f'"{x}"' for x in items[i:i + per_line]) for i in range(0, len(items), per_line)]
    return "[\n" + ",\n".join(indent + r for r in rows) + ",\n]"


def main() -> None:
    west, east = Sheet("W"), Sheet("E")
    sheets = {"W": west, "E": east}
    # ---- places: (name, hex, kind, illustrative, note) --------------------------------
    places = [
        ("Maleme airfield", "W4415", "airfield", False, "2.1, 14.3; airlanding capacity 7 (6.52)"),
        ("Canea", "W4227", "city", False, "14.3 objective"),
        ("Canea", "W4228", "city", False, "14.3 objective; city TDV 2 (example after 12.54)"),
        ("Canea anchorage", "W4228", "anchorage", True, "21.13 names Canea as an anchorage; which Canea hex is not stated"),
        ("Galatas", "W4123", "village", False, "14.3 objective"),
        ("Suda minor port", "W4031", "minor_port", False, "14.3 objective; 17.52"),
        ("Kisamos Kastelli", "W4003", "anchorage", False, "14.3 objective; anchorage (21.13)"),
        ("Alikianou", "W3720", "village", False, "14.3 objective"),
        ("Hill 107", "W4314", "", True, "the hill above Maleme; its hex is inferred from the examples"),
        ("Platanias", "W4320", "village", True, ""),
        ("Palaiochora", "W1810", "anchorage", True, "one of the 3 South Crete anchorages (21.13); name and hex inferred"),
        ("Agia Roumeli", "W1922", "anchorage", True, "one of the 3 South Crete anchorages (21.13); name and hex inferred"),
        ("Sfakia", "W2032", "anchorage", True, "one of the 3 South Crete anchorages (21.13); name and hex inferred"),
        ("Heraklion", "E3135", "city", False, "2.1"),
        ("Heraklion minor port", "E3136", "minor_port", False, "17.52"),
        ("Heraklion airfield", "E3139", "airfield", True, "two hexes (6.52); which hexes is not stated"),
        ("Heraklion airfield", "E3140", "airfield", True, "two hexes (6.52); which hexes is not stated"),
        ("Retimo", "E3409", "anchorage", True, "anchorage (21.13); hex not stated"),
        ("Retimo airfield", "E3414", "airfield", True, "airlanding capacity 5 (6.52); hex not stated"),
    ]
    feature_at: dict[str, set[str]] = {}
    for _, h, kind, _, _ in places:
        if kind:
            feature_at.setdefault(h, set()).add(kind)
    # off-map box connections (4.52): the East sheet's south edge and east edge
    boxes_adj = {
        "offmap-retimo-south": [hid("E", Hex(14, p)) for p in range(3, 9)],
        "offmap-tymbakion": [hid("E", Hex(14, p)) for p in range(16, 27)],
        "offmap-heraklion-east": [hid("E", Hex(r, 45)) for r in range(24, 31)],
    }
    for hexes in boxes_adj.values():
        for h in hexes:
            feature_at.setdefault(h, set()).add("offmap_entry")
    # ---- roads ---------------------------------------------------------------------------
    roads = [
        ("road", "W", "North coast road", [(40, 3), (43, 8), (43, 12), (44, 15), (43, 18), (42, 22), (42, 27),
                                          (42, 28), (40, 31), (40, 36), (40, 40)]),
        ("road", "W", "Canea - Galatas - Alikianou road", [(42, 27), (41, 23), (37, 20)]),
        ("road", "W", "Suda - Sfakia road", [(40, 31), (37, 33), (30, 35), (24, 34), (20, 32)]),
        ("secondary_road", "W", "Kisamos - Palaiochora track", [(40, 3), (34, 4), (26, 5), (18, 10)]),
        ("secondary_road", "W", "Maleme - Tavronitis valley track", [(44, 15), (40, 14), (36, 15)]),
        ("road", "E", "North coast road", [(33, 1), (34, 9), (34, 14), (33, 18), (34, 24), (32, 28), (32, 32), (31, 35),
                                          (31, 40), (31, 45)]),
        ("road", "E", "Retimo - south road", [(34, 9), (26, 9), (14, 6)]),
        ("road", "E", "Heraklion - Messara road", [(31, 35), (24, 30), (14, 22)]),
    ]
    road_chains = [(kind, pre, name, sheets[pre].path(wps)) for kind, pre, name, wps in roads]
    rivers = [("W", 13, (36, 44)), ("W", 19, (37, 43)), ("W", 25, (38, 42)), ("E", 12, (25, 33)), ("E", 30, (24, 31))]
    river_sides = [(pre, a, b) for pre, col, rows in rivers for a, b in sheets[pre].river(col, rows)]
    river_set = {(pre, frozenset((a, b))) for pre, a, b in river_sides}
    bridges = []
    for kind, pre, name, chain in road_chains:
        for a, b in zip(chain, chain[1:]):
            if (pre, frozenset((a, b))) in river_set and (pre, frozenset((a, b))) not in {(p, frozenset((x, y))) for p, x, y in bridges}:
                bridges.append((pre, a, b))
    # cliffs: where the White Mountains fall to the south coast (illustrative)
    cliffs = []
    for h in all_hexes("W"):
        if west.terrain[h] == "mountain" and h.line <= 24:
            for n in grid.neighbours(h, SHIFT):
                if west.land(n) and west.terrain[n] in ("rough", "hills") and n.line < h.line:
                    cliffs.append(("W", h, n))
    # all-sea hexsides: across Suda Bay, between its south-shore and north-shore hexes
    all_sea = [("W", a, n) for a in sorted(W_BAY) for n in grid.neighbours(Hex(*a), SHIFT)
               if a[0] == 41 and (n.line, n.pos) in W_BAY and n.line == 42]
    # ---- terrain CSVs --------------------------------------------------------------------
    for pre, name in (("W", "west.csv"), ("E", "east.csv")):
        sheet = sheets[pre]
        lines = ["hex,terrain,elevation,features,illustrative,note"]
        for h in all_hexes(pre):
            t = sheet.terrain[h]
            hx = hid(pre, h)
            fixed = pre == "W" and (h.line, h.pos) in W_FIXED
            elev = "" if t == "all_water" or fixed else str({"mountain": 4, "hills": 3, "rough": 2, "broken": 2}.get(t, 1))
            feats = ";".join(sorted(feature_at.get(hx, ())))
            note = W_FIXED_NOTE.get((h.line, h.pos), "") if pre == "W" else ""
            lines.append(f"{hx},{t},{elev},{feats},{'no' if fixed else 'yes'},{note}")
        (OUT / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    # ---- areas ---------------------------------------------------------------------------
    def land_ids(pre: str, pred) -> list[str]:
        return [hid(pre, h) for h in all_hexes(pre) if sheets[pre].land(h) and pred(h)]
    areas = [
        ("sector-maleme-suda", "Maleme/Suda sector", "sector", land_ids("W", lambda h: h.line >= 25)),
        ("sector-south-crete", "South Crete sector", "sector", land_ids("W", lambda h: h.line <= 24)),
        ("sector-retimo", "Retimo sector", "sector", land_ids("E", lambda h: h.pos <= 22)),
        ("sector-heraklion", "Heraklion sector", "sector", land_ids("E", lambda h: h.pos >= 23)),
        ("suda-command-area", "Suda Command Area (grey dotted outline, 4.64)", "command_area",
         land_ids("W", lambda h: h.line >= 37 and h.pos >= 26)),
        ("suda-bay", "Suda Bay area (no German amphibious landing, 17.24, 17.43 A4)", "restricted",
         ["W4031"] + [hid("W", Hex(*b)) for b in sorted(W_BAY)]),
        ("heraklion-airfield", "Heraklion airfield (both hexes, 6.52)", "airfield", ["E3139", "E3140"]),
    ]
    # ---- map.toml ------------------------------------------------------------------------
    out = [
        "# Operation Mercury map. Written by tools/kit_operation_mercury_map.py: edit the script, not this file.",
        "[map]",
        'id = "operation-mercury"',
        'name = "Operation Mercury: West and East map sheets"',
        "hex_height_px = 64",
        'default_terrain = "clear"',
        'illustrative_note = """The rulebook text has no map art. The hex-ID scheme (sheet prefix W/E, line = first two',
        "digits = rows growing north, position = last two digits growing east, odd rows shifted toward higher positions)",
        "fits every adjacency and distance example of the rules (spec 3.1) but the sheets' hex ranges and their join are",
        "not stated: the sheets are left unplaced. Terrain is plausible geography around the hexes the text names; only",
        "the hexes whose terrain the rules' examples describe (W4215, W4314, W4416, W4514, W4228) are not illustrative.",
        'Sector boundaries, the Suda Command Area outline, roads, rivers, cliffs and off-map box connections are illustrative."""',
        "",
    ]
    for pre, sid, name in (("W", "west", "West map"), ("E", "east", "East map")):
        (l0, l1), (p0, p1) = SHEETS[pre]
        out += ["[[sheets]]", f'id = "{sid}"', f'name = "{name}"', f'prefix = "{pre}"', 'lines = "rows"',
                f"line_range = [{l0}, {l1}]", f"pos_range = [{p0}, {p1}]", 'line_grows = "north"',
                'pos_grows = "east"', 'shift = "odd"', f'hexes = "{sid}.csv"', ""]
    for kind, pre, name, chain in road_chains:
        out += ["[[lines]]", f'kind = "{kind}"', f'name = "{name}"', "illustrative = true",
                f"hexes = {toml_list([hid(pre, h) for h in chain])}", ""]
    for feat, items in (("river", river_sides), ("bridge", bridges), ("all_sea", all_sea)):
        for pre, a, b in items:
            out += ["[[hexsides]]", f'hexes = ["{hid(pre, Hex(*a))}", "{hid(pre, Hex(*b))}"]', f'feature = "{feat}"', ""]
    for pre, a, b in cliffs:
        out += ["[[hexsides]]", f'hexes = ["{hid(pre, a)}", "{hid(pre, b)}"]', 'feature = "cliff"', f'up = "{hid(pre, a)}"', ""]
    for name, h, kind, illus, note in places:
        out += ["[[places]]", f'name = "{name}"', f'hex = "{h}"'] + ([f'kind = "{kind}"'] if kind else []) + [
                f"illustrative = {'true' if illus else 'false'}"] + ([f'note = "{note}"'] if note else []) + [""]
    for aid, name, kind, hexes in areas:
        out += ["[[areas]]", f'id = "{aid}"', f'name = "{name}"', f'kind = "{kind}"', "illustrative = true",
                f"hexes = {toml_list(hexes)}", ""]
    out += ["[[areas]]", 'id = "scenario3-objectives"', 'name = "Scenario 3 objective hexes (14.3)"', 'kind = "objective"',
            "illustrative = false", 'hexes = ["W4415", "W4031", "W4227", "W4228", "W4123", "W4003", "W3720"]', ""]
    boxes = [
        ("offmap-retimo-south", "Southern Retimo sector (off-map)", "offmap", "", "4.51; connection hexes illustrative"),
        ("offmap-tymbakion", "Tymbakion (off-map, anchorage)", "offmap", "", "4.51, 4.57; connection hexes illustrative"),
        ("offmap-heraklion-east", "Eastern Heraklion sector (off-map)", "offmap", "", "4.51; connection hexes illustrative"),
        ("offmap-sitia", "Sitia (off-map, anchorage)", "offmap", "", "4.57, 17.33c; reached from the eastern Heraklion box"),
        ("alexandria", "Alexandria (Allied port)", "holding", "allied", "17.21; refit boxes and Ready to Sail (16.42)"),
        ("alexandria-ready", "Alexandria: Ready to Sail", "holding", "allied", "16.42"),
        ("alexandria-refit-1", "Alexandria: Refit 1", "holding", "allied", "16.42"),
        ("alexandria-refit-2", "Alexandria: Refit 2", "holding", "allied", "16.42"),
        ("athens", "Athens (German port)", "holding", "german", "17.21; 3 refit boxes and Ready to Sail (16.46)"),
        ("athens-refit-1", "Athens track: Refit 1", "track", "german", "16.46"),
        ("athens-refit-2", "Athens track: Refit 2", "track", "german", "16.46"),
        ("athens-refit-3", "Athens track: Refit 3", "track", "german", "16.46"),
        ("athens-ready", "Athens track: Ready to Sail", "track", "german", "16.46"),
        ("air-ready", "Air Operations Display: Ready", "display", "german", "12.22"),
        ("air-interdiction", "Air Operations Display: Interdiction", "display", "german", "12.22"),
        ("air-bombardment", "Air Operations Display: Bombardment/Combat Support", "display", "german", "12.22"),
        ("air-naval-search", "Air Operations Display: Naval Search/Coordination", "display", "german", "12.22"),
        ("air-naval-attack", "Air Operations Display: Naval Attack", "display", "german", "12.22"),
        ("air-flown", "Air Operations Display: Flown", "display", "german", "12.22"),
        ("air-abort-1", "Air Operations Display: Abort 1", "display", "german", "12.22"),
        ("air-abort-2", "Air Operations Display: Abort 2", "display", "german", "12.22"),
        ("allied-naval-display", "Allied Naval Display (lettered TF boxes)", "display", "allied", "16.2"),
        ("german-first-wave", "German first wave (paradrop GT1)", "holding", "german", "6.11"),
        ("german-second-wave", "German second wave (paradrop GT2)", "holding", "german", "6.11"),
        ("german-reserve-wave", "German reserve wave", "holding", "german", "6.11, 6.12b"),
        ("german-airlanding", "German airlanding groups", "holding", "german", "6.53"),
        ("allied-reinforcements", "Allied reinforcements", "holding", "allied", "3.0"),
        ("greek-militia-removed", "Greek militia awaiting return", "holding", "allied", "13.63"),
        ("hq-replacement", "HQs awaiting replacement", "holding", "", "13.51"),
        ("rsc-maleme-suda", "Sector Supply Record: Maleme/Suda reserve supply", "track", "", "15.11, 15.23"),
        ("rsc-retimo", "Sector Supply Record: Retimo reserve supply", "track", "", "15.11, 15.23"),
        ("rsc-heraklion", "Sector Supply Record: Heraklion reserve supply", "track", "", "15.11, 15.23"),
        ("rsc-south-crete", "Sector Supply Record: South Crete reserve supply", "track", "", "15.11, 15.23"),
        ("interdiction-record", "Interdiction Level Record", "track", "", "12.41"),
        ("game-turn-record", "Game Turn Record", "track", "", "3.2"),
    ]
    for zone in ("Cape Spada", "Almiros Bay", "Candia Bay", "Crete Basin", "Sea of Crete", "South Crete",
                 "Kithera Strait", "Matapan", "East Ionian", "Egyptian Coast", "Saronikos Gulf"):
        boxes.append(("sea-" + zone.lower().replace(" ", "-"), f"Sea zone: {zone}", "offmap", "",
                      "Naval Operations Map (16.5)"))
    for bid, name, kind, side, note in boxes:
        out += ["[[boxes]]", f'id = "{bid}"', f'name = "{name}"', f'kind = "{kind}"'] + (
            [f'side = "{side}"'] if side else []) + [f'note = "{note}"']
        if bid in boxes_adj:
            out.append(f"adjacent = {toml_list(boxes_adj[bid])}")
        if bid.startswith("rsc-") or bid == "interdiction-record":
            out.append("units = false")      # record tracks for markers only: a position places no unit there
        out.append("")
    (OUT / "map.toml").write_text("\n".join(out), encoding="utf-8")
    print(f"wrote {OUT}: {len(all_hexes('W'))} + {len(all_hexes('E'))} hexes, {len(places)} places, "
          f"{len(road_chains)} roads, {len(river_sides)} river, {len(bridges)} bridge, {len(cliffs)} cliff, "
          f"{len(all_sea)} all-sea hexsides, {len(boxes)} boxes")


if __name__ == "__main__":
    main()
