"""Geography data and hex projection for the Invasion: Malta kit generator.

Only a handful of hex IDs are printed in the rulebook text (see the kit's map.toml notes). Every
other hex is *illustrative*: this module projects approximate real coastlines of Malta and Leros
onto each sheet's hex grid so that the generated board looks like the islands, not noise.

Malta's projection is a similarity transform fitted (least squares) on four hexes the rulebook
ties to real places or terrain: Auberge de Castile = 3131, Cospicua = 2933 [19.21], the urban
drift-landing hex 1631 (taken as Zurrieq) and the coastal beachhead hex 1225 [6.2 ex.] (taken as
the cove at Ghar Lapsi). The fit puts the island's long axis roughly top-to-bottom with the
north-west end at the top; the tip of the Marfa ridge falls above row 1 and is cut off.
Leros is placed with its long axis left-to-right and the castle hill above Platanos on L2706.
"""
from __future__ import annotations

import cmath
import math

LAT0 = 35.9
SQ3_2 = math.sqrt(3) / 2


def to_metres(lat: float, lon: float, lat0: float, lon0: float) -> complex:
    """Local plane coordinates, x east and y south, in metres."""
    e = (lon - lon0) * 111_320 * math.cos(math.radians(lat0))
    n = (lat - lat0) * 110_574
    return complex(e, -n)


def hex_centre(col: int, row: int) -> complex:
    """Centre of column/row hex in hex heights (odd columns half a hex lower)."""
    return complex(col * SQ3_2, row + (0.5 if col % 2 else 0.0))


def nearest_hex(z: complex) -> tuple[int, int]:
    """The column/row hex whose centre is nearest ``z`` (hex-height units)."""
    best = None
    c0 = round(z.real / SQ3_2)
    for c in (c0 - 1, c0, c0 + 1):
        r0 = round(z.imag - (0.5 if c % 2 else 0.0))
        for r in (r0 - 1, r0, r0 + 1):
            d = abs(hex_centre(c, r) - z)
            if best is None or d < best[0]:
                best = (d, c, r)
    return best[1], best[2]


class Projection:
    """A similarity transform real (lat, lon) ↔ hex plane, fitted on anchor hexes."""

    def __init__(self, anchors: list[tuple[tuple[float, float], tuple[int, int]]],
                 lat0: float, lon0: float) -> None:
        self.lat0, self.lon0 = lat0, lon0
        real = [to_metres(la, lo, lat0, lon0) for (la, lo), _ in anchors]
        mapped = [hex_centre(c, r) for _, (c, r) in anchors]
        mr, mm = sum(real) / len(real), sum(mapped) / len(mapped)
        self.a = (sum((m - mm) * (r - mr).conjugate() for r, m in zip(real, mapped))
                  / sum(abs(r - mr) ** 2 for r in real))
        self.b = mm - self.a * mr

    @classmethod
    def fixed(cls, anchor: tuple[float, float], hex_: tuple[int, int], metres_per_hex: float,
              right_bearing_deg: float, lat0: float, lon0: float) -> "Projection":
        """A projection with the map's +x axis along a real compass bearing."""
        p = cls.__new__(cls)
        p.lat0, p.lon0 = lat0, lon0
        # real plane: x east, y south; bearing b points to (sin b, -cos b)
        b = math.radians(right_bearing_deg)
        real_dir = complex(math.sin(b), -math.cos(b))
        p.a = (1 / metres_per_hex) / (real_dir / abs(real_dir))
        p.b = hex_centre(*hex_) - p.a * to_metres(*anchor, lat0, lon0)
        return p

    def to_map(self, lat: float, lon: float) -> complex:
        return self.a * to_metres(lat, lon, self.lat0, self.lon0) + self.b

    def hex_of(self, lat: float, lon: float) -> tuple[int, int]:
        return nearest_hex(self.to_map(lat, lon))

    def to_real(self, z: complex) -> complex:
        """Map point → local metres (x east, y south)."""
        return (z - self.b) / self.a

    @property
    def metres_per_hex(self) -> float:
        return 1 / abs(self.a)

    @property
    def rotation_deg(self) -> float:
        return math.degrees(cmath.phase(self.a))


