"""Operation Mercury's places the rules read: sectors (named by rule parameters), airfields and
their landing capacity (6.5), and the coastal steamer's ports (17.52)."""
from __future__ import annotations

from ....model.game import Game
from ....positions.model import UnitState
from ...core.board import Board
from .units import OperationMercuryUnits


def box_name(board: Board, place: str) -> str:
    """The printed name of the box ``place``, or ``place`` itself (a hex, or a name the map lacks)."""
    box = board.map.boxes.get(place)
    return box.name if box is not None else place


def mission_boxes(rs) -> list[str]:
    """The Air Operations Display's mission boxes (``om_air_mission_boxes``; 12.15, 12.3)."""
    return [x.strip() for x in str(rs.param("om_air_mission_boxes")).split(",") if x.strip()]


#: the kinds of named place a landing message names first where a hex holds two (Canea and its anchorage)
LANDING_PLACE_KINDS = ("minor_port", "anchorage")


def landing_place(board: Board, place: str) -> str:
    """``place`` as a landing message names it: a box by its printed name, a hex by the map's named
    place there and the hex ("Suda minor port (W4031)"), its port or anchorage first; else ``place``."""
    if place in board.map.boxes:
        return box_name(board, place)
    named = sorted((p for p in board.map.places if p.hex == place and p.name),
                   key=lambda p: p.kind not in LANDING_PLACE_KINDS)
    return f"{named[0].name} ({place})" if named else place


def sector_of(rs, board: Board, h: str) -> str:
    return next((a for a in board.areas(h) if board.map.areas[a].kind == "sector"), "")


#: the airfields whose landing capacity a parameter names (6.52), by their sector's first word
AIRFIELD_CAPACITIES = ("airlanding_capacity_maleme_steps", "airlanding_capacity_retimo_steps",
                       "airlanding_capacity_heraklion_steps")


def sector_param(rs, which: str) -> str:
    """The area id of sector ``which`` (``maleme_suda``, ``retimo``, ``heraklion``)."""
    return str(rs.param(f"om_sector_{which}"))


def airfield_hexes(board: Board, h: str) -> list[str]:
    """The hexes of the airfield containing ``h`` (connected airfield hexes: Heraklion has two)."""
    if "airfield" not in board.features(h):
        return []
    seen, todo = {h}, [h]
    while todo:
        x = todo.pop()
        for n in board.neighbours(x):
            if n not in seen and "airfield" in board.features(n):
                seen.add(n)
                todo.append(n)
    return sorted(seen)


def airfield_capacity(rs, board: Board, h: str) -> tuple[float, str]:
    """(capacity in steps, "" or the rule that cut it: "6.56" enemy ZOC, "6.55" artillery range)."""
    hexes = airfield_hexes(board, h) or [h]
    memo = board.memo.setdefault("om_ez_german", None)
    if memo is None:
        memo = board.memo["om_ez_german"] = rs.enemy_zoc(board, "german")
    assert isinstance(memo, set)
    if any(x in memo for x in hexes):
        return rs.num("airlanding_capacity_ezoc_steps"), "6.56"
    for e in board.pos.units:
        if e.side == "german" or not board.is_hex(e.hex) or rs.fatigued(e) or e.has("final_fire"):
            continue
        if not rs.is_(e, "om_artillery_units"):
            continue
        rng = e.number("range", 0)
        if rng and any((board.distance(e.hex, x) or 99) <= rng for x in hexes):
            return rs.num("airlanding_capacity_artillery_range_steps"), "6.55"
    sec = sector_of(rs, board, hexes[0])
    word = sec.removeprefix("sector-").split("-")[0] if sec else ""
    own = f"airlanding_capacity_{word}_steps"
    base = rs.param(own) if own in AIRFIELD_CAPACITIES else None
    if not isinstance(base, (int, float)) or isinstance(base, bool):
        base = rs.num("airlanding_capacity_steps")
    return base, ""


def steamer_ports(game: Game) -> list[str]:
    """The coastal steamer's two ports (17.52, ``om_steamer_ports``: the game's value, else the
    rule set's default), for code that holds a position but not the rule set."""
    return [x.strip() for x in str(OperationMercuryUnits.param_of(game, "om_steamer_ports")).split(",") if x.strip()]


def steamer_enemies(rs, board: Board, u: UnitState) -> list[UnitState]:
    """Enemy ground units closer than ``coastal_steamer_enemy_min_distance`` (2) to either steamer
    port (17.52)."""
    ends = steamer_ports(rs.game)
    dmin = rs.num("coastal_steamer_enemy_min_distance")
    return [e for e in board.pos.units if e.side != u.side and rs.ground(e) and board.is_hex(e.hex)
            and any(board.is_hex(x) and (board.distance(e.hex, x) or 99) < dmin for x in ends)]
