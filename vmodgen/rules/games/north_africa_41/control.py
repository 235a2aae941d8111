"""North Africa '41 hex control as every rule reads it (16.3.4 「都市、飛行場、港湾を占めるか又は通過した
最後のプレイヤーがそれを支配します（ヘクスは、カウンターによってあらわされないユニットによって守備されて
いると見なされます）」): the line of supply (16.3), a Full Retreat unit's hexes (13.3.2), naval
transport's ports (21.1.4), a retreat's early stop in a port (12.4).

A hex's holder (:func:`side_of`): the position's ``control`` of it; else the one side with units in
it; else the last side to occupy or pass through it (:func:`record`, this phase's recorded moves
added: :func:`last_held`); else unknown. Where the record begins at a scenario's set-up
(a position on the scenario's first turn in its first phase, naming the scenario: a log never
names one), the record starts with the airfields the scenario gives each side (S1.1 「飛行場マーカー：
全６枚（クレタを含む）は、連合軍沿岸海輸修正ボックス内で開始します」, S2.1 as S1.1; S3.1 「枢軸軍プレイヤー
は、ベニナ、マトラバ、ガンブート、クレタ島で開始します。連合軍プレイヤーは、その他の２つで開始します」:
``na41_setup_airfields``). The set-up cards, which would give the cities and ports, are not in the
text: an empty city or port at the set-up stays unknown.
"""
from __future__ import annotations

from typing import cast

from ....positions.model import Position, UnitState
from ...core.board import Board
from . import field_params
from .carried import held_place, na41
from .units import NorthAfrica41Units


def setup_control(rs: NorthAfrica41Units, pos: Position) -> dict[str, str]:
    """The airfields each side holds at the set-up of the scenario ``pos`` names (hex → side); {}
    for a position naming none (a log)."""
    sc = pos.scenario_data
    table = field_params.setup_airfields(rs.param("na41_setup_airfields")).get(sc.id, {}) if sc is not None else {}
    if not table:
        return {}
    board = rs.board(pos)
    rest = table.get("")
    out = {h: rest for h in board.map.hexes if rest and "airfield" in board.features(h)}
    out.update({h: side for h, side in table.items() if h})
    return out


def at_setup(rs: NorthAfrica41Units, pos: Position) -> bool:
    """Whether ``pos`` is its scenario's first phase on its first turn (``na41_scenario_first_phase``):
    only there does the set-up say who holds what."""
    sc = pos.scenario_data
    if sc is None or pos.turn != sc.first_turn:
        return False
    return field_params.first_phases(rs.param("na41_scenario_first_phase")).get(sc.id) == pos.phase


def record(rs: NorthAfrica41Units, pos: Position) -> dict[str, str]:
    """The last side to occupy or pass through each city, airfield and port before this phase:
    ``na41_last_held`` as the record carried it or the position states it; where nothing is
    recorded, the scenario's set-up at its start (:func:`setup_control`), else nothing."""
    held = na41(pos).na41_last_held
    if held is not None:
        return held
    return setup_control(rs, pos) if at_setup(rs, pos) else {}


def last_held(rs: NorthAfrica41Units, pos: Position, known: dict[str, str],
              skip: tuple[UnitState, ...] = ()) -> dict[str, str]:
    """16.3.4: ``known`` (hex → the last side to occupy or pass through it) with this phase's
    moves and the units standing at its end, for the cities, airfields and ports (2.2.4: a unit in
    the Tobruk Holding Box stands in Tobruk). A side standing in a hex at the phase end is its last
    occupant; where both sides only passed through a hex this phase, the later entry decides when
    the moves' order is recorded (``times``), else the hex is forgotten. ``skip``: units left out
    (the control a unit or stack found as it moved, its own moves aside)."""
    board = rs.board(pos)
    standing: dict[str, str] = {}
    entered: dict[str, dict[str, float | None]] = {}       # hex → side → its last entry (None: unknown)
    for u in pos.units:
        if rs.marker(u) or any(u is x for x in skip):
            continue
        at = rs.stacking_hex(board, u.hex)
        if held_place(board, at):
            standing[at] = u.side
        passed = [(h, None if u.times is None else float(u.times[i])) for i, h in enumerate(u.path or ())
                  if i not in u.guessed]
        for h, when in [*passed, *((h, None) for h in (u.stops or ()))]:
            h = rs.stacking_hex(board, h)
            if held_place(board, h):
                by = entered.setdefault(h, {})
                old = by.get(u.side, -1.0)
                by[u.side] = None if when is None or old is None else max(old, when)
    out = dict(known)
    for h, by in entered.items():
        times = list(by.values())
        if len(by) == 1:
            out[h] = next(iter(by))
        elif all(t is not None for t in times):
            out[h] = max(by, key=lambda side: by[side] or 0.0)
        else:
            out.pop(h, None)
    out.update(standing)
    return out