def seg_distance(p: complex, a: complex, b: complex) -> float:
    """Distance from point p to segment ab."""
    ab = b - a
    t = 0.0 if ab == 0 else max(0.0, min(1.0, ((p - a) * ab.conjugate()).real / abs(ab) ** 2))
    return abs(p - (a + ab * t))


def inside(pt: complex, poly: list[complex]) -> bool:
    """Even-odd point-in-polygon test."""
    x, y = pt.real, pt.imag
    hit = False
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if (a.imag > y) != (b.imag > y):
            xc = a.real + (y - a.imag) * (b.real - a.real) / (b.imag - a.imag)
            if x < xc:
                hit = not hit
    return hit


# ---------------------------------------------------------------- Malta (approximate) ----------
MALTA_COAST = [  # (lat, lon) clockwise from Cirkewwa; Grand Harbour and Marsamxett as inlets
    (35.9885, 14.3275), (35.9905, 14.3440), (35.9880, 14.3610), (35.9900, 14.3740),
    (35.9800, 14.3760), (35.9700, 14.3660), (35.9680, 14.3780), (35.9640, 14.3920),
    (35.9620, 14.4010), (35.9500, 14.3950), (35.9520, 14.4120), (35.9590, 14.4230),
    (35.9480, 14.4250), (35.9480, 14.4400), (35.9400, 14.4560), (35.9300, 14.4760),
    (35.9220, 14.4920), (35.9150, 14.5060), (35.9060, 14.5040), (35.8990, 14.5040),
    (35.9020, 14.5120), (35.9030, 14.5190), (35.8960, 14.5160), (35.8900, 14.5060),
    (35.8830, 14.4960), (35.8850, 14.5080), (35.8870, 14.5130), (35.8900, 14.5210),
    (35.8890, 14.5290), (35.8970, 14.5270), (35.8870, 14.5450), (35.8700, 14.5630),
    (35.8620, 14.5650), (35.8560, 14.5720), (35.8500, 14.5680), (35.8400, 14.5720),
    (35.8260, 14.5640), (35.8330, 14.5520), (35.8420, 14.5450), (35.8330, 14.5350),
    (35.8250, 14.5330), (35.8180, 14.5340), (35.8070, 14.5260), (35.8050, 14.5130),
    (35.8150, 14.4700), (35.8180, 14.4530), (35.8260, 14.4300), (35.8400, 14.4100),
    (35.8530, 14.3820), (35.8700, 14.3630), (35.8850, 14.3450), (35.9020, 14.3350),
    (35.9180, 14.3300), (35.9240, 14.3420), (35.9360, 14.3430), (35.9480, 14.3370),
    (35.9620, 14.3380), (35.9750, 14.3290),
]

MALTA_ANCHORS = [((35.8958, 14.5125), (31, 31)),   # Auberge de Castile 3131 [19.21]
                 ((35.8827, 14.5226), (29, 33)),   # Cospicua 2933 [19.21]
                 ((35.8290, 14.4740), (16, 31)),   # urban 1631 [15.4 ex.], taken as Zurrieq
                 ((35.8220, 14.4400), (12, 25))]   # beachhead 1225 [6.2 ex.], taken as Ghar Lapsi

#: harbours too narrow for the coastline polygon at this scale: (lat, lon) centre lines and a
#: half width in metres; hexes whose centre lies that close are water
MALTA_CHANNELS = [
    ([(35.8990, 14.5240), (35.8930, 14.5150), (35.8880, 14.5050), (35.8830, 14.4960)], 330),  # Grand Harbour
    ([(35.9065, 14.5135), (35.9010, 14.5060), (35.8980, 14.5000)], 300),                      # Marsamxett
]

