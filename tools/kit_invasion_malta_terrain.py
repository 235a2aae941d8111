"""Write the Invasion: Malta map: maps/invasion-malta/{map.toml, malta.csv, leros.csv}.

Deterministic (no randomness): run ``python tools/kit_invasion_malta_terrain.py`` from the repo
root and commit the outputs. Hexes, places and features the rulebook text states are written as
such (``illustrative`` no / false); everything else is projected from approximate real geography
(see ``kit_invasion_malta_geo``) and marked illustrative.
"""
from __future__ import annotations

import heapq
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import kit_invasion_malta_geo as geo  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "maps" / "invasion-malta"

MALTA_COLS, MALTA_ROWS = (6, 48), (1, 47)
LEROS_COLS, LEROS_ROWS = (8, 44), (1, 14)
LEROS_PREFIX = "L"

# --- what the rulebook text states (hex IDs on Malta unless prefixed) -------------------------
TEXT_LAND = {  # hex: (terrain or "", note)
    "1424": ("", "5/3 starts the [8.2] example here"),
    "1425": ("", "B/3 KOMR (Allied) in the [8.2] and [6.2] examples"),
    "1523": ("", "outside the ZOC of 1425 [8.2 ex.]"),
    "1524": ("", "5/3 in supply here on GT3 [6.2 ex.]"),
    "1623": ("", "airhead in the [6.2] example"),
    "1225": ("", "beachhead in the [6.2] example: a coastal hex"),
    "1224": ("", "[6.2 ex.]: a route around the ZOC of 1425 reaches 1225; it must come this way"),
    "1323": ("", "[6.2 ex.]: on the route around the ZOC of 1425"),
    "1423": ("", "[6.2 ex.]: on the route around the ZOC of 1425"),
    "1324": ("", "has a cliff hexside [6.2 ex.]"),
    "1530": ("", "KG5 drop hex, Scenario 3 GT1 [15.4 ex.]; holds an Allied combat unit"),
    "1730": ("", "drift landing [15.4 ex.]"),
    "1632": ("", "drift landing on an Allied-occupied hex [15.4 ex.]"),
    "1631": ("urban", "urban: drift landing disrupted [15.4 ex.]"),
    "1431": ("", "drift landing [15.4 ex.]"),
    "1529": ("rough", "rough: drift landing disrupted [15.4 ex.]"),
    "3115": ("", "British defender in the [12.2] slope example"),
    "3116": ("", "attack across the slope [12.2 ex.]"),
    "3015": ("", "attack not across the slope [12.2 ex.]"),
    "2933": ("urban", "Cospicua, sudden-death hex [19.21]"),
    "3131": ("urban", "Auberge de Castile, sudden-death hex [19.21]"),
}
TEXT_STATED_TERRAIN = {"1631", "1529"}   # terrain given by the text itself

HEXSIDES_TEXT = [  # a, b, feature, up, note
    ("1324", "1225", "cliff", "",
     "[6.2 ex.] names a cliff hexside of 1324 that blocks the trace to the beachhead in 1225; "
     "which side of 1324 it is, is inferred"),
    ("3115", "3116", "slope", "3115",
     "[12.2 ex.]: a defender in 3115 gets the hexside DRM only when attacked from 3116"),
]


def fmt(col: int, row: int, prefix: str = "") -> str:
    return f"{prefix}{col:02d}{row:02d}"


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """Odd-q neighbours (odd columns shifted half a hex down)."""
    if col % 2:
        return [(col, row - 1), (col + 1, row), (col + 1, row + 1), (col, row + 1),
                (col - 1, row + 1), (col - 1, row)]
    return [(col, row - 1), (col + 1, row - 1), (col + 1, row), (col, row + 1),
            (col - 1, row), (col - 1, row - 1)]


