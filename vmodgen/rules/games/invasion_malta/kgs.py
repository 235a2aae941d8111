"""Invasion: Malta's Kampfgruppen on the set-up card (15.13, 15.14, 15.44): the paradrop KG boxes
(``im_air_entry_boxes`` but the air-transport boxes), in their order. A function of the rule set
(``rs``) and the board; the rule list is in :mod:`.ruleset`.

Readings:

* 15.14 「あるKG内の全ユニットは同じ活性化で降下し、拘置できるユニットはない」: at the end of an
  Airborne Operations Phase no KG box holds a unit while another unit came from that box onto the
  map in this phase (15.44 sends back every remaining unit of a KG, never some).
* 15.14 「KGs を異なる順番に再編成できない」 (7.14 note 2 「KG1が最初に活性化し、次いで…」): a unit
  that came from a KG box in this phase leaves no unit in an earlier KG box, unless that KG may be
  one 15.44 sent back (a unit of it reduced, eliminated, or a roster unit of it the position does
  not place: its steps are unknown): a returned KG drops later "as a separate KG".
* 15.14 「GTs１と2のKGの落下傘降下は、未来のターンに遅延できない」: at the end of the Victory
  Conditions Phase (the turn's last) of GT1 or GT2 no KG box holds a roster unit set up there for
  the scenario and available by that turn (its arrival), save a KG that may have been sent back
  (as above). The set-up card's first turn of each KG is not in the kit: the roster's arrival turn
  stands for it (none: from the first turn), and a unit without a roster set-up is not judged.
* 15.44 「…少なくとも2ターン後のいずれか未来のターン（夜間ターンは不可）に、個別のKGとして再び落下傘
  降下を実施できる」 with the reading above: a KG due on GT1 or GT2 that drops from its box on a
  later turn was sent back on its due turn, so it drops no sooner than 2 turns after it (a drop
  on the turn between is found; the Night turn is 8.43's, as for every paradrop).
* 15.14 「自軍の落下傘ユニットを異なるKGに再編成できず」: a roster unit whose set-up for the
  position's scenario is a KG box stands in no other KG box.
* A position of one of the kit's scenarios only: which units form each KG is the set-up card's,
  which such a position states by the units it puts in each box. A log names no scenario and its
  KG boxes hold what its module set up; the set-up cards are not in the rulebook text, so the
  bundled kit's KG membership is its own invention (illustrative), and a drop that is whole by the
  real card could look partial by the kit's boxes: a finding would judge the kit, not the play.
  So in a log, and in a position naming no scenario of the kit, 15.14 is listed as not judged.
  (Measured, imfix9: judging the held-back part on box contents gives every recorded IM log that
  drops KG1 a 15.14 finding, im-clean, im-undo, im-undo8 and im-delete9 included, all resting on
  the kit's five-unit KG1 box.)
* 15.2 「マップ上に空挺堡がなければ、同じ国籍のKGは落下傘降下できない」 with 15.21 「落下傘フェイズ中に
  KG が落下傘降下を実行する前に、使用可能な全ての空挺堡マーカーを、マップ上に…置く」: at the end of an
  Airborne Operations Phase in which units came from a KG box onto the map, an Airhead marker of
  their nationality lies on a map hex. Judged at the phase end, not by the order of the drags in
  it (players place markers and drop in any order within the phase). An Airhead's nationality is
  ``[state] airheads`` (hex = nationality); where that is not stated (a log) any Airhead counts.
"""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from .air import GERMAN
from .carried import entered_from

P = "IM"


def _german(nationality: str) -> bool:
    return nationality.lower() in GERMAN


def _are(units: list, one: str, many: str) -> str:
    return one if len(units) == 1 else many


def _kit_card(units: list, scn: str) -> str:
    """Says so when the kit's set-up of these units is not the rulebook's."""
    return " (the kit's set-up, illustrative)" if any(u.unit.is_illustrative(f"setup:{scn}") for u in units) else ""


def name_kgs_sharing_drop_hex(rs, board: Board) -> None:
    """15.31「単一の活性化中に、単一の降下ヘクス上に 1 つのみの KG を置くことができる（ただし、そのヘクスに追加の
    個別ユニットが漂流し得る）」: units of two KGs on one Drop Hex marker's hex are two KGs placed there
    (illegal) or a unit that drifted there from another drop hex (legal, its marker removed once the KG
    drifted); a position does not say which: named not judged, never a silent legal (round rulepos31)."""
    pos = board.pos
    drops = {h for h, mk in pos.hex_markers.items() if "drop-hex" in mk and board.is_hex(h)}
    by_hex: dict[str, set[str]] = {}
    for box, units in _came_from(rs, board, set(rs.paradrop_boxes())).items():
        for u in units:
            if u.hex in drops:
                by_hex.setdefault(u.hex, set()).add(box)
    for h, kgs in sorted(by_hex.items()):
        if len(kgs) > 1:
            rs.not_judged(f"{P} 15.31", f"units of {len(kgs)} KGs ({', '.join(board.place_name(b) for b in sorted(kgs))}) "
                          f"stand on the Drop Hex in {h}: one KG only is placed on a drop hex, but a unit may drift "
                          "onto another KG's drop hex, and the position does not say which KG was placed there")