#: towns drawn as urban hexes: name, lat, lon, radius in metres (0 = the one nearest hex)
MALTA_TOWNS = [
    ("Valletta", 35.8985, 14.5125, 450), ("Floriana", 35.8925, 14.5045, 0),
    ("Cospicua", 35.8827, 14.5226, 0), ("Birgu", 35.8880, 14.5210, 0),
    ("Senglea", 35.8875, 14.5165, 0), ("Sliema", 35.9120, 14.5020, 400),
    ("Hamrun", 35.8860, 14.4880, 0), ("Birkirkara", 35.8970, 14.4610, 450),
    ("Qormi", 35.8760, 14.4720, 0), ("Paola", 35.8730, 14.5070, 0),
    ("Tarxien", 35.8660, 14.5150, 0), ("Zabbar", 35.8760, 14.5380, 0),
    ("Zejtun", 35.8560, 14.5330, 0), ("Mosta", 35.9100, 14.4260, 0),
    ("Naxxar", 35.9150, 14.4450, 0), ("Rabat", 35.8820, 14.3980, 0),
    ("Mdina", 35.8860, 14.4030, 0), ("Zebbug", 35.8720, 14.4410, 0),
    ("Siggiewi", 35.8540, 14.4370, 0), ("Qrendi", 35.8340, 14.4580, 0),
    ("Zurrieq", 35.8290, 14.4740, 0), ("Mellieha", 35.9570, 14.3620, 0),
    ("St Paul's Bay", 35.9490, 14.4020, 0), ("Marsaxlokk", 35.8420, 14.5430, 0),
    ("Birzebbuga", 35.8260, 14.5280, 0), ("Dingli", 35.8610, 14.3810, 0),
    ("Mgarr", 35.9190, 14.3670, 0), ("Gudja", 35.8490, 14.5030, 0),
]

#: airfields (named in the rulebook's photo captions; hexes illustrative): name, lat, lon, hexes
MALTA_AIRFIELDS = [("Ta Kali airfield", 35.8940, 14.4180, 4),
                   ("Luqa airfield", 35.8570, 14.4770, 5),
                   ("Hal Far airfield", 35.8110, 14.5200, 4)]

#: rough ground: lat, lon, radius in metres (the western plateau, ridges, the Great Fault)
MALTA_ROUGH = [(35.8700, 14.3700, 2200), (35.9050, 14.3720, 1600), (35.9300, 14.3950, 1300),
               (35.9700, 14.3500, 1800), (35.9150, 14.4000, 700), (35.9200, 14.4400, 700),
               (35.9250, 14.4600, 700), (35.8400, 14.4150, 1200), (35.8250, 14.4450, 700)]

MALTA_PLACES = [  # name, lat, lon, point-feature kind
    ("Fort St Elmo", 35.9020, 14.5180, "fort"), ("Fort Ricasoli", 35.8960, 14.5260, "fort"),
    ("Fort St Angelo", 35.8925, 14.5190, "fort"), ("Fort Manoel", 35.9030, 14.5060, "fort"),
    ("Fort Tigne", 35.9135, 14.5150, "fort"), ("Fort Delimara", 35.8300, 14.5600, "fort"),
    ("Fort Benghisa", 35.8110, 14.5260, "fort"), ("Fort Mosta", 35.9150, 14.4200, "fort"),
    ("Mtarfa hospital", 35.8900, 14.3960, "hospital"), ("Bighi hospital", 35.8930, 14.5250, "hospital"),
]

MALTA_ZONES = [  # id, name, lat, lon, how many invasion hexes, target coastal hex forced
    ("south", "South (Ghar Lapsi)", 35.8220, 14.4400, 4, "1225"),
    ("marsaxlokk", "Marsaxlokk", 35.8350, 14.5550, 5, ""),
    ("st-pauls", "St Paul's Bay", 35.9560, 14.4100, 4, ""),
]