class Island:
    """One sheet's generated content."""

    def __init__(self, name: str, proj: geo.Projection, coast, cols, rows, prefix: str,
                 channels=()) -> None:
        self.name, self.proj, self.cols, self.rows, self.prefix = name, proj, cols, rows, prefix
        self.poly = [proj.to_map(la, lo) for la, lo in coast]
        self.channels = [([proj.to_map(la, lo) for la, lo in line], width / proj.metres_per_hex)
                         for line, width in channels]
        self.terrain: dict[tuple[int, int], str] = {}
        self.stated: set[tuple[int, int]] = set()
        self.notes: dict[tuple[int, int], str] = {}
        self.features: dict[tuple[int, int], set[str]] = {}
        self.forced: set[tuple[int, int]] = set()   # land by the rulebook, whatever the outline says
        for c in range(cols[0], cols[1] + 1):
            for r in range(rows[0], rows[1] + 1):
                self.terrain[(c, r)] = "clear" if self.dry(geo.hex_centre(c, r)) else "sea"

    def dry(self, z: complex) -> bool:
        """Whether a point of the hex plane is land."""
        if not geo.inside(z, self.poly):
            return False
        return not any(geo.seg_distance(z, a, b) <= w
                       for line, w in self.channels for a, b in zip(line, line[1:]))

    def on(self, h) -> bool:
        return h in self.terrain

    def land(self, h) -> bool:
        return self.terrain.get(h, "sea") not in ("sea", "invasion")

    def hid(self, h) -> str:
        return fmt(*h, self.prefix)

    def near(self, lat, lon, radius_m: float) -> list[tuple[int, int]]:
        centre = self.proj.to_map(lat, lon)
        rad = radius_m / self.proj.metres_per_hex
        return sorted(h for h in self.terrain if abs(geo.hex_centre(*h) - centre) <= rad)

    def nearest_land(self, lat, lon) -> tuple[int, int]:
        h = self.proj.hex_of(lat, lon)
        if self.land(h):
            return h
        centre = self.proj.to_map(lat, lon)
        return min((x for x in self.terrain if self.land(x)),
                   key=lambda x: (abs(geo.hex_centre(*x) - centre), x))

    def sea_between(self, a, b) -> bool:
        """Whether the straight line between two land hex centres crosses water."""
        if a in self.forced or b in self.forced:
            return False
        za, zb = geo.hex_centre(*a), geo.hex_centre(*b)
        return any(not self.dry(za + (zb - za) * t) for t in (0.35, 0.5, 0.65))

    def path(self, a, b) -> list[tuple[int, int]]:
        """Cheapest land chain from a to b (rough costs 2), deterministic."""
        cost = {"clear": 1, "urban": 1, "airfield": 1, "rough": 2}
        best = {a: 0}
        prev: dict = {}
        heap = [(0, a)]
        while heap:
            d, h = heapq.heappop(heap)
            if h == b:
                break
            if d > best[h]:
                continue
            for n in neighbours(*h):
                if not self.land(n) or self.sea_between(h, n):
                    continue
                nd = d + cost[self.terrain[n]]
                if nd < best.get(n, 1 << 30):
                    best[n] = nd
                    prev[n] = h
                    heapq.heappush(heap, (nd, n))
        if b not in best:
            raise SystemExit(f"{self.name}: no land path from {a} to {b}")
        out = [b]
        while out[-1] != a:
            out.append(prev[out[-1]])
        return out[::-1]


def build_island(name, proj, coast, cols, rows, prefix, towns, airfields, rough, channels=()):
    isl = Island(name, proj, coast, cols, rows, prefix, channels)
    for lat, lon, rad in rough:
        for h in isl.near(lat, lon, rad):
            if isl.land(h):
                isl.terrain[h] = "rough"
    town_hex: dict[str, tuple[int, int]] = {}
    for tname, lat, lon, rad in towns:
        h = isl.nearest_land(lat, lon)
        town_hex[tname] = h
        for x in [h] + (isl.near(lat, lon, rad) if rad else []):
            if isl.land(x):
                isl.terrain[x] = "urban"
    for aname, lat, lon, n in airfields:
        h = isl.nearest_land(lat, lon)
        centre = isl.proj.to_map(lat, lon)
        ring = sorted((x for x in [h] + neighbours(*h) if isl.land(x)),
                      key=lambda x: (abs(geo.hex_centre(*x) - centre), x))[:n]
        for x in ring:
            isl.terrain[x] = "airfield"
        town_hex[aname] = h
    isl.airfields = {a[0]: sorted(x for x in [town_hex[a[0]]] + neighbours(*town_hex[a[0]])
                                  if isl.terrain.get(x) == "airfield") for a in airfields}
    isl.town_hex = town_hex
    isl.zones = {}
    return isl


