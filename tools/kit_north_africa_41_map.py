#!/usr/bin/env python3
"""Write the North Africa '41 map kit: ``maps/north-africa-41/map.toml``, ``west.csv``, ``east.csv``.

Deterministic: the same script always writes the same bytes (no randomness, no clock).
Run from the project root: ``python tools/kit_north_africa_41_map.py``.

What comes from the rulebook (seeds/004, English spec rules/north-africa-41.md):
  * the 4-digit hex IDs of nine places (El Agheila 1604, Misheifa 2351, Alexandria 2478,
    El Adem 2937, Gambut 3041, Tobruk 3138, Benina 3212, Tmimi 3332, Martuba 3629);
  * the kinds of terrain, hexside and line features, the off-map boxes and the four sector names;
  * which places are ports, airfields, the city, the blue-star VP hexes.
Everything else is ILLUSTRATIVE: the hex grid orientation is inferred from the nine IDs (first two
digits = row growing north, last two = position growing east, odd rows shifted half a hex east),
the terrain is drawn from real geography (coast, Jebel Akhdar, escarpments, Qattara Depression,
sand seas) converted to hexes by a linear fit through the nine known hexes, and roads, tracks,
escarpments, sectors and the other places are placed where the real ones are.
"""
from __future__ import annotations

import heapq
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vmodgen.hexes import grid  # noqa: E402
from vmodgen.hexes.grid import Hex  # noqa: E402

OUT = ROOT / "maps" / "north-africa-41"
SHIFT = "odd"
ROWS = (1, 39)
SHEETS = (("west", "West map (Cyrenaica)", (1, 40)), ("east", "East map (Marmarica and Egypt)", (41, 80)))


# ---- coordinates --------------------------------------------------------------------------
def hid(row: int, pos: int) -> str:
    return f"{row:02d}{pos:02d}"


def parse(h: str) -> Hex:
    return Hex(int(h[:2]), int(h[2:]))


def xy(h: Hex) -> tuple[float, float]:
    """Continuous map coordinates of a hex centre: x along the rows (east), y = row (north)."""
    return h.pos + (0.5 if grid.is_shifted(h.line, SHIFT) else 0.0), float(h.line)


def ll(lat: float, lon: float) -> tuple[float, float]:
    """(x, y) of a latitude/longitude: a linear fit through the rulebook's nine hex IDs."""
    return 4 + 6.9 * (lon - 19.2), 31 + 8.4 * (lat - 32.08)


ALL = [Hex(r, p) for r in range(ROWS[0], ROWS[1] + 1) for p in range(1, 81)]
ON_MAP = set(ALL)


def neighbours(h: Hex) -> list[Hex]:
    return [n for n in grid.neighbours(h, SHIFT) if n in ON_MAP]


def dist(a: Hex, b: Hex) -> int:
    return grid.distance(a, b, SHIFT)


