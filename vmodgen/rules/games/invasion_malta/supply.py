"""Invasion: Malta supply (6): Axis units trace a route of unlimited length to a beachhead or an
airhead; Allied units are always in supply. Mixed into
:class:`vmodgen.rules.games.invasion_malta.ruleset.InvasionMaltaRules`."""
from __future__ import annotations

from ....positions.model import UnitState
from ...core.moves import label
from ...core import supply as sup
from ...core.board import Board
from .movement import InvasionMaltaMovement

P = "IM"


class InvasionMaltaSupply(InvasionMaltaMovement):
    """The supply half of the Invasion: Malta rule set (needs ``combat``, ``zoc``, ``param``,
    ``finding`` from the rule set)."""

    # ---- supply (6) ------------------------------------------------------------------------------
    def check_allied_oos(self, board: Board) -> list:
        axis = str(self.param("im_supply_side"))
        return [self.finding(board, f"{P} 6.1", "supply", f"{label(u)} is an Allied unit with an OoS marker; Allied "
                             "units are always in supply.", [u.hex], [u])
                for u in board.pos.units if u.side != axis and u.has("oos")]

    def trace_rules(self, board: Board, side: str) -> sup.TraceRules:
        """6.21-6.23: no enemy combat unit, no hex in the ZOC of non-disrupted enemy units unless a
        friendly combat unit is there, no enemy fort, no sea; no sea or cliff hexside."""
        az = {h for e in board.enemies(side) for h in self.zoc(board, e, disrupted=False).hexes()}

        def enter(h: str) -> int:
            here = board.units(h)
            if any(x.side != side and self.combat(x) for x in here) or board.is_water(h):
                return sup.BLOCKED
            if "fort" in board.features(h) and self.fort_owner(board, h) != side:
                return sup.BLOCKED
            if h in az and not any(x.side == side and self.combat(x) for x in here):
                return sup.BLOCKED
            return sup.OPEN
        return sup.TraceRules(step=lambda a, b: None if board.hexside(a, b) & {"sea", "cliff"} else 1.0,
                              enter=enter, budget=None)

    def fort_owner(self, board: Board, h: str) -> str:
        """3.11: a fort is friendly to the side whose combat units last held it: the position's
        ``control``, else Axis under an ``axis-control`` marker, else Allied (the garrison's)."""
        c = board.control(h)
        if c:
            return c
        axis = str(self.param("im_supply_side"))
        if board.marker_owner(h, "axis-control") is not None:
            return axis
        return next((s for s in self.game.sides if s != axis), "")

    def unit_sources(self, board: Board, side: str, u: UnitState) -> list[str]:
        """6.31: beachheads (the coastal hex, §11 #6) assigned to the unit's formation in
        ``[state.beachheads]`` (hex = formation; unassigned beachheads supply every formation), and
        airheads of its nationality for paradropped units or once an airfield airhead exists."""
        assign = board.pos.state.get("beachheads", {})
        out = [h for h, mk in board.pos.hex_markers.items() if "beachhead" in mk
               and (not isinstance(assign, dict) or assign.get(h) in (None, u.unit.formation))]
        airheads = [h for h, mk in board.pos.hex_markers.items() if "airhead" in mk and mk["airhead"] in ("", side)]
        nat = board.pos.state.get("airheads", {})
        airheads = [h for h in airheads if not isinstance(nat, dict) or nat.get(h) in (None, u.unit.nationality)]
        on_airfield = any("airfield" in board.features(h) for h in airheads)
        if u.has("paradropped") or self.paradropped(board.pos, u.id) or on_airfield:
            out += airheads
        return out

    def supply_status(self, pos, side: str) -> dict[str, str]:
        return self._status(self.board(pos), side)

    def _status(self, board: Board, side: str, night: bool = False) -> dict[str, str]:
        """Unit id → "in" or "out". ``night``: the Night Supply Status Phase, where the 6.14 cover of
        units that entered the map since the last Night turn has ended ("until the next Night turn"),
        so only units still off the map are in supply without a route."""
        if side != str(self.param("im_supply_side")):
            return {u.id: "in" for u in board.side_units(side) if self.combat(u)}
        rules = self.trace_rules(board, side)
        cache: dict[tuple[str, ...], dict[str, float]] = {}
        out = {}
        for u in board.side_units(side):
            if not self.combat(u):
                continue
            if not board.is_hex(u.hex) or not night and (u.has("arrived") or self.arrived(board.pos, u.id)):
                # 6.14: held off-map, or entered the map since the last Night turn ("arrived"). A
                # unit that enters on a Night turn is checked normally that turn (§11 #22): the
                # position should not mark it "arrived".
                out[u.id] = "in"
                continue
            key = tuple(sorted(self.unit_sources(board, side, u)))
            if key not in cache:
                cache[key] = sup.trace_costs(board, key, rules)
            out[u.id] = "in" if u.hex in cache[key] else "out"
        return out

    def check_supply(self, board: Board) -> list:
        """6.12: in a Night Supply Status Phase every Axis unit that cannot trace carries an OoS
        marker. By day no marker is placed, and 6.16 lets a player keep one, so only the Night
        check can find a fault. The time of day comes from ``[state] time`` (am, pm, night), else
        the kit's turn cycle and the turn; a position file with neither, or a log whose time the
        audit cannot derive, has the rule not judged (never a Night assumed). A position
        that places no beachhead or airhead marker is not checked for supply. A unit whose arrival
        the audit does not know (``arrival_unknown``) is not judged."""
        time = self.known_time(board, f"{P} 6.12")
        if time != "night":
            return []
        side = str(self.param("im_supply_side"))
        mem = self.memory(board.pos)
        used = bool(mem.source_markers_seen) or any(board.is_hex(h) for h in mem.prev_airheads or ())
        if not used and not any({"beachhead", "airhead"} & set(mk) and board.is_hex(h)
                                for h, mk in board.pos.hex_markers.items()):
            # No marker on the map and none seen before: the record does not show the players
            # placing the source markers at all (a position or a log that leaves them out), so
            # marking every Axis unit OoS would judge the file's omission, not the play. Partial,
            # never silently legal; once a marker was seen, a map without one has no source (6.31).
            if any(board.is_hex(u.hex) and self.combat(u) and not u.has("arrived") and not u.has("oos")
                   and not self.arrived(board.pos, u.id) for u in board.side_units(side)):
                self.not_judged(f"{P} 6.12", "no Beachhead or Airhead marker is on the map, and none was seen on it "
                                "in the files read: the record does not show the supply-source markers in use "
                                "(6.31, 15.21), so no supply route is judged")
            return []
        st = self._status(board, side, night=True)
        unknown = set(mem.arrival_unknown) if isinstance(mem.arrival_unknown, list) else set()
        out = []
        for u in board.side_units(side):
            if st.get(u.id) != "out" or u.has("oos"):
                continue
            if u.id in unknown:
                self.not_judged(f"{P} 6.12", str("how the unit arrived is unknown" if mem.arrival_unknown_why is None
                                                 else mem.arrival_unknown_why))
                continue
            out.append(self.finding(board, f"{P} 6.12", "supply", f"{label(u)} in {u.hex} cannot trace a supply route "
                                    "to a beachhead or airhead but has no OoS marker (Night Supply Status Phase).",
                                    [u.hex], [u]))
        return out