def make_zones(isl: Island, zones) -> None:
    """Invasion hexes: the sea hexes next to the coast nearest each zone's centre."""
    for zid, zname, lat, lon, n, target in zones:
        centre = isl.proj.to_map(lat, lon)
        cand = [h for h in isl.terrain if isl.terrain[h] == "sea"
                and any(isl.land(x) for x in neighbours(*h))]
        if target:
            t = tuple(int(target[i:i + 2]) for i in (0, 2))
            first = sorted((h for h in cand if t in neighbours(*h)),
                           key=lambda x: (abs(geo.hex_centre(*x) - centre), x))[:1]
        else:
            first = []
        rest = sorted((h for h in cand if h not in first),
                      key=lambda x: (abs(geo.hex_centre(*x) - centre), x))
        chosen = (first + rest)[:n]
        for h in chosen:
            isl.terrain[h] = "invasion"
        isl.zones[zid] = (zname, sorted(chosen))


def finish(isl: Island) -> None:
    """Point features that follow from the terrain: coastal hexes; airfield hexes also carry the
    'airfield' feature (the rules engine looks for it there)."""
    for h in isl.terrain:
        if isl.terrain[h] == "airfield":
            isl.features.setdefault(h, set()).add("airfield")
        if isl.land(h) and any(not isl.land(n) for n in neighbours(*h) if isl.on(n)):
            isl.features.setdefault(h, set()).add("coastal")


def malta() -> Island:
    proj = geo.Projection(geo.MALTA_ANCHORS, geo.LAT0, 14.45)
    isl = build_island("malta", proj, geo.MALTA_COAST, MALTA_COLS, MALTA_ROWS, "",
                       geo.MALTA_TOWNS, geo.MALTA_AIRFIELDS, geo.MALTA_ROUGH, geo.MALTA_CHANNELS)
    for hid, (terrain, note) in TEXT_LAND.items():
        h = (int(hid[:2]), int(hid[2:]))
        isl.forced.add(h)
        if not isl.land(h) or terrain:
            isl.terrain[h] = terrain or "clear"
        if hid in TEXT_STATED_TERRAIN:
            isl.stated.add(h)
        isl.notes[h] = note
    # the text's examples need these hexes free of invented features
    for hid in ("1224", "1323", "1423", "1424", "1425", "1523", "1524", "1623", "1530", "1632", "1730", "1431", "3115",
                "3116", "3015"):
        h = (int(hid[:2]), int(hid[2:]))
        if isl.terrain[h] in ("urban", "airfield", "rough") and h not in isl.stated:
            isl.terrain[h] = "clear"
    make_zones(isl, geo.MALTA_ZONES)
    finish(isl)
    return isl


def leros() -> Island:
    proj = geo.Projection.fixed(geo.LEROS_OBJECTIVE, (27, 6), 600, 150, 37.15, 26.83)
    isl = build_island("leros", proj, geo.LEROS_COAST, LEROS_COLS, LEROS_ROWS, LEROS_PREFIX,
                       geo.LEROS_TOWNS, [], geo.LEROS_ROUGH)
    h = (27, 6)
    isl.forced.add(h)
    if not isl.land(h):
        isl.terrain[h] = "clear"
    isl.notes[h] = "sudden-death hex of Scenario 4 [19.22]"
    make_zones(isl, geo.LEROS_ZONES)
    finish(isl)
    return isl


# ------------------------------------------------------------------------------- writing ------
PORTS = {"malta": [("Grand Harbour", 35.8940, 14.5150), ("Marsamxett Harbour", 35.9020, 14.5080),
                   ("Marsaxlokk", 35.8420, 14.5430)],
         "leros": [("Portolago (Lakki)", 37.1300, 26.8500), ("Alinda Bay", 37.1620, 26.8460)]}
BOOMS = {"malta": [("Grand Harbour boom", (35.9020, 14.5180), (35.8960, 14.5260)),
                   ("Marsamxett boom", (35.9135, 14.5150), (35.9025, 14.5150))],
         "leros": [("Portolago boom", (37.1240, 26.8420), (37.1330, 26.8330))]}
SECTORS = [("sector-north", "North sector", lambda c, r: r <= 17),
           ("sector-central", "Central sector", lambda c, r: 18 <= r <= 27),
           ("sector-south", "South sector", lambda c, r: r >= 28)]


