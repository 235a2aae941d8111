"""Movement costs from rule parameters, one naming scheme for every rule set:

* ``move_cost_<terrain>`` / ``move_cost_<terrain>_<class>``: MP to enter a hex of that terrain
  (default 1; water terrain is prohibited). The text ``"no"`` prohibits it.
* ``hexside_cost_<feature>`` / ``..._<class>``: MP added to cross that hexside (default 0, "no" =
  prohibited); for a directional feature (slope, escarpment) ``hexside_up_cost_<feature>``
  applies only going up.
* ``road_cost_<line kind>`` / ``..._<class>``: MP per hex along that road, from road hex to road
  hex across the hexside it crosses; it replaces the terrain and hexside costs. Absent = roads
  change nothing.

The class-specific key wins over the plain one."""
from __future__ import annotations

from ...errors import InputError
from ...model.game import Game
from .board import Board
from .movement import Problem

PROHIBITED = None


def _lookup(game: Game, prefix: str, name: str, cls: str):
    if cls:
        v = game.rules.get(f"{prefix}_{name}_{cls}")
        if v is not None:
            return v
    return game.rules.get(f"{prefix}_{name}")


def _value(key: str, v) -> float | None:
    if isinstance(v, str):
        if v.strip().lower() in ("no", "p", "prohibited", "x"):
            return PROHIBITED
        raise InputError(None, f"rule parameter '{key}': a cost is a number or \"no\", not {v!r}")
    if isinstance(v, bool):
        raise InputError(None, f"rule parameter '{key}': a cost is a number or \"no\", not {v!r}")
    return float(v)


class CostTable:
    """Step costs a→b for one movement class, cached per terrain / feature / road kind."""

    def __init__(self, board: Board, cls: str = "") -> None:
        self.board, self.game, self.cls = board, board.game, cls
        self._terrain: dict[str, float | None] = {}
        self._side: dict[tuple[str, bool], float | None] = {}
        self._road: dict[str, float | None] = {}

    def terrain_cost(self, h: str) -> float | None:
        t = self.board.terrain(h)
        if t not in self._terrain:
            v = _lookup(self.game, "move_cost", t, self.cls)
            if v is None:
                water = self.game.terrain.get(t)
                self._terrain[t] = PROHIBITED if (water and water.water) else 1.0
            else:
                self._terrain[t] = _value(f"move_cost_{t}", v)
        return self._terrain[t]

    def hexside_cost(self, a: str, b: str) -> float | None:
        total = 0.0
        for hs in self.board.map.hexside_features(a, b):
            up = hs.up == b
            key = (hs.feature, up)
            if key not in self._side:
                v = _lookup(self.game, "hexside_up_cost", hs.feature, self.cls) if up else None
                if v is None:
                    v = _lookup(self.game, "hexside_cost", hs.feature, self.cls)
                self._side[key] = 0.0 if v is None else _value(f"hexside_cost_{hs.feature}", v)
            c = self._side[key]
            if c is None:
                return PROHIBITED
            total += c
        return total

    def road_cost(self, a: str, b: str) -> float | None:
        best = None
        for kind in self.board.roads(a, b):
            if kind not in self._road:
                v = _lookup(self.game, "road_cost", kind, self.cls)
                self._road[kind] = None if v is None else _value(f"road_cost_{kind}", v)
            c = self._road[kind]
            if c is not None and (best is None or c < best):
                best = c
        return best

    def step(self, a: str, b: str) -> float | None:
        """The cost of a→b: the road rate along a road, else terrain + hexside."""
        r = self.road_cost(a, b)
        if r is not None:
            return r
        t = self.terrain_cost(b)
        if t is None:
            return PROHIBITED
        s = self.hexside_cost(a, b)
        return None if s is None else t + s

    def problem(self, rule: str, a: str, b: str) -> Problem:
        """The step from ``a`` to ``b`` that the terrain or the hexside prohibits, as ``rule``."""
        hexside = self.terrain_cost(b) is not None
        return Problem(rule, "movement", self.why(a, b), b, (a,) if hexside else ())

    def why(self, a: str, b: str) -> str:
        if self.terrain_cost(b) is None:
            return f"{b} is {self.board.terrain(b)}, which it may not enter"
        feats = ", ".join(sorted(self.board.hexside(a, b)))
        return f"it may not cross the {feats} hexside between {a} and {b}"