MALTA_ROADS = [  # kind, name, chain of town/airfield names
    ("primary_road", "Valletta - Mellieha road",
     ["Valletta", "Floriana", "Hamrun", "Birkirkara", "Mosta", "St Paul's Bay", "Mellieha"]),
    ("primary_road", "Valletta - Rabat road", ["Hamrun", "Qormi", "Zebbug", "Rabat", "Mdina"]),
    ("primary_road", "Marsa - Zurrieq road", ["Hamrun", "Luqa airfield", "Zurrieq"]),
    ("primary_road", "Paola - Marsaxlokk road", ["Floriana", "Paola", "Zejtun", "Marsaxlokk"]),
    ("secondary_road", "Paola - Cospicua road", ["Paola", "Cospicua", "Birgu"]),
    ("secondary_road", "Cospicua - Zabbar road", ["Cospicua", "Zabbar", "Zejtun"]),
    ("secondary_road", "Zejtun - Hal Far road", ["Zejtun", "Birzebbuga", "Hal Far airfield"]),
    ("secondary_road", "Gudja road", ["Luqa airfield", "Gudja", "Hal Far airfield"]),
    ("secondary_road", "Zebbug - Zurrieq road", ["Zebbug", "Siggiewi", "Qrendi", "Zurrieq"]),
    ("secondary_road", "Mosta - Rabat road", ["Mosta", "Ta Kali airfield", "Rabat", "Dingli"]),
    ("secondary_road", "Birkirkara - Sliema road", ["Birkirkara", "Sliema"]),
    ("secondary_road", "Mosta - Naxxar road", ["Mosta", "Naxxar"]),
    ("secondary_road", "Mgarr road", ["Mosta", "Mgarr"]),
]

# ---------------------------------------------------------------- Leros (approximate) ----------
LEROS_COAST = [  # (lat, lon) clockwise from the north-west cape
    (37.1960, 26.7800), (37.2000, 26.8000), (37.1920, 26.8100), (37.2000, 26.8250),
    (37.1880, 26.8380), (37.1780, 26.8500), (37.1680, 26.8450), (37.1600, 26.8470),
    (37.1600, 26.8680), (37.1480, 26.8680), (37.1400, 26.8800), (37.1200, 26.8800),
    (37.1050, 26.8700), (37.0930, 26.8650), (37.1050, 26.8540), (37.1180, 26.8400),
    (37.1300, 26.8500), (37.1320, 26.8300), (37.1400, 26.8200), (37.1500, 26.8300),
    (37.1600, 26.8180), (37.1650, 26.8000), (37.1800, 26.7900), (37.1900, 26.7780),
]
LEROS_OBJECTIVE = (37.1485, 26.8560)  # the castle hill above Platanos, put on L2706 [19.22]
LEROS_TOWNS = [("Platanos", 37.1520, 26.8520, 0), ("Lakki", 37.1300, 26.8500, 0),
               ("Alinda", 37.1620, 26.8460, 0), ("Partheni", 37.1900, 26.8050, 0),
               ("Xerokampos", 37.1080, 26.8620, 0), ("Gourna", 37.1520, 26.8330, 0)]
LEROS_ROUGH = [(37.1485, 26.8600, 700), (37.1700, 26.8300, 1200), (37.1150, 26.8700, 900),
               (37.1380, 26.8700, 600), (37.1850, 26.7950, 900)]
LEROS_PLACES = [("Mount Meraviglia", 37.1485, 26.8560, "specific_point"),
                ("Castle (Kastro)", 37.1470, 26.8640, "fort"),
                ("Lago battery", 37.1240, 26.8420, "battery"),
                ("Ciano battery", 37.1140, 26.8720, "battery"),
                ("S. Giorgio battery", 37.1640, 26.8350, "battery")]
LEROS_ZONES = [("east", "East", 37.1540, 26.8700, 4, ""),
               ("north", "North (Partheni)", 37.2000, 26.8150, 3, "")]
LEROS_ROADS = [("primary_road", "Lakki - Partheni road", ["Lakki", "Platanos", "Alinda", "Partheni"]),
               ("secondary_road", "Lakki - Xerokampos road", ["Lakki", "Xerokampos"]),
               ("secondary_road", "Platanos - Gourna road", ["Platanos", "Gourna"])]