def q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def qlist(items) -> str:
    return "[" + ", ".join(q(i) for i in items) + "]"


def coast_hex(isl: Island, lat, lon) -> tuple[int, int]:
    centre = isl.proj.to_map(lat, lon)
    return min((h for h, f in isl.features.items() if "coastal" in f),
               key=lambda h: (abs(geo.hex_centre(*h) - centre), h))


def sea_chain(isl: Island, a, b) -> list[tuple[int, int]]:
    """Shortest chain a → b whose inner hexes are water (a boom across a harbour mouth)."""
    prev = {a: None}
    todo = [a]
    while todo:
        nxt = []
        for h in todo:
            for n in neighbours(*h):
                if n in prev or not isl.on(n):
                    continue
                if n != b and isl.land(n):
                    continue
                prev[n] = h
                nxt.append(n)
        if b in prev:
            break
        todo = nxt
    out = [b]
    while out[-1] != a:
        out.append(prev[out[-1]])
    return out[::-1]


def write_csv(isl: Island, path: Path) -> int:
    rows = ["hex,terrain,elevation,features,illustrative,note"]
    for h in sorted(isl.terrain):
        feats = ";".join(sorted(isl.features.get(h, ())))
        illus = "no" if h in isl.stated else "yes"
        note = isl.notes.get(h, "")
        rows.append(f"{isl.hid(h)},{isl.terrain[h]},,{feats},{illus},{note.replace(',', ';')}")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return len(rows) - 1


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    islands = {"malta": malta(), "leros": leros()}
    out: list[str] = [
        "# Invasion: Malta (with Leros 1943): GENERATED by tools/kit_invasion_malta_terrain.py.",
        "# Do not edit by hand; change the generator and run it again.",
        "[map]", 'id = "invasion-malta"', 'name = "Invasion: Malta"', "hex_height_px = 64",
        'default_terrain = "sea"',
        "illustrative_note = " + q(
            "The rulebook text has no map art and no TEC. Stated by the text: the 4-digit CCRR hex "
            "IDs, the adjacencies of its examples, urban 1631 and rough 1529 [15.4 ex.], Cospicua "
            "2933 and Auberge de Castile 3131 (Malta) and hex 2706 (Leros) [19.2], the cliff "
            "hexside of 1324 and the slope between 3115 and 3116 (examples). Everything else "
            "(coastlines, terrain, towns, airfields, roads, sectors, invasion zones, forts, "
            "hospitals, booms) is projected from real geography and illustrative."),
        "",
    ]
    for sid, name, isl, cols, rows, prefix, note in (
            ("malta", "Malta", islands["malta"], MALTA_COLS, MALTA_ROWS, "",
             "Hex IDs as printed: CCRR, odd columns half a hex down (fits every adjacency example "
             "of the rulebook). Printed as three 22x25.5 sheets in the box; modelled as one sheet "
             "per island because numbering restarts per island."),
            ("leros", "Leros", islands["leros"], LEROS_COLS, LEROS_ROWS, LEROS_PREFIX,
             "Leros hexes are printed as plain CCRR too; the kit prefixes them with 'L' "
             "(Leros 2706 = L2706) so that they do not collide with Malta's.")):
        out += ["[[sheets]]", f"id = {q(sid)}", f"name = {q(name)}", f"prefix = {q(prefix)}",
                'lines = "columns"', f"line_range = [{cols[0]}, {cols[1]}]",
                f"pos_range = [{rows[0]}, {rows[1]}]", 'line_grows = "east"',
                'pos_grows = "south"', 'shift = "odd"', f"hexes = {q(sid + '.csv')}",
                f"# {note}", ""]
    # hexsides: the text's two, then generated sea hexsides
    for a, b, feat, up, note in HEXSIDES_TEXT:
        out += ["[[hexsides]]", f"hexes = [{q(a)}, {q(b)}]", f"feature = {q(feat)}"]
        if up:
            out.append(f"up = {q(up)}")
        illus = "true" if feat == "cliff" else "false"    # which side of 1324 is inferred
        out += [f"illustrative = {illus}", f"note = {q(note)}", ""]
    for sid, isl in islands.items():
        done = set()
        for h in sorted(isl.terrain):
            if not isl.land(h):
                continue
            for n in neighbours(*h):
                pair = frozenset((h, n))
                if isl.land(n) and pair not in done and isl.sea_between(h, n):
                    done.add(pair)
                    out += ["[[hexsides]]", f"hexes = [{q(isl.hid(h))}, {q(isl.hid(n))}]",
                            'feature = "sea"', ""]
    # lines: roads and booms
    for sid, roads in (("malta", geo.MALTA_ROADS), ("leros", geo.LEROS_ROADS)):
        isl = islands[sid]
        for kind, name, stops in roads:
            chain: list = []
            for x, y in zip(stops, stops[1:]):
                seg = isl.path(isl.town_hex[x], isl.town_hex[y])
                chain += seg if not chain else seg[1:]
            out += ["[[lines]]", f"kind = {q(kind)}", f"name = {q(name)}",
                    f"hexes = {qlist(isl.hid(h) for h in chain)}", ""]
    for sid, booms in BOOMS.items():
        isl = islands[sid]
        for name, a, b in booms:
            ha, hb = coast_hex(isl, *a), coast_hex(isl, *b)
            for h in (ha, hb):
                isl.features.setdefault(h, set()).add("boom_end")
            out += ["[[lines]]", 'kind = "harbor_boom"', f"name = {q(name)}",
                    f"hexes = {qlist(isl.hid(h) for h in sea_chain(isl, ha, hb))}",
                    "note = \"boom ends on the two land hexes [18.33]\"", ""]
    # places
    m, lr = islands["malta"], islands["leros"]
    for h, name, kind, note in (((29, 33), "Cospicua", "victory_location", "sudden death [19.21]"),
                                ((31, 31), "Auberge de Castile", "victory_location", "sudden death [19.21]")):
        m.features.setdefault(h, set()).add(kind)
        out += ["[[places]]", f"name = {q(name)}", f"hex = {q(m.hid(h))}", f"kind = {q(kind)}",
                "illustrative = false", f"note = {q(note)}", ""]
    lr.features.setdefault((27, 6), set()).add("victory_location")
    out += ["[[places]]", 'name = "Leros 2706"', 'hex = "L2706"', 'kind = "victory_location"',
            "illustrative = false",
            'note = "sudden death, Scenario 4 [19.22]; the text does not name the place (the kit '
            'puts the castle hill above Platanos here)"', ""]

    def place(isl, name, h, kind, note=""):
        if kind and kind not in ("town", "airfield"):
            isl.features.setdefault(h, set()).add(kind)
        out.extend(["[[places]]", f"name = {q(name)}", f"hex = {q(isl.hid(h))}", f"kind = {q(kind)}",
                    "illustrative = true"] + ([f"note = {q(note)}"] if note else []) + [""])
    for sid, towns in (("malta", geo.MALTA_TOWNS), ("leros", geo.LEROS_TOWNS)):
        for name, *_ in towns:
            place(islands[sid], name, islands[sid].town_hex[name], "town")
    for name, *_ in geo.MALTA_AIRFIELDS:
        place(m, name, m.town_hex[name], "airfield", "named in the rulebook's photo captions")
    for sid, plist in (("malta", geo.MALTA_PLACES), ("leros", geo.LEROS_PLACES)):
        isl = islands[sid]
        for name, lat, lon, kind in plist:
            place(isl, name, isl.nearest_land(lat, lon), kind)
    for sid, ports in PORTS.items():
        isl = islands[sid]
        for name, lat, lon in ports:
            place(isl, name, coast_hex(isl, lat, lon), "port", "port hex (arrow) [16.13]")
    out += boxes(islands)
    # areas
    for aid, name, test in SECTORS:
        hexes = [m.hid(h) for h in sorted(m.terrain) if m.land(h) and test(*h)]
        out += ["[[areas]]", f"id = {q(aid)}", f"name = {q(name)}", 'kind = "sector"',
                f"hexes = {qlist(hexes)}",
                'note = "3 Allied sectors [4.51]; their boundaries are not in the text"', ""]
    for name, hexes in m.airfields.items():
        aid = "airfield-" + name.split(" airfield")[0].lower().replace(" ", "-")
        out += ["[[areas]]", f"id = {q(aid)}", f"name = {q(name)}", 'kind = "airfield"',
                f"hexes = {qlist(m.hid(h) for h in hexes)}", ""]
    for sid, isl in islands.items():
        for zid, (zname, hexes) in isl.zones.items():
            out += ["[[areas]]", f"id = {q(sid + '-iz-' + zid)}",
                    f"name = {q(isl.name.title() + ' Invasion Zone ' + zname)}",
                    'kind = "invasion-zone"', f"hexes = {qlist(isl.hid(h) for h in hexes)}", ""]
    counts = {sid: write_csv(isl, OUT / f"{sid}.csv") for sid, isl in islands.items()}
    (OUT / "map.toml").write_text("\n".join(out) + "\n", encoding="utf-8")
    print("hexes per sheet:", counts, "land:",
          {s: sum(1 for h in i.terrain if i.land(h)) for s, i in islands.items()})