def check_drop_phase(rs, board: Board) -> list:
    """15.21 「落下傘フェイズ中に KG が落下傘降下を実行する」 (the Airborne Operations Phase, 7.14 A
    「2. 空挺作戦フェイズ」): a unit whose ``previous`` is a KG box and which stands on the map
    paradropped in this phase, so a position file stating another phase shows a drop out of its
    phase (round rulepos29: from a KG box in the Movement or Combat Phase it passed unseen). A log is
    not judged: a player may drag a drop a step after the tracker (``moves_announced`` is False
    there)."""
    pos = board.pos
    if not pos.phase or pos.phase == "airborne" or not pos.moves_announced:
        return []
    boxes: set[str] = set(rs.paradrop_boxes())
    return [rs.finding(board, f"{P} 15.21", "movement", f"{label(u)} came onto the map at {u.hex} from "
                       f"{board.place_name(u.previous)} in the {pos.phase} phase; a KG paradrops in the Airborne "
                       "Operations Phase only (15.21).", [u.hex], [u])
            for u in pos.units if u.previous in boxes and board.is_hex(u.hex) and rs.combat(u)]


def check_air_transport_phase(rs, board: Board) -> list:
    """15.71 「自軍輸送フェイズ中、枢軸軍プレイヤーは使用可能な有資格ユニットを…自軍セット・アップ・カード
    から取り出し、それらをマップ上のいずれかの有資格飛行場ヘクス上に置く」: a unit whose ``previous`` is an
    air-transport box (``im_air_transport_boxes``) and which stands on the map was air transported in
    this phase. 7.14's Ground Sequence has a Naval Transport Phase and an Airborne Operations Phase
    (where the kit places air transport, 「空挺作戦フェイズ」) and no phase named for air transport, so
    「輸送フェイズ」 may be either: in the Naval Transport Phase it is named not judged; in any other
    phase (the Movement Phase and after, or before the Naval Transport Phase) it is no transport phase:
    a finding. A position file only, as for a KG's drop (15.21): a log's drag may follow the tracker a
    step late (``moves_announced`` is False there)."""
    pos = board.pos
    if not pos.phase or pos.phase == "airborne" or not pos.moves_announced:
        return []
    boxes = set(rs.air_transport_boxes())
    out = []
    for u in pos.units:
        box = u.previous
        if box is None or box not in boxes or not board.is_hex(u.hex) or not rs.combat(u):
            continue
        phase = pos.game.sequence.phase(pos.phase)
        name = pos.phase_name
        if phase is not None and phase.kind == "naval":
            rs.not_judged(f"{P} 15.71", f"{label(u)} came onto the map at {u.hex} from "
                                        f"{board.place_name(box)} in the {name}: air transport is made in the "
                                        "friendly 「輸送フェイズ」 (15.71), which 7.14 does not name; the kit reads it as "
                                        "the Airborne Operations Phase")
            continue
        out.append(rs.finding(board, f"{P} 15.71", "movement", f"{label(u)} came onto the map at {u.hex} from "
                              f"{board.place_name(box)} in the {name}, which is no transport phase; air "
                              "transport is made in the friendly transport phase (15.71).", [u.hex], [u]))
    return out


def _came_from(rs, board: Board, boxes: set[str]) -> dict[str, list]:
    """The units that entered the map from each KG box in this phase."""
    out: dict[str, list] = {}
    for u, was in rs.air_entries(board):
        if was in boxes:
            out.setdefault(was, []).append(u)
    return out


def _may_be_sent_back(rs, board: Board, box: str, units: list) -> bool:
    """15.44: the KG of ``box`` may have lost its 2 steps and gone back to the card: a unit of it
    reduced, or a roster unit set up there that is eliminated or not placed."""
    if any(u.reduced for u in units):
        return True
    scn = board.pos.scenario
    placed = {u.id: u for u in board.pos.units}
    dead = {b.strip() for b in str(rs.param("im_eliminated_boxes") or "").split(",") if b.strip()}
    for unit in board.pos.roster.values() if scn else ():
        if unit.setup.get(scn) == box and (unit.id not in placed or placed[unit.id].hex in dead):
            return True
    return False


