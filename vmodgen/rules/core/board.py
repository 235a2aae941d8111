"""A read-only index over one position and its map, built once per check: who is in which hex,
neighbours, terrain, hexside features, roads, areas and hex markers. Every rule reads the board
through this class, so lookups are cached and geometry has one source (:class:`MapData`)."""
from __future__ import annotations

import weakref
from functools import cached_property

from ...positions.model import Position, UnitState
from ...positions.spelling import MARKER_ALIASES


_EMPTY: frozenset[str] = frozenset()

#: neighbour tables shared by every board over the same map (the audit checks many positions of
#: one map): id(map) -> (weak ref to the map, the map's index object, hex -> neighbours)
_NEIGHBOURS: dict[int, tuple[weakref.ref, object, dict[str, list[str]]]] = {}


def neighbour_table(m) -> dict[str, list[str]]:
    index = m.index
    got = _NEIGHBOURS.get(id(m))
    if got is not None and got[0]() is m and got[1] is index:
        return got[2]
    for key in [k for k, v in _NEIGHBOURS.items() if v[0]() is None]:
        del _NEIGHBOURS[key]
    table: dict[str, list[str]] = {}
    _NEIGHBOURS[id(m)] = (weakref.ref(m), index, table)
    return table


#: terrain, features and hexside tables per map (the map data never change during a check):
#: id(map) -> (weak ref to the map, the map's hexes and hexsides objects, the tables)
_STATIC: dict[int, tuple] = {}


def _static_tables(m) -> tuple[dict, dict, dict]:
    got = _STATIC.get(id(m))
    if got is not None and got[0]() is m and got[1] is m.hexes and got[2] is m.hexsides and \
            got[3] == (len(m.hexes), len(m.hexsides)):
        return got[4]
    for gone in [k for k, v in _STATIC.items() if v[0]() is None]:
        del _STATIC[gone]
    terrain = {h: info.terrain for h, info in m.hexes.items()}
    features = {h: info.features for h, info in m.hexes.items() if info.features}
    hexsides: dict[tuple[str, str], frozenset[str]] = {}
    for hs in m.hexsides:
        for key in ((hs.a, hs.b), (hs.b, hs.a)):
            hexsides[key] = hexsides.get(key, frozenset()) | {hs.feature}
    tables = (terrain, features, hexsides)
    try:
        _STATIC[id(m)] = (weakref.ref(m), m.hexes, m.hexsides, (len(m.hexes), len(m.hexsides)), tables)
    except TypeError:              # a map that cannot be weakly referenced: no sharing
        pass
    return tables


class Board:
    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.game = pos.game
        self.map = pos.map
        #: what rules computed from this board (it is read-only: results stay valid)
        self.memo: dict[str, object] = {}
        at = pos.by_hex
        if at is None:
            at = {}
            for u in pos.units:
                at.setdefault(u.hex, []).append(u)
        self.at: dict[str, list[UnitState]] = at
        self._nb = neighbour_table(self.map)
        self._sides: dict[tuple[str, str], list[str]] = {}
        self._water = {t.id for t in self.game.terrain.values() if t.water}
        self._default_terrain = self.map.default_terrain
        self._terrain, self._features, self._hexsides = _static_tables(self.map)

    # ---- geometry ------------------------------------------------------------------------
    def is_hex(self, h: str) -> bool:
        return self.map.has_hex(h)

    def is_box(self, h: str) -> bool:
        return h in self.map.boxes

    def place_name(self, h: str) -> str:
        """``h`` as a message names it: a box by its printed name ("Axis set-up card: Convoy 3"),
        a hex (or an id the map lacks) as it is."""
        box = self.map.boxes.get(h)
        return (box.name or h) if box is not None else h

    def neighbours(self, h: str) -> list[str]:
        nb = self._nb.get(h)
        if nb is None:
            nb = self.map.neighbours(h) if self.map.has_hex(h) else []
            self._nb[h] = nb
        return nb

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours(a)

    def distance(self, a: str, b: str) -> int | None:
        if not (self.map.has_hex(a) and self.map.has_hex(b)):
            return None
        return self.map.distance(a, b)

    # ---- terrain -------------------------------------------------------------------------
    def terrain(self, h: str) -> str:
        return self._terrain.get(h, self._default_terrain)

    def is_water(self, h: str) -> bool:
        return self._terrain.get(h, self._default_terrain) in self._water

    def features(self, h: str) -> frozenset[str]:
        """Point features printed in the hex plus marker ids on it."""
        f = self._features.get(h, _EMPTY)
        mk = self.pos.hex_markers.get(h)
        return f | frozenset(mk) if mk else f

    def marker_owner(self, h: str, marker: str) -> str | None:
        """The side owning ``marker`` on ``h`` ("" = unstated), None when absent. ``fort`` also
        answers for ``fortification``."""
        mk = self.pos.hex_markers.get(h)
        if not mk:
            return None
        for name in (marker, *MARKER_ALIASES.get(marker, ())):
            if name in mk:
                return mk[name]
        return None

    def hexside(self, a: str, b: str) -> frozenset[str]:
        return self._hexsides.get((a, b), _EMPTY)

    def uphill(self, a: str, b: str, feature: str) -> bool:
        """Whether moving a→b goes up across a directional ``feature`` (b is the higher hex)."""
        return any(hs.feature == feature and hs.up == b for hs in self.map.hexside_features(a, b))

    def roads(self, a: str, b: str) -> set[str]:
        return self.map.lines_between(a, b)

    @cached_property
    def area_index(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for area in self.map.areas.values():
            for h in area.hexes:
                out.setdefault(h, []).append(area.id)
        return out

    def areas(self, h: str) -> list[str]:
        return self.area_index.get(h, [])

    def control(self, h: str) -> str | None:
        """The side controlling ``h`` as the position states it (``control``, or the owner of a
        ``control`` marker on the hex); None when unstated."""
        c = self.pos.control.get(h)
        if c is None:
            c = self.pos.hex_markers.get(h, {}).get("control")
        return c

    # ---- units ---------------------------------------------------------------------------
    def mixed_hexes(self) -> list[str]:
        """Hexes (and boxes) holding units of more than one side, in the order of :attr:`at`."""
        known = self.pos.mixed_hexes
        if known is not None:                  # the maker's: only their order is to find
            if len(known) <= 1:
                return [h for h in known if h in self.at]
            return [h for h in self.at if h in known]
        return [h for h, us in self.at.items() if len(us) > 1 and any(u.side != us[0].side for u in us)]

    def units(self, h: str, side: str | None = None) -> list[UnitState]:
        us = self.at.get(h, [])
        return us if side is None else [u for u in us if u.side == side]

    def occupied_by(self, h: str, side: str) -> bool:
        return any(u.side == side for u in self.at.get(h, ()))

    def side_units(self, side: str) -> list[UnitState]:
        return [u for u in self.pos.units if u.side == side]

    def enemies(self, side: str) -> list[str]:
        return [s for s in self.game.sides if s != side]

    def hexes_of(self, side: str) -> list[str]:
        key = (side, "")
        got = self._sides.get(key)
        if got is None:
            got = [h for h, us in self.at.items() if any(u.side == side for u in us)]
            self._sides[key] = got
        return got

    def unit_kind(self, u: UnitState) -> str:
        t = self.game.unit_types.get(u.unit.type)
        return t.kind if t else "ground"