def boxes(islands) -> list[str]:
    out: list[str] = []

    def box(bid, name, kind, side="", note="", units=True):
        # units=False: a box for markers only, where a position may place no unit
        out.extend(["[[boxes]]", f"id = {q(bid)}", f"name = {q(name)}", f"kind = {q(kind)}"]
                   + ([f"side = {q(side)}"] if side else []) + ([f"note = {q(note)}"] if note else [])
                   + ([] if units else ["units = false"]) + [""])
    box("turn-track", "Turn Record Track", "track", note="Turn and Weather markers [4.14, 5.12]", units=False)
    box("motor-pool", "Motor Pool track", "track", "allied",
        "the Motor Pool marker records the points used this turn [18.12]", units=False)
    box("cup", "Opaque cup", "display", note="AMs and CAS air units are drawn from it [7.13]")
    box("axis-activation-pool", "Axis Activation Pool", "holding", "axis", "[7.15]")
    box("allied-activation-pool", "Allied Activation Pool", "holding", "allied", "[7.15]")
    for b in ("ready", "bombardment", "flown", "damaged"):
        box(f"air-{b}", f"Air Status Card: {b.title()}", "holding", "axis", "[11.12, 11.13]")
    box("allied-group-a", "Allied set-up card: Start, Group A", "offmap", "allied", "[4.14 step 2]")
    box("allied-group-b", "Allied set-up card: Start, Group B", "offmap", "allied", "[4.14 step 6]")
    box("allied-arrivals", "Allied set-up card: arrival turns", "offmap", "allied", "[4.16]")
    for k in range(1, 7):
        box(f"axis-paradrop-kg{k}", f"Axis set-up card: Paradrop KG{k}", "offmap", "axis", "[15.13]")
    box("axis-air-transport", "Axis set-up card: air transport only", "offmap", "axis", "[15.7]")
    box("axis-port-entry", "Axis set-up card: port entry only", "offmap", "axis", "[16.15]")
    for k in range(1, 5):
        box(f"axis-convoy-{k}", f"Axis set-up card: Convoy {k}", "offmap", "axis",
            "numbered convoys [16.2]; how many there are is not in the text")
    box("axis-arrivals", "Axis set-up card: arrival turns", "offmap", "axis", "[4.16]")
    box("axis-iz-markers", "Axis set-up card: Invasion Zone markers", "offmap", "axis", "[4.14 step 3]")
    for sid, isl in islands.items():
        for zid, (zname, _h) in isl.zones.items():
            base = f"{sid}-iz-{zid}"
            label = f"{isl.name.title()} Invasion Zone {zname}"
            box(f"{base}-available", f"{label}: Available", "holding", "axis", "[16.24E]")
            box(f"{base}-delay", f"{label}: Delay", "holding", "axis", "unlimited capacity [16.24E]")
    for sid, booms in BOOMS.items():
        for name, *_ in booms:
            box(name.lower().replace(" ", "-") + "-box", f"{name} box hex", "display",
                note="Harbor Boom Destroyed marker goes here [18.33]", units=False)
    box("drift-table-a", "Drift diagram Table A", "display", note="printed on the map [15.41]", units=False)
    box("drift-table-b", "Drift diagram Table B", "display", note="printed on the map [15.41]", units=False)
    box("axis-eliminated", "Axis eliminated units", "holding", "axis", "for rally [18.2]")
    box("allied-eliminated", "Allied eliminated units", "holding", "allied", "for rally [18.2]")
    return out


if __name__ == "__main__":
    main()