def check_kgs(rs, board: Board) -> list:
    """15.14: a KG drops whole, in its order, on GT1-2 not later, and keeps its units."""
    pos, out = board.pos, []
    order = rs.paradrop_boxes()
    boxes = set(order)
    held: dict[str, list] = {}
    for u in pos.units:
        if u.hex in boxes and rs.combat(u):
            held.setdefault(u.hex, []).append(u)
    if pos.scenario_data is None:
        if held:    # a log (LOG_PRECONDITIONS), or a position naming no scenario of the kit
            rs.not_judged(f"{P} 15.14", "which units form each KG is on the scenario's set-up card, and the "
                          "position names no scenario of the kit")
        return []
    scn = pos.scenario
    for box, units in sorted(held.items()):
        moved = [u for u in units if scn and u.unit.setup.get(scn) in boxes and u.unit.setup.get(scn) != box]
        if moved:
            out.append(rs.finding(board, f"{P} 15.14", "movement", f"{rs.names(moved)} {_are(moved, 'stands', 'stand')} in "
                                  f"{board.place_name(box)}, but the set-up card puts {_are(moved, 'it', 'them')} in "
                                  f"{', '.join(sorted({board.place_name(u.unit.setup[scn]) for u in moved}))}{_kit_card(moved, scn)}; "
                                  "paradrop units are not reorganised into another KG.", [], moved))
    if pos.phase == "airborne":
        came = _came_from(rs, board, boxes)
        for box, units in sorted(came.items()):
            if held.get(box):
                out.append(rs.finding(board, f"{P} 15.14", "movement", f"{rs.names(units)} dropped from {board.place_name(box)} in this "
                                      f"phase while {rs.names(held[box])} stayed there; all units of a KG drop in the "
                                      "same activation.", sorted({u.hex for u in units}), units + held[box]))
            earlier = [b for b in order[:order.index(box)] if held.get(b) and b not in came
                       and not _may_be_sent_back(rs, board, b, held[b])]
            if earlier:
                waiting = [u for b in earlier for u in held[b]]
                out.append(rs.finding(board, f"{P} 15.14", "movement", f"{rs.names(units)} dropped from {board.place_name(box)} while "
                                      f"{', '.join(board.place_name(b) for b in earlier)} still holds {rs.names(waiting)}; KGs drop in their order "
                                      "(KG1 first) and are not reorganised into another.",
                                      sorted({u.hex for u in units}), units + waiting))
        out += _dropped_again_too_soon(rs, board, came)
    if pos.phase == "victory" and pos.turn in (1, 2):
        for box, units in sorted(held.items()):
            due = [u for u in units if scn and u.unit.setup.get(scn) == box
                   and u.unit.arrival.get(scn, u.unit.arrival.get("", 1)) <= pos.turn]
            if not due or _may_be_sent_back(rs, board, box, units):
                continue
            out.append(rs.finding(board, f"{P} 15.14", "movement", f"{rs.names(due)} {_are(due, 'is', 'are')} still in {board.place_name(box)} at "
                                  f"the end of GT{pos.turn}, set up there from the start{_kit_card(due, scn)}; a KG's drop on GT1 or GT2 is not "
                                  "delayed to a later turn.", [], due))
    return out


def _dropped_again_too_soon(rs, board: Board, came: dict[str, list]) -> list:
    """15.44 with 15.14: a KG due on GT1 or GT2 drops that turn (never delayed), so one dropping from
    its box on a later turn is a KG 15.44 sent back to the card then, which drops again no sooner
    than 2 turns later; one that cannot have been sent back (no unit reduced, none missing: 15.44
    costs 2 steps) was delayed, 15.14's finding. Its due turn is the roster's arrival for the
    scenario (as for 15.14)."""
    pos, out = board.pos, []
    scn = pos.scenario
    for box, units in sorted(came.items()):
        due = {u.unit.arrival.get(scn, u.unit.arrival.get("", 1)) for u in units if scn and u.unit.setup.get(scn) == box}
        early = [t for t in due if t in (1, 2) and t < pos.turn < t + 2]
        if early and not _may_be_sent_back(rs, board, box, units):
            out.append(rs.finding(board, f"{P} 15.14", "movement", f"{rs.names(units)} dropped from "
                                  f"{board.place_name(box)} on GT{pos.turn}; the KG was due on GT{min(early)}"
                                  f"{_kit_card(units, scn)}, and a KG's drop on GT1 or GT2 is not delayed to a "
                                  "later turn (it was not sent back by 15.44: none of its units lost a step).",
                                  sorted({u.hex for u in units}), units))
        elif early:
            out.append(rs.finding(board, f"{P} 15.44", "movement", f"{rs.names(units)} dropped from {board.place_name(box)} on "
                                  f"GT{pos.turn}; the KG was due on GT{min(early)}{_kit_card(units, scn)} and a KG of "
                                  "GT1-2 drops on its turn (15.14), so this is a KG 15.44 sent back to the set-up "
                                  f"card then, which drops again no sooner than 2 turns later (GT{min(early) + 2}), "
                                  "never on a Night turn.", sorted({u.hex for u in units}), units))
    return out