# ---- land and sea ---------------------------------------------------------------------------
# The coastline west to east, as (x, y); the land lies south of it (closed along the south edge).
# Points come from ll() of real coastal places, nudged so the rulebook's hexes fall right.
COAST = [
    (-1, 17.4),        # Gulf of Sirte, toward Ras Lanuf
    (2.5, 16.6), (4.2, 16.45),          # El Agheila 1604 on the shore
    (6.6, 17.3),       # Mersa Brega
    (9.0, 19.5), (10.0, 21.0),          # Zuetina
    (9.4, 24.0), (9.2, 27.5), (9.6, 30.5), (9.6, 32.5),   # Ghemines, Benghazi 3210
    (11.0, 33.6), (13.0, 34.6),         # Tocra
    (16.1, 36.3),      # Tolmeita
    (19.5, 37.4), (23.0, 38.4), (25.0, 38.0),   # Susa, Ras al Hilal
    (27.0, 37.6), (28.2, 37.3),         # Derna 3727
    (30.2, 36.6), (31.3, 35.6),         # Ras et Tin
    (31.0, 34.4), (32.6, 33.6),         # Gulf of Bomba, Tmimi 3332 just inland
    (34.0, 32.7), (36.0, 32.4),         # Ain el Gazala
    (38.9, 31.6), (40.0, 31.3),         # Tobruk 3138
    (42.0, 30.6), (43.6, 29.7),         # Gambut 3041 on the shore
    (44.9, 28.6), (46.2, 27.6), (46.6, 26.6),   # Bardia 2844, Sollum 2745
    (47.5, 26.4), (50.8, 27.6),         # Buq Buq, Sidi Barrani 2750
    (54.0, 26.6), (57.0, 25.7), (59.8, 25.6),   # Maktila, Mersa Matruh 2559
    (62.0, 23.9), (64.3, 22.7),         # Maaten Baggush, Fuka 2264
    (68.0, 22.6), (71.0, 20.8),         # El Daba, El Alamein 2071
    (75.0, 21.6), (77.5, 24.2), (78.6, 24.8),   # Burg el Arab, Alexandria 2478
    (82.0, 25.6),      # toward Abu Qir and the Delta
]
LAND_POLY = COAST + [(82.0, -1.0), (-1.0, -1.0)]


def inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    """Even-odd point-in-polygon test."""
    res = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            res = not res
        j = i
    return res


def noise(h: Hex, salt: int) -> float:
    """A deterministic pseudo-random number in [0, 1) for a hex (no global RNG)."""
    v = (h.line * 73856093) ^ (h.pos * 19349663) ^ (salt * 83492791)
    v = (v * 2654435761) & 0xFFFFFFFF
    v ^= v >> 13
    v = (v * 1274126177) & 0xFFFFFFFF
    return (v & 0xFFFF) / 65536.0


def ellipse(x: float, y: float, cx: float, cy: float, rx: float, ry: float) -> bool:
    return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1.0


def desert_edge(x: float) -> float:
    """South of this row the desert is trackless (sand seas and the inner desert)."""
    pts = [(0, 8), (10, 9), (16, 12), (22, 14.5), (28, 15), (34, 13), (38, 10), (42, 8),
           (48, 6), (54, 5), (62, 5), (70, 4), (81, 4)]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if x0 <= x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return pts[-1][1]