def _held(rs: NorthAfrica41Units, board: Board, aside: tuple[UnitState, ...]) -> dict[str, str]:
    """:func:`record` with this phase's recorded moves (``aside``'s left out), once per board."""
    memo = cast("dict[tuple[int, ...], dict[str, str]]", board.memo.setdefault("na41_held", {}))
    key = tuple(id(x) for x in aside)
    if key not in memo:
        pos = board.pos
        moved = any((u.path or u.stops) and not any(u is x for x in aside) for u in pos.units)
        memo[key] = last_held(rs, pos, record(rs, pos), aside) if moved else record(rs, pos)
    return memo[key]


def _here(rs: NorthAfrica41Units, board: Board, h: str) -> list[UnitState]:
    """The pieces in ``h`` (2.2.4: the Tobruk Holding Box's in Tobruk)."""
    box, hexid = field_params.holding_box(rs.param("na41_holding_box"))
    return [*board.units(h), *(board.units(box) if h == hexid != box else ())]


def occupants(rs: NorthAfrica41Units, board: Board, h: str, aside: tuple[UnitState, ...] = ()) -> set[str]:
    """The sides with pieces in ``h`` but ``aside`` (2.2.4: the Tobruk Holding Box's in Tobruk)."""
    return {u.side for u in _here(rs, board, h) if not any(u is x for x in aside)}


def _decide(sides: set[str]) -> str | None:
    return next(iter(sides)) if len(sides) == 1 else None


def side_of(rs: NorthAfrica41Units, board: Board, h: str, unknown: str | None = None,
            aside: tuple[UnitState, ...] = ()) -> str | None:
    """The side holding ``h`` (16.3.4, before optional 27.4): as stated; else the one side with
    units in it; else, empty, the last side to occupy or pass through it; else ``unknown``. Two
    sides in it, or both passing through it in an order not recorded: nobody. ``aside``: the
    control those units found as they moved (their own moves and presence aside: a retreating
    stack, 12.4)."""
    c = board.control(h)
    if c is not None:
        return c
    sides = occupants(rs, board, h, aside)
    if sides:
        return _decide(sides)
    return _held(rs, board, aside).get(h) or unknown


def at_phase_start(rs: NorthAfrica41Units, board: Board, h: str, unknown: str | None = None) -> str | None:
    """The side holding ``h`` at the start of this phase (21.1.4 「手番プレイヤーの移動フェイズ開始時」):
    as stated; else the one side whose units stood in it then (those that did not move this phase,
    and those whose move began there); else the record before this phase's moves (:func:`record`);
    else ``unknown``."""
    c = board.control(h)
    if c is not None:
        return c
    box, hexid = field_params.holding_box(rs.param("na41_holding_box"))
    places = {h, box} if h == hexid != box else {h}
    sides = {u.side for u in board.pos.units if not rs.marker(u) and _start_of(u) in places}
    if sides:
        return _decide(sides)
    return record(rs, board.pos).get(h) or unknown


def _start_of(u: UnitState) -> str:
    """Where ``u`` stood at the start of this phase: its move's first hex, else where it is."""
    return (u.path[0] if u.path else u.previous) or u.hex


def holder(rs: NorthAfrica41Units, board: Board, h: str, unknown: str | None = None,
           aside: tuple[UnitState, ...] = ()) -> str | None:
    """:func:`side_of` with optional 27.4 (:meth:`~.units.NorthAfrica41Units.port_control`): an
    ungarrisoned port is nobody's."""
    return rs.port_control(board, h, side_of(rs, board, h, unknown, aside))


def unknown_holders(rs: NorthAfrica41Units, board: Board) -> list[str]:
    """The empty cities, airfields and ports whose holder neither the position nor the record
    tells (:func:`side_of` gives them ``unknown``)."""
    return sorted(h for h in board.map.hexes
                  if held_place(board, h) and side_of(rs, board, h, unknown="?") == "?")
