"""North Africa '41 conversions (20.4.2): 「ターン10の準備フェイズに、第５軽師団は第 21 装甲師団になります。ユニットが
マップ上のどこにいても、これらを新たなユニットに置き換えます。」 In the Preparation Phase of the turn the old
formation's units are replaced by the new one's wherever they are (reduced or eliminated ones too):
after it no unit of the old formation is in the game, and, in a position naming a scenario or in a log,
none of the new one before it (a position naming none may use them as any German units: rounds before
rulepos28 did). A log names no scenario, but the kit numbers every scenario's turns alike (Crusader
starts on turn 17), so a unit of the new formation on the map or in an off-map box before the turn is
a finding there too (round na22: before, silent; the recorded na41-palette6 takes 5 Pz Rgt (21 Pz)
from the palette on turn 1); one on a track or display (a kit may park arrivals there) is not held.
In a log, the phases within the turn tracker's lag of that Preparation Phase (the one just before
it and the one just after: :mod:`vmodgen.rules.core.tracker_lag`) are named not judged; two phases
off is a finding (imnafix24).
``na41_conversions``: "old:new:turn" entries (formation ids). Inside that Preparation Phase
(``at = "during"``) either may stand; at its end the old one's units are gone."""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from ...core.tracker_lag import Lag
from .units import NorthAfrica41Units

P = "NA41"


def conversions(rs: NorthAfrica41Units) -> list[tuple[str, str, int]]:
    out = []
    for entry in str(rs.param("na41_conversions") or "").split(","):
        parts = [x.strip() for x in entry.split(":")]
        if len(parts) == 3 and parts[2].isdigit():
            out.append((parts[0], parts[1], int(parts[2])))
    return out


def check(rs: NorthAfrica41Units, board: Board) -> list:
    pos = board.pos
    if not pos.turn:
        return []
    out = []
    for old, new, turn in conversions(rs):
        if pos.turn == turn and not pos.phase:
            if any(u.unit.formation == old for u in pos.units):
                rs.not_judged(f"{P} 20.4.2", f"on turn {turn} the {old} units become {new} units in the Preparation "
                                             "Phase; a position naming no phase may be before it or after")
            continue
        if pos.turn == turn and pos.phase_kind == "reinforcement" and pos.at != "end":
            continue                    # inside the Preparation Phase the replacing is under way
        if in_log(rs, pos, new) and near_preparation(rs, pos, turn) is Lag.MAYBE:
            if any(u.unit.formation in (old, new) and not rs.marker(u) and in_play(board, u.hex) for u in pos.units):
                rs.not_judged(f"{P} 20.4.2", f"whether the {old} or the {new} units are in the game in the phase next "
                                             f"to turn {turn}'s Preparation Phase: a log's turn tracker may be a "
                                             "phase off the pieces (Next pressed late or early)")
            continue
        if pos.turn < turn:
            sc = pos.scenario_data
            if sc is not None or in_log(rs, pos, new):
                early = [u for u in pos.units if u.unit.formation == new and not rs.marker(u)
                         and (sc is not None or in_play(board, u.hex))]
                where = f" of {sc.name or pos.scenario}" if sc is not None else ""
                out += [rs.finding(board, f"{P} 20.4.2", "movement", f"{label(u)}, of the {new} formation, is in the "
                                   f"game on turn {pos.turn}{where}: the {new} units replace the {old} units only in "
                                   f"the Preparation Phase of turn {turn} (20.4.2).", [u.hex], [u])
                        for u in early]
            continue
        for u in pos.units:
            if u.unit.formation != old or rs.marker(u):
                continue
            out.append(rs.finding(board, f"{P} 20.4.2", "movement", f"{label(u)}, of the {old} formation, is in the game "
                                  f"on turn {pos.turn}: from the Preparation Phase of turn {turn} the {old} units are "
                                  f"replaced by the {new} units wherever they are (20.4.2).", [u.hex], [u]))
    return out


def preparation(rs: NorthAfrica41Units) -> str | None:
    """The id of the Preparation Phase (the sequence's ``reinforcement`` phase), None without one."""
    return next((p.id for p in rs.game.sequence.phases if p.kind == "reinforcement"), None)


def near_preparation(rs: NorthAfrica41Units, pos, turn: int | None = None) -> Lag:
    """Where ``pos`` stands to turn ``turn``'s Preparation Phase (None: any turn's): in it, within a
    log's tracker lag of it (the phase before or after it), or out (:mod:`.core.tracker_lag`)."""
    prep = preparation(rs)
    return Lag.OUT if prep is None else rs.lag_of_phase(pos, turn, prep)


def in_log(rs: NorthAfrica41Units, pos, formation: str) -> bool:
    """Whether ``pos`` is a log's (or a save's) position of a kit's module: no roster (a position file
    of the kit has one) and ``formation`` in the game's formation table (an inline game has none)."""
    return not pos.roster and formation in rs.game.formations


def in_play(board: Board, place: str) -> bool:
    """A map hex or an off-map box a unit is in play in (not a track or display a kit may park
    arrivals or removed units on)."""
    box = board.map.boxes.get(place)
    return board.is_hex(place) or (box is not None and box.kind in ("offmap", "holding"))