# ---- places ---------------------------------------------------------------------------------
# (name, hex, terrain or None, point features, from the rulebook text?, note)
TEXT = True
PLACES = [
    ("El Agheila", "1604", "town", ("groundworks",), TEXT, "Allied automatic victory hex (26.1.2)"),
    ("Misheifa", "2351", "landmark", (), TEXT, "end of the extended railroad from turn 17 (5.9.2)"),
    ("Alexandria", "2478", "city", ("port",), TEXT,
     "the only city (9.6); Axis automatic victory hex (26.1.1); its port can never be damaged (21.4.2)"),
    ("El Adem", "2937", "landmark", ("vp_star",), TEXT, "Crusader VP hex (S3.3)"),
    ("Gambut", "3041", "landmark", ("airfield", "vp_star"), TEXT, "airfield; Crusader VP hex (S3.3)"),
    ("Tobruk", "3138", "town", ("port", "vp_star"), TEXT,
     "port, full capacity 4 (21.3.2); Crusader VP hex (S3.3); Tobruk Holding Box (2.2.4)"),
    ("Benina", "3212", None, ("airfield",), TEXT, "airfield (S1.3, convoy example)"),
    ("Tmimi", "3332", "landmark", ("vp_star",), TEXT, "Crusader VP hex (S3.3)"),
    ("Martuba", "3629", None, ("airfield", "vp_star"), TEXT,
     "airfield; 3629 in S3.3, 3630 in the convoy example (the two are adjacent)"),
    # named in the text, hex not given: placed where the real place is
    ("Benghazi", "3210", "town", ("port",), False, "port; starts S1/S2 damaged at capacity 3 (S1.1)"),
    ("Derna", "3727", "town", ("port",), False, "port (S1.3)"),
    ("Bardia", "2844", "town", ("port", "groundworks"), False, "port (S1.3); Bardia perimeter (S1.1)"),
    ("Mersa Matruh", "2559", "town", ("port", "groundworks"), False,
     "port (S1.3); railhead until turn 17 (5.9.1)"),
    ("Sidi Barrani", "2750", "town", ("airfield",), False, "airfield (S1.3)"),
    ("Fuka", "2264", "landmark", ("airfield",), False, "airfield (S1.3)"),
    # not named in the text: real places, for a readable board
    ("Mersa Brega", "1706", "landmark", (), False, ""),
    ("Agedabia", "2011", "town", (), False, ""),
    ("Beda Fomm", "2510", "landmark", (), False, ""),
    ("Antelat", "2313", "landmark", (), False, ""),
    ("Msus", "2617", "landmark", (), False, ""),
    ("Barce", "3415", "town", (), False, ""),
    ("Cyrene", "3722", "town", (), False, ""),
    ("Mechili", "3125", "landmark", (), False, ""),
    ("Gazala", "3234", "landmark", ("groundworks",), False, ""),
    ("Acroma", "3036", "landmark", (), False, ""),
    ("Tobruk anchorage", "3139", None, ("anchorage",), False, "the anchorage hex of the hints on play"),
    ("Bir Hakeim", "2735", "landmark", (), False, ""),
    ("Bir el Gubi", "2537", "landmark", (), False, ""),
    ("Sidi Rezegh", "2839", "landmark", (), False, ""),
    ("Capuzzo", "2744", "landmark", (), False, ""),
    ("Sollum", "2745", "town", (), False, ""),
    ("Halfaya", "2645", "landmark", (), False, ""),
    ("Sidi Omar", "2643", "landmark", (), False, ""),
    ("Maddalena", "2444", "landmark", (), False, ""),
    ("Buq Buq", "2648", "landmark", (), False, ""),
    ("Sofafi", "2449", "landmark", (), False, ""),
    ("Maaten Baggush", "2362", "landmark", (), False, ""),
    ("El Daba", "2268", "landmark", (), False, ""),
    ("El Alamein", "2071", "landmark", ("groundworks",), False, ""),
    ("Burg el Arab", "2175", "landmark", (), False, ""),
    ("Marada", "0704", "oasis", (), False, "oasis (27.2)"),
    ("Jalo", "0520", "oasis", (), False, "oasis (27.2)"),
    ("Giarabub", "1141", "oasis", (), False, "oasis (27.2)"),
    ("Siwa", "0747", "oasis", (), False, "oasis (27.2)"),
]

# Via Balbia and the Egyptian coast road (highway), tracks, railroad: waypoint hexes, joined by
# shortest land paths. (kind, name, waypoints)
LINES = [
    # from the west edge hex beside El Agheila (1601 touches the Tripoli box): the road runs on
    # to Tripoli, so a line of supply's road leg reaches the Axis base (16.3.3, 6.3.3)
    ("highway", "Via Balbia", ["1601", "1604", "1706", "2011", "2510", "3210", "3212", "3415", "3722", "3727",
                               "3629", "3332", "3234", "3036", "3138", "3041", "2844", "2744", "2745"]),
    ("highway", "Egyptian coast road", ["2745", "2648", "2750", "2559", "2362", "2264", "2268", "2071",
                                        "2175", "2478", "2480"]),
    ("track", "Agedabia - Antelat - Msus - Mechili", ["2011", "2313", "2617", "3125"]),
    ("track", "Benghazi - Msus", ["3210", "2813", "2617"]),
    ("track", "Mechili - Derna", ["3125", "3727"]),
    ("track", "Mechili - Tmimi", ["3125", "3332"]),
    ("track", "Trigh el Abd", ["3125", "2735", "2537", "2444"]),
    ("track", "Trigh Capuzzo", ["3036", "2937", "2839", "2744"]),
    ("track", "El Adem - Bir el Gubi", ["2937", "2537"]),
    ("track", "Gazala - Bir Hakeim", ["3234", "2735"]),
    ("track", "Frontier wire track", ["2744", "2643", "2444", "1141"]),
    ("track", "Sofafi track", ["2645", "2449", "2351", "2750"]),
    ("track", "Siwa track", ["2559", "1753", "0747", "1141"]),
    ("track", "Jalo track", ["2011", "1415", "0520"]),
    ("track", "Marada track", ["1604", "0704"]),
]
RAIL = ("railroad", "Western Desert Railway", ["2480", "2478", "2175", "2071", "2268", "2264", "2362", "2559"])
RAIL_EXT = ("railroad", "Extended railroad (from turn 17, 5.9.2)", ["2559", "2351"])