def check_airhead_for_drop(rs, board: Board) -> list:
    """15.2, 15.21: no KG paradrops while no Airhead of its nationality is on the map. Glider
    units land, they do not paradrop (17.52), and are left out."""
    pos = board.pos
    if pos.phase not in ("airborne", ""):
        return []
    came = {box: [u for u in units if not rs.glider(u)]
            for box, units in _came_from(rs, board, set(rs.paradrop_boxes())).items()}
    heads = [h for h, mk in pos.hex_markers.items() if "airhead" in mk and board.is_hex(h)]
    nat = pos.state.get("airheads", {})
    if not heads and pos.phase == "airborne":
        _name_unseen_drops(rs, board)
    unstated = [h for h in heads if not isinstance(nat, dict) or nat.get(h) is None]
    dropping = sorted({u.unit.nationality for units in came.values() for u in units})
    if unstated and (len(dropping) > 1 or any(not _german(n) for n in dropping)):
        rs.not_judged(f"{P} 15.2", f"whether the Airhead in {', '.join(sorted(unstated))} is of the nationality of "
                      f"the {' and '.join(dropping)} units that dropped: its nationality is not stated "
                      "([state] airheads; a log does not record it), so any Airhead counts")
    out = []
    for box, units in sorted(came.items()):
        for n in sorted({u.unit.nationality for u in units}):
            if any(not isinstance(nat, dict) or nat.get(h) in (None, n) for h in heads):
                continue
            who = [u for u in units if u.unit.nationality == n]
            out.append(rs.finding(board, f"{P} 15.2", "supply", f"{rs.names(who)} paradropped from {board.place_name(box)} in this phase, "
                                  f"but at its end no {n} Airhead marker is on the map; with no airhead of its "
                                  "nationality on the map a KG cannot paradrop (15.2; the airheads are placed "
                                  "before the drop, 15.21).", sorted({u.hex for u in who}), who))
    return out


def name_drop_before_airhead(rs, board: Board) -> list:
    """15.21 「落下傘フェイズ中に KG が落下傘降下を実行する前に、使用可能な全ての空挺堡マーカーを…置く」:
    during an Airborne Operations Phase (a log's step, not its end), KG units already dropped
    while no Airhead stands on the map are a drop made before the airheads. Not judged: the
    order of drags within a phase is read leniently (the module's markers and units are moved one
    at a time, and what the airheads govern, 15.2 and 15.32, is judged at the phase end, where an
    Airhead must stand); the note names the units so the report says it."""
    pos = board.pos
    if pos.phase != "airborne" or pos.at == "end":
        return []
    if any("airhead" in mk and board.is_hex(h) for h, mk in pos.hex_markers.items()):
        return []
    came = [u for units in _came_from(rs, board, set(rs.paradrop_boxes())).values() for u in units if not rs.glider(u)]
    if came:
        rs.not_judged(f"{P} 15.21", f"{rs.names(came)} paradropped ({', '.join(sorted({u.hex for u in came}))}) "
                      "while no Airhead stood on the map: 15.21 places the airheads before any KG drops, but "
                      "the order of moves within a phase is not judged (15.2 judges the Airhead at the phase "
                      "end)")
    return []


def _name_unseen_drops(rs, board: Board) -> None:
    """15.2 is judged on the units seen entering the map (:meth:`air_entries`); an Axis combat unit
    on the map whose place before this phase is unknown (no ``prev_hexes`` for it, no ``previous``:
    a position without history), or that stood there where the log's file started in this phase
    (``drop_unseen``), may have paradropped unseen."""
    axis = str(rs.param("im_supply_side"))
    mem = rs.memory(board.pos)
    unseen = set(mem.drop_unseen or ())
    axis_on_map = [u for u in board.pos.units if u.side == axis and rs.combat(u) and not rs.glider(u)
                   and board.is_hex(u.hex)]
    if any(u.id in unseen for u in axis_on_map):
        rs.not_judged(f"{P} 15.2", "which units dropped in this phase is unknown: the file starts during it with "
                      "Axis units on the map (dropped in an earlier file of the phase, not given, or before)")
    elif any(entered_from(mem.prev_hexes, u) is None for u in axis_on_map):
        rs.not_judged(f"{P} 15.2", "which units dropped in this phase needs prev_hexes or previous")