# ---- build ----------------------------------------------------------------------------------
def build() -> dict:
    terrain: dict[Hex, str] = {}
    for h in ALL:
        x, y = xy(h)
        terrain[h] = "clear" if inside(LAND_POLY, x, y) else "sea"
    land = {h for h in ALL if terrain[h] != "sea"}
    coastal = {h for h in land if any(terrain[n] == "sea" for n in neighbours(h))}
    for h in sorted(land):
        x, y = xy(h)
        n1, n2 = noise(h, 1), noise(h, 2)
        t = "clear"
        if 13.5 <= x <= 30.5 and y >= 33 + max(0.0, (x - 27.0)) * 0.6 and not (h in coastal and x < 20):
            t = "jebel"                                       # Jebel Akhdar
        elif 12 <= x <= 31 and 30.5 <= y < 33 and n1 < 0.55:
            t = "rough"                                       # foothills south of the Jebel
        elif 33 <= x <= 47 and h in coastal and n1 < 0.5:
            t = "rough"                                       # wadis of the Marmarica coast
        elif ellipse(x, y, 62, 12, 9.5, 3.6) or ellipse(x, y, 6.5, 13.6, 2.6, 1.3):
            t = "marsh"                                       # Qattara Depression, El Agheila sebkha
        elif ellipse(x, y, 77, 22.6, 1.2, 0.7):
            t = "marsh"                                       # Lake Mariout
        elif y < desert_edge(x) + (n2 - 0.5) * 2.0:
            t = "desert"                                      # trackless desert (no hex grid)
        elif n1 < 0.07:
            t = "rough"
        terrain[h] = t
    places = []
    features: dict[Hex, set[str]] = {}
    for name, hx, ter, feats, from_text, note in PLACES:
        h = parse(hx)
        assert h in land, (name, hx)
        if ter:
            terrain[h] = ter
        elif terrain[h] in ("desert", "marsh", "jebel"):
            terrain[h] = "clear"
        features.setdefault(h, set()).update(feats)
        places.append((name, hx, from_text, note, feats))
    passable = {h for h in land if terrain[h] != "marsh"}

    def path(a: str, b: str) -> list[Hex]:
        """Shortest land path (no marsh), preferring hexes near the straight segment."""
        ha, hb = parse(a), parse(b)
        ax, ay = xy(ha)
        bx, by = xy(hb)
        seg2 = (bx - ax) ** 2 + (by - ay) ** 2 or 1.0

        def off(h: Hex) -> float:
            x, y = xy(h)
            t = max(0.0, min(1.0, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / seg2))
            return ((x - ax - t * (bx - ax)) ** 2 + (y - ay - t * (by - ay)) ** 2) ** 0.5

        best = {ha: 0.0}
        prev: dict[Hex, Hex] = {}
        heap = [(0.0, ha)]
        while heap:
            d, h = heapq.heappop(heap)
            if h == hb:
                break
            if d > best[h]:
                continue
            for n in neighbours(h):
                if n not in passable:
                    continue
                nd = d + 1.0 + 0.05 * off(n) + (0.3 if terrain[n] == "desert" else 0.0)
                if nd < best.get(n, 1e9):
                    best[n] = nd
                    prev[n] = h
                    heapq.heappush(heap, (nd, n))
        out = [hb]
        while out[-1] != ha:
            out.append(prev[out[-1]])
        return out[::-1]

    lines = []
    for kind, name, wps in LINES + [RAIL, RAIL_EXT]:
        chain: list[Hex] = [parse(wps[0])]
        for a, b in zip(wps, wps[1:]):
            chain += path(a, b)[1:]
        lines.append((kind, name, chain))
        if kind != "railroad":
            for h in chain:                                   # a road or track is not trackless
                if terrain[h] == "desert":
                    terrain[h] = "clear"

    hexsides = []

    def boundary(up: set[Hex], region: set[Hex], feature: str, note: str) -> None:
        seen = set()
        for h in sorted(up):
            for n in neighbours(h):
                if n in region and n not in up and n in land and (h, n) not in seen:
                    seen.add((h, n))
                    hexsides.append((feature, h, n, note))

    # escarpments (up side listed first)
    def band(f) -> set[Hex]:
        return {h for h in land if f(*xy(h))}

    # the Benghazi plain escarpment: the Jebel rises east of the coastal plain
    region = band(lambda x, y: 28 <= y <= 36 and 10 <= x <= 16)
    boundary(band(lambda x, y: 28 <= y <= 36 and x >= 12.2 + max(0.0, y - 33) * 0.6), region,
             "escarpment", "Benghazi plain escarpment")
    # the coastal escarpment from Gazala past Tobruk to Bardia, one hex inland
    region = band(lambda x, y: 33 <= x <= 44.5 and y >= 27)
    boundary({h for h in region if h not in coastal}, region, "escarpment", "Tobruk coastal escarpment")
    # the Sidi Rezegh - Trigh Capuzzo escarpment, south of the first one
    region = band(lambda x, y: 36 <= x <= 43 and 27 <= y <= 29.5)
    boundary(band(lambda x, y: 36 <= x <= 43 and y <= 28.0), region, "escarpment",
             "Sidi Rezegh escarpment")
    # the Egyptian escarpment: Sollum and Halfaya, then south-east toward Sofafi and Matruh
    region = band(lambda x, y: 44.5 <= x <= 62 and 21 <= y <= 27)
    boundary(band(lambda x, y: 44.5 <= x <= 62 and y <= 27.0 - (x - 44.5) * 0.17 - (1.0 if x > 46 else 0.0)),
             region, "escarpment", "Sollum - Halfaya escarpment")
    # the northern edge of the Qattara Depression (the depression is the low side)
    qattara = {h for h in land if terrain[h] == "marsh" and xy(h)[0] > 40}
    for h in sorted(qattara):
        for n in neighbours(h):
            if n in land and n not in qattara and n.line > h.line:
                hexsides.append(("escarpment", n, h, "Qattara Depression escarpment"))
    # ridges near El Alamein (the crest is the up side)
    for crest in (["2072", "2073", "2074"], ["1873", "1874", "1875"]):
        hs = {parse(c) for c in crest}
        for h in sorted(hs):
            for n in neighbours(h):
                if n.line < h.line and n not in hs and n in land:
                    hexsides.append(("ridge", h, n, "Ruweisat ridge" if crest[0] == "1873" else "Miteiriya ridge"))
    # the Tobruk and Bardia perimeters
    tob = {h for h in land if min(dist(h, parse(c)) for c in ("3137", "3138", "3139")) <= 1}
    for h in sorted(tob):
        for n in neighbours(h):
            if n in land and n not in tob:
                hexsides.append(("tobruk_perimeter", h, n, "Tobruk perimeter (inside first)"))
    bar = {h for h in land if dist(h, parse("2844")) <= 1}
    for h in sorted(bar):
        for n in neighbours(h):
            if n in land and n not in bar:
                hexsides.append(("bardia_perimeter", h, n, "Bardia perimeter (inside first)"))
    # all-sea hexsides: the Ain el Gazala inlet and the Mersa Matruh lagoon
    for a, b, note in (("3333", "3234", "Ain el Gazala inlet"), ("2461", "2560", "Mersa Matruh lagoon")):
        ha, hb = parse(a), parse(b)
        assert ha in land and hb in land and dist(ha, hb) == 1, (a, b)
        hexsides.append(("all_sea", ha, hb, f"all-sea hexside: {note}"))

    return {"terrain": terrain, "features": features, "places": places, "lines": lines,
            "hexsides": hexsides, "land": land}


# ---- write ----------------------------------------------------------------------------------
def toml_list(items: list[str], per_line: int = 12, indent: str = "    ") -> str:
    if len(items) <= per_line:
        return "[" + ", ".join(f'"{i}"' for i in items) + "]"
    rows = [", ".join(f'"{i}"' for i in items[k:k + per_line]) for k in range(0, len(items), per_line)]
    return "[\n" + ",\n".join(indent + r for r in rows) + ",\n]"


SECTORS = [("benghazi", "Benghazi sector", 1, 26), ("tobruk", "Tobruk sector", 27, 45),
           ("mersa-matruh", "Mersa Matruh sector", 46, 66), ("alexandria", "Alexandria sector", 67, 80)]

ILLUSTRATIVE_NOTE = (
    "Only the hex IDs of nine places are in the rulebook text (El Agheila 1604, Misheifa 2351, "
    "Alexandria 2478, El Adem 2937, Gambut 3041, Tobruk 3138, Benina 3212, Tmimi 3332, Martuba 3629). "
    "The grid is an inference from them: the first two digits number horizontal rows growing north, "
    "the last two the position along a row growing east, odd rows shifted half a hex east, one "
    "numbering across both sheets (west 01-40, east 41-80). All terrain, roads, tracks, the railroad's "
    "route, escarpments, ridges, perimeters, sector boundaries, the edge hexes touching Tripoli and the "
    "Nile Delta, and the hexes of every other place are illustrative: real geography converted to "
    "hexes, not the printed map.")


def write() -> None:
    data = build()
    terrain, features, land = data["terrain"], data["features"], data["land"]
    OUT.mkdir(parents=True, exist_ok=True)
    for sid, _name, (lo, hi) in SHEETS:
        rows = ["hex,terrain,elevation,features,illustrative,note"]
        text_hexes = {p[1] for p in data["places"] if p[2]}
        for h in ALL:
            if not lo <= h.pos <= hi:
                continue
            i = hid(h.line, h.pos)
            feats = ";".join(sorted(features.get(h, ())))
            rows.append(f"{i},{terrain[h]},,{feats},yes,"
                        + ("hex ID from the rulebook; terrain illustrative" if i in text_hexes else ""))
        (OUT / f"{sid}.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")

    o: list[str] = []
    w = o.append
    w("# North Africa '41 map. GENERATED by tools/kit_north_africa_41_map.py: edit the script, not this file.")
    w("# Hex IDs: 4 digits, RRPP. The rulebook gives nine IDs; the grid layout below is an inference")
    w("# from them (see illustrative_note). Sources: seeds/004 (Japanese rulebook), rules/north-africa-41.md.")
    w("[map]")
    w('id = "north-africa-41"')
    w('name = "North Africa \'41"')
    w("hex_height_px = 64")
    w('default_terrain = "clear"')
    w(f'illustrative_note = "{ILLUSTRATIVE_NOTE}"')
    w("")
    for sid, name, (lo, hi) in SHEETS:
        w("[[sheets]]")
        w(f'id = "{sid}"')
        w(f'name = "{name}"')
        w('lines = "rows"            # inferred: first two digits = row (2.2; spec section 3)')
        w("line_first = true")
        w("line_digits = 2")
        w("pos_digits = 2")
        w(f"line_range = [{ROWS[0]}, {ROWS[1]}]")
        w(f"pos_range = [{lo}, {hi}]")
        w('line_grows = "north"      # inferred from the nine known IDs')
        w('pos_grows = "east"        # inferred from the nine known IDs')
        w(f'shift = "{SHIFT}"            # inferred: which rows are shifted is not in the text')
        w("offset = [0, 0]           # one numbering for both sheets: they join at positions 40|41")
        w(f'hexes = "{sid}.csv"')
        w("")
    w("# ---- places: the first nine hex IDs are from the rulebook text; the rest are illustrative")
    for name, hx, from_text, note, feats in data["places"]:
        kind = next((f for f in ("port", "airfield", "anchorage", "vp_star") if f in feats), "")
        w("[[places]]")
        w(f'name = "{name}"')
        w(f'hex = "{hx}"')
        if kind:
            w(f'kind = "{kind}"')
        w(f"illustrative = {'false' if from_text else 'true'}")
        if note:
            w(f'note = "{note}"')
        w("")
    w("# ---- off-map boxes and displays (2.2.3, 2.2.4, 6.0, 10.4, 12.5.2, 19.3.3, 20.3, S2.2, 22.3)")
    west_edge = [hid(h.line, h.pos) for h in ALL if h.pos == 1 and h in land and h.line >= 10]
    east_edge = [hid(h.line, h.pos) for h in ALL if h.pos == 80 and h in land and h.line >= 16]
    boxes = [
        ("italy", "Italy", "offmap", "axis", [], "Axis base (6.1.3); not adjacent to the map: leave by sea or air only (6.3.2); port never damaged (21.4.2)"),
        ("tripoli", "Tripoli", "offmap", "axis", west_edge, "Axis box adjacent to the west map edge (6.3.3); port capacity 14 (convoy example); which edge hexes touch it is not in the text (illustrative: the land hexes of the west edge from row 10 north)"),
        ("nile-delta", "Nile Delta", "offmap", "allied", east_edge, "Allied base adjacent to the east map edge (6.1.3, 6.3.3); rail terminus (5.9); which edge hexes touch it is not in the text (illustrative: the land hexes of the east edge from row 16 north)"),
        ("crete", "Crete (airfield)", "display", "", [], "off-map airfield marker: Allied until the start of turn 6, then Axis (22.2.2)"),
        ("tobruk-holding", "Tobruk Holding Box", "holding", "", [], "shows the units in the Tobruk hex 3138 when the stack is too big (2.2.4); they are in the hex"),
        ("replacement-pool", "Replacement Pool", "display", "", [], "unused replacements (2.2.3)"),
        ("supply-pool", "Supply Pool", "display", "", [], "unused supply points (2.2.3)"),
        ("eliminated", "Eliminated Units", "display", "", [], "10.2, 19.4"),
        ("surrender-left", "Surrender Box (left half)", "display", "", [], "surrendered units enter here (12.5.2)"),
        ("surrender-right", "Surrender Box (right half)", "display", "", [], "then move here, then to Eliminated (12.5.2)"),
        ("remnant-display", "Remnant Display", "display", "", [], "10.4"),
        ("withdrawn", "Withdrawn Units", "holding", "", [], "19.3.3, 20.3"),
        ("reserve", "Reserve", "holding", "allied", [], "2 NZ and 2 SA units held back (S2.2); in the Nile Delta for replacements"),
        ("malta-track", "Malta Status Track", "track", "", [], "22.3.2"),
        ("turn-track", "Turn Record Track", "track", "", [], "air superiority, replacements, Axis airfield index (S2.3.1)"),
        ("impulse-track", "Impulse Track", "track", "", [], "3.1"),
        ("phase-track", "Player-Turn / Phase Track", "track", "", [], "3.2"),
        ("vp-track", "VP Track", "track", "", [], "-12 to +12 (S2.3.2)"),
        ("rp-track-allied", "Allied Resource Point Track", "track", "allied", [], "at most 4 (23.1)"),
        ("rp-track-axis", "Axis Resource Point Track", "track", "axis", [], "at most 4 (23.1)"),
        ("assets-allied", "Allied Available Assets", "display", "allied", [], "18.7.1"),
        ("assets-axis", "Axis Available Assets", "display", "axis", [], "18.7.1"),
        ("markers-allied", "Allied Marker Display", "display", "allied", [], "18.5"),
        ("markers-axis", "Axis Marker Display", "display", "axis", [], "18.5"),
        ("delay-allied", "Allied Delay Marker Display", "display", "allied", [], "24.3.1"),
        ("delay-axis", "Axis Delay Marker Display", "display", "axis", [], "24.3.1"),
        ("shipping-allied", "Allied Coastal Shipping Modifier Box", "display", "allied", [], "holds airfield markers (22.2.2)"),
        ("shipping-axis", "Axis Coastal Shipping Modifier Box", "display", "axis", [], "holds airfield markers (22.2.2)"),
    ]
    # record tracks that hold markers only: a position placing a unit there is refused
    markers_only = {"malta-track", "impulse-track", "phase-track", "vp-track", "rp-track-allied", "rp-track-axis"}
    for bid, name, kind, side, adj, note in boxes:
        w("[[boxes]]")
        w(f'id = "{bid}"')
        w(f'name = "{name}"')
        w(f'kind = "{kind}"')
        if side:
            w(f'side = "{side}"')
        if adj:
            w(f"adjacent = {toml_list(adj)}")
        w(f'note = "{note}"')
        if bid in markers_only:
            w("units = false")
        w("")
    w("# ---- supply attrition sectors (25.1): names from the text, boundaries illustrative")
    for aid, name, lo, hi in SECTORS:
        hexes = [hid(h.line, h.pos) for h in ALL if lo <= h.pos <= hi and h in land]
        w("[[areas]]")
        w(f'id = "{aid}"')
        w(f'name = "{name}"')
        w('kind = "sector"')
        w("illustrative = true")
        w(f'note = "positions {lo:02d}-{hi:02d}, every land hex"')
        w(f"hexes = {toml_list(hexes, 14)}")
        w("")
    w("# ---- roads (Via Balbia highway and tracks, 5.2.1) and the railroad (5.9): routes illustrative")
    for kind, name, chain in data["lines"]:
        w("[[lines]]")
        w(f'kind = "{kind}"')
        w(f'name = "{name}"')
        w("illustrative = true")
        w(f"hexes = {toml_list([hid(h.line, h.pos) for h in chain], 14)}")
        w("")
    w("# ---- hexsides: escarpments and ridges (directional, 'up' = the higher hex), perimeters ('up' = the inside:")
    w("# 9.6 halves vehicles attacking into it), all-sea")
    for feature, a, b, note in data["hexsides"]:
        w("[[hexsides]]")
        w(f'hexes = ["{hid(a.line, a.pos)}", "{hid(b.line, b.pos)}"]')
        w(f'feature = "{feature}"')
        if feature in ("escarpment", "ridge", "tobruk_perimeter", "bardia_perimeter"):
            w(f'up = "{hid(a.line, a.pos)}"')
        w("illustrative = true")
        w(f'note = "{note}"')
        w("")
    (OUT / "map.toml").write_text("\n".join(o), encoding="utf-8")


if __name__ == "__main__":
    write()
    print(f"wrote {OUT}/map.toml, west.csv, east.csv")
